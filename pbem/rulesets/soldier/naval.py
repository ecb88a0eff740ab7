"""SK 10 Naval Movement (interception, blockades, transport, amphibious operations) and
the Naval Combat Step of an action phase (SK 4.1, 11.0-11.1). The battle procedure is
naval_combat.py. Players' guide: docs/orders-soldier-kings.md, "The war at sea".

Action-phase orders (the acting power and its formal allies, SK 16.1):
    sail FLEETS [with ARMIES LEADERS] to AREA[ drop ARMIES][ take ARMIES][, AREA...][, blockade AREA]
                                                        (SK 10.6: calls on the way, transport.py)
    board ARMIES [GENERALS] [to AREA]                   (SK 16.1: an ally's fleets may carry them;
                                                        SK 10.62: moves checked from AREA)
    blockade AREA from SEA [with FLEETS]
    attack fleets in AREA [first POWER[, POWER...]]     (SK 11.1: the order of battles)
    intercept [in AREA] [against POWER] [always|never|if not weaker|if at least N fleets]
    retreat from AREA to AREA [FLEETS] [if outnumbered] [after round N]
Standing orders (any power): `intercept ...` (SK 10.42, 10.46) and `retreat ...`
(where forced naval retreats go, and voluntary ones, SK 11.4-11.43).

Defaults (docs/orders-soldier-kings.md):
    interception: attempt when the interceptors' combat dice are at least the
        intercepted group's (a failed roll costs nothing; a successful one forces at
        least one round, SK 10.45, 11.44, so a weaker force does not ask for it);
    forced retreats: fewest enemy fleets, a friendly port before open sea, most
        friendly fleets, then the name; voluntary retreats: none (stay);
    battles in a coastal area against several enemy groups: the weakest first;
    armies aboard land where their fleets end in a coastal area free of enemy fleets.
"""

from __future__ import annotations

import re

from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import combat_results, navy, peace_ends, retreats, sko_map_units, standing, transport
from . import naval_combat as nc
from .content import SoldierContent
from .hooks import card_rules
from .names import Names
from .naval_orders import NavalOrders, Plan, enemy_fleets, plans, step_cost
from .passages import (
    break_blockade,
    fleet_groups_in,
    friendly_sides,
    group_leaders,
    groups_by_power,
    hostile_fleets,
    strait,
    strait_fight,
)
from .state import SoldierState
from .transport import consented, leads_for
from .voyage import Voyage, alive, call, flush

# --- orders ----------------------------------------------------------------------------


# --- plans: what a sail or blockade line does, checked against the state -------------


# --- resolution: naval movement (SK 10) ---------------------------------------------------


def begin(ctx: Resolution, content: SoldierContent) -> None:
    """Before the naval steps of an action phase: armies at sea whose fleet is gone are
    lost with it (SK 10.6)."""
    s: SoldierState = ctx.state
    stranded = sorted(
        u.id
        for u in s.on_map(type_="army")
        if not content.is_land(u.area or "") and navy.carrier(s, u.id) is None
    )
    if stranded:
        ctx.emit(
            combat_results.Eliminated(
                units=stranded, area="at sea", why="their fleet is gone (SK 10.6)"
            )
        )
    if s.naval_moves:
        ctx.emit(navy.NavalReset(transported=False))


def end(ctx: Resolution) -> None:
    """After the action phase (before it is over): forget its fleet moves; after the
    turn's last action phase, the armies transported (SK 10.62)."""
    s: SoldierState = ctx.state
    last = s.acting >= len(s.initiative) - 1
    if s.naval_moves or (last and s.transported) or navy.stale_cargo(s):
        ctx.emit(navy.NavalReset(transported=last))


