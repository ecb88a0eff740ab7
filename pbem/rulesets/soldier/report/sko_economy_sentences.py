"""Sentences for the events of Soldier Kings' optional economics, national advantages and
end of the game (loans.py, sko_income.py, sko_economics.py, sko_end.py), registered in
sentences.SAYINGS beside the shared ones."""

from __future__ import annotations

from ..calendar import label
from .sentences import says
from .words import a, in_money, join


def _loans(n: int) -> str:
    return "1 loan" if n == 1 else f"{n} loans"


@says("sk.loan_taken")
def _(c, e, s):
    return f"{e.power} takes a war loan of {e.resources} Resources (SKO War Loans)."


@says("sk.loan_interest")
def _(c, e, s):
    unpaid = f"; it cannot pay the other {e.unpaid}, which are forgiven" if e.unpaid else ""
    return (
        f"{e.power} pays {e.resources} Resources of interest on {_loans(e.loans)}{unpaid} "
        "(SKO War Loans)."
    )


@says("sk.loan_repaid")
def _(c, e, s):
    taken = join([label(t, c.game.first_year) for t in e.taken])
    return (
        f"{e.power} repays {_loans(len(e.taken))} (taken {taken}) for {e.resources} Resources "
        "(SKO War Loans)."
    )


@says("sk.loan_refused")
def _(c, e, s):
    return f"{e.power}'s standing order {e.order} is not carried out: {e.why}."


@says("sk.loans_deducted")
def _(c, e, s):
    return (
        f"{e.power} has {_loans(e.loans)} outstanding: {e.points} victory points after loans "
        "(SKO War Loans)."
    )


@says("sk.extra_income")
def _(c, e, s):
    dice = ", ".join(str(d) for d in e.dice)
    return f"{e.power} rolls {dice}: {e.resources} more Resources ({e.rule})."


@says("sk.attack_unpaid")
def _(c, e, s):
    why = in_money(c, e.why)  # SE: Money (SE 7.0)
    return f"{e.power} cannot pay for {a(e.level)} in {e.area} ({why}): it does not attack there."


@says("sk.combat_manpower_paid")
def _(c, e, s):
    return (
        f"{e.power} pays {e.manpower} Manpower for the unlimited rounds in {e.area} "
        "(SKO Economics (c))."
    )


@says("sk.war_end_rolled")
def _(c, e, s):
    what = "the war ends" if e.ends else "the war goes on"
    return (
        f"The end of the war: a {e.die} on {label(e.turn, c.game.first_year)} "
        f"({e.ends_on} or more ends it): {what} (SKO Ending the game)."
    )


@says("sk.free_units")
def _(c, e, s):
    side = " on its reduced side" if e.reduced else ""
    return (
        f"{e.power} receives {join(e.units)} free{side}, arriving on "
        f"{label(e.arrives, c.game.first_year)} ({e.rule})."
    )


@says("sk.fortress_upgraded")
def _(c, e, s):
    paid = (
        "free (SKO Added Optional National Advantages, Holland)"
        if e.free
        else f"for {e.resources} Resources and {e.manpower} Manpower (SKO Economics (d))"
    )
    return f"{e.power} upgrades the fortification of {e.area} to {e.level}, {paid}."


@says("sk.upgrade_skipped")
def _(c, e, s):
    return f"{e.power}'s upgrade of {e.area} (line {e.line}) is not carried out: {e.reason}."


def position_notes(c, s) -> list[str]:
    """Lines for the position's turn section: what these optional rules keep in play."""
    out: list[str] = []
    sko = c.tables.sko
    if sko is not None and "random-end" in s.options:
        turns = ", ".join(str(r.turn) for r in sko.random_end.rolls)
        out.append(
            f"The war may end at the end of the Winters of Turns {turns}; Turn "
            f"{sko.random_end.last_turn} ends it (SKO Ending the game)."
        )
    for power, taken in sorted(s.war_loans.items()):
        if taken:
            when = join([label(t, c.game.first_year) for t in taken])
            out.append(f"{power} owes {_loans(len(taken))} (taken {when}) (SKO War Loans).")
    if s.fort_upgrades:
        ups = join(
            [
                f"{a} +{n} (now {c.land_area(a).fortification + n})"
                for a, n in sorted(s.fort_upgrades.items())
            ]
        )
        out.append(f"Fortifications upgraded: {ups} (SKO Economics (d)).")
    return out
