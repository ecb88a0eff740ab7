"""The part of a map a player plays in (issue 18): a frame around the areas of
`MapView.focus`, drawn larger than the whole map so that a move can be planned on it.

The frame holds every focus area's label with a margin for its chips; it is never
smaller than MIN_W x MIN_H map units (a single area is shown with its neighbours),
its width is 1.2 to 1.8 times its height (it reads across a page and a phone held
upright alike), and it stays on the canvas. It is never wider than MAX_W map units
(drawn THEATRE_PX = 520 pixels across, it is at about the scale of the whole map drawn
on a 1000-pixel canvas): a theatre that would be is drawn around `focus_core` alone
(the power's own pieces); when that too is wider, or covers more than WHOLE_SHARE of
the canvas, there is no theatre and the whole map is the only map.
"""

from __future__ import annotations

from .model import MapView
from .placement import Box

MARGIN = 45.0  # map units around a focus area's label: its name and chips
MIN_W, MIN_H = 300.0, 210.0
MIN_ASPECT, MAX_ASPECT = 1.2, 1.8
MAX_W = 540.0
WHOLE_SHARE = 0.55


def frame_of(view: MapView) -> Box | None:
    """The theatre's frame in map units, or None (no focus, or it is most of the map)."""
    where = {a.name: a.label for a in view.areas}
    for names in (view.focus, view.focus_core):
        frame = _around(view, [where[n] for n in names if n in where])
        if frame is not None:
            return frame
    return None


def _around(view: MapView, points: list[tuple[float, float]]) -> Box | None:
    if not points:
        return None
    x0 = min(x for x, _ in points) - MARGIN
    x1 = max(x for x, _ in points) + MARGIN
    y0 = min(y for _, y in points) - MARGIN
    y1 = max(y for _, y in points) + MARGIN
    w, h = max(x1 - x0, MIN_W), max(y1 - y0, MIN_H)
    if w / h < MIN_ASPECT:
        w = h * MIN_ASPECT
    elif w / h > MAX_ASPECT:
        h = w / MAX_ASPECT
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    w, h = min(w, view.width), min(h, view.height)
    if w > MAX_W or w * h > WHOLE_SHARE * view.width * view.height:
        return None
    x = min(max(cx - w / 2, 0.0), view.width - w)
    y = min(max(cy - h / 2, 0.0), view.height - h)
    return Box(round(x, 1), round(y, 1), round(w, 1), round(h, 1))
