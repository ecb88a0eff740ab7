"""Dice nobody can bias (DESIGN "Dice").

Seeds come from hash chains. For each stream the referee draws a secret root r and
publishes the anchor s0 = H^N(r) when the game is created; resolution i (1-based)
uses s_i = H^(N-i)(r), so H(s_i) = s_{i-1}. Revealing s_i after resolution i lets
anyone check it against the anchor (or against s_{i-1}), while s_{i+1}, which the
next resolution uses, stays a preimage nobody but the referee can compute.

Two streams: "public" drives the dice of battles and the like and its seed is
revealed right after each resolution; "hidden" drives draws that feed hidden
information (card deals, random selection kept secret) and is revealed only when
the game ends, because revealing s_i discloses every earlier hidden seed.

A roll: randbelow(n) for the k-th use of a label in a resolution reads bytes from
HMAC-SHA256(seed, "digest\\nlabel\\nk\\nblock") and rejects values that would
bias the result (no modulo bias). The digest is that of the phase's accepted
orders, so the same seed gives different dice for different orders.
"""

from __future__ import annotations

import hashlib
import hmac
from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Protocol

from .errors import PbemError

STREAMS = ("public", "hidden")
DEFAULT_CHAIN_LENGTH = 20_000
STRIDE = 256  # every STRIDE-th seed is remembered on a walk (a checkpoint)


def chain_step(seed: bytes) -> bytes:
    return hashlib.sha256(b"pbem-seed-chain\n" + seed).digest()


class SeedChain:
    def __init__(self, root: bytes, length: int = DEFAULT_CHAIN_LENGTH):
        self.root = root
        self.length = length
        self._cache: dict[int, bytes] = {}

    def anchor(self) -> bytes:
        return self.seed(0)

    def seed(self, index: int) -> bytes:
        if not 0 <= index <= self.length:
            raise PbemError(f"seed index {index} outside the committed chain (0..{self.length})")
        if index in self._cache:
            return self._cache[index]
        # walk down from the nearest cached seed above, or the root
        above = [i for i in self._cache if i > index]
        start = min(above) if above else self.length
        s = self._cache[start] if above else self.root
        for i in range(start, index, -1):
            s = chain_step(s)
            # every STRIDE-th seed, and the STRIDE above the one asked for (the next
            # resolutions' seeds, asked for next), are remembered
            if (i - 1) % STRIDE == 0 or i - 1 - index < STRIDE:
                self._cache[i - 1] = s
        self._cache[index] = s
        return s

    def checkpoints(self) -> dict[int, bytes]:
        """The remembered seeds at multiples of STRIDE (all of them once the anchor has
        been walked to): with them, any seed is at most STRIDE steps away."""
        return {i: s for i, s in sorted(self._cache.items()) if i % STRIDE == 0}

    def remember(self, known: dict[int, bytes]) -> None:
        """Seeds from a store the caller has authenticated (the referee's checkpoint
        file, pbem/secrets.py): a wrong one would give wrong dice."""
        for i in known:
            if not 0 <= i <= self.length:
                raise PbemError(f"seed index {i} outside the committed chain (0..{self.length})")
        self._cache.update(known)


_CHAINS: dict[tuple[bytes, int], SeedChain] = {}


def seed_chain(root: bytes, length: int = DEFAULT_CHAIN_LENGTH) -> SeedChain:
    """The chain of `root`, kept while the process runs: walked from the root once,
    then every seed is at most 256 steps from one it remembers."""
    key = (root, length)
    c = _CHAINS.get(key)
    if c is None:
        if len(_CHAINS) >= 64:  # a long-running process with many games
            _CHAINS.clear()
        c = _CHAINS[key] = SeedChain(root, length)
    return c


def seed_matches(known_index: int, known_seed: bytes, index: int, seed: bytes) -> bool:
    """True when `seed` at `index` hashes down to `known_seed` at `known_index`."""
    if index < known_index:
        return False
    s = seed
    for _ in range(index - known_index):
        s = chain_step(s)
    return hmac.compare_digest(s, known_seed)


