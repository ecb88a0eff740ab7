"""SK 8 Land Movement, with generals (SK 13.1 command, 13.3 army movement, 13.9),
the scenario freeze (Scenario #2) and peace (SK 15.2-15.3).

`move PIECES to AREA[, AREA...]` moves one group, all starting in one area, along
the land routes named, as the whole of its movement this phase. Costs are counted
in half movement points: entering a friendly or allied-controlled area costs 1
(1/2 MP), a neutral or enemy-controlled one 2 (1 MP) (SK 8.2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pbem.clone import clone
from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import card_units, national, order_hints, sko_map_units, war
from . import leaders as leader_rules
from .common import of_power
from .content import SoldierContent
from .effects import extra_half_mps, leader_inactive
from .fold import on
from .hooks import card_rules
from .names import Names
from .siege_lifts import lift_sieges
from .state import Move, SoldierState
from .transport import landed_as_boarded


@dataclass(frozen=True)
class MoveOrder:
    units: tuple[str, ...]
    leaders: tuple[str, ...]
    path: tuple[str, ...]
    line: int


@event
class GroupMoved(Event):
    """SK 8: a group's move along `path`, with what it cost."""

    type: Literal["sk.group_moved"] = "sk.group_moved"
    power: str
    units: list[str]
    leaders: list[str]
    path: list[str]  # start area first
    half_mps: int
    allowance: int  # in half movement points
    mountain: list[bool]  # per step: entered by a mountain route


@on(GroupMoved)
def _(s: SoldierState, e: GroupMoved) -> None:
    end = e.path[-1]
    for u in e.units:
        unit = s.units[u]
        unit.area = end
        if u not in s.acted:
            s.acted.append(u)
        for k in range(1, len(e.path)):
            step = Move(
                unit=u,
                country=unit.country,
                frm=e.path[k - 1],
                to=e.path[k],
                mountain=e.mountain[k - 1],
            )
            s.moves.append(step)
            if step.mountain:  # SE 9.6, 12.3: "this turn"
                s.mountain_moves.append(step)
    for name in e.leaders:
        s.leaders[name].area = end


def parse_move(
    names: Names, s: SoldierState, text: str, line: int, problems: list[Problem]
) -> MoveOrder | None:
    m = re.match(r"(?is)(.+?)\s+to\s+(.+)$", text)
    if not m:
        problems.append(Problem("write: move PIECES to AREA[, AREA...]", line))
        return None
    pieces = names.pieces(m.group(1), line, problems)
    path_text = re.split(r"\s*(?:,|->|-(?=\s)|\bthen\b)\s*", m.group(2).strip())
    path = [names.area(a, line, problems) for a in path_text if a.strip()]
    if not pieces or not path or None in path:
        return None
    return MoveOrder(
        tuple(p.name for p in pieces if p.kind == "unit"),
        tuple(p.name for p in pieces if p.kind == "leader"),
        tuple(path),  # type: ignore[arg-type]
        line,
    )


def allowance(
    content: SoldierContent, s: SoldierState, units: list[str], leaders: list[str]
) -> int:
    """Half movement points of a group. SK 8.1: an army alone has 1 MP. SK 13.3: armies
    directed by generals have the generals' allowance (Frederick 3, others 2), SK 13.1: a
    general directs rating + 1 armies. A group moves at its slowest general's
    allowance when its generals can direct all its armies, else at 1 MP. The rating is
    the one he leads with (SE 19.23: Poniatowski rates three leading only Polish armies,
    and so directs four)."""
    names = [n for n in leaders if s.leaders[n].role == "general"]
    armies = [u for u in units if s.units[u].type == "army"]
    more = extra_half_mps(s, units)  # Forced March: one more movement point
    if not names:
        return 2 + more
    slowest = min(s.leaders[n].movement or 2 for n in names)
    direct = sum(leader_rules.rating(content, s, n, units, names) + 1 for n in names)
    if not armies or len(armies) <= direct:
        return 2 * slowest + more
    return 2 + more


