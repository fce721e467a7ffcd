#!/usr/bin/env python3
"""A `polyid conform` adapter over the PyPI package `atproto` (MarshalX's AT Protocol SDK).

The package validates TIDs (`atproto_client.models.string_formats.Tid`, checked when
`strict_string_format=True`) but does not decode them, so a valid TID is answered
`{"valid": true}` and the harness compares acceptance only. Nothing about TIDs is computed
here. Copy it as the template for an adapter over a validator of your own.

    polyid conform --profile atproto --errors reject -- python3 adapter.py
"""

import json
import sys

from pydantic import TypeAdapter, ValidationError

from atproto_client.models.string_formats import Tid

TID = TypeAdapter(Tid)
STRICT = {"strict_string_format": True}  # the package validates string formats only on request


def respond(request):
    if request["op"] != "tid_parse":
        return {"skip": f"atproto (PyPI) has no {request['op']}: it validates TIDs only"}
    try:
        TID.validate_python(request["input"]["text"], context=STRICT)
    except ValidationError as e:
        # The package's own vocabulary: pydantic's error type and the validator's message.
        return {"error": e.errors()[0]["type"], "message": e.errors()[0]["msg"]}
    return {"valid": True}


for line in sys.stdin:
    if line.strip():
        print(json.dumps(respond(json.loads(line))), flush=True)
