"""SE 19.1 Auxiliaries, lent only as a term of surrender (SE 15.1), for the span of the
peace (SE 15.3). Soldier Kings lends them to formal allies in the Diplomacy Phase
instead (SK 19.5: mercenaries.py, diplomacy.py); the switch is `[rules] auxiliaries`.

Action-phase order of the surrendering power, beside its `surrender to POWER` line, and
offered with the surrender's declaration in the Peace Phase (surrender_orders.py):
    lend UNIT[, UNIT...] to POWER     (SE 15.1: offered instead of one land area)
Standing order of a possible victor (peace.py reads it):
    take auxiliaries [from POWER[, POWER...]]
                                      accept such an offer; default: refuse it, and take
                                      an area (SE 15.1: "the two players must negotiate")

While lent the units are the receiver's (`hired_by`): it moves them, pays their
maintenance, recovery, combat and siege. They go back to the lender (SE 19.1) when the
span ends, at the end of the peace's last turn, or at once when the receiver surrenders
to any power. Breaking a formal alliance does not return them (SE 19.1 names only those
two causes).
"""

from __future__ import annotations

import re
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from .common import id_order
from .fold import on
from .names import Names
from .state import Loan, SoldierState


@event
class AuxiliariesOffered(Event):
    """SE 15.1: a surrendering power offers units instead of losing one land area."""

    type: Literal["se.auxiliaries_offered"] = "se.auxiliaries_offered"
    lender: str
    receiver: str
    units: list[str]


@event
class AuxiliariesLent(Event):
    """SE 15.1, 19.1: the victor took the offer; the units are its own until `until_turn`."""

    type: Literal["se.auxiliaries_lent"] = "se.auxiliaries_lent"
    lender: str
    receiver: str
    units: list[str]
    until_turn: int


@event
class AuxiliariesReturned(Event):
    """SE 19.1: the span is over, or the receiver surrendered: back to the lender."""

    type: Literal["se.auxiliaries_returned"] = "se.auxiliaries_returned"
    lender: str
    receiver: str
    units: list[str]
    why: Literal["span over", "receiver surrendered"]


@on(AuxiliariesOffered)
def _(s: SoldierState, e: AuxiliariesOffered) -> None:
    s.aux_offers.setdefault(e.lender, {})[e.receiver] = list(e.units)


@on(AuxiliariesLent)
def _(s: SoldierState, e: AuxiliariesLent) -> None:
    for uid in e.units:
        s.units[uid].hired_by = e.receiver
    s.loans.append(
        Loan(lender=e.lender, receiver=e.receiver, units=list(e.units), until_turn=e.until_turn)
    )
    offers = s.aux_offers.get(e.lender, {})
    offers.pop(e.receiver, None)
    if not offers:
        s.aux_offers.pop(e.lender, None)


@on(AuxiliariesReturned)
def _(s: SoldierState, e: AuxiliariesReturned) -> None:
    for uid in e.units:
        s.units[uid].hired_by = None
    over = e.why == "receiver surrendered"
    s.loans = [
        x
        for x in s.loans
        if not (
            x.lender == e.lender
            and x.receiver == e.receiver
            and (over or x.until_turn <= s.turn + 1)
        )
    ]


def in_force(content) -> bool:
    return content.game.rules.auxiliaries == "surrender"


