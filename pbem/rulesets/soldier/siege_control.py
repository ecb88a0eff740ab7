"""SK 16.6 / SE 16.6 Allies in Siege: "If allied powers combine their attack strengths in a
successful siege (12.0), only one may place a control marker there. They must negotiate
who takes control. If they cannot agree, the enemy player (the player who lost control)
chooses who takes over."

Standing order, of each besieging ally and of the power that may lose an area:
    siege control [AREA[, AREA...]] to POWER[, POWER...]
For a besieger it is its agreement: the first power named that besieged with it (itself
or an ally). The allies agree when every one of them names the same power. When they do
not, the player who lost control chooses (for a minor country, its major power): the first
power its line names that besieged. When neither decides, pbem's default: the besieger with
most armies left there, then the acting power. A line naming areas is for those areas and
comes before a line naming none (any area); of several, the latest that names a besieger.
"""

from __future__ import annotations

import re

from pbem.ruleset import Problem

from . import standing
from .names import Names
from .state import SoldierState

FORM = "siege control [AREA[, AREA...]] to POWER[, POWER...]"


@standing.verb("siege")
def _siege_control(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """`siege control [AREA[, AREA...]] to POWER[, POWER...]` -> {"areas", "to"}."""
    m = re.fullmatch(r"(?is)control\s+(?:(.+?)\s+)?to\s+(.+)", " ".join(words))
    if not m:
        problems.append(Problem(f"write: {FORM} (SK 16.6)", line))
        return None
    areas = names.area_list(m.group(1) or "", line, problems)
    if areas is None:
        return None
    to = []
    for w in m.group(2).replace(",", " ").split():
        p = names.major(w)
        if p is None:
            problems.append(Problem(f"no major power {w!r} in this game", line))
            return None
        to.append(p)
    return {"areas": areas, "to": to}


def named(standing_orders: dict, power: str | None, area: str, besiegers: list[str]) -> str | None:
    """The besieger `power`'s `siege control` lines name for `area`, or None."""
    lines = standing_orders.get(power, {}).get("siege", []) if power else []
    for for_area in (True, False):
        for e in reversed(lines):
            if (area in e["areas"]) if for_area else not e["areas"]:
                got = next((p for p in e["to"] if p in besiegers), None)
                if got:
                    return got
    return None


def taker(
    s: SoldierState,
    standing_orders: dict,
    area: str,
    owner: str | None,
    besiegers: list[str],
    left: dict[str, list[str]],
    acting: str,
) -> tuple[str, str]:
    """Who places the control marker, and why (for the event's `why`): the allies'
    agreement, else the choice of the player who lost control, else the default."""
    if len(besiegers) == 1:
        return besiegers[0], ""
    agreed = {named(standing_orders, p, area, besiegers) for p in besiegers}
    if len(agreed) == 1 and None not in agreed:
        return agreed.pop(), "the besiegers agreed (SK 16.6)"  # type: ignore[return-value]
    loser = s.major_of(owner) if owner else None
    chosen = named(standing_orders, loser, area, besiegers)
    if chosen:
        return chosen, f"chosen by {loser}, who lost control (SK 16.6)"
    # pbem's default: the power with most armies there, then the acting power
    return max(besiegers, key=lambda p: (len(left[p]), p == acting)), ""
