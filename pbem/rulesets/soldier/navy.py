"""SK 10-11, fleets on the map: the events of naval movement and naval battles and their
fold, and the questions the naval rules ask (whose a fleet is, what it carries, who
blockades, where a fleet may retreat). naval.py moves fleets; naval_combat.py fights."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from pbem.events import Event, event

from . import fleet_groups, fortresses, retreats, war_state
from .content import SoldierContent
from .fold import on
from .state import Move, SoldierState

INTERCEPT_AT = 10  # SK 10.45: 10 or more intercepts


FLEET_MP = 3  # SK 10.1


@event
class NavalReset(Event):
    """Bookkeeping at the end of an action phase: its fleet moves are forgotten (SK
    10.62: only armies transported in *this* phase may go on by land); after the last
    action phase of a turn, so are the armies transported (SK 10.62: once per turn)."""

    type: Literal["sk.naval_reset"] = "sk.naval_reset"
    transported: bool


@event
class FleetsMoved(Event):
    """SK 10: a group's voyage along `path` (start first). `loaded`: armies taken on
    board at the start, army -> fleet (SK 10.6). why: "move" (SK 10.0), or
    "intercept" (fleets leaving their coastal area to fight an intercepted group in
    the adjoining sea area, SK 10.43, 10.45)."""

    type: Literal["sk.fleets_moved"] = "sk.fleets_moved"
    power: str
    fleets: list[str]
    leaders: list[str]
    armies: list[str]  # on board for this leg
    loaded: dict[str, str] = {}
    path: list[str]
    mps: int  # movement points the group has spent this phase, after this leg
    why: Literal["move", "intercept"] = "move"


@event
class BlockadeDeclared(Event):
    """SK 10.5: fleets in `sea` blockade the coastal area `area` (1 MP)."""

    type: Literal["sk.blockade_declared"] = "sk.blockade_declared"
    power: str
    area: str
    sea: str
    fleets: list[str]


@event
class ArmiesLanded(Event):
    """SK 10.6, 10.61: armies go ashore from their fleets; `leaders`: the leaders a call
    on the way drops off there (SK 10.6: "pick up or drop off an army or leader"; at the
    end of a voyage the leaders are where the group ends, FleetsMoved)."""

    type: Literal["sk.armies_landed"] = "sk.armies_landed"
    power: str
    area: str
    armies: list[str]
    leaders: list[str] = []


@event
class Interception(Event):
    """SK 10.44-10.46, 10.5: an interception attempt. `roll` is the 2d6 (None when
    automatic: a blockade, SK 10.5, or Gibraltar/Constantinople, SK 10.46)."""

    type: Literal["sk.interception"] = "sk.interception"
    area: str  # where the battle would be
    interceptors: list[str]
    target: list[str]
    roll: int | None
    fleets: int  # + the number of fleets intercepted
    admirals: int  # + the interceptors' admirals
    enemy_admirals: int  # - the intercepted group's admirals
    total: int | None
    success: bool
    automatic: str | None = None  # why no roll was needed


@event
class NavalBattleBegan(Event):
    type: Literal["sk.naval_battle_began"] = "sk.naval_battle_began"
    area: str
    how: str  # interception, blockade, strait, coastal
    intercepting: dict[str, list[str]]  # power -> fleets
    intercepted: dict[str, list[str]]
    leaders: dict[str, list[str]]  # side -> leaders present
    fortification: dict[str, int]  # side -> shore batteries added to its dice (SK 11.2)


@event
class WindGauge(Event):
    """SK 11.2, 13.4: one die + one admiral's rating each; the higher fires first."""

    type: Literal["sk.wind_gauge"] = "sk.wind_gauge"
    area: str
    intercepting: int
    intercepted: int
    first: str | None  # the side that fires first in round 1; None: a tie


@event
class NavalVolley(Event):
    """SK 11.2-11.3: one side's fire in one round and the step losses it caused
    (armies aboard share their fleets' losses, SK 10.6)."""

    type: Literal["sk.naval_volley"] = "sk.naval_volley"
    area: str
    round: int
    side: str  # the firing side
    powers: list[str]
    dice: int
    hits: int
    losses: dict[str, int]  # unit -> step losses, on the other side
    unallocated: int = 0
    first_fire: bool = False  # fired before the other side (wind gauge, round 1)


@event
class NavalRetreated(Event):
    """SK 11.4-11.43 forced or voluntary retreats of fleets (and what they carry), SK
    10.52 fleets that failed to pass a blockade, SK 12.6 fleets leaving a fallen port."""

    type: Literal["sk.naval_retreated"] = "sk.naval_retreated"
    power: str
    fleets: list[str]
    leaders: list[str]
    frm: str
    to: str
    why: str


