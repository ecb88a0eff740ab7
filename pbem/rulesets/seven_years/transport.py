"""7YWW 18.5 Naval transport: which land units a moving fleet force carries (those
already aboard its fleets, and those embarking at the start with `carrying`), one per
fleet (18.513); the costs of embarking and landing (18.51); and the `embark` / `debark`
lines that board or leave a fleet in place (plan [C 18.d]).

Choices (docs/orders-seven-years-world-war.md, "Ships"):
- [C 18.a] the 0/2 movement points are paid once by the force at a square.
- [C 18.b] units embark only at the start of the fleet's move, in its start square.
- [C 18.d] `embark`/`debark` without moving count as the move of the unit and the fleet.
- [C 18.e] `carrying` units board the force's fleets in the order written: the first
  unit the first fleet (in the line's order) that carries nothing yet, and so on.
- [C 18.f] land units already aboard a fleet go with it when it moves; they leave it only
  by a `land` clause (start square included) or a `debark` line."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import events as E
from .content import Content
from .fold import went_on
from .movement import forced_problem, land_problem, owner_problem, port_cost
from .state import STATIC, SYWState, Unit
from .turn_lines import Embark, Move


def aboard(s: SYWState, fleet: str) -> list[Unit]:
    return sorted((u for u in s.units.values() if u.aboard == fleet), key=lambda u: u.id)


def cargo(c: Content, s: SYWState, seat: str, mv: Move, force: list[Unit],
          owner=owner_problem) -> tuple[dict[str, str], str | None]:  # fmt: skip
    """The land units the force carries (unit -> fleet) and why the line's `carrying`
    and `land` clauses may not be carried out, or None; a forced march needs a unit of
    the force, fleets or cargo, that has moved (16.1). `mv`: a `move` line or a
    `minor move` line (minor_orders.MinorMove, plan [C 4.p]); `owner(c, s, seat, unit)`
    says why the unit may not board (default: not the seat's, 4.2(1))."""
    fleets = [u for u in force if u.type == "fleet"]
    if (mv.carrying or mv.landings) and len(fleets) != len(force):
        return {}, "only fleets carry land units (7YWW 18.5)"
    out = {x.id: f.id for f in fleets for x in aboard(s, f.id)}  # [C 18.f]
    room = c.map.effect("fleet_capacity")  # 18.513: one land unit a fleet
    for uid in mv.carrying:
        if uid in out:
            continue
        why = board_problem(c, s, seat, mv, uid, owner)
        if why:
            return {}, why
        free = [f.id for f in fleets if list(out.values()).count(f.id) < room]
        if not free:
            names = " ".join(f.id for f in fleets)
            verb = "has" if len(fleets) == 1 else "have"
            why = f"each fleet carries {room} land unit: {names} {verb} no room for {uid} (7YWW 18.513)"
            return {}, why
        out[uid] = free[0]
    for uid, sq in mv.landings:
        if uid not in out:
            return {}, f"{uid} is not carried by this force: it cannot land (7YWW 18.53)"
        if sq != mv.start and sq not in mv.path:
            return {}, f"{uid} lands only in a square of the move: {sq} is not one (7YWW 18.53)"
    if len({u for u, _ in mv.landings}) != len(mv.landings):
        return {}, "a unit lands once"
    why = forced_problem(s, [*(f.id for f in fleets), *out]) if mv.forced and fleets else None
    return ({}, why) if why else (out, None)


def board_problem(c: Content, s: SYWState, seat: str, mv: Move, uid: str,
                  owner=owner_problem) -> str | None:  # fmt: skip
    """18.5: may this land unit embark at the start of the move?"""
    u = s.units.get(uid)
    if u is None:
        return f"{uid} is no longer on the map"
    why = owner(c, s, seat, u)
    if why:
        return why
    if u.square != mv.start:
        return f"{uid} is in {u.square}, not {mv.start}: fleet and cargo start in the same square (7YWW 18.5)"
    if u.type == "fleet":
        return f"{uid} is a fleet: fleets carry land units (7YWW 18.5)"
    if u.type in STATIC:
        return f"{uid} cannot be carried: fortified zones and bases have no movement factor (7YWW 14.12, plan [C 14.c])"
    if u.aboard is not None:
        return f"{uid} is aboard {u.aboard}, a fleet not in this force"
    if u.id in s.progress.stopped:
        return f"{uid} retreated after a countermarch and may not move again this turn (7YWW 16.46)"
    if u.id in s.progress.moved and not mv.forced:
        return f"{uid} has moved this phase: a second move needs a forced march (7YWW 14.11, 16.1)"
    if c.map.square(mv.start).kind != "coastal":
        return f"{uid} may embark only in a coast or port square (7YWW 18.5)"
    return None


def costs(c: Content, s: SYWState, mv: Move, carried: dict[str, str]
          ) -> tuple[int, dict[str, list[str]]]:  # fmt: skip
    """18.51 / [C 18.a]: the cost at the start square (embarking there, or landing there),
    and the landings along the path (square -> units) for movement.walk."""
    new = [u for u in carried if s.units[u].aboard is None]
    landing: dict[str, list[str]] = {}
    for uid, sq in mv.landings:
        landing.setdefault(sq, []).append(uid)
    start = landing.pop(mv.start, [])
    start_cost = (port_cost(c, s, mv.start) if new else 0) + (
        port_cost(c, s, mv.start) if start else 0
    )
    return start_cost, landing


def start_problem(c: Content, s: SYWState, seat: str, mv: Move) -> str:
    """18.53 a unit landing in the start square lands where the fleet is."""
    here = [u for u, sq in mv.landings if sq == mv.start]
    return land_problem(c, s, seat, mv.start, here) if here else ""


def simulate(s: SYWState, mv: Move, force: list[Unit], carried: dict[str, str]) -> None:
    """The move on a copy of the state (validation, plan 2.4)."""
    drops, lands = dict(mv.drops), dict(mv.landings)
    for u in force:
        s.units[u.id].square = drops.get(u.id, mv.path[-1])
    for uid, fleet in carried.items():
        u = s.units[uid]
        u.square, u.aboard = (lands[uid], None) if uid in lands else (mv.path[-1], fleet)
    s.progress.moved = sorted({*s.progress.moved, *(u.id for u in force), *carried})
    went_on(s.progress, [u.id for u in force] + list(carried))  # 16.46 [C 16.h], 29.7


# ------------------------------------------------------------ embark / debark in place


def embark_problem(c: Content, s: SYWState, seat: str, ln: Embark) -> str | None:
    """[C 18.d] `embark UNIT on FLEET at SQ` / `debark UNIT at SQ`: the unit and the fleet
    in SQ, a coast or port square (18.5, 18.53), neither moved this phase, the fleet
    empty (18.513); the fleet's allowance pays 18.51's cost."""
    if s.progress.phase == "combat":
        return "the movement phase is over: this turn has reached combat (7YWW 3.1(3))"
    u = s.units.get(ln.unit)
    if u is None:
        return f"{ln.unit} is no longer on the map"
    fid = u.aboard if ln.debark else ln.fleet
    if ln.debark and fid is None:
        return f"{ln.unit} is not aboard a fleet"
    f = s.units.get(fid or "")
    if f is None or f.type != "fleet":
        return f"{fid} is not a fleet on the map"
    for x in (u, f):
        why = owner_problem(c, s, seat, x)
        if why:
            return why
        if x.square != ln.square:
            return f"{x.id} is in {x.square}, not {ln.square}"
        if x.id in s.progress.moved or x.id in s.progress.stopped:
            return f"{x.id} has moved this phase: it may not {'debark' if ln.debark else 'embark'} in place (7YWW 14.11, plan [C 18.d])"
    if c.map.square(ln.square).kind != "coastal":
        return f"units embark and debark only in a coast or port square, not {ln.square} (7YWW 18.5, 18.53)"
    if not ln.debark:
        if u.type == "fleet" or u.type in STATIC:
            return (
                f"{u.id} cannot embark: fleets carry armies, hordes and legions (7YWW 18.5, 14.12)"
            )
        if u.aboard is not None:
            return f"{u.id} is already aboard {u.aboard}"
        if len(aboard(s, f.id)) >= c.map.effect("fleet_capacity"):
            return f"{f.id} already carries {aboard(s, f.id)[0].id}: one land unit a fleet (7YWW 18.513)"
    if port_cost(c, s, ln.square) > c.unit_type("fleet").movement:
        return f"{f.id} has not the movement points to {'debark' if ln.debark else 'embark'} (7YWW 18.512)"
    return None


def sim_embark(s: SYWState, ln: Embark) -> None:
    u = s.units[ln.unit]
    fid = u.aboard if ln.debark else ln.fleet
    u.aboard = None if ln.debark else ln.fleet
    s.progress.moved = sorted({*s.progress.moved, u.id, fid or ""} - {""})


def do_embark(ctx: Resolution, c: Content, seat: str, ln: Embark) -> str | None:
    """Emits `syw.embarked`, or returns why the line must be skipped."""
    s: SYWState = ctx.state
    why = embark_problem(c, s, seat, ln)
    if why:
        return why
    fid = s.units[ln.unit].aboard if ln.debark else ln.fleet
    ctx.emit(E.Embarked(seat=seat, unit=ln.unit, fleet=fid or "", square=ln.square,
                        cost=port_cost(c, s, ln.square), debark=ln.debark))  # fmt: skip
    return None
