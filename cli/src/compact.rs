//! `polyid compact`: the compact ID (or full ID) of WDP structured codes.

use polyid::wdp::{self, CompactId, FullId, NamedSequences, StructuredCode};
use polyid::{quote, Error, Profile};
use serde_json::{json, Map, Value};

use crate::fail::{CliResult, Failure, EXIT_OK, EXIT_REJECTED};
use crate::fields::{self, Fields};
use crate::stream::{for_each_input, Out, CODE_LINES};

const EXAMPLES: &str = "\
Examples:
  $ polyid compact E.Auth.Token.001
  V6a0B
  $ polyid compact --namespace auth_lib E.Auth.Token.001 W.Database.Connection.027
  05o5h-V6a0B
  05o5h-KF52S
  $ printf 'E.AUTH.TOKEN.001\\nB.API.RATELIMIT.007\\n' | polyid compact
  V6a0B
  00BVL
  $ polyid compact --sequence RATE_LIMITED=31 E.Api.Quota.RATE_LIMITED
  $ polyid compact --explain E.Auth.Token.MISSING
  $ polyid compact --json E.Auth.Token.001 X.bad.code.001

Each code is trimmed of surrounding ASCII white space, uppercased and its named sequence
resolved before hashing (docs/spec §1.2). Empty stdin lines are skipped. A rejected code is
reported on stderr (in place, on stdout, with --json) and the others still run; the exit
status is then 1.";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Structured codes SEVERITY.COMPONENT.PRIMARY.SEQUENCE (none or `-`: one per line on
    /// stdin)
    #[arg(value_name = "CODE")]
    codes: Vec<String>,

    /// Print full IDs `<namespace hash>-<compact id>` for this namespace
    #[arg(long, value_name = "NS")]
    namespace: Option<String>,

    /// Show the normalized code, severity meaning, hash and 40-bit value
    #[arg(long)]
    explain: bool,

    /// An extra named sequence, e.g. RATE_LIMITED=31 (repeatable)
    #[arg(long = "sequence", value_name = "NAME=NUMBER")]
    sequences: Vec<String>,

    /// Compute as another ecosystem does: waddling (as waddling-errors-hash: any text,
    /// trimmed and upper-cased, sequence names hashed as written; docs/spec §1.5)
    #[arg(long, value_name = "PROFILE", default_value = "polyid")]
    profile: String,
}

/// `--profile` other than polyid: the core's `*_as` computation of each input (no structured
/// code, so no `--explain`).
fn run_profile(a: &Args, json: bool, profile: Profile) -> CliResult {
    if a.explain {
        return Err(Failure::usage(format!(
            "--explain shows a structured code's fields, which the {profile} profile does not read"
        )));
    }
    let names = if a.sequences.is_empty() {
        None
    } else {
        Some(named_sequences(&a.sequences)?)
    };
    let ns = match &a.namespace {
        Some(name) => Some((
            name.as_str(),
            wdp::namespace_hash_as(name, profile).map_err(|e| Failure::core(&e, Some(name)))?,
        )),
        None => None,
    };
    let mut out = Out::new();
    let mut failed = false;
    for_each_input(&a.codes, CODE_LINES, |item| {
        let failure = match item {
            Err(f) => f,
            Ok(code) => match wdp::compact_id_as_with(code, names.as_ref(), profile) {
                Ok(id) => {
                    let full = ns.map(|(_, nsh)| {
                        FullId {
                            namespace_hash: nsh,
                            compact_id: id,
                        }
                        .to_string()
                    });
                    if !json {
                        return out.text(full.as_deref().unwrap_or(id.as_str()));
                    }
                    let mut o = json!({"input": code, "compact_id": id.as_str(),
                                       "profile": profile.as_str()});
                    if let (Some((name, nsh)), Some(full)) = (ns, full) {
                        o["namespace"] = name.into();
                        o["namespace_hash"] = nsh.as_str().into();
                        o["full_id"] = full.into();
                    }
                    return out.json(&o);
                }
                Err(e) => Failure::core(&e, Some(code)),
            },
        };
        failed = true;
        out.reject(&failure, json)
    })?;
    out.flush()?;
    Ok(if failed { EXIT_REJECTED } else { EXIT_OK })
}

