"""7YWW 11 Reinforcements: recruiting (11.1-11.4, 11.7, 11.8), buying campaign markers
(8.2(3), 10.32) in the recruiting sub-phase, and disbanding (3.1(2)(e), 11.5).
Costs: 29.2 (`Content.costs`). Choices: plan [C 2.e], [C 11.a]-[C 11.e]."""

from __future__ import annotations

from typing import Any

from . import events as E
from . import markers
from .content import Content
from .money import Tally, TLine, afford, change
from .occupation import treasury_value
from .pillage import removal_cost
from .state import LETTER, MINOR, STATIC, SYWState

SHARED = "fortified_zone/base"  # 2.314(2): one counter, two unit types ([C 2.e])
TYPE_OF_LETTER = {v: k for k, v in LETTER.items()}
WORDS = {
    "army": "army",
    "armies": "army",
    "horde": "horde",
    "hordes": "horde",
    "fleet": "fleet",
    "fleets": "fleet",
    "fortified zone": "fortified_zone",
    "fortified zones": "fortified_zone",
    "fz": "fortified_zone",
    "fzs": "fortified_zone",
    "base": "base",
    "bases": "base",
    "legion": "legion",
    "legions": "legion",
}


def plural(type_: str, n: int) -> str:
    word = type_.replace("_", " ")
    if n == 1:
        return f"1 {word}"
    return f"{n} {'armies' if word == 'army' else word + 's'}"


def counter(type_: str) -> str:
    return SHARED if type_ in STATIC else type_


def _type_of_id(uid: str) -> str | None:
    tail = uid.rsplit("-", 1)[-1]
    return TYPE_OF_LETTER.get(tail[:1]) if tail[1:].isdigit() else None


def off_map(c: Content, s: SYWState, power: str, type_: str) -> int:
    """7YWW 11.4, 11.41, 11.5: counters of the power's mix not on the map and not
    disbanded this turn (eliminated units come back)."""
    key = counter(type_)
    total = c.mix(power).get(key, 0)
    on = sum(1 for u in s.units.values() if u.owner == power and counter(u.type) == key)
    gone = 0
    for uid in s.disbanded:
        t = _type_of_id(uid)
        if uid.startswith(f"{power}-") and t is not None and counter(t) == key:
            gone += 1
    return max(total - on - gone, 0)


def new_ids(s: SYWState, power: str, type_: str, n: int) -> list[str]:
    """The lowest free numbers; a counter disbanded this turn keeps its id out (11.5)."""
    out: list[str] = []
    k = 1
    while len(out) < n:
        uid = f"{power}-{LETTER[type_]}{k}"
        if uid not in s.units and uid not in s.disbanded:
            out.append(uid)
        k += 1
    return out


def check_recruit(c: Content, s: SYWState, tally: Tally, ln: TLine) -> str | None:
    seat, power, type_, sq, n = tally.seat, ln.power, ln.type, ln.square, ln.n
    name = c.power_name(power)
    ctrl = s.control.get(power)
    if ctrl is None:  # 11.8, 4.31
        return f"{name} is neutral: neutral major powers may not receive reinforcements (7YWW 11.8)"
    if ctrl != seat:
        return f"{name} is controlled by {ctrl}: you recruit only for the powers you control (7YWW 11.11)"
    if type_ == "legion":
        if "legions" not in s.options:
            return "legions are used only with the optional rule 23.0 (option legions), which this game does not use (7YWW 11.3(6))"
        return "legions are raised by `legion from ARMY with LEADER` (7YWW 23.1), not by `recruit`"
    if n < 1:
        return "recruit at least one unit"
    left = off_map(c, s, power, type_)
    if left < n:
        what = "fortified zone/base" if type_ in STATIC else type_
        return f"{name} has {left} {what} counters left to recruit, {n} asked (7YWW 11.4, 11.5)"
    q = c.map.square(sq)
    if sq in s.pillaged:
        return f"{sq} is pillaged: reinforcements go to unpillaged squares (7YWW 11.3)"
    if sq not in tally.occupied:
        return f"{sq} holds no unit of yours: reinforcements are placed in a square already containing a friendly unit (7YWW 11.3)"
    if type_ == "army" and not (q.civilized and q.power == power):  # 11.3(1), 11.11
        return f"armies of {name} are placed in civilized squares of {name}; {sq} is not one (7YWW 11.3(1))"
    if type_ == "horde" and not q.civilized:  # 11.3(2)
        return f"hordes are placed in civilized squares; {sq} is not one (7YWW 11.3(2))"
    if type_ == "fleet" and not (q.civilized and q.port and q.power == power):  # 11.3(3)
        return f"fleets of {name} are placed in civilized port squares of {name}; {sq} is not one (7YWW 11.3(3))"
    if type_ in STATIC:
        if not c.map.can_enter(sq, "land"):
            return f"{sq} is not a land square: a {type_.replace('_', ' ')} is a land unit"
        there = sum(1 for u in s.units_in(sq) if u.type == type_)
        if there + n > 1:  # 11.3(4)-(5), 12.4
            what = type_.replace("_", " ")
            return f"there may never be more than one {what} per square; {sq} would have {there + n} (7YWW 11.3(4)-(5))"
    cap = treasury_value(c, s, sq)
    exempt = cap == 0 and type_ in STATIC  # [C 11.b]
    if not exempt and tally.placed[sq] + n > cap:  # 11.2, [C 11.c]
        return f"{sq} takes at most {cap} new units this phase (its treasury value, 7YWW 11.2); {tally.placed[sq]} placed before this line"
    return afford(s, tally, recruit_cost(c, type_, n), f"recruiting {plural(type_, n)}")


