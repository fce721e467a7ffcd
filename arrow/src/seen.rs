//! The compact IDs and normalized forms of the codes a range of rows has already computed.
//!
//! A column of WDP codes repeats few distinct codes (those of a service's error catalog, a
//! few thousand at most), so after a code's first row its later rows are recognized by their
//! bytes and get the same result without the core validating the code again. The result is
//! the same as the core's for every row: a hit is a byte-for-byte equal code whose result
//! the core computed in this call, with the same named sequences and profile.

use polyid::wdp::{
    self, CompactId, FullId, NamedSequences, StructuredCode, COMPACT_LEN, FULL_ID_LEN,
};
use polyid::{Error, ErrorCode, Profile};

use crate::rows::Compute;

/// The bounds of a table's sets ([`sets_for`]).
const MIN_SETS: usize = 16;
const DENSE_SETS: usize = 8192;
const MAX_SETS: usize = 32768;
/// The texts kept in the table's entries: at least eight bytes (no valid code is shorter)
/// and at most `KEY`. With 56 bytes an entry is one cache line, so a lookup reads one line
/// whatever the code's length (the table's footprint, not the comparisons, sets the time of
/// a lookup); every code of fields up to 16 characters with a numbered sequence fits, and
/// most with a named one. A longer text, up to `LONG`, is kept in [`Long`], a shorter one
/// in [`Seen::short`].
const MIN_LEN: usize = 8;
const KEY: usize = 56;
/// The longest text that three words cover: most codes of a catalog (fields of up to eight
/// characters), compared in three words while every code in a range's table is as short.
const SHORT_KEY: usize = 24;
/// The longest text kept: longer than any valid code (68 bytes) with some white space
/// around it. Longer rows always go to the core.
const LONG: usize = 128;
/// The places for texts shorter than `MIN_LEN` (an empty cell, white space, a stray word:
/// never a valid code, but common in real columns), one text each.
const SHORT: usize = 32;
/// The bytes of long texts a range keeps before it forgets them all and starts again: a
/// few thousand distinct codes fit, and a column of ever new long codes cannot make the
/// range's memory grow without bound.
const ARENA: usize = 1 << 20;

/// The compact ID of every code (as [`wdp::compact_id_as_with`] computes it), remembering
/// the IDs of the codes each range of rows has seen.
pub(crate) struct CompactIds<'n> {
    pub(crate) names: Option<&'n NamedSequences>,
    pub(crate) profile: Profile,
}

/// What a table keeps of a valid code: its compact ID ([`CompactIds`]), or the place of its
/// normalized form in the range's list ([`NormalizedCodes`]). Small enough that an entry
/// stays one cache line.
pub(crate) trait Kept: Copy {
    /// The value of an empty place (never read: no text has its length).
    const EMPTY: Self;
}

impl Kept for CompactId {
    const EMPTY: Self = CompactId::from_hash(0);
}

impl Kept for u16 {
    const EMPTY: Self = 0;
}

/// What a code seen before came to: what the table keeps of it, or the code of its error
/// (kept so that the rows of a repeated invalid code become null rows without the core; the
/// error itself is computed again when a row must report it in full).
type Outcome<V> = Result<V, ErrorCode>;

/// A code seen before and its outcome, in one cache line. The code's bytes are kept here, not
/// referenced in the input: comparing with them then reads the table, not a distant row of
/// the column.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Entry<V> {
    key: [u8; KEY],
    len: u8,
    id: Outcome<V>,
}
const _: () = assert!(std::mem::size_of::<Entry<CompactId>>() == 64);
const _: () = assert!(std::mem::size_of::<Entry<u16>>() == 64);

/// The two places of a set.
#[derive(Clone, Copy)]
struct Set<V>([Entry<V>; 2]);

/// A text longer than `KEY` seen before: where its bytes are in [`Long::arena`], its
/// length, the hash that picked its set (compared before the bytes), and its ID.
#[derive(Clone, Copy)]
struct LongEntry<V> {
    hash: u64,
    at: u32,
    len: u32,
    id: Outcome<V>,
}

/// A text shorter than `MIN_LEN` seen before: its bytes in a word (zero above its length),
/// its length (`u8::MAX`: an empty place) and its outcome.
#[derive(Clone, Copy)]
struct ShortEntry<V> {
    word: u64,
    len: u8,
    id: Outcome<V>,
}

/// The sets of the table of a range of `rows` rows, a power of two: one set per two rows up
/// to `DENSE_SETS`, so that a short range does not pay for clearing a table it cannot fill,
/// then one per sixteen rows up to `MAX_SETS` (clearing then costs at most sixteen bytes a
/// row). A code whose set already holds a code met after it sits in the second place, and
/// each of its rows reads a second line after a mispredicted branch; more sets make that
/// rarer in proportion. What stays in cache is the lines of the codes met, not the table.
fn sets_for(rows: usize) -> usize {
    (rows / 2)
        .clamp(MIN_SETS, DENSE_SETS)
        .max((rows / 16).min(MAX_SETS))
        .next_power_of_two()
}

/// A text shorter than `MIN_LEN`: its bytes in a word, zero above its length.
#[inline(always)]
fn short_word(b: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w[..b.len()].copy_from_slice(b);
    u64::from_le_bytes(w)
}

/// The texts longer than `KEY`: two-way sets of [`LongEntry`], the texts' bytes one after
/// the other in `arena`.
struct Long<V> {
    sets: Vec<[LongEntry<V>; 2]>,
    arena: Vec<u8>,
}

/// One range's table: two-way sets picked by a hash of the first, middle and last eight
/// bytes and the length; a new code takes the first place of its set and moves the code
/// there to the second. An invalid code is kept with its error's code. After a block of rows
/// in which more than half were new codes, a range stops looking (a column of distinct
/// codes), unless that share keeps falling (a catalog larger than a block, still being
/// learned) or most of those codes pushed a code out of a full set: the codes then differ
/// only in bytes that the three words miss, and the range goes on with a hash of every byte
/// ([`strong_hash`]), once ([`Seen::block`]).
pub(crate) struct Seen<V = CompactId> {
    sets: Vec<Set<V>>,
    /// The texts longer than `KEY`, in as many sets; made at the first such text.
    long: Option<Box<Long<V>>>,
    /// The texts shorter than `MIN_LEN`, one place each, picked by a hash of the word.
    short: [ShortEntry<V>; SHORT],
    /// 64 minus the bits of a set's index.
    shift: u32,
    /// The rows of the current block, and how many of them were looked up and not found:
    /// counted on the path that computes, so that a row found costs no bookkeeping.
    rows: usize,
    misses: usize,
    /// The new codes and the rows of the block before, (1, 1) before the first: every row new.
    before: (usize, usize),
    /// The rows of the current block whose code took a full set's first place.
    evicted: usize,
    on: bool,
    /// The sets are picked by [`strong_hash`] instead of [`hash`]. An entry placed by the
    /// other hash stays where it is until pushed out: it is still found, byte for byte, when
    /// a lookup reads its set.
    strong: bool,
    /// No text in `sets` is longer than `SHORT_KEY`: a text then matches an entry only if
    /// the entry's first `SHORT_KEY` bytes and its length do.
    short_keys: bool,
}

