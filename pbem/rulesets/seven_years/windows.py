"""The reaction windows of plan 2.2 [C 2.c]: the moments when players who are not acting
may play a campaign marker by standing order.

- Sturm & Drang (7YWW 29.7): after any marker is revealed, before it goes into effect,
  `announce()` asks the other players in seat order clockwise from the player after
  the marker's player; the first whose `sturm und drang against ...` line matches
  plays it and the marker "is returned to the pool without going into effect". A Sturm &
  Drang is itself a marker play: it may be negated in turn ([C 29.d]).
- Illuminati (7YWW 29.7): every die of the game goes through `roll()`; after the roll
  the players are asked in seat order clockwise from the phasing player (outside a
  player turn: from the first player); the first whose `illuminati on ...` line matches
  plays it (a Sturm & Drang window first), "the die is then rolled again. Ignore the
  original die roll and use the second result"; the window opens again on the new roll.

Standing orders reach the windows through `attach()` (ruleset.resolve); a roll made
where nothing is attached (set-up, validation) is a plain roll. Without a line that
fires nothing is added to the log: no dice, no events ([C 8.h] defaults never play)."""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass

from pbem.resolution import Resolution
from pbem.ruleset import Problem
from pbem.suggest import closest

from . import events as E
from . import names
from .content import Content
from .state import SYWState

_ATTACHED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

# 29.7 Illuminati: the kinds of roll an `illuminati on KIND` line may name, each with the
# heads of the dice labels it names (the part of a label before its first colon, a full
# match; the labels are the log's and never change). tests/test_7yww_windows.py checks
# that every label the rules roll has its kind here.
KINDS: dict[str, str] = {
    "combat": r"combat",  # 15.7 (countermarch attacks too)
    "initiative tie": r"initiative tie",  # 6.1
    "invasion": r"invasion of \S+",  # 4.42 the tie of two invaders
    "corruption": r"corruption",
    "coalition rallies": r"coalition rallies",
    "laissez faire": r"laissez faire",
    "laissez faire amount": r"laissez faire amount",
    "balance of power": r"balance of power",
    "revolution": r"revolution",
    "attrition": r"attrition",
    "scientific breakthrough": r"scientific breakthrough",
    "wild minor": r"wild minor",  # 28.6
    "diplomacy": r"diplomacy",  # 9.0
    "coup": r"coup",  # 29.1 Coup
    "minor recruiting": r"minor recruiting",  # 11.61, 24.1 (its Uprising result too)
    "pact broken": r"pact broken",  # 21.2
    "pillage": r"pillage",  # 26.1
    "enlightenment": r"enlightenment",  # 27.0
    "increasing taxes": r"increasing taxes",  # 25.0
    "legion": r"legion",  # 23.0
    "any": r".*",
}
KIND_ALIASES = {"initiative": "initiative tie", "tie": "initiative tie"}
REROLL = "illuminati reroll: "  # the label of the second roll: REROLL + the first's
SEAT_IN = re.compile(r"Coalition [1-4]")


@dataclass(frozen=True)
class IlluminatiLine:
    """`illuminati on KIND [of SEAT] [in SQ] [if V V...]` (plan 7.4)."""

    line: int
    text: str
    kind: str  # a KINDS entry
    of: str = ""  # the roll's player ("" any)
    square: str = ""  # "" anywhere
    values: tuple[str, ...] = ()  # die faces ("1".."12") or results ("DZ"); () any


@dataclass(frozen=True)
class SturmLine:
    """`sturm und drang against MARKER [by SEAT] [on TARGET]` (plan 7.4)."""

    line: int
    text: str
    against: str  # a marker label ("Grand Tour", "Diplomacy 3", "Diplomacy" any value)
    by: str = ""
    on: str = ""  # the play's target (a square, a seat, a trade route), casefolded


@dataclass
class Windows:
    c: Content
    standing: dict  # seat -> Standing


def attach(ctx: Resolution, c: Content, standing: dict) -> None:
    _ATTACHED[ctx] = Windows(c, standing)


