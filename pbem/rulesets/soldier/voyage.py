"""SK 10.0, 10.3 / SE 10.0, 10.3: a fleet group on the move, as naval.py moves it and the
rules it meets on the way (passages.py, the card moments) see it."""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.resolution import Resolution

from . import navy, transport
from .naval_orders import Plan
from .state import SoldierState


@dataclass
class Voyage:
    """A group on the move, as it goes (SK 10.3)."""

    gid: int
    plan: Plan
    fleets: list[str]
    leaders: list[str]
    here: str
    spent: int = 0
    legs: list[str] = field(default_factory=list)  # areas entered but not yet recorded
    loaded: dict[str, str] = field(default_factory=dict)
    entered: list[str] = field(default_factory=list)
    stopped: bool = False


def alive(s: SoldierState, v: Voyage) -> list[str]:
    v.fleets = [f for f in v.fleets if s.units[f].status == "map" and s.units[f].area == v.here]
    v.leaders = [
        n for n in v.leaders if s.leaders[n].status == "map" and s.leaders[n].area == v.here
    ]
    return v.fleets


def flush(ctx: Resolution, v: Voyage) -> None:
    if not v.legs:
        return
    s: SoldierState = ctx.state
    path = [v.here, *v.legs]
    armies = sorted({*v.loaded, *(a for f in v.fleets for a in navy.cargo(s, f))})
    ctx.emit(
        navy.FleetsMoved(
            power=v.plan.power, fleets=sorted(v.fleets), leaders=sorted(v.leaders), armies=armies,
            loaded=dict(sorted(v.loaded.items())), path=path, mps=v.spent,
        )
    )  # fmt: skip
    v.loaded = {}
    v.here = path[-1]
    v.legs = []


def call(ctx: Resolution, v: Voyage, k: int, area: str) -> None:
    """SK 10.6, 10.61 / SE 10.6, 10.61: the group, come to the coastal `area` (the
    `k`th of its path, not the last) free of enemy fleets, drops off the armies and
    leaders its line says, then takes aboard those still there, onto fleets still free
    to carry them (a fleet reduced on the way takes only a reduced army)."""
    c = v.plan.calls.get(k)
    if c is None or k >= len(v.plan.path) - 1:
        return
    s: SoldierState = ctx.state
    flush(ctx, v)
    for e in transport.landed(s, area, c, v.fleets, v.leaders):
        ctx.emit(e)
    v.leaders = [n for n in v.leaders if n not in c.drop_leaders]
    for n in c.take_leaders:
        if s.leaders[n].status == "map" and s.leaders[n].area == area and n not in v.leaders:
            v.leaders.append(n)
    for a, f in c.take.items():
        u, fl = s.units[a], s.units[f]
        if (
            f in v.fleets
            and u.status == "map"
            and u.area == area
            and navy.carrier(s, a) is None
            and not navy.cargo(s, f)
            and f not in v.loaded.values()
            and (u.is_reduced or not fl.is_reduced)
        ):
            v.loaded[a] = f