impl<V: Kept> Seen<V> {
    /// The table of a range of `rows` rows.
    fn new(rows: usize) -> Self {
        let empty = Entry {
            key: [0; KEY],
            len: 0,
            id: Ok(V::EMPTY),
        };
        let sets = sets_for(rows);
        Seen {
            sets: vec![Set([empty; 2]); sets],
            long: None,
            short: [ShortEntry {
                word: 0,
                len: u8::MAX,
                id: Ok(V::EMPTY),
            }; SHORT],
            shift: 64 - sets.trailing_zeros(),
            rows: 0,
            misses: 0,
            before: (1, 1),
            evicted: 0,
            on: true,
            strong: false,
            short_keys: true,
        }
    }

    /// The outcome of a text whose bytes are `b`: found in the table when the range has seen
    /// it, else `compute`d and kept. `keep` gives what the table keeps of a valid outcome
    /// (`None`: nothing), and `found` turns it back into the outcome, both with `with`, the
    /// kernel's own state. A known error is computed again, for the core's whole error.
    #[inline(always)]
    fn find<T, W>(
        &mut self,
        b: &[u8],
        with: &mut W,
        compute: impl FnOnce() -> Result<T, Error>,
        found: impl FnOnce(&W, V) -> T,
        keep: impl FnOnce(&mut W, &T) -> Option<V>,
    ) -> Result<T, Error> {
        if !self.on || b.len() > LONG {
            return compute();
        }
        match self.get(b) {
            Some(Ok(v)) => return Ok(found(with, v)),
            Some(Err(_)) => return compute(),
            None => {}
        }
        self.misses += 1;
        let outcome = compute();
        match &outcome {
            Ok(t) => {
                if let Some(v) = keep(with, t) {
                    self.put(b, Ok(v));
                }
            }
            Err(e) => self.put(b, Err(e.code())),
        }
        outcome
    }

    /// A block of `rows` rows begins. After a block in which more than half the rows were new
    /// codes, the range looks on by the hash of every byte if most of those codes found their
    /// set full (the first time only); else it looks on while that share falls by a sixteenth
    /// from block to block (a catalog of more codes than a block has rows, still being
    /// learned), and stops looking when it does not (a column of distinct codes).
    fn block(&mut self, rows: usize) {
        let (misses, of) = (self.misses, self.rows);
        if 2 * misses > of {
            let (before, before_of) = self.before;
            if !self.strong && 2 * self.evicted > misses {
                self.strong = true;
            } else if 16 * misses * before_of >= 15 * before * of {
                self.on = false;
            }
        }
        if of > 0 {
            self.before = (misses, of);
        }
        self.rows = rows;
        self.misses = 0;
        self.evicted = 0;
    }

    /// Whether lookups may answer rows (see [`Kernel::answers`](crate::rows::Kernel::answers)).
    pub(crate) fn answers(&self) -> bool {
        self.on
    }

    /// The hash that picks the sets of this range.
    #[inline(always)]
    fn hash(&self, b: &[u8]) -> u64 {
        if self.strong {
            strong_hash(b)
        } else {
            hash(b)
        }
    }

    /// The outcome of `b` when the table holds it.
    #[inline(always)]
    fn get(&self, b: &[u8]) -> Option<Outcome<V>> {
        if self.strong {
            return self.get_strong(b);
        }
        if self.short_keys {
            self.get_in::<true>(b, self.set_of::<false>(b))
        } else {
            self.get_in::<false>(b, self.set_of::<false>(b))
        }
    }

    /// [`Seen::get`] by [`strong_hash`], out of line: the loop of the common case stays
    /// as small as it was.
    #[inline(never)]
    fn get_strong(&self, b: &[u8]) -> Option<Outcome<V>> {
        if self.short_keys {
            self.get_in::<true>(b, self.set_of::<true>(b))
        } else {
            self.get_in::<false>(b, self.set_of::<true>(b))
        }
    }

    /// [`Seen::get`], `set` being [`Seen::set_of`] `b` and `SHORT` [`Seen::short_keys`].
    #[inline(always)]
    fn get_in<const SHORT: bool>(&self, b: &[u8], set: &Set<V>) -> Option<Outcome<V>> {
        if !(MIN_LEN..=KEY).contains(&b.len()) {
            return self.get_long(b);
        }
        let ways = &set.0;
        // The second place is read only when the first holds another code: most codes have a
        // set of their own, and comparing both places on every row costs more than the rare
        // mispredicted branch.
        if ways[0].holds::<SHORT>(b) {
            Some(ways[0].id)
        } else if ways[1].holds::<SHORT>(b) {
            Some(ways[1].id)
        } else {
            None
        }
    }

    /// [`Seen::get`] of a text outside `MIN_LEN..=KEY` bytes.
    #[inline(never)]
    fn get_long(&self, b: &[u8]) -> Option<Outcome<V>> {
        if b.len() < MIN_LEN {
            let word = short_word(b);
            let e = &self.short[short_place(word, b.len())];
            return (e.word == word && usize::from(e.len) == b.len()).then_some(e.id);
        }
        let long = self.long.as_deref()?;
        if !(KEY + 1..=LONG).contains(&b.len()) {
            return None;
        }
        let h = self.hash(b);
        let ways = &long.sets[(h >> self.shift) as usize];
        ways.iter()
            .find(|e| {
                e.hash == h
                    && e.len as usize == b.len()
                    && same(&long.arena[e.at as usize..e.at as usize + b.len()], b)
            })
            .map(|e| e.id)
    }

