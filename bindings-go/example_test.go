package polyid_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	polyid "github.com/polyid/polyid/bindings-go"
)

// The README's quick start (bindings-go/README.md shows this body; go test checks the
// output).
func Example() {
	id, err := polyid.CompactID("E.Auth.Token.MISSING")
	if err != nil {
		panic(err)
	}
	fmt.Println(id)

	full, _ := polyid.NewFullID("auth_lib", "E.Auth.Token.001")
	fmt.Println(full)

	tid, _ := polyid.TidFromParts(1721407246480310, 1)
	fmt.Println(tid, tid.Display(), tid.Time())

	x, _ := polyid.ParseXid("11111111111")
	fmt.Println(x.Time())

	e, _ := polyid.ParseEuid("C8ZM14GR4JXG0MQXVY18S8TJNA6")
	fmt.Println(e.Time())

	fmt.Println(polyid.Uid11(18446744073709551615))

	uuid, _ := polyid.ExtUUIDEncode("fixedB4:GBP$:222.31")
	fmt.Println(uuid)
	// Output:
	// V6a0B
	// 05o5h-V6a0B
	// 3kxnlhr3gxq23 3kxn-lhr-3gxq-23 2024-07-19 16:40:46.48031 +0000 UTC
	// 2011-11-11 11:11:11.111 +0000 UTC
	// 2397-11-22 10:35:22.244 +0000 UTC
	// jpXCZedGfVQ
	// 49083027-d200-8000-8000-00000021ebfc
}

// Errors are values with the stable code every polyid runtime shares.
func Example_errors() {
	_, err := polyid.ParseTid("3KXNLHR3GXQ23")
	fmt.Println(errors.Is(err, polyid.ErrInvalidCharacter))

	var pe *polyid.Error
	if errors.As(err, &pe) {
		fmt.Println(pe.Code, pe.Index, pe.Character)
		fmt.Println(pe)
	}
	// Output:
	// true
	// INVALID_CHARACTER 1 K
	// TID: invalid character 'K' at index 1
}

// Every ID type is text in JSON (and in database/sql).
func Example_json() {
	type event struct {
		ID   polyid.Tid  `json:"id"`
		User polyid.Euid `json:"user"`
	}
	tid, _ := polyid.TidFromParts(1721407246480310, 1)
	user, _ := polyid.EuidFromParts(1700000000000, polyid.NoExtension, 0, 0x0123456789abcdef)
	data, _ := json.Marshal(event{tid, user})
	fmt.Println(string(data))

	var back event
	err := json.Unmarshal(data, &back)
	fmt.Println(err, back.ID == tid, back.User == user)
	// Output:
	// {"id":"3kxnlhr3gxq23","user":"1HF7YAT0000000938NKRKAYDXZT"}
	// <nil> true true
}

// Generators: a node of their own (or the process node, POLYID_NODE / SetNode), seeds and
// manual clocks for replays.
func ExampleNewXidGenerator() {
	g, err := polyid.NewXidGenerator(polyid.WithNode(5), polyid.WithManualClock(1700000000000000))
	if err != nil {
		panic(err)
	}
	defer g.Close()
	ids, _ := g.NextMany(3)
	fmt.Println(ids)
	fmt.Println((ids[0].Random() >> 12) & 0x3FF)
	// Output:
	// [4h1dcciSDYs 4h1dcciSDYt 4h1dcciSDYu]
	// 5
}

// Catalogs: diagnostics found by ID and expanded with fields.
func ExampleCatalog_Expand() {
	c, err := polyid.LoadCatalog(`{"V6a0B": ["E.AUTH.TOKEN.001", "token missing for {{user}}"]}`)
	if err != nil {
		panic(err)
	}
	defer c.Close()
	x, _ := c.Expand("V6a0B", map[string]string{"user": "ada"})
	fmt.Println(x.Code, x.Severity, x.Message)
	// Output:
	// E.AUTH.TOKEN.001 E token missing for ada
}

// Every go block of the READMEs is the body of an Example function here, so go test runs
// it and checks its output.
func TestReadmeBlocksAreExamples(t *testing.T) {
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	examples := trimmed(string(src))
	blocks := 0
	for _, readme := range []string{"README.md", filepath.Join("..", "README.md")} {
		text, err := os.ReadFile(readme)
		if err != nil {
			t.Fatal(err)
		}
		parts := strings.Split(string(text), "```go\n")
		for _, part := range parts[1:] {
			body, _, ok := strings.Cut(part, "```")
			if !ok {
				t.Fatalf("%s: unclosed go block", readme)
			}
			blocks++
			if !strings.Contains(examples, trimmed(body)) {
				t.Errorf("%s: this go block is no Example's body:\n%s", readme, body)
			}
		}
	}
	if blocks < 5 {
		t.Fatalf("only %d go blocks found", blocks)
	}
}

// trimmed is the text with each line's leading white space removed.
func trimmed(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimLeft(l, " \t")
	}
	return strings.Join(lines, "\n")
}
