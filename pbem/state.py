"""The game state as a fold of the log: the core's part, with the ruleset's inside."""

from __future__ import annotations

import json
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
    # the last Sequence accepted from each power, orders and standing orders apart (docs/
    # signing.md): a report's two envelopes may arrive in either order
    last_envelope_seq: dict[str, int] = field(default_factory=dict)  # phase orders
    last_standing_seq: dict[str, int] = field(default_factory=dict)  # Phase: standing
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
    # the service (docs/service.md)
    schedule: dict | None = None  # pbem.deadlines.Schedule as a dict; None: no schedule
    due: dict[str, ev.DeadlineSet] = field(default_factory=dict)  # open phase -> its deadline
    due_for: dict[str, dict[str, ev.DeadlineSet]] = field(default_factory=dict)  # extensions
    paused: ev.GamePaused | None = None
    disorder: set[str] = field(default_factory=set)  # powers in civil disorder
    misses: dict[str, int] = field(default_factory=dict)  # deadlines missed in a row
    mailed: dict[str, ev.MailSent] = field(default_factory=dict)  # outbox name -> record
    answered: dict[str, str] = field(default_factory=dict)  # mailbox key answered -> outbox name
    requests: dict[str, list[str]] = field(default_factory=dict)  # power -> request times

    @property
    def game(self) -> str:
        assert self.created is not None
        return self.created.game

    @property
    def tz(self) -> str:
        """The time zone the schedule shows deadlines in (UTC without a schedule)."""
        return (self.schedule or {}).get("tz", "UTC")

    def due_of(self, phase: str, power: str) -> str | None:
        """When `power`'s orders for `phase` are due (UTC), if a deadline was set."""
        own = self.due_for.get(phase, {}).get(power)
        if own is not None:
            return own.due
        e = self.due.get(phase)
        return e.due if e is not None else None

    def missing(self, phase: str, owes) -> list[str]:
        """The powers of `owes` whose orders for `phase` are not in; a power in civil
        disorder is not waited for (docs/service.md)."""
        have = self.orders.get(phase, {})
        return [p for p in owes if p not in have and p not in self.disorder]

    def last_sequence(self, power: str, phase: str) -> int | None:
        """The last Sequence accepted from `power` for an envelope of `phase`'s kind:
        standing orders, or orders for a phase (each must rise above its own kind's)."""
        by = self.last_standing_seq if phase == STANDING else self.last_envelope_seq
        return by.get(power)

    def next_sequence(self, power: str) -> int:
        """A Sequence above every one accepted from `power`, of either kind: what a
        report's envelopes carry (both the same: they are of different kinds)."""
        return max(self.last_envelope_seq.get(power, 0), self.last_standing_seq.get(power, 0)) + 1

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
        if e.phase == STANDING:
            state.last_standing_seq[e.power] = e.seq
        else:
            state.last_envelope_seq[e.power] = e.seq
        state.digests[e.digest] = seq
    elif t == "deadline_passed":
        state.deadlines.add(e.phase)
    elif t == "phase_resolved":
        state.resolutions = e.index
        state.orders.pop(e.phase, None)
        state.deadlines.discard(e.phase)
        state.due.pop(e.phase, None)
        state.due_for.pop(e.phase, None)
        state.resolved_phases.append((e.phase, seq))
        for p in e.defaulted:  # a deadline missed (a power in civil disorder misses none)
            if p not in state.disorder:
                state.misses[p] = state.misses.get(p, 0) + 1
        for p in e.orders:
            state.misses.pop(p, None)
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
    elif t in _SERVICE:
        _SERVICE[t](state, e)
    else:
        state.rules = state.ruleset.apply(state.rules, e)
    state.seq = seq
    return state


# --- the service's events (docs/service.md) ----------------------------------------------


def _schedule_set(state: GameState, e: ev.ScheduleSet) -> None:
    state.schedule = dict(e.schedule)


def _deadline_set(state: GameState, e: ev.DeadlineSet) -> None:
    if e.power is None:
        state.due[e.phase] = e
        state.due_for.pop(e.phase, None)  # a new deadline for all replaces the extensions
    else:
        state.due_for.setdefault(e.phase, {})[e.power] = e


def _paused(state: GameState, e: ev.GamePaused) -> None:
    state.paused = e


def _resumed(state: GameState, e: ev.GameResumed) -> None:
    state.paused = None


def _player_changed(state: GameState, e: ev.PlayerChanged) -> None:
    old = state.players.get(e.power)
    if old is None:
        raise LogCorrupt(f"player_changed for {e.power}, who has no player")
    change = {k: v for k in ("name", "email", "public_key") if (v := getattr(e, k)) is not None}
    state.players[e.power] = old.model_copy(update=change)
    if e.replaced:
        state.disorder.discard(e.power)
        state.misses.pop(e.power, None)


def _civil_disorder(state: GameState, e: ev.CivilDisorder) -> None:
    state.disorder.add(e.power)


def _stopped(state: GameState, e: ev.GameStopped) -> None:
    state.ended = ev.GameEnded(summary=f"The referee ended the game early: {e.reason}")


def _mail_sent(state: GameState, e: ev.MailSent) -> None:
    state.mailed[e.name] = e
    if e.answers:
        state.answered[e.answers] = e.name
    if e.what == "request" and e.power:
        state.requests.setdefault(e.power, []).append(e.sent_at)


_SERVICE = {
    "schedule_set": _schedule_set,
    "deadline_set": _deadline_set,
    "game_paused": _paused,
    "game_resumed": _resumed,
    "player_changed": _player_changed,
    "civil_disorder": _civil_disorder,
    "game_stopped": _stopped,
    "mail_sent": _mail_sent,
}
# the events whose fold leaves the rules state as it is (every other one goes to the
# ruleset, or makes the rules state: game_created)
KEEPS_RULES = frozenset(
    {
        "player_registered", "orders_accepted", "deadline_passed", "phase_resolved",
        "seed_revealed", "checkpoint_signed", "game_ended", "dice_rolled", "report_delivered",
        *_SERVICE,
    }
)  # fmt: skip


def option_words(options: dict) -> tuple[str, ...]:
    """`NAME` for a switch, `NAME=VALUE` otherwise, sorted: as the referee wrote them."""
    return tuple(
        sorted(
            k if v is True else f"{k}={json.dumps(v) if not isinstance(v, str) else v}"
            for k, v in options.items()
        )
    )
