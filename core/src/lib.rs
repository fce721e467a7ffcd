//! # polyid
//!
//! Compact identifiers computed identically in every language: this crate is the only
//! implementation, and the Python, Node, browser (wasm) and C packages are thin bindings
//! over it.
//!
//! | family | module | text | value |
//! |---|---|---|---|
//! | WDP compact IDs | [`wdp`] | `V6a0B` (5 base62) | xxh3 of a structured code |
//! | uid11 | [`uid11`] | `jpXCZedGfVQ` (11 Base58) | u64 |
//! | xid | [`xid`] | uid11 text | 42-bit ms + 22 random bits |
//! | TID | [`tid`] | `3kxnlhr3gxq23` (13 base32lex) | i64: µs << 10 \| clock id |
//! | EUID | [`euid`] | 27 base32 symbols with a check | u128 |
//! | EXTUUID | [`extuuid`] | `extuuid:fixedB4:GBP$:222.31` or UUIDv8 text | a typed value in 122 bits |
//!
//! Every fallible call returns [`Error`], whose [`ErrorCode`] is the stable string shared by
//! every runtime.
//!
//! ```
//! use polyid::{wdp, tid::Tid, euid::Euid};
//! assert_eq!(wdp::compact_id("E.AUTH.TOKEN.001")?, "V6a0B");
//! let t = Tid::parse("3kxnlhr3gxq23")?;
//! assert_eq!((t.micros(), t.clock_id()), (1_721_407_246_480_310, 1));
//! let e = Euid::parse("C8ZM14GR4JXG0MQXVY18S8TJNA6")?;
//! assert_eq!(e.value(), 0x623f40921824bb0052fddf828ca352aa);
//! # Ok::<(), polyid::Error>(())
//! ```
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod batch;
pub mod clock;
pub mod error;
pub mod euid;
pub mod extuuid;
mod fork;
mod forklock;
pub mod node;
pub mod policy;
pub mod profile;
pub mod rng;
pub mod tid;
pub mod uid11;
pub mod wdp;
pub mod xid;

pub use batch::MAX_BATCH;
pub use error::{quote, Detail, Error, ErrorCode, Excerpt, MessageForm, Result, MESSAGE_FORMS};
pub use euid::{Euid, EuidGenerator};
pub use node::Node;
pub use policy::{OnClockBehind, Options};
pub use profile::{Profile, Reading};
pub use tid::{Tid, TidGenerator};
pub use xid::{Xid, XidGenerator};

/// Fork generation counter (exposed for bindings and tests).
#[doc(hidden)]
pub mod __fork {
    pub use crate::fork::{generation, simulate_fork_in_child};
}
