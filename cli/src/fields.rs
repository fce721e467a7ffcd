//! The fields of each family's values, as the core reports them, in two views: JSON (the
//! vectors' conventions: integers beyond 2^53 as decimal strings) and aligned text lines.

use polyid::euid::Euid;
use polyid::tid::Tid;
use polyid::wdp::{CompactId, FullId, StructuredCode};
use polyid::Xid;
use serde_json::{Map, Value};

use crate::timefmt;

/// Ordered fields: (JSON key, JSON value, text shown, or `None` to show only in JSON).
#[derive(Default)]
pub struct Fields(Vec<(&'static str, Value, Option<String>)>);

impl Fields {
    pub fn add(&mut self, key: &'static str, json: impl Into<Value>, text: impl Into<String>) {
        self.0.push((key, json.into(), Some(text.into())));
    }

    /// A field for JSON only (its text is part of another line).
    pub fn json_only(&mut self, key: &'static str, json: impl Into<Value>) {
        self.0.push((key, json.into(), None));
    }

    pub fn extend(&mut self, other: Fields) {
        self.0.extend(other.0);
    }

    pub fn into_map(self, mut map: Map<String, Value>) -> Map<String, Value> {
        for (k, v, _) in self.0 {
            map.insert(k.to_owned(), v);
        }
        map
    }

    /// `indent` + key (with `_` as space), padded, + text, one per line.
    pub fn to_text(&self, indent: &str) -> String {
        let mut s = String::new();
        for (k, _, text) in &self.0 {
            if let Some(text) = text {
                let label = match *k {
                    "value40" => "40-bit value".to_owned(),
                    k => k.replace('_', " "),
                };
                s.push_str(&format!("{indent}{label:<16}{text}\n"));
            }
        }
        s
    }
}

fn time_json(t: Option<String>) -> Value {
    t.map(Value::from).unwrap_or(Value::Null)
}

/// A structured code: what `compact --explain` and `inspect` show.
pub fn code(c: &StructuredCode) -> Fields {
    let s = c.severity();
    let h = c.hash();
    let v = c.value40();
    let mut f = Fields::default();
    f.add("normalized", c.normalized(), c.normalized());
    f.add(
        "severity",
        s.letter().to_string(),
        format!(
            "{} = {} (priority {}, {})",
            s.letter(),
            s.meaning(),
            s.priority(),
            if s.is_blocking() {
                "blocking"
            } else {
                "not blocking"
            }
        ),
    );
    // The same names as the shared vectors' `parse_code` output.
    f.json_only("meaning", s.meaning());
    f.json_only("priority", s.priority());
    f.json_only("blocking", s.is_blocking());
    f.add("component", c.component(), c.component());
    f.add("primary", c.primary(), c.primary());
    f.add(
        "sequence",
        c.sequence(),
        match c.sequence_name() {
            Some(name) => format!("{:03} ({name})", c.sequence()),
            None => format!("{:03}", c.sequence()),
        },
    );
    f.json_only("sequence_name", c.sequence_name());
    f.add(
        "hash",
        h.to_string(),
        format!("{h:#018x} = {h} (xxh3-64, seed \"wdp-v1\")"),
    );
    f.json_only("hash_hex", format!("{h:016x}"));
    f.add(
        "value40",
        v,
        format!("{v:#012x} = {v} (low 40 bits of the hash)"),
    );
    f.add(
        "compact_id",
        c.compact_id().as_str(),
        c.compact_id().as_str(),
    );
    f
}

pub fn compact_id(c: &CompactId) -> Fields {
    let mut f = Fields::default();
    f.add("compact_id", c.as_str(), c.as_str());
    f.add(
        "note",
        "a hash of a structured code: expand it with your catalog",
        "a hash of a structured code: expand it with your catalog",
    );
    f
}

pub fn full_id(x: &FullId) -> Fields {
    let mut f = Fields::default();
    f.add("full_id", x.to_string(), x.to_string());
    f.add(
        "namespace_hash",
        x.namespace_hash.as_str(),
        x.namespace_hash.as_str(),
    );
    f.add("compact_id", x.compact_id.as_str(), x.compact_id.as_str());
    f
}

pub fn uid11(text: &str, v: u64) -> Fields {
    let mut f = Fields::default();
    f.add("text", text, text);
    f.add("value", v.to_string(), v.to_string());
    f.add("hex", format!("{v:016x}"), format!("{v:#018x}"));
    f
}

pub fn xid(x: Xid) -> Fields {
    let mut f = Fields::default();
    let text = x.to_string();
    let time = timefmt::millis(x.unix_ms().into());
    f.add("text", text.as_str(), text.as_str());
    f.add("value", x.value().to_string(), x.value().to_string());
    f.add("time", time_json(time.clone()), time.unwrap_or_default());
    f.add("unix_ms", x.unix_ms(), x.unix_ms().to_string());
    let r = x.random();
    f.add("random", r, format!("{r} ({r:#08x}, 22 bits)"));
    f
}

pub fn tid(t: Tid) -> Fields {
    let mut f = Fields::default();
    let text = t.to_string();
    let time = timefmt::micros(t.micros().into());
    f.add("text", text.as_str(), text.as_str());
    f.add("display", t.display(), t.display());
    f.add("value", t.value().to_string(), t.value().to_string());
    f.add("time", time_json(time.clone()), time.unwrap_or_default());
    f.add("micros", t.micros().to_string(), t.micros().to_string());
    f.add("clock_id", t.clock_id(), t.clock_id().to_string());
    f
}

pub fn euid(e: Euid) -> Fields {
    let mut f = Fields::default();
    let time = timefmt::millis(e.unix_ms().into());
    let text = e.encode(true);
    let nocheck = e.encode(false);
    f.add("text", text.as_str(), text.as_str());
    f.add("text_nocheck", nocheck.as_str(), nocheck.as_str());
    f.add("value", e.value().to_string(), e.value().to_string());
    f.add(
        "hex",
        format!("{:032x}", e.value()),
        format!("{:#034x}", e.value()),
    );
    f.add("time", time_json(time.clone()), time.unwrap_or_default());
    f.add("unix_ms", e.unix_ms(), e.unix_ms().to_string());
    f.add(
        "extension",
        e.extension(),
        match e.extension() {
            Some(x) => format!("{x} ({} bits)", e.extension_len()),
            None => "none".to_owned(),
        },
    );
    f.json_only("extension_bits", e.extension_len());
    f.add(
        "padding",
        e.padding(),
        format!("{:#x} (random)", e.padding()),
    );
    f.add(
        "random",
        e.lo().to_string(),
        format!(
            "{:#018x} (64 random bits; next() increments the high 32)",
            e.lo()
        ),
    );
    f.add(
        "checkmod",
        e.checkmod(),
        format!("{} (value mod 127, carried by the text)", e.checkmod()),
    );
    f
}
