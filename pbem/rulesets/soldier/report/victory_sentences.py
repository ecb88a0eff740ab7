"""Sentences for the Victory Phase and the game's end (SK 20.3, SE 21), registered in
sentences.SAYINGS beside the shared ones: each power's points and, where the game is
won by reaching a score, the score it needs (SK 20.33, SE 21.2)."""

from __future__ import annotations

from ..common import one_year
from ..sko_end import scores as sko_scores
from .sentences import says
from .words import join


def automatic_scores(c, s) -> dict[str, int]:
    """Each power's Automatic Victory score where the game is won by reaching it: SE 21.2
    (every scenario) and SK 20.33 (World at War; SKO Britain's Automatic Victory); none
    in SK's one-year scenarios (SK 20.32: the highest total wins)."""
    table = {a.power: a.points for a in c.tables.automatic_victory}
    if c.game.rules.book == "SE":  # SE 21.2: every scenario plays to the same table
        return table
    if s is None or one_year(c, s):
        return {}
    return table | sko_scores(c, s)  # SK 20.33


@says("sk.victory_points")
def _(c, e, s):
    gained = join([f"{a} {v}" for a, v in sorted(e.gained.items())])
    lost = join([f"{a} {v}" for a, v in sorted(e.lost.items())])
    need = automatic_scores(c, s)
    if e.power in need:
        book = "SE 21.2" if c.game.rules.book == "SE" else "SK 20.33"
        return (
            f"{e.power}: {e.points} victory points of the {need[e.power]} an automatic "
            f"victory needs ({book}); gained: {gained}; lost: {lost}."
        )
    return f"{e.power}: {e.points} victory points (gained: {gained}; lost: {lost})."


@says("sk.game_over")
def _(c, e, s):
    # the core's game_ended says the result once ("The game is over: RESULT"), which
    # names the winners; this line gives every power's final score (SK 20.3, SE 21)
    if s is None or not s.majors:
        return ""
    need = automatic_scores(c, s)
    points = [
        f"{p} {s.victory_points.get(p, 0)}" + (f" of {need[p]}" if p in need else "")
        for p in s.majors
    ]
    return f"Final victory points: {join(points)}."
