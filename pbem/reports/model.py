"""The small, generic model a ruleset fills for a report (docs/reports.md).

A ruleset never writes HTML or SVG. It returns plain strings and numbers in these
frozen dataclasses; the templates escape every string when they draw them. This
module imports nothing else from pbem, so `pbem.ruleset` can name these types.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
NEUTRAL = "#e8e2d0"  # the fill of a colour that is missing or not "#rrggbb"

Point = tuple[float, float]
Ring = tuple[Point, ...]


def plural(n: int, word: str) -> str:
    """ "1 army", "2 armies", "3 navies", "2 forts": the counts reports write."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("y") else f"{n} {word}s"


def colour(value: str | None, default: str = NEUTRAL) -> str:
    """`value` if it is "#rrggbb", else `default`: only such colours reach the SVG."""
    return value if isinstance(value, str) and COLOUR.match(value) else default


def ink(fill: str) -> str:
    """Black or white, whichever reads better on `fill` ("#rrggbb")."""
    fill = colour(fill)
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


@dataclass(frozen=True)
class Section:
    """One titled block of a power's position: an optional paragraph, then a table.

    `rows` are tuples of plain strings, one per column (`columns` are the headings;
    with no headings the table has no heading row). `lines` are free paragraphs
    shown after the table. Every string is escaped when drawn. `power_column`: the
    column that names a power; the report adds the player registered for it (name and
    email, as in `player_registered`) in a column just after it.
    """

    title: str
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    note: str = ""
    lines: tuple[str, ...] = ()
    power_column: int | None = None


@dataclass(frozen=True)
class MapArea:
    """A land or sea area: its outline (one ring, or several drawn even-odd: holes)."""

    name: str
    rings: tuple[Ring, ...]
    label: Point  # where the name and the pieces are drawn
    fill: str = NEUTRAL  # "#rrggbb": the controller's colour
    sea: bool = False
    text: str = ""  # the label; default: the name
    title: str = ""  # the hover text: "Silesia: Prussia, fortification 2"


@dataclass(frozen=True)
class MapStack:
    """Pieces of one country in one area, drawn as a chip under the area's label."""

    area: str
    owner: str  # the country (or power) the pieces belong to
    fill: str  # its colour
    text: str  # on the chip: "Pr 3A 1F"
    title: str = ""  # hover text: the counters


@dataclass(frozen=True)
class MapMarker:
    """Something drawn on an area: kind "siege" or "battle" (a badge by its name) or
    "blockade" (a dashed line from the area to the sea area `towards`); `fill` the
    power's colour."""

    area: str
    kind: str
    text: str
    towards: str | None = None
    fill: str = "#b71c1c"
    title: str = ""


@dataclass(frozen=True)
class MapMove:
    """A move made since the last report: an arrow through the areas of `path` (start
    first), in the mover's colour; `sea` for fleets (drawn dashed)."""

    path: tuple[str, ...]
    fill: str
    title: str = ""
    sea: bool = False


@dataclass(frozen=True)
class MapGrid:
    """A map of squares (Seven Years World War's map): `cols` x `rows` squares of `cell`
    map units, the first at (x0, y0). Drawn compactly: one path of grid lines, a
    square only where its area's fill is not `fill`, a name only where its area has a
    `text`, and the columns' and rows' names along the top and left edges."""

    cols: int
    rows: int
    cell: float
    x0: float = 0.0
    y0: float = 0.0
    fill: str = NEUTRAL
    col_names: tuple[str, ...] = ()  # default: A, B, ... Z, AA, ...
    row_names: tuple[str, ...] = ()  # default: 1, 2, ...

    def col_name(self, i: int) -> str:
        if self.col_names:
            return self.col_names[i]
        out = ""
        i += 1
        while i:
            i, r = divmod(i - 1, 26)
            out = chr(65 + r) + out
        return out

    def row_name(self, j: int) -> str:
        return self.row_names[j] if self.row_names else str(j + 1)


@dataclass(frozen=True)
class MapView:
    width: int
    height: int
    areas: tuple[MapArea, ...]
    stacks: tuple[MapStack, ...] = ()
    markers: tuple[MapMarker, ...] = ()
    legend: tuple[tuple[str, str], ...] = ()  # (label, "#rrggbb")
    title: str = ""
    background: str = "#b9d3e6"
    label_size: float = 9.0
    notes: tuple[str, ...] = field(default=())  # said under the map
    # land routes between areas' labels: (area, area, mountain), drawn under the labels
    # (issue 18: a player learns the routes from the map, not from refusals)
    routes: tuple[tuple[str, str, bool], ...] = ()
    # issue 18: the areas this power plays in (its pieces, the enemies near them, this
    # report's moves and battles): the report draws a map of its theatre around them
    # first, then the whole map. Empty: the whole map only.
    focus: tuple[str, ...] = ()
    # the part of `focus` the theatre must hold when it cannot hold all of it (the
    # power's own pieces); empty: all of `focus`
    focus_core: tuple[str, ...] = ()
    moves: tuple[MapMove, ...] = ()
    grid: MapGrid | None = None  # a map of squares: drawn as a grid (MapGrid)


def view_sections(view: dict) -> list[Section]:
    """The default `report_sections`: the ruleset's view, one row per top-level entry."""
    import json

    rows = tuple(
        (str(k), json.dumps(view[k], sort_keys=True, ensure_ascii=False)) for k in sorted(view)
    )
    return [Section("What you see", ("", ""), rows)] if rows else []
