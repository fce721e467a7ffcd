//! Fast array transport for batch functions.
//!
//! Reading an array element by element through N-API (`napi_get_element`) costs a generic
//! property lookup per element, which is more than computing a compact ID. Instead the batch
//! functions let V8's own builtins move the elements:
//! - in: `Reflect.apply(collect, undefined, array)` calls our native `collect` callback with
//!   the elements as its arguments, which N-API hands over as one C array of handles;
//! - in, the text: `array.join(sep)` makes one string, read with one N-API call;
//! - out: the results as one ASCII string, cut into the result array by `String.prototype.split`.
//! - for the compact-ID batch, two small JavaScript functions compiled once per environment
//!   (`HELPERS`): one checks that every element is a string and concatenates them, the other
//!   cuts a
//!   string of fixed-width results into the result array. V8 compiles their loops to machine
//!   code, which makes them several times cheaper than one N-API call per element (measured:
//!   `compactIds` 85 ns/code through `collect` + `split`, see bindings-node/README.md). They
//!   only move strings; every ID is still computed in Rust. Where they cannot be compiled
//!   (an embedder that forbids it, or `POLYID_NODE_NO_HELPERS=1` for the tests), the builtins
//!   above are used instead.
//!
//! Arrays longer than `CHUNK` go through `collect` in slices (`Array.prototype.slice`), so the
//! argument count stays far below V8's limits.

use std::cell::Cell;
use std::ffi::CStr;
use std::ptr;

use napi::{sys, Error as NapiError, Result, Status};

/// Elements passed per `Reflect.apply` call.
pub(crate) const CHUNK: u32 = 8192;

#[derive(Clone, Copy)]
struct Builtins {
    reflect_apply: sys::napi_ref,
    array_slice: sys::napi_ref,
    array_join: sys::napi_ref,
    string_split: sys::napi_ref,
    json_stringify: sys::napi_ref,
    collect: sys::napi_ref,
    /// `HELPERS.concat` and `HELPERS.cut`, when they compiled.
    concat: Option<sys::napi_ref>,
    cut: Option<sys::napi_ref>,
}

/// Transport helpers (see the module comment). `cut` uses the original `slice`,
/// taken when they are compiled, so that a program replacing `String.prototype.slice`
/// later does not change the results.
const HELPERS: &str = r#"(function () {
  'use strict';
  const slice = String.prototype.slice;
  return {
    // The elements of `a` concatenated, each read once, with their lengths written to
    // `lens` (a Uint32Array, one slot per element); or the index of the first one that is not a string.
    concat(a, lens) {
      const n = lens.length;
      let s = '';
      for (let i = 0; i < n; i++) {
        const c = a[i];
        if (typeof c !== 'string') return i;
        lens[i] = c.length;
        s += c;
      }
      return s;
    },
    // The `n` strings of `w` characters that `s` is made of, in a new array.
    cut(s, w, n) {
      const r = new Array(n);
      for (let i = 0, j = 0; i < n; i++, j += w) r[i] = slice.call(s, j, j + w);
      return r;
    },
  };
})()"#;

/// Compiles `HELPERS`; `None` when the environment does not allow it (or it throws).
unsafe fn compile_helpers(env: sys::napi_env) -> Option<(sys::napi_ref, sys::napi_ref)> {
    let mut source = ptr::null_mut();
    if sys::napi_create_string_latin1(
        env,
        HELPERS.as_ptr().cast(),
        HELPERS.len() as isize,
        &mut source,
    ) != sys::Status::napi_ok
    {
        return None;
    }
    let mut helpers = ptr::null_mut();
    if sys::napi_run_script(env, source, &mut helpers) != sys::Status::napi_ok {
        // A refusal is an exception; it is not the caller's.
        let mut ignored = ptr::null_mut();
        sys::napi_get_and_clear_last_exception(env, &mut ignored);
        return None;
    }
    let concat = get(env, helpers, c"concat").ok()?;
    let cut = get(env, helpers, c"cut").ok()?;
    Some((reference(env, concat).ok()?, reference(env, cut).ok()?))
}

/// What `collect` hands the elements to.
type Visitor = dyn FnMut(sys::napi_env, &[sys::napi_value]) -> bool;

thread_local! {
    static BUILTINS: crate::object::PerEnv<Builtins> = const { crate::object::PerEnv::new() };
    /// The visitor of the batch call running on this thread (set around `Reflect.apply`).
    static VISITOR: Cell<Option<*mut Visitor>> =
        const { Cell::new(None) };
}

