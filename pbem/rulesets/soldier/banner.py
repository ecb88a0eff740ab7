"""SE 19.6 The Banner of the Prophet: Turkey's special unit (the content's `banner`
table; a game without it has no Banner, and none of this acts).

SE 19.6: held off the board until Turkey assigns it to one leader, at the start or at any
time later. In play by email that is Turkey's standing order

    banner to LEADER[, LEADER...]

carried out at the start of the next phase resolved (any phase after set-up: "at the
start of the game" is before the first phase of the first turn), by giving the Banner to
the first leader named who is in play and not captured. Default (no order): the Banner
stays off the board. SE 19.61: the bearer adds one to his rating (the state's rating of
the bearer includes it: he never loses the Banner while in play, SE 19.63) and is immune
to Vacillating General (the card effect `leader_inactive`). SE 19.62: defeated in battle
(he exits a land area where Turkish units attacked or were attacked while at least one
enemy unit remains there), he is removed from play and Turkey loses one die of Manpower.
SE 19.63: the Banner may be reassigned only once its bearer is killed or removed from
play; a wounded or captured bearer keeps it (pbem's reading: neither is "killed or
removed from play").
"""

from __future__ import annotations

import re
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import standing
from .content import SoldierContent
from .fold import on
from .names import Names
from .state import SoldierState

GONE = ("killed", "removed")  # SE 19.63: the Banner is free again
ASSIGNABLE = ("setup", "map", "track")  # in play and not captured


@event
class BannerAssigned(Event):
    """SE 19.6: the Banner goes to `leader`, who adds `bonus` to his rating (SE 19.61)."""

    type: Literal["se.banner_assigned"] = "se.banner_assigned"
    power: str
    leader: str
    bonus: int


@on(BannerAssigned)
def _(s: SoldierState, e: BannerAssigned) -> None:
    s.banner = e.leader
    s.leaders[e.leader].rating += e.bonus


@event
class BannerDefeat(Event):
    """SE 19.62: the bearer is defeated in battle in `area`: removed from play for good;
    his power rolls one die (`roll`) and loses that much Manpower (`manpower`, no more
    than it has). SE 7.4: with zero Money or zero Manpower it loses nothing and rolls no
    die (`roll` None)."""

    type: Literal["se.banner_defeat"] = "se.banner_defeat"
    power: str
    leader: str
    area: str
    to: str
    roll: int | None
    manpower: int


@on(BannerDefeat)
def _(s: SoldierState, e: BannerDefeat) -> None:
    ld = s.leaders[e.leader]
    ld.status, ld.area, ld.arrives = "removed", None, None
    s.treasury[e.power].manpower -= e.manpower


def bearer(s: SoldierState) -> str | None:
    """The leader who carries the Banner, while he has not been killed or removed."""
    if s.banner is None or s.leaders[s.banner].status in GONE:
        return None
    return s.banner


def immune(s: SoldierState, leader: str | None) -> bool:
    """SE 19.61: the bearer is immune to the Vacillating General card."""
    return leader is not None and leader == bearer(s)


def leader_problem(content: SoldierContent, s: SoldierState, leader: str) -> str | None:
    """Why `leader` may not be given the Banner now (None: he may)."""
    b = content.tables.banner
    assert b is not None
    ld = s.leaders.get(leader)
    if ld is None or ld.country != b.power:
        return f"{leader} is not a {b.power} leader: only they may carry the {b.name} (SE 19.6)"
    if ld.status not in ASSIGNABLE:
        return f"{leader} is {ld.status}: the {b.name} goes to a leader in play (SE 19.6)"
    return None


def describe(content: SoldierContent, s: SoldierState) -> str | None:
    """The report's line on the Banner (public: it is a counter on the board)."""
    b = content.tables.banner
    if b is None or b.power not in s.majors:
        return None
    n = bearer(s)
    if n is None:
        return f"The {b.name} ({b.power}) is off the board (SE 19.6)."
    ld = s.leaders[n]
    where = f"in {ld.area}" if ld.status == "map" else ld.status
    return (
        f"The {b.name} ({b.power}) is carried by {n} ({where}): his rating {ld.rating} "
        f"includes its +{b.bonus} (SE 19.61)."
    )


# --------------------------------------------------------------------------- orders