@event
class BlockadeStops(Event):
    """SK 10.52 with SK 15.3: a group that tried to enter the blockaded coastal `area`
    from `sea` may not attack the blockaders, so it cannot break the blockade: it stays
    in `sea`, no battle. Report only (it changes nothing); a group that tried to leave
    goes back with NavalRetreated."""

    type: Literal["sk.blockade_stops"] = "sk.blockade_stops"
    power: str
    fleets: list[str]
    leaders: list[str]
    area: str  # the blockaded coastal area
    sea: str  # where the group stays
    blockaders: list[str]
    why: str


@event
class NavalBattleEnded(Event):
    type: Literal["sk.naval_battle_ended"] = "sk.naval_battle_ended"
    area: str
    rounds: int
    outcome: str
    intercepting: list[str]  # fleets still in the battle area at the end
    intercepted: list[str]


@event
class SeaRetreat(Event):
    """SK 9.5 (and 9.8): armies retreat by sea: aboard friendly or allied fleets that
    were in the battle area (they go too) or in the adjoining sea area."""

    type: Literal["sk.sea_retreat"] = "sk.sea_retreat"
    power: str
    armies: list[str]
    leaders: list[str]
    fleets: list[str]  # fleets that leave the battle area with them
    loaded: dict[str, str]  # army -> fleet
    frm: str
    to: str
    why: str


@event
class PrizeFleet(Event):
    """SK 12.6: the power that took the port pays 1 Resource and places a randomly
    drawn unused fleet of its own there for each fleet eliminated."""

    type: Literal["sk.prize_fleet"] = "sk.prize_fleet"
    power: str
    area: str
    fleet: str
    resources: int


def tidy(s: SoldierState) -> None:
    """Blockades keep only fleets still on the map in their sea area; armies whose
    fleet is gone, or which are off the map, carry nothing."""
    _keep_blockaders(
        s,
        lambda f, b: (
            f in s.units and s.units[f].status == "map" and s.units[f].area == b.get("sea")
        ),
    )
    units = s.units
    for uid in list(s.carried()):  # a copy: clearing one changes the list
        u = units[uid]
        if u.status != "map" or units[u.carried_by].status != "map":
            u.carried_by = None


def stale_cargo(s: SoldierState) -> bool:
    """Some counter is aboard a fleet while it or the fleet is off the map (what `tidy`
    clears)."""
    units = s.units
    return any(
        units[uid].status != "map" or units[units[uid].carried_by].status != "map"
        for uid in s.carried()
    )


def _cargo_of(s: SoldierState, fleet: str) -> list[str]:
    return s.aboard(fleet)


def _keep_blockaders(s: SoldierState, keep: Callable[[str, dict], bool]) -> None:
    """Each blockade keeps the fleets `keep(fleet, blockade)` says; one left with no
    fleet is lifted, and an area left with no blockade leaves the table."""
    for area in sorted(s.blockades):
        left = []
        for b in s.blockades[area]:
            b["fleets"] = [f for f in b.get("fleets", []) if keep(f, b)]
            if b["fleets"]:
                left.append(b)
        if left:
            s.blockades[area] = left
        else:
            del s.blockades[area]


def _move(s: SoldierState, fleets: Sequence[str], to: str) -> None:
    for f in fleets:
        for a in _cargo_of(s, f):
            s.units[a].area = to
        s.units[f].area = to
    if s.blockades:
        gone = set(fleets)
        _keep_blockaders(s, lambda f, b: f not in gone)


@on(NavalReset)
def _(s: SoldierState, e: NavalReset) -> None:
    s.naval_moves = []
    if e.transported:
        s.transported = []
    tidy(s)


@on(FleetsMoved)
def _(s: SoldierState, e: FleetsMoved) -> None:
    for army, fleet in e.loaded.items():
        s.units[army].carried_by = fleet
        s.units[army].area = s.units[fleet].area
    cargo = [a for f in e.fleets for a in _cargo_of(s, f)]
    _move(s, e.fleets, e.path[-1])
    for n in e.leaders:
        s.leaders[n].area = e.path[-1]
    if len(e.path) > 1:  # SK 10.3 / SE 10.3: they arrive together, one group
        fleet_groups.arrived(s, [*e.fleets, *e.leaders], e.path[-1], e.path[-2])
    for uid in [*e.fleets, *cargo]:
        u = s.units[uid]
        for k in range(1, len(e.path)):
            s.naval_moves.append(Move(unit=uid, country=u.country, frm=e.path[k - 1], to=e.path[k]))
        if e.why == "move" and uid not in s.acted:
            s.acted.append(uid)  # SK 16.1: each unit moves once a turn
    if e.why == "move":
        for a in cargo:
            if a not in s.transported:
                s.transported.append(a)  # SK 10.62: once a turn


