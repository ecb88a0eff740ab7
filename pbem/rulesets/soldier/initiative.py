"""SK 4.1 / SE 4.1 Initiative Phase: every warring major power rolls two dice; one power
adds or subtracts two (its choice, made before any roll) while its leader allows it --
SK: Prussia while Frederick lives; SE 4.1, 19.7: France, by up to two, while Napoleon is
in play and has not lost the ability (the second of his abilities lost to capture) -- content's game.toml
`[rules]` names them; ties are rolled again; the highest acts first."""

from __future__ import annotations

import re

from pbem.resolution import Resolution
from pbem.ruleset import Problem, Step

from . import phases, standing
from .effects import initiative_modifiers
from .names import Names
from .phases import InitiativeSet, NoOrders
from .state import SoldierState


def initiative_holder(content, s: SoldierState) -> str | None:
    """The power that may add or subtract two this Initiative Phase, or None (SK 4.1:
    Prussia while Frederick is not killed; SE 4.1, 19.7: France while Napoleon is in play
    -- on the map, not killed, captured or wounded -- and keeps the ability)."""
    rules = content.game.rules
    power, name = rules.initiative_power, rules.initiative_leader
    ld = s.leaders.get(name)
    if power not in s.majors or ld is None or ld.status == "killed":
        return None
    # SE 4.1: "in play"; SE 19.7: "has not lost this ability"
    if rules.initiative_leader_in_play and (ld.status != "map" or "initiative" not in ld.abilities):
        return None
    return power


def _modifier(content) -> int:
    c = content.tables.constants
    held = c.french_initiative_modifier or c.prussian_initiative_modifier
    return held.value if held else 2


@standing.verb("initiative", pure=True)
def _initiative(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    # SK 4.1: "initiative +2" or "initiative -2" (Prussia's choice while Frederick lives);
    # SE 4.1, 19.7: France's while Napoleon is in play, "by up to two": -2 to +2
    rules = names.content.game.rules
    if power != rules.initiative_power:
        problems.append(
            Problem(
                f"only {rules.initiative_power} adds or subtracts two for initiative "
                f"({rules.book} 4.1)",
                line,
            )
        )
        return None
    two = _modifier(names.content)
    if rules.initiative_up_to:  # SE 19.7
        if len(words) != 1 or not re.fullmatch(r"[+-]?\d", words[0]) or abs(int(words[0])) > two:
            problems.append(
                Problem(
                    f"write: initiative N, a number from -{two} to +{two} "
                    f"({rules.book} 19.7: by up to {two})",
                    line,
                )
            )
            return None
        return int(words[0])
    if words not in ([f"+{two}"], [f"-{two}"]):
        problems.append(Problem(f"write: initiative +{two}  or  initiative -{two}", line))
        return None
    return int(words[0])


class Initiative(NoOrders):
    def resolve(
        self, ctx: Resolution, content, step: Step, orders: dict, standing_orders: dict
    ) -> None:
        s: SoldierState = ctx.state
        powers = list(s.majors)
        modifiers: dict[str, list[tuple[int, str]]] = {p: [] for p in powers}
        holder = initiative_holder(content, s)
        if holder is not None:
            # SK 4.1: "the Prussian player adds or subtracts two ... prior to any rolls";
            # SE 4.1: "The French player adds or subtracts two ... prior to any rolls"
            # SE 19.7: "may modify the initiative die roll by up to two" (the order's number)
            chosen = standing_orders.get(holder, {}).get("initiative", [])
            two = _modifier(content)
            value = chosen[-1] if chosen else two  # default: +2
            modifiers[holder].append(
                (value, f"{holder}'s choice" if chosen else f"{holder}'s default")
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
