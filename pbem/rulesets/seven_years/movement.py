"""7YWW 14 Movement, 12 stacking, 13 (no zones of control), 16.1 forced march moves,
18.1-18.5 fleet movement and naval transport: which units form a force, the walk along
a path (costs, sides, closed squares, where a force may pass but not stop, embarking and
landing costs), and carrying a move out (invasions on the way, 4.413(2)). Which land
units a fleet force carries is transport.py's."""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.resolution import Resolution

from . import control
from . import events as E
from .content import Content
from .state import MINOR, STATIC, SYWState, Unit
from .turn_lines import Move, Units

# 7YWW 13.0: "there are no zones of control in this game": nothing to apply.


def domain(u: Unit) -> str:
    return "naval" if u.type == "fleet" else "land"


def owner_problem(c: Content, s: SYWState, seat: str, u: Unit) -> str | None:
    """4.2(1), 4.31, 7YWW 14.5: a player operates the units of the powers he controls."""
    if u.owner == MINOR:
        return f"{u.id} is a minor power unit: minor forces move and attack only by a Minor Power Alliance, never with major power units (7YWW 4.7, 12.3, 14.12, 14.5)"
    who = s.control.get(u.owner)
    if who is None:
        return f"{u.id} is not yours: {c.power_name(u.owner)} is neutral (7YWW 4.31, 14.5)"
    if who != seat:
        return f"{u.id} is not yours: {c.power_name(u.owner)} is controlled by {who} (7YWW 4.2)"
    return None


def pick_units(c: Content, s: SYWState, seat: str, spec: Units, square: str,
               usable) -> tuple[list[Unit], str | None]:  # fmt: skip
    """The units a line names, all in `square` and the seat's; `all` = every unit of the
    seat there for which `usable(u)` holds. (units, problem)."""
    if spec.all:
        units = [
            u
            for u in s.units_in(square)
            if s.unit_seat(u) == seat and u.id not in spec.except_ and usable(u)
        ]
        if not units:
            return [], f"no unit of yours in {square} can do this"
        return units, None
    units = []
    for uid in spec.ids:
        u = s.units.get(uid)
        if u is None:
            return [], f"{uid} is no longer on the map"
        why = owner_problem(c, s, seat, u)
        if why:
            return [], why
        if u.square != square:
            return [], f"{uid} is in {u.square}, not {square}"
        if u not in units:
            units.append(u)
    return units, None


def movable(s: SYWState, forced: bool):
    p = s.progress

    def ok(u: Unit) -> bool:
        return (
            u.type not in STATIC
            and u.aboard is None
            and u.id not in p.stopped
            and (forced or u.id not in p.moved or u.id in p.going_on)
        )

    return ok


def force_problem(c: Content, s: SYWState, units: list[Unit], forced: bool) -> str | None:
    """14.11-14.14, 16.1, 16.46, [C 14.a]-[C 14.c]. A fleet force's forced march is
    checked with its cargo (transport.cargo)."""
    p = s.progress
    for u in units:
        if u.type in STATIC:
            return f"{u.id} cannot move: fortified zones and bases have no movement factor (7YWW 14.12)"
        if u.aboard is not None:
            return (
                f"{u.id} is aboard {u.aboard}: it moves with its fleet, or lands (7YWW 18.5, 18.53)"
            )
        if u.id in p.stopped:
            return f"{u.id} retreated after a countermarch and may not move again this turn (7YWW 16.46)"
        if u.id in p.moved and not forced and u.id not in p.going_on:  # 16.46 [C 16.h]
            return f"{u.id} has moved this phase: a second move needs a forced march (7YWW 14.11, 16.1)"
    if len({domain(u) for u in units}) > 1:
        return "a force moves land units or fleets, not both: fleets take land units with `carrying UNITS` (plan [C 14.a], 7YWW 18.5)"
    if forced and not (units and domain(units[0]) == "naval"):  # fleets: transport.cargo
        return forced_problem(s, [u.id for u in units])
    return None


def forced_problem(s: SYWState, ids: list[str]) -> str | None:
    """16.1: a forced march moves a force again: some unit of it (a fleet force's cargo
    included, 18.5 "the fleet picks up the land unit and then moves") has moved."""
    if not any(uid in s.progress.moved for uid in ids):
        return (
            "none of these units has moved this phase: move them without a forced march (7YWW 16.1)"
        )
    return None


def allowance(c: Content, units: list[Unit]) -> int:
    """14.14: the slowest unit's allowance at the start of the move; a fleet force's
    cargo is not in `units` (14.14's exception, 18.52: the fleets' allowance)."""
    return min(c.unit_type(u.type).movement for u in units)


