"""Type stubs for polyid (the Rust extension polyid._polyid, re-exported by polyid)."""

import builtins
import datetime as _dt
import uuid as _uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Literal, Optional, SupportsIndex, Tuple, Union, final, overload

__all__ = [
    "Catalog",
    "CatalogEntry",
    "CollisionGroup",
    "ERROR_CODES",
    "Entry",
    "Euid",
    "EuidGenerator",
    "Expansion",
    "ImportClashWarning",
    "KeyPair",
    "PolyIdError",
    "StructuredCode",
    "Tid",
    "TidGenerator",
    "Xid",
    "XidGenerator",
    "__version__",
    "collision_probability",
    "collisions",
    "compact_id",
    "compact_ids",
    "expected_collisions",
    "extuuid_decode",
    "extuuid_encode",
    "extuuid_inspect",
    "full_id",
    "generate_keypair",
    "namespace_hash",
    "node",
    "node_required",
    "normalize_code",
    "parse_code",
    "parse_full_id",
    "set_node",
    "set_node_required",
    "tid_prefix_range",
    "uid11_decode",
    "uid11_encode",
    "uid11_prefix_range",
    "xid_prefix_range",
]

__version__: str

#: Every stable error code, e.g. "INVALID_CHARACTER", "OUT_OF_RANGE".
ERROR_CODES: Tuple[str, ...]

class ImportClashWarning(RuntimeWarning):
    """Issued at ``import polyid`` when the unrelated PyPI distribution ``polyid`` is installed
    in the same environment as ``polyid-rs``: both write a top-level package ``polyid``, so
    the one installed last overwrites the other's files."""

class PolyIdError(ValueError):
    """A polyid failure. `.code` is the stable error code shared by every polyid runtime
    (e.g. "INVALID_CHARACTER"); `.message` (also `str(error)`) says what was wrong and
    where; `.index`, `.character`, `.found`, `.expected`, `.min` and `.max` hold the
    details where they apply (else None)."""

    #: The stable SCREAMING_SNAKE code, one of ERROR_CODES.
    code: str
    #: What was wrong and where (the same text as str(error)).
    message: str
    #: Index (in characters) of the offending character, where there is one.
    index: Optional[int]
    #: The offending character, where there is one.
    character: Optional[str]
    #: The length / check value found (or the out-of-range number), where there is one.
    found: Optional[int]
    #: The length / check value expected, where there is one.
    expected: Optional[int]
    #: OUT_OF_RANGE: the smallest and largest accepted values, where they are known.
    min: Optional[int]
    max: Optional[int]
    #: Position of the failing item in a batch call (compact_ids) or row of a column
    #: (polyid.arrow), else None.
    item: Optional[int]
    #: polyid.arrow: the failing row's input, else None.
    input: Optional[str]

# ---------------------------------------------------------------------------------------
# WDP compact IDs

_NamedSequences = Optional[Mapping[str, int]]

_Profile = Optional[Literal["polyid", "atproto", "euid", "waddling"]]

def compact_id(
    code: str, named_sequences: _NamedSequences = None, *, profile: _Profile = None
) -> str:
    """The 5-character compact ID of a structured code, e.g. "E.Auth.Token.001" -> "V6a0B".

    named_sequences: optional mapping of extra sequence names to numbers (1-999).
    profile: None or "polyid", or "waddling" (as waddling-errors-hash computes it: any text,
    trimmed and upper-cased, names hashed as written; docs/spec §1.5).
    Raises PolyIdError (INVALID_FORMAT, NON_ASCII, INVALID_SEVERITY, INVALID_COMPONENT,
    INVALID_PRIMARY, INVALID_SEQUENCE, UNKNOWN_NAMED_SEQUENCE, INVALID_ARGUMENT) and TypeError."""

def compact_ids(codes: Iterable[str], named_sequences: _NamedSequences = None) -> list[str]:
    """The compact IDs of many codes (a list in, a list out, in order)."""

