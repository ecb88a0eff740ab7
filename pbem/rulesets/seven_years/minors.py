"""7YWW 4.72-4.77 in a player turn: a Minor Power Alliance marker lets the phasing player
move one force of minor power units (4.72, 4.721) or attack with one (4.73); the marker
goes back to the pool at once (4.75). The attack is the ordinary combat (combat.fight);
4.8 forbids attacking a power of one's own, 4.76 makes an attack on a neutral major an
act of belligerency (combat.fight invades it first). Choices: plan [C 4.j]-[C 4.m]."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import combat, countermarch, movement, names, transport, windows
from . import events as E
from .content import Content
from .minor_orders import MARKER, MinorAttack, MinorMove
from .minor_recruit import counted, enforce_forage
from .movement import cross_problem, domain, port_cost
from .standing import Standing
from .state import MINOR, STATIC, SYWState, Unit
from .turn_lines import Attack, Move, Units


def where(c: Content, home: str) -> str:
    return c.power_name(home) if home in c.majors else home


def marker(c: Content, s: SYWState, seat: str, taken: list[str]) -> str | None:
    return names.in_hand(c, s.players[seat].hand, MARKER, tuple(taken))


EXPEDITION = "Expedition"


def expedition(c: Content, s: SYWState, seat: str, taken: list[str]) -> str | None:
    return names.in_hand(c, s.players[seat].hand, EXPEDITION, tuple(taken))


def force(s: SYWState, ids: tuple[str, ...], square: str, usable) -> tuple[list[Unit], str | None]:
    """4.72 "some or all minor power units in one square": the ids named, or every minor
    unit there for which `usable` holds; one country's units (a force of one minor)."""
    if ids:
        units = []
        for uid in ids:
            u = s.units.get(uid)
            if u is None:
                return [], f"{uid} is no longer on the map"
            if u.owner != MINOR:
                return (
                    [],
                    f"{uid} is not a minor power unit: a Minor Power Alliance moves or attacks with minor units only (7YWW 4.7, 12.3)",
                )
            if u.square != square:
                return [], f"{uid} is in {u.square}, not {square}"
            if u not in units:
                units.append(u)
    else:
        units = [u for u in s.units_in(square) if u.owner == MINOR and usable(u)]
        if not units:
            return [], f"no minor power unit in {square} can do this"
    if len({u.home for u in units}) > 1:
        return [], "name the units of one minor power: one force of one country (7YWW 4.72, 4.73)"
    return units, None


def _short(c: Content, s: SYWState, seat: str) -> str:
    n = sum(1 for m in s.players[seat].hand if names.label_of(c, m) == MARKER)
    return f"this line needs a {MARKER} marker: {seat} holds {n}, used by this and earlier lines (7YWW 4.7, 4.75)"


# ------------------------------------------------------------------------ movement


