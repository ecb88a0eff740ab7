"""`pbem remind`: a short mail to every power that still owes orders."""

from __future__ import annotations

from ..envelope import fit_comment
from ..service import Game
from .outbox import Outbox, message


def remind(game: Game, outbox: Outbox, referee: str, deadline: str | None = None) -> list[str]:
    st = game.state()
    status = game.status()
    step = status.step
    if step is None or status.ended is not None:
        return []
    cp = st.checkpoint
    sent = []
    template_of = getattr(st.ruleset, "order_template", None)
    for power in step.owes:
        if power in status.received:
            continue
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
            "Sequence: (higher than your last one)",
        ]
        if cp is not None:  # folded: every line to copy fits in 72 columns
            lines += [f"Checkpoint: {cp.seq}", f" {cp.head}"]
        lines.append("")
        if template_of is not None:
            lines += [y for x in template_of(st.rules, power, step) for y in fit_comment(str(x))]
        name = f"remind-{status.seq:06d}-{power}"
        outbox.put(
            message(
                referee,
                [reg.email],
                _subject(st.game, power, step.title, deadline),
                "\n".join(lines) + "\n",
                key=name,
            ),
            name,
        )
        sent.append(power)
    return sent


def _subject(game: str, power: str, title: str, deadline: str | None) -> str:
    """What to do first: a phone shows ~40 characters of a subject."""
    due = f"Orders due {' '.join(deadline.split())[:30]}" if deadline else "Orders due"
    return f"{due}: {power}, {' '.join(title.split())} [pbem {game}]"
