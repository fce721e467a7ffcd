//! `polyid range`: the values (and times) that every ID starting with a prefix lies in, for
//! range scans over an index of IDs.

use clap::ValueEnum;
use polyid::tid::{self, Tid};
use polyid::{quote, uid11, xid, Error, Xid};
use serde_json::{Map, Value};

use crate::fail::{CliResult, Failure, EXIT_OK};
use crate::fields::Fields;
use crate::stream::Out;
use crate::timefmt;

const EXAMPLES: &str = "\
Examples:
  $ polyid range 3kxn --family tid
  $ polyid range 3kxn-lhr --family tid --json
  $ polyid range 1113M --family xid
  $ polyid range j --family uid11

uid11: the u64 values. xid: the values and the milliseconds they carry. tid: the values and
the microseconds (prefix of the 11 timestamp symbols, dashes allowed where the display form
has them). `first` and `last` are the smallest and largest IDs with the prefix. A prefix
that no value can have (e.g. uid11 \"k\") prints an empty range (exit status 0; `\"range\":
null` with --json).";

#[derive(Clone, Copy, ValueEnum)]
enum Family {
    Xid,
    Tid,
    Uid11,
}

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The prefix (may be empty: "")
    prefix: String,

    /// Which family the prefix belongs to
    #[arg(long, value_enum)]
    family: Family,
}

fn time_value(t: Option<String>) -> Value {
    t.map(Value::from).unwrap_or(Value::Null)
}

fn uid11_range(prefix: &str) -> Result<Option<Fields>, Error> {
    Ok(uid11::prefix_range(prefix)?.map(|(lo, hi)| {
        let mut f = Fields::default();
        f.add("min_value", lo.to_string(), lo.to_string());
        f.add("max_value", hi.to_string(), hi.to_string());
        f.add("first", uid11::encode(lo), uid11::encode(lo));
        f.add("last", uid11::encode(hi), uid11::encode(hi));
        f
    }))
}

fn xid_range(prefix: &str) -> Result<Option<Fields>, Error> {
    // The time range first: its errors name the xid prefix.
    let Some((min_ms, max_ms)) = xid::prefix_time_range(prefix)? else {
        return Ok(None);
    };
    let Some((lo, hi)) = uid11::prefix_range(prefix)? else {
        return Ok(None);
    };
    let (first, last) = (Xid::from_u64(lo), Xid::from_u64(hi));
    let (t0, t1) = (
        timefmt::millis(min_ms.into()),
        timefmt::millis(max_ms.into()),
    );
    let mut f = Fields::default();
    f.add("min_value", lo.to_string(), lo.to_string());
    f.add("max_value", hi.to_string(), hi.to_string());
    f.add("first", first.to_string(), first.to_string());
    f.add("last", last.to_string(), last.to_string());
    f.add("min_time", time_value(t0.clone()), t0.unwrap_or_default());
    f.add("max_time", time_value(t1.clone()), t1.unwrap_or_default());
    f.add("min_unix_ms", min_ms, min_ms.to_string());
    f.add("max_unix_ms", max_ms, max_ms.to_string());
    Ok(Some(f))
}

fn tid_range(prefix: &str) -> Result<Option<Fields>, Error> {
    let Some((min_us, max_us)) = tid::prefix_range(prefix)? else {
        return Ok(None);
    };
    // The smallest and largest TIDs of those microseconds (clock ids 0 and 1023).
    let first = Tid::from_parts(min_us, 0)?;
    let last = Tid::from_parts(max_us, tid::MAX_CLOCK_ID)?;
    let (t0, t1) = (
        timefmt::micros(min_us.into()),
        timefmt::micros(max_us.into()),
    );
    let mut f = Fields::default();
    f.add(
        "min_value",
        first.value().to_string(),
        first.value().to_string(),
    );
    f.add(
        "max_value",
        last.value().to_string(),
        last.value().to_string(),
    );
    f.add("first", first.to_string(), first.to_string());
    f.add("last", last.to_string(), last.to_string());
    f.add("min_time", time_value(t0.clone()), t0.unwrap_or_default());
    f.add("max_time", time_value(t1.clone()), t1.unwrap_or_default());
    f.add("min_micros", min_us.to_string(), min_us.to_string());
    f.add("max_micros", max_us.to_string(), max_us.to_string());
    Ok(Some(f))
}

pub fn run(a: &Args, json: bool) -> CliResult {
    let (name, result) = match a.family {
        Family::Uid11 => ("uid11", uid11_range(&a.prefix)),
        Family::Xid => ("xid", xid_range(&a.prefix)),
        Family::Tid => ("tid", tid_range(&a.prefix)),
    };
    let range = result.map_err(|e| Failure::core(&e, Some(&a.prefix)))?;
    let mut out = Out::new();
    if json {
        let mut m = Map::new();
        m.insert("prefix".into(), a.prefix.as_str().into());
        m.insert("family".into(), name.into());
        let range = range.map(|f| Value::Object(f.into_map(Map::new())));
        m.insert("range".into(), range.unwrap_or(Value::Null));
        out.json(&Value::Object(m))?;
    } else {
        let mut s = format!("prefix          {} ({name})\n", quote(&a.prefix));
        match range {
            Some(f) => s.push_str(&f.to_text("")),
            None => s.push_str("range           empty: no value has this prefix\n"),
        }
        out.text(s.trim_end())?;
    }
    out.flush()?;
    Ok(EXIT_OK)
}
