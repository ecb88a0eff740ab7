"""Dice for tests that play a position forward without a log: a seeded stream, the
same values on every run (the rules ask `randbelow(label, n)`, as of pbem.dice)."""

from __future__ import annotations

import random


class Seeded:
    stream_name = "scripted"

    def __init__(self, seed: int):
        self.r = random.Random(seed)

    def randbelow(self, label: str, n: int) -> int:
        return self.r.randrange(n)
