// Command polyid-matrix is the Go runtime's adapter of the cross-language matrix
// (tests/matrix/PROTOCOL.md): vectors DIR, generate N, read, replay FILE, demo. Every
// identifier is computed by the polyid package; this program only moves JSON in and out.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"

	polyid "github.com/polyid/polyid/bindings-go"
	"github.com/polyid/polyid/bindings-go/internal/vectors"
)

var out = bufio.NewWriter(os.Stdout)

func emit(v any) {
	data, err := json.Marshal(v)
	if err != nil {
		die("cannot encode JSON", err)
	}
	out.Write(data)
	out.WriteByte('\n')
}

func die(what string, err error) {
	out.Flush()
	fmt.Fprintf(os.Stderr, "polyid Go adapter: %s: %v\n", what, err)
	os.Exit(2)
}

func main() {
	defer out.Flush()
	args := os.Args[1:]
	switch {
	case len(args) == 2 && args[0] == "vectors":
		cmdVectors(args[1])
	case len(args) == 2 && args[0] == "generate":
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 0 {
			die("generate", errors.New("N must be a non-negative integer"))
		}
		cmdGenerate(n)
	case len(args) == 1 && args[0] == "read":
		cmdRead()
	case len(args) == 2 && args[0] == "replay":
		cmdReplay(args[1])
	case len(args) == 1 && args[0] == "demo":
		cmdDemo()
	default:
		fmt.Fprintln(os.Stderr, "usage: polyid-matrix vectors DIR | generate N | read | replay FILE | demo")
		os.Exit(2)
	}
}

func cmdVectors(dir string) {
	files, err := vectors.Load(dir)
	if err != nil {
		die("vectors", err)
	}
	for _, f := range files {
		for _, c := range f.Cases {
			r := vectors.Run(c)
			line := map[string]any{"case": f.Family + "/" + c.Name, "op": c.Op, "status": r.Status}
			if r.Status != "pass" {
				line["expected"], line["got"], line["reason"] = r.Expected, r.Got, r.Reason
			} else if r.Message != "" {
				line["message"] = r.Message
			}
			emit(line)
		}
	}
}

// randomCode is a random valid structured code (test input only: its compact ID comes
// from polyid).
func randomCode() string {
	const sev = "EWCBSKITHewcbskith"
	const alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	const alnum = alpha + "0123456789"
	names := []string{"MISSING", "invalid", "Timeout", "NOT_FOUND", "COMPLETE"}
	field := func() string {
		b := []byte{alpha[rand.IntN(len(alpha))]}
		for k := rand.IntN(16); k > 0; k-- {
			b = append(b, alnum[rand.IntN(len(alnum))])
		}
		return string(b)
	}
	seq := fmt.Sprintf("%03d", 1+rand.IntN(999))
	if rand.IntN(4) == 0 {
		seq = names[rand.IntN(len(names))]
	}
	return fmt.Sprintf("%c.%s.%s.%s", sev[rand.IntN(len(sev))], field(), field(), seq)
}

func cmdGenerate(n int) {
	tg, err := polyid.NewTidGenerator()
	if err != nil {
		die("tid generator", err)
	}
	eg, err := polyid.NewEuidGenerator()
	if err != nil {
		die("euid generator", err)
	}
	res := map[string]any{}
	xs, ts, es, exs, ws := []string{}, []string{}, []string{}, []string{}, [][2]string{}
	for k := 0; k < n; k++ {
		x, err := polyid.GenerateXid()
		if err != nil {
			die("xid", err)
		}
		xs = append(xs, x.String())
		t, err := tg.Next()
		if err != nil {
			die("tid", err)
		}
		ts = append(ts, t.String())
		e, err := eg.Next()
		if err != nil {
			die("euid", err)
		}
		es = append(es, e.String())
		ex, err := polyid.GenerateEuid(rand.IntN(32768))
		if err != nil {
			die("euid_ext", err)
		}
		exs = append(exs, ex.String())
		code := randomCode()
		id, err := polyid.CompactID(code)
		if err != nil {
			die(code, err)
		}
		ws = append(ws, [2]string{code, id})
	}
	res["xid"], res["tid"], res["euid"], res["euid_ext"], res["wdp"] = xs, ts, es, exs, ws
	emit(res)
}

func errorJSON(err error) map[string]any {
	var pe *polyid.Error
	if errors.As(err, &pe) {
		return map[string]any{"error": pe.Code, "message": pe.Message}
	}
	return map[string]any{"error": "INTERNAL_ERROR", "message": err.Error()}
}

func cmdRead() {
	var in map[string][]string
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		die("read", err)
	}
	res := map[string]any{}
	for _, kind := range []string{"xid", "tid", "euid", "wdp"} {
		texts, ok := in[kind]
		if !ok {
			continue
		}
		list := make([]any, len(texts))
		for i, s := range texts {
			switch kind {
			case "xid":
				if x, err := polyid.ParseXid(s); err != nil {
					list[i] = errorJSON(err)
				} else {
					list[i] = vectors.XidJSON(x)
				}
			case "tid":
				if t, err := polyid.ParseTid(s); err != nil {
					list[i] = errorJSON(err)
				} else {
					list[i] = vectors.TidJSON(t)
				}
			case "euid":
				if e, err := polyid.ParseEuid(s); err != nil {
					list[i] = errorJSON(err)
				} else {
					full := vectors.EuidJSON(e)
					list[i] = map[string]any{"text": full["text"], "value": full["value"],
						"unix_ms": full["unix_ms"], "extension": full["extension"]}
				}
			case "wdp":
				if id, err := polyid.CompactID(s); err != nil {
					list[i] = errorJSON(err)
				} else {
					list[i] = id
				}
			}
		}
		res[kind] = list
	}
	emit(res)
}

func cmdReplay(path string) {
	f, err := vectors.LoadFile(path)
	if err != nil {
		die("replay", err)
	}
	res := map[string]any{}
	for _, c := range f.Cases {
		o, err := vectors.Outcome(c)
		if err != nil {
			die("replay: case "+c.Name, err)
		}
		res[c.Name] = o
	}
	emit(res)
}

func must[T any](v T, err error) T {
	if err != nil {
		die("demo", err)
	}
	return v
}

func cmdDemo() {
	cat := must(polyid.LoadCatalog(`{"V6a0B": ["E.AUTH.TOKEN.001", "token missing for {{user}}"]}`))
	defer cat.Close()
	emit(map[string]any{
		"compact_id":   must(polyid.CompactID("E.Auth.Token.MISSING")),
		"full_id":      must(polyid.NewFullID("auth_lib", "E.Auth.Token.001")).String(),
		"uid11":        polyid.Uid11(18446744073709551615).String(),
		"xid":          must(polyid.XidFromParts(1700000000000, 4660)).String(),
		"tid":          must(polyid.TidFromParts(1721407246480310, 1)).Display(),
		"euid":         must(polyid.EuidFromParts(1700000000000, 255, 0, 0x0123456789abcdef)).String(),
		"euid_nocheck": must(polyid.EuidFromParts(1700000000000, polyid.NoExtension, 0, 0x0123456789abcdef)).Encode(false),
		"extuuid":      must(polyid.ExtUUIDEncode("fixedB4:GBP$:222.31")),
		"catalog":      must(cat.Expand("V6a0B", map[string]string{"user": "ada"})).Message,
	})
}
