"""SK 4.1 Initiative Phase: every warring major power rolls two dice; Prussia adds or
subtracts two (its choice, made before any roll) while Frederick lives; ties are
rolled again; the highest acts first."""

from __future__ import annotations

from pbem.resolution import Resolution
from pbem.ruleset import Problem, Step

from . import phases, standing
from .effects import initiative_modifiers
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
        modifiers: dict[str, list[tuple[int, str]]] = {p: [] for p in powers}
        frederick = s.leaders.get(FREDERICK)
        if PRUSSIA in modifiers and frederick is not None and frederick.status != "killed":
            # SK 4.1: "the Prussian player adds or subtracts two ... prior to any rolls"
            chosen = standing_orders.get(PRUSSIA, {}).get("initiative", [])
            value = chosen[-1] if chosen else 2  # default: +2 (act early)
            modifiers[PRUSSIA].append(
                (value, "Prussia's choice" if chosen else "Prussia's default")
            )
        for p in powers:  # Council of War, played before the dice (effects.py)
            modifiers[p] += initiative_modifiers(s, p)
        rolls: list[dict] = []
        score = {}
        for p in powers:
            dice = ctx.roll(f"initiative: {p}", 2)
            score[p] = sum(dice) + sum(v for v, _ in modifiers[p])
            rolls.append(
                {
                    "power": p,
                    "round": 1,
                    "dice": list(dice),
                    "modifiers": [[v, why] for v, why in modifiers[p]],
                    "total": score[p],
                }
            )
        ranked = _rank(ctx, powers, score, 1, rolls)
        ctx.emit(InitiativeSet(order=ranked, rolls=rolls))


def _rank(
    ctx: Resolution, powers: list[str], score: dict[str, int], depth: int, rolls: list[dict]
) -> list[str]:
    """Highest first; each group of equal scores rolls again among itself (SK 4.1: "Roll
    again in case of ties"; the re-roll alone decides among the tied, unmodified)."""
    out: list[str] = []
    for value in sorted({score[p] for p in powers}, reverse=True):
        tied = [p for p in powers if score[p] == value]
        if len(tied) == 1:
            out += tied
        else:
            again = {}
            for p in tied:
                dice = ctx.roll(f"initiative: {p} (tie, roll {depth + 1})", 2)
                again[p] = sum(dice)
                rolls.append(
                    {
                        "power": p,
                        "round": depth + 1,
                        "dice": list(dice),
                        "modifiers": [],
                        "total": again[p],
                    }
                )
            out += _rank(ctx, tied, again, depth + 1, rolls)
    return out


phases.register("initiative", Initiative())
