//! Instances of the addon's classes, created and read here rather than by napi-rs.
//!
//! - Wrapped classes (the generators, `Catalog`): `new_instance` + `napi_wrap` with a plain
//!   drop finalizer. napi-rs's own path also keeps a reference-tracking map entry, an `Rc` and
//!   a boxed closure per object. A generator object also holds its handle in a per-thread
//!   table ([`Table`]), so that its member shims reach it without `napi_unwrap`.
//! - Everything cached (class constructors, taken from each loaded copy's own exports; value
//!   and generator symbols; makers; batch builtins) is kept per N-API environment
//!   ([`PerEnv`]): each `require` or `process.dlopen` of the addon is its own environment.
//! - ID values (`Xid`, `Tid`, `Euid`, see [`Value`]): not wrapped at all. An ID object is a
//!   frozen object with the class's prototype holding the value as a BigInt under a symbol of
//!   its class, made by a small compiled helper (`MAKER`). `napi_wrap` costs a weak reference,
//!   a finalizer and two heap blocks per object, freed by the GC later: measured,
//!   `Xid.generate()` took ~1,070 ns with it and ~185 ns this way. The getters and methods
//!   are JavaScript shims on the prototype (`install_members`) that read `this[symbol]`, which
//!   V8 caches, and pass it to the native member: `xid.toString()` ~100 ns through N-API's
//!   property read, ~45 ns this way. napi-rs's own `&self` methods need a wrapped object, so
//!   these members are declared in `dts-header.d.ts` (TypeScript merges them into the
//!   generated class declarations).
//! - Receivers: a member called on anything but an instance of its class (e.g. through
//!   `Object.getOwnPropertyDescriptor(Euid.prototype, 'value').get.call(xid)`) throws a
//!   `TypeError` instead of reading the wrong type. ID values: the object must hold a valid
//!   value under the class's own symbol. Wrapped classes: every class struct is `#[repr(C)]`
//!   and starts with a [`Kind`] header that is checked after `napi_unwrap` (V8's signature
//!   check guards napi-rs's methods, which throws "Illegal invocation", but not accessors).

use std::cell::RefCell;
use std::ffi::c_void;
use std::ptr;
use std::rc::Rc;

use napi::bindgen_prelude::{This, ToNapiValue};
use napi::{sys, Env, Error as NapiError, JsValue, Result, Status};

use crate::conv::throw_type;

/// The first field of every class struct.
#[repr(u32)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Xid = 0x5049_0001,
    Tid = 0x5049_0002,
    Euid = 0x5049_0003,
    TidGenerator = 0x5049_0004,
    EuidGenerator = 0x5049_0005,
    Catalog = 0x5049_0006,
    XidGenerator = 0x5049_0007,
}

/// A class of this addon: `#[repr(C)]`, first field a [`Kind`] equal to `KIND`.
///
/// # Safety
/// The implementing struct must be `#[repr(C)]` with `kind: Kind` as its first field, always
/// set to `KIND`.
pub unsafe trait Class: Sized + 'static {
    const KIND: Kind;
    /// The JS class name, NUL-terminated (napi-rs's constructor registry key).
    const JS_NAME: &'static str;
    /// Heap bytes owned by the value, reported to V8 (`napi_adjust_external_memory`) while
    /// the JS object lives, so that large native values (catalogs) put pressure on the GC.
    #[inline(always)]
    fn external_size(&self) -> i64 {
        0
    }
}

unsafe extern "C" fn finalize<T: Class>(env: sys::napi_env, data: *mut c_void, _hint: *mut c_void) {
    if !data.is_null() {
        let value = Box::from_raw(data.cast::<T>());
        let size = value.external_size();
        drop(value);
        if size > 0 {
            let mut total = 0i64;
            sys::napi_adjust_external_memory(env, -size, &mut total);
        }
    }
}

/// A new JS instance of `T` holding `value`.
pub(crate) unsafe fn instance<T: Class>(env: sys::napi_env, value: T) -> Result<sys::napi_value> {
    let Some(ctor_ref) = class_ctor(env, T::JS_NAME) else {
        return Err(NapiError::new(
            Status::GenericFailure,
            "class not registered",
        ));
    };
    let mut ctor = ptr::null_mut();
    let status = sys::napi_get_reference_value(env, ctor_ref, &mut ctor);
    if status != sys::Status::napi_ok {
        return Err(NapiError::new(Status::from(status), "class constructor"));
    }
    let mut obj = ptr::null_mut();
    // The generated constructor returns at once when called "from a factory".
    napi::__private::___CALL_FROM_FACTORY.with(|f| f.set(true));
    let status = sys::napi_new_instance(env, ctor, 0, ptr::null_mut(), &mut obj);
    napi::__private::___CALL_FROM_FACTORY.with(|f| f.set(false));
    if status != sys::Status::napi_ok {
        return Err(NapiError::new(Status::from(status), "new instance"));
    }
    let size = value.external_size();
    let data = Box::into_raw(Box::new(value));
    let status = sys::napi_wrap(
        env,
        obj,
        data.cast(),
        Some(finalize::<T>),
        ptr::null_mut(),
        ptr::null_mut(),
    );
    if status != sys::Status::napi_ok {
        drop(Box::from_raw(data));
        return Err(NapiError::new(Status::from(status), "wrap"));
    }
    if size > 0 {
        let mut total = 0i64;
        sys::napi_adjust_external_memory(env, size, &mut total);
    }
    Ok(obj)
}

/// A value returned to JS as an instance of its class.
pub struct Obj<T: Class>(pub T);

impl<T: Class> ToNapiValue for Obj<T> {
    #[inline]
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        instance(env, val.0)
    }
}

/// The `T` behind `this`, or a `TypeError` when `this` is not an instance of `T`.
pub(crate) fn this_ref<'a, T: Class>(env: &Env, this: &This<'a>) -> Result<&'a T> {
    let raw = env.raw();
    let mut data: *mut c_void = ptr::null_mut();
    let status = unsafe { sys::napi_unwrap(raw, JsValue::raw(&this.object), &mut data) };
    if status == sys::Status::napi_ok && !data.is_null() {
        // SAFETY: every object this addon wraps is a `#[repr(C)]` struct starting with a
        // `Kind` (u32); reading it is in bounds whatever the class.
        let kind = unsafe { ptr::read(data.cast::<u32>()) };
        if kind == T::KIND as u32 {
            return Ok(unsafe { &*data.cast::<T>() });
        }
    }
    let name = T::JS_NAME.trim_end_matches('\0');
    Err(throw_type(raw, &format!("the receiver is not a {name}")))
}

