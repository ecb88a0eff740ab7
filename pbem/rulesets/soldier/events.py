"""Soldier Kings events. Each records a result; `fold.apply` turns it into state."""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event


@event
class ScenarioStarted(Event):
    type: Literal["sk.scenario_started"] = "sk.scenario_started"
    scenario: str
    number: int
    first_turn: int
    last_turn: int
    players: dict[str, list[str]]
    setup_order: list[list[str]]
    majors: list[str]
    allies: dict[str, str]
    control: dict[str, str]
    treasury: dict[str, tuple[int, int]]  # power -> (resources, manpower)
    units: list[dict]  # every counter of the mix, in the pool (state.Counter fields)
    leaders: list[dict]  # every leader, in the pool (state.LeaderPiece fields)
    deck: list[str]  # the cards in the deck (a multiset; order is never stored)
    frozen: dict[str, int] = {}
    subsidies: list[dict] = []
    random_end: bool = False  # SK World at War's random end (option end=random)
    options: list[str] = []  # the optional rules switched on (pbem new --option), sorted


@event
class UnitsSelected(Event):
    """Counters taken from the pool for set-up (SK 3.0, 6.1), specific or at random."""

    type: Literal["sk.units_selected"] = "sk.units_selected"
    country: str
    units: list[str]
    how: Literal["specific", "random"]
    hired_by: str | None = None


@event
class LeadersSelected(Event):
    type: Literal["sk.leaders_selected"] = "sk.leaders_selected"
    country: str
    leaders: list[str]


@event
class CardsDealt(Event):
    """SK 3.0: five cards to each player. Only that player sees which."""

    type: Literal["sk.cards_dealt"] = "sk.cards_dealt"
    player: str
    cards: list[str]


@event
class PiecesPlaced(Event):
    """Set-up placement (one-year special rules; SK 6.3 for arrivals)."""

    type: Literal["sk.pieces_placed"] = "sk.pieces_placed"
    power: str
    placements: dict[str, list[str]]  # area -> unit ids and leader names
    defaulted: bool = False


@event
class SetupRoundDone(Event):
    type: Literal["sk.setup_round_done"] = "sk.setup_round_done"
    round: int


@event
class TurnBegan(Event):
    type: Literal["sk.turn_began"] = "sk.turn_began"
    turn: int
    stage: str  # the first phase of the turn: purchase, or attrition in winter
