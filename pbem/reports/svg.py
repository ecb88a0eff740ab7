"""Lay a MapView out for `templates/map.svg.j2`: the geometry is computed here, as
numbers; every string is escaped by the template (autoescape), and colours that
are not "#rrggbb" are replaced before they reach it. No scripts, no URLs."""

from __future__ import annotations

from dataclasses import dataclass, field

from jinja2 import Environment
from markupsafe import Markup

from .model import MapView, colour, ink

CHIP_H = 11.0
CHIP_GAP = 2.0
CHIPS_PER_ROW = 3
LEGEND_ROW = 16.0


def num(x: float) -> str:
    """A coordinate, written the same way every time."""
    s = f"{x:.1f}"
    return s[:-2] if s.endswith(".0") else s


def path_d(rings) -> str:
    return " ".join(
        "M" + " L".join(f"{num(x)} {num(y)}" for x, y in ring) + " Z" for ring in rings if ring
    )


def text_width(text: str, size: float) -> float:
    return len(text) * size * 0.58 + 6


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
    width: int
    height: int
    total_height: float
    title: str
    background: str
    label_size: float
    chip_h: float = CHIP_H
    chip_font: float = 8.0
    seas: list[dict] = field(default_factory=list)
    lands: list[dict] = field(default_factory=list)
    lines: list[dict] = field(default_factory=list)
    labels: list[dict] = field(default_factory=list)
    routes: list[dict] = field(default_factory=list)
    chips: list[Chip] = field(default_factory=list)
    badges: list[dict] = field(default_factory=list)
    legend: list[dict] = field(default_factory=list)


def layout(view: MapView) -> Layout:
    size = view.label_size
    where = {a.name: a.label for a in view.areas}
    legend_cols = max(1, int(view.width // 190))
    legend_rows = -(-len(view.legend) // legend_cols) if view.legend else 0
    out = Layout(
        width=view.width,
        height=view.height,
        total_height=view.height + (legend_rows * LEGEND_ROW + 8 if legend_rows else 0),
        title=view.title,
        background=colour(view.background, "#b9d3e6"),
        label_size=size,
        chip_font=size * 0.95,
    )
    for a in view.areas:
        shape = {
            "d": path_d(a.rings),
            "fill": colour(a.fill, "#9ec5e0" if a.sea else "#e8e2d0"),
            "title": a.title or a.name,
        }
        (out.seas if a.sea else out.lands).append(shape)
        x, y = a.label
        out.labels.append(
            {
                "x": num(x),
                "y": num(y),
                "text": a.text or a.name,
                "sea": a.sea,
                "size": num(size * (1.15 if a.sea else 1.0)),
            }
        )
    for a_name, b_name, mountain in view.routes:
        if a_name in where and b_name in where:
            (x1, y1), (x2, y2) = where[a_name], where[b_name]
            out.routes.append(
                {"x1": num(x1), "y1": num(y1), "x2": num(x2), "y2": num(y2), "mountain": mountain}
            )
    for m in view.markers:
        if m.kind == "blockade" and m.towards in where and m.area in where:
            (x1, y1), (x2, y2) = where[m.area], where[m.towards]
            out.lines.append(
                {
                    "x1": num(x1),
                    "y1": num(y1),
                    "x2": num(x2),
                    "y2": num(y2),
                    "mx": num((x1 + x2) / 2),
                    "my": num((y1 + y2) / 2 - 3),
                    "stroke": colour(m.fill, "#b71c1c"),
                    "text": m.text,
                    "title": m.title or m.text,
                }
            )
    badges_at: dict[str, int] = {}
    for m in view.markers:
        if m.kind == "blockade" or m.area not in where:
            continue
        x, y = where[m.area]
        k = badges_at.get(m.area, 0)
        badges_at[m.area] = k + 1
        w = text_width(m.text, size * 0.85)
        fill = colour(m.fill, "#b71c1c")
        out.badges.append(
            {
                "x": num(x - w / 2),
                "y": num(y - size - CHIP_H - 1 - k * (CHIP_H + 1)),
                "w": num(w),
                "tx": num(x),
                "ty": num(y - size - 3.6 - k * (CHIP_H + 1)),
                "text": m.text,
                "fill": fill,
                "ink": ink(fill),
                "title": m.title or m.text,
            }
        )
    by_area: dict[str, list] = {}
    for s in view.stacks:
        if s.area in where:
            by_area.setdefault(s.area, []).append(s)
    chip_size = out.chip_font
    for area, stacks in by_area.items():
        x0, y0 = where[area]
        for r in range(0, len(stacks), CHIPS_PER_ROW):
            row = stacks[r : r + CHIPS_PER_ROW]
            widths = [text_width(s.text, chip_size) for s in row]
            total = sum(widths) + CHIP_GAP * (len(row) - 1)
            x = x0 - total / 2
            y = y0 + 3 + (r // CHIPS_PER_ROW) * (CHIP_H + CHIP_GAP)
            for s, w in zip(row, widths, strict=True):
                fill = colour(s.fill)
                out.chips.append(Chip(x, y, w, s.text, fill, ink(fill), s.title or s.text))
                x += w + CHIP_GAP
    for i, (name, fill) in enumerate(view.legend):
        col, row = i % legend_cols, i // legend_cols
        x = 8 + col * (view.width - 16) / legend_cols
        y = view.height + 6 + row * LEGEND_ROW
        out.legend.append(
            {"x": num(x), "y": num(y), "tx": num(x + 18), "ty": num(y + 10), "text": name,
             "fill": colour(fill)}
        )  # fmt: skip
    return out


def render_svg(env: Environment, view: MapView) -> Markup:
    """The inline <svg> element (autoescaped by its template)."""
    lay = layout(view)
    return Markup(env.get_template("map.svg.j2").render(m=lay, num=num))