/// `util.inspect` support: `[Symbol.for('nodejs.util.inspect.custom')]()` on the prototypes of
/// the ID classes, showing e.g. `Tid(3kxnlhr3gxq23)` instead of `Tid {}`.
pub(crate) unsafe fn add_inspect(
    env: sys::napi_env,
    classes: &[(
        &'static str,
        unsafe extern "C" fn(sys::napi_env, sys::napi_callback_info) -> sys::napi_value,
    )],
) -> Result<()> {
    macro_rules! ok {
        ($e:expr) => {
            if $e != sys::Status::napi_ok {
                return Err(NapiError::new(Status::GenericFailure, "inspect setup"));
            }
        };
    }
    let mut global = ptr::null_mut();
    ok!(sys::napi_get_global(env, &mut global));
    let mut symbol_ctor = ptr::null_mut();
    ok!(sys::napi_get_named_property(
        env,
        global,
        c"Symbol".as_ptr(),
        &mut symbol_ctor
    ));
    let mut symbol_for = ptr::null_mut();
    ok!(sys::napi_get_named_property(
        env,
        symbol_ctor,
        c"for".as_ptr(),
        &mut symbol_for
    ));
    let key_text = "nodejs.util.inspect.custom";
    let mut key_str = ptr::null_mut();
    ok!(sys::napi_create_string_utf8(
        env,
        key_text.as_ptr().cast(),
        key_text.len() as isize,
        &mut key_str
    ));
    let mut key = ptr::null_mut();
    ok!(sys::napi_call_function(
        env,
        symbol_ctor,
        symbol_for,
        1,
        &key_str,
        &mut key
    ));
    for (js_name, cb) in classes {
        let Some(ctor_ref) = class_ctor(env, js_name) else {
            continue;
        };
        let mut ctor = ptr::null_mut();
        ok!(sys::napi_get_reference_value(env, ctor_ref, &mut ctor));
        let mut proto = ptr::null_mut();
        ok!(sys::napi_get_named_property(
            env,
            ctor,
            c"prototype".as_ptr(),
            &mut proto
        ));
        let mut f = ptr::null_mut();
        ok!(sys::napi_create_function(
            env,
            c"inspect".as_ptr(),
            7,
            Some(*cb),
            ptr::null_mut(),
            &mut f
        ));
        let prop = sys::napi_property_descriptor {
            utf8name: ptr::null(),
            name: key,
            method: None,
            getter: None,
            setter: None,
            value: f,
            attributes: sys::PropertyAttributes::writable | sys::PropertyAttributes::configurable,
            data: ptr::null_mut(),
        };
        ok!(sys::napi_define_properties(env, proto, 1, &prop));
    }
    Ok(())
}

/// The body of an inspect callback: `Name(text)` when `text(this)` gives one, else `Name {}`
/// (also when it panics).
unsafe fn inspect_with(
    env: sys::napi_env,
    info: sys::napi_callback_info,
    js_name: &str,
    text: impl FnOnce(sys::napi_value) -> Option<String>,
) -> sys::napi_value {
    let mut this = ptr::null_mut();
    let mut argc = 0usize;
    sys::napi_get_cb_info(
        env,
        info,
        &mut argc,
        ptr::null_mut(),
        &mut this,
        ptr::null_mut(),
    );
    let name = js_name.trim_end_matches('\0');
    let s = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| text(this))) {
        Ok(Some(t)) => format!("{name}({t})"),
        _ => format!("{name} {{}}"),
    };
    let mut out = ptr::null_mut();
    sys::napi_create_string_utf8(env, s.as_ptr().cast(), s.len() as isize, &mut out);
    out
}

/// The inspect callback body of a wrapped class `T`.
pub(crate) unsafe fn inspect_text<T: Class>(
    env: sys::napi_env,
    info: sys::napi_callback_info,
    text: impl FnOnce(&T) -> String,
) -> sys::napi_value {
    inspect_with(env, info, T::JS_NAME, |this| {
        unwrapped::<T>(env, this).map(text)
    })
}

/// An ID class whose whole value fits in 128 bits: its instances keep the value in a BigInt
/// property keyed by the class's own symbol (see the module comment) instead of a wrapped
/// native allocation.
pub trait Value: Class + Copy {
    /// The class's slot in the per-environment tables.
    const SLOT: usize;
    /// The value as two little-endian 64-bit words.
    fn to_words(&self) -> [u64; 2];
    /// The value back from its words; `None` for words no instance can hold (only a caller
    /// who copied the symbol onto another object can present such words).
    fn from_words(words: [u64; 2]) -> Option<Self>;
}

/// A class whose getters and methods are installed by [`install_members`]: what a member
/// receives (`Handle`) and where it comes from in each calling convention (see [`member`]).
pub trait Receiver: 'static {
    /// What the member bodies get: the value itself, or a counted reference to a generator.
    type Handle;
    /// The JS class name, NUL-terminated.
    const NAME: &'static str;
    /// The handle from what the shim passed (`this[symbol]`), if it is one of this class's.
    unsafe fn from_shim(env: sys::napi_env, raw: sys::napi_value) -> Option<Self::Handle>;
    /// The handle from `this` (no helpers), if it is an instance of this class.
    unsafe fn from_this(env: sys::napi_env, this: sys::napi_value) -> Result<Option<Self::Handle>>;
    /// The class's symbol and prototype, and whether the compiled helpers are in use.
    unsafe fn shim_target(env: sys::napi_env) -> Result<(sys::napi_value, sys::napi_value, bool)>;
}

impl<T: Value> Receiver for T {
    type Handle = T;
    const NAME: &'static str = T::JS_NAME;
    unsafe fn from_shim(env: sys::napi_env, raw: sys::napi_value) -> Option<T> {
        value_from_bigint::<T>(env, raw)
    }
    unsafe fn from_this(env: sys::napi_env, this: sys::napi_value) -> Result<Option<T>> {
        value_of::<T>(env, this)
    }
    unsafe fn shim_target(env: sys::napi_env) -> Result<(sys::napi_value, sys::napi_value, bool)> {
        let (symbol, ctor, maker) = value_keys::<T>(env)?;
        Ok((
            deref(env, symbol)?,
            prototype(env, deref(env, ctor)?)?,
            maker.is_some(),
        ))
    }
}

