"""7YWW 19 Provisioning (3.1(5)): in each square, the forage value feeds that many of a
player's units (19.1; 0 at sea 18.7, 0 pillaged 19.5); the others are paid at 29.2's
provision cost (19.2); units that cannot be paid are eliminated (19.3), a fleet's cargo
with it (19.4). Units aboard a fleet forage and pay in the fleet's square (19.21).
Neutral powers' units (19.6) and minor units (19.7) pay nothing.

Choices: [C 19.a] the units dearest to provision forage, the cheapest pay; [C 19.b]
every unit that can be paid is paid; [C 19.c] a shortfall eliminates one unit at a time
among the squares still owing (the `starve order` standing line first; default: a
fleet's cargo before the fleet (19.4), then the lowest recruit cost, a recruit before a
veteran, then the id) until the bill fits; [C 19.d] all players at once, reported in
initiative order."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import events as E
from .content import Content
from .money import change
from .state import MINOR, SYWState, Unit


def forage(c: Content, s: SYWState, sq: str) -> int:
    return c.map.forage(sq, pillaged=sq in s.pillaged)  # 19.1, 19.5, 18.7


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


def victim(c: Content, s: SYWState, units: list[Unit], starve: list[str]) -> Unit:
    """[C 19.c] the next unit to starve, among squares still owing."""
    _, squares = bill(c, s, units)
    owing = {sq for sq, row in squares.items() if row["cost"]}
    candidates = [u for u in units if u.square in owing]
    by_id = {u.id: u for u in candidates}
    pick = next((by_id[uid] for uid in starve if uid in by_id), None)
    if pick is None:
        pick = min(candidates, key=lambda u: _rank(c, u))
    cargo = [u for u in units if u.aboard == pick.id]
    if cargo:  # 19.4: "it makes more sense to first eliminate the unit being transported"
        pick = min(cargo, key=lambda u: _rank(c, u))
    return pick


def provision(ctx: Resolution, c: Content, seat: str, starve: list[str]) -> None:
    s: SYWState = ctx.state
    mine = set(s.powers_of(seat))
    units = [u for u in s.units.values() if u.owner != MINOR and u.owner in mine]  # 19.6, 19.7
    treasury = s.players[seat].treasury
    gone: list[str] = []
    total, squares = bill(c, s, units)
    while total > treasury:  # 19.3
        v = victim(c, s, units, starve)
        lost = [v.id] + [u.id for u in units if u.aboard == v.id]  # 19.4
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
