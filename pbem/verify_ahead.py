"""The signatures a verify will check, in the order it checks them, read from the log
before the walk (pbem/sig_ahead.py checks them on another core while it walks)."""

from __future__ import annotations

import base64
from typing import Any

from . import checkpoint, engine, envelope
from .errors import PbemError
from .keys import PublicKey, parse_public_key


def signature_jobs(decoded: list[tuple[Any, Any]], referee_key: str, game: str) -> list:
    """(key, signature, message) of each pbem-signed envelope (with the key its power
    registered first) and each checkpoint, in log order. What does not read is left
    out: the walk finds it."""
    jobs: list[tuple[PublicKey, bytes, bytes]] = []
    keys: dict[str, str] = {}
    try:
        referee = parse_public_key(referee_key)
    except PbemError:  # the walk reports a key that does not read
        return []
    for _, e in decoded:
        t = e.type
        if t == "player_registered":
            keys.setdefault(e.power, e.public_key)
        elif t == "orders_accepted" and e.power in keys:
            try:
                env = engine.stored_envelope(e.envelope)
                key = parse_public_key(keys[e.power])
                if env.sig_kind != "pbem" or key.kind != "pbem":
                    continue
                sig = base64.b64decode(env.signature, validate=True)
            except (PbemError, ValueError):  # binascii.Error is one: the walk finds it
                continue
            jobs.append((key, sig, envelope.DOMAIN + env.signed_text.encode("utf-8")))
        elif t == "checkpoint_signed" and referee.kind == "pbem":
            try:
                sig = base64.b64decode(e.signature, validate=True)
            except ValueError:
                continue
            jobs.append((referee, sig, checkpoint.message(game, e.seq, e.head)))
    return jobs
