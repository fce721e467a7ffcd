package polyid_test

import (
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	polyid "github.com/polyid/polyid/bindings-go"
)

func code(err error) string {
	var pe *polyid.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	return fmt.Sprintf("not a *polyid.Error: %v", err)
}

func TestErrorsAreValuesWithTheStableCode(t *testing.T) {
	_, err := polyid.ParseTid("3KXNLHR3GXQ23")
	if !errors.Is(err, polyid.ErrInvalidCharacter) || errors.Is(err, polyid.ErrInvalidLength) {
		t.Fatalf("errors.Is: %v", err)
	}
	wrapped := fmt.Errorf("reading the row: %w", err)
	if !errors.Is(wrapped, polyid.ErrInvalidCharacter) {
		t.Fatal("errors.Is through a wrap")
	}
	var pe *polyid.Error
	if !errors.As(wrapped, &pe) {
		t.Fatal("errors.As")
	}
	if pe.Code != "INVALID_CHARACTER" || pe.Detail != polyid.DetailCharacter || pe.Index != 1 || pe.Character != "K" {
		t.Fatalf("details: %+v", pe)
	}
	if pe.Error() != "TID: invalid character 'K' at index 1" {
		t.Fatalf("message: %q", pe.Error())
	}

	_, err = polyid.XidFromParts(0, 0)
	if !errors.As(err, &pe) || pe.Code != "OUT_OF_RANGE" || pe.Detail != polyid.DetailRange ||
		pe.Found != 0 || pe.Min != 1321009871111 || pe.Max != 5719056382214 {
		t.Fatalf("range details: %+v", pe)
	}
	_, err = polyid.ParseEuid("C8ZM14GR4JXG0MQXVY18S8TJNA7")
	if !errors.As(err, &pe) || pe.Code != "INVALID_CHECKMOD" || pe.Found != 71 || pe.Expected != 70 {
		t.Fatalf("checkmod details: %+v", pe)
	}
	_, err = polyid.ParseXid("\xff1111111111")
	if !errors.As(err, &pe) || pe.Code != "INVALID_UTF8" || pe.Detail != polyid.DetailByteOffset || pe.Index != 0 {
		t.Fatalf("UTF-8 details: %+v", pe)
	}
}

// Bad input of every kind gives an *Error with a code and a bounded message, never a panic.
func TestBadInputGivesCodesNotPanics(t *testing.T) {
	huge := strings.Repeat("Z", 1<<20)
	inputs := []string{"", "\x00", "\xff\xfe", "a\x00b", huge, "E.A.B.001\x00", "😀😀😀😀😀😀😀😀😀😀😀"}
	parsers := map[string]func(string) error{
		"CompactID":     func(s string) error { _, err := polyid.CompactID(s); return err },
		"NormalizeCode": func(s string) error { _, err := polyid.NormalizeCode(s); return err },
		"NamespaceHash": func(s string) error { _, err := polyid.NamespaceHash(s); return err },
		"ParseFullID":   func(s string) error { _, err := polyid.ParseFullID(s); return err },
		"ParseUid11":    func(s string) error { _, err := polyid.ParseUid11(s); return err },
		"ParseXid":      func(s string) error { _, err := polyid.ParseXid(s); return err },
		"ParseTid":      func(s string) error { _, err := polyid.ParseTid(s); return err },
		"ParseTidAs":    func(s string) error { _, err := polyid.ParseTidAs(s, polyid.ProfileAtproto); return err },
		"ParseEuid":     func(s string) error { _, err := polyid.ParseEuid(s); return err },
		"ExtUUIDEncode": func(s string) error { _, err := polyid.ExtUUIDEncode(s); return err },
		"ExtUUIDDecode": func(s string) error { _, err := polyid.ExtUUIDDecode(s); return err },
		"LoadCatalog":   func(s string) error { _, err := polyid.LoadCatalog(s); return err },
	}
	for name, parse := range parsers {
		for _, in := range inputs {
			err := parse(in)
			var pe *polyid.Error
			if !errors.As(err, &pe) || pe.Code == "" || pe.Message == "" {
				t.Errorf("%s(%.20q): %v", name, in, err)
				continue
			}
			if len(pe.Message) > 300 {
				t.Errorf("%s(%.20q): message of %d bytes", name, in, len(pe.Message))
			}
		}
	}
	// A NUL byte is an ordinary invalid character for the (pointer, length) functions, and
	// refused by those that read NUL-terminated strings: never a shorter valid string.
	if _, err := polyid.ParseTid("3kxnlhr3gxq23\x00"); code(err) != "INVALID_LENGTH" {
		t.Errorf("ParseTid with a NUL: %v", err)
	}
	if _, err := polyid.ParseTidAs("3kxnlhr3gxq23\x00", polyid.ProfileAtproto); code(err) != "INVALID_ARGUMENT" {
		t.Errorf("ParseTidAs with a NUL: %v", err)
	}
	if _, err := polyid.EuidFromBytes(nil); code(err) != "INVALID_LENGTH" {
		t.Errorf("EuidFromBytes(nil): %v", err)
	}
	if _, err := polyid.EuidFromParts(0, -2, 0, 0); code(err) != "OUT_OF_RANGE" {
		t.Errorf("extension -2: %v", err)
	}
}

