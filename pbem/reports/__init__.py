"""Per-power turn reports, HTML and plain text (docs/reports.md).

render(game, power, start, stop) -> Report (.subject, .text, .html, .content_hash)
pending(game, delivered=()) -> [Due(power, start, stop, key), ...]
schedule(game) -> every report the log calls for
"""

from __future__ import annotations

from .build import Report, render, visible
from .files import write_reports
from .model import MapArea, MapMarker, MapStack, MapView, Section
from .schedule import Due, pending, schedule, select

__all__ = [
    "Due",
    "MapArea",
    "MapMarker",
    "MapStack",
    "MapView",
    "Report",
    "Section",
    "pending",
    "render",
    "schedule",
    "select",
    "visible",
    "write_reports",
]