    /// Keeps the outcome of `b` (not yet held).
    #[inline]
    fn put(&mut self, b: &[u8], id: Outcome<V>) {
        if b.len() < MIN_LEN {
            let word = short_word(b);
            self.short[short_place(word, b.len())] = ShortEntry {
                word,
                len: b.len() as u8,
                id,
            };
        } else if b.len() <= KEY {
            self.short_keys &= b.len() <= SHORT_KEY;
            let mut key = [0; KEY];
            key[..b.len()].copy_from_slice(b);
            let at = (self.hash(b) >> self.shift) as usize;
            let ways = &mut self.sets[at].0;
            self.evicted += usize::from(ways[1].len != 0);
            ways[1] = ways[0];
            ways[0] = Entry {
                key,
                len: b.len() as u8,
                id,
            };
        } else {
            self.put_long(b, id);
        }
    }

    #[inline(never)]
    fn put_long(&mut self, b: &[u8], id: Outcome<V>) {
        // An empty place: no text has length 0 there.
        let empty = LongEntry {
            hash: 0,
            at: 0,
            len: 0,
            id: Ok(V::EMPTY),
        };
        let h = self.hash(b);
        let sets = self.sets.len();
        let long = self.long.get_or_insert_with(|| {
            Box::new(Long {
                sets: vec![[empty; 2]; sets],
                arena: Vec::new(),
            })
        });
        if long.arena.len() + b.len() > ARENA {
            long.arena.clear();
            long.sets.fill([empty; 2]);
        }
        let entry = LongEntry {
            hash: h,
            at: long.arena.len() as u32,
            len: b.len() as u32,
            id,
        };
        long.arena.extend_from_slice(b);
        let ways = &mut long.sets[(h >> self.shift) as usize];
        self.evicted += usize::from(ways[1].len != 0);
        ways[1] = ways[0];
        ways[0] = entry;
    }

    /// [`Compute::known`]: the rows from the first whose codes the table holds, their
    /// outcomes (what the table keeps of a valid code, or, when `errors` is true, an error's
    /// code) to `give`.
    #[inline(always)]
    fn known<'a>(
        &self,
        rows: core::ops::Range<usize>,
        read: &impl Fn(usize) -> &'a [u8],
        give: impl FnMut(usize, Outcome<V>),
        errors: bool,
    ) -> usize {
        if !self.on {
            return rows.start;
        }
        // The hash and the table's key lengths are known for the block: the loop is made for
        // each case.
        match (self.strong, self.short_keys) {
            (false, true) => self.known_in::<true, false>(rows, read, give, errors),
            (false, false) => self.known_in::<false, false>(rows, read, give, errors),
            (true, true) => self.known_in::<true, true>(rows, read, give, errors),
            (true, false) => self.known_in::<false, true>(rows, read, give, errors),
        }
    }

    /// [`Seen::known`], `SHORT` being [`Seen::short_keys`] and `STRONG` [`Seen::strong`].
    #[inline(always)]
    fn known_in<'a, const SHORT: bool, const STRONG: bool>(
        &self,
        rows: core::ops::Range<usize>,
        read: &impl Fn(usize) -> &'a [u8],
        mut give: impl FnMut(usize, Outcome<V>),
        errors: bool,
    ) -> usize {
        let mut give = |i: usize, outcome: Option<Outcome<V>>| match outcome {
            Some(o) if errors || o.is_ok() => {
                give(i, o);
                true
            }
            _ => false,
        };
        // Eight rows at a time, their sets read before any is compared: the eight reads of
        // the table (a few thousand codes' entries outgrow the first-level cache) are then
        // in flight together instead of one row's after the other's.
        const AHEAD: usize = 8;
        let mut i = rows.start;
        while i + AHEAD <= rows.end {
            let texts: [&[u8]; AHEAD] = core::array::from_fn(|k| read(i + k));
            let sets: [&Set<V>; AHEAD] = core::array::from_fn(|k| self.set_of::<STRONG>(texts[k]));
            std::hint::black_box(sets.map(|set| set.0[0].len));
            for (k, (b, set)) in texts.iter().zip(sets).enumerate() {
                if !give(i + k, self.get_in::<SHORT>(b, set)) {
                    return i + k;
                }
            }
            i += AHEAD;
        }
        for i in i..rows.end {
            let b = read(i);
            if !give(i, self.get_in::<SHORT>(b, self.set_of::<STRONG>(b))) {
                return i;
            }
        }
        rows.end
    }

    /// The set a text of `MIN_LEN..=KEY` bytes belongs to (the first set for another text),
    /// `STRONG` being [`Seen::strong`].
    #[inline(always)]
    fn set_of<const STRONG: bool>(&self, b: &[u8]) -> &Set<V> {
        let at = if (MIN_LEN..=KEY).contains(&b.len()) {
            let h = if STRONG { strong_hash(b) } else { hash(b) };
            (h >> self.shift) as usize
        } else {
            0
        };
        &self.sets[at]
    }
}

/// `a == b` for texts of the same length, at least eight bytes: word by word, the last word
/// ending at the end (a call to `memcmp` costs more for a few dozen bytes).
#[inline(always)]
fn same(a: &[u8], b: &[u8]) -> bool {
    let n = b.len();
    let mut differ = word(a, n - 8) ^ word(b, n - 8);
    let mut at = 0;
    while at + 8 < n {
        differ |= word(a, at) ^ word(b, at);
        at += 8;
    }
    differ == 0
}

#[inline(always)]
fn word(b: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(w)
}

