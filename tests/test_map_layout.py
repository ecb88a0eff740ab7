"""The maps of a report as laid out (issue 18), without a browser: every report of a
played scenario #2 has a theatre around the power's pieces, no chip or badge laid over
a name, and stays under the 100 KB a mail client shows unclipped; the same drawing code
lays out a square grid (Seven Years World War's 17 x 30 squares) within that budget."""

from __future__ import annotations

import re

import pytest

from pbem import ruleset as registry
from pbem.demo import run_demo
from pbem.reports import render, schedule
from pbem.reports.build import environment
from pbem.reports.model import MapArea, MapGrid, MapMarker, MapMove, MapStack, MapView
from pbem.reports.placement import Box, place
from pbem.reports.svg import THEATRE_PX, coord_box, label_box, layout, render_maps, text_width
from pbem.reports.theatre import MIN_W, frame_of
from pbem.service import Game

LIMIT = 100_000  # Gmail clips a message at 102 KB


def _covered(lay) -> list[str]:
    """Chips and badges of a layout that cover a name, by the layout's own boxes."""
    size = lay.label_size
    labels = [label_box(float(t["x"]), float(t["y"]), t["text"], size) for t in lay.labels]
    labels += [
        label_box(float(t["x"]), float(t["y"]), t["text"], lay.sea_size) for t in lay.sea_labels
    ]
    labels += [coord_box(t, size) for t in lay.coords]
    boxes = [(c.text, Box(c.x, c.y, c.w, lay.chip_h)) for c in lay.chips]
    boxes += [
        (b["text"], Box(float(b["x"]), float(b["y"]), float(b["w"]), lay.chip_h))
        for b in lay.badges
    ]
    return [text for text, box in boxes if any(box.overlap(lb) > 1e-6 for lb in labels)]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    d = tmp_path_factory.mktemp("maps")
    run_demo(d, "soldier-kings", "1757", echo=lambda s: None, master=bytes(32))
    return d / "game.pbem"


def test_every_report_of_a_game_has_a_theatre_and_no_chip_over_a_name(played):
    with Game(played) as g:
        wanted = schedule(g)
        theatres = 0
        for d in wanted:
            st = g.state(d.stop)
            view = st.ruleset.map_view(st.rules, d.power, ())
            if view is None:
                continue
            frame = frame_of(view)
            lays = [layout(view)]
            if frame is not None:
                theatres += 1
                lays.append(layout(view, frame, THEATRE_PX))
                where = {a.name: a.label for a in view.areas}

                def held(names, frame=frame, where=where) -> bool:
                    return all(
                        frame.x <= where[n][0] <= frame.x + frame.w
                        and frame.y <= where[n][1] <= frame.y + frame.h
                        for n in names
                    )

                # the theatre holds its areas, or at least the power's own
                assert held(view.focus) or held(view.focus_core), d
            for lay in lays:
                assert _covered(lay) == [], (d.power, d.start, lay.kind)
        assert theatres >= len(wanted) * 0.6  # Britain, at sea everywhere, often has none
        for d in wanted[-12:]:
            rep = render(g, d.power, d.start, d.stop)
            assert len(rep.html.encode()) < LIMIT, (d, len(rep.html))


def test_moves_and_battles_are_drawn_on_the_theatre(played):
    with Game(played) as g:
        drawn = 0
        for d in schedule(g):
            rep = render(g, d.power, d.start, d.stop)
            theatre = rep.html.split('class="map-theatre"', 1)[-1].split("</svg>", 1)[0]
            if "<polyline" in theatre:
                drawn += 1
                assert "<polygon" in theatre  # its arrowhead
        assert drawn >= 5


