"""The lines of a player-turn envelope (plan 2.4, 7.3), as read by turn_orders.py:
movement lines, attack lines, guards and `wait`. Each keeps its envelope line number
and text, for problems and for `syw.order_skipped`."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Guard:
    """`if won:` / `if lost:` (the attack before), `if control POWER:`, `if occupy SQ:`,
    `if empty SQ:` (plan 2.4)."""

    kind: str  # "won" | "lost" | "control" | "occupy" | "empty"
    arg: str = ""

    def __str__(self) -> str:
        return f"if {self.kind}{' ' + self.arg if self.arg else ''}"


@dataclass(frozen=True)
class Units:
    """Which units a line names: ids, or `all` [except ids] in the line's square."""

    ids: tuple[str, ...] = ()
    all: bool = False
    except_: tuple[str, ...] = ()


@dataclass(frozen=True)
class Move:
    """`move UNITS from SQ to PATH [drop UNITS at SQ]... [expedition]` (14), or with
    `forced` the same line written `forced march ...` (16.1). The last three fields are
    the countermarch clauses `leader L`, `honors of war`, `advance if countermarched`
    (16.42, plan [C 16.e]): used only if the move is countermarched."""

    line: int
    text: str
    units: Units
    start: str
    path: tuple[str, ...]
    drops: tuple[tuple[str, str], ...] = ()  # (unit id, square)
    expedition: bool = False
    forced: bool = False
    guard: Guard | None = None
    carrying: tuple[str, ...] = ()  # 18.5: land units embarking at the start
    landings: tuple[tuple[str, str], ...] = ()  # 18.53: (unit id, square) debarking
    # --- countermarch clauses (countermarch.py; 16.42, plan [C 16.e])
    cm_leader: str = ""  # the defending force's leader if countermarched
    cm_honors: bool = False  # play an Honors of War if countermarched (29.7)
    cm_advance: bool = False  # advance after a countermarch the mover beat (15.8, 16.46)


@dataclass(frozen=True)
class Attack:
    """`attack SQ from SQ [with UNITS] [table T] [leader L [as PW]] [forced march]
    [honors of war] [advance | no advance | advance with UNITS] [losses UNITS]
    [retreat to SQ] [upgrade UNIT]` (15, 16.2, 29.7)."""

    line: int
    text: str
    target: str
    source: str
    units: Units = Units(all=True)
    table: str = ""  # "" = the default, Engagement (15.52)
    leader: str = ""
    as_power: str = ""
    forced: bool = False
    honors: bool = False
    # "" the default: all (plan 2.2), but none into a neutral major's territory (7YWW
    # 4.413(2), [C 4.d]) | "all" (the `advance` clause) | "none" | "with"
    advance: str = ""
    advance_units: tuple[str, ...] = ()
    losses: tuple[str, ...] = ()
    retreat_to: str = ""
    upgrade: str = ""
    guard: Guard | None = None


@dataclass(frozen=True)
class Wait:
    """Ends the envelope: the rest of the turn comes in the next one (plan 2.4)."""

    line: int
    text: str = "wait"


@dataclass(frozen=True)
class Embark:
    """`embark UNIT on FLEET at SQ` / `debark UNIT at SQ`: in place, no move (18.5,
    [C 18.d])."""

    line: int
    text: str
    unit: str
    fleet: str  # "" for debark: the fleet it is aboard
    square: str
    debark: bool = False
    guard: Guard | None = None


Line = Move | Attack | Wait | Embark


@dataclass
class TurnOrders:
    lines: list[Line] = field(default_factory=list)

    @property
    def waits(self) -> bool:
        return any(isinstance(ln, Wait) for ln in self.lines)
