"""The events of Seven Years World War's optional rules: legions (23), increasing taxes
(25; 24.0 and 25.3 use syw.minor_recruit), pillage (26, 4.74) and enlightenment (27).
events.py collects them with the others."""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event

from .event_base import Private

# --- optional rules 23-25 events (legions.py, taxes.py; 24.0 and 25.3 use syw.minor_recruit)


@event
class LegionAttempt(Event):
    """23.1: a legion attempt: the veteran army, the leader flipped, the die against his
    command value; on success the army is replaced by a recruit legion (`legion`)."""

    type: Literal["syw.legion_attempt"] = "syw.legion_attempt"
    seat: str
    army: str
    leader: str
    value: int  # the leader's command value
    die: int
    success: bool
    legion: str = ""  # the new legion's id on success
    square: str


@event
class TaxesRaised(Event):
    """25.1, 25.2, 29.4: one power's increasing taxes roll; `squares` the civilized squares
    its units occupy that it raises taxes in (their treasury values); `correction` the
    treasury points added to (or taken from) the normal taxes credited at the start."""

    type: Literal["syw.taxes_raised"] = "syw.taxes_raised"
    seat: str
    power: str
    die: int
    result: str
    squares: dict[str, int] = {}
    correction: int = 0


# --- optional rules 26, 27, 4.74 events (pillage.py, enlightenment.py)


@event
class Pillage(Event):
    """26.1, 29.5, 4.74: an attempt by `force` (of the minor power `minor`, 4.74): on
    "Pillage" the marker, the loot, the enlightenment marker removed; `unit_lost` on
    "Troops Lose Discipline" (its syw.eliminated follows)."""

    type: Literal["syw.pillage"] = "syw.pillage"
    seat: str
    square: str
    die: int
    result: str
    loot: int = 0
    enlightenment_removed: bool = False
    unit_lost: str = ""
    minor: str = ""
    force: list[str] = []


@event
class PillageRemoved(Event):
    """26.3, 10.33, 29.2 note (4): a pillage marker removed, and its (public) cost."""

    type: Literal["syw.pillage_removed"] = "syw.pillage_removed"
    seat: str
    square: str
    cost: int


@event
class Enlightenment(Event):
    """27.1, 29.6: an attempt with the Diplomacy `marker` of `value`: die, result, placed."""

    type: Literal["syw.enlightenment"] = "syw.enlightenment"
    seat: str
    square: str
    marker: str
    value: int
    die: int
    result: str
    placed: bool = False


@event
class EnlightenOrdered(Private):
    """3.1(6): a player-turn `enlighten` line kept for this turn's Enlightenment Phase."""

    type: Literal["syw.enlighten_ordered"] = "syw.enlighten_ordered"
    seat: str
    square: str
    value: int
    line: int = 0
    text: str = ""
