"""7YWW 16.4 Countermarch: at each square a phasing force enters by movement (a `move` or
`forced march` line, fleets with their cargo, or a `minor move` line: a minor force moved
by a Minor Power Alliance is a phasing force, plan [C 16.i]; never an advance or retreat
after combat, 16.45), the non-phasing players are asked in the window order (plan 2.2
[C 2.c], 16.44); the first whose standing `countermarch` line (countermarch_lines.py)
matches plays a Forced March and attacks the square with the normal combat code (16.42).
16.46: the moving force then goes on, stops where it retreated to, or is gone.

Choices written down here (plan [C 16.a]-[C 16.f] and these):
- The move's `syw.moved` is cut only where a countermarch is declared: the check is made
  on the board as it would be with the force in that square (control as before a
  neutrality violation in that same square), and made again on the board as it is.
- A square the force may only pass through (18.32, 18.33) is no occasion: it holds units
  of another player, and 16.45 forbids hitting them.
- [C 16.e] The phasing player defends with the leader, Honors of War and advance his
  move line names (`leader L`, `honors of war`, `advance if countermarched`; default none,
  none, no advance); his standing `defend with leader`, `honors of war when defending` and
  `advance from` lines are for the other players' turns and are not read here. Losses,
  retreat and fortified zones still come from his standing orders (the move line has no
  clause for them). A named leader who may not lead the square's force (20.41, 20.5) is
  left out with a private note; the clauses of a move nobody countermarches do nothing.
- 15.8, 16.42: a beaten countermarcher loses and retreats as his standing `losses`,
  `retreat from` and `leave fortified zones` lines say (his line has no clause for
  them; defaults otherwise: case countermarch-15-8-beaten-countermarcher.toml).
- [C 16.h] A moving force that advanced after beating the countermarch (`advance if
  countermarched`) does not follow the rest of its line (its path was written from the
  entered square; reported skipped), but may go on moving (16.46): `syw.move_goes_on`
  gives it the movement points it had left after entering that square ("the advance
  doesn't count against its movement capability") for a later plain `move` line; a
  move made under an Expedition goes on under it (29.7 "for one move"), and the
  continuation's `syw.moved` names that marker (case countermarch-16-46-expedition-carried);
  once: the first line that moves any of the force has it, the units that line leaves
  behind go on without it (29.7 "for one force's movement"; fold.went_on).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pbem.reports.model import plural
from pbem.resolution import Resolution

from . import combat, leaders, movement, names, naval, transport, windows
from . import events as E
from .content import Content
from .countermarch_lines import CountermarchLine
from .standing import Standing
from .state import MINOR, SYWState, Unit
from .turn_lines import Attack, Move, Units


@dataclass
class Hit:
    seat: str  # the countermarcher
    line: CountermarchLine
    attack: Attack
    units: list[Unit]


def defence_standing(standing: dict[str, Standing], seat: str, mv: Move, square: str
                     ) -> dict[str, Standing]:  # fmt: skip
    """16.42, plan [C 16.e]: the standing orders combat.fight reads for the phasing
    player defending `square`, with his move line's leader, Honors of War and advance."""
    st = standing.get(seat) or Standing()
    own = replace(st, defend_leaders=[(mv.cm_leader, square)] if mv.cm_leader else [],
                  honors=[(square, "")] if mv.cm_honors else [],
                  advance_from=[square] if mv.cm_advance else [])  # fmt: skip
    return {**standing, seat: own}


def clause_problem(c: Content, s: SYWState, seat: str, mv: Move, units: list[Unit]) -> str | None:
    """Validation of the move line's countermarch clauses (16.42, 20.41, 20.5, 29.7): the
    leader could lead the moving force (with its cargo), an Honors of War is in hand.
    Checked when the envelope is sent only: at resolution a clause that no longer holds
    is left out, the move goes on."""
    if mv.cm_leader:
        force = [*units, *(s.units[u] for u in transport.cargo(c, s, seat, mv, units)[0])]
        why = leaders.problem(c, s, seat, mv.cm_leader, force, against=could_attack(c, s, seat, mv))
        if why:
            return f"leader {mv.cm_leader}, if countermarched: {why}"
    if mv.cm_honors and names.in_hand(c, s.players[seat].hand, "Honors of War") is None:
        return f"honors of war, if countermarched: {seat} holds no Honors of War marker (7YWW 29.7)"
    return None


