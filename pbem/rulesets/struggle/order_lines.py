"""Reading Struggle of Empires order lines: each line without its comment, with a
reader for its names and units that records what does not read
(docs/orders-struggle-of-empires.md)."""

from __future__ import annotations

from collections.abc import Iterator

from pbem.ruleset import OrderLine, Problem

from .content import SoEContent
from .names import find

UNITS = {"army": "army", "armies": "army", "navy": "navy", "navies": "navy", "fort": "fort"}
UNITS |= {"forts": "fort"}
# a unit written with its article or number ("place an army", "build a fort", "move 1
# army"): one unit
ONE = r"(?:(?:an?|1|one)\s+)?"


def split_comment(text: str) -> str:
    """The line without its comment and a closing full stop ("pass.")."""
    text = text.split("#", 1)[0].strip()
    return text[:-1].rstrip() if text.endswith(".") else text


def read_lines(
    content: SoEContent, lines: list[OrderLine], problems: list[Problem]
) -> Iterator[tuple[str, Reader]]:
    """Each line's text without its comment, with a reader for its names (blank lines
    skipped)."""
    for ol in lines:
        text = split_comment(ol.text)
        if text:
            yield text, Reader(content, ol.line, problems)


class Reader:
    def __init__(self, content: SoEContent, line: int, problems: list[Problem]):
        self.c, self.line, self.problems = content, line, problems

    def bad(self, msg: str, hint: str | None = None) -> None:
        self.problems.append(Problem(msg, self.line, hint))

    def name(self, kind: str, text: str) -> str | None:
        got, hint = find(self.c, kind, text)
        if got is None:
            self.bad(f"no {kind} {text.strip()!r}", hint)
        return got

    def unit(self, word: str) -> str | None:
        u = UNITS.get(word.casefold())
        if u is None:
            self.bad(f"{word!r} is not a unit (army, navy or fort)")
        return u
