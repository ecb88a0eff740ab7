"""SK 15 Peace: in the Peace Phase a major power may surrender to one or more enemy
major powers; the victor must accept (SK 15.0).

    surrender to POWER[, POWER] [if lost AREA[, AREA...]]
                                  (in the power's action-phase orders; declared, or not by
                                   its condition, at that turn's Peace Phase, and carried
                                   out there: surrender_orders.py)
Standing order of a possible victor (docs/orders-soldier-kings.md):
    take AREA[, AREA...]          (what it takes if someone surrenders to it: the first
                                   European area named, or up to three off Europe)
"""

from __future__ import annotations

from collections import deque
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem, Step

from . import (
    auxiliaries,
    capitals,
    minor_alliances,
    naval,
    navy,
    phases,
    standing,
    surrender,
    surrender_orders,
    yellow_fever,
)
from .calendar import campaign_turns_after
from .content import SoldierContent
from .fold import on
from .names import Names
from .phases import NoOrders
from .siege import ControlChanged
from .state import Peace, SoldierState


@event
class Surrendered(Event):
    """SK 15.0-15.3: the loser, the victors, the area each takes, the peace's length."""

    type: Literal["sk.surrendered"] = "sk.surrendered"
    loser: str
    victors: list[str]
    turns: int  # SK 15.3: one die
    until_turn: int  # the first turn the victors may attack the loser again


@event
class Repatriated(Event):
    """SK 15.2: the victors' units leave the loser's remaining areas."""

    type: Literal["sk.repatriated"] = "sk.repatriated"
    power: str
    units: list[str]
    leaders: list[str]
    frm: str
    to: str


@on(Surrendered)
def _(s: SoldierState, e: Surrendered) -> None:
    for v in e.victors:
        s.peace.append(Peace(loser=e.loser, victor=v, until_turn=e.until_turn))
        s.surrendered_to.append([e.loser, v])
    s.surrenders.pop(e.loser, None)
    s.aux_offers.pop(e.loser, None)  # SE 15.1: an offer not taken lapses


@on(Repatriated)
def _(s: SoldierState, e: Repatriated) -> None:
    for u in e.units:
        s.units[u].area = e.to
    for n in e.leaders:
        s.leaders[n].area = e.to


@event
class LeadersReturned(Event):
    """SE 13.7: captured leaders go back between a surrendering power and its victors;
    they re-enter play as new leaders (SE 13.8), on the turn track until `arrives`."""

    type: Literal["se.leaders_returned"] = "se.leaders_returned"
    loser: str
    victor: str
    leaders: list[str]
    arrives: int


@on(LeadersReturned)
def _(s: SoldierState, e: LeadersReturned) -> None:
    for name in e.leaders:
        ld = s.leaders[name]
        ld.status, ld.captured_by, ld.arrives, ld.area = "track", None, e.arrives, None


def _return_captured(ctx: Resolution, loser: str, victor: str) -> None:
    """SE 13.7: each side's leaders held by the other, as a ransomed leader comes back
    (the next campaign turn's Purchase Phase, SK 13.7-13.8)."""
    s: SoldierState = ctx.state
    back = sorted(
        n
        for n, ld in s.leaders.items()
        if ld.status == "captured"
        and (
            (ld.captured_by == victor and s.major_of(ld.country) == loser)
            or (ld.captured_by == loser and s.major_of(ld.country) == victor)
        )
    )
    if back:
        arrives = campaign_turns_after(s.turn, 1)
        ctx.emit(LeadersReturned(loser=loser, victor=victor, leaders=back, arrives=arrives))


