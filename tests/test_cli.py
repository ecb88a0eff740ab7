import email
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import pbem
from pbem.cli import main

SUPPORT = str(Path(__file__).parent / "support")
CHECKOUT = str(Path(__file__).resolve().parents[1])  # the pbem under test, not the installed one
ENV = {
    "PYTHONPATH": os.pathsep.join([SUPPORT, CHECKOUT]),
    "PBEM_RULESETS": "mini=mini_ruleset:MiniRuleset",
    "PBEM_NOW": "2026-01-01T00:00:00Z",
}


def run(*args, ok=True, code=None):
    r = CliRunner().invoke(main, [str(a) for a in args], env=ENV)
    want = 0 if ok and code is None else code
    assert r.exit_code == want, f"exit {r.exit_code}\n{r.output}\n{r.exception!r}"
    return r.output


@pytest.mark.parametrize("cmd", [c for c in main.commands])
def test_every_command_has_help_with_an_example(cmd):
    out = run(cmd, "--help")
    assert "Example" in out, out


def test_a_game_through_the_cli(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # restored after: later tests start subprocesses here
    run("keygen", "red")
    run("keygen", "blue")
    assert run("keygen", "red", code=2)  # never overwrite a key
    out = run(
        "new",
        "g.pbem",
        "--ruleset",
        "mini",
        "--scenario",
        "duel",
        "--player",
        "Red=red@example.org,red.pub",
        "--player",
        "Blue=blue@example.org,blue.pub,Bea",
    )
    assert "created g.pbem (game id g)" in out and "Red: owes orders" in out
    game_line = re.search(r"'(Game: g [0-9a-f]{16})'", out).group(1)
    assert "waiting for: Joining" in out  # the set-up waits for the players' random values
    assert out.count("random value for the set-up") == 1  # the step's title said once
    cp = re.search(r"checkpoint: pbem-checkpoint g (\d+) ([0-9a-f]{64})", out)
    for power in ("Red", "Blue"):
        Path(f"join-{power}.txt").write_text(
            f"{game_line}\nPower: {power}\nPhase: setup\n"
            f"Checkpoint: {cp.group(1)} {cp.group(2)}\n\nrandom\n"
        )
        signed = run("sign", f"join-{power}.txt", "--key", f"{power.lower()}.key", "--seq", "1")
        assert re.search(r"^random [0-9a-f]{64}$", signed, re.M), signed  # filled in by sign
        Path(f"join-{power}.signed").write_text(signed)
        assert "accepted as event" in run("submit", "g.pbem", f"join-{power}.signed")
    assert "resolved" in run("advance", "g.pbem")
    Path("red.txt").write_text(f"{game_line}\nPower: Red\nPhase: t1-muster\n\nmuster 2\n")
    signed = run("sign", "red.txt", "--key", "red.key", "--seq", "2")
    assert "Sequence: 2" in signed and "BEGIN PBEM SIGNATURE" in signed
    Path("red.signed").write_text(signed)
    assert "accepted as event" in run("submit", "g.pbem", "red.signed")
    assert "duplicate" in run("submit", "g.pbem", "red.signed")
    # a reminder's template is signed as it stands: its Sequence is filled in
    assert "reminded: Blue" in run("remind", "g.pbem")
    (eml,) = Path("g.pbem.outbox/new").glob("remind-*-Blue.eml")
    body = email.message_from_bytes(eml.read_bytes()).get_payload(decode=True).decode()
    Path("remind.txt").write_text(body[body.index("Game:") :])
    assert "Sequence: 2\n" in run("sign", "remind.txt", "--key", "blue.key")
    Path("bad.txt").write_text(
        f"{game_line}\nPower: Blue\nPhase: t1-muster\nSequence: 2\n\nmuster 2 in Suth\n"
    )
    Path("bad.signed").write_text(run("sign", "bad.txt", "--key", "blue.key"))
    out = run("submit", "g.pbem", "bad.signed", "red.signed", code=1)
    assert "line 7: no area 'Suth' (did you mean 'South'?)" in out and "duplicate" in out
    Path("latin1.txt").write_bytes("Gr\xfc\xdfe".encode("latin-1"))
    assert "not UTF-8" in run("submit", "g.pbem", "latin1.txt", code=1)
    assert "nothing to resolve" in run("advance", "g.pbem")
    assert "deadline passed" in run("advance", "g.pbem", "--deadline-passed")
    out = run("status", "g.pbem")
    assert "waiting for: Turn 1:" in out
    assert "muster" in run("log", "g.pbem")
    assert '"gold"' in run("replay", "g.pbem", "--at", "t1-muster", "--json")
    assert "did you mean" in run("replay", "g.pbem", "--at", "t1-mustr", code=2)
    assert run("verify", "g.pbem").rstrip().endswith("OK")
    assert "wrote g.Red.pbem" in run("export", "g.pbem", "--for", "Red")
    out = run("verify", "g.Red.pbem")  # a player's copy: verify reads it, says so plainly
    assert "OK as Red's redacted copy" in out and "export table" not in out
    assert "other command needs the full game file" in run("status", "g.Red.pbem", code=2)
    assert "mini.card_dealt (sealed for Blue)" in run("log", "g.Red.pbem")  # Red's view
    listed = run("games", ".")  # the copy beside the game is no game of the directory
    assert "\ng " in listed and "redacted" not in listed
    con = sqlite3.connect("g.pbem")
    con.execute("UPDATE events SET body = replace(body, 'red@example.org', 'evil@example.org')")
    con.commit()
    assert "FAILED" in run("verify", "g.pbem", code=3)


def test_usage_errors_exit_2(tmp_path):
    assert "no ruleset 'nope'" in run(
        "new", tmp_path / "x.pbem", "--ruleset", "nope", "--scenario", "a", code=2
    )
    assert "POWER=EMAIL,KEYFILE" in run(
        "new",
        tmp_path / "x.pbem",
        "--ruleset",
        "mini",
        "--scenario",
        "duel",
        "--player",
        "Red",
        code=2,
    )


def test_case_command(tmp_path):
    cases = Path(__file__).parent / "cases" / "mini"
    assert "8 passed, 0 failed" in run("case", cases)
    bad = tmp_path / "bad.toml"
    bad.write_text(
        (cases / "ambush.toml")
        .read_text()
        .replace('"owner.South" = "Red"', '"owner.South" = "Blue"')
    )
    out = run("case", bad, code=3)
    assert "state owner.South is 'Red', expected 'Blue'" in out


def test_games_lists_rulesets():
    assert "--scenario duel" in run("games")


def test_games_map_default_and_usage():
    """`pbem games GAME --map`: a ruleset without a map listing says so (Ruleset.map_text)."""
    assert "this game has no map listing" in run("games", "mini", "--map")
    assert "--map needs the game" in run("games", "--map", code=2)
    assert "no scenario 'nope'" in run("games", "mini", "--map", "--scenario", "nope", code=2)


def test_console_script_demo(tmp_path):
    """The installed `pbem` script plays the demo end to end (what `make demo` runs)."""
    exe = Path(sys.executable).with_name("pbem")
    # the pbem this suite imports (a worktree's, say), not only the installed one
    here = str(Path(pbem.__file__).parents[1])
    env = {**os.environ, **ENV, "PYTHONPATH": os.pathsep.join([here, SUPPORT])}
    proc = subprocess.run(
        [exe, "demo", "--ruleset", "mini", "--dir", tmp_path / "demo"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "game over" in proc.stdout and proc.stdout.count("\nOK\n") == 1
    assert (tmp_path / "demo" / "reports" / "Red" / "001.txt").exists()
    first = (tmp_path / "demo" / "reports" / "Red" / "001.txt").read_text()
    assert "public seed chain anchor:" in first and "referee key" in first
    # a fresh process knows nothing of the ruleset until it opens the game
    game = tmp_path / "demo" / "game.pbem"
    for args in (["verify", game], ["log", game], ["replay", game, "--json"], ["status", game]):
        proc = subprocess.run([exe, *args], env=env, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, (args, proc.stdout, proc.stderr)
    assert (
        "mini.battle"
        in subprocess.run([exe, "log", game], env=env, capture_output=True, text=True).stdout
    )


def test_option_values():
    from pbem.cli_common import parse_option as _option

    assert _option("rich") == ("rich", True)
    assert _option("rich=false") == ("rich", False)
    assert _option("turns=3") == ("turns", 3)
    assert _option("ally=france") == ("ally", "france")


def test_sign_says_what_a_headerless_or_unseparated_file_lacks(tmp_path, monkeypatch):
    """A player's first mistakes with `pbem sign`: an empty file, orders with no
    headers, headers with no blank line before the orders (docs/signing.md, step 2)."""
    monkeypatch.chdir(tmp_path)
    run("keygen", "red")
    Path("empty.txt").write_text("")
    assert "no headers: orders start with the lines Game, Power" in run(
        "sign", "empty.txt", "--key", "red.key", code=1
    )
    Path("bare.txt").write_text("buy army\n")
    assert "no headers" in run("sign", "bare.txt", "--key", "red.key", code=1)
    Path("joined.txt").write_text("Game: g\nPower: Red\nPhase: t1-muster\nSequence: 2\nmuster 2\n")
    out = run("sign", "joined.txt", "--key", "red.key", code=1)
    assert "line 5: expected a header 'Name: value', got 'muster 2': one blank line" in out
    assert "wrapped" not in out  # nothing was wrapped: the blank line is missing
    # line numbers are the file's own, not the signed envelope's (BEGIN + added Sequence)
    Path("seq.txt").write_text("Game: g\nPower: Red\nPhase: t1-muster\nSequence: x\n\nmuster 2\n")
    assert "line 4: Sequence must be" in run("sign", "seq.txt", "--key", "red.key", code=1)