/// `ctor.prototype`.
pub(crate) unsafe fn prototype(
    env: sys::napi_env,
    ctor: sys::napi_value,
) -> Result<sys::napi_value> {
    let mut proto = ptr::null_mut();
    if sys::napi_get_named_property(env, ctor, c"prototype".as_ptr(), &mut proto)
        != sys::Status::napi_ok
    {
        return Err(NapiError::new(Status::GenericFailure, "prototype"));
    }
    Ok(proto)
}

/// Whether the compiled helpers may be used (`POLYID_NODE_NO_HELPERS=1` turns them off, for
/// the tests of the native paths).
pub(crate) fn helpers_allowed() -> bool {
    std::env::var_os("POLYID_NODE_NO_HELPERS").is_none_or(|v| v != "1")
}

/// State that belongs to one loaded copy of the addon: one entry per N-API environment on
/// this thread. Every `require` of the addon (also after `require.cache` is cleared, or a
/// second `process.dlopen`) gets its own environment, so copies never see each other's
/// symbols, constructors or helpers. Values are `Copy` (references) and are copied out, so no
/// borrow is held while JavaScript runs (which may call into another copy).
pub(crate) struct PerEnv<T: Copy>(RefCell<Vec<(sys::napi_env, T)>>);

impl<T: Copy> PerEnv<T> {
    pub(crate) const fn new() -> PerEnv<T> {
        PerEnv(RefCell::new(Vec::new()))
    }

    pub(crate) fn get(&self, env: sys::napi_env) -> Option<T> {
        self.0
            .borrow()
            .iter()
            .find(|(e, _)| *e == env)
            .map(|(_, t)| *t)
    }

    pub(crate) fn put(&self, env: sys::napi_env, value: T) {
        let mut v = self.0.borrow_mut();
        v.retain(|(e, _)| *e != env);
        v.push((env, value));
    }

    pub(crate) fn forget(&self, env: sys::napi_env) {
        self.0.borrow_mut().retain(|(e, _)| *e != env);
    }
}

/// The classes whose constructors the addon needs (JS names as `#[napi]` registers them).
const CLASS_NAMES: [&str; 7] = [
    "Xid",
    "Tid",
    "Euid",
    "TidGenerator",
    "EuidGenerator",
    "Catalog",
    "XidGenerator",
];

thread_local! {
    /// Per environment: a reference to each class of `CLASS_NAMES`, from that copy's exports.
    static CTORS: PerEnv<[sys::napi_ref; CLASS_NAMES.len()]> = const { PerEnv::new() };
}

/// Records this copy's class constructors (from its `exports`) and drops its state when its
/// environment is torn down. Called first by the module's init.
pub(crate) unsafe fn register_env(env: sys::napi_env, exports: sys::napi_value) -> Result<()> {
    let mut refs = [ptr::null_mut(); CLASS_NAMES.len()];
    for (slot, name) in CLASS_NAMES.iter().enumerate() {
        let key = std::ffi::CString::new(*name).expect("class names have no NUL");
        let mut ctor = ptr::null_mut();
        let mut r = ptr::null_mut();
        if sys::napi_get_named_property(env, exports, key.as_ptr(), &mut ctor)
            != sys::Status::napi_ok
            || sys::napi_create_reference(env, ctor, 1, &mut r) != sys::Status::napi_ok
        {
            return Err(NapiError::new(Status::GenericFailure, "class constructor"));
        }
        refs[slot] = r;
    }
    CTORS.with(|c| c.put(env, refs));
    unsafe extern "C" fn teardown(arg: *mut c_void) {
        forget_env(arg.cast());
    }
    sys::napi_add_env_cleanup_hook(env, Some(teardown), env.cast());
    Ok(())
}

/// Drops every per-environment entry of `env` (its references die with it).
unsafe fn forget_env(env: sys::napi_env) {
    let _ = CTORS.try_with(|c| c.forget(env));
    let _ = VALUE_KEYS.try_with(|c| c.forget(env));
    let _ = GENERATOR_SYMBOLS.try_with(|c| c.forget(env));
    crate::batch::forget_env(env);
}

/// The constructor of class `js_name` (with or without a trailing NUL) in `env`'s copy.
pub(crate) fn class_ctor(env: sys::napi_env, js_name: &str) -> Option<sys::napi_ref> {
    let name = js_name.trim_end_matches('\0');
    let slot = CLASS_NAMES.iter().position(|n| *n == name)?;
    CTORS.with(|c| c.get(env)).map(|refs| refs[slot])
}

/// Number of [`Value`] classes.
const VALUE_CLASSES: usize = 3;

/// Per environment: each value class's symbol, and its maker (see `MAKER`) or constructor.
#[derive(Clone, Copy)]
struct ValueKeys {
    symbols: [sys::napi_ref; VALUE_CLASSES],
    ctors: [sys::napi_ref; VALUE_CLASSES],
    makers: [Option<sys::napi_ref>; VALUE_CLASSES],
}

thread_local! {
    static VALUE_KEYS: PerEnv<ValueKeys> = const { PerEnv::new() };
}

/// Source of `maker(prototype, symbol)`, which returns `make(value)`: a new frozen object with
/// the class's prototype and `value` under the class's symbol. V8 compiles `make` to a few
/// instructions (objects of a plain constructor get in-object property slots), so an ID object
/// costs one call from native code instead of `napi_new_instance` (a callback into the class
/// constructor) plus a property definition. The objects are instances of the class for
/// `instanceof`, its getters and its methods; the class constructor only refuses `new Xid()`.
/// Frozen: an ID object never changes.
const MAKER: &str = r#"(function (proto, sym) {
  'use strict';
  const freeze = Object.freeze;
  function Value(v) {
    this[sym] = v;
    freeze(this);
  }
  Value.prototype = proto;
  return (v) => new Value(v);
})"#;

