"""7YWW 6 Initiative Determination: the first player of the game turn and the order of
the player turns."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import events as E
from . import names, windows
from .content import Content
from .state import SYWState


def clockwise_from(seats: list[str], first: str) -> list[str]:
    """6.1 [C 6.c]: "clockwise around the table" is the seat order, cyclic."""
    i = seats.index(first)
    return seats[i:] + seats[:i]


def grand_tours(ctx: Resolution, c: Content, values: dict[str, int]) -> dict:
    """29.7 Grand Tour: "Play during the initiative phase. The player designates any one
    player (may be himself or another player) to take the initiative instead of the usual
    procedure." Played by standing order `play grand tour for SEAT` (one a player a turn,
    his first line while he holds one). [C 6.a] several: carried out in the 6.1 order
    (highest campaign value first, ties in seat order), each after its Sturm & Drang
    window; the last one carried out decides. Returns {} or {by, for, marker, negated,
    overridden}."""
    w = windows.attached(ctx)
    if w is None:
        return {}
    s: SYWState = ctx.state
    ranked = sorted(s.seats, key=lambda seat: (-values[seat], s.seats.index(seat)))
    out: dict = {}
    negated: list[str] = []
    overridden: list[str] = []
    for seat in ranked:
        mid = names.in_hand(c, s.players[seat].hand, "Grand Tour")
        lines = [g for g in windows.lines_of(w, seat, "grand_tour") if g[2] in s.seats]
        if mid is None or not lines:
            continue
        ln, text, target = lines[0]
        ctx.emit(E.StandingFired(seat=seat, text=text, what=f"Grand Tour for {target}",
                                 private_to=[seat]))  # fmt: skip
        if not windows.play(ctx, seat, mid, target, "Grand Tour (7YWW 29.7)"):
            negated.append(mid)
            continue
        if out:
            overridden.append(out["marker"])
        out = {"by": seat, "for": target, "marker": mid}
    if out:
        out["negated"], out["overridden"] = negated, overridden
    elif negated:
        out = {"negated": negated}
    return out


def determine(ctx: Resolution, c: Content, turn: int) -> list[str]:
    """7YWW 6.1: the highest total campaign value of the powers each player controls goes
    first; a tie: the tied players roll, the higher goes first (ties among the highest
    roll again, public dice); the others follow clockwise. 29.7 Grand Tour replaces the
    procedure ([C 6.b] no tie dice then)."""
    s: SYWState = ctx.state
    values = {seat: c.campaign_value(s.powers_of(seat)) for seat in s.seats}
    gt = grand_tours(ctx, c, values)
    ties: list[list] = []
    if gt.get("for"):
        order = clockwise_from(s.seats, gt["for"])
        ctx.emit(E.Initiative(turn=turn, values=values, ties=ties, grand_tour=gt, order=order))
        return order
    top = max(values.values())
    tied = [seat for seat in s.seats if values[seat] == top]
    while len(tied) > 1:
        rolls = {seat: windows.roll(ctx, f"initiative tie: {seat}")[0] for seat in tied}
        ties += [[seat, rolls[seat]] for seat in tied]
        best = max(rolls.values())
        tied = [seat for seat in tied if rolls[seat] == best]
    order = clockwise_from(s.seats, tied[0])
    ctx.emit(E.Initiative(turn=turn, values=values, ties=ties, grand_tour=gt, order=order))
    return order
