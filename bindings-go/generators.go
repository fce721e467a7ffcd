package polyid

/*
#include <polyid.h>
#cgo noescape polyid_xid_generator_next
#cgo nocallback polyid_xid_generator_next
#cgo noescape polyid_tid_generator_next
#cgo nocallback polyid_tid_generator_next
#cgo noescape polyid_euid_generator_next
#cgo nocallback polyid_euid_generator_next
*/
import "C"

import (
	"runtime"
	"time"
	"unsafe"
)

// ClockBehind is what a generator does when its next ID would run more than its maximum
// lead ahead of the clock.
type ClockBehind int32

const (
	// ClockBehindFail fails with CLOCK_BEHIND, the generator unchanged (the default).
	ClockBehindFail ClockBehind = C.POLYID_CLOCK_BEHIND_FAIL
	// ClockBehindWait sleeps until the clock has caught up enough, then issues.
	ClockBehindWait ClockBehind = C.POLYID_CLOCK_BEHIND_WAIT
)

// GeneratorOption sets one option of a generator (docs/spec §6.5); the defaults are the
// C ABI's polyid_generator_options_init().
type GeneratorOption func(*genConfig)

type genConfig struct {
	opts    C.polyid_generator_options
	clockID int64 // TID: -1 for none
	hasExt  bool  // EUID
	ext     int64
	// WithNode(-1)'s error: the node is the first option, so it is reported first.
	nodeErr error
	// WithClockID(-1)'s error: reported after the options, as the C ABI reports a clock id.
	clockIDErr error
}

// newConfig applies the options. Its error is what the C ABI cannot be asked to report:
// a node or a clock id of -1, which it reads as "none" (docs/spec §6.5 order: the options,
// then the clock id).
func newConfig(options []GeneratorOption) (*genConfig, error) {
	c := &genConfig{clockID: -1}
	C.polyid_generator_options_init(&c.opts)
	for _, o := range options {
		o(c)
	}
	if c.nodeErr != nil {
		return c, c.nodeErr
	}
	if c.clockIDErr != nil {
		var e C.polyid_error
		if err := fail(C.polyid_generator_options_check(&c.opts, &e), &e); err != nil {
			return c, err
		}
		return c, c.clockIDErr
	}
	return c, nil
}

// WithNode gives the generator its own node (0-959) instead of the process node; another
// value fails with OUT_OF_RANGE when the generator is built. EUID generators take none
// (INVALID_ARGUMENT).
func WithNode(node int) GeneratorOption {
	return func(c *genConfig) {
		// -1 is the C ABI's "no node": checked here, so that it fails as any other
		// number outside 0-959 does rather than leaving the generator without a node.
		c.nodeErr = nil
		if node == -1 {
			var e C.polyid_error
			c.nodeErr = fail(C.polyid_node_check(C.int64_t(node), &e), &e)
		}
		c.opts.node = C.int64_t(node)
	}
}

// WithSeed seeds the generator's own random source: the same options and clock readings
// give the same IDs in every polyid runtime. For replays and tests, not production IDs.
func WithSeed(seed uint64) GeneratorOption {
	return func(c *genConfig) { c.opts.has_seed, c.opts.seed = true, C.uint64_t(seed) }
}

// WithMaxLead bounds how far the generator's IDs may run ahead of the clock, in
// milliseconds (default 60000).
func WithMaxLead(ms uint64) GeneratorOption {
	return func(c *genConfig) { c.opts.max_lead_ms = C.uint64_t(ms) }
}

// WithClockBehind chooses what happens when the maximum lead would be passed.
func WithClockBehind(b ClockBehind) GeneratorOption {
	return func(c *genConfig) { c.opts.on_clock_behind = C.int32_t(b) }
}

// WithManualClock runs the generator on a manual clock standing at micros (Unix
// microseconds), moved with SetClockMicros.
func WithManualClock(micros int64) GeneratorOption {
	return func(c *genConfig) { c.opts.has_clock_micros, c.opts.clock_micros = true, C.int64_t(micros) }
}

