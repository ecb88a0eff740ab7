"""Sentences for the events of Soldier Kings' optional rules on allies and war (SKO Allies
and Declaring War, Imperial Capitals, Redoing the surrender rules), registered in
sentences.SAYINGS beside the shared ones."""

from __future__ import annotations

from .sentences import says
from .words import join


@says("sk.war_declared")
def _(c, e, s):
    paid = [f"{e.resources} Resources"] if e.resources else []
    paid += [f"{e.manpower} Manpower"] if e.manpower else []
    cost = " and ".join(paid) or "no cost"
    return f"{e.power} declares war on {e.target} ({cost}; SKO Allies and Declaring War)."


@says("sk.wars_at_start")
def _(c, e, s):
    pairs = "; ".join(" and ".join(p) for p in e.wars)
    return f"At war from the start of the scenario: {pairs} (SKO Allies and Declaring War)."


@says("sk.war_ended")
def _(c, e, s):
    return f"The state of war between {join(e.powers)} ends: {e.why}."


@says("sk.surrender_refused")
def _(c, e, s):
    if e.refused:
        return f"{e.victor} refuses {e.loser}'s surrender for this turn (a {e.roll}; SKO Redoing the surrender rules)."
    return f"{e.victor} tries to refuse {e.loser}'s surrender but must accept it (a {e.roll}; SKO Redoing the surrender rules)."


@says("sk.garrison_placed")
def _(c, e, s):
    return f"{e.power}'s garrison step {e.unit} ({'-'.join(map(str, e.strength))}) stands in its imperial capital {e.area} (SKO Imperial Capitals)."


@says("sk.garrison_lost")
def _(c, e, s):
    return f"The garrison step {e.unit} may not leave its capital: it is eliminated (SKO Imperial Capitals)."


@says("sk.capitals_lost")
def _(c, e, s):
    if not e.powers:
        return "No imperial capital is held by an enemy (SKO Imperial Capitals)."
    return f"Imperial capitals held by an enemy: {join(e.powers)}'s (SKO Imperial Capitals)."


@says("sk.capital_penalty")
def _(c, e, s):
    return f"{e.power} loses {e.resources} Resources of income: an enemy holds its imperial capital (SKO Imperial Capitals (b))."


@says("sk.forced_surrender")
def _(c, e, s):
    return f"{e.power} rolls a {e.roll} with its imperial capital lost: it must attempt to surrender to {e.victor} (SKO Imperial Capitals (e))."
