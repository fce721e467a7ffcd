//! `polyid catalog`: build, check, convert, expand, sign and verify WDP catalogs, and list
//! colliding codes. Every step is the core's `polyid::wdp::catalog`.

use std::fs::File;
use std::io::{self, Read};

use polyid::quote;
use polyid::wdp::catalog::{
    self, from_hex, hex, Catalog, Entry, Form, KeyPair, PUBLIC_KEY_LEN, SIGNATURE_LEN,
};
use polyid::wdp::StructuredCode;
use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{json, Map, Value};

use crate::fail::{CliResult, Failure, Quoted, EXIT_OK, EXIT_REJECTED, IO_ERROR};
use crate::stream::{for_each_input, Out, CODE_LINES};

const EXAMPLES: &str = "\
Examples:
  $ polyid catalog build entries.json > catalog.json
  $ polyid catalog build --namespace auth_lib --form compact entries.json
  $ polyid catalog check catalog.json
  $ polyid catalog expand catalog.json V6a0B user=ada ip=10.0.0.1
  $ polyid catalog expand catalog.json --payload '{\"V6a0B\": {\"f\": {\"user\": \"ada\"}}}'
  $ polyid catalog convert --form minimal catalog.json
  $ polyid catalog keygen
  $ polyid catalog sign --secret-key <64 hex> catalog.json
  $ polyid catalog verify --public-key <64 hex> --signature <128 hex> catalog.json
  $ polyid catalog collisions < codes.txt