// WithClockID gives a TID generator an explicit clock id (0-1023); another value fails with
// OUT_OF_RANGE when the generator is built.
func WithClockID(id int64) GeneratorOption {
	return func(c *genConfig) {
		// -1 is the C ABI's "no clock id": checked here, as WithNode checks -1.
		c.clockIDErr = nil
		if id == -1 {
			var e C.polyid_error
			c.clockIDErr = fail(C.polyid_tid_clock_id_check(C.int64_t(id), &e), &e)
		}
		c.clockID = id
	}
}

// WithExtension makes an EUID generator's EUIDs carry an extension (0-32767).
func WithExtension(ext int64) GeneratorOption {
	return func(c *genConfig) { c.hasExt, c.ext = true, ext }
}

// XidGenerator issues strictly increasing xids. It may be used by many goroutines at once.
type XidGenerator struct{ p *C.polyid_xid_generator }

// NewXidGenerator builds an xid generator.
func NewXidGenerator(options ...GeneratorOption) (*XidGenerator, error) {
	c, err := newConfig(options)
	if err != nil {
		return nil, err
	}
	g := &XidGenerator{}
	var e C.polyid_error
	if err := fail(C.polyid_xid_generator_new(&c.opts, &g.p, &e), &e); err != nil {
		return nil, err
	}
	runtime.SetFinalizer(g, (*XidGenerator).Close)
	return g, nil
}

// ResumeXidGenerator builds an xid generator whose xids are all greater than last.
func ResumeXidGenerator(last Xid, options ...GeneratorOption) (*XidGenerator, error) {
	c, err := newConfig(options)
	if err != nil {
		return nil, err
	}
	g := &XidGenerator{}
	var e C.polyid_error
	if err := fail(C.polyid_xid_generator_resume(&c.opts, C.polyid_xid(last), &g.p, &e), &e); err != nil {
		return nil, err
	}
	runtime.SetFinalizer(g, (*XidGenerator).Close)
	return g, nil
}

// Next is the next xid.
func (g *XidGenerator) Next() (Xid, error) {
	var x C.polyid_xid
	var e C.polyid_error
	err := fail(C.polyid_xid_generator_next(g.p, &x, &e), &e)
	runtime.KeepAlive(g)
	return Xid(x), err
}

// NextMany is the next n xids, in increasing order.
func (g *XidGenerator) NextMany(n int) ([]Xid, error) {
	out, count, err := batch[Xid](n)
	if err != nil {
		return nil, err
	}
	var e C.polyid_error
	err = fail(C.polyid_xid_generator_next_many(g.p, (*C.polyid_xid)(&out[0]), count, &e), &e)
	runtime.KeepAlive(g)
	if err != nil {
		return nil, err
	}
	return out[:n], nil
}

// Node is the node in the generator's xids, or -1 when it has none (a lane).
func (g *XidGenerator) Node() (int, error) {
	var v C.int64_t
	var e C.polyid_error
	err := fail(C.polyid_xid_generator_node(g.p, &v, &e), &e)
	runtime.KeepAlive(g)
	return int(v), err
}

// Lead is how far the last xid issued is ahead of the clock.
func (g *XidGenerator) Lead() (time.Duration, error) {
	var v C.uint64_t
	var e C.polyid_error
	err := fail(C.polyid_xid_generator_lead_ms(g.p, &v, &e), &e)
	runtime.KeepAlive(g)
	return time.Duration(v) * time.Millisecond, err
}

// SetClockMicros moves a manual clock (WithManualClock).
func (g *XidGenerator) SetClockMicros(micros int64) error {
	var e C.polyid_error
	err := fail(C.polyid_xid_generator_set_clock_micros(g.p, C.int64_t(micros), &e), &e)
	runtime.KeepAlive(g)
	return err
}

// Close frees the generator; using it afterwards fails with NULL_POINTER. No other
// goroutine may be using it during Close.
func (g *XidGenerator) Close() {
	if g != nil && g.p != nil {
		C.polyid_xid_generator_free(g.p)
		g.p = nil
	}
}