@on(BlockadeDeclared)
def _(s: SoldierState, e: BlockadeDeclared) -> None:
    # SK 10.5 / SE 10.5: a blockade is held from one sea area ("by way of the sea area
    # where the blockade is located"), so an area on two seas may be blockaded from each,
    # by different fleets and powers: one entry per sea area and power. A fleet is
    # placed on one boundary: the declared fleets leave any other blockade.
    same = next((b for b in s.blockades_of(e.area, e.sea) if b.get("power") == e.power), None)
    fleets = sorted({*(same or {}).get("fleets", []), *e.fleets})
    declared = set(e.fleets)
    _keep_blockaders(s, lambda f, b: f not in declared)
    here = [b for b in s.blockades.get(e.area, []) if b is not same]
    here.append({"sea": e.sea, "power": e.power, "fleets": fleets})
    s.blockades[e.area] = sorted(here, key=lambda b: (str(b.get("sea")), str(b.get("power"))))


@on(ArmiesLanded)
def _(s: SoldierState, e: ArmiesLanded) -> None:
    for a in e.armies:
        s.units[a].carried_by = None
        s.units[a].area = e.area
    for n in e.leaders:
        s.leaders[n].area = e.area


@on(Interception)
def _(s: SoldierState, e: Interception) -> None:
    pass


@on(NavalBattleBegan)
def _(s: SoldierState, e: NavalBattleBegan) -> None:
    pass


@on(WindGauge)
def _(s: SoldierState, e: WindGauge) -> None:
    pass


@on(NavalVolley)
def _(s: SoldierState, e: NavalVolley) -> None:
    for uid, n in e.losses.items():
        for _ in range(n):
            s.step_loss(uid)
    tidy(s)


@on(NavalRetreated)
def _(s: SoldierState, e: NavalRetreated) -> None:
    _move(s, e.fleets, e.to)
    for n in e.leaders:
        s.leaders[n].area = e.to
    fleet_groups.arrived(s, [*e.fleets, *e.leaders], e.to, e.frm, retreat=True)
    tidy(s)


@on(BlockadeStops)
def _(s: SoldierState, e: BlockadeStops) -> None:
    pass


@on(NavalBattleEnded)
def _(s: SoldierState, e: NavalBattleEnded) -> None:
    tidy(s)


@on(SeaRetreat)
def _(s: SoldierState, e: SeaRetreat) -> None:
    _move(s, e.fleets, e.to)
    for army, fleet in e.loaded.items():
        s.units[army].carried_by = fleet
        s.units[army].area = e.to
    for n in e.leaders:
        s.leaders[n].area = e.to
    fleet_groups.arrived(s, [*e.fleets, *e.leaders], e.to, e.frm)


@on(PrizeFleet)
def _(s: SoldierState, e: PrizeFleet) -> None:
    s.treasury[e.power].resources -= e.resources
    u = s.units[e.fleet]
    u.status, u.area, u.is_reduced, u.arrives, u.carried_by = "map", e.area, False, None, None
    fleet_groups.placed(s, [e.fleet], e.area)


def owner(s: SoldierState, uid: str) -> str:
    """The power that gives the counter its orders."""
    u = s.units[uid]
    return s.commander(u) or u.country


def side_country(s: SoldierState, uid: str) -> str:
    return s.unit_side_country(s.units[uid])


def hostile(s: SoldierState, a: str | None, b: str | None) -> bool:
    """SK 1.0 Enemy: both on a side, and not friendly or allied (neutrals are nobody's enemy);
    with the declaring-war switch, also at war (SKO Allies and Declaring War: fleets of
    powers at peace neither intercept, blockade nor fight each other)."""
    if a is None or b is None or s.side_of(a) is None or s.side_of(b) is None:
        return False
    return not s.friendly(a, b) and not war_state.at_peace(s, a, b)


def may_attack(s: SoldierState, attacker: str, target: str) -> bool:
    """SK 15.3: the victor may not attack the loser's units while the peace lasts."""
    ma, mt = s.major_of(attacker), s.major_of(target)
    return not any(p.victor == ma and p.loser == mt and s.turn < p.until_turn for p in s.peace)


def fleets_in(s: SoldierState, area: str) -> list[str]:
    return s.fleet_ids(area)


def is_coastal(content: SoldierContent, area: str) -> bool:
    return content.is_land(area) and content.land_area(area).coastal


def cargo(s: SoldierState, fleet: str) -> list[str]:
    """Armies aboard a fleet (SK 10.6)."""
    return _cargo_of(s, fleet)


