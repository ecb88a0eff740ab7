"""SKO Allies and Declaring War: who is at war with whom, as every rule asks it (the
declarations, their costs and orders are war.py's). With the switch off every two
sides are at war, as in the standard game."""

from __future__ import annotations

from . import options
from .state import SoldierState, War


def in_force(s: SoldierState) -> bool:
    return options.on(s, "declaring-war")


def side(s: SoldierState, country: str) -> str:
    """The side a country fights on: its major power, or itself if neutral."""
    return s.major_of(country) or country


def war_of(s: SoldierState, a: str, b: str) -> War | None:
    """The state of war between the sides of `a` and `b`. A war is kept between the
    powers that made it and read by their sides now: a neutral minor at war that allies
    with a major brings its war to that major, and the major's wars are its minor allies'
    ("& vice versa")."""
    return next(iter(wars_between(s, a, b)), None)


def wars_between(s: SoldierState, a: str, b: str) -> list[War]:
    """Every stored war between the sides of `a` and `b` (SKO Ending a War: "The end to
    the state of war applies to all states controlled by each of the two powers making
    peace"; a surrender ends the war of either's minor allies too)."""
    pair = sorted((side(s, a), side(s, b)))
    return [w for w in s.wars if sorted(side(s, p) for p in w.powers) == pair]


def at_war(s: SoldierState, a: str, b: str) -> bool:
    return war_of(s, a, b) is not None


def at_peace(s: SoldierState, a: str, b: str) -> bool:
    """Two sides that may not fight each other for want of a state of war (switch on)."""
    return in_force(s) and not at_war(s, a, b)
