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


@says("se.banner_assigned")
def _(c, e, s):
    return f"{e.power} gives the Banner of the Prophet to {e.leader}: +{e.bonus} to his rating (SE 19.6, 19.61)."


@says("se.banner_defeat")
def _(c, e, s):
    return (
        f"{e.leader}, bearer of the Banner of the Prophet, is defeated in {e.area} and removed "
        f"from play; {e.power} rolls {e.roll} and loses {e.manpower} Manpower (SE 19.62)."
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