def move_problem(c: Content, s: SYWState, seat: str, ln: MinorMove, taken: list[str]
                 ) -> tuple[str | None, list[Unit], int]:  # fmt: skip
    """4.72, 4.721, [C 4.k], 4.77, 14.1, 14.11: (problem, units, cost)."""
    p = s.progress
    if p.phase == "combat":
        return "the movement phase is over: this turn has reached combat (7YWW 3.1(3), 4.72)", [], 0

    def ok(u: Unit) -> bool:  # the default force; with `carrying`, the fleets (18.5)
        fleet_only = u.type == "fleet" or not (ln.carrying or ln.landings)
        return u.type not in STATIC and u.aboard is None and u.id not in p.moved and fleet_only

    units, why = force(s, ln.units, ln.start, ok)
    if why:
        return why, units, 0
    for u in units:
        if u.type in STATIC:
            return (
                f"{u.id} cannot move: fortified zones and bases have no movement factor (7YWW 14.12)",
                units,
                0,
            )
        if u.id in p.moved:
            return f"{u.id} has moved this phase (7YWW 14.11)", units, 0
    if len({domain(u) for u in units}) > 1:
        return (
            "a force moves land units or fleets, not both: fleets take land units with `carrying UNITS` (plan [C 14.a], 7YWW 18.5)",
            units,
            0,
        )
    if not marker(c, s, seat, taken):
        return _short(c, s, seat), units, 0
    if ln.expedition and not expedition(c, s, seat, [*taken, marker(c, s, seat, taken) or ""]):
        n = sum(1 for m in s.players[seat].hand if names.label_of(c, m) == EXPEDITION)
        return f"this line needs an {EXPEDITION} marker: {seat} holds {n}, used by this and earlier lines (7YWW 29.7)", units, 0  # fmt: skip
    dom, home = domain(units[0]), units[0].home
    if ln.expedition and (why := movement.expedition_problem(c, units, ln.path)):  # 29.7 [C 29.e]
        return why, units, 0
    carried, why = cargo(c, s, seat, ln, units)  # 18.5, [C 4.p]
    if why:
        return why, units, 0
    cost, landing = transport.costs(c, s, ln, carried)  # 18.51
    points = min(c.unit_type(u.type).movement for u in units)  # 14.14, 18.52
    if cost > points:
        return f"not enough movement points to embark or land in {ln.start}: it costs {cost} (7YWW 18.512)", units, 0  # fmt: skip
    for uid, sq in ln.landings:
        if not c.map.can_enter(sq, "land"):
            return f"{uid} may land only on a coast or port square, not in {sq} (7YWW 18.53)", units, 0  # fmt: skip
    here = ln.start
    for sq in ln.path:
        if not c.map.can_cross(here, sq, dom):  # type: ignore[arg-type]
            return cross_problem(c, here, sq, dom), units, 0
        if c.map.square(sq).power != home:  # 4.721, [C 4.j]
            return (
                f"{sq} is outside {where(c, home)}: minor power units never move across a border (7YWW 4.721)",
                units,
                0,
            )
        others = [u for u in s.units_in(sq) if u.owner != MINOR or u.home != home]
        if others:  # [C 4.k], 12.3, 12.11
            return (
                f"{sq} holds units other than {where(c, home)}'s ({', '.join(u.id for u in others)}): no entry (7YWW 12.3, 12.11, plan [C 4.k])",
                units,
                0,
            )
        # 7YWW 29.7 Expedition: wilderness 1, Terra Incognita 2 for this move
        cost += c.map.move_cost(sq, dom, ln.expedition) or 0  # type: ignore[arg-type]
        if landing.pop(sq, []):  # 18.51: landing here, once
            cost += port_cost(c, s, sq)
        if cost > points:
            return (
                f"not enough movement points to enter {sq}: {cost} of {points} (7YWW 14.1, 14.14)",
                units,
                0,
            )
        here = sq
    lands = dict(ln.landings)
    arriving: dict[str, list[Unit]] = {}
    for u in [*units, *(s.units[x] for x in carried if x not in {f.id for f in units})]:
        to = lands.get(u.id, ln.path[-1])
        if to != u.square:
            arriving.setdefault(to, []).append(u)
    for end in sorted(arriving):  # 4.77: where the force, or a landed unit, stops
        n = sum(1 for u in arriving[end] if counted(c, u.model_copy(update={"square": end})))
        room = c.map.forage(end, minor=True, pillaged=end in s.pillaged) - sum(
            1 for u in s.units_in(end) if u.owner == MINOR and counted(c, u)
        )
        if n > room:
            return (
                f"{end} can hold {max(room, 0)} more minor units, not {n} (its forage value, 7YWW 4.77, 19.7)",
                units,
                0,
            )
    return None, units, cost


