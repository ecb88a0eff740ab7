"""SK 10 naval orders (the grammar is in naval.py's docstring and
docs/orders-soldier-kings.md): reading sail, blockade, fleet attack and intercept lines,
and what a sail or blockade line does, checked against the state (SK 10.1-10.5, 16.1).
The movement and the Naval Combat Step are resolved in naval.py."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pbem.clone import clone
from pbem.ruleset import Problem

from . import card_units, navy, order_hints, retreats, sko_map_units, standing, transport, war
from .common import of_power
from .content import SoldierContent
from .fold import apply as fold_apply
from .names import Names
from .state import SoldierState


@dataclass(frozen=True)
class SailOrder:
    fleets: tuple[str, ...]
    leaders: tuple[str, ...]
    armies: tuple[str, ...]
    path: tuple[str, ...]  # areas entered, in order (the start area may be written first)
    blockade: str | None
    line: int
    calls: tuple[transport.Written, ...] = ()  # SK 10.6: `AREA drop ARMIES take ARMIES`


@dataclass(frozen=True)
class BlockadeOrder:
    area: str
    sea: str
    fleets: tuple[str, ...] | None
    line: int


@dataclass(frozen=True)
class FleetAttack:
    area: str
    first: tuple[str, ...]
    line: int


@dataclass
class NavalOrders:
    sails: list[SailOrder] = field(default_factory=list)
    blockades: list[BlockadeOrder] = field(default_factory=list)
    fleet_attacks: list[FleetAttack] = field(default_factory=list)
    intercept: list[dict] = field(default_factory=list)
    retreat: list[dict] = field(default_factory=list)
    boards: list[transport.BoardOrder] = field(default_factory=list)  # SK 16.1

    def __bool__(self) -> bool:
        return bool(self.sails or self.blockades or self.fleet_attacks)


_SEP = r"\s*(?:,|->|-(?=\s)|\bthen\b)\s*"


def parse_sail(
    names: Names, s: SoldierState, text: str, line: int, problems: list[Problem]
) -> SailOrder | None:
    m = re.match(r"(?is)(.+?)\s+to\s+(.+)$", text.strip())
    if not m:
        problems.append(
            Problem(
                "write: sail FLEETS [with ARMIES LEADERS] to AREA[ drop ARMIES][ take ARMIES][, AREA...][, blockade AREA]",
                line,
            )
        )
        return None
    who = re.sub(r"(?i)\bwith\b", ",", m.group(1))
    pieces = names.pieces(who, line, problems)
    parts = [p for p in re.split(_SEP, m.group(2).strip()) if p.strip()]
    blockade = None
    if parts and re.match(r"(?i)blockade\s+", parts[-1]):
        blockade = names.area(re.sub(r"(?i)^blockade\s+", "", parts[-1]), line, problems)
        parts = parts[:-1]
        if blockade is None:
            return None
    calls = []
    for k, part in enumerate(parts):  # SK 10.6: calls on the way
        parts[k], call = transport.read_part(names, part, k, line, problems)
        if call:
            calls.append(call)
    path = [names.area(a, line, problems) for a in parts]
    if not pieces or None in path or (not path and not blockade):
        if not path and not blockade:
            problems.append(Problem("name the areas the fleets sail to", line))
        return None
    units = [p.name for p in pieces if p.kind == "unit"]
    return SailOrder(
        tuple(u for u in units if s.units[u].type == "fleet"),
        tuple(p.name for p in pieces if p.kind == "leader"),
        tuple(u for u in units if s.units[u].type == "army"),
        tuple(path),  # type: ignore[arg-type]
        blockade,
        line,
        tuple(calls),
    )


def parse_blockade(
    names: Names, s: SoldierState, text: str, line: int, problems: list[Problem]
) -> BlockadeOrder | None:
    m = re.fullmatch(r"(?is)(.+?)\s+from\s+(.+?)(?:\s+with\s+(.+))?", text.strip())
    if not m:
        problems.append(Problem("write: blockade AREA from SEA [with FLEETS]", line))
        return None
    area = names.area(m.group(1), line, problems)
    sea = names.area(m.group(2), line, problems)
    fleets = None
    if m.group(3):
        fleets = tuple(p.name for p in names.pieces(m.group(3), line, problems) if p.kind == "unit")
    if area is None or sea is None:
        return None
    return BlockadeOrder(area, sea, fleets, line)


def parse_fleet_attack(
    names: Names, s: SoldierState, text: str, line: int, problems: list[Problem]
) -> FleetAttack | None:
    m = re.fullmatch(r"(?is)fleets\s+in\s+(.+?)(?:\s+first\s+(.+))?", text.strip())
    if not m:
        problems.append(Problem("write: attack fleets in AREA [first POWER[, POWER...]]", line))
        return None
    area = names.area(m.group(1), line, problems)
    first: list[str] = []
    for w in re.split(r"[,\s]+", m.group(2) or ""):
        if not w:
            continue
        p = _power(s, w, line, problems)
        if p:
            first.append(p)
    return FleetAttack(area, tuple(first), line) if area else None


def _power(s: SoldierState, word: str, line: int, problems: list[Problem]) -> str | None:
    known = sorted({*s.majors, *s.allies})
    for k in known:
        if k.casefold() == word.casefold():
            return k
    from pbem.suggest import closest

    problems.append(Problem(f"no power {word!r} in this game", line, closest(word, known)))
    return None


@standing.verb("intercept")
def parse_intercept(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """intercept [in AREA] [against POWER] [always|never|if not weaker|if at least N fleets]
    [first POWER[, POWER...]] (`first`: SE 11.1, the order of one's interceptions from a
    coastal area)"""
    text = " ".join(words).strip()
    m = re.fullmatch(
        r"(?is)(?:in\s+(?P<area>.+?))?\s*(?:against\s+(?P<power>\S+))?\s*"
        r"(?P<cond>always|never|if not weaker|if at least (?P<n>\d+) fleets?)?"
        r"(?:\s*\bfirst\s+(?P<first>.+))?",
        text,
    )
    if not m or (text and not any(m.group(g) for g in ("area", "power", "cond", "first"))):
        problems.append(
            Problem(
                "write: intercept [in AREA] [against POWER] [always|never|if not weaker|if at least N fleets]",
                line,
            )
        )
        return None
    if typo := order_hints.misspelt_condition(m.group("area"), names.area, line):
        problems.append(typo)  # SK 10.4: `always` misspelt is not part of the area's name
        return None
    area = names.area(m.group("area"), line, problems) if m.group("area") else None
    against = _power(s, m.group("power"), line, problems) if m.group("power") else None
    if (m.group("area") and area is None) or (m.group("power") and against is None):
        return None
    cond = (m.group("cond") or "always").casefold()
    if cond.startswith("if at least"):
        cond = "if at least"
    out = {"area": area, "against": against, "cond": cond, "n": int(m.group("n") or 0)}
    if m.group("first"):
        if names.content.game.rules.coastal_combat == "battle":
            problems.append(
                Problem(
                    "first POWER orders interceptions from a coastal area (SE 11.1); in this "
                    "game fleets entering a coastal area attack (SK 11.1: attack fleets in "
                    "AREA first POWER)",
                    line,
                )
            )
            return None
        first = [_power(s, w, line, problems) for w in re.split(r"[,\s]+", m.group("first")) if w]
        if None in first:
            return None
        out["first"] = first
    return out


def parse_line(
    verb: str, names: Names, s: SoldierState, power: str, rest: str, line: int, problems: list[Problem],
    out: NavalOrders,
) -> None:  # fmt: skip
    """One naval action-phase line (actions.py hands over the verbs in VERBS)."""
    if verb == "sail":
        o = parse_sail(names, s, rest, line, problems)
        if o:
            out.sails.append(o)
    elif verb == "blockade":
        b = parse_blockade(names, s, rest, line, problems)
        if b:
            out.blockades.append(b)
    elif verb == "attack":
        a = parse_fleet_attack(names, s, rest, line, problems)
        if a:
            out.fleet_attacks.append(a)
    elif verb == "board":
        bo = transport.parse_board(names, s, rest, line, problems)
        if bo:
            out.boards.append(bo)
    elif verb in ("intercept", "retreat"):
        entry = standing.VERBS[verb](names, s, power, rest.split(), line, problems)
        if entry is not None:
            getattr(out, verb).append(entry)


VERBS = ("sail", "blockade", "board", "intercept", "retreat")


def is_fleet_attack(rest: str) -> bool:
    return bool(re.match(r"(?i)fleets\s+in\s", rest.strip()))


@dataclass
class Plan:
    power: str
    fleets: list[str]
    leaders: list[str]
    loaded: dict[str, str]  # new armies -> fleet
    path: list[str]  # start first
    blockade: str | None
    cost: int
    line: int
    powers: list[str] = field(default_factory=list)
    calls: dict[int, transport.Call] = field(default_factory=dict)  # index in path -> call

    @property
    def key(self) -> tuple:
        return (self.path[0], tuple(self.path), self.blockade)


def step_cost(content: SoldierContent, a: str, b: str) -> int | str:
    """SK 10.2: 1 MP to enter a sea or coastal area, 0 from a coastal area to a sea area
    it adjoins (SK 1.0 Coastal Area: any of them). Else the reason it is not a move."""
    a_land, b_land = content.is_land(a), content.is_land(b)
    if not a_land and not b_land:
        if b in content.sea_neighbours(a):
            return 1
        return f"{b} does not adjoin {a} (from {a}: {', '.join(sorted(content.sea_neighbours(a)))}) (SK 10.0)"
    if not a_land:
        land = content.land_area(b)
        if not land.coastal:
            return f"{b} is not a coastal area; fleets enter only sea and coastal areas (SK 10.0)"
        if a not in land.seas:
            return f"{b} does not adjoin {a} ({b} adjoins {', '.join(land.seas)}) (SK 1.0, 10.0)"
        return 1
    here = content.land_area(a)
    if not b_land and b in here.seas:
        return 0
    return f"from {a} a fleet puts out to {' or '.join(here.seas)} (SK 1.0 Coastal Area, 10.2)"


def _map_limits(
    content: SoldierContent, s: SoldierState, fleets, leaders, armies, path: list[str]
) -> list[str]:
    """Who may not sail to another map (SK 10.7): a minor country's units stay on the map
    they come from (SK 18.9), pirates too (SK 19.3), and so do a mercenary country's armies
    that act as minor country allies (SK 19.2: raised by a siege, or allied with their
    country), only those hired by card (SK 19.1) leaving; provincials never reach the Europe,
    India or Spice Islands maps (SK 19.42); royal leaders never leave Europe (SK 13.9)."""
    maps = {content.map_of(a) for a in path} - {"track"}
    on_track = any(content.is_circle(a) for a in path)
    if len(maps) < 2 and not on_track:
        return []
    out = []
    for uid in [*fleets, *armies]:
        u = s.units[uid]
        kind = content.country(u.country).kind
        home = content.country(u.country).map
        hired = u.hired_by is not None and uid not in s.raised  # SK 19.1 (19.2: not raised)
        if (
            kind in ("minor", "card_unit", "mercenary")
            and not hired
            and (maps - {home} or on_track)
        ):
            # SK 19.3 pirates; SK 18.9 (its example) every other minor, the South Pacific unit too
            rule = "SK 19.3" if u.country == "Pirates" else "SK 18.9"
            out.append(f"{uid} may not leave the {card_units.map_title(home)} map ({rule})")
        if u.provincial and maps & {"europe", "india", "spice_islands"}:
            names = " or ".join(card_units.map_title(m) for m in sorted(maps - {"americas"}))
            out.append(
                f"{uid}, a provincial army, may not be carried to the {names} map (SK 19.42)"
            )
    for n in leaders:
        if s.leaders[n].royal and maps - {"europe"}:
            out.append(f"{n}, a royal leader, may never leave the Europe map (SK 13.9)")
    return out


def _pirate_limits(
    content: SoldierContent, s: SoldierState, fleets: list[str], armies: list[str]
) -> list[str]:
    """SK 19.3: pirate fleets "may not combine with other major power fleets [...] or
    transport any armies" (a card unit's fleets sail as a group of their own, empty)."""
    kinds = {s.units[f].country: content.country(s.units[f].country).kind for f in fleets}
    pirates = sorted(c for c, k in kinds.items() if k == "card_unit")
    if not pirates:
        return []
    out = []
    if len(kinds) > 1:
        out.append(f"{pirates[0]} fleets may not combine with other fleets (SK 19.3)")
    if armies:
        out.append(f"{pirates[0]} fleets may not transport armies (SK 19.3)")
    return out