def too_many_armies(
    content: SoldierContent, s: SoldierState, units: list[str], leaders: list[str]
) -> str | None:
    """Why a group with generals moves at 1 MP (SK 13.1: each directs rating + 1 armies),
    for a refusal to say; None when its generals direct all its armies."""
    names = [n for n in leaders if s.leaders[n].role == "general"]
    armies = [u for u in units if s.units[u].type == "army"]
    ratings = {n: leader_rules.rating(content, s, n, units, names) for n in names}
    direct = sum(r + 1 for r in ratings.values())
    if not names or len(armies) <= direct:
        return None
    who = ", ".join(f"{n} (rating {r})" for n, r in ratings.items())
    return (
        f"{who} direct{'s' if len(names) == 1 else ''} at most {direct} armies and the group "
        f"has {len(armies)}, so it moves as armies without a general (SK 13.1)"
    )


def step_cost(s: SoldierState, power: str, area: str) -> int:
    """SK 8.2: 1/2 MP into a friendly or allied-controlled area (SK 19.2: an Indian area
    allied with the power's side too, state.holder), 1 MP otherwise."""
    return 1 if s.friendly(s.holder(area), power) else 2


def _enemy_armies(s: SoldierState, power: str, area: str) -> list[str]:
    return [u.id for u in s.on_map(area, "army") if not s.friendly(s.unit_side_country(u), power)]


def check_move(
    content: SoldierContent, s: SoldierState, power: str, o: MoveOrder, moved: set[str]
) -> list[Problem]:
    out: list[Problem] = []

    def bad(msg: str) -> None:
        out.append(Problem(msg, o.line))

    starts = set()
    for u in o.units:
        unit = s.units[u]
        if s.commander(unit) != power:
            bad(f"{u} is not {power}'s to move")
        elif unit.status != "map":
            bad(f"{u} is not on the map")
        elif unit.type != "army":
            bad(f"{u} is a fleet; fleets move at sea (SK 10)")
        else:
            starts.add(unit.area)
        # SK 10.62: an army transported this phase may disembark and then move by land
        landed = unit.carried_by is None and any(m.unit == u for m in s.naval_moves)
        if (u in s.acted and not landed) or u in moved:
            bad(f"{u} has already moved or fought this turn (SK 16.1)")
        elif landed and _enemy_armies(s, power, unit.area or ""):
            # SE 10.62 says it in so many words; SK has it from SK 8.3 and 10.61
            why = "SK 8.3, 10.61" if content.game.rules.book == "SK" else "SE 10.62"
            bad(f"{u} landed among enemy armies in {unit.area} and must stop there ({why})")
        if u in s.garrisons:  # SKO Imperial Capitals
            bad(
                f"{u} is the garrison step of {s.garrisons[u]}: it never leaves it (SKO Imperial Capitals)"
            )
        if s.frozen.get(unit.country, 0) > s.turn:
            bad(f"no {unit.country} unit may move until Turn {s.frozen[unit.country]} (scenario)")
    for n in o.leaders:
        ld = s.leaders[n]
        if ld.country != power and s.allies.get(ld.country) != power:
            bad(f"{n} is not {power}'s leader")
        elif ld.status != "map":
            bad(f"{n} is not on the map")
        elif ld.role != "general":
            bad(f"{n} is an admiral; admirals move with fleets (SK 13.4)")
        elif _vacillates(s, n):
            bad(f"{n} may not move this turn (Vacillating General)")
        else:
            starts.add(ld.area)
        if s.frozen.get(ld.country, 0) > s.turn:
            bad(f"no {ld.country} leader may move until Turn {s.frozen[ld.country]} (scenario)")
        if n in moved:
            bad(f"{n} has already moved this phase")
    if len(starts) > 1:
        bad(f"a group must start in one area; these pieces are in {', '.join(sorted(starts))}")
    if out or not starts:
        return out
    here = starts.pop()
    path = [here, *o.path] if o.path[0] != here else list(o.path)
    if len(path) < 2:
        bad(f"the group is already in {here}")
        return out
    spent = 0
    limit = allowance(content, s, list(o.units), list(o.leaders))
    limit = sko_map_units.colonial_allowance(content, s, here, limit, list(o.units))  # SKO
    for k in range(1, len(path)):
        a, b = path[k - 1], path[k]
        if not content.is_land(b):
            bad(f"{b} is a sea area; armies move by land routes (SK 8)")
            return out
        if content.route_between(a, b) is None and not national.linked(
            content, s, a, b, o.units, o.leaders
        ):  # SKO Added Optional National Advantages: Austria's Lombardy-Tyrol
            bad(_no_route(content, s, power, o, path[:k], b, spent, limit))
            return out
        if _enemy_armies(s, power, a) and k > 1:
            bad(f"the group must stop in {a}: it holds enemy armies (SK 8.3)")
            return out
        for p in s.peace:
            if p.victor == power and s.turn < p.until_turn and _belongs_to(s, content, b, p.loser):
                owner = of_power(s, s.holder(b) or p.loser, p.loser)
                bad(
                    f"{power} may not enter {b}, an area of {owner}, until Turn {p.until_turn} (SK 15.3)"
                )
        for country in sorted({s.units[u].country for u in o.units}):
            why = sko_map_units.abroad_problem(content, s, country, b)  # SKO Extra-Europe
            if why:
                bad(why)
                return out
        if barred := war.entry_barred(content, s, power, b, list(o.units)):  # SKO
            bad(barred)
        spent += step_cost(s, power, b)
    if spent > limit:
        rule = (
            "SKO Army Leaders and Land Movement outside Europe"
            if limit < allowance(content, s, list(o.units), list(o.leaders))
            else "SK 8.1-8.2, 13.3"
        )
        why = too_many_armies(content, s, list(o.units), list(o.leaders))
        bad(
            f"the move costs {spent / 2:g} MP; the group has {limit / 2:g} ({rule})"
            + (f": {why}" if why else "")
        )
    return out