def parse_lend(
    names: Names, s: SoldierState, power: str, text: str, line: int, problems: list[Problem]
) -> tuple[str, list[str]] | None:
    """`lend UNIT[, UNIT...] to POWER` -> (receiver, units): SE 15.1, the power's own armies
    or fleets on the map (not hired, not lent to it, not its minor allies')."""
    m = re.fullmatch(r"(?is)(.+?)\s+to\s+(\S+)", text.strip())
    if not m:
        problems.append(Problem("write: lend UNIT[, UNIT...] to POWER (SE 15.1)", line))
        return None
    receiver = next((p for p in s.majors if p.casefold() == m.group(2).casefold()), None)
    if receiver is None or receiver == power:
        problems.append(Problem(f"{m.group(2)!r} is not another major power", line))
        return None
    units: list[str] = []
    for x in names.pieces(m.group(1), line, problems):
        u = s.units.get(x.name)
        if x.kind != "unit" or u is None:
            problems.append(Problem(f"{x.name} is not a unit", line))
        elif u.country != power or u.hired_by is not None or u.status != "map":
            problems.append(
                Problem(f"{x.name} is not one of {power}'s own units on the map (SE 19.1)", line)
            )
        elif x.name not in units:
            units.append(x.name)
    return (receiver, sorted(units, key=id_order)) if units else None


def lend_problems(power: str, victors: list[str] | None, lends: list) -> list[Problem]:
    """SE 15.1: units are offered only to a power one surrenders to, each unit once."""
    out: list[Problem] = []
    seen: dict[str, int] = {}
    for receiver, units, line in lends:
        if not victors or receiver not in victors:
            out.append(
                Problem(
                    f"{power} may lend units only to a power it surrenders to, in the same "
                    f"orders (surrender to {receiver}) (SE 15.1, 19.1)",
                    line,
                )
            )
        for uid in units:
            if uid in seen:
                out.append(Problem(f"{uid} is lent on line {seen[uid]} already", line))
            seen.setdefault(uid, line)
    return out


def offers(ctx: Resolution, power: str, lends: list) -> None:
    """Emitted with the surrender's declaration; one offer per receiver (the last line)."""
    by: dict[str, list[str]] = {}
    for receiver, units, _line in lends:
        by[receiver] = units
    for receiver in sorted(by):
        ctx.emit(AuxiliariesOffered(lender=power, receiver=receiver, units=by[receiver]))


def accepts(standing_orders: dict, victor: str, loser: str) -> bool:
    """The victor's `take auxiliaries [from POWER...]` (default: refuse, take an area)."""
    for entry in standing_orders.get(victor, {}).get("take", []):
        if isinstance(entry, dict) and (not entry["auxiliaries"] or loser in entry["auxiliaries"]):
            return True
    return False


def offered(s: SoldierState, loser: str, victor: str) -> list[str]:
    """What of the offer can still be lent: the loser's own units still on the map."""
    return [
        uid
        for uid in s.aux_offers.get(loser, {}).get(victor, [])
        if s.units[uid].status == "map"
        and s.units[uid].country == loser
        and s.units[uid].hired_by is None
    ]


def _held(s: SoldierState, loan: Loan) -> list[str]:
    return sorted(
        (
            uid
            for uid in loan.units
            if s.units[uid].status == "map" and s.units[uid].hired_by == loan.receiver
        ),
        key=id_order,
    )


def receiver_surrenders(ctx: Resolution, receiver: str) -> None:
    """SE 19.1: "Auxiliaries immediately revert ... if the receiving power surrenders to
    another power" (any power, the lender too: pbem's reading)."""
    s: SoldierState = ctx.state
    for loan in sorted(
        (x for x in s.loans if x.receiver == receiver), key=lambda x: (x.lender, x.receiver)
    ):
        ctx.emit(
            AuxiliariesReturned(
                lender=loan.lender,
                receiver=receiver,
                units=_held(s, loan),
                why="receiver surrendered",
            )
        )


def expire(ctx: Resolution) -> None:
    """SE 19.1, 15.3: at the end of the span's last turn (before turn `until_turn`
    begins) the units still lent go back to the lender."""
    s: SoldierState = ctx.state
    for loan in sorted(
        (x for x in s.loans if x.until_turn <= s.turn + 1), key=lambda x: (x.lender, x.receiver)
    ):
        ctx.emit(
            AuxiliariesReturned(
                lender=loan.lender, receiver=loan.receiver, units=_held(s, loan), why="span over"
            )
        )