def move_points(c: Content, s: SYWState, units: list[Unit], forced: bool) -> int:
    """The force's movement points for this move: 14.14 its allowance; 16.46 [C 16.h]
    for units going on after an advance that beat a countermarch, what they had left
    (a forced march is a new move: the whole allowance, 16.1)."""
    n = allowance(c, units)
    left = [s.progress.going_on[u.id] for u in units if u.id in s.progress.going_on]
    return n if forced or not left else min(n, *left)


def going_on_expedition(s: SYWState, units: list[Unit], forced: bool) -> str | None:
    """29.7 Expedition "for one force's movement for one move": a force going on after a
    countermarch (16.46, [C 16.h]) keeps the Expedition its move was made under. Its
    marker's id ("" if the log did not record it), or None: not on an Expedition."""
    p = s.progress
    if forced or not units or any(u.id not in p.going_on_expedition for u in units):
        return None
    marker = {p.going_on_expedition[u.id] for u in units}
    return marker.pop() if len(marker) == 1 else None  # two moves' forces: neither's


def on_expedition(s: SYWState, units: list[Unit], forced: bool) -> bool:
    return going_on_expedition(s, units, forced) is not None


def expedition_problem(c: Content, units: list[Unit], path: tuple[str, ...]) -> str | None:
    """29.7 Expedition: "Reduce the movement cost for entering wilderness to '1' and Terra
    Incognita to '2' ... for one move". A line whose path enters no square where the
    marker lowers the force's cost (no wilderness or Terra Incognita; a fleet force, which
    pays naval costs, never) is refused on its line: the marker would go back to the pool
    for nothing (plan [C 29.e], case move-29-7-expedition-no-effect)."""
    if not units:
        return None
    dom = domain(units[0])
    if any(
        c.map.move_cost(sq, dom, True) != c.map.move_cost(sq, dom)  # type: ignore[arg-type]
        for sq in path
    ):
        return None
    what = (
        "a fleet force pays naval costs" if dom == "naval" else "no wilderness or Terra Incognita"
    )
    return (
        f"'expedition' would change no cost of this move ({what} on the path), and the marker "
        "would be spent for nothing: leave the clause out (7YWW 29.7)"
    )


def port_cost(c: Content, s: SYWState, square: str) -> int:
    """7YWW 18.51 Embarking/Debarking Costs. 18.511: embarking or debarking costs nothing
    in a port (friendly occupied or not, 7YWW 18.511); 18.512:
    two movement points in a non-port coast square, a pillaged port included. Plan
    [C 18.a]: paid once by the force at that square, however many units load or land."""
    q = c.map.square(square)
    port = q.port and square not in s.pillaged  # 29.5: a pillaged port is no port
    return c.map.effect("port_embark" if port else "coast_embark")


def land_problem(c: Content, s: SYWState, seat: str, square: str, uids: list[str]) -> str:
    """18.53: cargo debarks only on a coast or port square; 14.31 never where units of
    another player, a neutral or a minor stand (18.32: nor where only enemy fleets are)."""
    who = ", ".join(uids)
    if not c.map.can_enter(square, "land"):
        return f"{who} may land only on a coast or port square, not in {square} (7YWW 18.53)"
    if control.foreign(s, seat, square):
        return (
            f"{who} may not land in {square}: it holds units that are not yours (7YWW 14.31, 18.32)"
        )
    return ""


@dataclass
class Walk:
    entered: list[str] = field(default_factory=list)  # squares entered, in order
    costs: list[int] = field(default_factory=list)
    problem: str = ""  # why the walk stopped before the end of the path ("": it did not)
    pass_only: list[str] = field(default_factory=list)  # entered, but no stopping there
    invasions: list[tuple[int, str]] = field(default_factory=list)  # (index in entered, power)
    start_cost: int = 0  # 18.51: embarking (or landing) at the start square

    @property
    def cost(self) -> int:
        return self.start_cost + sum(self.costs)


def cross_problem(c: Content, a: str, b: str, dom: str) -> str:
    m = c.map
    if b not in m.neighbours(a, wrap=dom == "naval"):
        if b in m.neighbours(a, wrap=True):  # the map edge: fleets only (14.23)
            return f"{a} and {b} are not adjacent for land units: only naval units cross the east and west map edges (7YWW 14.23)"
        return f"{a} and {b} are not adjacent: moves go through square sides (7YWW 14.2)"
    if dom == "land":
        if not m.can_enter(b, "land"):
            what = "an all-sea square" if m.square(b).kind == "sea" else "closed to land units"
            return f"{b} is {what} (7YWW 14.32)"
        return f"{a} and {b} are separated by an all-sea side: land units need a fleet (7YWW 14.21, 14.32)"
    if not m.can_enter(b, "naval"):
        return f"fleets may not enter {b}: an all-land or polar ice square (7YWW 14.33, 18.1)"
    return f"{a} and {b} are separated by an all-land side: fleets may not cross it (7YWW 14.33)"


