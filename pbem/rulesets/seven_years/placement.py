"""The set-up step `1756-setup` (7YWW 28.6, plan 7.1): every player places what 28.6
gives him: the blocks of his powers, the neutral powers 28.6 names him for (UP and SP:
France's player; OT, and a neutral ME: Great Britain's; a neutral MC: France's), those
28.6 names nobody for if he was chosen for them ([C 28.e], setup.assign_fallback), and
his wild-minor piece. One envelope; one order a line, `#` comments, names in any case:

    place GB-A1 GB-A2 in C14         units by id (spaces or commas) into a square
    C14: GB-A1, GB-A2                the same
    place 3 bases GB in G6, F6, E7   a group: [N] [veteran|recruit] TYPE [POWER] in SQ..:
                                     the next pieces of that kind not yet placed, in
                                     28.6's order; no N: one (`base`), or all that are
                                     left (`bases`); POWER may be left out when only one
                                     of your blocks has such pieces
    place wild horde in O14          your wild-minor piece (`place wild in O14` too)
    place rest                       the rest by the default (as for any piece no line
                                     places)

With several squares (`in G6, F6, E7`, or `in G6 F6 E7`), the units go one to each
square in turn. TYPE: army, horde, fleet, base, fortified zone (fz, fort); plurals too.
Unit ids are numbered per power and type in the order 28.6 lists the pieces
(deploy.roster): GB-A1..GB-A3 the veteran armies, GB-A4 the recruit, GB-F1..F4, GB-B1..B8.
Squares: grid references or the map's names (`Java`, `Cape Colony`).

Default [C 28.h]: each piece left unplaced goes to its line's capital square, then the
squares by treasury value, then grid order, honouring the line's per-square limit; the
wild piece to the first empty legal square in grid order [C 28.b]."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from pbem.resolution import Resolution
from pbem.ruleset import OrderLine, Parsed, Problem, Step, parse_good_lines
from pbem.suggest import closest

from . import deploy, names, phases, victory
from . import events as E
from .content import Content
from .state import MINOR, SYWState

WHY = "set-up (7YWW 28.6)"
WHY_WILD = "wild minor (7YWW 28.6)"
WHY_NOBODY = "set up by no player: default placement (7YWW 28.6, [C 28.e])"
HEADS = ["place", "place rest", "place wild"]
TYPES = {
    "army": "army", "armies": "army", "horde": "horde", "hordes": "horde",
    "fleet": "fleet", "fleets": "fleet", "base": "base", "bases": "base",
    "fortified zone": "fortified_zone", "fortified zones": "fortified_zone",
    "fz": "fortified_zone", "fzs": "fortified_zone", "fort": "fortified_zone",
    "forts": "fortified_zone", "legion": "legion", "legions": "legion",
}  # fmt: skip
PLURAL = {"armies", "hordes", "fleets", "bases", "fortified zones", "fzs", "forts", "legions"}
GROUP = re.compile(
    r"^(?:(\d+)\s+)?(?:(veteran|vet|recruit)s?\s+)?(fortified zones?|armies|army|hordes?|"
    r"fleets?|bases?|fzs?|forts?|legions?)(?:\s+(.*))?$",
    re.I,
)
IDLIKE = re.compile(r"^[A-Za-z]{2}-[A-Za-z]\d+$")


@dataclass
class Placement:
    at: dict[str, tuple[str, int]] = field(default_factory=dict)  # id -> (square, line)
    wild: tuple[str, int, str] | None = None  # (square, line, the piece as written)
    rest: bool = False


# ---------------------------------------------------------------------- reading


def _squares(c: Content, text: str, ln: int, out: list[Problem]) -> list[str]:
    chunks = [x.strip() for x in text.split(",") if x.strip()]
    if len(chunks) == 1 and " " in chunks[0]:
        words = chunks[0].split()
        if all(names.square(c, w) and re.match(r"^[A-Qa-q]\d+$", w) for w in words):
            chunks = words
    got = []
    for ch in chunks:
        sq, hint = names.find(c, "square", ch)
        if sq is None:
            out.append(Problem(f"no square {ch!r} on the map", ln, hint))
        else:
            got.append(sq)
    if not chunks:
        out.append(Problem("say where: a square after 'in'", ln))
    return got


def _who(c: Content, s: SYWState, side: str) -> str:
    seat = deploy.setter(s, deploy.block(c, side))
    name = c.power_name(side)
    return f"{name} is set up by {seat}" if seat else f"{name} is set up by no player (default)"


class _Reader:
    def __init__(self, c: Content, s: SYWState, seat: str):
        self.c, self.s, self.seat = c, s, seat
        self.mine = {p.id: p for p in deploy.pieces_of(c, s, seat)}
        self.every = {p.id: p for side in deploy.major_sides(c) for p in deploy.roster(c, side)}
        self.pl = Placement()
        self.problems: list[Problem] = []
        self.groups: list[tuple[int, re.Match, list[str]]] = []

    def bad(self, msg: str, ln: int, hint: str | None = None) -> None:
        self.problems.append(Problem(msg, ln, hint))

    def put(self, pids: list[str], squares: list[str], ln: int) -> None:
        for i, pid in enumerate(pids):
            if pid in self.pl.at:
                self.bad(f"{pid} is placed twice (line {self.pl.at[pid][1]} and here)", ln)
                continue
            self.pl.at[pid] = (squares[i % len(squares)], ln)

    def ids(self, tokens: list[str], squares: list[str], ln: int) -> None:
        pids = []
        for tok in tokens:
            pid = tok.upper()
            if pid in self.mine:
                pids.append(pid)
            elif pid in self.every:
                side = self.every[pid].side
                self.bad(f"{pid} is not yours to set up: {_who(self.c, self.s, side)}", ln)
            else:
                self.bad(f"no set-up piece {tok!r} of yours", ln, closest(pid, list(self.mine)))
        if squares and len(pids) == len(tokens):
            self.put(pids, squares, ln)

    def minor_named(self, low: str) -> str | None:
        """The id of a minor power's unit the line names, if any ('Sweden-A1')."""
        for uid, u in self.s.units.items():
            if u.owner == MINOR and re.search(rf"(?<![\w-]){re.escape(uid.casefold())}\b", low):
                return uid
        return None

    def line(self, ol: OrderLine) -> None:
        text = ol.text.split("#", 1)[0].strip()
        if not text:
            return
        ln, low = ol.line, text.casefold()
        if low in ("place rest", "rest"):
            self.pl.rest = True
            return
        m = re.match(r"^(?:place\s+)?wild\b\s*(.*)$", text, re.I)
        if m:
            return self.wild(m.group(1), ln)
        fixed = self.minor_named(low)
        if fixed:  # 7YWW 28.6 MINOR POWER FORCES "(set up as indicated)"
            return self.bad(f"{fixed} is a minor power force, set up as indicated (7YWW 28.6 "
                            "MINOR POWER FORCES): no player places it", ln)  # fmt: skip
        m = re.match(r"^([^:]+):\s*(.+)$", text)
        if m and not low.startswith("place "):
            sq = _squares(self.c, m.group(1), ln, self.problems)
            if len(sq) > 1:
                self.bad("name one square before ':'", ln)
                return
            return self.ids(re.split(r"[,\s]+", m.group(2).strip()), sq, ln)
        if not low.startswith("place "):
            hint = names.closest_head(low, HEADS)
            return self.bad(f"not a set-up order: {text!r} (place ... in SQUARE)", ln, hint)
        body = text[6:].strip()
        parts = re.split(r"\s+in\s+", body, maxsplit=1, flags=re.I)
        if len(parts) < 2:
            words = body.split()
            hint = None
            if len(words) > 1 and names.square(self.c, words[-1]):
                hint = f"place {' '.join(words[:-1])} in {words[-1]}"
            return self.bad("say where: 'place ... in SQUARE'", ln, hint)
        what, where = parts[0].strip(), parts[1]
        squares = _squares(self.c, where, ln, self.problems)
        tokens = [t for t in re.split(r"[,\s]+", what) if t]
        if any(IDLIKE.match(t) for t in tokens):
            return self.ids(tokens, squares, ln)
        g = GROUP.match(what)
        if g is None:
            return self.bad(f"{what!r} is neither unit ids (GB-A1) nor a group ('3 bases GB')", ln)
        if squares:
            self.groups.append((ln, g, squares))

    def wild(self, rest: str, ln: int) -> None:
        parts = re.split(r"(?:^|\s+)in\s+|\s*:\s*", rest.strip(), maxsplit=1, flags=re.I)
        if len(parts) < 2:
            return self.bad("say where: 'place wild horde in SQUARE'", ln)
        sq = _squares(self.c, parts[1], ln, self.problems)
        if len(sq) > 1:
            return self.bad("the wild-minor piece goes into one square", ln)
        if self.pl.wild is not None:
            return self.bad(f"the wild-minor piece is placed twice (line {self.pl.wild[1]} and here)", ln)  # fmt: skip
        if sq:
            self.pl.wild = (sq[0], ln, parts[0].strip().casefold())

    def group(self, ln: int, g: re.Match, squares: list[str]) -> None:
        """A typed group takes the pieces no id line named, after them (line order)."""
        num, status, word, who = g.group(1), g.group(2), g.group(3).casefold(), g.group(4)
        type_ = TYPES[word]
        veteran = None if not status else status.casefold().startswith("vet")
        side = None
        if who:
            side, hint = names.find(self.c, "power", who.strip())
            if side is None:
                return self.bad(f"no major power {who.strip()!r}", ln, hint)
        kind = f"{status + ' ' if status else ''}{word}"
        if side is not None and side not in deploy.sides_of(self.c, self.s, self.seat):
            return self.bad(f"{kind} {side}: not yours to set up: {_who(self.c, self.s, side)}", ln)
        free = [
            p for p in self.mine.values()
            if p.id not in self.pl.at and p.type == type_ and side in (None, p.side)
            and veteran in (None, p.veteran)
        ]  # fmt: skip
        sides = sorted({p.side for p in free})
        if side is None and len(sides) > 1:
            return self.bad(f"whose {word}? say '{kind} {sides[0]}' ({' or '.join(sides)})", ln)
        n = int(num) if num else (len(free) if word in PLURAL else 1)
        if n > len(free) or n == 0:
            whose = f" of {side or sides[0]}" if (side or sides) else ""
            # 7YWW 28.6: each power sets up the pieces its lines list, no more
            return self.bad(f"only {len(free)} {kind}{whose} left to set up, not {n} "
                            "(7YWW 28.6 lists no more)", ln)  # fmt: skip
        # each square in turn takes the first free piece whose line allows it there
        # (SP's fleets: one for the capital, one for the West Indies), else the first
        pids: list[str] = []
        for i in range(n):
            sq = squares[i % len(squares)]
            left = [p for p in free if p.id not in pids]
            fits = [p for p in left if deploy.counted_line(self.c, self.s, p, sq)]
            pids.append((fits or left)[0].id)
        for i, pid in enumerate(pids):
            self.put([pid], [squares[i % len(squares)]], ln)


