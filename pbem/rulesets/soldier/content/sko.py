"""tables.toml [sko]: the values Soldier Kings' optional rules state (economics, national
advantages, the end of the game; ../shared/rules/soldier-kings-optional-rules.txt, cited
`SKO <heading>`). Absent in Soldier Emperor; the rules act on them only when the game's
option is on (options.on)."""

from __future__ import annotations

from pydantic import Field

from .base import Name, NonNeg, Pos, Record, Source


class Loans(Record):
    """SKO Economics (e), War Loans: the principal each major power receives, the interest
    a loan costs each Winter, and what repaying one costs beyond its principal."""

    principal: dict[Name, Pos] = Field(min_length=1)
    interest: Pos = 1
    repay_extra: NonNeg = 1
    source: Source


class AsianIncome(Record):
    """SKO Off map Asia income: these powers, played as majors, add `dice` dice of Resources
    each Resource and Manpower Phase."""

    powers: tuple[Name, ...] = Field(min_length=1)
    dice: Pos = 1
    source: Source


class Frederick(Record):
    """SKO Added Optional National Advantages, Prussia: while `leader` lives and `power`
    controls one of `areas`, a die less `minus` (never below zero) more Resources."""

    power: Name
    leader: Name
    areas: tuple[Name, ...] = Field(min_length=1)
    minus: NonNeg = 2
    source: Source


class EndRoll(Record):
    """SKO Ending the game: at the end of Winter turn `turn`, a die of `ends_on` or more
    ends the war."""

    turn: Pos
    ends_on: Pos


class RandomEnd(Record):
    rolls: tuple[EndRoll, ...] = Field(min_length=1)
    last_turn: Pos  # the war ends at the end of this turn without a roll
    source: Source


class Score(Record):
    power: Name
    points: Pos
    source: Source


class FortressUpgrades(Record):
    """SKO Economics (d): one level a game turn, `cost` in any mix of Resources and
    Manpower, never above `max_level` nor more than `above_start` over the starting value."""

    cost: Pos = 4
    max_level: Pos = 5
    above_start: Pos = 2
    source: Source


class Link(Record):
    """Two areas `power`'s armies and leaders (only) treat as adjacent."""

    power: Name
    areas: tuple[Name, Name]


class National(Record):
    """SKO Added Optional National Advantages, each for a power played as a major."""

    free_army: tuple[Name, ...] = ()  # a random army of the pool, free (France)
    free_weak_army: tuple[Name, ...] = ()  # a "1-1" army (Austria, Russia, Turkey)
    weak_strength: tuple[NonNeg, NonNeg] = (1, 1)
    free_repair: Name  # one unit in `free_repair_map` repaired free (Spain)
    free_repair_map: Name
    free_provincial_areas: Pos = 2  # home areas there held by non-allies: a free provincial
    free_upgrade: Name  # a free fortress upgrade (Holland)
    double_costs: Name  # non-its units in its home areas pay double (Russia)
    link: Link  # Lombardy and Tyrol for Austria
    source: Source


class SkoTables(Record):
    ally_limit: Pos  # SKO Economics (a): Resources, one player power to one ally, a phase
    ally_limit_source: Source
    invasion_manpower: Pos  # SKO Economics (c): Manpower an unlimited-rounds attack costs
    invasion_manpower_source: Source
    loans: Loans
    asian_income: AsianIncome
    frederick: Frederick
    random_end: RandomEnd
    britain_28: Score
    fortress_upgrades: FortressUpgrades
    national: National
