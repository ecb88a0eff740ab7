"""7YWW 9 Diplomacy: one attempt per `diplomacy` line of the phasing player (9.1, 9.3),
in his diplomacy phase only; the non-phasing players' defences from their `defend`
standing lines (9.1(3), 9.4); reveal, differential (9.1(5), 9.5), column and die (29.1);
the markers back to the pool (9.2); the result (diplomacy_results.py). Plan section 6
(7YWW 9), [C 9.a]-[C 9.k]. Validation of the line, and of the any-time lines (anytime.py)
on the simulated state of turn.py."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import anytime, diplomacy_results, diplomacy_standing, names, windows
from . import events as E
from .content import Content
from .diplomacy_lines import ANYTIME, DiplomacyLine
from .diplomacy_standing import DefendLine
from .standing import Standing
from .state import SYWState


def take_markers(c: Content, hand: list[str], values: tuple[int, ...],
                 taken: tuple[str, ...] = ()) -> list[str] | None:  # fmt: skip
    """The Diplomacy markers of these values in the hand (the lowest id of each value
    not yet taken, plan 3); None if one is missing."""
    got: list[str] = []
    for v in values:
        mid = names.in_hand(c, hand, f"Diplomacy {v}", (*taken, *got))
        if mid is None:
            return None
        got.append(mid)
    return got


def line_problem(c: Content, s: SYWState, seat: str, ln: DiplomacyLine, taken: list[str]) -> str | None:  # fmt: skip
    """Why the attempt may not be made on this (simulated) state, or None."""
    if s.progress.phase != "diplomacy":
        return "the diplomacy phase is over: this turn has reached movement (7YWW 3.1(3)(a))"
    if s.control.get(ln.power) == seat:
        return f"{seat} controls {c.power_name(ln.power)}: diplomacy designates a neutral or enemy power (7YWW 9.0)"  # fmt: skip
    for o in ln.prefer:
        if o.target == seat:
            return f"{o.kind} is aimed at another player, not at {seat} (7YWW 29.1)"
    if take_markers(c, s.players[seat].hand, ln.values, tuple(taken)) is None:
        want = " ".join(str(v) for v in ln.values)
        held = sorted(names.label_of(c, m) for m in s.players[seat].hand if c.marker(m).kind == "Diplomacy")  # fmt: skip
        return (f"this line needs Diplomacy markers {want}: {seat} holds {', '.join(held) or 'none'}, "
                "counting those of earlier lines (7YWW 9.1(2), 9.3)")  # fmt: skip
    return None


def sim_line(c: Content, s: SYWState, seat: str, ln: DiplomacyLine, taken: list[str]) -> None:
    taken += take_markers(c, s.players[seat].hand, ln.values, tuple(taken)) or []


def problem(c: Content, s: SYWState, seat: str, ln, taken: list[str]) -> str | None:
    """turn.py's check: a diplomacy or any-time line."""
    if isinstance(ln, ANYTIME):
        return anytime.problem(c, s, seat, ln, taken)
    return line_problem(c, s, seat, ln, taken)


def sim(c: Content, s: SYWState, seat: str, ln, taken: list[str]) -> None:
    if isinstance(ln, ANYTIME):
        anytime.sim(c, s, seat, ln, taken)
    else:
        sim_line(c, s, seat, ln, taken)


def clockwise(s: SYWState, seat: str) -> list[str]:
    """The other players, clockwise from the one after `seat` (plan [C 2.c])."""
    i = s.seats.index(seat)
    return [*s.seats[i + 1 :], *s.seats[:i]]


def defences(c: Content, s: SYWState, seat: str, power: str,
             standing: dict[str, Standing]) -> dict[str, tuple[DefendLine, list[str]]]:  # fmt: skip
    """9.1(3), 9.4, [C 9.e], [C 9.f]: each non-phasing player's first `defend POWER`
    line that matches (the power, `against` the phasing player or anybody) and of whose
    markers he still holds at least one: {seat: (line, markers)}. No line, no
    defence (plan 2.2: a default never spends a marker); a spent `once` line is passed."""
    out: dict[str, tuple[DefendLine, list[str]]] = {}
    for other in clockwise(s, seat):
        st = standing.get(other)
        if st is None:
            continue
        for d in st.defend_powers:  # diplomacy_standing.DefendLine
            if not diplomacy_standing.applies(s, other, d, power, seat):
                continue  # another power or player, or a spent `once` line
            got: list[str] = []
            for v in d.values:
                mid = names.in_hand(c, s.players[other].hand, f"Diplomacy {v}", tuple(got))
                if mid is not None:
                    got.append(mid)
            if got:
                out[other] = (d, got)
                break
    return out