def could_attack(c: Content, s: SYWState, seat: str, mv: Move) -> list[Unit]:
    """18.8 when the envelope is sent: the other players' units that might countermarch
    the move (next to a square of its path; land units only against a coast or port
    square, 18.62). The combat checks the leader again against the real attackers."""
    out: list[Unit] = []
    for sq in mv.path:
        for n in c.map.neighbours(sq, wrap=True):
            out += [u for u in s.units_in(n) if s.unit_seat(u) not in (seat, None)
                    and (u.type == "fleet" or naval.coastal(c, sq))]  # fmt: skip
    return out


def fired_key(seat: str, ln: CountermarchLine) -> str:
    return f"countermarch {seat} {ln.line}"  # the Countermarch fold's key ([C 16.b])


def candidates(s: SYWState, standing: dict[str, Standing], seat: str
               ) -> list[tuple[str, CountermarchLine]]:  # fmt: skip
    """Every non-phasing player's unfired lines, in the window order (16.44, [C 2.c])."""
    out = []
    for other in windows.clockwise_after(s, seat, include_self=False):
        st = standing.get(other)
        for ln in st.countermarch if st is not None else []:
            if fired_key(other, ln) not in s.progress.fired:
                out.append((other, ln))
    return out


def odds_ok(c: Content, s: SYWState, seat: str, st: Standing | None, a: Attack,
            units: list[Unit], least: str) -> bool:  # fmt: skip
    """The line's `if odds >= A:B`, reckoned as combat.fight will (15.61-15.64)."""
    if not least:
        return True
    defenders = naval.defending(c, s, a.target)
    dl = combat.defence_leader(c, s, seat, st, a.target, defenders, units)
    sa = combat.strength(c, units) + (c.marker(a.leader).value if a.leader else 0)
    sd = combat.strength(c, defenders) + (c.marker(dl).value if dl else 0)
    sd += combat.terrain(c, a.target, defenders)
    cols = c.data.crt.odds.columns
    return cols.index(combat.column(c, sa, sd)) >= cols.index(least)


def declarer(c: Content, s: SYWState, standing: dict[str, Standing], seat: str,
             square: str, moving: list[str] | tuple[str, ...] = ()) -> Hit | None:  # fmt: skip
    """16.41-16.45: the first non-phasing player whose line matches a force of `seat`
    that has just entered `square` (`moving`: its units)."""
    here = s.units_in(square)
    # 7YWW 16.45 only against phasing forces: the phasing player's, or the minor force he
    # moves by a Minor Power Alliance (4.72, plan [C 16.i]) with its country's units there
    # (16.41 "other non-moved units in that same square"; [C 4.k]: no others may be)
    minor = {s.units[u].home for u in moving if u in s.units and s.units[u].owner == MINOR}
    if not here or any(s.unit_seat(u) != seat and not (u.owner == MINOR and u.home in minor)
                       for u in here):  # fmt: skip
        return None  # 16.45: only the phasing player's forces; nobody else's
    for other, ln in candidates(s, standing, seat):
        if ln.against and ln.against != square:
            continue
        if square not in c.map.neighbours(ln.source, wrap=True):  # 16.41 adjacent
            continue
        if names.in_hand(c, s.players[other].hand, "Forced March") is None:
            continue  # 16.4: "by playing a forced march marker"
        spec = Units(ids=ln.units) if ln.units else Units(all=True)
        a = Attack(ln.line, ln.text, square, ln.source, spec, table=ln.table,
                   leader=ln.leader, as_power=ln.as_power, forced=True, honors=ln.honors,
                   advance="all" if ln.advance else "none")  # fmt: skip
        units, why = combat.attackers(c, s, other, a)
        against = naval.defending(c, s, square)  # 18.8: the moving force
        if (
            not why
            and a.leader
            and leaders.problem(c, s, other, a.leader, units, a.as_power, against)
        ):
            a = replace(a, leader="", as_power="")  # [C 16.f]: 12.22 may then refuse
        why = why or combat.declare_problem(c, s, other, a, units)  # 16.42 normal rules
        if why or not odds_ok(c, s, seat, standing.get(seat), a, units, ln.odds):
            continue
        return Hit(other, ln, a, units)
    return None


