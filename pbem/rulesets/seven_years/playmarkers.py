"""The campaign markers played by a `play` line (7YWW 29.7; plan 7.2, 7.3 [C 8.f]):

    play attrition on SQ                          (own player turn)
    play scientific breakthrough                  (player turn or treasury envelope)
    play voltaire for MARKER[, MARKER...]         (player turn or treasury envelope)

Each is revealed (`syw.marker_played`), gets its Sturm & Drang window (windows.py) and
then goes into effect; played markers go back to the pool (8.43; Scientific
Breakthrough after its picks). The markers played otherwise are named in WHERE, so a
`play` line for them says how they are played."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import events as E
from . import markers, names, windows
from .content import Content
from .state import STATIC, SYWState
from .turn_lines import Guard

ATTRITION = "Attrition"
SCIENCE = "Scientific Breakthrough"
VOLTAIRE = "Correspondence with Voltaire"
TURN_PLAYS = (ATTRITION, SCIENCE, VOLTAIRE)
ANY_ENVELOPE = (SCIENCE, VOLTAIRE)  # [C 8.f] also in the treasury envelope
WHERE = {  # 29.7: how the other markers are played in pbem
    "Forced March": "as a move or attack line: `forced march UNITS from SQ to PATH`, or the clause `forced march` on an attack (7YWW 16.1, 16.2)",
    "Expedition": "as the clause `expedition` on a move or minor move line (7YWW 29.7)",
    "Honors of War": "as the clause `honors of war` on an attack line, or by the standing order `honors of war when defending` (7YWW 29.7)",
    "Grand Tour": "in the initiative phase, by the standing order `play grand tour for SEAT` (7YWW 29.7)",
    "Illuminati": "after a die roll, by the standing order `illuminati on KIND [if V...]` (7YWW 29.7)",
    "Sturm & Drang": "against another marker's play, by the standing order `sturm und drang against MARKER` (7YWW 29.7)",
    "Diplomacy": "on a `diplomacy` line in the diplomacy phase (7YWW 9.0)",
    "Minor Power Alliance": "on a `minor` line (7YWW 4.7)",
    "Corruption": "in the treasury phase (7YWW 29.7)",
    "Coalition Rallies": "in the treasury phase (7YWW 29.7)",
    "Laissez Faire": "in the treasury phase (7YWW 29.7)",
    "Manufacturing Inventions": "in the treasury phase (7YWW 29.7)",
    "Trading Charter": "in the treasury phase (7YWW 29.7)",
    "Balance of Power": "the instant it is picked (7YWW 8.42): it never stays in a hand",
    "Revolution": "the instant it is picked (7YWW 8.42): it never stays in a hand",
}  # fmt: skip
PLAY = re.compile(r"^play\s+(.+?)(?:\s+(on|for|at)\s+(.+))?$", re.I)


@dataclass(frozen=True)
class Play:
    """A `play` line of a player-turn envelope (29.7 Attrition, Scientific Breakthrough,
    Correspondence with Voltaire)."""

    line: int
    text: str
    marker: str  # the label
    square: str = ""  # Attrition
    wants: tuple[str, ...] = ()  # Voltaire: labels or leader ids, in order of preference
    guard: Guard | None = None


def kind_of(label: str) -> str:
    return "Diplomacy" if label.startswith("Diplomacy") else label


def read(c: Content, ln: int, text: str) -> tuple[str, str, tuple[str, ...]] | Problem:
    """A `play` line's (marker label, square, wanted labels), or its problem."""
    m = PLAY.match(text.strip())
    if not m:
        return Problem("write: play attrition on SQ, play scientific breakthrough, or play voltaire for MARKER[, MARKER...]", ln)  # fmt: skip
    head, word, rest = m.group(1).strip(), (m.group(2) or "").casefold(), (m.group(3) or "").strip()
    label, hint = names.marker_label(c, head)
    if label is None:
        return Problem(f"no campaign marker {head!r}", ln, hint)
    if label in c.markers and c.is_leader(label):
        return Problem(f"a leader is used on an attack line (`leader {label}`) or for training (7YWW 20.4)", ln)  # fmt: skip
    kind = kind_of(label)
    if kind not in TURN_PLAYS:
        return Problem(f"{label} is not played by a `play` line: it is played {WHERE.get(kind, 'at another time')}", ln)  # fmt: skip
    if kind == ATTRITION:
        if word != "on" or not rest:
            return Problem("write: play attrition on SQ (7YWW 29.7 Attrition)", ln)
        sq, hint = names.find(c, "square", rest)
        if sq is None:
            return Problem(f"no square {rest!r} on the map", ln, hint)
        return label, sq, ()
    if kind == SCIENCE:
        if word or rest:
            return Problem("Scientific Breakthrough takes no target: write `play scientific breakthrough`", ln)  # fmt: skip
        return label, "", ()
    if word != "for" or not rest:
        return Problem("write: play voltaire for MARKER[, MARKER...] (the first of them still in the pool is taken, 7YWW 29.7)", ln)  # fmt: skip
    wants = []
    for part in [p.strip() for p in rest.split(",") if p.strip()]:
        got, hint = names.marker_label(c, part)
        if got is None:
            return Problem(f"no campaign marker {part!r}", ln, hint)
        wants.append(got)
    return label, "", tuple(wants)


