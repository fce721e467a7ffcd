//! What every generator is built from: its node, its random source, and its policy for a clock
//! that is behind the IDs already issued.
//!
//! A generator's IDs always increase. When the clock steps back (an NTP step, a VM resumed
//! from a snapshot) or a tick's capacity is spent, a generator keeps counting on the last
//! timestamp it issued, so its IDs run ahead of the clock. The distance is the generator's
//! *lead*; it is bounded by `max_lead_ms`. An ID that would need a larger lead either fails
//! with `CLOCK_BEHIND` (the default: the caller sees the problem at once and no thread blocks)
//! or waits for the clock to catch up (`OnClockBehind::Wait`).

use core::fmt;
use core::str::FromStr;

use crate::error::{Detail, Error, ErrorCode, Result};
use crate::node::Node;

/// Default bound on a generator's lead over the clock: one minute.
pub const DEFAULT_MAX_LEAD_MS: u64 = 60_000;
/// Largest allowed `max_lead_ms`: one day.
pub const MAX_LEAD_MS: u64 = 86_400_000;

/// What a generator does when the next ID would run further ahead of the clock than
/// `max_lead_ms`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnClockBehind {
    /// Fail with `CLOCK_BEHIND`.
    #[default]
    Fail,
    /// Sleep until the clock is close enough (a clock that does not move, such as a manual
    /// one, or a runtime that cannot sleep, such as a browser's main thread, fails instead).
    Wait,
}

impl OnClockBehind {
    /// `"fail"` or `"wait"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            OnClockBehind::Fail => "fail",
            OnClockBehind::Wait => "wait",
        }
    }
}

impl fmt::Display for OnClockBehind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for OnClockBehind {
    type Err = Error;
    fn from_str(s: &str) -> Result<OnClockBehind> {
        match s {
            "fail" => Ok(OnClockBehind::Fail),
            "wait" => Ok(OnClockBehind::Wait),
            _ => Err(Error::new(
                ErrorCode::InvalidArgument,
                "on_clock_behind",
                Detail::Message(
                    format!(
                        "expected \"fail\" or \"wait\", found {}",
                        crate::error::quote(s)
                    )
                    .into(),
                ),
            )),
        }
    }
}

/// How a generator is built. `Options::default()` is what the plain constructors use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// This generator's node; `None` uses the process node (`POLYID_NODE` or
    /// [`crate::node::set_process_node`]), or none (uncoordinated) if the process has none.
    pub node: Option<Node>,
    /// A seed for the generator's own random source, for replays that give the same IDs in
    /// every runtime. A seeded generator without a node ignores the process node and draws
    /// its lane or clock id from the seed. Not for production IDs (see [`crate::rng`]).
    pub seed: Option<u64>,
    /// Bound on the lead over the clock, `0..=86_400_000` ms.
    pub max_lead_ms: u64,
    /// What to do beyond the bound.
    pub on_clock_behind: OnClockBehind,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            node: None,
            seed: None,
            max_lead_ms: DEFAULT_MAX_LEAD_MS,
            on_clock_behind: OnClockBehind::Fail,
        }
    }
}

impl Options {
    /// Checks the numeric bounds (the constructors call this).
    pub fn validate(&self) -> Result<()> {
        if self.max_lead_ms > MAX_LEAD_MS {
            return Err(Error::range(
                "max_lead_ms",
                self.max_lead_ms,
                0,
                MAX_LEAD_MS,
            ));
        }
        Ok(())
    }
}

/// The clock is too far behind: the error, or a wait. `lead` and `max` are in the family's
/// tick (`unit` names it); `per_ms` ticks make a millisecond. Returns `Ok(())` after a wait
/// (the caller reads the clock again), or the error.
#[cold]
pub(crate) fn behind(
    policy: OnClockBehind,
    context: &'static str,
    lead: u64,
    max: u64,
    per_ms: u64,
    waited_without_progress: bool,
) -> Result<()> {
    if policy == OnClockBehind::Wait && !waited_without_progress && can_sleep() {
        let excess_ticks = lead - max;
        let ms = excess_ticks.div_ceil(per_ms).max(1);
        std::thread::sleep(std::time::Duration::from_millis(ms));
        return Ok(());
    }
    Err(behind_error(context, lead, max, per_ms))
}

#[cold]
pub(crate) fn behind_error(context: &'static str, lead: u64, max: u64, per_ms: u64) -> Error {
    // Structured, not formatted here: the message is written when displayed (and by the wasm
    // package's JavaScript), so no formatting code is linked into the generators.
    let unit = if per_ms == 1 { "ms" } else { "us" };
    Error::new(
        ErrorCode::ClockBehind,
        context,
        Detail::Lead { lead, max, unit },
    )
}

#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
const fn can_sleep() -> bool {
    true
}

#[cfg(all(target_family = "wasm", target_os = "unknown"))]
const fn can_sleep() -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_policy() {
        assert_eq!(
            "fail".parse::<OnClockBehind>().unwrap(),
            OnClockBehind::Fail
        );
        assert_eq!(
            "wait".parse::<OnClockBehind>().unwrap(),
            OnClockBehind::Wait
        );
        let e = "Wait".parse::<OnClockBehind>().unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidArgument);
        assert_eq!(
            e.to_string(),
            "on_clock_behind: expected \"fail\" or \"wait\", found \"Wait\""
        );
        let o = Options {
            max_lead_ms: MAX_LEAD_MS + 1,
            ..Options::default()
        };
        assert_eq!(o.validate().unwrap_err().code(), ErrorCode::OutOfRange);
    }
}