def check_sail(
    content: SoldierContent,
    s: SoldierState,
    power: str,
    fleets: list[str],
    leaders: list[str],
    armies: list[str],
    path: list[str],
    blockade: str | None,
    line: int,
    used: set[str],
    calls: tuple[transport.Written, ...] = (),
) -> tuple[Plan | None, list[Problem]]:
    out: list[Problem] = []

    def bad(msg: str) -> None:
        out.append(Problem(msg, line))

    if not fleets:
        bad("name the fleets that sail (SK 10.0)")
        return None, out
    starts = set()
    for f in fleets:
        u = s.units[f]
        if s.commander(u) != power:
            bad(f"{f} is not {power}'s to move")
        elif u.status != "map":
            bad(f"{f} is not on the map")
        else:
            starts.add(u.area)
        if f in s.acted or f in used:
            bad(f"{f} has already moved this turn (SK 16.1)")
        if s.frozen.get(u.country, 0) > s.turn:
            bad(f"no {u.country} unit may move until Turn {s.frozen[u.country]} (scenario)")
    if len(starts) > 1:
        bad(
            f"a group is made of fleets that start in one area (SK 10.3); these are in {', '.join(sorted(x or '?' for x in starts))}"
        )
    if out:
        return None, out
    start = starts.pop() or ""
    for n in leaders:
        ld = s.leaders[n]
        if why := transport.carries_leader(s, power, n):
            bad(why)  # SK 10.6, 16.1: an ally's general boards on its own `board` line too
        elif ld.status != "map" or ld.area != start:
            bad(f"{n} is not in {start} with the fleets")
        elif n in used:
            bad(f"{n} has already moved this phase")
    # SK 10.6: one army per fleet; a reduced fleet carries only a reduced army
    aboard = {f: navy.cargo(s, f) for f in fleets}
    # SK 10.62 forbids a second voyage and a land move before one; SE 10.62 drops both
    # lines, but SE 4.1 (naval movement before land movement) and SE 16.1 (each unit
    # moves once a turn) leave the same limits, cited as SE 16.1
    once = "SK 10.62" if content.game.rules.book == "SK" else "SE 16.1"
    then = "SK 10.62, 16.1" if content.game.rules.book == "SK" else "SE 4.1, 16.1"
    for f, arm in aboard.items():
        for a in arm:
            if a in s.transported:
                bad(f"{a}, aboard {f}, has already been transported this turn ({once})")
    loaded: dict[str, str] = {}
    new = [a for a in armies if not any(a in v for v in aboard.values())]
    for a in new:
        u = s.units[a]
        if why := transport.carries(s, power, a):
            bad(why)  # SK 16.1: an ally's army boards only on its own `board` line too
        elif u.status != "map" or u.area != start:
            bad(f"{a} is not in {start} to go aboard")
        elif not content.is_land(start):
            bad(f"{a} cannot go aboard at sea")
        elif navy.carrier(s, a):
            bad(f"{a} is already aboard {navy.carrier(s, a)}")
        elif a in s.transported:
            bad(f"{a} has already been transported this turn ({once})")
        elif a in s.acted or a in used:
            bad(
                f"{a} has already moved this turn: armies may not move by land and then by sea ({then})"
            )
    if out:
        return None, out
    free = [f for f in fleets if not aboard[f]]
    for want_full in (True, False):  # full armies first, onto full fleets (SK 10.6)
        for a in new:
            if s.units[a].is_reduced == want_full:
                continue
            pick = next(
                (
                    f
                    for f in free
                    if f not in loaded.values() and (not want_full or not s.units[f].is_reduced)
                ),
                None,
            )
            if pick is None:
                bad(
                    f"not enough fleets to carry {a}: each fleet carries one army, and a reduced fleet only a reduced army (SK 10.6)"
                )
                return None, out
            loaded[a] = pick
    full = [start, *path] if not path or path[0] != start else list(path)
    shift = len(full) - len(path)  # the start written first, or not
    setting_out = {f: [*aboard[f], *(a for a, g in loaded.items() if g == f)] for f in fleets}
    stops = transport.check_calls(
        content, s, power, fleets, setting_out, leaders, full,
        [(c.at + shift, c) for c in calls], used, bad, once, then,
    )  # fmt: skip
    if stops is None:
        return None, out
    taken = [a for c in stops.values() for a in c.take]
    carried = [*new, *(a for v in aboard.values() for a in v), *taken]
    aboard_too = [*leaders, *(n for c in stops.values() for n in c.take_leaders)]
    for why in _map_limits(content, s, fleets, aboard_too, carried, full):  # SK 13.9 too
        bad(why)
    for why in _pirate_limits(content, s, fleets, carried):
        bad(why)
    for why in sko_map_units.abroad_limits(content, s, [*fleets, *carried], full):
        bad(why)  # SKO Extra-Europe Majors Played as Minors
    spent = 0
    entering = [*fleets, *carried]
    for k in range(1, len(full)):
        c = step_cost(content, full[k - 1], full[k])
        if isinstance(c, str):
            bad(c)
            return None, out
        spent += c
        b = full[k]
        if (
            k < len(full) - 1
            and content.is_land(b)
            and enemy_fleets(s, power, b)
            and content.game.rules.coastal_combat == "battle"
        ):  # SE 10.45: a group not intercepted (or left after the battle) goes on
            bad(f"the group must stop in {b}: enemy fleets are there (SK 11.0, 10.61)")
        for p in s.peace:
            if p.victor == power and s.turn < p.until_turn and content.is_land(b):
                ctrl = s.holder(b)  # SK 19.2: an Indian area allied on its own
                if ctrl == p.loser or s.allies.get(ctrl or "") == p.loser:
                    owner = of_power(s, ctrl or p.loser, p.loser)
                    bad(
                        f"{power} may not enter {b}, an area of {owner}, until Turn {p.until_turn} (SK 15.3)"
                    )
        if content.is_land(b) and (barred := war.entry_barred(content, s, power, b, entering)):
            bad(barred)  # SKO Allies and Declaring War: a voyage enters as a march does
    end = full[-1]
    if blockade:
        spent += 1  # SK 10.5: declaring a blockade costs one movement point
        if content.is_land(end):
            bad(f"a blockade is declared by fleets in a sea area, not in {end} (SK 10.5)")
        elif not navy.is_coastal(content, blockade) or end not in content.land_area(blockade).seas:
            bad(f"{blockade} is not a coastal area on {end} (SK 10.5)")
        elif s.friendly(retreats.controller(content, s, blockade), power):
            bad(
                f"{blockade} is controlled by {power} or an ally; a blockade is against others (SK 10.5)"
            )
        # SK 10.5 / SE 10.5: a blockade is from one sea area; others may blockade the
        # same coastal area from its other sea areas, or from this one
    if len(full) < 2 and not blockade:
        bad(order_hints.already_in(content, fleets, start))  # SK 10.0, 10.2
    if spent > navy.FLEET_MP:
        bad(f"the voyage costs {spent} MP; fleets have {navy.FLEET_MP} (SK 10.1-10.2, 10.5)")
    if out:
        return None, out
    return Plan(
        power, list(fleets), list(leaders), loaded, full, blockade, spent, line, [power], stops
    ), out


