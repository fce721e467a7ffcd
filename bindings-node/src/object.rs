//! Instances of the addon's classes, created and unwrapped here rather than by napi-rs.
//!
//! - Creation: `new_instance` + `napi_wrap` with a plain drop finalizer. napi-rs's own path
//!   also keeps a reference-tracking map entry, an `Rc` and a boxed closure per object, which
//!   cost more than the ID itself.
//! - Receivers: every class struct is `#[repr(C)]` and starts with a [`Kind`] header, so a
//!   getter called with another class's object as `this` (e.g. through
//!   `Object.getOwnPropertyDescriptor(Euid.prototype, 'value').get.call(xid)`) is detected and
//!   throws a `TypeError` instead of reading the wrong type. (Methods are already guarded by
//!   V8's signature check, which throws "Illegal invocation"; accessors are not.)

use std::ffi::c_void;
use std::ptr;

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
    let Some(ctor_ref) = napi::__private::get_class_constructor(T::JS_NAME) else {
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

/// An argument that must be an instance of `T` (a copy of its value).
pub struct ObjArg<T: Class + Copy>(pub T);

impl<T: Class + Copy> napi::bindgen_prelude::FromNapiValue for ObjArg<T> {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        let mut data: *mut c_void = ptr::null_mut();
        let mut t = 0;
        sys::napi_typeof(env, value, &mut t);
        if t == sys::ValueType::napi_object
            && sys::napi_unwrap(env, value, &mut data) == sys::Status::napi_ok
            && !data.is_null()
            // SAFETY: see `this_ref`.
            && ptr::read(data.cast::<u32>()) == T::KIND as u32
        {
            return Ok(ObjArg(ptr::read(data.cast::<T>())));
        }
        let name = T::JS_NAME.trim_end_matches('\0');
        Err(throw_type(env, &format!("expected a {name}")))
    }
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
        let Some(ctor_ref) = napi::__private::get_class_constructor(js_name) else {
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

/// The body of an inspect callback: `Name(text)` for an instance of `T`, else `Name {}`.
pub(crate) unsafe fn inspect_text<T: Class>(
    env: sys::napi_env,
    info: sys::napi_callback_info,
    text: impl FnOnce(&T) -> String,
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
    let name = T::JS_NAME.trim_end_matches('\0');
    let mut data: *mut c_void = ptr::null_mut();
    let s = if sys::napi_unwrap(env, this, &mut data) == sys::Status::napi_ok
        && !data.is_null()
        && ptr::read(data.cast::<u32>()) == T::KIND as u32
    {
        // SAFETY: the object is alive during this call and its data is a `T` (kind checked).
        let value = &*data.cast::<T>();
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| text(value)))
            .map(|t| format!("{name}({t})"))
            .unwrap_or_else(|_| format!("{name} {{}}"))
    } else {
        format!("{name} {{}}")
    };
    let mut out = ptr::null_mut();
    sys::napi_create_string_utf8(env, s.as_ptr().cast(), s.len() as isize, &mut out);
    out
}