def carrier(s: SoldierState, army: str) -> str | None:
    """The fleet an army is aboard, if it is aboard one that is on the map with it."""
    u = s.units[army]
    f = u.carried_by
    if not f or u.status != "map" or s.units[f].status != "map" or s.units[f].area != u.area:
        return None
    return f


def blockaded_from(s: SoldierState, area: str, sea: str, against: str) -> bool:
    """Whether fleets hostile to `against` blockade the coastal `area` from `sea` (SK 10.5)."""
    return retreats.blockaded_from(s, area, sea, against)


def blockaders(s: SoldierState, area: str, sea: str | None = None) -> list[str]:
    """The fleets blockading the coastal `area` (SK 10.5), only from `sea` if it is named;
    sorted."""
    return sorted(
        f
        for b in s.blockades_of(area, sea)
        for f in b.get("fleets", [])
        if s.units[f].status == "map" and s.units[f].area == b.get("sea")
    )


def admirals(s: SoldierState, names: Sequence[str]) -> list[str]:
    return [n for n in names if s.leaders[n].role == "admiral" and s.leaders[n].status == "map"]


def leaders_with(
    s: SoldierState, content: SoldierContent, area: str, powers: Sequence[str]
) -> list[str]:
    """Leaders with a side's fleets in `area`: its admirals (SK 13.4 "admirals direct
    navies"); at sea also the generals aboard (SK 10.6). In a coastal area generals are
    counted as ashore."""
    out = []
    for ld in s.leaders_in(area):
        major = ld.country if ld.country in s.majors else s.allies.get(ld.country)
        if not any(s.friendly(major or ld.country, p) for p in powers):
            continue
        if ld.role == "admiral" or not content.is_land(area):
            out.append(ld.name)
    return sorted(out)


def strait_between(content: SoldierContent, a: str, b: str) -> str | None:
    """SK 10.46: the coastal area watching the passage between two sea areas."""
    for st in content.map.straits:
        if {a, b} == set(st.seas):
            return st.area
    return None


def fort_value(content: SoldierContent, s: SoldierState, area: str) -> int:
    if not content.is_land(area):
        return 0
    return max(0, fortresses.level(content, s, area) - s.fort_hits.get(area, 0))  # SKO (d)


def fleet_retreat_options(
    content: SoldierContent, s: SoldierState, fleet: str, forbid: Sequence[str] = ()
) -> list[str]:
    """SK 11.4, 11.41: where a fleet may retreat to from where it is. From a coastal
    area: an adjoining sea area it is not blockaded from by enemy fleets. From a sea
    area: an adjoining sea area (SE 11.41: not past a strait enemy fleets hold), or an
    adjoining friendly or allied coastal area that enemy fleets do not blockade. Never
    into `forbid` (SK 10.46, 10.53)."""
    u = s.units[fleet]
    side = s.unit_side_country(u)
    here = u.area or ""
    if content.is_land(here):
        out = [
            sea for sea in content.land_area(here).seas if not blockaded_from(s, here, sea, side)
        ]
    else:
        out = list(content.sea_neighbours(here))
        if content.game.rules.strait_retreat == "closed-by-enemy":
            # SE 11.41: not past Constantinople or Gibraltar if at least one enemy fleet
            # is in that coastal area
            out = [
                sea
                for sea in out
                if not any(
                    hostile(s, side, s.unit_side_country(f))
                    for f in s.on_map(strait_between(content, here, sea) or "", "fleet")
                )
            ]
        for c in content.coastal_areas(here):
            land = content.land_area(c)
            if s.friendly(retreats.controller(content, s, c), side) and not any(
                blockaded_from(s, c, sea, side) for sea in land.seas
            ):
                out.append(c)
    return sorted(a for a in set(out) if a not in forbid)


def choose_fleet_retreat(
    content: SoldierContent,
    s: SoldierState,
    side: str,
    options: Sequence[str],
    wanted: Sequence[str] = (),
) -> str | None:
    """The first wanted area that is an option; else (default, docs/orders-soldier-kings.md):
    fewest enemy fleets there, then a friendly or allied port before open sea, then most
    friendly fleets, then the name."""
    if not options:
        return None
    for w in wanted:
        if w in options:
            return w

    def key(a: str) -> tuple[int, int, int, str]:
        fl = s.on_map(a, "fleet")
        enemy = sum(hostile(s, side, s.unit_side_country(u)) for u in fl)
        friends = sum(s.friendly(side, s.unit_side_country(u)) for u in fl)
        port = 0 if content.is_land(a) else 1
        return (enemy, port, -friends, a)

    return min(options, key=key)