def resolve_movement(
    ctx: Resolution,
    content: SoldierContent,
    powers: list[str],
    given: dict[str, NavalOrders],
    orders: nc.Orders,
) -> list[Voyage]:
    """SK 10: each group moves in turn, in the order written (the acting power's first).
    Lines of powers on one side with the same start, path and blockade are one group
    (SK 10.3: fleets moving together are a group)."""
    s: SoldierState = ctx.state
    groups: list[Plan] = []
    boards = {
        p: {x for b in given[p].boards for x in (*b.armies, *b.leaders)}
        for p in powers
        if p in given
    }  # (NavalOrders with only `board` lines are falsy: they move no fleet)
    for p in powers:
        ps, _ = plans(content, s, p, given.get(p) or NavalOrders())
        for plan in ps:
            # SK 16.1 / SE 16.1: another player's army goes aboard only on its own
            # power's `board` line of this phase; else it stays where it is
            plan.loaded = {a: f for a, f in plan.loaded.items() if consented(s, p, a, boards)}
            plan.leaders = [n for n in plan.leaders if consented(s, p, n, boards)]  # generals too
            for c in plan.calls.values():
                c.take = {a: f for a, f in c.take.items() if consented(s, p, a, boards)}
                c.take_leaders = [n for n in c.take_leaders if consented(s, p, n, boards)]
            same = next((g for g in groups if g.key == plan.key), None)
            if same is None:
                groups.append(plan)
            else:
                same.fleets += plan.fleets
                same.leaders += plan.leaders
                same.loaded.update(plan.loaded)
                same.powers.append(plan.power)
                for k, c in plan.calls.items():
                    same.calls.setdefault(k, transport.Call()).merge(c)
    attempted: set[tuple] = set()
    done: list[Voyage] = []
    for gid, plan in enumerate(groups):
        fleets = [
            f for f in plan.fleets if s.units[f].status == "map" and s.units[f].area == plan.path[0]
        ]
        if not fleets:
            continue
        v = Voyage(gid, plan, fleets, list(plan.leaders), plan.path[0], loaded=dict(plan.loaded))
        _voyage(ctx, content, v, orders, attempted)
        done.append(v)
    return done


def _voyage(
    ctx: Resolution, content: SoldierContent, v: Voyage, orders: nc.Orders, attempted: set
) -> None:
    s: SoldierState = ctx.state
    side = v.plan.power
    for k, nxt in enumerate(v.plan.path[1:], 1):
        cur = v.legs[-1] if v.legs else v.here
        cost = step_cost(content, cur, nxt)
        if isinstance(cost, str):
            break
        # SK 10.5, 10.51: leaving or entering a blockaded coastal area means fighting the blockaders
        if (
            content.is_land(cur)
            and not content.is_land(nxt)
            and navy.blockaded_from(s, cur, nxt, side)
        ):
            flush(ctx, v)
            v.legs.append(nxt)
            v.spent += cost
            flush(ctx, v)
            if not break_blockade(ctx, content, v, cur, nxt, orders, True, attempted):
                v.stopped = True
                return
            v.entered.append(nxt)
            _intercepts(ctx, content, v, nxt, f"enter {nxt}", cur, orders, attempted)
            if not alive(s, v):
                return
            continue
        if (
            not content.is_land(cur)
            and content.is_land(nxt)
            and navy.blockaded_from(s, nxt, cur, side)
        ):
            flush(ctx, v)
            if not break_blockade(ctx, content, v, nxt, cur, orders, False, attempted):
                v.stopped = True
                return
        strait_area = strait(content, cur, nxt)
        if strait_area and hostile_fleets(s, side, strait_area):
            flush(ctx, v)
            if not strait_fight(ctx, content, v, strait_area, cur, nxt, orders, attempted):
                v.stopped = True
                return
        v.legs.append(nxt)
        v.spent += cost
        v.entered.append(nxt)
        halted = card_rules(content).group_enters(
            ctx, content, v, nxt, orders
        )  # Storm at Sea (cards.py)
        if not alive(s, v):
            return
        if not content.is_land(nxt):  # SK 10.7: never intercepted in a circle of the track
            if not content.is_circle(nxt) and _interceptors(ctx, content, v, nxt):
                _intercepts(ctx, content, v, nxt, f"enter {nxt}", cur, orders, attempted)
                if not alive(s, v):
                    return
        elif enemy_fleets(s, side, nxt):
            if content.game.rules.coastal_combat == "battle":
                flush(ctx, v)
                return  # SK 11.0: it stops and fights in the Naval Combat Step
            # SE 11.0, 11.1, 10.42: the enemy fleets there may intercept it, at once, in
            # the order their player designates; whatever is left goes on (SE 10.45)
            _intercepts(ctx, content, v, nxt, f"enter {nxt}", cur, orders, attempted, True)
            if not alive(s, v):
                return
        if content.is_land(nxt) and not enemy_fleets(s, side, nxt):
            call(ctx, v, k, nxt)  # SK 10.6, 10.61: not before enemy fleets are gone
        if halted:
            flush(ctx, v)
            return
    flush(ctx, v)
    if v.plan.blockade and alive(s, v) and not content.is_land(v.here):
        target = v.plan.blockade
        if v.spent + 1 > navy.FLEET_MP:
            return
        v.spent += 1
        # SK 10.42: fleets may intercept a group moving to blockade a coastal area
        came = v.plan.path[-2] if len(v.plan.path) > 1 else None
        _intercepts(ctx, content, v, v.here, f"blockade {target}", came, orders, attempted)
        if alive(s, v):
            ctx.emit(
                navy.BlockadeDeclared(power=side, area=target, sea=v.here, fleets=sorted(v.fleets))
            )


