"""The standing orders of diplomacy and control (plan 2.2, 7.4), read into `Standing`
(standing.py registers these readers):

    defend POWER with V [V...] [against SEAT] [once]   # 9.1(3), 9.4: defence, face down
    reaction treasury | reaction markers        # 29.1 R, R2
    lose powers in order PW, PW...              # 29.1 D3(4), D4(4), D4(5)
    displace to SQ[, SQ...]                     # 4.511 among equally near squares

Defaults (docs/orders-seven-years-world-war.md): no defence (a default never spends a
marker, plan 2.2); reaction markers unless the pick would pass the hand limit (8.3),
then treasury; lose the lowest campaign value first, then fewest units on the map, then
power code; displacement: most friendly units, highest treasury value, grid order.

`defend` (9.4, plan [C 9.e]): a player defends "friendly and neutral powers", his own
and those no player controls: a line naming another player's power is refused when sent
(`problems`), and a line fires only while its power is his or neutral at the attempt. It
fires at every such attempt on its power (by anyone, or by the `against` player only)
while its player holds one of its markers; with `once` it fires one time and is spent:
`syw.standing_spent` records its key (the line's normalised text and its place among
identical lines, `#1`, `#2`...) in the state's `spent`, so a spent line sent again in a
later standing envelope stays spent (plan 7.4: reword it to re-arm), and a second
identical `once` line is a second defence."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import events as E
from . import names
from .content import Content
from .state import SYWState


@dataclass(frozen=True)
class DefendLine:
    """`defend POWER with V [V...] [against SEAT] [once]` (9.1(3), 9.4; plan [C 9.e])."""

    power: str
    values: tuple[int, ...]
    against: str = ""  # "" = attempts by anybody
    once: bool = False
    nth: int = 1  # its place among identical lines (the `once` key)
    line: int = 0  # where it was written (a problem's line number)

    @property
    def text(self) -> str:
        vals = " ".join(str(v) for v in self.values)
        tail = (f" against {self.against}" if self.against else "") + (" once" if self.once else "")
        return f"defend {self.power} with {vals}{tail}"

    @property
    def key(self) -> str:
        return f"{self.text} #{self.nth}"


def spent(s: SYWState, seat: str, d: DefendLine) -> bool:
    return d.once and any(r.get("seat") == seat and r.get("key") == d.key for r in s.spent)


def friendly_or_neutral(s: SYWState, seat: str, power: str) -> bool:
    """7YWW 9.4 "friendly and neutral powers": the seat's own (Friendly, 2.x) or no
    player's (Neutral); another player's power is an enemy one (Enemy: "controlled by
    an opposing player")."""
    return s.control.get(power) in (None, seat)


def applies(s: SYWState, seat: str, d: DefendLine, power: str, attacker: str) -> bool:
    """9.4, [C 9.e]: `seat`'s line answers `attacker`'s attempt on `power` (not yet
    spent), the power being his or neutral at the attempt."""
    return (
        d.power == power
        and d.against in ("", attacker)
        and friendly_or_neutral(s, seat, power)
        and not spent(s, seat, d)
    )


def problems(c: Content, s: SYWState, seat: str, defends: list[DefendLine]) -> list[Problem]:
    """9.4 when the standing envelope is sent: a `defend` line naming a power another
    player controls is refused (the line stays readable: at an attempt `applies` asks
    again, control may have changed since)."""
    out = []
    for d in defends:
        if not friendly_or_neutral(s, seat, d.power):
            who = s.control.get(d.power)
            out.append(Problem(
                f"defend {d.power}: {c.power_name(d.power)} is controlled by {who}, an enemy "
                "power: you defend your own powers and neutral ones (7YWW 9.4)", d.line))  # fmt: skip
    return out


def fire(ctx: Resolution, seat: str, d: DefendLine, what: str) -> None:
    """The line fires (private); a `once` line is then spent (state.spent)."""
    ctx.emit(E.StandingFired(seat=seat, text=d.text, what=what, private_to=[seat]))
    if d.once:
        ctx.emit(E.StandingSpent(seat=seat, key=d.key, private_to=[seat]))


def read_defend(c: Content, st: Any, rest: str, ln: int) -> list[Problem]:
    """`defend POWER with V [V...] [against SEAT] [once]` (the `defend with leader` line
    is standing.py's)."""
    text, once = rest.strip(), False
    om = re.search(r"\s+once(?=\s|$)", text, re.I)
    if om:  # `once` at the end or before `against`
        text, once = (text[: om.start()] + text[om.end() :]).strip(), True
    m = re.fullmatch(r"(.+?)\s+with\s+([\d,\s]+?)(?:\s+against\s+(.+))?", text, re.I)
    if not m:
        return [Problem("write: defend POWER with V [V...] [against SEAT] [once] (7YWW 9.4), or defend with leader ID", ln)]  # fmt: skip
    out: list[Problem] = []
    power = names.power(c, m.group(1))
    if power is None or power not in c.majors:
        out.append(Problem(f"no major power {m.group(1).strip()!r}", ln, names.find(c, "power", m.group(1))[1]))  # fmt: skip
    values = [int(w) for w in re.split(r"[,\s]+", m.group(2).strip()) if w]
    if not values or any(v not in (1, 2, 3) for v in values):
        out.append(Problem("diplomacy values are 1, 2 or 3 (7YWW 9.5)", ln))
    against = ""
    if m.group(3):
        sm = names.SEAT.match(m.group(3).strip())
        if sm is None:
            out.append(
                Problem(f"no player {m.group(3).strip()!r} (write: against Coalition N)", ln)
            )
        else:
            against = f"Coalition {sm.group(1)}"
    if not out:
        d = DefendLine(power or "", tuple(values), against, once)
        nth = 1 + sum(1 for x in st.defend_powers if x.text == d.text)
        st.defend_powers.append(DefendLine(d.power, d.values, against, once, nth, ln))
    return out


def read_reaction(c: Content, st: Any, rest: str, ln: int) -> list[Problem]:
    """`reaction treasury` | `reaction markers`"""
    word = rest.strip().casefold()
    if word not in ("treasury", "markers"):
        return [Problem("write: reaction treasury, or reaction markers (7YWW 29.1 R, R2)", ln)]
    st.reaction = word
    return []


def read_lose_powers(c: Content, st: Any, rest: str, ln: int) -> list[Problem]:
    """`lose powers in order PW, PW...`"""
    out: list[Problem] = []
    text = re.sub(r"^in\s+order\s*", "", rest.strip(), flags=re.I)
    for w in [w for w in re.split(r"[,\s]+", text) if w]:
        p = names.power(c, w)
        if p is None or p not in c.majors:
            out.append(Problem(f"no major power {w!r}", ln, names.find(c, "power", w)[1]))
        else:
            st.lose_order.append(p)
    return out


def read_displace(c: Content, st: Any, rest: str, ln: int) -> list[Problem]:
    """`displace to SQ[, SQ...]`"""
    out: list[Problem] = []
    for w in [w for w in re.split(r"\s*,\s*|\s+", rest.strip()) if w]:
        got, hint = names.find(c, "square", w)
        if got is None:
            out.append(Problem(f"no square {w!r} on the map", ln, hint))
        else:
            st.displace_to.append(got)
    return out


READERS = {
    "defend": read_defend,
    "reaction": read_reaction,
    "lose powers": read_lose_powers,
    "displace to": read_displace,
}
