"""7YWW 28.6 Unit Deployment as the rules use it: the squares each set-up line of
scenarios.toml allows (its selector against the map), the pieces each block sets up
with their unit ids, who sets each block up, the optional Hanover relocation, the
wild-minor areas, and the default placement [C 28.h]. Pure functions of content and
state."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .content import Content
from .map import MAJORS, Square
from .names import key
from .regions import in_region
from .scenarios import Selector, SetupBlock, SetupLine
from .state import LETTER, MINOR, SYWState

HANOVER = "hanover"  # the option [C 28.d]
WHERE: dict[str, Callable[[Square], bool]] = {
    "": lambda q: True,
    "any": lambda q: True,
    "capital": lambda q: q.capital,
    "civilized": lambda q: q.civilized,
    "civilized-not-capital": lambda q: q.civilized and not q.capital,
    "not-capital": lambda q: not q.capital,
    "port": lambda q: q.port,
}
COUNTER = {"fortified_zone": "fortified_zone/base", "base": "fortified_zone/base"}  # 2.314(2)


@dataclass(frozen=True)
class Piece:
    """One counter a set-up line places."""

    id: str  # "GB-A1"; minors "Sweden-A1" (home-type-number, 2.313)
    side: str  # the set-up block: a major power code or a minor power's name
    line: str  # the set-up line id, "GB-1"
    type: str
    veteran: bool

    @property
    def owner(self) -> str:
        return self.side if self.side in MAJORS else MINOR

    @property
    def home(self) -> str:
        return "" if self.side in MAJORS else self.side

    @property
    def label(self) -> str:
        status = ("veteran " if self.veteran else "recruit ") if self.type in BACKED else ""
        return f"{status}{self.type.replace('_', ' ')}"

    def unit(self, square: str) -> dict:
        """The unit dict of syw.units_placed."""
        return {"id": self.id, "owner": self.owner, "type": self.type,
                "veteran": self.veteran, "square": square, "home": self.home}  # fmt: skip


BACKED = ("army", "horde", "legion", "fleet")  # 2.314(1): recruit / veteran sides


# ------------------------------------------------------------------------ squares


def order_key(q: Square) -> tuple:
    """[C 28.h] the default's preference: the capital, then treasury value (highest
    first), then grid order."""
    return (not q.capital, -q.treasury, q.row, q.col)


@lru_cache(maxsize=512)
def _select(c: Content, sel: Selector) -> tuple[str, ...]:
    out = []
    for q in c.map.squares:  # grid order
        if sel.square and q.id != sel.square:
            continue
        if sel.power and q.power != sel.power:
            continue
        if sel.name and key(q.name) != key(sel.name):
            continue
        if sel.treasury and q.treasury != sel.treasury:
            continue
        if sel.region and not in_region(q, sel.region):
            continue
        if sel.exclude_region and in_region(q, sel.exclude_region):
            continue
        if not WHERE[sel.where](q):
            continue
        out.append(q.id)
    return tuple(out)


def squares(c: Content, sel: Selector) -> list[str]:
    """The squares a 28.6 selector names, in grid order (every condition given must
    hold; regions: regions.py)."""
    return list(_select(c, sel))


def line_squares(c: Content, ln: SetupLine) -> list[str]:
    return squares(c, ln.at)


def describe(c: Content, ln: SetupLine, limit: int = 8) -> str:
    """'D13, D14' or 'G6, F6, ... (16 squares)' for a problem message."""
    sq = line_squares(c, ln)
    if len(sq) <= limit:
        return ", ".join(sq)
    return f"{', '.join(sq[:limit])}, ... ({len(sq)} squares)"


# ------------------------------------------------------------------ blocks, pieces


def block(c: Content, side: str) -> SetupBlock:
    return c.data.scenarios.setup_by_side[side]


@lru_cache(maxsize=64)
def _roster(c: Content, side: str) -> tuple[Piece, ...]:
    out: list[Piece] = []
    n: Counter = Counter()
    for ln in block(c, side).line:
        if ln.relocates:
            continue  # moves a piece of another line (Hanover), places none
        for g in ln.units:
            for _ in range(g.count):
                n[g.unit] += 1
                pid = f"{side}-{LETTER[g.unit]}{n[g.unit]}"
                # 7YWW 17.4: the pieces 28.6 sets up veteran begin play veteran
                out.append(Piece(pid, side, ln.id, g.unit, g.status == "veteran"))
    return tuple(out)


def roster(c: Content, side: str) -> list[Piece]:
    """The pieces 28.6 sets up for a side, in the order it lists them, with their ids:
    numbered per unit type in that order from 1, as SYWState.next_unit_id numbers them
    on an empty map (GB-A1..GB-A3 the veteran armies, GB-A4 the recruit)."""
    return list(_roster(c, side))


def line_of(c: Content, line_id: str) -> SetupLine:
    return c.data.scenarios.line(line_id)


def fixed_sides(c: Content) -> list[str]:
    """28.6 MINOR POWER FORCES: 'set up as indicated' (every square fixed)."""
    return [b.side for b in c.data.scenarios.setup if b.by == "fixed"]


def major_sides(c: Content) -> list[str]:
    return [b.side for b in c.data.scenarios.setup if b.by != "fixed"]


def setter(s: SYWState, b: SetupBlock) -> str | None:
    """The seat that sets a major power up: the one 28.6 names (named_setter), else
    [C 28.e] the seat scenarios.toml's [setup_fallback] chose at set-up
    (setup.assign_fallback); None only in a state without that choice: pbem's default
    placement sets the block up."""
    return named_setter(s, b) or s.setup_fallback or None


def named_setter(s: SYWState, b: SetupBlock) -> str | None:
    """7YWW 28.6: the seat that sets a major power up: its controller (BELLIGERENT
    MAJOR POWERS); a neutral Maratha / Manchu: the player controlling France / Great
    Britain (if_neutral); the NEUTRAL MAJOR POWERS: the player controlling the power
    named (`by`), or their own controller if a player holds them (if_controlled).
    None when that player does not exist (a neutral GB, FR, PR, AU or RU, or the named
    power itself neutral: only after a free deployment, 28.57)."""
    seat = s.control.get(b.side)
    if b.by == "controller":
        if seat is not None:
            return seat
        return s.control.get(b.if_neutral) if b.if_neutral else None
    if seat is not None and b.if_controlled == "controller":
        return seat
    return s.control.get(b.by)


def sides_of(c: Content, s: SYWState, seat: str | None) -> list[str]:
    """The major set-up blocks a seat places (None: the blocks no player sets up)."""
    return [side for side in major_sides(c) if setter(s, block(c, side)) == seat]


def pieces_of(c: Content, s: SYWState, seat: str | None) -> list[Piece]:
    return [p for side in sides_of(c, s, seat) for p in roster(c, side)]


# --------------------------------------------------------------- Hanover (optional)


def relocations(c: Content, s: SYWState, side: str) -> list[SetupLine]:
    """The optional lines of a block in force: 28.6 GREAT BRITAIN '*Optional: if Great
    Britain is allied with Prussia at the start of the game, one British army ... may
    be deployed in Prussia'. [C 28.d] with the option `hanover`, when one player
    controls both powers (pbem knows no alliance but common control)."""
    out = []
    if HANOVER not in s.options:
        return out
    for ln in block(c, side).line:
        if not ln.optional:
            continue
        mine, other = s.control.get(side), s.control.get(ln.at.power)
        if mine is not None and mine == other:
            out.append(ln)
    return out


def counted_line(c: Content, s: SYWState, p: Piece, square: str) -> SetupLine | None:
    """The line a piece set up in `square` counts against: its own, or an optional
    relocation in force that takes its type there; None: the square is not allowed."""
    own = line_of(c, p.line)
    if square in line_squares(c, own):
        return own
    for ln in relocations(c, s, p.side):
        types = {g.unit for g in ln.units}
        if ln.relocates == p.line and p.type in types and square in line_squares(c, ln):
            return ln
    return None


# ---------------------------------------------------------------- default placement


def default_placement(
    c: Content, s: SYWState, pieces: list[Piece], placed: dict[str, str]
) -> dict[str, str]:
    """[C 28.h] where the pieces not in `placed` (id -> square) go: each line's
    squares by capital, treasury value, grid order, the first one with room under the
    line's per-square limit (counting what is already placed). Never relocates
    (Hanover is a player's choice). Returns id -> square for every piece."""
    by_id = {p.id: p for p in pieces}
    count: Counter = Counter()
    for pid, sq in placed.items():
        p = by_id.get(pid)
        ln = counted_line(c, s, p, sq) if p is not None else None
        if ln is not None:
            count[(ln.id, sq)] += 1
    out = dict(placed)
    for p in pieces:
        if p.id in out:
            continue
        ln = line_of(c, p.line)
        cands = sorted((c.map.square(q) for q in line_squares(c, ln)), key=order_key)
        room = [q.id for q in cands if not ln.per_square or count[(ln.id, q.id)] < ln.per_square]
        if not room:  # the content tests rule this out (tests/test_7yww_setup.py)
            raise ValueError(f"7YWW 28.6 line {ln.id}: no square left for {p.id}")
        out[p.id] = room[0]
        count[(ln.id, room[0])] += 1
    return out


# ------------------------------------------------------------------- wild minors


@lru_cache(maxsize=4)
def _wild(c: Content) -> tuple[str, ...]:
    r = c.data.scenarios.minor_random
    areas = set(r.areas) | set(r.african_also)
    return tuple(q.id for q in c.map.squares if q.power in areas and q.kind != "sea")


def wild_squares(c: Content) -> list[str]:
    """28.6 ARABIA, AFRICA, TAUREGS, OREGON, AMAZONIA, PATAGONIA, NEW HOLLAND (and
    Futa Jallon, Darfur, Buganda: [C 28.b] for every piece), in grid order."""
    return list(_wild(c))


def wild_free(c: Content, s: SYWState, taken: set[str] = frozenset()) -> list[str]:
    """28.6 'no more than one unit per square (and none of these units may be placed
    with already existing units)': the empty wild-minor squares."""
    full = {u.square for u in s.units.values()} | set(taken)
    return [q for q in wild_squares(c) if q not in full]


def piece_words(status: str, unit: str) -> str:
    """The name of a wild-minor piece in SYWState.wild: 'base', 'recruit horde'."""
    return f"{status} {unit}".strip()


def parse_piece(words: str) -> tuple[str, bool]:
    """(unit type, veteran) of a SYWState.wild piece name."""
    parts = words.split()
    return parts[-1], parts[0] == "veteran"


def minor_stock_left(c: Content, s: SYWState, type_: str) -> int:
    """11.4: counters of the white minor stock not on the map nor owed to a roller."""
    kind = COUNTER.get(type_, type_)
    have = c.mix(MINOR)[kind]
    used = sum(
        1 for u in s.units.values() if u.owner == MINOR and COUNTER.get(u.type, u.type) == kind
    )
    owed = [parse_piece(w)[0] for ws in s.wild.values() for w in ws]
    used += sum(1 for t in owed if COUNTER.get(t, t) == kind)
    return have - used
