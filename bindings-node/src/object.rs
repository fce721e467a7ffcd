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
}

unsafe extern "C" fn finalize<T: Class>(
    _env: sys::napi_env,
    data: *mut c_void,
    _hint: *mut c_void,
) {
    if !data.is_null() {
        drop(Box::from_raw(data.cast::<T>()));
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
