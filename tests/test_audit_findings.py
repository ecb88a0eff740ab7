"""Issue 19, the independent audit: each finding as a test that failed before the fix.

Played with Skirmish (tests/support/mini_ruleset.py)."""

from __future__ import annotations

import json

import pytest
from gamekit import NOW, new_game
from test_verify import _first, _rewrite, _rows

from pbem import checkpoint, engine, envelope
from pbem.errors import LogCorrupt
from pbem.log import GENESIS, row_hash
from pbem.reports import render, schedule
from pbem.secrets import Secrets, secret_path
from pbem.service import Game
from pbem.verify import verify

SECRET_ORDERS = ["ambush North", "# keep this from Blue"]


def _played(tmp_path):
    """Red gives hidden standing orders, then both muster; one resolution."""
    kit = new_game(tmp_path)
    with kit.game() as g:
        assert g.submit(kit.envelope("Red", SECRET_ORDERS, phase="standing"), now=NOW).ok
        kit.play_phase(g)
    return kit


def _envelopes(path, power):
    return [
        envelope.parse(json.loads(r[3])["envelope"])
        for r in _rows(path)
        if r[1] == "orders_accepted" and json.loads(r[3])["power"] == power
    ]


def test_an_opponent_cannot_test_a_guess_of_hidden_orders_against_the_report(tmp_path):
    """From Blue's report an opponent reads each resolution's orders digest. Even
    guessing Red's orders exactly (here: knowing them), the digest cannot be
    recomputed without Red's signature, which nobody but Red and the referee has."""
    kit = _played(tmp_path)
    with kit.game() as g:
        st = g.state()
        blue = [render(g, d.power, d.start, d.stop) for d in schedule(g) if d.power == "Blue"]
    text = "\n".join(r.text + r.html for r in blue)
    head = json.loads(
        next(
            r[3]
            for r in _rows(kit.path)
            if r[1] == "phase_resolved" and json.loads(r[3])["index"] == 2
        )
    )
    assert head["orders_digest"] in text  # the report does show it, for audits
    # the attack: rebuild the digest from the guessed plain texts of the envelopes
    red, blue_env = _envelopes(kit.path, "Red"), _envelopes(kit.path, "Blue")
    standing = next(e for e in red if e.phase == "standing")
    orders = {e.power: e for e in red + blue_env if e.phase == head["phase"]}
    guess = engine.orders_digest(
        head["phase"],
        2,
        {p: e.digest for p, e in sorted(orders.items())},
        {"Red": standing.digest},
    )
    assert guess != head["orders_digest"]
    for e in red:
        assert e.digest not in text  # no digest of the bare text anywhere
    # what is in the log is bound to the signature: the envelope's holders can check it
    sealed = engine.orders_digest(
        head["phase"],
        2,
        {p: e.sealed_digest for p, e in sorted(orders.items())},
        {"Red": standing.sealed_digest},
    )
    assert sealed == head["orders_digest"] and st.seq > 0


def _player_registered_row(path, power, public_key):
    rows = [list(r) for r in _rows(path)]
    i = _first(rows, "player_registered", lambda d: d["power"] == power)
    d = json.loads(rows[i][3])
    d["public_key"] = public_key
    return rows, json.dumps(d, sort_keys=True, separators=(",", ":"))


def test_a_key_change_appended_after_the_start_is_refused(tmp_path):
    kit = _played(tmp_path)
    red_key = kit.signers["Red"].public.line
    rows, body = _player_registered_row(kit.path, "Blue", red_key)
    rows.append([len(rows) + 1, "player_registered", 1, body])
    _rewrite(kit.path, rows)
    rep = verify(kit.path)
    assert not rep.ok and "Blue's key registered again after the game began" in rep.text()
    with pytest.raises(LogCorrupt, match="registered again"), Game(kit.path) as g:
        g.state()


def test_a_key_change_inserted_with_resigned_checkpoints_is_refused(tmp_path):
    """The referee has every secret: he inserts the new key after the set-up and
    re-signs every checkpoint after it, so the chain and checkpoints are perfect."""
    kit = new_game(tmp_path)
    secrets = Secrets.load(secret_path(kit.path))
    rows, body = _player_registered_row(kit.path, "Blue", kit.signers["Red"].public.line)
    at = _first(rows, "checkpoint_signed") + 1  # right after the set-up's checkpoint
    rows.insert(at, [0, "player_registered", 1, body])
    prev = GENESIS
    for n, r in enumerate(rows, 1):
        r[0] = n
        if r[1] == "checkpoint_signed":
            c = json.loads(r[3])
            c["seq"], c["head"] = n - 1, prev
            c["signature"] = checkpoint.sign(secrets.referee_key(), "g", n - 1, prev)
            r[3] = json.dumps(c, sort_keys=True, separators=(",", ":"))
        prev = row_hash(prev, r[0], r[1], r[2], r[3])
    _rewrite(kit.path, rows)
    # now "Blue" orders signed by Red's key would verify; verify refuses the swap itself
    rep = verify(kit.path)
    assert not rep.ok and "registered again after the game began" in rep.text()
    assert not any("hash" in f.what for f in rep.findings)  # the forgery was clean


def test_orders_for_another_game_of_the_same_name_are_refused(tmp_path):
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    a = new_game(tmp_path / "a", master=b"\x01" * 32)
    b = new_game(tmp_path / "b", master=b"\x02" * 32)
    with a.game() as ga, b.game() as gb:
        ref_a, ref_b = ga.state().game_ref, gb.state().game_ref
        assert ref_a != ref_b and ref_a.split()[0] == ref_b.split()[0] == "g"
        env = a.envelope("Red", ["muster 1"])
        assert ga.submit(env, now=NOW).ok
        r = gb.submit(env, now=NOW)  # the same players, keys, phase and name
        assert r.kind == "wrong-game" and "another game named 'g'" in r.message()
        r = gb.submit(b.envelope("Red", ["muster 1"], game_id="g"), now=NOW)
        assert r.kind == "wrong-game" and f"'Game: {ref_b}'" in r.message()
        assert gb.submit(b.envelope("Red", ["muster 1"]), now=NOW).ok


def test_every_die_records_what_kind_of_draw_it_was(tmp_path):
    kit = _played(tmp_path)
    kinds = {}
    for r in _rows(kit.path):
        if r[1] == "dice_rolled":
            d = json.loads(r[3])
            kinds.setdefault(d["draw"], []).append(d)
    assert set(kinds) <= {"roll", "pick", "draw", "shuffle"} and None not in kinds
    for d in kinds.get("roll", []):
        assert all(1 <= v <= d["sides"] for v in d["values"])
    for d in kinds["shuffle"]:  # the deal: the m-th swap is in 0..sides-1-m
        assert len(d["values"]) == d["sides"] - 1
        assert all(0 <= v <= d["sides"] - 1 - m for m, v in enumerate(d["values"]))


def test_a_log_written_before_draw_kinds_still_verifies(tmp_path):
    """Old logs have dice_rolled without `draw`: verify compares them without it."""
    kit = _played(tmp_path)
    rows = [list(r) for r in _rows(kit.path)]
    for r in rows:
        if r[1] == "dice_rolled":
            d = json.loads(r[3])
            del d["draw"]
            r[3] = json.dumps(d, sort_keys=True, separators=(",", ":"))
    _rewrite(kit.path, rows)  # re-chained: the checkpoints no longer match, only those
    rep = verify(kit.path)
    assert all("checkpoint" in f.what for f in rep.findings), rep.text()
    assert rep.resolutions >= 2
