"""SK 12.5 / SE 12.5 Lifting Sieges: "The numerical marker remains unless all the besieging
armies leave or are eliminated (through combat or through failure to pay maintenance
(6.5)). If all besieging armies leave the area, the area's fortification value is
restored and the numerical marker removed" (SK 12.7: at once).

SK 12.2: the hits "remain in effect ... so long as enemy armies are present in the land
area": pbem lifts a siege as soon as no army of the besieger's side is in the area. It
looks after every land move (one `move` line, one group: SK 8), after naval movement,
after every battle, after the Siege Step and at the end of each action phase, and after
the Winter Attrition and Maintenance Phases. So a besieger that moves its armies out and
other armies in starts again from the full fortification, and hits on it never lower
the defender's fortification in land combat (SK 9.6) once the besiegers are gone.
"""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution

from . import fortresses
from .fold import on
from .state import SoldierState


@event
class SiegeLifted(Event):
    """SK 12.4 / 12.5: the besiegers are gone; the fortification is restored (SK 12.7)."""

    type: Literal["sk.siege_lifted"] = "sk.siege_lifted"
    area: str
    why: str


@on(SiegeLifted)
def _(s: SoldierState, e: SiegeLifted) -> None:
    fortresses.restore(s, e.area)  # SKO Economics (d)
    s.fort_hits.pop(e.area, None)
    s.besieger.pop(e.area, None)


def besieged(s: SoldierState, area: str) -> bool:
    """An army of the side holding the marker (SK 12.2) is still in `area`."""
    power = s.besieger.get(area)
    return any(s.friendly(s.unit_side_country(u), power) for u in s.on_map(area, "army"))


def lift_sieges(ctx: Resolution, why: str = "the besieging armies left") -> None:
    """SK 12.5: every siege whose besieging armies are all gone is lifted."""
    s: SoldierState = ctx.state
    for area in sorted(s.fort_hits):
        if not besieged(s, area):
            ctx.emit(SiegeLifted(area=area, why=f"{why} (SK 12.5)"))
