package trial

import (
	"encoding/json"
	"errors"
	"net/netip"
	"reflect"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

func TestPointerToText(t *testing.T) {
	r, err := DecodeRoute([]byte(`{"prefix":"10.0.0.0/8","via":"10.0.0.1","hops":["10.0.0.2",null]}`))
	if err == nil {
		t.Fatalf("a null hop decoded: %+v", r)
	}
	r, err = DecodeRoute([]byte(`{"prefix":"10.0.0.0/8","via":"10.0.0.1","hops":["10.0.0.2"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if r.Via == nil || *r.Via != netip.MustParseAddr("10.0.0.1") || len(r.Hops) != 1 || *r.Hops[0] != netip.MustParseAddr("10.0.0.2") {
		t.Errorf("got %+v", r)
	}
	for _, bad := range []string{`{"prefix":"10.0.0.0/8","via":"::1"}`, `{"prefix":"10.0.0.0/8","via":"10.0.0"}`} {
		var errs *unionflat.Errors
		if _, err := DecodeRoute([]byte(bad)); !errors.As(err, &errs) || errs.List[0].Path.String() != "/via" {
			t.Errorf("DecodeRoute(%s) = %v, want a problem at /via", bad, err)
		}
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeRoute(b)
	if err != nil || !reflect.DeepEqual(back, r) {
		t.Errorf("DecodeRoute(%s) = %+v, %v; want %+v", b, back, err, r)
	}
	six := netip.MustParseAddr("::1")
	if err := (Route{Prefix: r.Prefix, Via: &six}).Validate(); err == nil {
		t.Error("Validate passed an ipv6 gateway under format=ipv4")
	}
}
