"""The turn record track (SK 4.0 / SE 4.0): four turns a year, Spring, Summer and Fall
campaign turns and a Winter turn. Turn 1 is Spring of the game's first year
(`content.game.first_year`: 1756 in Soldier Kings, 1803 in Soldier Emperor), which every
function naming a year takes as `first`."""

from __future__ import annotations

SEASONS = ("Spring", "Summer", "Fall", "Winter")


def year(turn: int, first: int) -> int:
    return first + (turn - 1) // 4


def season(turn: int) -> str:
    return SEASONS[(turn - 1) % 4]


def is_winter(turn: int) -> bool:
    return season(turn) == "Winter"


def label(turn: int, first: int) -> str:
    """'Turn 5 (Spring 1757)'"""
    return f"Turn {turn} ({season(turn)} {year(turn, first)})"


def phase_id(turn: int, phase: str, first: int, power: str | None = None) -> str:
    """'1757-spring-purchase', '1757-spring-action-prussia'"""
    base = f"{year(turn, first)}-{season(turn).lower()}-{phase}"
    return f"{base}-{power.lower()}" if power else base


def campaign_turns_after(turn: int, n: int) -> int:
    """The turn n campaign turns after `turn`, skipping winters (SK 6.2)."""
    t = turn
    while n:
        t += 1
        if not is_winter(t):
            n -= 1
    return t
