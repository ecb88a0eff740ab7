"""`give N treasury to SEAT` (7YWW 10.35 "Players may freely trade treasury points with
each other") and `reveal treasury|markers|all [to SEAT...]` (7.2 "A player may
voluntarily reveal ... at any time") in the treasury envelope: read as in the player
turn (diplomacy_orders.py), checked and carried out by anytime.py, in a pass of their own
before the others (plan [C 10.g]): each player's such lines in the order written, the
players in the treasury phase's order (3.1(2): the first player first), so a gift is
there to spend in the same phase and a reveal shows the treasury as the phase begins."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pbem.ruleset import Problem

from . import anytime, diplomacy_orders
from . import events as E
from .content import Content
from .money import Tally, TLine
from .state import SYWState

HEADS = ("give", "reveal")


@dataclass
class AnytimeLine(TLine):
    """A `give` or `reveal` line of the treasury envelope; `inner` as the player turn
    reads it (diplomacy_lines.Give / Reveal)."""

    inner: Any = None

    @property
    def pass_no(self) -> int:
        return 0  # [C 10.g]: before the money markers (pass 1)


def read(c: Content, s: SYWState, ln: int, text: str) -> TLine | Problem:
    got, problems = diplomacy_orders.read(c, s, ln, text)
    if problems:
        return problems[0]
    return AnytimeLine(ln, text, text.split()[0].casefold(), inner=got)


def check(c: Content, s: SYWState, tally: Tally, ln: AnytimeLine) -> str | None:
    return anytime.problem(c, s, tally.seat, ln.inner, [])


def carry_out(sink: Any, c: Content, tally: Tally, ln: AnytimeLine) -> None:
    def skip(ctx: Any, seat: str, line: Any, why: str) -> None:
        ctx.emit(E.OrderSkipped(seat=seat, line=ln.line, text=ln.text, reason=why,
                                private_to=[seat]))  # fmt: skip

    anytime.carry_out(sink, c, tally.seat, ln.inner, skip)