class DiceSource(Protocol):
    stream_name: str

    def randbelow(self, label: str, n: int) -> int: ...


class CommittedDice:
    def __init__(self, seed: bytes, orders_digest: str, stream_name: str = "public"):
        self.seed = seed
        self.digest = orders_digest
        self.stream_name = stream_name
        self._uses: defaultdict[str, int] = defaultdict(int)
        self._pads: tuple[bytes, Any, Any] | None = None  # the seed, _hmac_pads(seed)

    def randbelow(self, label: str, n: int) -> int:
        if n < 1:
            raise ValueError("randbelow needs n >= 1")
        uses = self._uses
        k = uses[label]
        uses[label] = k + 1
        if n == 1:
            return 0
        width, limit = _bounds(n)
        prefix = f"{self.digest}\n{label}\n{k}\n"
        pads = self._pads
        if pads is None or pads[0] is not self.seed:
            pads = self._pads = (self.seed, *_hmac_pads(self.seed))
        _, inner, outer = pads
        buf = _hmac(inner, outer, f"{prefix}0".encode())
        if width == 1 and buf[0] < limit:  # a die: one byte, the usual case (issue 9)
            return buf[0] % n
        block = 1
        while True:
            while len(buf) < width:
                buf += _hmac(inner, outer, f"{prefix}{block}".encode())
                block += 1
            x = int.from_bytes(buf[:width], "big")
            buf = buf[width:]
            if x < limit:
                return x % n


def _hmac_pads(key: bytes) -> tuple[Any, Any]:
    """HMAC-SHA256 (RFC 2104) with `key`, as far as it goes without the message: SHA-256
    over the key xor ipad, and over the key xor opad. Each draw then hashes only its
    message, instead of the key's two blocks again (issue 9); the result is
    hmac.digest(key, msg, "sha256"), as the tests check."""
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    key = key.ljust(_BLOCK, b"\0")
    return hashlib.sha256(key.translate(_IPAD)), hashlib.sha256(key.translate(_OPAD))


def _hmac(inner: Any, outer: Any, msg: bytes) -> bytes:
    i = inner.copy()
    i.update(msg)
    o = outer.copy()
    o.update(i.digest())
    return o.digest()


_BLOCK = 64  # SHA-256's block size
_IPAD = bytes(x ^ 0x36 for x in range(256))
_OPAD = bytes(x ^ 0x5C for x in range(256))


@lru_cache(maxsize=1024)
def _bounds(n: int) -> tuple[int, int]:
    """Bytes read per value for randbelow(n), and the bound below which a value is kept
    (the rest would bias the result)."""
    width = (n - 1).bit_length() + 7 >> 3
    span = 256**width
    return width, span - span % n


class DiceScriptError(PbemError):
    pass


class ScriptedDice:
    """Dice for tests and rules cases: values are served in order.

    Each entry is a die face (1..sides) for rolls, or an index (0..n-1) for
    `randbelow` draws of the hidden stream. An entry may be a pair
    (label_fragment, value), and then the roll's label must contain the fragment.
    """

    stream_name = "scripted"

    def __init__(self, values: Sequence[int | tuple[str, int]] = ()):
        self.values = list(values)
        self.pos = 0
        self.log: list[tuple[str, int]] = []

    def next_value(self, label: str) -> int:
        if self.pos >= len(self.values):
            raise DiceScriptError(
                f"scripted dice ran out at roll {self.pos + 1} ({label!r}); add more values"
            )
        entry = self.values[self.pos]
        self.pos += 1
        if isinstance(entry, tuple | list):
            fragment, value = entry
            if fragment.lower() not in label.lower():
                raise DiceScriptError(
                    f"scripted roll {self.pos} was for {fragment!r} but the rules rolled {label!r}"
                )
        else:
            value = entry
        self.log.append((label, value))
        return int(value)

    def randbelow(self, label: str, n: int) -> int:
        v = self.next_value(label)
        if not 0 <= v < n:
            raise DiceScriptError(f"scripted draw {v} for {label!r} is not in 0..{n - 1}")
        return v

    def remaining(self) -> int:
        return len(self.values) - self.pos