def attached(ctx) -> Windows | None:
    try:
        return _ATTACHED.get(ctx)
    except TypeError:  # not weak-referenceable (a dry-run sink): no windows
        return None


def lines_of(w: Windows, seat: str, what: str) -> list:
    st = w.standing.get(seat)
    return list(getattr(st, what, []) or []) if st is not None else []


def clockwise_after(s: SYWState, seat: str, *, include_self: bool) -> list[str]:
    """[C 2.c] seat order clockwise from the player after `seat`."""
    if seat not in s.seats:
        return list(s.seats)
    i = s.seats.index(seat)
    out = s.seats[i + 1 :] + s.seats[:i]
    return [*out, seat] if include_self else out


def fired(ctx: Resolution, seat: str, ln, what: str) -> None:
    ctx.emit(E.StandingFired(seat=seat, text=ln.text, what=what, private_to=[seat]))


# ------------------------------------------------------------------ Sturm & Drang


def _kind_label(c: Content, mid: str) -> str:
    return names.label_of(c, mid)


def sturm_matches(c: Content, ln: SturmLine, seat: str, mid: str, target: str) -> bool:
    label = _kind_label(c, mid)
    kind = c.marker(mid).kind
    if ln.against not in (label, kind):
        return False
    if ln.by and ln.by != seat:
        return False
    return not ln.on or ln.on == target.casefold()


def announce(ctx: Resolution, seat: str, mid: str, target: str = "", *,
             must_play: bool = False) -> bool:  # fmt: skip
    """7YWW 29.7 Sturm & Drang: call after the marker's `syw.marker_played`, before its
    effect. True if it goes into effect, False if negated (it is then in the pool: the
    MarkerNegated fold puts it there). Leaders are never negated (29.7). A player's
    lines never fire against his own plays, except a must-play marker he picked
    ([C 29.e]: Balance of Power and Revolution are no choice of his)."""
    w = attached(ctx)
    if w is None or mid not in w.c.markers or w.c.is_leader(mid):
        return True
    s: SYWState = ctx.state
    for other in clockwise_after(s, seat, include_self=must_play):
        for ln in lines_of(w, other, "sturm"):
            if not sturm_matches(w.c, ln, seat, mid, target):
                continue
            sd = names.in_hand(w.c, s.players[other].hand, "Sturm & Drang")
            if sd is None:
                break
            fired(ctx, other, ln, f"Sturm & Drang against {_kind_label(w.c, mid)} of {seat}")
            ctx.emit(E.MarkerPlayed(seat=other, marker=sd, target=mid,
                                    detail=f"Sturm & Drang against {seat}'s {_kind_label(w.c, mid)} (7YWW 29.7)"))  # fmt: skip
            if not announce(ctx, other, sd, mid):  # [C 29.d] a Sturm & Drang may be negated
                break  # this player's negation failed; the next player may still try
            ctx.emit(E.MarkerNegated(by=other, marker=sd, negated_seat=seat, negated=mid))
            return False
    return True


def play(ctx: Resolution, seat: str, mid: str, target: str = "", detail: str = "", *,
         to_pool: bool = True) -> bool:  # fmt: skip
    """Reveal and play a marker from the hand (7YWW 8.4, 8.43) and open its Sturm & Drang
    window; True if it goes into effect. 7YWW 8.44: any number a turn (no count kept)."""
    ctx.emit(E.MarkerPlayed(seat=seat, marker=mid, target=target, detail=detail,
                            to_pool=to_pool))  # fmt: skip
    return announce(ctx, seat, mid, target)


# ------------------------------------------------------------------ Illuminati


def kind_of(label: str) -> str:
    """The KINDS entry naming a roll of this label ("" none): "invasion of FR: Coalition 1"
    is an `invasion` roll; a reroll's label is its first roll's kind."""
    label = label.removeprefix(REROLL)
    head = label.split(":", 1)[0].strip().casefold()
    return next((k for k, pat in KINDS.items() if k != "any" and re.fullmatch(pat, head)), "")


