// Package directive misspells and misuses directives.
package directive

//unionflat:unoin
type A interface{ isA() }

//unionflat:union discrim=kind
type B interface{ isB() }

//unionflat:union kind
type C interface{ isC() }

//unionflat:union discriminator=
type D interface{ isD() }

//unionflat:union discriminator=a discriminator=b
type E interface{ isE() }

//unionflat:tool name
type F struct{}

//unionflat:tool tittle=f
type G struct{}

//unionflat:open yes
type H struct{}

//unionflat:variant kind=x
type I struct{}

//unionflat:tool name=k,tittle=k
type K struct{}

//unionflat:tool "name=unterminated
type L struct{}

//unionflat:union discriminator=kind,discriminator=tag
type M interface{ isM() }

//unionflat:tool "name=two words"
type N struct{}

//unionflat:tool profile=gemini bigints=maybe
type O struct{}

//unionflat:tool bigints=string
type P struct{}

// Every wrong argument of a line is reported, and a tool whose directive
// has one still has its fields checked.
//
//unionflat:tool name="two words" profile=gemni tittle=q
type Q struct {
	C chan int `json:"c"`
}

//unionflat:tool name=9bad
type R struct {
	*Q
	F func() `json:"f"`
}

//unionflat:union discrim=kind extra=1
type S interface{ isS() }

//unionflat:variant "a b"x
type T struct{}

// A hint is a bare word or word=true|false.
//
//unionflat:tool readonly=maybe destructive idempotent=false
type U struct{}