/// `make` for `ctor`'s prototype and `symbol`, or `None` when the environment does not compile
/// it or `POLYID_NODE_NO_HELPERS=1` (the objects are then made with `napi_new_instance`).
unsafe fn compile_maker(
    env: sys::napi_env,
    ctor: sys::napi_value,
    symbol: sys::napi_value,
) -> Option<sys::napi_ref> {
    if !helpers_allowed() {
        return None;
    }
    let clear = || {
        let mut ignored = ptr::null_mut();
        sys::napi_get_and_clear_last_exception(env, &mut ignored);
    };
    let mut source = ptr::null_mut();
    let mut maker = ptr::null_mut();
    let mut proto = ptr::null_mut();
    let mut undefined = ptr::null_mut();
    if sys::napi_create_string_latin1(
        env,
        MAKER.as_ptr().cast(),
        MAKER.len() as isize,
        &mut source,
    ) != sys::Status::napi_ok
        || sys::napi_get_named_property(env, ctor, c"prototype".as_ptr(), &mut proto)
            != sys::Status::napi_ok
        || sys::napi_get_undefined(env, &mut undefined) != sys::Status::napi_ok
    {
        return None;
    }
    if sys::napi_run_script(env, source, &mut maker) != sys::Status::napi_ok {
        clear();
        return None;
    }
    let args = [proto, symbol];
    let mut make = ptr::null_mut();
    if sys::napi_call_function(env, undefined, maker, 2, args.as_ptr(), &mut make)
        != sys::Status::napi_ok
    {
        clear();
        return None;
    }
    let mut r = ptr::null_mut();
    (sys::napi_create_reference(env, make, 1, &mut r) == sys::Status::napi_ok).then_some(r)
}

/// References to the symbol, the constructor and the maker of `T` in `env` (created on first
/// use per environment).
unsafe fn value_keys<T: Value>(
    env: sys::napi_env,
) -> Result<(sys::napi_ref, sys::napi_ref, Option<sys::napi_ref>)> {
    let cached = VALUE_KEYS
        .with(|k| k.get(env))
        .map(|k| (k.symbols[T::SLOT], k.ctors[T::SLOT], k.makers[T::SLOT]));
    if let Some(keys) = cached {
        return Ok(keys);
    }
    let mut symbols = [ptr::null_mut(); VALUE_CLASSES];
    let mut ctors = [ptr::null_mut(); VALUE_CLASSES];
    let mut makers = [None; VALUE_CLASSES];
    for (slot, name) in [(0, "Xid\0"), (1, "Tid\0"), (2, "Euid\0")] {
        let description = format!("polyid.{}", name.trim_end_matches('\0'));
        let mut text = ptr::null_mut();
        let mut symbol = ptr::null_mut();
        if sys::napi_create_string_latin1(
            env,
            description.as_ptr().cast(),
            description.len() as isize,
            &mut text,
        ) != sys::Status::napi_ok
            || sys::napi_create_symbol(env, text, &mut symbol) != sys::Status::napi_ok
            || sys::napi_create_reference(env, symbol, 1, &mut symbols[slot])
                != sys::Status::napi_ok
        {
            return Err(NapiError::new(Status::GenericFailure, "class symbol"));
        }
        ctors[slot] = class_ctor(env, name)
            .ok_or_else(|| NapiError::new(Status::GenericFailure, "class not registered"))?;
        makers[slot] = compile_maker(env, deref(env, ctors[slot])?, symbol);
    }
    VALUE_KEYS.with(|k| {
        k.put(
            env,
            ValueKeys {
                symbols,
                ctors,
                makers,
            },
        )
    });
    Ok((symbols[T::SLOT], ctors[T::SLOT], makers[T::SLOT]))
}

/// The value of a reference.
#[inline]
unsafe fn deref(env: sys::napi_env, r: sys::napi_ref) -> Result<sys::napi_value> {
    let mut value = ptr::null_mut();
    if sys::napi_get_reference_value(env, r, &mut value) != sys::Status::napi_ok {
        return Err(NapiError::new(Status::GenericFailure, "reference"));
    }
    Ok(value)
}

/// A new JS instance of the value class `T` holding `value`.
pub(crate) unsafe fn value_instance<T: Value>(
    env: sys::napi_env,
    value: T,
) -> Result<sys::napi_value> {
    let (symbol, ctor, maker) = value_keys::<T>(env)?;
    let words = value.to_words();
    let mut bigint = ptr::null_mut();
    if sys::napi_create_bigint_words(env, 0, 2, words.as_ptr(), &mut bigint) != sys::Status::napi_ok
    {
        return Err(NapiError::new(Status::GenericFailure, "bigint"));
    }
    let mut obj = ptr::null_mut();
    if let Some(maker) = maker {
        let mut undefined = ptr::null_mut();
        sys::napi_get_undefined(env, &mut undefined);
        if sys::napi_call_function(env, undefined, deref(env, maker)?, 1, &bigint, &mut obj)
            != sys::Status::napi_ok
        {
            return Err(NapiError::new(Status::PendingException, "make"));
        }
        return Ok(obj);
    }
    // The generated constructor returns at once when called "from a factory".
    napi::__private::___CALL_FROM_FACTORY.with(|f| f.set(true));
    let status = sys::napi_new_instance(env, deref(env, ctor)?, 0, ptr::null_mut(), &mut obj);
    napi::__private::___CALL_FROM_FACTORY.with(|f| f.set(false));
    if status != sys::Status::napi_ok {
        return Err(NapiError::new(Status::from(status), "new instance"));
    }
    // An own enumerable property of a frozen object, as `make` makes it.
    let prop = sys::napi_property_descriptor {
        utf8name: ptr::null(),
        name: deref(env, symbol)?,
        method: None,
        getter: None,
        setter: None,
        value: bigint,
        attributes: sys::PropertyAttributes::enumerable,
        data: ptr::null_mut(),
    };
    if sys::napi_define_properties(env, obj, 1, &prop) != sys::Status::napi_ok
        || sys::napi_object_freeze(env, obj) != sys::Status::napi_ok
    {
        return Err(NapiError::new(Status::GenericFailure, "define value"));
    }
    Ok(obj)
}

/// The value held by `object` when it is an instance of `T` (read through N-API; the shims
/// read it in JavaScript instead).
unsafe fn value_of<T: Value>(env: sys::napi_env, object: sys::napi_value) -> Result<Option<T>> {
    let mut t = 0;
    sys::napi_typeof(env, object, &mut t);
    if t != sys::ValueType::napi_object {
        return Ok(None);
    }
    let symbol = deref(env, value_keys::<T>(env)?.0)?;
    let mut held = ptr::null_mut();
    if sys::napi_get_property(env, object, symbol, &mut held) != sys::Status::napi_ok {
        // A proxy's trap threw: that exception stays pending.
        return Err(NapiError::new(Status::PendingException, "value"));
    }
    Ok(value_from_bigint::<T>(env, held))
}

