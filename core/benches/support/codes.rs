//! Seeded WDP codes over the whole valid space, as `bindings-python/bench/codes.py` makes
//! them: components of 1-16 characters in four cases, a third of the sequences named, a
//! tenth padded with white space, 2% invalid. Included by path (`#[path]`) into the core's
//! `ids` bench and polyid-arrow's column bench, so that both measure the same codes.

/// xorshift64*: the same columns on every run and in both builds of a paired run.
pub struct Seeded(pub u64);

impl Seeded {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

pub const NAMES: [&str; 8] = [
    "MISSING",
    "MISMATCH",
    "INVALID",
    "TIMEOUT",
    "NOT_FOUND",
    "LOCKED",
    "CONFLICT",
    "STALE",
];

pub fn field(r: &mut Seeded) -> String {
    const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let len = 1 + (r.below(8) + r.below(9)) as usize;
    let mut s = String::with_capacity(len);
    s.push((b'A' + r.below(26) as u8) as char);
    for _ in 1..len {
        s.push(ALNUM[r.below(ALNUM.len() as u64) as usize] as char);
    }
    match r.below(10) {
        0..=3 => s,
        4..=5 => s.to_lowercase(),
        6..=8 => s[..1].to_string() + &s[1..].to_lowercase(),
        _ => s
            .chars()
            .map(|c| {
                if r.below(2) == 0 {
                    c.to_ascii_lowercase()
                } else {
                    c
                }
            })
            .collect(),
    }
}

/// One code: valid, except 2% (a reserved sequence, five fields, or a non-ASCII component).
/// `tag` (letters and digits) ends the primary, which is cut to leave room for it.
pub fn code(r: &mut Seeded, tag: &str) -> String {
    let severity = ["E", "W", "C", "S", "K", "I", "T", "H", "B"][r.below(9) as usize];
    let sequence = if r.below(3) == 0 {
        NAMES[r.below(NAMES.len() as u64) as usize].to_string()
    } else {
        format!("{:03}", 1 + r.below(999))
    };
    let component = field(r);
    let mut primary = field(r);
    primary.truncate(16 - tag.len());
    primary.push_str(tag);
    let mut c = format!("{severity}.{component}.{primary}.{sequence}");
    if r.below(10) == 0 {
        c = format!(" {c}\t");
    }
    match r.below(150) {
        0 => c
            .rsplit_once('.')
            .map_or(c.clone(), |(a, _)| format!("{a}.000")),
        1 => c.replacen('.', "..", 1),
        2 => c.replacen('.', ".\u{e9}", 1),
        _ => c,
    }
}

/// `n` in base 36 (digits and capitals), which keeps codes ending in it apart.
pub fn base36(mut n: usize) -> String {
    let mut digits = Vec::new();
    loop {
        digits.push(b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[n % 36]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.reverse();
    String::from_utf8(digits).unwrap_or_default()
}
