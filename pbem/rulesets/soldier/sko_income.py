"""Soldier Kings' optional income beyond the areas, in the Resource and Manpower Phase
right after a power collects (collection.py): SKO Off map Asia income (option
`asian-income`), Prussia's Frederick die (SKO Added Optional National Advantages, option
`national-advantages`), then SKO Imperial Capitals (b)'s 3 Resources (capitals.py, on
the whole income, these dice included), then the war loans (loans.py, option `war-loans`).

Choices (tests/cases/soldier-kings/opt-asian-income-*.toml, opt-national-advantages-*):
"played as a major power" is a power in `s.majors` (a player's); Frederick II is "still
alive" unless killed or removed (a captured Frederick lives); "controls Berlin or
Magdeberg" is Prussia's control marker there."""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution

from . import capitals, loans, options
from .content import SoldierContent
from .fold import on
from .state import SoldierState


@event
class ExtraIncome(Event):
    """Resources beyond the areas' values: `rule` says which optional rule."""

    type: Literal["sk.extra_income"] = "sk.extra_income"
    power: str
    dice: list[int]
    resources: int
    rule: str


@on(ExtraIncome)
def _(s: SoldierState, e: ExtraIncome) -> None:
    s.treasury_of(e.power).resources += e.resources


def frederick_lives(content: SoldierContent, s: SoldierState) -> bool:
    sko = content.tables.sko
    leader = s.leaders.get(sko.frederick.leader) if sko else None
    return leader is not None and leader.status not in ("killed", "removed")


def after_collection(ctx: Resolution, content: SoldierContent, power: str, standing: dict) -> None:
    """What the optional rules add to `power`'s Resource and Manpower Phase."""
    extra_income(ctx, content, power)
    # SKO Imperial Capitals (b): "deducted from its income": the income with the dice above
    # ("Add the number on the respective die to the Resources each would normally collect")
    capitals.income_penalty(ctx, content, power)
    loans.after_income(ctx, content, power, standing)  # SKO War Loans


def extra_income(ctx: Resolution, content: SoldierContent, power: str) -> None:
    """The Resources the optional rules add to the areas' income: the Asian die, Frederick's
    die."""
    s: SoldierState = ctx.state
    sko = content.tables.sko
    if sko is None or not s.options or power not in s.majors:
        return
    # SKO Off map Asia income: "each rolls one dice per Resource and Manpower Phase"
    if options.on(s, "asian-income") and power in sko.asian_income.powers:
        dice = ctx.roll(f"Asian income: {power}", sko.asian_income.dice)
        ctx.emit(
            ExtraIncome(power=power, dice=dice, resources=sum(dice), rule="SKO Off map Asia income")
        )
    # SKO Added Optional National Advantages, Prussia: "If Frederick II is still alive &
    # controls Berlin or Magdeberg can throw one dice & deduct 2"
    fr = sko.frederick
    if (
        options.on(s, "national-advantages")
        and power == fr.power
        and frederick_lives(content, s)
        and any(s.control.get(a) == power for a in fr.areas)
    ):
        dice = ctx.roll(f"Frederick's die: {power}")
        ctx.emit(
            ExtraIncome(
                power=power,
                dice=dice,
                resources=max(0, dice[0] - fr.minus),
                rule="SKO Added Optional National Advantages, Prussia",
            )
        )
