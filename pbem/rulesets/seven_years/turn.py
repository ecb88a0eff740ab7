"""The "turn" stage: a player turn (7YWW 3.1(3)-(4)): movement (14, 16.1), combat (15,
16.2) and invasions (4.413) from one envelope (plan 2.4), `wait` to see results before
going on. Validation simulates the envelope on a copy of the state, assuming every move
arrives and every combat leaves the board as it was; at resolution a line the dice made
impossible is skipped and reported (`syw.order_skipped`, private)."""

from __future__ import annotations

from dataclasses import replace

from pbem.resolution import Resolution
from pbem.ruleset import OrderLine, Parsed, Problem, Step, parse_good_lines

from . import (
    combat,
    control,
    countermarch,
    diplomacy,
    enlightenment,
    leaders,
    minors,
    movement,
    names,
    naval,
    negotiation,
    phases,
    pillage,
    playmarkers,
    reversion,
    transport,
    turn_orders,
    windows,
)
from . import events as E
from .content import Content
from .diplomacy_lines import LINES as DIPLOMACY_LINES
from .minor_orders import MINOR_LINES, MinorAttack
from .pillage_lines import EnlightenLine, PillageLine
from .standing import Standing
from .state import MINOR, SYWState
from .turn_lines import Attack, Embark, Guard, Line, Move, TurnOrders, Wait


def _marker(c: Content, s: SYWState, seat: str, label: str, taken: list[str]) -> str | None:
    return names.in_hand(c, s.players[seat].hand, label, tuple(taken))


def _short(c: Content, s: SYWState, seat: str, label: str, why: str) -> str:
    n = sum(1 for m in s.players[seat].hand if names.label_of(c, m) == label)
    article = "an" if label[:1].lower() in "aeiou" or label.startswith("Honors") else "a"
    return f"this line needs {article} {label} marker: {seat} holds {n}, used by this and earlier lines ({why})"


# ------------------------------------------------------------------------- movement


def move_problem(c: Content, s: SYWState, seat: str, mv: Move, taken: list[str]
                 ) -> tuple[str | None, list, movement.Walk | None]:  # fmt: skip
    """Why the move may not be made on this state, or None; with the force and walk."""
    if s.progress.phase == "combat":
        return "the movement phase is over: this turn has reached combat (7YWW 3.1(3))", [], None
    units, why = movement.pick_units(c, s, seat, mv.units, mv.start, movement.movable(s, mv.forced))
    why = why or movement.force_problem(c, s, units, mv.forced)
    why = why or movement.drops_problem(units, mv.start, mv.path, mv.drops)
    carried, why2 = transport.cargo(c, s, seat, mv, units) if not why else ({}, None)  # 18.5
    why = why or why2 or transport.start_problem(c, s, seat, mv) or None
    if why:
        return why, units, None
    if mv.forced and not _marker(c, s, seat, "Forced March", taken):
        return _short(c, s, seat, "Forced March", "7YWW 16.1, 16.12"), units, None
    if mv.expedition and not _marker(c, s, seat, "Expedition", taken):
        return _short(c, s, seat, "Expedition", "7YWW 29.7"), units, None
    # 7YWW 29.7 [C 29.e]: an Expedition must lower a cost of the path written; a line that
    # may go on after beating a countermarch (16.46) keeps it for the rest of its move
    why = movement.expedition_problem(c, units, mv.path) if mv.expedition else None
    if why and not mv.cm_advance:
        return why, units, None
    start_cost, landing = transport.costs(c, s, mv, carried)
    dropping = frozenset(sq for _, sq in mv.drops)  # 14.13, 18.4
    w = movement.walk(c, s, seat, units, mv.start, mv.path, mv.expedition, start_cost, landing,
                      mv.forced, dropping)  # fmt: skip
    return (w.problem or movement.stop_problem(w, mv.drops) or None), units, w


def sim_move(c: Content, s: SYWState, seat: str, mv: Move, units: list, taken: list[str]) -> None:
    for label, on in (("Forced March", mv.forced), ("Expedition", mv.expedition)):
        if on:
            taken.append(_marker(c, s, seat, label, taken) or "")
    transport.simulate(s, mv, units, transport.cargo(c, s, seat, mv, units)[0])


def trim(w: movement.Walk) -> movement.Walk:
    """[C 14.e] back to the last square the force may stop in."""
    k = len(w.entered)
    while k and w.entered[k - 1] in w.pass_only:
        k -= 1
    return movement.Walk(w.entered[:k], w.costs[:k], w.problem, w.pass_only,
                         [(i, p) for i, p in w.invasions if i < k], w.start_cost)  # fmt: skip