/// A hash of a text of at least eight bytes, whose high bits pick its set: its first, middle
/// and last eight bytes and its length (the codes of one catalog often share their first
/// and last bytes, a component and a sequence, and differ in the middle). The first two
/// words are multiplied before the last joins: in a plain XOR of the three, digits that vary
/// in the middle and at the end (numbered primaries and sequences) cancel out, and many
/// codes of a catalog share a set.
#[inline(always)]
fn hash(b: &[u8]) -> u64 {
    let n = b.len();
    let middle = word(b, (n - 8) / 2).rotate_left(43);
    let head = (word(b, 0) ^ middle).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (head ^ word(b, n - 8) ^ n as u64).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// A hash of every byte of a text of at least eight bytes, for the codes that [`hash`] puts
/// in few sets: each word in turn, the last ending at the end, through a multiply whose
/// high and low halves are folded together (a change anywhere in a word reaches the high
/// bits, which pick the set).
#[inline(never)]
fn strong_hash(b: &[u8]) -> u64 {
    let fold = |x: u64, k: u64| {
        let p = u128::from(x) * u128::from(k);
        (p as u64) ^ (p >> 64) as u64
    };
    let n = b.len();
    let mut h = n as u64;
    let mut at = 0;
    while at + 8 < n {
        h = fold(h ^ word(b, at), 0x9E37_79B9_7F4A_7C15);
        at += 8;
    }
    fold(h ^ word(b, n - 8), 0xBF58_476D_1CE4_E5B9)
}

/// The place of a text shorter than `MIN_LEN` in [`Seen::short`].
#[inline(always)]
fn short_place(word: u64, len: usize) -> usize {
    ((word ^ len as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize % SHORT
}

impl<V> Entry<V> {
    /// Whether the entry holds `b` (8 to `KEY` bytes). The same comparisons whatever the
    /// length, where a loop over the words would mispredict its exit on codes of mixed
    /// lengths: the words at 0, 8 and `n - 8` below 16 bytes or with `SHORT` (no entry of the
    /// table is longer than `SHORT_KEY`, so a longer `b` cannot be any entry), else the
    /// 16-byte pieces at 0, 16 (no further than `n - 16`) and `n - 16`, each compared as one
    /// vector where the target has them. Those cover 48 bytes; only a longer text, rare in a
    /// column of codes, takes the branch that compares the piece at 32 too.
    #[inline(always)]
    fn holds<const SHORT: bool>(&self, b: &[u8]) -> bool {
        let n = b.len();
        let same_len = usize::from(self.len) == n;
        if SHORT || n < 16 {
            let last = n - 8;
            let differ = |at: usize| word(&self.key, at) ^ word(b, at);
            return same_len & (differ(last) | differ(0) | differ(8.min(last)) == 0);
        }
        let tail = n - 16;
        let same = |at: usize| sixteen(&self.key, at) == sixteen(b, at);
        same_len & same(0) & same(16.min(tail)) & same(tail) && (tail <= 32 || same(32))
    }
}

/// The 16 bytes of `b` from `at`, in place.
#[inline(always)]
fn sixteen(b: &[u8], at: usize) -> &[u8; 16] {
    b[at..at + 16].first_chunk().expect("16 bytes")
}

impl<'a> Compute<&'a str, [u8; COMPACT_LEN]> for CompactIds<'_> {
    type Scratch = Seen;

    fn scratch(&self, rows: usize) -> Seen {
        Seen::new(rows)
    }

    fn block(&self, seen: &mut Seen, rows: usize) {
        seen.block(rows);
    }

    fn answers(&self, seen: &Seen) -> bool {
        seen.answers()
    }

    #[inline(always)]
    fn row(&self, seen: &mut Seen, code: &&'a str) -> Result<Option<[u8; COMPACT_LEN]>, Error> {
        Ok(Some(*self.find(seen, code)?.as_bytes()))
    }

    #[inline(always)]
    fn known<'r>(
        &self,
        seen: &mut Seen,
        rows: core::ops::Range<usize>,
        read: &impl Fn(usize) -> &'r [u8],
        give: &mut impl FnMut(usize, Result<[u8; COMPACT_LEN], ErrorCode>),
        errors: bool,
    ) -> usize {
        seen.known(
            rows,
            read,
            |i, o| give(i, o.map(|id| *id.as_bytes())),
            errors,
        )
    }
}

/// The full ID of every code in one namespace, the compact IDs as [`CompactIds`] finds
/// them.
pub(crate) struct FullIds<'n> {
    pub(crate) namespace_hash: CompactId,
    pub(crate) ids: CompactIds<'n>,
}

impl<'a> Compute<&'a str, [u8; FULL_ID_LEN]> for FullIds<'_> {
    type Scratch = Seen;

    fn scratch(&self, rows: usize) -> Seen {
        Compute::<&str, _>::scratch(&self.ids, rows)
    }

    fn block(&self, seen: &mut Seen, rows: usize) {
        seen.block(rows);
    }

    fn answers(&self, seen: &Seen) -> bool {
        seen.answers()
    }

    #[inline]
    fn row(&self, seen: &mut Seen, code: &&'a str) -> Result<Option<[u8; FULL_ID_LEN]>, Error> {
        Ok(Some(self.full(self.ids.find(seen, code)?)))
    }

    #[inline]
    fn known<'r>(
        &self,
        seen: &mut Seen,
        rows: core::ops::Range<usize>,
        read: &impl Fn(usize) -> &'r [u8],
        give: &mut impl FnMut(usize, Result<[u8; FULL_ID_LEN], ErrorCode>),
        errors: bool,
    ) -> usize {
        seen.known(
            rows,
            read,
            |i, o| give(i, o.map(|id| self.full(id))),
            errors,
        )
    }
}

impl FullIds<'_> {
    #[inline(always)]
    fn full(&self, compact_id: CompactId) -> [u8; FULL_ID_LEN] {
        FullId {
            namespace_hash: self.namespace_hash,
            compact_id,
        }
        .to_bytes()
    }
}

impl CompactIds<'_> {
    /// The compact ID of `code`: from the table when the range has seen it, else the core's
    /// (then kept in the table).
    #[inline(always)]
    fn find(&self, seen: &mut Seen, code: &str) -> Result<CompactId, Error> {
        let compute = || self.compute(code);
        seen.find(
            code.as_bytes(),
            &mut (),
            compute,
            |_, id| id,
            |_, id| Some(*id),
        )
    }

    #[inline(never)]
    fn compute(&self, code: &str) -> Result<CompactId, Error> {
        wdp::compact_id_as_with(code, self.names, self.profile)
    }
}

/// The normalized form of every code (as [`wdp::normalize_with`] computes it), remembering
/// the forms of the codes each range of rows has seen.
pub(crate) struct NormalizedCodes<'n> {
    pub(crate) names: &'n NamedSequences,
}

/// One range's table and the normalized codes it refers to, a code's place in `codes` being
/// what the table keeps. Past `u16::MAX` codes a range keeps no more (the table is off long
/// before that on a column of distinct codes).
pub(crate) struct Normalized {
    seen: Seen<u16>,
    codes: Vec<StructuredCode>,
}

