"""SKO Yellow Fever (switch `yellow-fever`): "At the end of each Spring & Summer campaign
turn during the Peace Phase a malaria check is done on all units in the Caribe Sea area
or in coastal land areas adjacent to the Caribe Sea area with the exception of Spanish
Provincial Armies" and "for all armies, leaders, & fleets in coastal or inland land
spaces in all African & the Brazil locale(s) (but not in the South Atlantic or Middle
Passage sea areas)". Armies flip on 5-6, fleets on 6 (eliminated if already flipped);
leaders die on two 1s. Where: tables.toml [yellow_fever].

Choices: the check comes last in the Peace Phase (after any surrender); the Spanish
Provincial Armies are immune everywhere the check is made (the text names the exemption
once, for the Caribe); an army aboard a fleet is checked where the fleet is, as an army;
a leader who dies is removed like a leader killed in battle (SK 13.5). The authored
Yellow Fever event card (cards.toml) is another thing and works with the switch on or off.
"""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution

from . import options
from .calendar import season
from .common import id_order
from .content import SoldierContent
from .fold import on
from .state import SoldierState

ARMY_HIT, FLEET_HIT = 5, 6  # SKO Yellow Fever: armies 5 or 6, fleets 6
SEASONS = ("Spring", "Summer")  # SKO Yellow Fever: the end of each Spring & Summer turn


@event
class YellowFever(Event):
    """SKO Yellow Fever: the malaria checks of one Peace Phase."""

    type: Literal["sk.yellow_fever"] = "sk.yellow_fever"
    rolls: dict[str, int]  # unit -> its die
    losses: list[str]  # units flipped, or eliminated if already flipped
    areas: dict[str, str]  # unit or leader -> the area it was checked in
    leader_rolls: dict[str, list[int]] = {}  # leader -> his two dice
    killed: list[str] = []  # leaders who rolled snake eyes


@on(YellowFever)
def _(s: SoldierState, e: YellowFever) -> None:
    for uid in e.losses:
        s.step_loss(uid)
    for name in e.killed:
        ld = s.leaders[name]
        ld.status, ld.area = "killed", None


def fever_areas(content: SoldierContent) -> list[str]:
    """The sea and land areas of the check, in map order (SKO Yellow Fever)."""
    table = content.tables.yellow_fever
    if table is None:
        return []
    out: list[str] = []
    for sea in table.seas:
        if sea in content.lookups.seas:  # the one-year games have no Caribe
            out += [sea, *(a for a in content.coastal_areas(sea) if a not in out)]
    out += [a for a in table.lands if content.is_land(a) and a not in out]
    return out


def immune(s: SoldierState, uid: str) -> bool:
    u = s.units[uid]
    return u.country == "Spain" and u.provincial  # SKO Yellow Fever: Spanish provincials


def check(ctx: Resolution, content: SoldierContent) -> None:
    """The malaria checks, at the end of a Spring or Summer Peace Phase (switch on)."""
    s: SoldierState = ctx.state
    if not options.on(s, "yellow-fever") or season(s.turn) not in SEASONS:
        return
    rolls: dict[str, int] = {}
    losses: list[str] = []
    where: dict[str, str] = {}
    leader_rolls: dict[str, list[int]] = {}
    killed: list[str] = []
    for area in fever_areas(content):
        units = sorted((u.id for u in s.on_map(area) if not immune(s, u.id)), key=id_order)
        for uid in units:
            u = s.units[uid]
            kind = "army" if u.type == "army" else "fleet"
            v = ctx.roll(f"yellow fever: {uid} ({kind}) in {area}", 1)[0]
            rolls[uid], where[uid] = v, area
            if v >= (ARMY_HIT if u.type == "army" else FLEET_HIT):
                losses.append(uid)
        for ld in sorted(s.leaders_in(area), key=lambda x: x.name):
            dice = ctx.roll(f"yellow fever: {ld.name} (leader) in {area}", 2)
            leader_rolls[ld.name], where[ld.name] = list(dice), area
            if sum(dice) == 2:
                killed.append(ld.name)
    if rolls or leader_rolls:
        ctx.emit(
            YellowFever(
                rolls=rolls, losses=losses, areas=where, leader_rolls=leader_rolls, killed=killed
            )
        )
