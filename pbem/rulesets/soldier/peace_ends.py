"""SE 15.3: how a peace ends early, and the loser's units in the way of the victor. Soldier
Kings has neither rule (its peace simply lasts, SK 15.3); the switch is `[rules] peace_ends`.

- "The surrendering power may attack the power to which it surrendered at any time. Doing
  so immediately concludes the peace": a land attack on the victor's units, or a siege of
  an area the victor (or its minor ally) controls, ends it before the combat or siege.
- At sea (SE 11.0: naval combat comes from interceptions and blockades): the loser's
  interception of the victor's fleets, or its breaking of the victor's blockade, ends
  the peace when the battle begins. Because it ends the peace, the loser's fleets
  intercept the victor's only by a standing order that names the victor
  (`intercept [in AREA] against VICTOR ...`); without one they let them pass.
- "If, during the duration of peace, a Major Power attacks an area containing units of a
  power that surrendered to it but is not controlled by the power that surrendered, the
  units of the surrendered power must either immediately retreat or end the peace", and
  "a peace accord cannot be used to screen territories for an ally": the victor may attack
  such an area (attack_orders.py); before the battle the loser's armies and leaders there
  retreat (SK 9.5's restrictions, its standing `retreat` order for the area first), or end
  the peace and fight.

Standing order of the surrendered power (the decision is made while it is not moving):
    peace with POWER: retreat | end      default: retreat (the peace holds); with no
                                         retreat open, the peace ends and they fight
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import retreats, standing
from .content import SoldierContent
from .fold import on
from .names import Names
from .state import Peace, SoldierState


@event
class PeaceEnded(Event):
    """SE 15.3: the peace between `loser` and `victor` is over before its time."""

    type: Literal["se.peace_ended"] = "se.peace_ended"
    loser: str
    victor: str
    area: str
    why: Literal["loser attacked", "loser besieged", "loser chose to fight", "no retreat"]


@event
class PeaceRetreated(Event):
    """SE 15.3: the loser's units leave an area the victor attacks; the peace holds."""

    type: Literal["se.peace_retreated"] = "se.peace_retreated"
    power: str
    victor: str
    units: list[str]
    leaders: list[str]
    frm: str
    to: str


@on(PeaceEnded)
def _(s: SoldierState, e: PeaceEnded) -> None:
    s.peace = [p for p in s.peace if not (p.loser == e.loser and p.victor == e.victor)]


@on(PeaceRetreated)
def _(s: SoldierState, e: PeaceRetreated) -> None:
    for uid in e.units:
        s.units[uid].area = e.to
    for n in e.leaders:
        s.leaders[n].area = e.to