// TidGenerator issues strictly increasing TIDs. It may be used by many goroutines at once.
type TidGenerator struct{ p *C.polyid_tid_generator }

// NewTidGenerator builds a TID generator; its clock id is WithClockID's, else 32 + the
// node (WithNode, else the process node), else one drawn from the seed or at random in 0-31.
func NewTidGenerator(options ...GeneratorOption) (*TidGenerator, error) {
	c, err := newConfig(options)
	if err != nil {
		return nil, err
	}
	g := &TidGenerator{}
	var e C.polyid_error
	if err := fail(C.polyid_tid_generator_new_with(&c.opts, C.int64_t(c.clockID), &g.p, &e), &e); err != nil {
		return nil, err
	}
	runtime.SetFinalizer(g, (*TidGenerator).Close)
	return g, nil
}

// ResumeTidGenerator builds a TID generator whose TIDs are all greater than last.
func ResumeTidGenerator(last Tid, options ...GeneratorOption) (*TidGenerator, error) {
	c, err := newConfig(options)
	if err != nil {
		return nil, err
	}
	g := &TidGenerator{}
	var e C.polyid_error
	st := C.polyid_tid_generator_resume(&c.opts, C.int64_t(c.clockID), C.polyid_tid(last), &g.p, &e)
	if err := fail(st, &e); err != nil {
		return nil, err
	}
	runtime.SetFinalizer(g, (*TidGenerator).Close)
	return g, nil
}

// Next is the next TID.
func (g *TidGenerator) Next() (Tid, error) {
	var t C.polyid_tid
	var e C.polyid_error
	err := fail(C.polyid_tid_generator_next(g.p, &t, &e), &e)
	runtime.KeepAlive(g)
	return Tid(t), err
}

// NextMany is the next n TIDs, in increasing order.
func (g *TidGenerator) NextMany(n int) ([]Tid, error) {
	out, count, err := batch[Tid](n)
	if err != nil {
		return nil, err
	}
	var e C.polyid_error
	err = fail(C.polyid_tid_generator_next_many(g.p, (*C.polyid_tid)(&out[0]), count, &e), &e)
	runtime.KeepAlive(g)
	if err != nil {
		return nil, err
	}
	return out[:n], nil
}

// ClockID is the clock id of the TIDs the generator issues.
func (g *TidGenerator) ClockID() (int, error) {
	var v C.uint16_t
	var e C.polyid_error
	err := fail(C.polyid_tid_generator_clock_id(g.p, &v, &e), &e)
	runtime.KeepAlive(g)
	return int(v), err
}

// Node is the node behind the generator's clock id, or -1 when it has none.
func (g *TidGenerator) Node() (int, error) {
	var v C.int64_t
	var e C.polyid_error
	err := fail(C.polyid_tid_generator_node(g.p, &v, &e), &e)
	runtime.KeepAlive(g)
	return int(v), err
}

// Lead is how far the last TID issued is ahead of the clock.
func (g *TidGenerator) Lead() (time.Duration, error) {
	var v C.uint64_t
	var e C.polyid_error
	err := fail(C.polyid_tid_generator_lead_ms(g.p, &v, &e), &e)
	runtime.KeepAlive(g)
	return time.Duration(v) * time.Millisecond, err
}

// SetClockMicros moves a manual clock (WithManualClock).
func (g *TidGenerator) SetClockMicros(micros int64) error {
	var e C.polyid_error
	err := fail(C.polyid_tid_generator_set_clock_micros(g.p, C.int64_t(micros), &e), &e)
	runtime.KeepAlive(g)
	return err
}

// Close frees the generator; using it afterwards fails with NULL_POINTER.
func (g *TidGenerator) Close() {
	if g != nil && g.p != nil {
		C.polyid_tid_generator_free(g.p)
		g.p = nil
	}
}

// EuidGenerator issues strictly increasing EUIDs, also when the clock steps back. It may be
// used by many goroutines at once.
type EuidGenerator struct{ p *C.polyid_euid_generator }