def enemy_fleets(s: SoldierState, power: str, area: str) -> list[str]:
    return [f for f in navy.fleets_in(s, area) if navy.hostile(s, power, navy.side_country(s, f))]


def plans(
    content: SoldierContent, s: SoldierState, power: str, orders: NavalOrders
) -> tuple[list[Plan], list[Problem]]:
    """Every sail and blockade line of one power as a plan, or the problems with it."""
    out: list[Plan] = []
    problems: list[Problem] = []
    used: set[str] = set()
    for o in orders.sails:
        plan, probs = check_sail(
            content, s, power, list(o.fleets), list(o.leaders), list(o.armies), list(o.path),
            o.blockade, o.line, used, o.calls,
        )  # fmt: skip
        problems += probs
        if plan:
            out.append(plan)
            used |= set(plan.fleets) | set(plan.leaders) | set(plan.loaded)
            for c in plan.calls.values():
                used |= set(c.take) | set(c.take_leaders)
    for b in orders.blockades:
        joined = False
        for plan in out:
            if plan.path[-1] == b.sea and (b.fleets is None or set(plan.fleets) <= set(b.fleets)):
                if plan.blockade and plan.blockade != b.area:
                    problems.append(
                        Problem(f"these fleets already blockade {plan.blockade}", b.line)
                    )
                    continue
                again, probs = check_sail(
                    content, s, power, plan.fleets, plan.leaders, list(plan.loaded), plan.path[1:],
                    b.area, b.line, set(),
                )  # fmt: skip
                problems += probs
                if again:
                    plan.blockade, plan.cost = b.area, again.cost
                joined = True
        here = [
            u.id
            for u in s.on_map(b.sea, "fleet")
            if s.commander(u) == power
            and u.id not in used
            and u.id not in s.acted
            and (b.fleets is None or u.id in b.fleets)
        ]
        if b.fleets is not None:
            for f in b.fleets:
                if f not in here and not any(f in p.fleets for p in out):
                    problems.append(
                        Problem(
                            f"{f} is not one of {power}'s fleets in {b.sea} free to move", b.line
                        )
                    )
        if here:
            plan, probs = check_sail(content, s, power, here, [], [], [], b.area, b.line, used)
            problems += probs
            if plan:
                out.append(plan)
                used |= set(here)
        elif not joined:
            problems.append(
                Problem(
                    f"{power} has no fleets in {b.sea} free to blockade {b.area} (SK 10.5)", b.line
                )
            )
    return out, problems


