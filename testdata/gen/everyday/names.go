package everyday

// These package-level names are ones generated decoders use for their
// locals; the generator spells its locals around them.

// key names a bookmark: lower-case letters.
type key string

// val is a score between 0 and 1.
type val float64

// ok says whether a link still answers.
type ok bool

// tag labels a bookmark.
type tag string

// d is a day of the month.
type d int

// obj is a note kept with a bookmark.
type obj struct {
	Text string `json:"text" jsonschema:"one line of text, at most 80 characters"`
	Pin  *ok    `json:"pin,omitempty" jsonschema:"whether the note stays on top"`
}

// s0 is a short code.
type s0 string

// item0 is one step of a reading list.
type item0 struct {
	Title string `json:"title" jsonschema:"minLength=1"`
	Done  ok     `json:"done,omitempty"`
}

// Attachment is something kept with a bookmark.
//
//unionflat:union
type Attachment interface{ isAttachment() }

// Link is another page the bookmark points to.
//
//unionflat:variant link
type Link struct {
	URL   string `json:"url" jsonschema:"format=uri"`
	Alive *ok    `json:"alive,omitempty" jsonschema:"whether the page answered when last checked"`
	Tags  []tag  `json:"tags,omitempty"`
}

// Memo is a note with a day.
//
//unionflat:variant memo,note
type Memo struct {
	Note obj `json:"note"`
	On   d   `json:"on" jsonschema:"minimum=1,maximum=31"`
}

func (Link) isAttachment()  {}
func (*Memo) isAttachment() {}

// Bookmark saves a page under a key, with labels, scores and attachments.
//
//unionflat:tool
type Bookmark struct {
	// The comma of {2,8} is escaped in the tag.
	Key  key    `json:"key" jsonschema:"pattern=^[a-z]{2\\,8}$"`
	Page string `json:"page" jsonschema:"the page's address, as the browser shows it"`
	Tags []tag  `json:"tags,omitempty" jsonschema:"labels, lower case, at most five"`
	// Scores by reader, each between 0 and 1.
	Scores map[string]val `json:"scores,omitempty" jsonschema:"minimum=0,maximum=1"`
	Day    *d             `json:"day,omitempty" jsonschema:"minimum=1,maximum=31"`
	Code   s0             `json:"code,omitempty" jsonschema:"maxLength=4"`
	Notes  []obj          `json:"notes,omitempty"`
	Steps  [][]item0      `json:"steps,omitempty"`
	Attach []Attachment   `json:"attachments,omitempty"`
}