def test_the_theatre_frame_keeps_its_shape_and_stays_on_the_canvas():
    areas = tuple(
        MapArea(
            f"A{i}",
            (((i * 50.0, 0.0), (i * 50.0 + 40, 0.0), (i * 50.0, 40.0)),),
            (i * 50.0 + 10, 20.0),
        )
        for i in range(20)
    )
    view = MapView(width=1000, height=800, areas=areas, focus=("A0",))
    f = frame_of(view)
    assert f is not None and f.x == 0 and f.y == 0  # pushed back onto the canvas
    assert f.w >= MIN_W and 1.2 <= f.w / f.h <= 1.8 + 1e-9
    wide = MapView(width=1000, height=800, areas=areas, focus=("A0", "A19"))
    assert frame_of(wide) is None  # most of the map: the whole map is the theatre
    assert frame_of(MapView(width=1000, height=800, areas=areas)) is None


def test_a_chip_goes_elsewhere_when_a_name_is_under_it():
    frame = Box(0, 0, 200, 200)
    lab = label_box(100, 100, "Silesia (4)", 10)
    below = label_box(100, 116, "Bohemia (3)", 10)  # the name just under the first
    placed: list[Box] = []
    box = place(lab, text_width("Pr 3A", 9), 12, 2, [lab, below], placed, frame)
    assert box.overlap(lab) == 0 and box.overlap(below) == 0 and placed == [box]


def _grid(cols: int = 17, rows: int = 30, cell: float = 30.0) -> MapView:
    """A square grid as Seven Years World War's map is drawn: each square an area."""
    areas, stacks = [], []
    for r in range(rows):
        for c in range(cols):
            x, y = c * cell, r * cell
            name = f"{chr(65 + c)}{r + 1}"
            ring = ((x, y), (x + cell, y), (x + cell, y + cell), (x, y + cell))
            held = (r * cols + c) % 7 == 0  # a square someone controls stands out
            city = "London" if name == "C4" else ""
            fill = "#c62828" if held else "#d8cfb0"
            areas.append(MapArea(name, (ring,), (x + cell / 2, y + cell / 2), fill, text=city))
            if (r * cols + c) % 11 == 0:
                stacks.append(MapStack(name, "Britain", "#c62828", "Br 2"))
    return MapView(
        width=int(cols * cell),
        height=int(rows * cell),
        areas=tuple(areas),
        stacks=tuple(stacks),
        markers=(MapMarker("C5", "battle", "battle"),),
        moves=(MapMove(("C3", "C4", "C5"), "#c62828", "Britain: 2 armies"),),
        focus=("B3", "C5", "E6"),
        label_size=7.0,
        grid=MapGrid(cols, rows, cell, fill="#d8cfb0"),
    )


def test_a_square_grid_is_drawn_by_the_same_code_within_the_budget():
    view = _grid()
    maps = [str(m) for m in render_maps(environment(), view)]
    assert len(maps) == 2 and 'class="map-theatre"' in maps[0]
    assert sum(len(m.encode()) for m in maps) < LIMIT / 2
    frame = frame_of(view)
    for lay in (layout(view), layout(view, frame, THEATRE_PX)):
        assert _covered(lay) == [], lay.kind
    assert "<polyline" in maps[0] and "battle" in maps[0] and ">London<" in maps[0]
    assert maps[1].count("<rect") < 17 * 30 / 2  # only the squares that stand out
    assert ">Q<" in maps[1] and ">30<" in maps[1]  # the columns' and rows' names


def test_a_report_over_its_budget_is_drawn_smaller_and_says_so(played, monkeypatch):
    """The size ladder (svg.HTML_BUDGET): over the budget the maps lose the hover texts
    that repeat a printed name and the theatre's facts; still over, the theatre itself."""
    from pbem.reports import svg

    areas = {a.name for a in registry.get("soldier-kings").content.map.land_areas}
    with Game(played) as g:
        for d in reversed(schedule(g)):
            full = render(g, d.power, d.start, d.stop).html
            # an area whose hover text is its printed name alone (which one depends on
            # the game's dice, and so on the content's digest)
            bare = [x for x in re.findall(r"<title>([^<]*)</title>", full) if x in areas]
            if 'class="map-theatre"' in full and bare:
                break
        assert "under 100 KB" not in full
        monkeypatch.setattr(svg, "HTML_BUDGET", len(full.encode()) - 1)
        slim = render(g, d.power, d.start, d.stop).html
        assert len(slim) < len(full) and 'class="map-theatre"' in slim
        assert "hover text on the maps gives its name only" in slim
        assert f"<title>{bare[0]}</title>" not in slim
        monkeypatch.setattr(svg, "HTML_BUDGET", 1000)
        bare = render(g, d.power, d.start, d.stop).html
        assert 'class="map-theatre"' not in bare and "your theatre is left out" in bare
        assert 'class="map-whole"' in bare  # the whole map stays


