//! `polyid`: the command-line face of the polyid core. Every identifier is computed by the
//! core crate; this program reads arguments and text, calls the core, and prints.

use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Parser, Subcommand};

mod catalog;
mod compact;
mod conform;
mod extuuid;
mod fail;
mod fields;
mod generate;
mod inspect;
mod range;
mod serve;
mod simulate;
mod stream;
mod timefmt;

/// The vector-case operations of `tests/vectors/*.json`, run on the core. This is the core's
/// own test support file, included unchanged, so `conform-serve` answers exactly as the core's
/// vector tests compute.
#[allow(clippy::all, dead_code, unused_imports)]
#[path = "../../core/tests/support/mod.rs"]
mod support;

const EXAMPLES: &str = "\
Examples:
  polyid compact E.Auth.Token.001                 V6a0B
  polyid compact --namespace auth_lib E.Auth.Token.001
  polyid compact --explain E.Auth.Token.MISSING
  polyid tid -n 1000000 > tids.txt
  polyid xid --at 2024-07-19T16:40:46Z
  polyid inspect 3kxn-lhr-3gxq-23 C8ZM14GR4JXG0MQXVY18S8TJNA6
  polyid range 3kxn --family tid
  polyid extuuid fixedB4:GBP$:222.31
  polyid catalog expand catalog.json V6a0B user=ada
  polyid conform -- python3 my_adapter.py

Exit status: 0 ok; 1 an input was rejected (or conform found failing cases);
2 malformed command line; 3 conform: the implementation broke the protocol.
Errors are printed as `error[CODE]: message` (CODE is the stable code shared by every
polyid runtime); with --json as {\"error\": {\"code\", \"message\", ...}} on stderr (in
place on stdout for the per-input errors of compact, inspect and extuuid). Inputs are quoted
in messages bounded and escaped (64 characters, then their length). Limits: stdin lines of
1024 bytes (conform-serve: 1 MiB), catalogs of 64 MiB.";

/// polyid: WDP compact IDs, uid11/xid, TID, EUID, EXTUUID and WDP catalogs from the command
/// line.
#[derive(Parser)]
#[command(name = "polyid", version, after_help = EXAMPLES, max_term_width = 100)]
struct Cli {
    /// JSON output (one object per line) and JSON errors
    #[arg(long, global = true)]
    json: bool,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The compact ID (or full ID) of WDP structured codes
    Compact(compact::Args),
    /// Generate xids (uid11 text: 42-bit milliseconds + 22 random bits)
    Xid(generate::XidArgs),
    /// Generate TIDs (13 base32 symbols: microseconds + clock id)
    Tid(generate::TidArgs),
    /// Generate EUIDs (27 symbols with a check: milliseconds, extension, random)
    Euid(generate::EuidArgs),
    /// Detect the family of IDs and print every field
    Inspect(inspect::Args),
    /// The value and time range that an ID prefix covers
    Range(range::Args),
    /// EXTUUID: printed values to UUIDs (--decode: back; --inspect: typed fields)
    Extuuid(extuuid::Args),
    /// WDP catalogs: build, check, convert, expand, keygen, sign, verify, collisions
    Catalog(catalog::Args),
    /// Check another implementation against every shared vector (line protocol)
    Conform(conform::Args),
    /// Odds of a duplicate ID across a fleet: closed form and a Monte Carlo check
    Simulate(simulate::Args),
    /// Print this process's node (POLYID_NODE), checked as the generators read it
    Node,
    /// Answer the conform protocol on stdin/stdout with the core (reference implementation)
    #[command(name = "conform-serve", hide = true)]
    ConformServe,
}

/// `--json` as typed, for errors found before the arguments could be parsed.
fn json_requested() -> bool {
    std::env::args_os()
        .skip(1)
        .take_while(|a| a != "--")
        .any(|a| a == "--json")
}

/// clap's message with every value the user gave (an option's value, an unknown argument or
/// subcommand) that is long or holds a control character in the core's quotation: clap writes
/// them as given, so `--trials $'5\nerror[OK]: x'` would start a line of its own.
fn quote_values(rendered: &str, e: &clap::Error) -> String {
    let mut text = rendered.to_owned();
    for (kind, value) in e.context() {
        let (ContextKind::InvalidValue | ContextKind::InvalidArg | ContextKind::InvalidSubcommand) =
            kind
        else {
            continue;
        };
        let ContextValue::String(v) = value else {
            continue;
        };
        let quoted = polyid::quote(v);
        if quoted.is_cut() || v.chars().any(char::is_control) {
            let quoted = quoted.to_string();
            // clap's `'value'`, then any other place it repeats the value (its tips).
            text = text
                .replace(&format!("'{v}'"), &quoted)
                .replace(v.as_str(), &quoted);
        }
    }
    text
}

fn usage_error(e: clap::Error) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return ExitCode::from(fail::EXIT_USAGE);
        }
        _ => {}
    }
    let rendered = quote_values(&e.render().to_string(), &e);
    let first = rendered.lines().next().unwrap_or_default();
    let message = first.strip_prefix("error: ").unwrap_or(first).to_owned();
    if json_requested() {
        fail::Failure::usage(message).report(true);
    } else {
        let rest = rendered.strip_prefix("error: ").unwrap_or(&rendered);
        eprint!("polyid: error[{}]: {rest}", fail::INVALID_ARGUMENT);
    }
    ExitCode::from(fail::EXIT_USAGE)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let json = cli.json;
    let result = match cli.command {
        Command::Compact(a) => compact::run(&a, json),
        Command::Xid(a) => generate::xid(&a),
        Command::Tid(a) => generate::tid(&a),
        Command::Euid(a) => generate::euid(&a),
        Command::Inspect(a) => inspect::run(&a, json),
        Command::Range(a) => range::run(&a, json),
        Command::Extuuid(a) => extuuid::run(&a, json),
        Command::Catalog(a) => catalog::run(&a, json),
        Command::Conform(a) => conform::run(&a, json),
        Command::Simulate(a) => simulate::run(&a, json),
        Command::Node => generate::node(json),
        Command::ConformServe => serve::run(),
    };
    match result {
        Ok(status) => ExitCode::from(status),
        Err(f) if f.broken_pipe => ExitCode::SUCCESS,
        Err(f) => {
            f.report(json);
            ExitCode::from(f.exit)
        }
    }
}