impl<'a> Compute<&'a str, StructuredCode> for NormalizedCodes<'_> {
    type Scratch = Normalized;

    fn scratch(&self, rows: usize) -> Normalized {
        Normalized {
            seen: Seen::new(rows),
            codes: Vec::new(),
        }
    }

    fn block(&self, scratch: &mut Normalized, rows: usize) {
        scratch.seen.block(rows);
    }

    fn answers(&self, scratch: &Normalized) -> bool {
        scratch.seen.answers()
    }

    #[inline]
    fn row(&self, s: &mut Normalized, code: &&'a str) -> Result<Option<StructuredCode>, Error> {
        let compute = || StructuredCode::parse_with(code, self.names);
        let found = |codes: &Vec<StructuredCode>, at: u16| codes[usize::from(at)];
        let keep = |codes: &mut Vec<StructuredCode>, c: &StructuredCode| {
            let at = u16::try_from(codes.len()).ok()?;
            codes.push(*c);
            Some(at)
        };
        let b = code.as_bytes();
        s.seen.find(b, &mut s.codes, compute, found, keep).map(Some)
    }

    #[inline]
    fn known<'r>(
        &self,
        s: &mut Normalized,
        rows: core::ops::Range<usize>,
        read: &impl Fn(usize) -> &'r [u8],
        give: &mut impl FnMut(usize, Result<StructuredCode, ErrorCode>),
        errors: bool,
    ) -> usize {
        let codes = &s.codes;
        let form = |at: u16| codes[usize::from(at)];
        s.seen
            .known(rows, read, |i, o| give(i, o.map(form)), errors)
    }
}

#[cfg(test)]
mod tests {
    use arrow_array::cast::AsArray;
    use arrow_array::{Array, StringArray};
    use arrow_buffer::NullBuffer;
    use polyid::wdp::NamedSequences;
    use polyid::Profile;

    use crate::{wdp, OnError};

    /// Every row of `codes` through the kernel against the core, one code at a time.
    fn agrees(codes: &[String], names: Option<&NamedSequences>, profile: Profile) {
        let column = StringArray::from_iter_values(codes);
        let out = wdp::compact_ids(&column, names, profile, OnError::Null).unwrap();
        let ids = out.values.as_string::<i32>();
        let errors = out.errors.unwrap();
        let errors = errors.as_string::<i32>();
        // Both columns (null rows keeping their bytes in one, the other built a run at a
        // time) are what the checked constructor accepts.
        for column in [ids, errors] {
            let checked = arrow_array::StringArray::try_new(
                column.offsets().clone(),
                column.values().clone(),
                column.nulls().cloned(),
            )
            .unwrap();
            assert_eq!(&checked, column);
        }
        for (i, code) in codes.iter().enumerate() {
            match polyid::wdp::compact_id_as_with(code, names, profile) {
                Ok(id) => assert_eq!((ids.value(i), errors.is_null(i)), (id.as_str(), true)),
                Err(e) => assert_eq!(
                    (ids.is_null(i), errors.value(i)),
                    (true, e.code().as_str()),
                    "row {i}: {code}"
                ),
            }
        }
        if profile == Profile::Polyid {
            normalizes(&column, names);
        }
    }

    /// Every row of `column` through `normalize_codes` against the core's `normalize_with`.
    fn normalizes(column: &StringArray, names: Option<&NamedSequences>) {
        let standard = NamedSequences::standard();
        let out = wdp::normalize_codes(column, names, OnError::Null).unwrap();
        let forms = out.values.as_string::<i32>();
        let errors = out.errors.unwrap();
        let errors = errors.as_string::<i32>();
        for (i, code) in column.iter().enumerate() {
            let code = code.unwrap();
            match polyid::wdp::normalize_with(code, names.unwrap_or(&standard)) {
                Ok(n) => assert_eq!((forms.value(i), errors.is_null(i)), (&*n, true)),
                Err(e) => assert_eq!(
                    (forms.is_null(i), errors.value(i)),
                    (true, e.code().as_str()),
                    "row {i}: {code}"
                ),
            }
        }
    }

    #[test]
    fn null_rows_in_one_block_of_several() {
        // Five blocks of repeated codes, one of them invalid; in the second block every
        // seventh row is null. That block's rows go one by one, the others' through the table.
        // A null row keeps its code's bytes (Arrow leaves them to the producer): only the
        // validity says it is null.
        let pool = [
            "E.AUTH.TOKEN.001",
            "W.CACHE.DATA.018",
            "E.AUTH.TOKEN.000",
            "E.Auth.Token.MISSING",
        ];
        let valid = |i: usize| !(5_000..6_000).contains(&i) || !i.is_multiple_of(7);
        let texts = StringArray::from_iter_values((0..20_000).map(|i| pool[i % 4]));
        let column = StringArray::new(
            texts.offsets().clone(),
            texts.values().clone(),
            Some(NullBuffer::from_iter((0..20_000).map(valid))),
        );
        let codes: Vec<Option<&str>> = (0..20_000)
            .map(|i| valid(i).then_some(pool[i % 4]))
            .collect();
        let out = wdp::compact_ids(&column, None, Profile::Polyid, OnError::Null).unwrap();
        let ids = out.values.as_string::<i32>();
        let errors = out.errors.unwrap();
        let errors = errors.as_string::<i32>();
        for (i, code) in codes.iter().enumerate() {
            let row = (
                ids.is_valid(i).then(|| ids.value(i)),
                errors.is_valid(i).then(|| errors.value(i)),
            );
            match code.map(polyid::wdp::compact_id) {
                None => assert_eq!(row, (None, None), "row {i}"),
                Some(Ok(id)) => assert_eq!(row, (Some(id.as_str()), None), "row {i}"),
                Some(Err(e)) => assert_eq!(row, (None, Some(e.code().as_str())), "row {i}"),
            }
        }
        // 143 null rows, 5,000 invalid ones, 35 rows both.
        assert_eq!(ids.null_count(), 143 + 5_000 - 35);
    }

    #[test]
    fn an_entry_holds_its_own_text_only() {
        use super::{Entry, Kept, KEY, MIN_LEN, SHORT_KEY};
        use polyid::wdp::CompactId;
        let entry = |text: &[u8]| {
            let mut key = [0; KEY];
            key[..text.len()].copy_from_slice(text);
            Entry {
                key,
                len: text.len() as u8,
                id: Ok(CompactId::EMPTY),
            }
        };
        for len in MIN_LEN..=KEY {
            let text: Vec<u8> = (0..len).map(|i| b'A' + (i % 26) as u8).collect();
            let e = entry(&text);
            let short = len <= SHORT_KEY;
            assert!(e.holds::<false>(&text) && (!short || e.holds::<true>(&text)));
            // Every byte takes part in both comparisons.
            for at in 0..len {
                let mut other = text.clone();
                other[at] = b'#';
                assert!(!e.holds::<false>(&other), "{len} {at}");
                assert!(!short || !e.holds::<true>(&other), "{len} {at}");
            }
            // A longer text that starts with this one is another text: the short comparison
            // relies on it for every text longer than its entries.
            for n in len + 1..=KEY {
                let longer: Vec<u8> = (0..n).map(|i| b'A' + (i % 26) as u8).collect();
                assert!(!e.holds::<false>(&longer));
                assert!(!short || !e.holds::<true>(&longer), "{len} {n}");
            }
        }
    }

