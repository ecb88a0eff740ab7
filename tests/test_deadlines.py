"""Schedules: durations, days that do not count, time zones, the time of day."""

import pytest

from pbem.deadlines import (
    Schedule,
    due_after,
    duration_text,
    iso,
    parse_duration,
    parse_schedule,
    parse_time,
    show,
)
from pbem.errors import UsageError


def due(spec: str, start: str, hours: float) -> str:
    return iso(due_after(parse_schedule([spec]), parse_time(start), hours))


def test_durations():
    assert parse_duration("72h") == 72
    assert parse_duration("3d") == 72
    assert parse_duration("1d12h30m") == 36.5
    assert parse_duration("0") == 0
    assert duration_text(36.5) == "1d12h30m"
    for bad in ("", "3 days", "h", "-2h", "2x"):
        with pytest.raises(UsageError, match="not a duration"):
            parse_duration(bad)


def test_schedule_words_and_their_errors():
    s = parse_schedule(["orders=72h few=1d", "remind=2h,24h grace=1h tz=Europe/Paris skip=sat,sun"])
    assert (s.orders, s.few, s.remind, s.grace, s.tz, s.skip) == (
        72,
        24,
        (24, 2),
        1,
        "Europe/Paris",
        ("sat", "sun"),
    )
    assert parse_schedule([s.text()]) == s  # what `pbem referee schedule` shows reads back
    assert parse_schedule(["remind=none"]).remind == ()
    for bad, why in [
        ("orders", "KEY=VALUE"),
        ("colour=red", "KEY=VALUE"),
        ("tz=Mars/Olympus", "unknown time zone"),
        ("skip=someday", "neither a weekday"),
        ("at=25:00", "not a time of day"),
        ("misses=x", "whole number"),
    ]:
        with pytest.raises(UsageError, match=why):
            parse_schedule([bad])


def test_hours_count_only_on_days_that_count():
    # Thursday 1 Jan 2026, 12:00 UTC + 72 h = Sunday 4 Jan 12:00 ...
    assert due("tz=UTC", "2026-01-01T12:00:00Z", 72) == "2026-01-04T12:00:00Z"
    # ... but Saturday and Sunday do not count: Thu 12h left + Fri 24 + Mon 24 + Tue 12
    assert due("skip=sat,sun", "2026-01-01T12:00:00Z", 72) == "2026-01-06T12:00:00Z"
    # a report sent on a Saturday: the clock starts on Monday at midnight
    assert due("skip=sat,sun", "2026-01-03T09:00:00Z", 24) == "2026-01-06T00:00:00Z"
    # a holiday by date
    assert due("skip=2026-01-02", "2026-01-01T12:00:00Z", 24) == "2026-01-03T12:00:00Z"


def test_time_zone_and_time_of_day():
    # Paris is UTC+1 in January: 18:00 there is 17:00 UTC; the deadline moves forward to it
    assert due("tz=Europe/Paris at=18:00", "2026-01-01T12:00:00Z", 24) == "2026-01-02T17:00:00Z"
    # past 18:00 local: the next day's 18:00, on a day that counts
    assert (
        due("tz=Europe/Paris at=18:00 skip=sat,sun", "2026-01-02T18:30:00Z", 0)
        == "2026-01-05T17:00:00Z"
    )
    # days are the time zone's days: Saturday starts at 23:00 UTC on Friday in Paris
    assert due("tz=Europe/Paris skip=sat,sun", "2026-01-02T22:00:00Z", 2) == "2026-01-05T00:00:00Z"
    assert show("2026-01-02T17:00:00Z", "Europe/Paris") == "Friday 2 Jan 2026, 18:00 CET"
    assert show("2026-11-29T18:00:00Z") == "Sunday 29 Nov 2026, 18:00 UTC"


def test_phase_kinds():
    s = Schedule(orders=72, few=24)
    assert s.hours_for(owes=3, players=7) == 24  # fewer than half of the players owe orders
    assert s.hours_for(owes=4, players=7) == 72
    assert s.hours_for(owes=4, players=8) == 72
    assert s.hours_for(owes=1, players=2) == 72
