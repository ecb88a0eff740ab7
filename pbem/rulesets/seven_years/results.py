"""7YWW 15.7-15.81 Applying a combat result (the content's result codes, crt.toml
[results]): losses (all / half, [C 15.k]), the loser's leader (20.61), retreat (15.8,
15.81, [C 15.h], [C 15.j], [C 4.d]), the winner's upgrade (17.2, 17.6), campaign
markers (8.2(4), 8.51) and the advance (15.8, [C 15.i])."""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.resolution import Resolution

from . import control, markers, naval
from . import events as E
from .content import Content
from .standing import Standing
from .state import MINOR, STATIC, SYWState, Unit
from .turn_lines import Attack

UPGRADE_TYPE = {"fleet": 0, "army": 1, "legion": 2, "horde": 3}  # plan 2.2 default order


@dataclass
class Fight:
    """A declared attack, as the result needs it."""

    seat: str
    def_seat: str | None  # None: minor units
    source: str
    target: str
    attackers: list[str]
    defenders: list[str]
    leaders: dict[str, str] = field(default_factory=dict)
    line: Attack | None = None
    minor_defence: bool = False
    countermarch: bool = False  # 16.42: the attacker is a countermarcher (no attack line)


def _alive(s: SYWState, ids: list[str], square: str) -> list[Unit]:
    return [s.units[i] for i in ids if i in s.units and s.units[i].square == square]


def loss_order(c: Content, units: list[Unit], prefs: list[str]) -> list[Unit]:
    """[C 15.k] the owner's list first; then lowest combat strength, then cheapest
    (29.2 recruit cost), recruit before veteran, then id."""
    pref = [p.casefold() for p in prefs]

    def key(u: Unit) -> tuple:
        first = pref.index(u.id.casefold()) if u.id.casefold() in pref else len(pref)
        return (first, c.strength(u.type, u.veteran), c.costs(u.type).recruit, u.veteran, u.id)

    return naval.cargo_first(sorted(units, key=key))


def _standing_losses(st: Standing | None, square: str) -> list[str]:
    if st is None:
        return []
    return [u for sq, us in st.losses if sq in ("", square) for u in us]


def retreat_choices(c: Content, s: SYWState, seat: str | None, units: list[Unit], frm: str,
                    other: str) -> list[str]:  # fmt: skip
    """[C 15.h] adjacent squares every unit of the group could enter by movement, with no
    units of another (enemy, neutral or minor: 12.11, 14.31), not a neutral major's
    territory for major units ([C 4.d]), not the square the attack came from or went to; minors not
    across a border except back into their own country (4.73)."""
    dom = "naval" if units[0].type == "fleet" else "land"
    out = []
    for n in c.map.neighbours(frm, wrap=dom == "naval"):
        if n == other or not c.map.can_cross(frm, n, dom):  # type: ignore[arg-type]
            continue
        if any(
            s.unit_seat(u) != seat
            or (seat is None and (u.owner != MINOR or u.home != units[0].home))  # 12.3, 4.73
            for u in s.units_in(n)
        ):
            continue
        # [C 4.d] major units never retreat into a neutral's territory; minor units
        # (rebels, 11.624) may, within their own country (4.73, 4.76: no invasion)
        if control.neutral_power(c, s, n) and any(u.owner != MINOR for u in units):
            continue
        if any(u.owner == MINOR and crosses_border(c, u, frm, n) for u in units):
            continue
        out.append(n)
    return out


def crosses_border(c: Content, u: Unit, frm: str, to: str) -> bool:
    """4.73: a minor force "may never retreat across a border except to go back into its
    own country": [C 4.q] it may retreat within the country it stands in, or into its
    own; sea squares are no country's (a minor fleet at sea retreats only home)."""
    here, there = c.map.square(frm).power, c.map.square(to).power
    return there != u.home and not (there and there == here)


def default_retreat(c: Content, s: SYWState, seat: str | None, squares: list[str]) -> str:
    """[C 15.h] a square with the player's units, then one of a power he controls, then
    a civilized square, then grid order."""
    mine = set(s.powers_of(seat)) if seat else set()

    def key(sq: str) -> tuple:
        q = c.map.square(sq)
        return (
            not (seat and any(s.unit_seat(u) == seat for u in s.units_in(sq))),
            q.power not in mine,
            not q.civilized,
            q.row,
            q.col,
        )

    return sorted(squares, key=key)[0]


