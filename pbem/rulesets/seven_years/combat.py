"""7YWW 15 Combat (and 2.312, 4.8, 12.22, 16.2-16.3, 18.6 for fleets (naval.py), 18.8,
20.41): which
units attack, whether the attack may be declared, the table and its prerequisites
(15.51), strengths with leaders and terrain (15.61, 15.64), the odds column
(15.61-15.63), one public die, Honors of War (29.7); the result is applied by
results.py."""

from __future__ import annotations

from collections.abc import Callable

from pbem.resolution import Resolution

from . import control, leaders, names, naval, results, windows
from . import events as E
from .content import Content
from .movement import domain, pick_units
from .standing import Standing
from .state import MINOR, SYWState, Unit
from .turn_lines import Attack

DEFAULT_TABLE = "engagement"  # 15.52: "in effect, the default CRT"


def may_attack(c: Content) -> Callable[[Unit], bool]:
    """2.312: a unit with a parenthesized strength may only defend."""
    return lambda u: not c.unit_type(u.type).defence_only


def attackers(c: Content, s: SYWState, seat: str, a: Attack) -> tuple[list[Unit], str | None]:
    """The attacking force: the line's units, or (without `with`) every unit of the
    player in the source square able to attack the target and, without a forced march,
    not yet attacked this phase (plan 7.3)."""
    able = may_attack(c)
    done = set(s.progress.attacked)

    def usable(u: Unit) -> bool:
        if not able(u) or not (a.forced or u.id not in done):
            return False
        if u.aboard is not None:  # 18.63: with its fleet, against a coast or port square
            f = s.units.get(u.aboard)
            return f is not None and usable(f) and naval.coastal(c, a.target)
        return c.map.can_cross(a.source, a.target, domain(u))  # type: ignore[arg-type]

    return pick_units(c, s, seat, a.units, a.source, usable)


def table_problem(c: Content, table: str, units: list[Unit]) -> str | None:
    """15.51 CRT prerequisites (the content's `min_fraction`, `min_legions`)."""
    t = c.data.crt.crt[table]
    if t.prerequisite == "linear":
        n = sum(1 for u in units if u.type in t.qualifying_units)
        if n * 2 < len(units) or n < t.min_fraction * len(units):
            return (
                f"{n} of {len(units)} attacking units are armies, legions or fleets; "
                "the Linear CRT needs half (7YWW 15.51)"
            )
    legions = sum(1 for u in units if u.type in t.qualifying_units)
    if t.prerequisite == "revolutionary" and legions < max(t.min_legions, 1):  # 7YWW 23.2
        return "the Revolutionary CRT needs a legion in the attacking force (7YWW 15.51)"
    return None


def power_names(c: Content, powers: list[str]) -> str:
    ns = [c.power_name(p) for p in sorted(set(powers))]
    return ns[0] if len(ns) == 1 else ", ".join(ns[:-1]) + " and " + ns[-1]


