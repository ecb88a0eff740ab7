"""SK 19 Special Units: mercenaries (SK 19.1), besieged mercenary countries (SK 19.2, carried
out by minor_alliances.seek_ally; India area by area: AreaAllied), auxiliaries (SK 19.5).

Action-phase order (docs/orders-soldier-kings.md, "Minor countries and mercenaries"):
    hire COUNTRY [N][, COUNTRY [N]...] [in AREA[, AREA...]]
                                         plays one "Swiss Mercenaries", "Holy Roman Empire
                                         Mercenaries" or "Sepoys" card from the player's
                                         hand (SK 19.1); `in`: where (India)
Standing order:
    release UNIT[, UNIT...]              hired armies not to rehire in the Maintenance Phase

Choices (each pinned by a case, tests/cases/soldier-kings/mercenary-*.toml):
- one `hire` line is one card; the countries on a line must all be hired with that card;
  N defaults to every army of that country left in the pool (armies already in play may
  not be hired, SK 19.1), drawn at random (SK 6.1) and placed in the country's home area,
  which must not be held by an enemy of the hirer nor hold enemy armies (mercenary-hire.toml);
  India (Sepoys), of many home areas: round the areas named after `in`, each open so; none
  named, in one: the first by name open and on the hirer's side, else the first open
  (`placement`; mercenary-sepoys-*.toml);
- the hire cost (tables.toml [[mercenaries]] hire_cost, per army) is paid at once, and
  again in each Maintenance Phase to keep the army, instead of the Cost Chart maintenance
  (SK 4.2, 19.1). Rehiring comes after the power's own maintenance; default: every hired
  army is rehired while the power can pay, strongest first (full strength before reduced,
  then higher attack, defence, counter id); armies named by `release` are let go first.
  An army not rehired goes back to the pool (mercenary-rehire*.toml);
- SK 19.2 "Each area from which mercenaries originate is treated separately": a mercenary
  country of one home area (Switzerland, Hesse, Swabia, Württemberg) allies as a whole, as
  a minor country (SK 17.7); India, whose every area not a European major power's home
  area is one, allies area by area: a neutral Indian area besieged seeks its own ally, one
  army of the Indian pool appears in it as that power's minor ally army (`hired_by` it,
  never rehired, `raised`), and the area (`area_allies`) is that power's ally, while the
  other Indian areas stay neutral (mercenary-india-*.toml). While India holds it, an
  allied Indian area is on its ally's side for every friendly/enemy area test
  (state.holder: SK 1.0, 8.2, 20.2...; mercenary-india-allied-area-*.toml); taken by a
  power, its alliance is over (SK 18.7; mercenary-india-allied-area-taken.toml). A raised
  army stays on its map (SK 18.9) and, India having no Recovery number, does not recover
  (SK 18.3; mercenary-india-raised-*.toml);
- SK 7.5: a power with zero Resources or zero Manpower may not hire or rehire;
- SK 19.1 Swiss restriction: Swiss armies hired by a power take no part in its attacks or
  sieges in a Swiss home area (mercenary-swiss.toml);
- SK 19.5 auxiliaries: `lend_auxiliaries` carries out a deal's `A gives unit UNIT to B`
  in the Diplomacy Phase of World at War (diplomacy.py; the one-year scenarios have
  none), `revert_auxiliaries` the break of the alliance (alliances.py); SE 15.1's
  surrender loans are auxiliaries.py's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem
from pbem.suggest import closest

from . import standing
from .common import id_order, treasury
from .content import MercenaryRow, SoldierContent
from .fold import on
from .names import Names
from .state import Counter, SoldierState

SWISS = "Switzerland"  # SK 19.1: the only mercenaries restricted at home


# --------------------------------------------------------------------------- events


@event
class Hired(Event):
    """SK 19.1: a mercenary card played; armies drawn from the pool, paid and placed."""

    type: Literal["sk.hired"] = "sk.hired"
    power: str
    country: str
    units: list[str]
    area: str
    resources: int
    card: str


@event
class Rehired(Event):
    """SK 4.2, 19.1: the original cost paid again in the Maintenance Phase."""

    type: Literal["sk.rehired"] = "sk.rehired"
    power: str
    units: list[str]
    resources: int


@event
class Released(Event):
    """SK 19.1: hired armies not rehired are removed (back to the pool)."""

    type: Literal["sk.released"] = "sk.released"
    power: str
    units: list[str]
    why: str


@event
class AreaAllied(Event):
    """SK 19.2, 17.7: a neutral Indian area besieged allies, on its own, with the power that
    won the SK 17.7 roll; one army of the country's pool appears in it as that power's minor
    ally army (not hired: never rehired, SK 19.2)."""

    type: Literal["sk.area_allied"] = "sk.area_allied"
    area: str
    country: str
    power: str
    units: list[str]
    why: str


@event
class AuxiliariesLent(Event):
    """SK 19.5: units loaned to a formal ally, treated as the receiver's units."""

    type: Literal["sk.auxiliaries_lent"] = "sk.auxiliaries_lent"
    lender: str
    receiver: str
    units: list[str]


