"""Audit issue 19: a second verifier written from the docs alone (tests/support/second_verifier.py).

It agrees with `pbem verify` on played games and catches every tampering of the chain,
signatures, seeds, dice and checkpoints. Beside these direct tests, conftest.py runs it
on every game any test hands to `pbem.verify.verify`; the last test here checks that
where `pbem verify` alone found a problem, it was one the second verifier cannot see.
"""

from __future__ import annotations

import base64
import json
import shutil
import sqlite3
import sys

import pytest
import rowkit
import second_verifier as sv
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from gamekit import new_game, play_to_end
from skkit import SKGame, play

from pbem.verify import (
    Finding,
    verify,
)  # verify: the conftest wrapper: both verifiers, asserted to agree


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    kit = new_game(tmp_path_factory.mktemp("mini"))
    play_to_end(kit)
    return kit.path


@pytest.fixture(scope="module")
def sk(tmp_path_factory):
    g = SKGame(tmp_path_factory.mktemp("sk"), "1756")
    play(g)
    g.game.close()
    return g.path


def _copy(src, tmp_path):
    dst = tmp_path / src.name
    shutil.copy(src, dst)
    return dst


def _rows(path):
    return rowkit.rows(path)  # sealed rows with their clear parts merged


def _rewrite(path, rows, rechain=True):
    rowkit.rewrite(path, rows, rechain)  # sealed rows sealed again, commitments recomputed


def _first(rows, type_, pred=lambda d: True):
    return next(i for i, r in enumerate(rows) if r[1] == type_ and pred(json.loads(r[3])))


def _edit(rows, i, change):
    d = json.loads(rows[i][3])
    change(d)
    rows[i][3] = sv.canonical(d)


def _caught(path, *needles):
    """Both verifiers fail; the second verifier's findings contain every needle."""
    found = sv.check(path)
    assert found, "the second verifier found nothing"
    text = "\n".join(found)
    for n in needles:
        assert n in text, text
    assert not verify(path).ok
    return found


# --- played games pass both ----------------------------------------------------------------


def test_a_played_skirmish_passes_both(mini):
    res = sv.run(mini)
    assert res.ok, res.findings
    assert res.signatures == 12 and res.resolutions == 10 and res.checkpoints == 10
    assert res.seeds == 11 and res.hidden_unchecked == 0 and res.rolls > 10
    assert verify(mini).ok


def test_a_played_soldier_kings_scenario_passes_both(sk):
    res = sv.run(sk)
    assert res.ok, res.findings
    assert res.resolutions > 10 and res.hidden_unchecked == 0
    kinds = {json.loads(r[3])["draw"] for r in _rows(sk) if r[1] == "dice_rolled"}
    assert kinds == {"roll", "pick", "draw"}
    assert verify(sk).ok


def test_hidden_draws_are_counted_until_revealed_and_checked_with_the_secret(tmp_path):
    kit = new_game(tmp_path)
    res = sv.run(kit.path)
    assert res.ok and res.hidden_unchecked == 1  # the deal: one shuffle, its seed not yet out
    res = sv.run(kit.path, secret=f"{kit.path}.secret")
    assert res.ok and res.hidden_unchecked == 0
    rows = _rows(kit.path)
    i = _first(rows, "dice_rolled", lambda d: d["stream"] == "hidden")
    _edit(rows, i, lambda d: d["values"].__setitem__(0, (d["values"][0] + 1) % 5))
    _rewrite(kit.path, rows)
    found = sv.check(kit.path, secret=f"{kit.path}.secret")
    assert any(f"event {rows[i][0]} (dice_rolled): values" in f for f in found), found


# --- tampering -----------------------------------------------------------------------------


def test_edited_payload(mini, tmp_path):
    path = _copy(mini, tmp_path)
    con = sqlite3.connect(path)
    con.execute(
        "UPDATE events SET body = replace(body, '\"count\":3', '\"count\":9') WHERE type='mini.mustered'"
    )
    con.commit()
    con.close()
    _caught(path, "hash mismatch")


def test_edited_payload_with_rebuilt_chain(mini, tmp_path):
    path = _copy(mini, tmp_path)
    rows = _rows(path)
    _edit(rows, _first(rows, "mini.mustered"), lambda d: d.update(count=d["count"] + 5))
    _rewrite(path, rows)
    _caught(path, "the checkpoint does not name the event just before it")


def test_deleted_row_with_rebuilt_chain(mini, tmp_path):
    path = _copy(mini, tmp_path)
    rows = _rows(path)
    del rows[_first(rows, "mini.battle")]
    for k, r in enumerate(rows, 1):
        r[0] = k
    _rewrite(path, rows)
    _caught(path, "checkpoint")


def test_swapped_signature(mini, tmp_path):
    path = _copy(mini, tmp_path)
    rows = _rows(path)
    i = _first(rows, "orders_accepted", lambda d: d["power"] == "Red")
    blue = json.loads(rows[_first(rows, "orders_accepted", lambda d: d["power"] == "Blue")][3])
    sig = lambda t: t[t.index("Signature: ") :]  # noqa: E731
    _edit(
        rows,
        i,
        lambda d: d.update(
            envelope=d["envelope"].replace(sig(d["envelope"]), sig(blue["envelope"]))
        ),
    )
    _rewrite(path, rows)
    _caught(
        path,
        f"event {rows[i][0]} (orders_accepted): the signature is not by the key registered for Red",
    )


