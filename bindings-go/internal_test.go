package polyid

import "testing"

// The sentinels hold exactly the C ABI's codes: every status 1-33 and 99 has one with the
// string polyid_status_code() gives, and there is no other.
func TestSentinelsAreTheABICodes(t *testing.T) {
	sentinels := map[string]bool{}
	for _, s := range []*Error{ErrInvalidFormat, ErrNonASCII, ErrInvalidSeverity, ErrInvalidComponent,
		ErrInvalidPrimary, ErrInvalidSequence, ErrUnknownNamedSequence, ErrInvalidNamespace, ErrInvalidLength,
		ErrInvalidCharacter, ErrOverflow, ErrOutOfRange, ErrInvalidCheckmod, ErrExhausted, ErrNullPointer,
		ErrBufferTooSmall, ErrInvalidUTF8, ErrInvalidArgument, ErrNotFound, ErrMissingField, ErrCollision,
		ErrDuplicateCode, ErrInvalidCatalog, ErrTampered, ErrInvalidSignature, ErrNotUUIDv8, ErrReservedType,
		ErrReservedBits, ErrUnsupportedScheme, ErrInvalidUnit, ErrNodeRequired, ErrNodeInUse, ErrClockBehind,
		ErrInternal} {
		sentinels[s.Code] = true
	}
	abi := map[string]bool{}
	for st := 1; st <= 99; st++ {
		if code := statusCode(st); code != "UNKNOWN" {
			abi[code] = true
			if !sentinels[code] {
				t.Errorf("status %d (%s) has no sentinel", st, code)
			}
		}
	}
	for code := range sentinels {
		if !abi[code] {
			t.Errorf("sentinel %s is not a code of the C ABI", code)
		}
	}
	if len(abi) != 34 {
		t.Errorf("the C ABI has %d codes, expected 34", len(abi))
	}
}

// A parse or a generator call allocates nothing: the error struct and the outputs stay on
// the caller's stack.
func TestNoAllocationPerCall(t *testing.T) {
	g, err := NewTidGenerator()
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	calls := map[string]func(){
		"ParseXid":  func() { _, _ = ParseXid("4h1dcciS8r7") },
		"ParseTid":  func() { _, _ = ParseTid("3kxnlhr3gxq23") },
		"ParseEuid": func() { _, _ = ParseEuid("C8ZM14GR4JXG0MQXVY18S8TJNA6") },
		"TidNext":   func() { _, _ = g.Next() },
	}
	for name, call := range calls {
		if n := testing.AllocsPerRun(100, call); n != 0 {
			t.Errorf("%s: %v allocations per call", name, n)
		}
	}
}
