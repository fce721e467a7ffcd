//! Node identity (the process node, `POLYID_NODE`) and the options every generator is built
//! from (docs/spec §6).

use std::sync::Arc;

use polyid::clock::{EitherClock, SystemClock};
use polyid::node::{self, Node};
use polyid::{OnClockBehind, Options};

use crate::ffi::*;

/// The largest node (nodes are 0-959).
pub const POLYID_MAX_NODE: u16 = 959;
/// The default `max_lead_ms` of a generator: one minute.
pub const POLYID_DEFAULT_MAX_LEAD_MS: u64 = 60000;
/// The largest `max_lead_ms`: one day.
pub const POLYID_MAX_LEAD_MS: u64 = 86400000;

const _: () = {
    assert!(POLYID_MAX_NODE == node::MAX_NODE);
    assert!(POLYID_DEFAULT_MAX_LEAD_MS == polyid::policy::DEFAULT_MAX_LEAD_MS);
    assert!(POLYID_MAX_LEAD_MS == polyid::policy::MAX_LEAD_MS);
};

/// What a generator does when its next ID would run more than `max_lead_ms` ahead of the
/// clock (the values of `polyid_generator_options.on_clock_behind`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum polyid_clock_behind {
    /// Fail with `POLYID_CLOCK_BEHIND`; the generator's state is unchanged (the default).
    POLYID_CLOCK_BEHIND_FAIL = 0,
    /// Sleep until the clock has caught up enough, then issue. A clock that does not move
    /// during the wait (a manual clock), or one batch that alone needs more lead than
    /// allowed, fails with `POLYID_CLOCK_BEHIND` instead.
    POLYID_CLOCK_BEHIND_WAIT = 1,
}

/// How a generator is built (docs/spec §6.5).
///
/// Always start from `polyid_generator_options_init()`, then set the members you need:
/// members may be added at the end in later versions, and `_init` gives every member its
/// default, so code written that way keeps its meaning when rebuilt against a newer
/// header. A NULL `const polyid_generator_options *` means "all defaults".
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct polyid_generator_options {
    /// This generator's node, 0-959; -1 (the default): the process node (`polyid_set_node()`
    /// or `POLYID_NODE`), or none. Any other value is `POLYID_OUT_OF_RANGE`. EUID generators
    /// take no node: a node 0-959 is `POLYID_INVALID_ARGUMENT` there.
    pub node: i64,
    /// Whether `seed` is set (default false: the thread's random generator).
    pub has_seed: bool,
    /// A seed for the generator's own random source (ChaCha12 seeded as `rand`'s
    /// `StdRng::seed_from_u64`): the same options and clock readings give the same IDs in
    /// every polyid runtime. For replays and tests, not for production IDs.
    pub seed: u64,
    /// The bound on how far the generator's IDs may run ahead of the clock, 0 to
    /// `POLYID_MAX_LEAD_MS` (default `POLYID_DEFAULT_MAX_LEAD_MS`, 60000).
    pub max_lead_ms: u64,
    /// A `polyid_clock_behind` value (default `POLYID_CLOCK_BEHIND_FAIL`); any other value is
    /// `POLYID_INVALID_ARGUMENT`.
    pub on_clock_behind: i32,
    /// Whether the generator runs on a manual clock standing at `clock_micros` (default
    /// false: the real clock). Move a manual clock with the generator's `_set_clock_micros`.
    pub has_clock_micros: bool,
    /// The manual clock's start, in microseconds since the Unix epoch.
    pub clock_micros: i64,
}

impl Default for polyid_generator_options {
    fn default() -> Self {
        polyid_generator_options {
            node: -1,
            has_seed: false,
            seed: 0,
            max_lead_ms: POLYID_DEFAULT_MAX_LEAD_MS,
            on_clock_behind: polyid_clock_behind::POLYID_CLOCK_BEHIND_FAIL as i32,
            has_clock_micros: false,
            clock_micros: 0,
        }
    }
}