@event
class AuxiliariesReverted(Event):
    """SK 19.5: the alliance is broken; the auxiliaries revert to the lender."""

    type: Literal["sk.auxiliaries_reverted"] = "sk.auxiliaries_reverted"
    lender: str
    receiver: str
    units: list[str]


def _pay(s: SoldierState, power: str, resources: int) -> None:
    t = s.treasury_of(power)
    t.resources = max(0, t.resources - resources)  # SK 7.5


@on(Hired)
def _(s: SoldierState, e: Hired) -> None:
    for uid in e.units:
        u = s.units[uid]
        u.status, u.area, u.arrives, u.is_reduced, u.hired_by = "map", e.area, None, False, e.power
        s.raised.pop(uid, None)  # hired by card (SK 19.1), whatever it was before
    _pay(s, e.power, e.resources)


@on(AreaAllied)
def _(s: SoldierState, e: AreaAllied) -> None:
    s.area_allies[e.area] = e.power
    for uid in e.units:
        u = s.units[uid]
        u.status, u.area, u.arrives, u.is_reduced, u.hired_by = "map", e.area, None, False, e.power
        s.raised[uid] = e.area


@on(Rehired)
def _(s: SoldierState, e: Rehired) -> None:
    _pay(s, e.power, e.resources)


@on(Released)
def _(s: SoldierState, e: Released) -> None:
    for uid in e.units:
        s.eliminate(uid)


@on(AuxiliariesLent)
def _(s: SoldierState, e: AuxiliariesLent) -> None:
    for uid in e.units:
        s.units[uid].hired_by = e.receiver


@on(AuxiliariesReverted)
def _(s: SoldierState, e: AuxiliariesReverted) -> None:
    for uid in e.units:
        s.units[uid].hired_by = None


# --------------------------------------------------------------------------- lookups


def row(content: SoldierContent, country: str) -> MercenaryRow | None:
    return next((m for m in content.tables.mercenaries if m.country == country), None)


def countries(content: SoldierContent) -> list[str]:
    return [m.country for m in content.tables.mercenaries]


def by_area(content: SoldierContent, country: str) -> bool:
    """SK 19.2 "Each area from which mercenaries originate is treated separately": a
    mercenary country of several home areas (India) allies area by area (AreaAllied)."""
    return row(content, country) is not None and len(content.home_areas(country)) > 1


def area_neutral(content: SoldierContent, s: SoldierState, country: str, area: str) -> bool:
    """SK 19.2, for a country that allies area by area: `area` is one of its own (not a
    European major power's home area), it holds it, and it has not allied yet."""
    return (
        content.is_land(area)
        and content.land_area(area).home == country
        and s.control.get(area) == country
        and area not in s.area_allies
    )


def area_ally(content: SoldierContent, s: SoldierState, area: str) -> str | None:
    """SK 19.2: the power an Indian area allied with on its own while its country holds it
    (taken by a power, it is that power's: SK 12.2)."""
    ally = s.area_allies.get(area)
    if ally is None or not content.is_land(area):
        return None
    return ally if s.control.get(area) == content.land_area(area).home else None


def closed(content: SoldierContent, s: SoldierState, power: str, country: str, area: str) -> str:
    """SK 19.1: why `power`'s hired armies of `country` may not be placed in `area` (held by
    an enemy of `power`, or holding enemy armies), or ""."""
    holder = s.holder(area)  # SK 19.2: an Indian area allied on its own is its ally's
    out = []
    if holder is not None and holder != country and not s.friendly(holder, power):
        whose = f"held by {holder}" if holder == s.control.get(area) else f"{holder}'s ally"
        out.append(f"{area} is {whose}, an enemy of {power}: hired armies are placed there")
    enemies = [
        u.id for u in s.on_map(area, "army") if not s.friendly(s.unit_side_country(u), power)
    ]
    if enemies:
        out.append(
            f"enemy armies are in {area} ({', '.join(sorted(enemies))}), where hired armies are placed"
        )
    return "; ".join(out)


