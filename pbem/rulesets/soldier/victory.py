"""Soldier Emperor's victory (SE 21.1-21.6), chosen by game.toml `[rules] victory`; the
Soldier Kings rules (SK 20.31-20.34) stay in winter.py.

SE 21.1: victory points as SK 20.31 (winter.victory_points), and a satellite nation's
areas count for the power it is allied to (SE 18.5, 19.2). SE 21.2: a major power at or
above its Automatic Victory score wins at once; of several, the one furthest above it;
ties all win. SE 21.3: with no automatic victory, at the end of the game the one closest
to its score wins (ties all win). SE 21.4: a power limited by `victory_limits` (Britain)
cannot win unless its rival (France) is below the stated points. SE 21.5: in two- and
three-player games every power a player holds must reach its score. SE 21.6: every
player of an alliance must meet those requirements (21.2, 21.4, 21.5) for any of them to
win automatically, and a power that broke an alliance in the preceding year
(alliance_year) cannot win automatically.
"""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event

from .calendar import is_winter
from .content import SoldierContent
from .fold import on
from .state import SoldierState


@event
class AllianceBreaker(Event):
    """SE 21.6: `power` broke a formal alliance in `year` (by order or forced by SE 16.2):
    the year whose Victory Phase it bars (alliance_year)."""

    type: Literal["se.alliance_breaker"] = "se.alliance_breaker"
    power: str
    year: int


@on(AllianceBreaker)
def _(s: SoldierState, e: AllianceBreaker) -> None:
    s.alliance_breaks[e.power] = e.year


def alliance_year(content: SoldierContent, s: SoldierState) -> int:
    """The year an alliance made, held or broken now counts for: SE 5.0's "formally allied
    ... at any time during the preceding year" (card_phase.allied_players) and SE 21.6's
    "broken at any time during the preceding year" are read alike. A year runs from one
    Winter's Event Card Phase to the next (card_phase.CardsGathered starts its count), so
    the Winter Event Card and Diplomacy Phases, after that Winter's Victory Phase, count
    toward the next year and its Victory Phase."""
    year = content.game.year(s.turn)
    return year + 1 if is_winter(s.turn) and s.stage in ("cards", "diplomacy") else year


def satellite_areas(content: SoldierContent, s: SoldierState, power: str) -> dict[str, int]:
    """SE 18.5, 19.2: areas controlled by a satellite nation allied to `power` count for its
    victory points ("it counts for victory points") as if `power` had control markers
    there (SE 21.1): not its own home areas, which never score for it."""
    allies = s.allies
    areas = sorted(
        a
        for a, ctrl in s.control.items()
        if allies.get(ctrl) == power  # asked first: most areas are no ally's of `power`
        and content.country(ctrl).kind == "satellite"
        and content.is_land(a)
        and content.land_area(a).home != power
    )
    return {a: content.land_area(a).resources for a in areas}


def _groups(s: SoldierState) -> dict[str, set[str]]:
    """Each major power -> the members of its alliance (formal allies, transitively)."""
    out = {p: {p} for p in s.majors}
    for g in s.alliances:
        members = set().union(*(out.get(p, {p}) for p in g))
        for p in members:
            out[p] = members
    return out


def result(content: SoldierContent, s: SoldierState, last: bool) -> str | None:
    """The game's result when it ends in this Victory Phase (SE 21.2-21.6), else None."""
    scores = {a.power: a.points for a in content.tables.automatic_victory}
    vp = s.victory_points
    margin = {p: vp.get(p, 0) - scores.get(p, 0) for p in s.majors}
    collective = len(s.players) <= 3  # SE 21.5
    units = s.players if collective else {p: [p] for p in s.majors}
    # SE 21.5 (and, read with it, SE 21.3's "closest"): a player is as far from victory as
    # the furthest of his powers (victory-21-3-collective-closest.toml)
    who = {w: min(margin[p] for p in ps) for w, ps in units.items()}
    year = content.game.year(s.turn)
    groups = _groups(s)

    def limited(w: str) -> str | None:  # SE 21.4
        for lim in content.tables.victory_limits:
            if lim.power in units[w] and vp.get(lim.rival, 0) >= lim.rival_below:
                return f"{lim.power} cannot win while {lim.rival} has {lim.rival_below} or more"
        return None

    def unit_of(power: str) -> str:
        return s.player_of(power) if collective else power

    def meets(w: str) -> bool:  # SE 21.2 the score, 21.5 every power held, 21.4 Britain
        return who[w] >= 0 and not limited(w)

    def automatic(w: str) -> bool:
        if not meets(w):
            return False
        if any(s.alliance_breaks.get(p) == year for p in units[w]):
            return False  # SE 21.6: broke an alliance in the preceding year
        allied = {unit_of(q) for p in units[w] for q in groups.get(p, {p})}
        return all(meets(u) for u in allied)  # SE 21.6: every player of the alliance

    won = [w for w in who if automatic(w)]
    if won:
        best = max(who[w] for w in won)
        winners = sorted(w for w in won if who[w] == best)
        how = "automatic victory (SE 21.2)"
    elif last:
        open_ = [w for w in who if not limited(w)]  # SE 21.4
        if not open_:
            return "Nobody wins: the only player left is barred by SE 21.4."
        best = max(who[w] for w in open_)
        winners = sorted(w for w in open_ if who[w] == best)
        how = "closest to its automatic victory score at the end of the game (SE 21.3)"
    else:
        return None

    def line(w: str) -> str:
        parts = [f"{p} {vp.get(p, 0)} of {scores.get(p, 0)}" for p in units[w]]
        return f"{w} ({', '.join(parts)})"

    names = " and ".join(line(w) for w in winners)
    return f"{names} {'win' if len(winners) > 1 else 'wins'}: {how}."


__all__ = ["AllianceBreaker", "alliance_year", "result", "satellite_areas"]
