//! `polyid inspect`: which family a text belongs to, and every field of it.
//!
//! The text's length (and a `.` for structured codes) only chooses which core parsers to try;
//! the parsers decide. Every successful reading is listed: 11 Base58 symbols are always both a
//! uid11 and an xid.

use polyid::euid::Euid;
use polyid::tid::Tid;
use polyid::wdp::{self, CompactId, StructuredCode};
use polyid::{quote, uid11, Error, Profile, Xid};
use serde_json::{json, Map, Value};

use crate::fail::{plural, CliResult, Failure, Quoted, EXIT_OK, EXIT_REJECTED};
use crate::fields::{self, Fields};
use crate::stream::{for_each_input, Out, CODE_LINES};

const EXAMPLES: &str = "\
Examples:
  $ polyid inspect 3kxn-lhr-3gxq-23
  $ polyid inspect C8ZM14GR4JXG0MQXVY18S8TJNA6 1113M2EhCbG 05o5h-V6a0B
  $ polyid inspect --json 3kxnlhr3gxq23
  $ cut -f1 ids.tsv | polyid inspect --json > fields.jsonl
  $ polyid inspect --profile atproto 3kxnlhr3gxq23     (as the AT Protocol reads it)

Families by length: 5 compact ID, 11 full WDP ID (nsh-compact) or uid11 and xid (always
both), 13 TID, 16 TID display form, 27 EUID; a text with a '.' is read as a structured code.
Times are RFC 3339 UTC. With --json each input gives one line:
{\"input\", \"readings\": [{\"family\", ...fields}]} or {\"error\": {\"code\", \"message\", ...}}.";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// IDs to inspect (none or `-`: one per line on stdin)
    #[arg(value_name = "ID")]
    ids: Vec<String>,

    /// Read as another ecosystem does: atproto (TIDs, docs/spec §3.5), euid (EUIDs, §4.4) or
    /// waddling (WDP full IDs, and bare compact IDs, §1.5); polyid (the default) tries every
    /// family
    #[arg(long, value_name = "PROFILE", default_value = "polyid")]
    profile: String,
}

/// The one reading a profile defines for a text (docs/spec §1.5, §3.5, §4.4).
fn profile_attempts(text: &str, profile: Profile) -> Vec<Attempt> {
    match profile {
        Profile::Polyid => attempts(text),
        Profile::Atproto => vec![("tid", Tid::parse_as(text, profile).map(fields::tid))],
        Profile::Euid => vec![("euid", Euid::parse_as(text, profile).map(fields::euid))],
        Profile::Waddling => vec![match wdp::parse_full_id_as(text, profile) {
            Ok((None, id)) => ("compact_id", Ok(fields::compact_id(&id))),
            Ok((Some(namespace_hash), compact_id)) => (
                "full_id",
                Ok(fields::full_id(&wdp::FullId {
                    namespace_hash,
                    compact_id,
                })),
            ),
            Err(e) => ("full_id", Err(e)),
        }],
    }
}

