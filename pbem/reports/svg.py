"""Lay a MapView out for `templates/map.svg.j2`: the geometry is computed here, as
numbers; every string is escaped as the template escapes (its autoescape; the
repeated elements are written by svg_items.py, escaped the same way), and colours
that are not "#rrggbb" are replaced before they reach it. No scripts, no URLs.

A report draws up to two maps from one view (issue 18): the theatre (theatre.py: a
frame around the player's areas, drawn for THEATRE_PX pixels across) and the whole
map (drawn for the canvas width). Sizes of names and chips are set in screen pixels
and turned into map units by the frame's scale, so the theatre's names read at the
size of the page's text however far it is zoomed in. Chips and badges are placed
where they cover no name (placement.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from jinja2 import Environment, Template
from markupsafe import Markup

from . import svg_items
from .model import MapGrid, MapView, colour, ink
from .placement import Box, place
from .theatre import frame_of

THEATRE_PX = 520  # the theatre's width on a page (its max-width); a phone scrolls it:
THEATRE_MIN_PX = 440  # it is never narrower, so that its names stay readable
LEGEND_ROW = 16.0


@dataclass(frozen=True)
class Sizes:
    """On screen, in px."""

    label: float
    chip: float  # chip text

    @property
    def chip_h(self) -> float:
        return self.chip * 1.3

    @property
    def gap(self) -> float:
        return self.chip * 0.2


@lru_cache(maxsize=1 << 15)
def num(x: float) -> str:
    """A coordinate, written the same way every time (cached: a map writes the same
    names' and routes' coordinates in every report; numbers equal as keys, 0.0 and
    -0.0, 5 and 5.0, are written alike)."""
    s = f"{x:.1f}"
    if s[-2:] != ".0":
        return s
    return "0" if s == "-0.0" else s[:-2]


@lru_cache(maxsize=4096)
def path_d(rings) -> str:
    """Each ring as a move to its first point and relative lines to the others (the
    shortest text; coordinates rounded to a tenth first, so no error adds up)."""
    out = []
    for ring in rings:
        if not ring:
            continue
        pts = [(round(x * 10), round(y * 10)) for x, y in ring]
        (x0, y0), steps = pts[0], []
        px_, py_ = x0, y0
        for x, y in pts[1:]:
            steps.append(f"{num((x - px_) / 10)} {num((y - py_) / 10)}")
            px_, py_ = x, y
        out.append(
            f"M{num(x0 / 10)} {num(y0 / 10)}" + ("l" + " ".join(steps) if steps else "") + "z"
        )
    return "".join(out)


def text_width(text: str, size: float) -> float:
    """A generous width of `text` in a bold face at `size` (no font metrics here)."""
    return len(text) * size * 0.62 + size * 0.8


def label_box(x: float, y: float, text: str, size: float) -> Box:
    """Where a name drawn centred on (x, y), baseline at y, stands."""
    w = len(text) * size * 0.6 + size * 0.3
    return Box(x - w / 2, y - size * 0.9, w, size * 1.15)


def coord_box(t: dict, size: float) -> Box:
    """Where a grid's column or row name stands (drawn at 0.85 of the names' size)."""
    small = size * 0.85
    w = len(t["text"]) * small * 0.6 + small * 0.3
    x = float(t["x"]) - (w / 2 if t["anchor"] == "middle" else 0)
    return Box(x, float(t["y"]) - small * 0.9, w, small * 1.15)


@dataclass
class Chip:
    x: float
    y: float
    w: float
    text: str
    fill: str
    ink: str
    title: str


@dataclass
class Layout:
    kind: str  # "theatre" or "whole"
    x: float
    y: float
    width: float
    height: float
    total_height: float
    px: int  # the width it is drawn for (max-width)
    min_px: int  # the narrowest it is shown (its box scrolls on a narrower screen)
    title: str
    background: str
    label_size: float
    sea_size: float
    chip_font: float
    chip_h: float
    unit: float  # map units per screen pixel
    grid: dict | None = None  # a map of squares: its outline and fill
    grid_d: str = ""  # its lines
    coords: list[dict] = field(default_factory=list)  # its columns' and rows' names
    cells: list[dict] = field(default_factory=list)  # squares that stand out
    seas: list[dict] = field(default_factory=list)
    lands: list[dict] = field(default_factory=list)
    lines: list[dict] = field(default_factory=list)
    labels: list[dict] = field(default_factory=list)
    sea_labels: list[dict] = field(default_factory=list)
    routes: str = ""
    mountain_routes: str = ""
    moves: list[dict] = field(default_factory=list)
    leaders: list[dict] = field(default_factory=list)
    chips: list[Chip] = field(default_factory=list)
    badges: list[dict] = field(default_factory=list)
    legend: list[dict] = field(default_factory=list)
    legend_size: float = 11.0


@lru_cache(maxsize=4096)
def _bounds(rings) -> Box:
    xs = [x for ring in rings for x, _ in ring]
    ys = [y for ring in rings for _, y in ring]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _arrow(points: list[tuple[float, float]], size: float) -> str:
    """A triangle at the end of the last leg, pointing along it."""
    (x1, y1), (x2, y2) = points[-2], points[-1]
    d = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    bx, by = x2 - ux * size * 1.6, y2 - uy * size * 1.6
    px_, py_ = -uy * size * 0.8, ux * size * 0.8
    return f"{num(x2)},{num(y2)} {num(bx + px_)},{num(by + py_)} {num(bx - px_)},{num(by - py_)}"


def _grid(out: Layout, grid: MapGrid, frame: Box, size: float) -> None:
    """The grid's lines, and its columns' and rows' names along the frame's top and left."""
    x1, y1 = grid.x0 + grid.cols * grid.cell, grid.y0 + grid.rows * grid.cell
    out.grid = {"x": num(grid.x0), "y": num(grid.y0), "w": num(x1 - grid.x0),
                "h": num(y1 - grid.y0), "fill": colour(grid.fill)}  # fmt: skip
    lines = [
        f"M{num(grid.x0 + i * grid.cell)} {num(grid.y0)}v{num(y1 - grid.y0)}"
        for i in range(grid.cols + 1)
    ]
    lines += [
        f"M{num(grid.x0)} {num(grid.y0 + j * grid.cell)}h{num(x1 - grid.x0)}"
        for j in range(grid.rows + 1)
    ]
    out.grid_d = "".join(lines)
    top = max(frame.y, grid.y0) + size * 0.95
    left = max(frame.x, grid.x0) + size * 0.2
    for i in range(grid.cols):
        x = grid.x0 + (i + 0.5) * grid.cell
        if frame.x <= x <= frame.x + frame.w:
            out.coords.append(
                {"x": num(x), "y": num(top), "text": grid.col_name(i), "anchor": "middle"}
            )
    for j in range(grid.rows):
        y = grid.y0 + (j + 0.5) * grid.cell + size * 0.35
        if frame.y + size * 1.6 <= y <= frame.y + frame.h:
            out.coords.append(
                {"x": num(left), "y": num(y), "text": grid.row_name(j), "anchor": "start"}
            )


def layout(
    view: MapView,
    frame: Box | None = None,
    px: int | None = None,
    facts: bool = True,
    named: bool = True,
) -> Layout:
    """The view drawn in `frame` (map units; default the whole canvas) for `px` pixels
    across (default: the canvas width, one unit a pixel). `facts`: each area's hover
    text says its facts (else its name: the report says them once, on the theatre).
    `named`: False leaves out the hover text of an area whose name the map prints (a
    report over its size budget: SLIM, where hover texts are names only)."""
    theatre = frame is not None
    frame = frame or Box(0.0, 0.0, float(view.width), float(view.height))
    px = px or view.width
    unit = frame.w / px  # map units per pixel
    sizes = Sizes(12.0, 10.5) if theatre else Sizes(view.label_size, view.label_size * 0.95)
    size = sizes.label * unit
    chip_font, chip_h, gap = sizes.chip * unit, sizes.chip_h * unit, sizes.gap * unit
    legend = () if theatre else view.legend  # the whole map's legend serves both
    legend_cols = max(1, int(px // 190))
    legend_rows = -(-len(legend) // legend_cols) if legend else 0
    legend_h = (legend_rows * LEGEND_ROW + 8) * unit if legend_rows else 0.0
    out = Layout(
        kind="theatre" if theatre else "whole",
        x=frame.x,
        y=frame.y,
        width=frame.w,
        height=frame.h,
        total_height=frame.h + legend_h,
        px=px,
        min_px=THEATRE_MIN_PX if theatre else 0,
        title=view.title + (" (your theatre)" if theatre else ""),
        background=colour(view.background, "#b9d3e6"),
        label_size=size,
        sea_size=size * 1.1,
        chip_font=chip_font,
        chip_h=chip_h,
        unit=unit,
        legend_size=11 * unit,
    )
    near = Box(frame.x - 60 * unit, frame.y - 60 * unit, frame.w + 120 * unit, frame.h + 120 * unit)
    where = {a.name: a.label for a in view.areas}
    label_boxes: dict[str, Box] = {}
    grid = view.grid
    if grid is not None:
        _grid(out, grid, frame, size)
    for a in view.areas:
        if a.rings and _bounds(a.rings).overlap(near) == 0 and not _bounds(a.rings).inside(near):
            continue
        x, y = a.label
        if grid is not None:  # a square: drawn only if it stands out, named only if it has a text
            fill = colour(a.fill, grid.fill)
            if a.rings and (fill != colour(grid.fill) or a.sea):
                b = _bounds(a.rings)
                out.cells.append(
                    {"x": num(b.x), "y": num(b.y), "w": num(b.w), "h": num(b.h), "fill": fill,
                     "title": (a.title or a.name) if facts else a.name}
                )  # fmt: skip
            if not a.text:
                if Box(x, y, 0, 0).inside(frame):
                    label_boxes[a.name] = Box(x, y, 0, 0)  # where its chips go
                continue
        else:
            shape = {
                "d": path_d(a.rings),
                "fill": colour(a.fill, "#9ec5e0" if a.sea else "#e8e2d0"),
                "title": (a.title or a.name) if facts else a.name,
            }
            (out.seas if a.sea else out.lands).append(shape)
        text = a.text or a.name
        box = label_box(x, y, text, size * 1.1 if a.sea else size)
        if theatre and not box.inside(frame):  # a name the frame cuts: not drawn, nor its chips
            continue
        (out.sea_labels if a.sea else out.labels).append({"x": num(x), "y": num(y), "text": text})
        label_boxes[a.name] = box
        if not named and grid is None and a.name in text:
            (out.seas if a.sea else out.lands)[-1]["title"] = ""
    plain, mountain = [], []
    for a_name, b_name, is_mountain in view.routes:
        shown = a_name in label_boxes or b_name in label_boxes
        if shown and a_name in where and b_name in where:
            (x1, y1), (x2, y2) = where[a_name], where[b_name]
            d = f"M{num(x1)} {num(y1)} L{num(x2)} {num(y2)}"
            (mountain if is_mountain else plain).append(d)
    out.routes, out.mountain_routes = " ".join(plain), " ".join(mountain)
    for mv in view.moves:
        pts = [where[n] for n in mv.path if n in where]
        if len(pts) < 2 or not any(n in label_boxes for n in mv.path):
            continue
        out.moves.append(
            {
                "points": " ".join(f"{num(x)},{num(y)}" for x, y in pts),
                "head": _arrow(pts, 4.0 * unit),
                "stroke": colour(mv.fill, "#b71c1c"),
                "sea": mv.sea,
                "title": mv.title,
            }
        )
    for m in view.markers:
        if m.kind == "blockade" and m.towards in where and m.area in label_boxes:
            (x1, y1), (x2, y2) = where[m.area], where[m.towards]
            out.lines.append(
                {
                    "x1": num(x1),
                    "y1": num(y1),
                    "x2": num(x2),
                    "y2": num(y2),
                    "mx": num((x1 + x2) / 2),
                    "my": num((y1 + y2) / 2 - 3 * unit),
                    "stroke": colour(m.fill, "#b71c1c"),
                    "text": m.text,
                    "title": m.title or m.text,
                }
            )
    obstacles = list(label_boxes.values()) + [coord_box(t, size) for t in out.coords]
    placed: list[Box] = []
    for m in view.markers:
        if m.kind == "blockade" or m.area not in label_boxes:
            continue
        w = text_width(m.text, chip_font)
        box = place(label_boxes[m.area], w, chip_h, gap, obstacles, placed, frame, above=True)
        fill = colour(m.fill, "#b71c1c")
        out.badges.append(
            {
                "x": num(box.x),
                "y": num(box.y),
                "w": num(box.w),
                "tx": num(box.x + box.w / 2),
                "ty": num(box.y + chip_h * 0.77),
                "text": m.text,
                "fill": fill,
                "ink": ink(fill),
                "title": m.title or m.text,
            }
        )
    by_area: dict[str, list] = {}
    for s in view.stacks:
        if s.area in label_boxes:
            by_area.setdefault(s.area, []).append(s)
    per_row = 3
    for area, stacks in by_area.items():
        rows = [stacks[r : r + per_row] for r in range(0, len(stacks), per_row)]
        widths = [[text_width(s.text, chip_font) for s in row] for row in rows]
        block_w = max(sum(ws) + gap * (len(ws) - 1) for ws in widths)
        block_h = len(rows) * chip_h + (len(rows) - 1) * gap
        lab = label_boxes[area]
        box = place(lab, block_w, block_h, gap, obstacles, placed, frame)
        far = box.y > lab.bottom + 3 * gap or box.bottom < lab.y - 3 * gap
        if far or box.x > lab.right or box.right < lab.x:  # a thin line back to its name
            lx, ly = where[area]
            bx = min(max(lx, box.x), box.right)
            by = box.y if box.y > ly else box.bottom
            out.leaders.append({"x1": num(lx), "y1": num(ly), "x2": num(bx), "y2": num(by)})
        for k, (row, ws) in enumerate(zip(rows, widths, strict=True)):
            total = sum(ws) + gap * (len(ws) - 1)
            x = box.x + (block_w - total) / 2
            y = box.y + k * (chip_h + gap)
            for s, w in zip(row, ws, strict=True):
                fill = colour(s.fill)
                out.chips.append(Chip(x, y, w, s.text, fill, ink(fill), s.title or s.text))
                x += w + gap
    for i, (name, fill) in enumerate(legend):
        col, row = i % legend_cols, i // legend_cols
        x = frame.x + (8 + col * (px - 16) / legend_cols) * unit
        y = frame.y + frame.h + (6 + row * LEGEND_ROW) * unit
        out.legend.append(
            {"x": num(x), "y": num(y), "tx": num(x + 18 * unit), "ty": num(y + 10 * unit),
             "text": name, "fill": colour(fill)}
        )  # fmt: skip
    return out


def render_svg(env: Environment, view: MapView) -> Markup:
    """The whole map: one inline <svg> element (autoescaped by its template)."""
    return _render(env.get_template("map.svg.j2"), layout(view))


def render_maps(env: Environment, view: MapView) -> list[Markup]:
    """The theatre (when the view has one) and then the whole map."""
    return [svg for _, _, svg in render_all(env, [view])]


# A report's size budget (issue 10): Gmail clips a mail's HTML beyond 102 KB, and a
# campaign report draws five maps and the world track. A report over HTML_BUDGET bytes
# is drawn again at the next level: 1 (SLIM) hover texts that only repeat a printed
# name are left out and the theatre's say names, not facts (the text part and the
# report's tables still say them); 2 (NO_THEATRE) and the theatre is left out (the
# whole map shows the same areas). A deterministic choice: same log, same report.
HTML_BUDGET = 98_000
FULL, SLIM, NO_THEATRE = 0, 1, 2
LEVELS = (FULL, SLIM, NO_THEATRE)


def render_all(
    env: Environment, views: list[MapView], level: int = FULL
) -> list[tuple[str, str, Markup]]:
    """(kind, heading, <svg>) for a report's maps: the first view's theatre ("theatre",
    no heading) and whole map ("whole"), then every other view whole ("other": a
    campaign's other maps and its track), their hover texts only names: what an area is,
    the text part's tables say. `level`: see HTML_BUDGET."""
    named = level == FULL
    lays: list[tuple[str, str, Layout]] = []
    for k, view in enumerate(views):
        frame = frame_of(view) if k == 0 and level < NO_THEATRE else None
        if frame is not None:
            lays.append(("theatre", "", layout(view, frame, THEATRE_PX, facts=named, named=named)))
        if k == 0:
            heading = "The whole map" if frame is not None else ""
            facts = frame is None and named
            lays.append(("whole", heading, layout(view, facts=facts, named=named)))
        else:
            lays.append(("other", view.title.split(",")[0], layout(view, facts=False, named=named)))
    template = env.get_template("map.svg.j2")
    return [(kind, h, _render(template, m)) for kind, h, m in lays]


def _render(template: Template, m: Layout) -> Markup:
    """The frame from the template, its repeated elements from svg_items."""
    return Markup(template.render(m=m, i=svg_items.items(m, num), num=num))
