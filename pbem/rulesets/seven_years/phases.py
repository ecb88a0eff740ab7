"""7YWW 3.1 Sequence of play as pbem steps (plan section 2.1), and the rules of each
stage behind one small interface.

A stage's rules object has:
    owes(s)                             -> seats that must send orders (() = automatic)
    parse(c, s, seat, lines)            -> Parsed
    validate(c, s, seat, orders)        -> list[Problem]
    default(c, s, seat)                 -> the orders of a seat that sent none
    resolve(ctx, c, step, orders, standing) -> None (emits events, ends with a transition
                                           from this module)
Modules register theirs with `register(stage, rules)`."""

from __future__ import annotations

from typing import Any, Protocol

from pbem.resolution import Resolution
from pbem.ruleset import OrderLine, Parsed, Problem, Step

from . import events as E
from .content import Content
from .state import SYWState

TITLES = {
    "choose": "Free deployment: choosing the powers (7YWW 28.57)",
    "place": "Set-up: placing the forces (7YWW 28.6)",
    "start": "Initiative, taxation and free campaign markers (7YWW 3.1(1)-(2)(b))",
    "treasury": "Treasury Phase: recruiting, training, disbanding (7YWW 3.1(2))",
    "turn": "player turn: diplomacy, movement, combat (7YWW 3.1(3)-(4))",
    "end": "Provisioning and the end of the game turn (7YWW 3.1(5)-(7))",
}


class StageRules(Protocol):
    def owes(self, s: SYWState) -> tuple[str, ...]: ...

    def parse(self, c: Content, s: SYWState, seat: str, lines: list[OrderLine]) -> Parsed: ...

    def validate(self, c: Content, s: SYWState, seat: str, orders: Any) -> list[Problem]: ...

    def default(self, c: Content, s: SYWState, seat: str) -> Any: ...

    def resolve(
        self, ctx: Resolution, c: Content, step: Step, orders: dict, standing: dict
    ) -> None: ...


STAGES: dict[str, StageRules] = {}


def register(stage: str, rules: StageRules) -> None:
    STAGES[stage] = rules


class Automatic:
    """A stage that takes no orders (owes nobody): run on standing orders."""

    def owes(self, s: SYWState) -> tuple[str, ...]:
        return ()

    def parse(self, c, s, seat, lines) -> Parsed:
        return Parsed(
            None, [Problem("no orders are taken in this phase; give standing orders instead")]
        )

    def validate(self, c, s, seat, orders) -> list[Problem]:
        return []

    def default(self, c, s, seat) -> Any:
        return None


def years(turn: int) -> str:
    """28.1: turn 1 is 1756-57."""
    y = 1755 + turn
    return f"{y}-{(y + 1) % 100:02d}"


def seat_number(seat: str) -> int:
    return int(seat.rsplit(" ", 1)[1])


def phase_id(s: SYWState) -> str:
    y = 1755 + max(s.turn, 1)
    if s.stage == "place":
        return f"{y}-setup"
    if s.stage == "turn":
        seat = s.order[s.acting]
        part = f"-{s.progress.part}" if s.progress.part > 1 else ""
        return f"{y}-c{seat_number(seat)}{part}"
    return f"{y}-{s.stage}"


def step(s: SYWState) -> Step | None:
    if s.stage in ("over", "setup") or s.stage not in STAGES:
        return None
    rules = STAGES[s.stage]
    turn = max(s.turn, 1)
    head = f"{years(turn)} (game turn {turn} of {s.last_turn})"
    if s.stage == "turn":
        seat = s.order[s.acting]
        part = f", part {s.progress.part}" if s.progress.part > 1 else ""
        what = TITLES["turn"]
        if "pillage" in s.options:  # 7YWW 3.1(3)(d): the pillage phase (option)
            what = what.replace("movement, combat", "movement, combat, pillage")
        title = f"{head}: {seat}'s {what}{part}"
    else:
        title = f"{head}: {TITLES[s.stage]}"
    return Step(phase_id(s), title, rules.owes(s), turn=f"{years(turn)}")


# ------------------------------------------------------------------ transitions


def to_stage(ctx: Resolution, stage: str, turn: int | None = None) -> None:
    s: SYWState = ctx.state
    ctx.emit(E.StageSet(turn=s.turn if turn is None else turn, stage=stage))


def after_treasury(ctx: Resolution) -> None:
    """3.1(3): the first player's turn follows the Treasury Phase."""
    s: SYWState = ctx.state
    ctx.emit(E.StageSet(turn=s.turn, stage="turn", acting=0))


def continue_turn(ctx: Resolution) -> None:
    """Plan 2.4: after `wait`, the same player's turn goes on in a new envelope."""
    s: SYWState = ctx.state
    ctx.emit(E.StageSet(turn=s.turn, stage="turn", acting=s.acting, part=s.progress.part + 1))


def after_player_turn(ctx: Resolution) -> None:
    """3.1(4): each other player in initiative order, then the end of the turn."""
    s: SYWState = ctx.state
    if s.acting + 1 < len(s.order):
        ctx.emit(E.StageSet(turn=s.turn, stage="turn", acting=s.acting + 1))
    else:
        ctx.emit(E.StageSet(turn=s.turn, stage="end"))


def next_turn(ctx: Resolution) -> None:
    """3.1(7): the next game turn begins (the caller ends the game after the last)."""
    s: SYWState = ctx.state
    ctx.emit(E.StageSet(turn=s.turn + 1, stage="start"))
