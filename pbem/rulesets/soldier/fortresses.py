"""SKO Economics (d), fortress upgrades (option `fortress-upgrades`), and Holland's free
upgrade (SKO Added Optional National Advantages, option `national-advantages`).

"A Player may upgrade up to one of his controlled areas fortification levels by one Level
per game turn during the Purchase Phase ... Areas may not be upgraded above five(5) or
more than two(2) levels beyond their starting fortress strength. Eliminated upgrades are
not restored after a siege is ended. The cost of each upgrade level is any combination of
Resources or Manpower totaling four(4). ... Minor Countries & Majors played as Minors may
not upgrade ... Upgrades may not be done in an area containing enemy armies."

A Purchase Phase order line (docs/orders-soldier-kings.md):

    upgrade fortress AREA [paying R resources and M manpower]
    upgrade fortress AREA free       Holland's free upgrade (national-advantages)

Choices (tests/cases/soldier-kings/opt-fortress-upgrades-*.toml):
- without `paying`, Resources first: as many of the 4 as the power's Resources when the
  envelope is read, the rest in Manpower; the mix is then checked with the phase's other
  spending (SK 7.5, line by line) and paid after the units bought and recovered;
- the "starting fortress strength" is the map's value; an upgrade counts on the
  fortification everywhere it is used (battle, siege, defensive fire, naval fire);
- siege hits take the upgraded levels first: when the fortification is restored (SK 12.7:
  the area changes hands, or the siege is lifted) the upgrades the hits reached are gone;
- Holland's free upgrade follows the same limits (at most +2, at most 5) besides its
  bought one, in the same area or another; with `winter-purchase` off it comes in the
  Spring Purchase Phase, the year's first (national.py); it needs no `fortress-upgrades`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import options, winter_purchase
from .content import SoldierContent
from .fold import on
from .names import Names
from .state import SoldierState, Treasury

OPTION = "fortress-upgrades"
_LINE = re.compile(
    r"(?is)upgrade\s+(?:fortress|fortification)\s+(.+?)"
    r"(?:\s+(free)|\s+paying\s+(\d+)\s+resources?(?:\s*(?:,|and)?\s*(\d+)\s+manpower)?"
    r"|\s+paying\s+(\d+)\s+manpower)?\s*$"
)


@dataclass(frozen=True)
class Upgrade:
    line: int
    area: str
    resources: int
    manpower: int
    free: bool = False

    @property
    def text(self) -> str:
        if self.free:
            return f"upgrade fortress {self.area} free"
        return f"upgrade fortress {self.area} paying {self.resources} Resources and {self.manpower} Manpower"


@event
class FortressUpgraded(Event):
    """SKO Economics (d): one fortification level more (`free`: Holland's advantage)."""

    type: Literal["sk.fortress_upgraded"] = "sk.fortress_upgraded"
    power: str
    area: str
    level: int  # the fortification value now
    resources: int = 0
    manpower: int = 0
    free: bool = False


@event
class UpgradeSkipped(Event):
    type: Literal["sk.upgrade_skipped"] = "sk.upgrade_skipped"
    power: str
    area: str
    line: int
    reason: str


@on(FortressUpgraded)
def _(s: SoldierState, e: FortressUpgraded) -> None:
    t = s.treasury_of(e.power)
    t.resources = max(0, t.resources - e.resources)
    t.manpower = max(0, t.manpower - e.manpower)
    s.fort_upgrades[e.area] = s.fort_upgrades.get(e.area, 0) + 1


@on(UpgradeSkipped)
def _(s: SoldierState, e: UpgradeSkipped) -> None:
    return None


# --------------------------------------------------------------------------- questions


def level(content: SoldierContent, s: SoldierState, area: str) -> int:
    """The area's fortification value with its upgrades (before siege hits)."""
    return content.land_area(area).fortification + s.fort_upgrades.get(area, 0)


def restore(s: SoldierState, area: str) -> None:
    """SKO Economics (d): "Eliminated upgrades are not restored after a siege is ended":
    called as SK 12.7 restores the fortification; the hits took the upgrades first."""
    left = s.fort_upgrades.get(area, 0) - s.fort_hits.get(area, 0)
    if left > 0:
        s.fort_upgrades[area] = left
    else:
        s.fort_upgrades.pop(area, None)


def free_upgrade(content: SoldierContent, s: SoldierState, power: str) -> bool:
    """SKO Added Optional National Advantages, Holland: "a free Fortress upgrade (in
    addition to any purchased one) each Winter Purchase Phase"."""
    sko = content.tables.sko
    return (
        sko is not None
        and options.on(s, "national-advantages")
        and power == sko.national.free_upgrade
        and power in s.majors
        and winter_purchase.advantage_phase(s)
    )


def problem(
    content: SoldierContent, s: SoldierState, power: str, area: str, added: int = 0
) -> str | None:
    """Why `power` may not raise `area` one level now (`added`: levels this phase already)."""
    if s.control.get(area) != power:
        return f"{power} does not control {area} (SKO Economics (d))"
    if power not in s.majors:
        return f"{power} is not played as a major power (SKO Economics (d))"
    if any(not s.friendly(power, s.unit_side_country(u)) for u in s.on_map(area, "army")):
        return f"enemy armies are in {area}: it may not be upgraded (SKO Economics (d))"
    sko = content.tables.sko
    if sko is None:
        return "fortress upgrades are not in this game"
    base = content.land_area(area).fortification
    up = s.fort_upgrades.get(area, 0) + added
    limits = sko.fortress_upgrades
    if up + 1 > limits.above_start:
        return (
            f"{area} is {up} levels above its starting fortification ({base}) already; at most "
            f"{limits.above_start} (SKO Economics (d))"
        )
    if base + up + 1 > limits.max_level:
        return f"{area}'s fortification is {base + up}: never above {limits.max_level} (SKO Economics (d))"
    return None


# --------------------------------------------------------------------------- orders


def parse(
    content: SoldierContent, s: SoldierState, power: str, text: str, line: int,
    problems: list[Problem],
) -> Upgrade | None:  # fmt: skip
    m = _LINE.fullmatch(text.strip())
    if not m:
        problems.append(
            Problem("write: upgrade fortress AREA [paying R resources and M manpower]", line)
        )
        return None
    free = bool(m.group(2))
    if not free and not options.on(s, OPTION):
        problems.append(
            Problem("upgrade: fortress upgrades are not in play (option fortress-upgrades)", line)
        )
        return None
    if free and not free_upgrade(content, s, power):
        problems.append(
            Problem(
                f"{power} has no free fortress upgrade in this phase (SKO Added Optional "
                "National Advantages, Holland)",
                line,
            )
        )
        return None
    area = Names(content, s).area(m.group(1), line, problems)
    if area is None:
        return None
    if not content.is_land(area):
        problems.append(Problem(f"{area} is a sea area: it has no fortification", line))
        return None
    cost = content.tables.sko.fortress_upgrades.cost if content.tables.sko else 4
    if free:
        return Upgrade(line, area, 0, 0, free=True)
    if m.group(3) is None and m.group(5) is None:  # the default mix: Resources first
        r = min(cost, s.treasury[power].resources if power in s.treasury else 0)
        return Upgrade(line, area, r, cost - r)
    r = int(m.group(3) or 0)
    mp = int(m.group(4) or m.group(5) or 0)
    if r + mp != cost:
        problems.append(
            Problem(
                f"an upgrade costs {cost} in Resources and Manpower together; this pays "
                f"{r + mp} (SKO Economics (d))",
                line,
            )
        )
        return None
    return Upgrade(line, area, r, mp)


def validate(content: SoldierContent, s: SoldierState, power: str, orders: list) -> list[Problem]:
    """The limits; the money is checked with the phase's other spending (economy.py)."""
    problems: list[Problem] = []
    added: dict[str, int] = {}
    bought = free = 0
    for o in sorted((o for o in orders if isinstance(o, Upgrade)), key=lambda o: o.line):
        if o.free:
            free += 1
            if free > 1:
                problems.append(Problem("Holland has one free upgrade a Winter", o.line))
                continue
        else:
            bought += 1
            if bought > 1:
                problems.append(
                    Problem("one area a game turn may be upgraded (SKO Economics (d))", o.line)
                )
                continue
        why = problem(content, s, power, o.area, added.get(o.area, 0))
        if why:
            problems.append(Problem(why, o.line))
            continue
        added[o.area] = added.get(o.area, 0) + 1
    return problems


def resolve(ctx: Resolution, content: SoldierContent, power: str, orders: list) -> None:
    """After the power's units are bought and recovered, its upgrades, line by line."""
    for o in sorted((o for o in orders if isinstance(o, Upgrade)), key=lambda o: o.line):
        s: SoldierState = ctx.state
        why = problem(content, s, power, o.area)
        t = s.treasury.get(power) or Treasury()
        if why is None and (t.resources < o.resources or t.manpower < o.manpower):
            why = (
                f"it costs {o.resources} Resources and {o.manpower} Manpower; {power} has "
                f"{t.resources} and {t.manpower} (SK 7.5)"
            )
        if why:
            ctx.emit(UpgradeSkipped(power=power, area=o.area, line=o.line, reason=why))
            continue
        ctx.emit(
            FortressUpgraded(
                power=power,
                area=o.area,
                level=level(content, s, o.area) + 1,
                resources=o.resources,
                manpower=o.manpower,
                free=o.free,
            )
        )