@standing.verb("take")
def _take(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    if auxiliaries.in_force(names.content) and words and words[0].casefold() == "auxiliaries":
        return _take_auxiliaries(s, words[1:], line, problems)  # SE 15.1
    areas = [names.area(a, line, problems) for a in " ".join(words).split(",") if a.strip()]
    return [a for a in areas if a] or None


def _take_auxiliaries(s: SoldierState, words: list[str], line: int, problems: list[Problem]):
    """`take auxiliaries [from POWER[, POWER...]]`: SE 15.1, accept an offer of auxiliaries
    instead of an area (from those powers; without `from`, from any)."""
    if not words:
        return {"auxiliaries": []}
    if words[0].casefold() != "from" or len(words) < 2:
        problems.append(Problem("write: take auxiliaries [from POWER[, POWER...]] (SE 15.1)", line))
        return None
    out = []
    for w in " ".join(words[1:]).replace(",", " ").split():
        p = next((m for m in s.majors if m.casefold() == w.casefold()), None)
        if p is None:
            problems.append(Problem(f"no major power {w!r} in this game", line))
            return None
        out.append(p)
    return {"auxiliaries": out}


class PeacePhase(NoOrders):
    def resolve(
        self,
        ctx: Resolution,
        content: SoldierContent,
        step: Step,
        orders: dict,
        standing_orders: dict,
    ) -> None:
        s: SoldierState = ctx.state
        rules = content.game.rules
        surrender_orders.declare(ctx, content)  # SK 15.0: "During the Peace Phase"
        capitals.forced_surrenders(ctx, content)  # SKO Imperial Capitals (e)
        for loser in [p for p in s.majors if p in s.surrenders]:
            victors = surrender.accepted(ctx, content, standing_orders, loser, s.surrenders[loser])
            if not victors:
                continue  # SKO: refused, for this turn
            if auxiliaries.in_force(content):  # SE 19.1: its own auxiliaries go home first
                auxiliaries.receiver_surrenders(ctx, loser)
            lent: dict[str, list[str]] = {}
            for v in victors:
                if surrender.in_force(s):  # SKO Redoing the surrender rules
                    surrender.terms(ctx, content, standing_orders, loser, v)
                    continue
                if rules.surrender_terms == "soldier-emperor":
                    lent[v] = _se_terms(ctx, content, standing_orders, loser, v)
                    continue
                # SK 15.1: each victor takes one European map area the loser controls, or
                # three on the other maps (World at War)
                wanted = standing_orders.get(v, {}).get("take", [])
                for area in _choice(content, s, loser, wanted):
                    _transfer(ctx, content, area, loser, v, "SK 15.1", standing_orders)
            roll = ctx.roll(f"peace: {loser} surrenders, duration", 1)[0]  # SK 15.3
            turns = max(roll, rules.peace_minimum)  # SE 15.3: "never less than two"
            if surrender.in_force(s):
                turns = surrender.duration(content, roll)  # SKO: 2, 2, 3, 4, 4, 5
            until = s.turn + 1 + turns
            ctx.emit(Surrendered(loser=loser, victors=victors, turns=turns, until_turn=until))
            surrender.wars_end(ctx, loser, victors)  # SKO: the state of war ends
            for v, units in sorted(lent.items()):
                if units:  # SE 15.1, 19.1: for "a period of time equal to the Duration of Peace"
                    ctx.emit(
                        auxiliaries.AuxiliariesLent(
                            lender=loser, receiver=v, units=units, until_turn=until
                        )
                    )
            if rules.captured_leaders == "returned-at-surrender":  # SE 13.7
                for v in sorted(victors):
                    _return_captured(ctx, loser, v)
            for v in victors:
                _repatriate(ctx, content, v, loser)
            if rules.repatriation == "both":  # SE 15.2: "and the surrendering power"
                for v in sorted(victors):
                    _repatriate(ctx, content, loser, v)

        minor_alliances.after_control_changes(ctx, content, standing_orders)  # SK 18.8: liberation
        capitals.update(ctx, content)  # SKO Imperial Capitals
        if auxiliaries.in_force(content):
            auxiliaries.expire(ctx)  # SE 19.1: the span ends with the turn
        yellow_fever.check(ctx, content)  # SKO Yellow Fever (switch yellow-fever)
        phases.next_turn(ctx)


def _transfer(
    ctx: Resolution,
    content: SoldierContent,
    area: str,
    frm: str,
    to: str,
    rule: str,
    standing_orders: dict,
) -> None:
    ctx.emit(ControlChanged(area=area, frm=frm, to=to, why=f"{frm} surrendered ({rule})"))
    # SK 12.6: whenever a coastal area falls; the taker's `capture fleets` order
    naval.capture_fleets(ctx, content, area, to, standing_orders)


def _se_terms(
    ctx: Resolution, content: SoldierContent, standing_orders: dict, loser: str, victor: str
) -> list[str]:
    """SE 15.1 for one victor: the victor's home areas the loser holds all go back to it,
    instead of an area of the loser; else, if the loser offered auxiliaries and the victor's
    standing order takes them, those units (lent after the duration roll); else one land
    area of the loser adjacent to an area the victor controls. Returns the units lent."""
    s: SoldierState = ctx.state
    homes = sorted(a for a in content.home_areas(victor) if s.control.get(a) == loser)
    for area in homes:
        _transfer(ctx, content, area, loser, victor, "SE 15.1", standing_orders)
    if homes:
        return []  # pbem's reading: the return is the whole term; an offer lapses
    units = auxiliaries.offered(s, loser, victor)
    if units and auxiliaries.accepts(standing_orders, victor, loser):
        return units
    wanted = [e for e in standing_orders.get(victor, {}).get("take", []) if isinstance(e, list)]
    area = _adjacent_choice(content, s, loser, victor, wanted)
    if area:
        _transfer(ctx, content, area, loser, victor, "SE 15.1", standing_orders)
    return []


def _adjacent_choice(
    content: SoldierContent, s: SoldierState, loser: str, victor: str, wanted: list[list[str]]
) -> str | None:
    """SE 15.1: "one land area adjacent to an area controlled by the player accepting the
    surrender" (of those the loser controls; adjacent: joined by a land route). The victor's
    latest `take` line naming such an area decides (its first such area); without one, the
    richest (Money, then Manpower, then name). None if the loser holds no such area."""
    mine = {a for a, c in s.control.items() if c == victor}
    held = sorted(
        a
        for a, c in s.control.items()
        if c == loser and content.is_land(a) and any(b in mine for b in content.neighbours(a))
    )
    for areas in reversed(wanted):
        named = [a for a in areas if a in held]
        if named:
            return named[0]

    def rich(a: str) -> tuple:
        return (content.land_area(a).resources, content.land_area(a).manpower or 0, a)

    return max(held, key=rich, default=None)


OFF_EUROPE = 3  # SK 15.1: "one European map area or three areas on any other map"


def _choice(
    content: SoldierContent, s: SoldierState, loser: str, wanted: list[list[str]]
) -> list[str]:
    """SK 15.1: what a victor takes of the areas the loser controls: one on the Europe
    map, or three on the other maps (any of them; docs/orders-soldier-kings.md). His
    latest `take` line that names an area the loser holds decides: its first such area,
    if in Europe; else its areas off Europe, the first three (made up to three with the
    richest others). Without one: the richest European area, or the three richest off
    Europe when their Resources are more (or the loser has nothing in Europe)."""
    held = sorted(a for a, c in s.control.items() if c == loser and content.is_land(a))
    europe = [a for a in held if content.map_of(a) == "europe"]
    other = [a for a in held if content.map_of(a) != "europe"]

    def rich(a: str) -> tuple:
        return (content.land_area(a).resources, content.land_area(a).manpower or 0, a)

    def three(first: list[str]) -> list[str]:
        rest = sorted((a for a in other if a not in first), key=rich, reverse=True)
        return [*first, *rest][:OFF_EUROPE]

    for areas in reversed(wanted):
        if not isinstance(areas, list):
            continue
        named = [a for a in areas if a in held]
        if named and named[0] in europe:
            return [named[0]]
        if named:
            return three([a for a in named if a in other][:OFF_EUROPE])
    best = max(europe, key=rich, default=None)
    off = three([])
    if best is None or sum(rich(a)[0] for a in off) > rich(best)[0]:
        return off
    return [best]


def _repatriate(ctx: Resolution, content: SoldierContent, victor: str, loser: str) -> None:
    """SK 15.2 / SE 15.2 "as quickly as possible": at once. Units are armies and fleets
    (SK 1.0 / SE 1.0). Fleets in the other's coastal areas put out to an adjoining sea area
    they are not blockaded from (as from a port that falls, SK 12.6), with the armies and
    admirals aboard; of several, the naval retreat default (navy.choose_fleet_retreat);
    with none open they stay. Then each army stack, with the leaders there, goes to the
    nearest area (by land routes) that is not the loser's, friendly-controlled areas first;
    so do leaders left with no army or fleet."""
    s: SoldierState = ctx.state
    theirs = {a for a, c in s.control.items() if c == loser or s.allies.get(c) == loser}
    fleets: dict[str, list[str]] = {}
    for u in s.on_map(type_="fleet"):
        if s.commander(u) == victor and u.area in theirs:
            fleets.setdefault(u.area, []).append(u.id)
    for area in sorted(fleets):
        group = sorted(fleets[area])
        side = navy.side_country(s, group[0])
        options = sorted(
            set.intersection(*(set(navy.fleet_retreat_options(content, s, f)) for f in group))
        )
        to = navy.choose_fleet_retreat(content, s, side, options)
        if to:
            cargo = [a for f in group for a in navy.cargo(s, f)]
            admirals = navy.admirals(s, navy.leaders_with(s, content, area, [victor]))
            admirals = [n for n in admirals if s.leaders[n].country == victor]
            ctx.emit(
                Repatriated(
                    power=victor, units=sorted([*group, *cargo]), leaders=admirals, frm=area, to=to
                )
            )
    s = ctx.state
    stacks: dict[str, list[str]] = {}
    for u in s.on_map(type_="army"):
        if s.commander(u) == victor and u.area in theirs and navy.carrier(s, u.id) is None:
            stacks.setdefault(u.area, []).append(u.id)
    alone = {
        ld.area
        for ld in s.leaders.values()
        if ld.status == "map" and ld.country == victor and ld.area in theirs
    }
    for area in sorted(set(stacks) | alone):
        to = _nearest_outside(content, s, victor, area, theirs)
        if to:
            leaders = sorted(ld.name for ld in s.leaders_in(area) if ld.country == victor)
            ctx.emit(
                Repatriated(
                    power=victor,
                    units=sorted(stacks.get(area, [])),
                    leaders=leaders,
                    frm=area,
                    to=to,
                )
            )


def _nearest_outside(
    content: SoldierContent, s: SoldierState, power: str, start: str, theirs: set[str]
) -> str | None:
    seen = {start}
    frontier = deque([start])
    while frontier:
        ring = sorted(frontier)
        frontier.clear()
        found = [a for a in ring if a not in theirs and a != start]
        if found:
            # its own areas first, then allied ones, then any other
            return sorted(
                found,
                key=lambda a: (
                    s.control.get(a) != power,
                    not s.friendly(s.holder(a), power),  # SK 19.2: state.holder
                    a,
                ),
            )[0]
        for a in ring:
            for b in sorted(content.neighbours(a)):
                if b not in seen:
                    seen.add(b)
                    frontier.append(b)
    return None


phases.register("peace", PeacePhase())
