"""SK 10.6-10.62 / SE 10.6-10.62 Transport on the way, and SK 16.1 / SE 16.1 an ally's
armies aboard: what a `sail` line's calls at coastal areas say (`AREA drop ARMIES take
ARMIES`), checked against the state as the voyage would go; and the `board ARMIES` line by
which a power lets a formal ally's fleets carry its armies this action phase.
naval_orders.py reads the lines with these; voyage.py carries the calls out."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pbem.ruleset import Problem

from . import navy
from .content import SoldierContent
from .names import Names
from .state import Move, SoldierState

# `drop` before `take` in one call: SK 10.6 lets a fleet put one army ashore and take
# another aboard in the same area (each fleet carries one army at a time)
_CALL = re.compile(r"(?i)\s+\b(drop(?:\s+off)?|take|pick\s+up)\s+")


@dataclass(frozen=True)
class Written:
    """One call as written: the area's index in the written path, who goes ashore,
    who goes aboard (counter and leader names)."""

    at: int
    drop: tuple[str, ...]
    take: tuple[str, ...]


@dataclass
class Call:
    """SK 10.6: at a coastal area on the way, these go ashore, then these go aboard."""

    drop_armies: list[str] = field(default_factory=list)
    drop_leaders: list[str] = field(default_factory=list)
    take: dict[str, str] = field(default_factory=dict)  # army -> fleet
    take_leaders: list[str] = field(default_factory=list)

    def merge(self, other: Call) -> None:
        self.drop_armies += other.drop_armies
        self.drop_leaders += other.drop_leaders
        self.take.update(other.take)
        self.take_leaders += other.take_leaders


def read_part(
    names: Names, part: str, at: int, line: int, problems: list[Problem]
) -> tuple[str, Written | None]:
    """An area of a sail line's path, and its call if it has one: `Hannover drop Br-A1
    take Br-A2` -> ("Hannover", Written(at, ("Br-A1",), ("Br-A2",)))."""
    bits = _CALL.split(" " + part.strip())
    if len(bits) == 1:
        return part, None
    area, drop, take = bits[0].strip(), [], []
    for k in range(1, len(bits) - 1, 2):
        what = [p.name for p in names.pieces(bits[k + 1], line, problems)]
        (drop if bits[k].lower().startswith("drop") else take).extend(what)
        if not bits[k + 1].strip():
            problems.append(Problem(f"name who to {bits[k].lower()} in {area}", line))
    return area, Written(at, tuple(drop), tuple(take))


def leads_for(s: SoldierState, name: str, power: str) -> bool:
    ld = s.leaders[name]
    return ld.country == power or s.allies.get(ld.country) == power


def carries(s: SoldierState, power: str, army: str) -> str | None:
    """Why `power`'s fleets may not carry `army` (None: they may). SK 16.1 / SE 16.1:
    "Formal allies may ... use their fleets to transport each others' armies": its own,
    its minor allies', those of powers its player also plays, and those of formal allies
    (another player's, only when that player orders `board ARMY` in the same phase:
    each player moves his own units, `consented`)."""
    u = s.units[army]
    owner = s.commander(u) or u.country
    if owner == power or s.player_of(owner) == s.player_of(power):
        return None
    if s.friendly(owner, power):
        return None
    return f"{army} is not {power}'s to carry: {owner} is not its formal ally (SK 16.1)"


def check_calls(
    content: SoldierContent,
    s: SoldierState,
    power: str,
    fleets: list[str],
    aboard: dict[str, list[str]],
    leaders: list[str],
    full: list[str],
    written: list[tuple[int, Written]],
    used: set[str],
    bad,
    once: str,
    then: str,
) -> dict[int, Call] | None:
    """The calls of a voyage along `full` (start first), fleet by fleet: `aboard` is
    each fleet's armies when it sets out. `written` holds (index in `full`, call). SK
    10.6: one army per fleet, a reduced fleet only a reduced army; SK 10.62: never
    after a land move, once a turn. None if some call is refused (reported with `bad`)."""
    cargo = {f: list(v) for f, v in aboard.items()}
    group = list(leaders)
    gone: set[str] = set()  # ashore already on this voyage: SK 10.62, once a turn
    out: dict[int, Call] = {}
    ok = True
    for k, w in sorted(written, key=lambda x: x[0]):
        area = full[k]
        if k == 0 or k == len(full) - 1:
            where = "where the voyage starts (use `with`)" if k == 0 else "where it ends"
            if w.take or k == 0:
                bad(f"`drop` and `take` name calls on the way, not {where} (SK 10.6)")
                ok = False
                continue
        if not content.is_land(area):
            bad(f"armies go aboard and ashore only in a coastal area, not in {area} (SK 10.6)")
            ok = False
            continue
        call = out.setdefault(k, Call())
        for x in w.drop:
            if x in s.units and any(x in v for v in cargo.values()):
                call.drop_armies.append(x)
                for v in cargo.values():
                    if x in v:
                        v.remove(x)
                gone.add(x)
            elif x in group:
                call.drop_leaders.append(x)
                group.remove(x)
            else:
                bad(f"{x} is not aboard the group to be dropped in {area}")
                ok = False
        for x in w.take:
            if x not in s.units:
                ld = s.leaders[x]
                if why := carries_leader(s, power, x):
                    bad(why)
                elif ld.status != "map" or ld.area != area:
                    bad(f"{x} is not in {area} to go aboard")
                elif x in used or x in group:
                    bad(f"{x} has already moved this phase")
                else:
                    call.take_leaders.append(x)
                    group.append(x)
                    continue
                ok = False
                continue
            u = s.units[x]
            why = carries(s, power, x)
            if u.type != "army":
                why = f"{x} is a fleet: fleets carry armies and leaders (SK 10.6)"
            elif why is None and (u.status != "map" or u.area != area):
                why = f"{x} is not in {area} to go aboard"
            elif why is None and navy.carrier(s, x):
                why = f"{x} is already aboard {navy.carrier(s, x)}"
            elif why is None and (x in s.transported or x in gone):
                why = f"{x} has already been transported this turn ({once})"
            elif why is None and (x in s.acted or x in used):
                why = f"{x} has already moved this turn: armies may not move by land and then by sea ({then})"
            if why:
                bad(why)
                ok = False
                continue
            pick = next(
                (f for f in fleets if not cargo[f] and (u.is_reduced or not s.units[f].is_reduced)),
                None,
            )  # SK 10.6: a reduced fleet only a reduced army
            if pick is None:
                bad(
                    f"no free fleet to take {x} aboard in {area}: each fleet carries one army, and a reduced fleet only a reduced army (SK 10.6)"
                )
                ok = False
                continue
            cargo[pick].append(x)
            call.take[x] = pick
    return out if ok else None


# --- SK 16.1 / SE 16.1: `board PIECES [to AREA]`, a power's leave for its allies' fleets --


@dataclass(frozen=True)
class BoardOrder:
    armies: tuple[str, ...]
    line: int
    leaders: tuple[str, ...] = ()  # SK 10.6: "any number of leaders" (generals)
    to: str | None = None  # SK 10.62: where they land, to move on by land from there


def parse_board(
    names: Names, s: SoldierState, text: str, line: int, problems: list[Problem]
) -> BoardOrder | None:
    """`board Pr-A1 Pr-A2 Ferdinand [to Holstein]`."""
    m = re.fullmatch(r"(?is)(.*?)(?:\s+to\s+(.+))?", text.strip())
    who, to = (m.group(1), m.group(2)) if m else (text, None)
    if not who.strip():
        problems.append(
            Problem("write: board ARMIES [GENERALS] [to AREA] (what an ally's fleets carry)", line)
        )
        return None
    pieces = names.pieces(who, line, problems)
    area = names.area(to, line, problems) if to else None
    if not pieces or (to and area is None):
        return None
    units = tuple(p.name for p in pieces if p.kind == "unit")
    leaders = tuple(p.name for p in pieces if p.kind == "leader")
    return BoardOrder(units, line, leaders, area)


def check_boards(
    content: SoldierContent, s: SoldierState, power: str, boards: list[BoardOrder]
) -> list[Problem]:
    """SK 16.1, 10.6, 10.62: the armies and generals are this power's, on the map in a
    coastal area, and the armies free to be transported; the landing area, if named, is
    a coastal area."""
    out = []
    sk = content.game.rules.book == "SK"  # SE 10.62 drops the limits: SE 4.1, 16.1 keep them
    once, then = ("SK 10.62", "SK 10.62, 16.1") if sk else ("SE 16.1", "SE 4.1, 16.1")
    for b in boards:
        for a in b.armies:
            u = s.units.get(a)
            if u is None or u.type != "army":
                out.append(Problem(f"{a} is not an army: `board` names armies (SK 10.6)", b.line))
            elif s.commander(u) != power:
                out.append(Problem(f"{a} is not {power}'s to move", b.line))
            elif u.status != "map" or not navy.is_coastal(content, u.area or ""):
                out.append(Problem(f"{a} is not in a coastal area to go aboard (SK 10.6)", b.line))
            elif a in s.transported:
                out.append(Problem(f"{a} has already been transported this turn ({once})", b.line))
            elif a in s.acted:
                out.append(
                    Problem(
                        f"{a} has already moved this turn: armies may not move by land and then by sea ({then})",
                        b.line,
                    )
                )
        for n in b.leaders:
            ld = s.leaders[n]
            if not leads_for(s, n, power):
                out.append(Problem(f"{n} is not {power}'s leader", b.line))
            elif ld.role != "general":
                out.append(
                    Problem(f"{n} is an admiral: admirals sail with their own fleets", b.line)
                )
            elif ld.status != "map" or not navy.is_coastal(content, ld.area or ""):
                out.append(Problem(f"{n} is not in a coastal area to go aboard (SK 10.6)", b.line))
        if b.to is not None and not navy.is_coastal(content, b.to):
            out.append(
                Problem(f"{b.to} is not a coastal area: armies land only there (SK 10.6)", b.line)
            )
    return out


def leader_power(s: SoldierState, name: str) -> str:
    """The major power that gives the leader his orders (its own, or its minor ally's)."""
    country = s.leaders[name].country
    return s.major_of(country) or country


def carries_leader(s: SoldierState, power: str, name: str) -> str | None:
    """Why `power`'s fleets may not carry the leader `name` (None: they may). SK 10.6:
    "Each fleet may transport one army and any number of leaders" (whose, it does not
    say); SK 16.1 lets formal allies carry each other's armies, and pbem lets their
    generals go with them, on the same terms (`board`, `consented`): an ally's admiral
    sails with his own power's fleets."""
    if leads_for(s, name, power):
        return None
    owner = leader_power(s, name)
    if not (s.player_of(owner) == s.player_of(power) or s.friendly(owner, power)):
        return f"{name} is not {power}'s leader"
    if s.leaders[name].role != "general":
        return f"{name} is {owner}'s admiral: he sails with {owner}'s fleets (SK 13.4)"
    return None


def consented(s: SoldierState, power: str, army: str, boards: dict[str, set[str]]) -> bool:
    """Whether `power`'s fleets may take `army` (or a general) aboard at resolution: its
    own player's, or named in a `board` line of its power this phase (`boards`: power ->
    armies and generals)."""
    if army in s.leaders:
        owner = leader_power(s, army)
    else:
        u = s.units[army]
        owner = s.commander(u) or u.country
    if s.player_of(owner) == s.player_of(power):
        return True
    return army in boards.get(owner, set())


def landings(boards: list[BoardOrder]) -> dict[str, str]:
    """SK 10.62: piece -> the area its `board ... to AREA` line lands it in."""
    return {x: b.to for b in boards if b.to for x in (*b.armies, *b.leaders)}


def landed_as_boarded(s: SoldierState, uid: str, where: dict[str, str]) -> bool:
    """At land movement: a piece whose `board` line named where it lands is there, landed
    this phase (else its moves, checked from there, are dropped)."""
    area = where.get(uid)
    if area is None:
        return True
    if uid in s.leaders:
        return s.leaders[uid].status == "map" and s.leaders[uid].area == area
    u = s.units[uid]
    return (
        u.area == area
        and u.carried_by is None
        and any(m.unit == uid and m.to == area for m in s.naval_moves)
    )


def put_ashore(s: SoldierState, uid: str, area: str) -> None:
    """For the checks of a power's land moves (naval_orders.after): the piece its `board
    ... to AREA` line names is in AREA, landed this phase (SK 10.62: "they may be
    transported first, disembark, and then move by land"), as an own army landed by the
    power's own `sail` line is. `s` is a copy whose piece may be changed."""
    if uid in s.leaders:
        s.leaders[uid].area = area
        return
    u = s.units[uid]
    if any(m.unit == uid for m in s.naval_moves):
        return  # its voyage is in this power's own lines
    s.naval_moves.append(Move(unit=uid, country=u.country, frm=u.area or area, to=area))
    u.area, u.carried_by = area, None
    for seen in (s.acted, s.transported):
        if uid not in seen:
            seen.append(uid)


def landed(
    s: SoldierState, area: str, call: Call, fleets: list[str], leaders: list[str]
) -> list[navy.ArmiesLanded]:
    """SK 10.6: what a call at `area` puts ashore, one event per power: the armies
    dropped that are aboard `fleets`, and the leaders dropped that are with the group
    (`leaders`), so the report says where each went."""
    ashore: dict[str, tuple[list[str], list[str]]] = {}
    for a in call.drop_armies:
        if navy.carrier(s, a) in fleets:
            ashore.setdefault(navy.owner(s, a), ([], []))[0].append(a)
    for n in call.drop_leaders:
        if n in leaders:
            ashore.setdefault(leader_power(s, n), ([], []))[1].append(n)
    return [
        navy.ArmiesLanded(power=p, area=area, armies=sorted(a), leaders=sorted(ld))
        for p, (a, ld) in sorted(ashore.items())
    ]
