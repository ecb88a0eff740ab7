"""Card orders as the rules hold them (SK 5.1): a `play` or `react` line, parsed.

The action phase, the Purchase Phase and the standing orders carry these; the rules
of the variant's cards (cards.py) read and carry them out. Kept apart from the cards so
the rules that only pass them on need not import the cards (issue 9).
"""

from __future__ import annotations

from dataclasses import dataclass

ACTION_STEPS = ("start", "naval combat", "land movement", "land combat", "siege", "end")
WHENS = ("initiative", "peace", "winter", "attrition", "maintenance", "victory")


@dataclass(frozen=True)
class Trigger:
    kind: str  # attacked, besieged, intercepted, naval battle, sails, plays, attempts
    area: str | None = None
    who: str | None = None  # a power, "enemy", "ally", "anyone" (None: anyone)
    what: str | None = None  # the card (plays) or minor (attempts); None: any


@dataclass(frozen=True)
class PlayOrder:
    card: str
    line: int
    text: str  # the order as written (spaces normalised)
    verb: str = "play"  # play (orders, or standing with `at`), react (standing)
    on: str | None = None  # a power, minor, area or leader
    units: tuple[str, ...] = ()  # Forced March
    area: str | None = None  # in AREA
    round: int | None = None
    step: str | None = None  # orders: ACTION_STEPS; standing: WHENS
    sign: int = 0  # Council of War
    trigger: Trigger | None = None
    key: str = ""  # set at resolution: which order this is (spent records)
    areas: tuple[str, ...] = ()  # with AREA, AREA (SE 19.2: the areas put in a satellite)
