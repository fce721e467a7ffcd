//! DuckDB: the entry point `polyid_init_c_api` over DuckDB's stable C extension API, and the
//! call of one function on a chunk of rows.
//!
//! The extension asks DuckDB for the function table of the C API version [`C_API`] and reads
//! only the members it uses, all of which that version has: so one build loads in every
//! DuckDB release since (the metadata footer that `make sql-build` appends says the same).

use core::ffi::{c_char, c_void};
use core::mem::MaybeUninit;
use std::ffi::CString;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicPtr, Ordering};

use libduckdb_sys as ffi;

use crate::functions::{self, Arg, Function, Item, Out, Ty, FUNCTIONS};

/// The C API version the extension is built on (also written in its metadata footer).
pub const C_API: &str = "v1.2.0";

static API: AtomicPtr<ffi::duckdb_ext_api_v1> = AtomicPtr::new(core::ptr::null_mut());

fn api() -> &'static ffi::duckdb_ext_api_v1 {
    // SAFETY: set by the entry point before any function is registered (callbacks run only
    // after that), to the extension's own copy, which is never freed.
    unsafe { &*API.load(Ordering::Acquire) }
}

/// Calls a member of the function table; every member used is checked at load time
/// ([`keep`]).
macro_rules! duck {
    ($name:ident($($arg:expr),* $(,)?)) => {
        (api().$name.expect(stringify!($name)))($($arg),*)
    };
}

/// The members of the function table that the extension calls, as `(name, offset, present)`.
/// They are all in the table's first band (C API v1.2.0), which every DuckDB that offers
/// that version has in full.
macro_rules! used {
    ($($name:ident),* $(,)?) => {
        fn used(a: &ffi::duckdb_ext_api_v1) -> Vec<(&'static str, usize, bool)> {
            vec![$((
                stringify!($name),
                core::mem::offset_of!(ffi::duckdb_ext_api_v1, $name),
                a.$name.is_some(),
            )),*]
        }
    };
}

used!(
    duckdb_connect,
    duckdb_disconnect,
    duckdb_create_logical_type,
    duckdb_destroy_logical_type,
    duckdb_create_scalar_function,
    duckdb_destroy_scalar_function,
    duckdb_scalar_function_set_name,
    duckdb_scalar_function_set_volatile,
    duckdb_scalar_function_add_parameter,
    duckdb_scalar_function_set_return_type,
    duckdb_scalar_function_set_extra_info,
    duckdb_scalar_function_set_function,
    duckdb_register_scalar_function,
    duckdb_scalar_function_get_extra_info,
    duckdb_scalar_function_set_error,
    duckdb_data_chunk_get_size,
    duckdb_data_chunk_get_vector,
    duckdb_vector_get_data,
    duckdb_vector_get_validity,
    duckdb_vector_ensure_validity_writable,
    duckdb_vector_assign_string_element_len,
);

/// Copies the part of DuckDB's function table that the extension uses into a table of its
/// own: the one DuckDB hands over is valid only while the entry point runs (DuckDB's own
/// extension macro copies it too), and copying the whole Rust struct would read past the end
/// of an older DuckDB's shorter table. Members past the copied part stay `None`.
///
/// # Safety
/// `host` is the table DuckDB returned for [`C_API`].
unsafe fn keep(
    host: *const ffi::duckdb_ext_api_v1,
) -> Result<&'static ffi::duckdb_ext_api_v1, String> {
    let mut table: Box<MaybeUninit<ffi::duckdb_ext_api_v1>> = Box::new(MaybeUninit::zeroed());
    // SAFETY: every member is an `Option` of a function pointer, for which zero is `None`.
    let end = used(unsafe { table.assume_init_ref() })
        .iter()
        .map(|&(_, offset, _)| offset + core::mem::size_of::<usize>())
        .max()
        .unwrap_or(0);
    // SAFETY: DuckDB's table has at least the first band, which holds every used member, and
    // `end` is within both tables.
    unsafe {
        core::ptr::copy_nonoverlapping(host.cast::<u8>(), table.as_mut_ptr().cast::<u8>(), end)
    };
    // SAFETY: zeroed, then function pointers (or NULL) copied in.
    let table: &'static ffi::duckdb_ext_api_v1 = Box::leak(unsafe { table.assume_init() });
    match used(table).into_iter().find(|&(_, _, present)| !present) {
        Some((name, _, _)) => Err(format!("polyid: this DuckDB's C API has no {name}")),
        None => Ok(table),
    }
}

