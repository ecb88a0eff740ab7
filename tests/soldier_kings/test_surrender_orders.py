"""SK 15.0: a surrender ordered in an action phase is declared in the Peace Phase
(pbem/rulesets/soldier/surrender_orders.py); until then the order is its player's secret."""

from __future__ import annotations

from pbem import ruleset as registry
from pbem.dice import ScriptedDice
from pbem.resolution import Resolution
from pbem.rulesets.soldier import surrender_orders
from pbem.rulesets.soldier.state import SurrenderOrder


def _state():
    rs = registry.get("soldier-kings")
    ctx = Resolution(rs, rs.new_state("1756", {}), ScriptedDice([0] * 21))
    rs.setup(ctx, "1756", {})
    s = ctx.state.model_copy(deep=True)
    s.stage, s.initiative, s.acting = "action", ["Prussia", "Austria"], 0
    return rs, s


def test_the_order_is_seen_only_by_its_player_until_declared():
    rs, s = _state()
    lines = [{"to": ["Austria"], "if_lost": ["Silesia"]}]
    ordered = surrender_orders.SurrenderOrdered(
        loser="Prussia", lines=lines, lends={}, seen_by=["Prussia"]
    )
    assert rs.visible(s, ordered, "Prussia") and not rs.visible(s, ordered, "Austria")
    declared = surrender_orders.SurrenderDeclared(loser="Prussia", victors=["Austria"])
    assert rs.visible(s, declared, "Austria")
    s.surrender_orders["Prussia"] = SurrenderOrder(lines=lines)
    assert rs.view(s, "Austria")["surrender_orders"] == {}
    assert rs.view(s, "Prussia")["surrender_orders"]["Prussia"]["lines"] == lines
    assert rs.view(s, None)["surrender_orders"]["Prussia"]["lines"] == lines
