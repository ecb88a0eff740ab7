"""Money in the Treasury Phase (7YWW 3.1(2), 10, 29.2, 29.7): the lines of the treasury
envelope as read, the phase's running tally, paying and gaining treasury points (10.4),
returning markers (8.31), and the money markers played in the treasury phase:
Corruption, Coalition Rallies, Laissez Faire, Manufacturing Inventions, Trading Charter.

Every line is checked by a `check_*` function on a state (the live one at resolution,
a dry-run copy at validation) and carried out by a function that emits events into a
sink (the Resolution, or `Dry`, which folds them into its copy). The dice of a money
marker are rolled only at resolution; in the dry run a marker whose gain depends on a
die lifts the money check of the lines after it (plan 7.2)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pbem.clone import clone
from pbem.events import Event

from . import events as E
from . import fold, markers, names, playmarkers, windows
from .content import Content
from .occupation import occupied, routes, treasury_value
from .state import SYWState

# plan 2.3: the passes of the treasury envelope
PASSES = {"play": 1, "return": 1, "recruit": 2, "buy": 2, "train": 3, "disband": 4}
TREASURY_MARKERS = (
    "Corruption",
    "Coalition Rallies",
    "Laissez Faire",
    "Manufacturing Inventions",
    "Trading Charter",
)


@dataclass
class TLine:
    """One line of a treasury envelope, as read."""

    line: int
    text: str
    kind: str  # a key of PASSES
    n: int = 1
    type: str = ""  # recruit: unit type
    power: str = ""
    square: str = ""
    units: list[str] = field(default_factory=list)
    leader: str = ""
    as_power: str = ""
    marker: str = ""  # play: the marker's label
    returns: list[str] = field(default_factory=list)  # return: labels or leader ids
    target: str = ""  # play: a seat, a square or a trade route

    @property
    def pass_no(self) -> int:
        return PASSES[self.kind]


@dataclass
class Tally:
    """What one seat did so far this phase."""

    seat: str
    occupied: set[str]  # [C 11.a] squares holding his units when the recruiting pass began
    placed: Counter = field(default_factory=Counter)  # 11.2: new units per square
    leaders: set[str] = field(default_factory=set)  # 17.1: leaders who trained
    boosted: set[str] = field(default_factory=set)  # [C 10.f] squares and routes doubled
    taxed: dict[str, int] = field(default_factory=dict)  # 25.1, 29.4: square -> multiplier
    dry: bool = False  # validation: no dice are rolled
    uncapped: bool = False  # dry run: a die will change the treasury first (plan 7.2)
    recruiting: bool = False  # the recruiting pass has begun (`occupied` taken then)


def tally_for(s: SYWState, seat: str, *, dry: bool = False) -> Tally:
    return Tally(seat=seat, occupied=set(occupied(s, seat)), dry=dry)


class Dry:
    """A sink for the dry run of an envelope at validation: a copy of the state that
    the events are folded into (no dice)."""

    def __init__(self, s: SYWState):
        self.state = clone(s)

    def emit(self, e: Event) -> None:
        self.state = fold.apply(self.state, e)


# ------------------------------------------------------------------- treasury points


def afford(s: SYWState, tally: Tally, cost: int, what: str) -> str | None:
    """7YWW 10.4 No deficit spending."""
    have = s.players[tally.seat].treasury
    if cost > have and not tally.uncapped:
        return (
            f"{what} costs {cost} treasury points; {tally.seat} has {have} at this line (7YWW 10.4)"
        )
    return None


def change(sink: Any, seat: str, delta: int, why: str) -> int:
    """Add (or take, never below zero: 10.4) treasury points; the change made."""
    have = sink.state.players[seat].treasury
    delta = max(delta, -have)
    if delta:
        sink.emit(E.Treasury(seat=seat, delta=delta, why=why, balance=have + delta,
                             private_to=[seat]))  # fmt: skip
    return delta


# -------------------------------------------------------------------- return (8.31)


def held(c: Content, hand: list[str], labels: list[str]) -> tuple[list[str], str | None]:
    """The marker ids a list of labels names in a hand (one copy each), or a problem."""
    taken: list[str] = []
    for label in labels:
        mid = names.in_hand(c, hand, label, tuple(taken))
        if mid is None:
            return taken, f"no {label} in your hand (or not as many as named)"
        taken.append(mid)
    return taken, None


def check_return(c: Content, s: SYWState, tally: Tally, ln: TLine) -> str | None:
    return held(c, s.players[tally.seat].hand, ln.returns)[1]


def return_line(sink: Any, c: Content, tally: Tally, ln: TLine) -> None:
    """7YWW 8.31: "players may at any time return campaign markers to the pool"."""
    mids, _ = held(c, sink.state.players[tally.seat].hand, ln.returns)
    markers.return_markers(sink, tally.seat, mids, "returned by its player (7YWW 8.31)")


# --------------------------------------------------------------- money markers (29.7)


def check_play(c: Content, s: SYWState, tally: Tally, ln: TLine) -> str | None:
    seat = tally.seat
    if names.in_hand(c, s.players[seat].hand, ln.marker) is None:
        return f"no {ln.marker} in your hand (7YWW 8.4)"
    if ln.marker == "Corruption":
        if ln.target == seat:
            return "Corruption is played on one of the other players (7YWW 29.7)"
        if ln.target not in s.seats:
            return f"no player {ln.target!r} in this game"
    elif ln.marker == "Coalition Rallies":
        if s.order and s.order[0] == seat:
            return f"{seat} has the initiative this turn: Coalition Rallies may not be played by the player with the initiative (7YWW 29.7)"
    elif ln.marker == "Manufacturing Inventions":
        q = c.map.square(ln.target)
        if ln.target in tally.boosted:
            return f"Manufacturing Inventions is played once on {ln.target} ([C 10.f])"
        if not q.civilized:
            return f"{ln.target} is not a civilized square (7YWW 29.7 Manufacturing Inventions)"
        if ln.target not in occupied(s, seat):
            return f"{ln.target} is not occupied by a unit of yours (7YWW 29.7: a friendly occupied civilized square)"
        if treasury_value(c, s, ln.target) <= 0:
            return f"{ln.target} yields no treasury points while pillaged (7YWW 10.13)"
    elif ln.marker == "Trading Charter":
        if ln.target in tally.boosted:
            return f"Trading Charter is played once on the {ln.target} route ([C 10.f])"
        if ln.target not in routes(c, s, seat):
            return f"you do not control the {ln.target} trade route (7YWW 10.122, 29.7 Trading Charter)"
    return None


def play(sink: Any, c: Content, tally: Tally, ln: TLine) -> None:
    """Carry out a money marker's play; the dice only at resolution (sink is the
    Resolution), the dry run records what it can know."""
    seat = tally.seat
    s: SYWState = sink.state
    if ln.marker in playmarkers.ANY_ENVELOPE:  # 29.7 Scientific Breakthrough, Voltaire
        return playmarkers.treasury_play(sink, c, seat, ln)
    mid = names.in_hand(c, s.players[seat].hand, ln.marker)
    assert mid is not None
    target = ln.target if ln.marker != "Coalition Rallies" and ln.marker != "Laissez Faire" else ""
    sink.emit(E.MarkerPlayed(seat=seat, marker=mid, target=target))  # 8.43: to the pool
    if not windows.announce(sink, seat, mid, target):  # 29.7 Sturm & Drang
        return
    if ln.marker == "Manufacturing Inventions":  # [C 10.f] the square's income once more
        tally.boosted.add(ln.target)
        # 29.7 "doubles the treasury point value": after a 29.4 roll on it (25.1), the
        # taxed value (taxes.carry_out doubles the correction of a later roll)
        v = treasury_value(c, sink.state, ln.target) * tally.taxed.get(ln.target, 1)
        change(sink, seat, v, f"Manufacturing Inventions on {ln.target} (7YWW 29.7)")
        return
    if ln.marker == "Trading Charter":  # [C 10.f] the route's value once more
        tally.boosted.add(ln.target)
        v = c.map.route(ln.target).treasury
        change(sink, seat, v, f"Trading Charter on the {ln.target} route (7YWW 29.7)")
        return
    if tally.dry:
        if ln.marker in ("Coalition Rallies", "Laissez Faire"):
            tally.uncapped = True
        return
    if ln.marker == "Corruption":  # 29.7: a die off the other player's treasury, to zero
        die = windows.roll(sink, f"corruption: {seat} on {ln.target}")[0]
        change(sink, ln.target, -die, f"Corruption played by {seat} (7YWW 29.7)")
    elif ln.marker == "Coalition Rallies":  # 29.7: two dice to the treasury
        dice = windows.roll(sink, f"coalition rallies: {seat}", 2)
        change(sink, seat, sum(dice), "Coalition Rallies (7YWW 29.7)")
    elif ln.marker == "Laissez Faire":  # 29.7: 1-2 lose a second die, 3-6 gain it
        die = windows.roll(sink, f"laissez faire: {seat}")[0]
        amount = windows.roll(sink, f"laissez faire amount: {seat}")[0]
        sign = -1 if die <= 2 else 1
        change(sink, seat, sign * amount, "Laissez Faire (7YWW 29.7)")
