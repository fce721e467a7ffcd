//! Node identity: the one number that keeps generators on different hosts apart.
//!
//! A node is a number in `0..=959` that a deployment gives each process (its ordinal in a
//! StatefulSet, a worker index, an entry in a registry). TID generators turn it into the clock
//! id `32 + node`, the deployment range of the TID draft (0-31 stays the random best-effort
//! range); xid generators write it into the top 10 of their 22 low bits. With distinct nodes,
//! two processes can never issue the same TID or xid, however fast they generate.
//!
//! A process gets its node in code ([`set_process_node`]) or, once, from the `POLYID_NODE`
//! environment variable (read by the core, so every runtime reads it the same way). Setting
//! `POLYID_NODE_REQUIRED=1` (or calling [`set_node_required`]) makes every TID and xid
//! generator without a node fail with `NODE_REQUIRED` instead of choosing at random.
//!
//! A node belongs to one process:
//! - a forked child does not inherit it (its generators fail with `NODE_REQUIRED` until the
//!   child sets its own);
//! - on Linux a process claims its node on the host (an abstract Unix socket named after it,
//!   released when the process exits), so a second process that tries to use the same node
//!   on the same host (the same network namespace: one container or pod) fails with
//!   `NODE_IN_USE` instead of issuing the first one's IDs.

use crate::error::{first_bad_char, quote, Detail, Error, ErrorCode, Result};
use crate::fork;
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
use crate::forklock::ForkLock;
use core::fmt;
use core::str::FromStr;

/// Largest node id.
pub const MAX_NODE: u16 = 959;
/// Number of node ids.
pub const NODES: usize = MAX_NODE as usize + 1;
/// The environment variable a process's node is read from.
pub const ENV_NODE: &str = "POLYID_NODE";
/// The environment variable that, set to `1`, requires a node for every TID and xid generator.
pub const ENV_REQUIRED: &str = "POLYID_NODE_REQUIRED";

/// A node id, `0..=959`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node(u16);

impl Node {
    /// The node with this number (`0..=959`).
    pub fn new(id: u64) -> Result<Node> {
        if id > u64::from(MAX_NODE) {
            return Err(Error::range("node", id, 0, MAX_NODE));
        }
        Ok(Node(id as u16))
    }

    /// The node's number.
    pub const fn get(self) -> u16 {
        self.0
    }

    /// The TID clock id of this node: `32 + node`.
    pub const fn tid_clock_id(self) -> u16 {
        32 + self.0
    }

    /// Parses a node as `POLYID_NODE` holds it: decimal digits only (no sign, no spaces).
    pub fn parse(text: &str) -> Result<Node> {
        Node::parse_in(text, "node")
    }

    fn parse_in(text: &str, context: &'static str) -> Result<Node> {
        if text.is_empty() {
            return Err(Error::reason(
                ErrorCode::InvalidLength,
                context,
                "empty (expected a number 0-959)",
            ));
        }
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(first_bad_char(
                text,
                ErrorCode::InvalidCharacter,
                context,
                |b| b.is_ascii_digit(),
            ));
        }
        let value = text.bytes().try_fold(0u64, |acc, b| {
            acc.checked_mul(10)?.checked_add(u64::from(b - b'0'))
        });
        match value {
            Some(value) if value <= u64::from(MAX_NODE) => Ok(Node(value as u16)),
            Some(value) => Err(Error::range(context, value, 0, MAX_NODE)),
            // More than 64 bits of digits: the message quotes what was given (bounded).
            None => Err(Error::new(
                ErrorCode::OutOfRange,
                context,
                Detail::Message(format!("{} is out of range 0..={MAX_NODE}", quote(text)).into()),
            )),
        }
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl FromStr for Node {
    type Err = Error;
    fn from_str(s: &str) -> Result<Node> {
        Node::parse(s)
    }
}

/// Where the process node came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Unset,
    /// `POLYID_NODE` (read on every target but wasm32-unknown-unknown, which has no
    /// environment).
    #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
    Env,
    Code,
}

#[derive(Debug)]
struct ProcessNode {
    /// Fork generation the node was assigned in; a node from another generation was
    /// inherited across `fork()` and is not this process's.
    generation: u64,
    node: Option<Node>,
    origin: Origin,
    /// The error `POLYID_NODE` gave, if it did not parse.
    env_error: Option<Error>,
    required: bool,
    /// Generators took the node in this generation: it cannot change any more.
    used: bool,
}

