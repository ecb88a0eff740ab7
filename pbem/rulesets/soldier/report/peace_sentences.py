"""Sentences for the surrender's declaration (SK 15.0: surrender_orders.py) and for what the
peace stops (SK 15.3: a victor's group at the loser's blockade, passages.py), registered in
sentences.SAYINGS beside the shared ones."""

from __future__ import annotations

from .sentences import says
from .words import join


def _lines(e) -> str:
    return "; ".join(
        f"to {join(x.get('to', []))}"
        + (f" if it has lost {' or '.join(x['if_lost'])}" if x.get("if_lost") else "")
        for x in e.lines
    )


@says("sk.surrender_ordered")
def _(c, e, s):
    offers = "".join(
        f"; it offers {join(units)} to {r} as auxiliaries" for r, units in sorted(e.lends.items())
    )
    return (
        f"{e.loser} orders its surrender ({_lines(e)}){offers}: declared in the Peace Phase, "
        "secret until then (SK 15.0)."
    )


@says("sk.surrender_declared")
def _(c, e, s):
    return f"{e.loser} declares that it is surrendering to {join(e.victors)} (SK 15.0)."


@says("sk.surrender_not_declared")
def _(c, e, s):
    return f"{e.loser} does not surrender: no line of its orders ({_lines(e)}) applies (SK 15.0)."


@says("sk.blockade_stops")
def _(c, e, s):
    return (
        f"{e.power}'s {join([*e.fleets, *e.leaders])} stopped in the {e.sea} without entering "
        f"{e.area}, blockaded by {join(e.blockaders)} ({e.why})."
    )
