"""`verify` catches tampering, naive (hash chain) and by a forger who rebuilds the chain."""

import json
import sqlite3

import pytest
import rowkit
from gamekit import NOW, new_game, play_to_end

from pbem import checkpoint
from pbem.log import GENESIS, row_hash
from pbem.secrets import Secrets, secret_path
from pbem.verify import verify


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    kit = new_game(tmp_path_factory.mktemp("g"))
    play_to_end(kit)
    return kit


def _copy(kit, tmp_path):
    dst = tmp_path / "copy.pbem"
    src = sqlite3.connect(kit.path)
    out = sqlite3.connect(dst)
    src.backup(out)
    out.close()
    return dst


def _rows(path):
    """The rows, sealed ones with their clear part merged (a forger's view: rowkit)."""
    return rowkit.rows(path)


def _rewrite(path, rows, rechain=True):
    """Replace the log with `rows` (seq, type, v, body[, ...]), optionally re-hashing the
    chain; sealed rows sealed again, their commitments recomputed (rowkit)."""
    rowkit.rewrite(path, rows, rechain)


def _first(rows, type_, pred=lambda d: True):
    return next(i for i, r in enumerate(rows) if r[1] == type_ and pred(json.loads(r[3])))


def test_untouched_game_verifies(finished):
    rep = verify(finished.path)
    assert rep.ok, rep.text()
    assert rep.signatures == 12 and rep.resolutions == 10 and rep.rolls > 20
    assert rep.hidden_unchecked == 0  # the hidden seed was revealed at the end
    assert rep.seeds == 11 and rep.checkpoints == 10


def test_edited_payload(finished, tmp_path):
    path = _copy(finished, tmp_path)
    con = sqlite3.connect(path)
    con.execute(
        "UPDATE events SET body = replace(body, '\"count\":3', '\"count\":9') WHERE type='mini.mustered'"
    )
    con.commit()
    rep = verify(path)
    assert not rep.ok and "hash mismatch: the event was changed" in rep.text()


def test_edited_payload_with_rebuilt_chain(finished, tmp_path):
    path = _copy(finished, tmp_path)
    rows = [list(r) for r in _rows(path)]
    i = _first(rows, "mini.mustered")
    d = json.loads(rows[i][3])
    d["count"] += 5
    rows[i][3] = json.dumps(d, sort_keys=True, separators=(",", ":"))
    _rewrite(path, rows)
    text = verify(path).text()
    assert "differ from a recomputation" in text and '"count":' in text
    assert (
        "checkpoint does not name the event just before it" in text
        or "signature is not the referee's" in text
    )


def test_deleted_row(finished, tmp_path):
    path = _copy(finished, tmp_path)
    rows = _rows(path)
    i = _first(rows, "dice_rolled")
    con = sqlite3.connect(path)
    con.execute("DELETE FROM events WHERE seq = ?", (rows[i][0],))
    con.commit()
    text = verify(path).text()
    assert f"expected event number {rows[i][0]}" in text and "prev does not match" in text


def test_deleted_row_with_rebuilt_chain(finished, tmp_path):
    path = _copy(finished, tmp_path)
    rows = [list(r) for r in _rows(path)]
    i = _first(rows, "mini.battle")
    del rows[i]
    for k, r in enumerate(rows, 1):
        r[0] = k
    _rewrite(path, rows)
    assert not verify(path).ok


def test_reordered_rows(finished, tmp_path):
    path = _copy(finished, tmp_path)
    rows = [list(r) for r in _rows(path)]
    i = _first(rows, "mini.mustered")
    rows[i][1:], rows[i + 1][1:] = rows[i + 1][1:], rows[i][1:]
    _rewrite(path, rows, rechain=False)
    assert "hash mismatch" in verify(path).text()
    rows = [list(r) for r in _rows(finished.path)]
    rows[i][1:4], rows[i + 1][1:4] = rows[i + 1][1:4], rows[i][1:4]
    _rewrite(path, rows)  # a forger re-hashes the swapped order
    text = verify(path).text()
    assert "differ from a recomputation" in text


