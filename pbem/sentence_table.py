"""A ruleset's report sentences as a table: one function per event type saying, in one
sentence, what a result event did (`@table.says(SomeEvent)`); the counterpart of
fold_table.FoldTable for the reports (Ruleset.describe_event)."""

from __future__ import annotations

from collections.abc import Callable

from .events import Event


class SentenceTable:
    def __init__(self) -> None:
        self.fns: dict[type, Callable[[Event], str]] = {}

    def says(self, cls: type) -> Callable:
        def register(fn: Callable) -> Callable:
            self.fns[cls] = fn
            return fn

        return register

    def describe(self, e: Event) -> str | None:
        """The event's sentence; None: the report writes a generic line ("": nothing)."""
        fn = self.fns.get(type(e))
        return fn(e) if fn else None
