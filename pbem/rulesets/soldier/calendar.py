"""The turn record track (SK 4.0): four turns a year, Spring, Summer and Fall campaign
turns and a Winter turn; Turn 1 is Spring 1756."""

from __future__ import annotations

SEASONS = ("Spring", "Summer", "Fall", "Winter")
FIRST_YEAR = 1756


def year(turn: int) -> int:
    return FIRST_YEAR + (turn - 1) // 4


def season(turn: int) -> str:
    return SEASONS[(turn - 1) % 4]


def is_winter(turn: int) -> bool:
    return season(turn) == "Winter"


def label(turn: int) -> str:
    """'Turn 5 (Spring 1757)'"""
    return f"Turn {turn} ({season(turn)} {year(turn)})"


def phase_id(turn: int, phase: str, power: str | None = None) -> str:
    """'1757-spring-purchase', '1757-spring-action-prussia'"""
    base = f"{year(turn)}-{season(turn).lower()}-{phase}"
    return f"{base}-{power.lower()}" if power else base


def campaign_turns_after(turn: int, n: int) -> int:
    """The turn n campaign turns after `turn`, skipping winters (SK 6.2)."""
    t = turn
    while n:
        t += 1
        if not is_winter(t):
            n -= 1
    return t