def normalize_code(code: str, named_sequences: _NamedSequences = None) -> str:
    """The normalized code: trimmed, uppercase, named sequence resolved ("E.AUTH.TOKEN.001")."""

def parse_code(code: str, named_sequences: _NamedSequences = None) -> StructuredCode:
    """Parses and validates a structured code."""

def namespace_hash(namespace: str, *, profile: _Profile = None) -> str:
    """The 5-character hash of a namespace, e.g. "auth_lib" -> "05o5h".

    profile: None or "polyid" (the namespace is validated), or "waddling" (any text hashed as
    given, docs/spec §1.5)."""

def full_id(
    namespace: str,
    code: str,
    named_sequences: _NamedSequences = None,
    *,
    profile: _Profile = None,
) -> str:
    """The full ID "<namespace hash>-<compact id>", e.g. ("auth_lib", "E.Auth.Token.001") ->
    "05o5h-V6a0B".

    profile: None or "polyid", or "waddling" (docs/spec §1.5), as for compact_id."""

@overload
def parse_full_id(
    full_id: str, *, profile: Optional[Literal["polyid"]] = None
) -> Tuple[str, str]:
    """Splits a full ID into (namespace_hash, compact_id)."""
@overload
def parse_full_id(full_id: str, *, profile: str) -> Tuple[Optional[str], str]:
    """Splits a full ID into (namespace_hash, compact_id).

    profile="waddling" also accepts a bare compact ID; its namespace_hash is None."""

@final
class StructuredCode:
    """A validated structured code `SEVERITY.COMPONENT.PRIMARY.SEQUENCE` (immutable)."""

    def __new__(cls, code: str, named_sequences: _NamedSequences = None) -> StructuredCode: ...
    @property
    def severity(self) -> str:
        """The severity letter, uppercase (one of E W C B S K I T H)."""
    @property
    def meaning(self) -> str:
        """The severity's meaning, e.g. "Error"."""
    @property
    def priority(self) -> int:
        """The severity's priority, 0 (Trace) to 8 (Error)."""
    @property
    def blocking(self) -> bool:
        """Whether the severity blocks (E and B)."""
    @property
    def component(self) -> str:
        """The component, uppercase."""
    @property
    def primary(self) -> str:
        """The primary, uppercase."""
    @property
    def sequence(self) -> int:
        """The sequence number, 1-999."""
    @property
    def sequence_name(self) -> Optional[str]:
        """The standard name of the sequence number, or None."""
    @property
    def normalized(self) -> str:
        """The normalized code, e.g. "E.AUTH.TOKEN.001"."""
    @property
    def compact_id(self) -> str:
        """The compact ID, e.g. "V6a0B"."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> StructuredCode: ...
    def __deepcopy__(self, memo: object, /) -> StructuredCode: ...

# ---------------------------------------------------------------------------------------
# Node identity (docs/spec 6.1) and generator options (6.5)

#: What a generator does when its next ID would run more than max_lead_ms ahead of the clock.
_OnClockBehind = Literal["fail", "wait"]

def set_node(node: Optional[SupportsIndex]) -> None:
    """Assigns this process's node (0-959), or withdraws it with None; overrides `POLYID_NODE`.
    `NODE_IN_USE` once generators took a different process node, or when another process on
    this host holds the node."""

def node() -> Optional[int]:
    """This process's node (set in code or read from `POLYID_NODE`), or None."""

def set_node_required(required: bool) -> None:
    """Makes a node required (or not) for every xid and TID generator of this process, as
    `POLYID_NODE_REQUIRED=1` does."""

def node_required() -> bool:
    """Whether xid and TID generators without a node fail with `NODE_REQUIRED`."""

# ---------------------------------------------------------------------------------------
# uid11 and xid

def uid11_encode(value: SupportsIndex) -> str:
    """The 11-symbol uid11 text of an int in 0..2**64-1."""