def placement(
    content: SoldierContent, s: SoldierState, power: str, country: str, named: tuple[str, ...] = ()
) -> list[str]:
    """SK 19.1 "immediately place the hired armies on the map": the areas the armies of
    `country` go to, round in turn. A country of one home area: that area. A country of
    several (India): the areas named on the line (`in AREA[, AREA...]`) that are its home
    areas; none named, one area by default: the first by name of its open home areas
    (`closed`) that the hirer or a friend of it holds (or that allied with it, SK 19.2),
    else the first by name open, else the first by name (and the order is refused)."""
    homes = sorted(content.home_areas(country))
    if len(homes) <= 1:
        return homes
    mine = [a for a in named if a in homes]
    if mine:
        return mine
    open_ = [a for a in homes if not closed(content, s, power, country, a)]
    friends = [a for a in open_ if s.holder(a) != country and s.friendly(s.holder(a), power)]
    return (friends or open_ or homes)[:1]


def available(s: SoldierState, country: str) -> list[str]:
    """SK 19.1: armies in the pool of unused units (those in play may not be hired)."""
    return sorted(
        (
            u.id
            for u in s.units.values()
            if u.country == country and u.type == "army" and u.status == "pool"
        ),
        key=id_order,
    )


def is_mercenary(s: SoldierState, u: Counter) -> bool:
    """A hired army (SK 19.1), or one raised in a besieged Indian area (SK 19.2, `raised`:
    not rehired, see hired_by). Auxiliaries (SK 19.5) are also `hired_by` their receiver,
    but they are a major power's units and are maintained, not rehired."""
    return u.hired_by is not None and u.country not in s.majors


def hired_by(s: SoldierState, power: str) -> list[Counter]:
    """The armies `power` hired (SK 19.1), to rehire; not those raised by a siege (SK 19.2:
    they "act as Minor Country Allies and don't have to be hired or rehired")."""
    return sorted(
        (
            u
            for u in s.on_map()
            if u.hired_by == power and is_mercenary(s, u) and u.id not in s.raised
        ),
        key=lambda u: id_order(u.id),
    )


def swiss_barred(content: SoldierContent, u: Counter, area: str) -> bool:
    """SK 19.1: hired Swiss armies may not attack Swiss areas."""
    return (
        u.hired_by is not None
        and u.country == SWISS
        and content.is_land(area)
        and content.land_area(area).home == SWISS
    )


def besieging_armies(content: SoldierContent, s: SoldierState, power: str, area: str) -> list[str]:
    """The armies `power` besieges `area` with (SK 12.1), less hired Swiss at home (SK 19.1)."""
    return sorted(
        u.id
        for u in s.on_map(area, "army")
        if s.commander(u) == power and not swiss_barred(content, u, area)
    )


# --------------------------------------------------------------------------- the order


@dataclass(frozen=True)
class HireOrder:
    hires: tuple[tuple[str, int | None], ...]  # (country, armies; None = all available)
    card: str
    line: int
    areas: tuple[str, ...] = ()  # SK 19.1: where a country of several home areas places

    @property
    def text(self) -> str:
        parts = [f"{c} {n}" if n is not None else c for c, n in self.hires]
        where = f" in {', '.join(self.areas)}" if self.areas else ""
        return "hire " + ", ".join(parts) + where


def parse_hire(
    content: SoldierContent, text: str, line: int, problems: list[Problem]
) -> HireOrder | None:
    """`hire COUNTRY [N][, COUNTRY [N]...] [in AREA[, AREA...]]`"""
    usage = "write: hire COUNTRY [N][, COUNTRY [N]...] [in AREA[, AREA...]] (e.g. hire Hesse 2)"
    names = countries(content)
    hires: list[tuple[str, int | None]] = []
    cards: set[str] = set()
    split = re.fullmatch(r"(?is)(.*?)(?:(?:^|\s+)in\s+(.*))?", text.strip())
    assert split is not None
    text, where = split.group(1), split.group(2)
    chunks = [c.strip() for c in text.split(",") if c.strip()]
    if not chunks:
        problems.append(Problem(usage, line))
        return None
    for chunk in chunks:
        m = re.fullmatch(r"(?is)(.+?)(?:\s+(\d+))?", chunk)
        assert m is not None
        country = _country(content, m.group(1), names)
        if country is None:
            problems.append(
                Problem(
                    f"{m.group(1).strip()!r} is not a mercenary country ({', '.join(names)}) (SK 19.1)",
                    line,
                    closest(m.group(1).strip(), names),
                )
            )
            continue
        n = int(m.group(2)) if m.group(2) else None
        if n == 0:
            problems.append(Problem("hire at least 1 army", line))
            continue
        hires.append((country, n))
        cards.add(row(content, country).card)  # type: ignore[union-attr]
    if len(cards) > 1:
        problems.append(
            Problem(
                f"one line is one card: {' and '.join(sorted(cards))} are different cards; write one line each (SK 19.1)",
                line,
            )
        )
        return None
    if not hires:
        return None
    areas = _areas(content, where, [c for c, _ in hires], line, problems)
    if areas is None:
        return None
    return HireOrder(tuple(hires), cards.pop(), line, areas)


