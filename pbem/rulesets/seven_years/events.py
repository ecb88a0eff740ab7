"""The events of Seven Years World War: each a fact the fold applies (fold.py).
Events with a non-empty `private_to` are shown only to those seats until the game is
over (7.0 fog of war: treasuries and campaign markers). Plan section 4."""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event

from .event_base import Private
from .events_options import (  # noqa: F401  (re-exported, and collected by _all)
    Enlightenment,
    EnlightenOrdered,
    LegionAttempt,
    Pillage,
    PillageRemoved,
    TaxesRaised,
)
from .events_powers import (  # noqa: F401  (re-exported: E.DiplomacyAttempt ..., and collected by _all)
    Coup,
    Deal,
    DiplomacyAttempt,
    Displaced,
    EndAgreed,
    Espionage,
    EspionageMade,
    MarkersGiven,
    MinorRecruit,
    Pact,
    PactBroken,
    Reaction,
    Revealed,
)

# ------------------------------------------------------------- set-up and sequence


@event
class GameSetUp(Event):
    """28.1-28.5: the scenario, the seats (clockwise), who controls each major power
    (None: neutral), the starting treasuries (28.3: public, hidden from then on), the
    pool of campaign markers and leaders (8.1), the hand limit (8.3)."""

    type: Literal["syw.game_set_up"] = "syw.game_set_up"
    scenario: str
    options: list[str] = []
    seats: list[str]
    control: dict[str, str | None]
    treasuries: dict[str, int]
    pool: list[str]
    leaders: list[str]
    last_turn: int = 7


@event
class StageSet(Event):
    """Where the game turn stands: `step()` reads turn, stage, acting, part."""

    type: Literal["syw.stage"] = "syw.stage"
    turn: int
    stage: str
    acting: int = 0
    part: int = 1


@event
class Initiative(Event):
    """6.1: each seat's total campaign value, tie dice, the order (first player first)."""

    type: Literal["syw.initiative"] = "syw.initiative"
    turn: int
    values: dict[str, int]
    ties: list[list] = []  # [[seat, die], ...] in the order rolled
    grand_tour: dict = {}
    order: list[str]


@event
class UnitsPlaced(Event):
    """Units set on the map: at set-up (28.6), minor forces, wild minors."""

    type: Literal["syw.units_placed"] = "syw.units_placed"
    seat: str | None = None  # who placed them (None: automatic)
    units: list[dict]  # {id, owner, type, veteran, square, home}
    why: str = "set-up"


@event
class BaseLine(Event):
    """22.12: each seat's victory sums at the start of the game."""

    type: Literal["syw.base_line"] = "syw.base_line"
    sums: dict[str, dict]  # seat -> VP fields


@event
class TurnEnded(Event):
    """3.1(7): leaders face up; the game turn ends."""

    type: Literal["syw.turn_ended"] = "syw.turn_ended"
    turn: int
    leaders_flipped: list[str] = []


@event
class GameOver(Event):
    """22: the sums, ratios, levels and the winners."""

    type: Literal["syw.game_over"] = "syw.game_over"
    base: dict[str, int]
    final: dict[str, int]
    ratios: dict[str, str]
    levels: dict[str, str]
    winners: list[str]
    why: str = "last turn"


# ---------------------------------------------------------- treasury and markers


@event
class Treasury(Private):
    """A change of a seat's treasury (hidden: 7.0, 10.0)."""

    type: Literal["syw.treasury"] = "syw.treasury"
    seat: str
    delta: int
    why: str
    balance: int


@event
class Income(Private):
    """10.1: taxes from occupied civilized squares and controlled trade routes."""

    type: Literal["syw.income"] = "syw.income"
    seat: str
    squares: dict[str, int] = {}
    routes: dict[str, int] = {}
    total: int


@event
class FreeMarkers(Event):
    """8.2(2): how many free markers each controlled power gives (counts only)."""

    type: Literal["syw.free_markers"] = "syw.free_markers"
    seat: str
    powers: dict[str, int]
    withheld: dict[str, str] = {}


@event
class MarkersDrawn(Event):
    """The public face of a pick (8.1): how many markers a seat drew."""

    type: Literal["syw.markers_drawn"] = "syw.markers_drawn"
    seat: str
    count: int
    why: str