def recruit_cost(c: Content, type_: str, n: int) -> int:
    return c.costs(type_).recruit * n  # 29.2


def recruit(sink: Any, c: Content, tally: Tally, ln: TLine) -> None:
    """7YWW 11.1, 11.7: recruits (fortified zones and bases on their one side)."""
    s: SYWState = sink.state
    ids = new_ids(s, ln.power, ln.type, ln.n)
    units = [
        {"id": uid, "owner": ln.power, "type": ln.type, "veteran": False, "square": ln.square}
        for uid in ids
    ]
    cost = recruit_cost(c, ln.type, ln.n)
    sink.emit(E.Recruited(seat=tally.seat, units=units, cost=cost))
    change(
        sink,
        tally.seat,
        -cost,
        f"recruiting {plural(ln.type, ln.n)} at {ln.square} (7YWW 11.1, 29.2)",
    )
    tally.placed[ln.square] += ln.n


# ------------------------------------------------------------ buying markers (10.32)


def marker_cost(c: Content) -> int:
    """29.2: "Pick a Campaign Marker 3"."""
    for m in c.data.tables.treasury.markers:
        if m.item == "Pick a Campaign Marker" and isinstance(m.cost, int):
            return m.cost
    raise KeyError("29.2 has no marker cost")


def check_buy(c: Content, s: SYWState, tally: Tally, ln: TLine) -> str | None:
    if ln.n < 1:
        return "buy at least one marker"
    if not tally.dry and not s.pool:
        return "the pool is empty (7YWW 8.1)"
    n = ln.n if tally.dry else min(ln.n, len(s.pool))
    return afford(s, tally, n * marker_cost(c), f"buying {n} marker{'s' if n > 1 else ''}")


def buy(sink: Any, c: Content, tally: Tally, ln: TLine, discard: list[str]) -> None:
    """7YWW 8.2(3), 10.32: pick at random for 3 points each, the hand limit first
    (8.31); [C 8.c] no more than the pool holds is bought."""
    s: SYWState = sink.state
    n = ln.n if tally.dry else min(ln.n, len(s.pool))
    change(sink, tally.seat, -n * marker_cost(c), f"buying {n} campaign markers (7YWW 10.32, 29.2)")
    if not tally.dry:
        markers.pick(sink, c, tally.seat, n, "bought (7YWW 8.2(3))", discard=discard)


# -------------------------------------------------------------- disbanding (11.5)


def check_disband(c: Content, s: SYWState, tally: Tally, ln: TLine) -> str | None:
    mine = set(s.powers_of(tally.seat))
    for uid in ln.units:
        u = s.units.get(uid)
        if u is None:
            return f"no unit {uid} on the map"
        if u.owner == MINOR or u.owner not in mine:
            return f"{uid} is not yours: a player disbands friendly units (7YWW 11.5)"
    if len(set(ln.units)) < len(ln.units):
        return "a unit is named twice"
    return None


def disband(sink: Any, c: Content, tally: Tally, ln: TLine) -> None:
    """7YWW 3.1(2)(e), 11.5: off the map, not recruited again before next turn. A fleet
    takes the units aboard with it (19.4 read across)."""
    s: SYWState = sink.state
    out = list(ln.units)
    for u in s.units.values():
        if u.aboard in ln.units and u.id not in out:
            out.append(u.id)
    sink.emit(E.Disbanded(seat=tally.seat, units=out))


# ------------------------------------------ removing pillage markers (26.3, 10.33)


def check_remove_pillage(c: Content, s: SYWState, tally: Tally, ln: TLine) -> str | None:
    """7YWW 26.3, 10.33: a pillaged square holding at least one friendly unit; the cost
    of 29.2 note (4)."""
    sq = ln.square
    if sq not in s.pillaged:
        return f"{sq} has no pillage marker (7YWW 26.3)"
    if s.occupier(sq) != tally.seat:
        return f"{sq} holds no unit of yours: to remove a pillage marker you must have at least one friendly unit in the square (7YWW 26.3, 10.33)"  # fmt: skip
    return afford(s, tally, removal_cost(c, sq), f"removing the pillage marker in {sq}")


def remove_pillage(sink: Any, c: Content, tally: Tally, ln: TLine) -> None:
    """7YWW 26.3, 26.4: the marker off; the square is restored to normal function."""
    cost = removal_cost(c, ln.square)
    sink.emit(E.PillageRemoved(seat=tally.seat, square=ln.square, cost=cost))
    change(sink, tally.seat, -cost, f"removing the pillage marker in {ln.square} (7YWW 26.3, 29.2)")
