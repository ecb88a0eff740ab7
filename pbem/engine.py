"""Building one resolution from the state and its inputs. Shared by `advance`, which
records it, and `verify`, which recomputes it and compares."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from . import envelope
from . import events as ev
from .canonical import digest_of
from .dice import DiceSource
from .resolution import Resolution
from .ruleset import STANDING, Step
from .state import GameState

SETUP = "setup"


def orders_digest(phase: str, index: int, counted: dict[str, str], standing: dict[str, str]) -> str:
    return digest_of({"phase": phase, "index": index, "orders": counted, "standing": standing})


def header(state: GameState, step: Step) -> ev.PhaseResolved:
    if state.resolutions == 0:  # the set-up, after the players' joins
        return setup_header(state)
    return ev.PhaseResolved(**header_fields(state, step))


def header_fields(state: GameState, step: Step) -> dict[str, Any]:
    """`header` after the set-up, as the event's fields (its `type` too), not yet made
    into the event: verify compares them with the header it has read, and makes the
    event only when they differ (issue 9)."""
    index = state.resolutions + 1
    have = state.orders.get(step.phase, {})
    counted = {p: a for p, a in sorted(have.items())}
    standing = {p: a for p, a in sorted(state.standing.items())}
    return {
        "type": "phase_resolved",
        "phase": step.phase,
        "index": index,
        "orders": {p: a.seq for p, a in counted.items()},
        "standing": {p: a.seq for p, a in standing.items()},
        "defaulted": [p for p in step.owes if p not in have],
        "orders_digest": orders_digest(
            step.phase,
            index,
            {p: a.event.digest for p, a in counted.items()},
            {p: a.event.digest for p, a in standing.items()},
        ),
    }


def setup_digest(c: ev.GameCreated, joined: dict[str, str]) -> str:
    """Resolution 1's orders digest: the game as created and, in a game with joins
    (pbem/joins.py), the sealed digest of every player's join envelope counted."""
    what: dict[str, Any] = {
        "phase": SETUP,
        "index": 1,
        "game": c.game,
        "scenario": c.scenario,
        "options": c.options,
    }
    if c.joins:
        what["orders"] = dict(sorted(joined.items()))
    return digest_of(what)


def setup_header(state: GameState) -> ev.PhaseResolved:
    assert state.created is not None
    c = state.created
    if not c.joins:
        return ev.PhaseResolved(phase=SETUP, index=1, orders={}, orders_digest=setup_digest(c, {}))
    have = dict(sorted(state.orders.get(SETUP, {}).items()))
    return ev.PhaseResolved(
        phase=SETUP,
        index=1,
        orders={p: a.seq for p, a in have.items()},
        defaulted=[p for p in state.players if p not in have],
        orders_digest=setup_digest(c, {p: a.event.digest for p, a in have.items()}),
    )


def _parse_accepted(state: GameState, acc, phase: str, parsed: dict | None = None) -> Any:
    if parsed is not None and (key := parsed_key(acc.event)) in parsed:
        return parsed.pop(key)
    rs = state.ruleset
    lines = list(stored_orders(acc.event.envelope))
    return rs.parse(state.rules, acc.event.power, phase, lines).orders


def parsed_key(e: ev.OrdersAccepted) -> tuple:
    return (e.power, e.phase, e.seq)


@lru_cache(maxsize=4096)
def stored_envelope(text: str) -> envelope.Envelope:
    """An accepted envelope as stored in the log, read once (a pure function of the
    text; verify and every resolution read it again): not to be changed by callers."""
    return envelope.parse(text)


def stored_orders(text: str) -> tuple:
    """The order lines of an accepted envelope: standing orders are read again at every
    resolution (issue 9)."""
    return tuple(stored_envelope(text).orders)


def run(
    state: GameState,
    step: Step | None,
    public: DiceSource,
    hidden: DiceSource,
    *,
    in_place: bool = False,
    parsed: dict | None = None,
    head: ev.PhaseResolved | None = None,
    watch: Callable[[Any, ev.Event], None] | None = None,
) -> tuple[ev.PhaseResolved, list[ev.Event], Any]:
    """Resolve `step` (or the set-up when step is None): the header, the results and
    the rules state after them (the results folded into it, as they were emitted).

    `in_place` resolves on `state.rules` itself instead of a copy: the caller must
    then not use `state.rules` again unless the resolution succeeded as recorded.
    `parsed`: orders of this step already read from `state.rules` as it is now (verify
    reads them when it checks the envelope), by `parsed_key`; used once each. `head`:
    the header as `header` makes it, when the caller has it already. `watch`: sees each
    result with the rules state just before it (Resolution)."""
    rs = state.ruleset
    assert rs is not None and state.created is not None
    ctx = Resolution(rs, state.rules, public, hidden, in_place=in_place, watch=watch)
    if step is None or state.resolutions == 0:
        head = setup_header(state)
        rs.setup(ctx, state.created.scenario, dict(state.created.options))
        return head, ctx.events, ctx.state
    head = head or header(state, step)
    have = state.orders.get(step.phase, {})
    orders = {}
    for power in [*step.owes, *(p for p in step.may if p in have)]:
        if power in have:
            orders[power] = _parse_accepted(state, have[power], step.phase, parsed)
        else:
            orders[power] = rs.default_orders(state.rules, power, step.phase)
    standing = {p: _parse_accepted(state, a, STANDING) for p, a in sorted(state.standing.items())}
    rs.resolve(ctx, step, orders, standing)
    return head, ctx.events, ctx.state
