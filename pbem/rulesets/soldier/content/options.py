"""The content of a game played with optional rules: the `options` blocks of the map
files, powers.toml, pieces.toml and tables.toml applied for the switches that are on
(SKO Map (a)-(c), SKO New Minor Power, SKO New Unit). A block adds entries (areas,
routes, countries, counters, table rows), changes fields of printed areas, and removes
routes. The printed content is never changed: a new SoldierContent is made
(SoldierContent.with_options caches it per set of switches)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .world import LandArea, MapFile, MapOption

if TYPE_CHECKING:
    from .model import SoldierContent


def switches_with_content(content: SoldierContent) -> frozenset[str]:
    """The optional rules that change this content (the others change only rules)."""
    names = {o.name for m in (content.map, *content.world.values()) for o in m.options}
    names |= {o.name for o in content.powers.options}
    names |= {o.name for o in content.pieces.options}
    names |= {o.name for o in content.tables.options}
    return frozenset(names)


def _changed(area: LandArea, blocks: list[MapOption]) -> LandArea:
    for block in blocks:
        for ch in block.areas:
            if ch.name == area.name:
                fields = ch.model_dump(exclude={"name", "source"}, exclude_none=True)
                area = area.model_copy(update={**fields, "source": f"{area.source}; {ch.source}"})
    return area


def apply_map(m: MapFile, names: frozenset[str]) -> MapFile:
    """The map with the blocks of the switches in `names`, in file order."""
    blocks = [o for o in m.options if o.name in names]
    if not blocks:
        return m
    gone = {frozenset(r) for b in blocks for r in b.remove_routes}
    return m.model_copy(
        update={
            "land_areas": tuple(_changed(a, blocks) for a in m.land_areas)
            + tuple(a for b in blocks for a in b.land_areas),
            "routes": tuple(r for r in m.routes if frozenset(r.areas) not in gone)
            + tuple(r for b in blocks for r in b.routes),
        }
    )


def apply(content: SoldierContent, names: frozenset[str]) -> SoldierContent:
    """`content` with the optional rules `names` applied (a copy; `content` unchanged)."""
    powers = content.powers.model_copy(
        update={
            "countries": content.powers.countries
            + tuple(c for o in content.powers.options if o.name in names for c in o.countries)
        }
    )
    pieces = content.pieces.model_copy(
        update={
            "units": content.pieces.units
            + tuple(u for o in content.pieces.options if o.name in names for u in o.units)
        }
    )
    tables = content.tables.model_copy(
        update={
            "minor_table": content.tables.minor_table
            + tuple(r for o in content.tables.options if o.name in names for r in o.minor_table)
        }
    )
    got = content.model_copy(
        update={
            "map": apply_map(content.map, names),
            "world": {k: apply_map(m, names) for k, m in content.world.items()},
            "powers": powers,
            "pieces": pieces,
            "tables": tables,
        }
    )
    for cached in ("lookups", "worldwide", "setup_area_memo", "option_memo"):
        got.__dict__.pop(cached, None)  # built again, over the changed content
    return got
