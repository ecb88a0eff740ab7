"""SE 9.4, 9.8: retreating units that must go on retreating. Soldier Kings has no such
rule (SK 9.5, 9.8: a retreat ends in the area entered); the content's game.toml
`[rules] continued_retreat` chooses ("none" or "se").

- SE 9.4 (before battle): "if after retreating one area [they] are alone (no friendly
  non-retreating armies are present) in an area containing enemy units or in an area
  where an attack has been declared, but not yet resolved, [they] must continue
  retreating until this is no longer the case."
- SE 9.8 (after a round, forced or voluntary): "they do not continue retreating unless
  they have retreated to an area where combat has taken place and no friendly units
  remain or to an area where combat will take place later this action phase."

Each further step is a retreat under SE 9.4's restrictions from the area reached
(`retreats.retreat_areas`), never back into an area this retreat has passed through;
where it goes: the standing order `retreat from AREA to AREA` for the area reached, else
the default of `retreats.choose_retreat`. Units that must go on and cannot are eliminated
(SE 9.8: "Units forced to retreat that are unable to do so are eliminated"). Leaders
retreating with them go along; if the units are eliminated the leaders are captured where
enemy armies are present (SE 13.6), else they stay. Retreats by sea end at sea.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution

from . import retreats
from .combat_results import BattleBegan, Eliminated, LeaderCaptured, Retreated
from .content import SoldierContent
from .fold import on
from .state import SoldierState

Kind = Literal["before", "after"]
UNABLE = "unable to continue retreating"


@event
class RetreatContinued(Event):
    """SE 9.4 / 9.8: units that retreated go on retreating from `frm` to `to`."""

    type: Literal["se.retreat_continued"] = "se.retreat_continued"
    power: str
    units: list[str]
    leaders: list[str]
    frm: str
    to: str
    rule: str  # "SE 9.4" (before battle) or "SE 9.8" (after a round)


@on(RetreatContinued)
def _(s: SoldierState, e: RetreatContinued) -> None:
    for u in e.units:
        s.units[u].area = e.to
    for n in e.leaders:
        s.leaders[n].area = e.to


def in_force(content: SoldierContent) -> bool:
    return content.game.rules.continued_retreat == "se"


def fought_areas(ctx: Resolution) -> set[str]:
    """Areas where land combat has taken place this action phase (one resolution)."""
    return {e.area for e in ctx.events if isinstance(e, BattleBegan)}


def retreated_units(ctx: Resolution) -> set[str]:
    """Units that have retreated this action phase (SE 9.4 "non-retreating armies")."""
    out: set[str] = set()
    for e in ctx.events:
        if isinstance(e, (Retreated, RetreatContinued)):
            out.update(e.units)
    return out


def must_continue(
    s: SoldierState,
    area: str,
    power: str,
    units: Sequence[str],
    kind: Kind,
    fought: set[str] | frozenset[str],
    pending: Sequence[str],
    retreated: set[str] | frozenset[str] = frozenset(),
) -> bool:
    """Whether ``units`` of ``power``'s side, having retreated into ``area``, must go on
    (SE 9.4 before battle, SE 9.8 after a round). Pure."""
    here = [u for u in s.on_map(area) if u.id not in units]
    friends = [u for u in here if s.friendly(power, s.unit_side_country(u))]
    if kind == "before":
        # SE 9.4: alone = no friendly non-retreating armies present
        if any(u.type == "army" and u.id not in retreated for u in friends):
            return False
        enemies = any(
            s.side_of(s.unit_side_country(u)) is not None
            and not s.friendly(power, s.unit_side_country(u))
            for u in here
        )
        return enemies or area in pending
    # SE 9.8: combat has taken place there and no friendly units remain, or combat will
    # take place there later this action phase
    return (area in fought and not friends) or area in pending


def carry_on(
    ctx: Resolution,
    content: SoldierContent,
    power: str,
    units: Sequence[str],
    leaders: Sequence[str],
    battle_area: str,
    kind: Kind,
    pending: Sequence[str],
    orders: dict,
) -> None:
    """SE 9.4 / 9.8: after ``units`` (and ``leaders``) retreated from ``battle_area``,
    continue their retreat while the rule says so. No-op unless the switch is on."""
    if not in_force(content) or not units:
        return
    s: SoldierState = ctx.state
    at = s.units[units[0]].area
    if at is None or not content.is_land(at) or any(s.units[u].area != at for u in units):
        return  # by sea (SE 9.4): the retreat ends at sea
    rule = "SE 9.4" if kind == "before" else "SE 9.8"
    visited = [battle_area, at]
    fought = fought_areas(ctx)
    retreated = retreated_units(ctx)
    armies = [u for u in units if s.units[u].type == "army"]
    while must_continue(s, at, power, units, kind, fought, pending, retreated):
        options = [
            a
            for a in retreats.retreat_areas(content, s, at, power, len(armies))
            if a not in visited
        ]
        wanted = [e["to"] for e in orders.get("retreat", []) if e["frm"] == at and e["to"]]
        to = retreats.choose_retreat(content, s, power, options, wanted)
        if to is None:
            why = f"{UNABLE} ({rule})"
            ctx.emit(Eliminated(units=sorted(units), area=at, why=why))
            _leaders_left(ctx, leaders, at)
            return
        ctx.emit(
            RetreatContinued(
                power=power, units=sorted(units), leaders=sorted(leaders), frm=at, to=to,
                rule=rule,
            )
        )  # fmt: skip
        s = ctx.state
        visited.append(to)
        at = to


def _leaders_left(ctx: Resolution, leaders: Sequence[str], area: str) -> None:
    """SE 13.6: leaders whose units were eliminated are captured where enemy armies are;
    the captor is the power with most armies there (as after a battle)."""
    s: SoldierState = ctx.state
    for n in sorted(leaders):
        ld = s.leaders[n]
        side = s.major_of(ld.country) or ld.country
        count: dict[str, int] = {}
        for u in s.on_map(area, "army"):
            if not s.friendly(s.unit_side_country(u), side):
                p = s.commander(u) or u.country
                count[p] = count.get(p, 0) + 1
        if count:
            by = max(sorted(count), key=lambda p: count[p])
            ctx.emit(LeaderCaptured(leader=n, area=area, by=by))


def final_area(ctx: Resolution, retreat: Retreated) -> str | None:
    """Where the units of ``retreat`` ended: its `to`, followed along their continued
    retreats (SE 9.4, 9.8); None if they were eliminated on the way."""
    at = retreat.to
    started = False
    for e in ctx.events:
        if e is retreat:
            started = True
            continue
        if not started:
            continue
        if isinstance(e, RetreatContinued) and e.frm == at and set(e.units) == set(retreat.units):
            at = e.to
        elif (
            isinstance(e, Eliminated)
            and e.why.startswith(UNABLE)
            and e.area == at
            and set(retreat.units) <= set(e.units)
        ):
            return None
    return at