macro_rules! ok {
    ($e:expr) => {{
        let status = $e;
        if status != sys::Status::napi_ok {
            return Err(NapiError::new(Status::from(status), "napi call failed"));
        }
    }};
}

unsafe fn get(env: sys::napi_env, obj: sys::napi_value, key: &CStr) -> Result<sys::napi_value> {
    let mut out = ptr::null_mut();
    ok!(sys::napi_get_named_property(
        env,
        obj,
        key.as_ptr(),
        &mut out
    ));
    Ok(out)
}

unsafe fn reference(env: sys::napi_env, value: sys::napi_value) -> Result<sys::napi_ref> {
    let mut r = ptr::null_mut();
    ok!(sys::napi_create_reference(env, value, 1, &mut r));
    Ok(r)
}

unsafe fn deref(env: sys::napi_env, r: sys::napi_ref) -> Result<sys::napi_value> {
    let mut out = ptr::null_mut();
    ok!(sys::napi_get_reference_value(env, r, &mut out));
    Ok(out)
}

/// `collect(...elements)`: hands the arguments to the current visitor.
unsafe extern "C" fn collect(env: sys::napi_env, info: sys::napi_callback_info) -> sys::napi_value {
    let mut argc = 0usize;
    sys::napi_get_cb_info(
        env,
        info,
        &mut argc,
        ptr::null_mut(),
        ptr::null_mut(),
        ptr::null_mut(),
    );
    let mut argv = vec![ptr::null_mut(); argc];
    sys::napi_get_cb_info(
        env,
        info,
        &mut argc,
        argv.as_mut_ptr(),
        ptr::null_mut(),
        ptr::null_mut(),
    );
    argv.truncate(argc);
    let mut result = ptr::null_mut();
    let keep_going = match VISITOR.with(|v| v.get()) {
        // SAFETY: the pointer was set by `for_each_chunk` on this thread and outlives the call.
        Some(f) => std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (*f)(env, &argv)))
            .unwrap_or(false),
        None => false,
    };
    sys::napi_get_boolean(env, keep_going, &mut result);
    result
}

unsafe fn with_builtins<T>(
    env: sys::napi_env,
    f: impl FnOnce(&Builtins) -> Result<T>,
) -> Result<T> {
    if let Some(b) = BUILTINS.with(|b| b.get(env)) {
        return f(&b);
    }
    {
        let mut global = ptr::null_mut();
        ok!(sys::napi_get_global(env, &mut global));
        let reflect = get(env, global, c"Reflect")?;
        let array = get(env, global, c"Array")?;
        let proto = get(env, array, c"prototype")?;
        let string = get(env, global, c"String")?;
        let string_proto = get(env, string, c"prototype")?;
        let json = get(env, global, c"JSON")?;
        let mut collect_fn = ptr::null_mut();
        ok!(sys::napi_create_function(
            env,
            c"collect".as_ptr(),
            7,
            Some(collect),
            ptr::null_mut(),
            &mut collect_fn
        ));
        let b = Builtins {
            reflect_apply: reference(env, get(env, reflect, c"apply")?)?,
            array_slice: reference(env, get(env, proto, c"slice")?)?,
            array_join: reference(env, get(env, proto, c"join")?)?,
            string_split: reference(env, get(env, string_proto, c"split")?)?,
            json_stringify: reference(env, get(env, json, c"stringify")?)?,
            collect: reference(env, collect_fn)?,
            concat: None,
            cut: None,
        };
        // POLYID_NODE_NO_HELPERS=1 (read once per environment) forces the builtins-only
        // transport, so that the tests can run it too.
        let helpers = if crate::object::helpers_allowed() {
            compile_helpers(env)
        } else {
            None
        };
        let b = match helpers {
            Some((concat, cut)) => Builtins {
                concat: Some(concat),
                cut: Some(cut),
                ..b
            },
            None => b,
        };
        BUILTINS.with(|c| c.put(env, b));
        f(&b)
    }
}

/// Drops `env`'s builtins (its environment is being torn down).
pub(crate) fn forget_env(env: sys::napi_env) {
    let _ = BUILTINS.try_with(|b| b.forget(env));
}

