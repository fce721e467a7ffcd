// Package vectors runs the shared test vectors (tests/vectors/*.json) through the Go
// package's public API: the go tests and the matrix adapter (cmd/polyid-matrix) both use it.
// It only turns JSON inputs into Go arguments and Go results into the vectors' JSON shapes;
// every value is computed by polyid.
package vectors

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"

	polyid "github.com/polyid/polyid/bindings-go"
)

// Case is one case of a vector file.
type Case struct {
	Name   string                     `json:"name"`
	Op     string                     `json:"op"`
	Input  map[string]json.RawMessage `json:"input"`
	Output json.RawMessage            `json:"output"`
	Error  string                     `json:"error"`
	Detail map[string]json.RawMessage `json:"detail"`
}

// File is one vector file.
type File struct {
	Family string `json:"family"`
	Cases  []Case `json:"cases"`
}

// Load reads every DIR/*.json, sorted by name.
func Load(dir string) ([]File, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	if len(names) == 0 {
		return nil, fmt.Errorf("no *.json files in %s", dir)
	}
	var files []File
	for _, name := range names {
		f, err := LoadFile(name)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// LoadFile reads one vector file (or the matrix's replay file, which has the same shape).
func LoadFile(path string) (File, error) {
	var f File
	data, err := os.ReadFile(path)
	if err != nil {
		return f, err
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return f, fmt.Errorf("%s: %v", path, err)
	}
	return f, nil
}

// Result is a case's outcome.
type Result struct {
	Status   string // "pass", "fail" or "skip"
	Reason   string
	Expected any
	Got      any
	Message  string // a passing error case's message
}

// badVector is a case this runner cannot read (a malformed file, not a polyid error).
type badVector struct{ what string }

func (b badVector) Error() string { return "bad vector: " + b.what }

// Run runs one case and judges it as the vectors' README says: the output equals the
// case's output as JSON, or the error code equals the case's error and every detail key
// the case names has the same value.
func Run(c Case) Result {
	got, err := Eval(c.Op, c.Input)
	var bad badVector
	if errors.As(err, &bad) {
		return Result{Status: "fail", Reason: bad.Error()}
	}
	var perr *polyid.Error
	if err != nil && !errors.As(err, &perr) {
		return Result{Status: "fail", Reason: "not a *polyid.Error: " + err.Error()}
	}
	expected := map[string]any{}
	if c.Output != nil {
		expected["output"] = decode(c.Output)
	}
	if c.Error != "" {
		expected["error"] = c.Error
		if c.Detail != nil {
			expected["detail"] = rawMap(c.Detail)
		}
	}
	gotJSON := outcome(got, perr)
	fails := func(reason string) Result {
		return Result{Status: "fail", Reason: reason, Expected: expected, Got: gotJSON}
	}
	switch {
	case c.Output != nil && c.Error != "":
		return Result{Status: "fail", Reason: "malformed case: both output and error"}
	case c.Output != nil:
		if perr != nil {
			return fails("expected an output")
		}
		if !Equal(decode(c.Output), normalize(got)) {
			return fails("wrong output")
		}
	case c.Error != "":
		if perr == nil {
			return fails("expected an error")
		}
		if perr.Code != c.Error {
			return fails("wrong error code")
		}
		if perr.Message == "" {
			return fails("empty error message")
		}
		for key, want := range c.Detail {
			var have any
			switch {
			case key == "index" && perr.Detail == polyid.DetailCharacter:
				have = perr.Index
			case key == "character" && perr.Detail == polyid.DetailCharacter:
				have = perr.Character
			case (key == "found" || key == "expected") &&
				(perr.Detail == polyid.DetailLength || perr.Detail == polyid.DetailCheckmod):
				have = map[bool]int64{true: perr.Found, false: perr.Expected}[key == "found"]
			}
			if have == nil || !Equal(decode(want), normalize(have)) {
				return fails("wrong detail " + key)
			}
		}
	default:
		return Result{Status: "fail", Reason: "malformed case: neither output nor error"}
	}
	if !errors.As(err, new(notCompared)) && perr != nil {
		return Result{Status: "pass", Message: perr.Message}
	}
	return Result{Status: "pass"}
}

// Outcome is a case's result as the matrix's replay reports it: the output, or
// {"error": CODE}.
func Outcome(c Case) (any, error) {
	got, err := Eval(c.Op, c.Input)
	var perr *polyid.Error
	if errors.As(err, &perr) {
		return map[string]any{"error": perr.Code}, nil
	}
	if err != nil {
		return nil, err
	}
	return normalize(got), nil
}

func outcome(got any, perr *polyid.Error) any {
	if perr != nil {
		return map[string]any{"error": perr.Code, "message": perr.Message}
	}
	return normalize(got)
}

// decode reads JSON with numbers kept as json.Number.
func decode(raw json.RawMessage) any {
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return fmt.Sprintf("unreadable JSON: %v", err)
	}
	return v
}

func rawMap(m map[string]json.RawMessage) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = decode(v)
	}
	return out
}

