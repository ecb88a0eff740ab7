"""Redacted audit copies (issue 16): a sealed game's hidden parts are committed to in
the chain and kept in clear beside it; `pbem export GAME --for POWER` writes a copy
that holds only what POWER may see and still verifies; the full file verifies too.

Whole scripted games (pbem demo) of Soldier Kings, Seven Years World War and Struggle
of Empires, each exported for every power mid-game and at the end; the raw bytes of
every copy searched for every hidden value of the full game that is not that power's."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
import rowkit
from click.testing import CliRunner
from demokit import demo_with, of_type
from gamekit import new_game, play_to_end

from pbem import events as ev
from pbem import ruleset as registry
from pbem.cli import main
from pbem.demo import run_demo
from pbem.errors import GameError, UsageError
from pbem.export import export
from pbem.log import EventLog
from pbem.reports.build import visible
from pbem.service import Game, PlayerSpec
from pbem.state import GameState, fold
from pbem.verify import verify

GAMES = {
    "sk": ("soldier-kings", None),
    "syw": ("seven-years-world-war", "2-european"),
    "soe": ("struggle-of-empires", "2p"),
}
NOW = "2026-01-02T00:00:00Z"


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> dict[str, Path]:
    out = {}
    for key, (ruleset, scenario) in GAMES.items():
        d = tmp_path_factory.mktemp(key)
        if key == "soe":  # a game in which Unrest is taken (sealed): demokit
            out[key] = demo_with(d, ruleset, scenario, of_type("soe.unrest"))
            continue
        out[key] = run_demo(
            d, ruleset, scenario, echo=lambda s: None, master=bytes(32), reports_too=False
        )
    return out


def _hidden(path: Path) -> dict[int, dict]:
    """Every sealed row of the full file: seq -> type, audience, salt, clear."""
    con = sqlite3.connect(path)
    try:
        q = "SELECT e.seq, e.type, e.body, h.salt, h.clear FROM events e JOIN hidden h USING (seq)"
        return {
            s: {"type": t, "to": json.loads(b)["$to"], "salt": salt, "clear": clear}
            for s, t, b, salt, clear in con.execute(q)
        }
    finally:
        con.close()


def _powers(path: Path) -> list[str]:
    with EventLog(path) as log:
        return [r.event().power for r in log.rows() if r.type == "player_registered"]


def _middle_checkpoint(path: Path) -> int:
    with EventLog(path) as log:
        cps = [r.seq for r in log.rows() if r.type == "checkpoint_signed"]
    return cps[len(cps) // 2]


def _raw(path: Path) -> bytes:
    """The copy's bytes, with any -wal, -shm or -journal file beside it."""
    data = path.read_bytes()
    for side in ("-wal", "-shm", "-journal"):
        p = Path(f"{path}{side}")
        if p.exists():
            data += p.read_bytes()
    return data


def _needles(row: dict, seen: str) -> list[str]:
    """What must not be in another power's copy: the clear part (its first 200
    characters: a long record spills onto overflow pages, its start never does), the
    salt, and for an envelope its signature line and those of its order lines that
    appear nowhere the power may look (`seen`: the copy's public bodies and its own
    clear parts; both sides of a game often write the same line)."""
    out = [row["clear"][:200], row["salt"]]
    if row["type"] == "orders_accepted":
        text = json.loads(row["clear"])["envelope"]
        sig = [ln for ln in text.splitlines() if ln.startswith("Signature:")]
        assert len(sig) == 1
        body = text.split("-----BEGIN PBEM SIGNATURE-----")[0].splitlines()
        lines = body[body.index("") + 1 :] if "" in body else []  # after the header lines
        out += sig + [ln for ln in lines if len(ln.strip()) >= 8 and ln not in seen]
    return out


def _seen(full: Path, power: str, upto: int) -> str:
    """Everything a copy for `power` may hold: every row's body and its own clear parts."""
    con = sqlite3.connect(full)
    try:
        q = "SELECT e.body, h.clear FROM events e LEFT JOIN hidden h USING (seq) WHERE seq <= ?"
        out = []
        for body, clear in con.execute(q, (upto,)):
            out.append(body)
            if clear is not None and power in json.loads(body)["$to"]:
                out.append(json.loads(clear).get("envelope", clear))
        return "\n".join(out)
    finally:
        con.close()