    #[test]
    fn codes_that_share_a_slot_keep_their_own_ids() {
        // Same length, first, middle and last eight bytes (40 bytes: the words at 0, 16 and
        // 32): one set, five codes for its two places.
        assert_eq!(
            super::hash(b"E.AUTHXYZWQOTOKEN.ABCDEFGHIJKLMNOP.001  "),
            super::hash(b"E.AUTHXYZWQITOKEN.ABCDEFGHIJKLMNOP.001  ")
        );
        let codes: Vec<String> = (0..20_000)
            .map(|i| {
                let c = ["O", "I", "A", "0", "-"][i % 5];
                format!("E.AUTHXYZWQ{c}TOKEN.ABCDEFGHIJKLMNOP.001  ")
            })
            .collect();
        agrees(&codes, None, Profile::Polyid);
    }

    #[test]
    fn codes_that_differ_in_one_middle_byte_keep_their_own_ids() {
        // For each length from 17 to 32 bytes, a code and its copies with one byte between
        // the first and last eight changed: all of one length share a set, so only the
        // comparison of the whole text tells them apart.
        let mut codes = Vec::new();
        for len in 17..=32 {
            let letters = len - 7;
            let base = format!(
                "E.{}.{}.001",
                "A".repeat(letters - letters / 2),
                "A".repeat(letters / 2)
            );
            assert_eq!(base.len(), len);
            assert!(polyid::wdp::compact_id(&base).is_ok(), "{base}");
            for at in 8..len - 8 {
                let mut variant = base.clone().into_bytes();
                if variant[at] == b'A' {
                    variant[at] = b'B';
                    let variant = String::from_utf8(variant).unwrap();
                    codes.extend([base.clone(), variant.clone(), variant, base.clone()]);
                }
            }
        }
        let repeated: Vec<String> = codes
            .iter()
            .cycle()
            .take(codes.len() * 4)
            .cloned()
            .collect();
        agrees(&repeated, None, Profile::Polyid);
    }

    #[test]
    fn codes_of_every_length_and_white_space() {
        // Valid codes of 9 to 68 bytes (16-character fields, names of up to 32), each also
        // with white space around it up to 140 bytes: the table's entries, its long texts,
        // and the texts too long for either.
        let names = NamedSequences::standard()
            .with(&format!("N{}", "_".repeat(31)), 500)
            .unwrap();
        let mut pool = Vec::new();
        for c in 1..=16 {
            for p in [1, 7, 16] {
                let stem = format!("e.C{}.p{}.", "x".repeat(c - 1), "Y".repeat(p - 1));
                for seq in ["001", "missing", "Out_Of_Bounds", "ALREADY_EXISTS", "000"] {
                    pool.push(format!("{stem}{seq}"));
                }
                pool.push(format!("{stem}N{}", "_".repeat(31)));
            }
        }
        for (k, code) in pool.clone().iter().enumerate() {
            for pad in [1, 9, 40, 72 - code.len().min(72)] {
                let space = [" ", "\t", "\n\r"][k % 3].repeat(pad);
                pool.push(format!("{space}{code}"));
                pool.push(format!("{code}{space}"));
            }
        }
        assert!(pool.iter().any(|c| c.len() > super::LONG));
        let codes: Vec<String> = (0..40_000)
            .map(|i| pool[(i * 7919) % pool.len()].clone())
            .collect();
        agrees(&codes, Some(&names), Profile::Polyid);
        agrees(&codes, None, Profile::Polyid);
        agrees(&codes, None, Profile::Waddling);
    }

    #[test]
    fn long_codes_past_the_arena_are_forgotten_and_found_again() {
        // Each long code on two rows in a row (half the rows new: the table stays on), more
        // long text than the arena holds, then the first codes again.
        let code = |i: usize| {
            format!(
                "W.CachePart{:04X}.DataPart{:02}.already_exists{}",
                i % 4096,
                i / 4096,
                " ".repeat(20)
            )
        };
        assert!(code(0).len() > super::KEY);
        let distinct = super::ARENA / code(0).len() + 2_000;
        let mut codes: Vec<String> = (0..2 * distinct).map(|r| code(r / 2)).collect();
        codes.extend((0..20_000).map(|r| code(r % 500)));
        agrees(&codes, None, Profile::Polyid);
    }

    #[test]
    fn a_numbered_catalog_spreads_over_the_sets() {
        // Catalogs numbered in their component, primary and sequence: the digits that vary
        // sit in the middle and last words the hash reads. Few sets get more than the two
        // codes they hold.
        use super::{hash, DENSE_SETS};
        let catalogs: [Vec<String>; 3] = [
            (0..2_000)
                .map(|k| {
                    format!(
                        "E.SERVICE{:02}.OPERATION{:02}.{:03}",
                        k / 200,
                        k / 20 % 10,
                        k % 20 + 1
                    )
                })
                .collect(),
            (0..2_000)
                .map(|k| format!("W.Db{}.Query{}.{:03}", k / 100, k / 10 % 10, k % 10 + 1))
                .collect(),
            (0..1_000)
                .map(|k| format!("E.AUTH.TOKEN{}.{:03}", k / 10, k % 10 + 1))
                .collect(),
        ];
        let shift = 64 - DENSE_SETS.trailing_zeros();
        for codes in &catalogs {
            let mut sets = std::collections::HashMap::<u64, usize>::new();
            for code in codes {
                *sets.entry(hash(code.as_bytes()) >> shift).or_default() += 1;
            }
            let beyond: usize = sets.values().map(|c| c.saturating_sub(2)).sum();
            assert!(
                beyond * 100 <= codes.len(),
                "{}: {beyond} codes beyond two a set",
                codes[0]
            );
        }
    }

    /// Codes of a catalog numbered in its component and primary, with named sequences: the
    /// digits that vary sit in bytes 9-10 and 21-22, which none of the three words of
    /// [`super::hash`] reads.
    fn numbered_with_names(k: usize) -> String {
        const NAMES: [&str; 4] = ["MISSING", "LOCKED", "TIMEOUT", "STALE"];
        format!(
            "E.SERVICE{:02}.OPERATION{:02}.{}",
            k / 20 % 100,
            k % 20,
            NAMES[k / 2_000 % 4]
        )
    }

