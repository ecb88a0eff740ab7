"""Soldier Kings' optional economics beyond income and loans: SKO Economics (a), the limit
on Resources given to an ally (option `ally-limit`, diplomacy.py asks), and SKO
Economics (c), the Manpower an unlimited-rounds attack costs (option `combat-manpower`,
combat.py and actions.py ask).

Choices (tests/cases/soldier-kings/opt-ally-limit-*.toml, opt-combat-manpower-*.toml):
- (a) counts every Resource one player power gives one other in the deals of one
  Diplomacy Phase (SK 14.2 lets only formal allies trade Resources, so every such
  transfer is to an ally); an envelope whose deals give more is refused, naming the line
  that passes the limit;
- (c) SK sieges buy a number of rounds (SK 12.2), never unlimited ones; the unlimited
  rounds are the Invasion's (SK 9.4), also one fought at a siege (`invasion if
  resisted`). Each power paying for an Invasion pays the Manpower; minor units attacking
  alone pay nothing (SK 18.4). An action envelope whose Invasions the power's Manpower
  cannot pay is refused; a power with no Manpower left when the battle begins fights it
  as an Assault (the most it can pay for), paying the Assault's Resources."""

from __future__ import annotations

from typing import Any, Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import options
from .content import SoldierContent
from .fold import on
from .state import SoldierState, Treasury

UNLIMITED = "Invasion"  # SK 9.4: the attack level with unlimited rounds


@event
class CombatManpowerPaid(Event):
    """SKO Economics (c): the Manpower an attack of unlimited rounds costs."""

    type: Literal["sk.combat_manpower_paid"] = "sk.combat_manpower_paid"
    power: str
    area: str
    manpower: int


@on(CombatManpowerPaid)
def _(s: SoldierState, e: CombatManpowerPaid) -> None:
    t = s.treasury.setdefault(e.power, Treasury())
    t.manpower = max(0, t.manpower - e.manpower)


# --------------------------------------------------------------------------- (a) allies


def ally_limit_problems(
    content: SoldierContent, s: SoldierState, deals: list[Any]
) -> list[Problem]:
    """SKO Economics (a): "The maximum total a single player nation can give to another
    single allied player nation per Diplomacy Phase is 10 Resources"."""
    sko = content.tables.sko
    if sko is None or not options.on(s, "ally-limit"):
        return []
    given: dict[tuple[str, str], int] = {}
    problems: list[Problem] = []
    for d in sorted(deals, key=lambda d: d.line):
        for t in getattr(d, "terms", ()):
            if t.kind != "resources" or t.giver not in s.majors or t.taker not in s.majors:
                continue
            pair = (t.giver, t.taker)
            given[pair] = given.get(pair, 0) + t.amount
            if given[pair] > sko.ally_limit:
                problems.append(
                    Problem(
                        f"{t.giver} would give {t.taker} {given[pair]} Resources in this "
                        f"Diplomacy Phase; at most {sko.ally_limit} (SKO Economics (a))",
                        d.line,
                    )
                )
    return problems


# --------------------------------------------------------------------------- (c) combat


def invasion_manpower(content: SoldierContent, s: SoldierState, level: str) -> int:
    """The Manpower an attack at `level` costs besides its Resources (0: none)."""
    sko = content.tables.sko
    if sko is None or level != UNLIMITED or not options.on(s, "combat-manpower"):
        return 0
    return sko.invasion_manpower


def manpower_problem(
    content: SoldierContent, s: SoldierState, power: str, levels: list[tuple[str, int]]
) -> Problem | None:
    """Action orders: the Invasions (level, line) `power` pays for, against its Manpower."""
    have, need = s.treasury[power].manpower, 0
    for level, line in levels:
        need += invasion_manpower(content, s, level)
        if need > have:
            return Problem(
                f"an Invasion costs {invasion_manpower(content, s, level)} Manpower besides the "
                f"Resources; {power} has {have} Manpower, this brings the cost to {need} "
                "(SKO Economics (c))",
                line,
            )
    return None


def level_paid(content: SoldierContent, s: SoldierState, payers: list[str], level: str) -> str:
    """The level fought: an Invasion whose payer has no Manpower left is an Assault."""
    need = invasion_manpower(content, s, level)
    if need and any(s.treasury[p].manpower < need for p in payers):
        return "Assault"
    return level


def pay(ctx: Resolution, content: SoldierContent, power: str, area: str, level: str) -> None:
    need = invasion_manpower(content, ctx.state, level)
    if need:
        ctx.emit(CombatManpowerPaid(power=power, area=area, manpower=need))
