//! Core errors as thrown JavaScript `Error`s.
//!
//! The `Error` object is made by the package's JavaScript layer (`bindings-js/common.js`, registered with
//! [`set_error_factory`]) from the parts of the core's [`polyid::Error`]: the stable code, the
//! context, and the detail (offending character and index, found and expected length or check
//! value, range, text or reason). The JavaScript layer writes the message in the core's
//! `Display` format, from a table that `tools/error_codes.py` generates from the core's
//! `MESSAGE_FORMS` (the parts go in the order of each form's fields). Formatting it here would link Rust's whole formatting machinery and
//! Unicode escape tables into the module (bindings-wasm/README.md, "Size"); the parts are exact, and the shared
//! vectors plus a comparison with the Node package's messages check the result.

use std::cell::RefCell;

use polyid::{Detail, ErrorCode};
use wasm_bindgen::prelude::*;

/// Results of exported functions: `Err` is thrown in JavaScript.
pub type JsResult<T> = Result<T, JsValue>;

thread_local! {
    static FACTORY: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// Registers the JavaScript function that builds the thrown `Error` from
/// `(code, context, kind, a, b, c)`.
#[wasm_bindgen]
pub fn set_error_factory(factory: js_sys::Function) {
    FACTORY.with(|f| *f.borrow_mut() = Some(factory));
}

/// A core error as the value to throw.
#[cold]
#[inline(never)]
pub fn core_error(e: polyid::Error) -> JsValue {
    let (kind, a, b, c): (&str, JsValue, JsValue, JsValue) = match e.detail() {
        Detail::Character { index, character } => {
            let mut buf = [0u8; 4];
            let character = JsValue::from_str(character.encode_utf8(&mut buf));
            (
                "char",
                (*index as f64).into(),
                character,
                JsValue::UNDEFINED,
            )
        }
        Detail::Length { found, expected } => (
            "length",
            (*found as f64).into(),
            (*expected as f64).into(),
            JsValue::UNDEFINED,
        ),
        Detail::Checkmod { found, expected } => (
            "checkmod",
            (*found).into(),
            (*expected).into(),
            JsValue::UNDEFINED,
        ),
        Detail::Range { found, min, max } => {
            ("range", (*found).into(), (*min).into(), (*max).into())
        }
        // The kept characters, and the input's length when the excerpt was cut.
        Detail::Text(text) => (
            "text",
            JsValue::from_str(text.head()),
            if text.is_cut() {
                (text.input_len() as f64).into()
            } else {
                JsValue::UNDEFINED
            },
            JsValue::UNDEFINED,
        ),
        Detail::Reason(reason) => (
            "reason",
            JsValue::from_str(reason),
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
        ),
        // Shown as is, like a reason (catalog errors: the codes, IDs and fields involved).
        Detail::Lead { lead, max, unit } => (
            "lead",
            (*lead as f64).into(),
            (*max as f64).into(),
            JsValue::from_str(unit),
        ),
        Detail::Message(message) => (
            "reason",
            JsValue::from_str(message),
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
        ),
        _ => (
            "none",
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
        ),
    };
    let parts = [
        JsValue::from_str(e.code().as_str()),
        JsValue::from_str(e.context()),
        JsValue::from_str(kind),
        a,
        b,
        c,
    ];
    FACTORY.with(|f| match &*f.borrow() {
        Some(factory) => {
            let args: js_sys::Array = parts.iter().collect();
            factory
                .apply(&JsValue::UNDEFINED, &args)
                .unwrap_or_else(|thrown| thrown)
        }
        // Not reachable through the package (its JavaScript registers the factory first).
        None => js_sys::Error::new(ErrorCode::as_str(e.code())).into(),
    })
}

/// `polyid::Result` -> a result whose error JavaScript throws.
pub trait Throw<T> {
    /// Converts the error side.
    fn js(self) -> JsResult<T>;
}

impl<T> Throw<T> for polyid::Result<T> {
    #[inline]
    fn js(self) -> JsResult<T> {
        self.map_err(core_error)
    }
}
