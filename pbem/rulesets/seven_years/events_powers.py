"""The events of Seven Years World War about the control of powers and the dealings
between players: diplomacy (9, 29.1), reversion and defection (4.5, 4.6), reveals (7.2),
Minor Power Alliance actions (4.7, 11.6) and negotiation (21). events.py collects them
with the others."""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event

from .event_base import Private

# --- diplomacy events (7YWW 9, 29.1, 4.5-4.6, 7.1-7.2; diplomacy.py, reversion.py)


@event
class DiplomacyAttempt(Event):
    """9.1(4)-(6), 29.1: one attempt revealed: the phasing player's values, each
    defender's values, the differential, the column, the die, the result code, and the
    option carried out ("" when the result gives none)."""

    type: Literal["syw.diplomacy"] = "syw.diplomacy"
    seat: str
    power: str
    attack: list[int]
    defence: dict[str, list[int]] = {}
    differential: int
    column: str
    die: int
    result: str
    option: str = ""


@event
class Espionage(Private):
    """29.1 D1, 7.1: what the spy saw (his eyes only): a treasury total or a hand."""

    type: Literal["syw.espionage"] = "syw.espionage"
    seat: str
    target: str
    what: str  # "treasury" | "markers"
    treasury: int | None = None
    markers: list[str] = []


@event
class EspionageMade(Event):
    """The public face of espionage: who examined whom, and what kind."""

    type: Literal["syw.espionage_made"] = "syw.espionage_made"
    seat: str
    target: str
    what: str


@event
class Coup(Event):
    """29.1 D2(2): against a player (one random marker back, its own events) or a
    leader in play (a die above his command value returns him to the pool)."""

    type: Literal["syw.coup"] = "syw.coup"
    seat: str
    target: str  # a seat or a leader id
    what: str  # "markers" | "leader"
    die: int = 0
    effect: str


@event
class Reaction(Event):
    """29.1 R / R2: each non-phasing player's choice (the gains are their own events)."""

    type: Literal["syw.reaction"] = "syw.reaction"
    result: str
    count: int
    choices: dict[str, str]  # seat -> "treasury" | "markers"


@event
class Displaced(Event):
    """4.51(1)-(2), 4.511: units picked up and placed (not movement); a land unit aboard a
    fleet stays aboard only if it goes where the fleet goes."""

    type: Literal["syw.displaced"] = "syw.displaced"
    seat: str | None
    power: str  # the power that became neutral
    units: dict[str, str]  # unit id -> square
    why: str


@event
class Revealed(Private):
    """7.2: a player shows his treasury and/or his campaign markers."""

    type: Literal["syw.revealed"] = "syw.revealed"
    seat: str
    to: list[str]
    treasury: int | None = None
    markers: list[str] | None = None


# --- minor powers and negotiation events (minor_recruit.py, minors.py, negotiation.py)


@event
class MinorRecruit(Event):
    """7YWW 4.71, 11.6, 29.3: a roll on the Minor Powers Recruiting Table and its result:
    the minor units placed (with their home territory) and the major power unit an
    Uprising eliminated (with what it carried)."""

    type: Literal["syw.minor_recruit"] = "syw.minor_recruit"
    seat: str  # who implements the result (11.621)
    territory: str
    why: str = "marker"  # "marker" (4.71), "24.0", "25.3"
    die: int
    result: str
    placed: list[dict] = []  # {id, owner, type, veteran, square, home}
    eliminated: list[str] = []
    note: str = ""


@event
class Deal(Private):
    """7YWW 21.1: a deal every party sent as the same standing line, carried out (seen by
    its parties; its public effects have their own events)."""

    type: Literal["syw.deal"] = "syw.deal"
    seats: list[str]
    terms: str
    done: list[str] = []  # what was carried out, term by term
    skipped: list[str] = []  # terms that could not be (not enough treasury, no marker...)


@event
class MarkersGiven(Private):
    """7YWW 21.1(3): markers from one hand to another (seen by both)."""

    type: Literal["syw.markers_given"] = "syw.markers_given"
    frm: str
    to: str
    markers: list[str]


@event
class Pact(Event):
    """7YWW 21.2: a written agreement pbem can check, in force until its year."""

    type: Literal["syw.pact"] = "syw.pact"
    seats: list[str]
    what: str  # "no attack" | "no entry"
    target: str = ""  # no entry: a power code or territory
    until: int = 0  # the last year it binds (0: the whole game)


@event
class PactBroken(Event):
    """7YWW 21.2: the violator's markers go back to the pool (a syw.markers_returned
    follows); the victim rolls a die and picks that many."""

    type: Literal["syw.pact_broken"] = "syw.pact_broken"
    violator: str
    victim: str
    what: str
    die: int
    pact: dict = {}  # the pact broken, as in SYWState.pacts (void from now on)


@event
class EndAgreed(Event):
    """7YWW 21.1(4), 22.22: every player sent `end game`."""

    type: Literal["syw.end_agreed"] = "syw.end_agreed"
    seats: list[str]