def owner_of(label: str) -> str:
    m = SEAT_IN.search(label)
    return m.group(0) if m else ""


def illuminati_matches(ln: IlluminatiLine, kind: str, owner: str, square: str,
                       dice: list[int], result: str) -> bool:  # fmt: skip
    if ln.kind != "any" and ln.kind != kind:
        return False
    if ln.of and ln.of != owner:
        return False
    if ln.square and ln.square != square:
        return False
    if not ln.values:
        return True
    face = str(sum(dice))
    return any(v == face or (result and v.casefold() == result.casefold()) for v in ln.values)


def roll(ctx: Resolution, label: str, count: int = 1, *, owner: str = "", square: str = "",
         result: Callable[[list[int]], str] | None = None) -> list[int]:  # fmt: skip
    """Every die of 7YWW goes through here: `ctx.roll(label, count)`, then the Illuminati
    window (29.7). `owner`: whose roll it is (default: the first seat the label names);
    `square`: where (combat, attrition); `result`: the roll's outcome as a word (a CRT
    code) for `if` conditions. A roll of several dice is one die roll: all are rolled
    again ([C 29.f])."""
    dice = ctx.roll(label, count)
    w = attached(ctx)
    if w is None:
        return dice
    s: SYWState = ctx.state
    kind, owner = kind_of(label), owner or owner_of(label)
    first = s.acting_seat() or (s.order[0] if s.order else (s.seats[0] if s.seats else ""))
    while True:
        asked = [first, *clockwise_after(s, first, include_self=False)] if first else []
        out = result(dice) if result else ""
        for seat in asked:
            hit = next((ln for ln in lines_of(w, seat, "illuminati")
                        if illuminati_matches(ln, kind, owner, square, dice, out)), None)  # fmt: skip
            mid = names.in_hand(w.c, s.players[seat].hand, "Illuminati") if hit else None
            if mid is None:
                continue
            fired(ctx, seat, hit, f"Illuminati on {label}")
            if not play(ctx, seat, mid, label, "Illuminati: the roll is made again (7YWW 29.7)"):
                break  # negated: the window opens again on the same roll
            again = ctx.roll(f"{REROLL}{label}", count)
            ctx.emit(E.Rerolled(seat=seat, marker=mid, label=label, before=dice, after=again))
            dice = again
            break
        else:
            return dice


# ------------------------------------------------------------------ standing lines


def _seat(c: Content, seats_text: str, ln: int, out: list[Problem]) -> str:
    m = names.SEAT.match(seats_text.strip())
    if not m:
        out.append(
            Problem(f"no player {seats_text.strip()!r}: write a player as `Coalition 2`", ln)
        )
        return ""
    return f"Coalition {m.group(1)}"


def _illuminati(c: Content, st, rest: str, ln: int) -> list[Problem]:
    """`illuminati on KIND [of SEAT] [in SQ] [if V V...]`"""
    out: list[Problem] = []
    text = f"illuminati {rest}".strip()
    words = "|".join(re.escape(k) for k in sorted([*KINDS, *KIND_ALIASES], key=len, reverse=True))
    tail = r"(?:\s+of\s+(.+?))?(?:\s+in\s+(\S+))?(?:\s+if\s+(.+))?\s*"
    m = re.fullmatch(rf"on\s+({words}){tail}", rest.strip(), re.I)
    if m is None:
        m = re.fullmatch(rf"on\s+(.+?){tail}", rest.strip(), re.I)
    if not m:
        return [Problem("write: illuminati on KIND [of SEAT] [in SQ] [if V V...] (KIND: combat, initiative, corruption, ...)", ln)]  # fmt: skip
    kind = names.key(m.group(1))
    kind = KIND_ALIASES.get(kind, kind)
    if kind not in KINDS:
        out.append(Problem(f"no kind of roll {m.group(1)!r}: {', '.join(KINDS)}", ln,
                           closest(kind, list(KINDS))))  # fmt: skip
    of = _seat(c, m.group(2), ln, out) if m.group(2) else ""
    sq = ""
    if m.group(3):
        sq, hint = names.find(c, "square", m.group(3))
        if sq is None:
            out.append(Problem(f"no square {m.group(3)!r} on the map", ln, hint))
            sq = ""
    vals = tuple(v.upper() for v in re.split(r"[,\s]+", (m.group(4) or "").strip()) if v)
    for v in vals:
        if not (v.isdecimal() and 1 <= int(v) <= 12) and not re.fullmatch(r"[A-Z][A-Z0-9]{0,3}", v):
            out.append(Problem(f"{v!r} is neither a die face nor a result (write e.g. if 1 2, or if DZ DD)", ln))  # fmt: skip
    st.illuminati.append(IlluminatiLine(ln, text, kind, of, sq, vals))
    return out


