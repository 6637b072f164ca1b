package impl

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// The formats below follow the JSON Schema 2020-12 format vocabulary as
// the reference validators read it: RFC 3339 for date-time, date and time
// (leap seconds only at 23:59:60 UTC), RFC 5321 mailboxes for email, RFC
// 3986 absolute URIs for uri, RFC 4122 text for uuid, dotted quads without
// leading zeros for ipv4, RFC 4291 text without a zone for ipv6, and RFC
// 1123 host names.

// CheckFormat reports why s is not of the named format, or nil. An
// unknown format name accepts everything.
func CheckFormat(format, s string) error {
	switch format {
	case "date-time":
		return checkDateTime(s)
	case "date":
		return checkDate(s)
	case "time":
		return checkTime(s)
	case "email":
		return checkEmail(s)
	case "uri":
		return checkURI(s)
	case "uuid":
		return checkUUID(s)
	case "ipv4":
		return checkIPv4(s)
	case "ipv6":
		return checkIPv6(s)
	case "hostname":
		return checkHostname(s)
	}
	return nil
}

// parseDateTime reads an RFC 3339 date-time. A leap second (23:59:60) is a
// valid date-time but no time.Time can hold it: it is an error here.
func parseDateTime(s string) (time.Time, error) {
	if err := checkDateTime(s); err != nil {
		return time.Time{}, err
	}
	t, err := time.Parse(time.RFC3339Nano, strings.ToUpper(s))
	if err != nil {
		return time.Time{}, errors.New("a leap second cannot be represented")
	}
	return t, nil
}

// The errors of the date, time, ipv4, hostname and uuid checks, made
// once: those checks allocate nothing, but for a character a host name
// may not hold, which the message names.
var (
	errDateShape     = errors.New("want YYYY-MM-DD")
	errNotCalendar   = errors.New("not a calendar date")
	errTimeShape     = errors.New("want hh:mm:ss with an offset (Z or ±hh:mm)")
	errIPv4Shape     = errors.New("want four decimal numbers separated by dots")
	errIPv4Number    = errors.New("each number must be 0 to 255, without leading zeros")
	errLabelLength   = errors.New("each label must have 1 to 63 characters")
	errLabelHyphen   = errors.New("a label may not start or end with a hyphen")
	errHostnameLong  = errors.New("longer than 253 characters")
	errDateTimeShape = errors.New("want YYYY-MM-DDThh:mm:ss with an offset")
	errUUIDShape     = errors.New("want 8-4-4-4-12 hexadecimal digits")
)

func checkDate(s string) error {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return errDateShape
	}
	hi, ok1 := twoDigits(s[0:2])
	lo, ok2 := twoDigits(s[2:4])
	m, ok3 := twoDigits(s[5:7])
	d, ok4 := twoDigits(s[8:10])
	if !ok1 || !ok2 || !ok3 || !ok4 || m < 1 || m > 12 || d < 1 || d > daysIn(m, hi*100+lo) {
		return errNotCalendar
	}
	return nil
}

// daysIn is the number of days of a month of the Gregorian calendar.
func daysIn(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

func checkDateTime(s string) error {
	if len(s) < 20 || (s[10] != 'T' && s[10] != 't') {
		return errDateTimeShape
	}
	if err := checkDate(s[:10]); err != nil {
		return err
	}
	return checkTime(s[11:])
}

// checkTime reads hh:mm:ss[.frac](Z|+hh:mm|-hh:mm).
func checkTime(s string) error {
	bad := errTimeShape
	if len(s) < 9 || s[2] != ':' || s[5] != ':' {
		return bad
	}
	h, ok1 := twoDigits(s[0:2])
	m, ok2 := twoDigits(s[3:5])
	sec, ok3 := twoDigits(s[6:8])
	if !ok1 || !ok2 || !ok3 || h > 23 || m > 59 || sec > 60 {
		return bad
	}
	rest := s[8:]
	if frac, ok := strings.CutPrefix(rest, "."); ok {
		n := 0
		for n < len(frac) && frac[n] >= '0' && frac[n] <= '9' {
			n++
		}
		if n == 0 {
			return bad
		}
		rest = frac[n:]
	}
	offset := 0
	switch {
	case rest == "Z" || rest == "z":
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, ok1 := twoDigits(rest[1:3])
		om, ok2 := twoDigits(rest[4:6])
		if !ok1 || !ok2 || oh > 23 || om > 59 {
			return bad
		}
		offset = oh*60 + om
		if rest[0] == '-' {
			offset = -offset
		}
	default:
		return bad
	}
	if sec == 60 {
		utc := ((h*60+m-offset)%(24*60) + 24*60) % (24 * 60)
		if utc != 23*60+59 {
			return errors.New("a leap second must fall at 23:59:60 UTC")
		}
	}
	return nil
}

func twoDigits(s string) (int, bool) {
	if len(s) != 2 || s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9' {
		return 0, false
	}
	return int(s[0]-'0')*10 + int(s[1]-'0'), true
}