def test_replaced_signature(finished, tmp_path):
    path = _copy(finished, tmp_path)
    rows = [list(r) for r in _rows(path)]
    i = _first(rows, "orders_accepted", lambda d: d["power"] == "Red")
    j = _first(rows, "orders_accepted", lambda d: d["power"] == "Blue")
    red, blue = json.loads(rows[i][3]), json.loads(rows[j][3])
    sig = lambda t: t[t.index("Signature: ") :]  # noqa: E731
    red["envelope"] = red["envelope"].replace(sig(red["envelope"]), sig(blue["envelope"]))
    rows[i][3] = json.dumps(red, sort_keys=True, separators=(",", ":"))
    _rewrite(path, rows)
    assert "does not verify with Red's key" in verify(path).text()


def test_changed_roll_with_rebuilt_chain_and_resigned_nothing(finished, tmp_path):
    path = _copy(finished, tmp_path)
    rows = [list(r) for r in _rows(path)]
    i = _first(rows, "dice_rolled", lambda d: d["stream"] == "public")
    d = json.loads(rows[i][3])
    d["values"][0] = 7 - d["values"][0]
    rows[i][3] = json.dumps(d, sort_keys=True, separators=(",", ":"))
    _rewrite(path, rows)
    text = verify(path).text()
    assert "-" + rows[i][3] in text.replace("    ", "")  # the diff shows the recorded roll


def test_a_referee_who_rewrites_history_with_the_real_keys_is_caught_by_a_kept_checkpoint(tmp_path):
    """The referee has every secret: they re-sign every checkpoint. A player's kept
    checkpoint from before the rewrite still exposes it."""
    kit = new_game(tmp_path)
    with kit.game() as g:
        kit.play_phase(g)
        cp = g.state().checkpoint
        kept = checkpoint.text("g", cp.seq, cp.head, cp.signature)
    assert verify(kit.path, kept=[kept]).kept_checkpoints == 1
    secrets = Secrets.load(secret_path(kit.path))
    rows = [list(r) for r in _rows(kit.path)]
    i = _first(rows, "player_registered", lambda d: d["power"] == "Blue")
    d = json.loads(rows[i][3])
    d["email"] = "someone.else@example.org"
    rows[i][3] = json.dumps(d, sort_keys=True, separators=(",", ":"))
    _rewrite(kit.path, rows)
    # re-sign every checkpoint so that the log alone looks perfect
    rows = [list(r) for r in _rows(kit.path)]
    prev = GENESIS
    for r in rows:
        if r[1] == "checkpoint_signed":
            c = json.loads(r[3])
            c["head"] = prev
            c["signature"] = checkpoint.sign(secrets.referee_key(), "g", c["seq"], prev)
            r[3] = json.dumps(c, sort_keys=True, separators=(",", ":"))
        prev = row_hash(prev, r[0], r[1], r[2], rowkit.stored(r)[0])
    _rewrite(kit.path, rows)
    assert verify(kit.path).ok  # the forgery is self-consistent
    rep = verify(kit.path, kept=[kept])
    assert not rep.ok and "HISTORY REWRITTEN" in rep.text()


def test_hidden_draws_unchecked_mid_game_until_revealed_or_with_the_secret(tmp_path):
    kit = new_game(tmp_path)
    rep = verify(kit.path)
    assert rep.ok and rep.hidden_unchecked == 4  # the deal: 4 Fisher-Yates draws
    rep = verify(kit.path, Secrets.load(secret_path(kit.path)))
    assert rep.ok and rep.hidden_unchecked == 0


