"""SK 11 Naval Combat (with SK 13.4 admirals, 13.5-13.6 leaders, 16.5 allies) and the
events of the war at sea. Naval movement, interception, blockades and transport are
in naval.py; this module is the battle procedure they and the Naval Combat Step
(SK 4.1) call, and the helpers both need.

A naval battle has two sides (SK 11.43 names them): the *intercepting* side (the
interceptors; blockaders, who "automatically intercept", SK 10.5; the fleets that
entered a coastal area holding enemy fleets, SK 11.0) and the *intercepted* side
(the fleets intercepted; the fleets trying to pass a blockade; the fleets attacked
in their coastal area). The intercepted side retreats voluntarily first (SK 11.43).

Per battle (SK 11.2-11.5):
  round 1: wind gauge, one die each + one admiral's rating; the higher fires first,
           its hits are taken before the other fires back (ties: simultaneous);
  later rounds: simultaneous;
  dice: attack strengths of the side's fleets + its admirals' ratings + the coastal
        area's fortification for the side it is friendly or allied to; 6s hit;
  casualties as SK 9.7 (one player) or 16.5 (allies): casualties.py via combat_results.allocate;
        an army aboard shares its fleet's step losses (SK 10.6);
  leaders: SK 13.5 (2d6 + the side's step losses >= 12), one per side per round, for
        each leader present; SE 13.5 once after the battle, for each admiral who took
        part (SE 13.2: a general aboard takes none); SE 13.2: an admiral held out
        (`hold out LEADER`) adds nothing to the wind gauge or the dice and is not
        checked, but still adds to interception rolls (SE 10.44: "admirals with the
        intercepting fleets"; see case naval-13-2-admiral-held-out.toml);
  forced retreats of fleets that lost a step (SK 11.4, 11.41), then voluntary ones,
        intercepted side first (SK 11.43); none before the first round (SK 11.44);
  until one side has no fleet left in the battle (SK 11.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pbem.resolution import Resolution

from . import combat_results, peace_ends, retreats, sko_map_units
from . import leaders as leader_rules
from .content import SoldierContent
from .hooks import card_rules
from .navy import (
    NavalBattleBegan,
    NavalBattleEnded,
    NavalRetreated,
    NavalVolley,
    WindGauge,
    admirals,
    cargo,
    choose_fleet_retreat,
    fleet_retreat_options,
    fort_value,
    owner,
)
from .state import SoldierState

MAX_ROUNDS = 50  # two sides that can no longer hurt each other stop here


# --- events ------------------------------------------------------------------------


# --- who, what, where --------------------------------------------------------------


# --- the battle ---------------------------------------------------------------------


@dataclass
class Side:
    """One side of a naval battle."""

    fleets: list[str]
    leaders: list[str]
    back: dict[str, str] = field(default_factory=dict)  # fleet -> the one retreat allowed
    forbid: set[str] = field(default_factory=set)  # areas it may not retreat into
    gone: list[str] = field(default_factory=list)  # retreated out of the battle
    last_retreat: str | None = None
    fort: int | None = None  # the shore batteries it fires with, fixed when the battle begins
    held: set[str] = field(default_factory=set)  # SE 13.2: leaders kept out of the battle

    def alive(self, s: SoldierState) -> list[str]:
        return [f for f in self.fleets if f not in self.gone and s.units[f].status == "map"]

    def taking_part(self, s: SoldierState) -> list[str]:
        """SE 13.2: its admirals who add their ratings (not held out); SK 13.2: all."""
        return admirals(s, [n for n in self.leaders if n not in self.held])

    def powers(self, s: SoldierState) -> list[str]:
        return sorted({owner(s, f) for f in self.fleets})


class Orders:
    """Where a battle reads the players' decisions: the acting side's action-phase lines
    first, then standing orders (docs/orders-soldier-kings.md, "The war at sea")."""

    def __init__(self, standing: dict, action: dict | None = None):
        self.standing = standing
        self.action = action or {}

    def entries(self, power: str, kind: str) -> list:
        act = self.action.get(power)
        first = list(getattr(act, kind, []) or []) if act is not None else []
        return first + list(self.standing.get(power, {}).get(kind, []))

    def held(self, content: SoldierContent, powers: Sequence[str]) -> set[str]:
        """SE 13.2: the leaders these powers' standing orders keep out (SK: none at sea)."""
        return leader_rules.chosen_holds(content, self.standing, powers)


