// Package unions declares unions with default and multiple discriminator
// values, pointer-receiver variants, a union inside a variant and a union
// of one variant.
package unions

// Block is one block of a document.
//
//sumtype:decl
//unionflat:union
type Block interface{ isBlock() }

// TextBlock takes the default value "text": its name minus the union's.
type TextBlock struct {
	Text string `json:"text"`
}

// BlockQuote takes "quote": the union's name is taken off its start.
type BlockQuote struct {
	Quote string `json:"quote"`
	By    string `json:"by,omitempty"`
}

// HTTPEmbedBlock takes "http_embed", initialism kept whole.
type HTTPEmbedBlock struct {
	URL string `json:"url" jsonschema:"format=uri"`
}

// Heading has several values: the first is the one written.
//
//unionflat:variant heading,h,title
type Heading struct {
	Level uint8  `json:"level" jsonschema:"minimum=1,maximum=6"`
	Text  string `json:"text"`
}

// Callout holds a nested union: its icon.
//
//unionflat:variant callout
type Callout struct {
	Icon Icon   `json:"icon"`
	Body string `json:"body"`
}

// Columns holds blocks, recursively, through a pointer receiver.
//
//unionflat:variant columns
type Columns struct {
	Left  []Block `json:"left"`
	Right []Block `json:"right,omitempty"`
}

func (TextBlock) isBlock()      {}
func (BlockQuote) isBlock()     {}
func (HTTPEmbedBlock) isBlock() {}
func (*Heading) isBlock()       {}
func (Callout) isBlock()        {}
func (*Columns) isBlock()       {}

// Icon is the icon of a callout.
//
//unionflat:union discriminator=source
type Icon interface{ isIcon() }

// Emoji is an emoji icon.
//
//unionflat:variant emoji
type Emoji struct {
	Char string `json:"char" jsonschema:"maxLength=8"`
}

// ImageIcon is an image icon.
//
//unionflat:variant image,url
type ImageIcon struct {
	URL  string `json:"url" jsonschema:"format=uri"`
	Size int    `json:"size,omitempty" jsonschema:"minimum=8,maximum=512"`
}

func (*Emoji) isIcon()    {}
func (ImageIcon) isIcon() {}

// Only is a union with a single variant.
//
//unionflat:union
type Only interface{ isOnly() }

// OnlyOne is the only variant of Only.
type OnlyOne struct {
	N int `json:"n"`
}

func (OnlyOne) isOnly() {}

// Publish publishes a document.
//
//unionflat:tool name=publish-doc
type Publish struct {
	Title  string           `json:"title"`
	Blocks []Block          `json:"blocks" jsonschema:"minItems=1"`
	Cover  Block            `json:"cover,omitempty"`
	ByName map[string]Block `json:"by_name,omitempty"`
	Only   Only             `json:"only"`
	Icon   Icon             `json:"icon,omitempty"`
}