/// Calls `visit(env, elements)` for the elements of `array` (length `len`), in chunks, until
/// it returns `false`. A pending JS exception (from a getter or a proxy) is returned as an
/// error.
pub(crate) unsafe fn for_each_chunk(
    env: sys::napi_env,
    array: sys::napi_value,
    len: u32,
    visit: &mut dyn FnMut(sys::napi_env, &[sys::napi_value]) -> bool,
) -> Result<()> {
    if len == 0 {
        return Ok(());
    }
    with_builtins(env, |b| {
        let apply = deref(env, b.reflect_apply)?;
        let collect = deref(env, b.collect)?;
        let slice = deref(env, b.array_slice)?;
        let mut undefined = ptr::null_mut();
        ok!(sys::napi_get_undefined(env, &mut undefined));
        // SAFETY: erase the borrow's lifetime; the pointer is cleared before returning.
        let raw: *mut (dyn FnMut(sys::napi_env, &[sys::napi_value]) -> bool + '_) = visit;
        let raw: *mut (dyn FnMut(sys::napi_env, &[sys::napi_value]) -> bool + 'static) =
            std::mem::transmute(raw);
        let previous = VISITOR.with(|v| v.replace(Some(raw)));
        let mut result = Ok(());
        let mut start = 0u32;
        while start < len {
            let part = if len <= CHUNK {
                array
            } else {
                let end = (start + CHUNK).min(len);
                let mut args = [ptr::null_mut(); 2];
                sys::napi_create_uint32(env, start, &mut args[0]);
                sys::napi_create_uint32(env, end, &mut args[1]);
                let mut part = ptr::null_mut();
                let status =
                    sys::napi_call_function(env, array, slice, 2, args.as_ptr(), &mut part);
                if status != sys::Status::napi_ok {
                    result = Err(NapiError::new(Status::PendingException, "slice failed"));
                    break;
                }
                part
            };
            let args = [collect, undefined, part];
            let mut ret = ptr::null_mut();
            let status = sys::napi_call_function(env, undefined, apply, 3, args.as_ptr(), &mut ret);
            if status != sys::Status::napi_ok {
                result = Err(NapiError::new(
                    Status::PendingException,
                    "Reflect.apply failed",
                ));
                break;
            }
            let mut keep_going = false;
            sys::napi_get_value_bool(env, ret, &mut keep_going);
            if !keep_going {
                break;
            }
            start = start.saturating_add(CHUNK);
        }
        VISITOR.with(|v| v.set(previous));
        result
    })
}

/// `array.join(separator)` with the original `Array.prototype.join`, read as UTF-8.
pub(crate) unsafe fn join(
    env: sys::napi_env,
    array: sys::napi_value,
    separator: &str,
) -> Result<Vec<u8>> {
    with_builtins(env, |b| {
        let join = deref(env, b.array_join)?;
        let mut sep = ptr::null_mut();
        ok!(sys::napi_create_string_latin1(
            env,
            separator.as_ptr().cast(),
            separator.len() as isize,
            &mut sep
        ));
        let mut joined = ptr::null_mut();
        ok!(sys::napi_call_function(
            env,
            array,
            join,
            1,
            &sep,
            &mut joined
        ));
        let mut len = 0usize;
        ok!(sys::napi_get_value_string_utf8(
            env,
            joined,
            ptr::null_mut(),
            0,
            &mut len
        ));
        let mut bytes = vec![0u8; len + 1];
        let mut written = 0usize;
        ok!(sys::napi_get_value_string_utf8(
            env,
            joined,
            bytes.as_mut_ptr().cast(),
            len + 1,
            &mut written
        ));
        bytes.truncate(written);
        Ok(bytes)
    })
}

/// `JSON.stringify(value)` with the original `JSON.stringify`: a string, or `undefined` for
/// values JSON has no text for. A throw (a cycle, a `bigint` inside) is left pending.
pub(crate) unsafe fn json_stringify(
    env: sys::napi_env,
    value: sys::napi_value,
) -> Result<sys::napi_value> {
    with_builtins(env, |b| {
        let stringify = deref(env, b.json_stringify)?;
        let mut undefined = ptr::null_mut();
        ok!(sys::napi_get_undefined(env, &mut undefined));
        let mut out = ptr::null_mut();
        if sys::napi_call_function(env, undefined, stringify, 1, &value, &mut out)
            != sys::Status::napi_ok
        {
            return Err(NapiError::new(
                Status::PendingException,
                "JSON.stringify failed",
            ));
        }
        Ok(out)
    })
}

/// `text.split(separator)` with the original `String.prototype.split`: an array of strings
/// made by V8 from one ASCII string.
pub(crate) unsafe fn split_ascii(
    env: sys::napi_env,
    text: &[u8],
    separator: &str,
) -> Result<sys::napi_value> {
    with_builtins(env, |b| {
        let split = deref(env, b.string_split)?;
        let mut s = ptr::null_mut();
        ok!(sys::napi_create_string_latin1(
            env,
            text.as_ptr().cast(),
            text.len() as isize,
            &mut s
        ));
        let mut sep = ptr::null_mut();
        ok!(sys::napi_create_string_latin1(
            env,
            separator.as_ptr().cast(),
            separator.len() as isize,
            &mut sep
        ));
        let mut out = ptr::null_mut();
        ok!(sys::napi_call_function(env, s, split, 1, &sep, &mut out));
        Ok(out)
    })
}

/// The array of strings in `text`, a sequence of ASCII items each followed by `,`
/// (empty `text`: an empty array).
pub(crate) fn strings<'env>(
    env: &'env napi::Env,
    text: &[u8],
) -> Result<napi::bindgen_prelude::Unknown<'env>> {
    let raw = env.raw();
    let value = unsafe {
        match text.split_last() {
            None => {
                let mut empty = ptr::null_mut();
                ok!(sys::napi_create_array(raw, &mut empty));
                empty
            }
            Some((_, items)) => split_ascii(raw, items, ",")?,
        }
    };
    Ok(unsafe { napi::bindgen_prelude::Unknown::from_raw_unchecked(raw, value) })
}

