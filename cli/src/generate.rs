//! `polyid xid|tid|euid`: generation, one ID per line, streamed (the core's batch generators
//! `fill`/`next_many` and no-allocation text forms into one buffered, locked stdout).

use polyid::clock::{Clock, ManualClock, SystemClock};
use polyid::error::{Detail, ErrorCode};
use polyid::node::Node;
use polyid::policy::{OnClockBehind, Options};
use polyid::{euid, quote, tid, Error, Euid, EuidGenerator, Tid, TidGenerator, Xid, XidGenerator};

use crate::fail::{CliResult, Failure, EXIT_OK};
use crate::stream::Out;
use crate::timefmt;

/// IDs asked of a batch generator at a time (bounded memory for any -n).
const CHUNK: u64 = 1 << 16;

const XID_EXAMPLES: &str = "\
Examples:
  $ polyid xid
  $ polyid xid -n 5
  $ polyid xid --node 12 -n 3
  $ POLYID_NODE=12 polyid xid
  $ polyid xid --at 2024-07-19T16:40:46.480Z

The xids of one run increase. With a node (--node, or POLYID_NODE in the environment) the 22
low bits are the node (10 bits) and a counter from 0 (4,096 xids per millisecond): processes
with distinct nodes never issue the same xid. Without one, the top 6 bits are the process lane
and the counter starts at a random point, which keeps processes of one host apart but not
hosts (docs/uniqueness.md).";

const TID_EXAMPLES: &str = "\
Examples:
  $ polyid tid
  $ polyid tid -n 1000000 > tids.txt
  $ polyid tid --clock-id 992 --display
  $ polyid tid --at 2024-07-19T16:40:46.480310Z --clock-id 1
  3kxnlhr3gxq23

TIDs of one run are strictly increasing: each takes max(now, previous + 1 microsecond).
With --at, the N TIDs are at TIME, TIME + 1 us, ... The clock id is --clock-id, or 32 + the
node (--node or POLYID_NODE), or else random in 0-31, chosen once per run.";

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
    #[command(flatten)]
    gen: GenOpts,

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
    #[command(flatten)]
    gen: GenOpts,

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
    #[command(flatten)]
    gen: GenOpts,

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

/// The options every generator takes (docs/spec §6.5).
#[derive(clap::Args)]
pub struct GenOpts {
    /// This process's node 0-959 (default: POLYID_NODE, else none)
    #[arg(long, value_name = "NODE", allow_hyphen_values = true)]
    node: Option<String>,

    /// Seed the generator's random source (a replay: the same output in every runtime)
    #[arg(long, value_name = "SEED", allow_hyphen_values = true)]
    seed: Option<String>,

    /// Largest lead over the clock, in milliseconds (0-86400000)
    #[arg(long, value_name = "MS", default_value_t = polyid::policy::DEFAULT_MAX_LEAD_MS)]
    max_lead_ms: u64,

    /// When the lead would be exceeded: fail (CLOCK_BEHIND) or wait
    #[arg(long, value_name = "POLICY", default_value = "fail")]
    on_clock_behind: String,

    /// Continue after this ID (persisted by an earlier run): every ID is greater than it
    #[arg(long, value_name = "ID")]
    resume: Option<String>,
}

impl GenOpts {
    /// `--resume`, read first (docs/spec §6.5: a runtime that takes the ID itself has read
    /// it before the call).
    fn last<T>(&self, parse: impl Fn(&str) -> Result<T, Error>) -> Result<Option<T>, Failure> {
        let read = |t: &String| parse(t).map_err(|e| Failure::core(&e, Some(t)));
        self.resume.as_ref().map(read).transpose()
    }

    /// The options, checked in their order (docs/spec §6.5: node, seed, max_lead_ms,
    /// on_clock_behind; `--resume` is read before them, `--at` after them). An EUID
    /// generator given a node fails when it is built, after its extension is checked.
    fn options(&self) -> Result<Options, Failure> {
        let node = match &self.node {
            // POLYID_NODE's rule (docs/spec/generation.md §6.1): digits only, no spaces.
            Some(t) => Some(Node::parse(t).map_err(|e| Failure::core(&e, Some(t)))?),
            None => None,
        };
        let seed = match &self.seed {
            Some(t) => Some(t.parse::<u64>().map_err(|_| {
                Failure::usage(format!(
                    "--seed {} is not an integer 0-18446744073709551615",
                    quote(t)
                ))
            })?),
            None => None,
        };
        let mut options = Options {
            node,
            seed,
            max_lead_ms: self.max_lead_ms,
            on_clock_behind: OnClockBehind::Fail,
        };
        options.validate().map_err(|e| Failure::core(&e, None))?;
        options.on_clock_behind = self.on_clock_behind.parse().map_err(|e: Error| {
            // The core's message holds the whole value (`found "..."`); the same error
            // with the value quoted as the input instead, bounded.
            let e = Error::reason(e.code(), "on_clock_behind", "expected \"fail\" or \"wait\"");
            Failure::core(&e, Some(&self.on_clock_behind))
        })?;
        Ok(options)
    }
}