    #[test]
    fn codes_the_three_words_miss_turn_the_range_to_the_strong_hash() {
        use super::{hash, strong_hash, CompactIds, Compute, Seen, DENSE_SETS};
        let catalog: Vec<String> = (0..1_000).map(|k| numbered_with_names(k * 7)).collect();
        let shift = 64 - DENSE_SETS.trailing_zeros();
        let sets = |h: fn(&[u8]) -> u64| {
            let mut sets = std::collections::HashMap::<u64, usize>::new();
            for code in &catalog {
                *sets.entry(h(code.as_bytes()) >> shift).or_default() += 1;
            }
            sets
        };
        // The three words leave most of the thousand codes beyond the two places of their
        // set; every byte spreads them.
        let beyond = |h| -> usize { sets(h).values().map(|c| c.saturating_sub(2)).sum() };
        assert!(beyond(hash) * 2 > catalog.len(), "{}", beyond(hash));
        assert!(
            beyond(strong_hash) * 100 <= catalog.len(),
            "{}",
            beyond(strong_hash)
        );

        let kernel = CompactIds {
            names: None,
            profile: Profile::Polyid,
        };
        let core = |code: &str| polyid::wdp::compact_id(code).map(|id| *id.as_bytes());
        let block = |seen: &mut Seen, from: usize| {
            Compute::<&str, _>::block(&kernel, seen, 4_096);
            for r in from..from + 4_096 {
                let code = catalog[r * 7919 % catalog.len()].as_str();
                assert_eq!(kernel.row(seen, &code).map(|id| id.unwrap()), core(code));
            }
        };
        let mut seen: Seen = Compute::<&str, _>::scratch(&kernel, 5 * 4_096);
        // Most rows of the first block pushed a code out of its set: the next block is
        // looked up by the hash of every byte, and gives most of its rows from the table.
        block(&mut seen, 0);
        assert!(seen.evicted * 2 > seen.misses && seen.misses * 2 > 4_096);
        block(&mut seen, 4_096);
        assert!(seen.on && seen.strong);
        block(&mut seen, 2 * 4_096);
        // (A few codes beyond the two places of their set still miss.)
        assert!(seen.on && seen.misses * 40 < 4_096, "{}", seen.misses);
        // The rows of codes the table holds are given in batches, as on the first hash.
        let rows: Vec<&str> = (0..64).map(|r| catalog[r * 13].as_str()).collect();
        for code in &rows {
            kernel.row(&mut seen, code).unwrap();
        }
        let mut given = Vec::new();
        let end = seen.known(
            0..rows.len(),
            &|i| rows[i].as_bytes(),
            |i, o| given.push((i, o)),
            false,
        );
        assert_eq!(end, rows.len());
        assert_eq!(given.len(), rows.len());
        for (k, (i, id)) in given.into_iter().enumerate() {
            assert_eq!(i, k);
            assert_eq!(id.map(|id| *id.as_bytes()).ok(), core(rows[i]).ok());
        }

        // Distinct codes that the three words also miss (8,000 of them in all): one block on
        // the strong hash, then the range stops looking.
        const ROWS: usize = 2_048;
        let mut seen: Seen = Compute::<&str, _>::scratch(&kernel, 5 * ROWS);
        let distinct: Vec<String> = (0..3 * ROWS).map(numbered_with_names).collect();
        let unique: std::collections::HashSet<&String> = distinct.iter().collect();
        assert_eq!(unique.len(), distinct.len());
        for (b, state) in [(true, false), (true, true), (false, true)]
            .iter()
            .enumerate()
        {
            Compute::<&str, _>::block(&kernel, &mut seen, ROWS);
            assert_eq!((seen.on, seen.strong), *state, "block {b}");
            for code in &distinct[b * ROWS..(b + 1) * ROWS] {
                assert_eq!(
                    kernel.row(&mut seen, &code.as_str()).map(|id| id.unwrap()),
                    core(code)
                );
            }
        }

        // Distinct codes that the three words tell apart: the range stops looking after
        // the first block, on the first hash.
        let mut seen: Seen = Compute::<&str, _>::scratch(&kernel, 5 * 4_096);
        Compute::<&str, _>::block(&kernel, &mut seen, 4_096);
        for k in 0..4_096 {
            let code = format!("E.COMP{k}.PRIM{}.001", k * 31);
            kernel.row(&mut seen, &code.as_str()).unwrap();
        }
        Compute::<&str, _>::block(&kernel, &mut seen, 4_096);
        assert!(!seen.on && !seen.strong);
        // The whole pipeline, both layouts of the switch, against the core.
        let rows: Vec<String> = (0..30_000)
            .map(|r| numbered_with_names((r * 7919) % 1_000 * 7))
            .collect();
        agrees(&rows, None, Profile::Polyid);
    }

