"""Where the chips and badges of a map go so that none covers an area's name (issue 18).

Pure geometry in map units. Every label is an obstacle; each block (an area's chips, a
badge) is tried at positions around its area's label, nearest first, and takes the
first that covers no label and no block placed before it, inside the drawn frame. When
no position is free, the one covering least of the labels is taken.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

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


def candidates(label: Box, w: float, h: float, gap: float, above: bool) -> list[Box]:
    """Positions for a w x h block by `label`: under it, over it, beside it, then on a
    grid of steps around it, nearest first (`above`: over it before under it, as
    badges go)."""
    cx, cy = label.x + label.w / 2, label.y + label.h / 2
    under = Box(cx - w / 2, label.bottom + gap, w, h)
    over = Box(cx - w / 2, label.y - gap - h, w, h)
    right = Box(label.right + gap, cy - h / 2, w, h)
    left = Box(label.x - gap - w, cy - h / 2, w, h)
    out = [over, under, right, left] if above else [under, over, right, left]
    if label.w == 0 and label.h == 0:  # no name (a square of a grid): on the point first
        out.insert(0, Box(cx - w / 2, cy - h / 2, w, h))
    step_x, step_y = max(w / 3, gap), (h + gap) / 2
    grid = []
    for i in range(-RINGS, RINGS + 1):
        for j in range(-RINGS, RINGS + 1):
            box = Box(cx - w / 2 + i * step_x, cy - h / 2 + j * step_y, w, h)
            if box.overlap(label) == 0:
                grid.append((math.hypot(i * step_x, j * step_y), i, j, box))
    return out + [b for *_, b in sorted(grid, key=lambda t: t[:3])]


def place(
    label: Box, w: float, h: float, gap: float, labels: list[Box], placed: list[Box],
    frame: Box, above: bool = False,
) -> Box:  # fmt: skip
    """The first free position by `label` for a w x h block; it is added to `placed`."""
    best, best_cost = None, None
    for box in candidates(label, w, h, gap, above):
        if not box.inside(frame):
            continue
        on_labels = sum(box.overlap(b) for b in labels)
        on_blocks = sum(box.overlap(b) for b in placed)
        if on_labels == 0 and on_blocks == 0:
            placed.append(box)
            return box
        cost = (on_labels, on_blocks)
        if best_cost is None or cost < best_cost:
            best, best_cost = box, cost
    box = best or candidates(label, w, h, gap, above)[0]
    placed.append(box)
    return box