/// The extension's entry point (DuckDB derives its name from the extension's: `polyid`).
///
/// # Safety
/// Called by DuckDB's `LOAD` with its extension info and access table.
#[no_mangle]
pub unsafe extern "C" fn polyid_init_c_api(
    info: ffi::duckdb_extension_info,
    access: *const ffi::duckdb_extension_access,
) -> bool {
    // SAFETY: DuckDB's arguments, passed on.
    match catch_unwind(|| unsafe { init(info, access) }) {
        Ok(Ok(())) => true,
        Ok(Err(message)) => {
            // SAFETY: as above; DuckDB copies the message.
            unsafe { fail(info, access, &message) };
            false
        }
        Err(_) => {
            unsafe {
                fail(
                    info,
                    access,
                    "polyid: a defect stopped loading (please report it)",
                )
            };
            false
        }
    }
}

unsafe fn fail(
    info: ffi::duckdb_extension_info,
    access: *const ffi::duckdb_extension_access,
    message: &str,
) {
    let text = CString::new(message.replace('\0', " ")).unwrap_or_default();
    // SAFETY: `access` is DuckDB's table (checked non-NULL by the caller's path).
    if let Some(set_error) = unsafe { access.as_ref() }.and_then(|a| a.set_error) {
        unsafe { set_error(info, text.as_ptr()) };
    }
}

unsafe fn init(
    info: ffi::duckdb_extension_info,
    access: *const ffi::duckdb_extension_access,
) -> Result<(), String> {
    // SAFETY: DuckDB passes a valid access table.
    let access = unsafe { access.as_ref() }.ok_or("polyid: DuckDB passed no access table")?;
    let get_api = access.get_api.ok_or("polyid: DuckDB passed no get_api")?;
    let version = CString::new(C_API).expect("no NUL");
    // SAFETY: DuckDB's own callback; NULL means this DuckDB does not offer the version (it
    // has set the error already).
    let table = unsafe { get_api(info, version.as_ptr()) }.cast::<ffi::duckdb_ext_api_v1>();
    if table.is_null() {
        return Err(format!(
            "polyid: this DuckDB does not offer its C API {C_API}"
        ));
    }
    // SAFETY: DuckDB's table for C_API.
    let kept = unsafe { keep(table) }?;
    API.store(
        (kept as *const ffi::duckdb_ext_api_v1).cast_mut(),
        Ordering::Release,
    );
    let get_database = access
        .get_database
        .ok_or("polyid: DuckDB passed no get_database")?;
    // SAFETY: DuckDB's callback, returning its database handle.
    let db = unsafe { get_database(info) };
    if db.is_null() {
        return Err("polyid: DuckDB gave no database".to_owned());
    }
    let mut con: ffi::duckdb_connection = core::ptr::null_mut();
    // SAFETY: a live database; `con` receives a connection that is closed below.
    if unsafe { duck!(duckdb_connect(*db, &mut con)) } != ffi::duckdb_state_DuckDBSuccess {
        return Err("polyid: could not connect to the database".to_owned());
    }
    let result = FUNCTIONS
        .iter()
        .enumerate()
        // SAFETY: a live connection.
        .try_for_each(|(i, f)| unsafe { register(con, i, f) });
    // SAFETY: the connection opened above.
    unsafe { duck!(duckdb_disconnect(&mut con)) };
    result
}

fn type_id(ty: Ty) -> ffi::DUCKDB_TYPE {
    match ty {
        Ty::Text => ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR,
        Ty::Int | Ty::IntOrNull => ffi::DUCKDB_TYPE_DUCKDB_TYPE_BIGINT,
        Ty::UInt => ffi::DUCKDB_TYPE_DUCKDB_TYPE_UBIGINT,
        Ty::Bytes16 => ffi::DUCKDB_TYPE_DUCKDB_TYPE_BLOB,
        Ty::Timestamp => ffi::DUCKDB_TYPE_DUCKDB_TYPE_TIMESTAMP,
    }
}