# the loops map.svg.j2 had before its items came from svg_items.py, as the HTML
# environment renders them (autoescape, "://" defanged)
_LOOPS = """{% set u = m.unit %}
{% for c in m.cells %}
<rect x="{{ c['x'] }}" y="{{ c['y'] }}" width="{{ c['w'] }}" height="{{ c['h'] }}" fill="{{ c['fill'] }}"><title>{{ c['title'] }}</title></rect>
{% endfor %}
|{% for t in m.coords %}
<text x="{{ t['x'] }}" y="{{ t['y'] }}" text-anchor="{{ t['anchor'] }}">{{ t['text'] }}</text>
{% endfor %}
|{% for a in m.seas %}
<path d="{{ a['d'] }}" fill="{{ a['fill'] }}">{% if a['title'] %}<title>{{ a['title'] }}</title>{% endif %}</path>
{% endfor %}
|{% for a in m.lands %}
<path d="{{ a['d'] }}" fill="{{ a['fill'] }}">{% if a['title'] %}<title>{{ a['title'] }}</title>{% endif %}</path>
{% endfor %}
|{% for l in m.lines %}
<g><title>{{ l['title'] }}</title>
<line x1="{{ l['x1'] }}" y1="{{ l['y1'] }}" x2="{{ l['x2'] }}" y2="{{ l['y2'] }}" stroke="#222222" stroke-width="{{ num(4.5 * u) }}" stroke-dasharray="{{ num(5 * u) }} {{ num(3 * u) }}"/>
<line x1="{{ l['x1'] }}" y1="{{ l['y1'] }}" x2="{{ l['x2'] }}" y2="{{ l['y2'] }}" stroke="{{ l['stroke'] }}" stroke-width="{{ num(2.5 * u) }}" stroke-dasharray="{{ num(5 * u) }} {{ num(3 * u) }}"/>
<text x="{{ l['mx'] }}" y="{{ l['my'] }}" font-size="{{ num(m.label_size * 0.95) }}" font-weight="bold" text-anchor="middle" fill="#111111" stroke="#ffffff" stroke-width="{{ num(2.5 * u) }}" paint-order="stroke">{{ l['text'] }}</text>
</g>
{% endfor %}
|{% for v in m.moves %}
<g><title>{{ v['title'] }}</title>
<polyline points="{{ v['points'] }}" stroke="#ffffff" stroke-width="{{ num(5 * u) }}"/>
<polyline points="{{ v['points'] }}" stroke="{{ v['stroke'] }}" stroke-width="{{ num(2.6 * u) }}"{% if v['sea'] %} stroke-dasharray="{{ num(6 * u) }} {{ num(3 * u) }}"{% endif %}/>
<polygon points="{{ v['head'] }}" fill="{{ v['stroke'] }}" stroke="#ffffff" stroke-width="{{ num(0.8 * u) }}"/>
</g>
{% endfor %}
|{% for l in m.leaders %}
<line x1="{{ l['x1'] }}" y1="{{ l['y1'] }}" x2="{{ l['x2'] }}" y2="{{ l['y2'] }}"/>
{% endfor %}
|{% for t in m.sea_labels %}
<text class="lab" x="{{ t['x'] }}" y="{{ t['y'] }}">{{ t['text'] }}</text>
{% endfor %}
|{% for t in m.labels %}
<text class="lab" x="{{ t['x'] }}" y="{{ t['y'] }}">{{ t['text'] }}</text>
{% endfor %}
|{% set chip_h, chip_rx, chip_sw, badge_rx, badge_sw = num(m.chip_h), num(2 * u), num(0.7 * u), num(5 * u), num(0.8 * u) %}
{% for c in m.chips %}
<g class="chip"><title>{{ c.title }}</title>
<rect x="{{ num(c.x) }}" y="{{ num(c.y) }}" width="{{ num(c.w) }}" height="{{ chip_h }}" rx="{{ chip_rx }}" fill="{{ c.fill }}" stroke="#222222" stroke-width="{{ chip_sw }}"/>
<text x="{{ num(c.x + c.w / 2) }}" y="{{ num(c.y + m.chip_h * 0.77) }}" fill="{{ c.ink }}">{{ c.text }}</text>
</g>
{% endfor %}
|{% for b in m.badges %}
<g class="chip"><title>{{ b['title'] }}</title>
<rect x="{{ b['x'] }}" y="{{ b['y'] }}" width="{{ b['w'] }}" height="{{ chip_h }}" rx="{{ badge_rx }}" fill="{{ b['fill'] }}" stroke="#ffffff" stroke-width="{{ badge_sw }}"/>
<text x="{{ b['tx'] }}" y="{{ b['ty'] }}" fill="{{ b['ink'] }}">{{ b['text'] }}</text>
</g>
{% endfor %}
|{% for k in m.legend %}
<rect x="{{ k['x'] }}" y="{{ k['y'] }}" width="{{ num(14 * u) }}" height="{{ num(12 * u) }}" fill="{{ k['fill'] }}"/>
<text x="{{ k['tx'] }}" y="{{ k['ty'] }}" fill="#222222" stroke="none">{{ k['text'] }}</text>
{% endfor %}
"""
_KINDS = "cells coords seas lands lines moves leaders sea_labels labels chips badges legend"


