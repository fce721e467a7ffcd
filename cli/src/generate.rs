//! `polyid xid|tid|euid`: generation, one ID per line, streamed (the core's batch generators
//! `fill`/`next_many` and no-allocation text forms into one buffered, locked stdout).

use polyid::clock::{Clock, ManualClock, SystemClock};
use polyid::error::{Detail, ErrorCode};
use polyid::{euid, tid, Error, Euid, EuidGenerator, Tid, TidGenerator, Xid};

use crate::fail::{CliResult, Failure, EXIT_OK};
use crate::stream::Out;
use crate::timefmt;

/// IDs asked of a batch generator at a time (bounded memory for any -n).
const CHUNK: u64 = 1 << 16;

const XID_EXAMPLES: &str = "\
Examples:
  $ polyid xid
  $ polyid xid -n 5
  $ polyid xid --at 2024-07-19T16:40:46.480Z

The xids of one run increase: within a millisecond the process's generator starts its 22 low
bits at a random counter and counts up (their top 6 bits are the process lane, pid mod 64).
With --at, each xid of that millisecond takes 22 fresh random bits instead, so those are not
ordered among themselves (use TID or EUID for ordered IDs at a fixed time).";

const TID_EXAMPLES: &str = "\
Examples:
  $ polyid tid
  $ polyid tid -n 1000000 > tids.txt
  $ polyid tid --clock-id 992 --display
  $ polyid tid --at 2024-07-19T16:40:46.480310Z --clock-id 1
  3kxnlhr3gxq23

TIDs of one run are strictly increasing: each takes max(now, previous + 1 microsecond).
With --at, the N TIDs are at TIME, TIME + 1 us, ... Without --clock-id the clock id is
random in 0-31, chosen once per run.";

const EUID_EXAMPLES: &str = "\
Examples:
  $ polyid euid
  $ polyid euid -n 3 --extension 7
  $ polyid euid --at 2023-11-14T22:13:20Z --no-check

EUIDs of one run are strictly increasing (within a millisecond the random high half is
incremented, docs/spec §4).";

#[derive(clap::Args)]
#[command(after_help = XID_EXAMPLES)]
pub struct XidArgs {
    /// How many IDs to generate
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
    n: u64,

    /// Generate at this instant (RFC 3339) instead of now
    #[arg(long, value_name = "TIME")]
    at: Option<String>,
}

#[derive(clap::Args)]
#[command(after_help = TID_EXAMPLES)]
pub struct TidArgs {
    /// How many IDs to generate
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
    n: u64,

    /// Generate at this instant (RFC 3339) instead of now
    #[arg(long, value_name = "TIME")]
    at: Option<String>,

    /// Clock id 0-1023 (default: random in 0-31)
    #[arg(long, value_name = "ID", allow_hyphen_values = true)]
    clock_id: Option<String>,

    /// Print the dashed display form (3kxn-lhr-3gxq-23)
    #[arg(long)]
    display: bool,
}

#[derive(clap::Args)]
#[command(after_help = EUID_EXAMPLES)]
pub struct EuidArgs {
    /// How many IDs to generate
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
    n: u64,

    /// Generate at this instant (RFC 3339) instead of now
    #[arg(long, value_name = "TIME")]
    at: Option<String>,

    /// Extension data 0-32767 stored in the ID
    #[arg(long, value_name = "EXT", allow_hyphen_values = true)]
    extension: Option<String>,

    /// Print without the check symbol (check value 127)
    #[arg(long)]
    no_check: bool,
}

/// An integer option for a u16 core parameter: not an integer is a usage error; outside u16
/// is the core's OUT_OF_RANGE (with the core's bounds), never a wrapped value.
fn u16_option(option: &str, text: &str, context: &'static str, max: u16) -> Result<u16, Failure> {
    let wide: i128 = text
        .trim()
        .parse()
        .map_err(|_| Failure::usage(format!("{option} {text:?} is not an integer")))?;
    u16::try_from(wide).map_err(|_| {
        let e = Error::new(
            ErrorCode::OutOfRange,
            context,
            Detail::Range {
                found: wide,
                min: 0,
                max: max.into(),
            },
        );
        Failure::core(&e, Some(text))
    })
}