def block(c: Content, s: SYWState, seat: str, dom: str, square: str) -> tuple[str, bool]:
    """May the force enter `square`? (problem, pass_only). 12.11, 14.31: never squares
    with enemy or neutral units (minor units count as neutral, [C 2.f]); except 18.32:
    land units pass through coastal squares holding only enemy fleets (not minor or
    neutral ones), 18.33: fleets pass through coastal squares holding only enemy or
    neutral land units (minor ones included); 18.31: enemy fleets block fleets (7YWW 18.3
    Fleet Movement Restrictions)."""
    others = control.foreign(s, seat, square)  # 7YWW 12.21: all the seat's powers stack
    if not others:
        return "", False
    coastal = c.map.square(square).kind == "coastal"
    if dom == "land":
        enemy_fleets = all(u.type == "fleet" and s.unit_seat(u) is not None for u in others)
        if coastal and enemy_fleets:
            return "", True
    else:
        if any(u.type == "fleet" for u in others):
            return (
                f"{square} holds fleets of another player or power: fleets block fleets (7YWW 18.31, 14.31)",
                False,
            )
        if coastal:  # 18.33, [C 2.f]: minor land units are neutral ones
            return "", True
    who = sorted({u.id for u in others})
    return (
        f"{square} holds units that are not yours ({', '.join(who)}): no entry (7YWW 12.11, 14.31)",
        False,
    )


def walk(c: Content, s: SYWState, seat: str, units: list[Unit], start: str,
         path: tuple[str, ...], expedition: bool, start_cost: int = 0,
         landing: dict[str, list[str]] | None = None, forced: bool = False,
         dropping: frozenset[str] = frozenset()) -> Walk:  # fmt: skip
    """The path as far as the force can go (14.1: enough movement points to enter each
    square; [C 14.e] it stops at the last square it could pay for). A fleet force pays
    `start_cost` for embarking at the start and 18.51's cost where cargo lands
    (`landing`: square -> units landing there). `forced`: a forced march (move_points).
    `dropping`: the squares where units are dropped off (14.13); a fleet dropped there
    ends its movement there (18.4)."""
    dom = domain(units[0])
    expedition = expedition or on_expedition(s, units, forced)
    points = move_points(c, s, units, forced)
    landing = landing or {}
    w = Walk(start_cost=start_cost)
    if start_cost > points:
        w.problem = (
            f"not enough movement points to embark in {start}: it costs {start_cost} (7YWW 18.512)"
        )
        return w
    here = start
    for sq in path:
        if not c.map.can_cross(here, sq, dom):  # type: ignore[arg-type]
            w.problem = cross_problem(c, here, sq, dom)
            break
        cost = c.map.move_cost(sq, dom, expedition)  # type: ignore[arg-type]
        assert cost is not None
        if w.cost + cost > points:
            w.problem = (
                f"not enough movement points to enter {sq}: it costs {cost}, "
                f"{points - w.cost} of {points} left (7YWW 14.1, 14.14)"
            )
            break
        why, pass_only = block(c, s, seat, dom, sq)
        if why:
            w.problem = why
            break
        lands = landing.get(sq, []) if sq not in w.entered else []
        if lands:  # 18.53
            why = land_problem(c, s, seat, sq, lands)
            extra = port_cost(c, s, sq)
            if not why and w.cost + cost + extra > points:
                why = (
                    f"not enough movement points to land {', '.join(lands)} in {sq}: entering "
                    f"and landing cost {cost + extra}, {points - w.cost} of {points} left (7YWW 18.512)"
                )
            if why:
                w.problem = why
                break
            cost += extra
        w.entered.append(sq)
        w.costs.append(cost)
        if pass_only:
            w.pass_only.append(sq)
        power = control.neutral_power(c, s, sq)
        # 4.413(2), [C 4.b]: cargo when it lands; 18.4 a fleet where it ends its movement,
        # the square it is dropped in (14.13) included
        drop = sq in dropping and sq not in w.entered[:-1]
        invading = dom == "land" or bool(lands) or drop
        if power and invading and all(p != power for _, p in w.invasions):
            w.invasions.append((len(w.entered) - 1, power))  # 4.413(2)
        here = sq
    return w


