"""Report sentences a referee's trial of the World at War campaign found wanting: a
coastal battle nobody intercepted said "intercepting fires first" (SK 11.0, 11.2); an
envelope without place lines read as "no valid orders" (SK 6.2); Victory Phase lines
gave no automatic victory score (SK 20.33); the game-over line gave only the winners'
scores."""

from __future__ import annotations

import pytest

from pbem import ruleset as registry
from pbem.rulesets.soldier.events import PiecesPlaced
from pbem.rulesets.soldier.navy import NavalBattleBegan, WindGauge
from pbem.rulesets.soldier.phases import GameOver
from pbem.rulesets.soldier.report.sentences import describe
from pbem.rulesets.soldier.winter import VictoryPoints


@pytest.fixture(scope="module")
def sk():
    return registry.get("soldier-kings")


def _state(rs, scenario: str, **fields):
    s = rs.new_state(scenario, {})
    s.scenario = scenario
    for k, v in fields.items():
        setattr(s, k, v)
    return s


def test_a_coastal_battle_says_nobody_intercepted_and_who_fires_first(sk):
    c = sk.content
    began = NavalBattleBegan(
        area="Gascony", how="coastal", intercepting={"Britain": []}, intercepted={"France": []},
        leaders={}, fortification={},
    )  # fmt: skip
    said = describe(c, began, None)
    assert "nobody intercepting, SK 11.0" in said and "(coastal)" not in said
    gauge = WindGauge(area="Gascony", intercepting=5, intercepted=3, first="intercepting")
    said = describe(c, gauge, None)
    assert "intercepting" not in said  # SK 11.2: the wind gauge, whoever intercepted or not
    assert "the first side 5, the second 3: the first side fires first in round 1" in said
    tie = describe(c, gauge.model_copy(update={"first": None}), None)
    assert "both fire at once" in tie


def test_a_placement_without_place_lines_is_not_called_invalid(sk):
    c = sk.content
    e = PiecesPlaced(power="France", placements={"Paris": []}, defaulted=True)
    buying = _state(sk, "world-at-war-4", stage="purchase")
    said = describe(c, e, buying)
    assert "no valid orders" not in said
    assert "(no place lines for them: the default placement)" in said
    setting_up = _state(sk, "world-at-war-4", stage="setup")
    assert "no set-up orders that could be carried out" in describe(c, e, setting_up)


def test_world_at_war_victory_points_name_the_automatic_victory_score(sk):
    c = sk.content
    e = VictoryPoints(power="France", points=14, gained={"Flanders": 3}, lost={})
    said = describe(c, e, _state(sk, "world-at-war-4"))
    need = {a.power: a.points for a in c.tables.automatic_victory}["France"]
    assert f"France: 14 victory points of the {need} an automatic victory needs (SK 20.33)" in said
    one_year = describe(c, e, _state(sk, "1756"))  # SK 20.32: the highest total wins
    assert "automatic" not in one_year and "France: 14 victory points" in one_year


def test_the_game_over_line_gives_every_powers_final_score(sk):
    c = sk.content
    majors = ["Austria", "Britain", "France", "Prussia"]
    points = {"Austria": 20, "Britain": 7, "France": 31, "Prussia": 12}
    s = _state(sk, "world-at-war-4", majors=majors, victory_points=points)
    said = describe(c, GameOver(result="France wins"), s)
    need = {a.power: a.points for a in c.tables.automatic_victory}
    assert said == "Final victory points: " + ", ".join(
        f"{p} {points[p]} of {need[p]}" for p in majors
    ) + "."  # fmt: skip
    s1756 = _state(sk, "1756", majors=["Austria", "Prussia"], victory_points={"Austria": 5})
    assert describe(c, GameOver(result="x"), s1756) == "Final victory points: Austria 5, Prussia 0."