/// A value returned to JS as an instance of its value class.
pub struct Val<T: Value>(pub T);

/// An ID argument given as an instance of the value class `T` or as its text (parsed by the
/// caller).
pub enum IdArg<T> {
    Value(T),
    Text(crate::conv::Text),
}

impl<T: Value> napi::bindgen_prelude::FromNapiValue for IdArg<T> {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        if crate::conv::typeof_(env, value) == sys::ValueType::napi_string {
            return Ok(IdArg::Text(crate::conv::Text::from_napi_value(env, value)?));
        }
        match value_of::<T>(env, value)? {
            Some(v) => Ok(IdArg::Value(v)),
            None => {
                let name = T::JS_NAME.trim_end_matches('\0');
                Err(throw_type(
                    env,
                    &format!(
                        "expected a {name} or its text, got {}",
                        crate::conv::type_name(env, value)
                    ),
                ))
            }
        }
    }
}

impl<T: Value> ToNapiValue for Val<T> {
    #[inline]
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        value_instance(env, val.0)
    }
}

/// The inspect callback body of a value class `T`.
pub(crate) unsafe fn inspect_value<T: Value>(
    env: sys::napi_env,
    info: sys::napi_callback_info,
    text: impl FnOnce(&T) -> String,
) -> sys::napi_value {
    inspect_with(env, info, T::JS_NAME, |this| {
        value_of::<T>(env, this).ok().flatten().map(|v| text(&v))
    })
}

/// A native function as N-API calls it.
pub(crate) type Callback =
    unsafe extern "C" fn(sys::napi_env, sys::napi_callback_info) -> sys::napi_value;

/// What a member of a value class is, for `install_members`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum MemberKind {
    /// A getter.
    Getter,
    /// A method; its argument (if any) is passed as it is.
    Method,
    /// A method whose argument must be an instance of the same class (`equals`, `compare`).
    Same,
    /// A getter returning a new `Buffer` of this many bytes. The shim allocates it with
    /// `Buffer.allocUnsafe` (from Node's pool, like any small Buffer) and the native member
    /// fills it ([`Arg::bytes`]): creating a Buffer through N-API costs ~450 ns.
    Bytes(usize),
}

/// A getter or method of a value class.
pub(crate) struct Member {
    pub name: &'static str,
    pub kind: MemberKind,
    pub callback: Callback,
}

/// The argument of a member call, in either calling convention (see `member`).
pub(crate) struct Arg {
    env: sys::napi_env,
    raw: sys::napi_value,
    shim: bool,
}

impl Arg {
    /// The argument converted like any function argument.
    pub(crate) fn get<A: napi::bindgen_prelude::FromNapiValue>(&self) -> Result<A> {
        // SAFETY: `raw` is an argument handle of the current call.
        unsafe { A::from_napi_value(self.env, self.raw) }
    }

    /// The argument as an instance of `T` (a `TypeError` otherwise).
    pub(crate) fn same<T: Value>(&self) -> Result<T> {
        // SAFETY: as above.
        let value = unsafe {
            if self.shim {
                // The shim passed the argument's value (`o[symbol]`).
                value_from_bigint::<T>(self.env, self.raw)
            } else {
                value_of::<T>(self.env, self.raw)?
            }
        };
        value.ok_or_else(|| {
            let name = T::JS_NAME.trim_end_matches('\0');
            throw_type(self.env, &format!("expected a {name}"))
        })
    }
}

impl Arg {
    /// The result of a `Bytes` getter: `data` written into the Buffer the shim passed, or a
    /// new Buffer holding it (direct calling convention).
    pub(crate) fn bytes<const N: usize>(&self, data: [u8; N]) -> Result<RawValue> {
        let mut out = ptr::null_mut();
        // SAFETY: `raw` is an argument handle of the current call; napi checks its type.
        unsafe {
            if !self.shim {
                let mut copy = ptr::null_mut();
                if sys::napi_create_buffer_copy(
                    self.env,
                    N,
                    data.as_ptr().cast(),
                    &mut copy,
                    &mut out,
                ) != sys::Status::napi_ok
                {
                    return Err(NapiError::new(Status::GenericFailure, "buffer"));
                }
                return Ok(RawValue(out));
            }
            let mut ptr_: *mut c_void = ptr::null_mut();
            let mut len = 0usize;
            if sys::napi_get_buffer_info(self.env, self.raw, &mut ptr_, &mut len)
                != sys::Status::napi_ok
                || len != N
                || ptr_.is_null()
            {
                return Err(NapiError::new(Status::GenericFailure, "buffer"));
            }
            // SAFETY: the Buffer has exactly `N` writable bytes at `ptr_`.
            ptr::copy_nonoverlapping(data.as_ptr(), ptr_.cast::<u8>(), N);
            sys::napi_get_undefined(self.env, &mut out);
        }
        Ok(RawValue(out))
    }
}

/// A JavaScript value made already.
pub struct RawValue(sys::napi_value);

impl RawValue {
    pub(crate) fn of(value: sys::napi_value) -> RawValue {
        RawValue(value)
    }
}

impl From<napi::bindgen_prelude::Unknown<'_>> for RawValue {
    fn from(v: napi::bindgen_prelude::Unknown<'_>) -> RawValue {
        RawValue(JsValue::raw(&v))
    }
}

impl ToNapiValue for RawValue {
    unsafe fn to_napi_value(_env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        Ok(val.0)
    }
}

/// `T` from a BigInt holding its words, if it is one.
unsafe fn value_from_bigint<T: Value>(env: sys::napi_env, held: sys::napi_value) -> Option<T> {
    let mut sign = 0i32;
    let mut count = 2usize;
    let mut words = [0u64; 2];
    if sys::napi_get_value_bigint_words(env, held, &mut sign, &mut count, words.as_mut_ptr())
        != sys::Status::napi_ok
        || sign != 0
        || count > 2
    {
        return None;
    }
    T::from_words(words)
}

/// The data of the shims' native functions (only its address matters: non-null).
static SHIM_CONVENTION: u8 = 0;