def uid11_decode(text: str) -> int:
    """The int of an 11-symbol uid11 text."""

def uid11_prefix_range(prefix: str) -> Optional[Tuple[int, int]]:
    """The inclusive (lo, hi) range of the values whose text starts with `prefix`, or None
    when no u64 does."""

def xid_prefix_range(prefix: str) -> Optional[Tuple[int, int]]:
    """The inclusive (min_unix_ms, max_unix_ms) range of the xids whose text starts with
    `prefix`, or None when no xid does."""

@final
class Xid:
    """An xid: 42 bits of milliseconds since 2011-11-11T11:11:11.111Z and 22 random bits, shown
    as 11 Base58 symbols (immutable, ordered by value = by time)."""

    def __new__(cls, text: str) -> Xid: ...
    @staticmethod
    def generate() -> Xid:
        """A new xid from the process-wide generator: greater than every xid this process made
        before (with the process node: the node in the top 10 of the 22 low bits and a counter
        from 0 each millisecond; without: the process lane in the top 6 and a counter from a
        random start)."""
    @staticmethod
    def generate_many(n: SupportsIndex) -> list[Xid]:
        """`n` new consecutive xids from the process-wide generator (one clock read)."""
    @staticmethod
    def from_parts(unix_ms: SupportsIndex, random: SupportsIndex) -> Xid:
        """The xid of a Unix time in milliseconds and 22 random bits."""
    @staticmethod
    def from_datetime(dt: _dt.datetime, random: Optional[SupportsIndex] = None) -> Xid:
        """The xid of an aware datetime (milliseconds, floored) with the given or fresh random
        bits."""
    @staticmethod
    def parse(text: str) -> Xid:
        """Parses the 11-symbol text."""
    @staticmethod
    def from_int(value: SupportsIndex) -> Xid:
        """The xid of its 64-bit value (every u64 is one)."""
    @property
    def value(self) -> int:
        """The 64-bit value."""
    @property
    def unix_ms(self) -> int:
        """Unix time in milliseconds."""
    @property
    def random(self) -> int:
        """The 22 random bits."""
    @property
    def datetime(self) -> _dt.datetime:
        """The time as an aware datetime in UTC (millisecond precision)."""
    def __int__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Xid: ...
    def __deepcopy__(self, memo: object, /) -> Xid: ...
    def __lt__(self, other: Xid, /) -> bool: ...
    def __le__(self, other: Xid, /) -> bool: ...
    def __gt__(self, other: Xid, /) -> bool: ...
    def __ge__(self, other: Xid, /) -> bool: ...

@final
class XidGenerator:
    """An xid generator (thread-safe, fork-aware): strictly increasing xids with a node (the
    node in the top 10 of the 22 low bits, a counter from 0 each millisecond) or without (the
    process lane in the top 6, a counter from a random start)."""

    def __new__(
        cls,
        *,
        node: Optional[SupportsIndex] = None,
        seed: Optional[SupportsIndex] = None,
        max_lead_ms: SupportsIndex = 60000,
        on_clock_behind: _OnClockBehind = "fail",
        clock_micros: Optional[SupportsIndex] = None,
    ) -> XidGenerator: ...
    @classmethod
    def resume(
        cls,
        last: Union[Xid, str],
        *,
        node: Optional[SupportsIndex] = None,
        seed: Optional[SupportsIndex] = None,
        max_lead_ms: SupportsIndex = 60000,
        on_clock_behind: _OnClockBehind = "fail",
        clock_micros: Optional[SupportsIndex] = None,
    ) -> XidGenerator:
        """A generator whose every xid is greater than `last` (an `Xid` or its text, e.g. the
        last xid persisted before a restart), with the same options as the constructor."""
    def next(self) -> Xid:
        """The next xid, greater than every xid this generator issued before."""
    def next_str(self) -> str:
        """The next xid as its 11-symbol text (skips the Xid object)."""
    def next_many(self, n: SupportsIndex) -> list[Xid]:
        """The next `n` xids (one reservation of the generator, one clock read)."""
    def next_many_str(self, n: SupportsIndex) -> list[str]:
        """The next `n` xids as 11-symbol texts."""
    @property
    def node(self) -> Optional[int]:
        """The node in this generator's xids (0-959), or None (lanes)."""
    @property
    def lane(self) -> int:
        """The top 6 of the 22 low bits: the lane without a node (`node >> 4` with one)."""
    @property
    def lead_ms(self) -> int:
        """How far the last xid issued is ahead of the clock, in milliseconds."""
    @property
    def max_lead_ms(self) -> int:
        """The bound on `lead_ms`."""
    @property
    def on_clock_behind(self) -> _OnClockBehind:
        """"fail" or "wait": what happens beyond `max_lead_ms`."""
    def set_clock_micros(self, micros: SupportsIndex) -> None:
        """Moves the manual clock to `micros` (`INVALID_ARGUMENT` on the real clock)."""