def do_move(ctx: Resolution, c: Content, seat: str, mv: Move) -> None:
    s: SYWState = ctx.state
    why, units, w = move_problem(c, s, seat, mv, [])
    if w is None or (why and not w.entered):
        return skip(ctx, seat, mv, why or "impossible")
    full = len(w.entered) == len(mv.path) and not why
    if not full:
        w = trim(w)
        if not w.entered:
            return skip(ctx, seat, mv, why or "impossible")
        rest = " ".join(mv.path[len(w.entered) :])
        skip(ctx, seat, mv, f"stopped in {w.entered[-1]}; not entered: {rest}: {why}")
    fm = exp = ""
    if mv.forced:
        fm = _marker(c, s, seat, "Forced March", []) or ""
        ctx.emit(E.MarkerPlayed(seat=seat, marker=fm, detail="Forced March (7YWW 16.1)"))
        if not windows.announce(ctx, seat, fm):  # 29.7 Sturm & Drang
            return skip(ctx, seat, mv, "the Forced March was negated by Sturm & Drang (7YWW 29.7)")
    if mv.expedition:
        exp = _marker(c, s, seat, "Expedition", []) or ""
        ctx.emit(E.MarkerPlayed(seat=seat, marker=exp, detail="Expedition (7YWW 29.7)"))
        if not windows.announce(ctx, seat, exp):  # 29.7 Sturm & Drang
            return skip(ctx, seat, mv, "the Expedition was negated by Sturm & Drang (7YWW 29.7)")
    carried = transport.cargo(c, s, seat, mv, units)[0]  # 18.5
    countermarch.carry_out(ctx, c, seat, mv, units, w, fm, exp, carried)  # 16.4 at each entry


# --------------------------------------------------------------------------- combat


def attack_problem(c: Content, s: SYWState, seat: str, a: Attack, taken: list[str]
                   ) -> tuple[str | None, list]:  # fmt: skip
    units, why = combat.attackers(c, s, seat, a)
    why = why or combat.declare_problem(c, s, seat, a, units)
    if why:
        return why, units
    if a.forced and not _marker(c, s, seat, "Forced March", taken):
        return _short(c, s, seat, "Forced March", "7YWW 16.2"), units
    if a.honors and not _marker(c, s, seat, "Honors of War", taken):
        return _short(c, s, seat, "Honors of War", "7YWW 29.7"), units
    return None, units


def sim_attack(
    c: Content, s: SYWState, seat: str, a: Attack, units: list, taken: list[str]
) -> None:
    for label, on in (("Forced March", a.forced), ("Honors of War", a.honors)):
        if on:
            taken.append(_marker(c, s, seat, label, taken) or "")
    p = s.progress
    p.phase = "combat"
    p.attacked = sorted({*p.attacked, *(u.id for u in units)})
    if not a.forced and [a.source, a.target] not in p.attacks:
        p.attacks = [*p.attacks, [a.source, a.target]]
    if a.leader:
        s.leaders[a.leader].face_up = False


def won_branch(c: Content, s: SYWState, a: Attack, units: list) -> SYWState:
    """Plan 2.4: `if won:` lines are checked as if the attack emptied the square and the
    force advanced as its line says."""
    b = s.model_copy(deep=True)
    for u in b.units_in(a.target):
        del b.units[u.id]
    mine = [b.units[u.id] for u in units if u.id in b.units]
    go = naval.advancing(c, b, mine, a.source, a.target, a.advance, a.advance_units)  # 18.631
    if not a.advance and control.neutral_power(c, b, a.target):
        go = [u for u in go if b.units[u].owner == MINOR]  # [C 4.d], as results.apply
    for uid in go:
        b.units[uid].square = a.target
        if b.units[uid].aboard not in (None, *go):
            b.units[uid].aboard = None
    return b


def do_attack(
    ctx: Resolution, c: Content, seat: str, a: Attack, standing: dict[str, Standing]
) -> bool | None:
    """The attack if it can still be declared ([C 15.f]); won or lost, None if skipped."""
    s: SYWState = ctx.state
    if a.leader and leaders.problem(
        c,
        s,
        seat,
        a.leader,
        combat.attackers(c, s, seat, a)[0],
        a.as_power,
        naval.defending(c, s, a.target),  # 18.8
    ):
        a = replace(
            a, leader="", as_power=""
        )  # plan 7.4: goes on without him (12.22 may then refuse)
    if a.honors and not _marker(c, s, seat, "Honors of War", []):
        a = replace(a, honors=False)
    why, units = attack_problem(c, s, seat, a, [])
    if why:
        skip(ctx, seat, a, why)
        return None
    fm = ""
    if a.forced:  # 16.2
        fm = _marker(c, s, seat, "Forced March", []) or ""
        ctx.emit(
            E.MarkerPlayed(
                seat=seat, marker=fm, target=a.target, detail="Forced March attack (7YWW 16.2)"
            )
        )
        if not windows.announce(ctx, seat, fm, a.target):  # 29.7 Sturm & Drang
            skip(ctx, seat, a, "the Forced March was negated by Sturm & Drang (7YWW 29.7)")
            return None
    how = _marker(c, s, seat, "Honors of War", []) if a.honors else ""
    return combat.fight(ctx, c, seat, a, units, standing, fm, how or "")


