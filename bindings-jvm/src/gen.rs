//! Generators (docs/spec §6) and the process node. A generator is a heap handle held by the
//! Java generator object, which frees it once (`close` or its `Cleaner`) and serializes
//! `close` against its other calls.

use std::sync::Arc;

use jni::objects::{JClass, JLongArray, JString};
use jni::sys::{jboolean, jint, jlong, jlongArray};
use jni::JNIEnv;
use polyid::clock::{EitherClock, SystemClock};
use polyid::euid::{Euid, EuidGenerator};
use polyid::policy::{OnClockBehind, Options};
use polyid::tid::{Tid, TidGenerator};
use polyid::xid::{Xid, XidGenerator};
use polyid::{node, Node};

use crate::jvm::{arg, call, longs, null, opt_arg, with_str};

type Clk = Arc<EitherClock<SystemClock>>;

enum Gen {
    Xid(XidGenerator<Clk>),
    Tid(TidGenerator<Clk>),
    Euid(EuidGenerator<Clk>),
}

struct Handle {
    gen: Gen,
    clock: Clk,
}

// The option layout of `genNew`'s `long[]`, shared with `io.polyid.GeneratorOptions`.
const MANUAL_CLOCK: i64 = 1;
const NODE: i64 = 2;
const SEED: i64 = 4;
const MAX_LEAD: i64 = 8;
const WAIT: i64 = 16;
const RESUME: i64 = 32;
const XID: jint = 0;
const TID: jint = 1;
const EUID: jint = 2;

fn handle<'a>(h: jlong) -> &'a Handle {
    // SAFETY: `h` comes from `genNew` and is freed only by `genFree`, which the Java object
    // calls once, after its last use (its calls and `close` are serialized).
    unsafe { &*(h as *const Handle) }
}