def checked(
    content: SoldierContent, s: SoldierState, power: str, orders: NavalOrders
) -> tuple[list[Plan], list[Problem]]:
    """The plans of these orders and every problem with them (`after` takes the plans)."""
    ps, problems = plans(content, s, power, orders)
    problems += transport.check_boards(content, s, power, orders.boards)  # SK 16.1
    for a in orders.fleet_attacks:
        if content.game.rules.coastal_combat != "battle":
            problems.append(
                Problem(
                    "fleets do not attack fleets in a coastal area: naval combat comes only "
                    "from interception (10.4) and blockades (10.5) (SE 11.0)",
                    a.line,
                )
            )
        elif not navy.is_coastal(content, a.area):
            problems.append(
                Problem(
                    f"{a.area} is not a coastal area; fleet battles at sea come from interception (SK 11.0)",
                    a.line,
                )
            )
    return ps, problems


def after(
    content: SoldierContent,
    s: SoldierState,
    power: str,
    orders: NavalOrders,
    ps: list[Plan] | None = None,
) -> SoldierState:
    """The state once these (valid) naval orders are carried out with no interception:
    what land moves and attacks are checked on (armies that land may attack, SK 10.61).
    `ps`: the plans `checked` made of these orders on this state, if the caller has them."""
    ashore = transport.landings(orders.boards)  # SK 10.62: an ally's voyage, then land
    if not orders and not ashore:
        return s
    # a copy sharing what the plans leave alone: the counters and leaders that sail (and
    # the armies aboard), the lists the fold appends to, the blockades and the fleet
    # groups are copied
    t = s.model_copy()
    t.units, t.leaders = dict(s.units), dict(s.leaders)
    t.index_from(s)
    t.naval_moves, t.acted, t.transported = list(s.naval_moves), list(s.acted), list(s.transported)
    t.blockades = clone(s.blockades)
    t.fleet_groups = dict(s.fleet_groups)  # SK 10.3: the fold sets arrivals' groups
    copied: set[str] = set()

    def own(uids, pieces) -> None:
        for uid in uids:
            if uid not in copied and uid in pieces:
                pieces[uid] = clone(pieces[uid])
                copied.add(uid)

    if ps is None:
        ps, _ = plans(content, t, power, orders)
    for p in ps:
        taken = [a for c in p.calls.values() for a in c.take]
        own(
            [*p.fleets, *p.loaded, *taken, *(a for f in p.fleets for a in navy.cargo(t, f))],
            t.units,
        )
        own([*p.leaders, *(n for c in p.calls.values() for n in c.take_leaders)], t.leaders)
        _plan_events(content, t, p)  # folded as they come
        end = p.path[-1]
        if content.is_land(end):
            armies = sorted(a for f in p.fleets for a in navy.cargo(t, f))
            if armies:
                fold_apply(t, navy.ArmiesLanded(power=power, area=end, armies=armies))
    for uid, area in ashore.items():
        own([uid], t.units)
        own([uid], t.leaders)
        transport.put_ashore(t, uid, area)
    return t


