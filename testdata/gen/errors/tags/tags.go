// Package tags writes jsonschema tag values that do not fit their fields.
package tags

import "time"

//unionflat:tool
type Tagged struct {
	A string    `json:"a" jsonschema:"minLength=abc"`
	B string    `json:"b" jsonschema:"minimum=1"`
	C int       `json:"c" jsonschema:"maxLength=3"`
	D string    `json:"d" jsonschema:"format=colour"`
	E string    `json:"e" jsonschema:"pattern=([a-z]"`
	F int       `json:"f" jsonschema:"enum=one"`
	G bool      `json:"g" jsonschema:"default=yes"`
	H string    `json:"h" jsonschema:"colour=red"`
	I string    `json:"i" jsonschema:"required, the user name"`
	J string    `json:"j" jsonschema:"oneof_required=x"`
	K []int     `json:"k" jsonschema:"uniqueItems=maybe"`
	L string    `json:"l" jsonschema:"minItems=1"`
	M float64   `json:"m" jsonschema:"maximum=1e"`
	N string    `json:"n" jsonschema_extras:"flag"`
	O int       `json:"o" jsonschema_extras:"const=seven"`
	P []string  `json:"p" jsonschema:"default=1,minLength=-1"`
	Q string    `json:"q" jsonschema:"deprecated=sure,readOnly=no,writeOnly=1x"`
	R int       `json:"r" jsonschema:"multipleOf=x,exclusiveMinimum=y,exclusiveMaximum=z"`
	S Inner     `json:"s" jsonschema:"enum=a"`
	T time.Time `json:"t" jsonschema:"format=date"`
	U time.Time `json:"u" jsonschema:"format=date-time"`
	// Rules and keywords in jsonschema_extras: the tag key to use, or why
	// none; x-ok stays an annotation.
	V int    `json:"v" jsonschema_extras:"minimum=0,x-ok=1"`
	W int    `json:"w" jsonschema_extras:"type=integer"`
	X string `json:"x" jsonschema_extras:"enum=a,enum=b,description=d,nullable=true"`
	Y string `json:"y" jsonschema_extras:"$ref=#/$defs/Y,examples=e"`
	// Rules on the text a time or bytes are written as, which no decoder
	// checks.
	Z  time.Time `json:"z" jsonschema:"maxLength=5,pattern=^2"`
	ZB []byte    `json:"zb" jsonschema:"enum=AA==,minLength=4"`
	// Unknown keys: the one meant, or what to do instead.
	ZC string `json:"zc" jsonschema:"enun=a,anchor=x,type=string,$foo=1"`
	// A format unionflat does not check, in either tag.
	ZD string `json:"zd" jsonschema:"format=odd"`
	ZE string `json:"ze" jsonschema_extras:"format=odd"`
	// A refused type does not hide what is wrong in the tag.
	ZF func() `json:"zf" jsonschema:"minimum=bad,oneof_type=string;array,enun=a"`
}

type Inner struct {
	X string `json:"x"`
}