def test_a_forged_hidden_draw_is_caught_once_the_seed_is_known(tmp_path):
    kit = new_game(tmp_path)
    rows = [list(r) for r in _rows(kit.path)]
    i = _first(rows, "dice_rolled", lambda d: d["stream"] == "hidden")
    d = json.loads(rows[i][3])
    d["values"][0] = (d["values"][0] + 1) % 5
    rows[i][3] = json.dumps(d, sort_keys=True, separators=(",", ":"))
    _rewrite(kit.path, rows)
    assert not verify(kit.path, Secrets.load(secret_path(kit.path))).ok


def test_a_wrong_seed_is_caught(finished, tmp_path):
    path = _copy(finished, tmp_path)
    rows = [list(r) for r in _rows(path)]
    i = _first(rows, "seed_revealed", lambda d: d["index"] == 3)
    d = json.loads(rows[i][3])
    d["seed"] = "00" * 32
    rows[i][3] = json.dumps(d, sort_keys=True, separators=(",", ":"))
    _rewrite(path, rows)
    assert "seed 3 does not match the commitment" in verify(path).text()


def test_a_header_that_does_not_follow_from_the_inputs_is_caught(finished, tmp_path):
    """A forger who names other orders in a resolution's header (verify compares the
    header's fields as they are, and makes the event only for the difference)."""
    path = _copy(finished, tmp_path)
    rows = [list(r) for r in _rows(path)]
    i = _first(rows, "phase_resolved", lambda d: d["index"] == 3)
    d = json.loads(rows[i][3])
    d["defaulted"] = [*d["defaulted"], "Nobody"]
    rows[i][3] = json.dumps(d, sort_keys=True, separators=(",", ":"))
    _rewrite(path, rows)
    rep = verify(path)
    (found,) = [f for f in rep.findings if "resolution header does not follow" in f.what]
    assert found.seq == rows[i][0] and "Nobody" in found.detail


def test_orders_resolved_before_they_were_due_is_caught(tmp_path):
    kit = new_game(tmp_path)
    with kit.game() as g:
        g.submit(kit.envelope("Red", ["muster 1"]), now=NOW)
    rows = [list(r) for r in _rows(kit.path)]
    # a forger drops Blue's deadline-less default into the log by hand is not possible
    # without the secret; check instead that a fake deadline is refused
    rows.append(
        [
            len(rows) + 1,
            "deadline_passed",
            1,
            json.dumps(
                {"declared_at": NOW, "phase": "t2-muster", "type": "deadline_passed"},
                sort_keys=True,
                separators=(",", ":"),
            ),
        ]
    )
    _rewrite(kit.path, rows)
    assert "deadline declared for 't2-muster', which was not open" in verify(kit.path).text()


def test_a_game_of_other_rules_names_the_version_to_use(finished, monkeypatch):
    """Issue 16, games that outlive upgrades: a game recomputes differently under rules
    changed since it was played. Verify says which software it was played with (its
    `game_created.software`) and that it must be verified and resolved with that one."""
    from pbem import ruleset as registry
    from pbem.service import Game

    with Game(finished.path) as g:
        played = g.state().created.software
    rs = registry.get("mini")
    monkeypatch.setattr(type(rs), "version", "2", raising=False)
    real = type(rs).resolve

    def changed(self, ctx, step, orders, standing):  # the new rules muster nobody
        return real(self, ctx, step, {}, standing)

    monkeypatch.setattr(type(rs), "resolve", changed)
    rep = verify(finished.path)
    assert not rep.ok
    last = str(rep.findings[-1])
    assert f"played with {played!r}" in last and "mini 2" in last
    assert "verify and resolve it with that version" in last


def test_the_same_software_adds_no_version_finding(finished, tmp_path):
    path = _copy(finished, tmp_path)
    rows = _rows(path)
    i = _first(rows, "orders_accepted")
    rows[i] = (*rows[i][:3], rows[i][3].replace("muster", "mustor"), *rows[i][4:])
    _rewrite(path, rows)
    rep = verify(path)
    assert not rep.ok and not any("played with" in str(f) for f in rep.findings)
