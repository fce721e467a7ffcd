//! `polyid-wasm-bindgen MODULE.wasm NAME PKG`: the JS glue and the `_bg.wasm` of one module
//! for browsers and bundlers (`PKG/web`, ES module) and for Node (`PKG/node`, CommonJS), as
//! `wasm-bindgen --target web|nodejs --no-typescript --out-name NAME` writes them.

use std::path::Path;
use std::process::ExitCode;

use wasm_bindgen_cli_support::Bindgen;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, name, pkg] = args.as_slice() else {
        eprintln!("usage: polyid-wasm-bindgen MODULE.wasm NAME PKG");
        return ExitCode::from(2);
    };
    for (dir, web) in [("web", true), ("node", false)] {
        if let Err(e) = generate(Path::new(input), name, &Path::new(pkg).join(dir), web) {
            eprintln!("polyid-wasm-bindgen: {input} ({dir}): {e:#}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// Every option the CLI sets, at the value its flags give: the library's own defaults differ
/// from the CLI's in places (the default module path, reference types from the environment).
// `reference_types` is deprecated, and the CLI still sets it: left unset, the environment
// (`WASM_BINDGEN_EXTERNREF`) would decide.
#[allow(deprecated)]
fn generate(input: &Path, name: &str, out: &Path, web: bool) -> anyhow::Result<()> {
    let mut b = Bindgen::new();
    if web {
        b.web(true)?;
    } else {
        b.nodejs(true)?;
    }
    b.input_path(input)
        .out_name(name)
        .debug(false)
        .demangle(true)
        .keep_lld_exports(false)
        .keep_debug(false)
        .split_debug_info(false)
        .remove_name_section(false)
        .remove_producers_section(false)
        .typescript(false)
        .omit_imports(false)
        .omit_default_module_path(false)
        .split_linked_modules(false)
        .js_string_builtins(false)
        .ts_typed_array_buffers(false)
        .reference_types(false)
        .reset_state_function(false)
        .force_enable_abort_handler(false);
    b.generate(out)
}
