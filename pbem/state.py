"""The game state as a fold of the log: the core's part, with the ruleset's inside."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import events as ev
from .errors import LogCorrupt
from .log import GENESIS
from .ruleset import STANDING, Ruleset


@dataclass
class Accepted:
    seq: int  # log seq of the OrdersAccepted event
    event: ev.OrdersAccepted


@dataclass
class GameState:
    ruleset: Ruleset | None = None
    created: ev.GameCreated | None = None
    players: dict[str, ev.PlayerRegistered] = field(default_factory=dict)
    rules: Any = None
    seq: int = 0
    head: str = GENESIS
    orders: dict[str, dict[str, Accepted]] = field(default_factory=dict)  # phase -> power ->
    standing: dict[str, Accepted] = field(default_factory=dict)
    last_envelope_seq: dict[str, int] = field(default_factory=dict)
    digests: dict[str, int] = field(default_factory=dict)  # envelope digest -> log seq
    deadlines: set[str] = field(default_factory=set)
    resolutions: int = 0
    resolved_phases: list[tuple[str, int]] = field(default_factory=list)  # (phase, log seq)
    revealed: dict[str, dict[int, str]] = field(
        default_factory=lambda: {"public": {}, "hidden": {}}
    )
    checkpoint: ev.CheckpointSigned | None = None
    delivered: dict[str, str] = field(default_factory=dict)  # report key -> content hash
    ended: ev.GameEnded | None = None

    @property
    def game(self) -> str:
        assert self.created is not None
        return self.created.game

    @property
    def game_ref(self) -> str:
        """What an envelope's `Game:` line must say: the game id and its unique id."""
        assert self.created is not None
        c = self.created
        return f"{c.game} {c.uid}" if c.uid else c.game


def fold(state: GameState, seq: int, e: ev.Event, load_ruleset) -> GameState:
    """Apply one event. `load_ruleset(name)` is called once, on GameCreated."""
    t = e.type
    if t == "game_created":
        if state.created is not None:
            raise LogCorrupt(f"event {seq}: a second game_created")
        state.created = e
        state.ruleset = load_ruleset(e.ruleset)
        state.rules = state.ruleset.new_state(e.scenario, dict(e.options))
    elif state.created is None:
        raise LogCorrupt(f"event {seq}: the log must start with game_created, not {t}")
    elif t == "player_registered":
        if e.power in state.players or state.resolutions:
            raise LogCorrupt(
                f"event {seq}: {e.power} registered again after the game began (a swapped key)"
            )
        state.players[e.power] = e
    elif t == "orders_accepted":
        acc = Accepted(seq, e)
        if e.phase == STANDING:
            state.standing[e.power] = acc
        else:
            state.orders.setdefault(e.phase, {})[e.power] = acc
        state.last_envelope_seq[e.power] = e.seq
        state.digests[e.digest] = seq
    elif t == "deadline_passed":
        state.deadlines.add(e.phase)
    elif t == "phase_resolved":
        state.resolutions = e.index
        state.orders.pop(e.phase, None)
        state.deadlines.discard(e.phase)
        state.resolved_phases.append((e.phase, seq))
    elif t == "seed_revealed":
        state.revealed.setdefault(e.stream, {})[e.index] = e.seed
    elif t == "checkpoint_signed":
        state.checkpoint = e
    elif t == "game_ended":
        state.ended = e
    elif t == "dice_rolled":
        pass
    elif t == "report_delivered":
        state.delivered[e.key] = e.content_hash
    else:
        state.rules = state.ruleset.apply(state.rules, e)
    state.seq = seq
    return state