# ---------------------------------------------------------------------------- stage


def skip(ctx: Resolution, seat: str, ln: Line, reason: str) -> None:
    ctx.emit(
        E.OrderSkipped(seat=seat, line=ln.line, text=ln.text, reason=reason, private_to=[seat])
    )


def guard_state(c: Content, s: SYWState, seat: str, g: Guard | None) -> SYWState:
    """Plan 2.4: a line guarded by `if control` / `if empty` is checked as if its guard
    held (`if occupy` on the state as it is)."""
    if g is None or g.kind not in ("control", "empty"):
        return s
    b = s.model_copy(deep=True)
    if g.kind == "control":
        reversion.sim_defect(b, g.arg, seat)  # 4.6, 12.23 if it defected to him
    else:
        for u in b.units_in(g.arg):
            del b.units[u.id]
    return b


def check(c: Content, s: SYWState, seat: str, orders: TurnOrders) -> list[Problem]:
    """Plan 2.4: the envelope simulated line by line on a copy; `if won:` lines on the
    board as if the attack before emptied the square (and the force advanced as its line
    says), `if lost:` lines on the board as the attack left it, each run of them
    continuing its own branch; the lines after go on from the last line carried out."""
    sim = s.model_copy(deep=True)
    taken: list[str] = []
    branch: dict[str, SYWState] = {}
    out: list[Problem] = []
    refused: int | None = None  # the refused attack line that `if won:` lines follow
    for ln in orders.lines:
        if isinstance(ln, Wait):
            continue
        g = ln.guard
        outcome = g.kind if g is not None and g.kind in ("won", "lost") else ""
        if outcome and refused is not None:  # one message: the attack line's own
            out.append(Problem(f"'if {outcome}:' is refused with the attack line it depends "
                               f"on (line {refused}): fix that line first", ln.line))  # fmt: skip
            continue
        if not outcome:
            refused = None
        if outcome:
            base = branch.get(outcome, sim).model_copy(deep=True)
        else:
            base = guard_state(c, sim, seat, g)
        mark = list(taken)
        if isinstance(ln, (Move, Attack, Embark, *MINOR_LINES)) and pillage.after_pillage(base):
            why = pillage.after_pillage(base)  # 3.1(3)(d): a continued envelope (pillage.py)
        elif isinstance(ln, PillageLine):  # 7YWW 26, 4.74 (pillage.py)
            why, _ = pillage.problem(c, base, seat, ln, taken)
            if why is None:
                pillage.simulate(c, base, seat, ln, taken)
        elif isinstance(ln, EnlightenLine):  # 7YWW 27.1 (enlightenment.py)
            why = enlightenment.line_problem(c, base, seat, ln, taken)
            if why is None:
                enlightenment.simulate(base, seat, ln)
        elif isinstance(ln, playmarkers.Play):  # 29.7 (playmarkers.py)
            why = playmarkers.check(c, base, seat, ln, taken)
        elif isinstance(ln, MINOR_LINES):  # 7YWW 4.72, 4.73 (minors.py)
            why, units = minors.problem(c, base, seat, ln, taken)
            if why is None:
                minors.simulate(c, base, seat, ln, units, taken)
        elif isinstance(ln, Move):
            why, units, _ = move_problem(c, base, seat, ln, taken)
            why = why or countermarch.clause_problem(c, base, seat, ln, units)  # 16.42, [C 16.e]
            if why is None:
                sim_move(c, base, seat, ln, units, taken)
        elif isinstance(ln, DIPLOMACY_LINES):  # 7YWW 9, 7.2, 10.35, 8.31 (diplomacy.py)
            why = diplomacy.problem(c, base, seat, ln, taken)
            if why is None:
                diplomacy.sim(c, base, seat, ln, taken)
        elif isinstance(ln, Embark):  # 18.5, [C 18.d]
            why = transport.embark_problem(c, base, seat, ln)
            if why is None:
                transport.sim_embark(base, ln)
        else:
            why, units = attack_problem(c, base, seat, ln, taken)
            if why is None:
                sim_attack(c, base, seat, ln, units, taken)
        if why:
            out.append(Problem(why, ln.line))
            taken[:] = mark
            if isinstance(ln, Attack) and not outcome:
                refused = ln.line
            continue
        sim = base
        if outcome:
            branch[outcome] = base
        elif isinstance(ln, Attack):
            branch = {"lost": base.model_copy(deep=True), "won": won_branch(c, base, ln, units)}
    return out


