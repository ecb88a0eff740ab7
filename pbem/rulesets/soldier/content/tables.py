"""tables.toml: costs, attack levels, bribery, the Minor Country table, mercenaries, victory."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    Field,
    Strict,
)

from .base import Bool, Int, Name, NonNeg, Pos, Record, Source
from .sko import SkoTables
from .sko_war import SkoWar

# --------------------------------------------------------------------------- tables.toml


class Cost(Record):
    resources: NonNeg
    manpower: NonNeg = 0
    source: Source


class Costs(Record):
    source: Source
    purchase_army: Cost
    purchase_fleet: Cost
    purchase_provincial_army: Cost | None = None  # SK 19.4; a game without provincials omits it
    recover_army: Cost
    recover_fleet: Cost
    maintain_army: Cost
    maintain_fleet: Cost
    siege_round: Cost
    capture_fleet: Cost


class AttackLevel(Record):
    name: Literal["Probe", "Assault", "Invasion"]
    rounds: Pos | Literal["unlimited"]
    resources: NonNeg
    source: Source


class Bribery(Record):
    max_resources: Pos
    full_rate_up_to: Pos
    then_resources_per_point: Pos
    source: Source

    def modifier(self, spent: int) -> int:
        """Die-roll modifier bought by ``spent`` Resources (SK 17.4; 5 -> +4, SK 17.3)."""
        if spent < 0 or spent > self.max_resources:
            raise ValueError(f"bribes are 0 to {self.max_resources} Resources, not {spent}")
        first = min(spent, self.full_rate_up_to)
        return first + (spent - first) // self.then_resources_per_point

    def added(self, before: int, spent: int) -> int:
        """What ``spent`` more Resources add on a scale others' ``before`` already fill (SK
        17.4, 17.41: the other players' bribes on one side count together, up to 9)."""
        most = self.max_resources
        return self.modifier(min(before + spent, most)) - self.modifier(min(before, most))


class ProhibitedAlliance(Record):
    powers: tuple[Name, Name]
    source: Source


Modifier = Annotated[int, Strict()] | Literal["No", "#"]


class MinorTableRow(Record):
    country: Name
    modifiers: dict[Name, Modifier]
    armies: NonNeg
    fleets: NonNeg
    leaders: tuple[Name, ...] = ()
    recovery: NonNeg
    # major powers that may not play a Minor Country Alliance card on this country but,
    # unlike "#", may win it when it seeks an ally after a siege, using their modifier
    # (SE 19.5: Turkey and Egypt)
    card_barred: tuple[Name, ...] = ()
    # a major power whose armies, while they occupy every home area of this country, bar
    # every power from playing the card on it (SE 19.5: Turkey in Alexandria and Cairo)
    card_barred_while_occupied_by: Name | None = None
    source: Source


class MercenaryRow(Record):
    country: Name
    card: Name
    hire_cost: Pos
    besieged_armies: Pos
    source: Source


class PapalStates(Record):
    area: Name
    powers: tuple[Name, ...] = Field(min_length=1)
    siege_round_resources: Pos
    gain_multiplier: Pos
    source: Source


class AutomaticVictory(Record):
    power: Name
    points: Pos
    source: Source


class AllianceCard(Record):
    """SE 14.4, 16.3: a formal alliance needs this card, played by one of the two powers,
    up to `required_until_year` and, in every year, to restore a broken one."""

    card: Name
    required_until_year: Pos
    restores_broken: Bool
    source: Source


class AllianceEmbargo(Record):
    """SE 16.7: `power` and each of `barred` may not ally until one of `barred` has
    surrendered to `power`; until then every effect of a prohibited alliance applies."""

    power: Name
    barred: tuple[Name, ...] = Field(min_length=1)
    source: Source


class VictoryLimit(Record):
    """SE 21.4: `power` cannot win (automatic or at the end) unless `rival` has fewer than
    `rival_below` victory points."""

    power: Name
    rival: Name
    rival_below: Pos
    source: Source


class SupportLimits(Record):
    enemy: Pos
    friendly: Pos
    home: Pos
    source: Source


class ColonialIncome(Record):
    """Money a power receives each year from colonies off the map, less so much for each of
    its home ports blockaded (SE 7.6; SE 19.4: Spain keeps it when invaded)."""

    power: Name
    resources: Pos  # the game's Money (SE), stored under the SK name
    per_blockaded_port: NonNeg
    source: Source


class Guerillas(Record):
    """SE 19.4: an invaded power keeps half the value of its conquered core areas (each
    fraction up) and its colonial income; its conquerors collect nothing there until every
    core area is conquered, then half of the totals; one guerilla attack a turn."""

    power: Name
    dice: Pos
    source: Source


