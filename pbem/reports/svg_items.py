"""The repeated elements of a map's SVG, written here rather than by loops of
`templates/map.svg.j2`: a campaign report draws thousands of them (areas, names,
chips), and each value printed by the template costs a call to the environment's
finalize and to markupsafe, about as much as the rest of the report together.

The bytes are the template's: the same lines, and every text escaped as the HTML
environment escapes a template variable (markupsafe's escape, then "://" written as
an entity: pbem/reports/build.py's `_defang`). What is not escaped is made of digits
and path letters by pbem/reports/svg.py (`num`, `path_d`, point lists) or is a colour
`model.colour` let through ("#rrggbb"). tests/test_map_layout.py renders every item
kind both ways and compares."""

from __future__ import annotations

from typing import TYPE_CHECKING

from markupsafe import Markup, escape

if TYPE_CHECKING:
    from .svg import Layout


def esc(value: object) -> str:
    """A text as the HTML environment prints a template variable."""
    text = str(escape(value))
    return text.replace("://", ":&#47;&#47;") if "://" in text else text


def items(m: Layout, num) -> dict[str, Markup]:
    """Each list of `m` as the lines the template prints for it, one string per list."""
    u = m.unit
    out: dict[str, list[str]] = {}
    add = out.setdefault
    lines = add("cells", [])
    for c in m.cells:
        lines.append(
            f'<rect x="{c["x"]}" y="{c["y"]}" width="{c["w"]}" height="{c["h"]}" '
            f'fill="{c["fill"]}"><title>{esc(c["title"])}</title></rect>\n'
        )
    lines = add("coords", [])
    for t in m.coords:
        lines.append(
            f'<text x="{t["x"]}" y="{t["y"]}" text-anchor="{t["anchor"]}">{esc(t["text"])}</text>\n'
        )
    for key, shapes in (("seas", m.seas), ("lands", m.lands)):
        lines = add(key, [])
        for a in shapes:
            title = f"<title>{esc(a['title'])}</title>" if a["title"] else ""
            lines.append(f'<path d="{a["d"]}" fill="{a["fill"]}">{title}</path>\n')
    lines = add("lines", [])
    dash = f'stroke-dasharray="{num(5 * u)} {num(3 * u)}"'
    for ln in m.lines:
        ends = f'x1="{ln["x1"]}" y1="{ln["y1"]}" x2="{ln["x2"]}" y2="{ln["y2"]}"'
        lines.append(
            f"<g><title>{esc(ln['title'])}</title>\n"
            f'<line {ends} stroke="#222222" stroke-width="{num(4.5 * u)}" {dash}/>\n'
            f'<line {ends} stroke="{ln["stroke"]}" stroke-width="{num(2.5 * u)}" {dash}/>\n'
            f'<text x="{ln["mx"]}" y="{ln["my"]}" font-size="{num(m.label_size * 0.95)}" '
            f'font-weight="bold" text-anchor="middle" fill="#111111" stroke="#ffffff" '
            f'stroke-width="{num(2.5 * u)}" paint-order="stroke">{esc(ln["text"])}</text>\n'
            "</g>\n"
        )
    lines = add("moves", [])
    sea_dash = f' stroke-dasharray="{num(6 * u)} {num(3 * u)}"'
    for v in m.moves:
        lines.append(
            f"<g><title>{esc(v['title'])}</title>\n"
            f'<polyline points="{v["points"]}" stroke="#ffffff" stroke-width="{num(5 * u)}"/>\n'
            f'<polyline points="{v["points"]}" stroke="{v["stroke"]}" '
            f'stroke-width="{num(2.6 * u)}"{sea_dash if v["sea"] else ""}/>\n'
            f'<polygon points="{v["head"]}" fill="{v["stroke"]}" stroke="#ffffff" '
            f'stroke-width="{num(0.8 * u)}"/>\n'
            "</g>\n"
        )
    out["leaders"] = [
        f'<line x1="{ln["x1"]}" y1="{ln["y1"]}" x2="{ln["x2"]}" y2="{ln["y2"]}"/>\n'
        for ln in m.leaders
    ]
    for key, labels in (("sea_labels", m.sea_labels), ("labels", m.labels)):
        out[key] = [
            f'<text class="lab" x="{t["x"]}" y="{t["y"]}">{esc(t["text"])}</text>\n' for t in labels
        ]
    chip_h, chip_rx, chip_sw = num(m.chip_h), num(2 * u), num(0.7 * u)
    lines = add("chips", [])
    for c in m.chips:
        lines.append(
            f'<g class="chip"><title>{esc(c.title)}</title>\n'
            f'<rect x="{num(c.x)}" y="{num(c.y)}" width="{num(c.w)}" height="{chip_h}" '
            f'rx="{chip_rx}" fill="{c.fill}" stroke="#222222" stroke-width="{chip_sw}"/>\n'
            f'<text x="{num(c.x + c.w / 2)}" y="{num(c.y + m.chip_h * 0.77)}" '
            f'fill="{c.ink}">{esc(c.text)}</text>\n'
            "</g>\n"
        )
    badge_rx, badge_sw = num(5 * u), num(0.8 * u)
    lines = add("badges", [])
    for b in m.badges:
        lines.append(
            f'<g class="chip"><title>{esc(b["title"])}</title>\n'
            f'<rect x="{b["x"]}" y="{b["y"]}" width="{b["w"]}" height="{chip_h}" '
            f'rx="{badge_rx}" fill="{b["fill"]}" stroke="#ffffff" stroke-width="{badge_sw}"/>\n'
            f'<text x="{b["tx"]}" y="{b["ty"]}" fill="{b["ink"]}">{esc(b["text"])}</text>\n'
            "</g>\n"
        )
    key_w, key_h = num(14 * u), num(12 * u)
    out["legend"] = [
        f'<rect x="{k["x"]}" y="{k["y"]}" width="{key_w}" height="{key_h}" fill="{k["fill"]}"/>\n'
        f'<text x="{k["tx"]}" y="{k["ty"]}" fill="#222222" stroke="none">{esc(k["text"])}</text>\n'
        for k in m.legend
    ]
    return {key: Markup("".join(parts)) for key, parts in out.items()}