def test_a_battle_names_the_leaders_of_each_side(sk):
    """SK 13.1, 13.4: the generals (land) and admirals (sea) with each side."""
    from pbem.rulesets.soldier.combat_results import BattleBegan
    from pbem.rulesets.soldier.state import Counter, LeaderPiece

    s = _state(sk, "1756", majors=["Austria", "Prussia"])
    s.units["Pr-A1"] = Counter(id="Pr-A1", country="Prussia", type="army", full=(4, 4),
                               reduced=(2, 2), status="map", area="Saxony")  # fmt: skip
    s.units["Au-A1"] = Counter(id="Au-A1", country="Austria", type="army", full=(3, 3),
                               reduced=(2, 2), status="map", area="Saxony")  # fmt: skip
    for name, country, role, rating in [
        ("Frederick II", "Prussia", "general", 3),
        ("Keith", "Prussia", "general", 2),
        ("Daun", "Austria", "general", 2),
        ("Hawke", "Britain", "admiral", 2),
    ]:
        s.leaders[name] = LeaderPiece(name=name, country=country, role=role, rating=rating,
                                      status="map", area="Saxony")  # fmt: skip
    e = BattleBegan(area="Saxony", level="Assault", rounds=1, attackers={"Prussia": ["Pr-A1"]},
                    defenders={"Austria": ["Au-A1"]}, mountain=False, fortification=0)  # fmt: skip
    said = describe(sk.content, e, s)
    assert "Prussia with " in said and " under Frederick II (3) and Keith (2) attack " in said
    assert said.endswith(" under Daun (2).") and "Hawke" not in said
    began = NavalBattleBegan(
        area="Channel", how="interception", intercepting={"Britain": []},
        intercepted={"France": []}, leaders={"intercepting": ["Hawke"], "intercepted": []},
        fortification={},
    )  # fmt: skip
    assert "Britain with none under Hawke (2) against France" in describe(sk.content, began, s)


def test_lent_and_provincial_units_are_marked_in_the_lists(sk):
    """SK 19.5: a unit lent to an ally says whose it is in the receiver's lists; SK 19.4:
    the provincial army is marked, in the set-up list too."""
    from pbem.rulesets.soldier.report import position
    from pbem.rulesets.soldier.state import Counter

    s = _state(sk, "1756", majors=["Austria", "Britain", "Prussia"], stage="purchase")
    s.units["Au-A3"] = Counter(id="Au-A3", country="Austria", type="army", full=(3, 3),
                               reduced=(2, 2), status="map", area="Saxony",
                               hired_by="Prussia")  # fmt: skip
    s.units["Br-A9"] = Counter(id="Br-A9", country="Britain", type="army", full=(2, 2),
                               reduced=(1, 1), status="setup", provincial=True)  # fmt: skip
    forces = [row for sec in position.sections(sk.content, s, "Prussia") for row in sec.rows]
    assert ("Saxony", "Au-A3 (3-3, lent by Austria)", "-") in forces
    placing = [row for sec in position.sections(sk.content, s, "Britain") for row in sec.rows]
    assert ("set-up", "Br-A9 (2-2, provincial)") in placing


def test_a_cards_when_says_its_texts_timing_then_the_orders_that_play_it(sk):
    """SK 5.1, 19.1: Sepoys may be played any time (its text: 'at once place'); the hand
    said the raw timing ('card played', 'alliance attempt'); now as the texts say it."""
    from pbem.rulesets.soldier.report.position import card_when

    sepoys = sk.content.card("Sepoys")
    assert card_when(sepoys) == "any time (SK 5.1)"
    assert card_when(sk.content.card("Diplomatic Intrigue")) == "when another card is played"
    assert card_when(sk.content.card("Militia Levy")) == "in the Purchase Phase"
    s = _state(sk, "world-at-war-4", majors=["Britain"], players={"Britain": ["Britain"]},
               hands={"Britain": ["Sepoys"]}, stage="purchase")  # fmt: skip
    hand = next(x for x in position_sections(sk, s, "Britain") if x.title == "Your hand")
    assert hand.rows == (("Sepoys", card_when(sepoys), sepoys.text),)


def position_sections(rs, s, power):
    from pbem.rulesets.soldier.report import position

    return position.sections(rs.content, s, power)


def test_an_areas_hover_text_names_its_home_power_once_when_it_controls_it(sk):
    """The World at War report's HTML is near its budget (Gmail clips at 102 KB): an area
    controlled by its home power says so in one phrase."""
    from pbem.rulesets.soldier.report import map_view

    s = _state(sk, "1756", majors=["Austria", "Prussia"], stage="purchase",
               control={"Wien": "Austria", "Silesia": "Austria"})  # fmt: skip
    titles = {a.name: a.title for a in map_view(sk.content, s, "Austria").areas}
    assert titles["Wien"].startswith("Wien: controlled by Austria, its home area, Resources ")
    assert titles["Silesia"].startswith(
        "Silesia: controlled by Austria, home area of Prussia, Resources "
    )