# ---------------------------------------------------------------------------------------
# TID

def tid_prefix_range(prefix: str) -> Optional[Tuple[int, int]]:
    """The inclusive (min_micros, max_micros) range of the TIDs whose timestamp text starts with
    `prefix` (up to 11 symbols, dashes allowed where the display form has them), or None."""

@final
class Tid:
    """A TID: a timestamp in signed microseconds since the Unix epoch and a 10-bit clock id, as
    one 64-bit value shown as 13 symbols (immutable, ordered by value = by time)."""

    def __new__(cls, text: str) -> Tid: ...
    @staticmethod
    def from_parts(micros: SupportsIndex, clock_id: Optional[SupportsIndex] = None) -> Tid:
        """The TID of `micros` (-(2**53-1) to 2**53-1) and `clock_id` (0-1023)."""
    @staticmethod
    def from_datetime(
        dt: _dt.datetime, clock_id: Optional[SupportsIndex] = None
    ) -> Tid:
        """The TID of an aware datetime (exact to the microsecond) and a clock id."""
    @staticmethod
    def parse(text: str, *, profile: _Profile = None) -> Tid:
        """Parses the 13-symbol form or the dashed display form (lowercase only).

        profile: None or "polyid" (polyid's reading), or "atproto" (the AT Protocol's: 13
        symbols, first symbol 2-7 or a-b, docs/spec §3.5); other profiles define no TIDs."""
    @staticmethod
    def from_int(value: SupportsIndex) -> Tid:
        """The TID of its 64-bit signed value (`micros << 10 | clock_id`)."""
    @staticmethod
    def generate() -> Tid:
        """A new TID from the process-wide generator (clock id 32 + the process node, else a
        random one in 0-31)."""
    @property
    def value(self) -> int:
        """The 64-bit signed value."""
    @property
    def micros(self) -> int:
        """Microseconds since the Unix epoch (negative before it)."""
    @property
    def clock_id(self) -> int:
        """The clock id, 0-1023."""
    @property
    def datetime(self) -> _dt.datetime:
        """The time as an aware datetime in UTC (exact to the microsecond)."""
    def display(self) -> str:
        """The dashed display form `STTT-TTT-TTTT-CC`."""
    def __int__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Tid: ...
    def __deepcopy__(self, memo: object, /) -> Tid: ...
    def __lt__(self, other: Tid, /) -> bool: ...
    def __le__(self, other: Tid, /) -> bool: ...
    def __gt__(self, other: Tid, /) -> bool: ...
    def __ge__(self, other: Tid, /) -> bool: ...

