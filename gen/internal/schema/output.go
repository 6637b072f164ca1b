package schema

import (
	"fmt"
	"go/token"

	"github.com/invopop/jsonschema"
	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/flatten/profile"
	"github.com/unionflat/unionflat/gen/internal/model"
)

// RootSchemas builds the documents of a //unionflat:schema root: for a
// struct root its lossless and flat schemas (a union root has its
// union's), and for both the profile documents asked for.
func RootSchemas(r *model.Root) (Schemas, error) {
	build := func(d *schemaDoc) *jsonschema.Schema { return d.unionBody(r.Union) }
	if r.Struct != nil {
		build = func(d *schemaDoc) *jsonschema.Schema { return d.structBody(r.Struct) }
	}
	s, err := buildSchemas(build)
	if err != nil {
		return s, err
	}
	return s, addProfiles(&s, r.Profiles, model.ProfileOptions(profile.BigIntsDefault), build)
}

// addProfiles projects the flat schema onto each profile asked for.
//
// A profile document that writes integers beyond 2^53 as decimal strings
// is projected from a flat schema in which int64 and uint64 (and under
// bigints=string int and uint) carry their type's bounds (built again by
// build, see boundedFlat), so that they are strings and their
// descriptions give the range ("at least 0 and at most
// 18446744073709551615"), while an int stays a number by default; every
// other document comes from the flat schema
// as advertised.
func addProfiles(s *Schemas, ps []profile.Profile, o profile.Options, build func(*schemaDoc) *jsonschema.Schema) error {
	var bounded []byte
	for _, p := range ps {
		flat := s.Flat
		if o.DecimalIntegers(p) {
			if bounded == nil {
				var err error
				if bounded, err = boundedFlat(build, o); err != nil {
					return err
				}
			}
			flat = bounded
		}
		res, findings, err := profile.ForProfileWith(flat, p, o, flatten.Options{Indent: "  "})
		if err != nil {
			return err
		}
		s.Profiles = append(s.Profiles, ProfileSchema{Profile: p, Schema: res.Schema, Findings: findings})
	}
	return nil
}

// ProfileFindings are the findings of a root's profile lints that are
// not advice, as diagnostics at the root: what is "tool x" or "schema y".
func ProfileFindings(what string, pos token.Position, s Schemas) []model.Diagnostic {
	var out []model.Diagnostic
	for _, ps := range s.Profiles {
		for _, f := range ps.Findings {
			if !f.Advice {
				out = append(out, model.Diagnostic{Pos: pos, Msg: fmt.Sprintf("%s, profile %s: %s", what, ps.Profile, f)})
			}
		}
	}
	return out
}
