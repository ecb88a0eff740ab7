"""Scenario #1 (1756) from set-up to the Winter Victory Phase through signed envelopes."""

import pytest
from skkit import SKGame, play

from pbem.verify import verify


def test_scenario_1_played_by_signed_orders(tmp_path):
    g = SKGame(tmp_path, "1756")
    phases = play(g)
    # the whole one-year sequence of play (SK 4.1, 4.2, One-Year rules)
    assert phases[:2] == ["1756-spring-setup-1", "1756-spring-setup-2"]
    for season in ("spring", "summer", "fall"):
        for name in ("purchase", "initiative", "peace"):
            assert f"1756-{season}-{name}" in phases
        assert (
            f"1756-{season}-action-prussia" in phases and f"1756-{season}-action-austria" in phases
        )
    assert phases[-3:] == [
        "1756-winter-attrition",
        "1756-winter-maintenance",
        "1756-winter-victory",
    ]
    s = g.state
    assert s.stage == "over" and s.result.startswith(
        ("Prussia wins", "Austria wins", "Austria & Prussia share")
    )
    types = {e.type for _, e in g.game.log.events()}
    assert {"sk.group_moved", "sk.units_bought", "sk.initiative_set", "sk.victory_points"} <= types
    assert {"sk.battle_began", "sk.siege_round"} & types
    rep = verify(g.path)
    assert rep.ok, rep.text()
    assert rep.hidden_unchecked == 0 and rep.resolutions == len(phases) + 1


@pytest.mark.parametrize("scenario", ["1757", "1758", "1759", "1760", "1761", "1762"])
def test_every_scenario_plays_to_its_victory_phase(tmp_path, scenario):
    g = SKGame(tmp_path, scenario)
    phases = play(g, scenario=scenario)
    assert phases[-1].endswith("winter-victory") and g.state.stage == "over"
    assert g.state.result
    types = [e.type for _, e in g.game.log.events()]
    assert "sk.subsidy_given" in types  # every one of these scenarios has Britain's subsidy
    if scenario == "1757":  # Scenario #2: no Russian unit moves before Turn 6 (Summer 1757)
        phase, russian_moves = "", []
        for _, e in g.game.log.events():
            if e.type == "phase_resolved":
                phase = e.phase
            elif e.type == "sk.group_moved" and e.power == "Russia":
                russian_moves.append(phase)
        assert not [p for p in russian_moves if p.startswith("1757-spring")]
    rep = verify(g.path)
    assert rep.ok, rep.text()


def test_a_power_that_sends_nothing_gets_the_defaults_and_the_game_ends(tmp_path):
    g = SKGame(tmp_path, "1756")
    play(g, silent={"Austria"})
    s = g.state
    assert s.stage == "over"
    defaulted = [e for _, e in g.game.log.events() if e.type == "phase_resolved" and e.defaulted]
    assert defaulted and all(e.defaulted == ["Austria"] for e in defaulted)
    placed = [
        e for _, e in g.game.log.events() if e.type == "sk.pieces_placed" and e.power == "Austria"
    ]
    assert placed and placed[0].defaulted
    assert verify(g.path).ok
