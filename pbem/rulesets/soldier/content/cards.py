"""cards.toml: the event cards and their effects (SK 5, SE 5)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    Field,
    Strict,
)

from .base import Bool, Int, MapName, Name, Pos, Record, Source, UnitType

# --------------------------------------------------------------------------- cards.toml
# Effects: a closed vocabulary a rules engine can execute (docs/soldier-kings-data.md).

DiceAmount = Annotated[int, Strict(), Field(ge=1)] | Literal["1-3", "1-6"]


class MinorAllianceAttempt(Record):
    kind: Literal["minor_alliance_attempt"]
    dice: Annotated[int, Strict(), Field(ge=1, le=3)] = 2
    succeed_on: Annotated[int, Strict(), Field(ge=2, le=18)] = 10


class AllianceRollModifier(Record):
    kind: Literal["alliance_roll_modifier"]
    value: Int
    countries: tuple[Name, ...] = ()


class PlaceMarker(Record):
    kind: Literal["place_marker"]
    marker: Name
    when: Literal["always", "alliance_succeeds"] = "always"


class RemoveMarker(Record):
    kind: Literal["remove_marker"]
    marker: Name


class EndMinorAlliance(Record):
    kind: Literal["end_minor_alliance"]


class NewLeader(Record):
    kind: Literal["new_leader"]


class HireMercenaries(Record):
    kind: Literal["hire_mercenaries"]
    countries: tuple[Name, ...] = Field(min_length=1)


class WinterOperations(Record):
    kind: Literal["winter_operations"]


class ChangeResources(Record):
    kind: Literal["resources"]
    direction: Literal["gain", "lose"]
    amount: DiceAmount


class ChangeManpower(Record):
    kind: Literal["manpower"]
    direction: Literal["gain", "lose"]
    amount: DiceAmount


class ExtraMovement(Record):
    kind: Literal["extra_movement"]
    units: UnitType
    points: Pos


class CombatDice(Record):
    kind: Literal["combat_dice"]
    combat: Literal["land", "naval", "siege"]
    dice: Pos
    rounds: Pos | Literal["all"]


class NoRetreatBeforeBattle(Record):
    kind: Literal["no_retreat_before_battle"]


class UnrestrictedRetreat(Record):
    kind: Literal["unrestricted_retreat"]


class AttritionRoll(Record):
    kind: Literal["attrition_roll"]
    units: UnitType
    hit_on: Annotated[int, Strict(), Field(ge=1, le=6)]


class Halt(Record):
    kind: Literal["halt"]
    units: UnitType
    # the card halts the group only in a home area of this country (SE Cossacks: "as it
    # enters a Russian home area")
    home_of: Name | None = None


class InterceptionFails(Record):
    kind: Literal["interception_fails"]


class WindGauge(Record):
    kind: Literal["wind_gauge"]


class TakeCard(Record):
    kind: Literal["take_card"]
    count: Pos
    at_random: Bool


class CancelCard(Record):
    kind: Literal["cancel_card"]
    except_cards: tuple[Name, ...] = ()


class SiegeHits(Record):
    kind: Literal["siege_hits"]
    hits: Pos


class DefensiveFireDice(Record):
    kind: Literal["defensive_fire_dice"]
    dice: Pos


class LeaderInactive(Record):
    kind: Literal["leader_inactive"]


class InitiativeModifier(Record):
    kind: Literal["initiative_modifier"]
    value: Pos
    either_sign: Bool


class FreeArmy(Record):
    kind: Literal["free_army"]
    count: Pos


class WinterQuarters(Record):
    kind: Literal["winter_quarters"]


class UnlockProvincials(Record):
    kind: Literal["unlock_provincials"]
    power: Name
    count: Pos


class ProvincialPurchase(Record):
    kind: Literal["provincial_purchase"]
    power: Name
    count: Pos


class CardUnit(Record):
    kind: Literal["card_unit"]
    country: Name
    area: Name | None = None  # where they appear unless the play names another (authored)


# ---- Soldier Emperor's own effects (games/soldier-emperor/cards.toml;
# docs/soldier-emperor-data-cards.md). Soldier Kings uses none of them.


class FormalAlliance(Record):
    """SE 14.4, 16.3: an alternative use of the card (the player says which): played in
    the Diplomacy Phase by one of two Major Powers making a formal alliance (16.1), the
    card allows it in 1803 and 1804, when no formal alliance may be made without one,
    and at any time restores an alliance broken before (otherwise barred for good). The
    card must belong to one of the two powers; no dice are rolled."""

    kind: Literal["formal_alliance"]


class CreateSatellite(Record):
    """SE 19.2, 19.21-19.23: creates the satellite nation `country` (a row of tables.toml
    [[satellites]]: its areas, the countries whose forces it uses, who may not make it) as
    a minor ally of the power that plays the card on itself, which must control one or
    more of its areas. Created once in a game, never stolen (17.6) nor allied by a Minor
    Country Alliance card; it counts for victory points (satellites.py)."""

    kind: Literal["create_satellite"]
    country: Name


class CreateHolland(Record):
    """SE 19.3 (and 19.2): creates the minor country `country` (the Netherlands; its
    [[satellites]] row names the Holland area) as a minor ally of the power that plays the
    card on itself; that power must control Holland and must not be `builder` (France,
    which holds Holland at the start). Fleets of `country` that `builder` built become the
    new minor's, and `builder` may build no more of them. Created once, never stolen."""

    kind: Literal["create_holland"]
    country: Name
    builder: Name


