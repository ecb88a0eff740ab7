"""SK 9 Land Combat, with leaders in battle (SK 13.2, 13.5, 13.6) and allies fighting
together (SK 16.4, 16.5).

    attack AREA probe|assault|invasion [with PIECES] [against POWER]
           [stop after N rounds] [stop below N armies]

The defender's decisions come from its standing orders (docs/orders-soldier-kings.md),
and so do the attacker's voluntary retreats after a round (SK 9.8; battle_retreats.py):
    retreat from AREA to AREA [PIECES] [if outnumbered] [after round N]
    hold out LEADER              (SK 9.2: kept out of combat; SE 13.2: either side)
    casualties UNIT UNIT ...     (SK 9.7: who takes step losses first, where the rules leave a choice)
    extra losses N [in AREA]     (SK 9.7: step losses volunteered each round; combat_results.py)
    first casualty POWER ...     (SK 16.5: the enemy's pick among tied allies; combat_results.py)
    leader checks LEADER ...     (SK 13.5, SE 13.5: the order of casualty checks; leaders.py)
    capture leaders to POWER ... (SK 13.6: the captors' agreement; combat_results.py)
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import (
    banner,
    battle_retreats,
    continued_retreats,
    fortresses,
    guerillas,
    mercenaries,
    minor_rules,
    naval,
    peace_ends,
    sko_economics,
    sko_map_units,
    standing,
)
from . import leaders as leader_rules
from .combat_results import (
    BattleBegan,
    BattleEnded,
    LeaderCaptured,
    Retreated,
    RoundFought,
    allocate,
    captor,
    enemies_in,
    unit_owner,
)
from .content import SoldierContent
from .effects import extra_dice, leader_inactive
from .hooks import card_rules
from .names import Names
from .siege_lifts import lift_sieges
from .state import SoldierState

LEVELS = ("Probe", "Assault", "Invasion")  # SK 9.4, cheapest first
MAX_ROUNDS = 50  # an Invasion between forces that can no longer hurt each other ends here


@dataclass(frozen=True)
class AttackOrder:
    area: str
    level: str
    units: tuple[str, ...] | None  # None: all the power's armies there (SK 9.1)
    against: str | None
    stop_after: int | None
    stop_below: int | None
    line: int
    # generals named in `with` (SK 9.3: in a divided attack a general fights with the
    # force that names him; those no line names, with the first force)
    leaders: tuple[str, ...] = ()


# --- events ------------------------------------------------------------------------


# --- orders ------------------------------------------------------------------------


def attack_cost(content: SoldierContent, level: str) -> int:
    return next(x.resources for x in content.tables.attack_levels if x.name == level)


def rounds_of(content: SoldierContent, level: str) -> int | None:
    r = next(x.rounds for x in content.tables.attack_levels if x.name == level)
    return None if r == "unlimited" else int(r)


# --- resolution ----------------------------------------------------------------------


def resolve_attacks(
    ctx: Resolution,
    content: SoldierContent,
    acting: str,
    attacks: dict[str, list[AttackOrder]],
    standing_orders: dict,
) -> None:
    """SK 9.2: battles in the order the acting power declared; an ally's attack on the
    same area joins that battle (SK 16.4), its other attacks follow in its order."""
    order: list[str] = []
    by_area: dict[str, dict[str, AttackOrder]] = {}
    divided: dict[str, list[tuple[str, AttackOrder]]] = {}
    for power in [acting, *(p for p in attacks if p != acting)]:
        for a in attacks.get(power, []):
            if a.area not in by_area:
                order.append(a.area)
            if power in by_area.setdefault(a.area, {}):
                divided.setdefault(a.area, []).append((power, a))  # SK 9.3: another force
            else:
                by_area[a.area][power] = a
    # SK 9.2: all the attacks paid as they are declared; SE 9.2, 9.3: each as it begins
    sk = content.game.rules.book == "SK"
    budget = sko_economics.declared(ctx.state, list(attacks)) if sk else None
    for k, area in enumerate(order):
        forces = divided.get(area, [])
        mine = [a for p, a in forces]
        later = tuple(order[k + 1 :])  # SE 9.4, 9.8: attacks declared, not yet resolved
        paid = battle(
            ctx, content, area, by_area[area], standing_orders, others=mine, pending=later,
            budget=budget,
        )  # fmt: skip
        # SK 9.3: the attacker's other forces there, each against its power, paid once:
        # at the level paid for the first (the one it was fought at)
        for power, a in forces:
            rest = [by_area[area][power], *(x for x in mine if x is not a)]
            paid |= battle(
                ctx, content, area, {power: a}, standing_orders, paid=paid.get(power),
                others=rest, pending=later,
            )  # fmt: skip
        lift_sieges(ctx)  # SK 12.5: besiegers eliminated or retreated in the battle


def battle(
    ctx: Resolution,
    content: SoldierContent,
    area: str,
    declared: dict[str, AttackOrder],
    standing_orders: dict,
    paid: str | None = None,
    others: list[AttackOrder] | None = None,
    pending: tuple[str, ...] = (),
    budget: sko_economics.Declared | None = None,
) -> dict[str, str]:
    """One land battle. `paid`: a second force of a divided attack (SK 9.3), whose land
    combat in this area was paid with the first, at this level; `others`: the attacker's
    other forces in the area (their generals fight with them, not here); `pending`: the
    areas of the battles still to come this action phase (SE 9.4, 9.8: continued
    retreats); `budget`: SK 9.2, what was left to pay with at the declaration. Returns the
    attacking powers and the level their attack was paid at (none
    if the battle did not begin)."""
    s: SoldierState = ctx.state
    # still possible? (an earlier battle may have changed things)
    attackers: dict[str, list[str]] = {}
    for power, a in declared.items():
        mine = [
            u.id
            for u in s.on_map(area, "army")
            if s.commander(u) == power
            and u.id not in s.attacked
            and not mercenaries.swiss_barred(content, u, area)  # SK 19.1
        ]
        chosen = [u for u in (a.units if a.units is not None else mine) if u in mine]
        if chosen:  # SK 11.6: fleets named in `with` fight beside the armies
            fleets = naval.land_combat_fleets(content, s, power, area, a.units or ())
            attackers[power] = sorted(chosen + [f for f in fleets if f not in s.attacked])
    peace_ends.before_battle(ctx, content, area, sorted(attackers), standing_orders)  # SE 15.3
    first = next(iter(declared))
    if not attackers or not enemies_in(s, first, area):
        return {}
    # SK 16.4: allies agree on one level; if they do not, the least expensive;
    # SK 18.4: minor (or hired) units attacking by themselves: an Assault, free
    alone = {p for p, us in attackers.items() if minor_rules.minor_only(s, us)}
    level = min(
        ("Assault" if p in alone else a.level for p, a in declared.items()), key=LEVELS.index
    )
    # SK 9.4 with SK 7.5 and SKO Economics (c): paid for (or not) before combat begins
    level = sko_economics.pay_for_battle(ctx, content, area, attackers, alone, level, paid, budget)
    if not attackers:
        return {}
    max_rounds = rounds_of(content, level)
    lead = declared[first]
    defenders = _defenders(s, first, area, lead.against)
    # SK 11.6: the defender's fleets there fight if its standing orders say so
    navy = {
        p: naval.land_combat_fleets(content, s, p, area, None, standing_orders.get(p, {}))
        for p in defenders
    }
    attacking_units = {u for us in attackers.values() for u in us}
    # SK 9.6 / SE 9.6: "entered the land area via a mountain route this turn"
    mountain = any(m.to == area and m.unit in attacking_units for m in s.mountain_moves)
    ctx.emit(
        BattleBegan(
            area=area,
            level=level,
            rounds=max_rounds,
            attackers=attackers,
            defenders=_with_navy(s, area, defenders, navy),
            mountain=mountain,
            fortification=_fort(content, s, area, defenders),
        )
    )
    bearer = banner.in_battle(content, s, area, attackers, defenders)  # SE 19.62
    # SK 5.2: cards played with the attack, the defender's reactions (cards.py)
    surprise = card_rules(content).battle_begins(
        ctx, content, area, attackers, defenders, standing_orders
    )
    # SK 9.5 retreat before battle (defender's standing orders); the Resources stay spent
    for power in sorted(defenders) if not surprise else ():
        battle_retreats.standing_retreat(
            ctx, content, area, power, standing_orders.get(power, {}), when="before",
            pending=pending,
        )  # fmt: skip
    engaged = {p: list(us) for p, us in attackers.items()}
    held_out = _other_forces_generals(s, area, declared, others or [])
    tally = {"attacker": leader_rules.Tally(), "defender": leader_rules.Tally()}
    rnd = 0
    while True:
        defenders = _defenders(s, first, area, lead.against)
        attackers = {
            p: [u for u in us if s.units[u].status == "map" and s.units[u].area == area]
            for p, us in attackers.items()
        }
        attackers = {p: us for p, us in attackers.items() if us}
        if not defenders or not any(
            s.units[u].type == "army" for us in attackers.values() for u in us
        ):
            break  # SK 11.6: fleets fight on land only while armies of their side fight
        defenders = _with_navy(s, area, defenders, navy)
        if max_rounds is not None and rnd >= max_rounds:
            break
        if max_rounds is None and _stop(lead, rnd, attackers):
            break
        if rnd >= MAX_ROUNDS:
            break
        rnd += 1
        before = {
            u: s.units[u].is_reduced
            for us in (*attackers.values(), *defenders.values())
            for u in us
        }
        card_rules(content).before_round(
            ctx, content, area, rnd, attackers, defenders, standing_orders
        )
        dice_a, dice_d = _round(
            ctx, content, area, rnd, attackers, defenders, mountain, standing_orders, held_out,
            tally,
        )  # fmt: skip
        if dice_a == 0 and dice_d == 0:
            break
        # SK 9.8: units reduced this round must retreat (unable: eliminated)
        reduced_now = {
            u
            for u, was in before.items()
            if not was and s.units[u].status == "map" and s.units[u].is_reduced
        }
        for side, group in (("defender", defenders), ("attacker", attackers)):
            for power in sorted(group):
                forced = [u for u in group[power] if u in reduced_now]
                if forced:
                    battle_retreats.forced_retreat(
                        ctx, content, area, power, forced, side, standing_orders.get(power, {}),
                        pending,
                    )  # fmt: skip
        # SK 9.8: "first the defender and then the attacker may voluntarily retreat" (their
        # standing orders); the attacker while defenders remain, with its units in the battle
        for power in sorted(_defenders(s, first, area, lead.against)):
            battle_retreats.standing_retreat(
                ctx, content, area, power, standing_orders.get(power, {}), when="after",
                rnd=rnd, pending=pending,
            )  # fmt: skip
        for power in sorted(attackers) if _defenders(s, first, area, lead.against) else ():
            battle_retreats.standing_retreat(
                ctx, content, area, power, standing_orders.get(power, {}), when="after",
                rnd=rnd, among=attackers[power], pending=pending,
            )  # fmt: skip
    _leaders_leave(ctx, area, [])  # with their side's last units to retreat, as they went
    banner.after_battle(ctx, content, area, bearer)  # SE 19.62: the bearer exited: defeated
    wounded = leader_rules.after_combat(
        ctx, content, area, "the battle", (tally["attacker"], tally["defender"]), standing_orders
    )  # SE 13.5: in the owners' order (`leader checks`)
    _leaders_leave(ctx, area, wounded, capture=True, standing_orders=standing_orders)  # SK 13.6
    # SK 16.1: every unit that attacked has attacked this turn, retreated or not
    _after_battle(ctx, area, engaged, first, rnd, declared)
    return {p: level for p in engaged}


def _other_forces_generals(
    s: SoldierState, area: str, declared: dict[str, AttackOrder], others: list[AttackOrder]
) -> set[str]:
    """SK 9.3 is silent on generals (pbem's choice): a general named in one force's `with`
    fights with that force only; those no line names fight with the first force."""
    if not others:
        return set()
    mine = {n for a in declared.values() for n in a.leaders}
    named_elsewhere = {n for a in others for n in a.leaders}
    lead = next(iter(declared.values()))
    if all(lead.line < o.line for o in others):  # the first force: all but the named
        return named_elsewhere - mine
    return {ld.name for ld in s.leaders_in(area)} - mine


def _stop(order: AttackOrder, rnd: int, attackers: dict[str, list[str]]) -> bool:
    if order.stop_after is not None and rnd >= order.stop_after:
        return True
    n = sum(len(us) for us in attackers.values())
    return order.stop_below is not None and n < order.stop_below


def _defenders(
    s: SoldierState, attacker: str, area: str, against: str | None = None
) -> dict[str, list[str]]:
    """SK 9.1-9.2: every enemy army in the area defends, grouped by commanding power;
    SK 9.3: only those of the power attacked (and its allies) when one is named."""
    out: dict[str, list[str]] = {}
    for u in s.on_map(area, "army"):
        side = s.unit_side_country(u)
        if not s.friendly(side, attacker) and (against is None or s.friendly(side, against)):
            out.setdefault(s.commander(u) or u.country, []).append(u.id)
    return {p: sorted(us) for p, us in sorted(out.items())}


def _with_navy(
    s: SoldierState, area: str, defenders: dict[str, list[str]], navy: dict[str, list[str]]
) -> dict[str, list[str]]:
    """SK 11.6: the defending armies with the fleets still there that fight beside them."""
    out = {p: list(us) for p, us in defenders.items()}
    for p, fleets in navy.items():
        here = [f for f in fleets if s.units[f].status == "map" and s.units[f].area == area]
        if here:
            out.setdefault(p, []).extend(here)
    return {p: sorted(us) for p, us in sorted(out.items())}


def _fort(
    content: SoldierContent, s: SoldierState, area: str, defenders: dict[str, list[str]]
) -> int:
    """SK 9.6: the area's fortification value, if (and only if) the defender controls it;
    a fortification reduced by siege hits counts at its current value (SK 12.2)."""
    owner = s.holder(area)  # SK 19.2: an Indian area allied on its own is its ally's
    if not any(s.friendly(owner, p) for p in defenders):
        return 0
    return max(0, fortresses.level(content, s, area) - s.fort_hits.get(area, 0))  # SKO (d)


def _leaders(
    s: SoldierState, area: str, powers: list[str], held_out: set[str], fleets: bool = False
) -> list[str]:
    """Generals; admirals too when the side's fleets fight (SK 9.6, 11.6)."""
    return sorted(
        ld.name
        for ld in s.leaders_in(area)
        if (ld.role == "general" or fleets)
        and (ld.country in powers or s.allies.get(ld.country) in powers)
        and ld.name not in held_out
        and not leader_inactive(s, ld.name)  # Vacillating General (cards.py)
    )


def _round(
    ctx, content, area, rnd, attackers, defenders, mountain, standing_orders, a_held, tally
) -> tuple[int, int]:
    """`a_held`: the attacker's generals who fight in another force (SK 9.3); `tally`:
    each side's leaders and step losses over the combat (SE 13.5)."""
    s: SoldierState = ctx.state
    held = {n for p in defenders for n in standing_orders.get(p, {}).get("hold", [])}
    a_powers, d_powers = sorted(attackers), sorted(defenders)
    a_held = set(a_held) | leader_rules.chosen_holds(content, standing_orders, a_powers)  # SE 13.2
    navy_a, navy_d = (
        any(s.units[u].type == "fleet" for us in g.values() for u in us)
        for g in (attackers, defenders)
    )
    a_leaders = _leaders(s, area, a_powers, set(a_held), navy_a)
    d_leaders = _leaders(s, area, d_powers, held, navy_d)
    a_units = [u for us in attackers.values() for u in us]
    d_units = [u for us in defenders.values() for u in us]
    # SK 9.6 / 13.2: attack strengths + leadership ratings (+ fortification, defender)
    dice_a = sum(s.units[u].attack for u in a_units) + sum(
        leader_rules.rating(content, s, n, a_units, a_leaders) for n in a_leaders
    )  # SE 19.23
    dice_d = (
        sum(s.units[u].attack for u in d_units)
        + sum(leader_rules.rating(content, s, n, d_units, d_leaders) for n in d_leaders)
        + _fort(content, s, area, defenders)
    )
    dice_a += extra_dice(s, "land", area, rnd, "attacker")  # Inspired Leadership
    dice_d += extra_dice(s, "land", area, rnd, "defender")
    hits_a = leader_rules.hits(
        ctx,
        f"{area}, round {rnd}, attacker ({', '.join(a_powers)})",
        dice_a,
        min(dice_a, leader_rules.napoleon_dice(s, rnd, a_leaders, a_units)),  # SE 19.7
        0,
    )
    hits_d = leader_rules.hits(
        ctx,
        f"{area}, round {rnd}, defender ({', '.join(d_powers)})",
        dice_d,
        min(dice_d, leader_rules.napoleon_dice(s, rnd, d_leaders, d_units)),  # SE 19.7
        1 if mountain else 0,  # SK 9.6 mountain route
    )
    g_a, g_d = guerillas.in_round(
        ctx, content, area, rnd, a_powers, d_powers, standing_orders
    )  # SE 19.4: a guerilla attack combined with the round
    hits_a, hits_d = hits_a + g_a, hits_d + g_d
    losses: dict[str, int] = {}
    unallocated: dict[str, int] = {}
    for side, group, hits, enemy in (
        ("defender", defenders, hits_a, a_powers),
        ("attacker", attackers, hits_d, d_powers),
    ):
        got, left = allocate(
            s, group, hits, standing_orders, enemy, content.game.rules.casualties, area
        )  # SK 9.7 / SE 9.7, with the step losses volunteered (`extra losses`)
        losses.update(got)
        unallocated[side] = left
    ctx.emit(
        RoundFought(
            area=area, round=rnd, attacker_dice=dice_a, defender_dice=dice_d,
            attacker_hits=hits_a, defender_hits=hits_d,
            losses={u: n for u, n in sorted(losses.items()) if n}, unallocated=unallocated,
        )
    )  # fmt: skip
    # SK 13.5: each side's leaders, one roll each, until one dies (SE 13.5: after the combat)
    sides = []
    for side, powers, names, units in (
        ("attacker", a_powers, a_leaders, a_units),
        ("defender", d_powers, d_leaders, d_units),
    ):
        steps = sum(n for u, n in losses.items() if unit_owner(s, u) in powers)
        sides.append((names, steps))
        tally[side].add(names, steps, units)
    if sko_map_units.leader_check_round(s, rnd):  # SKO Limits to Leader Loss Checks
        leader_rules.after_round(ctx, content, area, f"round {rnd}", sides, standing_orders)
    return dice_a, dice_d


def _leaders_leave(
    ctx, area: str, wounded: list[str], capture: bool = False, standing_orders: dict | None = None
) -> None:
    """Leaders whose side has no army left in `area` while enemy armies remain: they
    follow its units' last retreat this battle, before the casualty check (SE 19.62: the
    Banner's bearer exits with them); with `capture`, after it, those with no retreat to
    follow are captured (SK 13.6; SE 13.6: "any leaders with them that survived the
    battle", the `wounded` there included)."""
    s: SoldierState = ctx.state
    here = [*s.leaders_in(area), *(s.leaders[n] for n in wounded)]
    for ld in sorted(here, key=lambda x: x.name):
        side = ld.country if ld.country in s.majors else s.allies.get(ld.country, ld.country)
        own_units = [u for u in s.on_map(area, "army") if s.friendly(s.unit_side_country(u), side)]
        enemy_units = [
            u for u in s.on_map(area, "army") if not s.friendly(s.unit_side_country(u), side)
        ]
        if own_units or not enemy_units:
            continue
        if ld.role == "admiral" and any(
            s.friendly(s.unit_side_country(u), side) for u in s.on_map(area, "fleet")
        ):
            continue  # SK 13.4: an admiral stays with his fleets
        # his side's armies are gone: retreated ones take him along, else he is captured
        went = [
            (m, continued_retreats.final_area(ctx, m))
            for m in _retreats_this_battle(ctx, area)
            if s.friendly(m.power, side)
        ]  # SE 9.4, 9.8: where they went on to; not to units eliminated on the way
        went = [(m, to) for m, to in went if to is not None]
        if went and ld.status == "map":
            power, to = went[-1][0].power, went[-1][1]
            ctx.emit(
                Retreated(
                    power=power, units=[], leaders=[ld.name], frm=area, to=to, why="voluntary"
                )
            )
        elif capture and not went:
            captors = Counter(s.commander(u) or u.country for u in enemy_units)
            by = captor(standing_orders, dict(captors))  # SK 13.6: agreed, else most units
            ctx.emit(LeaderCaptured(leader=ld.name, area=area, by=by))


def _after_battle(
    ctx, area: str, attackers: dict[str, list[str]], first: str, rnd: int, declared
) -> None:
    """The battle's record."""
    s: SoldierState = ctx.state
    all_attackers = sorted({u for us in attackers.values() for u in us})
    left_a = [u for u in all_attackers if s.units[u].status == "map" and s.units[u].area == area]
    # the defenders of this battle (SK 9.3: another power's armies there fought no part)
    against = declared[first].against if first in declared else None
    left_d = [u for us in _defenders(s, first, area, against).values() for u in us]
    outcome = (
        "the defender holds" if left_d and not left_a
        else "the attacker holds the field" if left_a and not left_d
        else "both sides remain" if left_a
        else "no army remains"
    )  # fmt: skip
    ctx.emit(BattleEnded(area=area, rounds=rnd, outcome=outcome, attacked=all_attackers))


def _retreats_this_battle(ctx: Resolution, area: str) -> list[Retreated]:
    out = []
    for e in reversed(ctx.events):
        if isinstance(e, BattleBegan) and e.area == area:
            break
        if isinstance(e, Retreated) and e.frm == area and e.units:
            out.append(e)
    return list(reversed(out))


# --- standing orders -------------------------------------------------------------------


@standing.verb("retreat")
def _retreat(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """retreat from AREA to AREA [PIECES] [if outnumbered] [after round N], or as a
    general policy for every area: retreat [if outnumbered] [after round N]"""
    text = " ".join(words)
    level = re.search(r"(?i)\bif\s+(probe|assault|invasion)\b", text)
    if level and names.content.game.rules.book == "SE":  # SE 9.3: revealed after the decision
        problems.append(
            Problem(
                f"a retreat before battle may not depend on the level of the attack ('{level.group(0)}'):"
                " the attacker's Money is secret until the defender has decided (SE 9.3, 9.4)",
                line,
            )
        )
        return None
    g = re.fullmatch(r"(?is)(if outnumbered)?\s*(after round (\d+))?", text.strip())
    if g and (g.group(1) or g.group(2)):
        return {
            "frm": None,
            "to": None,
            "units": [],
            "if_outnumbered": bool(g.group(1)),
            "after": int(g.group(3)) if g.group(3) else None,
        }
    m = re.fullmatch(
        r"(?is)from\s+(.+?)\s+to\s+(.+?)(\s+if outnumbered)?(\s+after round (\d+))?", text
    )
    if not m:
        problems.append(
            Problem(
                "write: retreat from AREA to AREA [PIECES] [if outnumbered] [after round N],"
                " or: retreat if outnumbered",
                line,
            )
        )
        return None
    frm = names.area(m.group(1), line, problems)
    dest_and_units = m.group(2).split()
    to = None
    units: list[str] = []
    for k in range(len(dest_and_units), 0, -1):  # longest area name first, pieces after
        probe: list[Problem] = []
        to = names.area(" ".join(dest_and_units[:k]), line, probe)
        if to:
            rest = " ".join(dest_and_units[k:])
            units = (
                [p.name for p in names.pieces(rest, line, problems) if p.kind == "unit"]
                if rest
                else []
            )
            break
    if to is None:
        names.area(m.group(2), line, problems)
        return None
    if frm is None:
        return None
    return {
        "frm": frm,
        "to": to,
        "units": units,
        "if_outnumbered": bool(m.group(3)),
        "after": int(m.group(5)) if m.group(5) else None,
    }


@standing.verb("hold")
def _hold(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """hold out LEADER (SK 9.2)"""
    if why := sko_map_units.leader_hold_problem(s):  # SKO Limits to Leader Loss Checks
        problems.append(Problem(why, line))
        return None
    if not words or words[0].casefold() != "out":
        problems.append(Problem("write: hold out LEADER", line))
        return None
    pieces = names.pieces(" ".join(words[1:]), line, problems)
    for p in pieces:
        if p.kind != "leader":  # SK 9.2 / SE 9.2: "Defending armies must all participate"
            problems.append(
                Problem(
                    f"{p.name} is not a leader: only leaders may be held out of combat,"
                    " defending armies must all participate (SK 9.2)",
                    line,
                )
            )
            return None
    return next((p.name for p in pieces if p.kind == "leader"), None)


@standing.verb("casualties", pure=True)
def _casualties(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """casualties UNIT UNIT ... (SK 9.7: these take step losses first where the rules leave a choice)"""
    return [p.name for p in names.pieces(" ".join(words), line, problems) if p.kind == "unit"]
