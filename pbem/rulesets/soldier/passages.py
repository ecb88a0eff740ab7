"""SK 10.46, 10.5-10.53 / SE 10.46, 10.5-10.53: what a moving group meets between two
areas: fleets in Gibraltar or Constantinople, and blockades (breaking one, or, in Soldier
Emperor, slipping past it with the card Slip the Blockade). naval.py moves the groups;
the battles are naval_combat.py's."""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution

from . import fleet_groups, navy, peace_ends
from . import naval_combat as nc
from .content import SoldierContent
from .fold import on
from .hooks import card_rules
from .state import SoldierState
from .voyage import Voyage, alive


@event
class BlockadeSlipped(Event):
    """SE 10.5 with the card Slip the Blockade: the group passes between the blockaded
    coastal area and the sea area without being intercepted by the blockaders or
    fighting them; the blockade stays."""

    type: Literal["se.blockade_slipped"] = "se.blockade_slipped"
    power: str  # who played the card
    card: str
    area: str  # the blockaded coastal area
    sea: str
    fleets: list[str]  # the group that passes
    blockaders: list[str]


@on(BlockadeSlipped)
def _(s: SoldierState, e: BlockadeSlipped) -> None:
    pass


def strait(content: SoldierContent, a: str, b: str) -> str | None:
    """SK 10.46: the coastal area watching the passage between two sea areas."""
    return navy.strait_between(content, a, b)


def hostile_fleets(s: SoldierState, side: str, area: str) -> list[str]:
    """The fleets in `area` that are enemies of `side` and may attack it (SK 1.0 Enemy,
    SK 15.3), sorted: asked for each country and power there once."""
    out: list[str] = []
    seen: dict[tuple[str, str], bool] = {}
    for f in navy.fleets_in(s, area):
        key = (navy.side_country(s, f), navy.owner(s, f))
        ok = seen.get(key)
        if ok is None:
            ok = seen[key] = navy.hostile(s, side, key[0]) and navy.may_attack(s, key[1], side)
        if ok:
            out.append(f)
    return out


def groups_by_power(s: SoldierState, fleets: list[str]) -> list[tuple[str, list[str]]]:
    out: dict[str, list[str]] = {}
    for f in fleets:
        out.setdefault(navy.owner(s, f), []).append(f)
    return sorted(out.items())


def _labels(content: SoldierContent, s: SoldierState, area: str, power: str) -> dict[str, str]:
    """The group labels of `power`'s fleets in `area` (fleet_groups.py), each to the
    group it is in: itself, or with SE 11.4 ("Retreating naval units may join any groups
    already present in the area"), for retreated fleets, the first group there."""
    raw = sorted(
        {
            fleet_groups.label(s, f, area)
            for f in navy.fleets_in(s, area)
            if navy.owner(s, f) == power
        }
    )
    joins = content.game.rules.retreat_joins_group
    return {lab: raw[0] if joins and fleet_groups.is_retreat(lab) else lab for lab in raw}


def fleet_groups_in(
    content: SoldierContent, s: SoldierState, fleets: list[str]
) -> list[tuple[str, str, list[str]]]:
    """SK 10.3 / SE 10.3: `fleets` (on the map, in one area) by group: (power, label,
    fleets), by power, then the label (the standing group first, then by arrival)."""
    out: dict[tuple[str, str], list[str]] = {}
    labels: dict[tuple[str, str | None], dict[str, str]] = {}
    for f in fleets:
        p, area = navy.owner(s, f), s.units[f].area or ""
        seen = labels.get((p, area))
        if seen is None:
            seen = labels[p, area] = _labels(content, s, area, p)
        out.setdefault((p, seen.get(fleet_groups.label(s, f, area), "")), []).append(f)
    return [(p, lab, sorted(fl)) for (p, lab), fl in sorted(out.items())]


