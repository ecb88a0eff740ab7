"""Units only card play brings in (SK 1.0: "Card play can also bring pirates (Pi) and the
South Pacific (So) unit into play"): the Pirates (SK 19.3) and the South Pacific unit
(SK 18.9), `card_unit` countries in powers.toml.

SK 19.3: "Pirates are received through card play. Although a minor ally of the major
power that the card is played on, the pirate unit(s) may not combine with other major
power fleets, move from one map to another or transport any armies. A reduced pirate
fleet may not recover." The text does not say where they appear; pbem's choices
(docs/orders-soldier-kings.md):

- the card brings every unit of the country that is in the pool; it may not be played
  while one of them is in play (as SK 19.1's "armies already in play may not be hired");
- they become the minor ally of the power the card is played on, until none of them is
  in play (a later play may give them to another power);
- they are placed at once on their own map (powers.toml `map`): fleets in a sea area,
  armies in a land area that nobody or a friend of their ally controls and no enemy army
  holds; where
  the play says (`play Pirates on France in Caribbean Sea`) if it may, else in the card
  effect's authored `area` if it may, else the first such area by name.
The rest of 19.3 is asked elsewhere: naval_orders (no combining, no transport, no
other map), economy (no recovery).
"""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution

from .common import id_order
from .content import SoldierContent
from .fold import on
from .state import IN_PLAY, SoldierState


@event
class CardUnitsEnter(Event):
    """SK 1.0, 19.3: a card brings the units of a card-only country onto the map as the
    minor ally of the power it was played on."""

    type: Literal["sk.card_units_enter"] = "sk.card_units_enter"
    country: str
    ally: str
    units: list[str]
    area: str
    card: str


@on(CardUnitsEnter)
def _(s: SoldierState, e: CardUnitsEnter) -> None:
    s.allies[e.country] = e.ally
    for uid in e.units:
        u = s.units[uid]
        u.status, u.area, u.arrives, u.is_reduced, u.hired_by = "map", e.area, None, False, None


def map_title(key: str) -> str:
    return {"americas": "Americas"}.get(key, key.replace("_", " ").title())


def in_play(s: SoldierState, country: str) -> list[str]:
    return sorted(
        (u.id for u in s.units.values() if u.country == country and u.status in IN_PLAY),
        key=id_order,
    )


def pool(s: SoldierState, country: str) -> list[str]:
    return sorted(
        (u.id for u in s.units.values() if u.country == country and u.status == "pool"),
        key=id_order,
    )


def map_problem(content: SoldierContent, country: str, area: str) -> str | None:
    """Why the country's units may never be placed in `area` (its map, land or sea)."""
    home = content.country(country).map
    try:
        name = content.resolve_area(area)
    except KeyError:
        return f"no area {area!r}"
    if content.map_of(name) != home:
        return f"{country} units are placed on the {map_title(home)} map (SK 18.9, 19.3)"
    fleets = any(u.type == "fleet" for u in content.pieces.units if u.power == country)
    if fleets and content.is_land(name):
        return f"{name} is a land area: {country} fleets are placed in a sea area"
    if not fleets and not content.is_land(name):
        return f"{name} is a sea area: {country} armies are placed in a land area"
    return None


def area_problem(
    content: SoldierContent, s: SoldierState, country: str, ally: str, area: str
) -> str | None:
    """Why the country's units may not be placed in `area` for `ally` now, or None."""
    why = map_problem(content, country, area)
    if why:
        return why
    name = content.resolve_area(area)
    if content.is_land(name):
        ctrl = s.holder(name)  # SK 19.2: an Indian area allied on its own is its ally's
        if ctrl is not None and not s.friendly(ctrl, ally):
            return f"{name} is controlled by {ctrl}, not a friend of {ally}"
        if any(not s.friendly(s.unit_side_country(u), ally) for u in s.on_map(name, "army")):
            return f"enemy armies hold {name}"
    return None


def placement(
    content: SoldierContent,
    s: SoldierState,
    country: str,
    ally: str,
    wish: str | None,
    default: str | None,
) -> tuple[str | None, str | None]:
    """Where the units go (see the module's docstring), and why not where the play said."""
    if wish:
        why = area_problem(content, s, country, ally, wish)
        return (None, why) if why else (content.resolve_area(wish), None)
    if default and area_problem(content, s, country, ally, default) is None:
        return content.resolve_area(default), None
    home = content.country(country).map
    for a in sorted(
        x.name for x in (*content.map.land_areas, *content.map.sea_areas)
        if content.map_of(x.name) == home
    ):  # fmt: skip
        if area_problem(content, s, country, ally, a) is None:
            return a, None
    return None, f"no area on the {map_title(home)} map may take the {country} units"


def play_problem(
    content: SoldierContent,
    s: SoldierState,
    country: str,
    ally: str,
    wish: str | None,
    default: str | None,
) -> str | None:
    """Why the card may not be played now (on `ally`, placing them at `wish`), or None."""
    if in_play(s, country):
        return (
            f"the {country} units are in play already: the card brings them from the pool "
            "(SK 19.3; as SK 19.1's hired armies)"
        )
    if not pool(s, country):
        return f"no {country} unit is in the pool"
    return placement(content, s, country, ally, wish, default)[1]


def bring_in(
    ctx: Resolution,
    content: SoldierContent,
    country: str,
    ally: str,
    wish: str | None,
    default: str | None,
    card: str,
) -> None:
    s: SoldierState = ctx.state
    area, _ = placement(content, s, country, ally, wish, default)
    units = pool(s, country)
    if area is None or not units or in_play(s, country):
        return
    ctx.emit(CardUnitsEnter(country=country, ally=ally, units=units, area=area, card=card))