func checkEmail(s string) error {
	if len(s) > 254 {
		return errors.New("longer than 254 characters")
	}
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return errors.New("no @")
	}
	local, domain := s[:at], s[at+1:]
	if len(local) == 0 || len(local) > 64 {
		return errors.New("the part before @ must have 1 to 64 characters")
	}
	if len(local) > 1 && local[0] == '"' && local[len(local)-1] == '"' {
		if strings.ContainsAny(local[1:len(local)-1], `"\`) {
			return errors.New("a quoted local part may not hold a quote or backslash")
		}
	} else {
		if local[0] == '.' || local[len(local)-1] == '.' || strings.Contains(local, "..") {
			return errors.New("misplaced dot before @")
		}
		for i := range len(local) {
			if c := local[i]; !isAlnum(c) && strings.IndexByte(".!#$%&'*+-/=?^_`{|}~", c) < 0 {
				return fmt.Errorf("character %q is not allowed before @", firstRune(local[i:]))
			}
		}
	}
	if len(domain) > 2 && domain[0] == '[' && domain[len(domain)-1] == ']' {
		lit := domain[1 : len(domain)-1]
		if v6, ok := strings.CutPrefix(lit, "IPv6:"); ok {
			return checkIPv6(v6)
		}
		return checkIPv4(lit)
	}
	return checkHostname(domain)
}

// firstRune is the character s starts with, for a message.
func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// checkHostname checks a host name label by label.
func checkHostname(s string) error {
	s = strings.TrimSuffix(s, ".")
	if len(s) > 253 {
		return errHostnameLong
	}
	for label := range strings.SplitSeq(s, ".") {
		if err := checkLabel(label); err != nil {
			return err
		}
	}
	return nil
}

// checkLabel checks one label of a host name.
func checkLabel(label string) error {
	if len(label) == 0 || len(label) > 63 {
		return errLabelLength
	}
	if label[0] == '-' || label[len(label)-1] == '-' {
		return errLabelHyphen
	}
	for i := range len(label) {
		if c := label[i]; !isAlnum(c) && c != '-' {
			return fmt.Errorf("character %q is not allowed in a host name", firstRune(label[i:]))
		}
	}
	return nil
}

// checkIPv4 reads the numbers between the dots in one pass; a text
// without exactly three dots is of the wrong shape whatever its numbers.
func checkIPv4(s string) error {
	parts, numbers := 0, true
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '.' {
			numbers = numbers && octet(s[start:i])
			parts++
			start = i + 1
		}
	}
	switch {
	case parts != 4:
		return errIPv4Shape
	case !numbers:
		return errIPv4Number
	}
	return nil
}

// octet reports whether s is a decimal number from 0 to 255 without a
// leading zero or a sign.
func octet(s string) bool {
	if len(s) == 0 || len(s) > 3 || (len(s) > 1 && s[0] == '0') {
		return false
	}
	n := 0
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n <= 255
}

func checkIPv6(s string) error {
	if !strings.Contains(s, ":") {
		return errors.New("no colon")
	}
	addr, err := netip.ParseAddr(s)
	if err != nil {
		return errors.New("not an IPv6 address")
	}
	if addr.Zone() != "" {
		return errors.New("a zone is not part of an address")
	}
	return nil
}

func checkURI(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return errors.New("not a URI")
	}
	if host := u.Hostname(); strings.Contains(host, ":") {
		if !strings.Contains(u.Host, "[") || checkIPv6(host) != nil {
			return errors.New("an IPv6 host must be a bracketed address")
		}
	}
	if !u.IsAbs() {
		return errors.New("a relative reference: an absolute URI starts with its scheme, as https:// does")
	}
	return nil
}

// isAlnum reports whether c is an ASCII letter or digit.
func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func checkUUID(s string) error {
	if len(s) != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' ||
		!allHex(s[:8]) || !allHex(s[9:13]) || !allHex(s[14:18]) || !allHex(s[19:23]) || !allHex(s[24:]) {
		return errUUIDShape
	}
	return nil
}

// allHex reports whether every byte of s is a hexadecimal digit.
func allHex(s string) bool {
	for i := range len(s) {
		if hexDigit(s[i]) < 0 {
			return false
		}
	}
	return true
}