/// Runs a member of the value class `T`. Two calling conventions, told apart by the
/// function's data:
/// - shim (data non-null): the JavaScript shim on the prototype passes `this[symbol]` and the
///   argument (for a `Same` member, the argument's `[symbol]`): the property read happens in
///   JavaScript, where V8 caches it, instead of through N-API;
/// - direct (no helpers): the native function is the prototype member itself; `this` and the
///   argument are objects.
///
/// The receiver must hold a `T` (a `TypeError` otherwise). Errors are thrown unless one is
/// already pending; a panic becomes an `Error`, never an abort.
pub(crate) unsafe fn member<C: Receiver, R: ToNapiValue>(
    env: sys::napi_env,
    info: sys::napi_callback_info,
    f: impl FnOnce(&Env, C::Handle, Arg) -> Result<R>,
) -> sys::napi_value {
    let mut argc = 2usize;
    let mut argv = [ptr::null_mut(); 2];
    let mut this = ptr::null_mut();
    let mut data: *mut c_void = ptr::null_mut();
    sys::napi_get_cb_info(
        env,
        info,
        &mut argc,
        argv.as_mut_ptr(),
        &mut this,
        &mut data,
    );
    let shim = !data.is_null();
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let me = if shim {
            C::from_shim(env, argv[0])
        } else {
            C::from_this(env, this)?
        };
        let Some(me) = me else {
            let name = C::NAME.trim_end_matches('\0');
            return Err(throw_type(env, &format!("the receiver is not a {name}")));
        };
        let arg = Arg {
            env,
            raw: if shim { argv[1] } else { argv[0] },
            shim,
        };
        let r = f(&Env::from_raw(env), me, arg)?;
        R::to_napi_value(env, r)
    }));
    let error = match result {
        Ok(Ok(value)) => return value,
        Ok(Err(e)) => e.reason.clone(),
        Err(_) => "polyid: internal error (panic)".to_owned(),
    };
    let mut pending = false;
    sys::napi_is_exception_pending(env, &mut pending);
    if !pending {
        // Not a polyid error (those are thrown where they occur): an N-API failure or a panic.
        let code_text = polyid::ErrorCode::InternalError.as_str();
        let mut code = ptr::null_mut();
        let mut msg = ptr::null_mut();
        sys::napi_create_string_utf8(
            env,
            code_text.as_ptr().cast(),
            code_text.len() as isize,
            &mut code,
        );
        sys::napi_create_string_utf8(env, error.as_ptr().cast(), error.len() as isize, &mut msg);
        let mut err = ptr::null_mut();
        sys::napi_create_error(env, code, msg, &mut err);
        sys::napi_throw(env, err);
    }
    ptr::null_mut()
}

/// The JavaScript source that installs `members` on a prototype as shims: `(p, s, f0, f1, ..)`
/// with `p` the prototype, `s` the class symbol and `fi` the native function of member `i`.
/// Each shim is its own function literal, so each keeps its own type feedback in V8.
fn shim_source(members: &[Member]) -> String {
    let params: Vec<String> = (0..members.len()).map(|i| format!("f{i}")).collect();
    let mut src = format!(
        "(function (p, s, {}) {{\n  'use strict';\n  const d = Object.defineProperty;\n",
        params.join(", ")
    );
    if members
        .iter()
        .any(|m| matches!(m.kind, MemberKind::Bytes(_)))
    {
        src.push_str("  const A = Buffer.allocUnsafe.bind(Buffer);\n");
    }
    for (i, m) in members.iter().enumerate() {
        let me = "this == null ? undefined : this[s]";
        let line = match m.kind {
            // Taken from an object literal so that the getter is named `get <name>`.
            MemberKind::Getter => format!(
                "  d(p, '{n}', {{ get: Object.getOwnPropertyDescriptor({{ get {n}() {{ return f{i}({me}); }} }}, '{n}').get, configurable: true }});\n",
                n = m.name
            ),
            MemberKind::Method => format!(
                "  d(p, '{n}', {{ value: function {n}(a) {{ return f{i}({me}, a); }}, writable: true, configurable: true }});\n",
                n = m.name
            ),
            MemberKind::Bytes(len) => format!(
                "  d(p, '{n}', {{ get: Object.getOwnPropertyDescriptor({{ get {n}() {{ const b = A({len}); f{i}({me}, b); return b; }} }}, '{n}').get, configurable: true }});\n",
                n = m.name
            ),
            MemberKind::Same => format!(
                "  d(p, '{n}', {{ value: function {n}(o) {{ return f{i}({me}, o == null ? undefined : o[s]); }}, writable: true, configurable: true }});\n",
                n = m.name
            ),
        };
        src.push_str(&line);
    }
    src.push_str("})");
    src
}

/// Installs the members of the value class `T` on its prototype: as JavaScript shims over the
/// native functions when the helpers compile (see `member`), else as native getters and
/// methods. Like class members: not enumerable, configurable, methods writable.
pub(crate) unsafe fn install_members<C: Receiver>(
    env: sys::napi_env,
    members: &[Member],
) -> Result<()> {
    let fail = || NapiError::new(Status::GenericFailure, "member setup");
    let (symbol, proto, helpers) = C::shim_target(env)?;
    if helpers {
        let source = shim_source(members);
        let mut script = ptr::null_mut();
        let mut installer = ptr::null_mut();
        if sys::napi_create_string_utf8(
            env,
            source.as_ptr().cast(),
            source.len() as isize,
            &mut script,
        ) == sys::Status::napi_ok
            && sys::napi_run_script(env, script, &mut installer) == sys::Status::napi_ok
        {
            let mut args = vec![proto, symbol];
            for m in members {
                let mut f = ptr::null_mut();
                // Non-null data: the shim calling convention.
                let shim_data = ptr::addr_of!(SHIM_CONVENTION).cast_mut().cast::<c_void>();
                if sys::napi_create_function(
                    env,
                    m.name.as_ptr().cast(),
                    m.name.len() as isize,
                    Some(m.callback),
                    shim_data,
                    &mut f,
                ) != sys::Status::napi_ok
                {
                    return Err(fail());
                }
                args.push(f);
            }
            let mut undefined = ptr::null_mut();
            let mut ignored = ptr::null_mut();
            sys::napi_get_undefined(env, &mut undefined);
            if sys::napi_call_function(
                env,
                undefined,
                installer,
                args.len(),
                args.as_ptr(),
                &mut ignored,
            ) == sys::Status::napi_ok
            {
                return Ok(());
            }
        }
        // Fall through to the native members; clear what the attempt threw.
        let mut ignored = ptr::null_mut();
        sys::napi_get_and_clear_last_exception(env, &mut ignored);
    }
    let names: Vec<std::ffi::CString> = members
        .iter()
        .map(|m| std::ffi::CString::new(m.name).map_err(|_| fail()))
        .collect::<Result<_>>()?;
    let props: Vec<sys::napi_property_descriptor> = members
        .iter()
        .zip(&names)
        .map(|(m, name)| {
            let getter = matches!(m.kind, MemberKind::Getter | MemberKind::Bytes(_));
            sys::napi_property_descriptor {
                utf8name: name.as_ptr(),
                name: ptr::null_mut(),
                method: (!getter).then_some(m.callback),
                getter: getter.then_some(m.callback),
                setter: None,
                value: ptr::null_mut(),
                attributes: if getter {
                    sys::PropertyAttributes::configurable
                } else {
                    sys::PropertyAttributes::writable | sys::PropertyAttributes::configurable
                },
                // Null data: the direct calling convention.
                data: ptr::null_mut(),
            }
        })
        .collect();
    if sys::napi_define_properties(env, proto, props.len(), props.as_ptr()) != sys::Status::napi_ok
    {
        return Err(fail());
    }
    Ok(())
}

