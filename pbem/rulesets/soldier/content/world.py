"""game.toml, powers.toml and the map files: the calendar, the countries, areas, seas and routes."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    Field,
)

from .base import Bool, MapName, Name, NonNeg, Point, Pos, Record, Ring, Source

# --------------------------------------------------------------------------- game.toml


class Canvas(Record):
    width: Pos
    height: Pos
    source: Source


WinterPhase = Literal["winter_attrition", "maintenance", "victory", "resource_and_manpower"]


class OneYearRules(Record):
    maps: tuple[MapName, ...]
    globe_cards: Bool
    first_to_set_up: Name
    minor_allies_receive_spring_units: Bool
    winter_phases: tuple[WinterPhase, ...]
    victory: Literal["highest_combined_net_victory_points"]
    source: Source


class VariantRules(Record):
    """Where a variant's procedure differs from the engine's default (Soldier Kings'), as
    a named switch in its game.toml `[rules]`; each switch cites both books, and the rule
    that reads it cites them again (docs/soldier-engine.md, games/soldier/sections.toml)."""

    # the rulebook's citation prefix in messages to players ("SK 4.1", "SE 4.1")
    book: Literal["SK", "SE"] = "SK"
    # what the rulebook calls the engine's Resources in reports (SE 7.0: Money)
    money: Name = "Resources"
    # SK 4.1: Prussia adds or subtracts two while Frederick lives; SE 4.1, 19.7: France,
    # while Napoleon is in play (on the map) and has not lost the ability
    initiative_power: Name = "Prussia"
    initiative_leader: Name = "Frederick II"
    initiative_leader_in_play: Bool = False
    # SK 4.1: Prussia adds or subtracts exactly two; SE 19.7: "the French player may modify
    # the initiative die roll by up to two" (any of -2 to +2)
    initiative_up_to: Bool = False
    # SK World at War: each player rolls a die for the set-up order; SE errata 6: two dice
    setup_dice: Annotated[int, Field(ge=1, le=2)] = 1
    # SK 6.3: new units only in Europe-map areas with a Manpower value; SE 6.2: any home
    # area under friendly control
    placement: Literal["manpower-areas", "home-areas"] = "manpower-areas"
    # SK 7.3: no enemy units in the area; SE 7.3: no enemy armies unless friendly armies
    # are also present
    collecting: Literal["no-enemy-units", "no-enemy-armies-alone"] = "no-enemy-units"
    # SK 9.7, 11.3: the most step losses, then fewest hits unallocated; SE 9.7, 11.3:
    # fewest hits unallocated only
    casualties: Literal["most-step-losses", "fewest-unallocated"] = "most-step-losses"
    # SK 13.5: each round, 2d6 + losses >= 12 kills; SE 13.5: after each combat, then a
    # die: wounded one, two or three campaign turns, or killed. With it SE 13.2: either
    # side may hold a leader out (SK 9.2: the defender only)
    leader_casualties: Literal["each-round", "each-combat-wounds"] = "each-round"
    # SK 11.2: the fortification value for whoever the coastal area is friendly to;
    # SE 11.2: for the non-active player only
    naval_fortification: Literal["friendly", "non-active"] = "friendly"
    # SK 11.0, 11.1: fleets that enter a coastal area holding enemy fleets stop and fight
    # them in the Naval Combat Step (the moving player orders the battles), and fleets
    # sharing a coastal area fight; SE 11.0, 11.1, 10.42: naval combat comes only from
    # interceptions and blockades: the enemy fleets in the coastal area may intercept
    # the group as it enters, at once, in the order their player designates
    coastal_combat: Literal["battle", "interception"] = "battle"
    # SK 11.41: fleets that started in the battle area retreat anywhere allowed; SE 11.41:
    # not past Gibraltar or Constantinople if an enemy fleet is in that coastal area
    strait_retreat: Literal["open", "closed-by-enemy"] = "open"
    # SK 11.4 (and 10.3): retreating fleets arrive as a group of their own; SE 11.4:
    # "Retreating naval units may join any groups already present in the area" (they do)
    retreat_joins_group: Bool = False
    # SK 20.3 (20.31-20.34); SE 21.1-21.6
    victory: Literal["soldier-kings", "soldier-emperor"] = "soldier-kings"
    # SK 15.1: the victor takes one European area or three elsewhere; SE 15.1: one area
    # adjacent to an area it controls, its own home areas back instead, or auxiliaries
    surrender_terms: Literal["soldier-kings", "soldier-emperor"] = "soldier-kings"
    # SK 15.2: the victors leave the loser's areas; SE 15.2: each side leaves the other's
    repatriation: Literal["victors", "both"] = "victors"
    # SK 15.3: one die; SE 15.3: "never less than two"
    peace_minimum: Annotated[int, Field(ge=1, le=6)] = 1
    # SE 15.3 (SK has neither): the loser's attack on the victor ends the peace; its units
    # in an area the victor attacks retreat or end the peace
    peace_ends: Bool = False
    # SK 19.5: lent to a formal ally in the Diplomacy Phase; SE 19.1: only as a term of
    # surrender (SE 15.1), for the peace's span
    auxiliaries: Literal["formal-allies", "surrender"] = "formal-allies"
    # SK 16.1: an ally acts with any of its units in your action phase; SE 16.1: those in
    # areas holding your units, and those of one other area
    ally_units: Literal["any", "with-active-units"] = "any"
    # SK 13.7: captured leaders come back only by exchange or ransom; SE 13.7: also
    # "automatically returned between countries that surrender or receive a surrender"
    captured_leaders: Literal["kept", "returned-at-surrender"] = "kept"
    # SK 14.2: things are transferred only to a formal ally (or a leader ransomed); SE
    # 14.2: also to "a Major Power to which he or she is surrendering"
    transfers: Literal["formal-allies", "and-victors"] = "formal-allies"
    # SK 9.5, 9.8: a retreat ends in the area entered; SE 9.4, 9.8: retreating units go
    # on retreating where the rule says so (continued_retreats.py)
    continued_retreat: Literal["none", "se"] = "none"
    # SK 17.8: the backstabber may ally with the minor again later; SE 17.8: prohibited
    # for the remainder of the game
    minor_backstab: Literal["may-ally-again", "prohibited"] = "may-ally-again"
    # SK 17.3: a minor's leader comes with its forces (its table row); SE 13.9: only by a
    # New Leader card played on its ally, placed in a home area or with its units
    minor_leaders: Literal["with-forces", "new-leader-card"] = "with-forces"
    # SK 18.1, 18.3: the Recovery/New Unit Number; SE 18.7 (example): no more than the
    # minor's home areas not held by enemies
    minor_units_limit: Literal["none", "home-areas-held"] = "none"
    # SK 13.8: a New Leader is placed when the card is played, in any land area the power
    # controls; SE 13.8: "during the Purchase Phase" in "any home area in Europe the
    # player controls" (played after it, he appears next turn, SE 6.2)
    new_leaders: Literal["at-play", "purchase-phase"] = "at-play"
    # SE 13.8 "in Europe": the home areas of the map that are not (authored: Asia Minor,
    # the Levant, Mesopotamia, Cyprus, Georgia)
    outside_europe: tuple[Name, ...] = ()
    # SK 1.0 "North America": the British and French areas of the Americas map so named;
    # SK 13.8: where a New Leader card's Wolfe or Montcalm is placed
    north_america: tuple[Name, ...] = ()
    source: Source = "SK (the engine's defaults)"


class GameFile(Record):
    name: Name
    subtitle: str
    rulebook: str
    optional_rules: str = ""  # Soldier Emperor has none
    first_year: Pos
    turns: Pos
    seasons: tuple[Name, ...] = Field(min_length=1)
    deck_size: Pos
    maps: tuple[MapName, ...] = Field(min_length=1)
    source: Source
    canvas: Canvas
    one_year_rules: OneYearRules | None = None  # SK only: its one-year scenarios
    rules: VariantRules = VariantRules()

    def year(self, turn: int) -> int:
        return self.first_year + (turn - 1) // len(self.seasons)

    def season(self, turn: int) -> str:
        return self.seasons[(turn - 1) % len(self.seasons)]

    def turn_label(self, turn: int) -> str:
        return f"Turn {turn} ({self.season(turn)} {self.year(turn)})"


# --------------------------------------------------------------------------- powers.toml

# satellite: a minor country that card play creates, with no home areas of its own (SE 19.2)
CountryKind = Literal["major", "minor", "mercenary", "neutral", "card_unit", "satellite"]


class Country(Record):
    name: Name
    aliases: tuple[Name, ...] = ()
    abbreviation: Annotated[str, Field(pattern=r"^[A-Za-z]{1,3}$")]
    kind: CountryKind
    map: MapName
    color: Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
    source: Source


class PowersOption(Record):
    """Countries an optional rule adds (SKO New Minor Power), only while it is switched on
    (content/options.py)."""

    name: Name  # the switch (pbem/rulesets/soldier_kings/options.py)
    countries: tuple[Country, ...] = ()
    source: Source


class PowersFile(Record):
    countries: tuple[Country, ...] = Field(min_length=1)
    options: tuple[PowersOption, ...] = ()


# --------------------------------------------------------------------------- maps/*.toml


class LandArea(Record):
    name: Name
    aliases: tuple[Name, ...] = ()
    home: Name | None = None
    resources: NonNeg
    manpower: NonNeg | None = None
    fortification: NonNeg
    coastal: Bool
    seas: tuple[Name, ...] = ()
    label: Point
    polygon: Ring
    source: Source


class SeaArea(Record):
    name: Name
    aliases: tuple[Name, ...] = ()
    label: Point
    polygons: tuple[Ring, ...] = Field(min_length=1)
    source: Source


class SeaConnection(Record):
    seas: tuple[Name, Name]
    source: Source


class Strait(Record):
    area: Name
    seas: tuple[Name, Name]
    source: Source


class Route(Record):
    areas: tuple[Name, Name]
    mountain: Bool = False
    source: Source


class AreaChange(Record):
    """An optional rule's change to an area of the printed map: each field given replaces
    the area's own (SKO Map (a): Bengal a port; SKO New Minor Power: Naples' flag)."""

    name: Name
    home: Name | None = None
    coastal: Bool | None = None
    seas: tuple[Name, ...] | None = None
    label: Point | None = None
    polygon: Ring | None = None
    source: Source


class MapOption(Record):
    """What an optional rule does to a map, only while it is switched on
    (content/options.py): areas added, areas changed, routes added and removed."""

    name: Name  # the switch (pbem/rulesets/soldier_kings/options.py)
    land_areas: tuple[LandArea, ...] = ()
    areas: tuple[AreaChange, ...] = ()
    routes: tuple[Route, ...] = ()
    remove_routes: tuple[tuple[Name, Name], ...] = ()
    source: Source


class MapFile(Record):
    name: Name
    source: Source
    canvas: Canvas | None = None  # its drawing canvas; default game.toml's (Europe's)
    land_areas: tuple[LandArea, ...] = Field(min_length=1)
    sea_areas: tuple[SeaArea, ...] = Field(min_length=1)
    sea_connections: tuple[SeaConnection, ...] = ()
    straits: tuple[Strait, ...] = ()
    routes: tuple[Route, ...] = ()
    options: tuple[MapOption, ...] = ()  # the optional rules' changes (SKO Map)


# --------------------------------------------------------------------------- world-track.toml


class TrackBox(Record):
    """A box of the Worldwide Naval Movement track: it stands for a sea area of a map
    (SK 2.1); fleets on it may be intercepted (SK 10.7)."""

    sea: Name
    label: Point
    source: Source


class TrackCircle(Record):
    """A circle: a sea on no map (SK 2.1); no interception in it (SK 10.7)."""

    name: Name
    label: Point
    source: Source


class TrackLink(Record):
    """A line joining two boxes or circles (by sea area or circle name): a fleet may enter
    the one from the other for one movement point (SK 10.7)."""

    between: tuple[Name, Name]
    source: Source


class WorldTrack(Record):
    name: Name
    source: Source
    canvas: Canvas
    boxes: tuple[TrackBox, ...] = Field(min_length=1)
    circles: tuple[TrackCircle, ...] = ()
    links: tuple[TrackLink, ...] = Field(min_length=1)