type row struct {
	Xid   polyid.Xid     `json:"xid"`
	Tid   polyid.Tid     `json:"tid"`
	Euid  polyid.Euid    `json:"euid"`
	Uid11 polyid.Uid11   `json:"uid11"`
	Full  polyid.FullID  `json:"full"`
	Ext   polyid.ExtUUID `json:"ext"`
}

func mustDo[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// Values from docs/spec (§1-§4) and docs/extuuid.md, as the vector files quote them.
func TestTextJSONAndSQLRoundTrips(t *testing.T) {
	r := row{
		Xid:   mustDo[polyid.Xid](t)(polyid.XidFromParts(1321009871111, 0)),
		Tid:   mustDo[polyid.Tid](t)(polyid.TidFromParts(1721407246480310, 1)),
		Euid:  mustDo[polyid.Euid](t)(polyid.ParseEuid("c8zm14gr4jxg0mqxvy18s8tjna6")),
		Uid11: polyid.Uid11(18446744073709551615),
		Full:  mustDo[polyid.FullID](t)(polyid.NewFullID("auth_lib", "E.Auth.Token.001")),
		Ext:   mustDo[polyid.ExtUUID](t)(polyid.ParseExtUUID("49083027-D200-8000-8000-00000021EBFC")),
	}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"xid":"11111111111","tid":"3kxnlhr3gxq23","euid":"C8ZM14GR4JXG0MQXVY18S8TJNA6",` +
		`"uid11":"jpXCZedGfVQ","full":"05o5h-V6a0B","ext":"extuuid:fixedB4:GBP$:222.31"}`
	if string(data) != want {
		t.Fatalf("JSON\n got %s\nwant %s", data, want)
	}
	var back row
	if err := json.Unmarshal(data, &back); err != nil || back != r {
		t.Fatalf("JSON round trip: %v %+v", err, back)
	}
	if err := json.Unmarshal([]byte(`{"tid":"3kxnlhr3gxq2"}`), &back); code(err) != "INVALID_LENGTH" {
		t.Fatalf("bad JSON TID: %v", err)
	}
	if r.Tid.Display() != "3kxn-lhr-3gxq-23" || r.Ext.UUID() != "49083027-d200-8000-8000-00000021ebfc" {
		t.Fatalf("display %s, uuid %s", r.Tid.Display(), r.Ext.UUID())
	}

	// database/sql: Value gives the text, Scan reads it back (and the binary/integer forms).
	type scanner interface {
		driver.Valuer
		sql.Scanner
	}
	pairs := []struct {
		in  driver.Valuer
		out scanner
	}{
		{r.Xid, new(polyid.Xid)}, {r.Tid, new(polyid.Tid)}, {r.Euid, new(polyid.Euid)},
		{r.Uid11, new(polyid.Uid11)}, {r.Full, new(polyid.FullID)}, {r.Ext, new(polyid.ExtUUID)},
	}
	for _, p := range pairs {
		v, err := p.in.Value()
		if err != nil {
			t.Fatal(err)
		}
		if err := p.out.Scan(v); err != nil {
			t.Fatalf("%T: Scan(%v): %v", p.in, v, err)
		}
		if err := p.out.Scan([]byte(v.(string))); err != nil {
			t.Fatalf("%T: Scan([]byte): %v", p.in, err)
		}
		got, _ := p.out.Value()
		if got != v {
			t.Fatalf("%T: %v != %v", p.in, got, v)
		}
		if err := p.out.Scan(nil); code(err) != "INVALID_ARGUMENT" {
			t.Fatalf("%T: Scan(nil): %v", p.in, err)
		}
		if err := p.out.Scan(3.5); code(err) != "INVALID_ARGUMENT" {
			t.Fatalf("%T: Scan(3.5): %v", p.in, err)
		}
	}
	var tid polyid.Tid
	if err := tid.Scan(int64(1721407246480310<<10 | 1)); err != nil || tid != r.Tid {
		t.Fatalf("Tid from int64: %v %v", err, tid)
	}
	var e polyid.Euid
	if err := e.Scan(r.Euid.Bytes()); err != nil || e != r.Euid {
		t.Fatalf("Euid from 16 bytes: %v", err)
	}
	var n sql.Null[polyid.Xid]
	if err := n.Scan(nil); err != nil || n.Valid {
		t.Fatalf("sql.Null[Xid]: %v", err)
	}
}

func TestFieldsAndTimes(t *testing.T) {
	tid := mustDo[polyid.Tid](t)(polyid.ParseTid("3kxn-lhr-3gxq-23"))
	if tid.Micros() != 1721407246480310 || tid.ClockID() != 1 ||
		!tid.Time().Equal(time.Date(2024, 7, 19, 16, 40, 46, 480310000, time.UTC)) {
		t.Fatalf("TID fields: %d %d %v", tid.Micros(), tid.ClockID(), tid.Time())
	}
	if back := mustDo[polyid.Tid](t)(polyid.TidFromTime(tid.Time(), 1)); back != tid {
		t.Fatalf("TidFromTime: %v", back)
	}
	x := mustDo[polyid.Xid](t)(polyid.XidFromParts(1700000000000, 4660))
	if x.UnixMilli() != 1700000000000 || x.Random() != 4660 || x.Time().UnixMilli() != 1700000000000 {
		t.Fatalf("xid fields: %d %d", x.UnixMilli(), x.Random())
	}
	e := mustDo[polyid.Euid](t)(polyid.EuidFromParts(1700000000000, 255, 0, 0x0123456789abcdef))
	if ext, ok := e.Extension(); !ok || ext != 255 || e.UnixMilli() != 1700000000000 || e.Lo() != 0x0123456789abcdef {
		t.Fatalf("EUID fields: %d %v %d", ext, ok, e.UnixMilli())
	}
	if polyid.EuidFromHalves(e.Hi(), e.Lo()) != e {
		t.Fatal("EuidFromHalves(Hi, Lo)")
	}
	noext := mustDo[polyid.Euid](t)(polyid.EuidFromParts(1700000000000, polyid.NoExtension, 0, 1))
	if _, ok := noext.Extension(); ok {
		t.Fatal("NoExtension has an extension")
	}
	c := mustDo[polyid.Code](t)(polyid.ParseCode("e.auth.token.missing"))
	if c.Severity != "E" || c.Meaning != "Error" || c.Priority != 8 || !c.Blocking || c.Sequence != 1 ||
		c.Normalized != "E.AUTH.TOKEN.001" || c.CompactID != "V6a0B" {
		t.Fatalf("code: %+v", c)
	}
	if err := polyid.ValidateCode("E.AUTH.TOKEN.1000"); code(err) != "INVALID_SEQUENCE" {
		t.Fatalf("ValidateCode: %v", err)
	}
}

func TestNamedSequences(t *testing.T) {
	names, err := polyid.NewNamedSequences()
	if err != nil {
		t.Fatal(err)
	}
	defer names.Close()
	if err := names.Insert("LOGIN", 42); err != nil {
		t.Fatal(err)
	}
	byName := mustDo[string](t)(names.CompactID("E.Auth.Token.LOGIN"))
	byNumber := mustDo[string](t)(polyid.CompactID("E.AUTH.TOKEN.042"))
	if byName != byNumber {
		t.Fatalf("%s != %s", byName, byNumber)
	}
	if _, err := polyid.CompactID("E.Auth.Token.LOGIN"); code(err) != "UNKNOWN_NAMED_SEQUENCE" {
		t.Fatalf("the standard table knows LOGIN: %v", err)
	}
	if err := names.Insert("LOGIN", 1000); code(err) != "INVALID_SEQUENCE" {
		t.Fatalf("number 1000: %v", err)
	}
	names.Close()
	if _, err := names.CompactID("E.A.B.001"); code(err) != "NULL_POINTER" {
		t.Fatalf("after Close: %v", err)
	}
}

func TestGenerators(t *testing.T) {
	g, err := polyid.NewTidGenerator()
	if err != nil {
		t.Fatal(err)
	}
	// Many goroutines on one generator: every TID distinct, each goroutine's increasing.
	const workers, each = 8, 2000
	var mu sync.Mutex
	seen := map[polyid.Tid]bool{}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var last polyid.Tid
			mine := make([]polyid.Tid, 0, each)
			for i := 0; i < each; i++ {
				id, err := g.Next()
				if err != nil || id <= last {
					t.Errorf("Next: %v %v <= %v", err, id, last)
					return
				}
				last = id
				mine = append(mine, id)
			}
			mu.Lock()
			defer mu.Unlock()
			for _, id := range mine {
				seen[id] = true
			}
		}()
	}
	wg.Wait()
	if len(seen) != workers*each {
		t.Fatalf("%d distinct TIDs of %d", len(seen), workers*each)
	}
	many := mustDo[[]polyid.Tid](t)(g.NextMany(100))
	for i := 1; i < len(many); i++ {
		if many[i] <= many[i-1] {
			t.Fatal("NextMany not increasing")
		}
	}
	if ids, err := g.NextMany(0); err != nil || len(ids) != 0 {
		t.Fatalf("NextMany(0): %v %v", ids, err)
	}
	if _, err := g.NextMany(-1); code(err) != "OUT_OF_RANGE" {
		t.Fatalf("NextMany(-1): %v", err)
	}
	if _, err := g.NextMany(polyid.MaxBatch + 1); code(err) != "OUT_OF_RANGE" {
		t.Fatalf("NextMany(MaxBatch+1): %v", err)
	}
	g.Close()
	g.Close()
	if _, err := g.Next(); code(err) != "NULL_POINTER" {
		t.Fatalf("after Close: %v", err)
	}

	// Seeded, on a manual clock: the same options give the same IDs (docs/spec §6.5).
	run := func() []string {
		x, err := polyid.NewXidGenerator(polyid.WithSeed(42), polyid.WithManualClock(1700000000000000))
		if err != nil {
			t.Fatal(err)
		}
		defer x.Close()
		ids := mustDo[[]polyid.Xid](t)(x.NextMany(3))
		out := []string{}
		for _, id := range ids {
			out = append(out, id.String())
		}
		return out
	}
	a, b := run(), run()
	if strings.Join(a, ",") != strings.Join(b, ",") {
		t.Fatalf("seeded runs differ: %v %v", a, b)
	}
	// An explicit node is in bits 21-12 of every xid (docs/spec §6.2).
	x, err := polyid.NewXidGenerator(polyid.WithNode(5), polyid.WithManualClock(1700000000000000))
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := x.Node(); n != 5 {
		t.Fatalf("node %d", n)
	}
	id := mustDo[polyid.Xid](t)(x.Next())
	if (id.Random()>>12)&0x3FF != 5 || id.UnixMilli() != 1700000000000 {
		t.Fatalf("xid %s: random %d", id, id.Random())
	}
	if _, err := polyid.NewEuidGenerator(polyid.WithNode(1)); code(err) != "INVALID_ARGUMENT" {
		t.Fatalf("EUID generator with a node: %v", err)
	}
	// -1 is a node and a clock id out of range like any other, not the C ABI's "none":
	// every constructor refuses it with the message every runtime writes.
	for _, tc := range []struct {
		make func() error
		want string
	}{
		{func() error { _, err := polyid.NewXidGenerator(polyid.WithNode(-1)); return err },
			"node: -1 is out of range 0..=959"},
		{func() error { _, err := polyid.ResumeXidGenerator(0, polyid.WithNode(-1)); return err },
			"node: -1 is out of range 0..=959"},
		{func() error { _, err := polyid.NewTidGenerator(polyid.WithNode(-1)); return err },
			"node: -1 is out of range 0..=959"},
		{func() error { _, err := polyid.NewEuidGenerator(polyid.WithNode(-1)); return err },
			"node: -1 is out of range 0..=959"},
		{func() error { _, err := polyid.NewTidGenerator(polyid.WithClockID(-1)); return err },
			"TID clock_id: -1 is out of range 0..=1023"},
		{func() error { _, err := polyid.ResumeTidGenerator(0, polyid.WithClockID(-1)); return err },
			"TID clock_id: -1 is out of range 0..=1023"},
		{func() error { _, err := polyid.NewTidGenerator(polyid.WithClockID(-2)); return err },
			"TID clock_id: -2 is out of range 0..=1023"},
	} {
		err := tc.make()
		var pe *polyid.Error
		if !errors.As(err, &pe) || pe.Code != "OUT_OF_RANGE" || pe.Message != tc.want {
			t.Fatalf("got %v, want OUT_OF_RANGE %q", err, tc.want)
		}
	}
	eg := mustDo[*polyid.EuidGenerator](t)(polyid.NewEuidGenerator(polyid.WithExtension(7)))
	defer eg.Close()
	if ext, ok := mustDo[polyid.Euid](t)(eg.Next()).Extension(); !ok || ext != 7 {
		t.Fatalf("extension %d %v", ext, ok)
	}
}

func TestCatalog(t *testing.T) {
	c, err := polyid.BuildNamespacedCatalog("auth_lib", []polyid.CatalogEntry{
		{Code: "E.Auth.Token.MISSING", Message: "token missing for {{user}}", Hints: []string{"send one"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ids := mustDo[[]string](t)(c.IDs())
	if len(ids) != 1 || ids[0] != "05o5h-V6a0B" {
		t.Fatalf("IDs %v", ids)
	}
	x := mustDo[polyid.Expansion](t)(c.Expand("V6a0B", map[string]string{"user": "ada"}))
	if x.ID != "05o5h-V6a0B" || x.Code != "E.AUTH.TOKEN.001" || x.Severity != "E" || x.Message != "token missing for ada" {
		t.Fatalf("expansion %+v", x)
	}
	if _, err := c.Expand("V6a0B", nil); !errors.Is(err, polyid.ErrMissingField) {
		t.Fatalf("no fields: %v", err)
	}
	if _, err := c.Expand("zzzzz", nil); !errors.Is(err, polyid.ErrNotFound) {
		t.Fatalf("unknown ID: %v", err)
	}
	secret, public, err := polyid.CatalogKeypair()
	if err != nil {
		t.Fatal(err)
	}
	sig := mustDo[[]byte](t)(c.Sign(secret))
	if err := c.Verify(public, sig); err != nil {
		t.Fatal(err)
	}
	sig[0] ^= 1
	if err := c.Verify(public, sig); !errors.Is(err, polyid.ErrInvalidSignature) {
		t.Fatalf("flipped signature: %v", err)
	}
	// The JSON forms load back into the same catalog.
	for _, form := range []polyid.CatalogForm{polyid.CatalogFull, polyid.CatalogCompact, polyid.CatalogMinimal} {
		text := mustDo[string](t)(c.JSON(form))
		again := mustDo[*polyid.Catalog](t)(polyid.LoadCatalog(text))
		if got := mustDo[[]string](t)(again.IDs()); len(got) != 1 || got[0] != ids[0] {
			t.Fatalf("form %d: %v", form, got)
		}
		again.Close()
	}
	if _, err := polyid.BuildCatalog([]polyid.CatalogEntry{{Code: "E.A.B.001", Message: "a\x00b"}}); code(err) != "INVALID_ARGUMENT" {
		t.Fatalf("NUL in a message: %v", err)
	}
}

// The process node, in child processes (it is set once per process): POLYID_NODE reaches
// the generators through the core, and a bad value is an error with its code.
func TestProcessNodeFromEnvironment(t *testing.T) {
	if os.Getenv("POLYID_GO_NODE_CHILD") == "1" {
		nodeChild()
		return
	}
	node := 900 + os.Getpid()%59 // few other processes on the host hold a node this high
	cases := []struct {
		env  []string
		want string
	}{
		{[]string{"POLYID_NODE=" + strconv.Itoa(node)}, fmt.Sprintf("node=%d xid=%d tid=%d", node, node, 32+node)},
		{[]string{"POLYID_NODE=960"}, "error=OUT_OF_RANGE"},
		{[]string{"POLYID_NODE=abc"}, "error=INVALID_CHARACTER"},
		{[]string{"POLYID_NODE_REQUIRED=1"}, "node=-1 required generate=NODE_REQUIRED"},
	}
	for _, c := range cases {
		cmd := exec.Command(os.Args[0], "-test.run=^TestProcessNodeFromEnvironment$")
		// The parent's own POLYID_NODE* settings are left out: each case states its own.
		env := []string{}
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "POLYID_NODE") {
				env = append(env, kv)
			}
		}
		cmd.Env = append(env, append(c.env, "POLYID_GO_NODE_CHILD=1")...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", c.env, err, out)
		}
		if !strings.Contains(string(out), "CHILD: "+c.want+"\n") {
			t.Errorf("%v: want %q in\n%s", c.env, c.want, out)
		}
	}
}

func nodeChild() {
	node, err := polyid.ProcessNode()
	if err != nil {
		fmt.Printf("CHILD: error=%s\n", code(err))
		return
	}
	if polyid.NodeRequired() {
		_, err := polyid.GenerateXid()
		fmt.Printf("CHILD: node=%d required generate=%s\n", node, code(err))
		return
	}
	x, err := polyid.GenerateXid()
	if err != nil {
		fmt.Printf("CHILD: error=%s\n", code(err))
		return
	}
	g, err := polyid.NewTidGenerator()
	if err != nil {
		fmt.Printf("CHILD: error=%s\n", code(err))
		return
	}
	clock, err := g.ClockID()
	if err != nil {
		fmt.Printf("CHILD: error=%s\n", code(err))
		return
	}
	fmt.Printf("CHILD: node=%d xid=%d tid=%d\n", node, (x.Random()>>12)&0x3FF, clock)
}
