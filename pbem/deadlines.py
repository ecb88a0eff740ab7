"""Schedules and deadlines (docs/service.md, "Schedules").

A schedule says how long a phase stays open after its report goes out, when
reminders go out, the grace period, the time zone and the days that do not count.
Deadlines are computed once, when the report goes out, and recorded in the log
(`deadline_set`) as a UTC time: nothing here is consulted again to read an old game.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, field_validator

from .errors import UsageError

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_DURATION = re.compile(r"(\d+(?:\.\d+)?)([dhm])")


class Schedule(BaseModel):
    """Hours are floats; `skip` holds weekday names (mon..sun) and dates (YYYY-MM-DD)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    orders: float = 72.0  # phases at least half of the players owe orders in
    few: float = 24.0  # phases fewer players owe orders in
    remind: tuple[float, ...] = (24.0,)  # lead times before the deadline
    grace: float = 0.0  # the turn runs this long after the deadline at the earliest
    tz: str = "UTC"
    skip: tuple[str, ...] = ()
    at: str = ""  # "HH:MM": deadlines move forward to this time of day
    misses: int = 0  # missed deadlines in a row that put a power in civil disorder (0: never)
    requests: int = 10  # players' requests answered per power per 24 hours

    @field_validator("tz")
    @classmethod
    def _tz(cls, v: str) -> str:
        try:
            ZoneInfo(v)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(
                f"unknown time zone {v!r} (use an IANA name: UTC, Europe/Paris)"
            ) from None
        return v

    @field_validator("skip")
    @classmethod
    def _skip(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        for s in v:
            if s not in WEEKDAYS:
                try:
                    date.fromisoformat(s)
                except ValueError:
                    raise ValueError(
                        f"skip: {s!r} is neither a weekday ({', '.join(WEEKDAYS)}) "
                        "nor a date (YYYY-MM-DD)"
                    ) from None
        return v

    @field_validator("at")
    @classmethod
    def _at(cls, v: str) -> str:
        if v and not re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", v):
            raise ValueError(f"at: {v!r} is not a time of day HH:MM")
        return v

    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.tz)

    def hours_for(self, owes: int, players: int) -> float:
        """How long a phase stays open: `orders` when at least half of the players
        owe orders in it, `few` when fewer do."""
        return self.orders if 2 * owes >= players else self.few

    def text(self) -> str:
        """The schedule as `--schedule` takes it."""
        parts = [f"orders={duration_text(self.orders)}", f"few={duration_text(self.few)}"]
        parts.append("remind=" + (",".join(duration_text(h) for h in self.remind) or "none"))
        parts.append(f"grace={duration_text(self.grace)}")
        parts.append(f"tz={self.tz}")
        if self.skip:
            parts.append("skip=" + ",".join(self.skip))
        if self.at:
            parts.append(f"at={self.at}")
        parts += [f"misses={self.misses}", f"requests={self.requests}"]
        return " ".join(parts)


def parse_duration(text: str) -> float:
    """`72h`, `3d`, `90m`, `1d12h`, `0` -> hours."""
    t = text.strip().lower()
    if t == "0":
        return 0.0
    if not t or _DURATION.sub("", t):
        raise UsageError(f"{text!r} is not a duration (e.g. 72h, 3d, 90m, 1d12h)")
    per = {"d": 24.0, "h": 1.0, "m": 1 / 60}
    return sum(float(n) * per[u] for n, u in _DURATION.findall(t))


def duration_text(hours: float) -> str:
    minutes = round(hours * 60)
    if minutes == 0:
        return "0"
    d, rest = divmod(minutes, 24 * 60)
    h, m = divmod(rest, 60)
    return "".join(f"{n}{u}" for n, u in ((d, "d"), (h, "h"), (m, "m")) if n)


_KEYS = {"orders", "few", "remind", "grace", "tz", "skip", "at", "misses", "requests"}


