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
    """Issued at import when the unrelated PyPI distribution `polyid` shares the environment."""

class PolyIdError(ValueError):
    """A polyid failure with a stable code shared by every polyid runtime."""

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
    """The 5-character compact ID of a structured code ("E.Auth.Token.001" -> "V6a0B").

    profile="waddling" computes it as waddling-errors-hash does (docs/spec §1.6)."""

def compact_ids(codes: Iterable[str], named_sequences: _NamedSequences = None) -> list[str]:
    """The compact IDs of many codes, in order (fastest with a list or tuple)."""

def normalize_code(code: str, named_sequences: _NamedSequences = None) -> str:
    """The normalized code: trimmed, uppercase, named sequence resolved."""

def parse_code(code: str, named_sequences: _NamedSequences = None) -> StructuredCode:
    """Parses and validates a structured code."""

def namespace_hash(namespace: str, *, profile: _Profile = None) -> str:
    """The 5-character hash of a namespace ("auth_lib" -> "05o5h")."""

def full_id(
    namespace: str,
    code: str,
    named_sequences: _NamedSequences = None,
    *,
    profile: _Profile = None,
) -> str:
    """The full ID "<namespace hash>-<compact id>" ("05o5h-V6a0B")."""

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
    """A validated structured code SEVERITY.COMPONENT.PRIMARY.SEQUENCE (immutable)."""

    def __new__(cls, code: str, named_sequences: _NamedSequences = None) -> StructuredCode: ...
    @property
    def severity(self) -> str:
        """The severity letter, uppercase: one of E W C B S K I T H."""
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
    def component(self) -> str: ...
    @property
    def primary(self) -> str: ...
    @property
    def sequence(self) -> int:
        """The sequence number, 1-999."""
    @property
    def sequence_name(self) -> Optional[str]:
        """The standard name of the sequence number, or None."""
    @property
    def normalized(self) -> str: ...
    @property
    def compact_id(self) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> StructuredCode: ...
    def __deepcopy__(self, memo: object, /) -> StructuredCode: ...

# ---------------------------------------------------------------------------------------
# Node identity (docs/spec 6.1) and generator options (6.5)

#: What a generator does when its next ID would run more than max_lead_ms ahead of the clock.
_OnClockBehind = Literal["fail", "wait"]

def set_node(node: Optional[SupportsIndex]) -> None:
    """Assigns this process's node (0-959), or withdraws it; overrides POLYID_NODE."""

def node() -> Optional[int]:
    """This process's node (set_node or POLYID_NODE), or None."""

def set_node_required(required: bool) -> None:
    """Makes a node required for every xid and TID generator (as POLYID_NODE_REQUIRED=1)."""

def node_required() -> bool:
    """Whether xid and TID generators without a node fail with NODE_REQUIRED."""

# ---------------------------------------------------------------------------------------
# uid11 and xid

def uid11_encode(value: SupportsIndex) -> str:
    """The 11-symbol Base58 text of an int in 0..2**64-1."""

def uid11_decode(text: str) -> int:
    """The int of an 11-symbol uid11 text."""

def uid11_prefix_range(prefix: str) -> Optional[Tuple[int, int]]:
    """The inclusive value range of a text prefix, or None when no u64 matches."""

def xid_prefix_range(prefix: str) -> Optional[Tuple[int, int]]:
    """The inclusive (min_unix_ms, max_unix_ms) range of an xid text prefix, or None."""

@final
class Xid:
    """An xid: 42 bits of ms since 2011-11-11T11:11:11.111Z and 22 random bits."""

    def __new__(cls, text: str) -> Xid: ...
    @staticmethod
    def generate() -> Xid: ...
    @staticmethod
    def generate_many(n: SupportsIndex) -> list[Xid]: ...
    @staticmethod
    def from_parts(unix_ms: SupportsIndex, random: SupportsIndex) -> Xid: ...
    @staticmethod
    def from_datetime(dt: _dt.datetime, random: Optional[SupportsIndex] = None) -> Xid: ...
    @staticmethod
    def parse(text: str) -> Xid: ...
    @staticmethod
    def from_int(value: SupportsIndex) -> Xid: ...
    @property
    def value(self) -> int: ...
    @property
    def unix_ms(self) -> int: ...
    @property
    def random(self) -> int: ...
    @property
    def datetime(self) -> _dt.datetime: ...
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
    """A monotonic, thread-safe xid generator (fork-aware), with a node or process lanes."""

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
        """A generator whose every xid is greater than `last`."""
    def next(self) -> Xid: ...
    def next_str(self) -> str: ...
    def next_many(self, n: SupportsIndex) -> list[Xid]: ...
    def next_many_str(self, n: SupportsIndex) -> list[str]: ...
    @property
    def node(self) -> Optional[int]: ...
    @property
    def lane(self) -> int: ...
    @property
    def lead_ms(self) -> int: ...
    @property
    def max_lead_ms(self) -> int: ...
    @property
    def on_clock_behind(self) -> _OnClockBehind: ...
    def set_clock_micros(self, micros: SupportsIndex) -> None:
        """Moves the manual clock (INVALID_ARGUMENT on the real clock)."""