def _interceptors(ctx, content, v: Voyage, sea: str) -> bool:
    s: SoldierState = ctx.state
    return any(hostile_fleets(s, v.plan.power, a) for a in [sea, *content.coastal_areas(sea)])


def _intercepts(
    ctx,
    content,
    v: Voyage,
    sea: str,
    what: str,
    came: str | None,
    orders: nc.Orders,
    attempted: set,
    coastal: bool = False,
) -> None:
    """SK 10.42-10.45: every enemy group in the sea area, or in a coastal area on it
    (SK 10.43, Southern England; SE 10.43, London), may try once to intercept this group
    here: one roll for each group, with its own admirals (SK 10.43 / SE 10.43; SK 10.3 /
    SE 10.3, fleet_groups.py). `coastal` (SE 11.1): `sea` is a coastal area the group
    enters, and only the enemy groups in it try, in the order their player designates."""
    s: SoldierState = ctx.state
    side = v.plan.power
    for area in [sea] if coastal else [sea, *sorted(content.coastal_areas(sea))]:
        groups = fleet_groups_in(content, s, hostile_fleets(s, side, area))
        if coastal:
            groups = _designated(content, s, area, groups, orders)
        for power, label, fleets in groups:
            if not alive(s, v):
                return
            if content.is_land(area) and navy.blockaded_from(s, area, sea, power):
                continue  # blockaded from this sea by the moving side: it cannot come out
            key = (area, power, label, v.gid, what)
            if key in attempted or key[:2] + key[3:] in attempted:
                continue  # SK 10.43: once per moving group in a given area
            attempted.add(key)
            fleets = [f for f in fleets if s.units[f].status == "map" and s.units[f].area == area]
            if not fleets:
                continue  # a group before it lost them
            leaders = group_leaders(content, s, area, power, fleets)
            own = nc.side_dice(content, s, sea, fleets, leaders, orders)
            theirs = nc.side_dice(content, s, sea, v.fleets, v.leaders, orders)
            entries = orders.entries(power, "intercept")
            entries = peace_ends.intercept_entries(content, s, [power], v.plan.powers, entries)
            if not nc.wants_to_intercept(
                s, entries, sea, area, v.plan.powers, len(fleets), own, theirs
            ):
                continue
            flush(ctx, v)  # the group is in the sea area when the dice are rolled
            if card_rules(content).interception_fails(
                ctx, content, sea, power, fleets, v.fleets, orders
            ):
                continue  # Fog at Sea (cards.py)
            if _roll_intercept(ctx, sea, power, fleets, leaders, v.fleets, v.leaders):
                if area != sea:
                    ctx.emit(
                        navy.FleetsMoved(
                            power=power, fleets=fleets, leaders=navy.admirals(s, leaders),
                            armies=[], path=[area, sea], mps=0, why="intercept",
                        )
                    )  # fmt: skip
                    leaders = [n for n in leaders if s.leaders[n].area == sea]
                a = nc.Side(fleets, leaders)
                # SK 11.41: intercepted on the way in, they retreat back where they came from
                back = {f: came for f in v.fleets} if came else {}
                b = nc.Side(list(v.fleets), list(v.leaders), back=back)
                _, left = nc.battle(ctx, content, sea, "interception", a, b, orders)
                v.fleets = [f for f in v.fleets if f in left]  # SK 10.45: the rest go on


