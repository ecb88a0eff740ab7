"""The end of the game turn, run without orders (plan 2.1 `YEAR-end`): 7YWW 3.1(5)
Provisioning (provisioning.py), 3.1(7) leaders face up and the turn ends; after the
last turn (28.1) the game is over and victory is judged (22, victory.py). 3.1(6)
Enlightenment (optional rule 27.0) comes between them (enlightenment.py)."""

from __future__ import annotations

from pbem.resolution import Resolution
from pbem.ruleset import Step

from . import enlightenment, leaders, phases, victory
from . import events as E
from .content import Content
from .provisioning import provisioning_phase
from .state import SYWState


class End(phases.Automatic):
    def resolve(self, ctx: Resolution, c: Content, step: Step, orders: dict, standing: dict):
        provisioning_phase(ctx, c, standing)  # 3.1(5), 19
        enlightenment.phase(ctx, c, standing)  # 3.1(6), 27 (option enlightenment)
        s: SYWState = ctx.state
        # 3.1(7), 17.1, 20.41, 20.44: the leaders used this turn are flipped face up
        ctx.emit(E.TurnEnded(turn=s.turn, leaders_flipped=leaders.face_down(s)))
        if s.turn >= s.last_turn:  # 28.1: the last game turn; 22.12 [C 22.d]
            victory.game_over(ctx, c)
        else:
            phases.next_turn(ctx)


phases.register("end", End())
