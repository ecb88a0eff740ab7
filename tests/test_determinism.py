"""Same inputs, same log; same log, same state and same output, byte for byte."""

import sqlite3

from click.testing import CliRunner
from gamekit import new_game, play_to_end

from pbem.cli import main
from pbem.reports import render
from pbem.service import Game


def _dump(path):
    return sqlite3.connect(path).execute("SELECT * FROM events ORDER BY seq").fetchall()


def test_same_inputs_same_log(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, b = new_game(tmp_path / "a"), new_game(tmp_path / "b")
    play_to_end(a)
    play_to_end(b)
    assert _dump(a.path) == _dump(b.path)


def test_same_log_same_outputs(tmp_path):
    kit = new_game(tmp_path)
    play_to_end(kit)
    runner = CliRunner()
    outs = []
    for _ in range(2):
        run = [
            runner.invoke(main, args)
            for args in (
                ["replay", str(kit.path), "--json"],
                ["replay", str(kit.path), "--at", "t2-muster", "--json", "--power", "Red"],
                ["log", str(kit.path), "--json"],
                ["status", str(kit.path)],
                ["verify", str(kit.path)],
            )
        ]
        assert all(r.exit_code == 0 for r in run), [r.output for r in run]
        with Game(kit.path) as g:
            reports = [
                (r.text, r.html) for r in (render(g, p, 1, g.state().seq) for p in ("Red", "Blue"))
            ]
        outs.append([r.output for r in run] + reports)
    assert outs[0] == outs[1]


def test_reports_hide_what_a_power_may_not_see(tmp_path):
    kit = new_game(tmp_path)
    play_to_end(kit)
    with Game(kit.path) as g:
        st = g.state()
        cards = {}
        for _, e in g.log.events():
            if e.type == "mini.card_dealt":
                cards[e.power] = e.card
        first_checkpoint = next(seq for seq, e in g.log.events() if e.type == "checkpoint_signed")
        red = render(g, "Red", 1, first_checkpoint).text
        assert f'power="Red", card="{cards["Red"]}"' in red
        assert 'power="Blue", card=' not in red
        assert "deal the cards" not in red  # hidden draws are never shown
        assert st.ended is not None