@pytest.fixture(scope="module")
def copies(games, tmp_path_factory) -> list[tuple[str, str, str, Path, int]]:
    """(game, power, when, copy, upto) for every game, power, mid-game and at the end."""
    d = tmp_path_factory.mktemp("copies")
    out = []
    for key, path in games.items():
        for power in _powers(path):
            for when, upto in (("mid", _middle_checkpoint(path)), ("end", None)):
                name = f"{key}-{power.replace(' ', '_')}-{when}.pbem"
                x = export(path, power, d / name, upto=upto, now=NOW)
                out.append((key, power, when, x.path, x.events))
    return out


def test_the_full_files_are_sealed_and_verify(games):
    for key, path in games.items():
        rep = verify(path)
        assert rep.ok, rep.text()
        with EventLog(path) as log:
            created = log.row(1).event()
        assert created.sealed
        kinds = {r["type"] for r in _hidden(path).values()}
        assert "orders_accepted" in kinds, key
    # hidden results (cards, treasuries, unrest) are sealed, not just envelopes and draws
    assert any(r["type"].startswith("syw.") for r in _hidden(games["syw"]).values())
    assert any(r["type"] == "soe.unrest" for r in _hidden(games["soe"]).values())
    assert "dice_rolled" in {r["type"] for r in _hidden(games["sk"]).values()}


def test_every_copy_verifies(copies):
    for key, power, when, path, _ in copies:
        rep = verify(path)
        assert rep.ok, (key, power, when, rep.text())
        text = rep.text()
        assert f"redacted copy for {power}" in text
        assert rep.sealed_away > 0 and "sealed for other powers, not in this copy" in text
        assert rep.public_dice > 0 and rep.headers > 0 and rep.checkpoints > 0


def test_no_copy_holds_a_hidden_value_of_another_power(games, copies):
    checked = 0
    for key, power, _when, path, upto in copies:
        raw = _raw(path)
        seen = _seen(games[key], power, upto)
        own = 0
        for seq, row in _hidden(games[key]).items():
            if seq > upto:
                continue
            if power in row["to"]:
                assert row["clear"][:200].encode() in raw  # the search finds what is there
                own += 1
                continue
            for needle in _needles(row, seen):
                assert needle.encode() not in raw, (key, power, seq, needle[:60])
                checked += 1
        assert own > 0, (key, power)
    assert checked > 1000


def test_a_copy_is_a_new_file_of_three_tables(copies):
    for *_, path, _ in copies[:2]:
        con = sqlite3.connect(path)
        names = sorted(r[0] for r in con.execute("SELECT name FROM sqlite_master"))
        assert con.execute("PRAGMA freelist_count").fetchone()[0] == 0
        con.close()
        assert names == ["events", "export", "hidden"]
        assert not Path(f"{path}-wal").exists()


def test_the_copy_keeps_every_row_verbatim(games, copies):
    key, _, _, path, _ = next(c for c in copies if c[2] == "end")
    full = [r[:6] for r in rowkit.rows(games[key])]
    con = sqlite3.connect(path)
    got = con.execute("SELECT seq, type, v, body, prev, hash FROM events ORDER BY seq").fetchall()
    con.close()
    raw = sqlite3.connect(games[key])
    want = raw.execute("SELECT seq, type, v, body, prev, hash FROM events ORDER BY seq").fetchall()
    raw.close()
    assert got == want and len(full) == len(got)


def test_reports_hide_nothing_that_the_seal_shows(games):
    """For every event a report hides from a power (reports.build.visible, with the
    state just before the event), the row is sealed and that power is not told it.
    (Creation, registrations, seeds, checkpoints and deliveries are left out of the
    reports' event list because they are shown elsewhere, not because they are secret.)"""
    shown_elsewhere = {
        "game_created",
        "player_registered",
        "seed_revealed",
        "checkpoint_signed",
        "report_delivered",
    }
    hidden_seen = 0
    for _key, path in games.items():
        sealed = _hidden(path)
        with EventLog(path) as log:
            rows = list(log.rows())
        state = GameState()
        for r in rows:
            e = r.event()
            if isinstance(e, ev.OrdersAccepted) and e.phase == "setup":
                # join envelopes: random values, public by design (docs/core.md, Joining);
                # a report mentions only the reader's own
                fold(state, r.seq, e, registry.get)
                continue
            if state.ruleset is not None and e.type not in shown_elsewhere:
                for p in state.players:
                    if not visible(state.ruleset, state.rules, e, p):
                        hidden_seen += 1
                        assert r.seq in sealed, (r.seq, e.type, p)
                        assert p not in sealed[r.seq]["to"], (r.seq, e.type, p)
            fold(state, r.seq, e, registry.get)
    assert hidden_seen > 100


