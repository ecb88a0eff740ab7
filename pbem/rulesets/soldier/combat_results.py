"""What land battles record (SK 9): the events of a battle and their fold, losses
allocated (SK 9.7, 16.5 through casualties.py), the enemies in an area. Naval combat and
sieges use these too, so they live apart from the battle procedure (combat.py)."""

from __future__ import annotations

import re
from typing import Literal

from pbem.events import Event, event
from pbem.ruleset import Problem

from . import casualties, standing
from .fold import on
from .names import Names
from .state import SoldierState


@event
class AttackPaid(Event):
    """SK 9.4 / 16.4: the cost of the attack, paid before combat by each attacking power."""

    type: Literal["sk.attack_paid"] = "sk.attack_paid"
    power: str
    area: str
    level: str
    resources: int


@event
class AttackUnpaid(Event):
    """SK 9.4 ("pay for it before combat can begin") with SK 7.5 / SE 7.4 and SKO Economics
    (c): when the battle begins, `power` can pay for no level of the attack it declared
    (zero Resources or Manpower, or too few): its units there do not attack."""

    type: Literal["sk.attack_unpaid"] = "sk.attack_unpaid"
    power: str
    area: str
    level: str  # the level declared
    why: str


@event
class BattleBegan(Event):
    type: Literal["sk.battle_began"] = "sk.battle_began"
    area: str
    level: str
    rounds: int | None  # None: Invasion
    attackers: dict[str, list[str]]  # power -> units
    defenders: dict[str, list[str]]
    mountain: bool  # SK 9.6: an attacker entered by a mountain route
    fortification: int  # added to the defender's dice (0 if it does not control the area)


@event
class Retreated(Event):
    """SK 9.5 before battle, 9.8 forced or voluntary after a round."""

    type: Literal["sk.retreated"] = "sk.retreated"
    power: str
    units: list[str]
    leaders: list[str]
    frm: str
    to: str
    why: Literal["before battle", "forced", "voluntary"]


@event
class RoundFought(Event):
    """SK 9.6-9.7: one round: dice (recorded just before), hits, step losses."""

    type: Literal["sk.round_fought"] = "sk.round_fought"
    area: str
    round: int
    attacker_dice: int
    defender_dice: int
    attacker_hits: int  # hits scored by the attacker
    defender_hits: int
    losses: dict[str, int]  # unit -> step losses taken this round
    unallocated: dict[str, int] = {}  # side -> hits left unallocated (SK 9.7)


@event
class Eliminated(Event):
    type: Literal["sk.eliminated"] = "sk.eliminated"
    units: list[str]
    area: str
    why: str


@event
class LeaderKilled(Event):
    """SK 13.5: 2d6 + the side's step losses this round >= 12."""

    type: Literal["sk.leader_killed"] = "sk.leader_killed"
    leader: str
    area: str
    total: int


@event
class LeaderCaptured(Event):
    """SK 13.6: every unit of his side in the battle eliminated."""

    type: Literal["sk.leader_captured"] = "sk.leader_captured"
    leader: str
    area: str
    by: str


@event
class BattleEnded(Event):
    type: Literal["sk.battle_ended"] = "sk.battle_ended"
    area: str
    rounds: int
    outcome: str
    attacked: list[str]  # the attacking units (SK 16.1: each attacks once per turn)


@on(AttackPaid)
def _(s: SoldierState, e: AttackPaid) -> None:
    s.treasury[e.power].resources -= e.resources


@on(AttackUnpaid)
def _(s: SoldierState, e: AttackUnpaid) -> None:
    pass


@on(BattleBegan)
def _(s: SoldierState, e: BattleBegan) -> None:
    pass


@on(Retreated)
def _(s: SoldierState, e: Retreated) -> None:
    for u in e.units:
        s.units[u].area = e.to
    for n in e.leaders:
        s.leaders[n].area = e.to


@on(RoundFought)
def _(s: SoldierState, e: RoundFought) -> None:
    for uid, n in e.losses.items():
        for _ in range(n):
            step_loss(s, uid)


@on(Eliminated)
def _(s: SoldierState, e: Eliminated) -> None:
    for uid in e.units:
        eliminate(s, uid)


@on(LeaderKilled)
def _(s: SoldierState, e: LeaderKilled) -> None:
    ld = s.leaders[e.leader]
    ld.status, ld.area = "killed", None