# ---------------------------------------------------------------------------------------
# TID

def tid_prefix_range(prefix: str) -> Optional[Tuple[int, int]]:
    """The inclusive (min_micros, max_micros) range of a TID timestamp prefix, or None."""

@final
class Tid:
    """A TID: signed microseconds since the Unix epoch << 10 | a 10-bit clock id."""

    def __new__(cls, text: str) -> Tid: ...
    @staticmethod
    def from_parts(micros: SupportsIndex, clock_id: Optional[SupportsIndex] = None) -> Tid: ...
    @staticmethod
    def from_datetime(
        dt: _dt.datetime, clock_id: Optional[SupportsIndex] = None
    ) -> Tid: ...
    @staticmethod
    def parse(text: str, *, profile: _Profile = None) -> Tid: ...
    @staticmethod
    def from_int(value: SupportsIndex) -> Tid: ...
    @staticmethod
    def generate() -> Tid: ...
    @property
    def value(self) -> int: ...
    @property
    def micros(self) -> int: ...
    @property
    def clock_id(self) -> int: ...
    @property
    def datetime(self) -> _dt.datetime: ...
    def display(self) -> str: ...
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
    """A monotonic, thread-safe TID generator (fork-aware)."""

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
        """A generator whose every TID is greater than `last`."""
    def next(self) -> Tid: ...
    def next_str(self) -> str: ...
    def next_many(self, n: SupportsIndex) -> list[Tid]: ...
    def next_many_str(self, n: SupportsIndex) -> list[str]: ...
    @property
    def clock_id(self) -> int: ...
    @property
    def node(self) -> Optional[int]: ...
    @property
    def lead_ms(self) -> int: ...
    @property
    def max_lead_ms(self) -> int: ...
    @property
    def on_clock_behind(self) -> _OnClockBehind: ...
    def set_clock_micros(self, micros: SupportsIndex) -> None:
        """Moves the manual clock (INVALID_ARGUMENT on the real clock)."""

# ---------------------------------------------------------------------------------------
# EUID