def resolve(ctx: Resolution, c: Content, seat: str, hit: Hit, moving: list[str],
            standing: dict[str, Standing], mv: Move) -> None:  # fmt: skip
    """16.41 declare and play the Forced March; 16.42 the countermarcher attacks, the
    phasing player defends with every unit in the square (his move line's clauses choose
    his leader, Honors of War and advance, his standing orders his losses and retreat,
    plan [C 16.e]); 7YWW 16.43 the countermarcher advances only if his line says `advance`."""
    s: SYWState = ctx.state
    a = hit.attack
    if mv.cm_leader:  # 20.41, 20.5: for the whole defending force
        mine = [u for u in naval.defending(c, s, a.target) if s.unit_seat(u) == seat]
        why = leaders.problem(c, s, seat, mv.cm_leader, mine, against=hit.units)  # 18.8
        if why:
            _skip(ctx, seat, mv, f"leader {mv.cm_leader} does not defend {a.target}: {why}")
    fm = names.in_hand(c, s.players[hit.seat].hand, "Forced March") or ""
    ctx.emit(E.Countermarch(seat=hit.seat, against=seat, force=[u.id for u in hit.units],
                            source=a.source, target=a.target, moving=sorted(moving),
                            marker=fm, line=hit.line.line, each_time=hit.line.each_time))  # fmt: skip
    if not windows.play(ctx, hit.seat, fm, a.target, "Forced March: countermarch (7YWW 16.4)"):
        return  # [C 16.c] negated by Sturm & Drang: still the entry's one declaration
    how = names.in_hand(c, s.players[hit.seat].hand, "Honors of War") if a.honors else ""
    # 7YWW 15.8, 16.42: beaten, the countermarcher loses and retreats as his standing
    # `losses`, `retreat from` and `leave fortified zones` lines say
    combat.fight(ctx, c, hit.seat, a, hit.units, standing, fm, how or "", countermarch=True)


def _skip(ctx: Resolution, seat: str, mv: Move, reason: str) -> None:
    ctx.emit(
        E.OrderSkipped(seat=seat, line=mv.line, text=mv.text, reason=reason, private_to=[seat])
    )


def _placed(s: SYWState, ids: list[str], square: str) -> SYWState:
    b = s.model_copy(deep=True)
    for uid in ids:
        b.units[uid].square = square
    return b


def _after(ctx: Resolution, seat: str, mv: Move, hit: Hit, ids: list[str], sq: str,
           rest: str, last: bool, left: int, exp: str | None) -> bool:  # fmt: skip
    """16.46: may the moving force go on after the countermarch combat? `left`: the
    movement points it has after entering `sq` (an advance costs none, [C 16.h]); `exp`:
    the Expedition the move is made under (29.7; None: none)."""
    s: SYWState = ctx.state
    alive = [u for u in ids if u in s.units]
    away = [u for u in alive if s.units[u].square != sq]
    if alive and not away:
        return True
    more = ""
    if not alive:
        why = f"the force was eliminated by a countermarch in {sq}"
    else:
        to = s.units[away[0]].square
        retreated = to != hit.attack.source
        if retreated:  # 16.46: it must cease its movement for that turn ([C 16.d])
            ctx.emit(E.Halted(seat=seat, units=away, square=to))
        elif left > 0:  # 16.46 "may continue moving", [C 16.h]: by a later line
            ctx.emit(E.MoveGoesOn(seat=seat, units=away, square=to, points=left,
                                  expedition=exp is not None, marker=exp or ""))  # fmt: skip
            more = f"; it may go on moving from {to} with {plural(left, 'movement point')}"
        why = f"the force {'retreated' if retreated else 'advanced'} to {to} after a countermarch in {sq}"
    if not last:
        _skip(ctx, seat, mv, f"{why}; not entered: {rest}{more} (7YWW 16.46)")
    return False


