"""Which reports the log calls for (docs/reports.md, "When reports are due").

The game's `options["reports"]` says how often:
- "phase" (the default): every power gets a report after every resolution batch;
- "turn": a power gets one at the end of each turn (the ruleset's `Step.turn`
  changes), when the game ends, after the set-up, and whenever the game waits on
  orders that power owes or may give, so nobody is asked to act on old news.

Each report covers the events after that power's previous report up to the end of
a batch (its `checkpoint_signed`). The schedule depends only on the log, and
appending events never changes a report already scheduled.
"""

from __future__ import annotations

import re
from collections.abc import Container
from typing import TYPE_CHECKING, NamedTuple

from ..errors import UsageError
from .timeline import Batch, scan

if TYPE_CHECKING:
    from ..service import Game

MODES = ("phase", "turn")


class Due(NamedTuple):
    power: str
    start: int  # first log seq the report covers
    stop: int  # last: a checkpoint_signed
    key: str  # "NNN-POWER": NNN counts that power's reports from 001; unique in a game


def mode_of(options: dict) -> str:
    mode = options.get("reports", "phase")
    if mode not in MODES:
        raise UsageError(f"option reports={mode!r}: use one of {', '.join(MODES)}")
    return mode


def _due(mode: str, b: Batch, power: str) -> bool:
    if mode == "phase" or b.index == 1 or b.ended or b.after is None:
        return True
    if power in b.after.owes or power in b.after.may:
        return True
    return b.step is None or b.after.turn != b.step.turn


def schedule(game: Game) -> list[Due]:
    """Every report the log calls for, in log order (then in the order of the powers)."""
    st, batches = scan(game)
    if st.created is None:
        return []
    mode = mode_of(dict(st.created.options))
    powers = list(st.players)
    last = dict.fromkeys(powers, 0)
    count = dict.fromkeys(powers, 0)
    out: list[Due] = []
    for b in batches:
        for p in powers:
            if _due(mode, b, p):
                count[p] += 1
                out.append(Due(p, last[p] + 1, b.stop, f"{count[p]:03d}-{p}"))
                last[p] = b.stop
    return out


def pending(game: Game, delivered: Container[str] = (), merge: bool = False) -> list[Due]:
    """The reports due and not yet delivered. A report counts as delivered when its key
    is in `delivered` (the keys the mail side has recorded) or a later report of the same
    power is: reports go out in order, and a merged one is recorded under its last key.

    `merge` (issue 18: one mail per player per adjudication run): the reports of one
    power still to go become one, covering from the first one's start to the last one's
    stop, under the last one's key; it tells every resolution since the power's last
    report, then what it owes next."""
    every = schedule(game)
    done_upto: dict[str, int] = {}
    for i, d in enumerate(every):
        if d.key in delivered:
            done_upto[d.power] = i
    out = [d for i, d in enumerate(every) if i > done_upto.get(d.power, -1)]
    if not merge:
        return out
    first: dict[str, Due] = {}
    last: dict[str, Due] = {}
    for d in out:
        first.setdefault(d.power, d)
        last[d.power] = d
    merged = [Due(p, first[p].start, last[p].stop, last[p].key) for p in last]
    return sorted(merged, key=lambda d: (d.stop, [x.power for x in out].index(d.power)))


def _turn_matches(wanted: str, label: str) -> bool:
    """`--turn 3` matches "Turn 3 (Fall 1756)" and Skirmish's "3"; a whole label matches
    itself (any case)."""
    w = wanted.strip().casefold()
    if not label:
        return False
    if w == label.casefold():
        return True
    first = re.search(r"\d+", label)
    return w.isdigit() and first is not None and int(first.group()) == int(w)


def select(game: Game, power: str | None = None, turn: str | None = None) -> list[Due]:
    """The scheduled reports of `power` (None: all) covering a resolution of turn `turn`
    (the ruleset's Step.turn label, or its number; the set-up counts as the first
    step's turn). UsageError, with the choices, when nothing matches."""
    st, batches = scan(game)
    every = schedule(game)
    if power is not None and power not in st.players:
        from ..suggest import closest

        hint = closest(power, list(st.players))
        raise UsageError(
            f"no power {power!r} in this game ({', '.join(st.players)})"
            + (f"; did you mean {hint!r}?" if hint else "")
        )
    out = [d for d in every if power is None or d.power == power]
    if turn is None:
        return out

    def label(b: Batch) -> str:
        if b.step is not None:
            return b.step.turn
        return b.after.turn if b.after is not None else ""

    labels = [(b.header, b.stop, label(b)) for b in batches]
    chosen = [
        d
        for d in out
        if any(d.start <= h and s <= d.stop and _turn_matches(turn, lab) for h, s, lab in labels)
    ]
    if not chosen:
        known = list(dict.fromkeys(lab for _, _, lab in labels if lab))
        raise UsageError(
            f"no report covers turn {turn!r}; turns so far: {', '.join(known) or 'none'}"
        )
    return chosen


def file_stem(due: Due) -> str:
    """ "NNN-POWER", safe as a file name."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", due.key)
