"""Soldier Kings winter: attrition (SK 20.1, 20.2), maintenance (SK 6.5, 7.5, 18.2) and
victory (SK 20.31, 20.32), with the standing orders `unsupported` and `unpaid`."""

import pytest
from skkit import SKGame

from pbem.dice import ScriptedDice
from pbem.resolution import Resolution
from pbem.rulesets.soldier import economy, winter  # noqa: F401  (register the stages)
from pbem.rulesets.soldier.winter import result_text, support_limits, victory_points
from pbem.verify import verify

LATER = "2026-03-02T00:00:00Z"


@pytest.fixture(scope="module")
def rs():
    from pbem import ruleset as registry

    return registry.get("soldier-kings")


def results(g: SKGame, kind: str) -> list:
    return [e for _, e in g.game.log.events() if e.type == kind]


def start(rs, scenario="1756", n=21, **fields):
    ctx = Resolution(rs, rs.new_state(scenario, {}), ScriptedDice([0] * n))
    rs.setup(ctx, scenario, {})
    s = ctx.state
    for k, v in fields.items():
        setattr(s, k, v)
    return s


def put(s, area, *uids, reduced=()):
    for uid in uids:
        u = s.units[uid]
        u.status, u.area, u.is_reduced = "map", area, uid in reduced
    return s


def resolve(rs, s, standing=None):
    """One resolution of the stage `s` is at, with standing orders given as text."""
    parsed = {}
    for power, text in (standing or {}).items():
        from pbem.ruleset import STANDING, OrderLine

        lines = [OrderLine(i, t) for i, t in enumerate(text.splitlines(), 1)]
        p = rs.parse(s, power, STANDING, lines)
        assert not p.problems, p.problems
        parsed[power] = p.orders
    step = rs.step(s)
    ctx = Resolution(rs, s, ScriptedDice([]))
    rs.resolve(ctx, step, {}, parsed)
    return ctx


# --- standing orders through signed envelopes ------------------------------------------


@pytest.mark.parametrize(
    "power,orders,fragment,line,suggestion",
    [
        ("Prussia", "unsuported Pr-A1", "'unsuported' is not a standing order", 7, "unsupported"),
        ("Prussia", "unpiad Pr-A1", "'unpiad' is not a standing order", 7, "unpaid"),
        ("Prussia", "# first\nunpaid Pr-A99", "no counter or leader 'Pr-A99'", 8, "Pr-A9"),
        ("Prussia", "unsupported Au-A1", "Au-A1 is not one of Prussia's units", 7, None),
        ("Prussia", "unsupported Frederick II", "Frederick II is a leader", 7, None),
        ("Austria", "unsupported Au-F1", "Au-F1 is a fleet", 7, None),
        ("Austria", "unpaid Sx-A1", "minor allies maintain their own units (SK 18.2)", 7, None),
        ("Austria", "unpaid", "unpaid: name at least one unit", 7, None),
    ],
)
def test_bad_standing_orders_are_rejected(tmp_path, power, orders, fragment, line, suggestion):
    g = SKGame(tmp_path, "1756")
    r = g.submit(power, orders, phase="standing")
    assert r.status == "rejected", r.message()
    hits = [p for p in r.problems if fragment in p.message]
    assert hits, r.message()
    assert hits[0].line == line
    if suggestion:
        assert hits[0].suggestion == suggestion


def test_standing_orders_accepted(tmp_path):
    g = SKGame(tmp_path, "1756")
    r = g.submit("Prussia", "unsupported Pr-A6, Pr-A5\nunpaid: Pr-A6 Pr-A1", phase="standing")
    assert r.ok, r.message()
    r = g.submit("Austria", "unsupported Sx-A1\nunpaid Au-A3", phase="standing")
    assert r.ok, r.message()  # Austria commands Saxony's armies


def test_a_one_year_game_to_its_end(tmp_path):
    """Scenario #1 played by mail: Prussia buys two armies in Spring (SK 6.2), places them
    when they arrive in Fall (SK 6.3) and has a standing 'unpaid' order; in Winter it is
    short of Manpower for its eight armies, so four go unpaid, Pr-A1 first (SK 6.5); the
    Victory Phase ends the game (SK 20.32)."""
    g = SKGame(tmp_path, "1756")
    assert g.submit("Prussia", "unpaid Pr-A1", phase="standing").ok
    while g.state.stage == "setup":
        g.game.declare_deadline(now=LATER)
        g.game.advance(max_steps=1)
    assert g.submit("Prussia", "buy 2 armies").ok  # 14/12 -> 10/4
    while (g.state.turn, g.state.stage) != (3, "purchase"):
        g.game.declare_deadline(now=LATER)
        g.game.advance(max_steps=1)
    new = results(g, "sk.units_bought")[0].units
    assert g.submit("Prussia", f"place {', '.join(new)} in Berlin").ok
    while g.game.status().step is not None:
        g.game.declare_deadline(now=LATER)
        g.game.advance(max_steps=1)
    s = g.state
    assert s.stage == "over" and s.turn == 4
    (pr,) = [e for e in results(g, "sk.maintenance") if e.power == "Prussia"]
    assert pr.maintained == 4 and (pr.resources, pr.manpower) == (4, 4)
    assert len(pr.unpaid) == 4 and pr.unpaid[0] == "Pr-A1"
    assert s.units["Pr-A1"].is_reduced
    assert (s.treasury["Prussia"].resources, s.treasury["Prussia"].manpower) == (6, 0)
    assert {e.power for e in results(g, "sk.victory_points")} == {"Austria", "Prussia"}
    (ended,) = results(g, "game_ended")
    assert ended.summary == s.result == result_text(s)
    assert verify(g.path).ok


# --- attrition ---------------------------------------------------------------------------


