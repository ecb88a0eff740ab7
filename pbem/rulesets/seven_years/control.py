"""7YWW 4.4 Belligerency by invasion (4.41: set-up, diplomacy or invasion, nothing
else; 4.413, 4.42; plan [C 4.a]-[C 4.f]), and the
relations the movement and combat rules ask about: whose a unit is, enemy, neutral,
minor (2.4, [C 2.f])."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import events as E
from . import windows
from .content import Content
from .state import MINOR, SYWState, Unit


def neutral_power(c: Content, s: SYWState, square: str) -> str | None:
    """[C 4.c] the neutral major power whose territory the square is (every square whose
    map `power` is that major), or None. 4.52: a power reverted to neutrality (4.5) is
    neutral here like any other until 4.41 triggers belligerency again."""
    p = c.map.square(square).power
    if p in c.majors and s.control.get(p) is None:
        return p
    return None


def is_neutral_unit(s: SYWState, u: Unit) -> bool:
    """A neutral major power's unit (4.3)."""
    return u.owner != MINOR and s.control.get(u.owner) is None


def foreign(s: SYWState, seat: str, square: str) -> list[Unit]:
    """Units in the square that are not the seat's: enemy, neutral or minor (12.11,
    14.31, [C 2.f])."""
    return [u for u in s.units_in(square) if s.unit_seat(u) != seat]


def recipient(ctx: Resolution, c: Content, power: str, violator: str) -> tuple[str, dict]:
    """7YWW 4.42(2): the player other than the violator whose total major power campaign
    values are lowest ([C 4.f]: the powers he controls at that instant, the invaded one
    not counted); a tie by a die. Choice (4.42 says only "roll a die"): `least`."""
    s: SYWState = ctx.state
    values = {
        seat: c.campaign_value([p for p in s.powers_of(seat) if p != power])
        for seat in s.seats
        if seat != violator
    }
    return least(ctx, values, f"invasion of {power}"), values


def least(ctx: Resolution, values: dict[str, int], why: str) -> str:
    """The seat with the lowest value (4.42(2) "if a tie, roll a die"): each tied player
    rolls, in seat order; the highest roll wins; the players tied on it roll again."""
    s: SYWState = ctx.state
    low = min(values.values())
    tied = [seat for seat in s.seats if values.get(seat) == low]
    while len(tied) > 1:
        rolls = {seat: windows.roll(ctx, f"{why}: {seat}", owner=seat)[0] for seat in tied}
        best = max(rolls.values())
        tied = [seat for seat in tied if rolls[seat] == best]
    return tied[0]


def invade(ctx: Resolution, c: Content, power: str, violator: str, how: str) -> str:
    """7YWW 4.42(2): "The instant a major power's neutrality is violated, it becomes a
    belligerent" under the recipient; its units are the recipient's from now on."""
    seat, values = recipient(ctx, c, power, violator)
    ctx.emit(E.NeutralityViolated(power=power, by=violator, how=how, values=values, to=seat))
    ctx.emit(E.ControlChanged(power=power, frm=None, to=seat, why="invasion"))
    return seat
