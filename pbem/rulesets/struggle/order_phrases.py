"""Phrases a Struggle of Empires action and a standing order both read: an auction
proposal (a bid, `auction propose`), when to use a Reserve (an attack, `reserve`) and an
army-or-navy Alliance tile set apart (an attack, `alliance TILE army|navy`)."""

from __future__ import annotations

import re

from .order_lines import Reader


def proposal(r: Reader, text: str) -> tuple[str | None, str | None]:
    """`A=France B=Austria`, or one box for the last un-allied token."""
    got: dict[str, str | None] = {"a": None, "b": None}
    # SoE 2: "placing one un-allied player's control token in Proposal Box A":
    # `Britain in box A, Prussia in box B` and `box A: Britain` read as `A=Britain`
    box = r"(?:(?:the\s+)?(?:proposal\s+)?box\s+)?([AB])\b"
    text = re.sub(rf"(?:^|(?<=[,;]))\s*([^,;=]+?)\s+in\s+{box}", r" \2=\1", text, flags=re.I)
    text = re.sub(r"\b(?:proposal\s+)?box\s+([AB])\s*[:=]?\s*", r"\1=", text, flags=re.I)
    text = re.sub(r"\s*[,;]\s*(?=[AB]\s*=)", " ", text)
    for m in re.finditer(r"\b([AB])\s*=\s*([^=]+?)(?=\s*[,;]?\s+[AB]\s*=|$)", text.strip(), re.I):
        got[m.group(1).casefold()] = r.name("power", m.group(2))
    if got["a"] is None and got["b"] is None:
        r.bad("a bid needs a proposal: A=POWER B=POWER")
    return got["a"], got["b"]


# SoE Reserve: "After dice have been rolled in combat you can ask for both sets of dice
# to be rolled again ... by either player": when the holder asks. `reserve if losing`
# (the default), `reserve if tied` (on a tie as well), `reserve never`.
RESERVE_WHEN = {
    "": "losing",
    "if losing": "losing",
    "when losing": "losing",
    "if tied": "tied",
    "if losing or tied": "tied",
    "if tied or losing": "tied",
    "never": "never",
}
RESERVE_FORM = "write: reserve if losing | reserve if tied | reserve never"
RESERVE = re.compile(  # the words after it, up to a comma or another attack flag
    r"\s*(?:,\s*)?(?:\b(?:with|using)\s+(?:the\s+|a\s+)?)?\breserve\b(?:\s+tile\b)?"
    r"((?:\s+(?!(?:no|alone|surprise|war|blockade|alliance)\b)[^\s,]+)*)",
    re.I,
)


def reserve_when(r: Reader, words: str) -> str | None:
    """`if losing` | `if tied` | `never` (after the word reserve), or None refused."""
    when = RESERVE_WHEN.get(" ".join(words.split()).casefold())
    if when is None:
        r.bad(RESERVE_FORM)
    return when


_ALLIANCE_TILE = re.compile(
    r"\s*(?:,\s*)?\balliance\s+(?!(?:army|navy)\b)([^,]+?)\s+(army|navy)\b", re.I
)


def alliance_tiles(r: Reader, text: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """SoE Alliance tiles: "If the tile is marked with an army and navy symbol then the
    player can decide which unit type he wishes to add": `alliance TILE army|navy` sets
    one tile apart from the others (Sweden at sea, Denmark on land)."""
    got: list[tuple[str, str]] = []
    for m in _ALLIANCE_TILE.finditer(text):
        tile = r.name("tile", m.group(1))
        if tile and r.c.tile(tile).units != "army_or_navy":
            r.bad(f"{tile} is not an army-or-navy Alliance tile: it adds what it shows")
        elif tile:
            got.append((tile, m.group(2).casefold()))
    return _ALLIANCE_TILE.sub("", text), tuple(got)