def battle(
    ctx: Resolution,
    content: SoldierContent,
    area: str,
    kind: str,
    a: Side,
    b: Side,
    orders: Orders,
) -> tuple[list[str], list[str]]:
    """Fight one naval battle in `area` between side `a` (intercepting) and `b`
    (intercepted). Returns the fleets of each side still in the battle at the end."""
    s: SoldierState = ctx.state
    # SE 15.3: the side that attacks: the interceptors, or the group breaking a blockade
    att, dfn = (b, a) if kind == "blockade" else (a, b)
    peace_ends.at_sea(ctx, content, area, att.powers(s), dfn.powers(s))
    sides = {"intercepting": a, "intercepted": b}
    forts = {name: _fort_for(content, s, area, side, kind) for name, side in sides.items()}
    for name, side in sides.items():
        side.fort = forts[name]
        side.held = orders.held(content, side.powers(s))  # SE 13.2
    ctx.emit(
        NavalBattleBegan(
            area=area,
            how=kind,
            intercepting=_by_power(s, a.alive(s)),
            intercepted=_by_power(s, b.alive(s)),
            leaders={n: sorted(x.leaders) for n, x in sides.items()},
            fortification={n: v for n, v in forts.items() if v},
        )
    )
    # SK 11.2 / 13.4: the wind gauge, one die each plus one admiral's rating

    holder = card_rules(content).weather_gauge(ctx, content, area, sides, orders)
    gauge = {"intercepting": 0, "intercepted": 0}
    for name, side in sides.items() if holder is None else ():
        best = max((s.leaders[n].rating for n in side.taking_part(s)), default=0)
        roll = ctx.roll(f"{area}, wind gauge, {', '.join(side.powers(s))}", 1)[0]
        gauge[name] = roll + best
    first = holder or (
        None
        if gauge["intercepting"] == gauge["intercepted"]
        else max(gauge, key=lambda k: gauge[k])
    )
    ctx.emit(
        WindGauge(
            area=area,
            intercepting=gauge["intercepting"],
            intercepted=gauge["intercepted"],
            first=first,
        )
    )
    tally = {name: leader_rules.Tally() for name in sides}
    rnd = 0
    while a.alive(s) and b.alive(s) and rnd < MAX_ROUNDS:
        rnd += 1
        if _dice(content, s, area, a) == 0 and _dice(content, s, area, b) == 0:
            rnd -= 1
            break  # neither side can hurt the other: the battle is over
        steps = {"intercepting": 0, "intercepted": 0}  # step losses suffered, per side
        losses: dict[str, int] = {}
        fought = {name: side.alive(s) for name, side in sides.items()}
        if rnd == 1 and first is not None:
            # SK 11.2: the wind gauge fires first; the other fires back with what is left
            other = "intercepted" if first == "intercepting" else "intercepting"
            for shooter, target, ff in ((first, other, True), (other, first, False)):
                got = _volley(ctx, content, area, rnd, shooter, sides, orders, ff)
                steps[target] += sum(got.values())
                losses.update(got)
        else:
            for target, got in _simultaneous(ctx, content, area, rnd, sides, orders).items():
                steps[target] += sum(got.values())
                losses.update(got)
        # SK 13.5: leaders, two dice + the side's step losses; one death per side per round
        # (SE 13.5: once, after the battle, for those who took part)
        rounds = []
        for name, side in sides.items():
            rounds.append((sorted(side.leaders), steps[name]))
            names = leader_rules.checked(content, side.leaders, side.taking_part(s))
            tally[name].add(names, steps[name], fought[name])
        if sko_map_units.leader_check_round(s, rnd):  # SKO Limits to Leader Loss Checks
            leader_rules.after_round(
                ctx, content, area, f"naval round {rnd}", rounds, orders.standing
            )
        # SK 11.4: fleets that lost a step must retreat; intercepted side first
        for side in (b, a):
            hit = [f for f in side.alive(s) if losses.get(f)]
            if hit:
                _retreat(ctx, content, area, side, hit, orders, "forced")
        # SK 11.43: voluntary retreats, the intercepted side first, then the intercepting
        for side, enemy in ((b, a), (a, b)):
            if side.alive(s) and enemy.alive(s):
                _voluntary(ctx, content, area, rnd, side, enemy, orders)
    wounded = leader_rules.after_combat(
        ctx, content, area, "the naval battle", list(tally.values()), orders.standing
    )
    _leaders_after(ctx, area, a, b, wounded, orders.standing)
    left_a, left_b = a.alive(s), b.alive(s)
    outcome = (
        "both sides remain" if left_a and left_b
        else "the intercepting side holds the area" if left_a
        else "the intercepted side holds the area" if left_b
        else "no fleet remains"
    )  # fmt: skip
    ctx.emit(
        NavalBattleEnded(
            area=area, rounds=rnd, outcome=outcome, intercepting=left_a, intercepted=left_b
        )
    )
    return left_a, left_b


