"""The state snapshot kept in the game file (issue 20): a command folds only the events
after it, and the state is the same as a fold from event 1; a snapshot that does not
match the log, or was written by other software, is ignored."""

import sqlite3

import pytest

from pbem import ruleset as registry
from pbem import snapshot
from pbem.demo import run_demo
from pbem.service import Game
from pbem.state import GameState, fold


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    d = tmp_path_factory.mktemp("snap")
    run_demo(d, "soldier-kings", "1757", echo=lambda s: None, master=bytes(32))
    return d / "game.pbem"


def _fold(g: Game, start: GameState, first: int, stop: int | None = None) -> GameState:
    for row in g.log.rows(first, stop):
        fold(start, row.seq, row.event(), registry.get)
        start.head = row.hash
    return start


def _same(a: GameState, b: GameState) -> None:
    assert snapshot.dump(a) == snapshot.dump(b)
    assert a.rules.model_dump() == b.rules.model_dump()


def test_a_snapshot_at_any_point_folds_on_to_the_same_state(played):
    with Game(played) as g:
        whole = _fold(g, GameState(), 1)
        n = whole.seq
        for at in range(1, n, max(1, n // 12)):
            part = _fold(g, GameState(), 1, at)
            again = snapshot.load(snapshot.dump(part), registry.get)
            _same(again, part)
            _same(_fold(g, again, at + 1), whole)


def test_a_new_game_object_folds_only_after_the_snapshot(played, monkeypatch):
    with Game(played) as g:
        at = g.state().seq - 7
        snapshot.write(g.log.conn, _fold(g, GameState(), 1, at))
    starts = []
    real = Game._fold_rows

    def spy(self, state, start, stop=None):
        starts.append(start)
        return real(self, state, start, stop)

    monkeypatch.setattr(Game, "_fold_rows", spy)
    with Game(played) as g:
        st = g.state()
    assert starts == [at + 1]
    with Game(played) as g:
        _same(st, _fold(g, GameState(), 1))


def test_a_snapshot_that_does_not_match_is_ignored(played, monkeypatch):
    with Game(played) as g:
        at = g.state().seq - 3
        snapshot.write(g.log.conn, _fold(g, GameState(), 1, at))
    con = sqlite3.connect(played)
    con.execute("UPDATE state_snapshot SET hash = ?", ("0" * 64,))  # not the log's event
    con.commit()
    starts = []
    real = Game._fold_rows
    monkeypatch.setattr(
        Game, "_fold_rows", lambda self, s, a, b=None: starts.append(a) or real(self, s, a, b)
    )
    with Game(played) as g:
        g.state()
    assert starts == [1]
    with Game(played) as g:
        snapshot.write(g.log.conn, _fold(g, GameState(), 1, at))
    con.execute("UPDATE state_snapshot SET format = 'pbem 0.0.1; other'")  # other software
    con.commit()
    con.close()
    starts.clear()
    with Game(played) as g:
        g.state()
    assert starts == [1]
