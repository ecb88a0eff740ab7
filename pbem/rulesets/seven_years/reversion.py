"""7YWW 4.5 Reversion to neutrality (4.51 in its order, 4.511 displacement to the nearest
civilized or port square, 4.52) and 4.6 Defection with 12.23 (formerly friendly units
stacked together are eliminated). Plan [C 4.g]-[C 4.i], [C 4.n], [C 4.o] (fleets with
land units aboard)."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import events as E
from .content import Content
from .standing import Standing
from .state import STATIC, SYWState, Unit


def _may_hold(c: Content, sq: str, u: Unit) -> bool:
    """[C 4.g] a civilized or port square the unit may be in: land units any civilized
    or port square on land; fleets (with what they carry) a port or a coastal civilized
    square."""
    q = c.map.square(sq)
    if not (q.civilized or q.port):
        return False
    return c.map.can_enter(sq, "naval" if u.type == "fleet" else "land")


def _blocked(s: SYWState, sq: str, seat: str | None, u: Unit, leaving: set[str]) -> bool:
    """4.511: "Units may not be placed in squares occupied by enemy, neutral or minor
    power units" (units being picked up do not count; a neutral unit's own power's
    units are not foreign to it)."""
    for o in s.units_in(sq):
        if o.id in leaving:
            continue
        if seat is None:  # 4.51(2): the newly neutral power's units go home
            if o.owner != u.owner:
                return True
        elif s.unit_seat(o) != seat:
            return True
    return False


def _one_per_square(s: SYWState, sq: str, u: Unit, leaving: set[str],
                    landed: set[tuple[str, str]]) -> bool:  # fmt: skip
    """12.4, 11.3(4)-(5): "There may never be more than one fortified zone per square"
    (nor base): a square already holding one (not being picked up), or given one earlier
    in this displacement, takes no other."""
    if u.type not in STATIC:
        return True
    if (sq, u.type) in landed:
        return False
    return not any(o.type == u.type and o.id not in leaving for o in s.units_in(sq))


def _rank(c: Content, s: SYWState, seat: str | None, power: str, prefs: list[str],
          leaving: set[str]):  # fmt: skip
    """[C 4.h] among equally near squares: the displacing player's `displace to` order,
    then most friendly units there, then highest treasury value, then grid order."""

    def key(sq: str) -> tuple:
        q = c.map.square(sq)
        friends = sum(
            1
            for o in s.units_in(sq)
            if o.id not in leaving and (o.owner == power or (seat and s.unit_seat(o) == seat))
        )
        pref = prefs.index(sq) if sq in prefs else len(prefs)
        return (pref, -friends, -q.treasury, q.row, q.col)

    return key


def place(c: Content, s: SYWState, u: Unit, seat: str | None, ok, prefs: list[str],
          leaving: set[str], landed: set[tuple[str, str]]) -> str | None:  # fmt: skip
    """4.511: the nearest square (square sides, not vertices; fleets may use the map
    edge, 14.23) that `ok(square, unit)` allows, may hold the unit, is not blocked and
    has no fortified zone (base) for a fortified zone (base) (12.4, 11.3(4)-(5); `landed`:
    the (square, type) pairs placed earlier in the same displacement); None if there is
    none."""
    fleet = u.type == "fleet"
    best: list[tuple[int, str]] = []
    for q in c.map.squares:
        if not ok(q, u) or not _may_hold(c, q.id, u) or _blocked(s, q.id, seat, u, leaving):
            continue
        if not _one_per_square(s, q.id, u, leaving, landed):
            continue
        best.append((c.map.distance(u.square, q.id, wrap=fleet), q.id))
    if not best:
        return None
    near = min(d for d, _ in best)
    tied = [sq for d, sq in best if d == near]
    return sorted(tied, key=_rank(c, s, seat, u.owner, prefs, leaving))[0]


def _displace(ctx: Resolution, c: Content, power: str, seat: str | None, units: list[Unit],
              ok, prefs: list[str], why: str) -> None:  # fmt: skip
    """Pick up and place `units` (4.511: "not movement": no cost, no countermarch, no
    invasion); a unit aboard a fleet that is picked up too goes with the fleet. Only
    the units picked up here leave their squares: all others block as 4.511 says."""
    s: SYWState = ctx.state
    picked = leaving = {u.id for u in units}
    to: dict[str, str] = {}
    lost: list[str] = []
    landed: set[tuple[str, str]] = set()  # 12.4: fortified zones and bases placed
    for u in units:
        if u.aboard in picked:
            continue
        where = place(c, s, u, seat, ok, prefs, leaving, landed)
        if where is None:
            lost.append(u.id)
        else:
            to[u.id] = where
            landed.add((where, u.type))
    for u in units:
        if u.aboard in picked:
            if u.aboard in to:
                to[u.id] = to[u.aboard]
            else:
                lost.append(u.id)
    moved = {uid: sq for uid, sq in sorted(to.items()) if s.units[uid].square != sq}
    if moved:
        ctx.emit(E.Displaced(seat=seat, power=power, units=moved, why=why))
    if lost:  # choice: no square anywhere on the map (4.511 "anywhere ... if necessary")
        ctx.emit(E.Eliminated(units=sorted(lost), why=f"{why}: no square to be placed in"))


def revert(ctx: Resolution, c: Content, power: str, standing: dict[str, Standing],
           why: str) -> None:  # fmt: skip
    """7YWW 4.51: remove the control marker; then, in this order, (1) other major
    powers' units inside its boundaries go to their own power's territory or to squares
    of friendly forces, each controller choosing; (2) its units outside go home, its
    former controller choosing; (3) minor units stay. [C 4.n] leaders stay in its box.
    [C 4.o] a fleet takes its cargo along; another power's land units aboard its fleets
    are put ashore first, as in (1) (its units abroad, not yet picked up, block squares
    there as in (1): 4.511)."""
    s: SYWState = ctx.state
    frm = s.control.get(power)
    ctx.emit(E.ControlChanged(power=power, frm=frm, to=None, why=why))
    s = ctx.state

    def inside(u: Unit) -> bool:
        return c.map.square(u.square).power == power

    # 4.51(1), 4.511: by each controlling player, in seat order
    _by_controllers(ctx, c, power, standing, inside, "7YWW 4.51(1)")
    # [C 4.o] before 4.51(2) takes its fleets home: the land units of other powers aboard
    # them go ashore as in 4.51(1), their controllers choosing; its units abroad are
    # still where they are ("in this order") and block squares as in 4.51(1) (4.511)
    s = ctx.state
    home = frozenset(u.id for u in s.units.values() if u.owner == power and not inside(u))

    def rider(u: Unit) -> bool:
        return u.aboard in home and u.owner != power

    _by_controllers(ctx, c, power, standing, rider, "7YWW 4.51(2), plan [C 4.o]")
    # 4.51(2): by its former controller
    s = ctx.state
    out = sorted((u for u in s.units.values() if u.owner == power and not inside(u)),
                 key=lambda u: u.id)  # fmt: skip
    if out:
        prefs = standing.get(frm, Standing()).displace_to if frm else []
        _displace(ctx, c, power, None, out, lambda q, u: q.power == power, prefs, "7YWW 4.51(2)")


def _by_controllers(ctx: Resolution, c: Content, power: str, standing: dict[str, Standing],
                    which, why: str) -> None:  # fmt: skip
    """4.51(1), 4.511: each player's units for which `which(u)` holds go to squares of
    their own power or holding his other units, not in the newly neutral `power`'s
    territory, him choosing (`displace to`), the players in seat order. The newly
    neutral power's units abroad, picked up only by 4.51(2), block squares (4.511)."""
    for seat in ctx.state.seats:
        s: SYWState = ctx.state
        mine = [u for u in s.units_of(seat) if which(u)]
        if not mine:
            continue
        moving = {u.id for u in mine}
        friendly = {o.square for o in s.units_of(seat) if o.id not in moving and not which(o)}

        def ok(q, u: Unit, friendly=friendly) -> bool:
            return q.power != power and (q.power == u.owner or q.id in friendly)

        prefs = standing.get(seat, Standing()).displace_to
        _displace(ctx, c, power, seat, mine, ok, prefs, why)