def retreat(ctx: Resolution, c: Content, seat: str | None, units: list[Unit], frm: str,
            other: str, prefs: list[str], leave_fz: bool, why: str) -> None:  # fmt: skip
    """15.8, 15.81, 18.65: the survivors retreat one square (by land units and fleets, each
    group as a body); with a friendly fortified zone in the square they stay unless told
    to leave (the zone itself, and bases, always stay there); units with no movement
    factor, or with nowhere to go, are eliminated."""
    s: SYWState = ctx.state
    fz = any(u.type == "fortified_zone" and s.unit_seat(u) == seat and
             (u.owner != MINOR or u.home in {x.home for x in units})
             for u in s.units_in(frm))  # fmt: skip
    if fz and not leave_fz:  # 7YWW 15.81, 18.65 (plan [C 15.j]: default stay)
        return
    staying = [u for u in units if u.type in STATIC]
    if staying and not fz:
        ctx.emit(
            E.Eliminated(
                units=[u.id for u in staying],
                why=f"{why}: no movement factor, cannot retreat (7YWW 15.8)",
            )
        )
    movers = [u for u in units if u.type not in STATIC]
    for dom in ("land", "naval"):  # 18.64: embarked units retreat with their fleet
        group = [u for u in movers if u.type == "fleet" and dom == "naval"
                 or u.type != "fleet" and u.aboard is None and dom == "land"]  # fmt: skip
        if not group:
            continue
        ids = naval.with_cargo(s, [u.id for u in group])
        options = retreat_choices(c, s, seat, group, frm, other)
        if not options:
            ctx.emit(E.Eliminated(units=ids, why=f"{why}: no square to retreat to (7YWW 15.8)"))
            continue
        to = next((p for p in prefs if p in options), "") or default_retreat(c, s, seat, options)
        ctx.emit(E.Retreated(units=ids, frm=frm, to=to))


def upgrade(ctx: Resolution, c: Content, units: list[Unit], prefs: list[str], n: int) -> None:
    """17.2: the winner upgrades n participating recruits (17.5: not bases or fortified
    zones); 17.6: minor units at random (a public pick)."""
    s: SYWState = ctx.state
    for _ in range(n):
        pool = [u for u in units if not u.veteran and u.type in UPGRADE_TYPE and u.id in s.units]
        pool = [s.units[u.id] for u in pool if not s.units[u.id].veteran]
        if not pool:
            return
        if all(u.owner == MINOR for u in pool):
            u = pool[ctx.pick(f"upgrade: {pool[0].home} unit", len(pool))]
        else:
            pref = [p.casefold() for p in prefs]
            u = sorted(pool, key=lambda u: (
                pref.index(u.id.casefold()) if u.id.casefold() in pref else len(pref),
                -c.strength(u.type, True), UPGRADE_TYPE[u.type], u.id))[0]  # fmt: skip
        ctx.emit(E.Upgraded(unit=u.id, why="combat"))


