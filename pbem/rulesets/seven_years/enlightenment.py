"""7YWW 27.0 Enlightenment (option `enlightenment`) and 29.6 the Enlightenment Table:
the Enlightenment Phase at the end of the game turn (3.1(6), after provisioning), the
extra picks in the treasury phase (27.4), control (27.31).

The attempts come from `enlighten SQ with V` lines: those of this turn's player-turn
envelopes (kept by syw.enlighten_ordered), then the standing ones, each player in
initiative order (3.1(6)). An envelope line that can no longer be carried out is
skipped and reported; a standing line fires whenever it can (plan 7.4).

Choices (plan "7YWW 23-27 Optional rules"):
- [C 27.a] Any number of attempts a phase, each on a different square with its own
  Diplomacy marker (27.1 describes one attempt; 3.1(6) "place available enlightenment
  markers").
- [C 27.b] 27.4 "may pick one extra campaign marker": the picks are always made, right
  after the free markers (8.2(2)), the hand limit first (8.31).
- [C 27.c] The Diplomacy marker is spent whatever the result (27.1(2) "expends"); a
  Sturm & Drang may negate it (29.7: "It may also negate one diplomacy marker"): no
  roll then. Reaction: the other players pick in initiative order."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import events as E
from . import markers, names, windows
from .content import Content
from .pillage_lines import ENLIGHTENMENT, EnlightenLine
from .standing import Standing
from .state import SYWState


def controlled(s: SYWState, seat: str) -> list[str]:
    """7YWW 27.3, 27.31: the enlightenment markers in squares holding the seat's major
    power units; 27.32: whoever holds the square now, not who placed the marker."""
    return [sq for sq in s.enlightened if s.occupier(sq) == seat]


def marker(c: Content, s: SYWState, seat: str, value: int, taken: tuple[str, ...] = ()) -> str | None:  # fmt: skip
    return names.in_hand(c, s.players[seat].hand, f"Diplomacy {value}", taken)


def place_problem(c: Content, s: SYWState, sq: str) -> str | None:
    """7YWW 27.2 Restrictions (27.21, 27.22), 29.5(4): where a marker may never go (the
    friendly unit 27.21 asks for is checked in the phase: attempt_problem)."""
    if not c.map.square(sq).civilized:
        return f"{sq} is not a civilized square: enlightenment markers go only in civilized squares (7YWW 27.21)"  # fmt: skip
    if sq in s.enlightened:
        return f"{sq} already has an enlightenment marker (7YWW 27.21, 27.22)"
    if sq in s.pillaged:
        return f"{sq} has a pillage marker: no enlightenment marker until it is removed (7YWW 27.21, 29.5)"  # fmt: skip
    return None


def line_problem(c: Content, s: SYWState, seat: str, ln: EnlightenLine, taken: list[str]) -> str | None:  # fmt: skip
    """Validation of an envelope line (plan 2.4): the square and the marker; the friendly
    unit is looked for in the Enlightenment Phase (3.1(6))."""
    why = place_problem(c, s, ln.square)
    if why:
        return why
    if any(o["seat"] == seat and o["square"] == ln.square for o in s.enlighten_orders):
        return f"{ln.square} has an enlighten line of yours this turn already: one attempt a square a phase (plan [C 27.a])"  # fmt: skip
    mid = marker(c, s, seat, ln.value, tuple(taken))
    if mid is None:
        return f"this line needs a Diplomacy {ln.value} marker, and {seat} holds none not used by an earlier line (7YWW 27.1)"  # fmt: skip
    taken.append(mid)
    return None


def simulate(s: SYWState, seat: str, ln: EnlightenLine) -> None:
    """Validation (plan 2.4): the line kept, as syw.enlighten_ordered keeps it."""
    s.enlighten_orders = [*s.enlighten_orders, {"seat": seat, "square": ln.square,
                          "value": ln.value, "line": ln.line, "text": ln.text}]  # fmt: skip


def order(ctx: Resolution, seat: str, ln: EnlightenLine) -> None:
    """The player-turn line kept for this turn's Enlightenment Phase (3.1(6))."""
    ctx.emit(E.EnlightenOrdered(seat=seat, square=ln.square, value=ln.value, line=ln.line,
                                text=ln.text, private_to=[seat]))  # fmt: skip


