"""One pass over the log: the state at a point, and each resolution batch on the way.

A batch is what `Game.advance` (or `Game.create`) appends in one transaction:
`phase_resolved`, the results, the seed reveal(s), `checkpoint_signed`. Reports end
at a batch's checkpoint, so everything they say follows from the log up to there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import events as ev
from .. import joins
from .. import ruleset as registry
from ..ruleset import Step
from ..state import GameState, fold

if TYPE_CHECKING:
    from ..service import Game

SETUP_TITLE = "Set-up: the game is created"


@dataclass
class Batch:
    index: int  # the resolution number (1: the creation batch)
    phase: str
    header: int  # log seq of its phase_resolved
    stop: int = 0  # log seq of its checkpoint_signed (0 while the batch is open)
    step: Step | None = None  # the step it resolved (None for the creation batch)
    after: Step | None = None  # what the game waits on once it is written
    ended: bool = False  # the game ended in this batch

    @property
    def title(self) -> str:
        return self.step.title if self.step else SETUP_TITLE

    @property
    def turn(self) -> str:
        return self.step.turn if self.step else ""


def scan(
    game: Game,
    stop: int | None = None,
    on_event: Callable[[int, ev.Event, GameState], None] | None = None,
    after: Callable[[int, GameState, list[Batch]], None] | None = None,
) -> tuple[GameState, list[Batch]]:
    """Fold the log up to `stop` (inclusive; None: all of it) into a fresh state,
    noting every batch. `on_event(seq, event, state)` sees each event just before
    it is folded (so `state.rules` is the rules state the event applies to);
    `after(seq, state, batches)` each one just after (the batches closed so far)."""
    st = GameState()
    batches: list[Batch] = []
    current: Batch | None = None
    for row in game.log.rows(1, stop):
        e = row.event()
        if on_event is not None:
            on_event(row.seq, e, st)
        if isinstance(e, ev.PhaseResolved):
            step = st.ruleset.step(st.rules) if e.index > 1 and st.ended is None else None
            current = Batch(e.index, e.phase, row.seq, step=step)
        elif isinstance(e, ev.GameStopped):  # the referee's end: a batch of its own (index 0)
            current = Batch(0, "", row.seq)
        fold(st, row.seq, e, registry.get)
        st.head = row.hash
        if isinstance(e, ev.CheckpointSigned) and current is None and joins.awaiting(st):
            # a game with joins: its creation batch asks every player for his random value
            current = Batch(0, "", 1)
        if isinstance(e, ev.CheckpointSigned) and current is not None:
            current.stop = row.seq
            current.ended = st.ended is not None
            current.after = joins.open_step(st)
            batches.append(current)
            current = None
        if after is not None:
            after(row.seq, st, batches)
    return st, batches