@final
class TidGenerator:
    """A monotonic TID generator (thread-safe; a random clock id is re-picked in a forked child)."""

    def __new__(
        cls,
        clock_id: Optional[SupportsIndex] = None,
        *,
        node: Optional[SupportsIndex] = None,
        seed: Optional[SupportsIndex] = None,
        max_lead_ms: SupportsIndex = 60000,
        on_clock_behind: _OnClockBehind = "fail",
        clock_micros: Optional[SupportsIndex] = None,
    ) -> TidGenerator: ...
    @classmethod
    def resume(
        cls,
        last: Union[Tid, str],
        clock_id: Optional[SupportsIndex] = None,
        *,
        node: Optional[SupportsIndex] = None,
        seed: Optional[SupportsIndex] = None,
        max_lead_ms: SupportsIndex = 60000,
        on_clock_behind: _OnClockBehind = "fail",
        clock_micros: Optional[SupportsIndex] = None,
    ) -> TidGenerator:
        """A generator whose every TID is greater than `last` (a `Tid` or its text, e.g. the last
        TID persisted before a restart), with the same arguments as the constructor."""
    def next(self) -> Tid:
        """The next TID, greater than every TID this generator issued before."""
    def next_str(self) -> str:
        """The next TID as its 13-symbol text (skips the Tid object)."""
    def next_many(self, n: SupportsIndex) -> list[Tid]:
        """The next `n` TIDs (one reservation of the generator, one clock read)."""
    def next_many_str(self, n: SupportsIndex) -> list[str]:
        """The next `n` TIDs as 13-symbol texts."""
    @property
    def clock_id(self) -> int:
        """The clock id of the TIDs this generator issues now."""
    @property
    def node(self) -> Optional[int]:
        """The node behind the clock id (0-959), or None."""
    @property
    def lead_ms(self) -> int:
        """How far the last TID issued is ahead of the clock, in whole milliseconds."""
    @property
    def max_lead_ms(self) -> int:
        """The bound on `lead_ms`."""
    @property
    def on_clock_behind(self) -> _OnClockBehind:
        """"fail" or "wait": what happens beyond `max_lead_ms`."""
    def set_clock_micros(self, micros: SupportsIndex) -> None:
        """Moves the manual clock to `micros` (`INVALID_ARGUMENT` on the real clock)."""

# ---------------------------------------------------------------------------------------
# EUID

@final
class Euid:
    """An EUID: 45 bits of Unix milliseconds, an optional 0-32767 extension, random bits and a
    check symbol in its 27-symbol text (immutable, ordered by value = by time)."""

    def __new__(cls, text: str) -> Euid: ...
    @staticmethod
    def generate(extension: Optional[SupportsIndex] = None) -> Euid:
        """A new EUID for the current time with fresh random bits."""
    @staticmethod
    def from_parts(
        unix_ms: SupportsIndex,
        extension: Optional[SupportsIndex] = None,
        padding: Optional[SupportsIndex] = None,
        random: Optional[SupportsIndex] = None,
    ) -> Euid:
        """The EUID of its fields: Unix milliseconds (< 2**45), extension (0-32767 or None),
        padding (the 15 - L random bits above the extension) and the low 64 random bits."""
    @staticmethod
    def from_datetime(
        dt: _dt.datetime, extension: Optional[SupportsIndex] = None
    ) -> Euid:
        """The EUID of an aware datetime (milliseconds, floored) with fresh random bits."""
    @staticmethod
    def parse(text: str, *, profile: _Profile = None) -> Euid:
        """Parses the 27-symbol text (case-insensitive; I and L read as 1, O as 0).

        profile: None, "polyid" or "euid" (the euid crate's reading, the same, docs/spec
        §4.4); other profiles define no EUIDs."""
    @staticmethod
    def from_int(value: SupportsIndex) -> Euid:
        """The EUID of its 128-bit value (every int in 0..2**128-1 is one)."""
    @staticmethod
    def from_bytes(data: builtins.bytes | bytearray) -> Euid:
        """The EUID of its 16 big-endian bytes (bytes or bytearray)."""
    @property
    def value(self) -> int:
        """The 128-bit value."""
    @property
    def bytes(self) -> builtins.bytes:
        """The 16 big-endian bytes."""
    @property
    def unix_ms(self) -> int:
        """Unix time in milliseconds."""
    @property
    def extension(self) -> Optional[int]:
        """The extension (0-32767), or None."""
    @property
    def padding(self) -> int:
        """The random padding above the extension (15 - L bits)."""
    @property
    def checkmod(self) -> int:
        """The check value: the value mod 127."""
    @property
    def datetime(self) -> _dt.datetime:
        """The time as an aware datetime in UTC (millisecond precision)."""
    def encode(self, checkmod: bool = True) -> str:
        """The 27-symbol text, with the check symbol or with 127 ("no check")."""
    def next(self) -> Euid:
        """The next EUID as the reference computes it (same millisecond: random high half + 1 and
        a fresh low half, EXHAUSTED at the maximum; otherwise a fresh EUID, same extension)."""
    def __int__(self) -> int: ...
    def __bytes__(self) -> builtins.bytes: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Euid: ...
    def __deepcopy__(self, memo: object, /) -> Euid: ...
    def __lt__(self, other: Euid, /) -> bool: ...
    def __le__(self, other: Euid, /) -> bool: ...
    def __gt__(self, other: Euid, /) -> bool: ...
    def __ge__(self, other: Euid, /) -> bool: ...

