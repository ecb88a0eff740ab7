"""The context a ruleset resolves a phase in: a working copy of the state, the
events emitted so far (each folded as it is emitted), and the dice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from .clone import clone
from .dice import DiceScriptError, DiceSource, ScriptedDice
from .events import DiceRolled, Event

if TYPE_CHECKING:
    from .ruleset import Ruleset

T = TypeVar("T")


class Resolution:
    def __init__(
        self,
        ruleset: Ruleset,
        state: Any,
        public: DiceSource,
        hidden: DiceSource | None = None,
        *,
        in_place: bool = False,
        watch: Callable[[Any, Event], None] | None = None,
    ):
        """`in_place`: work on `state` itself rather than a deep copy (verify, which
        rebuilds the state from the log if a recomputation fails or differs). `watch`:
        called with the state and each event before the event is folded (the service
        decides there who may read it: pbem/seal_hidden.py)."""
        self.ruleset = ruleset
        self.state = state if in_place else clone(state)
        self.public = public
        self.hidden = hidden or public
        self.events: list[Event] = []
        self.watch = watch  # sees each event with the state just before it

    def emit(self, event: Event) -> None:
        if self.watch is not None:
            self.watch(self.state, event)
        self.events.append(event)
        if not isinstance(event, DiceRolled):  # core events are not the ruleset's to fold
            self.state = self.ruleset.apply(self.state, event)

    def roll(self, label: str, count: int = 1, sides: int = 6) -> list[int]:
        """Roll `count` dice of `sides` faces, recorded with what they were for."""
        if isinstance(self.public, ScriptedDice):
            values = [self.public.next_value(label) for _ in range(count)]
            bad = [v for v in values if not 1 <= v <= sides]
            if bad:
                raise DiceScriptError(f"scripted roll {bad[0]} for {label!r} is not a d{sides}")
        else:
            values = [self.public.randbelow(label, sides) + 1 for _ in range(count)]
        self.emit(
            DiceRolled(
                label=label,
                sides=sides,
                values=values,
                stream=_stream(self.public),
                draw="roll",
            )
        )
        return values

    def pick(self, label: str, n: int) -> int:
        """A public uniform draw in 0..n-1 (random selection of face-up counters)."""
        v = self.public.randbelow(label, n)
        self.emit(
            DiceRolled(label=label, sides=n, values=[v], stream=_stream(self.public), draw="pick")
        )
        return v

    def draw(self, label: str, n: int) -> int:
        """A secret uniform draw in 0..n-1 from the hidden stream."""
        v = self.hidden.randbelow(label, n)
        self.emit(
            DiceRolled(
                label=label,
                sides=n,
                values=[v],
                stream=_stream(self.hidden, "hidden"),
                draw="draw",
            )
        )
        return v

    def shuffle(self, label: str, items: Sequence[T]) -> list[T]:
        """Fisher-Yates from the hidden stream; one recorded draw per swap."""
        out = list(items)
        picks = []
        for i in range(len(out) - 1, 0, -1):
            j = self.hidden.randbelow(label, i + 1)
            picks.append(j)
            out[i], out[j] = out[j], out[i]
        self.emit(
            DiceRolled(
                label=label,
                sides=len(out),
                values=picks,
                stream=_stream(self.hidden, "hidden"),
                draw="shuffle",
            )
        )
        return out


def _stream(source: DiceSource, default: str = "public") -> str:
    name = getattr(source, "stream_name", default)
    return name if name in ("public", "hidden", "scripted") else default
