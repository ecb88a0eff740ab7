"""SE 19.4 Spanish Guerillas: the guerilla attack (the income part is income.py), and the
card that brings one anywhere (effect kind `guerrilla_attack`: Popular Uprising). Acts
only when the content has the `guerillas` table.

SE 19.4: "Once each turn, at any time, the Spanish player may also launch one guerilla
attack on one Spanish area containing enemy armies or conquered by an enemy. The
Spanish player selects an area and rolls four dice. Losses are applied without retreats.
Such losses may be combined with those of regular combat if the guerilla attack is
conducted during combat." Only Spanish areas with a land route to another Spanish area
are "Spain" (income.core_areas). Spain's orders:

  In its action-phase orders (its own phase, or an ally's it acts in):
    guerilla AREA [at start | at end]     default: before the Land Combat Step
  Standing orders (Phase: standing), in force every turn until replaced:
    guerilla AREA at start of POWER       as POWER's action phase begins
    guerilla AREA at end of POWER         as POWER's action phase ends
    guerilla AREA before land combat of POWER   before its Land Combat Step
    guerilla AREA in battle               in round 1 of a land battle in AREA in which
                                          Spanish units fight (either side): its hits
                                          are added to Spain's side's hits that round

Choices (pinned by tests/cases/soldier-emperor/guerillas-19-4-*.toml): "once each turn"
is once per game turn (the Popular Uprising card does not count); each 6 is a hit (SE
9.6), on the enemy armies in the area only, allocated as land-combat hits (SE 9.7, the
owners' `casualties` orders breaking ties); no retreat; leaders there do not roll for
casualties and are not captured (it is no battle, SE 13.5-13.6). Combined with a round,
the hits are that round's and SE 9.8 applies to the units they reduce. Default: no
guerilla attack.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import income, standing
from .combat_results import allocate, step_loss
from .content import SoldierContent
from .fold import on
from .names import Names
from .state import SoldierState

WHEN = ("at start", "at end", "in battle", "before land combat")


@dataclass(frozen=True)
class GuerillaOrder:
    area: str
    when: str  # "start", "land combat", "end", "battle"
    of: str | None  # standing: whose action phase (None: any battle / one's own phase)
    line: int
    text: str


@event
class GuerillaAttack(Event):
    """SE 19.4 (or a card: `card`): `dice` dice rolled on the enemy armies in `area`;
    `losses` applied without retreats. `round` > 0: combined with that round of the land
    battle there, whose losses include these hits (SE 19.4 last sentence)."""

    type: Literal["se.guerilla_attack"] = "se.guerilla_attack"
    power: str
    area: str
    dice: int
    hits: int
    losses: dict[str, int] = {}
    unallocated: int = 0
    card: str = ""
    round: int = 0


@on(GuerillaAttack)
def _(s: SoldierState, e: GuerillaAttack) -> None:
    if not e.card:
        s.guerilla_turn = s.turn  # SE 19.4: once each turn
    for uid, n in e.losses.items():
        for _ in range(n):
            step_loss(s, uid)


@event
class GuerillaSkipped(Event):
    """An action-phase `guerilla` line not carried out at its moment (seen by its power)."""

    type: Literal["se.guerilla_skipped"] = "se.guerilla_skipped"
    power: str
    order: str
    reason: str


@on(GuerillaSkipped)
def _(s: SoldierState, e: GuerillaSkipped) -> None:
    pass


# --------------------------------------------------------------------------- questions


def _enemy_armies(s: SoldierState, area: str, friend: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for u in s.on_map(area, "army"):
        if not s.friendly(friend, s.unit_side_country(u)):
            out.setdefault(s.commander(u) or u.country, []).append(u.id)
    return {p: sorted(us) for p, us in sorted(out.items())}


def area_problem(content: SoldierContent, s: SoldierState, power: str, area: str) -> str | None:
    """SE 19.4: why `power` may not launch its guerilla attack on `area` now (None: it may)."""
    g = content.tables.guerillas
    book = content.game.rules.book
    if g is None or g.power not in s.majors:
        return f"there are no guerilla attacks in this game ({book} 19.4)"
    if power != g.power:
        return f"only {g.power} launches guerilla attacks ({book} 19.4)"
    if area not in income.core_areas(content, power):
        if content.is_land(area) and content.land_area(area).home == power:
            return (
                f"{area} is not {power} for {book} 19.4: only {power}'s areas with a land"
                " route to another of its areas are"
            )
        return f"{area} is not one of {power}'s areas ({book} 19.4)"
    if s.guerilla_turn == s.turn:
        return f"{power} has launched its guerilla attack this turn ({book} 19.4: once each turn)"
    owner = s.control.get(area)
    conquered = owner is not None and not s.friendly(power, owner)
    if not conquered and not _enemy_armies(s, area, power):
        return f"{area} holds no enemy armies and is not conquered by an enemy ({book} 19.4)"
    return None


def card_area_problem(content: SoldierContent, s: SoldierState, area: str) -> str | None:
    """Popular Uprising: a land area that is one country's home area and holds armies of
    a power that is not that country or its ally."""
    if not content.is_land(area):
        return f"{area} is not a land area"
    home = content.land_area(area).home
    if home is None:
        return f"{area} is no country's home area"
    if not _enemy_armies(s, area, home):
        return f"{area} holds no armies of a power that is not {home} or its ally"
    return None


# --------------------------------------------------------------------------- the attack


def _attack(
    ctx: Resolution, content: SoldierContent, power: str, area: str, friend: str, dice: int,
    label: str, standing_orders: dict, card: str = "",
) -> None:  # fmt: skip
    """Roll `dice` dice; each 6 is a hit (SE 9.6) on the armies in `area` not friendly to
    `friend`, allocated as land-combat hits (SE 9.7); no retreat."""
    s: SoldierState = ctx.state
    group = _enemy_armies(s, area, friend)
    rolls = ctx.roll(label, dice)
    hits = sum(1 for v in rolls if v >= 6)
    losses, left = allocate(
        s, group, hits, standing_orders, [power], content.game.rules.casualties
    )  # SE 9.7
    ctx.emit(
        GuerillaAttack(
            power=power, area=area, dice=dice, hits=hits,
            losses={u: n for u, n in sorted(losses.items()) if n}, unallocated=left, card=card,
        )
    )  # fmt: skip


def card_attack(
    ctx: Resolution, content: SoldierContent, power: str, area: str, dice: int,
    standing_orders: dict, card: str,
) -> None:  # fmt: skip
    """Popular Uprising (effect kind `guerrilla_attack`): the people of the area's home
    country rise against the armies there of powers that are not it or its ally."""
    home = content.land_area(area).home or power
    label = f"{card}: {area}, guerilla attack"
    _attack(ctx, content, power, area, home, dice, label, standing_orders, card)


def _launch(
    ctx: Resolution, content: SoldierContent, power: str, o: GuerillaOrder, standing_orders: dict,
    notice: bool,
) -> None:  # fmt: skip
    s: SoldierState = ctx.state
    why = area_problem(content, s, power, o.area)
    if why:
        if notice:
            ctx.emit(GuerillaSkipped(power=power, order=o.text, reason=why))
        return
    g = content.tables.guerillas
    assert g is not None
    label = f"{o.area}: guerilla attack ({power})"
    _attack(ctx, content, power, o.area, power, g.dice, label, standing_orders)


def at_moment(
    ctx: Resolution, content: SoldierContent, when: str, acting: str,
    own: dict[str, list[GuerillaOrder]], standing_orders: dict,
) -> None:  # fmt: skip
    """An action phase's moment (`start`, `land combat`, `end`): the guerillas' power's
    action-phase line for it, then its standing lines for this power's phase."""
    g = content.tables.guerillas
    s: SoldierState = ctx.state
    if g is None or g.power not in s.majors:
        return
    p = g.power
    for o in own.get(p, []):
        if o.when == when:
            _launch(ctx, content, p, o, standing_orders, notice=True)
    for o in standing_orders.get(p, {}).get("guerilla", []):
        if o.when == when and o.of == acting:
            _launch(ctx, content, p, o, standing_orders, notice=False)


