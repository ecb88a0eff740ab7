"""'Did you mean' suggestions for names in orders and commands."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    pool = list(candidates)
    by_lower = {c.lower(): c for c in pool}
    w = word.lower()
    if w in by_lower:
        return by_lower[w]
    prefixed = [c for c in pool if c.lower().startswith(w)] if len(w) >= 3 else []
    if len(prefixed) == 1:
        return prefixed[0]
    hit = difflib.get_close_matches(w, list(by_lower), n=1, cutoff=cutoff)
    return by_lower[hit[0]] if hit else None
