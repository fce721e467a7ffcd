package vectors

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	polyid "github.com/polyid/polyid/bindings-go"
)

// Eval runs one operation of the vectors' README on its input and returns the result in the
// op's output shape, or polyid's error.
func Eval(op string, raw map[string]json.RawMessage) (any, error) {
	in := input(raw)
	switch op {
	case "compact_id", "normalize_code", "parse_code", "full_id":
		return wdp(op, in)
	case "namespace_hash":
		ns, err := in.str("namespace")
		if err != nil {
			return nil, err
		}
		return polyid.NamespaceHash(ns)
	case "parse_full_id":
		id, err := in.str("id")
		if err != nil {
			return nil, err
		}
		f, err := polyid.ParseFullID(id)
		if err != nil {
			return nil, err
		}
		return map[string]any{"namespace_hash": f.NamespaceHash, "compact_id": f.CompactID}, nil

	case "uid11_encode":
		v, err := in.u64("value")
		if err != nil {
			return nil, err
		}
		return polyid.Uid11(v).String(), nil
	case "uid11_decode":
		text, err := in.str("text")
		if err != nil {
			return nil, err
		}
		u, err := polyid.ParseUid11(text)
		if err != nil {
			return nil, err
		}
		return strconv.FormatUint(u.Uint64(), 10), nil
	case "uid11_prefix_range":
		prefix, err := in.str("prefix")
		if err != nil {
			return nil, err
		}
		lo, hi, ok, err := polyid.Uid11PrefixRange(prefix)
		if err != nil {
			return nil, err
		}
		return rangeJSON(strconv.FormatUint(lo, 10), strconv.FormatUint(hi, 10), ok), nil

	case "xid_from_parts":
		ms, err := in.i64("unix_ms")
		if err != nil {
			return nil, err
		}
		r, err := in.i64("random")
		if err != nil {
			return nil, err
		}
		x, err := polyid.XidFromParts(ms, r)
		if err != nil {
			return nil, err
		}
		return xidJSON(x), nil
	case "xid_parse":
		text, err := in.str("text")
		if err != nil {
			return nil, err
		}
		x, err := polyid.ParseXid(text)
		if err != nil {
			return nil, err
		}
		return xidJSON(x), nil
	case "xid_prefix_range":
		prefix, err := in.str("prefix")
		if err != nil {
			return nil, err
		}
		lo, hi, ok, err := polyid.XidPrefixRange(prefix)
		if err != nil || !ok {
			return nil, err
		}
		return map[string]any{"min_unix_ms": lo, "max_unix_ms": hi}, nil

	case "tid_from_parts":
		micros, err := in.i64("micros")
		if err != nil {
			return nil, err
		}
		clock, err := in.i64("clock_id")
		if err != nil {
			return nil, err
		}
		t, err := polyid.TidFromParts(micros, clock)
		if err != nil {
			return nil, err
		}
		return TidJSON(t), nil
	case "tid_parse":
		text, err := in.str("text")
		if err != nil {
			return nil, err
		}
		t, err := polyid.ParseTid(text)
		if err != nil {
			return nil, err
		}
		return TidJSON(t), nil
	case "tid_prefix_range":
		prefix, err := in.str("prefix")
		if err != nil {
			return nil, err
		}
		lo, hi, ok, err := polyid.TidPrefixRange(prefix)
		if err != nil {
			return nil, err
		}
		return rangeJSON(strconv.FormatInt(lo, 10), strconv.FormatInt(hi, 10), ok), nil

	case "euid_from_parts":
		ms, err := in.i64("unix_ms")
		if err != nil {
			return nil, err
		}
		ext := int64(polyid.NoExtension)
		if in.has("extension") {
			if ext, err = in.i64("extension"); err != nil {
				return nil, err
			}
			if ext < 0 || ext > 1<<31 {
				return nil, outOfRange("extension", strconv.FormatInt(ext, 10))
			}
		}
		pad, err := in.i64("padding")
		if err != nil {
			return nil, err
		}
		random, err := in.u64("random")
		if err != nil {
			return nil, err
		}
		e, err := polyid.EuidFromParts(ms, int(ext), pad, random)
		if err != nil {
			return nil, err
		}
		return EuidJSON(e), nil
	case "euid_encode":
		v, err := in.integer("value")
		if err != nil {
			return nil, err
		}
		if v.Sign() < 0 || v.BitLen() > 128 {
			return nil, outOfRange("value", v.String())
		}
		var b [16]byte
		v.FillBytes(b[:])
		var checkmod bool
		if err := json.Unmarshal(in["checkmod"], &checkmod); err != nil {
			return nil, badVector{"checkmod is not a bool"}
		}
		return polyid.Euid(b).Encode(checkmod), nil
	case "euid_parse":
		text, err := in.str("text")
		if err != nil {
			return nil, err
		}
		e, err := polyid.ParseEuid(text)
		if err != nil {
			return nil, err
		}
		return EuidJSON(e), nil
	case "euid_from_bytes":
		h, err := in.str("hex")
		if err != nil {
			return nil, err
		}
		b, err := hex.DecodeString(h)
		if err != nil {
			return nil, badVector{"hex is not hex"}
		}
		e, err := polyid.EuidFromBytes(b)
		if err != nil {
			return nil, err
		}
		return EuidJSON(e), nil

	case "extuuid_encode":
		text, err := in.str("text")
		if err != nil {
			return nil, err
		}
		uuid, err := polyid.ExtUUIDEncode(text)
		if err != nil {
			return nil, err
		}
		printed, err := polyid.ExtUUIDDecode(uuid)
		if err != nil {
			return nil, err
		}
		return map[string]any{"uuid": uuid, "text": printed}, nil
	case "extuuid_decode":
		uuid, err := in.str("uuid")
		if err != nil {
			return nil, err
		}
		printed, err := polyid.ExtUUIDDecode(uuid)
		if err != nil {
			return nil, err
		}
		return map[string]any{"text": printed}, nil
	case "extuuid_inspect":
		text, err := in.str("input")
		if err != nil {
			return nil, err
		}
		return polyid.ExtUUIDInspect(text)

	case "xid_sequence", "tid_sequence", "euid_sequence":
		return sequence(op, in)
	}
	if len(op) > 8 && op[:8] == "catalog_" {
		return catalog(op, in)
	}
	return nil, badVector{"unknown op " + op}
}