def test_support_limits(rs):
    s = start(rs, stage="attrition", turn=4)
    c = rs.content
    assert support_limits(c, s, "Bohemia") == (3, 9)  # home area held by its owner: 3x
    s.control["Bohemia"] = "Prussia"
    assert support_limits(c, s, "Bohemia") == (3, 6)  # held by another: 2x
    assert support_limits(c, s, "Thuringia") == (1, 2)  # no home country: 2x
    assert support_limits(c, s, "Saxony") == (3, 9)  # Saxony, held by Saxony


def test_allied_armies_are_friendly_in_a_minor_allys_area(rs):
    """Austria's armies in Saxony (Austria's minor ally in Scenario #1) are friendly: the
    area supports 3 x 3 = 9 of them with Saxony's own, and none are enemy."""
    s = start(rs, stage="attrition", turn=4)
    put(s, "Saxony", "Au-A1", "Au-A2", "Au-A3", "Au-A4", "Au-A5", "Sx-A1", "Sx-A2")
    put(s, "Saxony", "Au-A6", "Au-A7", "Au-A8", reduced=("Au-A8",))
    ctx = resolve(rs, s, {"Austria": "unsupported Sx-A2"})
    (e,) = [x for x in ctx.events if x.type == "sk.attrition"]
    assert (e.enemy_armies, e.friendly_armies, e.friendly_limit) == (0, 10, 9)
    assert e.reduced == ["Sx-A2"] and e.eliminated == []


def test_enemy_and_friendly_attrition_in_one_area(rs):
    s = start(rs, stage="attrition", turn=4)
    s.control["Tyrol"] = "Austria"  # Resources 1: 1 enemy, 3 friendly
    put(s, "Tyrol", "Pr-A1", "Pr-A2", "Au-A1", "Au-A2", "Au-A3", "Au-A4", reduced=("Pr-A2",))
    ctx = resolve(rs, s)
    (e,) = [x for x in ctx.events if x.type == "sk.attrition"]
    assert e.reduced == ["Pr-A1", "Au-A4"] and e.eliminated == ["Pr-A2"]
    st = ctx.state
    assert st.units["Pr-A2"].status == "pool" and st.units["Pr-A2"].area is None
    assert st.stage == "maintenance"


def test_no_attrition_within_limits(rs):
    s = start(rs, stage="attrition", turn=4)
    put(s, "Wien", "Au-A1", "Au-A2", "Au-A3", "Au-A4", "Au-A5")
    ctx = resolve(rs, s)
    assert [e.type for e in ctx.events] == ["sk.stage_over"]


# --- maintenance ---------------------------------------------------------------------------


def test_maintenance_pays_for_units_on_the_map_only(rs):
    s = start(rs, stage="maintenance", turn=4)
    put(s, "Berlin", "Pr-A1", "Pr-A2")
    s.units["Pr-A7"].status, s.units["Pr-A7"].arrives = "track", 5  # not on the map
    ctx = resolve(rs, s)
    (pr,) = [e for e in ctx.events if e.type == "sk.maintenance"]
    assert (pr.power, pr.maintained, pr.resources, pr.manpower) == ("Prussia", 2, 2, 2)
    assert ctx.state.stage == "victory"


def test_unpaid_named_unit_not_on_the_map_is_passed_over(rs):
    s = start(rs, stage="maintenance", turn=4)
    s.treasury["Prussia"].resources = 1
    put(s, "Berlin", "Pr-A1", "Pr-A2")
    ctx = resolve(rs, s, {"Prussia": "unpaid Pr-A9, Pr-A1"})
    (pr,) = [e for e in ctx.events if e.type == "sk.maintenance"]
    assert pr.unpaid == ["Pr-A1"] and pr.maintained == 1
    assert ctx.state.treasury["Prussia"].resources == 0


# --- victory ---------------------------------------------------------------------------------


def test_victory_point_example(rs):
    """SK 20.31 example: 3 + 3 + 1 gained, 2 + 4 lost: net 1."""
    s = start(rs)
    s.control.update(
        {
            "Saxony": "Prussia",
            "Bohemia": "Prussia",
            "Warsawa": "Prussia",
            "Mecklenburg": "Sweden",
            "Silesia": "Austria",
        }
    )
    points, gained, lost = victory_points(rs.content, s, "Prussia")
    assert gained == {"Bohemia": 3, "Saxony": 3, "Warsawa": 1}
    assert lost == {"Mecklenburg": 2, "Silesia": 4}
    assert points == 1


def test_result_texts(rs):
    s = start(rs, "1757", 42)
    s.victory_points = {"Prussia": 5, "Britain": 2, "Austria": 3, "France": 1, "Russia": 0}
    assert result_text(s) == (
        "Prussia and Britain win, 7 to 4 (Prussia and Britain 7: Prussia 5, Britain 2; "
        "Austria, France and Russia 4: Austria 3, France 1, Russia 0)"
    )
    s = start(rs)
    s.victory_points = {"Prussia": 7, "Austria": 3}
    assert result_text(s) == "Prussia wins, 7 to 3 (Prussia 7; Austria 3)"
    s.victory_points = {"Prussia": -2, "Austria": -2}
    assert (
        result_text(s) == "Austria & Prussia share the victory, -2 to -2 (Austria -2; Prussia -2)"
    )


def test_victory_phase_before_the_last_turn_goes_on(rs):
    """Only the last turn's Victory Phase decides a one-year scenario (SK 20.32)."""
    s = start(rs, stage="victory", turn=4, last_turn=8)
    ctx = resolve(rs, s)
    assert ctx.state.stage == "purchase" and ctx.state.turn == 5
    assert not [e for e in ctx.events if e.type == "sk.game_over"]