type Attempt = (&'static str, Result<Fields, Error>);

/// Every family the text's shape allows, in the order they are tried (and reported).
fn attempts(text: &str) -> Vec<Attempt> {
    let mut v: Vec<Attempt> = Vec::new();
    if text.contains('.') {
        v.push((
            "wdp_code",
            StructuredCode::parse(text).map(|c| fields::code(&c)),
        ));
        return v;
    }
    match text.len() {
        5 => v.push((
            "compact_id",
            CompactId::parse(text).map(|c| fields::compact_id(&c)),
        )),
        11 => {
            let full = || {
                (
                    "full_id",
                    wdp::parse_full_id(text).map(|f| fields::full_id(&f)),
                )
            };
            let dashed = !text.as_bytes()[5].is_ascii_alphanumeric();
            if dashed {
                v.push(full());
            }
            v.push(("uid11", uid11::decode(text).map(|x| fields::uid11(text, x))));
            v.push(("xid", Xid::parse(text).map(fields::xid)));
            if !dashed {
                v.push(full());
            }
        }
        13 | 16 => v.push(("tid", Tid::parse(text).map(fields::tid))),
        27 => v.push(("euid", Euid::parse(text).map(fields::euid))),
        _ => {}
    }
    v
}

fn no_family(text: &str) -> Failure {
    let mut f = Failure::other(
        "INVALID_LENGTH",
        format!(
            "{} no family (compact ID 5, full WDP ID / uid11 / xid 11, TID 13 or 16, EUID 27; \
             a structured code has dots)",
            plural(text.len(), "byte matches", "bytes match")
        ),
        EXIT_REJECTED,
    );
    f.input = Some(Quoted::of(text));
    f.detail.insert("found".into(), text.len().into());
    f.detail
        .insert("expected".into(), json!([5, 11, 13, 16, 27]));
    f
}

enum Outcome {
    Readings(Vec<(&'static str, Fields)>),
    /// The first tried family's error (the most likely one), and every family's error.
    Rejected(Failure, Vec<(&'static str, Failure)>),
}

fn inspect(text: &str, profile: Profile) -> Outcome {
    let tried = profile_attempts(text, profile);
    if tried.is_empty() {
        return Outcome::Rejected(no_family(text), Vec::new());
    }
    let mut readings = Vec::new();
    let mut errors = Vec::new();
    for (family, r) in tried {
        match r {
            Ok(f) => readings.push((family, f)),
            Err(e) => errors.push((family, Failure::core(&e, Some(text)))),
        }
    }
    if !readings.is_empty() {
        return Outcome::Readings(readings);
    }
    let first = &errors[0].1;
    let mut main = Failure::other(&first.code, first.message.clone(), EXIT_REJECTED);
    main.input = first.input.clone();
    main.detail = first.detail.clone();
    Outcome::Rejected(main, errors)
}

pub fn run(a: &Args, json: bool) -> CliResult {
    let profile = Profile::parse(&a.profile).map_err(|_| {
        Failure::usage(format!(
            "--profile {}: expected polyid, atproto, euid or waddling",
            quote(&a.profile)
        ))
    })?;
    let mut out = Out::new();
    let mut failed = false;
    let mut first = true;
    for_each_input(&a.ids, CODE_LINES, |item| {
        let (text, outcome) = match item {
            Ok(text) => (text, inspect(text, profile)),
            Err(f) => ("", Outcome::Rejected(f, Vec::new())),
        };
        match outcome {
            Outcome::Readings(readings) if json => {
                let list: Vec<Value> = readings
                    .into_iter()
                    .map(|(family, f)| {
                        let mut m = Map::new();
                        m.insert("family".into(), family.into());
                        Value::Object(f.into_map(m))
                    })
                    .collect();
                out.json(&json!({"input": text, "readings": list}))
            }
            Outcome::Readings(readings) => {
                if !std::mem::take(&mut first) {
                    out.text("")?;
                }
                let n = readings.len();
                let mut s = if n == 1 {
                    format!("{text}: {}\n", readings[0].0)
                } else {
                    let names: Vec<&str> = readings.iter().map(|r| r.0).collect();
                    format!("{text}: {n} readings ({})\n", names.join(", "))
                };
                for (family, f) in &readings {
                    if n > 1 {
                        s.push_str(&format!("  {family}\n"));
                        s.push_str(&f.to_text("    "));
                    } else {
                        s.push_str(&f.to_text("  "));
                    }
                }
                out.text(s.trim_end())
            }
            Outcome::Rejected(main, all) => {
                failed = true;
                if json {
                    let mut e = main.to_json();
                    if all.len() > 1 {
                        let tried: Vec<Value> = all
                            .iter()
                            .map(|(family, f)| {
                                let mut t = f.to_json();
                                t["family"] = (*family).into();
                                if let Some(o) = t.as_object_mut() {
                                    o.remove("input");
                                    o.remove("input_len");
                                }
                                t
                            })
                            .collect();
                        e["tried"] = tried.into();
                    }
                    out.json(&json!({ "error": e }))
                } else {
                    out.flush()?;
                    main.report(false);
                    Ok(())
                }
            }
        }
    })?;
    out.flush()?;
    Ok(if failed { EXIT_REJECTED } else { EXIT_OK })
}