def carry_out(ctx: Resolution, c: Content, seat: str, mv: Move, units: list[Unit],
              w: movement.Walk, fm: str, exp: str, cargo: dict[str, str]) -> None:  # fmt: skip
    """movement.carry_out with the countermarch check at every square entered ([C 16.a]):
    the move is emitted in pieces cut where a countermarch is declared."""
    s: SYWState = ctx.state
    ws = windows.attached(ctx)
    standing: dict[str, Standing] = ws.standing if ws is not None else {}
    # 29.7, 16.46 [C 16.h]: a force going on moves under its move's Expedition, and its
    # events name it (no marker is played again)
    on_exp = exp or movement.going_on_expedition(s, units, mv.forced)
    exp = on_exp or ""
    if not candidates(s, standing, seat):
        return movement.carry_out(ctx, c, seat, mv, units, w, fm, exp, cargo)
    force, cargo = list(units), dict(cargo)
    start, first, n = mv.start, 0, len(w.entered)
    total = movement.move_points(c, s, units, mv.forced)  # 16.46: before this move's events
    for i, sq in enumerate(w.entered):
        if i >= n:
            break
        s, last = ctx.state, i == n - 1
        left = {u for u, q in (*mv.drops, *mv.landings) if q in w.entered[first:i]}
        if first == 0:
            left |= {u for u, q in mv.landings if q == mv.start}
        ids = [u for u in [*(x.id for x in force), *cargo] if u not in left]
        sources = {ln.source for _, ln in candidates(s, standing, seat)}
        near = any(sq in c.map.neighbours(src, wrap=True) for src in sources)
        maybe = near and sq not in w.pass_only
        eff = defence_standing(standing, seat, mv, sq)  # 16.42, [C 16.e]
        if maybe:
            maybe = declarer(c, _placed(s, ids, sq), eff, seat, sq, ids) is not None
        if not (maybe or last):
            continue
        piece = movement.Walk(w.entered[first : i + 1], w.costs[first : i + 1], "",
                              w.pass_only, [(k - first, p) for k, p in w.invasions
                                            if first <= k <= i],
                              w.start_cost if first == 0 else 0)  # fmt: skip
        sub = replace(mv, start=start, path=tuple(piece.entered))
        movement.carry_out(ctx, c, seat, sub, force, piece, fm, exp, cargo, final=last)
        hit = declarer(c, ctx.state, eff, seat, sq, ids) if maybe else None
        if hit is not None:
            resolve(ctx, c, seat, hit, ids, eff, mv)  # 16.41: the play is suspended
            left = total - w.start_cost - sum(w.costs[: i + 1])
            rest = " ".join(w.entered[i + 1 :])
            if not _after(ctx, seat, mv, hit, ids, sq, rest, last, left, on_exp):
                return None
        s = ctx.state  # 16.46: the moving force may continue
        on = {u for u in ids if u in s.units and s.units[u].square == sq}
        on -= {u for u, q in mv.drops if q == sq}
        force = [s.units[x.id] for x in force if x.id in on]
        cargo = {u: f for u, f in cargo.items() if u in on and s.units[u].aboard == f}
        start, first = sq, i + 1
        if not force:
            return None
        if hit is not None and not last:
            n = _rest(ctx, c, seat, mv, force, w, i)
    return None


def _rest(ctx: Resolution, c: Content, seat: str, mv: Move, force: list[Unit],
          w: movement.Walk, i: int) -> int:  # fmt: skip
    """After a countermarch the rest of the path is entered on the board as it now is
    (a retreat may have put units in the way: 14.31; [C 14.e] the force stops at the last
    square it may stop in). How far the walk now goes."""
    dom = movement.domain(force[0])
    for j in range(i + 1, len(w.entered)):
        why, _ = movement.block(c, ctx.state, seat, dom, w.entered[j])
        if why:
            k = j
            while k > i + 1 and w.entered[k - 1] in w.pass_only:
                k -= 1
            rest = " ".join(w.entered[k:])
            _skip(ctx, seat, mv, f"stopped in {w.entered[k - 1]}; not entered: {rest}: {why}")
            return k
    return len(w.entered)
