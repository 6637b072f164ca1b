package emit

import (
	"testing"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// TestEveryKindHasCode: every kind the model has an entry in kindCodes
// with a decoder, so a new kind cannot reach decodeValue unwritten.
func TestEveryKindHasCode(t *testing.T) {
	for k := model.KindString; k < model.KindCount; k++ {
		if c, ok := kindCodes[k]; !ok || c.decode == nil {
			t.Errorf("kind %d has no decoder in kindCodes", k)
		}
	}
	if len(kindCodes) != int(model.KindCount-model.KindString) {
		t.Errorf("kindCodes has %d entries for %d kinds", len(kindCodes), model.KindCount-model.KindString)
	}
}
