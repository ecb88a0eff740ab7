"""7YWW 24 Minor Power Recruiting (option `minor-recruiting`) and the roll on the Minor
Powers Recruiting Table that a random player makes for 24.0 and for a Tax Rebellion
(25.3, taxes.py). Placement reuses minor_recruit.py (29.3 results, 11.62-11.622, 4.77).

24.0: "During any recruiting phase in which one or more major power units occupy any
squares of a minor power, another player, determined at random, must roll a die on the
Minor Powers Recruiting Table (29.3)"; 24.1 after all major power recruiting (right after
pass 2 of the treasury envelope, before training and disbanding, so a unit disbanded
this phase still counts: 3.1(2)(c)-(e)); 24.2 one die a minor power however
many players invaded it.

Choices (docs/orders-seven-years-world-war.md "Optional rules 23-25"):
- [C 24.a] "another player" = a player picked at random (a public pick, in seat order)
  among the players with no unit in that minor power's squares; if every player has units
  there, among all players. Units of a neutral major power count as major power units.
- [C 24.b] the minor powers are taken in the order of the game's list (game.toml).
- The picked player places by his standing `minor placement at SQ[, SQ...]` (the first
  square named that is legal for the result), else the defaults of [C 11.g]/[C 11.h]
  (first legal square in grid order; a fortified zone where 29.3 allows one; Uprising
  strikes another player's unit first). The units belong to no one (24.0)."""

from __future__ import annotations

from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import events as E
from . import minor_recruit, names, windows
from .content import Content
from .minor_orders import AllianceLine, territory
from .state import MINOR, SYWState

OPTION = "minor-recruiting"


# ------------------------------------------------------------------ standing lines


def _squares(c: Content, text: str, ln: int, out: list[Problem]) -> tuple[str, ...]:
    got = []
    for w in [p for p in text.replace(",", " ").split() if p]:
        sq, hint = names.find(c, "square", w)
        if sq is None:
            out.append(Problem(f"no square {w!r} on the map", ln, hint))
        else:
            got.append(sq)
    return tuple(got)


def _placement(c: Content, st, rest: str, ln: int) -> list[Problem]:
    """`minor placement at SQ[, SQ...]` (24.0, 25.3)."""
    low = rest.strip()
    if not low.casefold().startswith("at ") or not low[3:].strip():
        return [Problem("write: minor placement at SQ[, SQ...] (7YWW 24.0)", ln)]
    out: list[Problem] = []
    st.minor_placement = [*st.minor_placement, *_squares(c, low[3:], ln, out)]
    return out


def _rebellion(c: Content, st, rest: str, ln: int) -> list[Problem]:
    """`rebellion in TERRITORY [at SQ[, SQ...]]` (25.3)."""
    parts = names.clauses(rest, ("at",))
    if not parts[0][1] or len(parts) > 2 or (len(parts) == 2 and not parts[1][1]):
        return [Problem("write: rebellion in TERRITORY [at SQ[, SQ...]] (7YWW 25.3)", ln)]
    where, hint = territory(c, parts[0][1])
    if where is None:
        return [Problem(f"no minor power or major power {parts[0][1]!r} (7YWW 25.3)", ln, hint)]
    out: list[Problem] = []
    sqs = _squares(c, parts[1][1], ln, out) if len(parts) == 2 else ()
    st.rebellions = [*st.rebellions, (where, sqs)]
    return out


READERS = {"minor placement": _placement, "rebellion in": _rebellion}


# ------------------------------------------------------------------- the roll


def random_player(ctx: Resolution, why: str, exclude: list[str]) -> str:
    """A player picked at random (a public pick over the seats in seat order, those in
    `exclude` left out unless nobody would be left)."""
    s: SYWState = ctx.state
    pool = [x for x in s.seats if x not in exclude] or list(s.seats)
    return pool[ctx.pick(f"random player: {why}", len(pool))]


def roll_table(ctx: Resolution, c: Content, seat: str, where: str, why: str,
               wishes: tuple[str, ...]) -> None:  # fmt: skip
    """One roll on 29.3 for `where`, carried out by `seat` (24.0, 25.3), placing on the
    first of `wishes` that is legal (else the defaults)."""
    die = windows.roll(ctx, f"minor recruiting: {where}", owner=seat)[0]  # 29.7 Illuminati
    code = c.data.tables.minor_recruiting.code(die)
    ln = AllianceLine(0, "", "minor", territory=where, land=wishes, fleet=wishes, base=wishes)
    placed, gone, note = minor_recruit.outcome(c, ctx.state, seat, ln, code)
    ctx.emit(E.MinorRecruit(seat=seat, territory=where, why=why, die=die, result=code,
                            placed=placed, eliminated=gone, note=note))  # fmt: skip


def wishes_of(standing: dict, seat: str) -> tuple[str, ...]:
    st = standing.get(seat)
    return tuple(getattr(st, "minor_placement", []) or []) if st is not None else ()


# ----------------------------------------------------------- 24.0 after pass 2


def invaded(c: Content, s: SYWState) -> list[tuple[str, list[str]]]:
    """24.0: each minor power with major power units in its squares, and the players
    whose units they are ([C 24.b] in the game's order of minor powers)."""
    out = []
    for m in c.data.game.minor:
        squares = {q.id for q in c.map.squares_of(m.name)}
        here = [u for u in s.units.values() if u.square in squares and u.owner != MINOR]
        if here:
            seats = sorted({x for u in here if (x := s.unit_seat(u)) is not None})
            out.append((m.name, seats))
    return out


def recruiting(ctx: Resolution, c: Content, standing: dict) -> None:
    """24.0-24.2: after all major power recruiting, one die for each invaded minor power."""
    if OPTION not in ctx.state.options:
        return
    for where, seats in invaded(c, ctx.state):
        seat = random_player(ctx, f"minor recruiting {where}", seats)  # [C 24.a]
        roll_table(ctx, c, seat, where, "24.0", wishes_of(standing, seat))
