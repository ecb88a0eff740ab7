"""The standing `countermarch` line (plan 7.4, 7YWW 16.4):

countermarch from SQ [with UNITS] [against SQ] [if odds >= A:B] [table T]
    [leader L [as PW]] [advance] [honors of war] [each time]

and the phasing player's side of it, clauses of his `move` / `forced march` line (16.42,
plan [C 16.e]), used only if that move is countermarched:

move UNITS from SQ to PATH ... [leader L] [honors of war] [advance if countermarched]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbem.ruleset import Problem
from pbem.suggest import closest

from . import names
from .content import Content

WORDS = ("honors of war", "honours of war", "each time", "if odds >=", "against", "advance",
         "leader", "table", "with", "as")  # fmt: skip
UNIT_ID = re.compile(r"[A-Za-z]{2,3}-[A-Za-z0-9-]+")
FORM = (
    "write: countermarch from SQ [with UNITS] [against SQ] [if odds >= A:B] [table T] "
    "[leader L [as PW]] [advance] [honors of war] [each time]"
)


@dataclass(frozen=True)
class CountermarchLine:
    line: int
    text: str
    source: str
    units: tuple[str, ...] = ()  # () = every unit of his there able to attack
    against: str = ""  # "" = any square adjacent to `source`
    odds: str = ""  # the least odds column ("" any)
    table: str = ""
    leader: str = ""
    as_power: str = ""
    advance: bool = False  # 16.43; default no advance
    honors: bool = False  # 29.7, if an Honors of War is in hand
    each_time: bool = False  # [C 16.b]


def read(c: Content, st, rest: str, ln: int) -> list[Problem]:
    """`countermarch ...` (the head already taken off; `from` starts `rest`)."""
    out: list[Problem] = []
    m = re.fullmatch(r"from\s+(.+)", rest.strip(), re.I)
    if not m:
        return [Problem(FORM, ln)]
    parts = names.clauses(m.group(1), WORDS)
    got: dict = {}

    def square(text: str) -> str:
        sq, hint = names.find(c, "square", text)
        if sq is None:
            out.append(Problem(f"no square {text!r} on the map", ln, hint))
            return ""
        return sq

    got["source"] = square(parts[0][1]) if parts[0][1] else ""
    if not parts[0][1]:
        out.append(Problem(FORM, ln))
    seen: set[str] = set()
    flags = ("honors of war", "honours of war", "each time", "advance")
    for word, text in parts[1:]:
        if word in seen:
            out.append(Problem(f"{word!r} is written twice", ln))
        seen.add(word)
        if word in flags:
            if text:
                out.append(Problem(f"unexpected {text!r} after {word!r}", ln))
            key = {"each time": "each_time", "advance": "advance"}.get(word, "honors")
            got[key] = True
        elif not text:
            out.append(Problem(f"{word!r} needs what follows it", ln))
        elif word == "with":
            ids = [w for w in re.split(r"[,\s]+", text) if w]
            bad = [w for w in ids if not UNIT_ID.fullmatch(w)]
            if bad:
                out.append(Problem(f"no unit {bad[0]!r}: name units by id, e.g. PR-A3", ln))
            got["units"] = tuple(w.upper() for w in ids)
        elif word == "against":
            got["against"] = square(text)
        elif word == "if odds >=":
            if text not in c.data.crt.odds.columns:
                cols = ", ".join(c.data.crt.odds.columns)
                out.append(Problem(f"no odds column {text!r}: {cols}", ln))
            got["odds"] = text
        elif word == "table":
            t = text.casefold()
            if t not in names.TABLES:
                out.append(
                    Problem(
                        f"no table {text!r}: engagement, linear or revolutionary",
                        ln,
                        closest(t, names.TABLES),
                    )  # fmt: skip
                )
            got["table"] = t
        elif word == "leader":
            lid, hint = names.marker_label(c, text)
            if lid is None or lid not in c.markers or not c.is_leader(lid):
                out.append(Problem(f"no leader {text!r} (leaders are named by id, e.g. G3-1)", ln, hint))  # fmt: skip
            got["leader"] = lid or ""
        elif word == "as":
            pw = names.power(c, text)
            if "leader" not in seen or pw is None:
                out.append(Problem("write: leader NAME as POWER (a major power)", ln))
            got["as_power"] = pw or ""
    if not out:
        st.countermarch.append(CountermarchLine(ln, f"countermarch {rest.strip()}", **got))
    return out


READERS = {"countermarch": read}


# --- the mover's clauses (16.42, plan [C 16.e]); read by turn_orders.read_move

MOVE_WORDS = ("leader", "honors of war", "honours of war", "advance if countermarched")
MOVE_KEYS = {"leader": "cm_leader", "advance if countermarched": "cm_advance"}


def move_clause(r, word: str, rest: str, got: dict) -> None:
    """One countermarch clause of a move line into `got` (turn_lines.Move's cm_ fields).
    `r`: turn_orders' Reader (its `bad` reports the problem with the line's number)."""
    key = MOVE_KEYS.get(word, "cm_honors")
    if key in got:
        r.bad(f"{word!r} is written twice")
    if word != "leader":
        if rest:
            r.bad(f"unexpected {rest!r} after {word!r}")
        got[key] = True
        return
    if not rest:
        r.bad("'leader' needs what follows it: leader ID (used if the move is countermarched)")
        return
    lid, hint = names.marker_label(r.c, rest)
    if lid is None or lid not in r.s.leaders:
        r.bad(f"no leader {rest!r} (leaders are named by id, e.g. G3-1)", hint)
        return
    got[key] = lid