def parse_schedule(specs: list[str] | tuple[str, ...], base: Schedule | None = None) -> Schedule:
    """`KEY=VALUE` words (several per string, or one string each), over `base`:
    orders=72h few=24h remind=24h,2h grace=1h tz=Europe/Paris skip=sat,sun,2026-12-25
    at=18:00 misses=3 requests=10. `remind=none` sends no reminders."""
    values = (base or Schedule()).model_dump()
    for spec in specs:
        for word in spec.replace(";", " ").split():
            key, eq, value = word.partition("=")
            key = key.strip().lower()
            if not eq or key not in _KEYS:
                raise UsageError(
                    f"schedule: {word!r} is not KEY=VALUE with KEY one of {', '.join(sorted(_KEYS))}"
                )
            if key in ("orders", "few", "grace"):
                values[key] = parse_duration(value)
            elif key == "remind":
                values[key] = (
                    ()
                    if value.lower() in ("none", "0", "")
                    else tuple(sorted((parse_duration(v) for v in value.split(",")), reverse=True))
                )
            elif key == "skip":
                values[key] = tuple(s.strip().lower() for s in value.split(",") if s.strip())
            elif key in ("misses", "requests"):
                if not value.isdigit():
                    raise UsageError(f"schedule: {key}={value!r} must be a whole number")
                values[key] = int(value)
            else:
                values[key] = value
    try:
        return Schedule(**values)
    except ValueError as e:
        msgs = [x["msg"].removeprefix("Value error, ") for x in getattr(e, "errors", list)()]
        raise UsageError("schedule: " + ("; ".join(msgs) or str(e))) from None


# --- time ---------------------------------------------------------------------------------


def parse_time(text: str) -> datetime:
    """An ISO time as the log records it (UTC, `...Z`); naive times are UTC."""
    try:
        t = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise UsageError(f"{text!r} is not a time (use 2026-11-29T18:00:00Z)") from None
    return t.replace(tzinfo=UTC) if t.tzinfo is None else t.astimezone(UTC)


def iso(t: datetime) -> str:
    return t.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _counts(s: Schedule, day: date) -> bool:
    return WEEKDAYS[day.weekday()] not in s.skip and day.isoformat() not in s.skip


def due_after(s: Schedule, start: datetime, hours: float) -> datetime:
    """`hours` after `start`, counting only the days the schedule counts (in its time
    zone), then moved forward to the schedule's time of day `at`, on a day that counts."""
    zone = s.zone()
    local = start.astimezone(zone)
    left = timedelta(hours=hours)
    for _ in range(3660):  # ten years of days: a schedule that skips every day ends here
        midnight = datetime.combine(local.date() + timedelta(days=1), time(), zone)
        if not _counts(s, local.date()):
            local = midnight
            continue
        if local + left <= midnight:
            local = local + left
            break
        left -= midnight - local
        local = midnight
    else:
        raise UsageError("schedule: no day counts (skip leaves none)")
    if s.at:
        hh, mm = map(int, s.at.split(":"))
        for _ in range(3660):
            target = datetime.combine(local.date(), time(hh, mm), zone)
            if target >= local and _counts(s, local.date()):
                local = target
                break
            local = datetime.combine(local.date() + timedelta(days=1), time(), zone)
    return local.astimezone(UTC)


def shift(s: Schedule, due: datetime, hours: float) -> datetime:
    """An extension: `hours` more, counted like the schedule counts them (no `at`)."""
    return due_after(s.model_copy(update={"at": ""}), due, hours)


def show(due: str | datetime, tz: str = "UTC") -> str:
    """'Friday 29 Nov, 18:00 UTC' in the game's time zone (English names, any locale)."""
    t = parse_time(due) if isinstance(due, str) else due
    local = t.astimezone(ZoneInfo(tz))
    name = local.tzname() or tz
    return (
        f"{_DAY_NAMES[local.weekday()]} {local.day} {_MONTHS[local.month - 1]} {local.year}, "
        f"{local:%H:%M} {name}"
    )