@on(LeaderCaptured)
def _(s: SoldierState, e: LeaderCaptured) -> None:
    ld = s.leaders[e.leader]
    ld.status, ld.area, ld.captured_by = "captured", None, e.by
    # SE 19.7: "loses one of these abilities ... each time he is captured"; the last is
    # his movement allowance of 3 (SE 13.3: "All other Generals have ... 2")
    if ld.abilities and ld.abilities.pop(0) == "movement":
        ld.movement = None


@on(BattleEnded)
def _(s: SoldierState, e: BattleEnded) -> None:
    for u in e.attacked:
        if u not in s.attacked:
            s.attacked.append(u)


def step_loss(s: SoldierState, uid: str) -> None:
    s.step_loss(uid)


def eliminate(s: SoldierState, uid: str) -> None:
    s.eliminate(uid)


def enemies_in(s: SoldierState, power: str, area: str) -> list[str]:
    return sorted(
        u.id for u in s.on_map(area, "army") if not s.friendly(s.unit_side_country(u), power)
    )


def unit_owner(s: SoldierState, uid: str) -> str:
    u = s.units[uid]
    return s.commander(u) or u.country


def allocate(
    s: SoldierState,
    group: dict[str, list[str]],
    hits: int,
    standing_orders: dict,
    enemy: list[str],
    objective: str = "most-step-losses",
    area: str | None = None,
):
    """SK 9.7 when one player's units take the hits (its powers and minor allies, SK 16.5
    last sentence); SK 16.5 joint casualties between allied players. With the battle's
    ``area`` (a round of land or naval combat, a siege's defensive fire), each power's
    `extra losses` standing order adds the step losses it volunteers (SK 9.7 last
    sentence, 11.3, 12.3 -> 9.7); a guerilla attack on its own passes none (SE 19.4)."""
    by_player: dict[str, list[str]] = {}
    for power, us in group.items():
        by_player.setdefault(s.player_of(power), []).extend(us)
    targets = [
        casualties.Target.of(s.units[u], player)
        for player, us in sorted(by_player.items())
        for u in sorted(us)
    ]
    if not targets:
        return {}, hits
    if not hits:
        return _volunteered(s, group, {}, standing_orders, area), hits
    prefer = {
        player: [
            x
            for p in group
            if s.player_of(p) == player
            for e in standing_orders.get(p, {}).get("casualties", [])
            for x in e
        ]
        for player in by_player
    }
    if len(by_player) == 1:
        alloc = casualties.allocate(hits, targets, next(iter(prefer.values())), objective)
    else:
        # SK 16.5: on equal numbers "the enemy player selects": the enemy's standing
        # `first casualty` order (case land-combat-16-5-enemy-selects.toml); by default
        # the first loss goes to the ally whose units are strongest in attack (case
        # land-combat-16-5-equal-numbers-default.toml)
        strongest = sorted(
            by_player, key=lambda pl: (-sum(s.units[u].attack for u in by_player[pl]), pl)
        )
        named = [s.player_of(p) for p in first_casualty(standing_orders, enemy, area)]
        choice = [pl for pl in dict.fromkeys(named) if pl in by_player] + strongest
        alloc = casualties.allocate_joint(hits, targets, enemy_choice=choice, prefer=prefer)
    got = _volunteered(s, group, casualties.losses_of(alloc), standing_orders, area)
    return got, casualties.unallocated_of(alloc)


def _volunteered(
    s: SoldierState,
    group: dict[str, list[str]],
    losses: dict[str, int],
    standing_orders: dict,
    area: str | None,
) -> dict[str, int]:
    """The losses with each power's volunteered ones on top, among its own units in the
    group (SK 9.7 last sentence: "Players may take more step losses than required by the
    number of hits suffered"; SK 11.3 the same for fleets)."""
    if area is None:
        return losses
    out = dict(losses)
    for power, us in sorted(group.items()):
        orders = standing_orders.get(power, {})
        n = extra_losses(orders.get("extra", []), area)
        if not n or not us:
            continue
        targets = [casualties.Target.of(s.units[u], power) for u in sorted(us)]
        prefer = [x for e in orders.get("casualties", []) for x in e]
        out.update(casualties.volunteer(targets, out, n, prefer))
    return out


def extra_losses(entries: list[dict], area: str) -> int:
    """The step losses a power volunteers each round in a battle in ``area``: its `extra
    losses N in AREA` line for that area, else its `extra losses N` line for every area
    (the first such line of each kind); default none."""
    named = [e["n"] for e in entries if e["area"] == area]
    general = [e["n"] for e in entries if e["area"] is None]
    return (named or general or [0])[0]


