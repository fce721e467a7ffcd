//! `polyid extuuid`: EXTUUID printed forms to UUIDs and back, and their typed fields.

use polyid::extuuid::{self, Field};
use serde_json::{json, Value};

use crate::fail::{CliResult, Failure, EXIT_OK, EXIT_REJECTED};
use crate::stream::{for_each_input, Out, EXTUUID_LINES};

const EXAMPLES: &str = "\
Examples:
  $ polyid extuuid fixedB4:GBP$:222.31 quant:9.81*m/s2
  49083027-d200-8000-8000-00000021ebfc
  ...
  $ polyid extuuid --decode 49083027-d200-8000-8000-00000021ebfc
  extuuid:fixedB4:GBP$:222.31
  $ polyid extuuid --inspect int:-42
  $ polyid extuuid --json --inspect 49083027-d200-8000-8000-00000021ebfc

The printed forms and the bit layout are in docs/extuuid.md. A rejected input is reported on
stderr (in place, on stdout, with --json) and the others still run; the exit status is then 1.";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Printed values (`fixedB4:GBP$:222.31`, `extuuid:int:42`), or UUIDs with --decode;
    /// none or `-`: one per line on stdin
    #[arg(value_name = "INPUT")]
    inputs: Vec<String>,

    /// Read UUIDs and print their canonical printed form
    #[arg(long, conflicts_with = "inspect")]
    decode: bool,

    /// Print the kind and typed fields of each input (a UUID or a printed value)
    #[arg(long)]
    inspect: bool,
}

fn field_text(f: &Field) -> String {
    let join = |items: Vec<String>| items.join(",");
    match f {
        Field::Text(t) => t.clone(),
        Field::Int(v) => v.to_string(),
        Field::Float(v) => format!("{v:?}"),
        Field::Bool(b) => b.to_string(),
        Field::Ints(vs) => join(vs.iter().map(i128::to_string).collect()),
        Field::Floats(vs) => join(vs.iter().map(|v| format!("{v:?}")).collect()),
        _ => String::new(),
    }
}

pub fn run(a: &Args, json: bool) -> CliResult {
    let mut out = Out::new();
    let mut failed = false;
    let mut first = true;
    for_each_input(&a.inputs, EXTUUID_LINES, |item| {
        let failure = match item {
            Err(f) => f,
            Ok(input) if a.inspect => match extuuid::inspect(input) {
                Ok(i) if json => {
                    let mut v: Value = serde_json::from_str(&i.to_json()).unwrap_or(Value::Null);
                    v["input"] = input.into();
                    return out.json(&v);
                }
                Ok(i) => {
                    if !std::mem::take(&mut first) {
                        out.text("")?;
                    }
                    out.text(&format!("kind      {}", i.kind))?;
                    out.text(&format!("uuid      {}", i.uuid))?;
                    out.text(&format!("text      {}", i.text))?;
                    for (name, f) in &i.fields {
                        out.text(&format!("{name:<9} {}", field_text(f)))?;
                    }
                    return Ok(());
                }
                Err(e) => Failure::core(&e, Some(input)),
            },
            Ok(input) if a.decode => match extuuid::decode_text(input) {
                Ok(text) if json => return out.json(&json!({"input": input, "text": text})),
                Ok(text) => return out.text(&text),
                Err(e) => Failure::core(&e, Some(input)),
            },
            Ok(input) => {
                match extuuid::Extuuid::parse(input) {
                    Ok(u) if json => return out.json(
                        &json!({"input": input, "uuid": u.uuid_string(), "text": u.to_string()}),
                    ),
                    Ok(u) => return out.text(&u.uuid_string()),
                    Err(e) => Failure::core(&e, Some(input)),
                }
            }
        };
        failed = true;
        out.reject(&failure, json)
    })?;
    out.flush()?;
    Ok(if failed { EXIT_REJECTED } else { EXIT_OK })
}