// NewEuidGenerator builds an EUID generator (WithExtension for EUIDs with one).
func NewEuidGenerator(options ...GeneratorOption) (*EuidGenerator, error) {
	c, err := newConfig(options)
	if err != nil {
		return nil, err
	}
	g := &EuidGenerator{}
	var e C.polyid_error
	st := C.polyid_euid_generator_new_with(&c.opts, C.bool(c.hasExt), C.int64_t(c.ext), &g.p, &e)
	if err := fail(st, &e); err != nil {
		return nil, err
	}
	runtime.SetFinalizer(g, (*EuidGenerator).Close)
	return g, nil
}

// ResumeEuidGenerator builds an EUID generator whose EUIDs are all greater than last.
func ResumeEuidGenerator(last Euid, options ...GeneratorOption) (*EuidGenerator, error) {
	c, err := newConfig(options)
	if err != nil {
		return nil, err
	}
	g := &EuidGenerator{}
	var e C.polyid_error
	st := C.polyid_euid_generator_resume_with(&c.opts, C.bool(c.hasExt), C.int64_t(c.ext), last.c(), &g.p, &e)
	if err := fail(st, &e); err != nil {
		return nil, err
	}
	runtime.SetFinalizer(g, (*EuidGenerator).Close)
	return g, nil
}

// Next is the next EUID.
func (g *EuidGenerator) Next() (Euid, error) {
	var out Euid
	var e C.polyid_error
	err := fail(C.polyid_euid_generator_next(g.p, (*C.struct_polyid_euid)(unsafe.Pointer(&out)), &e), &e)
	runtime.KeepAlive(g)
	return out, err
}

// NextMany is the next n EUIDs, in increasing order.
func (g *EuidGenerator) NextMany(n int) ([]Euid, error) {
	out, count, err := batch[Euid](n)
	if err != nil {
		return nil, err
	}
	var e C.polyid_error
	err = fail(C.polyid_euid_generator_next_many(g.p, (*C.struct_polyid_euid)(unsafe.Pointer(&out[0])), count, &e), &e)
	runtime.KeepAlive(g)
	if err != nil {
		return nil, err
	}
	return out[:n], nil
}

// Lead is how far the last EUID issued is ahead of the clock.
func (g *EuidGenerator) Lead() (time.Duration, error) {
	var v C.uint64_t
	var e C.polyid_error
	err := fail(C.polyid_euid_generator_lead_ms(g.p, &v, &e), &e)
	runtime.KeepAlive(g)
	return time.Duration(v) * time.Millisecond, err
}

// SetClockMicros moves a manual clock (WithManualClock).
func (g *EuidGenerator) SetClockMicros(micros int64) error {
	var e C.polyid_error
	err := fail(C.polyid_euid_generator_set_clock_micros(g.p, C.int64_t(micros), &e), &e)
	runtime.KeepAlive(g)
	return err
}

// Close frees the generator; using it afterwards fails with NULL_POINTER.
func (g *EuidGenerator) Close() {
	if g != nil && g.p != nil {
		C.polyid_euid_generator_free(g.p)
		g.p = nil
	}
}

// SetNode assigns this process's node (0-959), overriding POLYID_NODE; -1 withdraws it.
// Call it before the first ID of a generator that uses the process node: afterwards another
// value fails with NODE_IN_USE, as it does when another process on this host holds the node.
func SetNode(node int) error {
	var e C.polyid_error
	return fail(C.polyid_set_node(C.int64_t(node), &e), &e)
}

// ProcessNode is this process's node (SetNode, else POLYID_NODE), or -1 when it has none.
func ProcessNode() (int, error) {
	var v C.int64_t
	var e C.polyid_error
	err := fail(C.polyid_process_node(&v, &e), &e)
	return int(v), err
}

// SetNodeRequired makes a node required (or not) for every xid and TID generator of the
// process, as POLYID_NODE_REQUIRED=1 does.
func SetNodeRequired(required bool) { C.polyid_set_node_required(C.bool(required)) }

// NodeRequired says whether a node is required.
func NodeRequired() bool { return bool(C.polyid_node_required()) }