def sk_copy_maker(copies, tmp_path):
    """fresh(name): a new file holding the Soldier Kings copy made at the game's end."""
    src = next(c for c in copies if c[0] == "sk" and c[2] == "end")[3]

    def fresh(name):
        dst = tmp_path / name
        dst.write_bytes(src.read_bytes())
        return dst

    return fresh


def test_a_tampered_copy_fails(copies, tmp_path):
    fresh = sk_copy_maker(copies, tmp_path)

    # a public die changed, the chain rebuilt by the forger
    p = fresh("die.pbem")
    rows = rowkit.rows(p)
    i = next(
        k
        for k, r in enumerate(rows)
        if r[1] == "dice_rolled" and json.loads(r[3])["stream"] == "public"
    )
    d = json.loads(rows[i][3])
    d["values"][0] = d["values"][0] % 6 + 1
    rows[i][3] = rowkit.canonical(d)
    rowkit.rewrite(p, rows)
    rep = verify(p)
    assert not rep.ok and "public dice" in rep.text() and "checkpoint" in rep.text()

    # a clear part changed
    p = fresh("clear.pbem")
    con = sqlite3.connect(p)
    seq, clear = con.execute("SELECT seq, clear FROM hidden LIMIT 1").fetchone()
    forged = json.loads(clear)
    forged[next(iter(forged))] = "forged"
    con.execute("UPDATE hidden SET clear = ? WHERE seq = ?", (rowkit.canonical(forged), seq))
    con.commit()
    con.close()
    rep = verify(p)
    assert not rep.ok and "does not match the commitment" in rep.text()

    # a row removed
    p = fresh("removed.pbem")
    con = sqlite3.connect(p)
    con.execute("DELETE FROM events WHERE seq = 5")
    con.commit()
    con.close()
    rep = verify(p)
    assert not rep.ok and "hash chain" in rep.text()


def test_a_public_die_sealed_is_a_finding_and_a_copy_is_not_a_game(games, copies, tmp_path):
    _, power, _, src, _ = next(c for c in copies if c[0] == "sk" and c[2] == "end")
    p = tmp_path / "sealed-die.pbem"
    p.write_bytes(src.read_bytes())
    rows = rowkit.rows(p)
    i = next(
        k
        for k, r in enumerate(rows)
        if r[1] == "dice_rolled" and json.loads(r[3])["stream"] == "public"
    )
    d = json.loads(rows[i][3])
    del d["values"]
    rows[i][3] = rowkit.canonical({**d, "$sealed": "0" * 64, "$to": []})
    rowkit.rewrite(p, rows)
    rep = verify(p)
    assert not rep.ok and "a public die sealed" in rep.text()
    with pytest.raises(UsageError, match="redacted copy"):
        Game(src)
    # in a full file too (sealed with a clear part that matches its commitment)
    full = tmp_path / "full.pbem"
    full.write_bytes(games["sk"].read_bytes())
    rows = rowkit.rows(full)
    rows[i][6] = ("00" * 32, ["values"], [])
    rowkit.rewrite(full, rows)
    rep = verify(full)
    assert not rep.ok and f"event {rows[i][0]}: a public die sealed" in rep.text()


def test_the_same_demo_makes_the_same_files(games, tmp_path):
    again = run_demo(
        tmp_path / "sk", "soldier-kings", echo=lambda s: None, master=bytes(32), reports_too=False
    )

    def content(path):
        con = sqlite3.connect(path)
        try:
            return [
                con.execute("SELECT * FROM events ORDER BY seq").fetchall(),
                con.execute("SELECT * FROM hidden ORDER BY seq").fetchall(),
            ]
        finally:
            con.close()

    assert content(again) == content(games["sk"])
    assert again.read_bytes() == games["sk"].read_bytes()
    power = _powers(again)[0]
    a = export(games["sk"], power, tmp_path / "a.pbem", now=NOW)
    b = export(again, power, tmp_path / "b.pbem", now=NOW)
    assert a.path.read_bytes() == b.path.read_bytes()


def test_export_refuses_an_unknown_power_and_an_unsealed_game(games, tmp_path):
    with pytest.raises(UsageError, match="not a power of game demo .*Prussia"):
        export(games["sk"], "Narnia", tmp_path / "x.pbem")
    with pytest.raises(UsageError, match="must not replace the game file"):
        export(games["sk"], "Prussia", games["sk"])
    kit = new_game(tmp_path)
    with EventLog(kit.path) as log:
        assert log.row(1).event().sealed  # new games seal ...
    old = tmp_path / "old.pbem"
    with Game(kit.path) as g:
        players = [
            PlayerSpec(p, r.email, r.public_key, r.name) for p, r in g.state().players.items()
        ]
    Game.create(old, "mini", "duel", players, game_id="old", sealed=False).close()
    with pytest.raises(GameError, match="created before pbem sealed hidden information"):
        export(old, players[0].power, tmp_path / "y.pbem")
    with EventLog(old) as log:
        assert not log.sealed and not log.row(1).event().sealed  # ... old ones do not


