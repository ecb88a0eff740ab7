"""The events of Struggle of Empires: each a fact the fold applies (fold.py)."""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event


@event
class GameSetUp(Event):
    """SoE Setting Up: the powers in play (clockwise), the first player, the bag of
    Country counters, the tiles on display, ten gold and five Population each."""

    type: Literal["soe.game_set_up"] = "soe.game_set_up"
    scenario: str
    seats: list[str]
    first: str
    wars: int
    rounds: int
    gold: int
    population: int
    bag: list[str]
    stock: dict[str, int]


@event
class CountersPlaced(Event):
    """Country counters drawn from the bag and placed face up in their areas."""

    type: Literal["soe.counters_placed"] = "soe.counters_placed"
    counters: list[str]
    areas: list[str]


@event
class CountersDrawn(Event):
    """SoE Setting Up: five counters drawn for a player: a control token in each one's
    area, the counters to the box."""

    type: Literal["soe.counters_drawn"] = "soe.counters_drawn"
    power: str
    counters: list[str]
    areas: list[str]


@event
class UnitsPlaced(Event):
    type: Literal["soe.units_placed"] = "soe.units_placed"
    power: str
    units: list[tuple[str, str]]  # (type, area), in the order placed


@event
class StageSet(Event):
    """Where the war stands: stage, round, whose turn (index in the play order)."""

    type: Literal["soe.stage"] = "soe.stage"
    war: int
    stage: str
    round: int = 0
    acting: int = 0


@event
class AuctionOpened(Event):
    type: Literal["soe.auction_opened"] = "soe.auction_opened"
    number: int
    order: list[str]


@event
class BidMade(Event):
    type: Literal["soe.bid"] = "soe.bid"
    power: str
    amount: int
    a: str | None = None
    b: str | None = None
    proxy: bool = False  # made by the power's standing auction orders


@event
class BidPassed(Event):
    type: Literal["soe.bid_passed"] = "soe.bid_passed"
    power: str
    proxy: bool = False
    default: bool = False  # nothing sent by the deadline


@event
class AuctionWon(Event):
    """SoE 2. Alliances: A to the first empty top-row box, B to the first empty
    bottom-row box (boxes counted from 1)."""

    type: Literal["soe.auction_won"] = "soe.auction_won"
    power: str
    amount: int
    a: str | None = None
    a_box: int | None = None
    b: str | None = None
    b_box: int | None = None


@event
class GoldChanged(Event):
    type: Literal["soe.gold"] = "soe.gold"
    power: str
    delta: int
    why: str


@event
class GoldGiven(Event):
    """SoE Attack: "A player can offer to pay another player gold to join with him"."""

    type: Literal["soe.gold_given"] = "soe.gold_given"
    power: str
    to: str
    gold: int


@event
class GoldBorrowed(Event):
    """SoE Gold: gold taken from the bank in twos, one Unrest point per two (three
    gold per point with Banking)."""

    type: Literal["soe.gold_borrowed"] = "soe.gold_borrowed"
    power: str
    gold: int
    unrest: int


@event
class UnrestChanged(Event):
    """Seen only by the power itself until the game's end (SoE Unrest: face down)."""

    type: Literal["soe.unrest"] = "soe.unrest"
    power: str
    delta: int
    why: str


@event
class PopulationChanged(Event):
    type: Literal["soe.population"] = "soe.population"
    power: str
    delta: int
    why: str


@event
class VictoryPoints(Event):
    type: Literal["soe.vp"] = "soe.vp"
    power: str
    delta: int
    why: str


@event
class UnitsChanged(Event):
    """Units put on the map (built) or taken off (lost, destroyed, eliminated at sea)."""

    type: Literal["soe.units"] = "soe.units"
    power: str
    area: str
    unit: str  # army | navy | fort
    delta: int
    why: str


@event
class UnitMoved(Event):
    """One unit's move (SoE Move Two Units): arrived, returned (to where it came
    from), or eliminated at sea."""

    type: Literal["soe.moved"] = "soe.moved"
    power: str
    unit: str
    frm: str
    to: str
    outcome: Literal["arrived", "returned", "eliminated"] = "arrived"


@event
class ControlChanged(Event):
    """A control token placed, taken over or removed in an area; `counter`: the Country
    counter it replaced (to the box)."""

    type: Literal["soe.control"] = "soe.control"
    area: str
    to: str | None
    frm: str | None = None
    counter: str | None = None
    why: str


@event
class TileTaken(Event):
    type: Literal["soe.tile_taken"] = "soe.tile_taken"
    power: str
    tile: str
    free: bool = False  # Diplomatic Service: a free action