def _areas(
    content: SoldierContent, text: str | None, hired: list[str], line: int, problems: list[Problem]
) -> tuple[str, ...] | None:
    """SK 19.1: the areas named after `in`, each a home area of a country on the line."""
    if text is None:
        return ()
    homes = sorted({a for c in hired for a in content.home_areas(c)})
    out: list[str] = []
    for chunk in [c.strip() for c in text.split(",")]:
        try:
            area = content.resolve_area(chunk) if chunk else ""
        except KeyError:
            area = None  # a misspelling: suggest a home area
        if area not in homes:
            problems.append(
                Problem(
                    f"{chunk!r} is not a home area of {' or '.join(hired)}: hired armies are "
                    f"placed in their country's home areas ({', '.join(homes)}) (SK 19.1)",
                    line,
                    closest(chunk, homes) if area is None else None,
                )
            )
            return None
        if area not in out:
            out.append(area)
    return tuple(out)


def _country(content: SoldierContent, text: str, names: list[str]) -> str | None:
    key = " ".join(text.split()).casefold()
    for n in names:
        if n.casefold() == key:
            return n
    try:
        c = content.country(key).name
    except KeyError:
        return None
    return c if c in names else None


def hire_count(s: SoldierState, country: str, n: int | None) -> int:
    return len(available(s, country)) if n is None else n


def hire_cost(content: SoldierContent, s: SoldierState, o: HireOrder) -> int:
    return sum(
        row(content, c).hire_cost * hire_count(s, c, n)  # type: ignore[union-attr]
        for c, n in o.hires
    )


def hire_problems(content: SoldierContent, s: SoldierState, power: str, o: HireOrder) -> list[str]:
    """Why `power` may not carry out `o` now (SK 19.1), card and money aside."""
    out = []
    for country, n in o.hires:
        areas = placement(content, s, power, country, o.areas)
        if not areas:
            out.append(
                f"{country} has no home area on the Europe map (One-Year Scenario Special Rules)"
            )
            continue
        left = available(s, country)
        if not left:
            out.append(
                f"no {country} army is in the pool; armies already in play may not be hired (SK 19.1)"
            )
        elif n is not None and n > len(left):
            out.append(f"only {len(left)} {country} armies are in the pool (SK 19.1)")
        homes = content.home_areas(country)
        if (
            len(homes) > 1
            and not set(o.areas) & set(homes)
            and closed(content, s, power, country, areas[0])
        ):
            out.append(
                f"no home area of {country} is open to {power}'s hired armies: each is held by "
                f"an enemy of {power} or holds enemy armies (SK 19.1)"
            )
            continue
        out += [why for a in areas if (why := closed(content, s, power, country, a))]
    return out


