"""Formal alliances between major powers (SK 16.1-16.3): who may ally (16.2's prohibited
pairs, and pairs that broke an alliance), backstabbing (`break alliance with POWER`, in
an Action Phase or a Diplomacy Phase envelope) and the breaks 16.2 then forces. Auxiliaries
on loan between the two revert at once (SK 19.5). Alliances are made by deals in the
Diplomacy Phase (diplomacy.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import mercenaries, standing, victory
from .content import SoldierContent
from .fold import on
from .names import Names
from .state import SoldierState


def remember(s: SoldierState, a: str, b: str) -> None:
    """SK 5.0: two powers of different players were formally allied this year."""
    if s.player_of(a) != s.player_of(b):
        s.allied_in_year = sorted({*s.allied_in_year, a, b})


def allied(s: SoldierState, a: str, b: str) -> bool:
    return any(a in g and b in g for g in s.alliances)


def embargoed(content: SoldierContent, s: SoldierState) -> set[frozenset[str]]:
    """SE 16.7 Revolutionary France: France with each of Austria, Prussia and Russia,
    until any one of these has surrendered to France."""
    out: set[frozenset[str]] = set()
    for e in content.tables.alliance_embargoes:
        if not any([x, e.power] in s.surrendered_to for x in e.barred):
            out |= {frozenset((e.power, x)) for x in e.barred}
    return out


def bars_of(content: SoldierContent, s: SoldierState) -> set[frozenset[str]]:
    """The pairs that may not ally: SK 16.2's, and those that broke an alliance (SK 16.3);
    SE 16.7's while it lasts ("All effects of a Prohibited Alliance (16.2) apply")."""
    bars = {frozenset(x.powers) for x in content.tables.prohibited_alliances}
    return bars | {frozenset(p) for p in s.broken_alliances} | embargoed(content, s)


def card_needed(content: SoldierContent, s: SoldierState, a: str, b: str) -> str | None:
    """SE 14.4: why an alliance of `a` and `b` needs the alliance card played (None: it
    does not): the years of Early Alliances, or a broken alliance to restore (SE 16.3)."""
    rule = content.tables.alliance_card
    if rule is None:
        return None
    if content.game.year(s.turn) <= rule.required_until_year:
        return f"in {content.game.first_year}-{rule.required_until_year} a formal alliance needs"
    if rule.restores_broken and sorted((a, b)) in s.broken_alliances:
        return f"{a} and {b} broke their alliance: to restore it needs"
    return None


def prohibited(
    content: SoldierContent, s: SoldierState, a: str, b: str, card: bool = False
) -> str | None:
    """SK 16.2: why `a` and `b` may not ally (None: they may): a prohibited pair, a pair
    that broke an alliance (SK 16.3), or one of them allied to a power barred to the other.
    SE 14.4, 16.3: `card`, a Minor Country Alliance card of one of them played, allows an
    alliance in 1803-1804 and restores a broken one; SE 16.7: Revolutionary France."""
    book = content.game.rules.book
    rule = content.tables.alliance_card
    bars = bars_of(content, s)
    restoring = card and rule is not None and rule.restores_broken
    why = card_needed(content, s, a, b)
    if why and not card:
        return f"{why} a {rule.card} card played by {a} or {b} ({book} 14.4, 16.3)"  # type: ignore[union-attr]
    if sorted((a, b)) in s.broken_alliances:
        if not restoring:
            return f"{a} and {b} broke their alliance: they may not ally again ({book} 16.3)"
        bars.discard(frozenset((a, b)))
    if frozenset((a, b)) in embargoed(content, s):
        e = next(e for e in content.tables.alliance_embargoes if e.power in (a, b))
        others = ", ".join(e.barred[:-1]) + f" or {e.barred[-1]}"
        return f"{a} and {b} may not ally until one of {others} has surrendered to {e.power} ({book} 16.7)"
    if frozenset((a, b)) in bars:
        return f"{a} and {b} may not ally ({book} 16.2)"
    for x, y in ((a, b), (b, a)):
        for g in s.alliances:
            if x in g:
                for friend in g:
                    if friend != x and frozenset((friend, y)) in bars:
                        return (
                            f"{x} is allied to {friend}, whom {y} may not ally with ({book} 16.2)"
                        )
    return None


# --------------------------------------------------------------------------- SK 16.3


@dataclass(frozen=True)
class FormalBreak:
    """SK 16.3: `break alliance with POWER`, a formal ally, in one's Action Phase (before
    the naval movement) or in a Diplomacy Phase envelope (before its deals)."""

    power: str
    line: int

    @property
    def text(self) -> str:
        return f"break alliance with {self.power}"


