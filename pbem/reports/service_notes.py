"""What a report says about the service's events: referee actions, deadlines the
referee moved, civil disorder (docs/service.md). Mail records and schedules never show."""

from __future__ import annotations

from .. import events as ev
from ..deadlines import show


def sentence(e: ev.Event, power: str, tz: str = "UTC") -> str | None:
    """What a report says about a service event to `power` (None: nothing)."""
    if isinstance(e, ev.DeadlineSet):
        if e.by != "referee" or (e.power is not None and e.power != power):
            return None  # a deadline the schedule set is the report's "orders due"
        who = "your deadline" if e.power else "the deadline"
        why = f" ({e.reason})" if e.reason else ""
        return f"The referee moved {who} for {e.phase} to {show(e.due, tz)}{why}."
    if isinstance(e, ev.GamePaused):
        return "The referee paused the game" + (f": {e.reason}." if e.reason else ".")
    if isinstance(e, ev.GameResumed):
        return "The referee resumed the game."
    if isinstance(e, ev.PlayerChanged):
        why = f" ({e.reason})" if e.reason else ""
        if e.replaced:
            return f"A new player took over {e.power}{why}."
        if e.power != power:
            return None  # another power's address or key is its own business
        what = [w for w, v in (("address", e.email), ("key", e.public_key), ("name", e.name)) if v]
        return f"The referee changed your registered {' and '.join(what)}{why}."
    if isinstance(e, ev.CivilDisorder):
        return (
            f"{e.power} missed {e.missed} deadlines in a row and is in civil disorder: "
            "its orders are the defaults, and nobody waits for them, until a new player takes over."
        )
    if isinstance(e, ev.GameStopped):
        return f"The referee ended the game early: {e.reason}"
    return None


SERVICE = (
    ev.ScheduleSet,
    ev.DeadlineSet,
    ev.GamePaused,
    ev.GameResumed,
    ev.PlayerChanged,
    ev.CivilDisorder,
    ev.GameStopped,
    ev.MailSent,
)
