"""tables.toml `[sko_war]`: the values of Soldier Kings' optional rules on allies and war
(SKO Allies and Declaring War, SKO Imperial Capitals, SKO Redoing the surrender rules),
read only when those switches are on (pbem/rulesets/soldier/war.py, capitals.py,
surrender.py)."""

from __future__ import annotations

from pydantic import Field

from .base import Name, NonNeg, Pos, Record, Source, Strength


class DeclarationCost(Record):
    resources: NonNeg
    manpower: NonNeg
    source: Source


class ImperialCapital(Record):
    power: Name
    area: Name
    garrison: Strength  # the built-in army step (attack-defence)
    source: Source


class SkoWar(Record):
    declare_on_minor: DeclarationCost
    declare_on_major: DeclarationCost
    # powers that declare war at a cost of their own (Prussia: 1 Manpower only)
    declare_own: dict[str, DeclarationCost] = {}
    # "bandit/tribal" countries: attack and are attacked without a state of war
    bandits: tuple[Name, ...] = ()
    capitals: tuple[ImperialCapital, ...] = ()
    capital_resources_lost: NonNeg  # SKO Imperial Capitals (b)
    capital_victory_points_lost: NonNeg  # SKO Imperial Capitals (b)
    forced_surrender_on: Pos  # SKO Imperial Capitals (e): a die at least this
    surrender_max_resources: NonNeg  # SKO surrender: the Resources an acceptor gains
    # SKO surrender: turns before the acceptor may declare war again, by die (1 to 6)
    peace_turns: tuple[Pos, ...] = Field(min_length=6, max_length=6)
    refuse_on: Pos  # SKO surrender: the acceptor refuses on a die at least this
    european_powers: tuple[Name, ...] = ()  # may not take areas outside Europe
    separate_peace_on: Pos  # SKO Minor Ally Separate Peace: a die at least this
    separate_peace_exempt: tuple[Name, ...] = ()
    source: Source
