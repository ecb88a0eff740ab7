"""One game's turn of the judge: deadlines that pass, phases that resolve, civil
disorder, the next deadline, reminders (docs/service.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from .. import events as ev
from ..deadlines import Schedule, due_after, duration_text, iso, parse_time, show
from ..joins import open_step
from ..mail.recorded import Pending, safe_name
from ..mail.remind import reminder
from ..referee import schedule_of
from ..ruleset import Step
from ..service import Game, ready
from ..state import GameState

MAX_STEPS = 500  # phases resolved for one game in one run, at most


@dataclass
class Done:
    """What the judge did to one game in one run (or would do, with --dry-run)."""

    game: str
    accepted: int = 0
    rejected: int = 0
    answered: int = 0
    requests: int = 0
    deadlines_passed: list[str] = field(default_factory=list)
    resolved: list[str] = field(default_factory=list)
    disorder: list[str] = field(default_factory=list)
    deadline: str = ""
    reminded: list[str] = field(default_factory=list)
    reports: int = 0
    skipped: str = ""  # why the game was left alone this run
    notes: list[str] = field(default_factory=list)

    def text(self) -> str:
        if self.skipped:
            return f"{self.game}: skipped ({self.skipped})"
        parts = []
        if self.accepted or self.rejected or self.answered:
            parts.append(f"{self.accepted} orders accepted, {self.rejected} rejected")
        if self.requests:
            parts.append(f"{self.requests} request(s) answered")
        parts += [f"deadline passed for {p}" for p in self.deadlines_passed]
        if self.resolved:
            parts.append(f"resolved {', '.join(self.resolved)}")
        parts += [f"{p} in civil disorder" for p in self.disorder]
        if self.deadline:
            parts.append(f"orders due {self.deadline}")
        if self.reminded:
            parts.append(f"reminded {', '.join(self.reminded)}")
        if self.reports:
            parts.append(f"{self.reports} report(s)")
        parts += self.notes
        return f"{self.game}: " + ("; ".join(parts) if parts else "nothing to do")


def runs_at(st: GameState, step: Step, sched: Schedule) -> datetime | None:
    """When the open phase runs for lack of orders: the latest deadline of the powers
    whose orders are missing, plus the grace period (None: no deadline set, or
    nobody is missing)."""
    if step.phase not in st.due:
        return None
    times = [parse_time(d) for p in st.missing(step.phase, step.owes) if (d := st.due_of(step.phase, p))]
    return max(times) + timedelta(hours=sched.grace) if times else None


def advance(game: Game, now: str, pending: Pending, notify: str, done: Done) -> None:
    """Resolve what may be resolved: phases whose orders are in, phases whose deadline
    (with grace) passed; put powers that missed too many deadlines in civil disorder."""
    for _ in range(MAX_STEPS):
        st = game.state()
        step = open_step(st)
        if step is None or st.paused is not None:
            return
        sched = schedule_of(st) or Schedule()
        if not ready(st, step):
            t = runs_at(st, step, sched)
            if t is None or parse_time(now) < t:
                return
            game.declare_deadline(now)
            done.deadlines_passed.append(step.phase)
        steps = game.advance(max_steps=1)
        if not steps:
            return
        done.resolved += [s.phase for s in steps]
        _disorder(game, sched, now, pending, notify, done)


def _disorder(game: Game, sched: Schedule, now: str, pending: Pending, notify: str, done: Done):
    """SK/SE/SoE have no rule for an absent player; the service's policy (the schedule's
    `misses`): after that many missed deadlines in a row a power is in civil disorder."""
    if not sched.misses:
        return

    def decide(st: GameState) -> list[ev.Event]:
        return [
            ev.CivilDisorder(power=p, missed=n, at=now)
            for p, n in sorted(st.misses.items())
            if n >= sched.misses and p not in st.disorder
        ]

    rows = game.record(decide)
    for row in rows:
        e = row.event()
        done.disorder.append(e.power)
        if notify:
            st = game.state()
            text = (
                f"{e.power} ({st.players[e.power].email}) missed {e.missed} deadlines in a row in "
                f"game {st.game} and is now in civil disorder: its orders are the defaults and\n"
                "nobody waits for them. To give it to a new player:\n\n"
                f"    pbem referee player {game.path.name} {e.power} --replace "
                "--email NEW@ADDRESS --key NEW.pub\n"
            )
            pending.add(
                "notice",
                safe_name(f"notice-{st.game}-disorder-{e.power}-{row.seq}"),
                [notify],
                f"Civil disorder: {e.power} [pbem {st.game}]",
                text,
                power=e.power,
                outcome="civil-disorder",
            )


def set_deadline(game: Game, now: str, done: Done) -> None:
    """The open phase's deadline, from the schedule, when its report goes out."""

    def decide(st: GameState) -> list[ev.Event]:
        step = open_step(st)
        sched = schedule_of(st)
        if step is None or sched is None or st.paused is not None or step.phase in st.due:
            return []
        if not [p for p in step.owes if p not in st.disorder]:
            return []
        hours = sched.hours_for(len(step.owes), len(st.players))
        due = due_after(sched, parse_time(now), hours)
        return [ev.DeadlineSet(phase=step.phase, due=iso(due), set_at=now)]

    rows = game.record(decide)
    if rows:
        st = game.state()
        done.deadline = show(rows[0].event().due, st.tz)


def deadlines_shown(st: GameState) -> dict[str, str | None]:
    """Each power's deadline for the open phase, as its report prints it."""
    step = open_step(st)
    if step is None:
        return {}
    out: dict[str, str | None] = {}
    for p in (*step.owes, *step.may):
        d = st.due_of(step.phase, p)
        out[p] = show(d, st.tz) if d else None
    return out


def reminders_due(st, now: str) -> list[tuple[str, str, str]]:
    """(power, mail name, deadline shown) of each reminder due at `now`: one to each
    power whose orders are missing, once per lead time of the schedule (only the
    nearest lead that has come: a run after a long gap sends one)."""
    step = open_step(st)
    sched = schedule_of(st)
    if step is None or sched is None or st.paused is not None or step.phase not in st.due:
        return []
    t = parse_time(now)
    have = st.orders.get(step.phase, {})
    out = []
    for p in step.owes:
        if p in have or p in st.disorder:
            continue
        own = st.due_for.get(step.phase, {}).get(p) or st.due[step.phase]
        due, set_at = parse_time(own.due), parse_time(own.set_at)
        come = [h for h in sched.remind if set_at < due - timedelta(hours=h) <= t < due]
        if not come:
            continue
        lead = min(come)
        name = safe_name(
            f"remind-{st.game}-{step.phase}-{p}-{duration_text(lead)}-{own.due.replace(':', '')}"
        )
        if name not in st.mailed:
            out.append((p, name, show(own.due, sched.tz)))
    return out


def remind(game: Game, now: str, pending: Pending, done: Done) -> None:
    """Send the reminders due (reminders_due), each recorded before it is released."""
    st = game.state()
    step = open_step(st)
    for p, name, shown in reminders_due(st, now):
        subject, text = reminder(st, step, p, shown)
        pending.add(
            "reminder", name, [st.players[p].email], subject, text, power=p, phase=step.phase
        )
        done.reminded.append(p)