/// Sets every member of `*opts` to its default: node -1 (the process node), no seed,
/// `max_lead_ms` 60000, `POLYID_CLOCK_BEHIND_FAIL`, the real clock. Call it on every
/// `polyid_generator_options` before setting members. NULL is ignored.
#[no_mangle]
pub unsafe extern "C" fn polyid_generator_options_init(opts: *mut polyid_generator_options) {
    if !opts.is_null() {
        guard((), || opts.write(polyid_generator_options::default()));
    }
}

/// The clock a generator handle runs on, shared with the handle so that a manual one can
/// be set.
pub(crate) type GenClock = Arc<EitherClock<SystemClock>>;

// Generator handles are used by several threads at once (`&` through `*const`): the
// compiler checks that they may be.
const _: () = {
    const fn shared<T: Send + Sync>() {}
    shared::<crate::polyid_xid_generator>();
    shared::<crate::polyid_tid_generator>();
    shared::<crate::polyid_euid_generator>();
};

/// The real clock, for the constructors without options.
pub(crate) fn real_clock() -> GenClock {
    Arc::new(EitherClock::Real(SystemClock))
}

/// A node argument: -1 is none, 0-959 a node, anything else `OUT_OF_RANGE`.
fn node_arg(v: i64, arg: &'static str) -> Res<Option<Node>> {
    if v == -1 {
        return Ok(None);
    }
    let n: u64 = int(v, arg, 0, node::MAX_NODE)?;
    Ok(Some(Node::new(n)?))
}

/// A node as the C functions return it (`None`: -1).
pub(crate) fn node_out(node: Option<Node>) -> i64 {
    node.map_or(-1, |n| i64::from(n.get()))
}

/// Translates the caller's options (NULL: defaults) to the core's, with the generator's
/// clock. Every rule beyond the C types (max_lead_ms bound, node with clock id, EUID node)
/// is the core constructor's.
pub(crate) unsafe fn read_options(
    opts: *const polyid_generator_options,
) -> Res<(Options, GenClock)> {
    let o = if opts.is_null() {
        polyid_generator_options::default()
    } else {
        opts.read()
    };
    // In the options' order (docs/spec §6.5): node, seed, max_lead_ms, on_clock_behind.
    let mut options = Options {
        node: node_arg(o.node, "node")?,
        seed: o.has_seed.then_some(o.seed),
        max_lead_ms: o.max_lead_ms,
        on_clock_behind: OnClockBehind::Fail,
    };
    options.validate()?;
    options.on_clock_behind = match o.on_clock_behind {
        0 => OnClockBehind::Fail,
        1 => OnClockBehind::Wait,
        n => {
            return Err(invalid(
                "on_clock_behind",
                format!(
                    "{n} is not a polyid_clock_behind (0 POLYID_CLOCK_BEHIND_FAIL, \
                     1 POLYID_CLOCK_BEHIND_WAIT)"
                ),
            ))
        }
    };
    let clock = Arc::new(EitherClock::new(
        SystemClock,
        o.has_clock_micros.then_some(o.clock_micros),
    ));
    Ok((options, clock))
}

/// A policy as a `polyid_clock_behind` value.
pub(crate) fn policy_out(p: OnClockBehind) -> i32 {
    match p {
        OnClockBehind::Fail => polyid_clock_behind::POLYID_CLOCK_BEHIND_FAIL as i32,
        OnClockBehind::Wait => polyid_clock_behind::POLYID_CLOCK_BEHIND_WAIT as i32,
    }
}

// ---------------------------------------------------------------------------------------
// The process node

/// Assigns this process's node (0-959), overriding `POLYID_NODE`; -1 withdraws it.
///
/// Call it before the first ID of a generator that uses the process node (the process-wide
/// generators behind `polyid_xid_generate()` and `polyid_tid_generate()`, and every
/// generator built without a node of its own): afterwards a different value fails with
/// `POLYID_NODE_IN_USE`. On Linux the node is claimed on the host (an abstract Unix socket
/// `polyid-node-N`, held until the process exits). In a forked child, call it again: the
/// child needs a node of its own (generators that carry the parent's fail with
/// `POLYID_NODE_REQUIRED` until then).
///
/// Errors: `POLYID_OUT_OF_RANGE` (node not -1 or 0-959), `POLYID_NODE_IN_USE` (another
/// process on this host holds the node, or generators already took another one).
#[no_mangle]
pub unsafe extern "C" fn polyid_set_node(node: i64, err: *mut polyid_error) -> polyid_status {
    run(err, || {
        node::set_process_node(node_arg(node, "node")?)?;
        Ok(())
    })
}