/// The members of a class (see [`Receiver`]): a module `$module` holding one `extern "C"`
/// function per member (run by [`member`]) and the `MEMBERS` table for [`install_members`]:
///
/// ```ignore
/// members! { pub(crate) mod xid_members for Xid;
///     Getter "value" value |_, me, _| Ok(BigU64(me.inner.value()));
///     Same "equals" equals |_, me, other| Ok(me.inner == other.same::<Xid>()?.inner);
/// }
/// ```
macro_rules! members {
    ($vis:vis mod $module:ident for $T:ty; $( $kind:ident $(($len:literal))? $js:literal $name:ident |$env:pat_param, $me:pat_param, $arg:pat_param| $body:expr; )*) => {
        $vis mod $module {
            #[allow(unused_imports)]
            use super::*;
            $(
                unsafe extern "C" fn $name(
                    env: napi::sys::napi_env,
                    info: napi::sys::napi_callback_info,
                ) -> napi::sys::napi_value {
                    crate::object::member::<$T, _>(env, info, |$env, $me, $arg| $body)
                }
            )*
            pub(crate) const MEMBERS: &[crate::object::Member] = &[
                $( crate::object::Member {
                    name: $js,
                    kind: crate::object::MemberKind::$kind $(($len))?,
                    callback: $name,
                }, )*
            ];
        }
    };
}
pub(crate) use members;

/// Generators reachable from their shims: counted references in a per-thread table, named
/// by the handle that each generator object holds under its class's symbol. The shim passes
/// `this[symbol]` (a property read V8 caches) instead of N-API unwrapping `this`. Only the
/// exact handle of a live generator names it; any other number, and a stale handle, name
/// nothing (`TypeError`).
pub(crate) struct Table<G> {
    /// Each slot's occupant and how many times the slot has been filled.
    slots: Vec<(u32, Option<Rc<G>>)>,
    free: Vec<u32>,
}

/// A slot is filled at most this many times (so that a handle stays within the 2^53 of a
/// JavaScript number); then it is retired rather than reused.
const MAX_FILLS: u32 = (1 << 21) - 1;

impl<G> Table<G> {
    pub(crate) const fn new() -> Table<G> {
        Table {
            slots: Vec::new(),
            free: Vec::new(),
        }
    }

    /// Stores `g` and returns its handle: `fills * 2^32 + slot`. A handle names its generator
    /// only while that generator lives; once the slot is freed and filled again, the old handle
    /// carries an older fill count and names nothing.
    pub(crate) fn insert(&mut self, g: Rc<G>) -> u64 {
        let slot = match self.free.pop() {
            Some(i) => i,
            None => {
                self.slots.push((0, None));
                (self.slots.len() - 1) as u32
            }
        };
        let entry = &mut self.slots[slot as usize];
        entry.0 += 1;
        entry.1 = Some(g);
        (u64::from(entry.0) << 32) | u64::from(slot)
    }

    pub(crate) fn remove(&mut self, handle: u64) {
        let (fills, slot) = ((handle >> 32) as u32, handle as u32);
        if let Some(entry) = self.slots.get_mut(slot as usize) {
            if entry.0 == fills && entry.1.take().is_some() && fills < MAX_FILLS {
                self.free.push(slot);
            }
        }
    }

    pub(crate) fn get(&self, handle: u64) -> Option<Rc<G>> {
        let (fills, slot) = ((handle >> 32) as u32, handle as u32);
        match self.slots.get(slot as usize)? {
            (f, Some(g)) if *f == fills => Some(Rc::clone(g)),
            _ => None,
        }
    }
}

/// Number of generator classes.
const GENERATOR_CLASSES: usize = 3;

thread_local! {
    /// Per environment: the symbol of each generator class.
    static GENERATOR_SYMBOLS: PerEnv<[sys::napi_ref; GENERATOR_CLASSES]> = const { PerEnv::new() };
}

/// The symbol of generator class `slot` (0: TidGenerator, 1: EuidGenerator, 2: XidGenerator)
/// in `env`.
pub(crate) unsafe fn generator_symbol(env: sys::napi_env, slot: usize) -> Result<sys::napi_value> {
    let cached = GENERATOR_SYMBOLS
        .with(|g| g.get(env))
        .map(|refs| refs[slot]);
    let r = match cached {
        Some(r) => r,
        None => {
            let mut refs = [ptr::null_mut(); GENERATOR_CLASSES];
            for (i, name) in [
                "polyid.TidGenerator",
                "polyid.EuidGenerator",
                "polyid.XidGenerator",
            ]
            .iter()
            .enumerate()
            {
                let mut text = ptr::null_mut();
                let mut symbol = ptr::null_mut();
                if sys::napi_create_string_latin1(
                    env,
                    name.as_ptr().cast(),
                    name.len() as isize,
                    &mut text,
                ) != sys::Status::napi_ok
                    || sys::napi_create_symbol(env, text, &mut symbol) != sys::Status::napi_ok
                    || sys::napi_create_reference(env, symbol, 1, &mut refs[i])
                        != sys::Status::napi_ok
                {
                    return Err(NapiError::new(Status::GenericFailure, "generator symbol"));
                }
            }
            GENERATOR_SYMBOLS.with(|g| g.put(env, refs));
            refs[slot]
        }
    };
    deref(env, r)
}