    #[test]
    fn a_catalog_larger_than_a_block_is_learned() {
        // 5,000 codes in random order: more than half the rows of the first block are new,
        // fewer of the second, and from the third on the table gives most rows.
        use super::{CompactIds, Compute, Seen};
        let catalog: Vec<String> = (0..5_000)
            .map(|k| format!("E.Comp{}.Prim{}.{:03}", k / 50, k % 50 * 7, k % 9 + 1))
            .collect();
        let kernel = CompactIds {
            names: None,
            profile: Profile::Polyid,
        };
        let core = |code: &str| polyid::wdp::compact_id(code).map(|id| *id.as_bytes());
        // Row r's code, at random.
        let pick =
            |r: usize| ((r as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize % 5_000;
        let mut seen: Seen = Compute::<&str, _>::scratch(&kernel, 10 * 4_096);
        let mut shares = Vec::new();
        for b in 0..6 {
            Compute::<&str, _>::block(&kernel, &mut seen, 4_096);
            assert!(seen.on, "block {b}");
            let (mut given, mut i) = (0, b * 4_096);
            let read = |r: usize| catalog[pick(r)].as_str();
            while i < (b + 1) * 4_096 {
                let mut give = |r: usize, id: Result<_, polyid::ErrorCode>| {
                    assert_eq!(id, core(read(r)).map_err(|e| e.code()));
                    given += 1;
                };
                let bytes = |r: usize| read(r).as_bytes();
                i = kernel.known(&mut seen, i..(b + 1) * 4_096, &bytes, &mut give, true);
                if i < (b + 1) * 4_096 {
                    assert_eq!(
                        kernel.row(&mut seen, &read(i)).map(|id| id.unwrap()),
                        core(read(i))
                    );
                    i += 1;
                }
            }
            shares.push(seen.misses * 100 / 4_096);
        }
        assert!(shares[0] > 50 && shares[1] < shares[0], "{shares:?}");
        assert!(
            shares[2..].iter().all(|&s| s < 25) && shares[5] < 10,
            "{shares:?}"
        );
        assert!(!seen.strong);
        let rows: Vec<String> = (0..30_000).map(|r| catalog[pick(r)].clone()).collect();
        agrees(&rows, None, Profile::Polyid);
    }

    #[test]
    fn a_table_grows_with_its_range_within_bounds() {
        use super::{sets_for, DENSE_SETS, MAX_SETS, MIN_SETS};
        let mut last = 0;
        for rows in (0..2_000_000).step_by(997).chain([usize::MAX]) {
            let sets = sets_for(rows);
            assert!(sets.is_power_of_two() && (MIN_SETS..=MAX_SETS).contains(&sets));
            assert!(sets >= last, "{rows}");
            // Dense up to DENSE_SETS, then at most 16 bytes (an eighth of a set) a row.
            if sets > DENSE_SETS {
                assert!(sets * 8 <= rows, "{rows} {sets}");
            } else {
                assert!(
                    sets <= (rows / 2).max(MIN_SETS).next_power_of_two(),
                    "{rows}"
                );
            }
            last = sets;
        }
        assert_eq!(sets_for(usize::MAX), MAX_SETS);
    }

    #[test]
    fn the_largest_table_gives_the_core_ids() {
        // The table of a range long enough for `MAX_SETS` (a column that long would be cut
        // for the machine's threads), through both of its paths: rows computed and kept, then
        // the same rows again given from the table in a batch.
        use super::{CompactIds, Compute, Seen, MAX_SETS};
        let kernel = CompactIds {
            names: None,
            profile: Profile::Polyid,
        };
        let mut seen: Seen = Compute::<&str, _>::scratch(&kernel, MAX_SETS * 16);
        assert_eq!(seen.sets.len(), MAX_SETS);
        let codes: Vec<String> = (0..20_000)
            .map(|i| {
                let seq = ["001", "MISSING", "locked", "000"][i % 4];
                let pad = if i % 10 == 0 { " " } else { "" };
                format!("{pad}E.Comp{i:x}.prim{:x}.{seq}{pad}", i * 7919)
            })
            .collect();
        let core = |code: &str| polyid::wdp::compact_id(code).map(|id| *id.as_bytes());
        Compute::<&str, _>::block(&kernel, &mut seen, codes.len());
        for code in &codes {
            assert_eq!(
                kernel.row(&mut seen, &code.as_str()).map(|id| id.unwrap()),
                core(code)
            );
        }
        // The second pass as the row loop makes it: a row the table cannot give (its code
        // pushed out of its set by two later ones) goes to `row`.
        let read = |i: usize| codes[i].as_str();
        let (mut given, mut i) = (0, 0);
        while i < codes.len() {
            let mut give = |k: usize, id: Result<_, polyid::ErrorCode>| {
                assert_eq!(id, core(&codes[k]).map_err(|e| e.code()), "{}", codes[k]);
                given += 1;
            };
            let bytes = |i: usize| read(i).as_bytes();
            i = kernel.known(&mut seen, i..codes.len(), &bytes, &mut give, true);
            if let Some(code) = codes.get(i) {
                assert_eq!(
                    kernel.row(&mut seen, &code.as_str()).map(|id| id.unwrap()),
                    core(code)
                );
                i += 1;
            }
        }
        // Most rows come from the table; with `DENSE_SETS` sets most would not.
        assert!(given > codes.len() * 8 / 10, "{given}");
    }

    #[test]
    fn repeated_then_distinct_then_repeated_codes() {
        let repeated = |i: usize| format!("W.CACHE{}.DATA.{:03}", i % 7, i % 3 + 1);
        let codes: Vec<String> = (0..30_000)
            .map(|i| match i {
                10_000..20_000 => format!("E.C{}.P{}.{:03}", i % 9_973, i / 9_973, i % 999 + 1),
                _ => repeated(i),
            })
            .collect();
        agrees(&codes, None, Profile::Polyid);
    }

    #[test]
    fn full_ids_of_repeated_codes() {
        let pool = [
            "E.Auth.Token.MISSING",
            "E.AUTH.TOKEN.000",
            "W.CACHE.DATA.018",
        ];
        let column: StringArray = (0..12_000).map(|i| Some(pool[i % 3])).collect();
        let out = wdp::full_ids("auth_lib", &column, None, Profile::Polyid, OnError::Null).unwrap();
        let ids = out.values.as_string::<i32>();
        for i in 0..column.len() {
            match polyid::wdp::full_id("auth_lib", column.value(i)) {
                Ok(id) => assert_eq!(ids.value(i), id),
                Err(_) => assert!(ids.is_null(i)),
            }
        }
        // docs/spec §1: auth_lib and E.Auth.Token.MISSING.
        assert_eq!(ids.value(0), "05o5h-V6a0B");
    }

    #[test]
    fn short_texts_of_the_same_word_keep_their_own_outcomes() {
        // Texts of 0 to 7 bytes, more than the short places, among them texts whose bytes
        // differ only by trailing NULs (the same word, another length): repeated, in both
        // profiles (waddling hashes any text, so each gets an ID of its own).
        let mut pool: Vec<String> = vec![String::new(), " ".into(), "\t\n".into()];
        for len in 1..8 {
            for k in 0..12u8 {
                let text: String = (0..len)
                    .map(|i| (b'A' + (k + i as u8) % 26) as char)
                    .collect();
                pool.push(text.clone());
                pool.push(format!("{text}\0"));
            }
        }
        pool.retain(|t| t.len() < super::MIN_LEN);
        let codes: Vec<String> = (0..20_000)
            .map(|i| pool[(i * 31) % pool.len()].clone())
            .collect();
        agrees(&codes, None, Profile::Polyid);
        agrees(&codes, None, Profile::Waddling);
    }

    #[test]
    fn names_profiles_and_short_texts() {
        let names = NamedSequences::standard().with("RATE_LIMITED", 31).unwrap();
        let pool = [
            "E.Auth.Token.RATE_LIMITED",
            "E.AUTH.TOKEN.rate_limited",
            "E.Auth.Token.MISSING",
            "",
            "E.A.B.1",
            "e.auth.token.001",
            "E.AUTH.TOKEN.000",
        ];
        let codes: Vec<String> = (0..9_000)
            .map(|i| pool[i % pool.len()].to_owned())
            .collect();
        agrees(&codes, Some(&names), Profile::Polyid);
        agrees(&codes, None, Profile::Polyid);
        agrees(&codes, None, Profile::Waddling);
    }
}