def group_leaders(
    content: SoldierContent, s: SoldierState, area: str, power: str, fleets: list[str]
) -> list[str]:
    """The leaders with the group `fleets` of `power` in `area` (navy.leaders_with), each
    with one group there (leader_group): those that arrived with it (SK 10.3 / SE 10.3);
    leaders of `power` whose group is not there (set up, left behind, come by land) are
    with the power's first group there. A leader of another power friendly or allied to
    it is with his own power's group (SK 13.2 / SE 13.2: he adds his rating to the units
    "he is directing"), and with one of `power`'s only when his power has no fleets there
    (SK 13.0 / SE 13.0: "all friendly units of the same type")."""
    leaders = navy.leaders_with(s, content, area, [power])
    seen = _labels(content, s, area, power)
    if not seen:
        return leaders
    mine = seen.get(fleet_groups.label(s, fleets[0], area), "") if fleets else ""
    cache: dict[str, dict[str, str]] = {power: seen}
    return [n for n in leaders if leader_group(content, s, area, n, cache) == (power, mine)]


def leader_group(
    content: SoldierContent,
    s: SoldierState,
    area: str,
    name: str,
    cache: dict[str, dict[str, str]] | None = None,
) -> tuple[str, str] | None:
    """The group (power, label; fleet_groups.py) the leader `name` directs in `area`, or
    None. SK 10.3 / SE 10.3: a leader moves with a group; SK 13.2 / SE 13.2: "a Leader's
    rating is added to the number of dice rolled by friendly or allied units he is
    directing". His own power's group (navy.owner's power: a minor's leader is his
    major's), the one he arrived with, else its first group (the standing group, else the
    first to arrive). A leader whose power has no fleets there directs a friendly or
    allied power's group (SK 13.0 / SE 13.0: "A leader may assist all friendly units of
    the same type"): the one he arrived with, else the first group of the first such power
    by name. pbem's reading: one group each, so no rating counts twice."""
    cache = {} if cache is None else cache

    def labels(p: str) -> dict[str, str]:
        got = cache.get(p)
        if got is None:
            got = cache[p] = _labels(content, s, area, p)
        return got

    ld = s.leaders[name]
    own = s.major_of(ld.country) or ld.country
    lab = fleet_groups.label(s, name, area)
    seen = labels(own)
    if seen:
        return own, seen.get(lab, min(seen.values()))
    friends = sorted(
        {
            p
            for p in (navy.owner(s, f) for f in navy.fleets_in(s, area))
            if p != own and s.friendly(own, p)
        }
    )
    for p in friends:
        if lab != fleet_groups.STANDING and lab in labels(p):
            return p, labels(p)[lab]
    return (friends[0], min(labels(friends[0]).values())) if friends else None


def slip_blockade(ctx: Resolution, power: str, card: str, info: dict) -> None:
    """SE 10.5, 10.51: Slip the Blockade (effect `evade_blockade`, card_play.execute): the
    group the moment names (info: area, sea, fleets, blockaders) passes the blockade."""
    ctx.emit(
        BlockadeSlipped(
            power=power, card=card, area=info["area"], sea=info["sea"],
            fleets=sorted(info["fleets"]), blockaders=sorted(info["blockaders"]),
        )
    )  # fmt: skip
    info["slipped"] = True


def _automatic(ctx: Resolution, area: str, interceptors: list[str], v: Voyage, why: str) -> None:
    """An interception with no roll: a blockade (SK 10.5) or a strait (SK 10.46)."""
    ctx.emit(
        navy.Interception(
            area=area, interceptors=sorted(interceptors), target=sorted(v.fleets), roll=None,
            fleets=len(v.fleets), admirals=0, enemy_admirals=0, total=None, success=True,
            automatic=why,
        )
    )  # fmt: skip