def read(c: Content, s: SYWState, seat: str, lines: list[OrderLine]) -> Parsed:
    r = _Reader(c, s, seat)
    for ol in lines:
        r.line(ol)
    for ln, g, squares in r.groups:  # after every id line (ids are taken first)
        r.group(ln, g, squares)
    return Parsed(r.pl, sorted(r.problems, key=lambda p: p.line or 0))


# ------------------------------------------------------------------- checking


def check(c: Content, s: SYWState, seat: str, pl: Placement) -> list[Problem]:
    """Every constraint of 28.6 on what the envelope places: the line's squares, its
    per-square limit, the Hanover relocation [C 28.d], the wild-minor areas."""
    out: list[Problem] = []
    mine = {p.id: p for p in deploy.pieces_of(c, s, seat)}
    count: Counter = Counter()
    for pid, (sq, ln) in sorted(pl.at.items(), key=lambda kv: (kv[1][1], kv[0])):
        p = mine.get(pid)
        if p is None:
            out.append(Problem(f"{pid} is not yours to set up", ln))
            continue
        line = deploy.counted_line(c, s, p, sq)
        own = deploy.line_of(c, p.line)
        if line is None:
            msg = (f"{pid} ({p.label}) cannot be set up in {sq}: 7YWW 28.6 {own.id} "
                   f"'{own.text}' allows {deploy.describe(c, own)}")  # fmt: skip
            out.append(Problem(msg + _hanover_hint(c, s, p, sq), ln))
            continue
        count[(line.id, sq)] += 1
        if line.per_square and count[(line.id, sq)] > line.per_square:
            out.append(Problem(f"{pid}: more than {line.per_square} in {sq} "
                               f"(7YWW 28.6 {line.id} '{line.text}')", ln))  # fmt: skip
        if line.relocates:
            count[line.id] += 1
            most = sum(g.count for g in line.units)
            if count[line.id] > most:
                out.append(Problem(f"{pid}: only {most} {p.type} of {line.relocates} may set "
                                   f"up in {deploy.describe(c, line)} (7YWW 28.6 *Optional)", ln))  # fmt: skip
    if pl.wild is not None:
        out += _check_wild(c, s, seat, pl.wild)
    return out


