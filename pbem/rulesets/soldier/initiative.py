"""SK 4.1 Initiative Phase: every warring major power rolls two dice; Prussia adds or
subtracts two (its choice, made before any roll) while Frederick lives; ties are
rolled again; the highest acts first."""

from __future__ import annotations

from pbem.resolution import Resolution
from pbem.ruleset import Problem, Step

from . import phases, standing
from .effects import initiative_modifier
from .names import Names
from .phases import InitiativeSet, NoOrders
from .state import SoldierState

FREDERICK = "Frederick II"
PRUSSIA = "Prussia"


@standing.verb("initiative")
def _initiative(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    # SK 4.1: "initiative +2" or "initiative -2" (Prussia's choice while Frederick lives)
    if power != PRUSSIA:
        problems.append(Problem("only Prussia adds or subtracts two for initiative (SK 4.1)", line))
        return None
    if words not in (["+2"], ["-2"]):
        problems.append(Problem("write: initiative +2  or  initiative -2", line))
        return None
    return int(words[0])


class Initiative(NoOrders):
    def resolve(
        self, ctx: Resolution, content, step: Step, orders: dict, standing_orders: dict
    ) -> None:
        s: SoldierState = ctx.state
        powers = list(s.majors)
        modifier = {p: 0 for p in powers}
        frederick = s.leaders.get(FREDERICK)
        if PRUSSIA in modifier and frederick is not None and frederick.status != "killed":
            chosen = standing_orders.get(PRUSSIA, {}).get("initiative", [])
            modifier[PRUSSIA] = chosen[-1] if chosen else 2  # default: +2 (act early)
        # Council of War, played before the dice (effects.py)
        modifier = {p: m + initiative_modifier(s, p) for p, m in modifier.items()}
        score = {p: sum(ctx.roll(f"initiative: {p}", 2)) + modifier[p] for p in powers}
        ranked = _rank(ctx, powers, score, 1)
        ctx.emit(InitiativeSet(order=ranked))


def _rank(ctx: Resolution, powers: list[str], score: dict[str, int], depth: int) -> list[str]:
    """Highest first; each group of equal scores rolls again among itself."""
    out: list[str] = []
    for value in sorted({score[p] for p in powers}, reverse=True):
        tied = [p for p in powers if score[p] == value]
        if len(tied) == 1:
            out += tied
        else:
            again = {p: sum(ctx.roll(f"initiative: {p} (tie, roll {depth + 1})", 2)) for p in tied}
            out += _rank(ctx, tied, again, depth + 1)
    return out


phases.register("initiative", Initiative())