@event
class MarkersReceived(Private):
    """Which markers a seat drew or was given (hidden, 7.0)."""

    type: Literal["syw.markers_received"] = "syw.markers_received"
    seat: str
    markers: list[str]
    why: str


@event
class MarkersReturned(Private):
    """Markers from a seat's hand back to the pool (8.31, 8.51, 8.43)."""

    type: Literal["syw.markers_returned"] = "syw.markers_returned"
    seat: str
    markers: list[str]
    why: str
    random: bool = False


@event
class MarkersLost(Event):
    """The public face of a return: how many."""

    type: Literal["syw.markers_lost"] = "syw.markers_lost"
    seat: str
    count: int
    why: str


@event
class MarkerPlayed(Event):
    """A campaign marker revealed and played (8.4); it leaves the hand (8.43: back to
    the pool unless `to_pool` is False)."""

    type: Literal["syw.marker_played"] = "syw.marker_played"
    seat: str
    marker: str
    target: str = ""
    detail: str = ""
    from_hand: bool = True
    to_pool: bool = True


@event
class BalanceOfPower(Event):
    """29.7 Balance of Power: the player with the initiative rolls a die and returns that
    many of his campaign markers, at random (leaders are not affected), whoever picked it."""

    type: Literal["syw.balance_of_power"] = "syw.balance_of_power"
    picker: str
    initiative_seat: str
    die: int


@event
class Revolution(Event):
    """29.7 Revolution: capitals occupied by an enemy coalition; the die; 5-6 every
    player returns his whole hand."""

    type: Literal["syw.revolution"] = "syw.revolution"
    picker: str
    capitals_occupied: list[str]
    die: int = 0
    effect: str


# ------------------------------------------------- recruiting, training, disbanding


@event
class Recruited(Event):
    """11.1-11.5: new units placed, paid from the treasury (the cost is public: the
    units are seen)."""

    type: Literal["syw.recruited"] = "syw.recruited"
    seat: str
    units: list[dict]  # {id, owner, type, veteran, square}
    cost: int


@event
class Disbanded(Event):
    type: Literal["syw.disbanded"] = "syw.disbanded"
    seat: str
    units: list[str]


@event
class Upgraded(Event):
    """17.2: a recruit turned to its veteran side."""

    type: Literal["syw.upgraded"] = "syw.upgraded"
    unit: str
    why: str


# ------------------------------------------------------------ control of powers


@event
class ControlChanged(Event):
    """4.4-4.6, 21.1, set-up: a major power changes controller (None: neutral)."""

    type: Literal["syw.control_changed"] = "syw.control_changed"
    power: str
    frm: str | None = None
    to: str | None = None
    why: str


# ------------------------------------------------------------ movement and combat


@event
class Moved(Event):
    """14, 18.3-18.5: a force's move along a path."""

    type: Literal["syw.moved"] = "syw.moved"
    seat: str
    units: list[str]
    path: list[str]  # the squares entered, in order (the start not included)
    start: str
    cost: int = 0
    forced_march: str = ""  # marker id
    expedition: str = ""
    carried: dict[str, str] = {}  # land unit -> fleet
    landed: dict[str, str] = {}  # land unit -> square where it debarked
    dropped: dict[str, str] = {}  # unit -> square where it was left (14.13)


@event
class Combat(Event):
    """15: one attack: the forces, the table, strengths, odds column, die and result."""

    type: Literal["syw.combat"] = "syw.combat"
    attacker_seat: str
    defender_seat: str | None  # None: minor or neutral units
    source: str
    target: str
    attackers: list[str]
    defenders: list[str]
    table: str
    leaders: dict[str, str] = {}  # {"attacker": id, "defender": id}
    strength: dict[str, int]
    terrain: int = 0
    column: str
    die: int
    result: str
    honors_of_war: dict[str, str] = {}  # side -> marker id
    forced_march: str = ""


@event
class Eliminated(Event):
    type: Literal["syw.eliminated"] = "syw.eliminated"
    units: list[str]
    why: str


@event
class Retreated(Event):
    type: Literal["syw.retreated"] = "syw.retreated"
    units: list[str]
    frm: str
    to: str


