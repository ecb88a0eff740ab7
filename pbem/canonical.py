"""Canonical JSON and hashing: the bytes every hash and signature in pbem is taken over."""

from __future__ import annotations

import hashlib
import json
from typing import Any

_encoder = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
)


def canonical_json(obj: Any) -> str:
    """Sorted keys, no whitespace, UTF-8 text, no NaN: one text per value."""
    return _encoder.encode(obj)


def sha256_hex(data: str | bytes) -> str:
    if isinstance(data, str):
        data = data.encode("utf-8")
    return hashlib.sha256(data).hexdigest()


def digest_of(obj: Any) -> str:
    return sha256_hex(canonical_json(obj))
