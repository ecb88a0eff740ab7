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


@says("se.satellite_created")
def _(c, e, s):
    uses = f"; it uses the forces of {', '.join(e.members)}" if e.members else ""
    fleets = f"; {', '.join(e.fleets)} become its own" if e.fleets else ""
    return (
        f"{e.power} plays {e.card}: {e.country} is created as its minor ally, made of "
        f"{', '.join(e.areas)}{uses}{fleets} ({e.rule})."
    )
