"""Reminders: a short mail to every power that still owes orders (`pbem remind` by
hand; `pbem run` when the schedule says one is due)."""

from __future__ import annotations

from .. import joins
from ..envelope import fit_comment
from ..ruleset import Step
from ..service import Game, utcnow
from ..state import GameState
from .outbox import Outbox
from .recorded import Pending


def reminder(st: GameState, step: Step, power: str, deadline: str | None) -> tuple[str, str]:
    """(subject, text) of the reminder to `power`, with the order template to copy."""
    cp = st.checkpoint
    reg = st.players[power]
    lines = [
        f"{reg.name or power}, game {st.game} is waiting for your orders.",
        "",
        f"Phase: {step.phase}  ({step.title})",
    ]
    if deadline:
        lines.append(f"Deadline: {deadline}")
    lines += [
        "",
        "Start your orders with:",
        "",
        f"Game: {st.game_ref}",
        f"Power: {power}",
        f"Phase: {step.phase}",
        # the report's template fills it in too (reports/build.py): `pbem sign`
        # refuses a placeholder, so the copied template would not sign
        f"Sequence: {st.next_sequence(power)}",
    ]
    if cp is not None:  # folded: every line to copy fits in 72 columns
        lines += [f"Checkpoint: {cp.seq}", f" {cp.head}"]
    lines.append("")
    lines += [y for x in joins.order_template(st, power, step) for y in fit_comment(str(x))]
    return _subject(st.game, power, step.title, deadline), "\n".join(lines) + "\n"


def remind(
    game: Game, outbox: Outbox, referee: str, deadline: str | None = None, now: str | None = None
) -> list[str]:
    """By hand: recorded in the log (`mail_sent`) like the judge's reminders."""
    st = game.state()
    status = game.status()
    step = status.step
    if step is None or status.ended is not None:
        return []
    pending = Pending(outbox, referee, now or utcnow())
    for power in step.owes:
        if power in status.received:
            continue
        subject, text = reminder(st, step, power, deadline)
        name = f"remind-{status.seq:06d}-{power}"
        email = st.players[power].email
        pending.add("reminder", name, [email], subject, text, power=power, phase=step.phase)
    sent = [r.power for r in pending.records]
    pending.commit(game)
    return sent


def _subject(game: str, power: str, title: str, deadline: str | None) -> str:
    """What to do first: a phone shows ~40 characters of a subject."""
    due = f"Orders due {' '.join(deadline.split())[:30]}" if deadline else "Orders due"
    return f"{due}: {power}, {' '.join(title.split())} [pbem {game}]"
