"""SKO Added Optional National Advantages (option `national-advantages`), for each power
played as a major (a power in `s.majors`). The values are tables.toml [sko.national].
Elsewhere: Prussia's Frederick die (sko_income.py), Holland's free fortress upgrade
(fortresses.py); Prussia's war at the cost of one Manpower belongs to `declaring-war`.

In the Purchase Phase of "each Winter Purchase Phase" (winter_purchase.advantage_phase:
with `winter-purchase` off, the Spring Purchase Phase), before the power's purchases:
- France: one army drawn at random from its pool, free;
- Austria, Russia, Turkey: one "1-1 Strength army unit": an army drawn at random from
  those of its pool whose reduced side is 1-1, entering on that side;
- Spain: one free random provincial army while two or more of its home areas in the
  Americas are controlled by powers not friendly to it; and one "free repair" of a
  reduced Spanish unit in the Americas: the first such unit its `recover` lines name
  (it is then not paid for; the check on arrival still counts its price), else the
  strongest (highest full attack, then defence, then id).
Free units are bought at no cost: they arrive when a bought army would (SK 6.2, counted
in game turns under `winter-purchase`), and are placed like any arrival (SK 6.3).

Russia: "Non-Russian units in Home Russian spaces have double Maintenance/Repair costs"
(SK 6.5 maintenance, SK 6.4 recovery), whoever's they are.
Austria: "Austrian army units & Austrian leaders only may move or retreat between
Lombardy and Tyrol as if these two areas were adjacent": a moving group of Austrian
armies and leaders only (movement.py), and a retreat of Austrian armies only (combat.py:
forced and standing retreats, under SK 9.5's restrictions).
"""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution

from . import options, retreats, winter_purchase
from .common import id_order
from .content import SoldierContent
from .content.sko import National
from .fold import on
from .purchases import Recover, UnitsRecovered, pool
from .state import Counter, SoldierState

OPTION = "national-advantages"
RULE = "SKO Added Optional National Advantages"


@event
class FreeUnits(Event):
    """Units a national advantage gives, placed on the turn track (`reduced`: on their
    reduced side)."""

    type: Literal["sk.free_units"] = "sk.free_units"
    power: str
    units: list[str]
    arrives: int
    reduced: bool = False
    rule: str


@on(FreeUnits)
def _(s: SoldierState, e: FreeUnits) -> None:
    for uid in e.units:
        u = s.units[uid]
        u.status, u.area, u.arrives, u.is_reduced = "track", None, e.arrives, e.reduced


def _national(content: SoldierContent, s: SoldierState) -> National | None:
    sko = content.tables.sko
    return sko.national if sko is not None and options.on(s, OPTION) else None


# --------------------------------------------------------------------------- questions


def doubled(
    content: SoldierContent, s: SoldierState, u: Counter, price: tuple[int, int]
) -> tuple[int, int]:
    """Russia: a non-Russian unit in a Russian home area pays double."""
    nat = _national(content, s)
    if nat is None or nat.double_costs not in s.majors or u.area is None:
        return price
    if u.country == nat.double_costs or not content.is_land(u.area):
        return price
    if content.land_area(u.area).home != nat.double_costs:
        return price
    return price[0] * 2, price[1] * 2


def linked(
    content: SoldierContent,
    s: SoldierState,
    a: str,
    b: str,
    units: tuple[str, ...] | list[str],
    leaders: tuple[str, ...] | list[str],
) -> bool:
    """Austria: Lombardy and Tyrol adjacent for a group of Austrian armies and leaders."""
    nat = _national(content, s)
    if nat is None or nat.link.power not in s.majors or {a, b} != set(nat.link.areas):
        return False
    power = nat.link.power
    return all(
        s.units[x].country == power and s.units[x].hired_by is None and s.units[x].type == "army"
        for x in units
    ) and all(s.leaders[n].country == power for n in leaders)


