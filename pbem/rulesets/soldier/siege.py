"""SK 12 Siege (with SK 16.6 allies in siege): control of land areas changes hands
by knocking out their fortifications.

    siege AREA N rounds       (in the action phase; carried out in its Siege Step)
    siege AREA N rounds, assault if resisted     (SK 17.71: see minors.py)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import (
    battle_retreats,
    combat,
    combat_results,
    fortresses,
    mercenaries,
    minor_rules,
    naval,
    peace_ends,
    separate_peace,
    siege_control,
    sko_map_units,
    war,
)
from . import leaders as leader_rules
from .common import id_order
from .content import SoldierContent
from .effects import leader_inactive
from .fold import on
from .hooks import card_rules
from .minor_alliances import seek_ally
from .minor_rules import SiegeResisted, seeks_ally
from .names import Names
from .siege_lifts import SiegeLifted
from .state import SoldierState


@dataclass(frozen=True)
class SiegeOrder:
    area: str
    rounds: int
    line: int
    if_resisted: str | None = None  # SK 17.71: attack level if a new minor ally resists


@event
class SiegePaid(Event):
    type: Literal["sk.siege_paid"] = "sk.siege_paid"
    power: str
    area: str
    rounds: int
    resources: int


@event
class SiegeUnpaid(Event):
    """SK 12.2 / SE 12.2, with SK 7.5 / SE 7.4: when the siege is declared in the Siege
    Step, `power` can pay for none of the `rounds` written (too few Resources, or zero
    Resources or Manpower): it does not besiege `area`."""

    type: Literal["sk.siege_unpaid"] = "sk.siege_unpaid"
    power: str
    area: str
    rounds: int  # the rounds written
    why: str


@event
class SiegeRound(Event):
    """SK 12.2-12.3: the besieger's hits on the fortification, the defensive fire's
    step losses on the besiegers."""

    type: Literal["sk.siege_round"] = "sk.siege_round"
    area: str
    round: int
    besieger_dice: int
    hits: int
    fort_hits: int  # the total now on the fortification
    fortification: int
    defensive_dice: int
    defensive_hits: int
    losses: dict[str, int]
    besieger: str  # the power whose siege the hits count for (SK 12.2 marker)


@event
class ControlChanged(Event):
    """SK 7.1 / 12.2: a control marker; SK 12.7 the fortification is restored."""

    type: Literal["sk.control_changed"] = "sk.control_changed"
    area: str
    frm: str | None
    to: str
    why: str


@on(SiegePaid)
def _(s: SoldierState, e: SiegePaid) -> None:
    s.treasury[e.power].resources -= e.resources


@on(SiegeUnpaid)
def _(s: SoldierState, e: SiegeUnpaid) -> None:
    pass


@on(SiegeRound)
def _(s: SoldierState, e: SiegeRound) -> None:
    s.fort_hits[e.area] = e.fort_hits
    s.besieger.setdefault(e.area, e.besieger)
    for uid, n in e.losses.items():
        for _ in range(n):
            combat_results.step_loss(s, uid)


@on(ControlChanged)
def _(s: SoldierState, e: ControlChanged) -> None:
    minor_rules.note_control(s, e)  # SK 18.6, 18.8: who it was taken from
    s.control[e.area] = e.to
    # SK 19.2 with 18.7 (choice): an Indian area allied on its own and taken is conquered,
    # its alliance over (its army stays its ally's); held by India again, it is neutral
    s.area_allies.pop(e.area, None)
    fortresses.restore(s, e.area)  # SKO Economics (d)
    s.fort_hits.pop(e.area, None)
    s.besieger.pop(e.area, None)


def round_cost(content: SoldierContent) -> int:
    return content.tables.costs.siege_round.resources


def parse_siege(
    names: Names, s: SoldierState, text: str, line: int, problems: list[Problem]
) -> SiegeOrder | None:
    m = re.fullmatch(
        r"(?is)(.+?)\s+(\d+)\s+rounds?(?:\s*,?\s+(probe|assault|invasion)\s+if\s+resisted)?",
        text.strip(),
    )
    if not m:
        problems.append(Problem("write: siege AREA N rounds [, assault if resisted]", line))
        return None
    area = names.area(m.group(1), line, problems)
    n = int(m.group(2))
    if n < 1:
        problems.append(Problem("a siege has at least 1 round", line))
        return None
    resisted = m.group(3).title() if m.group(3) else None
    return SiegeOrder(area, n, line, resisted) if area else None


def _besiegers(s: SoldierState, power: str, area: str) -> list[str]:
    return sorted(u.id for u in s.on_map(area, "army") if s.commander(u) == power)


def siege_blocked(content: SoldierContent, s: SoldierState, power: str, area: str) -> str | None:
    """Why `power` may not besiege `area` now (SK 12.0, 12.1, 12.5), or None."""
    if not content.is_land(area):
        return f"{area} is a sea area"
    owner = s.control.get(area)
    if s.friendly(owner, power):
        return f"{area} is controlled by {owner}, {'itself' if owner == power else 'an ally'} (SK 12.0)"
    ally = mercenaries.area_ally(content, s, area)  # SK 19.2: an Indian area allied on its own
    if ally is not None and s.friendly(ally, power):
        return f"{area} is {ally}'s minor ally (SK 19.2, 17.72)"
    # a neutral area may be besieged; a neutral minor's seeks an ally first (SK 17.7, minors.py);
    # SK 19.1: hired Swiss do not besiege Switzerland
    if not mercenaries.besieging_armies(content, s, power, area):
        return f"{power} has no armies in {area} (SK 12.1)"
    if combat_results.enemies_in(s, power, area):
        return f"enemy armies are in {area}; it may not be besieged (SK 12.0, 12.1, 12.5)"
    for p in s.peace:
        if (
            p.victor == power
            and s.turn < p.until_turn
            and (owner == p.loser or s.allies.get(owner) == p.loser)
        ):
            return f"{power} may not attack {p.loser} until Turn {p.until_turn} (SK 15.3)"
    return war.siege_barred(content, s, power, area)  # SKO Allies and Declaring War


def validate_sieges(
    content: SoldierContent, s: SoldierState, power: str, sieges: list[SiegeOrder], attacks: list
) -> list[Problem]:
    problems = []
    attacked = {a.area for a in attacks}
    seen: set[str] = set()
    for g in sieges:
        if g.area in seen:
            problems.append(Problem(f"{g.area} is besieged twice", g.line))
        seen.add(g.area)
        why = siege_blocked(content, s, power, g.area)
        if why and not (g.area in attacked and "enemy armies" in why):
            problems.append(Problem(why, g.line))
    return problems


def _rounds_paid(
    ctx: Resolution, content: SoldierContent, area: str, powers: list[str], rounds: int
) -> tuple[list[str], int]:
    """SK 12.2 (SE 12.2): the rounds are paid as the siege is declared, in the Siege Step.
    SK 7.5 (SE 7.4): no total drops below zero, and zero Resources or Manpower spends
    nothing. A power that can no longer pay for all `rounds` besieges for as many as it
    can pay for (never more than written; allies, the fewest, SK 16.6 with 16.4); one that
    can pay for none does not besiege (`SiegeUnpaid`). Cases siege-short-*.toml."""
    s: SoldierState = ctx.state
    paid: list[str] = []
    can: list[int] = []
    for p in powers:
        per = minor_rules.siege_cost(content, s, p, area, 1)  # SK 18.4: 0 for minors alone
        t = s.treasury.get(p)
        n = rounds if not per else 0 if t is None or t.zero else min(rounds, t.resources // per)
        if n:
            paid.append(p)
            can.append(n)
            continue
        money = content.game.rules.money  # SE 7.0: Money
        have = f"{t.resources} {money} and {t.manpower} Manpower" if t else "nothing"
        why = f"{p} has {have}; a siege round costs {per}"
        ctx.emit(SiegeUnpaid(power=p, area=area, rounds=rounds, why=why))
    return paid, min(can, default=0)


def resolve_sieges(
    ctx: Resolution,
    content: SoldierContent,
    acting: str,
    sieges: dict[str, list[SiegeOrder]],
    standing_orders: dict,
) -> None:
    order: list[str] = []
    by_area: dict[str, dict[str, SiegeOrder]] = {}
    for power in [acting, *(p for p in sieges if p != acting)]:
        for g in sieges.get(power, []):
            if g.area not in by_area:
                order.append(g.area)
            by_area.setdefault(g.area, {})[power] = g
    for area in order:
        _siege(ctx, content, area, acting, by_area[area], standing_orders)


def _siege(
    ctx: Resolution,
    content: SoldierContent,
    area: str,
    acting: str,
    declared: dict[str, SiegeOrder],
    standing_orders: dict,
) -> None:
    # SK 17.7, 17.71, 19.2: a besieged neutral minor seeks an ally, who may resist
    if not siege_may_proceed(ctx, content, area, declared, standing_orders):
        return
    s: SoldierState = ctx.state
    powers = [p for p in declared if siege_blocked(content, s, p, area) is None]
    if not powers:
        return  # the battle did not clear the area: no siege, nothing paid
    # SK 16.6 with 16.4 by analogy: allies who disagree on rounds get the fewest;
    # SK 18.4: minor units besieging alone always siege two rounds, free
    peace_ends.before_siege(ctx, content, area, powers)  # SE 15.3
    rounds = min(minor_rules.siege_rounds(content, s, p, area, declared[p].rounds) for p in powers)
    powers, rounds = _rounds_paid(ctx, content, area, powers, rounds)
    if not powers:
        return
    for p in powers:
        cost = minor_rules.siege_cost(content, s, p, area, rounds)  # SK 12.2, 18.4, 18.6
        ctx.emit(SiegePaid(power=p, area=area, rounds=rounds, resources=cost))
    fort = fortresses.level(content, s, area)  # SKO Economics (d): with its upgrades
    owner = s.control.get(area)
    # SK 5.2: Treason, Siege Train; Heroic Garrison and other reactions (cards.py)
    more_dice, more_fire, fallen = card_rules(content).siege_begins(
        ctx, content, area, powers, owner, standing_orders
    )
    if fallen:
        return
    # SE 12.3: "if any units entered the area via a mountain route this turn" (SK 12.3 alike)
    mountain_units = {m.unit for m in s.mountain_moves if m.to == area}
    held = leader_rules.chosen_holds(content, standing_orders, powers)  # SE 12.2, 13.2
    tally = leader_rules.Tally()  # SE 13.5: the besiegers' part in the whole siege
    for rnd in range(1, rounds + 1):
        armies = {p: mercenaries.besieging_armies(content, s, p, area) for p in powers}
        if not any(armies.values()):
            break  # SK 12.1: fleets by themselves cannot conduct a siege
        # SK 12.1: the besiegers' fleets in a coastal area combine their attack strengths
        # with the armies (and share the defensive fire, SK 12.3 -> 9.7); their admirals
        # add their ratings as in SK 11.6. All of them join: a fleet that should not can
        # sail away before the Siege Step.
        fleets = {
            p: sorted(u.id for u in s.on_map(area, "fleet") if s.commander(u) == p) for p in powers
        }
        with_fleets = {p for p, fs in fleets.items() if fs}
        armies = {p: sorted(armies[p] + fleets[p]) for p in powers}
        leaders = sorted(
            ld.name for ld in s.leaders_in(area)
            if (ld.role == "general" or (ld.role == "admiral" and (ld.country in with_fleets or s.allies.get(ld.country) in with_fleets)))
            and (ld.country in powers or s.allies.get(ld.country) in powers)
            and ld.name not in held
            and not leader_inactive(s, ld.name)  # Vacillating General
        )  # fmt: skip
        # SK 12.2: combat strength of the besieging armies + leadership ratings
        units = [u for us in armies.values() for u in us]
        dice = sum(s.units[u].attack for u in units) + sum(
            leader_rules.rating(content, s, n, units, leaders) for n in leaders
        )  # SE 19.23: Poniatowski leading only Polish forces
        dice += more_dice  # Siege Train: the besiegers' dice (cards.py)
        current = max(0, fort - s.fort_hits.get(area, 0))
        rolls = (
            ctx.roll(f"{area}, siege round {rnd}, besieger ({', '.join(powers)})", dice)
            if dice
            else []
        )
        hits = sum(1 for v in rolls if v == 6)
        # SK 12.3: defensive fire, dice = the current fortification value; +1 after a mountain route
        mountain = any(u in mountain_units for us in armies.values() for u in us)
        current += more_fire  # Heroic Garrison: two more dice each round (cards.py)
        fire = (
            ctx.roll(f"{area}, siege round {rnd}, defensive fire ({owner or 'neutral'})", current)
            if current
            else []
        )
        fire_hits = sum(1 for v in fire if v + (1 if mountain else 0) >= 6)
        group = {p: us for p, us in armies.items() if us}
        losses, _left = combat_results.allocate(
            s,
            group,
            fire_hits,
            standing_orders,
            [owner] if owner else [],
            content.game.rules.casualties,
            area,
        )  # SK 12.3 / SE 12.3: as in land combat (9.7), volunteered losses too
        before = {u: s.units[u].is_reduced for us in group.values() for u in us}
        total = s.fort_hits.get(area, 0) + hits
        ctx.emit(
            SiegeRound(
                area=area, round=rnd, besieger_dice=dice, hits=hits, fort_hits=min(total, fort),
                fortification=fort, defensive_dice=current, defensive_hits=fire_hits,
                losses={u: n for u, n in sorted(losses.items()) if n},
                besieger=s.besieger.get(area, acting if acting in powers else powers[0]),
            )
        )  # fmt: skip
        # SK 12.3 -> 9.7: "Check for leader casualties if applicable (13.5)": the leaders
        # who added their ratings, with the besiegers' step losses (SKO Limits to Leader
        # Loss Checks: "during the first two rounds of a battle or siege")
        steps = sum(losses.values())
        tally.add(leaders, steps, units)
        if sko_map_units.leader_check_round(s, rnd):
            leader_rules.after_round(
                ctx, content, area, f"siege round {rnd}", [(leaders, steps)], standing_orders
            )
        # SK 12.3 -> 9.8: units reduced by defensive fire retreat or are eliminated
        for p in powers:
            forced = [
                u
                for u in group.get(p, [])
                if not before[u] and s.units[u].status == "map" and s.units[u].is_reduced
            ]
            if forced:
                battle_retreats.forced_retreat(
                    ctx, content, area, p, forced, "attacker", standing_orders.get(p, {})
                )
        s = ctx.state
        left = {p: mercenaries.besieging_armies(content, s, p, area) for p in powers}
        if s.fort_hits.get(area, 0) >= fort:
            if any(left.values()):
                # SK 16.6: the allies' agreement, else the loser's choice, else the default
                taker, how = siege_control.taker(
                    ctx.state, standing_orders, area, owner, powers, left, acting
                )
                why = f"siege (SK 12.2); {how}" if how else "siege (SK 12.2)"
                ctx.emit(ControlChanged(area=area, frm=owner, to=taker, why=why))
                naval.capture_fleets(ctx, content, area, taker, standing_orders)  # SK 12.6
            else:
                ctx.emit(
                    SiegeLifted(area=area, why="Pyrrhic victory: every besieger left (SK 12.4)")
                )
            break
    # SE 12.2, 13.2, 13.5: the leaders "participating in the combat" are checked at its end
    leader_rules.after_combat(ctx, content, area, "the siege", [tally], standing_orders)


def siege_may_proceed(
    ctx: Resolution,
    content: SoldierContent,
    area: str,
    declared: dict[str, Any],
    standing_orders: dict,
) -> bool:
    """SK 17.7, 17.71, 19.2, called by the Siege Step before a siege is paid: a neutral
    minor whose area is besieged seeks an ally; if the ally's armies stand in the area the
    siege stops, unless the besiegers' `... if resisted` attack clears them."""
    s: SoldierState = ctx.state
    owner = s.control.get(area)
    if not seeks_ally(content, s, owner, area):
        return True
    if separate_peace.keeps_out(content, s, owner, area):  # SKO Minor Ally Separate Peace
        return True
    besiegers = [p for p in declared if siege_blocked(content, s, p, area) is None]
    if not besiegers:
        return True
    assert owner is not None
    ally = seek_ally(
        ctx, content, owner, area, besiegers, standing_orders, why=f"{area} besieged (SK 17.7)"
    )
    s = ctx.state
    if ally is None:
        return True
    resisting = sorted(
        (
            u.id
            for u in s.on_map(area, "army")
            if u.country == owner and (u.hired_by is None or s.raised.get(u.id) == area)
        ),  # SK 19.2: India's army raised for this area is its new ally's
        key=id_order,
    )
    if not resisting or all(s.friendly(p, ally) for p in besiegers):
        return True  # the Siege Step checks again: an allied area is not besieged (SK 12.0)
    attacks = {
        p: combat.AttackOrder(area, g.if_resisted, None, None, None, None, g.line)
        for p, g in declared.items()
        if p in besiegers and getattr(g, "if_resisted", None)
    }
    ctx.emit(SiegeResisted(area=area, minor=owner, ally=ally, units=resisting, stopped=not attacks))
    if not attacks:
        return False
    combat.battle(ctx, content, area, attacks, standing_orders)  # SK 17.71: attack them at once
    s = ctx.state
    return not any(s.units[u].status == "map" and s.units[u].area == area for u in resisting)
