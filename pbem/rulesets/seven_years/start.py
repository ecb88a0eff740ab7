"""The start of a game turn, run without orders (plan 2.1 `YEAR-start`): 7YWW 3.1(1)
Initiative Determination, 3.1(2)(a) Taxation, 3.1(2)(b) Free Campaign Markers. The
Treasury Phase's choices (recruiting, training, disbanding, treasury markers) follow in
one simultaneous envelope (treasury.py)."""

from __future__ import annotations

from pbem.resolution import Resolution
from pbem.ruleset import Step

from . import enlightenment, initiative, markers, phases
from . import events as E
from .content import Content
from .occupation import routes, square_taxes
from .state import SYWState


def taxation(ctx: Resolution, c: Content, seat: str) -> None:
    """7YWW 10.1, 29.2 Income: the treasury value of every square the player occupies
    (10.11) and of every trade route he controls (10.12)."""
    s: SYWState = ctx.state
    sq = square_taxes(c, s, seat)
    rt = routes(c, s, seat)
    total = sum(sq.values()) + sum(rt.values())
    ctx.emit(E.Income(seat=seat, squares=sq, routes=rt, total=total, private_to=[seat]))
    if total:
        bal = s.players[seat].treasury + total  # 7YWW 10.14: unspent points carry over
        ctx.emit(E.Treasury(seat=seat, delta=total, why="taxation (7YWW 10.1)", balance=bal,
                            private_to=[seat]))  # fmt: skip


def free_marker_phase(ctx: Resolution, c: Content, seat: str, standing) -> None:
    """7YWW 8.2(2): the free markers of each controlled power whose capital square a
    unit of that power occupies; picked at random (8.1), the hand limit first (8.31)."""
    s: SYWState = ctx.state
    got, withheld = markers.free_markers(c, s, seat)
    ctx.emit(E.FreeMarkers(seat=seat, powers=got, withheld=withheld))
    n = sum(got.values())
    if n:
        st = standing.get(seat)
        markers.pick(ctx, c, seat, n, "free markers (7YWW 8.2(2))",
                     discard=list(st.discard_order) if st else [])  # fmt: skip


class Start(phases.Automatic):
    def resolve(self, ctx: Resolution, c: Content, step: Step, orders: dict, standing: dict):
        s: SYWState = ctx.state
        order = initiative.determine(ctx, c, s.turn)  # 3.1(1), 6.1
        for seat in order:  # 3.1(2): each player, starting with the first
            taxation(ctx, c, seat)
        for seat in order:
            free_marker_phase(ctx, c, seat, standing)
            enlightenment.picks(ctx, c, seat, standing)  # 27.4 (option enlightenment)
        phases.to_stage(ctx, "treasury")


phases.register("start", Start())