@event
class Advanced(Event):
    type: Literal["syw.advanced"] = "syw.advanced"
    units: list[str]
    frm: str
    to: str


@event
class LeaderPlaced(Event):
    """20.1: a leader used the first time goes to a power's box."""

    type: Literal["syw.leader_placed"] = "syw.leader_placed"
    leader: str
    power: str
    seat: str


@event
class LeaderFlipped(Event):
    type: Literal["syw.leader_flipped"] = "syw.leader_flipped"
    leader: str
    face_up: bool


@event
class LeaderEliminated(Event):
    """20.61: back to the pool (20.62)."""

    type: Literal["syw.leader_eliminated"] = "syw.leader_eliminated"
    leader: str
    why: str


# -------------------------------------------------------------- end of the turn


@event
class Provisioning(Event):
    """19: per square, forage and the units paid for; the cost (public: units and
    costs are seen; the treasury change is a private syw.treasury)."""

    type: Literal["syw.provisioning"] = "syw.provisioning"
    seat: str
    squares: dict[str, dict]  # sq -> {forage, paid: [ids], cost}
    total: int
    eliminated: list[str] = []


# ---------------------------------------------------------------- bookkeeping


@event
class OrderSkipped(Private):
    """A line the dice or the other players made impossible (private to its seat)."""

    type: Literal["syw.order_skipped"] = "syw.order_skipped"
    seat: str
    line: int | None = None
    text: str
    reason: str


@event
class StandingFired(Private):
    type: Literal["syw.standing_fired"] = "syw.standing_fired"
    seat: str
    text: str
    what: str


# --- set-up events


@event
class WildMinorRolled(Event):
    """7YWW 28.6 ARABIA ... NEW HOLLAND: a player's die on the random minor table
    ([C 28.a]: 1-2 nothing, 3-4 a base, 5 a recruit horde, 6 a veteran horde) and the
    pieces he then places (none when the minor counter mix has none left, 11.4)."""

    type: Literal["syw.wild_minor_rolled"] = "syw.wild_minor_rolled"
    seat: str
    die: int
    result: str
    pieces: list[str] = []  # "base", "recruit horde", "veteran horde"
    note: str = ""


@event
class SetupFallback(Event):
    """7YWW 28.6 names no set-up player for these blocks (a neutral power set up by its
    controller, or by the player of a power itself neutral: only after a free deployment,
    28.57). scenarios.toml [setup_fallback] `lowest_campaign_value` ([C 28.e]): the player
    whose controlled powers' campaign values total least sets them up (`values`)."""

    type: Literal["syw.setup_fallback"] = "syw.setup_fallback"
    seat: str
    sides: list[str]
    values: dict[str, int] = {}


# --- treasury events


@event
class Trained(Event):
    """7YWW 17.1: recruits in one square turned veteran by a leader (the cost is public:
    the trainings are seen, plan section 8)."""

    type: Literal["syw.trained"] = "syw.trained"
    seat: str
    leader: str
    square: str
    units: list[str]
    cost: int


# --- player turn events (movement, combat, invasion: turn.py, movement.py, control.py)


@event
class TurnPhase(Event):
    """3.1(3): the phase a player turn has reached (movement, combat); lines of a phase
    already left may not follow (plan 2.4)."""

    type: Literal["syw.turn_phase"] = "syw.turn_phase"
    seat: str
    phase: str


@event
class NeutralityViolated(Event):
    """4.413, 4.42: how a neutral major power's neutrality was violated, and who gets it
    (the tie dice, if any, are the public rolls before this event)."""

    type: Literal["syw.neutrality_violated"] = "syw.neutrality_violated"
    power: str
    by: str
    how: str
    values: dict[str, int] = {}  # candidate seat -> campaign value (4.42)
    to: str


# --- free deployment (28.57, draft.py)


@event
class PowersChosen(Event):
    """28.57, 28.571 [C 28.g]: the draft of a free deployment game: the draft dice (the
    public rolls before this event, ties rolled again), the draft order, each pick in
    turn, the control of every major power (None: neutral, 4.3) and the starting
    treasuries (28.3)."""

    type: Literal["syw.powers_chosen"] = "syw.powers_chosen"
    rolls: list[list] = []  # [seat, die] in the order rolled
    order: list[str]
    picks: list[list[str]]  # [seat, power] in the order taken
    control: dict[str, str | None]
    treasuries: dict[str, int]


