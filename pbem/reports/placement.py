"""Where the chips and badges of a map go so that none covers an area's name (issue 18).

Pure geometry in map units. Every label is an obstacle; each block (an area's chips, a
badge) is tried at positions around its area's label, nearest first, and takes the
first that covers no label and no block placed before it, inside the drawn frame. When
no position is free, the one covering least of the labels is taken.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

RINGS = 9  # how far out, in steps of a third of the block's width and half its height


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def overlap(self, other: Box) -> float:
        """The area the two boxes share (0 when they only touch)."""
        w = min(self.right, other.right) - max(self.x, other.x)
        h = min(self.bottom, other.bottom) - max(self.y, other.y)
        return w * h if w > 0 and h > 0 else 0.0

    def inside(self, frame: Box) -> bool:
        return (
            self.x >= frame.x
            and self.y >= frame.y
            and self.right <= frame.right
            and self.bottom <= frame.bottom
        )


@lru_cache(maxsize=512)
def _grid_order(step_x: float, step_y: float) -> tuple[tuple[int, int], ...]:
    """The grid's steps (i, j) around a label, nearest first (ties: by i, then j)."""
    steps = [(math.hypot(i * step_x, j * step_y), i, j)
             for i in range(-RINGS, RINGS + 1) for j in range(-RINGS, RINGS + 1)]  # fmt: skip
    return tuple((i, j) for _, i, j in sorted(steps))


def candidates(label: Box, w: float, h: float, gap: float, above: bool) -> Iterator[Box]:
    """Positions for a w x h block by `label`: under it, over it, beside it, then on a
    grid of steps around it that do not cover it, nearest first (`above`: over it
    before under it, as badges go). Made as they are asked for: most blocks take
    one of the first few."""
    cx, cy = label.x + label.w / 2, label.y + label.h / 2
    under = Box(cx - w / 2, label.bottom + gap, w, h)
    over = Box(cx - w / 2, label.y - gap - h, w, h)
    right = Box(label.right + gap, cy - h / 2, w, h)
    left = Box(label.x - gap - w, cy - h / 2, w, h)
    if label.w == 0 and label.h == 0:  # no name (a square of a grid): on the point first
        yield Box(cx - w / 2, cy - h / 2, w, h)
    yield from ([over, under, right, left] if above else [under, over, right, left])
    step_x, step_y = max(w / 3, gap), (h + gap) / 2
    x0, y0 = cx - w / 2, cy - h / 2
    for i, j in _grid_order(step_x, step_y):
        box = Box(x0 + i * step_x, y0 + j * step_y, w, h)
        if box.overlap(label) == 0:
            yield box


def _edges(boxes: list[Box]) -> list[tuple[float, float, float, float]]:
    """(left, top, right, bottom) of each box that has an inside (a box of no width or
    height covers nothing: `Box.overlap` is 0 for it)."""
    out = []
    for o in boxes:
        r, b = o.x + o.w, o.y + o.h
        if r > o.x and b > o.y:
            out.append((o.x, o.y, r, b))
    return out


def _covers(box: Box, edges: list[tuple[float, float, float, float]]) -> bool:
    """Whether `box` (of some width and height) shares an area with any of `edges`:
    `Box.overlap` > 0, written as four comparisons (a map places thousands of blocks)."""
    x, y, r, b = box.x, box.y, box.x + box.w, box.y + box.h
    if not (r > x and b > y):
        return False
    return any(x0 < r and x < x1 and y0 < b and y < y1 for x0, y0, x1, y1 in edges)


def place(
    label: Box, w: float, h: float, gap: float, labels: list[Box], placed: list[Box],
    frame: Box, above: bool = False,
) -> Box:  # fmt: skip
    """The first free position by `label` for a w x h block; it is added to `placed`.
    When none is free, the first of those covering least (labels first, then blocks);
    when none is inside the frame, the first position."""
    # only what a candidate can reach can be covered (the rest adds nothing to a cost)
    step_x, step_y = max(w / 3, gap), (h + gap) / 2
    cx, cy = label.x + label.w / 2, label.y + label.h / 2
    pad = gap + 1.0
    x0 = min(cx - w / 2 - RINGS * step_x, label.x - gap - w) - pad
    x1 = max(cx + w / 2 + RINGS * step_x, label.right + gap + w) + pad
    y0 = min(cy - h / 2 - RINGS * step_y, label.y - gap - h) - pad
    y1 = max(cy + h / 2 + RINGS * step_y, label.bottom + gap + h) + pad
    labels = [o for o in labels if o.x < x1 and o.right > x0 and o.y < y1 and o.bottom > y0]
    near = [o for o in placed if o.x < x1 and o.right > x0 and o.y < y1 and o.bottom > y0]
    tried: list[Box] = []
    label_edges, near_edges = _edges(labels), _edges(near)
    for box in candidates(label, w, h, gap, above):
        if not box.inside(frame):
            continue
        if not _covers(box, label_edges) and not _covers(box, near_edges):
            placed.append(box)
            return box
        tried.append(box)

    def cost(box: Box) -> tuple[float, float]:
        return sum(box.overlap(b) for b in labels), sum(box.overlap(b) for b in near)

    box = min(tried, key=cost) if tried else next(candidates(label, w, h, gap, above))
    placed.append(box)
    return box