def read_turn_line(c: Content, ln: int, text: str, problems: list[Problem]) -> Play | None:
    got = read(c, ln, text)
    if isinstance(got, Problem):
        problems.append(got)
        return None
    label, sq, wants = got
    return Play(ln, text, label, sq, wants)


def check(c: Content, s: SYWState, seat: str, p: Play, taken: list[str]) -> str | None:
    """Validation (plan 2.4): the marker in hand, not spent by an earlier line. The pool
    is hidden (8.1): whether a wanted marker is in it is known only when played."""
    mid = names.in_hand(c, s.players[seat].hand, p.marker, tuple(taken))
    if mid is None:
        n = sum(1 for m in s.players[seat].hand if names.label_of(c, m) == p.marker)
        return f"no {p.marker} left in your hand for this line: {seat} holds {n}, used by this and earlier lines (7YWW 8.4)"
    taken.append(mid)
    return None


# ------------------------------------------------------------------------- effects


def attrition(ctx: Resolution, c: Content, seat: str, square: str) -> list[str]:
    """29.7 Attrition: "Roll a die for each unit in the square. On a 1-2 it is eliminated;
    on a 3-6 there is no effect. Fortified zones and bases are not affected." A unit
    aboard an eliminated fleet goes with it (18.64). [C 4.e] a neutral's units are not
    invaded by it."""
    s: SYWState = ctx.state
    rolls: dict[str, int] = {}
    for u in s.units_in(square):
        if u.type in STATIC:
            continue
        rolls[u.id] = windows.roll(ctx, f"attrition: {square} {u.id}", owner=seat, square=square)[0]
    out = [uid for uid, d in rolls.items() if d <= 2]
    lost_fleets = {uid for uid in out if s.units[uid].type == "fleet"}
    out += [u.id for u in s.units_in(square) if u.aboard in lost_fleets and u.id not in out]
    ctx.emit(E.Attrition(seat=seat, square=square, rolls=rolls, eliminated=sorted(out)))
    if out:
        ctx.emit(E.Eliminated(units=sorted(out), why="Attrition (7YWW 29.7)"))
    return sorted(out)


def discard_of(ctx: Any, seat: str) -> list[str]:
    w = windows.attached(ctx)
    st = w.standing.get(seat) if w else None
    return list(getattr(st, "discard_order", []) or [])


def scientific(ctx: Resolution, c: Content, seat: str, mid: str) -> None:
    """29.7 Scientific Breakthrough: "The player rolls a die and receives that number of
    campaign markers. The scientific breakthrough marker is returned to the pool after
    the markers are picked." [C 8.g] out of the hand before the picks (the hand limit
    counts without it), in the pool after them (it cannot draw itself)."""
    if not windows.play(ctx, seat, mid, "", "Scientific Breakthrough (7YWW 29.7)", to_pool=False):
        return
    die = windows.roll(ctx, f"scientific breakthrough: {seat}")[0]
    markers.pick(ctx, c, seat, die, "Scientific Breakthrough (7YWW 29.7)", discard=discard_of(ctx, seat))  # fmt: skip
    ctx.emit(E.MarkerBack(seat=seat, marker=mid, why="after its picks (7YWW 29.7)"))