@event
class TileUsed(Event):
    """A once-per-war tile rotated, or a one-use tile used (then returned)."""

    type: Literal["soe.tile_used"] = "soe.tile_used"
    power: str
    tile: str
    detail: str = ""


@event
class TileReturned(Event):
    type: Literal["soe.tile_returned"] = "soe.tile_returned"
    power: str
    tile: str
    why: str
    spent: bool = False  # a one-use tile used: not to be taken again this round


@event
class BlockadePlaced(Event):
    """SoE Blockade (a): the tile placed in a colonial area under one of the power's navies."""

    type: Literal["soe.blockade_placed"] = "soe.blockade_placed"
    power: str
    area: str


@event
class BlockadeLifted(Event):
    """SoE Blockade (a): removed at the end of the war, or when its power has no navy
    left in the area; the tile goes back to the stock."""

    type: Literal["soe.blockade_lifted"] = "soe.blockade_lifted"
    power: str
    area: str
    why: str


@event
class AttackDeclared(Event):
    type: Literal["soe.attack"] = "soe.attack"
    attacker: str
    area: str
    defender: str | None  # a power, or None against a neutral Country counter
    counter: str | None = None
    cost: int = 0
    war_office: bool = False
    surprise: bool = False
    raid: str | None = None  # an attack on a Pirates or Slave Revolt tile in the area


@event
class AllyJoined(Event):
    type: Literal["soe.ally_joined"] = "soe.ally_joined"
    ally: str
    side: Literal["attacker", "defender"]
    armies: int
    navies: int


@event
class CombatFought(Event):
    """SoE Attack: one naval or land combat. Totals are units + modifiers + the
    difference of the two dice."""

    type: Literal["soe.combat"] = "soe.combat"
    area: str
    battle: Literal["naval", "land"]
    attacker: str
    defender: str  # a power, or the Country counter's id
    attack_units: int
    defence_units: int
    attack_mods: dict[str, int] = {}
    defence_mods: dict[str, int] = {}
    attack_dice: list[int]
    defence_dice: list[int]
    attack_total: int
    defence_total: int
    winner: Literal["attacker", "defender", "tie"]
    rerolled_by: list[str] = []


@event
class NavalSupport(Event):
    type: Literal["soe.naval_support"] = "soe.naval_support"
    area: str
    to: str | None  # the power with naval support, None: neither
    why: str


@event
class ActionSkipped(Event):
    """An action not carried out (a pass, or what the dice made impossible), by line."""

    type: Literal["soe.action_skipped"] = "soe.action_skipped"
    power: str
    line: int | None
    why: str


@event
class RaidPlaced(Event):
    """SoE Pirates / Slave Revolt: the tile won and stays in the area with the token."""

    type: Literal["soe.raid_placed"] = "soe.raid_placed"
    area: str
    tile: str
    token: str
    strength: int


@event
class RaidDefeated(Event):
    """SoE Pirates: the tile beaten by an attack as against a neutral; back to the stock,
    and the token on it claimed by the winner (his own token placed instead)."""

    type: Literal["soe.raid_defeated"] = "soe.raid_defeated"
    area: str
    tile: str
    token: str
    by: str


@event
class RoundEnded(Event):
    type: Literal["soe.round_ended"] = "soe.round_ended"
    war: int
    round: int


@event
class WarEnded(Event):
    """SoE 6. End of War: the display cleared, who moved last noted, tiles turned."""

    type: Literal["soe.war_ended"] = "soe.war_ended"
    war: int
    last_mover: str


@event
class GameEnded(Event):
    """SoE Ending the Game: unrest revealed, revolutions, the 7 and 4 VP penalties."""

    type: Literal["soe.game_ended"] = "soe.game_ended"
    unrest: dict[str, int]
    revolution: list[str]
    penalties: dict[str, int]
    scores: dict[str, int]
    winners: list[str]


@event
class NoTokenLeft(Event):
    """SoE Setting Up: a won attack (or a Pirates tile beaten) whose winner has no
    control token left to place (21 on the map): nothing changes hands in the area."""

    type: Literal["soe.no_token"] = "soe.no_token"
    power: str
    area: str
    why: str


EVENTS = [
    GameSetUp, CountersPlaced, CountersDrawn, UnitsPlaced, StageSet, AuctionOpened,
    BidMade, BidPassed, AuctionWon, GoldChanged, GoldBorrowed, GoldGiven, UnrestChanged,
    PopulationChanged, VictoryPoints, UnitsChanged, UnitMoved, ControlChanged, TileTaken,
    TileUsed, TileReturned, AttackDeclared, AllyJoined, CombatFought, NavalSupport,
    RoundEnded, WarEnded, GameEnded, ActionSkipped, RaidPlaced, RaidDefeated,
    BlockadePlaced, BlockadeLifted, NoTokenLeft,
]  # fmt: skip
