package impl

import "testing"

func TestMarshalInline(t *testing.T) {
	type parent struct {
		A int `json:"a"`
	}
	type empty struct{}
	type variant struct {
		M string `json:"m"`
	}
	for _, c := range []struct {
		p, u any
		want string
	}{
		{parent{1}, variant{"x"}, `{"a":1,"m":"x"}`},
		{parent{1}, nil, `{"a":1}`},
		{empty{}, variant{"x"}, `{"m":"x"}`},
		{parent{1}, empty{}, `{"a":1}`},
		{empty{}, nil, `{}`},
	} {
		got, err := MarshalInline(c.p, c.u)
		if err != nil || string(got) != c.want {
			t.Errorf("MarshalInline(%#v, %#v) = %s, %v; want %s", c.p, c.u, got, err, c.want)
		}
	}
}
