"""SKO Economics (b), the Winter Purchase Phase (option `winter-purchase`): "Insert a
Purchase Phase into the Winter Game-Turn right after the Resource and Manpower Phase and
BEFORE the Event Card Phase. Units may now arrive during a Winter Game-Turn and their
arrival is now calculated by number of Game-turns (not Campaign Turns) that have passed.
A Fleet purchased in the Winter of one year would arrive the following Winter. An Army
purchased in the Winter would arrive in the next Summer."

The rule applied (tests/cases/soldier-kings/opt-winter-purchase-*.toml): with the option,
SK 6.2's "two" (armies) and "four" (fleets) count game turns for units bought in any
season: an army bought in Spring arrives in Fall (as before), one bought in Summer in
Winter, in Fall the next Spring, in Winter the next Summer; a fleet arrives the same
season a year later. Units whose arrival finds no area to be placed in (SK 6.3) wait for
the next game turn's Purchase Phase. The Winter Purchase Phase takes the same envelope
and orders as a campaign turn's (economy.py); minor allies' Spring units (SK 18.1) stay
in Spring. The one-year scenarios have no Resource and Manpower Phase, so no Winter
Purchase Phase either.

It is also where the national advantages of "each Winter Purchase Phase" fall
(national.py, `advantage_phase`); without this option, in the Spring Purchase Phase."""

from __future__ import annotations

from . import options
from .calendar import campaign_turns_after, is_winter, season
from .state import SoldierState

OPTION = "winter-purchase"


def after_resources(s: SoldierState) -> str:
    """The stage after the Resource and Manpower Phase (SK 4.2: the Event Card Phase)."""
    return "purchase" if options.on(s, OPTION) else "cards"


def after_purchase(s: SoldierState) -> str:
    """The stage after a Purchase Phase: the Initiative Phase (SK 4.1), or in Winter the
    Event Card Phase."""
    return "cards" if is_winter(s.turn) else "initiative"


def arrival(s: SoldierState, turns: int) -> int:
    """SK 6.2: the turn a unit bought now arrives, `turns` campaign turns later; with the
    option, game turns."""
    if options.on(s, OPTION):
        return s.turn + turns
    return campaign_turns_after(s.turn, turns)


def advantage_phase(s: SoldierState) -> bool:
    """Is this Purchase Phase the one of the national advantages "each Winter Purchase
    Phase"? With `winter-purchase` off, the Spring Purchase Phase stands in for it."""
    if options.on(s, OPTION):
        return is_winter(s.turn)
    return season(s.turn) == "Spring"