/// `--at`: a clock standing at that instant.
fn at_clock(at: &Option<String>) -> Result<Option<ManualClock>, Failure> {
    match at {
        Some(text) => Ok(Some(ManualClock::new(timefmt::parse_micros(text)?))),
        None => Ok(None),
    }
}

/// A core error caused by `--at` names it as the input.
fn at_failure(at: &Option<String>) -> impl Fn(Error) -> Failure + '_ {
    move |e| Failure::core(&e, at.as_deref())
}

pub fn xid(a: &XidArgs) -> CliResult {
    let clock = at_clock(&a.at)?;
    let mut out = Out::new();
    for _ in 0..a.n {
        let x = match &clock {
            Some(c) => Xid::generate_with(c).map_err(at_failure(&a.at))?,
            None => Xid::generate()?,
        };
        out.line(&x.to_bytes())?;
    }
    out.flush()?;
    Ok(EXIT_OK)
}

fn tids<C: Clock>(g: &TidGenerator<C>, a: &TidArgs, out: &mut Out) -> Result<(), Failure> {
    // One buffer, refilled by the core (`fill`: one clock read per chunk, no allocation).
    let mut buf = vec![Tid::from_parts(0, 0)?; a.n.min(CHUNK) as usize];
    let mut left = a.n;
    while left > 0 {
        let chunk = &mut buf[..left.min(CHUNK) as usize];
        g.fill(chunk).map_err(at_failure(&a.at))?;
        for t in chunk.iter() {
            if a.display {
                out.line(&t.display_bytes())?;
            } else {
                out.line(&t.to_bytes())?;
            }
        }
        left -= chunk.len() as u64;
    }
    Ok(())
}

pub fn tid(a: &TidArgs) -> CliResult {
    let clock_id = match &a.clock_id {
        Some(t) => Some(u16_option(
            "--clock-id",
            t,
            "TID clock_id",
            tid::MAX_CLOCK_ID,
        )?),
        None => None,
    };
    let bad_clock_id = |e: Error| Failure::core(&e, a.clock_id.as_deref());
    let mut out = Out::new();
    match at_clock(&a.at)? {
        Some(clock) => tids(
            &TidGenerator::with_clock(clock, clock_id).map_err(bad_clock_id)?,
            a,
            &mut out,
        )?,
        None => tids(
            &TidGenerator::with_clock(SystemClock, clock_id).map_err(bad_clock_id)?,
            a,
            &mut out,
        )?,
    }
    out.flush()?;
    Ok(EXIT_OK)
}

fn euids<C: Clock>(g: &EuidGenerator<C>, a: &EuidArgs, out: &mut Out) -> Result<(), Failure> {
    let mut buf = vec![Euid::default(); a.n.min(CHUNK) as usize];
    let mut left = a.n;
    while left > 0 {
        let chunk = &mut buf[..left.min(CHUNK) as usize];
        g.fill(chunk).map_err(at_failure(&a.at))?;
        for e in chunk.iter() {
            out.line(&e.encode_bytes(!a.no_check))?;
        }
        left -= chunk.len() as u64;
    }
    Ok(())
}

pub fn euid(a: &EuidArgs) -> CliResult {
    let extension = match &a.extension {
        Some(t) => Some(u16_option(
            "--extension",
            t,
            "EUID extension",
            euid::MAX_EXTENSION,
        )?),
        None => None,
    };
    let bad_extension = |e: Error| Failure::core(&e, a.extension.as_deref());
    let mut out = Out::new();
    match at_clock(&a.at)? {
        Some(clock) => euids(
            &EuidGenerator::with_clock(clock, extension).map_err(bad_extension)?,
            a,
            &mut out,
        )?,
        None => euids(
            &EuidGenerator::with_clock(SystemClock, extension).map_err(bad_extension)?,
            a,
            &mut out,
        )?,
    }
    out.flush()?;
    Ok(EXIT_OK)
}
