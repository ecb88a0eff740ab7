"""7YWW 29.1 Diplomacy Table results: "-" nothing; D1 espionage; D2 one of espionage,
coup, gain a neutral; D3 adds belligerent to neutral; D4 adds gain an enemy controlled
power; R / R2 reactions of the non-phasing players (9.6). Which option: the phasing
player's `prefer` list, then the defaults of plan [C 9.b]; which power the target player
loses: his `lose powers in order` standing line, else the default ([C 9.a], [C 9.c])."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import events as E
from . import markers, reversion, windows
from .content import Content
from .diplomacy_lines import RESULT_OPTIONS, DiplomacyLine, Option
from .standing import Standing
from .state import SYWState


def most_markers(s: SYWState, seat: str) -> str:
    """[C 9.b] the non-phasing player with most markers in hand (ties: clockwise from
    the phasing player)."""
    i = s.seats.index(seat)
    others = [*s.seats[i + 1 :], *s.seats[:i]]
    return max(others, key=lambda o: (s.hand_size(o), -others.index(o)))


def lose_choice(c: Content, s: SYWState, target: str, st: Standing | None) -> str:
    """29.1 "the target player chooses which power he loses": his `lose powers in
    order` line; default (plan 2.2) the lowest campaign value, then the fewest units on
    the map, then power code."""
    order = st.lose_order if st else []
    units: dict[str, int] = {}
    for u in s.units.values():
        units[u.owner] = units.get(u.owner, 0) + 1

    def key(p: str) -> tuple:
        pref = order.index(p) if p in order else len(order)
        return (pref, c.data.power(p).campaign_value, units.get(p, 0), p)

    return sorted(s.powers_of(target), key=key)[0]


def _fill(s: SYWState, seat: str, ln: DiplomacyLine, o: Option) -> Option:
    """The option with its target: the designated power's controller for neutralize and
    take ([C 9.a]); the default player for a coup or espionage naming none ([C 9.b])."""
    owner = s.control.get(ln.power)
    enemy = owner if owner not in (None, seat) else None
    if o.kind in ("neutralize", "take"):
        return Option(o.kind, enemy or "")
    if o.kind in ("coup", "espionage") and not o.target:
        return Option(o.kind, enemy or most_markers(s, seat), o.what)
    if o.kind == "espionage" and not o.what:
        return Option(o.kind, o.target, "markers")
    return o


def possible(c: Content, s: SYWState, seat: str, ln: DiplomacyLine, o: Option) -> bool:
    if o.kind == "gain":  # 29.1 D2(3): "one neutral major power" = the designated one
        return s.control.get(ln.power) is None
    if o.kind in ("neutralize", "take"):  # 29.1: never less than one major power
        return bool(o.target) and len(s.powers_of(o.target)) >= 2
    if o.kind == "espionage":
        return o.target in s.seats and o.target != seat
    if o.target in s.seats:  # coup on a player: a marker to lose ([C 9.h])
        return o.target != seat and s.hand_size(o.target) > 0
    ld = s.leaders.get(o.target)  # [C 9.h] a leader in play: in a power's box, not his
    return ld is not None and ld.where == "box" and s.control.get(ld.box or "") != seat


def choose(c: Content, s: SYWState, seat: str, ln: DiplomacyLine, code: str) -> Option | None:
    """[C 9.b] the first option of the line's `prefer` list that the result allows and
    that is possible, then the defaults: designated power neutral: gain, coup, espionage
    markers; enemy: take, neutralize, coup, espionage markers of its controller."""
    allowed = RESULT_OPTIONS.get(code, ())
    if not allowed:
        return None
    if s.control.get(ln.power) is None:
        defaults = [Option("gain"), Option("coup"), Option("espionage", what="markers")]
    else:
        defaults = [Option("take"), Option("neutralize"), Option("coup"),
                    Option("espionage", what="markers")]  # fmt: skip
    for o in [*ln.prefer, *defaults]:
        if o.kind not in allowed:
            continue
        o = _fill(s, seat, ln, o)
        if possible(c, s, seat, ln, o):
            return o
    return None


def apply(ctx: Resolution, c: Content, seat: str, code: str, o: Option | None,
          standing: dict[str, Standing], power: str) -> None:  # fmt: skip
    if code in ("R", "R2"):
        return reaction(ctx, c, seat, code, standing)
    if o is None:
        return None
    s: SYWState = ctx.state
    why = f"diplomacy (7YWW 29.1 {code})"
    if o.kind == "espionage":
        return espionage(ctx, seat, o.target, o.what)
    if o.kind == "coup":
        return coup(ctx, c, seat, o.target)
    if o.kind == "gain":  # 4.412, 4.42(1)
        ctx.emit(E.ControlChanged(power=power, frm=None, to=seat, why=why))
        return None
    lost = lose_choice(c, s, o.target, standing.get(o.target))
    if o.kind == "neutralize":  # 4.5, 4.51
        reversion.revert(ctx, c, lost, standing, why)
    else:  # 4.6 defection
        reversion.defect(ctx, c, lost, seat, why)
    return None


def espionage(ctx: Resolution, seat: str, target: str, what: str) -> None:
    """29.1 D1, 7.1: the spy alone sees the target's treasury total or all his markers
    ([C 9.k] as they are now); everyone sees that it happened (plan 8)."""
    p = ctx.state.players[target]
    ctx.emit(E.EspionageMade(seat=seat, target=target, what=what))
    if what == "treasury":
        ctx.emit(E.Espionage(seat=seat, target=target, what=what, treasury=p.treasury,
                             private_to=[seat]))  # fmt: skip
    else:
        ctx.emit(E.Espionage(seat=seat, target=target, what=what, markers=list(p.hand),
                             private_to=[seat]))  # fmt: skip


def coup(ctx: Resolution, c: Content, seat: str, target: str) -> None:
    """29.1 D2(2): a player returns one marker chosen at random (8.51); or a leader in
    play: a die greater than his command value returns him to the pool (20.61-20.62)."""
    s: SYWState = ctx.state
    if target in s.seats:
        ctx.emit(E.Coup(seat=seat, target=target, what="markers",
                        effect="returns one campaign marker at random"))  # fmt: skip
        markers.lose(ctx, c, target, 1, "Coup (7YWW 29.1)")
        return
    value = c.marker(target).value
    die = windows.roll(ctx, f"coup: {seat} on {target}", owner=seat)[0]  # 29.7 Illuminati
    hit = die > value
    effect = "returned to the pool" if hit else f"no effect (the die is not above {value})"
    ctx.emit(E.Coup(seat=seat, target=target, what="leader", die=die, effect=effect))
    if hit:
        ctx.emit(E.LeaderEliminated(leader=target, why="Coup (7YWW 29.1)"))


def reaction(ctx: Resolution, c: Content, seat: str, code: str,
             standing: dict[str, Standing]) -> None:  # fmt: skip
    """29.1 R / R2: every non-phasing player gains one (two) treasury points or picks one
    (two) campaign markers, his choice ([C 9.i]: `reaction` standing line; default
    markers unless the picks would pass the hand limit, then treasury)."""
    s: SYWState = ctx.state
    n = 2 if code == "R2" else 1
    i = s.seats.index(seat)
    others = [*s.seats[i + 1 :], *s.seats[:i]]
    choices: dict[str, str] = {}
    for o in others:
        st = standing.get(o)
        pick = st.reaction if st and st.reaction else ""
        if not pick:
            full = s.hand_size(o) + n > markers.limit(c, s)
            pick = "treasury" if full else "markers"
        choices[o] = pick
    ctx.emit(E.Reaction(result=code, count=n, choices=choices))
    why = f"{'Major Reaction' if n == 2 else 'Reaction'} (7YWW 29.1 {code})"
    for o, pick in choices.items():
        if pick == "treasury":
            bal = ctx.state.players[o].treasury + n
            ctx.emit(E.Treasury(seat=o, delta=n, why=why, balance=bal, private_to=[o]))
        else:
            st = standing.get(o)
            markers.pick(ctx, c, o, n, why, discard=st.discard_order if st else [])
