"""SE order templates: Spain's action-phase template offers the guerilla attack (SE 19.4)
where it may go now, and the line it shows passes parse and validate."""

from __future__ import annotations

from pbem import ruleset as registry
from pbem.dice import ScriptedDice
from pbem.resolution import Resolution
from pbem.ruleset import OrderLine

SE_SETUP = [6, 6] + [1] * 12 + [0] * 115


def _action_state(spain_first: bool):
    rs = registry.get("soldier-emperor")
    ctx = Resolution(rs, rs.new_state("1803-7", {}), ScriptedDice(SE_SETUP))
    rs.setup(ctx, "1803-7", {})
    s = ctx.state.model_copy(deep=True)
    s.stage, s.turn, s.acting = "action", 2, 0
    s.initiative = ["Spain", "France", "Prussia", "Austria", "Russia", "Britain", "Turkey"]
    if not spain_first:
        s.initiative = s.initiative[1:] + s.initiative[:1]
    return rs, s


def test_spain_is_offered_its_guerilla_attack_where_enemies_stand():
    rs, s = _action_state(True)
    s.units["Fr-A1"].status, s.units["Fr-A1"].area = "map", "Catalonia"
    step = rs.step(s)
    template = rs.order_template(s, "Spain", step)
    line = next(x for x in template if "Guerilla attack" in x)
    assert line.endswith("possible now in: Catalonia"), line
    parsed = rs.parse(s, "Spain", step.phase, [OrderLine(1, "guerilla Catalonia")])
    assert not parsed.problems
    assert not rs.validate(s, "Spain", step.phase, parsed.orders)


def test_no_guerilla_line_without_a_target_or_for_another_power():
    rs, s = _action_state(True)
    step = rs.step(s)
    assert not any("Guerilla" in x for x in rs.order_template(s, "Spain", step))
    s.units["Fr-A1"].status, s.units["Fr-A1"].area = "map", "Catalonia"
    rs, s2 = _action_state(False)
    s2.units["Fr-A1"].status, s2.units["Fr-A1"].area = "map", "Catalonia"
    step2 = rs.step(s2)
    assert not any("Guerilla" in x for x in rs.order_template(s2, step2.owes[0], step2))
