"""The war at sea (SK 10, 11, 12.6): what the rules cases cannot say (an empty table,
a cleared field), the pure helpers, and the scripted demo's naval action end to end.
The rulebook examples themselves are cases: tests/cases/soldier-kings/naval-*.toml."""

from __future__ import annotations

import pytest
from skkit import SKGame, play

from pbem import ruleset as registry
from pbem.case_paths import set_path
from pbem.dice import ScriptedDice
from pbem.resolution import Resolution
from pbem.ruleset import STANDING, OrderLine
from pbem.rulesets.soldier import naval_combat as nc
from pbem.rulesets.soldier import naval_orders, navy, retreats
from pbem.rulesets.soldier.state import SoldierState
from pbem.verify import verify


@pytest.fixture(scope="module")
def rs():
    return registry.get("soldier-kings")


@pytest.fixture(scope="module")
def base(rs) -> dict:
    """Scenario #2 after its set-up draws, as the naval cases start."""
    ctx = Resolution(rs, rs.new_state("1757", {}), ScriptedDice([0] * 42))
    rs.setup(ctx, "1757", {})
    return rs.dump_state(ctx.state)


def position(rs, base: dict, first: str, **where) -> SoldierState:
    """`first` acts now (turn 6); keyword 'Br_F1="North Sea"' puts a counter on the map."""
    data = {k: v for k, v in base.items()}
    data = rs.dump_state(rs.load_state(data))
    order = [
        first,
        *(p for p in ["Britain", "France", "Prussia", "Austria", "Russia"] if p != first),
    ]
    for k, v in {"stage": "action", "turn": 6, "initiative": order, "acting": 0}.items():
        set_path(data, k, v)
    for name, area in where.items():
        uid = name.replace("_", "-")
        kind = "leaders" if "-" not in uid else "units"
        set_path(data, f"{kind}.{uid}.status", "map")
        set_path(data, f"{kind}.{uid}.area", area)
    return rs.load_state(data)


def lines(text: str) -> list[OrderLine]:
    return [OrderLine(n, t) for n, t in enumerate(text.splitlines(), 1)]


def resolve(rs, s: SoldierState, orders: dict[str, str], dice: list):
    step = rs.step(s)
    parsed = {}
    for p, text in orders.items():
        got = rs.parse(s, p, step.phase, lines(text))
        assert not got.problems, got.problems
        assert not rs.validate(s, p, step.phase, got.orders)
        parsed[p] = got.orders
    for p in step.owes:
        parsed.setdefault(p, rs.default_orders(s, p, step.phase))
    dice_src = ScriptedDice(dice)
    ctx = Resolution(rs, s, dice_src)
    rs.resolve(ctx, step, parsed, {})
    assert not dice_src.remaining()
    return ctx


# --- movement costs (SK 10.2) ---------------------------------------------------------


def test_step_costs(rs):
    c = rs.content
    assert naval_orders.step_cost(c, "Eastern Atlantic", "Western Mediterranean") == 1
    assert naval_orders.step_cost(c, "Eastern Atlantic", "Gascony") == 1
    assert (
        naval_orders.step_cost(c, "Gibraltar", "Western Mediterranean") == 0
    )  # SK 1.0: any of its seas
    assert naval_orders.step_cost(c, "Gibraltar", "Eastern Atlantic") == 0
    assert "puts out to" in naval_orders.step_cost(c, "Gascony", "Western Mediterranean")
    assert "not a coastal area" in naval_orders.step_cost(c, "North Sea", "Westphalia")
    assert isinstance(naval_orders.step_cost(c, "Gascony", "Brittany"), str)  # never land to land


# --- blockades (SK 10.5, 10.53) ----------------------------------------------------------


def test_a_broken_blockade_is_gone(rs, base):
    s = position(rs, base, "France", Br_F1="Eastern Atlantic", Fr_F1="Gascony", Fr_F2="Gascony")
    s.blockades["Gascony"] = [{"sea": "Eastern Atlantic", "power": "Britain", "fleets": ["Br-F1"]}]
    assert navy.blockaded_from(s, "Gascony", "Eastern Atlantic", "France")
    assert not navy.blockaded_from(s, "Gascony", "Eastern Atlantic", "Britain")
    ctx = resolve(
        rs, s, {"France": "sail Fr-F1 Fr-F2 to Eastern Atlantic"},
        [1, 6, 6, 6, 1, 1, 1, 1, 1, 1],  # gauge 1 : 6; France 6 dice, 2 hits; Britain 2 dice
    )  # fmt: skip
    t = ctx.state
    assert t.units["Br-F1"].is_reduced and t.units["Br-F1"].area != "Gascony"  # SK 10.53
    assert t.blockades == {}
    assert t.units["Fr-F1"].area == "Eastern Atlantic"


def test_fleets_that_sail_away_end_their_blockade(rs, base):
    s = position(rs, base, "Britain", Br_F1="Eastern Atlantic")
    s.blockades["Gascony"] = [{"sea": "Eastern Atlantic", "power": "Britain", "fleets": ["Br-F1"]}]
    t = resolve(rs, s, {"Britain": "sail Br-F1 to North Sea"}, []).state
    assert t.blockades == {}


# --- transport (SK 10.6) ---------------------------------------------------------------------