@event
class FormalAllianceBroken(Event):
    """SK 16.3: `powers` are formal allies no more, and may never ally again."""

    type: Literal["sk.formal_alliance_broken"] = "sk.formal_alliance_broken"
    powers: list[str]  # sorted
    why: str = ""  # empty: broken by order; else the 16.2 restriction that broke it


@on(FormalAllianceBroken)
def _(s: SoldierState, e: FormalAllianceBroken) -> None:
    a, b = e.powers
    kept: list[list[str]] = []
    for g in s.alliances:
        if a in g and b in g:  # a larger group splits into the pairs that remain
            kept += [[x, y] for i, x in enumerate(g) for y in g[i + 1 :] if {x, y} != {a, b}]
        else:
            kept.append(g)
    s.alliances = kept
    remember(s, a, b)
    if sorted((a, b)) not in s.broken_alliances:
        s.broken_alliances.append(sorted((a, b)))


def parse_break(s: SoldierState, power: str, rest: str, line: int, problems: list[Problem]):
    """`break alliance with POWER` naming a major power; None when it names none (then it
    is a minor country's, SK 17.8)."""
    m = re.fullmatch(r"(?is)alliance\s+with\s+(.+)", rest.strip())
    if not m:
        return None
    name = " ".join(m.group(1).split())
    major = next((p for p in s.majors if p.casefold() == name.casefold()), None)
    return FormalBreak(major, line) if major else None


def after_breaks(s: SoldierState, power: str, orders: list) -> SoldierState:
    """For checking the rest of the orders: the formal allies `power` breaks with are
    allies no more (SK 16.3: it may attack them at once)."""
    gone = [o.power for o in orders if isinstance(o, FormalBreak) and allied(s, power, o.power)]
    if not gone:
        return s
    out = s.model_copy()
    out.alliances = [
        [x, y]
        for g in s.alliances
        for i, x in enumerate(g)
        for y in g[i + 1 :]
        if not (power in (x, y) and ({x, y} - {power}) & set(gone))
    ]
    return out


def break_problems(s: SoldierState, power: str, orders: list) -> list[Problem]:
    return [
        Problem(f"{power} and {o.power} are not formal allies (SK 16.3)", o.line)
        for o in orders
        if isinstance(o, FormalBreak) and not allied(s, power, o.power)
    ]


