"""7YWW 26.0 Pillage (option `pillage`), 29.5 the Pillage Table, 4.74 pillage by a minor
power force, 18.2 fleets: the phasing player's pillage phase (3.1(3)(d)), after his
combat lines, one attempt a square a turn (26.12); and the removal of a pillage marker
in the recruiting sub-phase (26.3, 10.33, 29.2 note (4)).

Choices (plan "7YWW 23-27 Optional rules"):
- [C 26.a] 29.5 has no strength columns: one die, whatever the force (26.11).
- [C 26.b] The pillaging force is every unit of the player in the square (3.1(3)(d):
  "squares occupied by his units"), fortified zones, bases and fleets included (18.2:
  fleets in coastal and port squares may pillage; 26.2(2) keeps them out of all-sea
  squares); a 4.74 force is the minor units named, or every minor unit there, of one
  minor power (4.72's "force").
- [C 26.c] Troops Lose Discipline: the line's `losing UNIT`, else the unit the combat
  losses default takes ([C 15.k]: the player's standing `losses` first); a fleet goes
  with the units aboard it (19.4 read across).
- [C 26.d] The loot is the printed treasury value of a civilized square; "each player
  other than the pillager" picks in initiative order, his discard order for the hand
  limit (8.31).
- [C 26.e] 26.2(3) "a square belonging to a major power he controls": the square's
  printed power; it binds the 4.74 force too (the player pillages)."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import events as E
from . import markers, minors, names, naval, windows
from .content import Content
from .minor_recruit import enforce_forage
from .money import change
from .pillage_lines import PillageLine
from .results import loss_order
from .standing import Standing
from .state import MINOR, SYWState, Unit


def force(c: Content, s: SYWState, seat: str, ln: PillageLine) -> tuple[list[Unit], str | None]:
    """[C 26.b] the pillaging force, or why there is none."""
    if ln.minor:
        return minors.force(s, ln.units, ln.square, lambda u: True)
    units = [u for u in s.units_in(ln.square) if u.owner != MINOR and s.unit_seat(u) == seat]
    if not units:
        return [], f"no unit of yours is in {ln.square}: a player pillages squares occupied by his units (7YWW 3.1(3)(d), 26.1)"  # fmt: skip
    return units, None


def problem(c: Content, s: SYWState, seat: str, ln: PillageLine, taken: list[str]
            ) -> tuple[str | None, list[Unit]]:  # fmt: skip
    """26.2, 26.12, 4.74, 18.2: why the attempt may not be made, with the force."""
    sq = ln.square
    q = c.map.square(sq)
    if q.kind == "sea":  # 26.2(2), 18.2
        return f"{sq} is an all-sea square: no pillage there (7YWW 26.2(2), 18.2)", []
    if sq in s.pillaged:  # 26.2(1)
        return f"{sq} already has a pillage marker (7YWW 26.2(1))", []
    if q.power in s.powers_of(seat):  # 26.2(3), [C 26.e]
        return f"{sq} belongs to {c.power_name(q.power)}, a major power you control (7YWW 26.2(3))", []  # fmt: skip
    if sq in s.progress.pillaged:  # 26.12
        return f"{sq} has been pillaged by you this turn: one attempt a square a turn (7YWW 26.12)", []  # fmt: skip
    units, why = force(c, s, seat, ln)
    if why:
        return why, units
    if ln.losing and ln.losing not in [u.id for u in units]:
        return f"{ln.losing} is not in the pillaging force in {sq} (7YWW 29.5 Troops Lose Discipline)", units  # fmt: skip
    if ln.minor:
        home = units[0].home
        if q.power == home:  # 4.74
            return f"{sq} is in {minors.where(c, home)}: a minor power can't pillage a square in its own home country (7YWW 4.74)", units  # fmt: skip
        if minors.marker(c, s, seat, taken) is None:
            n = sum(1 for m in s.players[seat].hand if names.label_of(c, m) == minors.MARKER)
            return f"this line needs a {minors.MARKER} marker: {seat} holds {n}, used by this and earlier lines (7YWW 4.74, 4.75)", units  # fmt: skip
    return None, units


def simulate(c: Content, s: SYWState, seat: str, ln: PillageLine, taken: list[str]) -> None:
    """Validation (plan 2.4): the attempt made, its result unknown."""
    if ln.minor:
        taken.append(minors.marker(c, s, seat, taken) or "")
    p = s.progress
    p.phase = "pillage"
    p.pillaged = sorted({*p.pillaged, ln.square})


def after_pillage(s: SYWState) -> str | None:
    """3.1(3): movement and combat lines may not follow the pillage phase (a `wait`
    envelope continued after a pillage line)."""
    if s.progress.phase == "pillage":
        return "the pillage phase has begun: no more movement or combat this turn (7YWW 3.1(3)(d))"
    return None


def carry_out(ctx: Resolution, c: Content, seat: str, ln: PillageLine,
              standing: dict[str, Standing]) -> str | None:  # fmt: skip
    """26.1, 29.5: the attempt, or why it was skipped."""
    s: SYWState = ctx.state
    why, units = problem(c, s, seat, ln, [])
    if why:
        return why
    sq, q = ln.square, c.map.square(ln.square)
    home = units[0].home if ln.minor else ""
    if ln.minor:  # 4.74, 4.75: the marker goes back to the pool at once
        mid = minors.marker(c, s, seat, []) or ""
        detail = f"{minors.MARKER}: {minors.where(c, home)}'s force pillages (7YWW 4.74, 4.75)"
        if not windows.play(ctx, seat, mid, sq, detail):  # 29.7 Sturm & Drang
            return None
    table = c.data.tables.pillage  # 7YWW 26.11: no terrain, no leader, no strength
    die = windows.roll(ctx, f"pillage: {seat} at {sq}", owner=seat, square=sq,
                       result=lambda d: table.code(d[0]))[0]  # fmt: skip
    code = table.code(die)
    lost, loot, enl = "", 0, False
    if code == "Troops Lose Discipline":  # [C 26.c]
        st = standing.get(seat)
        prefs = [u for where, us in (st.losses if st else []) if where in ("", sq) for u in us]
        lost = ln.losing or loss_order(c, units, prefs)[0].id
    elif code == "Pillage":  # 29.5 (1)-(3)
        loot = q.treasury if q.civilized and not ln.minor else 0
        enl = sq in s.enlightened
    ctx.emit(E.Pillage(seat=seat, square=sq, die=die, result=code, loot=loot,
                       enlightenment_removed=enl, unit_lost=lost, minor=home,
                       force=[u.id for u in units]))  # fmt: skip
    if lost:
        ctx.emit(E.Eliminated(units=naval.with_cargo(s, [lost]),
                              why="pillage: troops lose discipline (7YWW 29.5)"))  # fmt: skip
    if code == "Pillage":  # 19.5 the forage value now zero; 4.77 minors over it go at once
        enforce_forage(ctx, c, [])
    if loot:
        change(ctx, seat, loot, f"pillage of {sq} (7YWW 29.5)")
    if code == "Pillage":  # 29.5 (4) [C 26.d]
        for other in [x for x in (s.order or s.seats) if x != seat]:
            st = standing.get(other)
            markers.pick(ctx, c, other, 1, f"pillage of {sq} by {seat} (7YWW 29.5)",
                         discard=list(st.discard_order) if st else [])  # fmt: skip
    return None


# ------------------------------------------------------------ removal (26.3)


def removal_cost(c: Content, sq: str) -> int:
    """29.2 note (4): twice the printed treasury value for civilized squares, 1 for others."""
    row = next(m for m in c.data.tables.treasury.markers if m.item == "Remove Pillage marker")
    q = c.map.square(sq)
    return row.civilized_multiplier * q.treasury if q.civilized else row.other_cost