def holds(s: SYWState, seat: str, g: Guard | None, last: bool | None) -> bool:
    if g is None:
        return True
    if g.kind in ("won", "lost"):
        return last is not None and last == (g.kind == "won")
    if g.kind == "control":
        return s.control.get(g.arg) == seat
    if g.kind == "occupy":
        return s.occupier(g.arg) == seat
    return not s.units_in(g.arg)


class TurnRules:
    def owes(self, s: SYWState) -> tuple[str, ...]:
        return (s.order[s.acting],)

    def parse(self, c: Content, s: SYWState, seat: str, lines: list[OrderLine]) -> Parsed:
        return parse_good_lines(lambda ls: turn_orders.parse(c, s, ls), lines)

    def validate(self, c: Content, s: SYWState, seat: str, orders: TurnOrders) -> list[Problem]:
        return check(c, s, seat, orders or TurnOrders())

    def default(self, c: Content, s: SYWState, seat: str) -> TurnOrders:
        return TurnOrders()  # plan 7.3: no move, no attack

    def resolve(
        self, ctx: Resolution, c: Content, step: Step, orders: dict, standing: dict
    ) -> None:
        s: SYWState = ctx.state
        seat = s.order[s.acting]
        o = orders.get(seat) or TurnOrders()
        last: bool | None = None
        for ln in o.lines:
            if isinstance(ln, Wait):
                phases.continue_turn(ctx)
                return
            if not holds(ctx.state, seat, ln.guard, last):
                continue  # plan 2.4: passed over silently
            if isinstance(ln, DIPLOMACY_LINES):  # 3.1(3)(a) diplomacy; any-time lines
                diplomacy.resolve_line(ctx, c, seat, ln, standing, skip)
                continue
            if isinstance(ln, playmarkers.Play):  # 29.7 (playmarkers.py)
                playmarkers.do_turn_line(ctx, c, seat, ln)
                continue
            if isinstance(ln, EnlightenLine):  # 3.1(6): kept for the Enlightenment Phase
                enlightenment.order(ctx, seat, ln)
                continue
            if ctx.state.progress.phase == "diplomacy":  # 3.1(3)(b) follows
                ctx.emit(E.TurnPhase(seat=seat, phase="movement"))
            if isinstance(ln, PillageLine):  # 3.1(3)(d), 26, 4.74 (pillage.py)
                if ctx.state.progress.phase != "pillage":
                    ctx.emit(E.TurnPhase(seat=seat, phase="pillage"))
                why = pillage.carry_out(ctx, c, seat, ln, standing)
                if why:
                    skip(ctx, seat, ln, why)  # type: ignore[arg-type]
                continue
            pacts = negotiation.Watch(ctx)  # 7YWW 21.2 (negotiation.py)
            if isinstance(ln, MINOR_LINES):  # 7YWW 4.72, 4.73 (minors.py)
                if isinstance(ln, MinorAttack) and ctx.state.progress.phase != "combat":
                    ctx.emit(E.TurnPhase(seat=seat, phase="combat"))
                why = minors.carry_out(ctx, c, seat, ln, standing)
                if why:
                    skip(ctx, seat, ln, why)  # type: ignore[arg-type]
                pacts.check(ctx, c)
                continue
            if isinstance(ln, Move):
                do_move(ctx, c, seat, ln)
                pacts.check(ctx, c)
                continue
            if isinstance(ln, Embark):  # 18.5, [C 18.d]
                why = transport.do_embark(ctx, c, seat, ln)
                if why:
                    skip(ctx, seat, ln, why)
                continue
            if ctx.state.progress.phase != "combat":
                ctx.emit(E.TurnPhase(seat=seat, phase="combat"))
            # 7YWW 15.21: only the attacks the player writes; 15.22: only in his own
            # player turn (the others' attacks are countermarches, 16.4)
            got = do_attack(ctx, c, seat, ln, standing)
            minors.after_combat(ctx, c, pacts.before)  # 7YWW 4.77
            pacts.check(ctx, c)
            if ln.guard is None or ln.guard.kind not in ("won", "lost"):
                last = got
        if ctx.state.progress.phase == "diplomacy":
            ctx.emit(E.TurnPhase(seat=seat, phase="movement"))
        phases.after_player_turn(ctx)


phases.register("turn", TurnRules())