func names(in input) (*polyid.NamedSequences, error) {
	if !in.has("named_sequences") {
		return nil, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(in["named_sequences"], &m); err != nil {
		return nil, badVector{"named_sequences is not an object"}
	}
	t, err := polyid.NewNamedSequences()
	if err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		n, err := input(m).i64(k)
		if err != nil {
			return nil, err
		}
		if n < -1<<62 || n > 1<<62 {
			return nil, outOfRange(k, strconv.FormatInt(n, 10))
		}
		if err := t.Insert(k, int(n)); err != nil {
			return nil, err
		}
	}
	return t, nil
}

func wdp(op string, in input) (any, error) {
	t, err := names(in)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	code, err := in.str("code")
	if err != nil {
		return nil, err
	}
	switch op {
	case "compact_id":
		return t.CompactID(code)
	case "normalize_code":
		return t.NormalizeCode(code)
	case "full_id":
		ns, err := in.str("namespace")
		if err != nil {
			return nil, err
		}
		f, err := t.NewFullID(ns, code)
		if err != nil {
			return nil, err
		}
		return f.String(), nil
	}
	c, err := t.ParseCode(code)
	if err != nil {
		return nil, err
	}
	return map[string]any{"severity": c.Severity, "meaning": c.Meaning, "priority": c.Priority,
		"blocking": c.Blocking, "component": c.Component, "primary": c.Primary, "sequence": c.Sequence,
		"normalized": c.Normalized, "compact_id": c.CompactID}, nil
}