class GuerrillaAttack(Record):
    """SE 19.4's guerilla attack, brought by a card (guerillas.py): on a land area that is
    a home area of one country and holds armies of a power that is not that country or
    its ally, the player rolls `dice` dice; each 6 is a hit on those armies, allocated as
    in land combat (SE 9.7), with no retreat. No Money is paid; leaders there do not roll
    for casualties."""

    kind: Literal["guerrilla_attack"]
    dice: Pos = 4


class EvadeBlockade(Record):
    """SE 10.5: the fleet or group the card is played on enters or leaves one blockaded
    coastal area this naval movement without being intercepted by the blockaders and
    without fighting them (10.51 does not apply); the blockade stays in place."""

    kind: Literal["evade_blockade"]


Effect = Annotated[
    MinorAllianceAttempt
    | AllianceRollModifier
    | PlaceMarker
    | RemoveMarker
    | EndMinorAlliance
    | NewLeader
    | HireMercenaries
    | WinterOperations
    | ChangeResources
    | ChangeManpower
    | ExtraMovement
    | CombatDice
    | NoRetreatBeforeBattle
    | UnrestrictedRetreat
    | AttritionRoll
    | Halt
    | InterceptionFails
    | WindGauge
    | TakeCard
    | CancelCard
    | SiegeHits
    | DefensiveFireDice
    | LeaderInactive
    | InitiativeModifier
    | FreeArmy
    | WinterQuarters
    | UnlockProvincials
    | ProvincialPurchase
    | CardUnit
    | FormalAlliance
    | CreateSatellite
    | CreateHolland
    | GuerrillaAttack
    | EvadeBlockade,
    Field(discriminator="kind"),
]

Timing = Literal[
    "any_time",
    "own_action_phase",
    "land_movement",
    "naval_movement",
    "interception",
    "land_combat",
    "naval_combat",
    "siege",
    "alliance_attempt",
    "initiative_phase",
    "purchase_phase",
    "winter_turn",
    "winter_attrition_phase",
    "card_played",
]
Target = Literal[
    "any_power",
    "minor_country",
    "area",
    "army_group",
    "fleet_group",
    "general",
    "battle",
    "siege",
    "interception",
    "alliance_attempt",
    "card",
]


class Marker(Record):
    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    name: Name
    on: Literal["minor_country", "area", "leader", "army_group", "fleet_group"]
    effect: Literal["alliance_cannot_be_stolen"]
    removed_by: tuple[Name, ...] = ()
    source: Source


class Card(Record):
    name: Name
    copies: Pos
    globe: Bool
    timing: Timing
    target: Target
    play_on: tuple[Name, ...] = ()
    map: MapName | None = None
    after_play: Literal["discard", "remove"]
    effects: tuple[Effect, ...] = Field(min_length=1)
    text: Annotated[str, Field(min_length=1)]
    source: Source


class CardsFile(Record):
    markers: tuple[Marker, ...] = ()
    cards: tuple[Card, ...] = Field(min_length=1)