def _no_route(
    content: SoldierContent,
    s: SoldierState,
    power: str,
    o: MoveOrder,
    before: list[str],
    b: str,
    spent: int,
    limit: int,
) -> str:
    """Why the group does not go from before[-1] to `b`, with the way it could (SK 8.1-8.3):
    the cheapest route by the map, written as the order takes it, if it has the movement
    points for it, else how far it is."""
    a = before[-1]
    near = f"no land route from {a} to {b} (from {a}: {', '.join(sorted(content.neighbours(a)))})"
    found = order_hints.land_route(
        content, a, b, lambda x: step_cost(s, power, x), lambda x: bool(_enemy_armies(s, power, x))
    )
    if found is None:
        there, here = content.map_of(b), content.map_of(a)
        if there != here and "track" not in (there, here):  # SK 10.6, 10.7: by sea only
            return (
                f"{near}; {b} is on the {card_units.map_title(there)} map, not the "
                f"{card_units.map_title(here)} map: armies go to another map only aboard fleets "
                "(sail ... with ARMIES, SK 10.6, 10.7)"
            )
        return f"{near}; no land route leads there"
    route, cost = found
    if spent + cost > limit:
        return (
            f"{near}: {b} is not next to {a}, and out of reach this turn: the shortest land "
            f"route, {', '.join(route[1:])}, costs {cost / 2:g} MP and the group has "
            f"{(limit - spent) / 2:g} left (SK 8.1-8.2)"
        )
    way = [*before[1:], *route[1:]]
    written = f"move {' '.join([*o.units, *o.leaders])} to {', '.join(way)}"
    refused = check_move(
        content, s, power, MoveOrder(o.units, o.leaders, tuple(way), o.line), set()
    )
    if refused:
        return (
            f"{near}: {b} is not next to {a}; the shortest land route, '{written}', "
            f"is refused too: {refused[0].message}"
        )
    return (
        f"{near}: {b} is not next to {a}: name every area on the way, as in "
        f"'{written}' ({(spent + cost) / 2:g} MP)"
    )


def _vacillates(s: SoldierState, name: str) -> bool:
    return leader_inactive(s, name)


def _belongs_to(s: SoldierState, content: SoldierContent, area: str, power: str) -> bool:
    owner = s.holder(area)  # SK 19.2: an Indian area allied with `power` is its minor ally's
    return owner == power or s.allies.get(owner or "") == power


def validate_moves(
    content: SoldierContent, s: SoldierState, power: str, moves: list[MoveOrder]
) -> list[Problem]:
    problems: list[Problem] = []
    moved: set[str] = set()
    for o in moves:
        problems += check_move(content, s, power, o, moved)
        moved |= set(o.units) | set(o.leaders)
    return problems


