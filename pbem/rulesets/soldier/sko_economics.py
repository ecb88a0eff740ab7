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
  cannot pay is refused; a power with too little Manpower left when its attacks are
  declared (SK 9.2: all paid then, `Declared`) fights it at the most expensive level it
  can pay for (an Assault), and is charged that level: its Resources, no Manpower. With
  zero Manpower (or Resources) it can pay for nothing (SK 7.5): it does not attack there
  (`sk.attack_unpaid`). The Manpower an Invasion spends in a battle stops no attack
  declared with it (attacks-paid-at-declaration.toml), but does stop the Siege Step's
  rounds (siege-after-invasion-zero-manpower.toml)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import options
from .combat_results import AttackPaid, AttackUnpaid
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
    t = s.treasury_of(e.power)
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


@dataclass
class Declared:
    """SK 9.2: "If launching multiple attacks, he or she declares the order in which they
    will be resolved and pays the Resource cost for them (9.4)": in Soldier Kings every
    attack of the action phase is paid as it is declared, before the first battle. `left`:
    what each attacking power had at the declaration, less what the attacks before this
    one were charged; `zero`: the powers with zero Resources or Manpower at the
    declaration (SK 7.5). What the battles themselves change (an Invasion's last
    Manpower, SKO Economics (c)) stops no later attack. Case attacks-paid-at-declaration.
    Soldier Emperor pays each battle as it begins (SE 9.2, 9.3: no `Declared`)."""

    left: dict[str, Treasury]
    zero: set[str]


def declared(s: SoldierState, powers: list[str]) -> Declared:
    """SK 9.2: the treasuries of the attacking `powers` as they declare their attacks."""
    left = {p: (s.treasury.get(p) or Treasury()).model_copy() for p in powers}
    return Declared(left, {p for p, t in left.items() if t.zero})


def can_pay(
    content: SoldierContent,
    s: SoldierState,
    power: str,
    level: str,
    budget: Declared | None = None,
) -> str | None:
    """None if `power` can pay for an attack at `level` now, else why not: the level's
    Resources (SK 9.4) and, for an Invasion, the Manpower (SKO Economics (c)); with zero
    Resources or zero Manpower nothing at all (SK 7.5 / SE 7.4, `Treasury.zero`). With a
    `budget` (SK 9.2), what is left of the treasury at the declaration."""
    if budget is not None and power in budget.left:
        t, zero = budget.left[power], power in budget.zero
    else:
        t = s.treasury.get(power) or Treasury()
        zero = t.zero
    cost = _cost(content, level)
    men = invasion_manpower(content, s, level)
    if (cost or men) and zero:
        return f"{power} has {t.resources} Resources and {t.manpower} Manpower (SK 7.5)"
    if t.resources < cost:
        return f"{power} has {t.resources} Resources; {level} costs {cost} (SK 9.4)"
    if t.manpower < men:
        return f"{power} has {t.manpower} Manpower; {level} costs {men} (SKO Economics (c))"
    return None


def level_paid(
    content: SoldierContent,
    s: SoldierState,
    payers: list[str],
    level: str,
    budget: Declared | None = None,
) -> tuple[str, dict[str, str]]:
    """The level a battle is fought at, as it begins, and the payers who can pay for no
    level at all (payer -> why): they do not attack (SK 9.4: the attack is paid "before
    combat can begin"). The declared level if every other payer can pay for it
    (`can_pay`), else the most expensive cheaper one they all can: an Invasion whose
    payer has no Manpower left is an Assault, if the payer can still pay for that. The
    charge is the level fought: its Resources, and Manpower only for an Invasion."""
    names = [x.name for x in content.tables.attack_levels]
    upto = names[: names.index(level) + 1]
    unpaid = {}
    for p in payers:
        if all(can_pay(content, s, p, lv, budget) for lv in upto):
            unpaid[p] = can_pay(content, s, p, upto[0], budget) or ""
    rest = [p for p in payers if p not in unpaid]
    for lv in reversed(upto):
        if not any(can_pay(content, s, p, lv, budget) for p in rest):
            return lv, unpaid
    return upto[0], unpaid


def pay_for_battle(
    ctx: Resolution,
    content: SoldierContent,
    area: str,
    attackers: dict[str, list[str]],
    alone: set[str],
    level: str,
    paid: str | None,
    budget: Declared | None = None,
) -> str:
    """SK 9.4: each attacking power pays for the attack as the battle begins (SK 16.4:
    allies each pay; SK 18.4: minor units attacking alone, `alone`, pay nothing), at the
    level `level_paid` finds, with SKO Economics (c)'s Manpower for an Invasion. A payer
    who can pay for nothing leaves `attackers` (`sk.attack_unpaid`). `paid`: the level an
    earlier force of a divided attack paid for (SK 9.3): nothing more is paid. `budget`
    (SK 9.2): paid from what was left at the declaration. Returns the level fought."""
    if paid:
        return paid
    payers = [p for p in attackers if p not in alone]
    fought, unpaid = level_paid(content, ctx.state, payers, level, budget)
    for power, why in unpaid.items():
        ctx.emit(AttackUnpaid(power=power, area=area, level=level, why=why))
        del attackers[power]
    for power in attackers:
        cost = 0 if power in alone else _cost(content, fought)
        ctx.emit(AttackPaid(power=power, area=area, level=fought, resources=cost))
        need = 0 if power in alone else invasion_manpower(content, ctx.state, fought)
        if need:
            ctx.emit(CombatManpowerPaid(power=power, area=area, manpower=need))
        if budget is not None and power in budget.left:  # SK 9.2: what the next is paid from
            budget.left[power].resources -= cost
            budget.left[power].manpower -= need
    return fought


def _cost(content: SoldierContent, level: str) -> int:
    return next(x.resources for x in content.tables.attack_levels if x.name == level)