/// A `ForkLock`: a thread may hold it while it claims a node (a socket call) when another
/// forks, and the child must still be able to generate or set its node.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
static PROCESS: ForkLock<Option<ProcessNode>> = ForkLock::new(None);

/// A browser's module has no `fork()`: a plain lock.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
static PROCESS: std::sync::Mutex<Option<ProcessNode>> = std::sync::Mutex::new(None);

/// wasm32-unknown-unknown has no environment: a browser sets its node in code.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
fn from_env() -> ProcessNode {
    ProcessNode {
        generation: fork::generation(),
        node: None,
        origin: Origin::Unset,
        env_error: None,
        required: false,
        used: false,
    }
}

#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
fn from_env() -> ProcessNode {
    let (node, env_error, origin) = match std::env::var(ENV_NODE) {
        Ok(text) => match Node::parse_in(&text, "POLYID_NODE") {
            Ok(node) => (Some(node), None, Origin::Env),
            Err(e) => (None, Some(e), Origin::Env),
        },
        Err(std::env::VarError::NotPresent) => (None, None, Origin::Unset),
        Err(std::env::VarError::NotUnicode(_)) => (
            None,
            Some(Error::reason(
                ErrorCode::InvalidCharacter,
                "POLYID_NODE",
                "not valid Unicode (expected a number 0-959)",
            )),
            Origin::Env,
        ),
    };
    let required = matches!(
        std::env::var(ENV_REQUIRED).as_deref(),
        Ok("1") | Ok("true") | Ok("yes")
    );
    ProcessNode {
        generation: fork::generation(),
        node,
        origin,
        env_error,
        required,
        used: false,
    }
}

#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
fn with_state<T>(f: impl FnOnce(&mut ProcessNode) -> T) -> T {
    let mut guard = PROCESS.lock();
    if guard.taken_over {
        // A thread of the parent may have left the state half-written: read it afresh, with
        // any node it names as the parent's (a forked child must set its own).
        let fresh = Some(ProcessNode {
            generation: u64::MAX,
            ..from_env()
        });
        // SAFETY: the guard's value is written without being read or dropped: dropping what
        // the parent's thread left could free a torn pointer.
        #[allow(unsafe_code)]
        unsafe {
            std::ptr::write(&mut *guard as *mut Option<ProcessNode>, fresh);
        }
    }
    let state = guard.get_or_insert_with(from_env);
    f(state)
}

#[cfg(all(target_family = "wasm", target_os = "unknown"))]
fn with_state<T>(f: impl FnOnce(&mut ProcessNode) -> T) -> T {
    let mut guard = PROCESS.lock().unwrap_or_else(|e| e.into_inner());
    f(guard.get_or_insert_with(from_env))
}

/// Assigns this process's node in code (`None` withdraws it), overriding `POLYID_NODE`.
///
/// Must come before a generator takes the process node: the first ID of the default
/// generators behind `Xid::generate` and `Tid::generate`, or the construction of a generator
/// with options and no node of its own (`with_options`, and every binding's generator
/// constructors). Afterwards a different node fails with `NODE_IN_USE`, because changing the
/// node under a running generator could break its order. In a forked child it may be called again: the
/// child needs a node of its own.
pub fn set_process_node(node: Option<Node>) -> Result<()> {
    let generation = fork::generation();
    with_state(|s| {
        if s.generation == generation && s.node == node && s.origin == Origin::Code {
            return Ok(());
        }
        if s.used && s.generation == generation && s.node != node {
            return Err(Error::reason(
                ErrorCode::NodeInUse,
                "process node",
                "generators already use the process node; set it before the first ID",
            ));
        }
        if let Some(n) = node {
            claim(n)?;
        }
        // Generators that took this same node keep it: it stays in use.
        let still_used = s.used && s.generation == generation && s.node == node;
        s.node = node;
        s.origin = Origin::Code;
        s.env_error = None;
        s.generation = generation;
        s.used = still_used;
        Ok(())
    })
}

/// Makes a node required (or not) for every TID and xid generator of this process, as
/// `POLYID_NODE_REQUIRED=1` does.
pub fn set_node_required(required: bool) {
    with_state(|s| s.required = required)
}

/// Whether generators without a node fail with `NODE_REQUIRED`.
pub fn node_required() -> bool {
    with_state(|s| s.required)
}

