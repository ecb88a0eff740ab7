"""The sequence of play (SK 4.1 campaign turns, 4.2 winter turns, One-Year Scenario
Special Rules) as stages, and the rules of each stage behind one small interface.

A stage's rules object has:
    owes(s)                       -> powers that must send orders (() = runs on standing orders)
    parse(content, s, power, lines) -> Parsed
    validate(content, s, power, orders) -> list[Problem]
    default(content, s, power)    -> the orders of a power that sent none
    resolve(ctx, content, step, orders, standing) -> None (emits events, ends with a transition)
Modules register theirs with `register(stage, rules)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, Protocol

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import OrderLine, Parsed, Problem, Step

from .calendar import is_winter, label, phase_id
from .content import SoldierContent
from .fold import on
from .state import SoldierState

CAMPAIGN = ("purchase", "initiative", "action", "peace")  # SK 4.1
WINTER = ("attrition", "maintenance", "victory")  # SK 4.2 as the one-year rules cut it
TITLES = {
    "purchase": "Purchase Phase",
    "initiative": "Initiative Phase",
    "peace": "Peace Phase",
    "attrition": "Winter Attrition Phase",
    "maintenance": "Maintenance Phase",
    "victory": "Victory Phase",
    "resources": "Resource and Manpower Phase",
    "cards": "Event Card Phase",
    "diplomacy": "Diplomacy Phase",
}


class StageRules(Protocol):
    def owes(self, s: SoldierState) -> tuple[str, ...]: ...

    def parse(
        self, content: SoldierContent, s: SoldierState, power: str, lines: list[OrderLine]
    ) -> Parsed: ...

    def validate(
        self, content: SoldierContent, s: SoldierState, power: str, orders: Any
    ) -> list[Problem]: ...

    def default(self, content: SoldierContent, s: SoldierState, power: str) -> Any: ...

    def resolve(
        self,
        ctx: Resolution,
        content: SoldierContent,
        step: Step,
        orders: dict,
        standing: dict,
    ) -> None: ...


STAGES: dict[str, StageRules] = {}


def register(stage: str, rules: StageRules) -> None:
    STAGES[stage] = rules


class NoOrders:
    """A stage run on standing orders only."""

    def owes(self, s: SoldierState) -> tuple[str, ...]:
        return ()

    def parse(self, content, s, power, lines) -> Parsed:
        return Parsed(
            None, [Problem("no orders are taken in this phase; give standing orders instead")]
        )

    def validate(self, content, s, power, orders) -> list[Problem]:
        return []

    def default(self, content, s, power) -> Any:
        return None


def same_side(s: SoldierState, power: str) -> tuple[str, ...]:
    """SK 16.1: formal allies move and fight in each other's action phases. Powers
    played by one player count as formal allies (issue choice, docs/orders-soldier-kings.md)."""
    return tuple(p for p in s.majors if p != power and s.friendly(p, power))


def current_step(content: SoldierContent, s: SoldierState) -> Step | None:
    if s.stage in ("over", "new", "setup"):
        return None
    if s.stage not in STAGES:
        raise ValueError(f"no rules registered for the stage {s.stage!r}")
    rules = STAGES[s.stage]
    first = content.game.first_year
    if s.stage == "action":
        power = s.initiative[s.acting]
        return Step(
            phase_id(s.turn, "action", first, power),
            f"{label(s.turn, first)}: {power}'s Action Phase",
            (power,),
            may=same_side(s, power),
            turn=label(s.turn, first),
        )
    return Step(
        phase_id(s.turn, s.stage, first),
        f"{label(s.turn, first)}: {TITLES[s.stage]}",
        rules.owes(s),
        turn=label(s.turn, first),
    )


# --- transitions ------------------------------------------------------------------


@event
class StageOver(Event):
    """The phase is done; `next` is the stage that follows within the turn."""

    type: Literal["sk.stage_over"] = "sk.stage_over"
    stage: str
    next: str


@event
class InitiativeSet(Event):
    """SK 4.1 Initiative Phase: the order of the action phases."""

    type: Literal["sk.initiative_set"] = "sk.initiative_set"
    order: list[str]
    # the rolls behind the order, for the report, in the order rolled: {"power", "round"
    # (1, then 2, 3... for ties rolled again), "dice", "modifiers": [[value, why], ...],
    # "total"}; empty in logs written before they were kept
    rolls: list[dict] = []


@event
class ActionPhaseOver(Event):
    type: Literal["sk.action_phase_over"] = "sk.action_phase_over"
    power: str


@event
class GameOver(Event):
    type: Literal["sk.game_over"] = "sk.game_over"
    result: str


@on(StageOver)
def _(s: SoldierState, e: StageOver) -> None:
    s.stage = e.next


@on(InitiativeSet)
def _(s: SoldierState, e: InitiativeSet) -> None:
    s.initiative = list(e.order)
    s.acting = 0
    s.stage = "action"


@on(ActionPhaseOver)
def _(s: SoldierState, e: ActionPhaseOver) -> None:
    s.acting += 1
    s.entered = {}
    s.moves = []
    if s.acting >= len(s.initiative):
        # a Winter Campaign card's action phase comes before Winter Attrition (cards.py)
        s.stage = "attrition" if is_winter(s.turn) else "peace"


@on(GameOver)
def _(s: SoldierState, e: GameOver) -> None:
    s.stage = "over"
    s.result = e.result


# What may end the war at the end of a Winter turn, after its last phase: SKO Ending the
# game's die (winter.py registers it, so this module imports no rules of the end).
WINTER_ENDS: list[Callable[[Resolution], str | None]] = []


def at_winter_end(ends: Callable[[Resolution], str | None]) -> None:
    """`ends(ctx)` is asked at the end of each Winter turn: the game's result if the war
    ends there, else None."""
    WINTER_ENDS.append(ends)


def next_turn(ctx: Resolution) -> None:
    """End the turn: the next turn begins, or, at the end of a Winter turn, the war may end
    (SKO Ending the game, WINTER_ENDS)."""
    from .events import TurnBegan

    s: SoldierState = ctx.state
    if is_winter(s.turn):
        for ends in WINTER_ENDS:
            if (result := ends(ctx)) is not None:
                ctx.emit(GameOver(result=result))
                return
    t = s.turn + 1
    ctx.emit(TurnBegan(turn=t, stage="attrition" if is_winter(t) else "purchase"))