def declare_problem(c: Content, s: SYWState, seat: str, a: Attack, units: list[Unit]) -> str | None:
    """15.2-15.27, 2.312, 4.8, 12.22, 16.2, 16.22, 20.41: may this attack be declared?
    7YWW 15.24: `units` is any part of the player's units in the square (the line's
    `with`), so some attack and others not, singly or together; 15.25: one target a
    line, and a unit that attacked may not attack another square (16.22)."""
    if a.target not in c.map.neighbours(a.source, wrap=True):
        return f"{a.target} is not adjacent to {a.source}: attacks go through square sides (7YWW 15.23)"
    defenders = s.units_in(a.target)
    if not defenders:
        return f"{a.target} holds no units to attack (7YWW 15.23)"
    mine = [u for u in defenders if s.unit_seat(u) == seat]
    if mine:
        ours = power_names(c, [u.owner for u in units] + [u.owner for u in mine])
        return f"{ours} are both yours: you may not attack your own forces (7YWW 4.8)"
    for u in units:
        if c.unit_type(u.type).defence_only:
            return f"{u.id} may only defend: its strength is in parentheses (7YWW 2.312)"
        if u.aboard is None and not c.map.can_cross(a.source, a.target, domain(u)):  # type: ignore[arg-type]
            if domain(u) == "land":
                return f"{u.id} may not attack {a.target}: land units do not attack across all-sea sides or into sea squares (7YWW 14.21, 15.27, 18.62)"
            if c.map.square(a.target).polar_ice:  # 14.33: any ice makes it all polar ice
                return f"{u.id} may not attack {a.target}: fleets do not attack into polar ice squares (7YWW 14.33, 15.27)"
            return f"{u.id} may not attack {a.target}: fleets do not attack across all-land sides or into land squares (7YWW 15.27, 18.62)"
        if u.id in s.progress.attacked and not a.forced:
            return f"{u.id} attacked this phase: a second attack needs a forced march (7YWW 15.25, 16.2, 16.22)"
    why = naval.cargo_problem(c, a.target, units)  # 18.63, 18.64
    if why:
        return why
    if not a.forced and [a.source, a.target] in s.progress.attacks:
        return f"a force from {a.source} attacked {a.target} this phase: another needs a forced march (7YWW 15.26, plan [C 15.a])"
    if len({u.owner for u in units}) > 1 and not a.leader:
        return "units of two powers attack together only with a leader (7YWW 12.22)"
    if a.leader:
        against = naval.defending(c, s, a.target)  # 18.8: the other side
        why = leaders.problem(c, s, seat, a.leader, units, a.as_power, against)
        if why:
            return why
    why = table_problem(c, a.table or DEFAULT_TABLE, units)
    if why:
        return why
    ids = {u.id for u in units}
    for uid in (*a.losses, *a.advance_units, *([a.upgrade] if a.upgrade else [])):
        if uid not in ids:
            return f"{uid} is not in the attacking force"
    if a.retreat_to and a.retreat_to not in c.map.neighbours(a.source, wrap=True):
        return f"retreat to {a.retreat_to}: not adjacent to {a.source} (7YWW 15.8)"
    return None


def strength(c: Content, units: list[Unit]) -> int:
    return sum(c.strength(u.type, u.veteran) for u in units)


def terrain(c: Content, square: str, defenders: list[Unit]) -> int:
    """15.64(2): once per force; minor forces' Terra Incognita bonus; 18.65 fleets get
    none unless disembarked land units of their side are in the square too (embarked
    ones do not count)."""
    if not any(domain(u) == "land" and u.aboard is None for u in defenders):
        return 0
    return c.map.defence(square, minor=all(u.owner == MINOR for u in defenders))


def defence_leader(c: Content, s: SYWState, seat: str | None, st: Standing | None,
                   target: str, defenders: list[Unit], attackers: list[Unit]) -> str:  # fmt: skip
    """15.64(1), 20.41: the defender's `defend with leader ID [in SQ]` / `defend with best
    leader [in SQ]` standing lines, the first that applies; default none (plan 2.2).
    18.8: `attackers`, the other side of the combat."""
    if seat is None or st is None:
        return ""
    for who, sq in st.defend_leaders:
        if sq and sq != target:
            continue
        pool = leaders.available(c, s, seat) if who == "best" else [who]
        ok = [
            lid
            for lid in pool
            if leaders.problem(c, s, seat, lid, defenders, against=attackers) is None
        ]
        if ok:
            return sorted(ok, key=lambda lid: (-c.marker(lid).value, lid))[0]
    return ""


def column(c: Content, a: int, d: int) -> str:
    """15.61-15.63 ([C 15.b]: a defender of strength 0 is 4:1)."""
    return c.data.crt.odds.columns[-1] if d <= 0 else c.data.column_for(a, d)


def defender_honors(c: Content, s: SYWState, seat: str | None, st: Standing | None,
                    target: str, col: str) -> str:  # fmt: skip
    """29.7: the defender's `honors of war when defending [in SQ] [if odds >= A:B]`."""
    if seat is None or st is None:
        return ""
    cols = c.data.crt.odds.columns
    for sq, least in st.honors:
        if sq and sq != target:
            continue
        if least and cols.index(col) < cols.index(least):
            continue
        mid = names.in_hand(c, s.players[seat].hand, "Honors of War")
        if mid:
            return mid
    return ""


