"""The lines a player may write at any point of his player-turn envelope: 7YWW 7.2
`reveal` (his treasury and/or markers, privately to the players named), 10.35 `give`
(treasury points to another player), 8.31 `return` (markers to the pool, unplayed)."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import events as E
from . import markers, names
from .content import Content
from .diplomacy_lines import Give, ReturnMarkers, Reveal
from .state import SYWState


def _returned(c: Content, hand: list[str], labels: tuple[str, ...],
              taken: tuple[str, ...]) -> list[str] | None:  # fmt: skip
    got: list[str] = []
    for label in labels:
        mid = names.in_hand(c, hand, label, (*taken, *got))
        if mid is None:
            return None
        got.append(mid)
    return got


def problem(c: Content, s: SYWState, seat: str, ln, taken: list[str]) -> str | None:
    if isinstance(ln, Reveal):
        if seat in ln.to:
            return "reveal to the other players, not to yourself (7YWW 7.2)"
        return None
    if isinstance(ln, Give):
        if ln.to == seat:
            return "give treasury points to another player (7YWW 10.35)"
        have = s.players[seat].treasury
        if ln.amount > have:
            return f"{seat} has {have} treasury points at this line, not {ln.amount} (7YWW 10.4)"
        return None
    if _returned(c, s.players[seat].hand, ln.labels, tuple(taken)) is None:
        return (
            f"{seat} does not hold {', '.join(ln.labels)} (counting the markers earlier lines use)"
        )
    return None


def sim(c: Content, s: SYWState, seat: str, ln, taken: list[str]) -> None:
    if isinstance(ln, Give):
        s.players[seat].treasury -= ln.amount
    elif isinstance(ln, ReturnMarkers):
        taken += _returned(c, s.players[seat].hand, ln.labels, tuple(taken)) or []


def carry_out(ctx: Resolution, c: Content, seat: str, ln, skip) -> None:
    s: SYWState = ctx.state
    if isinstance(ln, Reveal):  # 7.2 voluntary, at any time; seen by those named
        to = list(ln.to) or [o for o in s.seats if o != seat]
        p = s.players[seat]
        ctx.emit(E.Revealed(seat=seat, to=to,
                            treasury=p.treasury if ln.treasury else None,
                            markers=list(p.hand) if ln.markers else None,
                            private_to=[seat, *to]))  # fmt: skip
        return None
    if isinstance(ln, Give):  # 10.35 trades; 10.4 no deficit
        have = s.players[seat].treasury
        if ln.amount > have:
            return skip(ctx, seat, ln, f"{seat} has {have} treasury points, not {ln.amount} (7YWW 10.4)")  # fmt: skip
        ctx.emit(E.Treasury(seat=seat, delta=-ln.amount, why=f"given to {ln.to} (7YWW 10.35)",
                            balance=have - ln.amount, private_to=[seat]))  # fmt: skip
        bal = s.players[ln.to].treasury + ln.amount
        ctx.emit(E.Treasury(seat=ln.to, delta=ln.amount, why=f"given by {seat} (7YWW 10.35)",
                            balance=bal, private_to=[ln.to]))  # fmt: skip
        return None
    assert isinstance(ln, ReturnMarkers)
    mids = _returned(c, s.players[seat].hand, ln.labels, ())
    if mids is None:
        return skip(ctx, seat, ln, f"{seat} no longer holds {', '.join(ln.labels)}")
    markers.return_markers(ctx, seat, mids, "returned unplayed (7YWW 8.31)")
    return None
