"""The diplomacy-phase and any-time lines of a player-turn envelope (plan 7.3), as read
by diplomacy_orders.py: `diplomacy on ...` (7YWW 9), `reveal ...` (7.2), `give ...`
(10.35), `return ...` (8.31). Each keeps its envelope line number and text."""

from __future__ import annotations

from dataclasses import dataclass

from .turn_lines import Guard

RESULT_OPTIONS = {  # 29.1: what each result lets the phasing player carry out
    "D1": ("espionage",),
    "D2": ("espionage", "coup", "gain"),
    "D3": ("espionage", "coup", "gain", "neutralize"),
    "D4": ("espionage", "coup", "gain", "neutralize", "take"),
}


@dataclass(frozen=True)
class Option:
    """One option of a D result (29.1): `gain`, `neutralize`, `take`, `coup [SEAT|LEADER]`,
    `espionage [markers|treasury] [SEAT]`; "" = the default target."""

    kind: str
    target: str = ""  # a seat (coup, espionage) or a leader id (coup)
    what: str = ""  # espionage: "markers" | "treasury"

    def __str__(self) -> str:
        return " ".join(w for w in (self.kind, self.what, self.target) if w)


@dataclass(frozen=True)
class DiplomacyLine:
    """`diplomacy on POWER with V [V...] [prefer OPTION, OPTION...]` (9.1, 29.1)."""

    line: int
    text: str
    power: str
    values: tuple[int, ...]
    prefer: tuple[Option, ...] = ()
    guard: Guard | None = None


@dataclass(frozen=True)
class Reveal:
    """`reveal treasury|markers|all [to SEAT[, SEAT...] | to all]` (7.2)."""

    line: int
    text: str
    treasury: bool
    markers: bool
    to: tuple[str, ...] = ()  # () = every other player
    guard: Guard | None = None


@dataclass(frozen=True)
class Give:
    """`give N [treasury [points]] to SEAT` (10.35)."""

    line: int
    text: str
    amount: int
    to: str
    guard: Guard | None = None


@dataclass(frozen=True)
class ReturnMarkers:
    """`return MARKER[, MARKER...]` (8.31: at any time, unplayed)."""

    line: int
    text: str
    labels: tuple[str, ...]
    guard: Guard | None = None


ANYTIME = (Reveal, Give, ReturnMarkers)
LINES = (DiplomacyLine, *ANYTIME)