def _designated(
    content: SoldierContent, s: SoldierState, area: str, groups: list, orders: nc.Orders
) -> list[tuple[str, str, list[str]]]:
    """SE 11.1: "the enemy fleet player designates in what order he or she will
    intercept": the first standing `intercept [in AREA] ... first POWER[, POWER...]` of
    the groups' powers that applies here; powers it does not name, and every power
    without one, by default the strongest group first (most combat dice), then the name."""
    first: tuple[str, ...] = ()
    for power, _, _ in groups:
        for e in orders.entries(power, "intercept"):
            if e.get("first") and e.get("area") in (None, area):
                first = tuple(e["first"])
                break
        if first:
            break

    def rank(g: tuple[str, str, list[str]]) -> tuple:
        p, lab, fl = g
        named = _named_place(s, first, fl)
        dice = nc.side_dice(content, s, area, fl, group_leaders(content, s, area, p, fl), orders)
        return (named, -dice, p, lab)

    return sorted(groups, key=rank)


def _named_place(s: SoldierState, first: tuple[str, ...], fleets: list[str]) -> int:
    """Where a `first POWER[, POWER...]` list puts the group or side `fleets` (SK 11.1 and
    SE 11.1, the order of battles or interceptions): it is named by any of its powers (SK
    11.2: a side of allied powers) or by a country of its fleets (a minor's name finds
    the group commanding its fleets); unnamed, after every named one."""
    names = {navy.owner(s, f) for f in fleets} | {s.units[f].country for f in fleets}
    return min((first.index(q) for q in names if q in first), default=len(first))


def _roll_intercept(ctx, area, power, fleets, leaders, target, target_leaders) -> bool:
    """SK 10.44-10.45 (13.4): 2d6 + fleets intercepted + own admirals - theirs >= 10."""
    s: SoldierState = ctx.state
    roll = sum(ctx.roll(f"{area}: interception by {power}", 2))
    own = sum(s.leaders[n].rating for n in navy.admirals(s, leaders))
    theirs = sum(s.leaders[n].rating for n in navy.admirals(s, target_leaders))
    total = roll + len(target) + own - theirs
    ok = total >= navy.INTERCEPT_AT
    ctx.emit(
        navy.Interception(
            area=area, interceptors=sorted(fleets), target=sorted(target), roll=roll,
            fleets=len(target), admirals=own, enemy_admirals=theirs, total=total, success=ok,
        )
    )  # fmt: skip
    return ok


# --- the Naval Combat Step (SK 4.1, 10.41, 11.0, 11.1), then landing --------------------


