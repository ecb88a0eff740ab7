"""7YWW 4.71, 11.6-11.63 and 29.3: a Minor Power Alliance played in the treasury phase
rolls once on the Minor Powers Recruiting Table; the player who played it places the
result (11.621). Also the 4.77/19.7 forage limit of minor units, which every placement,
move, advance and retreat respects. Choices: plan [C 11.f]-[C 11.h], [C 4.l] and the
notes below (docs/orders-seven-years-world-war.md "Minor powers")."""

from __future__ import annotations

from typing import Any

from pbem.resolution import Resolution

from . import deploy, names, windows
from . import events as E
from .content import Content
from .map import MAJORS, Square
from .minor_orders import MARKER, AllianceLine
from .money import Tally
from .state import LETTER, MINOR, SYWState, Unit

ARMY_HORDE_FLEET = "Army/Horde/Fleet x 1"
BASE_FZ = "Base/Fortified Zone x 1"
UPRISING = "Uprising"


# ------------------------------------------------------------------ where minors fit


def squares_of(c: Content, where: str) -> list[Square]:
    """The designated territory's squares in grid order (row letter, then column)."""
    return sorted(c.map.squares_of(where), key=lambda q: (q.row, q.col))


def army_land(c: Content, where: str) -> bool:
    """29.3: "Armies are placed only for Norwegian, Swedish, German States, Polish,
    Italian States, Portuguese, Persian or Japanese territories; Hordes in others"
    (a major power's territory is one of the others, [C 11.f])."""
    return where in c.data.tables.minor_recruiting.army_lands


def counted(c: Content, u: Unit) -> bool:
    """Choice: a minor fleet on an all-sea square is not counted against the forage
    limit (29.3 places fleets on trade route squares, whose forage is 0, 18.7)."""
    return not (u.type == "fleet" and c.map.square(u.square).kind == "sea")


def forage_room(c: Content, s: SYWState, sq: str, ignore: frozenset[str] = frozenset()) -> int:
    """4.77, 19.7: how many more minor units the square's forage allows (its minor forage
    value, 0 when pillaged, 19.5)."""
    here = [u for u in s.units_in(sq) if u.owner == MINOR and counted(c, u) and u.id not in ignore]
    return c.map.forage(sq, minor=True, pillaged=sq in s.pillaged) - len(here)


def _majors_in(s: SYWState, sq: str, gone: frozenset[str]) -> list[Unit]:
    return [u for u in s.units_in(sq) if u.owner != MINOR and u.id not in gone]


def land_squares(c: Content, s: SYWState, where: str) -> list[str]:
    """29.3 "any unoccupied square of the designated power ... Armies and hordes are
    placed on land squares": no units at all ([C 11.g]), land or coastal, unpillaged
    (11.622), within the forage limit (4.77)."""
    return [q.id for q in squares_of(c, where)
            if c.map.can_enter(q.id, "land") and not s.units_in(q.id)
            and q.id not in s.pillaged and forage_room(c, s, q.id) > 0]  # fmt: skip


def fleet_squares(c: Content, s: SYWState, where: str) -> list[str]:
    """29.3: "in port or coastal squares of that power or on any trade route square
    which is connected to a terminus of that power" (11.62, 11.622), unoccupied."""
    mine = [q.id for q in squares_of(c, where) if q.kind == "coastal" or q.port]
    ends = {q.id for q in c.map.squares_of(where)}
    routes = [sq for r in c.map.routes if ends & set(r.termini) for sq in r.squares]
    out = []
    for sq in [*mine, *sorted(set(routes) - set(mine), key=lambda x: (x[0], int(x[1:])))]:
        if not c.map.can_enter(sq, "naval") or s.units_in(sq) or sq in s.pillaged:
            continue
        if c.map.square(sq).kind != "sea" and forage_room(c, s, sq) <= 0:
            continue
        out.append(sq)
    return out


def base_squares(c: Content, s: SYWState, where: str, gone: frozenset[str] = frozenset()) -> list[str]:  # fmt: skip
    """29.3 "any square of the designated power", but never with major power units,
    never pillaged (11.622), within the forage limit (4.77)."""
    return [q.id for q in squares_of(c, where)
            if c.map.can_enter(q.id, "land") and not _majors_in(s, q.id, gone)
            and q.id not in s.pillaged and forage_room(c, s, q.id, gone) > 0]  # fmt: skip


