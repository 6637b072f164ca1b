// Package chat is the example of unionflat's design: a tool that sends a
// message made of text and image parts.
package chat

//go:generate go tool unionflat

// Part is one piece of a message.
//
//unionflat:union discriminator=type
type Part interface{ isPart() }

// TextPart is plain or markdown text.
//
//unionflat:variant text
type TextPart struct {
	// Text is the body of the message.
	Text   string `json:"text" jsonschema:"minLength=1"`
	Format Format `json:"format,omitempty"`
}

// ImagePart is an image, by URL.
//
//unionflat:variant image,picture
type ImagePart struct {
	URL string `json:"url" jsonschema:"format=uri"`
	Alt string `json:"alt,omitempty"`
}

func (TextPart) isPart()  {}
func (ImagePart) isPart() {}

// Format is how a text part is rendered.
type Format string

const (
	FormatPlain    Format = "plain"
	FormatMarkdown Format = "markdown"
)

// SendMessage posts a message to a channel.
//
//unionflat:tool name=send_message title="Send a message" destructive=false openworld profile=openai-strict profile=gemini profile=gemini-json profile=portable profile=ollama
type SendMessage struct {
	Channel string `json:"channel"`
	Parts   []Part `json:"parts" jsonschema:"minItems=1"`
	Silent  bool   `json:"silent,omitempty"`
}
