"""Referee actions (docs/service.md, "Referee actions"): each one an event in the log
that the players' reports mention. Ending the game early is `Game.stop`."""

from __future__ import annotations

from . import events as ev
from .deadlines import Schedule, due_after, iso, parse_time, shift
from .errors import GameError, UsageError
from .joins import open_step
from .keys import KeyError_, parse_public_key
from .service import Game, utcnow
from .state import GameState
from .suggest import closest


def schedule_of(st: GameState) -> Schedule | None:
    return Schedule(**st.schedule) if st.schedule is not None else None


def set_schedule(game: Game, schedule: Schedule, now: str | None = None, reason: str = "") -> None:
    """Record the schedule. It applies to the deadlines set from now on; a deadline
    already set stays (extend it to change it)."""
    game.record(
        lambda st: [
            ev.ScheduleSet(schedule=schedule.model_dump(), set_at=now or utcnow(), reason=reason)
        ]
    )


def _power(st: GameState, power: str) -> str:
    if power not in st.players:
        hint = closest(power, list(st.players))
        raise UsageError(
            f"no power {power!r} in this game ({', '.join(st.players)})"
            + (f"; did you mean {hint!r}?" if hint else "")
        )
    return power


def extend(
    game: Game, hours: float, power: str | None = None, reason: str = "", now: str | None = None
) -> ev.DeadlineSet:
    """Move the open phase's deadline `hours` later, for everyone or for one power
    (counted like the schedule counts time: days that do not count are skipped). A
    phase without a deadline gets one `hours` from now."""
    made: list[ev.DeadlineSet] = []

    def decide(st: GameState) -> list[ev.Event]:
        step = open_step(st)
        if step is None:
            raise GameError("the game is over; there is no deadline to extend")
        if power is not None:
            _power(st, power)
            if power not in step.owes and power not in step.may:
                raise GameError(f"{power} gives no orders in {step.title}")
        at = now or utcnow()
        sched = schedule_of(st) or Schedule()
        base = st.due_of(step.phase, power) if power else None
        if base is None and step.phase in st.due:
            base = st.due[step.phase].due
        due = (
            shift(sched, parse_time(base), hours)
            if base
            else due_after(sched.model_copy(update={"at": ""}), parse_time(at), hours)
        )
        e = ev.DeadlineSet(
            phase=step.phase, due=iso(due), power=power, by="referee", reason=reason, set_at=at
        )
        made[:] = [e]
        return [e]

    game.record(decide)
    return made[0]


def pause(game: Game, reason: str = "", now: str | None = None) -> None:
    def decide(st: GameState) -> list[ev.Event]:
        if st.ended is not None:
            raise GameError("the game is over")
        if st.paused is not None:
            raise GameError(f"the game is paused already (since {st.paused.at})")
        return [ev.GamePaused(reason=reason, at=now or utcnow())]

    game.record(decide)


def resume(game: Game, now: str | None = None) -> list[ev.Event]:
    """Resume; the open phase's deadlines move later by the time the game was paused."""
    made: list[ev.Event] = []

    def decide(st: GameState) -> list[ev.Event]:
        if st.paused is None:
            raise GameError("the game is not paused")
        at = now or utcnow()
        out: list[ev.Event] = [ev.GameResumed(at=at)]
        step = open_step(st)
        lost = parse_time(at) - parse_time(st.paused.at)
        if step is not None and lost.total_seconds() > 0:
            why = "the game was paused"
            if step.phase in st.due:
                due = parse_time(st.due[step.phase].due) + lost
                out.append(
                    ev.DeadlineSet(
                        phase=step.phase, due=iso(due), by="referee", reason=why, set_at=at
                    )
                )
            for p, d in sorted(st.due_for.get(step.phase, {}).items()):
                out.append(
                    ev.DeadlineSet(
                        phase=step.phase,
                        due=iso(parse_time(d.due) + lost),
                        power=p,
                        by="referee",
                        reason=why,
                        set_at=at,
                    )
                )
        made[:] = out
        return out

    game.record(decide)
    return made


def change_player(
    game: Game,
    power: str,
    *,
    email: str | None = None,
    key: str | None = None,
    name: str | None = None,
    replaced: bool = False,
    reason: str = "",
    now: str | None = None,
) -> ev.PlayerChanged:
    """Change a power's address or key, or register a replacement player (`replaced`:
    a new player; a power in civil disorder is out of it)."""
    if email is not None and ("@" not in email or any(c.isspace() for c in email)):
        raise UsageError(f"{email!r} is not an email address")
    line = None
    if key is not None:
        try:
            line = parse_public_key(key).line
        except KeyError_ as e:
            raise UsageError(f"the new key for {power}: {e}") from None
    if replaced and (email is None or line is None):
        raise UsageError("a replacement player needs an email address and a public key")
    if email is None and line is None and name is None:
        raise UsageError("nothing to change: give an email, a key or a name")
    made: list[ev.PlayerChanged] = []

    def decide(st: GameState) -> list[ev.Event]:
        if st.ended is not None:
            raise GameError("the game is over")
        _power(st, power)
        e = ev.PlayerChanged(
            power=power,
            name=name,
            email=email,
            public_key=line,
            replaced=replaced,
            reason=reason,
            at=now or utcnow(),
        )
        made[:] = [e]
        return [e]

    game.record(decide)
    return made[0]
