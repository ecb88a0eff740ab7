"""Citations in the variant's own book. The Soldier engine's messages and report lines
cite Soldier Kings ("(SK 9.3)") where the rule is the same idea in both books; a Soldier
Emperor player reads them with SE's numbers ("(SE 9.5)"), through the section map
games/soldier/sections.toml. A section SE lacks stays cited as SK; SE's own rules are
cited as SE where they are written. The engine's Resources are SE's Money (SE 7.0)."""

from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from functools import lru_cache

from pbem.content import games_dir
from pbem.ruleset import Problem

_NUM = r"\d+(?:\.\d+)*"
_ITEM = rf"{_NUM}(?:-{_NUM})?"
_CITE = re.compile(rf"\bSK ({_ITEM}(?:, {_ITEM})*)")
_MONEY = re.compile(r"\bResources?\b")


@lru_cache(maxsize=1)
def sk_to_se() -> dict[str, str]:
    """SK section -> SE section, for every idea both books hold (where SE splits one SK
    section in two, the first listed)."""
    data = tomllib.loads((games_dir() / "soldier" / "sections.toml").read_text("utf-8"))
    out: dict[str, str] = {}
    for e in data["section"]:
        if e.get("sk") and e.get("se") and e["sk"] not in out:
            out[e["sk"]] = e["se"]
    return out


def _number(n: str, table: dict[str, str]) -> str | None:
    """One SK number in SE's book; a number with no heading of its own follows the
    longest heading it extends (x.y3 goes with x.y, keeping its last digit)."""
    if n in table:
        return table[n]
    head, _, tail = n.rpartition(".")
    for k in range(len(tail) - 1, 0, -1):
        base = f"{head}.{tail[:k]}"
        if base in table:
            return table[base] + tail[k:]
    return None


def _item(item: str, table: dict[str, str]) -> str | None:
    a, _, b = item.partition("-")
    ma = _number(a, table)
    if not b:
        return ma
    mb = _number(b, table)
    return f"{ma}-{mb}" if ma and mb else None


def _cite(m: re.Match, table: dict[str, str]) -> str:
    items = m.group(1).split(", ")
    se = [x for x in (_item(i, table) for i in items) if x]
    sk = [i for i in items if _item(i, table) is None]
    if not se:
        return m.group(0)
    return f"SE {', '.join(se)}" + (f"; SK {', '.join(sk)}" if sk else "")


def in_book(text: str, book: str, money: str) -> str:
    """`text` with SK's citations in `book`'s numbers and its Resources in `money`."""
    if book != "SE" or not text:
        return text
    table = sk_to_se()
    text = _CITE.sub(lambda m: _cite(m, table), text)
    return _MONEY.sub(money, text) if money != "Resources" else text


def problems_in_book(problems: list[Problem], book: str, money: str) -> list[Problem]:
    return [replace(p, message=in_book(p.message, book, money)) for p in problems]
