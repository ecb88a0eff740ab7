"""7YWW 5 Occupation and what it is worth: the squares a seat occupies, their taxes
(10.11), the trade routes it controls (10.12, 10.123). Used by the treasury phase and
by victory (22.11). Pure functions of content and state."""

from __future__ import annotations

from .content import Content
from .state import MINOR, SYWState


def occupied(s: SYWState, seat: str) -> list[str]:
    """7YWW 5.0, 10.11: squares holding at least one unit of a power the seat controls
    (7YWW 5.2: "All types of combat units", bases and fortified zones included).
    [C 5.a] a fleet occupies only a coastal square (5.2, 18.4), never the open sea: sea
    squares may be listed here but are worth nothing (no treasury value, never civilized,
    never a route terminus: map.toml), so no use of this list counts them."""
    out = set()
    for u in s.units.values():
        if u.owner != MINOR and s.control.get(u.owner) == seat:
            out.add(u.square)
    return sorted(out)


def treasury_value(c: Content, s: SYWState, square: str) -> int:
    """The printed number, zero while pillaged (29.5)."""
    if square in s.pillaged:
        return c.map.effect("pillaged_treasury")
    q = c.map.by_id.get(square)
    return q.treasury if q is not None else 0


def square_taxes(c: Content, s: SYWState, seat: str) -> dict[str, int]:
    """7YWW 10.11: every occupied square worth treasury points (squares with no number
    yield none), captured ones included."""
    out = {}
    for sq in occupied(s, seat):
        v = treasury_value(c, s, sq)
        if v > 0:
            out[sq] = v
    return out


def civilized_values(c: Content, s: SYWState, seat: str) -> dict[str, int]:
    """7YWW 22.11(2): occupied civilized squares, their treasury value (0 if pillaged)."""
    out = {}
    for sq in occupied(s, seat):
        q = c.map.by_id.get(sq)
        if q is not None and q.civilized:
            out[sq] = treasury_value(c, s, sq)
    return out


def _enemy_fleet_on(s: SYWState, seat: str, squares: tuple[str, ...]) -> bool:
    """10.122: an enemy fleet in a square of the route's line. [C 2.f] enemy = a unit of a
    power another seat controls (minors and neutrals are no one's enemy)."""
    on = set(squares)
    for u in s.units.values():
        if u.type != "fleet" or u.square not in on or u.owner == MINOR:
            continue
        other = s.control.get(u.owner)
        if other is not None and other != seat:
            return True
    return False


def routes(c: Content, s: SYWState, seat: str) -> dict[str, int]:
    """7YWW 10.122: a route is controlled by occupying its termini (port squares), with
    no enemy fleet on any square of its line; 10.123: the East Indies route needs one
    terminus in each of its continents (Asia and Europe), and several players may hold
    it at once. 7YWW 10.124: each route is traced on its own; overlapping lines and a
    terminus shared by two routes (Canton) change nothing."""
    mine = set(occupied(s, seat)) - set(s.pillaged)  # 10.13 [C 10.d] no pillaged terminus
    out = {}
    for r in c.map.routes:
        if _enemy_fleet_on(s, seat, r.squares):
            continue
        if r.one_per_continent:
            held = {c.map.square(t).continent for t in r.termini if t in mine}
            ok = all(cont in held for cont in r.one_per_continent)
        else:
            ok = all(t in mine for t in r.termini)
        if ok:
            out[r.name] = r.treasury
    return out
