#!/usr/bin/env python3
"""Writes the committed seed corpus fuzz/corpus/<target>/ from tests/vectors/*.json.

Each seed is one input of a shared vector (valid and invalid ones), named by the SHA-1 of
its bytes like libFuzzer's own corpus files; an `arrow_text` seed is a column of such
inputs. Run it again after the vectors change
(`make fuzz-seeds`); it replaces the seed folders, keeping files named regress-* (minimized
inputs that once failed, kept as regression seeds).
"""
import hashlib
import json
import pathlib
import struct
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
VECTORS = ROOT / "tests" / "vectors"
CORPUS = ROOT / "fuzz" / "corpus"
MAX_PER_TARGET = 190


def cases(family):
    return json.loads((VECTORS / f"{family}.json").read_text())["cases"]


def u64le(v):
    return struct.pack("<Q", v & (2**64 - 1))


def u32le(v):
    return struct.pack("<I", v & (2**32 - 1))


def collect():
    seeds = {t: [] for t in ("wdp_code", "full_id", "uid11", "xid", "tid", "euid",
                             "catalog", "extuuid_text", "extuuid_uuid", "arrow_text",
                             "arrow_ffi", "arrow_ints", "arrow_stream", "arrow_zip")}
    for c in cases("wdp"):
        i = c["input"]
        if "code" in i:
            seeds["wdp_code"].append(i["code"])
        if c["op"] == "parse_full_id":
            seeds["full_id"].append(i["id"])
        if c["op"] == "namespace_hash":
            seeds["full_id"].append(i["namespace"])
        if c["op"] == "full_id":
            seeds["full_id"].append(f'{i["namespace"]}|{i["code"]}')
    for c in cases("uid11"):
        i = c["input"]
        if "text" in i:
            seeds["uid11"].append(i["text"])
        elif "prefix" in i:
            seeds["uid11"].append(i["prefix"])
        elif "value" in i:
            v = int(i["value"])
            seeds["uid11"].append(u64le(v) + u64le(v + 1))
    for c in cases("xid"):
        i = c["input"]
        if "text" in i:
            seeds["xid"].append(i["text"])
        elif "prefix" in i:
            seeds["xid"].append(i["prefix"])
        else:
            # Raw (odd) form: the target folds even numbers into range.
            seeds["xid"].append(u64le(int(i["unix_ms"]) | 1) + u32le(int(i["random"]) | 1))
    for c in cases("tid"):
        i = c["input"]
        if "text" in i:
            seeds["tid"].append(i["text"])
        elif "prefix" in i:
            seeds["tid"].append(i["prefix"])
        else:
            seeds["tid"].append(u64le(int(i["micros"]) | 1) + struct.pack("<H", (int(i["clock_id"]) | 1) & 0xFFFF))
    for c in cases("euid"):
        i = c["input"]
        if "text" in i:
            seeds["euid"].append(i["text"])
        elif "hex" in i:
            seeds["euid"].append(bytes.fromhex(i["hex"]) if len(i["hex"]) == 32 else i["hex"])
        elif c["op"] == "euid_encode":
            seeds["euid"].append((int(i["value"]) % 2**128).to_bytes(16, "big"))
    for c in cases("catalog"):
        i = c["input"]
        if "json" in i:
            seeds["catalog"].append(i["json"])
        if "payload" in i:
            seeds["catalog"].append(i["payload"])
        if c["op"] == "catalog_build":
            lines = [f'{e["code"]}\t{e["message"]}' for e in i["entries"]]
            if "namespace" in i:
                lines.insert(0, "@" + i["namespace"])
            seeds["catalog"].append("\n".join(lines))
    seeds["catalog"].append("token {{ user }} at {{host}} {{user}} {{ unterminated")
    # Signature half of the catalog target: 0xED, public key, signature, secret (RFC 8032 #1).
    rfc = bytes.fromhex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
    seeds["catalog"].append(b"\xed" + rfc + bytes(64))
    seeds["catalog"].append(b"\xed" + bytes.fromhex(
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60") + b"\x07")
    seeds["catalog"].append("00ABff")
    for c in cases("extuuid"):
        i = c["input"]
        if "text" in i:
            seeds["extuuid_text"].append(i["text"])
        if "input" in i:
            seeds["extuuid_text"].append(i["input"])
        if "uuid" in i:
            u = i["uuid"]
            seeds["extuuid_uuid"].append(u)
            h = u.replace("-", "")
            if len(h) == 32 and all(ch in "0123456789abcdefABCDEF" for ch in h):
                seeds["extuuid_uuid"].append(bytes.fromhex(h))
        out = c.get("output")
        if isinstance(out, dict) and "text" in out:
            seeds["extuuid_text"].append(out["text"])
    seeds["arrow_text"] = arrow_text(seeds["wdp_code"]) + arrow_text(
        [t for f in ("tid", "xid", "euid") for t in seeds[f] if isinstance(t, str)], 6)
    for target, items in HAND.items():
        seeds[target].extend(items)
    # Each change of `arrow_ffi` (the first byte, 0 for none) on a few of the columns.
    columns = seeds["arrow_text"]
    seeds["arrow_ffi"] = [bytes([change | (k % 8) << 5]) + columns[(7 * change + k) % len(columns)]
                          for change in range(17) for k in range(4)]
    seeds["arrow_ints"] = arrow_ints()
    seeds["arrow_stream"] = arrow_stream()
    seeds["arrow_zip"] = arrow_zip()
    return seeds


def arrow_zip():
    """Column pairs for the `arrow_zip` target (its input layout is in its doc comment):
    namespaces and codes as streams and as arrays, cut at different rows, in both modes, of
    equal and different lengths, with an invalid row in a later chunk and a malformed chunk
    of either kind in either column."""
    # Rows index the target's NAMESPACES and CODES (0xFE null, 0xFF ends a chunk).
    ns = bytes([0, 1, 0xFE, 3]) + b"\xff" + bytes([0, 5]) + b"\xff\xff" + bytes([1, 0, 0, 2])
    codes = bytes([0, 1, 2]) + b"\xff" + bytes([3, 8, 9, 12, 13]) + b"\xff" + bytes([14, 4])
    short = bytes([0, 1, 2]) + b"\xff" + bytes([3])
    seeds = []
    for layout in range(4):
        for raise_ in (0, 1):
            flags = raise_ | layout << 1
            seeds.append(bytes([flags, 0]) + ns + b"\xfd" + codes)
            seeds.append(bytes([flags, 0]) + ns + b"\xfd" + short)
            seeds.append(bytes([flags, 0]) + short + b"\xfd" + codes)
            for fault in (0x00, 0x02, 0x05, 0x07, 0x0A, 0x09):
                seeds.append(bytes([flags | 8, fault]) + ns + b"\xfd" + codes)
    # Valid codes only, then every code once; and empty columns.
    seeds.append(bytes([0, 0]) + bytes([0, 1, 0, 1]) + b"\xfd" + bytes([0, 1, 13, 14]))
    seeds.append(bytes([1, 0]) + bytes(i % 8 for i in range(16)) + b"\xfd" + bytes(range(16)))
    seeds.append(bytes([0, 0]) + b"\xfd")
    seeds.append(bytes([6, 0]))
    return seeds


def arrow_stream():
    """Streams for the `arrow_stream` target (its input layout is in its doc comment): each
    kernel over integer and text chunks, as arrays and as record batches, in both modes, with
    an invalid row in a later chunk, a failing get_next and a malformed chunk before and after
    the first invalid row."""
    # Rows index the target's VALUES and TEXTS (0xFE null, 0xFF ends a chunk).
    valid_text = [0, 1, 13, 0xFE, 0, 1]
    valid_ints = [0, 1, 2, 4, 0xFE, 12]
    invalid_text = [2, 3, 5, 9, 10, 11, 12, 14, 15]
    invalid_ints = [6, 5, 7, 8, 9, 11, 13]
    seeds = []
    for k in range(8):
        for text in (0, 1):
            good, bad = (valid_text, invalid_text) if text else (valid_ints, invalid_ints)
            for batches in (0, 1):
                for raise_ in (0, 1):
                    head = k | raise_ << 3 | text << 4 | batches << 5
                    body = bytes(good) + b"\xff" + bytes(good[:3]) + b"\xff\xff" + bytes(bad)
                    seeds.append(bytes([head, k % 2, 0, 0]) + body)
            # A failing get_next (each code) and a malformed chunk, before and after the
            # chunk of invalid rows.
            head = k | text << 4
            body = bytes(good) + b"\xff" + bytes(bad) + b"\xff" + bytes(good)
            # Byte 2: the failing call's index (low bits) and code (top bits); byte 3: the
            # malformed chunk's index and kind (bit 7).
            for what, byte in (("fail", 0x00), ("fail", 0x41), ("fail", 0x82), ("fail", 0xC3),
                               ("malformed", 0x00), ("malformed", 0x01), ("malformed", 0x02),
                               ("malformed", 0x80), ("malformed", 0x82)):
                if what == "fail":
                    seeds.append(bytes([head | 0x40 | 8 * (k % 2), 0, byte, 0]) + body)
                else:
                    seeds.append(bytes([head | 0x80 | 8 * (k % 2), 0, 0, byte]) + body)
    # Longer streams (libFuzzer's inputs grow to the longest seed): many chunks, many rows.
    for k in range(8):
        rows = bytes((k * 7 + 3 * i) % 16 if i % 11 else 0xFE for i in range(40))
        body = b"\xff".join(rows[: 8 + j * 4] for j in range(8))
        seeds.append(bytes([k | (k % 2) << 4 | (k % 4 // 2) << 5 | 0x40, 0, 7, 0]) + body)
    # A wrong column name, and a stream of one empty chunk.
    seeds.append(bytes([0x30, 2, 0, 0]) + bytes(valid_text))
    seeds.append(bytes([0x10, 0, 0, 0]))
    return seeds


def record(v, tag=0x20):
    """An `arrow_ints` record: a tag byte and a 64-bit little-endian number. Tag 0x20 reads
    the number as it is, and its text (in a text column) unchanged."""
    return bytes([tag]) + struct.pack("<q", ((v + 2**63) % 2**64) - 2**63)


def arrow_ints():
    """Columns for the `arrow_ints` target (its input layout is in its doc comment): the
    vectors' TID, xid, uid11 and EUID values and parts as records, in columns of every type
    the kernels take (and some they do not), with nulls, slices, profiles and each fault."""
    # Column types: 0-7 the integer types, 8/9 timestamp[us], 10/11 timestamp[ms], 12
    # fixed_size_binary(16), 13-15 utf8, large_utf8, utf8_view; 0x80 leaves C or D out.
    def out(o, key):
        return int(o[key]) if isinstance(o, dict) and key in o else None

    tid_values = [v for c in cases("tid") if (v := out(c.get("output"), "value")) is not None]
    tid_parts = [r for c in cases("tid") if c["op"] == "tid_from_parts"
                 for r in (int(c["input"]["micros"]), int(c["input"]["clock_id"]))]
    xid_values = [v for c in cases("xid") if (v := out(c.get("output"), "value")) is not None]
    xid_parts = [r for c in cases("xid") if c["op"] == "xid_from_parts"
                 for r in (int(c["input"]["unix_ms"]), int(c["input"]["random"]))]
    uid_values = [int(c["input"]["value"]) for c in cases("uid11") if c["op"] == "uid11_encode"]
    euid_halves = [h for c in cases("euid") if len(c["input"].get("hex", "")) == 32
                   for h in (int(c["input"]["hex"][:16], 16), int(c["input"]["hex"][16:], 16))]
    euid_parts = [r for c in cases("euid") if c["op"] == "euid_from_parts"
                  for r in (int(c["input"]["unix_ms"]), int(c["input"]["random"]),
                            c["input"]["extension"] if c["input"]["extension"] is not None
                            else 0, int(c["input"]["padding"]))]

    def seed(types, values, flags=0, fault=0, reps=0, mask=0, cut=0, tags=(0x20,)):
        head = bytes(types) + bytes([flags, fault, reps, mask, cut])
        return head + b"".join(record(v, tags[i % len(tags)]) for i, v in enumerate(values))

    def part(values, n, size=24):
        """The `n`th run of `size` values (wrapping), so that the seeds share out the values."""
        start = n * size % max(1, len(values))
        return (values[start:] + values)[:size]

    seeds = []
    for n, a in enumerate((3, 7, 13, 14, 15, 2)):
        # Text past the first block of rows (4,096) in utf8 and large_utf8.
        seeds.append(seed([a, 5, 5, 5], part(tid_values, n), flags=0x02 if a % 2 else 0,
                          mask=0x21, reps=0x87 if a in (13, 14) else 0))
        seeds.append(seed([a, 6, 0x85, 0x85], part(xid_values + uid_values, n),
                          flags=0x04 if a > 12 else 0))
    # Text with changed characters, cut texts and the display form, under each profile.
    for n, profile in enumerate((0x00, 0x10, 0x20, 0x30)):
        seeds.append(seed([13 + n % 3, 5, 5, 5], part(tid_values, n, 12) + euid_halves[:8],
                          flags=profile | 0x04 * (n % 2), tags=(0x20, 0x00, 0x10, 0x60)))
    for n, a in enumerate((12, 13, 15)):
        seeds.append(seed([a, 5, 5, 5], part(euid_halves, n, 28), flags=0x08,
                          tags=(0x20, 0x60)))
        seeds.append(seed([a, 5, 5, 5], part(euid_halves, n + 3, 28), flags=0x13, reps=3,
                          mask=0x90, cut=4))
    for n, (a, b) in enumerate(((8, 5), (9, 2), (3, 7), (10, 5))):
        seeds.append(seed([a, b, 5, 5], part(tid_parts, n, 36), flags=0x02, mask=0x08))
    for n, (a, b) in enumerate(((10, 6), (11, 3), (3, 6), (8, 6))):
        seeds.append(seed([a, b, 5, 5], part(xid_parts, n, 40), reps=2))
    for n, (a, c, d) in enumerate(((10, 5, 5), (11, 0x85, 5), (3, 2, 0x82), (7, 5, 0x85),
                                   (11, 1, 4))):
        seeds.append(seed([a, 7, c, d], part(euid_parts, 2 * n, 40), flags=0x03, mask=0x44,
                          cut=2))
        seeds.append(seed([a, 7, c, d], part(euid_parts, 2 * n + 1, 40)))
    # Every value shape (tags 0-3: as it is, small, near an anchor, shifted) in every integer
    # type.
    shapes = [(v, t) for t in range(256) for v in (0x1234_5678_9ABC_DEF0, -77, 5)][::13]
    for a in range(8):
        seeds.append(seed([a, (a + 3) % 8, a, 7 - a], [v for v, _ in shapes], reps=7,
                          tags=[t for _, t in shapes]))
    # Each fault in column A and in column B, and B one row longer than A.
    for kind in range(8):
        for n, (column, a) in enumerate(((0, 3), (1, 7), (0, 12), (0, 13), (0, 14), (0, 15))):
            param = (kind + n) % 4
            seeds.append(seed([a, 5, 5, 5], tid_values[:6], flags=0x82,
                              fault=kind | column << 3 | param << 5, mask=0x12))
    seeds.append(seed([3, 5, 5, 5], tid_parts, flags=0x40))
    return seeds


def arrow_text(codes, most=16):
    """Columns for the `arrow_text` target (its input layout is in its doc comment): up to
    `most` pools of the vectors' texts (WDP codes, or TIDs, xids and EUIDs), valid and
    invalid, each seed with other flags (offsets, names, profile, slicing, repetitions, a
    fault), one of the three layouts, and a schedule of repeated and null rows."""
    step = max(1, len(codes) // most) if len(codes) > 12 * most else 12
    pools = [codes[k:k + 12] for k in range(0, len(codes), step)][:most]
    flags = [0x00, 0x01, 0x12, 0x24, 0x38, 0x71, 0x80, 0x81, 0x92, 0xF9]
    out = []
    for n, pool in enumerate(pools):
        pool = [c.encode() for c in pool if "\n" not in c and "\0" not in c]
        if not pool:
            continue
        f = flags[n % len(flags)]
        schedule = bytes((n + 3 * i) % len(pool) if i % 7 else 0xFF for i in range(40))
        out.append(bytes([f, n % 3]) + b"\n".join(pool) + b"\0" + schedule)
    return out


def padded(code, n):
    """`code` with spaces around it, `n` bytes in all."""
    return (" " * ((n - len(code)) // 2) + code).ljust(n).encode()


LONG_CODE = "E." + "A" * 16 + "." + "B" * 16 + ".OUT_OF_BOUNDS"
LONG_AND_SHORT = [
    padded(LONG_CODE, 60),
    padded(LONG_CODE.replace("AAAAA", "AAAA_", 1), 60),
    padded(LONG_CODE, 70),
    padded(LONG_CODE, 127),
    padded(LONG_CODE, 129),
    b"", b"E", b"E.A.B", b"  ",
]


# Hand-written edge cases the vectors do not spell out (boundaries of the fast paths and of
# the strict syntaxes).
HAND = {
    "wdp_code": [
        "E." + "A" * 16 + "." + "b" * 16 + ".001",            # 39 bytes: longest plain code
        "E." + "A" * 16 + "." + "b" * 16 + ".OUT_OF_BOUNDS",  # beyond the 32-byte SSE2 path
        "E." + "A" * 17 + ".B.001",
        "e.a9.b9.rate_limited",
        "\x0bE.A.B.001\x0c",
        "E.A_.B.001",
        "E.A.B.MISSING_",
        "E.A.B.0010",
    ],
    "tid": ["3kxnlhr3-gxq", "3kxn-lhr3gxq", "3kxn-lhr-3gxq-23", "3kxn-lhr-3gxq23", "c222222222222",
            "s222222222222", "s222222222322"],
    "uid11": ["jpXCZedGfVR", "jpXCZedGfVQ", "k", "j", "i", "0", "l", "1111111111111"],
    "euid": ["C8ZM14GR4JXG0MQXVY18S8TJNA7", "c8zm14gr4jxg0mqxvy18s8tjnbz", "ZZZZZZZZZZZZZZZZZZZZZZZZZW3",
             "ZZZZZZZZZZZZZZZZZZZZZZZZZZZ"],
    # A fault that moves a row's start offset inside a two- or four-byte character of a
    # row: well-formed UTF-8 cut off a character boundary, which only the row-start check
    # refuses (flags: a fault, then utf8 or large_utf8 offsets; the fault moves offsets[5]).
    "arrow_text": [
        bytes([0x80, 0]) + "E.A.B.001\n\u00e9.A.B.001".encode() + b"\0" + bytes([1, 0, 5] + [1] * 8),
        bytes([0x81, 0]) + "E.A.B.001\n\U0001F600E.A.B.001".encode() + b"\0"
        + bytes([5, 0, 5] + [1] * 8),
        # Two texts of 20 bytes with the same first and last eight bytes, one valid, one not:
        # only the seen-codes table's comparison of the middle bytes tells them apart.
        bytes([0x00, 0]) + b"E.AUTHN.ABCDEFGH.001\nE.AUTHN.A_CDEFGH.001\0" + bytes([0, 1] * 8),
        # Texts past the table's 56-byte entries (padded codes of 60 to 129 bytes; two of 60
        # alike in their first, middle and last eight bytes, one invalid) and under its
        # 8-byte minimum, each repeated: the long and short places of the seen-codes table.
        *(bytes([f, layout]) + b"\n".join(LONG_AND_SHORT) + b"\0"
          + bytes([0, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8] * 3) for f, layout in ((0x00, 0), (0x1A, 2))),
    ],
    "full_id": ["05o5h-V6a0B", "05o5h_V6a0B", "05o5h-V6a0", "a|E.A.B.001", "A|E.A.B.001",
                "abcdefghijklmnop|e.a.b.missing", "abcdefghijklmnopq|E.A.B.001"],
}


def main():
    for target, items in collect().items():
        folder = CORPUS / target
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.iterdir():
            if not old.name.startswith("regress-"):
                old.unlink()
        unique = {}
        for item in items:
            data = item.encode() if isinstance(item, str) else item
            unique.setdefault(hashlib.sha1(data).hexdigest(), data)
        chosen = sorted(unique.items())[:MAX_PER_TARGET]
        for name, data in chosen:
            (folder / name).write_bytes(data)
        print(f"{target}: {len(chosen)} seeds", file=sys.stderr)


if __name__ == "__main__":
    main()