def fight(ctx: Resolution, c: Content, seat: str, a: Attack, units: list[Unit],
          standing: dict[str, Standing], fm: str, how: str,
          countermarch: bool = False) -> bool:  # fmt: skip
    """15.11 for one declared attack; True if the defending square was emptied (won).
    7YWW 15.12: once declared it is fought out, whatever the defender's leader and
    markers then do to the odds (no `if odds` clause on an attack line).
    `countermarch`: the attacker countermarches (16.42): his standing orders choose his
    losses and retreat (results.apply)."""
    s: SYWState = ctx.state
    # 4.413(1): attacking a neutral major's units makes it belligerent before the die
    for power in sorted({u.owner for u in s.units_in(a.target) if control.is_neutral_unit(s, u)}):
        control.invade(ctx, c, power, seat, f"attacked {a.target}")
    # 15.3; 18.63, 18.64; 7YWW 16.3: the defender plays no Forced March, even against a
    # forced-march attack: every unit in the square defends
    defenders = naval.defending(c, s, a.target)
    def_seat = s.occupier(a.target)
    st = standing.get(def_seat) if def_seat else None
    table = a.table or DEFAULT_TABLE
    used: dict[str, str] = {}
    if a.leader:  # 15.64(1), 20.1, 20.41
        leaders.use(ctx, c, seat, a.leader, units, a.as_power)
        used["attacker"] = a.leader
    dl = defence_leader(c, s, def_seat, st, a.target, defenders, units)
    if dl and def_seat:
        leaders.use(ctx, c, def_seat, dl, [u for u in defenders if s.unit_seat(u) == def_seat])
        used["defender"] = dl
    sa = strength(c, units) + (c.marker(a.leader).value if a.leader else 0)
    ter = terrain(c, a.target, defenders)
    sd = strength(c, defenders) + (c.marker(dl).value if dl else 0) + ter
    col = column(c, sa, sd)
    hw: dict[str, str] = {}
    if how:  # 29.7 "before the die is rolled"
        hw["attacker"] = how
        ctx.emit(
            E.MarkerPlayed(
                seat=seat, marker=how, target=a.target, detail="Honors of War (7YWW 29.7)"
            )
        )
        if not windows.announce(ctx, seat, how, a.target):  # 29.7 Sturm & Drang
            del hw["attacker"]
    dh = defender_honors(c, s, def_seat, st, a.target, col)
    if dh and def_seat:
        hw["defender"] = dh
        ctx.emit(
            E.MarkerPlayed(
                seat=def_seat, marker=dh, target=a.target, detail="Honors of War (7YWW 29.7)"
            )
        )
        if not windows.announce(ctx, def_seat, dh, a.target):  # 29.7 Sturm & Drang
            del hw["defender"]

    def crt(dice: list[int]) -> str:
        code = c.data.crt_result(table, col, dice[0])
        if hw:  # 29.7 AA, AZ -> AW; DD, DZ -> DW ([C 29.b] both may play: the same conversion)
            code = c.data.crt.honors_of_war.converts.get(code, code)
        return code

    die = windows.roll(ctx, f"combat: {a.target}", owner=seat, square=a.target, result=crt)[0]
    code = crt([die])
    ctx.emit(E.Combat(attacker_seat=seat, defender_seat=def_seat, source=a.source, target=a.target,
                      attackers=[u.id for u in units], defenders=[u.id for u in defenders],
                      table=table, leaders=used, strength={"attacker": sa, "defender": sd},
                      terrain=ter, column=col, die=die, result=code, honors_of_war=hw,
                      forced_march=fm))  # fmt: skip
    f = results.Fight(seat, def_seat, a.source, a.target, [u.id for u in units],
              [u.id for u in defenders], used, a, all(u.owner == MINOR for u in defenders),
              countermarch)  # fmt: skip
    return results.apply(ctx, c, f, code, standing)
