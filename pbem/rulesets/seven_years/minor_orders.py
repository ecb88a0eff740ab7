"""Reading the Minor Power Alliance lines (7YWW 4.7, 11.6; plan 7.2, 7.3, [C 11.h];
docs/orders-seven-years-world-war.md "Minor powers"):

player turn (each plays one Minor Power Alliance marker, 4.75):
    minor move SQ to PATH [with UNITS] [carrying UNITS] [land UNITS at SQ]...
                                                                    (4.72, 18.5, [C 4.p])
    minor attack SQ from SQ [with UNITS] [table T] [advance | no advance
        | advance with UNITS] [losses UNITS] [retreat to SQ]             (4.73)
treasury envelope (pass 1):
    play minor power alliance on TERRITORY [place land SQ[, SQ...]]
        [place fleet SQ[, SQ...]] [place base SQ[, SQ...]] [fortified | no fortified]
        [uprising UNIT]                                                  (4.71, 11.61, 29.3)

TERRITORY: a minor power ("Persia", "German States") or a major power's territory ("RU",
"Russia"): [C 11.f]. Minor unit ids may hold spaces ("German States-A1")."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbem.ruleset import Problem
from pbem.suggest import closest

from . import names
from .content import Content
from .money import TLine
from .state import SYWState

MARKER = "Minor Power Alliance"
MOVE = re.compile(r"^minor\s+move\s+(.+?)\s+to\s+(.+)$", re.I)
MOVE_WORDS = ("with", "carrying", "land", "expedition")  # 18.5, 18.53, 29.7: as `move`
ATTACK_WORDS = ("no advance", "advance with", "advance", "retreat to", "losses", "table",
                "with", "from")  # fmt: skip
PLACE_WORDS = ("place land", "place fleet", "place base", "no fortified", "fortified",
               "uprising")  # fmt: skip


@dataclass(frozen=True)
class MinorMove:
    """`minor move SQ to PATH [with UNITS] [carrying UNITS] [land UNITS at SQ]
    [expedition]` (4.72, 18.5, plan [C 4.p], 29.7 Expedition): units () = every minor unit
    there (its fleets, if it carries)."""

    line: int
    text: str
    start: str
    path: tuple[str, ...]
    units: tuple[str, ...] = ()
    guard: object = None
    carrying: tuple[str, ...] = ()  # 18.5: land units embarking at the start
    landings: tuple[tuple[str, str], ...] = ()  # 18.53: (unit id, square) debarking
    drops: tuple[tuple[str, str], ...] = ()  # as turn_lines.Move (transport.py): never any
    forced: bool = False  # as turn_lines.Move: a minor force never force-marches
    expedition: bool = False  # 7YWW 29.7 Expedition: "for one force's movement"


@dataclass(frozen=True)
class MinorAttack:
    """`minor attack SQ from SQ [with UNITS] ...` (4.73)."""

    line: int
    text: str
    target: str
    source: str
    units: tuple[str, ...] = ()
    table: str = ""
    advance: str = ""  # as Attack.advance
    advance_units: tuple[str, ...] = ()
    losses: tuple[str, ...] = ()
    retreat_to: str = ""
    guard: object = None


MINOR_LINES = (MinorMove, MinorAttack)
PHASE_KIND = {MinorMove: "move", MinorAttack: "attack"}  # turn_orders.PHASE (3.1(3))


@dataclass
class AllianceLine(TLine):
    """`play minor power alliance on TERRITORY [...]` in the treasury envelope (4.71)."""

    territory: str = ""
    land: tuple[str, ...] = ()
    fleet: tuple[str, ...] = ()
    base: tuple[str, ...] = ()
    fortified: bool = True  # [C 11.h] default: a fortified zone where 29.3 allows one
    uprising: str = ""
    fleet_first: bool = False  # `place fleet` written before (or without) `place land`

    @property
    def pass_no(self) -> int:
        return 1  # plan 2.3: pass 1, with the other markers


def territory(c: Content, text: str) -> tuple[str | None, str | None]:
    """[C 11.f] a minor power's name, or a major power's code: (name, None) or (None, hint)."""
    got, hint = names.find(c, "minor", text)
    if got is not None:
        return got, None
    major = names.power(c, text)
    if major is not None:
        return major, None
    return None, hint or names.find(c, "power", text)[1]


# ------------------------------------------------------------------ player turn


def _units(r, text: str) -> tuple[str, ...]:
    ids, bad = names.unit_ids(r.s.units, text)
    for w in bad:
        r.bad(f"no unit {w!r} on the map", closest(w, list(r.s.units)))
    if not ids and not bad:
        r.bad("name the units after 'with'")
    return tuple(ids)


def read(r, text: str) -> MinorMove | MinorAttack | None:
    """A `minor ...` line of the player turn; `r` is turn_orders.Reader."""
    low = text.casefold().split()
    what = low[1] if len(low) > 1 else ""
    if what == "move":
        parts = names.clauses(text, MOVE_WORDS)
        m = MOVE.match(parts[0][1])
        if not m:
            r.bad("write: minor move SQ to PATH [with UNITS] [carrying UNITS] [land UNITS at SQ] [expedition] (7YWW 4.72, 18.5, 29.7)")  # fmt: skip
            return None
        start, path = r.square(m.group(1)), r.path(m.group(2))
        got: dict = {"units": (), "carrying": (), "landings": ()}
        for word, rest in parts[1:]:
            if word == "expedition":  # 7YWW 29.7 Expedition: a minor force is a force too
                if rest:
                    r.bad(f"unexpected {rest!r} after expedition")
                got["expedition"] = True
            elif not rest:
                r.bad(f"{word!r} needs what follows it")
            elif word == "with":
                got["units"] += _units(r, rest)
            elif word == "carrying":  # 18.5
                got["carrying"] += _units(r, rest)
            else:  # land UNITS at SQ (18.53)
                lm = re.fullmatch(r"(.+?)\s+at\s+(.+)", rest, re.I)
                if not lm:
                    r.bad("write: land UNITS at SQ (7YWW 18.53)")
                    continue
                sq = r.square(lm.group(2))
                got["landings"] += tuple((u, sq) for u in _units(r, lm.group(1)))
        return MinorMove(r.line, r.text, start, path, **got) if r.ok else None
    if what == "attack":
        parts = names.clauses(text.split(None, 2)[2] if len(low) > 2 else "", ATTACK_WORDS)
        if not parts[0][1]:
            r.bad("write: minor attack SQ from SQ [with UNITS] [table T] (7YWW 4.73)")
            return None
        got: dict = {"target": r.square(parts[0][1])}
        for word, rest in parts[1:]:
            if word in got or (word.startswith("advance") and "advance" in got):
                r.bad(f"{word!r} is written twice")
            if word in ("advance", "no advance"):
                if rest:
                    r.bad(f"unexpected {rest!r} after {word!r}")
                got["advance"] = "all" if word == "advance" else "none"
            elif not rest:
                r.bad(f"{word!r} needs what follows it")
            elif word == "from":
                got["source"] = r.square(rest)
            elif word == "with":
                got["units"] = _units(r, rest)
            elif word == "table":
                t = rest.casefold()
                if t not in names.TABLES:
                    r.bad(f"no table {rest!r}: engagement, linear or revolutionary",
                          closest(t, names.TABLES))  # fmt: skip
                got["table"] = t
            elif word == "advance with":
                got["advance"], got["advance_units"] = "with", _units(r, rest)
            elif word == "losses":
                got["losses"] = _units(r, rest)
            elif word == "retreat to":
                got["retreat_to"] = r.square(rest)
        if "source" not in got and r.ok:
            r.bad("say where the minor force attacks from: minor attack SQ from SQ (7YWW 4.73)")
        return MinorAttack(r.line, r.text, **got) if r.ok else None
    r.bad("write: minor move SQ to PATH [with UNITS], or minor attack SQ from SQ [with UNITS] (7YWW 4.72, 4.73)")  # fmt: skip
    return None


# --------------------------------------------------------------------- treasury


def read_alliance(c: Content, s: SYWState, ln: int, text: str, rest: str) -> TLine | Problem:
    """`play minor power alliance on TERRITORY [clauses]` (4.71, 11.61(1), [C 11.h])."""
    parts = names.clauses(rest, PLACE_WORDS)
    if not parts[0][1]:
        return Problem("name the territory: play minor power alliance on Persia [place land M20] (7YWW 11.61(1))", ln)  # fmt: skip
    where, hint = territory(c, parts[0][1])
    if where is None:
        return Problem(f"no minor power or major power {parts[0][1]!r} (7YWW 11.61(1))", ln, hint)
    out = AllianceLine(ln, text, "minor", marker=MARKER, target=where, territory=where)
    seen: set[str] = set()
    for word, arg in parts[1:]:
        if word in seen:
            return Problem(f"{word!r} is written twice", ln)
        seen.add(word)
        if word in ("fortified", "no fortified"):
            if arg:
                return Problem(f"unexpected {arg!r} after {word!r}", ln)
            out.fortified = word == "fortified"
            continue
        if not arg:
            return Problem(f"{word!r} needs what follows it", ln)
        if word == "uprising":
            ids, bad = names.unit_ids(s.units, arg)
            if bad or len(ids) != 1:
                return Problem(f"write: uprising UNIT (one major power unit), not {arg!r}", ln)
            out.uprising = ids[0]
            continue
        sqs = []
        for w in [p for p in re.split(r"[,\s]+", arg) if p]:
            sq, hint = names.find(c, "square", w)
            if sq is None:
                return Problem(f"no square {w!r} on the map", ln, hint)
            sqs.append(sq)
        if word == "place land":
            out.land = tuple(sqs)
        elif word == "place fleet":
            out.fleet = tuple(sqs)
            out.fleet_first = "place land" not in seen
        else:
            out.base = tuple(sqs)
    return out