def test_edited_orders_with_their_digest_recomputed(mini, tmp_path):
    """The forger fixes the envelope's own digest: only the signature (and the resolution's
    orders digest, not recomputed here) betray the edit."""
    path = _copy(mini, tmp_path)
    rows = _rows(path)
    i = _first(rows, "orders_accepted", lambda d: "muster 3" in d["envelope"])
    _edit(rows, i, lambda d: d.update(envelope=d["envelope"].replace("muster 3", "muster 2")))
    d = json.loads(rows[i][3])
    d["digest"] = sv.sealed_digest(sv.parse_envelope(d["envelope"]))
    rows[i][3] = sv.canonical(d)
    _rewrite(path, rows)
    found = _caught(path, "the signature is not by the key registered")
    assert not any("(orders_accepted): digest does not match" in f for f in found)


def test_a_wrong_envelope_digest(mini, tmp_path):
    path = _copy(mini, tmp_path)
    rows = _rows(path)
    i = _first(rows, "orders_accepted")
    _edit(rows, i, lambda d: d.update(digest="0" * 64))
    _rewrite(path, rows)
    _caught(path, f"event {rows[i][0]} (orders_accepted): digest does not match")


@pytest.mark.parametrize(
    "game,draw",
    [("mini", "roll"), ("sk", "pick"), ("sk", "draw"), ("mini", "shuffle")],
)
def test_a_die_changed_by_one(game, draw, mini, sk, tmp_path):
    path = _copy({"mini": mini, "sk": sk}[game], tmp_path)
    rows = _rows(path)
    i = _first(rows, "dice_rolled", lambda d: d["draw"] == draw)
    _edit(rows, i, lambda d: d["values"].__setitem__(-1, d["values"][-1] + 1))
    _rewrite(path, rows)
    _caught(path, f"event {rows[i][0]} (dice_rolled): values")


def test_a_wrong_seed(mini, tmp_path):
    path = _copy(mini, tmp_path)
    rows = _rows(path)
    _edit(
        rows,
        _first(rows, "seed_revealed", lambda d: d["index"] == 3),
        lambda d: d.update(seed="00" * 32),
    )
    _rewrite(path, rows)
    _caught(path, "public seed 3 does not match the commitment")


def test_a_wrong_hidden_seed(mini, tmp_path):
    path = _copy(mini, tmp_path)
    rows = _rows(path)
    _edit(
        rows,
        _first(rows, "seed_revealed", lambda d: d["stream"] == "hidden"),
        lambda d: d.update(seed="11" * 32),
    )
    _rewrite(path, rows)
    _caught(path, "does not match the commitment")


def test_a_forged_checkpoint(mini, tmp_path):
    path = _copy(mini, tmp_path)
    rows = _rows(path)
    i = _first(rows, "checkpoint_signed", lambda d: d["seq"] > 20)
    d = json.loads(rows[i][3])
    msg = f"pbem-checkpoint-v1\ng\n{d['seq']}\n{d['head']}\n".encode()
    forged = base64.b64encode(Ed25519PrivateKey.generate().sign(msg)).decode()
    _edit(rows, i, lambda d: d.update(signature=forged))
    _rewrite(path, rows)
    _caught(
        path,
        f"event {rows[i][0]} (checkpoint_signed): the checkpoint's signature is not the referee's",
    )


def test_a_key_registered_mid_game(mini, tmp_path):
    path = _copy(mini, tmp_path)
    rows = _rows(path)
    i = _first(rows, "player_registered", lambda d: d["power"] == "Blue")
    at = _first(rows, "orders_accepted", lambda d: d["power"] == "Blue")
    other = Ed25519PrivateKey.generate().public_key().public_bytes_raw()
    new = json.loads(rows[i][3])
    new["public_key"] = "pbem-ed25519 " + base64.b64encode(other).decode()
    rows.insert(at, [0, "player_registered", 1, sv.canonical(new)])
    for k, r in enumerate(rows, 1):
        r[0] = k
    _rewrite(path, rows)
    _caught(path, "Blue registered again after the game began")