def _by_power(s: SoldierState, fleets: Sequence[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in fleets:
        out.setdefault(owner(s, f), []).append(f)
    return {p: sorted(v) for p, v in sorted(out.items())}


def _fort_for(
    content: SoldierContent, s: SoldierState, area: str, side: Side, kind: str = ""
) -> int:
    """SK 11.2: the fortification of a coastal battle area friendly or allied to the side.
    SE 11.2: only "if the battle is in a coastal area that is friendly or allied to the
    non-active player" (the side of no power friendly to the one whose action phase it
    is); except at Gibraltar and Constantinople, where SE 10.46 gives it to whichever
    player the area is friendly or allied to."""
    if not content.is_land(area):
        return 0
    ctrl = retreats.controller(content, s, area)
    if not any(s.friendly(ctrl, p) for p in side.powers(s)):
        return 0
    if content.game.rules.naval_fortification == "non-active" and kind != "strait":
        acting = s.initiative[s.acting] if s.acting < len(s.initiative) else None
        if acting is not None and any(s.friendly(acting, p) for p in side.powers(s)):
            return 0
    return fort_value(content, s, area)


def _dice(content: SoldierContent, s: SoldierState, area: str, side: Side) -> int:
    """SK 11.2: fleets' attack strengths + admirals' ratings + friendly shore batteries."""
    alive = side.alive(s)
    if not alive:
        return 0
    return (
        sum(s.units[f].attack for f in alive)
        + sum(s.leaders[n].rating for n in side.taking_part(s))
        + (side.fort if side.fort is not None else _fort_for(content, s, area, side))
    )


def _fire(ctx, content, area, rnd, side: Side) -> tuple[int, int]:
    s: SoldierState = ctx.state
    n = _dice(content, s, area, side)
    rolls = ctx.roll(f"{area}, naval round {rnd}, {', '.join(side.powers(s))}", n) if n else []
    return n, sum(1 for v in rolls if v == 6)


def _losses(
    ctx, content, area: str, target: Side, hits: int, enemy: Side, orders: Orders
) -> tuple[dict[str, int], int]:
    """SK 11.3 (= 9.7) and 16.5 among the target's fleets, with the step losses its powers
    volunteer (SK 11.3 last sentence, `extra losses`); an army aboard a fleet shares its
    fate and its loss satisfies none of the hits (SK 10.6, Naval Combat Example)."""
    s: SoldierState = ctx.state
    group: dict[str, list[str]] = {}
    for f in target.alive(s):
        group.setdefault(owner(s, f), []).append(f)
    got, left = combat_results.allocate(
        s, group, hits, orders.standing, enemy.powers(s), content.game.rules.casualties, area
    )  # SK 11.3 / SE 11.3
    out = {u: n for u, n in got.items() if n}
    for f, n in list(out.items()):
        fleet = s.units[f]
        dead = n >= (1 if fleet.is_reduced else 2)
        for army in cargo(s, f):
            steps = 1 if s.units[army].is_reduced else 2
            out[army] = steps if dead else min(n, steps)
    return dict(sorted(out.items())), left


def _other(name: str) -> str:
    return "intercepted" if name == "intercepting" else "intercepting"


def _volley(
    ctx, content, area, rnd, name: str, sides: dict[str, Side], orders, first: bool
) -> dict[str, int]:
    """One side fires and the other takes its losses at once (SK 11.2 first fire)."""
    s: SoldierState = ctx.state
    side, target = sides[name], sides[_other(name)]
    n, hits = _fire(ctx, content, area, rnd, side)
    losses, left = _losses(ctx, content, area, target, hits, side, orders)
    ctx.emit(
        NavalVolley(
            area=area, round=rnd, side=name, powers=side.powers(s), dice=n, hits=hits,
            losses=losses, unallocated=left, first_fire=first,
        )
    )  # fmt: skip
    return losses


def _simultaneous(
    ctx, content, area, rnd, sides: dict[str, Side], orders
) -> dict[str, dict[str, int]]:
    """Both sides fire at once: dice and losses from the state before either volley.
    Returns the losses by the side that suffered them."""
    s: SoldierState = ctx.state
    fired = {name: _fire(ctx, content, area, rnd, side) for name, side in sides.items()}
    planned = {}
    for name in sides:
        planned[name] = _losses(
            ctx, content, area, sides[_other(name)], fired[name][1], sides[name], orders
        )
    out = {}
    for name, (losses, left) in planned.items():
        n, hits = fired[name]
        ctx.emit(
            NavalVolley(
                area=area, round=rnd, side=name, powers=sides[name].powers(s), dice=n,
                hits=hits, losses=losses, unallocated=left,
            )
        )  # fmt: skip
        out[_other(name)] = losses
    return out


def _options(content, s: SoldierState, side: Side, fleet: str) -> list[str]:
    if fleet in side.back:
        return [side.back[fleet]]  # SK 11.41 back where they came from; SK 10.52
    return fleet_retreat_options(content, s, fleet, sorted(side.forbid))


def _retreat(
    ctx, content, area: str, side: Side, fleets: list[str], orders: Orders, why: str,
    wanted_to: str | None = None,
) -> bool:  # fmt: skip
    """Retreat these fleets of one side (each power's fleets with the same options
    together). Forced retreats with no option are eliminated (SK 11.4 with 9.8)."""
    s: SoldierState = ctx.state
    buckets: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for f in sorted(fleets):
        buckets.setdefault((owner(s, f), tuple(_options(content, s, side, f))), []).append(f)
    moved = False
    for (power, opts), group in sorted(buckets.items()):
        wanted = [wanted_to] if wanted_to else _wanted(orders, power, area, s.units[group[0]].area)
        to = choose_fleet_retreat(content, s, s.unit_side_country(s.units[group[0]]), opts, wanted)
        if wanted_to and to != wanted_to:
            continue
        if to is None:
            if why != "forced":
                continue
            lost = sorted({*group, *(x for f in group for x in cargo(s, f))})
            ctx.emit(
                combat_results.Eliminated(
                    units=lost, area=area, why="a fleet that must retreat and cannot (SK 11.4)"
                )
            )
            side.gone.extend(group)
            continue
        reason = {
            "forced": "forced (SK 11.4)",
            "voluntary": "voluntary (SK 11.43)",
        }.get(why, why)
        ctx.emit(NavalRetreated(power=power, fleets=group, leaders=[], frm=area, to=to, why=reason))
        side.gone.extend(group)
        side.last_retreat = to
        moved = True
    return moved


def _wanted(orders: Orders, power: str, area: str, here: str | None) -> list[str]:
    return [
        e["to"]
        for e in orders.entries(power, "retreat")
        if e.get("to") and e.get("frm") in (area, here)
    ]


def _voluntary(ctx, content, area, rnd, side: Side, enemy: Side, orders: Orders) -> None:
    """SK 11.43 from `retreat` orders: `retreat from AREA to AREA [FLEETS] [if outnumbered]
    [after round N]`, the area being the battle area (or where the fleets are); or the
    general policy `retreat [if outnumbered] [after round N]`. Default: stay."""
    s: SoldierState = ctx.state
    for power in side.powers(s):
        mine = [f for f in side.alive(s) if owner(s, f) == power]
        here = {s.units[f].area for f in mine}
        entries = orders.entries(power, "retreat")
        for e in [x for x in entries if x.get("frm") in (area, *here)] + [
            x for x in entries if x.get("frm") is None
        ]:
            if e.get("after") is not None and rnd < e["after"]:
                continue
            if e.get("if_outnumbered") and len(enemy.alive(s)) <= len(side.alive(s)):
                continue
            fleets = [f for f in side.alive(s) if owner(s, f) == power]
            if e.get("units"):
                fleets = [f for f in fleets if f in e["units"]]
            if not fleets:
                continue
            if _retreat(ctx, content, area, side, fleets, orders, "voluntary", e.get("to")):
                break


def _leaders_after(
    ctx, area: str, a: Side, b: Side, wounded: Sequence[str], standing: dict | None = None
) -> None:
    """A side with no fleet left in the battle: its leaders go with its last retreat, or
    are captured if every fleet was eliminated (SK 13.6, 'the power with most units'; SE
    13.6 "that survived the battle": the `wounded` too)."""
    s: SoldierState = ctx.state
    for side, enemy in ((a, b), (b, a)):
        if side.alive(s):
            continue
        names = [n for n in sorted(side.leaders) if s.leaders[n].status == "map" or n in wounded]
        if side.last_retreat is not None:
            names = [n for n in names if s.leaders[n].status == "map"]
        if not names:
            continue
        if side.last_retreat is not None:
            ctx.emit(
                NavalRetreated(
                    power=s.leaders[names[0]].country, fleets=[], leaders=names, frm=area,
                    to=side.last_retreat, why="with their fleets",
                )
            )  # fmt: skip
        elif enemy.alive(s):
            count: dict[str, int] = {}
            for f in enemy.alive(s):
                count[owner(s, f)] = count.get(owner(s, f), 0) + 1
            by = combat_results.captor(standing, count)  # SK 13.6: agreed, else most units
            for n in names:
                ctx.emit(combat_results.LeaderCaptured(leader=n, area=area, by=by))


# --- decisions ------------------------------------------------------------------------


def side_dice(
    content: SoldierContent,
    s: SoldierState,
    area: str,
    fleets: Sequence[str],
    leaders: Sequence[str],
    orders: Orders | None = None,
) -> int:
    """The dice a group would roll in a battle in `area` (for the interception default):
    without the admirals its powers' standing orders hold out (SE 13.2)."""
    side = Side(list(fleets), list(leaders))
    if orders is not None:
        side.held = orders.held(content, side.powers(s))
    return _dice(content, s, area, side)


def wants_to_intercept(
    s: SoldierState,
    entries: Sequence[dict],
    area: str,
    own_area: str,
    target_powers: Sequence[str],
    own_fleets: int,
    own_dice: int,
    their_dice: int,
) -> bool:
    """SK 10.41-10.42, 10.46 'may attempt': the first matching `intercept` order decides;
    without one the default is to attempt when not weaker (own dice >= theirs)."""
    for e in entries:
        if e.get("area") and e["area"] not in (area, own_area):
            continue
        if e.get("against") and not any(s.friendly(e["against"], p) for p in target_powers):
            continue
        return _cond(e, own_fleets, own_dice, their_dice)
    return own_dice >= their_dice  # default: see docs/orders-soldier-kings.md


def _cond(e: dict, own_fleets: int, own_dice: int, their_dice: int) -> bool:
    cond = e.get("cond", "always")
    if cond == "never":
        return False
    if cond == "if not weaker":
        return own_dice >= their_dice
    if cond == "if at least":
        return own_fleets >= int(e.get("n") or 0)
    return True