@standing.verb("extra")
def _extra(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """extra losses N [in AREA] (SK 9.7 last sentence, 11.3): N step losses more than the
    hits require, each round of a battle (and each siege round's defensive fire) in AREA,
    or in every area"""
    m = re.fullmatch(r"(?is)loss(?:es)?\s+(\d+)(?:\s+in\s+(.+))?", " ".join(words))
    if not m:
        problems.append(Problem("write: extra losses N [in AREA]", line))
        return None
    area = names.area(m.group(2), line, problems) if m.group(2) else None
    if m.group(2) and area is None:
        return None
    return {"n": int(m.group(1)), "area": area}


def first_casualty(standing_orders: dict, enemy: list[str], area: str | None) -> list[str]:
    """SK 16.5 / SE 16.5 "the enemy player selects who suffers the first casualty": the
    powers named by the enemy's `first casualty` line, the first of the enemy powers (by
    name) that has one; a line for the battle's area beats one without. None: default."""
    for power in sorted(enemy):
        entries = standing_orders.get(power, {}).get("first", [])
        named = [e["powers"] for e in entries if area is not None and e["area"] == area]
        general = [e["powers"] for e in entries if e["area"] is None]
        if named or general:
            return (named or general)[0]
    return []


@standing.verb("first")
def _first(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """first casualty POWER[, POWER...] [in AREA] (SK 16.5: where allies of the enemy
    have equal numbers of units present, the enemy player selects who suffers the first
    casualty)"""
    m = re.fullmatch(r"(?is)casualt(?:y|ies)\s+(.+?)(?:\s+in\s+(.+))?", " ".join(words))
    if not m:
        problems.append(
            Problem("write: first casualty POWER[, POWER...] [in AREA] (SK 16.5)", line)
        )
        return None
    area = names.area(m.group(2), line, problems) if m.group(2) else None
    if m.group(2) and area is None:
        return None
    out = standing.majors_named(s, m.group(1), line, problems)
    if out is None:
        return None
    return {"powers": out, "area": area}


# --- SK 12.6, 13.6: what a power takes -------------------------------------------------


@standing.verb("capture")
def _capture(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """capture fleets N | none (SK 12.6: the taker "may spend one Resource for each
    eliminated fleet" to place one of its own: at most N each time an area falls to it);
    capture leaders to POWER[, POWER...] (SK 13.6: "Allies who capture a leader together
    must decide who takes possession": this power's agreement, the first power named
    that captured with it)"""
    text = " ".join(words).strip()
    form = "write: capture fleets N, capture fleets none (SK 12.6), or: capture leaders to POWER[, POWER...] (SK 13.6)"
    if m := re.fullmatch(r"(?is)fleets\s+(\d+|none|no)", text):
        return {"fleets": int(m.group(1)) if m.group(1).isdigit() else 0}
    m = re.fullmatch(r"(?is)leaders\s+to\s+(.+)", text)
    if not m:
        problems.append(Problem(form, line))
        return None
    out = standing.majors_named(s, m.group(1), line, problems)
    if out is None:
        return None
    return {"leaders": out}


def capture_limit(standing_orders: dict | None, taker: str) -> int | None:
    """SK 12.6: how many fleets of its own `taker` places for those eliminated when an area
    falls to it: its first `capture fleets` line; None (default): one for each."""
    lines = (standing_orders or {}).get(taker, {}).get("capture", [])
    return next((e["fleets"] for e in lines if "fleets" in e), None)


def captor(standing_orders: dict | None, count: dict[str, int]) -> str:
    """SK 13.6 / SE 13.6 "Allies who capture a leader together must decide who takes
    possession": the power every captor's `capture leaders to` line names (each line's
    first power among the captors; they agree only if all name the same); otherwise the
    default, the captor with most units there, then by name. ``count``: captor -> units.
    Cases land-combat-example-henry-captured.toml (default), leader-13-6-captors-agree.toml."""
    captors = sorted(count)
    if len(captors) > 1:
        agreed = set()
        for p in captors:
            lines = (standing_orders or {}).get(p, {}).get("capture", [])
            named = [x for e in lines if "leaders" in e for x in e["leaders"] if x in captors]
            agreed.add(named[0] if named else None)
        if len(agreed) == 1 and None not in agreed:
            return agreed.pop()  # type: ignore[return-value]
    return max(captors, key=lambda p: count[p])
