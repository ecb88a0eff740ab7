"""SK 10.0, 10.3 / SE 10.0, 10.3: a fleet group on the move, as naval.py moves it and the
rules it meets on the way (passages.py, the card moments) see it."""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.resolution import Resolution

from . import navy
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
