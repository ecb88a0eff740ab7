"""SKO Allies and Declaring War (switch `declaring-war`): a power may enter the areas of,
and attack, only a power it is at war with (or allied to); war is declared, at a cost, at
the start of an Action Phase, and ended by an agreement of the two in the Diplomacy Phase.

    declare war on POWER          (a line of the Action Phase envelope; carried out at its
                                   start, before movement; docs/orders-soldier-kings.md)
    end war with POWER [giving AREA[, AREA...]] [taking AREA[, AREA...]]
    deal with POWER: end war[; POWER gives area AREA to POWER...]
                                  (a line of the Diplomacy Phase envelope; made when both
                                   send the same deal, diplomacy.py)

A state of war is between two sides: a major power with its minor allies and hirelings
(SKO "Minor powers ... allied to a Major Power are automatically at war with whichever
powers their Major player Power is currently at war with"; "Auxiliaries, Sepoys, &
mercenaries are at war with whatever powers are ... at war with their controlling
power"), or a neutral country. Formal allies are not at war with each other's enemies
("Allied Major Powers may not have the same current State of War enemies"); they defend
together when attacked in one area (combat is unchanged: an attack on an area is allowed
when the attacker is at war with one of the sides there). Nobody is at war at the start
(SKO War States in 1756)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import capitals, options
from .combat_results import enemies_in
from .content import SoldierContent
from .content.sko_war import DeclarationCost
from .fold import on
from .state import SoldierState, Treasury, War
from .war_state import at_war, in_force, side, war_of, wars_between  # noqa: F401  (war.at_war... for its callers)

RULE = "SKO Allies and Declaring War"


def bandit(content: SoldierContent, country: str | None) -> bool:
    """SKO: the "bandit/tribal" countries (So, In, Iq, Ph and Pirates) attack and are
    attacked without a state of war."""
    table = content.tables.sko_war
    return table is not None and country in table.bandits


def _all_bandits(content: SoldierContent, s: SoldierState, units: list[str]) -> bool:
    return bool(units) and all(
        uid in s.units and bandit(content, s.units[uid].country) for uid in units
    )


def entry_barred(
    content: SoldierContent, s: SoldierState, power: str, area: str, units: list[str]
) -> str | None:
    """SKO: "No one may enter the territory of a neutral Major Power played as a minor
    power without declaring war ... or allying with it. A nation played as a Major power may
    not have its units enter another Major Power unless at war or allied with it. All minor
    powers with certain bandit/tribal exceptions ... are similarly restricted." An area
    nobody controls has no flag ("No Flag no country")."""
    if not in_force(s):
        return None
    owner = s.control.get(area)
    if owner is None or s.friendly(owner, power) or bandit(content, owner):
        return None
    if _all_bandits(content, s, units) or at_war(s, power, owner):
        return None
    if kept_by_neutral(content, s, owner, area):
        return None  # SKO Minor Ally Separate Peace: besieged without a declaration
    return (
        f"{power} is not at war with {side(s, owner)}: it may not enter {area} without "
        f"declaring war ({RULE})"
    )


def attack_barred(
    content: SoldierContent,
    s: SoldierState,
    power: str,
    area: str,
    against: str | None,
    units: list[str],
) -> str | None:
    """SKO: a power attacks only units of a power it is at war with; units of a power it is
    not at war with defend beside them ("they always defend together when attacked in the
    same area"); bandit/tribal units attack and are attacked freely."""
    if not in_force(s) or _all_bandits(content, s, units):
        return None
    countries = sorted({s.unit_side_country(s.units[x]) for x in enemies_in(s, power, area)})
    if against is not None:
        countries = [c for c in countries if s.friendly(c, against) or c == against]
    if not countries or any(bandit(content, c) or at_war(s, power, c) for c in countries):
        return None
    sides = sorted({side(s, c) for c in countries})
    return (
        f"{power} is not at war with {' or '.join(sides)}: declare war before attacking "
        f"in {area} ({RULE})"
    )


def kept_by_neutral(content: SoldierContent, s: SoldierState, owner: str, area: str) -> bool:
    """SKO Minor Ally Separate Peace: an area a neutral minor holds outside its home areas
    (left to it by a separate peace): "Such siege attacks do not require a declaration of
    war ... against that minor neutral state"; a siege needs the besieger there, so
    entering it needs none either (by land or by sea). Only with that rule in play (switch
    `separate-peace`): otherwise such an area needs a declaration like the minor's home
    areas (case opt-declaring-war-neutral-minor-kept-area)."""
    if not options.on(s, "separate-peace"):
        return False
    return owner not in s.majors and owner not in s.allies and area not in content.home_areas(owner)


def siege_barred(content: SoldierContent, s: SoldierState, power: str, area: str) -> str | None:
    """SKO: a siege is an attack on the area's controller. An area a neutral minor holds
    outside its home areas (left to it by a separate peace) is besieged without a
    declaration (SKO Minor Ally Separate Peace)."""
    if not in_force(s):
        return None
    owner = s.control.get(area)
    if owner is None or s.friendly(owner, power) or bandit(content, owner):
        return None
    if at_war(s, power, owner) or kept_by_neutral(content, s, owner, area):
        return None
    return (
        f"{power} is not at war with {side(s, owner)}: declare war before besieging {area} ({RULE})"
    )


# --- declaring war ------------------------------------------------------------------


@dataclass(frozen=True)
class Declaration:
    target: str
    line: int


@event
class WarDeclared(Event):
    """SKO Declaring War: `power` declares war on `target` (a major power, or a neutral
    country), paying the cost."""

    type: Literal["sk.war_declared"] = "sk.war_declared"
    power: str
    target: str
    turn: int
    resources: int
    manpower: int


@event
class WarEnded(Event):
    """SKO Ending a War (an agreement) or a surrender (SKO Redoing the surrender rules)."""

    type: Literal["sk.war_ended"] = "sk.war_ended"
    powers: list[str]
    why: str


@event
class WarsAtStart(Event):
    """SKO War States in 1756 read for the scenarios that begin later: the wars already
    being fought when the scenario opens (pairs of major powers, sorted)."""

    type: Literal["sk.wars_at_start"] = "sk.wars_at_start"
    wars: list[list[str]]


@on(WarsAtStart)
def _(s: SoldierState, e: WarsAtStart) -> None:
    s.wars.extend(War(powers=list(pair), turn=0) for pair in e.wars)


def at_start(ctx: Resolution, first_turn: int) -> None:
    """SKO War States in 1756: "At start (Turn 1 Spring) no one is at war with anyone
    else". A scenario that opens later (the one-year scenarios of 1757-1762) opens in the
    war: every two major powers of different players are at war from the start."""
    s: SoldierState = ctx.state
    if not in_force(s) or first_turn <= 1:
        return
    owner = {p: who for who, ps in s.players.items() for p in ps}
    majors = sorted(owner)
    pairs = [[a, b] for i, a in enumerate(majors) for b in majors[i + 1 :] if owner[a] != owner[b]]
    if pairs:
        ctx.emit(WarsAtStart(wars=pairs))


@on(WarDeclared)
def _(s: SoldierState, e: WarDeclared) -> None:
    s.wars.append(War(powers=sorted((e.power, e.target)), turn=e.turn))
    s.treasury[e.power].resources -= e.resources
    s.treasury[e.power].manpower -= e.manpower


@on(WarEnded)
def _(s: SoldierState, e: WarEnded) -> None:
    # SKO Ending a War: every war between the two sides (a minor ally's with them)
    ended = [id(w) for w in wars_between(s, *e.powers)]
    s.wars = [w for w in s.wars if id(w) not in ended]


def parse_declare(
    content: SoldierContent, s: SoldierState, text: str, line: int, problems: list[Problem]
) -> Declaration | None:
    if not in_force(s):
        problems.append(
            Problem(f"declaring war is an optional rule not played in this game ({RULE})", line)
        )
        return None
    m = re.fullmatch(r"(?is)war\s+on\s+(.+)", text.strip())
    if not m:
        problems.append(Problem(f"write: declare war on POWER ({RULE})", line))
        return None
    try:
        return Declaration(content.country(m[1].strip()).name, line)
    except KeyError:
        problems.append(Problem(f"no country {m[1].strip()!r} ({RULE})", line))
        return None


def cost(content: SoldierContent, s: SoldierState, power: str, target: str) -> DeclarationCost:
    """SKO Declaring War: 3 Resources and 1 Manpower on a minor neutral power (a major power
    played as a minor is one), 5 and 2 on a major power; Prussia 1 Manpower only."""
    table = content.tables.sko_war
    assert table is not None
    if power in table.declare_own:
        return table.declare_own[power]
    return table.declare_on_major if target in s.majors else table.declare_on_minor


def declaration_problems(
    content: SoldierContent, s: SoldierState, power: str, decls: list[Declaration]
) -> list[Problem]:
    """`s`: the state after the envelope's alliance breaks (a backstab declares war on the
    former ally in the same envelope, SKO Backstabs)."""
    out: list[Problem] = []
    have = s.treasury[power]
    need = [0, 0]
    seen: set[str] = set()
    for d in decls:
        t = d.target

        def bad(msg: str, d: Declaration = d) -> None:
            out.append(Problem(msg, d.line))

        if t in seen:
            bad(f"war on {t} is declared twice")
            continue
        seen.add(t)
        if t in s.allies:
            bad(f"{t} is {s.allies[t]}'s minor ally: declare war on {s.allies[t]} ({RULE})")
        elif s.friendly(t, power):
            bad(
                f"{t} is {'itself' if t == power else 'an ally'}: break the alliance first ({RULE})"
            )
        elif bandit(content, t):
            bad(f"{t} is attacked without a declaration of war ({RULE})")
        elif at_war(s, power, t):
            bad(f"{power} is already at war with {t}")
        elif (why := capital_bar(content, s, power)) is not None:
            bad(why)
        else:
            for p in s.peace:
                if p.victor == power and p.loser == t and s.turn < p.until_turn:
                    bad(
                        f"{power} may not declare war on {t} until Turn {p.until_turn} "
                        "(SKO Redoing the surrender rules)"
                    )
            c = cost(content, s, power, t)
            need[0] += c.resources
            need[1] += c.manpower
            if need[0] > have.resources or need[1] > have.manpower:
                bad(
                    f"{power} has {have.resources} Resources and {have.manpower} Manpower; "
                    f"declaring war on {t} brings the cost to {need[0]} and {need[1]} ({RULE})"
                )
    return out


def capital_bar(content: SoldierContent, s: SoldierState, power: str) -> str | None:
    """SKO Imperial Capitals (d): a power whose capital an enemy holds declares no war."""
    if capitals.lost(content, s, power):
        return (
            f"an enemy holds {power}'s imperial capital: it may not declare war "
            "(SKO Imperial Capitals (d))"
        )
    return None


def after_declarations(
    content: SoldierContent, s: SoldierState, power: str, decls: list[Declaration]
) -> SoldierState:
    """The state once these declarations are made: what the envelope's moves and attacks
    are checked on."""
    if not decls:
        return s
    t = s.model_copy()
    t.wars = list(s.wars)
    t.treasury = dict(s.treasury)
    t.treasury[power] = Treasury(**s.treasury[power].model_dump())
    for d in decls:
        if not at_war(t, power, d.target):
            c = cost(content, t, power, d.target)
            t.wars.append(War(powers=sorted((power, d.target)), turn=s.turn))
            t.treasury[power].resources -= c.resources
            t.treasury[power].manpower -= c.manpower
    return t


def declare(ctx: Resolution, content: SoldierContent, power: str, decls: list[Declaration]) -> None:
    """SKO: "Declarations of war are always made at the start of a player's Action Phase."
    One no longer possible (already at war, or unaffordable after an earlier one) lapses."""
    s: SoldierState = ctx.state
    for d in decls:
        if at_war(s, power, d.target) or s.friendly(power, d.target):
            continue
        c = cost(content, s, power, d.target)
        t = s.treasury[power]
        if c.resources > t.resources or c.manpower > t.manpower:
            continue
        ctx.emit(
            WarDeclared(
                power=power,
                target=d.target,
                turn=s.turn,
                resources=c.resources,
                manpower=c.manpower,
            )
        )


# --- ending a war -------------------------------------------------------------------

_END = re.compile(
    r"(?is)end\s+war\s+with\s+(?P<other>.+?)(?:\s+giving\s+(?P<give>.+?))?"
    r"(?:\s+taking\s+(?P<take>.+?))?\s*$"
)


def parse_end(text: str) -> tuple[str, list[str], list[str]] | None:
    """`end war with POWER [giving AREA, ...] [taking AREA, ...]`: (power, given, taken)."""
    m = _END.fullmatch(text.strip())
    if not m:
        return None

    def areas(x: str | None) -> list[str]:
        return [a.strip() for a in (x or "").split(",") if a.strip()]

    return m["other"].strip(), areas(m["give"]), areas(m["take"])


def end_problems(s: SoldierState, parties: tuple[str, ...]) -> list[str]:
    """SKO Ending a War: "Pairs of Enemy players": two powers at war with each other."""
    if not in_force(s):
        return [f"ending a war is an optional rule not played in this game ({RULE})"]
    if len(parties) != 2:
        return [f"a war is ended between two powers ({RULE})"]
    if not at_war(s, *parties):
        return [f"{parties[0]} and {parties[1]} are not at war ({RULE})"]
    return []


def end(ctx: Resolution, parties: tuple[str, ...]) -> None:
    if len(parties) == 2 and at_war(ctx.state, *parties):
        ctx.emit(WarEnded(powers=sorted(parties), why=f"agreed ({RULE}, Ending a War)"))
