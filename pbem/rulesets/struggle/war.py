"""SoE War Sequence: what the game waits for (the Step), and the phases that need no
orders, run at the end of the resolution before them: the round and turn order, income
and maintenance, victory points, the end of a war, the next war's Country counters
and alliances, the end of the game."""

from __future__ import annotations

from pbem.resolution import Resolution
from pbem.ruleset import Step

from . import auction, blockade
from . import events as E
from .content import SoEContent
from .economy import end_game, income_and_maintenance, score_war
from .setup import clockwise_from, draw_counters, placer
from .standing_orders import Standing
from .state import SoEState


def step(s: SoEState) -> Step | None:
    w = s.war
    if s.stage == "over":
        return None
    if s.stage == "place":
        p = placer(s)
        return Step(f"w1-place-{_slug(p)}", f"Set-up: {p} places five units", (p,), turn="war 1")
    if s.stage == "auction" and s.auction is not None:
        a = s.auction
        p = a.order[a.turn]
        return Step(
            f"w{w}-auction{a.number}-{a.bids + 1}-{_slug(p)}",
            f"War {w}, alliance auction {a.number}: {p} to bid",
            (p,),
            turn=f"war {w}",
        )
    if s.stage == "actions":
        p = s.order[s.acting]
        return Step(
            f"w{w}-r{s.round}-{_slug(p)}",
            f"War {w}, round {s.round} of {s.rounds}: {p}'s two actions",
            (p,),
            turn=f"war {w}",
        )
    return None


def _slug(power: str) -> str:
    return power.replace(" ", "-")


def proxies(standing: dict[str, Standing]) -> dict[str, auction.Proxy]:
    return {p: st.proxy for p, st in standing.items() if st.proxy is not None}


def alliances(ctx: Resolution, content: SoEContent, standing: dict[str, Standing]) -> None:
    """Run the auctions as far as proxies take them; when all are allied, the actions."""
    s: SoEState = ctx.state
    if s.stage != "auction":
        ctx.emit(E.StageSet(war=s.war, stage="auction"))
    if auction.run(ctx, content, proxies(standing)):
        ctx.emit(E.StageSet(war=s.war, stage="actions", round=1, acting=0))


def after_placement(ctx: Resolution, content: SoEContent, standing: dict[str, Standing]) -> None:
    s: SoEState = ctx.state
    if s.acting + 1 < len(s.seats):
        ctx.emit(E.StageSet(war=1, stage="place", acting=s.acting + 1))
    else:
        alliances(ctx, content, standing)


def after_turn(ctx: Resolution, content: SoEContent, standing: dict[str, Standing]) -> None:
    """The next player in the round, the next round, or the war's end."""
    s: SoEState = ctx.state
    if s.acting + 1 < len(s.order):
        ctx.emit(E.StageSet(war=s.war, stage="actions", round=s.round, acting=s.acting + 1))
        return
    ctx.emit(E.RoundEnded(war=s.war, round=s.round))
    if s.round < s.rounds:
        ctx.emit(E.StageSet(war=s.war, stage="actions", round=s.round + 1, acting=0))
        return
    last = s.order[-1]
    income_and_maintenance(ctx, content)  # SoE 4
    score_war(ctx, content)  # SoE 5
    # SoE 6: Alliance tiles back to the stock, used tiles turned, the display cleared
    for p in s.seats:
        for t in sorted(set(s.powers[p].tiles)):
            if content.tile(t).kind == "alliance":
                for _ in range(s.powers[p].tiles.count(t)):
                    ctx.emit(E.TileReturned(power=p, tile=t, why="end of war (SoE 6)"))
    blockade.lift_all(ctx)  # SoE Blockade: "returned to the general stock at the end of the war"
    ctx.emit(E.WarEnded(war=s.war, last_mover=last))
    if s.war >= s.wars:
        end_game(ctx, content)
        return
    ctx.emit(E.StageSet(war=s.war + 1, stage="counters"))
    draw_counters(ctx, content, content.rule("country_counters_per_war"), f"war {s.war}")  # SoE 1
    alliances(ctx, content, standing)


__all__ = ["after_placement", "after_turn", "alliances", "clockwise_from", "step"]
