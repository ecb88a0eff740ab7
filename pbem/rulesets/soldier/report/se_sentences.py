"""Sentences for the events of Soldier Emperor's own rules (`se.` events), registered in
sentences.SAYINGS beside the shared ones."""

from __future__ import annotations

from ..calendar import label
from .sentences import says


@says("se.leader_wounded")
def _(c, e, s):
    turns = "one campaign turn" if e.turns == 1 else f"{e.turns} campaign turns"
    back = label(e.until_turn, c.game.first_year)
    return (
        f"{e.leader} is wounded in {e.area} (the roll came to {e.total}, then a {e.die}): "
        f"out for {turns}, back on {back} (SE 13.5)."
    )


@says("se.colonial_income")
def _(c, e, s):
    less = f", less for the blockaded {', '.join(e.blockaded)}" if e.blockaded else ""
    return f"{e.power} receives {e.resources} Money from its colonies{less} (SE 7.6)."


@says("se.alliance_breaker")
def _(c, e, s):
    return f"{e.power} broke a formal alliance in {e.year}: it cannot win an automatic victory this year (SE 21.6)."


@says("se.retreat_continued")
def _(c, e, s):
    pieces = ", ".join([*e.units, *e.leaders])
    return f"{e.power}'s {pieces} retreated on from {e.frm} to {e.to} ({e.rule})."


@says("se.minor_alliance_barred")
def _(c, e, s):
    return f"{e.power} backstabbed {e.minor}: they may never ally again (SE 17.8)."