def linked_retreat(
    content: SoldierContent, s: SoldierState, area: str, power: str, units: list[str]
) -> list[str]:
    """Austria: the linked area as a retreat, under SK 9.5's restrictions (not enemy
    controlled, not along an enemy's entry route, not into more enemy armies)."""
    nat = _national(content, s)
    if (
        nat is None
        or area not in nat.link.areas
        or not linked(content, s, *nat.link.areas, units, ())
    ):
        return []
    to = next(a for a in nat.link.areas if a != area)
    owner = retreats.controller(content, s, to)
    if owner is not None and s.side_of(owner) is not None and not s.friendly(power, owner):
        return []
    if to in retreats.enemy_entry_routes(s, power, area):
        return []
    if retreats.enemy_armies(s, power, to) > len(units):
        return []
    return [to]


def provincial_due(content: SoldierContent, s: SoldierState, nat: National) -> bool:
    """Spain: "if two or more home Spanish areas in the Americas are controlled by
    non-ally powers"."""
    spain = nat.free_repair
    lost = [
        a
        for a in content.home_areas(spain)
        if content.map_of(a) == nat.free_repair_map
        and s.control.get(a) not in (None, spain)
        and not s.friendly(s.control.get(a), spain)
    ]
    return len(lost) >= nat.free_provincial_areas


# --------------------------------------------------------------------------- the phase


def _draw(
    ctx: Resolution, content: SoldierContent, power: str, kind: str, reduced: bool, rule: str
) -> None:
    s: SoldierState = ctx.state
    nat = _national(content, s)
    left = pool(s, power, kind)
    if reduced and nat is not None:
        left = [x for x in left if tuple(s.units[x].reduced) == tuple(nat.weak_strength)]
    if not left:
        return
    uid = left[ctx.pick(f"{rule}: {power}'s free {kind}", len(left))]
    turns = content.tables.constants.army_arrival_turns.value
    ctx.emit(
        FreeUnits(
            power=power,
            units=[uid],
            arrives=winter_purchase.arrival(s, turns),
            reduced=reduced,
            rule=f"{RULE}, {power}",
        )
    )


def _free_repair(ctx: Resolution, content: SoldierContent, power: str, orders: list) -> list:
    s: SoldierState = ctx.state
    nat = _national(content, s)
    assert nat is not None
    reduced = [
        u
        for u in s.on_map()
        if u.is_reduced
        and u.country == power
        and u.hired_by is None
        and u.area is not None
        and content.map_of(u.area) == nat.free_repair_map
    ]
    if not reduced:
        return orders
    ids = {u.id for u in reduced}
    named = [x for o in orders if isinstance(o, Recover) for x in o.units if x in ids]
    if named:
        uid = named[0]
    else:
        uid = min(reduced, key=lambda u: (-u.full[0], -u.full[1], id_order(u.id))).id
    ctx.emit(
        UnitsRecovered(power=power, units=[uid], resources=0, manpower=0, rule=f"{RULE}, {power}")
    )
    out = []
    for o in orders:
        if isinstance(o, Recover) and uid in o.units:
            rest = tuple(x for x in o.units if x != uid)
            if rest:
                out.append(Recover(o.line, rest))
            continue
        out.append(o)
    return out


def purchase_advantages(ctx: Resolution, content: SoldierContent, power: str, orders: list) -> list:
    """The power's free units and repair in this Purchase Phase; its orders less the
    unit repaired free."""
    s: SoldierState = ctx.state
    nat = _national(content, s)
    if nat is None or power not in s.majors or not winter_purchase.advantage_phase(s):
        return orders
    if power in nat.free_army:
        _draw(ctx, content, power, "army", False, RULE)
    if power in nat.free_weak_army:
        _draw(ctx, content, power, "army", True, RULE)
    if power == nat.free_repair:
        if provincial_due(content, s, nat):
            _draw(ctx, content, power, "provincial", False, RULE)
        return _free_repair(ctx, content, power, orders)
    return orders
