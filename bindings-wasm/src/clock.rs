//! The JavaScript clock for the core's generators.
//!
//! `std::time::SystemTime::now()` panics on `wasm32-unknown-unknown`, so this binding never
//! calls the core's `SystemClock` paths (`Xid::generate`, `TidGenerator::new`, ...): every
//! generator here is built on [`JsClock`] through the core's clock-injectable constructors.
//!
//! Milliseconds come from `Date.now()` (the wall clock). Microseconds (for TIDs) add the
//! sub-millisecond part of `performance.timeOrigin + performance.now()`, clamped into the
//! millisecond `Date.now()` reported, so the result never disagrees with `Date.now()`. The
//! core's generators keep their own monotonic rule (`max(now, last + 1)`) on top of it.

use polyid::clock::Clock;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;

    #[wasm_bindgen(thread_local_v2, js_namespace = performance, js_name = timeOrigin)]
    static TIME_ORIGIN: f64;
}

/// `Date.now()`, with microseconds from `performance` where it agrees with it.
#[derive(Clone, Copy, Debug, Default)]
pub struct JsClock;

impl Clock for JsClock {
    // The module instance's real time: its TID generators share state per clock id.
    fn is_process_time(&self) -> bool {
        true
    }

    // A reading that is not a finite number of milliseconds (a replaced Date.now returning
    // NaN or Infinity) saturates to the ends of i64 in the core's conversion, so the generator
    // answers OUT_OF_RANGE instead of dating the ID 1970.
    fn now_micros(&self) -> i64 {
        let ms = js_sys::Date::now();
        let high_res = TIME_ORIGIN.with(|origin| *origin) + performance_now();
        let sub_ms = ((high_res - ms) * 1000.0).clamp(0.0, 999.0);
        let sub_ms = if sub_ms.is_nan() { 0 } else { sub_ms as i64 };
        polyid::clock::micros_from_f64(ms, sub_ms)
    }

    fn now_millis(&self) -> i64 {
        polyid::clock::millis_from_f64(js_sys::Date::now())
    }
}
