package benchmarks

import (
	"encoding/json"
	"errors"
	"slices"

	"github.com/bytedance/sonic"
	jsonexp "github.com/go-json-experiment/json"
	goccy "github.com/goccy/go-json"
	segmentio "github.com/segmentio/encoding/json"

	"github.com/unionflat/unionflat/internal/fixtures/canvas"
)

// A decoder reads one document and says how many shapes it read, or why
// it refused the document.
type decoder struct {
	key    string // the benchmark's name
	name   string // the table's
	decode func(data []byte) (shapes int, err error)
}

// The decoders, DecodeDraw first and encoding/json second: the table's
// ratio columns are against those two.
var (
	unionflatDecoder = decoder{"unionflat", "unionflat DecodeDraw", func(data []byte) (int, error) {
		v, err := canvas.DecodeDraw(data)
		return len(v.Shapes), err
	}}
	stdlibDecoder  = decoder{"encoding-json", "encoding/json v1 into the mirror", intoMirror(json.Unmarshal)}
	jsonexpDecoder = decoder{"jsonexp", "go-json-experiment/json into the mirror", intoMirror(func(data []byte, v any) error {
		return jsonexp.Unmarshal(data, v)
	})}
	goccyDecoder     = decoder{"goccy", "goccy/go-json into the mirror", intoMirror(goccy.Unmarshal)}
	sonicDecoder     = decoder{"sonic", "bytedance/sonic into the mirror", intoMirror(sonic.Unmarshal)}
	segmentioDecoder = decoder{"segmentio", "segmentio/encoding into the mirror", intoMirror(segmentio.Unmarshal)}
	validDecoder     = decoder{"Valid", "encoding/json.Valid (one scan)", func(data []byte) (int, error) {
		if !json.Valid(data) {
			return 0, errInvalid
		}
		return 0, nil
	}}
)

// intoMirror is a decoder's decode function for an unmarshal function,
// which reads into the union-free mirror.
func intoMirror(unmarshal func(data []byte, v any) error) func([]byte) (int, error) {
	return func(data []byte) (int, error) {
		var v canvas.FlatDraw
		err := unmarshal(data, &v)
		return len(v.Shapes), err
	}
}

var errInvalid = errors.New("not valid JSON")

// allDecoders run on the valid documents of every size.
var allDecoders = []decoder{unionflatDecoder, stdlibDecoder, jsonexpDecoder, goccyDecoder, sonicDecoder, segmentioDecoder, validDecoder}

// smallDecoders run on the 1 KB document: every decoder, and the
// validate-then-dispatch path, too slow to measure per byte at 10 MB.
var smallDecoders = append(slices.Clip(allDecoders), santhoshDecoder)

// hostileDecoders run on the hostile inputs.
var hostileDecoders = []decoder{unionflatDecoder, stdlibDecoder, validDecoder}