@final
class Euid:
    """An EUID: 128 bits of time, extension and randomness with a checked 27-symbol text."""

    def __new__(cls, text: str) -> Euid: ...
    @staticmethod
    def generate(extension: Optional[SupportsIndex] = None) -> Euid: ...
    @staticmethod
    def from_parts(
        unix_ms: SupportsIndex,
        extension: Optional[SupportsIndex] = None,
        padding: Optional[SupportsIndex] = None,
        random: Optional[SupportsIndex] = None,
    ) -> Euid: ...
    @staticmethod
    def from_datetime(
        dt: _dt.datetime, extension: Optional[SupportsIndex] = None
    ) -> Euid: ...
    @staticmethod
    def parse(text: str, *, profile: _Profile = None) -> Euid: ...
    @staticmethod
    def from_int(value: SupportsIndex) -> Euid: ...
    @staticmethod
    def from_bytes(data: builtins.bytes | bytearray) -> Euid: ...
    @property
    def value(self) -> int: ...
    @property
    def bytes(self) -> builtins.bytes: ...
    @property
    def unix_ms(self) -> int: ...
    @property
    def extension(self) -> Optional[int]: ...
    @property
    def padding(self) -> int: ...
    @property
    def checkmod(self) -> int: ...
    @property
    def datetime(self) -> _dt.datetime: ...
    def encode(self, checkmod: bool = True) -> str: ...
    def next(self) -> Euid: ...
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
    """A strictly monotonic, thread-safe EUID generator (fork-aware)."""

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
        """A generator whose every EUID is greater than `last`."""
    def next(self) -> Euid: ...
    def next_many(self, n: SupportsIndex) -> list[Euid]: ...
    @property
    def extension(self) -> Optional[int]: ...
    @property
    def lead_ms(self) -> int: ...
    @property
    def max_lead_ms(self) -> int: ...
    @property
    def on_clock_behind(self) -> _OnClockBehind: ...
    def set_clock_micros(self, micros: SupportsIndex) -> None:
        """Moves the manual clock (INVALID_ARGUMENT on the real clock)."""

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
    """One diagnostic to put in a catalog (the input of Catalog.build)."""

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
    def code(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def description(self) -> Optional[str]: ...
    @property
    def hints(self) -> Tuple[str, ...]: ...
    @property
    def tags(self) -> Tuple[str, ...]: ...
    @property
    def docs_url(self) -> Optional[str]: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class CatalogEntry:
    """One diagnostic of a built or loaded catalog (immutable)."""

    @property
    def id(self) -> str:
        """The compact ID, or the full ID in a namespaced catalog."""
    @property
    def code(self) -> str:
        """The normalized structured code."""
    @property
    def severity(self) -> str:
        """The severity letter: one of E W C B S K I T H."""
    @property
    def meaning(self) -> str:
        """The severity's meaning, e.g. "Error"."""
    @property
    def message(self) -> str:
        """The message template."""
    @property
    def description(self) -> Optional[str]: ...
    @property
    def hints(self) -> Tuple[str, ...]: ...
    @property
    def tags(self) -> Tuple[str, ...]: ...
    @property
    def fields(self) -> Tuple[str, ...]:
        """The placeholder names of the message, in order of first use."""
    @property
    def docs_url(self) -> Optional[str]: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Expansion:
    """An expanded ID: the entry's ID, code, severity and the filled-in message."""

    @property
    def id(self) -> str: ...
    @property
    def code(self) -> str: ...
    @property
    def severity(self) -> str:
        """The severity letter: one of E W C B S K I T H."""
    @property
    def meaning(self) -> str: ...
    @property
    def message(self) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class KeyPair:
    """An Ed25519 key pair for signing catalogs (its repr never shows the secret key)."""

    def __new__(cls, secret_key: _Bytes) -> KeyPair: ...
    @staticmethod
    def generate() -> KeyPair: ...
    @staticmethod
    def from_secret(secret_key: _Bytes) -> KeyPair: ...
    @property
    def public_key(self) -> builtins.bytes: ...
    @property
    def secret_key(self) -> builtins.bytes: ...

def generate_keypair() -> KeyPair:
    """A new Ed25519 key pair from the operating system's random generator."""

@final
class CollisionGroup:
    """Two or more codes that share one compact ID."""

    @property
    def id(self) -> str: ...
    @property
    def codes(self) -> list[str]: ...
    def __eq__(self, other: object, /) -> bool: ...

def collisions(codes: Iterable[str]) -> list[CollisionGroup]:
    """Every group of two or more distinct codes with one compact ID, sorted by ID."""

def expected_collisions(n: SupportsIndex) -> float:
    """The expected number of colliding pairs among n random codes: n(n-1) / (2 * 62**5)."""

def collision_probability(n: SupportsIndex) -> float:
    """The probability of at least one collision among n random codes."""

@final
class Catalog:
    """A catalog of diagnostics keyed by compact ID (or full ID with a namespace)."""

    @staticmethod
    def build(entries: Iterable[_EntryLike], namespace: Optional[str] = None) -> Catalog: ...
    @staticmethod
    def load(text: str) -> Catalog:
        """Reads any of the three JSON forms (full, compact, minimal) and verifies it."""
    @staticmethod
    def from_json(text: str) -> Catalog: ...
    def to_json(self, form: Literal["full", "compact", "minimal"] = "full") -> str: ...
    def canonical_bytes(self) -> builtins.bytes: ...
    def expand(self, id: str, fields: _Fields = None) -> Expansion: ...
    def expand_payload(self, payload: str) -> list[Expansion]: ...
    def get(self, id: str) -> Optional[CatalogEntry]: ...
    def ids(self) -> list[str]: ...
    def entries(self) -> list[CatalogEntry]: ...
    def sign(self, key: Union[_Bytes, KeyPair]) -> builtins.bytes: ...
    def verify(self, public_key: _Bytes, signature: _Bytes) -> None: ...
    @property
    def version(self) -> str: ...
    @property
    def generated(self) -> str: ...
    @property
    def namespace(self) -> Optional[str]: ...
    @property
    def namespace_hash(self) -> Optional[str]: ...
    def __len__(self) -> int: ...
    def __contains__(self, id: object, /) -> bool: ...
    def __iter__(self) -> Iterator[str]: ...
    def __eq__(self, other: object, /) -> bool: ...

# ---------------------------------------------------------------------------------------
# EXTUUID

#: A value of extuuid_inspect's dict: kind, uuid, text and the kind's fields.
_InspectValue = Union[str, int, float, bool, list[int], list[float]]

def extuuid_encode(text: str) -> str:
    """The UUID (8-4-4-4-12, lower case) of a printed form such as "fixedB4:GBP$:222.31"."""

def extuuid_decode(uuid: Union[str, _uuid.UUID]) -> str:
    """The canonical printed form of an EXTUUID."""

def extuuid_inspect(input: Union[str, _uuid.UUID]) -> dict[str, _InspectValue]:
    """{"kind", "uuid", "text", <the kind's fields>} of a UUID or a printed form."""