def friendly_sides(s: SoldierState, fleets: list[str]) -> list[list[str]]:
    """SK 11.2 ("all friendly and allied fleets") with SK 1.0 Friendly/Ally: enemy `fleets`
    (blockaders, SK 10.51; fleets in a coastal area, SK 11.0) by the side they fight on. Each power's fleets
    (navy.owner) join the first side whose powers are all friendly to it (one player's, or
    formally allied, SK 16.1), powers taken by name as groups_by_power takes them; a power
    friendly to none of them starts a side of its own. Usually one side."""
    sides: list[tuple[list[str], list[str]]] = []  # (powers, fleets)
    for power, own in groups_by_power(s, fleets):
        for powers, got in sides:
            if all(s.friendly(power, q) for q in powers):
                powers.append(power)
                got.extend(own)
                break
        else:
            sides.append(([power], list(own)))
    return [sorted(got) for _, got in sides]


def blockade_leaders(
    content: SoldierContent, s: SoldierState, sea: str, fleets: list[str]
) -> list[str]:
    """The leaders who fight with the blockaders `fleets` (one side, all in `sea`), sorted:
    those with their groups (group_leaders, for each power's group among them), not every
    friendly admiral in the sea area. SK 10.3: "Fleets moving together ... are a group"
    (leaders move with it); SK 13.2: a leader's rating "is added to the number of dice
    rolled by friendly or allied units he is directing"; SK 13.4: an admiral adds it for
    "a friendly or allied fleet or group he directs". An admiral with another group of the
    side in the sea area, not on blockade, does not fight. A group is its label
    (fleet_groups.py), so fleets of one group of which only some blockade (declared where
    they stood) share their group's admirals; a blockade joined later by another group
    has the admirals of each. With all the side's fleets there on blockade, these are
    navy.leaders_with's leaders for its powers, as before."""
    out: set[str] = set()
    for power, _, group in fleet_groups_in(content, s, fleets):
        out.update(group_leaders(content, s, sea, power, group))
    return sorted(out)


def break_blockade(
    ctx, content, v: Voyage, coast: str, sea: str, orders, exiting: bool, attempted: set
) -> bool:
    """SK 10.5-10.53 / SE 10.5-10.53: blockaders automatically intercept; the group passes
    only if they are all eliminated or forced away. Failing, it stops in the coastal area
    it tried to leave or the sea area it tried to enter from (SK 10.52 / SE 10.52)."""
    s: SoldierState = ctx.state
    side = v.plan.power
    them = [
        f for f in navy.blockaders(s, coast, sea) if navy.hostile(s, side, navy.side_country(s, f))
    ]  # SK 10.5: the blockade from this sea area only
    if not them:
        return True
    # SE 10.5, 10.51: Slip the Blockade, played for the group, lets it pass unopposed
    if card_rules(content).blockade_met(ctx, content, coast, sea, v, them, orders):
        for p in sorted({navy.owner(s, f) for f in them}):  # nor do they intercept it there
            attempted.add((sea, p, v.gid, f"enter {sea}"))
        return True
    stay = coast if exiting else sea
    # SK 15.3: "the victorious major power(s) may not attack units of the surrendering
    # major power and its minor allies", and SK 10.51 makes breaking a blockade the moving
    # group's attack ("moving fleets must attack any enemy blockading fleets"; so
    # naval_combat.battle takes the group as the attacker). A victor's group cannot attack
    # a loser's blockaders, so it cannot break the blockade: it stops as in SK 10.52 (it
    # "may not enter or exit"), with no battle, nor any with the other blockaders (it
    # could not pass them all). 15.3 lifts the blockade for nobody: the group does not
    # sail past it. The loser's group (15.3 binds only the victor) fights as ever.
    if any(not navy.may_attack(s, p, navy.owner(s, f)) for f in them for p in v.plan.powers):
        why = "SK 10.52, 15.3: it may not attack the blockaders"
        if exiting:  # naval.py has it in the sea area: it goes back to the coastal area
            _held(ctx, side, v.fleets, v.leaders, sea, stay, why)
        else:  # it stays in the sea area, where it is: the report says why it went no further
            ctx.emit(
                navy.BlockadeStops(
                    power=side, fleets=sorted(v.fleets), leaders=sorted(v.leaders), area=coast,
                    sea=sea, blockaders=sorted(them), why=why,
                )
            )  # fmt: skip
        return False
    # SK 10.51: the group must attack "any enemy blockading fleets"; blockaders of powers
    # hostile to each other (SK 1.0 Enemy) cannot fight as one side (SK 11.2), so each
    # side of them (friendly_sides) fights the group in a battle of its own, one after
    # the other, in the order of their powers' names (the first power of each side), as
    # groups_by_power and _intercepts order interceptors at sea: no rule gives anyone the
    # choice here (SK 11.1 is for fleets entering a coastal area that holds enemy fleets).
    # The group passes only if it ejects or eliminates every side (SK 10.51, 10.53); a
    # side left in place stops it (SK 10.52) and the sides after it do not fight.
    for fleets in friendly_sides(s, them):
        fleets = [f for f in fleets if s.units[f].status == "map" and s.units[f].area == sea]
        if not fleets:
            continue
        _automatic(ctx, sea, fleets, v, f"the blockade of {coast} (SK 10.5)")
        a = nc.Side(fleets, blockade_leaders(content, s, sea, fleets), forbid={coast})  # SK 10.53
        b = nc.Side(list(v.fleets), list(v.leaders), back={f: stay for f in v.fleets})
        left_a, left_b = nc.battle(ctx, content, sea, "blockade", a, b, orders)
        if left_a:
            if left_b:  # SK 10.52: they failed to eject the blockaders
                _held(ctx, side, left_b, v.leaders, sea, stay, "SK 10.52: the blockade holds")
            return False
        v.fleets = [f for f in v.fleets if f in left_b]
        if not alive(s, v):
            return False
    return True