def cargo(c: Content, s: SYWState, seat: str, ln: MinorMove, units: list[Unit]
          ) -> tuple[dict[str, str], str | None]:  # fmt: skip
    """18.5, plan [C 4.p]: a minor fleet force carries land units of its own country
    (transport.cargo with that for the ownership test)."""
    home = units[0].home if units else ""

    def owner(c: Content, s: SYWState, seat: str, u: Unit) -> str | None:
        if u.owner == MINOR and u.home == home:
            return None
        return f"{u.id} is not {where(c, home)}'s: a minor fleet carries its own country's land units (7YWW 4.72, 18.5, plan [C 4.p])"  # fmt: skip

    return transport.cargo(c, s, seat, ln, units, owner)  # type: ignore[arg-type]


def do_move(ctx: Resolution, c: Content, seat: str, ln: MinorMove) -> str | None:
    """Carry the move out, or say why not."""
    s: SYWState = ctx.state
    why, units, _ = move_problem(c, s, seat, ln, [])
    if why:
        return why
    mid = marker(c, s, seat, []) or ""
    detail = f"{MARKER}: moves {where(c, units[0].home)}'s force (7YWW 4.72, 4.75)"
    if not windows.play(ctx, seat, mid, ln.start, detail):  # 29.7 Sturm & Drang
        return None
    exp = ""
    if ln.expedition:  # 7YWW 29.7 Expedition, with its own Sturm & Drang window
        exp = expedition(c, s, seat, []) or ""
        if not windows.play(ctx, seat, exp, ln.start, "Expedition (7YWW 29.7)"):
            return "the Expedition was negated by Sturm & Drang (7YWW 29.7)"
    carried = cargo(c, s, seat, ln, units)[0]  # 18.5, [C 4.p]
    mv = Move(ln.line, ln.text, Units(ids=tuple(u.id for u in units)), ln.start, ln.path,
              expedition=ln.expedition, carrying=ln.carrying, landings=ln.landings)  # fmt: skip
    before = {u.id: u.square for u in s.units.values()}
    # 7YWW 16.41, 16.45, plan [C 16.i]: a phasing force, countermarched square by square
    # as a major force is (the move line has no countermarch clauses: the minor force
    # defends with no player's leader, Honors of War or advance)
    countermarch.carry_out(ctx, c, seat, mv, units, walk(c, s, ln, units, carried), "", exp, carried)  # fmt: skip
    after_combat(ctx, c, before)  # 4.77: a countermarch may have driven it back
    return None


def walk(c: Content, s: SYWState, ln: MinorMove, units: list[Unit], carried: dict[str, str]
         ) -> movement.Walk:  # fmt: skip
    """The squares of a move `move_problem` allowed and what entering each costs (as it
    reckons them: 14.1, 29.7, 18.51): no square it only passes ([C 4.k]: it enters only
    its own country's), no invasion (4.76: a minor force's move is none)."""
    start_cost, landing = transport.costs(c, s, ln, carried)  # type: ignore[arg-type]
    dom = domain(units[0])
    costs = []
    for sq in ln.path:
        cost = c.map.move_cost(sq, dom, ln.expedition) or 0  # type: ignore[arg-type]
        if landing.pop(sq, []):  # 18.51: landing here, once
            cost += port_cost(c, s, sq)
        costs.append(cost)
    return movement.Walk(list(ln.path), costs, start_cost=start_cost)


# -------------------------------------------------------------------------- combat


def as_attack(ln: MinorAttack, units: list[Unit]) -> Attack:
    return Attack(ln.line, ln.text, ln.target, ln.source, units=Units(ids=tuple(u.id for u in units)),
                  table=ln.table, advance=ln.advance, advance_units=ln.advance_units,
                  losses=ln.losses, retreat_to=ln.retreat_to)  # fmt: skip