def test_armies_aboard_an_eliminated_fleet_are_eliminated_and_carry_nothing(rs, base):
    s = position(
        rs, base, "France", Br_F1="Western Mediterranean", Hawke="Western Mediterranean",
        Fr_F8="Eastern Mediterranean", Fr_A11="Eastern Mediterranean",
    )  # fmt: skip
    s.units["Fr-A11"].carried_by = "Fr-F8"
    # interception 8 + 1 + 2; gauge 3 + 2 against 4: Britain first, 5 dice, two sixes; Hawke
    dice = [4, 4, 3, 4, 6, 6, 1, 1, 1, 1, 1]
    t = resolve(rs, s, {"France": "sail Fr-F8 with Fr-A11 to Western Mediterranean"}, dice).state
    assert t.units["Fr-A11"].status == "pool" and t.units["Fr-A11"].carried_by is None
    assert t.units["Fr-F8"].status == "pool"


def test_transported_armies_are_forgotten_after_the_last_action_phase(rs, base):
    s = position(rs, base, "Britain", Br_F1="Southern England", Br_A1="Southern England")
    s.acting = len(s.initiative) - 1  # Britain acts last this turn
    s.initiative = [*s.initiative[1:], "Britain"]
    t = resolve(rs, s, {"Britain": "sail Br-F1 with Br-A1 to North Sea"}, []).state
    assert t.units["Br-A1"].area == "North Sea" and t.units["Br-A1"].carried_by == "Br-F1"
    assert t.transported == [] and t.naval_moves == []  # SK 10.62: next turn it may sail on


# --- decisions ---------------------------------------------------------------------------------


def test_interception_conditions(rs, base):
    s = position(rs, base, "France")
    want = nc.wants_to_intercept
    assert want(s, [], "North Sea", "North Sea", ["France"], 1, 3, 3)  # default: not weaker
    assert not want(s, [], "North Sea", "North Sea", ["France"], 1, 2, 3)
    never = {"area": None, "against": None, "cond": "never", "n": 0}
    assert not want(s, [never], "North Sea", "North Sea", ["France"], 5, 9, 1)
    elsewhere = {"area": "Baltic Sea", "against": None, "cond": "never", "n": 0}
    assert want(s, [elsewhere], "North Sea", "North Sea", ["France"], 1, 3, 3)
    two = {"area": None, "against": "Austria", "cond": "if at least", "n": 2}  # France's ally
    assert not want(s, [two], "North Sea", "Hannover", ["France"], 1, 9, 1)
    assert want(s, [two], "North Sea", "Hannover", ["France"], 2, 0, 9)


def test_intercept_orders_parse(rs, base):
    s = position(rs, base, "France")
    got = rs.parse(
        s,
        "Britain",
        STANDING,
        lines("intercept in Western Mediterranean against France if at least 2 fleets\nintercept"),
    )
    assert not got.problems
    assert got.orders.of("intercept") == [
        {"area": "Western Mediterranean", "against": "France", "cond": "if at least", "n": 2},
        {"area": None, "against": None, "cond": "always", "n": 0},
    ]


def test_default_fleet_retreat_prefers_a_port_without_enemies(rs, base):
    s = position(rs, base, "France", Br_F5="Western Mediterranean", Fr_F3="Eastern Mediterranean")
    opts = navy.fleet_retreat_options(rs.content, s, "Br-F5")
    assert "Gibraltar" in opts and "Minorca" not in opts  # Minorca is French in 1757
    assert navy.choose_fleet_retreat(rs.content, s, "Britain", opts) == "Gibraltar"
    assert "Eastern Atlantic" not in navy.fleet_retreat_options(
        rs.content, s, "Br-F5", ["Eastern Atlantic"]
    )


# --- SK 9.5 by sea -----------------------------------------------------------------------------


def test_no_retreat_by_sea_from_a_blockaded_coast(rs, base):
    s = position(rs, base, "France", Br_A1="Hannover", Br_F1="Hannover", Fr_F3="North Sea")
    assert retreats.sea_retreat_areas(rs.content, s, "Hannover", "Britain", ["Br-A1"]) == [
        "North Sea"
    ]
    s.blockades["Hannover"] = [{"sea": "North Sea", "power": "France", "fleets": ["Fr-F3"]}]
    assert retreats.sea_retreat_areas(rs.content, s, "Hannover", "Britain", ["Br-A1"]) == []


def test_retreat_by_sea_needs_a_fleet_for_each_army(rs, base):
    s = position(rs, base, "France", Br_A1="Hannover", Br_A2="Hannover", Br_F1="North Sea")
    assert retreats.sea_retreat_areas(rs.content, s, "Hannover", "Britain", ["Br-A1"]) == [
        "North Sea"
    ]
    assert (
        retreats.sea_retreat_areas(rs.content, s, "Hannover", "Britain", ["Br-A1", "Br-A2"]) == []
    )
    s.units["Br-F1"].is_reduced = True  # SK 10.6: a reduced fleet, a reduced army only
    assert retreats.sea_retreat_areas(rs.content, s, "Hannover", "Britain", ["Br-A1"]) == []


# --- the scripted demo --------------------------------------------------------------------------


def test_the_demo_fights_at_sea_and_verifies(tmp_path):
    g = SKGame(tmp_path, "1757")
    play(g, scenario="1757")
    types = [e.type for _, e in g.game.log.events()]
    assert "sk.fleets_moved" in types and "sk.naval_battle_began" in types
    rep = verify(g.path)
    assert rep.ok, rep.text()
