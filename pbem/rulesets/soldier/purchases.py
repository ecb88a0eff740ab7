"""SK 6 purchases as the rules record and ask them: the Purchase Phase's events and their
fold, its orders as read (place, buy, recover, give), and the questions it asks
(arrivals, the pool, recovery numbers and costs, subsidies). The phase itself is
economy.py."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pbem.events import Event, event

from . import minor_variants
from .common import (
    cost,
    id_order,
    satellite_of,
    treasury,
)
from .content import SoldierContent
from .fold import on
from .state import Counter, SoldierState


@event
class SubsidyGiven(Event):
    """A scenario subsidy (e.g. Scenario #2: Britain may give Prussia up to 8 Resources)."""

    type: Literal["sk.subsidy_given"] = "sk.subsidy_given"
    giver: str
    receiver: str
    resources: int
    turn: int


@event
class ArrivalDelayed(Event):
    """SK 6.3: no area to place them in; they go to a later turn's box."""

    type: Literal["sk.arrival_delayed"] = "sk.arrival_delayed"
    power: str
    units: list[str]
    arrives: int
    reason: str


@event
class UnitsBought(Event):
    """SK 6.2: new units drawn at random from the pool, placed on the turn track."""

    type: Literal["sk.units_bought"] = "sk.units_bought"
    power: str
    units: list[str]
    arrives: int
    resources: int  # paid
    manpower: int


@event
class UnitsRecovered(Event):
    """SK 6.4 (paid) or SK 18.3 (a minor ally's, free): reduced units flip to full."""

    type: Literal["sk.units_recovered"] = "sk.units_recovered"
    power: str
    units: list[str]
    resources: int  # paid
    manpower: int
    rule: str


@event
class PurchaseSkipped(Event):
    """An accepted order that could not be carried out when the phase was resolved."""

    type: Literal["sk.purchase_skipped"] = "sk.purchase_skipped"
    power: str
    order: str
    line: int | None = None
    reason: str


def pay(s: SoldierState, power: str, resources: int, manpower: int) -> None:
    t = s.treasury_of(power)
    t.resources = max(0, t.resources - resources)  # SK 7.5
    t.manpower = max(0, t.manpower - manpower)


@on(SubsidyGiven)
def _(s: SoldierState, e: SubsidyGiven) -> None:
    pay(s, e.giver, e.resources, 0)
    s.treasury_of(e.receiver).resources += e.resources
    s.subsidies = [
        x
        for x in s.subsidies
        if not (
            x.get("giver") == e.giver
            and x.get("receiver") == e.receiver
            and x.get("turn") == e.turn
        )
    ]


@on(ArrivalDelayed)
def _(s: SoldierState, e: ArrivalDelayed) -> None:
    for uid in e.units:
        s.units[uid].arrives = e.arrives


@on(UnitsBought)
def _(s: SoldierState, e: UnitsBought) -> None:
    for uid in e.units:
        u = s.units[uid]
        u.status, u.area, u.arrives, u.is_reduced = "track", None, e.arrives, False
        if u.country != e.power:  # SE 19.3: France's Netherlands fleet is France's to use
            u.hired_by = e.power
    pay(s, e.power, e.resources, e.manpower)


@on(UnitsRecovered)
def _(s: SoldierState, e: UnitsRecovered) -> None:
    for uid in e.units:
        s.units[uid].is_reduced = False
    pay(s, e.power, e.resources, e.manpower)


@on(PurchaseSkipped)
def _(s: SoldierState, e: PurchaseSkipped) -> None:
    return None


@dataclass(frozen=True)
class Place:
    line: int
    units: tuple[str, ...]
    area: str


@dataclass(frozen=True)
class Buy:
    line: int
    kind: str  # "army", "fleet" or "provincial" (a provincial army, SK 19.41)
    count: int
    # another country's counters the power may build as its own (SE 19.3: France, the
    # Netherlands fleet); "": its own
    country: str = ""

    @property
    def text(self) -> str:
        one, plural = {
            "army": ("army", "armies"),
            "fleet": ("fleet", "fleets"),
            "provincial": ("provincial army", "provincial armies"),
        }[self.kind]
        of = f"{self.country} " if self.country else ""
        return f"buy {self.count} {of}{plural}" if self.count > 1 else f"buy {of}{one}"

    @property
    def price_key(self) -> str:
        """The Cost Chart's line (tables.toml costs)."""
        return "purchase_provincial_army" if self.kind == "provincial" else f"purchase_{self.kind}"

    @property
    def unit_type(self) -> str:
        return "army" if self.kind == "provincial" else self.kind


@dataclass(frozen=True)
class Recover:
    line: int
    units: tuple[str, ...]

    @property
    def text(self) -> str:
        return "recover " + ", ".join(self.units)


@dataclass(frozen=True)
class Give:
    line: int
    amount: int
    to: str

    @property
    def text(self) -> str:
        return f"give {self.amount} to {self.to}"


VERBS = ("place", "buy", "recover", "give", "play")


UNIT_WORDS = {"army": "army", "armies": "army", "fleet": "fleet", "fleets": "fleet"}


COUNT_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


GIVE_LINE = re.compile(r"^give\s+(\S+)\s+(?:resources?\s+)?to\s+(.+)$", re.IGNORECASE)


def money_text(r: int, m: int) -> str:
    parts = []
    if r:
        parts.append(f"{r} Resource{'s' if r != 1 else ''}")
    if m:
        parts.append(f"{m} Manpower")
    return " and ".join(parts) or "nothing"


def arrivals(s: SoldierState, power: str) -> list[str]:
    """The power's units due this turn on the turn track (SK 6.3)."""
    return sorted(
        (
            u.id
            for u in s.units.values()
            if u.status == "track"
            and u.arrives is not None
            and u.arrives <= s.turn
            and s.commander(u) == power
        ),
        key=id_order,
    )


def pool(s: SoldierState, power: str, kind: str, country: str = "") -> list[str]:
    """Counters a power may buy: its own of that type in the pool; provincial armies only
    as `kind` "provincial" (SK 19.41: bought by their own rules, provincials.py);
    `country`'s, where the power may build them (SE 19.3, `built_for_problem`)."""
    provincial = kind == "provincial"
    kind = "army" if provincial else kind
    return sorted(
        (
            u.id
            for u in s.of_country(country or power)
            if u.type == kind and u.status == "pool" and u.provincial == provincial
        ),
        key=id_order,
    )


def recovery_group(s: SoldierState, minor: str) -> str:
    """Whose Recovery Number a minor's unit uses: the satellite nation it is part of (SE
    19.2: the Rhine Confederation's Hanover, Saxony and Bavaria share one), else its own."""
    return satellite_of(s, minor) or minor


def recovery_number(content: SoldierContent, s: SoldierState, group: str) -> int:
    """SK 18.1, 18.3: the Recovery/New Unit Number; SE 19.2: a satellite's is "the number
    of land areas currently making up the minor" (those of its areas it still controls);
    SE 18.7 (its example): another minor's, no more than its home areas not held by
    enemies."""
    made = s.satellites.get(group)
    if made is not None:
        return sum(1 for a in made["areas"] if s.control.get(a) == group)
    try:
        n = content.minor_row(group).recovery
    except KeyError:
        return 0
    return min(n, minor_variants.units_limit(content, s, group, n))  # SE 18.7 (its example)


def recovery_kind(content: SoldierContent, s: SoldierState, u: Counter) -> str:
    """ "paid" (the power's own units, SK 6.4; hired mercenaries, paid by the hirer) or
    "minor" (a minor ally's unit, free within its Recovery number, SK 18.3; SK 19.2: an
    Indian army raised by a siege too, and India has no Recovery number: it does not
    recover, as Switzerland allied by a siege does not)."""
    if (u.hired_by is None and u.country in s.allies) or u.id in s.raised:
        return "minor"
    return "paid"


def recover_cost(content: SoldierContent, u: Counter) -> tuple[int, int]:
    return cost(content, f"recover_{u.type}")


def subsidies_to(s: SoldierState, power: str) -> list[dict]:
    return [x for x in s.subsidies if x.get("turn") == s.turn and x.get("receiver") == power]


def subsidies_from(s: SoldierState, power: str) -> list[dict]:
    return [x for x in s.subsidies if x.get("turn") == s.turn and x.get("giver") == power]


def subsidies_incoming(s: SoldierState, power: str) -> int:
    """The most a power may receive this Purchase Phase from subsidies."""
    return sum(
        min(x.get("max_resources", 0), treasury(s, x["giver"])[0]) for x in subsidies_to(s, power)
    )


def shortfall(have: tuple[int, int], price: tuple[int, int]) -> tuple[int, int]:
    return max(0, price[0] - have[0]), max(0, price[1] - have[1])


def built_for_problem(
    content: SoldierContent, s: SoldierState, power: str, country: str, kind: str
) -> str | None:
    """SE 19.3: "France may build the Netherlands fleet but not the Netherlands armies"
    (pieces.toml `buildable_by`), until a card creates Holland ("After this is done,
    France may no longer build Netherlands fleets")."""
    rows = content.units(country, kind)
    plural = "armies" if kind == "army" else "fleets"
    if not any(u.buildable_by == power for u in rows):
        return f"{power} may not build {country} {plural}; it buys its own (SE 6.3, 19.3)"
    if country in s.satellites:
        return f"{country} has been created: {power} may build no more {country} {plural} (SE 19.3)"
    return None