def uprising_targets(c: Content, s: SYWState, where: str) -> list[Unit]:
    """29.3 Uprising (1): the major power units in the territory's squares."""
    return [u for q in squares_of(c, where) for u in _majors_in(s, q.id, frozenset())]


def uprising_victim(c: Content, s: SYWState, seat: str, where: str, wish: str) -> Unit | None:
    """The `uprising UNIT` named if it is one of them; else [C 11.h]: a unit of another
    player first, then a neutral's, the player's own last; the strongest, then id."""
    pool = uprising_targets(c, s, where)
    if not pool:
        return None
    chosen = [u for u in pool if u.id == wish]
    if chosen:
        return chosen[0]

    def key(u: Unit) -> tuple:
        owner = s.unit_seat(u)
        rank = 2 if owner == seat else 1 if owner is None else 0
        return (rank, -c.strength(u.type, u.veteran), u.id)

    return sorted(pool, key=key)[0]


def new_id(s: SYWState, where: str, type_: str, taken: list[str]) -> str:
    """Minor ids: "Persia-H2"; raised in a major power's territory "RU-Rebel-H1"."""
    tag = f"{where}-Rebel" if where in MAJORS else where
    n = 1
    while f"{tag}-{LETTER[type_]}{n}" in s.units or f"{tag}-{LETTER[type_]}{n}" in taken:
        n += 1
    return f"{tag}-{LETTER[type_]}{n}"


def _choose(options: list[str], wishes: tuple[str, ...]) -> str:
    """The first square the player named that is legal, else the first in grid order."""
    return next((w for w in wishes if w in options), options[0])


# ------------------------------------------------------------------------ results


def place_base(c: Content, s: SYWState, ln: AllianceLine, gone: frozenset[str]) -> list[dict]:
    """29.3 Base/Fortified Zone x 1: a base, or where armies are raised a fortified zone
    instead unless the square has one ([C 11.h]: the zone unless `no fortified`)."""
    if deploy.minor_stock_left(c, s, "base") <= 0:  # 11.4: one stock for both (2.314(2))
        return []
    options = base_squares(c, s, ln.territory, gone)
    if not options:
        return []  # [C 11.g] nowhere to place: no effect
    sq = _choose(options, ln.base or ln.land)
    fz = any(u.type == "fortified_zone" for u in s.units_in(sq) if u.id not in gone)
    type_ = "fortified_zone" if ln.fortified and army_land(c, ln.territory) and not fz else "base"
    return [_unit(s, ln.territory, type_, sq)]


def place_force(c: Content, s: SYWState, ln: AllianceLine) -> list[dict]:
    """29.3 Army/Horde/Fleet x 1: one recruit army (army lands) or horde on land, or a
    fleet; [C 11.h] land first unless the line asks for a fleet first."""
    land = "army" if army_land(c, ln.territory) else "horde"
    order = ("fleet", land) if ln.fleet_first else (land, "fleet")
    for type_ in order:
        if deploy.minor_stock_left(c, s, type_) <= 0:  # 11.4
            continue
        if type_ == "fleet":
            options, wishes = fleet_squares(c, s, ln.territory), ln.fleet
        else:
            options, wishes = land_squares(c, s, ln.territory), ln.land
        if options:
            return [_unit(s, ln.territory, type_, _choose(options, wishes))]
    return []


def _unit(s: SYWState, where: str, type_: str, sq: str) -> dict:
    return {"id": new_id(s, where, type_, []), "owner": MINOR, "type": type_,
            "veteran": False, "square": sq, "home": where}  # fmt: skip