/// The strings of an array, read in one piece (see `strings_of`).
pub(crate) enum Strings {
    /// Element `i` is not a string.
    NotString(u32),
    /// All ASCII: the bytes of all elements, and each element's length.
    Ascii { text: Vec<u8>, lens: Vec<u32> },
    /// Some text is not ASCII: the UTF-16 code units, and each element's length in units.
    Wide { units: Vec<u16>, lens: Vec<u32> },
}

impl Strings {
    /// Calls `f(i, element)` for each element in order until it returns `false`. A
    /// non-ASCII element is converted from UTF-16 (an unpaired surrogate becomes U+FFFD, as in
    /// every other string argument).
    pub(crate) fn for_each(&self, mut f: impl FnMut(usize, &str) -> bool) {
        match self {
            Strings::NotString(_) => {}
            Strings::Ascii { text, lens } => {
                let mut at = 0usize;
                for (i, &len) in lens.iter().enumerate() {
                    let end = at + len as usize;
                    // SAFETY: `text` is ASCII, so every slice of it is UTF-8; `strings_of`
                    // checked that the lengths add up to `text.len()`.
                    let item =
                        unsafe { std::str::from_utf8_unchecked(text.get_unchecked(at..end)) };
                    if !f(i, item) {
                        return;
                    }
                    at = end;
                }
            }
            Strings::Wide { units, lens } => {
                let mut at = 0usize;
                for (i, &len) in lens.iter().enumerate() {
                    let end = at + len as usize;
                    if !f(i, &String::from_utf16_lossy(&units[at..end])) {
                        return;
                    }
                    at = end;
                }
            }
        }
    }
}