class Banner(Record):
    """SE 19.6: `power`'s special unit, the Banner of the Prophet: its bearer adds `bonus`
    to his rating and is immune to the card effect `leader_inactive` (SE 19.61); a bearer
    defeated in battle is removed from play and `power` loses one die of Manpower
    (SE 19.62); it is reassigned only after its bearer is killed or removed (SE 19.63)."""

    power: Name
    name: Name = "Banner of the Prophet"
    bonus: Pos = 1
    source: Source


class OccupiedToCollect(Record):
    """SE 19.5: `power` collects from `areas` only while its armies occupy all of them;
    also while the areas' own minor country holds them, neutral or `power`'s ally."""

    power: Name
    areas: tuple[Name, ...] = Field(min_length=1)
    source: Source


class Satellite(Record):
    """A minor country made by card play (SE 19.2): the areas it may take in, whose forces
    it uses, and who may not make it."""

    country: Name
    areas: tuple[Name, ...] = Field(min_length=1)
    # the countries whose units it places (SE 19.2: the Rhine Confederation uses the
    # Hanoverian, Saxon and Bavarian forces); empty: its own units, by its minor_table row
    forces_of: tuple[Name, ...] = ()
    # major powers that may neither make it nor hold it as a minor ally (SE 19.23: Russia)
    barred: tuple[Name, ...] = ()
    # areas it may not contain when made by a power allied to a barred one (SE 19.23)
    barred_areas: tuple[Name, ...] = ()
    # the section that lists its areas (SE 19.21-19.23, 19.3), cited when a play names another
    section: str = "SE 19.2"
    source: Source


class SpringUnits(Record):
    """SK 18.1 and SE 18.1 (with SE 4.1): minor allies' new units each Spring.
    `first_turn`: whether they come in the scenario's first turn too (SE 4.1: "In Spring
    Turns, also check the Minor Country Forces table and bring on any Minor Country units
    listed"). Absent, Soldier Kings' World at War: "Saxony and any other minor country
    allies formed during setup do not receive extra units in Turn 1"."""

    first_turn: Bool
    source: Source


class Constant(Record):
    value: Int
    source: Source


class Constants(Record):
    hand_size: Constant
    allied_hand_reduction: Constant
    army_movement: Constant
    fleet_movement: Constant
    army_arrival_turns: Constant
    fleet_arrival_turns: Constant
    hit_on: Constant
    interception_target: Constant
    leader_death_target: Constant
    alliance_target: Constant
    steal_modifier: Constant
    intimidation_per_unit: Constant
    prussian_initiative_modifier: Constant | None = None  # SK 4.1 (Frederick)
    french_initiative_modifier: Constant | None = None  # SE 4.1, 19.7 (Napoleon)
    manpower_transfer_limit: Constant
    fleet_transport_capacity: Constant


class TablesOption(Record):
    """Minor Country table rows an optional rule adds (SKO New Minor Power), only while it
    is switched on (content/options.py)."""

    name: Name  # the switch (pbem/rulesets/soldier_kings/options.py)
    minor_table: tuple[MinorTableRow, ...] = ()
    source: Source


class YellowFever(Record):
    """SKO Yellow Fever: where the malaria checks are made. Units in `seas`, in the
    coastal land areas on them, and in `lands` (Africa and the Brazil locale)."""

    seas: tuple[Name, ...]
    lands: tuple[Name, ...]
    source: Source


class TablesFile(Record):
    costs: Costs
    attack_levels: tuple[AttackLevel, ...] = Field(min_length=1)
    bribery: Bribery
    prohibited_alliances: tuple[ProhibitedAlliance, ...] = ()
    alliance_card: AllianceCard | None = None  # SE 14.4, 16.3
    alliance_embargoes: tuple[AllianceEmbargo, ...] = ()  # SE 16.7
    minor_table: tuple[MinorTableRow, ...] = Field(min_length=1)
    mercenaries: tuple[MercenaryRow, ...] = ()
    papal_states: PapalStates
    automatic_victory: tuple[AutomaticVictory, ...] = Field(min_length=1)
    victory_limits: tuple[VictoryLimit, ...] = ()  # SE 21.4
    support_limits: SupportLimits
    constants: Constants
    colonial_income: tuple[ColonialIncome, ...] = ()  # SE 7.6
    satellites: tuple[Satellite, ...] = ()  # SE 19.2
    guerillas: Guerillas | None = None  # SE 19.4
    banner: Banner | None = None  # SE 19.6
    occupied_to_collect: tuple[OccupiedToCollect, ...] = ()  # SE 19.5
    spring_units: SpringUnits | None = None  # SE 4.1; absent: SK World at War's Turn 1
    options: tuple[TablesOption, ...] = ()  # SKO New Minor Power
    yellow_fever: YellowFever | None = None  # SKO Yellow Fever
    sko_war: SkoWar | None = None  # SKO Allies and Declaring War, Imperial Capitals, surrender
    sko: SkoTables | None = None  # SK optional rules: economics, advantages, the end
