"""The state of a Soldier Kings game: what is on the map, the track, the tracks of
Resources and Manpower, the hands, and where the turn stands. Pure data."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any, Literal

from pydantic import ConfigDict, Field
from pydantic.dataclasses import dataclass

from . import map_index

UnitType = Literal["army", "fleet"]
IN_PLAY = ("map", "track", "setup")  # a counter's status while it is in play (not the pool)
GARRISON = "G"  # SKO Imperial Capitals: the type letter of a garrison step's id (`Pr-G1`)

_CONFIG = ConfigDict(extra="forbid")


def _part(cls: type) -> Any:
    """A pydantic dataclass of the state, made from keywords by its validator: a dict
    validated into a new instance is a third of the cost of pydantic's own __init__,
    which validates into the instance given (measured; the fold makes every counter of
    the scenario this way)."""
    cls = dataclass(config=_CONFIG)(cls)
    validate = cls.__pydantic_validator__.validate_python  # type: ignore[attr-defined]
    slow = cls.__init__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if args:
            slow(self, *args, **kwargs)
        else:
            self.__dict__.update(validate(kwargs).__dict__)

    cls.__init__ = __init__  # type: ignore[misc]
    return cls


class _M:
    """The state's parts are pydantic dataclasses, not models (issue 9): a model's every
    attribute read goes through its __getattr__ hook and every write through Python
    code, and the rules read and write them hundreds of thousands of times a verify.
    They keep the few model methods the rules and the tests use."""

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Any:
        from pbem.clone import clone

        new = clone(self) if deep else copy.copy(self)
        for k, v in (update or {}).items():
            new.__dict__[k] = v  # as BaseModel.model_copy: no validation, no hooks
        return new

    def model_dump(self, *, mode: str = "python") -> dict[str, Any]:
        return self.__pydantic_serializer__.to_python(self, mode=mode)  # type: ignore[attr-defined]

    @classmethod
    def model_validate(cls, data: Any) -> Any:
        return cls.__pydantic_validator__.validate_python(data)  # type: ignore[attr-defined]


@_part
class Counter(_M):
    """One army or fleet counter (SK 2.4). Eliminated counters go back to the pool."""

    id: str  # "Au-A3": country abbreviation, A(rmy)/F(leet), number
    country: str
    type: UnitType
    full: tuple[int, int]  # attack, defence
    reduced: tuple[int, int]
    provincial: bool = False
    # removed: out of the game for good (SE 19.9: the Old Guard, once eliminated)
    status: Literal["pool", "setup", "track", "map", "removed"] = "pool"
    area: str | None = None  # on the map: the land or sea area
    arrives: int | None = None  # on the turn track: the turn it arrives (SK 6.2)
    is_reduced: bool = False
    hired_by: str | None = None  # mercenaries: the major power that pays them (SK 19.1)
    carried_by: str | None = None  # an army on board: the fleet carrying it (SK 10.6)
    never_rebuilt: bool = (
        False  # SE 19.9: "If the French 5-3 army is eliminated it may not be rebuilt"
    )

    def __post_init__(self) -> None:
        map_index.made()

    def __setattr__(self, name: str, value: object) -> None:
        hook = map_index.HOOKS.get(name)  # where the counters are: map_index.py
        if hook is not None:
            hook(self)
        super().__setattr__(name, value)

    @property
    def strength(self) -> tuple[int, int]:
        return self.reduced if self.is_reduced else self.full

    @property
    def is_garrison(self) -> bool:
        """SKO Imperial Capitals: a capital's built-in garrison step (`XX-G1`,
        capitals.garrison_id); the counter mix makes only A(rmy) and F(leet) ids."""
        return self.id.rpartition("-")[2].startswith(GARRISON)

    @property
    def attack(self) -> int:
        return self.strength[0]

    @property
    def defence(self) -> int:
        return self.strength[1]


@_part
class LeaderPiece(_M):
    name: str
    country: str
    role: Literal["general", "admiral"]
    rating: int
    movement: int | None = None
    royal: bool = False
    # removed: out of play for good (SE 19.62: the Banner's bearer defeated in battle)
    status: Literal["pool", "setup", "track", "map", "killed", "captured", "removed"] = "pool"
    area: str | None = None
    arrives: int | None = None
    wish: str | None = None  # SE 13.8: the area named for him when he arrives
    captured_by: str | None = None
    # SE 19.7: Napoleon's abilities, lost one each time he is captured, in this order
    abilities: list[Literal["combat", "initiative", "movement"]] = Field(default_factory=list)


@dataclasses.dataclass
class Move:
    """One army's step from area to area this action phase (SK 8.0), kept for the
    rules that ask how units entered an area (SK 9.5 retreats, 9.6 mountain routes).
    A plain dataclass: the folds make one per unit and step from a validated event
    (a pydantic part cost 3.5 us to make, this 0.6), and nothing changes it after."""

    unit: str
    country: str
    frm: str
    to: str
    mountain: bool = False


@_part
class Treasury(_M):
    resources: int = 0
    manpower: int = 0

    @property
    def zero(self) -> bool:
        """SK 7.5 / SE 7.4: with zero Resources (Money) or zero Manpower a power may spend
        nothing until it has more."""
        return self.resources <= 0 or self.manpower <= 0


@_part
class Peace(_M):
    """SK 15.3: `victor` may not attack `loser` (or enter its areas) until `until_turn`."""

    loser: str
    victor: str
    until_turn: int


@_part
class SurrenderOrder(_M):
    """SK 15.0: a power's `surrender to` lines of this turn's action phases, declared (each
    whose condition holds) in the Peace Phase; with its SE 15.1 offers of auxiliaries."""

    lines: list[dict[str, list[str]]]  # each {"to": victors, "if_lost": areas (none: always)}
    lends: dict[str, list[str]] = Field(default_factory=dict)  # receiver -> units offered


@_part
class Loan(_M):
    """SE 19.1: `units` of `lender` serve `receiver` as auxiliaries until `until_turn` (the
    span of the peace, SE 15.1, 15.3)."""

    lender: str
    receiver: str
    units: list[str]
    until_turn: int


@_part
class War(_M):
    """SKO Allies and Declaring War: a state of war between two powers (sorted), declared
    in game turn `turn` (0: at the start)."""

    powers: list[str]
    turn: int = 0


@_part
class SoldierState(_M):
    scenario: str = ""
    number: int = 0
    first_turn: int = 0
    last_turn: int = 0
    random_end: bool = False  # SK World at War: the game may end at random (option end)
    # the variant's optional rules switched on (options.on)
    options: list[str] = Field(default_factory=list)
    turn: int = 0
    # where the turn stands: setup, purchase, initiative, action, peace,
    # attrition, maintenance, victory, over
    stage: str = "new"
    setup_round: int = 0  # index into setup_order
    setup_order: list[list[str]] = Field(default_factory=list)  # powers, by set-up order
    players: dict[str, list[str]] = Field(default_factory=dict)  # player -> powers
    majors: list[str] = Field(default_factory=list)  # the warring major powers
    allies: dict[str, str] = Field(default_factory=dict)  # minor country -> major power
    alliances: list[list[str]] = Field(
        default_factory=list
    )  # SK 16.1 formal alliances between majors
    # SK 16.3: pairs of majors whose formal alliance was broken: never allies again
    broken_alliances: list[list[str]] = Field(default_factory=list)
    # SK 5.0: powers formally allied to another player's power at some time this year
    # (reset at the Event Card Phase, which deals one card fewer to their players)
    allied_in_year: list[str] = Field(default_factory=list)
    # every surrender made, [loser, victor] (SE 16.7 lifts Revolutionary France's embargo)
    surrendered_to: list[list[str]] = Field(default_factory=list)
    # SE 21.6: power -> the last year it broke a formal alliance
    alliance_breaks: dict[str, int] = Field(default_factory=dict)
    control: dict[str, str] = Field(default_factory=dict)  # land area -> controlling country
    fort_hits: dict[str, int] = Field(default_factory=dict)  # area -> siege hits (SK 12.2)
    besieger: dict[str, str] = Field(default_factory=dict)  # area -> power holding the hits
    treasury: dict[str, Treasury] = Field(default_factory=dict)
    units: dict[str, Counter] = Field(default_factory=dict)
    leaders: dict[str, LeaderPiece] = Field(default_factory=dict)
    hands: dict[str, list[str]] = Field(default_factory=dict)  # player -> cards (SK 3.0)
    deck: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    initiative: list[str] = Field(default_factory=list)  # powers, in action-phase order
    acting: int = 0  # index into initiative
    acted: list[str] = Field(default_factory=list)  # units that moved this turn (SK 16.1)
    attacked: list[str] = Field(default_factory=list)  # units that attacked this turn (SK 16.1)
    entered: dict[str, list[str]] = Field(default_factory=dict)  # unused; kept empty
    moves: list[Move] = Field(default_factory=list)  # this action phase (SK 8.0)
    # steps by a mountain route this turn (SE 9.6, 12.3 "this turn"; SK 9.6, 12.3 read alike)
    mountain_moves: list[Move] = Field(default_factory=list)
    # fleets, this action phase (SK 10, 11.41)
    naval_moves: list[Move] = Field(default_factory=list)
    transported: list[str] = Field(default_factory=list)  # armies carried this turn (SK 10.62)
    # SK 10.3 / SE 10.3: fleet or leader -> [area, label] of the group it arrived in by sea
    # (fleet_groups.py)
    fleet_groups: dict[str, list[str]] = Field(default_factory=dict)
    # coastal area -> its blockades, one {sea, power, fleets} per sea area and power, by
    # sea then power (SK 10.5 / SE 10.5: "by way of the sea area where the blockade is
    # located": an area on two seas may be blockaded from each)
    blockades: dict[str, list[dict]] = Field(default_factory=dict)
    # minor -> turn it allied (SK 17.72, 17.8)
    minor_joined: dict[str, int] = Field(default_factory=dict)
    # SE 17.8: minor -> powers that backstabbed it, barred from allying with it for good
    backstabbed: dict[str, list[str]] = Field(default_factory=dict)
    conquered: list[str] = Field(default_factory=list)  # minor countries conquered (SK 18.7)
    # SK 19.2 "Each area from which mercenaries originate is treated separately" (India):
    # an area besieged while neutral -> the major power it allied with (SK 17.7); the army
    # that appeared for it -> that area (a minor ally army of that power: never rehired)
    area_allies: dict[str, str] = Field(default_factory=dict)
    raised: dict[str, str] = Field(default_factory=dict)
    # SE 19.2, 19.3: the satellite nations (and Holland) card play has created: country ->
    # {"power": its creator, "areas": the areas put in it, "members": the minor countries
    # whose forces it uses (the Rhine Confederation)}
    satellites: dict[str, dict] = Field(default_factory=dict)
    # event markers: marker -> on what (SK 5.2)
    markers: dict[str, list[str]] = Field(default_factory=dict)
    # SK 5.1-5.2 (cards.py): card orders carried out (each fires once: power, key, card,
    # trigger, turn) and card effects in force (each with the turn/phase it lasts)
    card_plays: list[dict] = Field(default_factory=list)
    card_effects: list[dict] = Field(default_factory=list)
    # SK 17.3, 17.42: minor -> alliance attempts so far; bribes paid, each with its attempt
    alliance_attempts: dict[str, int] = Field(default_factory=dict)
    bribes: list[dict] = Field(default_factory=list)
    # SK 18.8: minor -> powers that took a home area from it; SK 18.6: area -> the major
    # (or country) it was last taken from
    conquerors: dict[str, list[str]] = Field(default_factory=dict)
    taken_from: dict[str, str] = Field(default_factory=dict)
    peace: list[Peace] = Field(default_factory=list)
    surrenders: dict[str, list[str]] = Field(
        default_factory=dict
    )  # declared this turn: loser -> victors
    # SK 15.0: loser -> its `surrender to` orders, secret until this turn's Peace Phase
    surrender_orders: dict[str, SurrenderOrder] = Field(default_factory=dict)
    # SE 15.1: loser -> receiver -> the units it offers as auxiliaries instead of an area
    aux_offers: dict[str, dict[str, list[str]]] = Field(default_factory=dict)
    loans: list[Loan] = Field(default_factory=list)  # SE 19.1: auxiliaries lent by surrender
    frozen: dict[str, int] = Field(default_factory=dict)  # power -> first turn it may move
    subsidies: list[dict] = Field(default_factory=list)  # scenario subsidies still open
    victory_points: dict[str, int] = Field(default_factory=dict)
    result: str = ""
    # SE 19.6: the leader who carries the Banner of the Prophet (None: off the board)
    banner: str | None = None
    # SE 19.4: the last game turn in which the guerillas' power launched its attack
    guerilla_turn: int = 0
    # SKO Allies and Declaring War (switch declaring-war, war.py): the states of war
    wars: list[War] = Field(default_factory=list)
    # SKO Imperial Capitals (capitals.py): powers whose imperial capital an enemy controls
    # (also read by the war loans, (a)); garrison counter id -> its capital area
    capitals_lost: list[str] = Field(default_factory=list)
    garrisons: dict[str, str] = Field(default_factory=dict)
    # SKO War Loans (loans.py): power -> the turn each outstanding loan was taken
    war_loans: dict[str, list[int]] = Field(default_factory=dict)
    # SKO Economics (d) (fortresses.py): area -> fortification levels added
    fort_upgrades: dict[str, int] = Field(default_factory=dict)

    def __post_init__(self) -> None:
        # not a field: where the counters are, kept until something could change it
        object.__setattr__(self, "_where", map_index.MapIndex())

    def __copy__(self) -> SoldierState:
        """A shallow copy (model_copy) with an index of its own: shared, the copy and
        the original (with their own `units` dicts) would each read it again after
        the other."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        object.__setattr__(new, "_where", map_index.MapIndex())
        return new

    # --- who is who -------------------------------------------------------------

    def treasury_of(self, power: str) -> Treasury:
        """The power's Resources and Manpower, made (at zero) if it has none yet."""
        got = self.treasury.get(power)
        if got is None:
            got = self.treasury[power] = Treasury()
        return got

    def player_of(self, power: str) -> str:
        known, owners = self._where.owners
        if known is not self.players:
            owners = {}
            for player, powers in self.players.items():
                for p in powers:
                    owners.setdefault(p, player)
            self._where.owners = (self.players, owners)
        got = owners.get(power)
        if got is not None:
            return got
        major = self.allies.get(power)
        return self.player_of(major) if major else power

    def side_of(self, country: str) -> str | None:
        """The player a country fights for, if any (majors, their minors, hirelings)."""
        if country in self.majors:
            return self.player_of(country)
        if country in self.allies:
            return self.player_of(self.allies[country])
        return None

    def commander(self, unit: Counter) -> str | None:
        """The major power that gives orders to this counter."""
        if unit.hired_by:
            return unit.hired_by
        if unit.country in self.majors:
            return unit.country
        return self.allies.get(unit.country)

    def major_of(self, country: str) -> str | None:
        """The major power a country fights for: itself, or its minor country's ally."""
        if country in self.majors:
            return country
        return self.allies.get(country)

    def friendly(self, a: str | None, b: str | None) -> bool:
        """SK 1.0 Friendly/Ally: the same country, or countries whose major powers are
        one player's or formally allied (SK 16.1), with their minor allies (SK 1.0 Ally)."""
        if a is None or b is None:
            return False
        if a == b:
            return True
        majors, allies = self.majors, self.allies  # major_of, inline: asked very often
        ma = a if a in majors else allies.get(a)
        mb = b if b in majors else allies.get(b)
        if ma is None or mb is None:
            return False
        if ma == mb or self.player_of(ma) == self.player_of(mb):
            return True
        return any(ma in group and mb in group for group in self.alliances)

    def holder(self, area: str) -> str | None:
        """SK 1.0 Ally/Friendly with SK 19.2: the country whose side `area` is on, for every
        "friendly, allied, neutral or enemy area" test (movement, retreat, attrition,
        fortification, blockade...): its controller; an Indian area that allied on its own
        (`area_allies`) and that India still holds is its ally's, as a minor ally's home
        area is. `control` itself stays for what is about control (income, victory points,
        conquest, the map's colours)."""
        owner = self.control.get(area)
        if self.area_allies:  # SK 19.2: empty in almost every game
            ally = self.area_allies.get(area)
            if ally is not None and owner not in self.majors:
                return ally
        return owner

    # --- what is where ----------------------------------------------------------

    def on_map(self, area: str | None = None, type_: UnitType | None = None) -> list[Counter]:
        """The counters on the map (in `area`, of `type_`), in the order of `units`."""
        units, index = self.units, self._where
        if not index.current(units):
            map_index.read(index, units)
        got = [units[uid] for uid in index.by_area.get(area, ())]
        return got if type_ is None else [u for u in got if u.type == type_]

    def index_from(self, other: SoldierState) -> None:
        """This state's `units` is a copy of `other`'s dict, the same counters: it starts
        from the map index `other` has read, when that is current (map_index.py)."""
        if other._where.current(other.units):
            self._where.share(other._where, self.units)

    def fleet_ids(self, area: str) -> list[str]:
        """Ids of the fleets on the map in `area`, sorted."""
        units, index = self.units, self._where
        if not index.current(units):
            map_index.read(index, units)
        got = index.fleets.get(area)
        if got is None:
            here = index.by_area.get(area, ())
            got = index.fleets[area] = sorted(u for u in here if units[u].type == "fleet")
        return list(got)

    def of_country(self, country: str) -> list[Counter]:
        """The counters of `country`, wherever they are, in the order of `units`."""
        index, units = self._where, self.units
        known, size, by_country = index.countries
        if known is not units or size != len(units):
            by_country = {}
            for uid, u in units.items():
                by_country.setdefault(u.country, []).append(uid)
            index.countries = (units, len(units), by_country)
        return [units[uid] for uid in by_country.get(country, ())]

    def carried(self) -> list[str]:
        """Ids of the counters with a fleet carrying them (`carried_by`), on the map or
        not, in the order of `units` (SK 10.6; navy.tidy clears the stale ones)."""
        index, units = self._where, self.units
        known, gen, ids = index.carried
        if known is not units or gen != map_index.ships():
            ids = [uid for uid, u in units.items() if u.carried_by]
            index.carried = (units, map_index.ships(), ids)
        return ids

    def aboard(self, fleet: str) -> list[str]:
        """Ids of the counters on the map carried by `fleet` (SK 10.6), sorted."""
        units, index = self.units, self._where
        if not index.current(units):
            map_index.read(index, units)
        return sorted(index.aboard.get(fleet, ()))

    def leaders_in(self, area: str) -> list[LeaderPiece]:
        return [ld for ld in self.leaders.values() if ld.status == "map" and ld.area == area]

    def step_loss(self, uid: str) -> None:
        """SK 1.0 Step Loss: flip to the reduced side, or eliminate a reduced unit."""
        u = self.units[uid]
        if u.status != "map":
            return
        if u.is_reduced or uid in self.garrisons:  # SKO Imperial Capitals: one step
            self.eliminate(uid)
        else:
            u.is_reduced = True

    def eliminate(self, uid: str) -> None:
        """SK 1.0: eliminated units go back to the pool and can be bought again (SE 19.9: the
        Old Guard does not: it is removed from the game)."""
        u = self.units[uid]
        gone = "removed" if u.never_rebuilt or uid in self.garrisons else "pool"
        self.fleet_groups.pop(uid, None)
        u.status, u.area, u.arrives, u.is_reduced, u.hired_by = gone, None, None, False, None
        self.raised.pop(uid, None)  # SK 19.2: back in the pool, raised no more

    def unit_side(self, unit: Counter) -> str | None:
        return self.side_of(unit.hired_by or unit.country)

    def blockades_of(self, area: str, sea: str | None = None) -> list[dict]:
        """SK 10.5 / SE 10.5: the blockades of the coastal `area` ({sea, power, fleets}),
        only those from `sea` if it is named."""
        return [b for b in self.blockades.get(area, ()) if sea is None or b.get("sea") == sea]

    def unit_side_country(self, unit: Counter) -> str:
        """The country whose side a counter fights on (a hireling fights for its payer)."""
        return unit.hired_by or unit.country
