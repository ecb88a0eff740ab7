"""SoE 2. Determine Alliances and Play Order: auctions in gold until every player has a
token on the Alliance display.

PBEM (docs/orders-struggle-of-empires.md): an auction runs as steps in bidding order,
each owed by the one player whose turn it is to bid. A player's standing auction orders
(proxy orders) bid or pass for him when his turn comes, so the auction goes on without
asking him: `auction bid up to N`, `auction propose A B` (in order of preference),
`auction accept A B` (pass while that proposal leads), `auction pass`. Only a player
with no auction standing orders is asked. A player asked who sends nothing passes.
"""

from __future__ import annotations

from dataclasses import dataclass

from pbem.resolution import Resolution

from . import events as E
from .content import SoEContent
from .economy import pay
from .state import Auction, SoEState


@dataclass(frozen=True)
class Bid:
    amount: int | None  # None: pass
    a: str | None = None
    b: str | None = None
    line: int | None = None


@dataclass(frozen=True)
class Proxy:
    """A power's standing auction orders."""

    up_to: int | None = None
    proposals: tuple[tuple[str | None, str | None], ...] = ()
    accepts: tuple[tuple[str | None, str | None], ...] = ()
    never: bool = False


def unallied(s: SoEState) -> list[str]:
    return [p for p in s.seats if p not in s.display]


def proposal_problem(s: SoEState, a: str | None, b: str | None) -> str | None:
    """SoE 2: one un-allied token in each box, not the same colour; one token only when
    the players are odd in number and it is the last un-allied one."""
    free = unallied(s)
    for x in (a, b):
        if x is not None and x not in free:
            return (
                f"{x} is already on the Alliance display" if x in s.seats else f"{x} is not playing"
            )
    if a is not None and a == b:
        return "the tokens in Box A and Box B cannot be the same colour"
    if a is None or b is None:
        if len(free) != 1 or (a or b) is None:
            return "propose one token for Box A and another for Box B"
        box = _first_empty(s, 0 if a else 1)
        if box is None:
            return f"that row of the Alliance display is full: put {a or b} in the other box"
    return None


def _first_empty(s: SoEState, row: int) -> int | None:
    """The first empty box (1-based) going left to right on a row (0: top, 1: bottom)."""
    for i, p in enumerate(s.display):
        if i % 2 == row and p is None:
            return i + 1
    return None


def next_amount(a: Auction) -> int:
    return 0 if a.bid is None else a.bid + 1


def bidder(s: SoEState) -> str | None:
    a = s.auction
    return None if a is None else a.order[a.turn]


def open_auction(ctx: Resolution, content: SoEContent, number: int) -> None:
    s: SoEState = ctx.state
    i = s.auction_starter % len(s.seats)
    ctx.emit(E.AuctionOpened(number=number, order=s.seats[i:] + s.seats[:i]))


def _proxy_choice(s: SoEState, proxy: Proxy | None) -> Bid | None:
    """What a power's standing auction orders do at its turn; None: ask it."""
    a = s.auction
    assert a is not None
    if proxy is None:
        return None
    if proxy.never:
        return Bid(None)
    if a.bidder is not None and (a.a, a.b) in proxy.accepts:
        return Bid(None)
    amount = next_amount(a)
    if proxy.up_to is not None and amount <= proxy.up_to:
        for x, y in proxy.proposals:
            if proposal_problem(s, x, y) is None:
                return Bid(amount, x, y)
    return Bid(None)


def standing_choice(s: SoEState, proxy: Proxy | None) -> Bid | None:
    """The bid or pass of standing auction orders given after the power was asked
    (his turn already open): they decide for him when he sends no bid (a choice,
    case auction-proxy-after-asked.toml); None: none given, he passes by default."""
    return _proxy_choice(s, proxy)


def act(
    ctx: Resolution, power: str, bid: Bid, *, proxy: bool = False, default: bool = False
) -> None:
    if bid.amount is None:
        ctx.emit(E.BidPassed(power=power, proxy=proxy, default=default))
    else:
        ctx.emit(E.BidMade(power=power, amount=bid.amount, a=bid.a, b=bid.b, proxy=proxy))


def run(ctx: Resolution, content: SoEContent, proxies: dict[str, Proxy]) -> bool:
    """Go on with the auctions while proxies decide. True when every player is on the
    Alliance display (the alliances are made); False when a player must be asked."""
    s: SoEState = ctx.state
    while True:
        a = s.auction
        if a is None:
            if not unallied(s):
                return True
            open_auction(ctx, content, s.auctions + 1)
            continue
        n = len(a.order)
        if a.bidder is not None and a.passes >= n - 1:
            _won(ctx, content)
            continue
        if a.bidder is None and a.passes >= n:
            # authored: nobody bid, so the starter makes a zero bid with the first
            # proposal his orders allow (else the first two un-allied in seat order)
            starter = a.order[0]
            x, y = _fallback(s, proxies.get(starter))
            ctx.emit(E.BidMade(power=starter, amount=0, a=x, b=y, proxy=True))
            continue
        who = a.order[a.turn]
        choice = _proxy_choice(s, proxies.get(who))
        if choice is None:
            return False
        act(ctx, who, choice, proxy=True)


def _fallback(s: SoEState, proxy: Proxy | None) -> tuple[str | None, str | None]:
    for x, y in proxy.proposals if proxy else ():
        if proposal_problem(s, x, y) is None:
            return x, y
    free = unallied(s)
    if len(free) == 1:
        return (free[0], None) if _first_empty(s, 0) else (None, free[0])
    return free[0], free[1]


def _won(ctx: Resolution, content: SoEContent) -> None:
    s: SoEState = ctx.state
    a = s.auction
    assert a is not None and a.bidder is not None and a.bid is not None
    pay(ctx, content, a.bidder, a.bid, "alliance auction (SoE 2)")
    a_box = _first_empty(s, 0) if a.a else None
    b_box = _first_empty(s, 1) if a.b else None
    ctx.emit(E.AuctionWon(power=a.bidder, amount=a.bid, a=a.a, a_box=a_box, b=a.b, b_box=b_box))