@standing.verb("banner")
def _banner(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """banner to LEADER[, LEADER...] (SE 19.6): the first leader named who may take it."""
    text = " ".join(words)
    m = re.fullmatch(r"(?is)to\s+(.+)", text)
    if not m:
        problems.append(Problem("write: banner to LEADER[, LEADER...] (SE 19.6)", line))
        return None
    got = names.pieces(m.group(1), line, problems)
    leaders = [p.name for p in got if p.kind == "leader"]
    for p in got:
        if p.kind != "leader":
            problems.append(Problem(f"{p.name} is not a leader: write banner to LEADER", line))
    return {"leaders": leaders, "line": line} if leaders else None


def validate_standing(
    content: SoldierContent, s: SoldierState, power: str, orders
) -> list[Problem]:
    """The `banner` lines of a standing envelope: Turkey's, naming its leaders, and never
    another leader while the bearer is in play (SE 19.63)."""
    lines = orders.get("banner", []) if hasattr(orders, "get") else []
    if not lines:
        return []
    b = content.tables.banner
    if b is None:
        return [Problem("there is no Banner of the Prophet in this game", x["line"]) for x in lines]
    if power != b.power:
        return [Problem(f"only {b.power} has the {b.name} (SE 19.6)", x["line"]) for x in lines]
    problems = []
    now = bearer(s)
    for x in lines:
        for n in x["leaders"]:
            why = leader_problem(content, s, n)
            if why is None and now is not None and n != now:
                why = (
                    f"{now} carries the {b.name}: it may be reassigned only when he is killed"
                    " or removed from play (SE 19.63)"
                )
            if why:
                problems.append(Problem(why, x["line"]))
    return problems


def before_stage(ctx: Resolution, content: SoldierContent, standing_orders: dict) -> None:
    """SE 19.6 "assign it at any time later": Turkey's standing `banner to ...`, at the
    start of a phase, while the Banner is free; its last such line counts."""
    b = content.tables.banner
    s: SoldierState = ctx.state
    if b is None or b.power not in s.majors or bearer(s) is not None:
        return
    lines = standing_orders.get(b.power, {}).get("banner", [])
    if not lines:
        return
    for n in lines[-1]["leaders"]:
        if leader_problem(content, s, n) is None:
            ctx.emit(BannerAssigned(power=b.power, leader=n, bonus=b.bonus))
            return


# --------------------------------------------------------------------------- battle


def in_battle(
    content: SoldierContent, s: SoldierState, area: str, attackers: dict, defenders: dict
) -> str | None:
    """The bearer, if he is in `area` as a land battle there begins in which his power's
    units attack or are attacked (SE 19.62)."""
    b = content.tables.banner
    n = bearer(s)
    if b is None or n is None or (b.power not in attackers and b.power not in defenders):
        return None
    ld = s.leaders[n]
    return n if ld.status == "map" and ld.area == area else None


def after_battle(ctx: Resolution, content: SoldierContent, area: str, leader: str | None) -> None:
    """SE 19.62: "Defeat is defined as the Turkish leader with the banner exiting a land
    area where Turkish units were attacked or conducted an attack and at least one enemy
    unit remains": he left `area` during the battle (before it, with a retreat, or after
    his units) and an enemy unit is there as it ends. He is removed from play; his power
    rolls one die and loses that much Manpower, no more than it has (SE 7.4: nothing, and
    no die, with zero Money or zero Manpower: `Treasury.zero`). The exit is the
    defeat: combat.py asks before the leaders' casualty check at the end of the combat
    (SE 13.5), which then has none for him (case banner-19-62-defeat-before-casualty-
    check.toml)."""
    if leader is None:
        return
    b = content.tables.banner
    assert b is not None
    s: SoldierState = ctx.state
    ld = s.leaders[leader]
    if ld.status != "map" or ld.area == area:
        return  # he stayed (or is no longer on the map): not "exiting"
    if not any(not s.friendly(b.power, s.unit_side_country(u)) for u in s.on_map(area)):
        return
    # SE 7.4: "Players with zero Money or Manpower may not ... lose Money or Manpower"
    roll, lost = None, 0
    if not s.treasury[b.power].zero:
        roll = ctx.roll(f"{area}: {leader} defeated with the {b.name}, Manpower lost", 1)[0]
        lost = min(roll, s.treasury[b.power].manpower)
    ctx.emit(
        BannerDefeat(
            power=b.power, leader=leader, area=area, to=ld.area or "", roll=roll, manpower=lost
        )
    )


__all__ = [
    "BannerAssigned",
    "BannerDefeat",
    "after_battle",
    "bearer",
    "before_stage",
    "describe",
    "immune",
    "in_battle",
    "leader_problem",
    "validate_standing",
]