# --- marker windows events (windows.py, playmarkers.py, initiative.py: 29.7)


@event
class MarkerNegated(Event):
    """29.7 Sturm & Drang: `marker` (the Sturm & Drang) of `by` negated `negated` of
    `negated_seat`, which goes back to the pool without going into effect."""

    type: Literal["syw.marker_negated"] = "syw.marker_negated"
    by: str
    marker: str
    negated_seat: str
    negated: str


@event
class Rerolled(Event):
    """29.7 Illuminati: the roll `label` was made again; the second result stands."""

    type: Literal["syw.rerolled"] = "syw.rerolled"
    seat: str
    marker: str
    label: str
    before: list[int]
    after: list[int]


@event
class Attrition(Event):
    """29.7 Attrition: a die for each unit in the square (fortified zones and bases are
    not affected); 1-2 eliminated (the units go in a syw.eliminated)."""

    type: Literal["syw.attrition"] = "syw.attrition"
    seat: str
    square: str
    rolls: dict[str, int] = {}
    eliminated: list[str] = []


@event
class Voltaire(Private):
    """29.7 Correspondence with Voltaire: the marker taken from the pool, and the pool
    the player saw (private to him; the others see the play and a syw.markers_drawn)."""

    type: Literal["syw.voltaire"] = "syw.voltaire"
    seat: str
    took: str
    pool_seen: list[str] = []


@event
class MarkerBack(Event):
    """A played marker that stayed out of the pool goes back to it (29.7 Scientific
    Breakthrough: "returned to the pool after the markers are picked")."""

    type: Literal["syw.marker_back"] = "syw.marker_back"
    seat: str
    marker: str
    why: str = ""


# --- naval events (7YWW 18.5)


@event
class Embarked(Event):
    """18.5, 18.51, [C 18.d]: a land unit boards a fleet (or, `debark`, leaves it) in
    place, without moving; both count as moved this phase (14.11)."""

    type: Literal["syw.embarked"] = "syw.embarked"
    seat: str
    unit: str
    fleet: str
    square: str
    cost: int = 0
    debark: bool = False


# --- countermarch events (countermarch.py, 7YWW 16.4)


@event
class Countermarch(Event):
    """16.41: a non-phasing player declares a countermarch on a force that just entered
    `target` (his Forced March is played right after, its own event)."""

    type: Literal["syw.countermarch"] = "syw.countermarch"
    seat: str  # the countermarcher
    against: str  # the phasing player
    force: list[str]  # the countermarching units
    source: str
    target: str
    moving: list[str]  # the phasing force that entered `target`
    marker: str
    line: int = 0  # the standing line that fired
    each_time: bool = False  # [C 16.b]


@event
class Halted(Event):
    """16.46, [C 16.d]: a moving force retreated by a countermarch: no more moves this
    player turn."""

    type: Literal["syw.halted"] = "syw.halted"
    seat: str
    units: list[str]
    square: str


@event
class MoveGoesOn(Event):
    """16.46, [C 16.h]: a moving force advanced after beating a countermarch; "the advance
    doesn't count against its movement capability": it may go on moving from `square`
    by a later move line, with `points` movement points (and its Expedition, if any:
    29.7, `marker` its id; "" in a log written before the id was recorded)."""

    type: Literal["syw.move_goes_on"] = "syw.move_goes_on"
    seat: str
    units: list[str]
    square: str
    points: int
    expedition: bool = False
    marker: str = ""


# --- diplomacy standing events (diplomacy_standing.py, 7YWW 9.4)


@event
class StandingSpent(Private):
    """Plan 7.4, [C 9.e]: a standing line with `once` fired and is spent (state.spent)."""

    type: Literal["syw.standing_spent"] = "syw.standing_spent"
    seat: str
    key: str  # the line's normalised text and its place among identical lines


def _all() -> list[type[Event]]:
    out = []
    for v in list(globals().values()):
        if isinstance(v, type) and issubclass(v, Event) and "type" in v.model_fields:
            t = v.model_fields["type"].default
            if isinstance(t, str) and t.startswith("syw."):
                out.append(v)
    return out


EVENTS = _all()
