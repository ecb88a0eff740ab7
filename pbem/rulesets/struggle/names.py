"""Reading names in orders: areas, powers, tiles, Country counters (any case; hyphens
or spaces), with 'did you mean' suggestions."""

from __future__ import annotations

from pbem.suggest import closest

from .content import SoEContent


def key(text: str) -> str:
    """Any case, hyphens or spaces, a full stop as a space ("N. America")."""
    text = text.replace("-", " ").replace("_", " ").replace(".", " ")
    return " ".join(text.split()).casefold()


# Names the rulebook itself writes for an area, a power or a tile besides the map's and
# the tile display's: SoE Slave Revolt "N. America, S. America" (a full stop reads as a
# space), SoE Attack "No naval support can be gained in Germany"; SoE Attack "Navy
# Training tiles"; SoE Play Tips "Diplomacy"; SoE Useful to Know "an Industrialisation
# tile"; SoE Buy One Tile "The Pirate or Slave Revolt tiles"; SoE Company Tiles
# "BalticCompany"; SoE Examples of Play "the North American Indian Alliance tile".
AREA_ALIASES = {"n america": "North America", "s america": "South America"}
AREA_ALIASES |= {"germany": "German States"}
TILE_ALIASES = {
    "navy training": "Naval Training",
    "diplomacy": "Diplomatic Service",
    "industrialisation": "Industry",
    "industrialization": "Industry",
    "pirate": "Pirates",
    "balticcompany": "Baltic Company",
    "north american indian": "Native Americans",
}
# the powers' adjectives ("attack the British in North America")
POWER_ALIASES = {
    "british": "Britain",
    "french": "France",
    "spanish": "Spain",
    "russian": "Russia",
    "austrian": "Austria",
    "prussian": "Prussia",
    "dutch": "United Provinces",
}


_INDEX: dict[int, tuple[SoEContent, dict[str, dict[str, str]]]] = {}


def _index(content: SoEContent) -> dict[str, dict[str, str]]:
    got = _INDEX.get(id(content))
    if got is None or got[0] is not content:
        got = _INDEX[id(content)] = (content, _build(content))
    return got[1]


def _build(content: SoEContent) -> dict[str, dict[str, str]]:
    areas = {key(a.name): a.name for a in content.areas}
    areas.update({k: v for k, v in AREA_ALIASES.items() if v in areas.values()})
    powers = {key(p): p for p in content.game.powers}
    powers.update({k: v for k, v in POWER_ALIASES.items() if v in powers.values()})
    tiles = {key(t.name): t.name for t in content.tiles}
    tiles.update({k: v for k, v in TILE_ALIASES.items() if v in tiles.values()})
    return {
        "area": areas,
        "power": powers,
        "tile": tiles,
        "counter": {key(c.id): c.id for c in content.counters},
    }


def _plain(kind: str, k: str) -> list[str]:
    """The name without a leading 'the', 'a' or 'an' ("the Baltic", as the rulebook
    writes it) or, for a tile, the word 'tile' ("buy Army Training tile", "buy tile Army
    Training") and its kind before it ("the Sweden Alliance tile", "a Company tile")."""
    words = k.split()
    if words[:1] in (["the"], ["a"], ["an"]):
        words = words[1:]
    out = [" ".join(words)]
    if kind == "tile":
        words = words[1:] if words[:1] == ["tile"] else words
        words = words[:-1] if words[-1:] in (["tile"], ["tiles"]) else words
        out.append(" ".join(words))
        if words[-1:] in (["alliance"], ["company"], ["improvement"]):
            out.append(" ".join(words[:-1]))
    return out


def find(content: SoEContent, kind: str, text: str) -> tuple[str | None, str | None]:
    """(the name, None) or (None, a suggestion)."""
    idx = _index(content)[kind]
    got = idx.get(key(text))
    for plain in _plain(kind, key(text)):
        got = got or idx.get(plain)
    if got is not None:
        return got, None
    hint = closest(key(text), list(idx))
    return None, idx.get(hint) if hint else None