/// Builds a generator of `family` from `opts`: `[flags, clock_micros, node, seed, max_lead_ms,
/// resume_hi, resume_lo, clock id or extension (`Long.MIN_VALUE`: none)]` and `policy`, the
/// policy's name when the options were given one (null: the `WAIT` flag says).
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_genNew(
    mut env: JNIEnv,
    _c: JClass,
    family: jint,
    opts: JLongArray,
    policy: JString,
) -> jlong {
    call(&mut env, 0, |env| {
        let mut o = [0i64; 8];
        env.get_long_array_region(&opts, 0, &mut o)?;
        let flags = o[0];
        let has = |bit: i64| flags & bit != 0;
        let clock: Clk = Arc::new(EitherClock::new(
            SystemClock,
            has(MANUAL_CLOCK).then_some(o[1]),
        ));
        let mut options = Options::default();
        if has(NODE) {
            options.node = Some(Node::new(arg(o[2], "node", 0, node::MAX_NODE)?)?);
        }
        if has(SEED) {
            options.seed = Some(o[3] as u64);
        }
        if has(MAX_LEAD) {
            options.max_lead_ms = arg(o[4], "max_lead_ms", 0, polyid::policy::MAX_LEAD_MS)?;
        }
        // After the node and the lead: the options in their order (docs/spec §6.5).
        if !policy.is_null() {
            options.on_clock_behind = with_str(env, &policy, str::parse::<OnClockBehind>)??;
        } else if has(WAIT) {
            options.on_clock_behind = OnClockBehind::Wait;
        }
        // A TID generator's clock id, or an EUID generator's extension.
        let extra = if family == TID {
            opt_arg(o[7], "TID clock_id", 0, polyid::tid::MAX_CLOCK_ID)?
        } else {
            opt_arg(o[7], "EUID extension", 0, polyid::euid::MAX_EXTENSION)?
        };
        let c = Arc::clone(&clock);
        let gen = match (family, has(RESUME)) {
            (XID, false) => Gen::Xid(XidGenerator::with_options(c, options)?),
            (XID, true) => Gen::Xid(XidGenerator::resume(
                c,
                options,
                Xid::from_u64(o[6] as u64),
            )?),
            (TID, false) => Gen::Tid(TidGenerator::with_options(c, options, extra)?),
            (TID, true) => Gen::Tid(TidGenerator::resume(
                c,
                options,
                extra,
                Tid::from_i64(o[6])?,
            )?),
            (EUID, false) => Gen::Euid(EuidGenerator::with_options(c, extra, options)?),
            _ => {
                let last = Euid::from_halves(o[5] as u64, o[6] as u64);
                Gen::Euid(EuidGenerator::resume_with(c, extra, options, last)?)
            }
        };
        Ok(Box::into_raw(Box::new(Handle { gen, clock })) as jlong)
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_genFree(_env: JNIEnv, _c: JClass, h: jlong) {
    if h != 0 {
        // SAFETY: see `handle`; this is the handle's one release.
        drop(unsafe { Box::from_raw(h as *mut Handle) });
    }
}

/// The next `count` IDs: one `long` each (xid, TID) or two (EUID: hi, lo).
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_genNextMany(
    mut env: JNIEnv,
    _c: JClass,
    h: jlong,
    count: jint,
) -> jlongArray {
    call(&mut env, null(), |env| {
        let count: usize = arg(count, "count", 0, polyid::batch::MAX_BATCH as u64)?;
        let values: Vec<i64> = match &handle(h).gen {
            Gen::Xid(g) => g
                .next_many(count)?
                .iter()
                .map(|x| x.value() as i64)
                .collect(),
            Gen::Tid(g) => g.next_many(count)?.iter().map(|t| t.value()).collect(),
            Gen::Euid(g) => g
                .next_many(count)?
                .iter()
                .flat_map(|e| [e.hi() as i64, e.lo() as i64])
                .collect(),
        };
        longs(env, &values)
    })
}

/// The next xid or TID's value (one call, no array).
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_genNext(
    mut env: JNIEnv,
    _c: JClass,
    h: jlong,
) -> jlong {
    call(&mut env, 0, |_| {
        Ok(match &handle(h).gen {
            Gen::Xid(g) => g.next()?.value() as i64,
            Gen::Tid(g) => g.next()?.value(),
            Gen::Euid(_) => 0,
        })
    })
}

/// Moves a manual clock (`INVALID_ARGUMENT` on the real one).
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_genSetClock(
    mut env: JNIEnv,
    _c: JClass,
    h: jlong,
    micros: jlong,
) {
    call(&mut env, (), |_| Ok(handle(h).clock.set_micros(micros)?))
}

/// `[node (-1: none), lane or clock id or extension (-1: none), lead_ms, max_lead_ms, wait]`.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_genInfo(
    mut env: JNIEnv,
    _c: JClass,
    h: jlong,
) -> jlongArray {
    call(&mut env, null(), |env| {
        let node_of = |n: Option<Node>| n.map_or(-1, |n| i64::from(n.get()));
        let wait = |p: OnClockBehind| i64::from(p == OnClockBehind::Wait);
        let info = match &handle(h).gen {
            Gen::Xid(g) => [
                node_of(g.node()?),
                i64::from(g.lane()?),
                g.lead_ms() as i64,
                g.max_lead_ms() as i64,
                wait(g.on_clock_behind()),
            ],
            Gen::Tid(g) => [
                node_of(g.node()?),
                i64::from(g.try_clock_id()?),
                g.lead_ms() as i64,
                g.max_lead_ms() as i64,
                wait(g.on_clock_behind()),
            ],
            Gen::Euid(g) => [
                -1,
                g.extension().map_or(-1, i64::from),
                g.lead_ms() as i64,
                g.max_lead_ms() as i64,
                wait(g.on_clock_behind()),
            ],
        };
        longs(env, &info)
    })
}

/// `node::set_process_node` (-1 withdraws the node).
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_setNode(mut env: JNIEnv, _c: JClass, n: jlong) {
    call(&mut env, (), |_| {
        let node = if n == -1 {
            None
        } else {
            Some(Node::new(arg(n, "node", 0, node::MAX_NODE)?)?)
        };
        Ok(node::set_process_node(node)?)
    })
}

/// `node::process_node` (-1: none).
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_processNode(mut env: JNIEnv, _c: JClass) -> jint {
    call(&mut env, -1, |_| {
        Ok(node::process_node()?.map_or(-1, |n| jint::from(n.get())))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_setNodeRequired(
    mut env: JNIEnv,
    _c: JClass,
    required: jboolean,
) {
    call(&mut env, (), |_| {
        node::set_node_required(required != 0);
        Ok(())
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_nodeRequired(mut env: JNIEnv, _c: JClass) -> jboolean {
    call(&mut env, 0, |_| Ok(jboolean::from(node::node_required())))
}