unsafe fn with_type(ty: Ty, f: impl FnOnce(ffi::duckdb_logical_type)) {
    // SAFETY: a type made and destroyed here; DuckDB copies it where it keeps it.
    unsafe {
        let mut t = duck!(duckdb_create_logical_type(type_id(ty)));
        f(t);
        duck!(duckdb_destroy_logical_type(&mut t));
    }
}

unsafe fn register(con: ffi::duckdb_connection, index: usize, f: &Function) -> Result<(), String> {
    let name = &crate::names()[index];
    // SAFETY: a function object made, filled, registered and destroyed here.
    unsafe {
        let mut sf = duck!(duckdb_create_scalar_function());
        duck!(duckdb_scalar_function_set_name(sf, name.as_ptr()));
        for &p in f.params {
            with_type(p, |t| duck!(duckdb_scalar_function_add_parameter(sf, t)));
        }
        with_type(f.ret, |t| {
            duck!(duckdb_scalar_function_set_return_type(sf, t))
        });
        if !f.deterministic {
            duck!(duckdb_scalar_function_set_volatile(sf));
        }
        if f.params.contains(&Ty::IntOrNull) {
            // Called for NULL arguments too (DuckDB would otherwise fold a NULL argument to a
            // NULL result): the rows loop gives NULL for the other parameters' NULLs.
            duck!(duckdb_scalar_function_set_special_handling(sf));
        }
        duck!(duckdb_scalar_function_set_extra_info(
            sf,
            index as *mut c_void,
            None
        ));
        duck!(duckdb_scalar_function_set_function(sf, Some(invoke)));
        let state = duck!(duckdb_register_scalar_function(con, sf));
        duck!(duckdb_destroy_scalar_function(&mut sf));
        if state != ffi::duckdb_state_DuckDBSuccess {
            return Err(format!("polyid: registering {} failed", f.name));
        }
    }
    Ok(())
}

unsafe extern "C" fn invoke(
    info: ffi::duckdb_function_info,
    input: ffi::duckdb_data_chunk,
    output: ffi::duckdb_vector,
) {
    // No panic may unwind into DuckDB: a defect becomes an SQL error.
    let message = match catch_unwind(AssertUnwindSafe(|| unsafe { chunk(info, input, output) })) {
        Ok(Ok(())) => return,
        Ok(Err(message)) => message,
        Err(_) => "INTERNAL_ERROR: a defect stopped this polyid call (please report it)".to_owned(),
    };
    let text = CString::new(message.replace('\0', " ")).unwrap_or_default();
    // SAFETY: the call's info; DuckDB copies the message.
    unsafe { duck!(duckdb_scalar_function_set_error(info, text.as_ptr())) };
}

/// A column of the input chunk.
struct Column {
    data: *const u8,
    validity: *mut u64,
}

/// The text or bytes of a `duckdb_string_t` (inlined up to 12 bytes, else a pointer).
///
/// # Safety
/// `s` is an element of a live VARCHAR or BLOB vector.
unsafe fn string_bytes<'a>(s: *const ffi::duckdb_string_t) -> &'a [u8] {
    // SAFETY: the union's layout is DuckDB's; `length` is first in both variants.
    unsafe {
        let inlined = (*s).value.inlined;
        let len = inlined.length as usize;
        if len <= 12 {
            core::slice::from_raw_parts((*s).value.inlined.inlined.as_ptr().cast(), len)
        } else {
            core::slice::from_raw_parts((*s).value.pointer.ptr.cast_const().cast(), len)
        }
    }
}

