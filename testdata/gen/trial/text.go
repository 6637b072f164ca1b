package trial

import "net/netip"

// Route sends traffic through a gateway.
//
//unionflat:tool
type Route struct {
	Prefix netip.Prefix `json:"prefix"`
	// Via is the gateway, when there is one.
	Via  *netip.Addr   `json:"via,omitempty" jsonschema:"format=ipv4"`
	Hops []*netip.Addr `json:"hops,omitempty"`
}
