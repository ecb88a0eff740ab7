"""Sentences for the events of Soldier Emperor's own rules (`se.` events), registered in
sentences.SAYINGS beside the shared ones."""

from __future__ import annotations

from ..calendar import label
from .sentences import says
from .words import join


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


@says("se.auxiliaries_offered")
def _(c, e, s):
    return f"{e.lender} offers {e.receiver} {join(e.units)} as auxiliaries instead of an area (SE 15.1)."


@says("se.auxiliaries_lent")
def _(c, e, s):
    back = label(e.until_turn, c.game.first_year)
    return f"{e.lender} lends {e.receiver} {join(e.units)} as auxiliaries until {back} (SE 15.1, 19.1)."


@says("se.auxiliaries_returned")
def _(c, e, s):
    why = "the span of the loan is over" if e.why == "span over" else f"{e.receiver} surrendered"
    what = join(e.units) if e.units else "no units (none left)"
    return f"The auxiliaries lent by {e.lender} to {e.receiver} go back: {what}; {why} (SE 19.1)."


@says("se.peace_ended")
def _(c, e, s):
    why = {
        "loser attacked": f"{e.loser} attacked {e.victor} in {e.area}",
        "loser besieged": f"{e.loser} besieged {e.area}",
        "loser chose to fight": f"{e.loser}'s units in {e.area} stay to fight {e.victor}",
        "no retreat": f"{e.loser}'s units in {e.area} have no retreat open",
    }[e.why]
    return f"The peace between {e.loser} and {e.victor} is over: {why} (SE 15.3)."


@says("se.peace_retreated")
def _(c, e, s):
    return (
        f"{e.power}'s {join([*e.units, *e.leaders])} retreat from {e.frm} to {e.to} "
        f"rather than end the peace with {e.victor} (SE 15.3)."
    )


@says("se.blockade_slipped")
def _(c, e, s):
    return (
        f"{', '.join(e.fleets)} slip past the blockade of {e.area} ({', '.join(e.blockaders)} "
        f"in the {e.sea}) with {e.card}, played by {e.power}: no interception, no battle; "
        f"the blockade stays (SE 10.5)."
    )


@says("se.banner_assigned")
def _(c, e, s):
    return f"{e.power} gives the Banner of the Prophet to {e.leader}: +{e.bonus} to his rating (SE 19.6, 19.61)."


@says("se.banner_defeat")
def _(c, e, s):
    loss = (
        f"{e.power} has zero Money or Manpower and loses nothing (SE 7.4)"
        if e.roll is None
        else f"{e.power} rolls {e.roll} and loses {e.manpower} Manpower"
    )
    return (
        f"{e.leader}, bearer of the Banner of the Prophet, is defeated in {e.area} and removed "
        f"from play; {loss} (SE 19.62)."
    )


@says("se.guerilla_attack")
def _(c, e, s):
    by = (
        f"{e.card}: the people of {e.area} rise"
        if e.card
        else f"{e.power}'s guerillas strike in {e.area}"
    )
    what = f"{e.dice} dice, {e.hits} {'hit' if e.hits == 1 else 'hits'}"
    if e.round:
        return f"{by} with round {e.round} of the battle: {what}, taken with the round's (SE 19.4)."
    taken = ", ".join(f"{u} {n}" for u, n in sorted(e.losses.items()))
    taken = f"step losses: {taken}" if taken else "no step losses"
    left = f"; {e.unallocated} not allocated" if e.unallocated else ""
    return f"{by}: {what}; {taken}{left}; no retreat (SE 19.4)."


@says("se.guerilla_skipped")
def _(c, e, s):
    return f"{e.power}'s order {e.order!r} is not carried out: {e.reason}."


@says("se.retreat_continued")
def _(c, e, s):
    pieces = ", ".join([*e.units, *e.leaders])
    return f"{e.power}'s {pieces} retreated on from {e.frm} to {e.to} ({e.rule})."


@says("se.minor_alliance_barred")
def _(c, e, s):
    return f"{e.power} backstabbed {e.minor}: they may never ally again (SE 17.8)."


@says("se.leaders_returned")
def _(c, e, s):
    back = label(e.arrives, c.game.first_year)
    return (
        f"With {e.loser}'s surrender to {e.victor}, the captured {join(e.leaders)} go back to "
        f"their side; they re-enter as new leaders on {back} (SE 13.7)."
    )