def _hanover_hint(c: Content, s: SYWState, p, sq: str) -> str:
    for ln in deploy.block(c, p.side).line:
        if ln.relocates == p.line and sq in deploy.line_squares(c, ln):
            return (f" (one British army may set up in Prussia only with the option "
                    f"'{deploy.HANOVER}' when one player controls both, [C 28.d])")  # fmt: skip
    return ""


def _check_wild(c: Content, s: SYWState, seat: str, wild: tuple[str, int, str]) -> list[Problem]:
    sq, ln, said = wild
    owed = s.wild.get(seat, [])
    if not owed:
        return [Problem("you have no wild-minor piece to place (7YWW 28.6: your die gave none)", ln)]  # fmt: skip
    out = []
    if said:
        words = said.split()
        unit = TYPES.get(" ".join(w for w in words if w not in ("veteran", "recruit")))
        status = next((w for w in words if w in ("veteran", "recruit")), None)
        o_type, o_vet = deploy.parse_piece(owed[0])
        wrong_status = status is not None and (status == "veteran") != o_vet
        if unit is None or o_type != unit or wrong_status:
            out.append(Problem(f"your wild-minor piece is a {owed[0]}, not {said!r} "
                               "(7YWW 28.6: the piece your die gave)", ln))  # fmt: skip
    if sq not in deploy.wild_squares(c):
        areas = c.data.scenarios.minor_random.areas + c.data.scenarios.minor_random.african_also
        out.append(Problem(f"{sq} is not in {', '.join(areas)} (7YWW 28.6)", ln))
    elif s.units_in(sq):
        out.append(Problem(f"{sq} already holds units: wild minors go into empty squares "
                           "(7YWW 28.6)", ln))  # fmt: skip
    return out