def stacked_with_former(s: SYWState, power: str, frm: str) -> list[str]:
    """4.6, 12.23, [C 4.i]: the power's units stacked with units of its former
    controller `frm` (on a state where it is no longer his), and what they carry."""
    gone = {
        u.id
        for u in s.units.values()
        if u.owner == power and any(s.unit_seat(o) == frm for o in s.units_in(u.square))
    }
    gone |= {u.id for u in s.units.values() if u.aboard in gone}
    return sorted(gone)


def sim_defect(s: SYWState, power: str, to: str) -> None:
    """For validation (turn.py's `if control POWER:` guard): the power is `to`'s and
    4.6 has removed its units stacked with its former controller's."""
    frm = s.control.get(power)
    s.control[power] = to
    if frm is not None and frm != to:
        for uid in stacked_with_former(s, power, frm):
            del s.units[uid]


def defect(ctx: Resolution, c: Content, power: str, to: str, why: str) -> None:
    """7YWW 4.6: control moves with all the power's units wherever they are (no 4.51
    adjustments); its units stacked with formerly friendly forces are eliminated (4.6,
    12.23); [C 4.i] a unit aboard an eliminated fleet goes with it. 20.3: the leaders
    in its box go with it (they follow the box)."""
    s: SYWState = ctx.state
    frm = s.control.get(power)
    ctx.emit(E.ControlChanged(power=power, frm=frm, to=to, why=why))
    s = ctx.state
    if frm is None:
        return
    gone = stacked_with_former(s, power, frm)
    if gone:
        ctx.emit(E.Eliminated(units=gone, why="stacked with formerly friendly units (7YWW 4.6, 12.23)"))  # fmt: skip