def in_round(
    ctx: Resolution, content: SoldierContent, area: str, rnd: int, a_powers: list[str],
    d_powers: list[str], standing_orders: dict,
) -> tuple[int, int]:  # fmt: skip
    """SE 19.4 "combined with those of regular combat": a standing `guerilla AREA in
    battle` rolls with round 1 of a land battle in AREA in which the power's units fight;
    returns the hits added to the attacker's and to the defender's side."""
    g = content.tables.guerillas
    s: SoldierState = ctx.state
    if rnd != 1 or g is None or g.power not in s.majors:
        return 0, 0
    p = g.power
    side = "attacker" if p in a_powers else "defender" if p in d_powers else None
    orders = [
        o
        for o in standing_orders.get(p, {}).get("guerilla", [])
        if o.when == "battle" and o.area == area
    ]
    if side is None or not orders or area_problem(content, s, p, area):
        return 0, 0
    rolls = ctx.roll(f"{area}, round {rnd}, guerilla attack ({p})", g.dice)
    hits = sum(1 for v in rolls if v >= 6)  # SE 9.6
    ctx.emit(GuerillaAttack(power=p, area=area, dice=g.dice, hits=hits, round=rnd))
    return (hits, 0) if side == "attacker" else (0, hits)


# --------------------------------------------------------------------------- orders

