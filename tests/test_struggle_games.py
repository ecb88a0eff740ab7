"""Struggle of Empires played to the end of the third war by scripted players through
signed envelopes (pbem demo), verified; and unrest kept face down in what each player
is shown (SoE Unrest)."""

from __future__ import annotations

import pytest
from demokit import demo_with, of_type

from pbem import ruleset as registry
from pbem.demo import run_demo
from pbem.log import EventLog
from pbem.service import Game
from pbem.verify import verify


def _play(where, scenario: str):
    return run_demo(
        where, "struggle-of-empires", scenario, echo=lambda s: None, master=bytes(32),
        reports_too=False,
    )  # fmt: skip


@pytest.fixture(scope="module")
def game_2p(tmp_path_factory):
    """One 2-player game for the tests that only read it, one in which Unrest is taken
    (demokit: the first such game over the master secrets)."""
    return demo_with(
        tmp_path_factory.mktemp("soe2p"), "struggle-of-empires", "2p", of_type("soe.unrest")
    )


@pytest.mark.parametrize("scenario", ["2p", "5p", "7p"])
def test_game_to_the_end_verifies(tmp_path, game_2p, scenario):
    path = game_2p if scenario == "2p" else _play(tmp_path, scenario)
    rep = verify(path)
    assert rep.ok, rep.text()
    with Game(path) as game:
        s = game.state().rules
    assert s.stage == "over" and s.war == 3
    assert set(s.final) == set(s.seats) and s.result
    with EventLog(path) as log:
        types = {r.type for r in log.rows()}
    # every phase of the war sequence happened
    for t in ("soe.auction_won", "soe.combat", "soe.moved", "soe.vp", "soe.war_ended"):
        assert t in types, t


def test_unrest_is_face_down_until_the_end(game_2p):
    path = game_2p
    rs = registry.get("struggle-of-empires")
    with Game(path) as game, EventLog(path) as log:
        rows = list(log.rows())
        seen_unrest = 0
        for r in rows[::40]:
            s = game.state(r.seq).rules
            if not s.seats:
                continue
            for p in s.seats:
                view = rs.view(s, p)
                for q, row in view["powers"].items():
                    assert ("unrest" in row) == (q == p or s.stage == "over"), (r.seq, p, q)
        before = game.state(rows[0].seq).rules
        for r in rows:
            e = r.event()
            if e.type == "soe.unrest":
                seen_unrest += 1
                for p in ("Britain", "France"):
                    assert rs.visible(before, e, p) == (e.power == p)
        final = game.state().rules
        assert all("unrest" in row for row in rs.view(final, "Britain")["powers"].values())
    assert seen_unrest > 0


def test_reports_say_every_event_and_keep_unrest_face_down(game_2p):
    """Every Struggle of Empires event has its sentence in the reports; a mid-game report
    shows the player's own Unrest and not the others' (SoE Unrest), in its tables and in
    its text; the HTML report draws the map."""
    from pbem.reports import render
    from pbem.rulesets.struggle import events as E
    from pbem.rulesets.struggle.sentences import SENTENCES, describe

    unsaid = [cls.__name__ for cls in E.EVENTS if cls not in SENTENCES]
    assert not unsaid, unsaid
    path = game_2p
    rs = registry.get("struggle-of-empires")
    with Game(path) as game, EventLog(path) as log:
        rows = list(log.rows())
        mid = rows[len(rows) // 2].seq
        s = game.state(mid).rules
        assert s.stage in ("actions", "auction")
        sections = {x.title: x for x in rs.report_sections(s, "Britain")}
        powers = {row[0]: row for row in sections["The powers"].rows}
        assert powers["Britain"][5] == str(s.powers["Britain"].unrest)
        assert powers["France"][5] == "hidden"
        r = render(game, "Britain", 1, mid)
        assert "hidden" in r.text and "<svg" in r.html
        for row in rows:
            e = row.event()
            if e.type.startswith("soe."):
                said = describe(e)
                assert said is not None, e.type
    view = rs.map_view(s, "Britain")
    assert view is not None and {a.name for a in view.areas} == {a.name for a in rs.content.areas}


def test_scenario_text_gives_powers_length_and_set_up():
    """`pbem games struggle-of-empires --scenario ID` (SoE Setting Up, War Sequence, 3.)."""
    from pbem import ruleset as registry

    rs = registry.get("struggle-of-empires")
    five = rs.scenario_text("5p")
    assert five.startswith("Struggle of Empires, 5 players: Britain (red), France (blue)")
    assert "3 wars (SoE War Sequence); in each, 5 rounds of 2 actions" in five
    assert "10 gold and starts at Population 5" in five and "21 control tokens" in five
    assert "6 rounds of 2 actions" in rs.scenario_text("4p")


def test_map_text_lists_every_area():
    """`pbem games struggle-of-empires --map` (SoE The Map, Victory Points, Attack)."""
    from pbem import ruleset as registry

    rs = registry.get("struggle-of-empires")
    text = rs.map_text("4p")
    assert text == rs.map_text(None)  # one map for every number of players
    lines = text.splitlines()
    assert sum(line.startswith("  ") for line in lines) == len(rs.content.areas) == 18
    german = next(line for line in lines if line.startswith("  German States:"))
    # SoE Examples of Play, Victory Points: 8, 5, 3; SoE Naval Movement: no navy
    assert "European area; VP 8/5/3; armies only (no navy may enter)" in german
    assert "Britain" in german  # SoE Army Movement
    assert "an attack here has its naval combat in Mediterranean" in text  # the Ottoman Empire
    assert "  Britain: home country; no VP;" in text
