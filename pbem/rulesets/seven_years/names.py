"""Reading names in orders (plan section 7): squares (grid references or map names),
powers (codes or names), seats ("Coalition 2"), unit ids, campaign markers (as printed,
"Diplomacy 3", leaders by id), CRTs; any case, with "did you mean" suggestions."""

from __future__ import annotations

import re
from functools import lru_cache

from pbem.suggest import closest

from .content import LEADER, Content

TABLES = ("engagement", "linear", "revolutionary")
ALIASES = {
    "sturm und drang": "Sturm & Drang",
    "sturm and drang": "Sturm & Drang",
    "voltaire": "Correspondence with Voltaire",
    "honours of war": "Honors of War",
}


def key(text: str) -> str:
    return " ".join(text.replace("-", " ").replace("_", " ").split()).casefold()


@lru_cache(maxsize=4)
def _index(c: Content) -> dict[str, dict[str, str]]:
    squares = {q.id.casefold(): q.id for q in c.map.squares}
    by_name: dict[str, list[str]] = {}
    for q in c.map.squares:
        by_name.setdefault(key(q.name), []).append(q.id)
    for name, ids in by_name.items():
        if len(ids) == 1 and name not in squares:
            squares[name] = ids[0]
    powers = {}
    for p in c.data.game.power:
        powers[p.abbr.casefold()] = p.abbr
        powers[key(p.name)] = p.abbr
    for alias, code in (
        ("austria", "AU"), ("britain", "GB"), ("spain", "SP"), ("russia", "RU"),
        ("ottoman", "OT"), ("turkey", "OT"), ("netherlands", "UP"), ("holland", "UP"),
        ("manchu", "ME"), ("china", "ME"), ("maratha", "MC"), ("marathas", "MC"),
    ):  # fmt: skip
        powers.setdefault(alias, code)
    minors = {}
    for m in c.data.game.minor:
        minors[key(m.name)] = m.name
        for a in m.aliases:
            minors.setdefault(key(a), m.name)
    kinds = {}
    for mid, info in c.markers.items():
        if info.kind == LEADER:
            kinds[key(mid)] = mid
        else:
            kinds.setdefault(key(info.label), info.label)
    for alias, label in ALIASES.items():
        kinds[alias] = label
    return {"square": squares, "power": powers, "minor": minors, "marker": kinds}


def find(c: Content, kind: str, text: str) -> tuple[str | None, str | None]:
    """(the name, None) or (None, a suggestion)."""
    idx = _index(c)[kind]
    got = idx.get(key(text)) if kind != "square" else idx.get(text.casefold()) or idx.get(key(text))
    if got is not None:
        return got, None
    hint = closest(key(text), list(idx))
    return None, idx.get(hint) if hint else None


def square(c: Content, text: str) -> str | None:
    return find(c, "square", text)[0]


def power(c: Content, text: str) -> str | None:
    return find(c, "power", text)[0]


SEAT = re.compile(r"^coalition\s*([1-4])$", re.I)


def seat(seats: list[str], text: str) -> str | None:
    """[C 1.a] "Coalition 2", "coalition2"; never "C2" (a square)."""
    m = SEAT.match(text.strip())
    if not m:
        return None
    name = f"Coalition {m.group(1)}"
    return name if name in seats else None


def marker_label(c: Content, text: str) -> tuple[str | None, str | None]:
    """A marker as players write it: its label ("Diplomacy 3", "Forced March") or a
    leader's id ("G3-1"): (label or leader id, None) or (None, suggestion)."""
    return find(c, "marker", text)


def label_of(c: Content, mid: str) -> str:
    info = c.marker(mid)
    return mid if info.kind == LEADER else info.label


def shown(c: Content, mid: str) -> str:
    """A marker as a player reads it: 'Diplomacy 2'; a leader by his kind and command
    value with his id, which orders use: 'General of command value 2 (G2-1)' (7YWW 2.321
    'Land Leader (General) + Value', 20.41; pieces.toml)."""
    info = c.marker(mid)
    if info.kind != LEADER:
        return info.label
    return f"{'Admiral' if info.naval else 'General'} of command value {info.value} ({mid})"


def in_hand(c: Content, hand: list[str], label: str, taken: tuple[str, ...] = ()) -> str | None:
    """Plan 3: copies of a kind are interchangeable; the lowest id held (not yet taken
    by an earlier line) is the one played."""
    for mid in sorted(hand):
        if mid in taken:
            continue
        if mid == label or (c.marker(mid).kind != LEADER and c.marker(mid).label == label):
            return mid
    return None


def closest_head(text: str, heads: list[str]) -> str | None:
    """The order word a mistyped line most likely meant ("atack D18 ..." -> "attack")."""
    words = text.split()
    for n in (2, 1, 3):
        got = closest(" ".join(words[:n]), heads)
        if got:
            return got
    return None


def clauses(text: str, words: tuple[str, ...]) -> list[tuple[str, str]]:
    """Split an order line at its clause words (whole words, longest first, any spacing
    inside a word): [(word, text)], the first with word ""."""
    ws = sorted(words, key=len, reverse=True)
    pat = re.compile(r"(?<!\S)(" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in ws)
                     + r")(?!\S)", re.I)  # fmt: skip
    out: list[tuple[str, str]] = []
    pos, word = 0, ""
    for m in pat.finditer(text):
        out.append((word, text[pos : m.start()].strip()))
        word, pos = " ".join(m.group(1).casefold().split()), m.end()
    out.append((word, text[pos:].strip()))
    return out


def unit_ids(known, text: str) -> tuple[list[str], list[str]]:
    """Unit ids in `text` (spaces or commas between them; an id may hold spaces, as
    "German States-A1": the longest run of words that is an id is taken): (ids, words
    not read). `known`: the ids on the map."""
    by = {u.casefold(): u for u in known}
    words = [w for w in re.split(r"[,\s]+", text.strip()) if w]
    out, bad = [], []
    i = 0
    while i < len(words):
        for j in range(len(words), i, -1):
            got = by.get(" ".join(words[i:j]).casefold())
            if got is not None:
                out.append(got)
                i = j
                break
        else:
            bad.append(words[i])
            i += 1
    return out, bad
