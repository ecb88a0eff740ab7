"""Where Soldier Emperor changes the minor-country rules of Soldier Kings; each change is
a switch in the content's game.toml `[rules]` whose default is Soldier Kings'.

SE 17.7 adds to SK 17.7 "The player with the highest number wins". pbem reads it with
"Use the procedure above" (10 or more, SE 17.3): among the powers that wished to ally,
the highest total of 10 or more allies, ties rolling again; that is how pbem already
plays SK 17.7 (minor_alliances.seek_ally), so it needs no switch.

- `minor_backstab` (SK 17.8 "may-ally-again" / SE 17.8 "prohibited"): "Once a Major
  Power has backstabbed a minor ally that alliance is prohibited for the remainder of
  the game": the power may never again attempt, bribe for, win or liberate that minor.
- `minor_leaders` (SK 17.3 "with-forces" / SE 13.9 "new-leader-card"): in SE a minor
  country's leader enters only by a New Leader card played on its Major Power ally,
  drawn from that power's pool with its own leaders, and only while the minor is in play
  as its ally; he is placed in a home area of his country not held by an enemy, or with
  a unit of his country (`minor_leader_area`).
"""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event

from .content import SoldierContent
from .fold import on
from .state import SoldierState


@event
class MinorAllianceBarred(Event):
    """SE 17.8: `power` backstabbed `minor`: their alliance is prohibited for the rest of
    the game."""

    type: Literal["se.minor_alliance_barred"] = "se.minor_alliance_barred"
    minor: str
    power: str


@on(MinorAllianceBarred)
def _(s: SoldierState, e: MinorAllianceBarred) -> None:
    barred = s.backstabbed.setdefault(e.minor, [])
    if e.power not in barred:
        barred.append(e.power)
        barred.sort()


def backstab_bars(content: SoldierContent) -> bool:
    """SE 17.8: a backstab prohibits that alliance for the rest of the game."""
    return content.game.rules.minor_backstab == "prohibited"


def backstab_bar(s: SoldierState, power: str, minor: str) -> str | None:
    """SE 17.8: why ``power`` may not ally with ``minor`` (it backstabbed it), or None."""
    if power in s.backstabbed.get(minor, []):
        return (
            f"{power} backstabbed {minor}: that alliance is prohibited for the rest of "
            "the game (SE 17.8)"
        )
    return None


def units_limit(content: SoldierContent, s: SoldierState, minor: str, n: int) -> int:
    """SE 18.7 (its example): "Minor Countries may repair and receive a number of units
    equal to the number of areas that are liberated. Thus, if all land areas of Sweden
    but one are enemy-controlled the maximum number of Swedish units that can be
    repaired or appear as new units in the spring turn is one": the minor's home areas
    held by itself or its ally's side. ``n`` (no limit) under SK's switch."""
    if content.game.rules.minor_units_limit != "home-areas-held":
        return n
    ally = s.allies.get(minor)
    return sum(
        1
        for a in content.home_areas(minor)
        if s.control.get(a, minor) == minor or s.friendly(ally, s.control.get(a))
    )


def minor_leaders_by_card(content: SoldierContent) -> bool:
    return content.game.rules.minor_leaders == "new-leader-card"


def allied_minor_leaders(content: SoldierContent, s: SoldierState, power: str) -> list[str]:
    """SE 13.9: unused leaders of the minor countries in play as ``power``'s allies, in
    ``power``'s pool for a New Leader card (none under SK's switch). Sorted."""
    if not minor_leaders_by_card(content):
        return []
    return sorted(
        n
        for n, ld in s.leaders.items()
        if ld.status == "pool" and ld.country not in s.majors and s.allies.get(ld.country) == power
    )


def minor_leader_area(
    content: SoldierContent, s: SoldierState, leader: str, wish: str | None
) -> str | None:
    """SE 13.9: "must be placed in a home area or with a unit of his country": the home
    areas of his country held by it or by its ally's side, and the land areas where his
    country's units stand. The one named with `in`, else the one with most of his
    country's armies, then the strongest fortification, then the name; None if none."""
    ld = s.leaders[leader]
    country = ld.country
    ally = s.allies.get(country)
    options = {
        a
        for a in content.home_areas(country)
        if s.control.get(a, country) == country or s.friendly(ally, s.control.get(a))
    }
    options |= {
        u.area
        for u in s.on_map()
        if u.country == country and u.hired_by is None and u.area and content.is_land(u.area)
    }
    if not options:
        return None
    if wish in options:
        return wish

    def key(a: str) -> tuple:
        armies = sum(1 for u in s.on_map(a, "army") if u.country == country)
        return (-armies, -content.land_area(a).fortification, a)

    return min(options, key=key)