def after_moves(
    content: SoldierContent, s: SoldierState, power: str, moves: list[MoveOrder]
) -> SoldierState:
    """The state once these (valid) moves are made: what attacks and sieges are checked on.
    A copy that shares what moves leave alone: only what a group's move changes (its
    counters and leaders, `acted`, `moves`, `mountain_moves`) is copied, so `s` stays as it was."""
    from .fold import apply

    if not moves:
        return s
    t = s.model_copy()
    t.units, t.leaders = dict(s.units), dict(s.leaders)
    t.index_from(s)
    t.acted, t.moves = list(s.acted), list(s.moves)
    t.mountain_moves = list(s.mountain_moves)
    copied: set[str] = set()
    for o in moves:
        e = _event(content, t, power, o)
        for uid in e.units:
            if uid not in copied:
                t.units[uid] = clone(t.units[uid])
                copied.add(uid)
        for name in e.leaders:
            if name not in copied:
                t.leaders[name] = clone(t.leaders[name])
                copied.add(name)
        apply(t, e)
    return t


def _event(content: SoldierContent, s: SoldierState, power: str, o: MoveOrder) -> GroupMoved:
    start = s.units[o.units[0]].area if o.units else s.leaders[o.leaders[0]].area
    path = [start, *o.path] if o.path[0] != start else list(o.path)
    return GroupMoved(
        power=power,
        units=list(o.units),
        leaders=list(o.leaders),
        path=path,
        half_mps=sum(step_cost(s, power, b) for b in path[1:]),
        allowance=sko_map_units.colonial_allowance(
            content,
            s,
            start or "",
            allowance(content, s, list(o.units), list(o.leaders)),
            list(o.units),
        ),
        mountain=[bool(content.route_between(path[k - 1], path[k])) for k in range(1, len(path))],
    )


def resolve_moves(
    ctx: Resolution,
    content: SoldierContent,
    power: str,
    moves: list[MoveOrder],
    landings: dict[str, str] | None = None,
    standing: dict | None = None,
) -> None:
    """`landings`: piece -> the area its power's `board ... to AREA` line lands it in
    (transport.landings): its move goes ahead only from there, landed this phase.
    `standing`: the standing orders, for the cards played as a group enters an area."""
    moved: set[str] = set()
    for o in moves:
        if check_move(content, ctx.state, power, o, moved):
            continue  # validated on submission; a move the phase made impossible is dropped
        if landings and not all(
            landed_as_boarded(ctx.state, x, landings) for x in (*o.units, *o.leaders)
        ):
            continue  # SK 10.62: written to move on after an ally's voyage that did not land it
        _move(ctx, content, _event(content, ctx.state, power, o), standing or {})
        moved |= set(o.units) | set(o.leaders)
        lift_sieges(ctx)  # SK 12.5: its armies may have left a siege


def _move(ctx: Resolution, content: SoldierContent, e: GroupMoved, standing: dict) -> None:
    """SE 5.1, 5.2: the group enters the areas of its path one by one, and the cards are
    asked at each (hooks: `army_enters`; SE Cossacks stops it "as it enters a Russian home
    area"). A card played there splits the move: the part up to that area, and the rest
    unless the card stopped the group. With no card played it is the one event `e`."""
    s: SoldierState = ctx.state
    costs = [step_cost(s, e.power, b) for b in e.path[1:]]
    done = 0  # the index in e.path the events so far took the group to

    def part(upto: int) -> GroupMoved:
        return GroupMoved(
            power=e.power,
            units=[u for u in e.units if s.units[u].status == "map"],
            leaders=list(e.leaders),
            path=e.path[done : upto + 1],
            half_mps=sum(costs[done:upto]),
            allowance=e.allowance,
            mountain=e.mountain[done:upto],
        )

    rules = card_rules(content)
    for k in range(1, len(e.path)):

        def arrive(k: int = k) -> None:
            nonlocal done
            if k > done:
                ctx.emit(part(k))
                done = k

        if rules.army_enters(ctx, content, e.power, list(e.units), e.path[k], standing, arrive):
            return  # the card stopped it here
    if done == 0:
        ctx.emit(e)
    elif done < len(e.path) - 1:
        ctx.emit(part(len(e.path) - 1))