def resolve_combat(
    ctx: Resolution,
    content: SoldierContent,
    acting: str,
    voyages: list[Voyage],
    given: dict[str, NavalOrders],
    orders: nc.Orders,
) -> None:
    s: SoldierState = ctx.state
    # SK 10.41: moving groups that ended in a sea area holding enemy fleets may try to
    # intercept them now, once each (SK 10.43)
    for v in voyages:
        if v.stopped or not alive(s, v) or content.is_land(v.here) or v.here not in v.entered:
            continue
        foes = [
            f for f in navy.fleets_in(s, v.here) if navy.hostile(s, acting, navy.side_country(s, f))
        ]  # SK 15.3: whether the mover may attack them, not they it
        for power, _, fleets in fleet_groups_in(content, s, foes):  # SK 10.3 / SE 10.3
            if not all(navy.may_attack(s, p, power) for p in v.plan.powers):
                continue
            leaders = group_leaders(content, s, v.here, power, fleets)
            own = nc.side_dice(content, s, v.here, v.fleets, v.leaders, orders)
            theirs = nc.side_dice(content, s, v.here, fleets, leaders, orders)
            entries = [e for p in v.plan.powers for e in orders.entries(p, "intercept")]
            entries = peace_ends.intercept_entries(content, s, v.plan.powers, [power], entries)
            if not nc.wants_to_intercept(
                s, entries, v.here, v.here, [power], len(v.fleets), own, theirs
            ):
                continue
            if card_rules(content).interception_fails(
                ctx, content, v.here, v.plan.power, v.fleets, fleets, orders
            ):
                break  # Fog at Sea (cards.py); SK 10.43: the group's one attempt
            if _roll_intercept(ctx, v.here, v.plan.power, v.fleets, v.leaders, fleets, leaders):
                a = nc.Side(list(v.fleets), list(v.leaders))
                b = nc.Side(fleets, leaders)
                nc.battle(ctx, content, v.here, "interception", a, b, orders)
            break  # SK 10.43: one attempt per moving group
    # SK 11.0-11.1: coastal areas holding the acting side's fleets and enemy fleets (SE
    # 11.0: none; naval combat comes only from interceptions and blockades)
    order: list[str] = []
    first: dict[str, tuple[str, ...]] = {}
    for p in given:
        for fa in given[p].fleet_attacks:
            if fa.area not in order:
                order.append(fa.area)
                first[fa.area] = fa.first
    coastal = sorted(
        {u.area for u in s.on_map(type_="fleet") if u.area and content.is_land(u.area)}
    )
    if content.game.rules.coastal_combat != "battle":
        order, coastal = [], []
    for area in order + [a for a in coastal if a not in order]:
        _coastal_battles(ctx, content, acting, area, first.get(area, ()), orders)
    coastal = sorted(
        {u.area for u in s.on_map(type_="fleet") if u.area and content.is_land(u.area)}
    )
    # SK 10.6, 10.61: armies aboard the acting side's fleets in a coastal area clear of
    # enemy fleets go ashore
    for area in coastal:
        landing: dict[str, list[str]] = {}
        for f in navy.fleets_in(s, area):
            if not s.friendly(navy.side_country(s, f), acting):
                continue
            for a in navy.cargo(s, f):
                landing.setdefault(navy.owner(s, a), []).append(a)
        if landing and not enemy_fleets(s, acting, area):
            for power, armies in sorted(landing.items()):
                ctx.emit(navy.ArmiesLanded(power=power, area=area, armies=sorted(armies)))


def _coastal_battles(ctx, content, acting: str, area: str, first: tuple[str, ...], orders) -> None:
    s: SoldierState = ctx.state
    mine = [f for f in navy.fleets_in(s, area) if s.friendly(navy.side_country(s, f), acting)]
    foes = [f for f in navy.fleets_in(s, area) if navy.hostile(s, acting, navy.side_country(s, f))]
    if not mine or not foes:
        return
    entered = any(m.to == area and m.unit in mine for m in s.naval_moves)
    # SK 11.1: "two or more enemy fleets or groups" (SK 10.3, fleet_groups.py)
    groups = [
        (p, fl, group_leaders(content, s, area, p, fl))
        for p, _, fl in fleet_groups_in(content, s, foes)
    ]
    if not entered:
        # SK 11.0: fleets that were both there: all of them fight, one battle per side.
        # SK 11.2 with SK 1.0 Friendly/Ally and 16.1: a side is "all friendly and allied
        # fleets", so enemy powers friendly to each other (one player's, or formally
        # allied players') fight as one side, grouped as blockaders are (passages.friendly_sides);
        # each side is named by its first power by name, which ranks it below (the same
        # battles, in the same order, as one side per player when no enemy players are
        # allied to each other).
        groups = [
            (p, fl, navy.leaders_with(s, content, area, [p]))
            for fl in friendly_sides(s, foes)
            for p in [min(navy.owner(s, f) for f in fl)]
        ]

    def rank(g: tuple[str, list[str], list[str]]) -> tuple:
        p, fl, leaders = g
        named = _named_place(s, first, fl)  # SK 11.1: "the moving fleet player designates"
        dice = nc.side_dice(content, s, area, fl, leaders, orders)
        return (named, dice, p, fl)  # SK 11.1: the moving player's order; default weakest first

    for _, fl, leaders in sorted(groups, key=rank):
        mine = [f for f in navy.fleets_in(s, area) if s.friendly(navy.side_country(s, f), acting)]
        theirs = [f for f in fl if s.units[f].status == "map" and s.units[f].area == area]
        if not mine:
            return
        if not theirs:
            continue
        # SK 15.3: "the victorious major power(s) may not attack units of the surrendering
        # major power and its minor allies": the acting side's fleets and leaders of a
        # victor stay out of a battle with its loser's fleets (or a side they are part
        # of); the rest of the side fight it (SK 16.1: allies fight with "some or all of
        # their units"; 15.3 binds the victor alone). None left: no battle.
        targets = {navy.owner(s, f) for f in theirs}
        mine = [f for f in mine if all(navy.may_attack(s, navy.owner(s, f), t) for t in targets)]
        if not mine:
            continue
        powers = sorted({navy.owner(s, f) for f in mine})
        ours = [
            n
            for n in navy.leaders_with(s, content, area, powers)
            if all(navy.may_attack(s, s.leaders[n].country, t) for t in targets)
        ]
        a = nc.Side(mine, ours)
        still = [n for n in leaders if s.leaders[n].status == "map" and s.leaders[n].area == area]
        b = nc.Side(theirs, still)
        nc.battle(ctx, content, area, "coastal", a, b, orders)