/// This process's node: assigned in code, or read from `POLYID_NODE`; `None` when there is
/// none. Fails when `POLYID_NODE` does not parse, or when the node was inherited across
/// `fork()` and the child has not set its own.
pub fn process_node() -> Result<Option<Node>> {
    let generation = fork::generation();
    with_state(|s| resolve(s, generation))
}

fn resolve(s: &ProcessNode, generation: u64) -> Result<Option<Node>> {
    if let Some(e) = &s.env_error {
        return Err(e.clone());
    }
    match s.node {
        Some(_) if s.generation != generation => Err(inherited()),
        node => Ok(node),
    }
}

/// A node given to a generator, at the generator's first ID in this process: refused in a
/// forked child (the node is the parent's), claimed on this host when the generator counts on
/// the process's shared counters (`shared`).
pub(crate) fn claim_given(node: Node, born: u64, generation: u64, shared: bool) -> Result<Node> {
    if generation != born {
        return Err(inherited());
    }
    if shared {
        claim(node)?;
    }
    Ok(node)
}

pub(crate) fn inherited() -> Error {
    Error::reason(
        ErrorCode::NodeRequired,
        "node",
        "the node was assigned before fork() and belongs to the parent; \
         a forked child must set its own (set_process_node)",
    )
}

pub(crate) fn missing() -> Error {
    Error::reason(
        ErrorCode::NodeRequired,
        "node",
        "a node is required (POLYID_NODE_REQUIRED) and none is assigned: \
         set POLYID_NODE or call set_process_node",
    )
}

/// The process node for a generator that is about to issue IDs: marks it in use, claims it on
/// the host, and applies the "required" rule. `None`: no node, generate uncoordinated.
pub(crate) fn take_process_node() -> Result<Option<Node>> {
    let generation = fork::generation();
    with_state(|s| {
        let node = resolve(s, generation)?;
        match node {
            Some(n) => claim(n)?,
            None if s.required => return Err(missing()),
            None => {}
        }
        s.used = true;
        s.generation = generation;
        Ok(node)
    })
}

/// Claims `node` on this host for this process (see the module docs). Claiming the same node
/// again in the same process is free.
pub(crate) fn claim(node: Node) -> Result<()> {
    claims::claim(node)
}

/// What a generator without a node uses that another copy of the core in the same process
/// must not: each copy (a language module and an SQL extension loaded into one process hold
/// one each) has its own counters, so two copies on one xid lane, or on one TID clock id,
/// could issue the same IDs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InProcess {
    /// The process's xid lane ([`process_slot`]`(64)`).
    XidLane,
    /// A TID clock id.
    TidClockId(u16),
}

impl fmt::Display for InProcess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InProcess::XidLane => f.write_str("xid"),
            InProcess::TidClockId(id) => write!(f, "tid-{id}"),
        }
    }
}

/// Claims `what` for this copy of the core among the copies loaded into this process:
/// `false` when another copy holds it. Claiming again what this copy holds is free. On Linux
/// the claim is an abstract Unix socket named after the PID namespace, the process id and
/// `what` (released when the process exits; a forked child does not keep it); elsewhere, and
/// where the socket cannot be made, every claim succeeds.
pub(crate) fn claim_in_process(what: InProcess) -> bool {
    claims::claim_in_process(what)
}

/// The error of a generator whose lane or clock ids another copy of the core in this process
/// holds.
pub(crate) fn held_by_another_copy(what: &str) -> Error {
    Error::new(
        ErrorCode::NodeInUse,
        "node",
        Detail::Message(
            format!(
                "{what} another copy of polyid in this process (a language module and an SQL \
                 extension each hold their own): generate through one of them, or give the \
                 generators of each a node of their own"
            )
            .into(),
        ),
    )
}