def attempt_problem(c: Content, s: SYWState, seat: str, sq: str, value: int,
                    done: list[str]) -> str | None:  # fmt: skip
    """27.1, 27.21, 27.22, [C 27.a]: why the attempt may not be made now."""
    if sq in done:
        return f"{sq} has had your enlightenment attempt this phase (plan [C 27.a])"
    why = place_problem(c, s, sq)
    if why:
        return why
    if s.occupier(sq) != seat:
        return f"no unit of yours is in {sq}: enlightenment markers go in squares occupied by at least one friendly unit (7YWW 27.1, 27.21)"  # fmt: skip
    if marker(c, s, seat, value) is None:
        return f"you hold no Diplomacy {value} marker (7YWW 27.1)"
    return None


def attempt(ctx: Resolution, c: Content, seat: str, sq: str, value: int,
            standing: dict[str, Standing]) -> None:  # fmt: skip
    """27.1, 29.6: expend the marker, roll, implement the result."""
    s: SYWState = ctx.state
    mid = marker(c, s, seat, value) or ""
    if not windows.play(ctx, seat, mid, sq, "enlightenment attempt (7YWW 27.1, 29.6)"):
        return  # [C 27.c] negated by Sturm & Drang (29.7)
    table = c.data.tables.enlightenment
    die = windows.roll(ctx, f"enlightenment: {seat} at {sq}", owner=seat, square=sq,
                       result=lambda d: table.code(d[0]))[0]  # fmt: skip
    code = table.code(die)
    values = next((r.values for r in table.result if r.code == code), [])
    ctx.emit(E.Enlightenment(seat=seat, square=sq, marker=mid, value=value, die=die,
                             result=code, placed=value in values))  # fmt: skip
    if code == "Reaction":  # 29.6: every other player picks one campaign marker
        for other in [x for x in (s.order or s.seats) if x != seat]:
            st = standing.get(other)
            markers.pick(ctx, c, other, 1, f"enlightenment reaction to {seat} (7YWW 29.6)",
                         discard=list(st.discard_order) if st else [])  # fmt: skip


def phase(ctx: Resolution, c: Content, standing: dict[str, Standing]) -> None:
    """3.1(6): the players in initiative order, each his envelope lines then his
    standing lines."""
    s: SYWState = ctx.state
    if ENLIGHTENMENT not in s.options:
        return
    for seat in list(s.order or s.seats):
        done: list[str] = []
        for o in [dict(x) for x in s.enlighten_orders if x["seat"] == seat]:
            why = attempt_problem(c, ctx.state, seat, o["square"], o["value"], done)
            if why:
                ctx.emit(E.OrderSkipped(seat=seat, line=o["line"], text=o["text"], reason=why,
                                        private_to=[seat]))  # fmt: skip
                continue
            attempt(ctx, c, seat, o["square"], o["value"], standing)
            done.append(o["square"])
        st = standing.get(seat)
        for ln in st.enlighten if st else []:
            if attempt_problem(c, ctx.state, seat, ln.square, ln.value, done) is None:
                windows.fired(ctx, seat, ln, "an enlightenment attempt (7YWW 27.1)")
                attempt(ctx, c, seat, ln.square, ln.value, standing)
                done.append(ln.square)


def picks(ctx: Resolution, c: Content, seat: str, standing: dict[str, Standing]) -> None:
    """27.4 [C 27.b]: one extra campaign marker per enlightenment marker controlled."""
    s: SYWState = ctx.state
    n = len(controlled(s, seat)) if ENLIGHTENMENT in s.options else 0
    if n:
        st = standing.get(seat)
        markers.pick(ctx, c, seat, n, "enlightenment markers (7YWW 27.4)",
                     discard=list(st.discard_order) if st else [])  # fmt: skip
