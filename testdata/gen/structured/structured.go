// Package structured declares //unionflat:schema roots, the replies a
// model gives under a structured-output response format: a union root
// (one flat object under every profile), a struct root and a recursive
// root.
package structured

import "time"

// Verdict is a model's answer to a support ticket: an answer, a
// clarifying question or a hand-off to a person.
//
//unionflat:union discriminator=kind
//unionflat:schema name=verdict profile=openai-strict profile=gemini-json profile=anthropic-strict
type Verdict interface{ isVerdict() }

// Answer resolves the ticket.
//
//unionflat:variant answer
type Answer struct {
	// Text is the reply to send.
	Text string `json:"text" jsonschema:"minLength=1"`
	// Sources are the documents the answer cites.
	Sources []string `json:"sources,omitempty" jsonschema:"maxItems=5"`
	// Confidence is how sure the model is, from 0 to 1.
	Confidence float64 `json:"confidence" jsonschema:"minimum=0,maximum=1"`
	Tone       Tone    `json:"tone,omitempty"`
}

// Question asks the customer for more.
//
//unionflat:variant question,ask
type Question struct {
	Question string   `json:"question"`
	Choices  []string `json:"choices"`
}

// Escalate hands the ticket to a person.
//
//unionflat:variant escalate
type Escalate struct {
	Team     string        `json:"team" jsonschema:"enum=billing,enum=tech"`
	Priority Priority      `json:"priority"`
	Within   time.Duration `json:"within,omitempty"`
	Note     *string       `json:"note"`
}

func (Answer) isVerdict()   {}
func (Question) isVerdict() {}
func (Escalate) isVerdict() {}

// Tone is how an answer reads.
type Tone string

const (
	ToneFriendly Tone = "friendly"
	ToneFormal   Tone = "formal"
)

// Priority is how soon a person must look.
type Priority int

const (
	PriorityLow    Priority = 1
	PriorityNormal Priority = 2
	PriorityUrgent Priority = 3
)

// Summary is a model's summary of a conversation.
//
//unionflat:schema profile=openai-strict profile=gemini-json
type Summary struct {
	// Title is a headline of at most 80 characters.
	Title string `json:"title" jsonschema:"maxLength=80"`
	// Points are the key points, one sentence each.
	Points []string `json:"points" jsonschema:"minItems=1"`
	// Mood is the customer's mood, if the model can tell.
	Mood     *Tone     `json:"mood,omitempty"`
	Language string    `json:"language,omitempty" jsonschema:"default=en"`
	At       time.Time `json:"at"`
	Next     Verdict   `json:"next,omitempty"`
	Blob     []byte    `json:"blob,omitempty"`
	// Labels may point at a nil slice, which encoding/json writes as
	// null: Validate refuses that, as decoding refuses null here.
	Labels *[]string `json:"labels"`
	// Channel is required though its json tag has omitempty: MarshalJSON
	// writes it whatever it holds, as the schema requires.
	Channel string `json:"channel,omitempty" jsonschema:"required"`
}

// Outline is a document outline: headings that hold headings.
//
//unionflat:schema name=outline profile=openai-strict profile=gemini-json
type Outline struct {
	Title    string     `json:"title"`
	Sections []*Section `json:"sections"`
}

// Section is one heading of an outline.
type Section struct {
	Heading string     `json:"heading"`
	Depth   uint8      `json:"depth,omitempty" jsonschema:"maximum=6"`
	Sub     []*Section `json:"sub,omitempty"`
}