#[cfg(target_os = "linux")]
mod claims {
    use std::os::fd::{IntoRawFd, RawFd};
    use std::os::linux::net::SocketAddrExt;
    use std::os::unix::net::{SocketAddr, UnixListener};
    use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};

    use super::{InProcess, Node, MAX_NODE};
    use crate::error::{Error, ErrorCode, Result};
    use crate::fork;
    use crate::forklock::ForkLock;

    /// Nodes this process claimed, with the fork generation that claimed them (a `ForkLock`,
    /// as `PROCESS`).
    static HELD: ForkLock<Vec<(u16, u64)>> = ForkLock::new(Vec::new());

    /// The socket of each claimed node, -1 when none. The claim is the socket's bound name,
    /// which lives as long as any process keeps the socket open: a forked child must not keep
    /// its parent's claims, or a restarted service would find its node in use until every
    /// child of the old one exits. The fork handler closes them in the child, and it may not
    /// take a lock (another thread may have held it at the fork), hence atomics.
    static SOCKETS: [AtomicI32; MAX_NODE as usize + 1] =
        [const { AtomicI32::new(-1) }; MAX_NODE as usize + 1];
    /// How many entries of `SOCKETS` and `IN_PROCESS` are set (so that a fork in a process
    /// without claims looks at none).
    static OPEN: AtomicUsize = AtomicUsize::new(0);

    /// The places for what a copy claims in the process: a generation claims at most the xid
    /// lane, the 32 random TID clock ids and one forked child's id.
    const IN_PROCESS_PLACES: usize = 40;
    /// What this copy of the core claimed in the process, with the fork generation that
    /// claimed it. A `ForkLock`: a child forked while another thread was claiming (its first
    /// ID, which reads files and binds a socket) takes it over instead of waiting forever.
    static HELD_IN_PROCESS: ForkLock<[Option<(InProcess, u64)>; IN_PROCESS_PLACES]> =
        ForkLock::new([None; IN_PROCESS_PLACES]);
    /// The socket of each place, -1 when none, closed in a forked child as `SOCKETS` are.
    static IN_PROCESS: [AtomicI32; IN_PROCESS_PLACES] =
        [const { AtomicI32::new(-1) }; IN_PROCESS_PLACES];

    /// Runs in a forked child (registered with the fork detection): closes the inherited
    /// claim sockets. Only atomics and `close`, which are async-signal-safe.
    pub(crate) fn close_in_child() {
        if OPEN.load(Ordering::Relaxed) == 0 {
            return;
        }
        for slot in SOCKETS.iter().chain(&IN_PROCESS) {
            let fd = slot.swap(-1, Ordering::Relaxed);
            if fd >= 0 {
                close(fd);
            }
        }
        OPEN.store(0, Ordering::Relaxed);
    }

    #[allow(unsafe_code)]
    fn close(fd: RawFd) {
        // SAFETY: `fd` came from `into_raw_fd` of a socket this module owns; it is closed once,
        // as the slot that held it was swapped to -1 first.
        unsafe {
            libc::close(fd);
        }
    }

    pub(super) fn claim(node: Node) -> Result<()> {
        let generation = fork::generation();
        let mut held = HELD.lock();
        if held.taken_over {
            // The parent's thread may have left the list half-written; its claims are closed.
            std::mem::forget(std::mem::take(&mut *held));
        }
        // Claims of an earlier generation were the parent's; their sockets are closed.
        held.retain(|(_, g)| *g == generation);
        if held.iter().any(|(n, _)| *n == node.get()) {
            return Ok(());
        }
        let name = format!("polyid-node-{}", node.get());
        let addr = match SocketAddr::from_abstract_name(name.as_bytes()) {
            Ok(addr) => addr,
            Err(_) => return Ok(()),
        };
        match UnixListener::bind_addr(&addr) {
            Ok(listener) => {
                held.push((node.get(), generation));
                OPEN.fetch_add(1, Ordering::Relaxed);
                let old = SOCKETS[usize::from(node.get())]
                    .swap(listener.into_raw_fd(), Ordering::Relaxed);
                if old >= 0 {
                    close(old);
                }
                Ok(())
            }
            Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => {
                let holder = if held_here(&name) {
                    "by another copy of polyid in this process (a language module and an SQL \
                     extension each hold their own; generate through one of them)"
                } else {
                    "by another process on this host (each process needs its own node)"
                };
                Err(Error::new(
                    ErrorCode::NodeInUse,
                    "node",
                    crate::error::Detail::Message(format!("node {node} is held {holder}").into()),
                ))
            }
            // No socket support (a sandbox without AF_UNIX): the claim is a safety net, not
            // part of the node's meaning, so go on without it.
            Err(_) => Ok(()),
        }
    }

    pub(super) fn claim_in_process(what: InProcess) -> bool {
        let generation = fork::generation();
        let mut held = HELD_IN_PROCESS.lock();
        if held.taken_over {
            // The parent's thread may have left a place half-written; all were its claims.
            *held = [None; IN_PROCESS_PLACES];
        }
        if held
            .iter()
            .flatten()
            .any(|&(w, g)| w == what && g == generation)
        {
            return true;
        }
        // The PID namespace is in the salt: containers of one pod share the socket namespace
        // but not their process ids.
        let name = format!(
            "polyid-{:016x}-{}-{what}",
            super::host_salt(),
            std::process::id()
        );
        let Ok(addr) = SocketAddr::from_abstract_name(name.as_bytes()) else {
            return true;
        };
        match UnixListener::bind_addr(&addr) {
            Ok(listener) => {
                let fd = listener.into_raw_fd();
                // A free place, or one of an earlier generation (the parent's: its socket was
                // closed in this child).
                if let Some(i) = held
                    .iter()
                    .position(|e| e.is_none_or(|(_, g)| g != generation))
                {
                    held[i] = Some((what, generation));
                    OPEN.fetch_add(1, Ordering::Relaxed);
                    let old = IN_PROCESS[i].swap(fd, Ordering::Relaxed);
                    if old >= 0 {
                        close(old);
                    }
                }
                true
            }
            // Only this process binds names with its id: another copy of the core holds it.
            Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => false,
            // No socket support: go on without the claim, as node claims do.
            Err(_) => true,
        }
    }

    /// Whether a socket bound to the abstract `name` is open in this process: the kernel's
    /// table of Unix sockets gives the holder's inode, this process's descriptors name theirs.
    /// Read on the failure path only, to tell a second copy of the core loaded into one
    /// process (a Python module and an SQL extension) from another process.
    pub(super) fn held_here(name: &str) -> bool {
        let Ok(table) = std::fs::read_to_string("/proc/net/unix") else {
            return false;
        };
        let path = format!("@{name}");
        // Columns: Num RefCount Protocol Flags Type St Inode Path.
        let inodes: Vec<String> = table
            .lines()
            .filter_map(|line| {
                let cols: Vec<&str> = line.split_whitespace().collect();
                (cols.get(7) == Some(&path.as_str())).then(|| format!("socket:[{}]", cols[6]))
            })
            .collect();
        if inodes.is_empty() {
            return false;
        }
        let Ok(fds) = std::fs::read_dir("/proc/self/fd") else {
            return false;
        };
        fds.flatten().any(|fd| {
            std::fs::read_link(fd.path())
                .is_ok_and(|target| inodes.iter().any(|i| target.as_os_str() == i.as_str()))
        })
    }
}

