"""SK 4.1 Action Phases: one per major power in initiative order; formal allies
(here: powers on the same side) may move and fight in it too (SK 16.1). Within it
(SK 4.1): land movement, land combat, siege (naval steps come with the war at sea).

Orders of an action phase, one per line, carried out in the order given within
each step:
    move PIECES to AREA[, AREA...]           (SK 8; one line is one group's whole move)
    attack AREA probe|assault|invasion [...] (SK 9.2-9.4; order of lines = order of battles)
    siege AREA N rounds                      (SK 12.1-12.2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pbem.resolution import Resolution
from pbem.ruleset import OrderLine, Parsed, Problem, Step
from pbem.suggest import closest

from . import combat, movement, peace, phases, siege
from .content import SoldierKingsContent
from .names import Names
from .phases import ActionPhaseOver
from .state import SKState

VERBS = ("move", "attack", "siege", "surrender")


@dataclass
class ActionOrders:
    moves: list[movement.MoveOrder] = field(default_factory=list)
    attacks: list[combat.AttackOrder] = field(default_factory=list)
    sieges: list[siege.SiegeOrder] = field(default_factory=list)
    surrender: list[str] | None = None  # SK 15.0, carried out in the Peace Phase


class ActionPhase:
    def owes(self, s: SKState) -> tuple[str, ...]:
        return (s.initiative[s.acting],)

    def parse(
        self, content: SoldierKingsContent, s: SKState, power: str, lines: list[OrderLine]
    ) -> Parsed:
        names = Names(content, s)
        out = ActionOrders()
        problems: list[Problem] = []
        for ol in lines:
            text = ol.text.split("#", 1)[0].strip()
            if not text:
                continue
            verb, _, rest = text.partition(" ")
            v = verb.casefold()
            if v == "move":
                order = movement.parse_move(names, s, rest, ol.line, problems)
                if order:
                    out.moves.append(order)
            elif v == "attack":
                order = combat.parse_attack(names, s, rest, ol.line, problems)
                if order:
                    out.attacks.append(order)
            elif v == "surrender":
                out.surrender = peace.parse_surrender(names, s, power, rest, ol.line, problems)
            elif v == "siege":
                order = siege.parse_siege(names, s, rest, ol.line, problems)
                if order:
                    out.sieges.append(order)
            else:
                problems.append(
                    Problem(
                        f"{verb!r} is not an action-phase order ({', '.join(VERBS)})",
                        ol.line,
                        closest(v, VERBS),
                    )
                )
        return Parsed(out, problems)

    def validate(
        self, content: SoldierKingsContent, s: SKState, power: str, orders: ActionOrders
    ) -> list[Problem]:
        problems = movement.validate_moves(content, s, power, orders.moves)
        if problems:
            return problems  # where units end up decides what they may attack
        after = movement.after_moves(content, s, power, orders.moves)
        problems += combat.validate_attacks(content, after, power, orders.attacks)
        problems += siege.validate_sieges(content, after, power, orders.sieges, orders.attacks)
        problems += _validate_costs(content, s, power, orders)
        return problems

    def default(self, content: SoldierKingsContent, s: SKState, power: str) -> Any:
        return ActionOrders()  # a power that sends nothing stays where it is

    def resolve(
        self,
        ctx: Resolution,
        content: SoldierKingsContent,
        step: Step,
        orders: dict,
        standing: dict,
    ) -> None:
        s: SKState = ctx.state
        acting = s.initiative[s.acting]
        powers = [acting, *(p for p in step.may if p in orders)]
        given = {p: orders.get(p) or ActionOrders() for p in powers}
        # SK 4.1: land movement, then land combat, then siege; each step for all
        for p in powers:
            movement.resolve_moves(ctx, content, p, given[p].moves)
        combat.resolve_attacks(
            ctx, content, acting, {p: given[p].attacks for p in powers}, standing
        )
        siege.resolve_sieges(ctx, content, acting, {p: given[p].sieges for p in powers}, standing)
        siege.lift_sieges(ctx)
        for p in powers:
            if given[p].surrender:
                ctx.emit(peace.SurrenderDeclared(loser=p, victors=given[p].surrender))
        ctx.emit(ActionPhaseOver(power=acting))


def _validate_costs(
    content: SoldierKingsContent, s: SKState, power: str, orders: ActionOrders
) -> list[Problem]:
    """SK 7.5, 9.4, 12.2: attacks and siege rounds are paid before they happen."""
    have = s.treasury[power].resources
    need = 0
    problems = []
    for a in orders.attacks:
        need += combat.attack_cost(content, a.level)
        if need > have:
            problems.append(
                Problem(
                    f"{power} has {have} Resources; this attack brings the cost to {need} (SK 9.4, 7.5)",
                    a.line,
                )
            )
    for g in orders.sieges:
        need += siege.round_cost(content) * g.rounds
        if need > have:
            problems.append(
                Problem(
                    f"{power} has {have} Resources; these siege rounds bring the cost to {need} (SK 12.2, 7.5)",
                    g.line,
                )
            )
    return problems


phases.register("action", ActionPhase())
