"""7YWW 6 Initiative Determination: the first player of the game turn and the order of
the player turns."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import events as E
from . import windows
from .content import Content
from .state import SYWState


def clockwise_from(seats: list[str], first: str) -> list[str]:
    """6.1 [C 6.c]: "clockwise around the table" is the seat order, cyclic."""
    i = seats.index(first)
    return seats[i:] + seats[:i]


def determine(ctx: Resolution, c: Content, turn: int) -> list[str]:
    """7YWW 6.1: the highest total campaign value of the powers each player controls goes
    first; a tie: the tied players roll, the higher goes first (ties among the highest
    roll again, public dice); the others follow clockwise."""
    s: SYWState = ctx.state
    values = {seat: c.campaign_value(s.powers_of(seat)) for seat in s.seats}
    top = max(values.values())
    tied = [seat for seat in s.seats if values[seat] == top]
    ties: list[list] = []
    while len(tied) > 1:
        rolls = {seat: windows.roll(ctx, f"initiative tie: {seat}")[0] for seat in tied}
        ties += [[seat, rolls[seat]] for seat in tied]
        best = max(rolls.values())
        tied = [seat for seat in tied if rolls[seat] == best]
    order = clockwise_from(s.seats, tied[0])
    ctx.emit(E.Initiative(turn=turn, values=values, ties=ties, order=order))
    return order