#[cfg(not(target_os = "linux"))]
mod claims {
    use super::Node;
    use crate::error::Result;

    pub(super) fn claim(_node: Node) -> Result<()> {
        Ok(())
    }

    #[inline(always)]
    pub(super) fn claim_in_process(_what: super::InProcess) -> bool {
        true
    }

    pub(crate) fn close_in_child() {}
}

pub(crate) use claims::close_in_child;

/// A number that is the same for every process sharing this process's PID namespace on this
/// boot of this host, and unrelated between namespaces and hosts: the boot id, the PID
/// namespace and the host name, hashed.
///
/// Uncoordinated xid lanes and forked TID clock ids are `(pid + salt) mod n`: processes in one
/// namespace keep distinct slots for distinct pids (forked workers have consecutive pids),
/// while containers, which all run as pid 1 in their own namespaces, land on independent
/// slots instead of all sharing slot `1 mod n`.
///
/// Read once per process (and again in a forked child, which may be in a PID namespace of its
/// own): generators read it at their first ID, and it costs three file reads.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
pub(crate) fn host_salt() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    /// The salt, valid when `SALT_OF` holds this fork generation + 1.
    static SALT: AtomicU64 = AtomicU64::new(0);
    static SALT_OF: AtomicU64 = AtomicU64::new(0);
    let generation = fork::generation() + 1;
    if SALT_OF.load(Ordering::Acquire) == generation {
        return SALT.load(Ordering::Relaxed);
    }
    // Threads that read it at once compute the same value.
    let salt = read_host_salt();
    SALT.store(salt, Ordering::Relaxed);
    SALT_OF.store(generation, Ordering::Release);
    salt
}

