"""Canonical JSON and hashing: the bytes every hash and signature in pbem is taken over."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

_encoder = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
)


def _build() -> Callable[[Any], str]:
    # JSONEncoder.encode builds a new C encoder on every call, half the cost of a small
    # body; build it once with the same settings (no circular-reference markers: event
    # payloads are trees). tests/test_log_fastpaths.py checks both give the same text.
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return _encoder.encode
    it = make(
        None, _encoder.default, json.encoder.encode_basestring, None, ":", ",", True, False, False
    )
    return lambda obj: "".join(it(obj, 0))


canonical_json: Callable[[Any], str] = _build()
canonical_json.__doc__ = "Sorted keys, no whitespace, UTF-8 text, no NaN: one text per value."


def sha256_hex(data: str | bytes) -> str:
    if isinstance(data, str):
        data = data.encode("utf-8")
    return hashlib.sha256(data).hexdigest()


def digest_of(obj: Any) -> str:
    return sha256_hex(canonical_json(obj))