// sequence runs a generator through its steps (the *_sequence ops of generators.json and
// the matrix's replay file).
func sequence(op string, in input) (_ any, err error) {
	translated := false
	defer func() {
		if p, ok := err.(*polyid.Error); ok && translated {
			err = notCompared{p}
		}
	}()
	var opts []polyid.GeneratorOption
	var o map[string]json.RawMessage
	if err := json.Unmarshal(in["options"], &o); err != nil {
		return nil, badVector{"options is not an object"}
	}
	oi := input(o)
	if oi.has("node") {
		n, err := oi.i64("node")
		if err != nil {
			return nil, err
		}
		opts = append(opts, polyid.WithNode(int(n)))
	}
	if oi.has("seed") {
		s, err := oi.u64("seed")
		if err != nil {
			return nil, err
		}
		opts = append(opts, polyid.WithSeed(s))
	}
	if oi.has("max_lead_ms") {
		m, err := oi.u64("max_lead_ms")
		if err != nil {
			return nil, err
		}
		opts = append(opts, polyid.WithMaxLead(m))
	}
	if oi.has("on_clock_behind") {
		s, err := oi.str("on_clock_behind")
		if err != nil {
			return nil, err
		}
		// Any other text is a value outside the C ABI's polyid_clock_behind.
		b := map[string]polyid.ClockBehind{"fail": polyid.ClockBehindFail, "wait": polyid.ClockBehindWait}
		v, ok := b[s]
		if !ok {
			v, translated = -1, true
		}
		opts = append(opts, polyid.WithClockBehind(v))
	}
	if oi.has("clock_micros") {
		m, err := oi.i64("clock_micros")
		if err != nil {
			return nil, err
		}
		opts = append(opts, polyid.WithManualClock(m))
	}
	if in.has("clock_id") {
		c, err := in.i64("clock_id")
		if err != nil {
			return nil, err
		}
		opts = append(opts, polyid.WithClockID(c))
	}
	if in.has("extension") {
		x, err := in.i64("extension")
		if err != nil {
			return nil, err
		}
		opts = append(opts, polyid.WithExtension(x))
	}
	resume := ""
	if in.has("resume") {
		var err error
		if resume, err = in.str("resume"); err != nil {
			return nil, err
		}
	}
	var steps []struct {
		ClockMicros json.RawMessage `json:"clock_micros"`
		Count       int             `json:"count"`
	}
	if err := json.Unmarshal(in["steps"], &steps); err != nil {
		return nil, badVector{"steps is not a list of steps"}
	}

	// One generator interface over the three families: set the clock, take n texts.
	var setClock func(int64) error
	var next func(int) ([]string, error)
	switch op {
	case "xid_sequence":
		var g *polyid.XidGenerator
		var err error
		if resume != "" {
			last, perr := polyid.ParseXid(resume)
			if perr != nil {
				return nil, perr
			}
			g, err = polyid.ResumeXidGenerator(last, opts...)
		} else {
			g, err = polyid.NewXidGenerator(opts...)
		}
		if err != nil {
			return nil, err
		}
		defer g.Close()
		setClock = g.SetClockMicros
		next = func(n int) ([]string, error) { return texts(g.NextMany(n)) }
	case "tid_sequence":
		var g *polyid.TidGenerator
		var err error
		if resume != "" {
			last, perr := polyid.ParseTid(resume)
			if perr != nil {
				return nil, perr
			}
			g, err = polyid.ResumeTidGenerator(last, opts...)
		} else {
			g, err = polyid.NewTidGenerator(opts...)
		}
		if err != nil {
			return nil, err
		}
		defer g.Close()
		setClock = g.SetClockMicros
		next = func(n int) ([]string, error) { return texts(g.NextMany(n)) }
	default:
		var g *polyid.EuidGenerator
		var err error
		if resume != "" {
			last, perr := polyid.ParseEuid(resume)
			if perr != nil {
				return nil, perr
			}
			g, err = polyid.ResumeEuidGenerator(last, opts...)
		} else {
			g, err = polyid.NewEuidGenerator(opts...)
		}
		if err != nil {
			return nil, err
		}
		defer g.Close()
		setClock = g.SetClockMicros
		next = func(n int) ([]string, error) { return texts(g.NextMany(n)) }
	}
	out := []any{}
	for _, s := range steps {
		if s.ClockMicros != nil {
			m, err := input{"clock_micros": s.ClockMicros}.i64("clock_micros")
			if err != nil {
				return nil, err
			}
			if err := setClock(m); err != nil {
				return nil, err
			}
		}
		ids, err := next(s.Count)
		if pe, ok := err.(*polyid.Error); ok {
			out = append(out, map[string]any{"error": pe.Code})
			continue
		}
		out = append(out, ids)
	}
	return out, nil
}