@final
class EuidGenerator:
    """A strictly monotonic EUID generator (thread-safe, fork-aware)."""

    def __new__(
        cls,
        extension: Optional[SupportsIndex] = None,
        *,
        seed: Optional[SupportsIndex] = None,
        max_lead_ms: SupportsIndex = 60000,
        on_clock_behind: _OnClockBehind = "fail",
        clock_micros: Optional[SupportsIndex] = None,
        node: Optional[SupportsIndex] = None,
    ) -> EuidGenerator:
        """EUIDs take no node: a node is INVALID_ARGUMENT (the core's rule)."""
    @classmethod
    def resume(
        cls,
        last: Union[Euid, str],
        extension: Optional[SupportsIndex] = None,
        *,
        seed: Optional[SupportsIndex] = None,
        max_lead_ms: SupportsIndex = 60000,
        on_clock_behind: _OnClockBehind = "fail",
        clock_micros: Optional[SupportsIndex] = None,
        node: Optional[SupportsIndex] = None,
    ) -> EuidGenerator:
        """A generator whose every EUID is greater than `last` (an `Euid` or its text), with the
        same arguments as the constructor."""
    def next(self) -> Euid:
        """The next EUID, greater than every EUID this generator issued before."""
    def next_many(self, n: SupportsIndex) -> list[Euid]:
        """The next `n` EUIDs (one reservation of the generator, one clock read)."""
    @property
    def extension(self) -> Optional[int]:
        """The extension of the EUIDs this generator makes, or None."""
    @property
    def lead_ms(self) -> int:
        """How far the last EUID issued is ahead of the clock, in milliseconds."""
    @property
    def max_lead_ms(self) -> int:
        """The bound on `lead_ms`."""
    @property
    def on_clock_behind(self) -> _OnClockBehind:
        """"fail" or "wait": what happens beyond `max_lead_ms`."""
    def set_clock_micros(self, micros: SupportsIndex) -> None:
        """Moves the manual clock to `micros` (`INVALID_ARGUMENT` on the real clock)."""

# ---------------------------------------------------------------------------------------
# WDP catalogs

#: A placeholder value: str, or a JSON-like value substituted as its JSON text
#: (42 -> "42", True -> "true", None -> "null", 1.5 -> "1.5", [1, 2] -> "[1,2]").
_FieldValue = Union[
    str, int, float, bool, None, Sequence["_FieldValue"], Mapping[str, "_FieldValue"]
]
_Fields = Optional[Mapping[str, _FieldValue]]
#: One input of Catalog.build: an Entry, a CatalogEntry, or a mapping with the keys code,
#: message and optionally description, hints, tags, docs_url.
_EntryLike = Union["Entry", "CatalogEntry", Mapping[str, object]]
_Bytes = Union[builtins.bytes, bytearray]