entries.json is a list of {\"code\", \"message\", \"description\"?, \"hints\"?, \"tags\"?,
\"docs_url\"?}. A FILE of `-` is stdin. The JSON forms and the canonical bytes that a
signature covers are defined in tests/vectors/README.md (\"Catalogs\").";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Build a catalog from a JSON list of entries (fails on a collision or a duplicate code)
    Build {
        /// The entries (`-`: stdin)
        file: String,
        /// Full IDs `<namespace hash>-<compact id>` for this namespace
        #[arg(long)]
        namespace: Option<String>,
        /// Output form
        #[arg(long, default_value = "full", value_parser = ["full", "compact", "minimal"])]
        form: String,
    },
    /// Load a catalog (any form) and verify every entry's ID against its code
    Check {
        /// The catalog (`-`: stdin)
        file: String,
    },
    /// Write a catalog in another form
    Convert {
        /// The catalog (`-`: stdin)
        file: String,
        /// Output form
        #[arg(long, default_value = "full", value_parser = ["full", "compact", "minimal"])]
        form: String,
    },
    /// Expand an ID (fields as NAME=VALUE), or a wire payload with --payload
    Expand {
        /// The catalog (`-`: stdin)
        file: String,
        /// The compact ID or full ID
        #[arg(required_unless_present = "payload")]
        id: Option<String>,
        /// Placeholder values NAME=VALUE
        fields: Vec<String>,
        /// A payload `{"<id>": {"f": {...}}}` instead of an ID
        #[arg(long, conflicts_with = "id")]
        payload: Option<String>,
    },
    /// Print a new Ed25519 key pair (hex)
    Keygen,
    /// Sign the catalog's canonical bytes; prints the signature (hex)
    Sign {
        /// The catalog (`-`: stdin)
        file: String,
        /// The 32-byte secret key (hex)
        #[arg(long)]
        secret_key: String,
    },
    /// Verify a signature over the catalog's canonical bytes
    Verify {
        /// The catalog (`-`: stdin)
        file: String,
        /// The 32-byte public key (hex)
        #[arg(long)]
        public_key: String,
        /// The 64-byte signature (hex)
        #[arg(long)]
        signature: String,
    },
    /// List every group of codes that share a compact ID (codes as arguments or stdin lines)
    Collisions {
        /// Structured codes (none or `-`: one per line on stdin)
        codes: Vec<String>,
    },
}

/// The largest catalog or list of entries read, in bytes. Beyond this size the JSON alone
/// would cost hundreds of megabytes to hold; a catalog this large would have over 100,000
/// entries of 600 bytes, while already at 43,000 codes one pair is expected to share a compact
/// ID (`polyid::wdp::catalog::expected_collisions`).
pub const MAX_DOCUMENT: u64 = 64 << 20;

/// The text of `file` (`-`: stdin), read up to [`MAX_DOCUMENT`] bytes.
fn read(file: &str) -> Result<String, Failure> {
    let io_error = |e: io::Error| {
        Failure::other(IO_ERROR, e.to_string(), EXIT_REJECTED).with_input(Quoted::of(file))
    };
    let too_large = |size: Option<u64>| {
        let mut f = Failure::other(
            "INVALID_LENGTH",
            format!(
                "{}more than the {MAX_DOCUMENT} bytes a catalog or a list of entries may have",
                size.map_or_else(String::new, |n| format!("{n} bytes, "))
            ),
            EXIT_REJECTED,
        );
        if let Some(n) = size {
            f.detail.insert("found".into(), n.into());
        }
        f.detail.insert("max".into(), MAX_DOCUMENT.into());
        f.with_input(Quoted::of(file))
    };
    let reader: Box<dyn Read> = if file == "-" {
        Box::new(io::stdin().lock())
    } else {
        let f = File::open(file).map_err(io_error)?;
        // A file's size is known before reading it; a pipe's only by reading past the cap.
        match f.metadata() {
            Ok(m) if m.is_file() && m.len() > MAX_DOCUMENT => return Err(too_large(Some(m.len()))),
            _ => Box::new(f),
        }
    };
    let mut bytes = Vec::new();
    reader
        .take(MAX_DOCUMENT + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    if bytes.len() as u64 > MAX_DOCUMENT {
        return Err(too_large(None));
    }
    String::from_utf8(bytes).map_err(|e| {
        Failure::other(
            "INVALID_UTF8",
            format!("not valid UTF-8 ({})", e.utf8_error()),
            EXIT_REJECTED,
        )
        .with_input(Quoted::of(file))
    })
}

fn load(file: &str) -> Result<Catalog, Failure> {
    Catalog::from_json(&read(file)?).map_err(|e| Failure::core(&e, Some(file)))
}

fn form(name: &str) -> Result<Form, Failure> {
    name.parse().map_err(|e| Failure::core(&e, None))
}

/// The members an entry of `catalog build` may have.
const ENTRY_MEMBERS: &str = "code, message, description, hints, tags, docs_url";

/// A list of entries for `catalog build`, read as strictly as the core reads a catalog: a
/// member given twice in one entry, or one an entry does not have, is refused rather than
/// read one way here and another by the next reader; a value of the wrong type too.
struct Entries(Vec<Entry>);

impl<'de> Deserialize<'de> for Entries {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Entries, D::Error> {
        d.deserialize_any(EntriesVisitor)
    }
}

struct EntriesVisitor;

impl<'de> Visitor<'de> for EntriesVisitor {
    type Value = Entries;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON list of entries")
    }

    // serde's own message would quote the whole string.
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Entries, E> {
        Err(E::custom(format!(
            "expected a JSON list of entries, found the string {}",
            quote(v)
        )))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Entries, A::Error> {
        let mut list = Vec::new();
        while let Some(entry) = seq.next_element_seed(EntrySeed(list.len()))? {
            list.push(entry);
        }
        Ok(Entries(list))
    }
}

/// Entry `.0` of the list.
struct EntrySeed(usize);

impl<'de> DeserializeSeed<'de> for EntrySeed {
    type Value = Entry;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Entry, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for EntrySeed {
    type Value = Entry;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "entry {} to be an object {{{ENTRY_MEMBERS}}}", self.0)
    }

    // serde's own message would quote the whole string.
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Entry, E> {
        Err(E::custom(format!(
            "entry {}: expected an object {{{ENTRY_MEMBERS}}}, found the string {}",
            self.0,
            quote(v)
        )))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entry, A::Error> {
        let i = self.0;
        // serde_json appends where it is (" at line L column C") to each of these messages.
        let bad = |why: String| de::Error::custom(format!("entry {i}: {why}"));
        let mut seen: Vec<String> = Vec::new();
        let mut entry = Entry::new("", "");
        let (mut code, mut message) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            if seen.contains(&key) {
                let why = format!("member {} appears twice in one object", quote(&key));
                return Err(bad(why));
            }
            let value: Value = map.next_value()?;
            let text = |v: Value| match v {
                Value::Null => Ok(None),
                Value::String(s) => Ok(Some(s)),
                _ => Err(bad(format!("{} is not a string", quote(&key)))),
            };
            let list = |v: Value| match v {
                Value::Null => Ok(Vec::new()),
                Value::Array(items) => items
                    .into_iter()
                    .map(|item| match item {
                        Value::String(s) => Ok(s),
                        _ => Err(bad(format!(
                            "{} has an item that is not a string",
                            quote(&key)
                        ))),
                    })
                    .collect(),
                _ => Err(bad(format!("{} is not a list of strings", quote(&key)))),
            };
            match key.as_str() {
                "code" => code = text(value)?,
                "message" => message = text(value)?,
                "description" => entry.description = text(value)?,
                "docs_url" => entry.docs_url = text(value)?,
                "hints" => entry.hints = list(value)?,
                "tags" => entry.tags = list(value)?,
                _ => {
                    let why = format!(
                        "unknown member {} (an entry's members are {ENTRY_MEMBERS})",
                        quote(&key)
                    );
                    return Err(bad(why));
                }
            }
            seen.push(key);
        }
        match (code, message) {
            (Some(code), Some(message)) => Ok(Entry {
                code,
                message,
                ..entry
            }),
            _ => Err(bad("needs \"code\" and \"message\" strings".to_owned())),
        }
    }
}

fn entries(text: &str, file: &str) -> Result<Vec<Entry>, Failure> {
    serde_json::from_str::<Entries>(text)
        .map(|list| list.0)
        .map_err(|e| Failure::usage(e.to_string()).with_input(Quoted::of(file)))
}

fn expansion(e: &catalog::Expansion<'_>) -> Value {
    json!({"id": e.id, "code": e.code, "severity": e.severity.letter().to_string(),
           "meaning": e.severity.meaning(), "message": e.message})
}

pub fn run(a: &Args, json: bool) -> CliResult {
    let mut out = Out::new();
    match &a.command {
        Command::Build {
            file,
            namespace,
            form: f,
        } => {
            if let Some(ns) = namespace {
                // Checked first, so that its error names it (the build's errors name entries).
                polyid::wdp::namespace_hash(ns).map_err(|e| Failure::core(&e, Some(ns)))?;
            }
            let entries = entries(&read(file)?, file)?;
            let built = match namespace {
                Some(ns) => Catalog::build_namespaced(ns, entries),
                None => Catalog::build(entries),
            };
            out.text(
                &built
                    .map_err(|e| Failure::core(&e, None))?
                    .to_json(form(f)?),
            )?;
        }
        Command::Check { file } => {
            let c = load(file)?;
            if json {
                let mut o = json!({"file": file, "count": c.len(), "version": c.version()});
                if let Some(ns) = c.namespace() {
                    o["namespace"] = ns.into();
                }
                if let Some(h) = c.namespace_hash() {
                    o["namespace_hash"] = h.as_str().into();
                }
                out.json(&o)?;
            } else {
                let ns = match (c.namespace(), c.namespace_hash()) {
                    (Some(n), Some(h)) => format!(", namespace {n} ({})", h.as_str()),
                    (None, Some(h)) => format!(", namespace hash {}", h.as_str()),
                    _ => String::new(),
                };
                let entries = match c.len() {
                    1 => "1 entry, its ID matches its code".to_owned(),
                    n => format!("{n} entries, every ID matches its code"),
                };
                out.text(&format!("{}: {entries}{ns}", quote(file)))?;
            }
        }
        Command::Convert { file, form: f } => out.text(&load(file)?.to_json(form(f)?))?,
        Command::Expand {
            file,
            id,
            fields,
            payload,
        } => {
            let c = load(file)?;
            let list = match (payload, id) {
                (Some(p), _) => c
                    .expand_payload(p)
                    .map_err(|e| Failure::core(&e, Some(p)))?,
                (None, Some(id)) => {
                    let mut map = Map::new();
                    for f in fields {
                        let Some((k, v)) = f.split_once('=') else {
                            return Err(Failure::usage(format!(
                                "field {}: expected NAME=VALUE",
                                quote(f)
                            )));
                        };
                        map.insert(k.to_owned(), Value::from(v));
                    }
                    vec![c
                        .expand(id, &map)
                        .map_err(|e| Failure::core(&e, Some(id)))?]
                }
                (None, None) => return Err(Failure::usage("an ID or --payload is needed")),
            };
            for e in &list {
                if json {
                    out.json(&expansion(e))?;
                } else {
                    out.text(&format!("{} {} {}", e.id, e.code, e.message))?;
                }
            }
        }
        Command::Keygen => {
            let key = KeyPair::generate().map_err(|e| Failure::core(&e, None))?;
            let (secret, public) = (hex(&key.secret_key()), hex(&key.public_key()));
            if json {
                out.json(&json!({"secret_key": secret, "public_key": public}))?;
            } else {
                out.text(&format!("secret_key {secret}\npublic_key {public}"))?;
            }
        }
        Command::Sign { file, secret_key } => {
            let c = load(file)?;
            let key = from_hex(secret_key)
                .and_then(|s| KeyPair::from_secret(&s))
                .map_err(|e| Failure::core(&e, Some(secret_key)))?;
            let signature = hex(&c.sign(&key));
            if json {
                out.json(&json!({"signature": signature, "public_key": hex(&key.public_key())}))?;
            } else {
                out.text(&signature)?;
            }
        }
        Command::Verify {
            file,
            public_key,
            signature,
        } => {
            let c = load(file)?;
            let pk = from_hex(public_key).map_err(|e| Failure::core(&e, Some(public_key)))?;
            let sig = from_hex(signature).map_err(|e| Failure::core(&e, Some(signature)))?;
            // A key or signature of the wrong length is what the error is about; else the file.
            let input = if pk.len() != PUBLIC_KEY_LEN {
                public_key
            } else if sig.len() != SIGNATURE_LEN {
                signature
            } else {
                file
            };
            c.verify(&pk, &sig)
                .map_err(|e| Failure::core(&e, Some(input)))?;
            if json {
                out.json(&json!({"file": file, "verified": true}))?;
            } else {
                out.text(&format!("{}: signature verified", quote(file)))?;
            }
        }
        Command::Collisions { codes } => {
            let mut all = Vec::new();
            for_each_input(codes, CODE_LINES, |item| {
                all.push(item?.to_owned());
                Ok(())
            })?;
            let groups = catalog::collisions(&all).map_err(|e| {
                // The core stops at the first code it cannot read: name it.
                let bad = all.iter().find(|c| StructuredCode::parse(c).is_err());
                Failure::core(&e, bad.map(String::as_str))
            })?;
            for g in &groups {
                if json {
                    out.json(&json!({"id": g.id.as_str(), "codes": g.codes}))?;
                } else {
                    out.text(&format!("{} {}", g.id.as_str(), g.codes.join(" ")))?;
                }
            }
            out.flush()?;
            return Ok(if groups.is_empty() {
                EXIT_OK
            } else {
                EXIT_REJECTED
            });
        }
    }
    out.flush()?;
    Ok(EXIT_OK)
}
