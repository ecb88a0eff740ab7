"""7YWW 19 Provisioning (3.1(5)): in each square, the forage value feeds that many of a
player's units (19.1; 0 at sea 18.7, 0 pillaged 19.5); the others are paid at 29.2's
provision cost (19.2); units that cannot be paid are eliminated (19.3), a fleet's cargo
with it (19.4). Units aboard a fleet forage and pay in the fleet's square (19.21).
Neutral powers' units (19.6) and minor units (19.7) pay nothing.

Choices: [C 19.a] the units dearest to provision forage, the cheapest pay; [C 19.b]
as many units as can be paid are paid: a shortfall eliminates the fewest units that
bring the bill within the treasury; [C 19.c] which ones: one unit at a time, the first
(the `starve order` standing line first; default: the lowest recruit cost, a recruit
before a veteran, then the id) whose loss still leaves the fewest to eliminate, a
fleet's cargo before the fleet (19.4); [C 19.d] all players at once, reported in
initiative order."""

from __future__ import annotations

from itertools import product

from pbem.resolution import Resolution

from . import events as E
from .content import Content
from .money import change
from .state import MINOR, SYWState, Unit


def forage(c: Content, s: SYWState, sq: str) -> int:
    # 19.1, 19.5, 18.7; 7YWW 27.5: an enlightenment marker changes nothing
    return c.map.forage(sq, pillaged=sq in s.pillaged)


def fed_and_paid(c: Content, s: SYWState, sq: str, units: list[Unit]) -> tuple[list[Unit], list[Unit]]:  # fmt: skip
    """[C 19.a]: the forage goes to the units dearest to provision."""
    ranked = sorted(units, key=lambda u: (-c.costs(u.type).provision, u.id))
    f = forage(c, s, sq)
    return ranked[:f], ranked[f:]


def _by_square(units: list[Unit]) -> dict[str, list[Unit]]:
    out: dict[str, list[Unit]] = {}
    for u in units:
        out.setdefault(u.square, []).append(u)
    return dict(sorted(out.items()))


def bill(c: Content, s: SYWState, units: list[Unit]) -> tuple[int, dict[str, dict]]:
    total, squares = 0, {}
    for sq, here in _by_square(units).items():
        fed, paid = fed_and_paid(c, s, sq, here)
        cost = sum(c.costs(u.type).provision for u in paid)  # 29.2 "Provision"
        squares[sq] = {
            "forage": forage(c, s, sq),
            "fed": [u.id for u in sorted(fed, key=lambda u: u.id)],
            "paid": [u.id for u in sorted(paid, key=lambda u: u.id)],
            "cost": cost,
        }
        total += cost
    return total, squares


def _rank(c: Content, u: Unit) -> tuple:
    return (c.costs(u.type).recruit, u.veteran, u.id)  # [C 19.c]


def _least_bills(c: Content, s: SYWState, sq: str, here: list[Unit]) -> list[int]:
    """[C 19.b]: the least bill of `sq` once e of `here` are gone (index e), a fleet's
    cargo going with it (19.4): every choice of how many loaded fleets of each kind
    (their cost, their cargo's) keep their cargo is tried; the other units kept are the
    cheapest ([C 19.a] they pay)."""
    price = {u.id: c.costs(u.type).provision for u in here}
    cargo: dict[str, list[int]] = {}
    for u in here:
        if u.aboard in price:
            cargo.setdefault(u.aboard, []).append(price[u.id])
    free = [price[u.id] for u in here if u.id not in cargo and u.aboard not in cargo]
    kinds: dict[tuple, int] = {}
    for fleet, load in cargo.items():
        kind = (price[fleet], tuple(sorted(load)))
        kinds[kind] = kinds.get(kind, 0) + 1
    f, n = forage(c, s, sq), len(here)
    least = [sum(price.values())] * (n + 1)
    for counts in product(*(range(k + 1) for k in kinds.values())):
        kept = [kind for kind, m in zip(kinds, counts, strict=True) for _ in range(m)]
        pool = sorted(free + [x for _, load in kept for x in load])
        for e in range(n + 1):
            rest = n - e - len(kept)
            if 0 <= rest <= len(pool):
                costs = sorted([fleet for fleet, _ in kept] + pool[:rest])
                least[e] = min(least[e], sum(costs[: max(0, n - e - f)]))
    return least


def shortfall(c: Content, s: SYWState, units: list[Unit], treasury: int) -> int:
    """[C 19.b]: the fewest units whose loss brings the bill within the treasury."""
    best = [0]  # best[k]: the least bill with k units gone, over the squares so far
    for sq, here in _by_square(units).items():
        least = _least_bills(c, s, sq, here)
        best = [
            min(best[k - e] + least[e] for e in range(len(least)) if 0 <= k - e < len(best))
            for k in range(len(best) + len(least) - 1)
        ]
    return next(k for k, b in enumerate(best) if b <= treasury)


def _with_cargo(units: list[Unit], u: Unit) -> list[str]:
    return [u.id] + [x.id for x in units if x.aboard == u.id]  # 19.4


def victim(c: Content, s: SYWState, units: list[Unit], starve: list[str], treasury: int) -> Unit:
    """[C 19.c] the next unit to starve: the first of the starve order, then of the
    default order, among the squares still owing, whose loss keeps [C 19.b]."""
    need = shortfall(c, s, units, treasury)
    _, squares = bill(c, s, units)
    owing = {sq for sq, row in squares.items() if row["cost"]}
    candidates = [u for u in units if u.square in owing]
    by_id = {u.id: u for u in candidates}
    listed = [uid for uid in dict.fromkeys(starve) if uid in by_id]
    order = [by_id[uid] for uid in listed]
    order += sorted((u for u in candidates if u.id not in listed), key=lambda u: _rank(c, u))

    def keeps(u: Unit) -> bool:
        lost = _with_cargo(units, u)
        rest = [x for x in units if x.id not in lost]
        return shortfall(c, s, rest, treasury) + len(lost) == need

    u = next((u for u in order if keeps(u)), order[0])  # some unit always keeps [C 19.b]
    cargo = [x for x in units if x.aboard == u.id]
    if cargo:  # 19.4: "it makes more sense to first eliminate the unit being transported"
        u = min(cargo, key=lambda x: _rank(c, x))
    return u


def provision(ctx: Resolution, c: Content, seat: str, starve: list[str]) -> None:
    s: SYWState = ctx.state
    mine = set(s.powers_of(seat))
    units = [u for u in s.units.values() if u.owner != MINOR and u.owner in mine]  # 19.6, 19.7
    treasury = s.players[seat].treasury
    gone: list[str] = []
    total, squares = bill(c, s, units)
    while total > treasury:  # 19.3
        v = victim(c, s, units, starve, treasury)
        lost = _with_cargo(units, v)
        gone += lost
        units = [u for u in units if u.id not in lost]
        total, squares = bill(c, s, units)
    ctx.emit(E.Provisioning(seat=seat, squares=squares, total=total, eliminated=gone))
    if gone:
        ctx.emit(E.Eliminated(units=gone, why="not provisioned (7YWW 19.3)"))
    change(ctx, seat, -total, "provisioning (7YWW 19.2, 29.2)")


def provisioning_phase(ctx: Resolution, c: Content, standing: dict) -> None:
    """7YWW 3.1(5); [C 19.d] every player, in initiative order."""
    s: SYWState = ctx.state
    for seat in list(s.order) or list(s.seats):
        st = standing.get(seat)
        provision(ctx, c, seat, list(st.starve_order) if st else [])
