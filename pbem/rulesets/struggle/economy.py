"""Gold, unrest and the end of a war: paying from the bank with unrest (SoE Gold),
income and maintenance (SoE 4), victory points by area with ties (SoE 5), and the
unrest reveal at the game's end (SoE Ending the Game)."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import events as E
from .content import SoEContent
from .state import SoEState


def gold_per_unrest(content: SoEContent, s: SoEState, power: str) -> int:
    """SoE Gold: two gold per Unrest point; SoE Banking: three."""
    # SoE Banking: "3 gold instead of 2", a second tile adds nothing (a choice)
    if s.holds(power, "Banking"):
        return content.rule("banking_gold_per_unrest")
    return content.rule("gold_per_unrest")


def pay(ctx: Resolution, content: SoEContent, power: str, amount: int, why: str) -> None:
    """SoE Gold: a power short of gold takes it from the bank in multiples of two (one
    Unrest point each), never more than it needs; then it pays."""
    s: SoEState = ctx.state
    short = amount - s.powers[power].gold
    if short > 0:
        per = gold_per_unrest(content, s, power)
        points = -(-short // per)
        ctx.emit(E.GoldBorrowed(power=power, gold=points * per, unrest=points))
    if amount:
        ctx.emit(E.GoldChanged(power=power, delta=-amount, why=why))


def unrest_cost(content: SoEContent, s: SoEState, power: str, amount: int) -> int:
    """The Unrest points paying `amount` gold now would take (for reports and checks)."""
    short = amount - s.powers[power].gold
    if short <= 0:
        return 0
    return -(-short // gold_per_unrest(content, s, power))


def assume_paid(content: SoEContent, s: SoEState, power: str, amount: int) -> None:
    """The state after `pay` (for checking the actions after one that costs gold): the
    same borrowing (SoE Gold) and payment, on a copy of the state, without events."""
    pw = s.powers[power]
    points = unrest_cost(content, s, power, amount)
    pw.gold += points * gold_per_unrest(content, s, power) - amount
    pw.unrest += points


def income_and_maintenance(ctx: Resolution, content: SoEContent) -> None:
    """SoE 4: one gold per Population point and per control token on the map, then one
    gold for every army, navy and fort on the map (no unit may be given up instead);
    then Population +5, never over nine."""
    s: SoEState = ctx.state
    for p in s.order or s.seats:
        got = s.powers[p].population + s.tokens_on_map(p)
        if got:
            ctx.emit(E.GoldChanged(power=p, delta=got, why="income (SoE 4)"))
    for p in s.order or s.seats:
        units = sum(s.on_map(p, t) for t in ("army", "navy", "fort"))
        pay(ctx, content, p, units, "maintenance (SoE 4)")
    top, step = content.rule("population_max"), content.rule("population_increase")
    for p in s.order or s.seats:
        gain = min(step, top - s.powers[p].population)
        if gain > 0:
            ctx.emit(E.PopulationChanged(power=p, delta=gain, why="population increase (SoE 4)"))


def ranked_scores(values: list[int], counts: dict[str, int], zero: bool = False) -> dict[str, int]:
    """SoE 5: the most tokens score the highest value, the next most the next value, and
    so on; tied players score the same value, and the next group the next value
    (Examples of Play: 3, 3, 2, 1 tokens score 8, 8, 5, 3). A count of zero ranks only
    if `zero` (Unrest levels; no control tokens scores nothing)."""
    out: dict[str, int] = {}
    levels = sorted({n for n in counts.values() if n > 0 or zero}, reverse=True)
    for rank, n in enumerate(levels):
        if rank >= len(values):
            break
        for p, have in counts.items():
            if have == n:
                out[p] = values[rank]
    return out


def score_war(ctx: Resolution, content: SoEContent) -> None:
    """SoE 5: victory points for every scoring area."""
    s: SoEState = ctx.state
    for area in content.scoring:
        counts = {p: s.tokens(area, p) for p in s.seats}
        for p, vp in sorted(ranked_scores(content.area(area).vp, counts).items()):
            if vp:
                ctx.emit(E.VictoryPoints(power=p, delta=vp, why=f"{area} (SoE 5)"))


def end_game(ctx: Resolution, content: SoEContent) -> None:
    """SoE Ending the Game: 20 or more unrest scores zero (revolution); among the rest
    the highest unrest loses 7 VP, the second highest 4, ties alike (ranked as VPs); an
    Unrest level of zero ranks too (case end-of-game-unrest-zero)."""
    s: SoEState = ctx.state
    unrest = {p: s.powers[p].unrest for p in s.seats}
    at = content.rule("revolution_unrest")
    revolution = [p for p in s.seats if unrest[p] >= at]
    rest = {p: u for p, u in unrest.items() if p not in revolution}
    penalties = ranked_scores(list(content.rule("unrest_penalties")), rest, zero=True)
    # SoE Ending the Game: "loses 7VPs" on the Victory Point track, which starts at zero
    # (SoE Setting Up): a score never goes below zero, the score of a revolution (a choice;
    # case end-of-game-penalty-floor)
    scores = {
        p: 0 if p in revolution else max(0, s.powers[p].vp - penalties.get(p, 0)) for p in s.seats
    }
    best = max(scores.values())
    winners = [p for p in s.seats if scores[p] == best]
    ctx.emit(
        E.GameEnded(
            unrest=unrest,
            revolution=revolution,
            penalties={p: n for p, n in penalties.items() if n},
            scores=scores,
            winners=winners,
        )
    )
