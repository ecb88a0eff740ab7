"""`pbem status` from the cached text: the same words as a replay, never stale, and
without loading the rules (pbem.statuscache)."""

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from gamekit import new_game

import pbem
from pbem import statuscache

SUPPORT = str(Path(__file__).parent / "support")


def replayed(path) -> str:
    from pbem.service import Game

    with Game(path) as g:
        return g.status().text()


def test_cache_is_written_at_the_head_and_read_back(tmp_path):
    kit = new_game(tmp_path)
    with kit.game() as g:
        text = g.status().text()
    assert statuscache.read(kit.path) == text


def test_an_append_makes_the_cache_stale_until_the_next_status(tmp_path):
    kit = new_game(tmp_path)
    with kit.game() as g:
        before = g.status().text()
        kit.play_phase(g)  # appends orders and a resolution
    cached = statuscache.read(kit.path)
    assert cached is None or cached != before  # never the text of an older head
    now = replayed(kit.path)
    assert now != before
    assert statuscache.read(kit.path) == now


def test_a_game_closed_after_an_append_leaves_the_cache_at_the_new_head(tmp_path):
    # submit, ingest, advance and the referee's commands close the game this way: the
    # next `pbem status` reads the cache and replays nothing
    kit = new_game(tmp_path)
    with kit.game() as g:
        kit.play_phase(g)
        head = g.log.head()
    conn = sqlite3.connect(kit.path)
    row = conn.execute(f"SELECT seq, hash FROM {statuscache.TABLE}").fetchone()
    conn.close()
    assert row == head
    cached = statuscache.read(kit.path)
    assert cached is not None and cached == replayed(kit.path)


def test_a_game_left_by_an_exception_writes_no_status(tmp_path):
    kit = new_game(tmp_path)
    with kit.game() as g:
        g.status()
    try:
        with kit.game() as g:
            kit.play_phase(g)
            raise RuntimeError("the command failed after its appends")
    except RuntimeError:
        pass
    assert statuscache.read(kit.path) is None  # the next status replays


def test_a_referee_command_leaves_the_cache_at_the_new_head(tmp_path):
    from click.testing import CliRunner

    from pbem.cli import main

    kit = new_game(tmp_path)
    with kit.game() as g:
        g.status()
        before = g.log.head()
    got = CliRunner().invoke(main, ["referee", "pause", str(kit.path), "--reason", "a move"])
    assert got.exit_code == 0, got.output
    with kit.game() as g:
        assert g.log.head() != before
    cached = statuscache.read(kit.path)
    assert cached is not None and "paused" in cached.lower()
    assert cached == replayed(kit.path)


def test_a_row_naming_another_head_is_ignored(tmp_path):
    kit = new_game(tmp_path)
    with kit.game() as g:
        g.status()
    conn = sqlite3.connect(kit.path)
    conn.execute(f"UPDATE {statuscache.TABLE} SET text = 'forged', hash = 'x' || substr(hash, 2)")
    conn.commit()
    conn.close()
    assert statuscache.read(kit.path) is None
    conn = sqlite3.connect(kit.path)
    conn.execute(f"UPDATE {statuscache.TABLE} SET format = 'pbem 0.0.1; status 1'")
    conn.commit()
    conn.close()
    assert statuscache.read(kit.path) is None


def test_an_older_file_without_the_table_reads_as_a_miss(tmp_path):
    kit = new_game(tmp_path)
    conn = sqlite3.connect(kit.path)
    conn.execute(f"DROP TABLE IF EXISTS {statuscache.TABLE}")
    conn.commit()
    conn.close()
    assert statuscache.read(kit.path) is None
    assert statuscache.read(tmp_path / "no-such.pbem") is None


def test_status_command_loads_no_rules_when_cached(tmp_path):
    kit = new_game(tmp_path)
    env = {
        **os.environ,
        # the pbem this suite imports (a worktree's, say), and the mini ruleset
        "PYTHONPATH": os.pathsep.join([str(Path(pbem.__file__).parents[1]), SUPPORT]),
        "PBEM_RULESETS": "mini=mini_ruleset:MiniRuleset",
    }
    code = (
        "import sys; from pbem.cli import main\n"
        "try:\n    main(['status', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
        "bad = sorted(m for m in sys.modules if m.startswith(('pbem.service', 'pbem.events',"
        " 'pbem.rulesets', 'mini_ruleset', 'pydantic', 'sqlite_utils')))\n"
        "print('LOADED', bad)\n"
    )
    first = subprocess.run(
        [sys.executable, "-c", code, str(kit.path)], env=env, capture_output=True, text=True
    )
    second = subprocess.run(
        [sys.executable, "-c", code, str(kit.path)], env=env, capture_output=True, text=True
    )
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    text = replayed(kit.path)
    assert first.stdout.split("LOADED")[0].strip() == text
    assert second.stdout.split("LOADED")[0].strip() == text
    assert "LOADED []" in second.stdout, second.stdout
