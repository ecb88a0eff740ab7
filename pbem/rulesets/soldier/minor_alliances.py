"""SK 17.2-17.7 alliances with minor countries: bribes (SK 17.4), the alliance procedure
and its modifiers (SK 17.3, 17.5, 17.6), a minor seeking an ally (SK 17.7, 19.2),
conquest and liberation (SK 18.7, 18.8), Angelo Emo (SK 19.6). Placing the minor's forces
is minor_forces.py.
The orders that start them are read in minors.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pbem.resolution import Resolution

from . import common, mercenaries
from .common import id_order, treasury
from .content import SoldierContent
from .hooks import card_rules
from .minor_forces import place_forces, raise_area_army
from .minor_rules import (
    AllianceAttempt,
    BribesPaid,
    LeaderRemoved,
    MarkerPlaced,
    MinorAllied,
    MinorLiberated,
    MinorSought,
    OrderSkipped,
    alliance_bar,
    attempt_problem,
    conquests,
    table_row,
)
from .minor_variants import backstab_bar
from .state import SoldierState


@dataclass(frozen=True)
class BribeLine:
    minor: str
    resources: int
    side: Literal["for", "against"]
    target: str | None  # for: the power bribed for; against: None = every power not friendly
    from_attempt: int = 1
    line: int = 0


def _lines(standing_orders: dict, power: str, kind: str) -> list[Any]:
    so = standing_orders.get(power)
    if so is None:
        return []
    return list(so.of(kind) if hasattr(so, "of") else so.get(kind, []))


def bribe_lines(standing_orders: dict, power: str, minor: str) -> list[BribeLine]:
    return [b for b in _lines(standing_orders, power, "bribe") if b.minor == minor]


def _spent(s: SoldierState, power: str, b: BribeLine, attempt: int) -> bool:
    """Paid at an earlier attempt at or after its `from attempt`: never again."""
    return any(
        r["power"] == power
        and r["minor"] == b.minor
        and r.get("standing")
        and r["side"] == b.side
        and r.get("target") == b.target
        and b.from_attempt <= r["attempt"] < attempt
        for r in s.bribes
    )


def _applies(s: SoldierState, payer: str, side: str, target: str | None, roller: str) -> bool:
    if side == "for":
        return target == roller
    return target == roller if target else not s.friendly(payer, roller)


def _live(
    s: SoldierState, standing_orders: dict, power: str, minor: str, attempt: int
) -> list[BribeLine]:
    return [
        b
        for b in bribe_lines(standing_orders, power, minor)
        if b.from_attempt <= attempt and not _spent(s, power, b, attempt)
    ]


def affordable(content: SoldierContent, s: SoldierState, power: str, wanted: int) -> int:
    """What a bribe can be: up to 9 (SK 17.4), no more than the power has, nothing at
    zero Resources or Manpower (SK 7.5)."""
    r, m = treasury(s, power)
    if r == 0 or m == 0:
        return 0
    return max(0, min(wanted, content.tables.bribery.max_resources, r))


def plan_bribes(
    content: SoldierContent,
    s: SoldierState,
    minor: str,
    attempt: int,
    rollers: list[str],
    own: dict[str, int],
    standing_orders: dict,
) -> list[dict]:
    """SK 17.4-17.42: who pays what, revealed together for this attempt."""
    out = []
    for p in sorted(s.majors, key=lambda p: (p not in rollers, s.majors.index(p))):
        if p in own:  # the attempting power's own bribe, written with its `ally with` order
            n = affordable(content, s, p, own[p])
            if n:
                out.append(_payment(content, p, n, "for", p, False, attempt))
            continue
        if alliance_bar(content, s, p, minor):  # only powers not prohibited may bribe
            continue
        for b in _live(s, standing_orders, p, minor, attempt):
            if not any(_applies(s, p, b.side, b.target, r) for r in rollers):
                continue
            n = affordable(content, s, p, b.resources)
            if n:
                out.append(_payment(content, p, n, b.side, b.target, True, b.from_attempt))
            break  # one bribe per power per attempt
    return out


def _resources(n: int) -> str:
    return f"{n} Resource{'s' if n != 1 else ''}"


def _payment(content, power, n, side, target, standing_order, from_attempt) -> dict:
    return {
        "power": power,
        "resources": n,
        "modifier": content.tables.bribery.modifier(n),  # SK 17.4 scale
        "side": side,
        "target": target,
        "standing": standing_order,
        "from_attempt": from_attempt,
    }


def intimidation_areas(content: SoldierContent, minor: str) -> set[str]:
    """SK 17.5: land areas joined by a route to, and sea areas touching, a home area of
    the minor "on the Europe map (only)": a minor with no home area there (the Iroquois,
    Pays d'Haut) is intimidated by nobody (SE: one map, all of them)."""
    near: set[str] = set()
    for h in content.home_areas(minor):
        if content.map_of(h) != "europe":
            continue
        near |= set(content.neighbours(h))
        near |= set(content.land_area(h).seas)
    return near


def _stance(
    s: SoldierState, standing_orders: dict, major: str, roller: str, minor: str, attempt: int
) -> int:
    if major == roller:
        return 1
    for b in _live(s, standing_orders, major, minor, attempt):
        if _applies(s, major, b.side, b.target, roller):
            return 1 if b.side == "for" else -1
    return 1 if s.friendly(major, roller) else -1


def _bribe_modifiers(
    content: SoldierContent, s: SoldierState, roller: str, payments: list[dict]
) -> list[dict]:
    """SK 17.4, 17.41: the bribes on `roller`'s roll, per payer, on three scales: its own,
    the others' for it together, all against it together (what each adds to its scale)."""
    spent = {"own": 0, "for": 0, "against": 0}
    mods: list[dict] = []
    for pay in payments:
        if _applies(s, pay["power"], pay["side"], pay["target"], roller):
            pool = "own" if pay["power"] == roller else pay["side"]
            before, spent[pool] = spent[pool], spent[pool] + pay["resources"]
            value = content.tables.bribery.added(before, pay["resources"])
            after = f", after {_resources(before)} of others" if value != pay["modifier"] else ""
            sign, sk = (-1, "17.41") if pool == "against" else (1, "17.4")
            mods.append(
                {
                    "kind": "bribe" if sign > 0 else "counter-bribe",
                    "power": pay["power"],
                    "value": sign * value,
                    "detail": f"{_resources(pay['resources'])}{after} (SK {sk})",
                }
            )
    return mods


def roll_modifiers(
    content: SoldierContent,
    s: SoldierState,
    roller: str,
    minor: str,
    attempt: int,
    payments: list[dict],
    standing_orders: dict,
    *,
    card_bonus: int = 0,
    steal: bool = False,
) -> list[dict]:
    """Every modifier of `roller`'s alliance roll, itemised (SK 17.3-17.6)."""
    mods: list[dict] = []
    row = table_row(content, minor)
    cell = row.modifiers.get(roller, 0) if row else 0
    mods.append(
        {
            "kind": "table",
            "power": roller,
            "value": cell if isinstance(cell, int) else 0,
            "detail": f"{roller} with {minor} (SK 17.3)",
        }
    )
    if card_bonus:
        mods.append(
            {"kind": "card", "power": roller, "value": card_bonus, "detail": "card play (SK 17.3)"}
        )
    if steal:
        mods.append(
            {
                "kind": "steal",
                "power": roller,
                "value": content.tables.constants.steal_modifier.value,
                "detail": f"stealing {minor} from {s.allies.get(minor)} (SK 17.6)",
            }
        )
    mods += _bribe_modifiers(content, s, roller, payments)
    # SK 17.5 intimidation; SK 17.6 also the current ally's side in the minor's home areas
    near = intimidation_areas(content, minor)
    homes = set(content.home_areas(minor))
    current = s.allies.get(minor) if steal else None
    by_major: dict[str, list[str]] = {}
    for u in sorted(s.on_map(), key=lambda u: id_order(u.id)):
        if (u.country == minor and u.hired_by is None) or u.area is None:
            continue  # the minor's own units do not intimidate it (SK 17.6); its hirelings do
        major = s.major_of(s.unit_side_country(u))
        if major is None:
            continue
        counted = u.area in near or (
            current is not None and u.area in homes and s.friendly(major, current)
        )
        if counted:
            by_major.setdefault(major, []).append(u.id)
    per = content.tables.constants.intimidation_per_unit.value
    for major in sorted(by_major, key=lambda m: (m != roller, s.majors.index(m))):
        sign = _stance(s, standing_orders, major, roller, minor, attempt)
        units = by_major[major]
        mods.append(
            {
                "kind": "intimidation" if sign > 0 else "counter-intimidation",
                "power": major,
                "value": sign * per * len(units),
                "detail": ", ".join(units) + f" (SK {'17.6' if current else '17.5'})",
            }
        )
    return mods


@dataclass
class Procedure:
    """An alliance attempt worked out before the dice: what `alliance_procedure` returns."""

    attempt: int
    payments: list[dict]
    modifiers: list[dict]
    steal: bool
    net: int = field(init=False)

    def __post_init__(self) -> None:
        self.net = sum(m["value"] for m in self.modifiers)


def alliance_procedure(
    content: SoldierContent,
    s: SoldierState,
    power: str,
    minor: str,
    *,
    card_bonus: int = 0,
    bribe: int = 0,
    standing_orders: dict | None = None,
) -> Procedure:
    """SK 17.3-17.6 as a pure function: the bribes paid and the itemised modifiers of
    `power`'s attempt on `minor` (a theft if `minor` has another ally)."""
    standing_orders = standing_orders or {}
    steal = minor in s.allies
    attempt = s.alliance_attempts.get(minor, 0) + 1
    payments = plan_bribes(content, s, minor, attempt, [power], {power: bribe}, standing_orders)
    mods = roll_modifiers(
        content,
        s,
        power,
        minor,
        attempt,
        payments,
        standing_orders,
        card_bonus=card_bonus,
        steal=steal,
    )
    return Procedure(attempt, payments, mods, steal)


def attempt_alliance(
    ctx: Resolution,
    content: SoldierContent,
    power: str,
    minor: str,
    card_bonus: int = 0,
    steal: bool | None = None,
    *,
    bribe: int = 0,
    standing: dict | None = None,
    placement: tuple[str, ...] = (),
    markers: tuple[str, ...] = (),
    why: str = "Minor Country Alliance card",
) -> bool:
    """SK 17.3 (17.6 when `minor` has another ally): bribes revealed and paid, two dice plus
    every modifier, 10 or more makes `minor` `power`'s ally and places its forces. For the
    card code: the card itself is played (and discarded) by the caller. `steal` may be left
    None; given, it must match the minor's state. Returns whether the alliance was made."""
    s: SoldierState = ctx.state
    problem = attempt_problem(content, s, power, minor)
    if problem is None and steal is not None and steal != (minor in s.allies):
        problem = (
            f"{minor} has no ally to steal it from (SK 17.6)"
            if steal
            else f"{minor} is {s.allies[minor]}'s ally: this is a theft (SK 17.6)"
        )
    if problem:
        ctx.emit(OrderSkipped(power=power, order=f"ally with {minor}", reason=problem))
        return False

    bonus, marks = card_rules(content).alliance_attempt(ctx, content, power, minor, standing or {})
    card_bonus, markers, s = card_bonus + bonus, (*markers, *marks), ctx.state
    proc = alliance_procedure(
        content, s, power, minor, card_bonus=card_bonus, bribe=bribe, standing_orders=standing
    )
    if proc.payments:
        ctx.emit(BribesPaid(minor=minor, attempt=proc.attempt, bribes=proc.payments))
    dice = ctx.roll(f"alliance: {power} with {minor}", 2)
    need = content.tables.constants.alliance_target.value
    total = sum(dice) + proc.net
    ctx.emit(
        AllianceAttempt(
            power=power, minor=minor, attempt=proc.attempt, dice=dice, modifiers=proc.modifiers,
            modifier=proc.net, total=total, needed=need, success=total >= need, steal=proc.steal,
            why=why,
        )
    )  # fmt: skip
    if total < need:
        return False
    join(
        ctx,
        content,
        power,
        minor,
        why="theft (SK 17.6)" if proc.steal else f"{why} (SK 17.3)",
        placement=placement,
    )
    for marker in markers:
        ctx.emit(MarkerPlaced(marker=marker, on=minor))
    return True


def join(
    ctx: Resolution,
    content: SoldierContent,
    power: str,
    minor: str,
    why: str,
    placement: tuple[str, ...] = (),
    siege_area: str | None = None,
) -> None:
    """The minor becomes `power`'s ally; a minor without units in play places its forces."""
    s: SoldierState = ctx.state
    frm = s.allies.get(minor)
    in_play = [u for u in s.on_map() if u.country == minor and u.hired_by is None]
    ctx.emit(MinorAllied(minor=minor, power=power, frm=frm, turn=s.turn, why=why))
    if frm is None and not in_play:
        place_forces(ctx, content, power, minor, placement, siege_area)


def wants(standing_orders: dict, power: str, minor: str) -> tuple[bool, tuple[str, ...]]:
    """`accept MINOR [in AREA...]` / `accept all`: (wishes, where to place its armies)."""
    for entry in _lines(standing_orders, power, "accept"):
        if entry["minor"] in (minor, None):
            return True, tuple(entry["areas"])
    return False, ()


def seek_ally(
    ctx: Resolution,
    content: SoldierContent,
    minor: str,
    area: str | None,
    excluded: list[str],
    standing_orders: dict,
    why: str,
) -> str | None:
    """SK 17.7 (with 19.2): the neutral minor seeks an ally among the major powers not
    excluded and not barred; see the module docstring for who rolls and who wins. India
    (mercenaries.by_area) seeks one for the besieged `area` alone (SK 19.2)."""
    s: SoldierState = ctx.state
    eligible = [
        p for p in s.majors if p not in excluded and alliance_bar(content, s, p, minor) is None
    ]
    wishing = [p for p in eligible if wants(standing_orders, p, minor)[0]]
    rollers = wishing or eligible
    base = {
        "minor": minor,
        "area": area,
        "excluded": list(excluded),
        "eligible": eligible,
        "wishing": wishing,
    }
    if not rollers:
        ctx.emit(
            MinorSought(
                **base, totals={}, ally=None, reason="no major power may ally with it (SK 17.7)"
            )
        )
        return None
    attempt = s.alliance_attempts.get(minor, 0) + 1
    payments = plan_bribes(content, s, minor, attempt, rollers, {}, standing_orders)
    mods = {
        p: roll_modifiers(content, s, p, minor, attempt, payments, standing_orders) for p in rollers
    }
    if payments:
        ctx.emit(BribesPaid(minor=minor, attempt=attempt, bribes=payments))
    need = content.tables.constants.alliance_target.value if wishing else None
    totals: dict[str, int] = {}
    for p in rollers:
        dice = ctx.roll(f"{minor} seeks an ally: {p}", 2)
        net = sum(m["value"] for m in mods[p])
        totals[p] = sum(dice) + net
        ctx.emit(
            AllianceAttempt(
                power=p, minor=minor, attempt=attempt, dice=dice, modifiers=mods[p], modifier=net,
                total=totals[p], needed=need, success=(totals[p] >= need) if need else None, why=why,
            )
        )  # fmt: skip
    candidates = [p for p in rollers if need is None or totals[p] >= need]
    if not candidates:
        ctx.emit(
            MinorSought(
                **base, totals=totals, ally=None,
                reason="no major power that wished to ally reached 10; it stays neutral (SK 17.7, 17.3)",
            )
        )  # fmt: skip
        return None
    tied = _highest(candidates, totals)
    # SK 17.7, SE 17.7: "All players roll again in the event of a tie": every power that
    # rolled (not the tied ones only)
    k = 0
    while len(tied) > 1:
        k += 1
        again = {}
        for p in rollers:
            dice = ctx.roll(f"{minor} seeks an ally: {p} (tie, roll {k + 1})", 2)
            again[p] = sum(dice) + sum(m["value"] for m in mods[p])
        tied = _highest(list(again), again)
    ally = tied[0]
    reason = (
        "the highest roll of 10 or more among those who wished (SK 17.7)"
        if wishing
        else ("nobody wished to ally: the highest roll of all eligible powers (SK 17.7)")
    )
    ctx.emit(MinorSought(**base, totals=totals, ally=ally, reason=reason))
    if area is not None and mercenaries.by_area(content, minor):
        raise_area_army(ctx, content, ally, minor, area)  # SK 19.2: this area alone
        return ally
    join(
        ctx,
        content,
        ally,
        minor,
        why=why,
        placement=wants(standing_orders, ally, minor)[1],
        siege_area=area,
    )
    return ally


def _highest(powers: list[str], totals: dict[str, int]) -> list[str]:
    top = max(totals[p] for p in powers)
    return [p for p in powers if totals[p] == top]


def _conquerors(content: SoldierContent, s: SoldierState, minor: str) -> set[str]:
    """Powers that took a home area of the minor from it, or held one at the start."""
    out = set(s.conquerors.get(minor, []))
    try:
        sc = content.scenario(s.scenario)
    except KeyError:
        return out
    for c in sc.control:
        if content.land_area(c.area).home == minor:
            out.add(c.power)
    return out


def _was_conquered(
    content: SoldierContent, s: SoldierState, minor: str, area: str, frm: str | None
) -> bool:
    homes = common.conquest_areas(content, s, minor)  # SK 18.7, 15.4
    return bool(homes) and all(
        not s.friendly(frm if a == area else s.control.get(a), minor) for a in homes
    )


def after_control_changes(
    ctx: Resolution,
    content: SoldierContent,
    standing_orders: dict,
    given: list[tuple[str, str, str]] | tuple = (),
) -> None:
    """After an action phase, the Peace Phase or the Diplomacy Phase's deals: SK 18.8
    liberation, SK 18.7 conquest status, SK 19.6 Angelo Emo. The areas that changed hands
    are the resolution's sk.control_changed events and `given` (area, from, to): those a
    deal gave (SE 18.7 example: "obtained Saxony later (through surrender, conquest, or
    purchase)")."""
    changes = [
        (e.area, e.frm, e.to) for e in ctx.events if getattr(e, "type", "") == "sk.control_changed"
    ]
    for area, frm, to in [*changes, *given]:
        s: SoldierState = ctx.state
        if not content.is_land(area):
            continue
        minor = content.land_area(area).home
        if minor is None or minor in s.majors or table_row(content, minor) is None:
            continue
        if frm == minor or s.control.get(area) != to or to not in s.majors:
            continue
        if not any(x["minor"] == minor for x in _lines(standing_orders, to, "liberate")):
            continue  # default: keep the area as a conquest (SK 18.8)
        if not _was_conquered(content, s, minor, area, frm) or to in _conquerors(content, s, minor):
            continue
        if backstab_bar(s, to, minor):
            continue  # SE 17.8: that alliance is prohibited for the rest of the game
        ctx.emit(MinorLiberated(minor=minor, power=to, area=area, turn=s.turn))
        place_forces(ctx, content, to, minor, rule="SK 18.8")
    conquests(ctx, content)
    angelo_emo(ctx, content)


def angelo_emo(ctx: Resolution, content: SoldierContent) -> None:
    """SK 19.6: a minor's admiral who may sail only with his country's fleet is removed from
    play for good once that fleet is eliminated."""
    s: SoldierState = ctx.state
    for name, fleet_of in content.bound_admirals():
        ld = s.leaders.get(name)
        if ld is None or ld.status not in ("map", "captured"):
            continue
        if not any(u.country == fleet_of for u in s.on_map(type_="fleet")):
            ctx.emit(
                LeaderRemoved(leader=name, why=f"the {fleet_of} fleet was eliminated (SK 19.6)")
            )


def emo_problem(
    content: SoldierContent, s: SoldierState, leader: str, units: list[str]
) -> str | None:
    """SK 19.6, for naval movement: an admiral bound to a fleet may be only in a group that
    contains it."""
    fleet_of = content.leader(leader).fleet_of
    if fleet_of and not any(
        s.units[u].country == fleet_of and s.units[u].type == "fleet" for u in units
    ):
        return f"{leader} may only be with a group that contains the {fleet_of} fleet (SK 19.6)"
    return None