def _plan_events(content: SoldierContent, s: SoldierState, p: Plan) -> list:
    """The events of the plan's voyage with no interception, folded as they come (the
    calls on the way, SK 10.6, split it into legs)."""
    out: list = []
    leaders, loaded, begin, spent = list(p.leaders), dict(p.loaded), 0, 0
    ends = [k for k in sorted(p.calls) if 0 < k < len(p.path) - 1] + [len(p.path) - 1]
    for k in ends if len(p.path) > 1 else []:
        spent += sum(step_cost(content, p.path[j - 1], p.path[j]) for j in range(begin + 1, k + 1))  # type: ignore[misc]
        cargo = {*loaded, *(a for f in p.fleets for a in navy.cargo(s, f))}
        e = navy.FleetsMoved(
            power=p.power, fleets=sorted(p.fleets), leaders=sorted(leaders), armies=sorted(cargo),
            loaded=dict(sorted(loaded.items())), path=list(p.path[begin : k + 1]), mps=spent,
        )  # fmt: skip
        out.append(e)
        fold_apply(s, e)
        call = p.calls.get(k)
        if call and k < len(p.path) - 1:
            out += _call_events(s, p.power, p.path[k], call, leaders, p.fleets)
            loaded = dict(call.take)
        begin = k
    if p.blockade:
        e = navy.BlockadeDeclared(
            power=p.power, area=p.blockade, sea=p.path[-1], fleets=sorted(p.fleets)
        )
        out.append(e)
        fold_apply(s, e)
    return out


def _call_events(
    s: SoldierState, power: str, area: str, call: transport.Call, leaders: list[str], fleets
) -> list:
    """SK 10.6: the armies dropped go ashore (one event per power that owns some); the
    leaders dropped stay (`leaders` is the group's, changed in place), those taken join."""
    out: list = []
    for e in transport.landed(s, area, call, fleets, leaders):
        out.append(e)
        fold_apply(s, e)
    leaders[:] = [n for n in leaders if n not in call.drop_leaders] + [
        n for n in call.take_leaders if n not in leaders
    ]
    return out