@final
class Entry:
    """One diagnostic to put in a catalog (the input of `Catalog.build`)."""

    def __new__(
        cls,
        code: str,
        message: str,
        description: Optional[str] = None,
        hints: Optional[Iterable[str]] = None,
        tags: Optional[Iterable[str]] = None,
        docs_url: Optional[str] = None,
    ) -> Entry: ...
    @property
    def code(self) -> str:
        """The structured code as given."""
    @property
    def message(self) -> str:
        """The message template (`{{field}}` placeholders)."""
    @property
    def description(self) -> Optional[str]:
        """The longer description, or None."""
    @property
    def hints(self) -> Tuple[str, ...]:
        """The hints, a tuple of str."""
    @property
    def tags(self) -> Tuple[str, ...]:
        """The tags, a tuple of str."""
    @property
    def docs_url(self) -> Optional[str]:
        """The documentation URL, or None."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class CatalogEntry:
    """One diagnostic of a built or loaded catalog (immutable)."""

    @property
    def id(self) -> str:
        """The ID: the compact ID, or the full ID in a namespaced catalog."""
    @property
    def code(self) -> str:
        """The normalized structured code."""
    @property
    def severity(self) -> str:
        """The severity letter (E W C B S K I T H)."""
    @property
    def meaning(self) -> str:
        """The severity's meaning, e.g. "Error"."""
    @property
    def message(self) -> str:
        """The message template."""
    @property
    def description(self) -> Optional[str]:
        """The longer description, or None."""
    @property
    def hints(self) -> Tuple[str, ...]:
        """The hints, a tuple of str."""
    @property
    def tags(self) -> Tuple[str, ...]:
        """The tags, a tuple of str."""
    @property
    def fields(self) -> Tuple[str, ...]:
        """The placeholder names of the message, in order of first use."""
    @property
    def docs_url(self) -> Optional[str]:
        """The documentation URL, or None."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class Expansion:
    """An expanded ID: the entry's ID, code, severity and the filled-in message (immutable)."""

    @property
    def id(self) -> str:
        """The catalog's ID of the entry (a full ID in a namespaced catalog)."""
    @property
    def code(self) -> str:
        """The normalized structured code."""
    @property
    def severity(self) -> str:
        """The severity letter (E W C B S K I T H)."""
    @property
    def meaning(self) -> str:
        """The severity's meaning, e.g. "Error"."""
    @property
    def message(self) -> str:
        """The message with every `{{field}}` filled in."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class KeyPair:
    """An Ed25519 key pair for signing catalogs. Its repr never shows the secret key."""

    def __new__(cls, secret_key: _Bytes) -> KeyPair: ...
    @staticmethod
    def generate() -> KeyPair:
        """A new key pair from the operating system's random generator."""
    @staticmethod
    def from_secret(secret_key: _Bytes) -> KeyPair:
        """The key pair of a 32-byte secret key (INVALID_LENGTH otherwise)."""
    @property
    def public_key(self) -> builtins.bytes:
        """The 32-byte public key."""
    @property
    def secret_key(self) -> builtins.bytes:
        """The 32-byte secret key (the seed)."""

def generate_keypair() -> KeyPair:
    """A new Ed25519 key pair (same as `KeyPair.generate()`)."""

@final
class CollisionGroup:
    """Codes that share one compact ID."""

    @property
    def id(self) -> str:
        """The shared compact ID."""
    @property
    def codes(self) -> list[str]:
        """The normalized codes, sorted."""
    def __eq__(self, other: object, /) -> bool: ...

