"""7YWW 20 Leaders: which leaders a player may use for a force or a training, the power
box a leader goes to when first used (20.1-20.2), flipping face down after use (20.41,
20.44). Combat (20.41-20.42), training (17.1, 20.43) and legions (23.1) call these."""

from __future__ import annotations

from collections import Counter

from pbem.resolution import Resolution

from . import events as E
from .content import Content
from .state import MINOR, SYWState, Unit


def available(c: Content, s: SYWState, seat: str) -> list[str]:
    """[C 20.a] face up, in the seat's hand or in the box of a power it controls."""
    out = []
    mine = set(s.powers_of(seat))
    for lid, ld in s.leaders.items():
        if not ld.face_up:
            continue
        if (ld.where == "hand" and ld.holder == seat) or (ld.where == "box" and ld.box in mine):
            out.append(lid)
    return sorted(out)


def kind_ok(c: Content, leader: str, units: list[Unit], against: list[Unit] | None = None) -> bool:
    """7YWW 20.5, 17.11: a general for land units, an admiral for fleets; either for a
    force of both. 18.8: an admiral "only if at least one friendly fleet is involved"; a
    general "in a situation where both land and naval units are involved": a force of
    fleets alone in a combat against land units. `against`: the other side's units in
    the combat (None: no combat, as in training, 17.11, or a legion, 23.1)."""
    has_fleet = any(u.type == "fleet" for u in units)
    if c.marker(leader).naval:
        return has_fleet
    has_land = any(u.type != "fleet" for u in units)
    return has_land or (has_fleet and any(u.type != "fleet" for u in against or []))


def box_for(c: Content, s: SYWState, seat: str, leader: str, units: list[Unit],
            as_power: str = "") -> str | None:  # fmt: skip
    """Where the leader is (or goes, 20.1): his box if placed (7YWW 20.2: thereafter of
    that power's nationality, until eliminated back to the pool, 20.62); from the hand, the power
    the line names (`as PW`) or [C 20.b] the seat's power with most units in the force,
    then code order. None: no power of the seat in the force."""
    ld = s.leaders[leader]
    if ld.where == "box":
        return ld.box
    mine = set(s.powers_of(seat))
    if as_power:
        return as_power if as_power in mine else None
    counts = Counter(u.owner for u in units if u.owner in mine and u.owner != MINOR)
    if not counts:
        return None
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]


def problem(c: Content, s: SYWState, seat: str, leader: str, units: list[Unit],
            as_power: str = "", against: list[Unit] | None = None,
            any_kind: bool = False) -> str | None:  # fmt: skip
    """Why the leader may not lead (or train) these units, or None. 20.41 / 20.43 the
    force holds a unit of his nationality; 20.44 once a game turn (face up); 20.5, 18.8
    (`against`: the other side's units in the combat, kind_ok). `any_kind`: a general or
    an admiral alike (23.1(3) "one leader marker", a legion attempt)."""
    if leader not in available(c, s, seat):
        ld = s.leaders.get(leader)
        yours = ld is not None and (
            (ld.where == "hand" and ld.holder == seat)
            or (ld.where == "box" and ld.box in s.powers_of(seat))
        )
        if yours and not ld.face_up:
            return (f"leader {leader} is not available to you: he is face down, having led "
                    "or trained already this game turn (7YWW 20.44); he turns face up at "
                    "its end (3.1(7))")  # fmt: skip
        return f"leader {leader} is not available to you (face up, in your hand or in a box of a power you control: 7YWW 20.41, 20.44)"
    if not any_kind and not kind_ok(c, leader, units, against):
        if c.marker(leader).naval:
            return "an admiral leads fleets (7YWW 20.5)"
        return "a general leads land units, or fleets in a combat with land units (7YWW 20.5, 18.8)"
    box = box_for(c, s, seat, leader, units, as_power)
    if box is None:
        return "the force holds no unit of a power you control for the leader's box (7YWW 20.1)"
    if not any(u.owner == box for u in units):
        return f"leader {leader} is of {box}: the force must hold a unit of {box} (7YWW 20.2, 20.41, 20.43)"
    return None


def use(ctx: Resolution, c: Content, seat: str, leader: str, units: list[Unit],
        as_power: str = "") -> None:  # fmt: skip
    """7YWW 20.1: a leader from the hand goes to a power box; 20.41, 20.44: face down
    after use, until the end of the game turn (3.1(7))."""
    s: SYWState = ctx.state
    ld = s.leaders[leader]
    if ld.where != "box":
        box = box_for(c, s, seat, leader, units, as_power)
        assert box is not None
        ctx.emit(E.LeaderPlaced(leader=leader, power=box, seat=seat))
    ctx.emit(E.LeaderFlipped(leader=leader, face_up=False))


def face_down(s: SYWState) -> list[str]:
    return sorted(lid for lid, ld in s.leaders.items() if not ld.face_up)
