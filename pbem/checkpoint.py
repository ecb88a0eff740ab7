"""Referee-signed checkpoints (game, event number, head hash).

A player who keeps one can later prove what the log looked like: the referee's
signature binds the head hash at that event number, and the hash chain binds
every event before it. If the referee rewrites history, the kept checkpoint no
longer matches the log and `pbem verify --checkpoint` says so.
"""

from __future__ import annotations

import base64

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from .errors import PbemError
from .keys import parse_public_key


def message(game: str, seq: int, head: str) -> bytes:
    return f"pbem-checkpoint-v1\n{game}\n{seq}\n{head}\n".encode()


def sign(key: Ed25519PrivateKey, game: str, seq: int, head: str) -> str:
    return base64.b64encode(key.sign(message(game, seq, head))).decode("ascii")


def valid(referee_key: str, game: str, seq: int, head: str, signature: str) -> bool:
    try:
        sig = base64.b64decode(signature, validate=True)
    except ValueError:  # binascii.Error, or a character not ASCII
        return False
    return parse_public_key(referee_key).verify_raw(sig, message(game, seq, head))


def text(game: str, seq: int, head: str, signature: str) -> str:
    """The line a player keeps (reports print it)."""
    return f"pbem-checkpoint {game} {seq} {head} {signature}"


def parse_text(line: str) -> tuple[str, int, str, str]:
    parts = line.split()
    if len(parts) != 5 or parts[0] != "pbem-checkpoint" or not parts[2].isdecimal():
        raise PbemError(
            "a checkpoint reads 'pbem-checkpoint GAME SEQ HEAD SIGNATURE', as printed in reports"
        )
    return parts[1], int(parts[2]), parts[3], parts[4]