/// The standard named sequences plus `--sequence NAME=NUMBER` entries.
fn named_sequences(specs: &[String]) -> Result<NamedSequences, Failure> {
    let mut table = NamedSequences::standard();
    for spec in specs {
        let Some((name, number)) = spec.split_once('=') else {
            return Err(Failure::usage(format!(
                "--sequence {}: expected NAME=NUMBER, e.g. RATE_LIMITED=31",
                quote(spec)
            )));
        };
        let wide: i128 = number.parse().map_err(|_| {
            Failure::usage(format!(
                "--sequence {}: {} is not an integer",
                quote(spec),
                quote(number)
            ))
        })?;
        // The core takes an i64 (and refuses anything outside 1-999 after the name); a
        // number beyond it is OUT_OF_RANGE, never wrapped, as in every runtime.
        let number = i64::try_from(wide).map_err(|_| {
            let e = Error::range("named sequence", wide, 1, 999);
            Failure::core(&e, Some(spec))
        })?;
        table
            .insert(name, number)
            .map_err(|e| Failure::core(&e, Some(spec)))?;
    }
    Ok(table)
}

/// `--explain`: the code's fields, then the namespace and full ID when there is one.
fn explain(input: &str, c: &StructuredCode, ns: Option<(&str, CompactId)>) -> Fields {
    let mut f = Fields::default();
    f.add("input", input, quote(input).to_string());
    f.extend(fields::code(c));
    if let Some((name, nsh)) = ns {
        let full = FullId {
            namespace_hash: nsh,
            compact_id: c.compact_id(),
        };
        f.add("namespace", name, name);
        f.add("namespace_hash", nsh.as_str(), nsh.as_str());
        f.add("full_id", full.to_string(), full.to_string());
    }
    f
}

pub fn run(a: &Args, json: bool) -> CliResult {
    let profile = Profile::parse(&a.profile).map_err(|_| {
        Failure::usage(format!(
            "--profile {}: expected polyid or waddling (the profiles that compute WDP IDs)",
            quote(&a.profile)
        ))
    })?;
    if profile != Profile::Polyid {
        return run_profile(a, json, profile);
    }
    let names = named_sequences(&a.sequences)?;
    let ns = match &a.namespace {
        Some(name) => Some((
            name.as_str(),
            wdp::namespace_hash(name).map_err(|e| Failure::core(&e, Some(name)))?,
        )),
        None => None,
    };
    let mut out = Out::new();
    let mut failed = false;
    let mut first = true;
    for_each_input(&a.codes, CODE_LINES, |item| {
        let failure = match item {
            Err(f) => f,
            Ok(code) if !json && !a.explain => match wdp::compact_id_with(code, &names) {
                // The fast path: no allocation per code.
                Ok(id) => {
                    return match ns {
                        Some((_, nsh)) => out.text(
                            &FullId {
                                namespace_hash: nsh,
                                compact_id: id,
                            }
                            .to_string(),
                        ),
                        None => out.line(id.as_bytes()),
                    }
                }
                Err(e) => Failure::core(&e, Some(code)),
            },
            Ok(code) => match StructuredCode::parse_with(code, &names) {
                Ok(c) if json && a.explain => {
                    let map = explain(code, &c, ns).into_map(Map::new());
                    return out.json(&Value::Object(map));
                }
                Ok(c) if json => {
                    let mut o = json!({"input": code, "compact_id": c.compact_id().as_str()});
                    if let Some((name, nsh)) = ns {
                        o["namespace"] = name.into();
                        o["namespace_hash"] = nsh.as_str().into();
                        o["full_id"] = FullId {
                            namespace_hash: nsh,
                            compact_id: c.compact_id(),
                        }
                        .to_string()
                        .into();
                    }
                    return out.json(&o);
                }
                Ok(c) => {
                    if !std::mem::take(&mut first) {
                        out.text("")?;
                    }
                    let text = explain(code, &c, ns).to_text("");
                    return out.text(text.trim_end());
                }
                Err(e) => Failure::core(&e, Some(code)),
            },
        };
        failed = true;
        out.reject(&failure, json)
    })?;
    out.flush()?;
    Ok(if failed { EXIT_REJECTED } else { EXIT_OK })
}