_LINE = re.compile(
    r"(?is)(?:attack\s+)?(?:in\s+)?(.+?)"
    r"(?:\s+(at\s+start|at\s+end|in\s+battle|before\s+land\s+combat)(?:\s+of\s+(\S+))?)?"
)


def _read(
    names: Names, s: SoldierState, rest: str, line: int, problems: list[Problem], is_standing: bool
) -> GuerillaOrder | None:
    m = _LINE.fullmatch(rest.strip())
    if not m or not rest.strip():
        problems.append(Problem(_usage(is_standing), line))
        return None
    area = names.area(m.group(1), line, problems)
    moment = " ".join((m.group(2) or "before land combat").casefold().split())
    when = {"at start": "start", "at end": "end", "in battle": "battle"}.get(moment, "land combat")
    of = None
    if m.group(3):
        of = next((p for p in s.majors if p.casefold() == m.group(3).casefold()), None)
        if of is None or when == "battle":
            problems.append(Problem(f"{m.group(3)!r} is not a warring power here", line))
            return None
    if is_standing and when != "battle" and of is None:
        problems.append(Problem(_usage(True), line))
        return None
    if not is_standing and (of is not None or when == "battle"):
        problems.append(Problem(_usage(False), line))
        return None
    text = "guerilla " + rest.strip()
    return GuerillaOrder(area, when, of, line, text) if area else None


def _usage(is_standing: bool) -> str:
    if is_standing:
        return (
            "write: guerilla AREA at start of POWER | before land combat of POWER"
            " | at end of POWER | in battle (SE 19.4)"
        )
    return "write: guerilla AREA [at start | before land combat | at end] (SE 19.4)"


def parse_action(
    names: Names, s: SoldierState, rest: str, line: int, problems: list[Problem]
) -> GuerillaOrder | None:
    """An action-phase `guerilla` line."""
    return _read(names, s, rest, line, problems, is_standing=False)


@standing.verb("guerilla")
def _guerilla(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """guerilla AREA at start of POWER | at end of POWER | in battle (SE 19.4)"""
    o = _read(names, s, " ".join(words), line, problems, is_standing=True)
    if o is None:
        return None
    why = _standing_problem(names.content, s, power, o.area)
    if why:
        problems.append(Problem(why, line))
        return None
    return o


def _standing_problem(
    content: SoldierContent, s: SoldierState, power: str, area: str
) -> str | None:
    """A standing line is checked for what lasts: the power, and that the area is Spain."""
    g = content.tables.guerillas
    if g is None or power != g.power or area not in income.core_areas(content, power):
        return area_problem(content, s, power, area)
    return None


def validate_action(
    content: SoldierContent, s: SoldierState, power: str, orders: list[GuerillaOrder]
) -> list[Problem]:
    """SE 19.4: the guerillas' power, a Spanish area for 19.4 with enemy armies or
    conquered, once each turn: one line, and none after this turn's attack."""
    problems = []
    for k, o in enumerate(orders):
        why = area_problem(content, s, power, o.area)
        if why is None and k > 0:
            why = (
                f"one guerilla attack each turn ({content.game.rules.book} 19.4): this is a second"
            )
        if why:
            problems.append(Problem(why, o.line))
    return problems


__all__ = [
    "GuerillaAttack",
    "GuerillaOrder",
    "GuerillaSkipped",
    "area_problem",
    "at_moment",
    "card_area_problem",
    "card_attack",
    "in_round",
    "parse_action",
    "validate_action",
]
