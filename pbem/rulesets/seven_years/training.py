"""7YWW 17 Training in the Treasury Phase (3.1(2)(d)): a face-up leader turns up to his
command value of recruits in one square to veterans, at 29.2's cost each (17.1);
generals train land units, admirals fleets (17.11, 20.5); the units include one of his
nationality (20.43); he is then face down until the end of the game turn (17.1, 20.44);
a leader from the hand goes to a power box first (20.1, [C 17.a]). Leaders: leaders.py."""

from __future__ import annotations

from typing import Any

from . import events as E
from . import leaders
from .content import Content
from .money import Tally, TLine, afford, change
from .state import MINOR, STATIC, SYWState


def train_cost(c: Content, types: list[str]) -> int:
    return sum(int(c.costs(t).train) for t in types)  # 29.2 "Train"


def check_train(c: Content, s: SYWState, tally: Tally, ln: TLine) -> str | None:
    seat = tally.seat
    mine = set(s.powers_of(seat))
    if ln.leader in tally.leaders:
        return f"{ln.leader} has trained this turn: each leader trains in only one square per turn (7YWW 17.1, 20.44)"
    units = []
    for uid in ln.units:
        u = s.units.get(uid)
        if u is None:
            return f"no unit {uid} on the map"
        if u.owner == MINOR:
            return (
                f"{uid} is a minor power unit: minor units are upgraded only by combat (7YWW 17.6)"
            )
        if u.owner not in mine:
            return f"{uid} is not yours"
        if u.type in STATIC:
            return f"{uid} is a {u.type.replace('_', ' ')}: it has no veteran side (7YWW 17.5)"
        if u.veteran:
            return f"{uid} is already a veteran (7YWW 17.1: recruit units are trained)"
        units.append(u)
    if len(set(ln.units)) < len(ln.units):
        return "a unit is named twice"
    squares = sorted({u.square for u in units})
    if len(squares) > 1:
        return f"a leader trains units in one square (7YWW 17.1); these are in {', '.join(squares)}"
    info = c.marker(ln.leader)
    if info.value < 1:
        return f"{ln.leader} has no command value (7YWW 17.1)"
    if len(units) > info.value:
        return f"{ln.leader} trains at most {info.value} units: one recruit per command point (7YWW 17.1)"
    for u in units:
        if (u.type == "fleet") != info.naval:  # 17.11, 20.5
            return "generals train only land units, admirals only fleets (7YWW 17.11)"
    why = leaders.problem(c, s, seat, ln.leader, units, ln.as_power)
    if why is not None:
        return why
    return afford(s, tally, train_cost(c, [u.type for u in units]), f"training {len(units)} units")


def train(sink: Any, c: Content, tally: Tally, ln: TLine) -> None:
    s: SYWState = sink.state
    units = [s.units[uid] for uid in ln.units]
    cost = train_cost(c, [u.type for u in units])
    leaders.use(sink, c, tally.seat, ln.leader, units, ln.as_power)  # 20.1, 17.1 face down
    sink.emit(E.Trained(seat=tally.seat, leader=ln.leader, square=units[0].square,
                        units=list(ln.units), cost=cost))  # fmt: skip
    change(
        sink, tally.seat, -cost, f"training {len(units)} units with {ln.leader} (7YWW 17.1, 29.2)"
    )
    tally.leaders.add(ln.leader)
