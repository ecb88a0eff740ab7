"""7YWW 22 Victory: each seat's sums (22.11), the base line at the start (22.12), the
victory ratio and its level, and the end of the game."""

from __future__ import annotations

import math
from fractions import Fraction

from pbem.resolution import Resolution

from . import events as E
from .content import Content
from .occupation import civilized_values, routes
from .state import VP, SYWState

ENLIGHTENMENT = "enlightenment"  # the option (27.0)


def sums(c: Content, s: SYWState, seat: str, *, end: bool = False) -> VP:
    """7YWW 22.11: (1) free campaign value of each controlled major power, (2) treasury
    value of each occupied civilized square (zero if pillaged), (3) controlled trade
    routes, (4) at the end, controlled enlightenment markers (option 27.0)."""
    powers = s.powers_of(seat)
    squares = civilized_values(c, s, seat)
    rts = routes(c, s, seat)
    detail = {p: c.data.power(p).campaign_value for p in powers}
    detail |= {sq: v for sq, v in squares.items() if v}
    detail |= rts
    enl = 0
    if end and ENLIGHTENMENT in s.options:
        enl = sum(1 for sq in s.enlightened if s.occupier(sq) == seat)  # 27.31
    return VP(
        powers=c.campaign_value(powers),
        squares=sum(squares.values()),
        routes=sum(rts.values()),
        enlightenment=enl,
        detail=detail,
    )


def ratio(base: int, final: int) -> Fraction:
    return Fraction(final, base) if base > 0 else Fraction(0)


def hundredths(r: Fraction) -> int:
    """[C 22.b] The ratio read to two decimals, as 22.12's table prints its bands: the
    exact ratio rounded half up (1.195 is 1.20; decimal's ROUND_HALF_UP, done exactly)."""
    return math.floor(r * 100 + Fraction(1, 2))


def shown(r: Fraction) -> str:
    """The ratio as printed (and as its level reads it): "1.20"."""
    h = hundredths(r)
    return f"{h // 100}.{h % 100:02d}"


def level(r: Fraction) -> str:
    """7YWW 22.12 "0.80 or lower Defeat / 0.81-1.19 Equilibrium / 1.20-1.49 Marginal
    Victory / 1.50-1.99 Continental Victory / 2.0 or higher Global Victory". [C 22.b] the
    bands are of the ratio read to two decimals (`hundredths`), so they leave no gaps and
    the level is the printed ratio's: 200/167 (1.1976) is 1.20, Marginal Victory."""
    h = hundredths(r)
    if h <= 80:
        return "Defeat"
    if h <= 119:
        return "Equilibrium"
    if h <= 149:
        return "Marginal Victory"
    if h <= 199:
        return "Continental Victory"
    return "Global Victory"


RANK = ["Defeat", "Equilibrium", "Marginal Victory", "Continental Victory", "Global Victory"]


def base_line(ctx: Resolution, c: Content) -> None:
    """7YWW 22.12 [C 22.a]: the sums at the start of the game, after set-up."""
    s: SYWState = ctx.state
    out = {}
    for seat in s.seats:
        v = sums(c, s, seat)
        out[seat] = v.model_dump()
    ctx.emit(E.BaseLine(sums=out))


def game_over(ctx: Resolution, c: Content, why: str = "last turn") -> None:
    """7YWW 22.12, 22.21 [C 22.c]: the ratios and levels; every seat at the highest
    level reached wins, if that level is a victory (Marginal or better)."""
    s: SYWState = ctx.state
    base, final, ratios, levels = {}, {}, {}, {}
    for seat in s.seats:
        b = s.players[seat].base_line
        base[seat] = b.total if b else 0
        final[seat] = sums(c, s, seat, end=True).total
        r = ratio(base[seat], final[seat])
        ratios[seat] = shown(r)
        levels[seat] = level(r)
    best = max((RANK.index(v) for v in levels.values()), default=0)
    winners = [seat for seat in s.seats if RANK.index(levels[seat]) == best and best >= 2]
    ctx.emit(
        E.GameOver(base=base, final=final, ratios=ratios, levels=levels, winners=winners, why=why)
    )
