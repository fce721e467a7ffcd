#!/usr/bin/env python3
"""A polyid conform adapter in under 50 lines: a uid11 codec written from docs/spec §2.1.
Replace encode() and decode() with calls into your own code; keep the loop.

    polyid conform -- python3 interop/minimal-python/adapter.py
"""
import json, sys

ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

class Rejected(Exception):
    """A failure in the protocol's terms: a stable code and the facts behind it."""

    def __init__(self, code, **detail):
        super().__init__(code)
        self.code, self.detail = code, detail

def encode(value):  # 64-bit integers arrive as decimal strings
    v = int(value)
    if not 0 <= v < 2**64:
        raise Rejected("OUT_OF_RANGE")
    text = ""
    for _ in range(11):
        v, digit = divmod(v, 58)
        text = ALPHABET[digit] + text
    return text

def decode(text):
    if len(text.encode()) != 11:  # lengths are UTF-8 bytes
        raise Rejected("INVALID_LENGTH", found=len(text.encode()), expected=11)
    v = 0
    for i, c in enumerate(text):
        if c not in ALPHABET:
            raise Rejected("INVALID_CHARACTER", index=i, character=c)
        v = v * 58 + ALPHABET.index(c)
    if v >= 2**64:
        raise Rejected("OVERFLOW")
    return str(v)

OPS = {"uid11_encode": lambda i: encode(i["value"]), "uid11_decode": lambda i: decode(i["text"])}

for line in sys.stdin:  # one request per line; one response per line, flushed
    request = json.loads(line)
    op = OPS.get(request["op"])
    try:
        response = {"output": op(request["input"])} if op else {"skip": "not implemented"}
    except Rejected as e:
        response = {"error": e.code, "detail": e.detail}
    print(json.dumps(response), flush=True)
