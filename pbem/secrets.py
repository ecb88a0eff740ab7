"""The referee's secrets for one game, kept beside the game file (GAME.secret).

One 32-byte master secret; from it come the roots of the two seed chains and the
referee's checkpoint key. The game file holds only commitments and public keys,
so it can be handed to an auditor; the secret file must not be.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from .dice import DEFAULT_CHAIN_LENGTH, SeedChain, seed_chain
from .errors import GameError
from .keys import pbem_public_line


def secret_path(game_path: str | Path) -> Path:
    p = Path(game_path)
    return p.with_name(p.name + ".secret")


@dataclass
class Secrets:
    game: str
    master: bytes
    chain_length: int = DEFAULT_CHAIN_LENGTH

    def _derive(self, label: str) -> bytes:
        return hmac.new(self.master, f"pbem/{self.game}/{label}".encode(), hashlib.sha256).digest()

    def chain(self, stream: str) -> SeedChain:
        return seed_chain(self._derive(f"seed-chain/{stream}"), self.chain_length)

    def referee_key(self) -> Ed25519PrivateKey:
        return Ed25519PrivateKey.from_private_bytes(self._derive("referee-key"))

    def game_uid(self) -> str:
        """16 hex digits, random to everyone without the master secret."""
        return self._derive("game-uid")[:8].hex()

    def referee_public(self) -> str:
        return pbem_public_line(self.referee_key().public_key())

    @classmethod
    def new(cls, game: str, master: bytes | None = None, chain_length: int = DEFAULT_CHAIN_LENGTH):
        return cls(game, master if master is not None else os.urandom(32), chain_length)

    def save(self, path: Path) -> None:
        data = json.dumps(
            {"game": self.game, "master": self.master.hex(), "chain_length": self.chain_length},
            indent=1,
        )
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(data + "\n")
            f.flush()
            os.fsync(f.fileno())

    @classmethod
    def load(cls, path: Path) -> Secrets:
        try:
            d = json.loads(path.read_text())
        except FileNotFoundError:
            raise GameError(
                f"the referee's secret file {path} is missing: without it the game cannot "
                "advance (verify still works)"
            ) from None
        return cls(d["game"], bytes.fromhex(d["master"]), d["chain_length"])
