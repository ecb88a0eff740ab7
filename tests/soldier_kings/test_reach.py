"""The order template says where each group can go this phase and at what cost (issue
18), and every place it names is a move the action rules accept (SK 8.1-8.3)."""

from pbem import ruleset as registry
from pbem.dice import ScriptedDice
from pbem.resolution import Resolution
from pbem.ruleset import OrderLine, check_orders
from pbem.rulesets.soldier.report import template


def _state():
    rs = registry.get("soldier-kings")
    ctx = Resolution(rs, rs.new_state("1756", {}), ScriptedDice([0] * 21))
    rs.setup(ctx, "1756", {})
    s = ctx.state
    s.stage, s.initiative, s.acting, s.turn = "action", ["Prussia", "Austria"], 0, 2
    for uid, area in (("Pr-A1", "Silesia"), ("Au-A1", "Bohemia")):
        s.units[uid].status, s.units[uid].area = "map", area
    return rs, s


def test_every_place_named_is_a_move_the_rules_accept():
    rs, s = _state()
    got = template.reach(rs.content, s, "Prussia", "Silesia")
    assert got
    dests = {d for d, _, _ in got}
    assert "Berlin" in dests and "Bohemia" in dests
    for _dest, cost, path in got:
        assert cost <= 2  # an army alone: 1 MP (SK 8.1)
        line = f"move Pr-A1 to {', '.join(path[1:])}"
        _, problems = check_orders(
            rs, s, "Prussia", "1756-summer-action-prussia", [OrderLine(1, line)]
        )
        assert problems == [], (line, problems)
    # SK 8.3: a group that enters enemy armies stops: nothing is reached through Bohemia
    assert all("Bohemia" not in path[1:-1] for _, _, path in got)


def test_the_template_lists_the_reach_of_each_group():
    rs, s = _state()
    lines = template.reach_lines(rs.content, s, "Prussia")
    assert lines and lines[0].startswith("# From Silesia, the whole group can reach (MP): ")
    assert "Berlin 0.5" in lines[0] or "Berlin 1" in lines[0]


def test_the_reach_lines_show_how_a_path_is_written():
    """A trial player read 'Tyrol 2.5 (via Burgundy, Dauphine, Piedmonte)' and wrote
    'move ... to Tyrol' (refused: no land route from Paris to Tyrol). The template now
    shows a path as a move writes it, and that move is accepted."""
    from pbem.ruleset import OrderLine, check_orders

    rs, s = _state()
    hint = template.reach_lines(rs.content, s, "Prussia")[-1]
    assert hint.startswith("# A move names every area on its way, the 'via' areas then the ")
    path = hint.split("move PIECES to ")[1]
    assert ", " in path
    line = f"move Pr-A1 to {path}"
    _, problems = check_orders(rs, s, "Prussia", "1756-summer-action-prussia", [OrderLine(1, line)])
    assert problems == [], (line, problems)