def wanted(c: Content, pool: list[str], wants: tuple[str, ...]) -> str | None:
    """The first wanted marker in the pool (copies alike: the lowest id)."""
    for label in wants:
        got = names.in_hand(c, pool, label)
        if got is not None:
            return got
    return None


def voltaire(ctx: Resolution, c: Content, seat: str, mid: str, wants: tuple[str, ...]) -> bool:
    """29.7 Correspondence with Voltaire: "Trade this marker for any other available
    campaign marker in the pool (not at random; the player can select which marker is
    picked)." The first named marker in the pool is taken; the player sees the pool
    (private syw.voltaire). [C 29.a] nothing named in the pool: the Voltaire stays in
    hand, not played (False); a must-play marker taken is played at once (8.42)."""
    s: SYWState = ctx.state
    pool = [m for m in s.pool if m != mid]
    took = wanted(c, pool, wants)
    if took is None:
        return False
    if not windows.play(ctx, seat, mid, "", "Correspondence with Voltaire (7YWW 29.7)"):
        return True
    pool = [m for m in ctx.state.pool if m != mid]
    took = wanted(c, pool, wants)  # a Sturm & Drang played may have joined the pool
    if took is None:
        return True
    ctx.emit(E.Voltaire(seat=seat, took=took, pool_seen=sorted(pool), private_to=[seat]))
    kind = c.marker(took).kind
    why = "Correspondence with Voltaire (7YWW 29.7)"
    if kind == "Balance of Power":
        markers.balance_of_power(ctx, c, seat, took)
    elif kind == "Revolution":
        markers.revolution(ctx, c, seat, took)
    else:
        ctx.emit(E.MarkersDrawn(seat=seat, count=1, why=why))
        ctx.emit(E.MarkersReceived(seat=seat, markers=[took], why=why, private_to=[seat]))
    return True


# ------------------------------------------------------------------- carrying out


def skip(ctx: Resolution, seat: str, line: int, text: str, reason: str) -> None:
    ctx.emit(E.OrderSkipped(seat=seat, line=line, text=text, reason=reason, private_to=[seat]))


def do_play(ctx: Resolution, c: Content, seat: str, marker: str, line: int, text: str,
            square: str = "", wants: tuple[str, ...] = ()) -> None:  # fmt: skip
    s: SYWState = ctx.state
    mid = names.in_hand(c, s.players[seat].hand, marker)
    if mid is None:
        return skip(ctx, seat, line, text, f"no {marker} in your hand any more (7YWW 8.4)")
    kind = kind_of(marker)
    if kind == ATTRITION:
        if windows.play(ctx, seat, mid, square, "Attrition (7YWW 29.7)"):
            attrition(ctx, c, seat, square)
    elif kind == SCIENCE:
        scientific(ctx, c, seat, mid)
    elif not voltaire(ctx, c, seat, mid, wants):
        named = ", ".join(wants)
        skip(ctx, seat, line, text, f"none of {named} is in the pool: the Voltaire stays in your hand (7YWW 29.7)")  # fmt: skip


def do_turn_line(ctx: Resolution, c: Content, seat: str, p: Play) -> None:
    do_play(ctx, c, seat, p.marker, p.line, p.text, p.square, p.wants)


def treasury_play(sink: Any, c: Content, seat: str, ln: Any) -> None:
    """A `play scientific breakthrough` / `play voltaire for ...` line of the treasury
    envelope (pass 1, plan 2.3). In the dry run of validation the marker only leaves
    the hand (no dice, and the pool is hidden)."""
    if not isinstance(sink, Resolution):
        mid = names.in_hand(c, sink.state.players[seat].hand, ln.marker)
        if mid is not None:
            sink.emit(E.MarkerPlayed(seat=seat, marker=mid))
        return
    do_play(sink, c, seat, ln.marker, ln.line, ln.text, "", tuple(ln.returns))