unsafe fn chunk(
    info: ffi::duckdb_function_info,
    input: ffi::duckdb_data_chunk,
    output: ffi::duckdb_vector,
) -> Result<(), String> {
    // SAFETY (the whole function): DuckDB's chunk and vectors for this call, each column of
    // the declared type, `rows` long.
    unsafe {
        let index = duck!(duckdb_scalar_function_get_extra_info(info)) as usize;
        let f = &FUNCTIONS[index];
        let rows = duck!(duckdb_data_chunk_get_size(input)) as usize;
        let mut cols: [Column; functions::MAX_ARGS] = core::array::from_fn(|_| Column {
            data: core::ptr::null(),
            validity: core::ptr::null_mut(),
        });
        for (j, col) in cols.iter_mut().enumerate().take(f.params.len()) {
            let v = duck!(duckdb_data_chunk_get_vector(input, j as u64));
            col.data = duck!(duckdb_vector_get_data(v)).cast_const().cast();
            col.validity = duck!(duckdb_vector_get_validity(v));
        }
        let out = duck!(duckdb_vector_get_data(output)).cast::<u8>();
        if let (Some(batch), true) = (f.batch, f.params.is_empty()) {
            let mut texts = TextRows::new(output, out, rows);
            let mut emit = |row: usize, item: Item<'_>| match item {
                Item::Text(t) => texts.put(row, t),
                Item::Bytes16(b) => texts.put(row, b),
                Item::Int(v) => out.cast::<i64>().add(row).write_unaligned(v),
                Item::UInt(v) => out.cast::<u64>().add(row).write_unaligned(v),
            };
            return batch(rows, &mut emit).map_err(|e| functions::message(f, &[], &e));
        }
        if let (Some(short), [Ty::Text]) = (f.short, f.params) {
            let strings = cols[0].data.cast::<ffi::duckdb_string_t>();
            let mut buf = [0u8; 12];
            let mut out_validity: *mut u64 = core::ptr::null_mut();
            for row in 0..rows {
                if !is_valid(cols[0].validity, row) {
                    null_row(output, &mut out_validity, row);
                    continue;
                }
                let bytes = string_bytes(strings.add(row));
                let len = functions::utf8(bytes)
                    .and_then(|t| short(t, &mut buf))
                    .map_err(|e| {
                        let t = String::from_utf8_lossy(bytes);
                        functions::message(f, &[Arg::Text(&t)], &e)
                    })?;
                set_string(output, out, row, &buf[..len]);
            }
            return Ok(());
        }
        let mut out_validity: *mut u64 = core::ptr::null_mut();
        let mut texts = TextRows::new(output, out, rows);
        let mut args = [Arg::Int(0); functions::MAX_ARGS];
        'rows: for row in 0..rows {
            for (j, &ty) in f.params.iter().enumerate() {
                let col = &cols[j];
                if !is_valid(col.validity, row) {
                    if ty == Ty::IntOrNull {
                        args[j] = Arg::Null;
                        continue;
                    }
                    null_row(output, &mut out_validity, row);
                    continue 'rows;
                }
                args[j] = match ty {
                    Ty::Text => {
                        let b = string_bytes(col.data.cast::<ffi::duckdb_string_t>().add(row));
                        match functions::utf8(b) {
                            Ok(t) => Arg::Text(t),
                            Err(e) => return Err(functions::message(f, &args[..j], &e)),
                        }
                    }
                    Ty::Bytes16 => Arg::Bytes(string_bytes(
                        col.data.cast::<ffi::duckdb_string_t>().add(row),
                    )),
                    Ty::Int | Ty::UInt | Ty::Timestamp | Ty::IntOrNull => {
                        Arg::Int(col.data.cast::<i64>().add(row).read_unaligned())
                    }
                };
            }
            let args = &args[..f.params.len()];
            match functions::run(f, args) {
                Ok(Out::Null) => null_row(output, &mut out_validity, row),
                Ok(Out::Text(t)) => texts.put(row, t.as_bytes()),
                Ok(Out::Bytes16(b)) => texts.put(row, &b),
                Ok(Out::Int(v) | Out::Micros(v)) => out.cast::<i64>().add(row).write_unaligned(v),
                Ok(Out::UInt(v)) => out.cast::<u64>().add(row).write_unaligned(v),
                Err(e) => return Err(functions::message(f, args, &e)),
            }
        }
    }
    Ok(())
}

/// Writes a string result: one of at most 12 bytes straight into the vector as an inlined
/// `duckdb_string_t` (its layout is part of the C API), a longer one through DuckDB, which
/// keeps its bytes in the vector's string heap.
///
/// # Safety
/// `output` is the call's VARCHAR or BLOB vector, `data` its data, `row` within its size.
unsafe fn set_string(output: ffi::duckdb_vector, data: *mut u8, row: usize, bytes: &[u8]) {
    // SAFETY: as the contract says.
    unsafe {
        if bytes.len() <= 12 {
            let mut inlined = [0 as c_char; 12];
            for (d, &b) in inlined.iter_mut().zip(bytes) {
                *d = b as c_char;
            }
            let value = ffi::duckdb_string_t {
                value: ffi::duckdb_string_t__bindgen_ty_1 {
                    inlined: ffi::duckdb_string_t__bindgen_ty_1__bindgen_ty_2 {
                        length: bytes.len() as u32,
                        inlined,
                    },
                },
            };
            data.cast::<ffi::duckdb_string_t>()
                .add(row)
                .write_unaligned(value);
        } else {
            duck!(duckdb_vector_assign_string_element_len(
                output,
                row as u64,
                bytes.as_ptr().cast::<c_char>(),
                bytes.len() as u64
            ));
        }
    }
}

