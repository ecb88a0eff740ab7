"""What a refusal suggests instead (players' trial): the fleets named in an area they are
already in (SK 10.0, 10.2), and the land route to an area that is not next to a group's
(SK 8.1-8.3), found by the map. Pure helpers for naval_orders.py and movement.py."""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable
from dataclasses import replace

from pbem.ruleset import Problem
from pbem.suggest import closest

from .content import SoldierContent


def already_in(content: SoldierContent, fleets: list[str], start: str) -> str:
    """Why a sail line that names only the fleets' own area goes nowhere, and where it may
    go: from a port, a sea it adjoins first (SK 1.0 Coastal Area, 10.2); at sea, the seas
    beside it or a coastal area on it (SK 10.0)."""
    who = " ".join(fleets)
    if content.is_land(start):
        seas = sorted(content.land_area(start).seas)
        return (
            f"the fleets are already in {start}: a voyage from this port puts out first to "
            f"{' or '.join(seas)} (SK 10.2), as in 'sail {who} to {seas[0]}'"
        )
    seas = sorted(content.sea_neighbours(start))
    coasts = sorted(content.coastal_areas(start))
    to = f"the seas {', '.join(seas[:-1])} or {seas[-1]}, or " if len(seas) > 1 else ""
    to = f"the sea {seas[0]}, or " if len(seas) == 1 else to
    return (
        f"the fleets are already in {start}, at sea, not in a port: name where they sail "
        f"from there: {to}a coastal area on it ({', '.join(coasts)}) (SK 10.0)"
    )


def land_route(
    content: SoldierContent,
    start: str,
    goal: str,
    cost: Callable[[str], int],
    blocked: Callable[[str], bool],
) -> tuple[list[str], int] | None:
    """The cheapest path by land routes from `start` to `goal` (start first) and its cost
    in half movement points (`cost` of each area entered), not passing through an area
    `blocked` (enemy armies stop a group there, SK 8.3); None if no land route leads there.
    Ties go to the fewer steps, then to the names in order."""
    best: dict[str, tuple[int, int]] = {start: (0, 0)}
    queue: list[tuple[int, int, list[str]]] = [(0, 0, [start])]
    while queue:
        spent, steps, path = heapq.heappop(queue)
        here = path[-1]
        if here == goal:
            return path, spent
        if best.get(here, (spent, steps)) < (spent, steps):
            continue
        if here != start and blocked(here):
            continue
        for nxt in sorted(content.neighbours(here)):
            key = (spent + cost(nxt), steps + 1)
            if nxt not in best or key < best[nxt]:
                best[nxt] = key
                heapq.heappush(queue, (*key, [*path, nxt]))
    return None


CONDITIONS = ("always", "never", "if not weaker", "if at least N fleets")  # SK 10.4


def misspelt_condition(area_text: str | None, area: Callable, line: int) -> Problem | None:
    """An `intercept in AREA COND` line whose condition is misspelt is read as one long area
    name ('Gibraltar allways'): the word and what it is near, when the words before it are
    an area (`area`: Names.area) and it is near `always` or `never`."""
    *head, last = (area_text or "").split() or [""]
    hint = closest(last, ("always", "never"))
    if not (head and hint and hint != last.casefold() and area(" ".join(head), line, [])):
        return None
    return Problem(
        f"{last!r} is not an interception condition: {', '.join(CONDITIONS)}", line, hint
    )


def form_hint(problem: Problem, words: list[str]) -> Problem:
    """A `write: FORM` refusal of a standing line with no suggestion: the written word
    nearest one of the form's own words (lower case; capitals are what the player
    names), so that 'fleets figth' is answered 'did you mean fight?'."""
    if problem.suggestion or not problem.message.startswith("write: "):
        return problem
    form = re.sub(r"\(.*?\)", " ", problem.message[len("write: ") :])
    literal = {w for w in re.split(r"[\s\[\]|,:.]+", form) if w.isalpha() and w.islower()}
    for w in words:
        low = w.casefold()
        if low in literal or not w.isalpha() or len(w) < 3:
            continue
        if hint := closest(low, sorted(literal), cutoff=0.66):
            return replace(problem, suggestion=hint)
    return problem
