"""Soldier Kings' optional rules as game options (issue 15): what `pbem new --option`
records, where a referee and a player see it, and what it refuses."""

from __future__ import annotations

import pytest

from pbem import keys
from pbem import ruleset as registry
from pbem.errors import UsageError
from pbem.reports import render
from pbem.rulesets.soldier_kings.options import SWITCHES
from pbem.service import Game, PlayerSpec

POWERS = ("Britain", "France", "Prussia", "Austria")


def _players():
    return [PlayerSpec(p, f"{p.lower()}@x.org", keys.generate()[1], p) for p in POWERS]


def test_every_switch_is_offered_and_all_switches_every_one():
    rs = registry.get("soldier-kings")
    offered = rs.options()
    assert set(SWITCHES) <= set(offered) and "all" in offered
    assert rs.switches({"all": True}) == tuple(sorted(SWITCHES))
    assert rs.switches({"war-loans": True, "hanover": False, "end": 1760}) == ("war-loans",)
    with_end = rs.switches({"all": True, "end": 1757})
    assert "random-end" not in with_end and len(with_end) == len(SWITCHES) - 1


def test_options_are_recorded_and_shown(tmp_path):
    game = Game.create(
        tmp_path / "g.pbem",
        "soldier-kings",
        "world-at-war-4",
        _players(),
        options={"war-loans": True, "yellow-fever": True},
    )
    try:
        st = game.state()
        assert st.rules.options == ["war-loans", "yellow-fever"]
        assert "options: war-loans, yellow-fever" in game.status().text()
        report = render(game, "Britain", 1, st.seq)
        assert "Options: war-loans, yellow-fever" in report.text
        assert "war-loans, yellow-fever" in report.html
    finally:
        game.close()


def test_a_game_without_options_records_none(tmp_path):
    game = Game.create(tmp_path / "g.pbem", "soldier-kings", "world-at-war-4", _players())
    try:
        assert game.state().rules.options == []
        assert "options:" not in game.status().text()
    finally:
        game.close()


@pytest.mark.parametrize(
    ("scenario", "options", "message"),
    [
        ("world-at-war-4", {"war-loan": True}, "did you mean 'war-loans'"),
        ("world-at-war-4", {"random-end": True, "end": 1760}, "give one of them"),
        ("1756", {"random-end": True}, "only World at War"),
    ],
)
def test_bad_options_are_refused(tmp_path, scenario, options, message):
    powers = ("Austria", "Prussia") if scenario == "1756" else POWERS
    players = [PlayerSpec(p, f"{p.lower()}@x.org", keys.generate()[1], p) for p in powers]
    with pytest.raises(UsageError, match=message):
        Game.create(tmp_path / "g.pbem", "soldier-kings", scenario, players, options=options)
    assert not (tmp_path / "g.pbem").exists()