/// Puts the table handle `handle` on a new generator object under its class's symbol
/// (not enumerable, not writable).
pub(crate) unsafe fn tag_generator(
    env: sys::napi_env,
    object: sys::napi_value,
    class_slot: usize,
    handle: u64,
) -> Result<()> {
    let mut value = ptr::null_mut();
    // Exact: handles stay below 2^53.
    if sys::napi_create_double(env, handle as f64, &mut value) != sys::Status::napi_ok {
        return Err(NapiError::new(Status::GenericFailure, "generator index"));
    }
    let prop = sys::napi_property_descriptor {
        utf8name: ptr::null(),
        name: generator_symbol(env, class_slot)?,
        method: None,
        getter: None,
        setter: None,
        value,
        attributes: sys::PropertyAttributes::default,
        data: ptr::null_mut(),
    };
    if sys::napi_define_properties(env, object, 1, &prop) != sys::Status::napi_ok {
        return Err(NapiError::new(Status::GenericFailure, "generator index"));
    }
    Ok(())
}

/// The table handle a shim passed, if it is one: a number that is exactly a non-negative
/// integer below 2^53 (no coercion: `0.5`, `NaN` or `2 ** 53` name no generator).
pub(crate) unsafe fn table_handle(env: sys::napi_env, raw: sys::napi_value) -> Option<u64> {
    let mut t = 0;
    sys::napi_typeof(env, raw, &mut t);
    if t != sys::ValueType::napi_number {
        return None;
    }
    let mut v = 0f64;
    if sys::napi_get_value_double(env, raw, &mut v) != sys::Status::napi_ok {
        return None;
    }
    ((0.0..9_007_199_254_740_992.0).contains(&v) && v.fract() == 0.0).then_some(v as u64)
}

/// The `T` wrapped in `value`, if it is one (the `Kind` header checked).
pub(crate) unsafe fn unwrapped<'a, T: Class>(
    env: sys::napi_env,
    value: sys::napi_value,
) -> Option<&'a T> {
    let mut t = 0;
    sys::napi_typeof(env, value, &mut t);
    if t != sys::ValueType::napi_object {
        return None;
    }
    let mut data: *mut c_void = ptr::null_mut();
    if sys::napi_unwrap(env, value, &mut data) != sys::Status::napi_ok || data.is_null() {
        return None;
    }
    // SAFETY: every object this addon wraps is a `#[repr(C)]` struct starting with a `Kind`.
    (ptr::read(data.cast::<u32>()) == T::KIND as u32).then(|| &*data.cast::<T>())
}

/// `Receiver::shim_target` of generator class `slot` (see [`generator_symbol`]).
pub(crate) unsafe fn generator_target(
    env: sys::napi_env,
    js_name: &'static str,
    slot: usize,
) -> Result<(sys::napi_value, sys::napi_value, bool)> {
    let ctor = class_ctor(env, js_name)
        .ok_or_else(|| NapiError::new(Status::GenericFailure, "class not registered"))?;
    Ok((
        generator_symbol(env, slot)?,
        prototype(env, deref(env, ctor)?)?,
        helpers_allowed(),
    ))
}

/// The table, `Drop` and [`Receiver`] of a generator class `$G` (a wrapped struct with fields
/// `inner: Rc<$Inner>` and `handle: u64`), whose symbol is generator symbol `$slot`.
macro_rules! generator_class {
    ($G:ty, $Inner:ty, $slot:expr) => {
        thread_local! {
            static GENERATORS: std::cell::RefCell<crate::object::Table<$Inner>> =
                const { std::cell::RefCell::new(crate::object::Table::new()) };
        }

        impl Drop for $G {
            fn drop(&mut self) {
                // Absent during thread teardown, when the table is gone with the thread.
                let _ = GENERATORS.try_with(|t| t.borrow_mut().remove(self.handle));
            }
        }

        impl crate::object::Receiver for $G {
            type Handle = std::rc::Rc<$Inner>;
            const NAME: &'static str = <$G as crate::object::Class>::JS_NAME;
            unsafe fn from_shim(
                env: napi::sys::napi_env,
                raw: napi::sys::napi_value,
            ) -> Option<Self::Handle> {
                let h = crate::object::table_handle(env, raw)?;
                GENERATORS.with(|t| t.borrow().get(h))
            }
            unsafe fn from_this(
                env: napi::sys::napi_env,
                this: napi::sys::napi_value,
            ) -> napi::Result<Option<Self::Handle>> {
                Ok(crate::object::unwrapped::<$G>(env, this).map(|g| std::rc::Rc::clone(&g.inner)))
            }
            unsafe fn shim_target(
                env: napi::sys::napi_env,
            ) -> napi::Result<(napi::sys::napi_value, napi::sys::napi_value, bool)> {
                crate::object::generator_target(env, Self::NAME, $slot)
            }
        }

        impl $G {
            /// Puts `inner` in the table and tags the new object `this` with its handle.
            fn register(
                env: &Env,
                this: &This,
                inner: $Inner,
            ) -> napi::Result<(std::rc::Rc<$Inner>, u64)> {
                let inner = std::rc::Rc::new(inner);
                let handle = GENERATORS.with(|t| t.borrow_mut().insert(std::rc::Rc::clone(&inner)));
                // SAFETY: `this` is the object under construction.
                if let Err(e) = unsafe {
                    crate::object::tag_generator(
                        env.raw(),
                        napi::JsValue::raw(&this.object),
                        $slot,
                        handle,
                    )
                } {
                    GENERATORS.with(|t| t.borrow_mut().remove(handle));
                    return Err(e);
                }
                Ok((inner, handle))
            }

            /// A new generator object holding `inner` (for the static factories such as
            /// `resume`, where no object is under construction): `make` builds the class
            /// struct from the counted reference and the table handle.
            fn create(
                env: &Env,
                inner: $Inner,
                make: impl FnOnce(std::rc::Rc<$Inner>, u64) -> $G,
            ) -> napi::Result<crate::object::RawValue> {
                let inner = std::rc::Rc::new(inner);
                let handle = GENERATORS.with(|t| t.borrow_mut().insert(std::rc::Rc::clone(&inner)));
                // On failure the struct is dropped, which frees the handle.
                let object = unsafe { crate::object::instance(env.raw(), make(inner, handle))? };
                // SAFETY: `object` is the new instance.
                unsafe { crate::object::tag_generator(env.raw(), object, $slot, handle)? };
                Ok(crate::object::RawValue::of(object))
            }
        }
    };
}
pub(crate) use generator_class;
