"""A ruleset's fold as a table: one function per event type, registered where the rule
that emits the event lives (`@table.on(SomeEvent)`); a function may change the state in
place (returning None) or return a new one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .events import Event


class FoldTable:
    def __init__(self, game: str):
        self.game = game
        self.fns: dict[type, Callable[[Any, Any], Any]] = {}

    def on(self, cls: type) -> Callable:
        def register(fn: Callable) -> Callable:
            self.fns[cls] = fn
            return fn

        return register

    def apply(self, state: Any, e: Event) -> Any:
        fn = self.fns.get(type(e))
        if fn is None:
            raise ValueError(f"the {self.game} rules do not know the event {e.type!r}")
        out = fn(state, e)
        return state if out is None else out