// normalize gives a Go result the shape decode gives JSON (through a JSON round trip).
func normalize(v any) any {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("unencodable result: %v", err)
	}
	return decode(data)
}

// Equal compares two decoded JSON values; numbers compare by value (1.5 and 1.50 are
// equal), and types matter ("1" is not 1).
func Equal(a, b any) bool {
	na, aok := a.(json.Number)
	nb, bok := b.(json.Number)
	if aok || bok {
		if !aok || !bok {
			return false
		}
		if na == nb {
			return true
		}
		fa, err1 := na.Float64()
		fb, err2 := nb.Float64()
		return err1 == nil && err2 == nil && fa == fb
	}
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !Equal(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !Equal(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

// ---- inputs ---------------------------------------------------------------------------

type input map[string]json.RawMessage

func (in input) has(key string) bool {
	v, ok := in[key]
	return ok && string(v) != "null"
}

func (in input) str(key string) (string, error) {
	var s string
	if err := json.Unmarshal(in[key], &s); err != nil {
		return "", badVector{fmt.Sprintf("%s is not a string", key)}
	}
	return s, nil
}

// outOfRange is what every runtime answers for an integer input outside the parameter's
// type (the vectors' rule), before polyid is called.
func outOfRange(key, text string) error {
	if len(text) > 40 {
		text = text[:40] + "..."
	}
	return harnessError(&polyid.Error{Code: "OUT_OF_RANGE", Message: fmt.Sprintf("%s: %s does not fit the parameter", key, text)})
}

// notCompared is an error whose message is not polyid's answer to the vector's input: one
// this runner answers itself for an input polyid cannot be given (its code is the vectors'
// rule), or polyid's answer to the input in another form. The matrix does not compare its
// message.
type notCompared struct{ err *polyid.Error }

func (u notCompared) Error() string { return u.err.Error() }
func (u notCompared) Unwrap() error { return u.err }

func harnessError(e *polyid.Error) error { return notCompared{e} }

// integer reads a JSON number or a decimal string.
func (in input) integer(key string) (*big.Int, error) {
	raw, ok := in[key]
	if !ok {
		return nil, badVector{"no " + key}
	}
	text := string(raw)
	var s string
	if json.Unmarshal(raw, &s) == nil {
		text = s
	}
	v, ok := new(big.Int).SetString(text, 10)
	if !ok {
		return nil, badVector{fmt.Sprintf("%s is not an integer", key)}
	}
	return v, nil
}

func (in input) i64(key string) (int64, error) {
	v, err := in.integer(key)
	if err != nil {
		return 0, err
	}
	if !v.IsInt64() {
		return 0, outOfRange(key, v.String())
	}
	return v.Int64(), nil
}

func (in input) u64(key string) (uint64, error) {
	v, err := in.integer(key)
	if err != nil {
		return 0, err
	}
	if !v.IsUint64() {
		return 0, outOfRange(key, v.String())
	}
	return v.Uint64(), nil
}

// ---- outputs --------------------------------------------------------------------------

func xidJSON(x polyid.Xid) map[string]any {
	return map[string]any{"text": x.String(), "value": strconv.FormatUint(x.Uint64(), 10),
		"unix_ms": x.UnixMilli(), "random": x.Random()}
}

// TidJSON is a TID's reading in the vectors' shape.
func TidJSON(t polyid.Tid) map[string]any {
	return map[string]any{"text": t.String(), "display": t.Display(), "value": strconv.FormatInt(t.Int64(), 10),
		"micros": strconv.FormatInt(t.Micros(), 10), "clock_id": t.ClockID()}
}

// XidJSON is an xid's reading in the vectors' shape.
func XidJSON(x polyid.Xid) map[string]any { return xidJSON(x) }

// EuidJSON is an EUID's reading in the vectors' shape.
func EuidJSON(e polyid.Euid) map[string]any {
	var ext any
	if x, ok := e.Extension(); ok {
		ext = x
	}
	value := new(big.Int).SetBytes(e.Bytes())
	return map[string]any{"value": value.String(), "hex": hex.EncodeToString(e.Bytes()), "text": e.String(),
		"text_nocheck": e.Encode(false), "unix_ms": e.UnixMilli(), "extension": ext}
}

func rangeJSON(lo, hi string, ok bool) any {
	if !ok {
		return nil
	}
	return []string{lo, hi}
}