/// An integer option for a u16 core parameter: not an integer is a usage error; outside u16
/// is the core's OUT_OF_RANGE (with the core's bounds), never a wrapped value.
fn u16_option(option: &str, text: &str, context: &'static str, max: u16) -> Result<u16, Failure> {
    let wide: i128 = text
        .parse()
        .map_err(|_| Failure::usage(format!("{option} {} is not an integer", quote(text))))?;
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

fn xids<C: Clock>(g: &XidGenerator<C>, a: &XidArgs, out: &mut Out) -> Result<(), Failure> {
    let mut buf = vec![Xid::from_u64(0); a.n.min(CHUNK) as usize];
    let mut left = a.n;
    while left > 0 {
        let chunk = &mut buf[..left.min(CHUNK) as usize];
        g.fill(chunk).map_err(at_failure(&a.at))?;
        for x in chunk.iter() {
            out.line(&x.to_bytes())?;
        }
        left -= chunk.len() as u64;
    }
    Ok(())
}

fn xid_generator<C: Clock>(
    clock: C,
    options: Options,
    last: Option<Xid>,
) -> Result<XidGenerator<C>, Failure> {
    match last {
        Some(last) => XidGenerator::resume(clock, options, last),
        None => XidGenerator::with_options(clock, options),
    }
    .map_err(|e| Failure::core(&e, None))
}

pub fn xid(a: &XidArgs) -> CliResult {
    // The last ID, the options, then the clock (`--at`) (docs/spec §6.5).
    let last = a.gen.last(Xid::parse)?;
    let options = a.gen.options()?;
    let mut out = Out::new();
    match at_clock(&a.at)? {
        Some(clock) => xids(&xid_generator(clock, options, last)?, a, &mut out)?,
        None => xids(&xid_generator(SystemClock, options, last)?, a, &mut out)?,
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
    // The last ID, the options, the clock (`--at`), then the clock id (docs/spec §6.5).
    let last = a.gen.last(Tid::parse)?;
    let options = a.gen.options()?;
    let clock = at_clock(&a.at)?;
    let clock_id = match &a.clock_id {
        Some(t) => Some(u16_option(
            "--clock-id",
            t,
            "TID clock_id",
            tid::MAX_CLOCK_ID,
        )?),
        None => None,
    };
    let mut out = Out::new();
    match clock {
        Some(clock) => tids(&tid_generator(clock, options, clock_id, last)?, a, &mut out)?,
        None => tids(
            &tid_generator(SystemClock, options, clock_id, last)?,
            a,
            &mut out,
        )?,
    }
    out.flush()?;
    Ok(EXIT_OK)
}

fn tid_generator<C: Clock>(
    clock: C,
    options: Options,
    clock_id: Option<u16>,
    last: Option<Tid>,
) -> Result<TidGenerator<C>, Failure> {
    match last {
        Some(last) => TidGenerator::resume(clock, options, clock_id, last),
        None => TidGenerator::with_options(clock, options, clock_id),
    }
    .map_err(|e| Failure::core(&e, None))
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
    // The last ID, the options, the clock (`--at`), then the extension (docs/spec §6.5).
    let last = a.gen.last(Euid::parse)?;
    let options = a.gen.options()?;
    let clock = at_clock(&a.at)?;
    let extension = match &a.extension {
        Some(t) => Some(u16_option(
            "--extension",
            t,
            "EUID extension",
            euid::MAX_EXTENSION,
        )?),
        None => None,
    };
    let mut out = Out::new();
    match clock {
        Some(clock) => euids(
            &euid_generator(clock, options, extension, last)?,
            a,
            &mut out,
        )?,
        None => euids(
            &euid_generator(SystemClock, options, extension, last)?,
            a,
            &mut out,
        )?,
    }
    out.flush()?;
    Ok(EXIT_OK)
}

fn euid_generator<C: Clock>(
    clock: C,
    options: Options,
    extension: Option<u16>,
    last: Option<Euid>,
) -> Result<EuidGenerator<C>, Failure> {
    match last {
        Some(last) => EuidGenerator::resume_with(clock, extension, options, last),
        None => EuidGenerator::with_options(clock, extension, options),
    }
    .map_err(|e| Failure::core(&e, None))
}

/// `polyid node`: the process node as the generators read it (POLYID_NODE), or `none`.
pub fn node(json: bool) -> CliResult {
    let node = polyid::node::process_node().map_err(|e| Failure::core(&e, None))?;
    let required = polyid::node::node_required();
    if json {
        println!(
            "{}",
            serde_json::json!({"node": node.map(|n| n.get()), "required": required,
                               "tid_clock_id": node.map(|n| n.tid_clock_id())})
        );
    } else {
        match node {
            Some(n) => println!("{n}"),
            None => println!("none"),
        }
    }
    Ok(EXIT_OK)
}