# ------------------------------------------------------------------ the stage


class Place:
    def owes(self, s: SYWState) -> tuple[str, ...]:
        return tuple(s.seats)

    def parse(self, c: Content, s: SYWState, seat: str, lines: list[OrderLine]) -> Parsed:
        return parse_good_lines(lambda ls: read(c, s, seat, ls), lines)

    def validate(self, c: Content, s: SYWState, seat: str, orders: Placement) -> list[Problem]:
        return check(c, s, seat, orders)

    def default(self, c: Content, s: SYWState, seat: str) -> Placement:
        return Placement(rest=True)

    def resolve(self, ctx: Resolution, c: Content, step: Step, orders: dict, standing: dict):
        s: SYWState = ctx.state
        for seat in s.order:  # initiative order (28.2): earlier wild rollers first
            pl = orders.get(seat) or Placement(rest=True)
            pieces = deploy.pieces_of(c, s, seat)
            mine = {p.id for p in pieces}
            given = {pid: sq for pid, (sq, _) in pl.at.items() if pid in mine}
            where = deploy.default_placement(c, s, pieces, given)  # [C 28.h]
            if pieces:
                ctx.emit(E.UnitsPlaced(seat=seat, units=[p.unit(where[p.id]) for p in pieces], why=WHY))  # fmt: skip
            place_wild(ctx, c, seat, pl.wild[0] if pl.wild else None)
        rest = deploy.pieces_of(c, s, None)  # only a state without [C 28.e]'s choice
        if rest:
            where = deploy.default_placement(c, s, rest, {})
            ctx.emit(E.UnitsPlaced(seat=None, units=[p.unit(where[p.id]) for p in rest], why=WHY_NOBODY))  # fmt: skip
        victory.base_line(ctx, c)  # 7YWW 22.12 [C 22.a]
        phases.to_stage(ctx, "start", turn=1)


def place_wild(ctx: Resolution, c: Content, seat: str, square: str | None) -> None:
    """28.6: the roller places his piece, alone in its square; [C 28.b] a square an
    earlier roller took (or none given): the first empty legal square in grid order."""
    s: SYWState = ctx.state
    for i, words in enumerate(s.wild.get(seat, [])):
        free = deploy.wild_free(c, s)
        why = WHY_WILD
        sq = square if i == 0 and square in free else None
        if sq is None:
            if not free:
                continue
            sq = free[0]
            if i == 0 and square:
                why = f"wild minor: {square} taken by an earlier roller, default square (7YWW 28.6, [C 28.b])"  # fmt: skip
        type_, veteran = deploy.parse_piece(words)
        home = c.map.square(sq).power
        unit = {"id": s.next_unit_id(MINOR, type_, home), "owner": MINOR, "type": type_,
                "veteran": veteran, "square": sq, "home": home}  # fmt: skip
        ctx.emit(E.UnitsPlaced(seat=seat, units=[unit], why=why))


phases.register("place", Place())