def collisions(codes: Iterable[str]) -> list[CollisionGroup]:
    """Every group of two or more distinct codes with one compact ID, sorted by ID."""

def expected_collisions(n: SupportsIndex) -> float:
    """The birthday-bound expected number of colliding pairs among `n` random codes."""

def collision_probability(n: SupportsIndex) -> float:
    """The probability of at least one collision among `n` random codes."""

@final
class Catalog:
    """A catalog of diagnostics keyed by compact ID (or full ID with a namespace), immutable."""

    @staticmethod
    def build(entries: Iterable[_EntryLike], namespace: Optional[str] = None) -> Catalog:
        """Builds a catalog from entries (`Entry`, `CatalogEntry` or mappings), with full IDs
        when `namespace` is given."""
    @staticmethod
    def load(text: str) -> Catalog:
        """Reads a catalog in any of the three JSON forms and verifies every entry."""
    @staticmethod
    def from_json(text: str) -> Catalog:
        """Same as `Catalog.load(text)`."""
    def to_json(self, form: Literal["full", "compact", "minimal"] = "full") -> str:
        """The catalog as JSON: form "full", "compact" or "minimal" (no whitespace)."""
    def canonical_bytes(self) -> builtins.bytes:
        """The bytes a signature covers (the compact form with sorted keys)."""
    def expand(self, id: str, fields: _Fields = None) -> Expansion:
        """Expands an ID with the placeholder values of `fields` (a mapping; values str, or
        int/float/bool/None/list/dict substituted as their JSON text)."""
    def expand_payload(self, payload: str) -> list[Expansion]:
        """Expands a wire payload `{"<id>": {"f": {...}}, ...}` (text); order not specified."""
    def get(self, id: str) -> Optional[CatalogEntry]:
        """The entry of an ID, or None."""
    def ids(self) -> list[str]:
        """The IDs, sorted."""
    def entries(self) -> list[CatalogEntry]:
        """The entries, sorted by ID."""
    def sign(self, key: Union[_Bytes, KeyPair]) -> builtins.bytes:
        """The detached Ed25519 signature (64 bytes) of the canonical bytes, with a 32-byte
        secret key or a KeyPair."""
    def verify(self, public_key: _Bytes, signature: _Bytes) -> None:
        """Checks a detached signature; raises PolyIdError(INVALID_SIGNATURE) when it does not
        verify."""
    @property
    def version(self) -> str:
        """The catalog version ("1" for a built catalog)."""
    @property
    def generated(self) -> str:
        """When the catalog was generated (RFC 3339 UTC; as read, "" when the text had none)."""
    @property
    def namespace(self) -> Optional[str]:
        """The namespace, or None."""
    @property
    def namespace_hash(self) -> Optional[str]:
        """The namespace hash, or None."""
    def __len__(self) -> int: ...
    def __contains__(self, id: object, /) -> bool: ...
    def __iter__(self) -> Iterator[str]: ...
    def __eq__(self, other: object, /) -> bool: ...

# ---------------------------------------------------------------------------------------
# EXTUUID

#: A value of extuuid_inspect's dict: kind, uuid, text and the kind's fields.
_InspectValue = Union[str, int, float, bool, list[int], list[float]]

def extuuid_encode(text: str) -> str:
    """The UUID (`8-4-4-4-12`, lower case) of an EXTUUID printed form such as
    "fixedB4:GBP$:222.31" (the "extuuid:" prefix is optional)."""

def extuuid_decode(uuid: Union[str, _uuid.UUID]) -> str:
    """The canonical printed form of an EXTUUID given as UUID text or a `uuid.UUID`."""

def extuuid_inspect(input: Union[str, _uuid.UUID]) -> dict[str, _InspectValue]:
    """The typed fields of an EXTUUID (a UUID, `uuid.UUID`, or a printed form):
    `{"kind", "uuid", "text", <the kind's fields>}`."""
