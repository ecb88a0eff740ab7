"""The base of the Seven Years World War events that only some seats may see (7.0)."""

from __future__ import annotations

from pbem.events import Event


class Private(Event):
    private_to: list[str] = []