def attack_problem(c: Content, s: SYWState, seat: str, ln: MinorAttack, taken: list[str]
                   ) -> tuple[str | None, list[Unit]]:  # fmt: skip
    """4.73, 4.8, 2.312, 15.x (combat.declare_problem), 16.22."""
    able = combat.may_attack(c)
    units, why = force(s, ln.units, ln.source,
                       lambda u: able(u) and u.id not in s.progress.attacked and u.aboard is None)  # fmt: skip
    if why:
        return why, units
    home = where(c, units[0].home)
    defenders = s.units_in(ln.target)
    mine = sorted({u.owner for u in defenders if s.unit_seat(u) == seat})
    # 4.8 "nor could he have a Turkestan force he temporarily controlled attack a Russian force"
    if mine:
        return (
            f"the {home} force may not attack {combat.power_names(c, mine)}, a power you control (7YWW 4.8)",
            units,
        )
    if any(u.owner == MINOR and u.home == units[0].home for u in defenders):
        return (
            f"{ln.target} holds {home}'s own units: a minor force does not attack its own country (7YWW 4.73)",
            units,
        )
    why = combat.declare_problem(c, s, seat, as_attack(ln, units), units)
    if why:
        return why, units
    if not marker(c, s, seat, taken):
        return _short(c, s, seat), units
    return None, units


def do_attack(ctx: Resolution, c: Content, seat: str, ln: MinorAttack,
              standing: dict[str, Standing]) -> str | None:  # fmt: skip
    """4.73: the marker, then the ordinary combat; 4.77 after it."""
    s: SYWState = ctx.state
    why, units = attack_problem(c, s, seat, ln, [])
    if why:
        return why
    mid = marker(c, s, seat, []) or ""
    detail = f"{MARKER}: {where(c, units[0].home)}'s force attacks (7YWW 4.73, 4.75)"
    if not windows.play(ctx, seat, mid, ln.target, detail):  # 29.7 Sturm & Drang
        return None
    before = {u.id: u.square for u in s.units.values()}
    combat.fight(ctx, c, seat, as_attack(ln, units), units, standing, "", "")
    after_combat(ctx, c, before)
    return None


def after_combat(ctx: Resolution, c: Content, before: dict[str, str]) -> None:
    """4.77 after any combat: minor units that retreated or advanced over the limit."""
    s: SYWState = ctx.state
    moved = [uid for uid, sq in before.items() if uid in s.units and s.units[uid].square != sq]
    enforce_forage(ctx, c, moved)


# ------------------------------------------------------------- the envelope's lines


def problem(c: Content, s: SYWState, seat: str, ln, taken: list[str]) -> tuple[str | None, list[Unit]]:  # fmt: skip
    if isinstance(ln, MinorMove):
        why, units, _ = move_problem(c, s, seat, ln, taken)
        return why, units
    return attack_problem(c, s, seat, ln, taken)


def simulate(c: Content, s: SYWState, seat: str, ln, units: list[Unit], taken: list[str]) -> None:
    """Validation (plan 2.4): the line done on the copy, every combat leaving the board."""
    taken.append(marker(c, s, seat, taken) or "")
    if isinstance(ln, MinorMove):
        if ln.expedition:  # 7YWW 29.7
            taken.append(expedition(c, s, seat, taken) or "")
        transport.simulate(s, ln, units, cargo(c, s, seat, ln, units)[0])  # type: ignore[arg-type]
        return
    p = s.progress
    p.phase = "combat"
    p.attacked = sorted({*p.attacked, *(u.id for u in units)})
    if [ln.source, ln.target] not in p.attacks:
        p.attacks = [*p.attacks, [ln.source, ln.target]]


def carry_out(ctx: Resolution, c: Content, seat: str, ln, standing: dict[str, Standing]) -> str | None:  # fmt: skip
    """Resolution: the line, or why it was skipped."""
    if isinstance(ln, MinorMove):
        return do_move(ctx, c, seat, ln)
    if ctx.state.progress.phase != "combat":
        ctx.emit(E.TurnPhase(seat=seat, phase="combat"))
    return do_attack(ctx, c, seat, ln, standing)