@standing.verb("peace")
def _peace(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """peace with POWER: retreat | end (SE 15.3)"""
    if not names.content.game.rules.peace_ends:
        book = names.content.game.rules.book
        problems.append(Problem(f"a peace is never ended or retreated from ({book} 15.3)", line))
        return None
    text = " ".join(words).replace(" : ", ": ").strip()
    head, _, choice = text.partition(":")
    hw = head.split()
    if (
        len(hw) != 2
        or hw[0].casefold() != "with"
        or choice.strip().casefold()
        not in (
            "retreat",
            "end",
        )
    ):
        problems.append(Problem("write: peace with POWER: retreat, or: end (SE 15.3)", line))
        return None
    victor = next((p for p in s.majors if p.casefold() == hw[1].casefold()), None)
    if victor is None:
        problems.append(Problem(f"no major power {hw[1]!r} in this game", line))
        return None
    return {"victor": victor, "end": choice.strip().casefold() == "end"}


def _active(s: SoldierState) -> list[Peace]:
    return [p for p in s.peace if s.turn < p.until_turn]


def _ends(standing_orders: dict, loser: str, victor: str) -> bool:
    chosen = [e for e in standing_orders.get(loser, {}).get("peace", []) if e["victor"] == victor]
    return bool(chosen) and chosen[-1]["end"]


def before_battle(
    ctx: Resolution, content: SoldierContent, area: str, attackers: list[str], standing_orders: dict
) -> None:
    """SE 15.3, before a land battle in `area` by the `attackers` (major powers)."""
    if not content.game.rules.peace_ends:
        return
    s: SoldierState = ctx.state
    for a in attackers:
        for p in _active(s):
            present = [
                u for u in s.on_map(area, "army") if s.major_of(s.commander(u) or "") == p.victor
            ]
            if p.loser == a and present:
                ctx.emit(PeaceEnded(loser=a, victor=p.victor, area=area, why="loser attacked"))
    for a in attackers:
        for p in _active(s):
            if p.victor != a:
                continue
            theirs = sorted(u.id for u in s.on_map(area, "army") if s.commander(u) == p.loser)
            if not theirs:
                continue
            if _ends(standing_orders, p.loser, a):
                ctx.emit(PeaceEnded(loser=p.loser, victor=a, area=area, why="loser chose to fight"))
                continue
            options = retreats.retreat_areas(content, s, area, p.loser, len(theirs))
            wanted = [
                e["to"]
                for e in standing_orders.get(p.loser, {}).get("retreat", [])
                if e.get("frm") == area and e.get("to")
            ]
            to = retreats.choose_retreat(content, s, p.loser, options, wanted)
            if to is None:
                ctx.emit(PeaceEnded(loser=p.loser, victor=a, area=area, why="no retreat"))
                continue
            leaders = sorted(ld.name for ld in s.leaders_in(area) if ld.country == p.loser)
            ctx.emit(
                PeaceRetreated(
                    power=p.loser, victor=a, units=theirs, leaders=leaders, frm=area, to=to
                )
            )


def before_siege(ctx: Resolution, content: SoldierContent, area: str, powers: list[str]) -> None:
    """SE 15.3: a siege by the loser of an area of the victor (or of its minor ally)."""
    if not content.game.rules.peace_ends:
        return
    s: SoldierState = ctx.state
    owner = s.major_of(s.control.get(area) or "")
    for a in powers:
        for p in _active(s):
            if p.loser == a and owner == p.victor:
                ctx.emit(PeaceEnded(loser=a, victor=p.victor, area=area, why="loser besieged"))


def _peaces_between(s: SoldierState, losers: Sequence[str], victors: Sequence[str]) -> list[Peace]:
    lo = {s.major_of(p) for p in losers}
    vi = {s.major_of(p) for p in victors}
    return [p for p in _active(s) if p.loser in lo and p.victor in vi]


def intercept_entries(
    content: SoldierContent,
    s: SoldierState,
    by: Sequence[str],
    targets: Sequence[str],
    entries: list[dict],
) -> list[dict]:
    """SE 15.3 at sea: the `intercept` standing orders that decide whether the `by`
    powers' fleets try to intercept a group of the `targets`. Where `by` holds a loser
    and `targets` its victor, only orders naming the victor (`against VICTOR`) count,
    and without one the fleets hold their fire: the peace holds."""
    if not content.game.rules.peace_ends:
        return entries
    peaces = _peaces_between(s, by, targets)
    if not peaces:
        return entries
    victors = {p.victor for p in peaces}
    named = [e for e in entries if e.get("against") and s.major_of(e["against"]) in victors]
    return [*named, {"cond": "never"}]


def at_sea(
    ctx: Resolution,
    content: SoldierContent,
    area: str,
    attackers: Sequence[str],
    defenders: Sequence[str],
) -> None:
    """SE 15.3: "The surrendering power may attack the power to which it surrendered at
    any time. Doing so immediately concludes the peace": a naval battle the loser
    begins against the victor's fleets, before the first die."""
    if not content.game.rules.peace_ends:
        return
    for p in _peaces_between(ctx.state, attackers, defenders):
        ctx.emit(PeaceEnded(loser=p.loser, victor=p.victor, area=area, why="loser attacked"))