def test_map_items_are_written_as_the_template_loops_wrote_them():
    """svg_items.items gives, byte for byte, what the template's loops gave: hostile
    names, hover texts with markup, quotes, ampersands and URLs included, on a grid
    map (cells, coordinates) and an area map (shapes, moves, blockade lines, badges)."""
    from pbem.reports import svg_items
    from pbem.reports.svg import num

    evil = "<script>alert('x&y')</script> \"q\" https://evil.example/"
    areas = [
        MapArea(f"A{i}", (((i * 40.0, 0.0), (i * 40.0 + 30, 0.0), (i * 40.0 + 30, 30.0)),),
                (i * 40.0 + 15, 15.0), fill="#336699" if i % 2 else "bad", sea=i == 3,
                title=evil if i == 1 else "", text=evil if i == 2 else "")
        for i in range(5)
    ]  # fmt: skip
    view = MapView(
        title=evil, width=400, height=300, areas=tuple(areas),
        routes=[("A0", "A1", False), ("A1", "A2", True)],
        moves=(MapMove(("A0", "A1", "A2"), "#aa0000", title=evil, sea=True),
               MapMove(("A2", "A4"), "#00aa00", title="plain")),
        markers=(MapMarker("A3", "blockade", "B & B", towards="A2", title=evil),
                 MapMarker("A1", "siege", "<siege>", title=evil)),
        stacks=tuple(MapStack("A0", "Prussia", "#ffffff", f"Pr-A{k} <&>", evil) for k in range(4)),
        legend=((evil, "#123456"), ("Austria", "#ffee00")),
    )  # fmt: skip
    grid = MapView(
        title="grid", width=300, height=200, areas=tuple(areas),
        grid=MapGrid(x0=0, y0=0, cols=6, rows=4, cell=40.0),
    )  # fmt: skip
    loops = environment(True).from_string(_LOOPS)
    drawn = set()
    for lay in (layout(view), layout(view, Box(0, 0, 200, 100), THEATRE_PX), layout(grid)):
        want = loops.render(m=lay, num=num).split("|")
        got = svg_items.items(lay, num)
        assert [str(got[k]) for k in _KINDS.split()] == want
        drawn |= {k for k in _KINDS.split() if got[k]}
    assert drawn == set(_KINDS.split())  # every kind of item was compared
    assert "&lt;script&gt;" in str(svg_items.items(layout(view), num)["moves"])
    assert ":&#47;&#47;evil" in str(svg_items.items(layout(view), num)["legend"])
