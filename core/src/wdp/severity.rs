//! The nine WDP severities, with their meaning, priority and blocking flag.

use core::fmt;

/// A WDP severity (part 1 of a structured code).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Severity {
    /// `T`: trace, priority 0.
    Trace,
    /// `I`: information, priority 1.
    Info,
    /// `K`: completed, priority 2.
    Completed,
    /// `S`: success, priority 3.
    Success,
    /// `H`: help, priority 4.
    Help,
    /// `W`: warning, priority 5.
    Warning,
    /// `C`: critical, priority 6.
    Critical,
    /// `B`: blocked, priority 7, blocking.
    Blocked,
    /// `E`: error, priority 8, blocking.
    Error,
}

impl Severity {
    /// Every severity, by priority.
    pub const ALL: [Severity; 9] = [
        Severity::Trace,
        Severity::Info,
        Severity::Completed,
        Severity::Success,
        Severity::Help,
        Severity::Warning,
        Severity::Critical,
        Severity::Blocked,
        Severity::Error,
    ];

    /// The severity for a letter, in either case.
    #[inline(always)]
    pub const fn from_letter(letter: u8) -> Option<Severity> {
        // A table lookup instead of a nine-way match (which compiles to an out-of-line jump
        // table on the WDP hot path).
        const INDEX: [u8; 256] = {
            let mut t = [0u8; 256];
            let mut i = 0;
            while i < Severity::ALL.len() {
                let c = Severity::ALL[i].letter() as u8;
                t[c as usize] = i as u8 + 1;
                t[c.to_ascii_lowercase() as usize] = i as u8 + 1;
                i += 1;
            }
            t
        };
        match INDEX[letter as usize] {
            0 => None,
            i => Some(Severity::ALL[(i - 1) as usize]),
        }
    }

    /// The uppercase letter.
    pub const fn letter(self) -> char {
        match self {
            Severity::Trace => 'T',
            Severity::Info => 'I',
            Severity::Completed => 'K',
            Severity::Success => 'S',
            Severity::Help => 'H',
            Severity::Warning => 'W',
            Severity::Critical => 'C',
            Severity::Blocked => 'B',
            Severity::Error => 'E',
        }
    }

    /// The uppercase letter as text, e.g. `"E"` (what the bindings hand over).
    pub const fn letter_str(self) -> &'static str {
        match self {
            Severity::Trace => "T",
            Severity::Info => "I",
            Severity::Completed => "K",
            Severity::Success => "S",
            Severity::Help => "H",
            Severity::Warning => "W",
            Severity::Critical => "C",
            Severity::Blocked => "B",
            Severity::Error => "E",
        }
    }

    /// The meaning, e.g. `"Error"`.
    pub const fn meaning(self) -> &'static str {
        match self {
            Severity::Trace => "Trace",
            Severity::Info => "Info",
            Severity::Completed => "Completed",
            Severity::Success => "Success",
            Severity::Help => "Help",
            Severity::Warning => "Warning",
            Severity::Critical => "Critical",
            Severity::Blocked => "Blocked",
            Severity::Error => "Error",
        }
    }

    /// Priority from 0 (trace) to 8 (error).
    pub const fn priority(self) -> u8 {
        self as u8
    }

    /// Whether the severity blocks (E and B).
    pub const fn is_blocking(self) -> bool {
        matches!(self, Severity::Error | Severity::Blocked)
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
