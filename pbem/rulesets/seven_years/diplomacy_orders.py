"""Reading the diplomacy and any-time lines of a player-turn envelope (plan 7.3;
docs/orders-seven-years-world-war.md, "Diplomacy, reveal, gifts, returns"):

    diplomacy on POWER with V [V...] [prefer OPTION, OPTION...]
        OPTION: gain | neutralize | take | coup [SEAT | LEADER]
                | espionage [markers | treasury] [SEAT]
    reveal treasury | markers | all [to SEAT[, SEAT...] | to all]
    give N [treasury [points]] to SEAT
    return MARKER[, MARKER...]

Syntax only: whether the markers are held and the targets fit is diplomacy.py's."""

from __future__ import annotations

import re

from pbem.ruleset import Problem

from . import names
from .content import Content
from .diplomacy_lines import DiplomacyLine, Give, Option, ReturnMarkers, Reveal
from .state import SYWState

HEADS = ("diplomacy", "reveal", "give", "return")
OPTIONS = ("gain", "neutralize", "neutralise", "take", "coup", "espionage")


def read(c: Content, s: SYWState, line: int, text: str):
    """(the line or None, problems) for a line whose first word is one of HEADS."""
    out: list[Problem] = []
    word = text.split()[0].casefold()
    got = {"diplomacy": _diplomacy, "reveal": _reveal, "give": _give, "return": _return}[word](
        c, s, line, text, out
    )
    return (got if not out else None), out


def _seat(s: SYWState, text: str, line: int, out: list[Problem]) -> str:
    got = names.seat(s.seats, text)
    if got is None:
        out.append(Problem(f"no player {text.strip()!r} (players: {', '.join(s.seats)})", line))
        return ""
    return got


def _power(c: Content, text: str, line: int, out: list[Problem]) -> str:
    got = names.power(c, text)
    if got is not None and got in c.majors:
        return got
    if names.find(c, "minor", text)[0] is not None:
        out.append(Problem(f"{text.strip()} is a minor power: diplomacy never changes a minor power's status (7YWW 4.761)", line))  # fmt: skip
    else:
        out.append(
            Problem(f"no major power {text.strip()!r}", line, names.find(c, "power", text)[1])
        )
    return ""


def _diplomacy(c: Content, s: SYWState, line: int, text: str, out: list[Problem]):
    m = re.fullmatch(r"diplomacy\s+(?:on\s+)?(.+?)\s+with\s+(.+?)(?:\s+prefer\s+(.+))?", text, re.I)
    if not m:
        out.append(Problem("write: diplomacy on POWER with V [V...] [prefer OPTION, ...] (7YWW 9.1)", line))  # fmt: skip
        return None
    power = _power(c, m.group(1), line, out)
    values: list[int] = []
    for w in re.split(r"[,\s]+", m.group(2).strip()):
        if re.fullmatch(r"diplomacy", w, re.I) or not w:
            continue
        if w not in ("1", "2", "3"):
            out.append(Problem(f"diplomacy values are 1, 2 or 3 (7YWW 9.5), not {w!r}", line))
            continue
        values.append(int(w))
    if not values and not out:
        out.append(
            Problem("at least one diplomacy marker initiates an attempt (7YWW 9.1(2))", line)
        )
    prefer = [_option(c, s, p.strip(), line, out) for p in (m.group(3) or "").split(",") if p.strip()]  # fmt: skip
    return DiplomacyLine(line, text, power, tuple(values), tuple(o for o in prefer if o))


def _option(c: Content, s: SYWState, text: str, line: int, out: list[Problem]) -> Option | None:
    words = text.split()
    kind = words[0].casefold()
    rest = " ".join(words[1:])
    if kind == "neutralise":
        kind = "neutralize"
    if kind not in OPTIONS:
        hint = names.closest_head(kind, list(OPTIONS))
        out.append(Problem(f"no diplomacy option {text!r}: gain, neutralize, take, coup, espionage (7YWW 29.1)", line, hint))  # fmt: skip
        return None
    if kind in ("gain", "neutralize", "take"):
        if rest:
            out.append(Problem(f"unexpected {rest!r} after {kind!r}", line))
        return Option(kind)
    if kind == "espionage":
        em = re.fullmatch(r"(markers|treasury)?\s*(.*)", rest, re.I)
        assert em is not None
        what = (em.group(1) or "markers").casefold()
        target = _seat(s, em.group(2), line, out) if em.group(2) else ""
        return Option(kind, target, what)
    if not rest:
        return Option(kind)
    if names.seat(s.seats, rest) is not None:
        return Option(kind, names.seat(s.seats, rest) or "")
    lid, hint = names.marker_label(c, rest)
    if lid is None or lid not in c.markers or not c.is_leader(lid):
        out.append(Problem(f"coup names a player ({', '.join(s.seats)}) or a leader by id, e.g. G3-1, not {rest!r} (7YWW 29.1)", line, hint))  # fmt: skip
        return None
    return Option(kind, lid)


def _reveal(c: Content, s: SYWState, line: int, text: str, out: list[Problem]):
    m = re.fullmatch(r"reveal\s+(treasury|markers|all)(?:\s+to\s+(.+))?", text, re.I)
    if not m:
        out.append(Problem("write: reveal treasury|markers|all [to SEAT, ... | to all] (7YWW 7.2)", line))  # fmt: skip
        return None
    what = m.group(1).casefold()
    to: list[str] = []
    if m.group(2) and m.group(2).strip().casefold() != "all":
        to = [_seat(s, p, line, out) for p in re.split(r"\s*(?:,|\band\b)\s*", m.group(2).strip()) if p]  # fmt: skip
    return Reveal(line, text, what in ("treasury", "all"), what in ("markers", "all"), tuple(to))


def _give(c: Content, s: SYWState, line: int, text: str, out: list[Problem]):
    m = re.fullmatch(r"give\s+(\d+)\s+(?:treasury(?:\s+points?)?\s+|tp\s+)?to\s+(.+)", text, re.I)
    if not m:
        out.append(Problem("write: give N treasury to SEAT (7YWW 10.35)", line))
        return None
    amount = int(m.group(1))
    if amount < 1:
        out.append(Problem("give at least 1 treasury point", line))
    return Give(line, text, amount, _seat(s, m.group(2), line, out))


def _return(c: Content, s: SYWState, line: int, text: str, out: list[Problem]):
    rest = text[len("return") :].strip()
    labels = []
    for part in [p.strip() for p in rest.split(",") if p.strip()]:
        got, hint = names.marker_label(c, part)
        if got is None:
            out.append(Problem(f"no campaign marker {part!r}", line, hint))
        else:
            labels.append(got)
    if not labels and not out:
        out.append(Problem("write: return MARKER[, MARKER...] (7YWW 8.31)", line))
    return ReturnMarkers(line, text, tuple(labels))
