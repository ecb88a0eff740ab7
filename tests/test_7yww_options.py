"""Seven Years World War with the optional rules 23-25 on (legions, minor power recruiting,
increasing taxes): the scripted players raise taxes and try legions; the game is played
to the end and verifies."""

from __future__ import annotations

import pytest

from pbem.demo import run_demo
from pbem.log import EventLog
from pbem.service import Game
from pbem.verify import verify

OPTIONS = {"legions": True, "minor-recruiting": True, "increasing-taxes": True}


@pytest.fixture(scope="module")
def game_options(tmp_path_factory):
    return run_demo(
        tmp_path_factory.mktemp("sywopt"), "seven-years-world-war", "2-european",
        echo=lambda s: None, master=bytes(32), reports_too=False, options=OPTIONS,
    )  # fmt: skip


def test_the_options_game_is_played_to_the_end_and_verifies(game_options):
    rep = verify(game_options)
    assert rep.ok, rep.text()
    with Game(game_options) as game:
        s = game.state().rules
    assert s.stage == "over" and sorted(s.options) == sorted(OPTIONS)
    with EventLog(game_options) as log:
        types = {r.type for r in log.rows()}
    assert "syw.taxes_raised" in types  # 7YWW 25.1
    assert "syw.legion_attempt" in types  # 7YWW 23.1
