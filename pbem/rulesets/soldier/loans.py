"""SKO Economics (e), War Loans (option `war-loans`): a major power played by a player
borrows at most once each Resource and Manpower Phase, receiving its principal
(tables.toml [sko.loans]); from the Winter after, it pays one Resource of interest per
loan each Winter Resource and Manpower Phase, right after its income; it may repay a loan
(principal plus one) in any Winter Resource and Manpower Phase; its loans outstanding
are subtracted from its victory points (automatic and end-game victory).

The Resource and Manpower Phase takes no envelope, so the decisions are standing orders
(Phase: standing), in force until replaced (docs/orders-soldier-kings.md):

    borrow              take one loan in each Resource and Manpower Phase
    repay N | repay all repay up to N (all) loans in each Winter Resource and Manpower
                        Phase, oldest first, as far as the Resources left after interest pay

Defaults (no standing order): no loan, no repayment. Choices (tests/cases/soldier-kings/
opt-war-loans-*.toml): within the phase each power's income comes first, then interest,
then repayments, then the new loan; a power whose Resources cannot pay all the interest
pays what it has (SK 7.5: no total below zero) and the rest is forgiven, recorded in
`sk.loan_interest.unpaid`; a power whose capital an enemy holds may not borrow
(SKO Imperial Capitals (a): `capitals.lost`)."""

from __future__ import annotations

import re
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import capitals, options, standing
from .calendar import is_winter
from .common import treasury
from .content import SoldierContent
from .fold import on
from .state import SoldierState

OPTION = "war-loans"


@event
class LoanInterest(Event):
    """SKO War Loans: the interest on the loans taken before this Winter."""

    type: Literal["sk.loan_interest"] = "sk.loan_interest"
    power: str
    loans: int
    resources: int  # paid
    unpaid: int = 0  # forgiven: the power had no more (choice, module docstring)


@event
class LoanRepaid(Event):
    """SKO War Loans: loans paid off (principal plus one Resource each), oldest first."""

    type: Literal["sk.loan_repaid"] = "sk.loan_repaid"
    power: str
    taken: list[int]  # the turns the repaid loans were taken
    resources: int


@event
class LoanTaken(Event):
    """SKO War Loans: one loan, its principal received at once."""

    type: Literal["sk.loan_taken"] = "sk.loan_taken"
    power: str
    turn: int
    resources: int


@event
class LoanRefused(Event):
    """A standing `borrow` or `repay` the rules did not allow this phase, and why."""

    type: Literal["sk.loan_refused"] = "sk.loan_refused"
    power: str
    order: str
    why: str


@event
class LoansDeducted(Event):
    """SKO War Loans: the loans outstanding subtracted from the Victory Phase's points."""

    type: Literal["sk.loans_deducted"] = "sk.loans_deducted"
    power: str
    loans: int
    points: int  # net "after loans"


@on(LoanInterest)
def _(s: SoldierState, e: LoanInterest) -> None:
    t = s.treasury_of(e.power)
    t.resources = max(0, t.resources - e.resources)


@on(LoanRepaid)
def _(s: SoldierState, e: LoanRepaid) -> None:
    t = s.treasury_of(e.power)
    t.resources = max(0, t.resources - e.resources)
    left = list(s.war_loans.get(e.power, []))
    for turn in e.taken:
        left.remove(turn)
    s.war_loans[e.power] = left


@on(LoanTaken)
def _(s: SoldierState, e: LoanTaken) -> None:
    s.treasury_of(e.power).resources += e.resources
    s.war_loans.setdefault(e.power, []).append(e.turn)


@on(LoanRefused)
def _(s: SoldierState, e: LoanRefused) -> None:
    pass  # nothing changes


@on(LoansDeducted)
def _(s: SoldierState, e: LoansDeducted) -> None:
    s.victory_points[e.power] = e.points


# --------------------------------------------------------------------------- questions


def outstanding(s: SoldierState, power: str) -> int:
    return len(s.war_loans.get(power, []))


def principal(content: SoldierContent, power: str) -> int:
    sko = content.tables.sko
    return sko.loans.principal.get(power, 0) if sko else 0