def attempt(ctx: Resolution, c: Content, seat: str, ln: DiplomacyLine,
            standing: dict[str, Standing], skip) -> None:  # fmt: skip
    """9.1 (1)-(6), 9.2, 29.1."""
    s: SYWState = ctx.state
    if s.control.get(ln.power) == seat:  # an earlier line made it his
        return skip(ctx, seat, ln, f"{seat} now controls {c.power_name(ln.power)} (7YWW 9.0)")
    mids = take_markers(c, s.players[seat].hand, ln.values)
    if mids is None:
        return skip(ctx, seat, ln, "the Diplomacy markers of this line are no longer in hand (7YWW 9.1(2))")  # fmt: skip
    defended = defences(c, s, seat, ln.power, standing)
    # 9.1(4) all revealed together, attack and defence; 9.2, 29.1 "Regardless of outcome,
    # return all involved diplomacy markers to the pool"
    for mid in mids:
        ctx.emit(E.MarkerPlayed(seat=seat, marker=mid, target=ln.power,
                                detail="diplomacy attempt (7YWW 9.1(2), 9.2)"))  # fmt: skip
    for other, (d, got) in defended.items():  # a `once` line is spent (plan 7.4)
        diplomacy_standing.fire(ctx, other, d, f"defends {ln.power} against {seat}")
        for mid in got:
            ctx.emit(E.MarkerPlayed(seat=other, marker=mid, target=ln.power,
                                    detail="diplomacy defence (7YWW 9.1(3), 9.4)"))  # fmt: skip
    # 29.7 Sturm & Drang "may also negate one diplomacy marker": a negated marker adds nothing
    mids = [mid for mid in mids if windows.announce(ctx, seat, mid, ln.power)]
    # 9.0, 9.1(2) [C 9.l]: none left in effect, no attempt and no die; the defence markers,
    # revealed with them, are spent all the same (29.1)
    if not mids:
        return skip(ctx, seat, ln, "every Diplomacy marker of this attempt was negated by Sturm & Drang (7YWW 29.7); the defence markers revealed with them went back to the pool too (7YWW 9.1(4), 29.1)")  # fmt: skip
    for other, (_, got) in defended.items():
        got[:] = [mid for mid in got if windows.announce(ctx, other, mid, ln.power)]  # 29.7
    attack = [c.marker(m).value for m in mids]
    defence = {o: [c.marker(m).value for m in got] for o, (_, got) in defended.items()}
    diff = sum(attack) - sum(sum(v) for v in defence.values())  # 9.1(5), 9.5
    table = c.data.tables.diplomacy
    column = next(
        col.label
        for col in table.column
        if (col.min is None or diff >= col.min) and (col.max is None or diff <= col.max)
    )
    die = windows.roll(ctx, f"diplomacy: {seat} on {ln.power}", owner=seat,
                       result=lambda d: table.code(diff, d[0]))[0]  # 9.1(6); 29.7 Illuminati  # fmt: skip
    code = table.code(diff, die)
    option = diplomacy_results.choose(c, ctx.state, seat, ln, code)
    ctx.emit(E.DiplomacyAttempt(seat=seat, power=ln.power, attack=attack, defence=defence,
                                differential=diff, column=column, die=die, result=code,
                                option=str(option) if option else ""))  # fmt: skip
    diplomacy_results.apply(ctx, c, seat, code, option, standing, ln.power)


def resolve_line(ctx: Resolution, c: Content, seat: str, ln, standing: dict[str, Standing], skip) -> None:  # fmt: skip
    """turn.py's resolve: a diplomacy or any-time line."""
    if isinstance(ln, ANYTIME):
        anytime.carry_out(ctx, c, seat, ln, skip)
    else:
        attempt(ctx, c, seat, ln, standing, skip)