func texts[T fmt.Stringer](ids []T, err error) ([]string, error) {
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id.String()
	}
	return out, nil
}

func catalog(op string, in input) (any, error) {
	if op == "catalog_build" {
		var entries []struct {
			Code        string   `json:"code"`
			Message     string   `json:"message"`
			Description string   `json:"description"`
			Hints       []string `json:"hints"`
			Tags        []string `json:"tags"`
			DocsURL     string   `json:"docs_url"`
		}
		if err := json.Unmarshal(in["entries"], &entries); err != nil {
			return nil, badVector{"entries is not a list of entries"}
		}
		list := make([]polyid.CatalogEntry, len(entries))
		for i, e := range entries {
			list[i] = polyid.CatalogEntry{Code: e.Code, Message: e.Message, Description: e.Description,
				Hints: e.Hints, Tags: e.Tags, DocsURL: e.DocsURL}
		}
		var c *polyid.Catalog
		var err error
		if in.has("namespace") {
			ns, serr := in.str("namespace")
			if serr != nil {
				return nil, serr
			}
			c, err = polyid.BuildNamespacedCatalog(ns, list)
		} else {
			c, err = polyid.BuildCatalog(list)
		}
		if err != nil {
			return nil, err
		}
		defer c.Close()
		ids, err := c.IDs()
		if err != nil {
			return nil, err
		}
		return map[string]any{"ids": ids}, nil
	}
	text, err := in.str("json")
	if err != nil {
		return nil, err
	}
	c, err := polyid.LoadCatalog(text)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	switch op {
	case "catalog_load":
		ids, err := c.IDs()
		if err != nil {
			return nil, err
		}
		out := map[string]any{"count": len(ids), "ids": ids}
		if h, ok, err := c.NamespaceHash(); err != nil {
			return nil, err
		} else if ok {
			out["namespace_hash"] = h
		}
		return out, nil
	case "catalog_expand":
		id, err := in.str("id")
		if err != nil {
			return nil, err
		}
		fields := "{}"
		if in.has("fields") {
			fields = string(in["fields"])
		}
		x, err := c.ExpandJSON(id, fields)
		if err != nil {
			return nil, err
		}
		return map[string]any{"code": x.Code, "severity": x.Severity, "message": x.Message}, nil
	case "catalog_expand_payload":
		payload, err := in.str("payload")
		if err != nil {
			return nil, err
		}
		list, err := c.ExpandPayload(payload)
		if err != nil {
			return nil, err
		}
		// The README compares the list sorted by code (the payload order is not compared).
		sort.Slice(list, func(i, j int) bool { return list[i].Code < list[j].Code })
		out := make([]any, len(list))
		for i, x := range list {
			out[i] = map[string]any{"code": x.Code, "severity": x.Severity, "message": x.Message}
		}
		return out, nil
	case "catalog_canonical":
		return c.Canonical()
	case "catalog_sign":
		secret, err := hexInput(in, "secret_key")
		if err != nil {
			return nil, err
		}
		sig, err := c.Sign(secret)
		if err != nil {
			return nil, err
		}
		pub, err := polyid.CatalogPublicKey(secret)
		if err != nil {
			return nil, err
		}
		return map[string]any{"public_key": hex.EncodeToString(pub), "signature": hex.EncodeToString(sig)}, nil
	case "catalog_verify":
		pub, err := hexInput(in, "public_key")
		if err != nil {
			return nil, err
		}
		sig, err := hexInput(in, "signature")
		if err != nil {
			return nil, err
		}
		if err := c.Verify(pub, sig); err != nil {
			return nil, err
		}
		return true, nil
	}
	return nil, badVector{"unknown op " + op}
}

// hexInput reads a hex key or signature. Text that is not hex is a malformed key or
// signature, which the core would reject as INVALID_SIGNATURE; the bytes cannot reach it.
func hexInput(in input, key string) ([]byte, error) {
	s, err := in.str(key)
	if err != nil {
		return nil, err
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil, harnessError(&polyid.Error{Code: "INVALID_SIGNATURE", Message: key + ": not hex"})
	}
	return b, nil
}