def may_borrow(content: SoldierContent, s: SoldierState, power: str) -> str | None:
    """None if `power` may take a loan now, else why not. The seam for other rules that
    forbid loans (SKO Imperial Capitals (a), `capitals.lost`)."""
    if not options.on(s, OPTION) or content.tables.sko is None:
        return "war loans are not in play (option war-loans)"
    if power not in s.majors:
        return f"{power} is not a major power played by a player (SKO War Loans)"
    if not principal(content, power):
        return f"{power} has no loan principal (SKO War Loans)"
    if capitals.lost(content, s, power):
        return f"an enemy holds {power}'s Imperial Capital: it may not get new loans (SKO Imperial Capitals (a))"
    return None


# --------------------------------------------------------------------------- standing orders


@standing.verb("borrow")
def _borrow(names, s, power, words, line, problems):
    """`borrow`: take one loan in each Resource and Manpower Phase (SKO War Loans)."""
    if not options.on(s, OPTION):
        problems.append(Problem("borrow: war loans are not in play (option war-loans)", line))
        return None
    if words:
        problems.append(Problem("write: borrow (one loan each Resource and Manpower Phase)", line))
        return None
    return True


@standing.verb("repay")
def _repay(names, s, power, words, line, problems):
    """`repay N` or `repay all`: loans to pay off each Winter (SKO War Loans)."""
    if not options.on(s, OPTION):
        problems.append(Problem("repay: war loans are not in play (option war-loans)", line))
        return None
    text = " ".join(words).casefold().removesuffix(" loans").removesuffix(" loan")
    if text == "all":
        return 10**6
    if re.fullmatch(r"[1-9]\d*", text):
        return int(text)
    problems.append(Problem("write: repay N (a number of loans) or repay all", line))
    return None


def _standing(orders: dict, power: str, kind: str) -> list:
    so = orders.get(power)
    return so.of(kind) if so is not None and hasattr(so, "of") else []


# --------------------------------------------------------------------------- the phase


def after_income(ctx: Resolution, content: SoldierContent, power: str, orders: dict) -> None:
    """SKO War Loans in `power`'s part of the Resource and Manpower Phase, after its
    income: interest, repayments, a new loan."""
    s: SoldierState = ctx.state
    if not options.on(s, OPTION) or content.tables.sko is None or power not in s.majors:
        return
    terms = content.tables.sko.loans
    winter = is_winter(s.turn)
    due = [t for t in s.war_loans.get(power, []) if t < s.turn]
    if winter and due:  # SKO War Loans: "starting the Winter turn after the loan is taken"
        owed = terms.interest * len(due)
        paid = min(owed, treasury(s, power)[0])
        ctx.emit(LoanInterest(power=power, loans=len(due), resources=paid, unpaid=owed - paid))
    for most in _standing(orders, power, "repay")[:1]:
        s = ctx.state
        if not winter:
            ctx.emit(LoanRefused(power=power, order="repay", why="loans are repaid in Winter"))
            break
        price = principal(content, power) + terms.repay_extra
        have = treasury(s, power)[0]
        n = min(most, outstanding(s, power), have // price if price else 0)
        if n:
            taken = sorted(s.war_loans[power])[:n]
            ctx.emit(LoanRepaid(power=power, taken=taken, resources=n * price))
        elif outstanding(s, power):
            ctx.emit(
                LoanRefused(
                    power=power,
                    order="repay",
                    why=f"a loan costs {price} Resources to repay; {power} has {have} (SKO War Loans)",
                )
            )
    if _standing(orders, power, "borrow"):
        why = may_borrow(content, ctx.state, power)
        if why:
            ctx.emit(LoanRefused(power=power, order="borrow", why=why))
        else:
            ctx.emit(LoanTaken(power=power, turn=s.turn, resources=principal(content, power)))


def deduct(ctx: Resolution, power: str) -> None:
    """SKO War Loans: "this number is subtracted from any Victory point total", in the
    Victory Phase right after the points are counted."""
    s: SoldierState = ctx.state
    n = outstanding(s, power)
    if options.on(s, OPTION) and n:
        ctx.emit(LoansDeducted(power=power, loans=n, points=s.victory_points.get(power, 0) - n))
