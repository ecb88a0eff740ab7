"""Reading names in orders: areas, powers, tiles, Country counters (any case; hyphens
or spaces), with 'did you mean' suggestions."""

from __future__ import annotations

from pbem.suggest import closest

from .content import SoEContent


def key(text: str) -> str:
    return " ".join(text.replace("-", " ").replace("_", " ").split()).casefold()


_INDEX: dict[int, tuple[SoEContent, dict[str, dict[str, str]]]] = {}


def _index(content: SoEContent) -> dict[str, dict[str, str]]:
    got = _INDEX.get(id(content))
    if got is None or got[0] is not content:
        got = _INDEX[id(content)] = (content, _build(content))
    return got[1]


def _build(content: SoEContent) -> dict[str, dict[str, str]]:
    areas = {key(a.name): a.name for a in content.areas}
    areas.update({"n america": "North America", "s america": "South America"})
    return {
        "area": areas,
        "power": {key(p): p for p in content.game.powers},
        "tile": {key(t.name): t.name for t in content.tiles},
        "counter": {key(c.id): c.id for c in content.counters},
    }


def _plain(kind: str, k: str) -> str:
    """The name without a leading 'the' ("the Baltic", as the rulebook writes it) or, for
    a tile, the word 'tile' ("buy Army Training tile", "buy tile Army Training")."""
    words = k.split()
    if words[:1] == ["the"]:
        words = words[1:]
    if kind == "tile":
        words = words[1:] if words[:1] == ["tile"] else words
        words = words[:-1] if words[-1:] == ["tile"] else words
    return " ".join(words)


def find(content: SoEContent, kind: str, text: str) -> tuple[str | None, str | None]:
    """(the name, None) or (None, a suggestion)."""
    idx = _index(content)[kind]
    got = idx.get(key(text)) or idx.get(_plain(kind, key(text)))
    if got is not None:
        return got, None
    hint = closest(key(text), list(idx))
    return None, idx.get(hint) if hint else None
