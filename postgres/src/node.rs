//! The node of a backend. Every PostgreSQL connection is a process of its own, so the
//! backends of one server would share the uncoordinated xid lanes and TID clock ids of
//! unrelated processes; instead each backend, before its first ID, claims a node of its own
//! from the range in the `polyid.node` setting (the core's host-wide claim: a node another
//! process holds is skipped), and its TID and xid generators issue as that node. Backends of
//! one server therefore never issue the same TID or xid; servers on different hosts do not
//! either when their ranges are disjoint.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use polyid::error::{quote, Error, ErrorCode};
use polyid::node::{self, Node, MAX_NODE};

use crate::{bytes, guard, Failure, Message};

/// The setting's name, as messages show it.
const SETTING: &str = "polyid.node";

static CLAIMED: AtomicBool = AtomicBool::new(false);
static CLAIMING: Mutex<()> = Mutex::new(());

/// A range of nodes as `polyid.node` holds it: empty for every node (`0-959`), `N`, or `A-B`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    pub first: u16,
    pub last: u16,
    /// No range was set: a backend starts looking at a node of its own (its process slot),
    /// so that unconfigured servers do not all begin at node 0.
    pub default: bool,
}

/// Parses the setting.
pub fn parse(text: &str) -> Result<Range, Error> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Range {
            first: 0,
            last: MAX_NODE,
            default: true,
        });
    }
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    let first = Node::parse(a.trim())?.get();
    let last = Node::parse(b.trim())?.get();
    if first > last {
        return Err(Error::new(
            ErrorCode::InvalidArgument,
            SETTING,
            polyid::Detail::Message(
                format!(
                    "{} is not a range (the first node is above the last)",
                    quote(text)
                )
                .into(),
            ),
        ));
    }
    Ok(Range {
        first,
        last,
        default: false,
    })
}

/// Claims this backend's node once, before its first ID; later calls return at once.
pub fn claim(setting: &[u8]) -> Result<(), Error> {
    if CLAIMED.load(Ordering::Acquire) {
        return Ok(());
    }
    let _one = CLAIMING.lock().unwrap_or_else(|e| e.into_inner());
    if CLAIMED.load(Ordering::Acquire) {
        return Ok(());
    }
    let text = core::str::from_utf8(setting).unwrap_or("");
    let range = parse(text)?;
    let count = u64::from(range.last - range.first) + 1;
    let start = if range.default {
        node::process_slot(count)
    } else {
        0
    };
    for i in 0..count {
        let n = range.first + ((start + i) % count) as u16;
        match node::set_process_node(Some(Node::new(u64::from(n)).expect("in range"))) {
            Ok(()) => {
                CLAIMED.store(true, Ordering::Release);
                return Ok(());
            }
            Err(e) if e.code() == ErrorCode::NodeInUse => continue,
            Err(e) => return Err(e),
        }
    }
    Err(Error::new(
        ErrorCode::NodeInUse,
        SETTING,
        polyid::Detail::Message(
            format!(
                "every node of {}-{} is held by another process on this host (each backend \
                 that generates IDs holds one until it ends): widen the range",
                range.first, range.last
            )
            .into(),
        ),
    ))
}

/// Checks a value of the setting (its check hook): `OK`, or a status and the message.
///
/// # Safety
/// `text` points to `len` readable bytes; `msg` is writable.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_node_check(
    text: *const u8,
    len: usize,
    msg: *mut Message,
) -> i32 {
    // SAFETY: as the contract says.
    unsafe {
        guard(msg, || {
            let text = core::str::from_utf8(bytes(text, len))
                .map_err(|_| Failure::value(format!("INVALID_UTF8: {SETTING}: not UTF-8")))?;
            parse(text)
                .map(drop)
                .map_err(|e| Failure::value(format!("{}: {e}", e.code())))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        let r = |a, b| Range {
            first: a,
            last: b,
            default: false,
        };
        assert_eq!(
            parse("").unwrap(),
            Range {
                first: 0,
                last: 959,
                default: true
            }
        );
        assert_eq!(parse(" 7 ").unwrap(), r(7, 7));
        assert_eq!(parse("16-31").unwrap(), r(16, 31));
        assert_eq!(parse("0 - 959").unwrap(), r(0, 959));
        assert_eq!(
            parse("31-16").unwrap_err().code(),
            ErrorCode::InvalidArgument
        );
        assert_eq!(parse("960").unwrap_err().code(), ErrorCode::OutOfRange);
        assert_eq!(
            parse("1-x").unwrap_err().code(),
            ErrorCode::InvalidCharacter
        );
        assert_eq!(parse("-3").unwrap_err().code(), ErrorCode::InvalidLength);
    }
}