def outcome(c: Content, s: SYWState, seat: str, ln: AllianceLine, code: str
            ) -> tuple[list[dict], list[str], str]:  # fmt: skip
    """29.3 Results: (units placed, units eliminated, what happened)."""
    if code == "-":
        return [], [], "no effect"
    if code == UPRISING:
        victim = uprising_victim(c, s, seat, ln.territory, ln.uprising)
        if victim is None:  # (2)
            placed = place_force(c, s, ln)
            return placed, [], "no major power unit there: as Army/Horde/Fleet x 1"
        gone = [victim.id] + sorted(u.id for u in s.units.values() if u.aboard == victim.id)
        placed = place_base(c, s, ln, frozenset(gone))
        return placed, gone, f"{victim.id} eliminated, then Base/Fortified Zone x 1"
    placed = (
        place_force(c, s, ln) if code == ARMY_HORDE_FLEET else place_base(c, s, ln, frozenset())
    )
    return placed, [], "" if placed else "nowhere to place it: no effect (plan [C 11.g])"


# ------------------------------------------------------------- the treasury line


def check_alliance(c: Content, s: SYWState, tally: Tally, ln: AllianceLine) -> str | None:
    """At arrival and when carried out: the marker is in hand and the squares named are
    of the territory (11.62)."""
    mine = {q.id for q in c.map.squares_of(ln.territory)}
    if not mine:
        return f"{ln.territory} has no squares on the map"
    for sq in (*ln.land, *ln.base):
        if sq not in mine:
            return f"{sq} is not a square of {_where(c, ln.territory)}: minor units are placed only there (7YWW 11.62)"
    ends = {sq for r in c.map.routes if mine & set(r.termini) for sq in r.squares}
    for sq in ln.fleet:
        if sq not in mine and sq not in ends:
            return f"{sq} is neither a square of {_where(c, ln.territory)} nor a trade route square connected to its terminus (7YWW 11.62)"
    if ln.uprising:
        u = s.units.get(ln.uprising)
        if u is None or u.owner == MINOR:
            return f"uprising {ln.uprising}: name a major power unit (7YWW 29.3 Uprising)"
    if names.in_hand(c, s.players[tally.seat].hand, MARKER) is None:
        return f"no {MARKER} in your hand (7YWW 4.71, 8.4)"
    return None


def _where(c: Content, where: str) -> str:
    return c.power_name(where) if where in MAJORS else where


def alliance(sink: Any, c: Content, tally: Tally, ln: AllianceLine) -> None:
    """11.61: (1) designate, (2) expend the marker (4.75: back to the pool at once) and
    roll, (3) apply the result. In the dry run of validation only the marker is spent."""
    s: SYWState = sink.state
    mid = names.in_hand(c, s.players[tally.seat].hand, MARKER) or ""
    detail = f"{MARKER}: recruiting in {_where(c, ln.territory)} (7YWW 4.71, 11.6)"
    if tally.dry:
        sink.emit(E.MarkerPlayed(seat=tally.seat, marker=mid, target=ln.territory, detail=detail))
        return
    ctx: Resolution = sink
    if not windows.play(ctx, tally.seat, mid, ln.territory, detail):  # 29.7 Sturm & Drang
        return
    # 29.7 Illuminati
    die = windows.roll(ctx, f"minor recruiting: {ln.territory}", owner=tally.seat)[0]
    code = c.data.tables.minor_recruiting.code(die)
    placed, gone, note = outcome(c, ctx.state, tally.seat, ln, code)
    ctx.emit(E.MinorRecruit(seat=tally.seat, territory=ln.territory, why="marker", die=die,
                            result=code, placed=placed, eliminated=gone, note=note))  # fmt: skip


# ---------------------------------------------------------------- 4.77 enforced


def enforce_forage(ctx: Resolution, c: Content, arrived: list[str]) -> None:
    """4.77 "If for some reason minor power units are in excess of a square's provisioning
    limit, they are immediately eliminated" ([C 4.l]: those that arrived last first, then
    the weakest, then id)."""
    s: SYWState = ctx.state
    squares = sorted({u.square for u in s.units.values() if u.owner == MINOR})
    for sq in squares:
        over = -forage_room(c, s, sq)
        if over <= 0:
            continue
        here = [u for u in s.units_in(sq) if u.owner == MINOR and counted(c, u)]
        here.sort(key=lambda u: (u.id not in arrived, c.strength(u.type, u.veteran), u.id))
        ctx.emit(E.Eliminated(units=sorted(u.id for u in here[:over]),
                              why=f"minor units over the forage limit of {sq} (7YWW 4.77, 19.7)"))  # fmt: skip