def test_a_sealed_game_needs_the_secret_to_take_orders(tmp_path):
    kit = new_game(tmp_path)
    kit.path.with_name(kit.path.name + ".secret").rename(tmp_path / "elsewhere")
    with Game(kit.path) as g, pytest.raises(GameError, match="secret file"):
        g.submit(kit.envelope("Red", ["muster 1"]))


def test_mini_game_sealed_end_to_end(tmp_path):
    kit = new_game(tmp_path)
    play_to_end(kit)
    assert verify(kit.path).ok
    for power in _powers(kit.path):
        x = export(kit.path, power, tmp_path / f"{power}.pbem", now=NOW)
        rep = verify(x.path)
        assert rep.ok, rep.text()
        assert rep.held > 0 and rep.signatures > 0


def test_cli_export_and_verify(games, tmp_path):
    power = _powers(games["soe"])[0]
    out = tmp_path / "soe-copy.pbem"
    r = CliRunner().invoke(main, ["export", str(games["soe"]), "--for", power, "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert f"for {power}" in r.output and "sealed for other powers" in r.output
    r = CliRunner().invoke(main, ["verify", str(out)])
    assert r.exit_code == 0, r.output
    assert "redacted copy" in r.output and "\nOK as Britain's redacted copy" in r.output
    r = CliRunner().invoke(main, ["export", str(games["soe"]), "--for", "Atlantis"])
    assert r.exit_code != 0 and "not a power" in r.output
    assert ev.GameCreated.model_fields["sealed"].default is False


def test_a_copy_holds_no_hash_of_another_powers_mail(tmp_path):
    """A report's content hash is a test for guesses of what it shows (a hand, a
    treasury): `report_delivered` and `mail_sent` keep theirs sealed for their reader."""
    from pbem.mail.outbox import Outbox
    from pbem.mail.reports import deliver_reports

    path = run_demo(
        tmp_path / "g", "soldier-kings", "1756", echo=lambda s: None, master=bytes(32),
        reports_too=False,
    )  # fmt: skip
    with Game(path) as game:
        done = deliver_reports(
            game, Outbox(tmp_path / "outbox"), None, "ref@example.org", now="2026-01-03T00:00:00Z"
        )
        powers = list(game.state().players)
    assert {d.power for d in done} == set(powers)
    assert verify(path).ok
    for power in powers:
        copy = export(path, power, tmp_path / f"{power}.pbem", now="2026-01-03T00:00:00Z")
        assert verify(copy.path).ok
        data = copy.path.read_bytes()
        for d in done:
            assert (d.content_hash.encode() in data) == (d.power == power), (power, d.power)
            assert (d.message_id.encode() in data) == (d.power == power)


def test_a_copy_checks_what_its_public_fields_allow(copies, tmp_path):
    """From the public fields alone: a resolution counts the latest accepted envelope of
    each power (and every standing order in force); a public die is a roll or a pick;
    the copy is for a power of the game."""
    fresh = sk_copy_maker(copies, tmp_path)

    p = fresh("header.pbem")
    rows = rowkit.rows(p)
    i = next(
        k for k, r in enumerate(rows) if r[1] == "phase_resolved" and json.loads(r[3])["orders"]
    )
    d = json.loads(rows[i][3])
    d["orders"].pop(sorted(d["orders"])[0])
    rows[i][3] = rowkit.canonical(d)
    rowkit.rewrite(p, rows)
    assert "counts envelopes" in verify(p).text()

    p = fresh("draw.pbem")
    rows = rowkit.rows(p)
    i = next(
        k
        for k, r in enumerate(rows)
        if r[1] == "dice_rolled" and json.loads(r[3]).get("stream") == "public"
    )
    d = json.loads(rows[i][3])
    rows[i][3] = rowkit.canonical({**d, "draw": "draw"})
    rowkit.rewrite(p, rows)
    assert "of kind 'draw': not a public draw" in verify(p).text()

    p = fresh("power.pbem")
    con = sqlite3.connect(p)
    con.execute("UPDATE export SET power = 'Nobody'")
    con.commit()
    con.close()
    assert "marked for 'Nobody', not a power of this game" in verify(p).text()
