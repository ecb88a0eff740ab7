"""The content of a game played with optional rules: the `options` blocks of the map
files, powers.toml, pieces.toml and tables.toml applied for the switches that are on
(SKO Map (a)-(c), SKO New Minor Power, SKO New Unit). A block adds entries (areas,
routes, countries, counters, table rows), changes fields of printed areas, and removes
routes. The printed content is never changed: a new SoldierContent is made
(SoldierContent.with_options caches it per set of switches)."""

from __future__ import annotations

from typing import Any

from .pieces import PiecesFile
from .tables import TablesFile
from .world import LandArea, MapFile, MapOption, PowersFile


def switches_with_content(
    maps: list[MapFile], powers: PowersFile, pieces: PiecesFile, tables: TablesFile
) -> frozenset[str]:
    """The optional rules that change this content (the others change only rules)."""
    names = {o.name for m in maps for o in m.options}
    names |= {o.name for o in powers.options}
    names |= {o.name for o in pieces.options}
    names |= {o.name for o in tables.options}
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


def updates(
    europe: MapFile,
    world: dict[str, MapFile],
    powers: PowersFile,
    pieces: PiecesFile,
    tables: TablesFile,
    names: frozenset[str],
) -> dict[str, Any]:
    """The fields of SoldierContent with the optional rules `names` applied (new objects;
    the printed ones unchanged), for SoldierContent.with_options' copy."""
    return {
        "map": apply_map(europe, names),
        "world": {k: apply_map(m, names) for k, m in world.items()},
        "powers": powers.model_copy(
            update={
                "countries": powers.countries
                + tuple(c for o in powers.options if o.name in names for c in o.countries)
            }
        ),
        "pieces": pieces.model_copy(
            update={
                "units": pieces.units
                + tuple(u for o in pieces.options if o.name in names for u in o.units)
            }
        ),
        "tables": tables.model_copy(
            update={
                "minor_table": tables.minor_table
                + tuple(r for o in tables.options if o.name in names for r in o.minor_table)
            }
        ),
    }