def _held(ctx, power: str, fleets, leaders, sea: str, stay: str, why: str) -> None:
    """SK 10.52: a group that did not break the blockade back where it came from (`stay`:
    the coastal area it tried to leave, or `sea`, the one it tried to enter from)."""
    ctx.emit(
        navy.NavalRetreated(
            power=power, fleets=sorted(fleets), leaders=sorted(leaders), frm=sea, to=stay,
            why=why,
        )
    )  # fmt: skip


def strait_fight(
    ctx, content, v: Voyage, strait: str, cur: str, nxt: str, orders, attempted
) -> bool:
    """SK 10.46: fleets in Gibraltar (Constantinople) may intercept without a roll a group
    passing between its two sea areas; the battle is in the strait's coastal area, with
    its fortification for the side it is friendly to; retreats may not go there."""
    s: SoldierState = ctx.state
    side = v.plan.power
    for power, label, fleets in fleet_groups_in(content, s, hostile_fleets(s, side, strait)):
        if not alive(s, v):
            return False
        key = (strait, power, label, v.gid, f"pass {strait}")
        if key in attempted:
            continue  # SK 10.43 / SE 10.43: each group once
        attempted.add(key)
        for sea in (cur, nxt):
            attempted.add((strait, power, v.gid, f"enter {sea}"))
        leaders = group_leaders(content, s, strait, power, fleets)
        own = nc.side_dice(content, s, strait, fleets, leaders, orders)
        theirs = nc.side_dice(content, s, strait, v.fleets, v.leaders, orders)
        entries = orders.entries(power, "intercept")
        entries = peace_ends.intercept_entries(content, s, [power], v.plan.powers, entries)
        if not nc.wants_to_intercept(
            s,
            entries,
            strait,
            strait,
            v.plan.powers,
            len(fleets),
            own,
            theirs,
        ):
            continue
        _automatic(ctx, strait, fleets, v, f"fleets in {strait} (SK 10.46)")
        a = nc.Side(fleets, leaders, forbid={strait})
        b = nc.Side(
            list(v.fleets), list(v.leaders), back={f: cur for f in v.fleets}, forbid={strait}
        )
        _, left = nc.battle(ctx, content, strait, "strait", a, b, orders)
        v.fleets = [f for f in v.fleets if f in left]  # SK 10.45: the rest go on
    return bool(alive(s, v))