/// Checks generator options without building a generator: `POLYID_OK`, or the first
/// failure in the options' order (node, seed, max_lead_ms, on_clock_behind; docs/spec §6.5),
/// as every generator constructor reports it. NULL is the defaults.
///
/// Errors: `POLYID_OUT_OF_RANGE` (node, max_lead_ms), `POLYID_INVALID_ARGUMENT`
/// (on_clock_behind).
#[no_mangle]
pub unsafe extern "C" fn polyid_generator_options_check(
    opts: *const polyid_generator_options,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || read_options(opts).map(drop))
}

/// Checks a node number without using it: `POLYID_OK` for 0-`POLYID_MAX_NODE`, else
/// `POLYID_OUT_OF_RANGE` (`found`, `min`, `max`). Here -1 is a number like any other, not "no
/// node" as in `polyid_generator_options` and `polyid_set_node()`: a binding or a
/// configuration reader whose own API has no "none" value checks a node with it.
///
/// Errors: `POLYID_OUT_OF_RANGE`.
#[no_mangle]
pub unsafe extern "C" fn polyid_node_check(node: i64, err: *mut polyid_error) -> polyid_status {
    run(err, || {
        Node::new(int(node, "node", 0, node::MAX_NODE)?)?;
        Ok(())
    })
}

/// This process's node: the one assigned with `polyid_set_node()`, else `POLYID_NODE`
/// (read once); -1 when there is none.
///
/// Errors: `POLYID_NULL_POINTER` (out); `POLYID_INVALID_LENGTH`, `POLYID_INVALID_CHARACTER`,
/// `POLYID_OUT_OF_RANGE` (`POLYID_NODE` is not a number 0-959: decimal digits only);
/// `POLYID_NODE_REQUIRED` (a forked child that has not set its own node).
#[no_mangle]
pub unsafe extern "C" fn polyid_process_node(
    out: *mut i64,
    err: *mut polyid_error,
) -> polyid_status {
    write_out(out, err, || Ok(node_out(node::process_node()?)))
}

/// Makes a node required (true) or not for every xid and TID generator of this process, as
/// `POLYID_NODE_REQUIRED=1` does: a generator that would have no node then fails with
/// `POLYID_NODE_REQUIRED` (seeded generators and TID generators with an explicit clock id
/// are exempt). Never fails.
#[no_mangle]
pub extern "C" fn polyid_set_node_required(required: bool) {
    guard((), || node::set_node_required(required))
}

/// Whether a node is required (`polyid_set_node_required()` or `POLYID_NODE_REQUIRED`
/// set to 1, true or yes). Never fails.
#[no_mangle]
pub extern "C" fn polyid_node_required() -> bool {
    guard(false, node::node_required)
}

// ---------------------------------------------------------------------------------------
// The entry points every generator family shares (the families' thin `extern "C"` functions
// call these, so that cbindgen still sees each of them with its own documentation)

/// A generator handle (`polyid_xid_generator`, `polyid_tid_generator`,
/// `polyid_euid_generator`): its core generator and the clock shared with it.
pub(crate) trait GenHandle: Sized {
    /// The core generator.
    type Core;
    fn boxed(clock: GenClock, generator: Self::Core) -> *mut Self;
    fn core(&self) -> &Self::Core;
}

/// The core generator of a caller's handle.
pub(crate) unsafe fn core<'a, H: GenHandle + 'a>(generator: *const H) -> Res<&'a H::Core> {
    non_null(generator, "generator")?;
    Ok((*generator).core())
}