/// Writes the texts (or bytes) of one output chunk, row after row in increasing order: each of
/// at most 12 bytes inline, the longer ones into one block of the vector's string heap taken
/// at the first of them, sized for the rest of the chunk at that one's length, so that DuckDB
/// allocates once per chunk instead of once per row (a text that no longer fits goes through
/// DuckDB on its own). The block is taken through the API (a string of the block's
/// size assigned to that row) and belongs to the vector like any string assigned to it; each
/// row's `duckdb_string_t` then points at its own part (the pointer form's layout is part of
/// the C API).
struct TextRows {
    output: ffi::duckdb_vector,
    data: *mut ffi::duckdb_string_t,
    rows: usize,
    block: *mut u8,
    used: usize,
    cap: usize,
}

impl TextRows {
    fn new(output: ffi::duckdb_vector, data: *mut u8, rows: usize) -> Self {
        TextRows {
            output,
            data: data.cast(),
            rows,
            block: core::ptr::null_mut(),
            used: 0,
            cap: 0,
        }
    }

    /// # Safety
    /// As [`set_string`]; rows come in increasing order.
    unsafe fn put(&mut self, row: usize, bytes: &[u8]) {
        // SAFETY: the call's VARCHAR vector, `row` below its size; the block is the vector's
        // own heap memory of `cap` bytes, written only within it.
        unsafe {
            if bytes.len() <= 12 {
                set_string(self.output, self.data.cast(), row, bytes);
                return;
            }
            if self.block.is_null() {
                let cap = bytes.len() * (self.rows - row);
                let zeros = vec![0u8; cap];
                duck!(duckdb_vector_assign_string_element_len(
                    self.output,
                    row as u64,
                    zeros.as_ptr().cast::<c_char>(),
                    cap as u64
                ));
                self.block = (*self.data.add(row)).value.pointer.ptr.cast();
                self.cap = cap;
            }
            if self.used + bytes.len() > self.cap {
                set_string(self.output, self.data.cast(), row, bytes);
                return;
            }
            let at = self.block.add(self.used);
            core::ptr::copy_nonoverlapping(bytes.as_ptr(), at, bytes.len());
            self.used += bytes.len();
            let mut prefix = [0 as c_char; 4];
            for (d, &b) in prefix.iter_mut().zip(bytes) {
                *d = b as c_char;
            }
            self.data.add(row).write_unaligned(ffi::duckdb_string_t {
                value: ffi::duckdb_string_t__bindgen_ty_1 {
                    pointer: ffi::duckdb_string_t__bindgen_ty_1__bindgen_ty_1 {
                        length: bytes.len() as u32,
                        prefix,
                        ptr: at.cast(),
                    },
                },
            });
        }
    }
}

unsafe fn null_row(output: ffi::duckdb_vector, validity: &mut *mut u64, row: usize) {
    // SAFETY: the call's output vector; its validity mask is made writable once.
    unsafe {
        if validity.is_null() {
            duck!(duckdb_vector_ensure_validity_writable(output));
            *validity = duck!(duckdb_vector_get_validity(output));
        }
        *validity.add(row / 64) &= !(1u64 << (row % 64));
    }
}

/// Whether `row` is valid in a validity mask (NULL: every row is; else bit `row % 64` of word
/// `row / 64` is set, the layout duckdb.h documents).
///
/// # Safety
/// `validity` is NULL or the mask of a vector with more than `row` rows.
unsafe fn is_valid(validity: *const u64, row: usize) -> bool {
    // SAFETY: as the contract says.
    validity.is_null() || unsafe { *validity.add(row / 64) } >> (row % 64) & 1 == 1
}