def stop_problem(w: Walk, drops: tuple[tuple[str, str], ...]) -> str:
    """18.32, 18.33: a force (or a dropped unit) may not stop where it may only pass."""
    end = w.entered[-1] if w.entered else ""
    if end in w.pass_only:
        return f"the force may pass through {end} but not stop there (7YWW 18.32, 18.33)"
    for uid, sq in drops:
        if sq in w.pass_only:
            return f"{uid} may not be dropped in {sq}: units may pass through it but not stop (7YWW 18.32, 18.33)"
    return ""


def drops_problem(units: list[Unit], start: str, path: tuple[str, ...],
                  drops: tuple[tuple[str, str], ...]) -> str:  # fmt: skip
    """14.13: drop-offs along the way."""
    ids = {u.id for u in units}
    for uid, sq in drops:
        if uid not in ids:
            return f"{uid} is not in the moving force"
        if sq not in path[:-1]:
            return f"{uid} can be dropped only at a square the force passes before its last ({sq} is not one) (7YWW 14.13)"
    if len({u for u, _ in drops}) == len(units):
        return "a force may not drop all its units (7YWW 14.13)"
    return ""


def fleet_invasion(c: Content, s: SYWState, units: list[Unit], end: str) -> str | None:
    """4.413(2), 18.4: a fleet violates neutrality only by ending its move in a neutral
    major power's (coastal) square (or by being dropped there on the way: `walk`). 4.76:
    a minor force's move never does (a `minor move` is carried out here too, plan
    [C 16.i]); only its attack on a neutral major is an act of belligerency."""
    if units and domain(units[0]) == "naval" and units[0].owner != MINOR:
        return control.neutral_power(c, s, end)
    return None


def invasion_how(units: list[Unit], mv: Move, sq: str) -> str:
    """What violated the neutrality at `sq`: the force entering it, or (a fleet force,
    18.4) the fleets dropped there."""
    if units and domain(units[0]) == "naval":
        ids = [uid for uid, q in mv.drops if q == sq]
        if ids:
            return f"{', '.join(ids)} dropped in {sq}, ending {'their' if len(ids) > 1 else 'its'} move there"  # fmt: skip
    return f"moved into {sq}"


def carry_out(ctx: Resolution, c: Content, seat: str, mv: Move, units: list[Unit],
              w: Walk, fm: str, exp: str, cargo: dict[str, str] | None = None,
              final: bool = True) -> None:  # fmt: skip
    """Emit the move: one `syw.moved`, split where the force violates a neutral's
    territory (4.42(2): "the instant"; [C 4.a] the force then goes on). `cargo`: the
    land units a fleet force carries (unit -> fleet, 18.5); those landing on the way
    leave the move there (18.53), the others stay aboard (7YWW 18.54). `final`: False for a
    piece of a move a countermarch cut (countermarch.py): the move does not end there."""
    s: SYWState = ctx.state
    cargo = cargo or {}
    drops = {u: sq for u, sq in mv.drops if sq in w.entered[:-1]}
    lands = {u: sq for u, sq in mv.landings if u in cargo and (sq == mv.start or sq in w.entered)}
    cuts = [i for i, _ in w.invasions]
    start, first = mv.start, 0
    moving = [u.id for u in units] + [u for u in cargo if u not in {x.id for x in units}]
    for k, cut in enumerate([*cuts, len(w.entered) - 1]):
        seg = w.entered[first : cut + 1]
        if seg:
            dropped = {
                u: sq
                for u, sq in drops.items()
                if u in moving and (sq in seg[:-1] or (sq == seg[-1] and cut != len(w.entered) - 1))
            }
            landed = {
                u: sq
                for u, sq in lands.items()
                if u in moving and (sq in seg or (first == 0 and sq == mv.start))
            }
            carried = {u: cargo[u] for u in moving if u in cargo and u not in landed}
            cost = sum(w.costs[first : cut + 1]) + (w.start_cost if first == 0 else 0)
            ctx.emit(E.Moved(seat=seat, units=list(moving), path=seg, start=start,
                             cost=cost, forced_march=fm, expedition=exp, dropped=dropped,
                             carried=carried, landed=landed))  # fmt: skip
            moving = [u for u in moving if u not in dropped and u not in landed]
            start, first = seg[-1], cut + 1
        if k < len(cuts):
            power, sq = w.invasions[k][1], w.entered[cut]
            if s.control.get(power) is None:
                control.invade(ctx, c, power, seat, invasion_how(units, mv, sq))
    end = w.entered[-1]
    power = fleet_invasion(c, s, units, end) if final else None
    if power:
        control.invade(ctx, c, power, seat, f"fleet ended its move in {end}")