def apply(ctx: Resolution, c: Content, f: Fight, code: str, standing: dict[str, Standing]) -> bool:
    """15.7: the result's effects in order; True if the defending square was emptied."""
    s: SYWState = ctx.state
    rc = c.data.crt.results[code]
    a = f.line or Attack(0, "", f.target, f.source)
    st_def = standing.get(f.def_seat) if f.def_seat else None
    att_lost = rc.against == "attacker"
    # 7YWW 15.8, 16.42: the loser's standing lines choose his losses and retreat: the
    # defender's, and a countermarcher's (he has no attack line whose clauses could)
    by_line = att_lost and not f.countermarch
    st_lose = standing.get(f.seat) if att_lost else st_def
    loser_seat, winner_seat = (f.seat, f.def_seat) if att_lost else (f.def_seat, f.seat)
    lsq, wsq = (f.source, f.target) if att_lost else (f.target, f.source)
    lids = f.attackers if att_lost else f.defenders
    wids = f.defenders if att_lost else f.attackers
    why = f"combat {code} in {f.target}"
    # (1) losses: 15.71 participants only; 15.72 every unit in the square
    losing = _alive(s, lids, lsq)
    if rc.eliminated != "none" and losing:
        n = len(losing) if rc.eliminated == "all" else (len(losing) + 1) // 2
        prefs = list(a.losses) if by_line else _standing_losses(st_lose, lsq)
        gone = [u.id for u in loss_order(c, losing, prefs)[:n]]
        # 18.64: a transporting fleet's cargo goes down with it
        ctx.emit(E.Eliminated(units=sorted(naval.with_cargo(s, gone)), why=why))
    # (2) the loser's leader (20.61)
    side = "attacker" if att_lost else "defender"
    if rc.leader_eliminated and f.leaders.get(side):
        ctx.emit(E.LeaderEliminated(leader=f.leaders[side], why=f"combat {code}"))
    # (3) retreat (15.8, 15.81)
    if rc.retreat:
        left = _alive(s, lids, lsq)
        if left:
            if by_line:
                prefs = [a.retreat_to] if a.retreat_to else []
                leave = False
            else:  # 7YWW 15.8, 15.81; 7YWW 16.42: a beaten countermarcher's too
                st = st_lose or Standing()
                prefs = [q for frm, to in st.retreats if frm == lsq for q in to]
                leave = any(q in ("", lsq) for q in st.leave_fz)
            # 4.73: a minor force a player attacked with retreats as minor units (12.3)
            rseat = None if all(u.owner == MINOR for u in left) else loser_seat
            retreat(ctx, c, rseat, left, lsq, wsq, prefs, leave, why)
    # (4) the winner's upgrade (17.2, 17.6)
    if rc.winner_upgrades:
        # the winner's standing `upgrade order` when he has no attack line: the defender,
        # and a countermarcher (7YWW 16.42); else the attack line's `upgrade UNIT`
        wst = st_def if att_lost else standing.get(f.seat) if f.countermarch else None
        if att_lost or f.countermarch:
            prefs = list(wst.upgrade_order) if wst else []
        else:
            prefs = [a.upgrade] if a.upgrade else []
        upgrade(ctx, c, _alive(s, wids, wsq), prefs, rc.winner_upgrades)
    # (5) campaign markers (8.2(4), 8.51)
    if rc.winner_picks and winner_seat:
        wst = standing.get(winner_seat)
        markers.pick(ctx, c, winner_seat, rc.winner_picks, f"combat {code} (7YWW 8.2(4))",
                     discard=list(wst.discard_order) if wst else [])  # fmt: skip
    if rc.loser_returns and loser_seat:
        markers.lose(ctx, c, loser_seat, rc.loser_returns, f"combat {code} (7YWW 8.51)")
    won = not s.units_in(f.target)
    # (6) the winner's advance into the emptied square (15.8)
    if rc.winner_may_advance and not s.units_in(lsq):
        if att_lost:  # the defender: `advance from SQ` standing, default no advance
            how = "all" if st_def and f.target in st_def.advance_from else "none"
        else:  # the phasing player's own attack: advance by default (plan 2.2)
            how = a.advance
        go = naval.advancing(c, s, _alive(s, wids, wsq), wsq, lsq, how, a.advance_units)
        neutral = control.neutral_power(c, s, lsq)
        majors = [uid for uid in go if s.units[uid].owner != MINOR]
        if neutral and majors and not how:
            go = []  # [C 4.d] by default, never into a neutral major's territory
        if go:  # 18.631: embarked units advancing without their fleet debark (fold)
            ctx.emit(E.Advanced(units=go, frm=wsq, to=lsq))
        # 7YWW 4.413(2), 15.8: an advance is a "special form of movement": major power
        # units advancing into a neutral major's territory (its square held only minor
        # units, 11.624) violate its neutrality; minor units never do (4.76) [C 4.d]
        if go and neutral and majors and winner_seat and s.control.get(neutral) is None:
            control.invade(ctx, c, neutral, winner_seat, f"advanced into {lsq} after combat")
    return won