/// The elements of `array` (length `len`), each read exactly once: all of them are
/// concatenated by `HELPERS.concat`, which records their lengths, and the one string is read
/// with one N-API call. `Ok(None)` when the helpers are not available (the caller reads the
/// elements another way).
///
/// The text is read as UTF-16, whose length V8 knows without a scan, and narrowed to bytes
/// in one vectorized pass when it is all ASCII.
pub(crate) unsafe fn strings_of(
    env: sys::napi_env,
    array: sys::napi_value,
    len: u32,
) -> Result<Option<Strings>> {
    with_builtins(env, |b| {
        let Some(helper) = b.concat else {
            return Ok(None);
        };
        let helper = deref(env, helper)?;
        let n = len as usize;
        let mut undefined = ptr::null_mut();
        ok!(sys::napi_get_undefined(env, &mut undefined));
        // The lengths come back in a Uint32Array that only the helper sees.
        let mut data: *mut std::ffi::c_void = ptr::null_mut();
        let mut buffer = ptr::null_mut();
        ok!(sys::napi_create_arraybuffer(
            env,
            n * 4,
            &mut data,
            &mut buffer
        ));
        let mut lens_array = ptr::null_mut();
        ok!(sys::napi_create_typedarray(
            env,
            sys::TypedarrayType::uint32_array,
            n,
            buffer,
            0,
            &mut lens_array
        ));
        let args = [array, lens_array];
        let mut joined = ptr::null_mut();
        if sys::napi_call_function(env, undefined, helper, 2, args.as_ptr(), &mut joined)
            != sys::Status::napi_ok
        {
            return Err(NapiError::new(Status::PendingException, "concat failed"));
        }
        let mut t = 0;
        ok!(sys::napi_typeof(env, joined, &mut t));
        if t != sys::ValueType::napi_string {
            let mut index = 0u32;
            ok!(sys::napi_get_value_uint32(env, joined, &mut index));
            return Ok(Some(Strings::NotString(index)));
        }
        let mut lens = vec![0u32; n];
        if n > 0 {
            // SAFETY: the buffer holds `n` u32 values (ArrayBuffer memory is suitably aligned)
            // and nothing else can have detached it.
            ptr::copy_nonoverlapping(data.cast::<u32>(), lens.as_mut_ptr(), n);
        }
        let units = read_utf16(env, joined)?;
        let total: u64 = lens.iter().map(|&l| u64::from(l)).sum();
        if total != units.len() as u64 {
            return Err(NapiError::new(
                Status::GenericFailure,
                "the strings changed while they were read",
            ));
        }
        // One pass the compiler vectorizes: are all units ASCII?
        if units.iter().fold(0u16, |acc, &u| acc | u) < 0x80 {
            let text = units.iter().map(|&u| u as u8).collect();
            Ok(Some(Strings::Ascii { text, lens }))
        } else {
            Ok(Some(Strings::Wide { units, lens }))
        }
    })
}

/// The UTF-16 code units of the JS string `value`.
unsafe fn read_utf16(env: sys::napi_env, value: sys::napi_value) -> Result<Vec<u16>> {
    let mut len = 0usize;
    ok!(sys::napi_get_value_string_utf16(
        env,
        value,
        ptr::null_mut(),
        0,
        &mut len
    ));
    let mut units: Vec<u16> = vec![0; len + 1];
    let mut written = 0usize;
    ok!(sys::napi_get_value_string_utf16(
        env,
        value,
        units.as_mut_ptr(),
        len + 1,
        &mut written
    ));
    units.truncate(written);
    Ok(units)
}

/// The array of the `text.len() / width` strings of `width` ASCII bytes each that `text` is
/// made of (`text.len()` a multiple of `width`).
pub(crate) fn fixed_strings<'env>(
    env: &'env napi::Env,
    text: &[u8],
    width: usize,
) -> Result<napi::bindgen_prelude::Unknown<'env>> {
    debug_assert!(width > 0 && text.len().is_multiple_of(width));
    let raw = env.raw();
    let n = text.len() / width;
    let Some(cut) = (unsafe { with_builtins(raw, |b| Ok(b.cut))? }) else {
        // No helpers: separate the items and let `split` cut them.
        let mut separated = Vec::with_capacity(n * (width + 1));
        for item in text.chunks_exact(width) {
            separated.extend_from_slice(item);
            separated.push(b',');
        }
        return strings(env, &separated);
    };
    let value = unsafe {
        if n == 0 {
            let mut empty = ptr::null_mut();
            ok!(sys::napi_create_array(raw, &mut empty));
            empty
        } else {
            let cut = deref(raw, cut)?;
            let mut undefined = ptr::null_mut();
            ok!(sys::napi_get_undefined(raw, &mut undefined));
            let mut args = [ptr::null_mut(); 3];
            ok!(sys::napi_create_string_latin1(
                raw,
                text.as_ptr().cast(),
                text.len() as isize,
                &mut args[0]
            ));
            ok!(sys::napi_create_uint32(raw, width as u32, &mut args[1]));
            ok!(sys::napi_create_double(raw, n as f64, &mut args[2]));
            let mut out = ptr::null_mut();
            ok!(sys::napi_call_function(
                raw,
                undefined,
                cut,
                3,
                args.as_ptr(),
                &mut out
            ));
            out
        }
    };
    Ok(unsafe { napi::bindgen_prelude::Unknown::from_raw_unchecked(raw, value) })
}