/// A constructor on the real clock: writes the handle `make` builds to `out`.
pub(crate) unsafe fn new_generator<H: GenHandle>(
    out: *mut *mut H,
    err: *mut polyid_error,
    make: impl FnOnce(GenClock) -> Res<H::Core>,
) -> polyid_status {
    write_out(out, err, || {
        let clock = real_clock();
        let g = make(clock.clone())?;
        Ok(H::boxed(clock, g))
    })
}

/// A constructor from `opts` (see [`read_options`]): writes the handle `make` builds to `out`.
pub(crate) unsafe fn new_generator_with<H: GenHandle>(
    opts: *const polyid_generator_options,
    out: *mut *mut H,
    err: *mut polyid_error,
    make: impl FnOnce(GenClock, Options) -> Res<H::Core>,
) -> polyid_status {
    write_out(out, err, || {
        let (options, clock) = read_options(opts)?;
        let g = make(clock.clone(), options)?;
        Ok(H::boxed(clock, g))
    })
}

/// Declares a generator family's handle and the C functions every family has in common, from
/// their doc comments and names, so that their bodies (the same in every family) are written
/// once, here. The handle is `struct name(CoreGenerator) -> c_id = conversion;` (the C type
/// of one ID and the closure that makes it from the core's); each function is
/// `fn name = kind;`, kind one of `next`, `next_many`, `node`, `lead_ms`, `max_lead_ms`,
/// `on_clock_behind`, `set_clock_micros`, `free`, or `get(type, |g| value)` for a getter of
/// the family's own. Each keeps its own doc comment, which
/// cbindgen copies into the header (tests/header/expand.rs writes the handle and the functions
/// out for it, from this macro's input: keep the grammar and the signatures in step).
macro_rules! generator_fns {
    (
        $(#[doc = $hdoc:expr])*
        struct $handle:ident($core:ident) -> $id:ty = $conv:expr;
        $($(#[doc = $doc:expr])* fn $name:ident = $kind:ident $(($($arg:tt)*))?;)*
    ) => {
        $(#[doc = $hdoc])*
        pub struct $handle {
            clock: $crate::generation::GenClock,
            generator: $core<$crate::generation::GenClock>,
        }

        impl $crate::generation::GenHandle for $handle {
            type Core = $core<$crate::generation::GenClock>;

            fn boxed(clock: $crate::generation::GenClock, generator: Self::Core) -> *mut Self {
                Box::into_raw(Box::new($handle { clock, generator }))
            }

            fn core(&self) -> &Self::Core {
                &self.generator
            }
        }

        $(generator_fns!(@$kind [$(#[doc = $doc])*] $name, $handle, $id, $conv; $($($arg)*)?);)*
    };
    // A getter: `get` of the core generator `g`, written to `out`, a `t`.
    (@get [$($doc:tt)*] $name:ident, $handle:ident, $id:ty, $conv:expr;
        $t:ty, |$g:ident| $get:expr) => {
        $($doc)*
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            generator: *const $handle,
            out: *mut $t,
            err: *mut polyid_error,
        ) -> polyid_status {
            run(err, || {
                let $g = $crate::generation::core(generator)?;
                let out = Out::new(out, "out")?;
                out.set($get);
                Ok(())
            })
        }
    };
    (@next $doc:tt $name:ident, $handle:ident, $id:ty, $conv:expr;) => {
        generator_fns!(@get $doc $name, $handle, $id, $conv; $id, |g| ($conv)(g.next()?));
    };
    (@node $doc:tt $name:ident, $handle:ident, $id:ty, $conv:expr;) => {
        generator_fns!(@get $doc $name, $handle, $id, $conv; i64, |g| node_out(g.node()?));
    };
    (@lead_ms $doc:tt $name:ident, $handle:ident, $id:ty, $conv:expr;) => {
        generator_fns!(@get $doc $name, $handle, $id, $conv; u64, |g| g.lead_ms());
    };
    (@max_lead_ms $doc:tt $name:ident, $handle:ident, $id:ty, $conv:expr;) => {
        generator_fns!(@get $doc $name, $handle, $id, $conv; u64, |g| g.max_lead_ms());
    };
    (@on_clock_behind $doc:tt $name:ident, $handle:ident, $id:ty, $conv:expr;) => {
        generator_fns!(@get $doc $name, $handle, $id, $conv;
            i32, |g| policy_out(g.on_clock_behind()));
    };
    (@next_many [$($doc:tt)*] $name:ident, $handle:ident, $id:ty, $conv:expr;) => {
        $($doc)*
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            generator: *const $handle,
            out: *mut $id,
            count: usize,
            err: *mut polyid_error,
        ) -> polyid_status {
            run(err, || {
                let g = $crate::generation::core(generator)?;
                non_null(out, "out")?;
                polyid::batch::check_count(count as u64)?;
                for (i, v) in g.next_many(count)?.into_iter().enumerate() {
                    out.add(i).write(($conv)(v));
                }
                Ok(())
            })
        }
    };
    (@set_clock_micros [$($doc:tt)*] $name:ident, $handle:ident, $id:ty, $conv:expr;) => {
        $($doc)*
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            generator: *const $handle,
            micros: i64,
            err: *mut polyid_error,
        ) -> polyid_status {
            run(err, || {
                non_null(generator, "generator")?;
                (*generator).clock.set_micros(micros)?;
                Ok(())
            })
        }
    };
    (@free [$($doc:tt)*] $name:ident, $handle:ident, $id:ty, $conv:expr;) => {
        $($doc)*
        #[no_mangle]
        pub unsafe extern "C" fn $name(generator: *mut $handle) {
            if !generator.is_null() {
                guard((), || drop(Box::from_raw(generator)));
            }
        }
    };
}
pub(crate) use generator_fns;

#[cfg(test)]
mod tests {
    use super::*;
    use polyid::ErrorCode;

    #[test]
    fn init_gives_the_core_defaults() {
        let mut o = core::mem::MaybeUninit::<polyid_generator_options>::uninit();
        unsafe { polyid_generator_options_init(o.as_mut_ptr()) };
        let o = unsafe { o.assume_init() };
        let (options, clock) = unsafe { read_options(&o) }.ok().unwrap();
        assert_eq!(options, Options::default());
        assert!(matches!(*clock, EitherClock::Real(_)));
        let (null, _) = unsafe { read_options(core::ptr::null()) }.ok().unwrap();
        assert_eq!(null, Options::default());
    }

    #[test]
    fn options_translate_to_the_core() {
        let o = polyid_generator_options {
            node: 959,
            has_seed: true,
            seed: u64::MAX,
            max_lead_ms: 0,
            on_clock_behind: polyid_clock_behind::POLYID_CLOCK_BEHIND_WAIT as i32,
            has_clock_micros: true,
            clock_micros: i64::MIN,
        };
        let (options, clock) = unsafe { read_options(&o) }.ok().unwrap();
        assert_eq!(options.node, Some(Node::new(959).unwrap()));
        assert_eq!(options.seed, Some(u64::MAX));
        assert_eq!(options.max_lead_ms, 0);
        assert_eq!(options.on_clock_behind, OnClockBehind::Wait);
        assert!(matches!(*clock, EitherClock::Manual(_)));
        for (node, ok) in [
            (-1, true),
            (0, true),
            (-2, false),
            (960, false),
            (i64::MIN, false),
        ] {
            let o = polyid_generator_options {
                node,
                ..Default::default()
            };
            assert_eq!(unsafe { read_options(&o) }.is_ok(), ok, "node {node}");
        }
        for policy in [2, -1, i32::MAX] {
            let o = polyid_generator_options {
                on_clock_behind: policy,
                ..Default::default()
            };
            match unsafe { read_options(&o) } {
                Err(Fail::Core(e)) => assert_eq!(e.code(), ErrorCode::InvalidArgument),
                _ => panic!("policy {policy} accepted"),
            }
        }
        assert_eq!(policy_out(OnClockBehind::Fail), 0);
        assert_eq!(policy_out(OnClockBehind::Wait), 1);
    }
}
