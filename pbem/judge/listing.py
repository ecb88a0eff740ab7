"""`pbem games DIR`: every game of a directory, its phase, deadline and who still owes
orders."""

from __future__ import annotations

from pathlib import Path

from ..deadlines import show
from ..service import Game
from .route import games_in


def rows(directory: str | Path) -> list[dict]:
    out = []
    for g in games_in(directory):
        with Game(g.path) as game:
            st = game.state()
            status = game.status()
        step = status.step
        tz = st.tz
        due = st.due.get(step.phase) if step else None
        out.append(
            {
                "file": g.path.name,
                "game": st.game,
                "ruleset": status.ruleset,
                "scenario": status.scenario,
                "phase": step.phase if step else None,
                "title": step.title if step else None,
                "due": due.due if due else None,
                "due_shown": show(due.due, tz) if due else None,
                "owes": [p for p in step.owes if p not in status.received] if step else [],
                "disorder": status.disorder,
                "paused": status.paused is not None,
                "ended": status.ended,
            }
        )
    return out


def table(rows_: list[dict]) -> str:
    if not rows_:
        return "no games in this directory"
    head = ("game", "ruleset", "phase", "deadline", "owes orders")
    body = []
    for r in rows_:
        if r["ended"] is not None:
            phase, due, owes = "game over", "", ""
        else:
            phase = r["phase"] or ""
            due = (r["due_shown"] or "none") + (" (paused)" if r["paused"] else "")
            owes = ", ".join(p + (" (CD)" if p in r["disorder"] else "") for p in r["owes"]) or "-"
        body.append((r["game"], f"{r['ruleset']} {r['scenario']}", phase, due, owes))
    widths = [max(len(x[i]) for x in (head, *body)) for i in range(len(head))]
    lines = [
        "  ".join(c.ljust(w) for c, w in zip(x, widths, strict=True)).rstrip()
        for x in (head, *body)
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
