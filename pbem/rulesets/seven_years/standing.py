"""Standing orders (plan section 7.4): what a player wants done when a decision of his
comes up while he is not moving. Each kind of line is read by one function here; the
defaults are the modules' own (the rule that consults a preference says what it does
without one). docs/orders-seven-years-world-war.md lists them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pbem.ruleset import OrderLine, Parsed, Problem

from . import deal_lines, names, pillage_lines
from .content import Content
from .countermarch_lines import READERS as COUNTERMARCH_READERS
from .diplomacy_standing import READERS as DIPLOMACY_READERS
from .diplomacy_standing import problems as defend_problems
from .minor_recruiting_option import READERS as OPTION_READERS
from .windows import STANDING_READERS, seat_problems


@dataclass
class Standing:
    discard_order: list[str] = field(default_factory=list)  # 8.31: labels or leader ids
    starve_order: list[str] = field(default_factory=list)  # 19.3: unit ids
    lines: list[tuple[int, str]] = field(default_factory=list)  # every line read, as sent
    # --- combat (results.py, combat.py): (square or "" for anywhere, ...) in the order sent
    losses: list[tuple[str, list[str]]] = field(default_factory=list)  # [C 15.k]
    retreats: list[tuple[str, list[str]]] = field(default_factory=list)  # 15.8 [C 15.h]
    leave_fz: list[str] = field(default_factory=list)  # 15.81 [C 15.j]
    advance_from: list[str] = field(default_factory=list)  # 15.8 [C 15.i]
    upgrade_order: list[str] = field(default_factory=list)  # 17.2
    defend_leaders: list[tuple[str, str]] = field(default_factory=list)  # (leader | "best", sq)
    honors: list[tuple[str, str]] = field(default_factory=list)  # 29.7 (sq, least odds column)
    # --- diplomacy and control (diplomacy_standing.py)
    defend_powers: list = field(default_factory=list)  # 9.4: diplomacy_standing.DefendLine
    reaction: str = ""  # 29.1 R/R2: "treasury" | "markers" | "" (default)
    lose_order: list[str] = field(default_factory=list)  # 29.1 D3(4), D4(4), D4(5)
    displace_to: list[str] = field(default_factory=list)  # 4.511
    # --- marker windows (windows.py): 29.7 Illuminati, Sturm & Drang, Grand Tour
    illuminati: list = field(default_factory=list)  # windows.IlluminatiLine
    sturm: list = field(default_factory=list)  # windows.SturmLine
    grand_tour: list = field(default_factory=list)  # (line, text, seat)
    # --- negotiation (deal_lines.py, negotiation.py; 7YWW 21, 22.22)
    deals: list = field(default_factory=list)  # deal_lines.DealLine (the sender added later)
    pacts: list = field(default_factory=list)  # deal_lines.PactLine
    end_game: bool = False
    # --- countermarch (countermarch_lines.py, countermarch.py; 7YWW 16.4)
    countermarch: list = field(default_factory=list)  # countermarch_lines.CountermarchLine
    # --- optional rules 24.0, 25.3 (minor_recruiting_option.py, taxes.py)
    minor_placement: list[str] = field(default_factory=list)  # squares, in order
    rebellions: list = field(default_factory=list)  # (territory, (squares...)) in order
    # --- optional rule 27 (pillage_lines.py, enlightenment.py)
    enlighten: list = field(default_factory=list)  # pillage_lines.EnlightenLine


def _split(rest: str) -> list[str]:
    return [w for w in re.split(r"[,\s]+", rest.strip()) if w]


def _discard(c: Content, st: Standing, rest: str, ln: int) -> list[Problem]:
    out = []
    for part in [p.strip() for p in rest.split(",") if p.strip()]:
        got, hint = names.marker_label(c, part)
        if got is None:
            out.append(Problem(f"no campaign marker {part!r}", ln, hint))
        else:
            st.discard_order.append(got)
    return out


def _starve(c: Content, st: Standing, rest: str, ln: int) -> list[Problem]:
    st.starve_order += [u.upper() for u in _split(rest)]
    return []


# --- combat lines (the defender's choices, plan 2.2 and 7.4)


def _sq(c: Content, text: str, ln: int, out: list[Problem]) -> str:
    got, hint = names.find(c, "square", text.strip())
    if got is None:
        out.append(Problem(f"no square {text.strip()!r} on the map", ln, hint))
        return ""
    return got


def _losses(c: Content, st: Standing, rest: str, ln: int) -> list[Problem]:
    """`losses [in SQ]: UNIT, UNIT...`"""
    out: list[Problem] = []
    where, _, units = rest.partition(":") if ":" in rest else ("", "", rest)
    m = re.fullmatch(r"\s*(?:in\s+(.+?))?\s*", where, re.I)
    sq = _sq(c, m.group(1), ln, out) if m and m.group(1) else ""
    if m is None:
        out.append(Problem("write: losses [in SQ]: UNIT, UNIT...", ln))
    st.losses.append((sq, _split(units)))
    return out


def _retreat(c: Content, st: Standing, rest: str, ln: int) -> list[Problem]:
    """`retreat from SQ to SQ[, SQ...]`"""
    out: list[Problem] = []
    m = re.fullmatch(r"(.+?)\s+to\s+(.+)", rest.strip(), re.I)
    if not m:
        return [Problem("write: retreat from SQ to SQ[, SQ...]", ln)]
    frm = _sq(c, m.group(1), ln, out)
    to = [_sq(c, p, ln, out) for p in re.split(r"\s*,\s*", m.group(2).strip()) if p]
    st.retreats.append((frm, to))
    return out


def _where(c: Content, rest: str, ln: int, out: list[Problem]) -> str:
    m = re.fullmatch(r"\s*(?:in\s+(.+?))?\s*", rest, re.I)
    if m is None:
        out.append(Problem(f"unexpected {rest.strip()!r} (write: in SQ)", ln))
        return ""
    return _sq(c, m.group(1), ln, out) if m.group(1) else ""


def _leave(c: Content, st: Standing, rest: str, ln: int) -> list[Problem]:
    """`leave fortified zones [in SQ]`"""
    out: list[Problem] = []
    st.leave_fz.append(_where(c, rest, ln, out))
    return out


def _advance(c: Content, st: Standing, rest: str, ln: int) -> list[Problem]:
    """`advance from SQ`"""
    out: list[Problem] = []
    st.advance_from.append(_sq(c, rest, ln, out))
    return out


def _upgrade(c: Content, st: Standing, rest: str, ln: int) -> list[Problem]:
    """`upgrade order: UNIT, UNIT...`"""
    st.upgrade_order += _split(rest)
    return []


def _defend(c: Content, st: Standing, rest: str, ln: int) -> list[Problem]:
    """`defend with leader ID [in SQ]`, `defend with best leader [in SQ]`"""
    out: list[Problem] = []
    m = re.fullmatch(r"(best\s+leader|leader\s+(\S+))(.*)", rest.strip(), re.I)
    if not m:
        return [
            Problem("write: defend with leader ID [in SQ], or defend with best leader [in SQ]", ln)
        ]
    who = "best"
    if m.group(2):
        got, hint = names.marker_label(c, m.group(2))
        if got is None or got not in c.markers or not c.is_leader(got):
            return [
                Problem(f"no leader {m.group(2)!r} (leaders are named by id, e.g. G3-1)", ln, hint)
            ]
        who = got
    st.defend_leaders.append((who, _where(c, m.group(3), ln, out)))
    return out


def _honors(c: Content, st: Standing, rest: str, ln: int) -> list[Problem]:
    """`honors of war when defending [in SQ] [if odds >= A:B]`"""
    out: list[Problem] = []
    m = re.fullmatch(r"(.*?)(?:\s*if\s+odds\s*>=\s*(\S+))?\s*", rest, re.I)
    assert m is not None
    odds = m.group(2) or ""
    if odds and odds not in c.data.crt.odds.columns:
        cols = ", ".join(c.data.crt.odds.columns)
        out.append(Problem(f"no odds column {odds!r}: {cols}", ln))
    st.honors.append((_where(c, m.group(1), ln, out), odds))
    return out


# --- negotiation lines (7YWW 21, 22.22: deal_lines.py)


def _deal(c: Content, st: Standing, rest: str, ln: int) -> list[Problem]:
    got = deal_lines.read_deal(c, "", rest)
    if not isinstance(got, str):
        st.deals.append(got)
    return deal_lines.problem(got, ln)


def _pact(c: Content, st: Standing, rest: str, ln: int) -> list[Problem]:
    got = deal_lines.read_pact(c, "", rest)
    if not isinstance(got, str):
        st.pacts.append(got)
    return deal_lines.problem(got, ln)


def _end(c: Content, st: Standing, rest: str, ln: int) -> list[Problem]:
    st.end_game = True
    return [Problem(f"unexpected {rest!r} after 'end game'", ln)] if rest.strip() else []


READERS = {
    "discard order": _discard,
    "starve order": _starve,
    # combat (the defender's choices: results.py, combat.py)
    "losses": _losses,
    "retreat from": _retreat,
    "leave fortified zones": _leave,
    "advance from": _advance,
    "upgrade order": _upgrade,
    "defend with": _defend,
    "honors of war when defending": _honors,
    "honours of war when defending": _honors,
    **DIPLOMACY_READERS,  # defend POWER with, reaction, lose powers, displace to
    "deal with": _deal,
    "pact with": _pact,
    "end game": _end,
}
READERS.update(STANDING_READERS)  # 29.7 Illuminati, Sturm & Drang, Grand Tour (windows.py)
READERS.update(COUNTERMARCH_READERS)  # 16.4 (countermarch_lines.py)
READERS.update(OPTION_READERS)  # 24.0, 25.3 (minor_recruiting_option.py)
READERS["enlighten"] = pillage_lines.read_standing  # 27.1 (option enlightenment)


def parse(c: Content, lines: list[OrderLine], s: Any = None, seat: str = "") -> Parsed:
    """`s`: the game's state, for the lines of optional rules it does not use and (with
    the sender's `seat`) the powers a `defend` line may name (9.4)."""
    st = Standing()
    problems: list[Problem] = []
    for ol in lines:
        text = ol.text.split("#", 1)[0].strip()
        if not text:
            continue
        low = text.casefold()
        for head, read in READERS.items():
            if low.startswith(head):
                rest = text[len(head) :].lstrip(" :")
                problems += read(c, st, rest, ol.line)
                st.lines.append((ol.line, text))
                break
        else:
            hint = names.closest_head(low, list(READERS))
            problems.append(Problem(f"not a standing order: {text!r}", ol.line, hint))
    if s is not None and st.enlighten and pillage_lines.ENLIGHTENMENT not in s.options:  # 27.0
        problems += [Problem(pillage_lines.OFF["enlightenment"] + " (7YWW 27.0)", ln.line)
                     for ln in st.enlighten]  # fmt: skip
    if s is not None:  # 7YWW 29.7 Grand Tour, Illuminati, Sturm & Drang: players of the game
        problems += seat_problems(st, list(s.seats))
    if s is not None and seat:  # 9.4: friendly and neutral powers
        problems += defend_problems(c, s, seat, st.defend_powers)
    return Parsed(st, problems)