def test_a_kept_checkpoint_exposes_a_rewrite_with_resigned_checkpoints(tmp_path):
    """The referee, who has the secret, re-signs every checkpoint; a kept line still tells."""
    kit = new_game(tmp_path)
    rows = _rows(kit.path)
    cp = json.loads(rows[-1][3])
    kept = f"pbem-checkpoint g {cp['seq']} {cp['head']} {cp['signature']}"
    assert sv.check(kit.path, [kept]) == []
    secret = json.loads((tmp_path / "g.pbem.secret").read_text())
    walk = sv._Walk(sv.Result(), {})
    walk.game, walk.secret = "g", secret
    referee = Ed25519PrivateKey.from_private_bytes(walk.derive("referee-key"))
    _edit(
        rows,
        _first(rows, "player_registered"),
        lambda d: d.update(email="someone.else@example.org"),
    )
    prev = sv.GENESIS
    for r in rows:
        if r[1] == "checkpoint_signed":
            c = json.loads(r[3])
            c["head"] = prev
            msg = f"pbem-checkpoint-v1\ng\n{c['seq']}\n{prev}\n".encode()
            c["signature"] = base64.b64encode(referee.sign(msg)).decode()
            r[3] = sv.canonical(c)
        prev = sv.row_hash(prev, *r[:3], rowkit.stored(r)[0])
    _rewrite(kit.path, rows)
    assert sv.check(kit.path) == [] and verify(kit.path).ok  # self-consistent
    assert any("HISTORY REWRITTEN" in f for f in sv.check(kit.path, [kept]))
    assert not verify(kit.path, kept=[kept]).ok


# --- agreement over the whole suite --------------------------------------------------------


# What `pbem verify` may find alone: facts that need the rules (results recomputed,
# which phase was open, whether orders were legal or due, the game's end) and
# delivered reports (re-rendered by the rules). Never the chain, a signature, a digest,
# a seed, a die or a checkpoint signature.
def test_a_disagreement_outside_the_rules_fails_the_test_that_verified(mini, monkeypatch):
    """conftest.py checks each disagreement where it happens: pbem verify failing on
    something the second verifier can see, while it sees nothing, fails that test."""
    conftest = sys.modules["conftest"]
    real = conftest._real_verify

    def with_finding(what):
        def fake(path, secrets=None, kept=(), jobs=None):
            rep = real(path, secrets, kept, jobs=jobs)
            rep.findings.append(Finding(7, what))
            return rep

        return fake

    monkeypatch.setattr(
        conftest, "_real_verify", with_finding("checkpoint signature is not the referee's")
    )
    with pytest.raises(AssertionError, match="the second verifier nothing"):
        verify(mini)
    monkeypatch.setattr(
        conftest,
        "_real_verify",
        with_finding("the recorded results of 't1' differ from a recomputation"),
    )
    assert not verify(mini).ok  # a rules result: only pbem verify recomputes those


# --- SSH signatures (docs/signing.md "With ssh-keygen alone") --------------------------------


@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="needs ssh-keygen")
def test_an_ssh_signed_game_passes_both_and_a_foreign_ssh_signature_is_caught(tmp_path):
    import subprocess

    from gamekit import MASTER, NOW, Kit

    from pbem import keys
    from pbem.service import Game, PlayerSpec

    def ssh_key(name):
        subprocess.run(
            ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", tmp_path / name],
            check=True,
        )
        return (tmp_path / f"{name}.pub").read_text().strip()

    def ssh_envelope(key, text):
        (tmp_path / "orders.txt").write_text(text)
        (tmp_path / "orders.txt.sig").unlink(missing_ok=True)
        sign = [
            "ssh-keygen",
            "-q",
            "-Y",
            "sign",
            "-f",
            tmp_path / key,
            "-n",
            "pbem-orders",
            tmp_path / "orders.txt",
        ]
        subprocess.run(sign, check=True, capture_output=True)
        sig = (tmp_path / "orders.txt.sig").read_text()
        return f"-----BEGIN PBEM ORDERS-----\n{text}{sig}-----END PBEM ORDERS-----\n"

    from cryptography.hazmat.primitives import serialization

    red = keys.Signer.load(
        keys.private_from_seed(b"\x01" * 32).private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    blue_pub = ssh_key("blue")
    ssh_key("mallory")
    players = [
        PlayerSpec("Red", "red@example.org", red.public.line, "Red"),
        PlayerSpec("Blue", "blue@example.org", blue_pub, "Blue"),
    ]
    path = tmp_path / "g.pbem"
    Game.create(path, "mini", "duel", players, game_id="g", now=NOW, master=MASTER).close()
    kit = Kit(path, {"Red": red})
    with kit.game() as g:
        ref = g.state().game_ref
        assert (
            g.submit(kit.envelope("Red", ["ambush North"], phase="standing"), now=NOW).status
            == "accepted"
        )
        assert g.submit(kit.envelope("Red", ["muster 3"]), now=NOW).status == "accepted"
        text = f"Game: {ref}\nPower: Blue\nPhase: t1-muster\nSequence: 1\n\nmuster 2\n"
        r = g.submit(ssh_envelope("blue", text), now=NOW)
        assert r.status == "accepted", r.message()
        assert g.advance(max_steps=1)
    res = sv.run(path)
    assert res.ok and res.signatures == 3 and res.ssh_unchecked == 0, res.findings
    assert verify(path).ok

    rows = _rows(path)
    i = _first(rows, "orders_accepted", lambda d: d["power"] == "Blue")
    forged = ssh_envelope("mallory", text.replace("muster 2", "muster 3"))
    _edit(
        rows,
        i,
        lambda d: d.update(envelope=forged, digest=sv.sealed_digest(sv.parse_envelope(forged))),
    )
    _rewrite(path, rows)
    _caught(
        path,
        f"event {rows[i][0]} (orders_accepted): the SSH signature is not by the key registered for Blue",
    )