@standing.verb("keep")
def _keep(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """keep alliance with POWER[, POWER...] (SK 16.3: which alliance to keep when 16.2
    forces a break of one of two)"""
    text = " ".join(words)
    m = re.fullmatch(r"(?is)alliances?\s+with\s+(.+)", text)
    if not m:
        problems.append(Problem("write: keep alliance with POWER[, POWER...] (SK 16.3)", line))
        return None
    return standing.majors_named(s, m.group(1), line, problems)


def keeps(standing_orders: dict, power: str) -> list[str]:
    """The allies `power` keeps first, in the order its `keep alliance with` lines name."""
    orders = standing_orders.get(power)
    got = orders.get("keep", []) if orders is not None else []
    return [p for line in got for p in line]


def break_alliances(
    ctx: Resolution, content: SoldierContent, power: str, orders: list, standing_orders: dict
) -> None:
    """SK 16.3: each break, then the breaks SK 16.2 then requires (`cascade`)."""
    for o in orders:
        if isinstance(o, FormalBreak) and allied(ctx.state, power, o.power):
            broken(ctx, FormalAllianceBroken(powers=sorted((power, o.power))))
            breaker(ctx, content, power)
            cascade(ctx, content, standing_orders)


def breaker(ctx: Resolution, content: SoldierContent, power: str) -> None:
    """SE 21.6: remember the year `power` broke an alliance (SK has no such rule): a break
    in a Winter Diplomacy Phase bars the next Winter's automatic victory
    (victory.alliance_year)."""
    if content.game.rules.victory == "soldier-emperor":
        year = victory.alliance_year(content, ctx.state)
        ctx.emit(victory.AllianceBreaker(power=power, year=year))


def broken(ctx: Resolution, e: FormalAllianceBroken) -> None:
    """The break, and SK 19.5: auxiliaries on loan between the two revert at once."""
    ctx.emit(e)
    a, b = e.powers
    mercenaries.revert_auxiliaries(ctx, a, b)
    mercenaries.revert_auxiliaries(ctx, b, a)


def cascade(ctx: Resolution, content: SoldierContent, standing_orders: dict) -> None:
    """SK 16.3: "the Russian player would have to choose to break one of the alliances":
    a power left allied to two that may no longer ally with each other keeps the one its
    standing orders name first (`keep alliance with POWER`) and breaks with the other;
    naming neither, it breaks with the one it allied with later (the default)."""
    while True:
        s: SoldierState = ctx.state
        bars = bars_of(content, s)
        pairs = [
            tuple(sorted((x, y))) for g in s.alliances for i, x in enumerate(g) for y in g[i + 1 :]
        ]
        found = None
        for x in sorted(s.majors):
            partners = [p for pair in pairs if x in pair for p in pair if p != x]
            for i, y in enumerate(partners):
                for z in partners[i + 1 :]:
                    if frozenset((y, z)) in bars:
                        found = (x, z, y)  # z: the later of the two alliances
                        break
                if found:
                    break
            if found:
                break
        if found is None:
            return
        x, later, other = found
        prefer = keeps(standing_orders, x)
        ranked = [p for p in prefer if p in (later, other)]
        if ranked and ranked[0] == later:
            later, other = other, later  # it keeps the later one, breaks the earlier
        broken(
            ctx,
            FormalAllianceBroken(
                powers=sorted((x, later)),
                why=f"{x} may not stay allied to both {other} and {later} (SK 16.2, 16.3)",
            ),
        )
        breaker(ctx, content, x)


def ally_phase_problems(
    content: SoldierContent, s: SoldierState, power: str, acting: str, orders: Any
) -> list[Problem]:
    """SE 16.1: in an ally's action phase a power moves and fights only with "units [that]
    begin the phase in an area containing activated units of the ally", and with all its
    units in one other area (land or sea). pbem reads "activated" as the acting power's
    units (its own, minor allies', hired or lent), all of which may act in its phase, and
    applies the limit to formal allies only (not to one player's powers). `s` is the state
    at the start of the phase; `orders` the power's ActionOrders. The first area named
    without the acting power's units is the one other area; a line that uses a second is
    refused. The armies a `board` line puts aboard an ally's fleets move in the phase
    too, and so do those a `sail` line takes on the way. Soldier Kings (SK 16.1): any of
    the ally's units."""
    if content.game.rules.ally_units != "with-active-units" or power == acting:
        return []
    if s.player_of(power) == s.player_of(acting):
        return []
    active = {u.area for u in s.on_map() if s.commander(u) == acting}
    moved = {uid for o in orders.moves for uid in o.units}
    lines: list[tuple[int, list[str]]] = []
    for o in orders.naval.sails:  # with the armies it takes on the way (SK 10.6)
        lines.append((o.line, [*o.fleets, *o.armies, *(x for c in o.calls for x in c.take)]))
    for b in orders.naval.boards:  # an ally's fleets carry them: they move in this phase
        lines.append((b.line, list(b.armies)))
    for o in orders.moves:
        lines.append((o.line, list(o.units)))
    for a in orders.attacks:  # named armies, or those the power has there and keeps there
        staying = [u.id for u in s.on_map(a.area, "army") if s.commander(u) == power]
        lines.append((a.line, list(a.units or [u for u in staying if u not in moved])))
    for g in orders.sieges:
        staying = [u.id for u in s.on_map(g.area, "army") if s.commander(u) == power]
        lines.append((g.line, [u for u in staying if u not in moved]))
    other: str | None = None
    problems: list[Problem] = []
    for line, units in sorted(lines, key=lambda x: x[0]):
        for uid in units:
            u = s.units.get(uid)
            if u is None or u.status != "map" or u.area in active:
                continue
            if other is None:
                other = u.area
            elif u.area != other:
                problems.append(
                    Problem(
                        f"in {acting}'s action phase {power} may act only with units in areas "
                        f"holding {acting}'s units, and with those of one other area ({other}): "
                        f"{uid} is in {u.area} (SE 16.1)",
                        line,
                    )
                )
                break
    return problems


def surrendering_to(content: SoldierContent, s: SoldierState, giver: str, taker: str) -> bool:
    """SE 14.2: `giver` may transfer to `taker` as "a Major Power to which he or she is
    surrendering": it has declared its surrender to `taker` this turn, or surrendered to it
    and the peace still runs (the terms agreed are paid in the next Diplomacy Phase)."""
    if content.game.rules.transfers != "and-victors":
        return False
    if taker in s.surrenders.get(giver, []):
        return True
    return any(p.loser == giver and p.victor == taker and p.until_turn > s.turn for p in s.peace)