# --- SK 9.5 retreats by sea ----------------------------------------------------------------


def retreat_by_sea(
    ctx: Resolution,
    content: SoldierContent,
    area: str,
    power: str,
    armies: list[str],
    sea: str,
    why: str,
) -> bool:
    """SK 9.5: the armies go aboard friendly or allied fleets in the battle area (which
    go with them) or in the adjoining sea area `sea`; transport limits (SK 10.6) apply."""
    s: SoldierState = ctx.state
    lift = retreats.sea_lift(content, s, area, power, armies, sea)
    if lift is None:
        return False
    fleets, loaded = lift
    leaders = []
    if len(armies) == len([u for u in s.on_map(area, "army") if s.commander(u) == power]):
        leaders = sorted(
            ld.name
            for ld in s.leaders_in(area)
            if ld.role == "general" and leads_for(s, ld.name, power)
        )
    ctx.emit(
        navy.SeaRetreat(
            power=power, armies=sorted(armies), leaders=leaders, fleets=fleets,
            loaded=loaded, frm=area, to=sea, why=why,
        )
    )  # fmt: skip
    return True


# --- SK 12.6 capturing fleets ---------------------------------------------------------------


def capture_fleets(
    ctx: Resolution,
    content: SoldierContent,
    area: str,
    taker: str,
    standing_orders: dict | None = None,
) -> None:
    """SK 12.6: when a coastal area falls, fleets there that are not the taker's friends
    put out to the adjoining sea area at once; blockaded, they are eliminated instead,
    and the taker may pay 1 Resource each to place a random unused fleet of its own
    there. Its standing order `capture fleets N` / `capture fleets none` caps how many
    (case naval-capturing-fleets-declined.toml). Default: as many as it can, while it has
    Resources and fleets in its pool, and never with zero Resources or zero Manpower (SK
    7.5 / SE 7.4)."""
    s: SoldierState = ctx.state
    if not navy.is_coastal(content, area):
        return
    lost: list[str] = []
    for power, fleets in groups_by_power(
        s,
        [f for f in navy.fleets_in(s, area) if not s.friendly(taker, navy.side_country(s, f))],
    ):
        side = navy.side_country(s, fleets[0])
        seas = [
            sea
            for sea in content.land_area(area).seas
            if not navy.blockaded_from(s, area, sea, side)
        ]
        to = navy.choose_fleet_retreat(content, s, side, seas)  # default: fewest enemies
        leaders = navy.leaders_with(s, content, area, [power])
        if to:
            ctx.emit(
                navy.NavalRetreated(
                    power=power, fleets=fleets, leaders=navy.admirals(s, leaders), frm=area, to=to,
                    why=f"{area} fell to {taker} (SK 12.6)",
                )
            )  # fmt: skip
            continue
        units = sorted({*fleets, *(a for f in fleets for a in navy.cargo(s, f))})
        ctx.emit(
            combat_results.Eliminated(
                units=units, area=area, why=f"{area} fell while blockaded (SK 12.6)"
            )
        )
        for n in navy.admirals(s, leaders):
            ctx.emit(combat_results.LeaderCaptured(leader=n, area=area, by=taker))
        lost += fleets
    caps = combat_results.capture_limit(standing_orders, taker)
    for k in range(len(lost) if caps is None else min(len(lost), caps)):
        pool = sorted(
            (
                u.id
                for u in s.units.values()
                if u.country == taker and u.type == "fleet" and u.status == "pool"
            ),
            key=_counter_order,
        )
        t = s.treasury.get(taker)
        if not pool or t is None or t.zero:  # SK 7.5 / SE 7.4: zero spends nothing
            break
        pick = ctx.roll(
            f"{area}: fleet for {taker} (SK 12.6), {k + 1} of {len(lost)}", 1, sides=len(pool)
        )[0]
        ctx.emit(navy.PrizeFleet(power=taker, area=area, fleet=pool[pick - 1], resources=1))