def resolve_hire(ctx: Resolution, content: SoldierContent, power: str, o: HireOrder) -> None:
    """SK 19.1: pay and place at once. The card has been played by the caller."""
    for country, n in o.hires:
        s: SoldierState = ctx.state
        left = available(s, country)
        count = min(hire_count(s, country, n), len(left))
        price = row(content, country).hire_cost  # type: ignore[union-attr]
        r, m = treasury(s, power)
        if r == 0 or m == 0:  # SK 7.5
            count = 0
        count = min(count, r // price)
        areas = placement(content, s, power, country, o.areas)
        if not count or not areas:
            continue
        chosen = []
        for k in range(count):  # SK 6.1: random selection
            chosen.append(
                left.pop(ctx.pick(f"hire: {power} {country} army {k + 1} of {count}", len(left)))
            )
        placed: dict[str, list[str]] = {}
        for k, uid in enumerate(sorted(chosen, key=id_order)):  # round the areas in turn
            placed.setdefault(areas[k % len(areas)], []).append(uid)
        for area, units in placed.items():
            ctx.emit(
                Hired(
                    power=power,
                    country=country,
                    units=units,
                    area=area,
                    resources=price * len(units),
                    card=o.card,
                )
            )


# --------------------------------------------------------------------------- maintenance


@standing.verb("release")
def _release(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """`release UNIT[, UNIT...]`: hired armies not to rehire (SK 19.1)."""
    before = len(problems)
    pieces = names.pieces(" ".join(words), line, problems)
    out = []
    for p in pieces:
        if p.kind != "unit":
            problems.append(Problem(f"{p.name} is a leader; release names hired armies", line))
        elif s.units[p.name].country in s.majors:
            problems.append(Problem(f"{p.name} is not a mercenary army (SK 19.1)", line))
        else:
            out.append(p.name)
    if not pieces and len(problems) == before:
        problems.append(Problem("release: name at least one hired army (e.g. He-A1)", line))
    return out or None


def keep_key(u: Counter) -> tuple:
    """The default order to rehire in: full strength first, then strongest, then id."""
    return (u.is_reduced, -u.attack, -u.defence, id_order(u.id))


def rehire(ctx: Resolution, content: SoldierContent, power: str, standing_orders: dict) -> None:
    """SK 4.2, 19.1: pay the original cost again for each hired army, or remove it."""
    s: SoldierState = ctx.state
    units = hired_by(s, power)
    if not units:
        return
    so = standing_orders.get(power)
    release = {
        x
        for entry in (so.of("release") if so is not None and hasattr(so, "of") else [])
        for x in entry
    }
    r, m = treasury(s, power)
    keep: list[str] = []
    let_go: list[str] = []
    short: list[str] = []
    paid = 0
    for u in sorted(units, key=keep_key):
        price = row(content, u.country).hire_cost if row(content, u.country) else 0
        if u.id in release:
            let_go.append(u.id)
        elif r == 0 or m == 0 or paid + price > r:  # SK 7.5
            short.append(u.id)
        else:
            keep.append(u.id)
            paid += price
    if keep:
        ctx.emit(Rehired(power=power, units=sorted(keep, key=id_order), resources=paid))
    if let_go:
        ctx.emit(
            Released(
                power=power,
                units=sorted(let_go, key=id_order),
                why="released by standing order (SK 19.1)",
            )
        )
    if short:
        ctx.emit(
            Released(
                power=power,
                units=sorted(short, key=id_order),
                why=f"{power} could not pay to rehire them (SK 19.1, 7.5)",
            )
        )


# --------------------------------------------------------------------------- auxiliaries


def lend_problems(s: SoldierState, lender: str, receiver: str, units: list[str]) -> list[str]:
    out = []
    if lender == receiver or receiver not in s.majors or not s.friendly(lender, receiver):
        out.append(
            f"auxiliaries are loaned only to a formal ally (SK 19.5, 16.1); {receiver} is not {lender}'s"
        )
    for uid in units:
        u = s.units.get(uid)
        if u is None or u.country != lender or u.hired_by is not None or u.status != "map":
            out.append(f"{uid} is not one of {lender}'s own units on the map")
    return out


def lend_auxiliaries(ctx: Resolution, lender: str, receiver: str, units: list[str]) -> None:
    """SK 19.5: in the Diplomacy Phase a power lends units to a formal ally; they are treated
    as the receiver's units (it moves them, pays their maintenance, recovery, combat and
    siege costs). Deals of the Diplomacy Phase lend them (diplomacy.py)."""
    problems = lend_problems(ctx.state, lender, receiver, units)
    if problems:
        raise ValueError("; ".join(problems))
    ctx.emit(AuxiliariesLent(lender=lender, receiver=receiver, units=sorted(units, key=id_order)))


def revert_auxiliaries(ctx: Resolution, lender: str, receiver: str) -> None:
    """SK 19.5: when the alliance between lender and receiver is broken, the auxiliaries
    revert to the lender at once."""
    s: SoldierState = ctx.state
    by_surrender = {uid for x in s.loans for uid in x.units}  # SE 19.1: these stay lent
    units = sorted(
        (
            u.id
            for u in s.units.values()
            if u.country == lender and u.hired_by == receiver and u.id not in by_surrender
        ),
        key=id_order,
    )
    if units:
        ctx.emit(AuxiliariesReverted(lender=lender, receiver=receiver, units=units))
