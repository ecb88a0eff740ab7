"""The what-if state of order checking (movement.after_moves) shares what moves leave
alone and never changes the state it started from (issue 9: no whole-state copies)."""

from pbem import ruleset as registry
from pbem.dice import ScriptedDice
from pbem.resolution import Resolution
from pbem.ruleset import Problem
from pbem.rulesets.soldier import movement
from pbem.rulesets.soldier.names import Names


def test_after_moves_copies_only_what_moves():
    rs = registry.get("soldier-kings")
    ctx = Resolution(rs, rs.new_state("1756", {}), ScriptedDice([0] * 21))
    rs.setup(ctx, "1756", {})
    s = ctx.state
    s.stage, s.initiative, s.acting = "action", ["Prussia", "Austria"], 0
    army = next(u for u in sorted(s.units.values(), key=lambda u: u.id)
                if u.country == "Prussia" and u.type == "army")  # fmt: skip
    army.status, army.area = "map", sorted(rs.content.home_areas("Prussia"))[0]
    dest = sorted(rs.content.neighbours(army.area))[0]
    problems: list[Problem] = []
    order = movement.parse_move(Names(rs.content, s), s, f"{army.id} to {dest}", 1, problems)
    assert order is not None and not problems
    before = s.model_dump()
    t = movement.after_moves(rs.content, s, "Prussia", [order])
    assert s.model_dump() == before  # the state checked against is untouched
    assert t.units[army.id].area == dest and s.units[army.id].area == army.area
    assert army.id in t.acted and army.id not in s.acted and len(t.moves) > len(s.moves)
    other = next(k for k in s.units if k != army.id)
    assert t.units[other] is s.units[other]  # shared, not copied


def test_checking_every_action_envelope_of_a_game_leaves_the_state_untouched(tmp_path):
    """The what-if states of order checking (moves, sea moves, cards) share what they do
    not change: checking each accepted action envelope of the 1757 demo (fleets sail,
    armies land) changes nothing in the state it was checked against."""
    from pbem import envelope
    from pbem.demo import run_demo
    from pbem.ruleset import check_orders
    from pbem.service import Game

    run_demo(tmp_path, "soldier-kings", "1757", echo=lambda s: None, master=bytes(32))
    checked = 0
    with Game(tmp_path / "game.pbem") as g:
        for seq, e in list(g.log.events()):
            if e.type != "orders_accepted" or "action" not in e.phase:
                continue
            st = g.state(upto=seq - 1)
            before = st.rules.model_dump()
            orders = envelope.parse(e.envelope).orders
            assert check_orders(st.ruleset, st.rules, e.power, e.phase, orders)[1] == []
            assert st.rules.model_dump() == before, (seq, e.power)
            checked += 1
    assert checked >= 10
