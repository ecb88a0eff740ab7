"""What the maps of a report show, as tables for its plain-text part (issue 18): the
areas of the theatre (or, with no theatre, every area with pieces or markers) with
their values and pieces, and the moves since the last report."""

from __future__ import annotations

from .model import MapView, Section
from .theatre import frame_of


def _after(prefix: str, text: str) -> str:
    return text[len(prefix) :] if text.startswith(prefix) else text


def map_sections(view: MapView) -> list[Section]:
    frame = frame_of(view)
    stacks: dict[str, list[str]] = {}
    for s in view.stacks:
        stacks.setdefault(s.area, []).append(_after(f"{s.owner} in {s.area}: ", s.title or s.text))
    marks: dict[str, list[str]] = {}
    for m in view.markers:
        marks.setdefault(m.area, []).append(m.text)
    wanted = set(stacks) | set(marks)
    if frame is not None:
        inside = {
            a.name
            for a in view.areas
            if frame.x <= a.label[0] <= frame.x + frame.w
            and frame.y <= a.label[1] <= frame.y + frame.h
        }
        wanted = set(view.focus) | (wanted & inside)
    rows = []
    for a in sorted((a for a in view.areas if a.name in wanted), key=lambda a: a.name):
        rows.append(
            (
                a.name,
                _after(f"{a.name}: ", a.title or a.name),
                "; ".join(stacks.get(a.name, [])) or "-",
                ", ".join(marks.get(a.name, [])) or "-",
            )
        )
    title = "The map: your theatre, area by area" if frame else "The map: areas with pieces"
    out = [Section(title, ("area", "what it is", "pieces", "marked"), tuple(rows))] if rows else []
    moves = tuple((m.title, " -> ".join(m.path)) for m in view.moves)
    if moves:
        out.append(Section("The map: moves since the last report", ("who", "path"), moves))
    return out