def _counter_order(uid: str) -> tuple[str, int]:
    """Counters in the order of their numbers: Fr-F4 before Fr-F10."""
    m = re.fullmatch(r"(.*?)(\d+)", uid)
    return (m.group(1), int(m.group(2))) if m else (uid, 0)


# --- SK 11.6 fleets in land combat ------------------------------------------------------------


@standing.verb("fleets")
def parse_fleets_fight(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """fleets fight [in AREA] (SK 11.6: the defender's fleets join its land battles)"""
    text = " ".join(words)
    m = re.fullmatch(r"(?is)fight(?:\s+in\s+(.+))?", text.strip())
    if not m:
        problems.append(Problem("write: fleets fight [in AREA]", line))
        return None
    if m.group(1):
        area = names.area(m.group(1), line, problems)
        return {"area": area} if area else None
    return {"area": None}


def fleets_leave(
    ctx: Resolution, content: SoldierContent, area: str, power: str, fleets: list[str],
    orders: dict,
) -> None:  # fmt: skip
    """SK 11.6 with 9.8 and 11.4: fleets reduced in a land battle retreat to an adjoining
    sea area enemy fleets do not blockade it from (the power's `retreat from AREA to SEA`
    order, else the default), or are eliminated."""
    s: SoldierState = ctx.state
    side = navy.side_country(s, fleets[0])
    options = navy.fleet_retreat_options(content, s, fleets[0])
    wanted = [e["to"] for e in orders.get("retreat", []) if e.get("frm") == area and e.get("to")]
    to = navy.choose_fleet_retreat(content, s, side, options, wanted)
    if to is None:
        lost = sorted({*fleets, *(a for f in fleets for a in navy.cargo(s, f))})
        ctx.emit(
            combat_results.Eliminated(
                units=lost, area=area, why="a fleet that must retreat and cannot (SK 11.4)"
            )
        )
        return
    rest = [f for f in navy.fleets_in(s, area) if navy.owner(s, f) == power and f not in fleets]
    leaders = [] if rest else navy.admirals(s, navy.leaders_with(s, content, area, [power]))
    ctx.emit(
        navy.NavalRetreated(
            power=power, fleets=sorted(fleets), leaders=leaders, frm=area, to=to,
            why="forced (SK 11.6, 9.8, 11.4)",
        )
    )  # fmt: skip


def land_combat_fleets(
    content: SoldierContent, s: SoldierState, power: str, area: str, named: tuple[str, ...] | None,
    standing_orders: dict | None = None,
) -> list[str]:  # fmt: skip
    """SK 11.6: the fleets of `power` in coastal `area` that join a land battle there: an
    attacker's fleets named in its `with` clause; a defender's fleets if its standing
    orders say `fleets fight [in AREA]`, or always with SKO Limits to Leader Loss Checks.
    Default: none (they are not required to)."""
    if not navy.is_coastal(content, area):
        return []
    own = [f for f in navy.fleets_in(s, area) if navy.owner(s, f) == power]
    if named is not None:
        return [f for f in own if f in named]
    entries = (standing_orders or {}).get("fleets", [])
    if any(e.get("area") in (None, area) for e in entries) or sko_map_units.none_withheld(s):
        return own
    return []
