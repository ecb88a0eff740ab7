"""The end of a Soldier Kings campaign under the optional rules: SKO Ending the game
(option `random-end`) and SKO Britain's Automatic Victory (option `britain-28`).

SKO Ending the game: "Roll at the end of each Winter turn starting Turn 24 to end the
game, the game may continue beyond turn 28": a die at the end of the Winter turns 24
(5-6 ends it), 28 and 32 (4-6), 36 and 40 (3-6); Turn 44 ends it. The scenario's last
turn becomes 44 (setup.py), and a game past Turn 28 goes on year by year (1763 on).

Choice (opt-random-end-*.toml): the die is rolled when the Winter turn's last phase,
the Diplomacy Phase (SK 4.2: Victory, Resource and Manpower, Event Card, Diplomacy), is
over (winter.war_ends, asked by phases.next_turn): the Winter's income, cards and deals
are made not knowing whether the war ends. When the war ends so, the player closest to
his Automatic Victory score in that Winter's Victory Phase wins (SK 20.31, 20.33). An
automatic victory in that Victory Phase ends the game there, with no roll; so does Turn
44, the last turn (like the standard game's Turn 28, SK World at War, Timeframe)."""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution

from . import options
from .content import SoldierContent
from .fold import on
from .state import SoldierState


@event
class WarEndRolled(Event):
    """SKO Ending the game: the die at the end of a Winter turn from Turn 24."""

    type: Literal["sk.war_end_rolled"] = "sk.war_end_rolled"
    turn: int
    die: int
    ends_on: int  # this or more ends the war
    ends: bool


@on(WarEndRolled)
def _(s: SoldierState, e: WarEndRolled) -> None:
    pass  # the game's end follows as sk.game_over


def last_turn(content: SoldierContent, chosen: tuple[str, ...] | list[str], turn: int) -> int:
    """The scenario's last turn: `turn`, or SKO Ending the game's Turn 44."""
    sko = content.tables.sko
    if "random-end" in chosen and sko is not None:
        return sko.random_end.last_turn
    return turn


def may_end(s: SoldierState) -> bool:
    """SKO Ending the game: the option is on (a die may end the war at a Winter's end)."""
    return options.on(s, "random-end")


def war_ends(ctx: Resolution, content: SoldierContent, s: SoldierState) -> bool:
    """SKO Ending the game: roll, if this Winter turn has a roll ("at the end of each
    Winter turn"); True if the war ends."""
    sko = content.tables.sko
    if sko is None or not options.on(s, "random-end"):
        return False
    roll = next((r for r in sko.random_end.rolls if r.turn == s.turn), None)
    if roll is None:
        return False
    die = ctx.roll(f"the end of the war: {roll.ends_on} or more ends it")[0]
    ctx.emit(WarEndRolled(turn=s.turn, die=die, ends_on=roll.ends_on, ends=die >= roll.ends_on))
    return die >= roll.ends_on


def scores(content: SoldierContent, s: SoldierState) -> dict[str, int]:
    """SKO Britain's Automatic Victory: "the English Automatic Victory level should be
    moved up to 28 Victory Points"."""
    sko = content.tables.sko
    if sko is None or not options.on(s, "britain-28"):
        return {}
    return {sko.britain_28.power: sko.britain_28.points}