#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
fn read_host_salt() -> u64 {
    #[cfg(target_os = "linux")]
    {
        let mut bytes = Vec::with_capacity(128);
        if let Ok(b) = std::fs::read("/proc/sys/kernel/random/boot_id") {
            bytes.extend_from_slice(&b);
        }
        if let Ok(p) = std::fs::read_link("/proc/self/ns/pid") {
            bytes.extend_from_slice(p.as_os_str().as_encoded_bytes());
        }
        if let Ok(b) = std::fs::read("/proc/sys/kernel/hostname") {
            bytes.extend_from_slice(&b);
        }
        if bytes.is_empty() {
            return 0;
        }
        xxhash_rust::xxh3::xxh3_64(&bytes)
    }
    #[cfg(not(target_os = "linux"))]
    {
        0
    }
}

/// This process's slot among `n`: `(pid + host salt) mod n` (random on wasm, which has no
/// process id). Uncoordinated xid lanes are `process_slot(64)`; a forked TID generator without
/// a node moves to clock id `32 + process_slot(960)`.
pub fn process_slot(n: u64) -> u64 {
    #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
    {
        (u64::from(std::process::id()).wrapping_add(host_salt())) % n
    }
    #[cfg(all(target_family = "wasm", target_os = "unknown"))]
    {
        crate::rng::u64() % n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_decimal_nodes_only() {
        assert_eq!(Node::parse("0").unwrap().get(), 0);
        assert_eq!(Node::parse("959").unwrap().get(), 959);
        assert_eq!(Node::parse("007").unwrap().get(), 7);
        assert_eq!(Node::parse("7").unwrap().tid_clock_id(), 39);
        let e = Node::parse("960").unwrap_err();
        assert_eq!(e.code(), ErrorCode::OutOfRange);
        assert_eq!(e.to_string(), "node: 960 is out of range 0..=959");
        let e = Node::parse("99999999999999999999999").unwrap_err();
        assert_eq!(e.code(), ErrorCode::OutOfRange);
        let e = Node::parse(" 5").unwrap_err();
        assert_eq!(
            (e.code(), e.index()),
            (ErrorCode::InvalidCharacter, Some(0))
        );
        let e = Node::parse("-1").unwrap_err();
        assert_eq!(e.offending_char(), Some('-'));
        assert_eq!(
            Node::parse("").unwrap_err().code(),
            ErrorCode::InvalidLength
        );
        assert_eq!(Node::new(960).unwrap_err().code(), ErrorCode::OutOfRange);
    }

    #[test]
    fn salt_is_stable_within_a_namespace() {
        assert_eq!(host_salt(), host_salt());
        assert_eq!(process_slot(64), process_slot(64));
    }

    /// A node's socket bound elsewhere in this process (as a second copy of the core, an SQL
    /// extension beside a language module, would bind it): NODE_IN_USE names this process;
    /// bound by another process, it names another process.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_node_held_in_this_process_is_told_apart() {
        use std::os::linux::net::SocketAddrExt;
        use std::os::unix::net::{SocketAddr, UnixListener};

        // A node no other test claims, free on this host (another run may hold one).
        let (node, _held) = (900..960)
            .find_map(|n| {
                let addr = SocketAddr::from_abstract_name(format!("polyid-node-{n}")).ok()?;
                UnixListener::bind_addr(&addr).ok().map(|l| (n, l))
            })
            .expect("a free node in 900-959");
        let e = claim(Node::new(node).unwrap()).unwrap_err();
        assert_eq!(e.code(), ErrorCode::NodeInUse);
        assert!(
            e.to_string()
                .contains("by another copy of polyid in this process"),
            "{e}"
        );

        // The same socket held by a child process instead.
        drop(_held);
        let name = format!("polyid-node-{node}");
        let mut child = std::process::Command::new("python3")
            .args([
                "-c",
                &format!(
                "import socket, sys, time; s = socket.socket(socket.AF_UNIX); s.bind('\\0{name}'); \
                 s.listen(); print('ok', flush=True); sys.stdin.read()"
            ),
            ])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn();
        let Ok(ref mut child) = child else {
            return; // no python3 here: the other-process form is covered by tests/fleet
        };
        let mut line = String::new();
        std::io::BufRead::read_line(
            &mut std::io::BufReader::new(child.stdout.as_mut().unwrap()),
            &mut line,
        )
        .unwrap();
        assert_eq!(line.trim(), "ok");
        let e = claims::claim(Node::new(node).unwrap()).unwrap_err();
        drop(child.stdin.take());
        child.wait().unwrap();
        assert!(
            e.to_string().contains("by another process on this host"),
            "{e}"
        );
    }
}
