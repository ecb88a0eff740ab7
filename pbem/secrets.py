"""The referee's secrets for one game, kept beside the game file (GAME.secret).

One 32-byte master secret; from it come the roots of the two seed chains and the
referee's checkpoint key. The game file holds only commitments and public keys,
so it can be handed to an auditor; the secret file must not be.

Beside it, GAME.secret.seeds keeps every 256th seed of both chains, so that a new
process finds any seed in at most 256 hashes instead of walking 20,000 from the root
(a cron-run `pbem run` over a hundred games pays that walk per game). It is as
secret as the master (it gives every seed below each checkpoint), derived from it,
and authenticated by a MAC under a key derived from the master: a damaged, stale or
forged file is ignored and written again, and deleting it costs only time.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from .dice import DEFAULT_CHAIN_LENGTH, STREAMS, SeedChain, seed_chain
from .errors import GameError, PbemError
from .keys import pbem_public_line


def secret_path(game_path: str | Path) -> Path:
    p = Path(game_path)
    return p.with_name(p.name + ".secret")


def seeds_path(secret: Path) -> Path:
    return secret.with_name(secret.name + ".seeds")


@dataclass
class Secrets:
    game: str
    master: bytes
    chain_length: int = DEFAULT_CHAIN_LENGTH
    path: Path | None = None  # the secret file it was loaded from (or saved to)

    def _derive(self, label: str) -> bytes:
        return hmac.new(self.master, f"pbem/{self.game}/{label}".encode(), hashlib.sha256).digest()

    def chain(self, stream: str) -> SeedChain:
        c = seed_chain(self._derive(f"seed-chain/{stream}"), self.chain_length)
        if self.path is not None and not c.checkpoints():
            known = self._stored_checkpoints()
            if known is None:
                self._store_checkpoints()
            else:
                c.remember(known[stream])
        return c

    def _checkpoint_mac(self, body: dict) -> str:
        data = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
        return hmac.new(self._derive("seed-checkpoints"), data, hashlib.sha256).hexdigest()

    def _stored_checkpoints(self) -> dict[str, dict[int, bytes]] | None:
        """The checkpoint file's seeds, or None when it is missing, damaged or not this
        game's (its MAC does not match)."""
        assert self.path is not None
        try:
            d = json.loads(seeds_path(self.path).read_text())
            body = {k: d[k] for k in ("game", "chain_length", "streams")}
            if not hmac.compare_digest(d["mac"], self._checkpoint_mac(body)):
                return None
            if body["game"] != self.game or body["chain_length"] != self.chain_length:
                return None
            out = {
                stream: {int(i): bytes.fromhex(h) for i, h in body["streams"][stream].items()}
                for stream in STREAMS
            }
            if any(len(v) != 32 for known in out.values() for v in known.values()):
                return None
            return out
        except (OSError, ValueError, KeyError, TypeError, AttributeError, PbemError):
            return None

    def _store_checkpoints(self) -> None:
        """Walk both chains once and keep their checkpoints (best effort: a directory
        the process cannot write to only makes the next process walk again)."""
        assert self.path is not None
        streams = {}
        for stream in STREAMS:
            c = seed_chain(self._derive(f"seed-chain/{stream}"), self.chain_length)
            c.anchor()
            streams[stream] = {str(i): s.hex() for i, s in c.checkpoints().items()}
        body = {"game": self.game, "chain_length": self.chain_length, "streams": streams}
        data = json.dumps({**body, "mac": self._checkpoint_mac(body)}, indent=1) + "\n"
        target = seeds_path(self.path)
        tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as f:
                f.write(data)
            os.replace(tmp, target)
        except OSError:
            with contextlib.suppress(OSError):
                tmp.unlink()

    def referee_key(self) -> Ed25519PrivateKey:
        return Ed25519PrivateKey.from_private_bytes(self._derive("referee-key"))

    def game_uid(self) -> str:
        """16 hex digits, random to everyone without the master secret."""
        return self._derive("game-uid")[:8].hex()

    def hidden_salt(self, seq: int) -> str:
        """The salt of sealed event `seq` (pbem/hidden.py): the same for the same game
        and event, and unguessable without the master secret, so a commitment cannot
        be tested against guesses of what it hides (docs/core.md)."""
        return self._derive(f"hidden-salt/{seq}").hex()

    def referee_public(self) -> str:
        return pbem_public_line(self.referee_key().public_key())

    @classmethod
    def new(cls, game: str, master: bytes | None = None, chain_length: int = DEFAULT_CHAIN_LENGTH):
        return cls(game, master if master is not None else os.urandom(32), chain_length)

    def save(self, path: Path) -> None:
        self.path = path
        data = json.dumps(
            {"game": self.game, "master": self.master.hex(), "chain_length": self.chain_length},
            indent=1,
        )
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(data + "\n")
            f.flush()
            os.fsync(f.fileno())
        self._store_checkpoints()

    @classmethod
    def load(cls, path: Path) -> Secrets:
        try:
            d = json.loads(path.read_text())
        except FileNotFoundError:
            raise GameError(
                f"the referee's secret file {path} is missing: without it the game cannot "
                "advance (verify still works)"
            ) from None
        return cls(d["game"], bytes.fromhex(d["master"]), d["chain_length"], path)