def _sturm(c: Content, st, rest: str, ln: int) -> list[Problem]:
    """`sturm und drang against MARKER [by SEAT] [on TARGET]`"""
    out: list[Problem] = []
    text = f"sturm und drang {rest}".strip()
    m = re.fullmatch(r"against\s+(.+?)(?:\s+by\s+(coalition\s*\d))?(?:\s+on\s+(.+))?\s*",
                     rest.strip(), re.I)  # fmt: skip
    if not m:
        return [Problem("write: sturm und drang against MARKER [by SEAT] [on TARGET]", ln)]
    want = m.group(1).strip()
    label = "Diplomacy" if names.key(want) == "diplomacy" else None
    if label is None:
        label, hint = names.marker_label(c, want)
        if label is None:
            out.append(Problem(f"no campaign marker {want!r}", ln, hint))
        elif label in c.markers and c.is_leader(label):
            out.append(Problem("Sturm & Drang may not be played against leaders (7YWW 29.7)", ln))
    by = _seat(c, m.group(2), ln, out) if m.group(2) else ""
    on = (m.group(3) or "").strip()
    if on:
        sq = names.square(c, on)
        on = sq or (names.seat([f"Coalition {i}" for i in range(1, 5)], on) or on)
    st.sturm.append(SturmLine(ln, text, label or want, by, on.casefold()))
    return out


def _grand_tour(c: Content, st, rest: str, ln: int) -> list[Problem]:
    """`play grand tour for SEAT`"""
    out: list[Problem] = []
    m = re.fullmatch(r"for\s+(.+)", rest.strip(), re.I)
    if not m:
        return [Problem("write: play grand tour for SEAT (7YWW 29.7 Grand Tour)", ln)]
    seat = _seat(c, m.group(1), ln, out)
    st.grand_tour.append((ln, f"play grand tour {rest.strip()}", seat))
    return out


def seat_problems(st, seats: list[str]) -> list[Problem]:
    """A standing Grand Tour, Illuminati or Sturm & Drang line naming a player who is not
    in this game: refused when sent (it could never fire)."""
    # 7YWW 29.7 Grand Tour: "The player designates any one player" (of this game)
    out: list[Problem] = []
    where = f"this game's players are {', '.join(seats)}"
    for ln, _text, seat in getattr(st, "grand_tour", []):
        if seat and seat not in seats:
            out.append(
                Problem(f"no player {seat} in this game: {where} (7YWW 29.7 Grand Tour)", ln)
            )
    for il in getattr(st, "illuminati", []):
        if il.of and il.of not in seats:
            out.append(Problem(f"no player {il.of} in this game: {where} (7YWW 29.7 Illuminati)", il.line))  # fmt: skip
    for sl in getattr(st, "sturm", []):
        if sl.by and sl.by not in seats:
            out.append(Problem(f"no player {sl.by} in this game: {where} (7YWW 29.7 Sturm & Drang)", sl.line))  # fmt: skip
    return out


STANDING_READERS = {
    "illuminati": _illuminati,
    "sturm und drang": _sturm,
    "sturm & drang": _sturm,
    "sturm and drang": _sturm,
    "play grand tour": _grand_tour,
}
