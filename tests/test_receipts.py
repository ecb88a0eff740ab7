"""Signed receipts (issue 16): every envelope is answered with one, and a kept receipt
proves a dropped or reordered envelope (pbem/receipts.py, pbem/receipt_audit.py)."""

import dataclasses
import json

import pytest
from click.testing import CliRunner
from gamekit import NOW, new_game

from pbem import keys, receipts
from pbem.canonical import canonical_json, sha256_hex
from pbem.cli import main
from pbem.errors import GameError
from pbem.mail import ack
from pbem.verify import check_receipts, verify

LATER = "2026-01-01T13:00:00Z"


@pytest.fixture
def kit(tmp_path):
    return new_game(tmp_path)


def _check(path, *texts):
    return check_receipts(path, [(f"r{i}", t) for i, t in enumerate(texts, 1)])


def test_accepted_receipt_is_signed_and_verifies(kit):
    with kit.game() as g:
        r = g.submit(kit.envelope("Red", ["muster 1"]), now=NOW)
        st = g.state()
        row = g.log.row(r.event_seq)
    got = receipts.parse(r.receipt)
    assert (got.game, got.power, got.phase, got.outcome) == (
        st.game_ref,
        "Red",
        "t1-muster",
        "accepted",
    )
    assert got.envelope == f"sealed {r.digest}" and st.digests[got.digest] == r.event_seq
    assert (got.seq, got.hash, got.time) == (r.event_seq, row.hash, NOW)
    assert receipts.signature_ok(got, st.created.referee_key)
    assert all(len(line) <= 72 for line in r.receipt.splitlines())
    assert got.text() == r.receipt  # parsed and printed again: the same block
    rep = _check(kit.path, r.receipt)
    assert rep.ok and "not resolved yet" in rep.notes[0]
    with kit.game() as g:
        g.submit(kit.envelope("Blue", ["muster 0"]), now=NOW)
        g.advance(max_steps=1)
    rep = _check(kit.path, r.receipt)
    assert rep.ok and "counted in the resolution of t1-muster" in rep.notes[0], rep.notes


def test_the_key_is_the_checkpoint_key(kit):
    with kit.game() as g:
        r = g.submit(kit.envelope("Red", ["muster 1"]), now=NOW)
        key = g.secrets().referee_key()
    assert receipts.parse(r.receipt).referee == keys.pbem_public_line(key.public_key())


def test_replayed_envelope_receipt_says_so(kit):
    with kit.game() as g:
        g.submit(kit.envelope("Red", ["muster 1"], seq=5), now=NOW)
        head = g.log.head()
        r = g.submit(kit.envelope("Red", ["muster 3"], seq=4), now=LATER)
    got = receipts.parse(r.receipt)
    assert got.outcome == "rejected replayed" and got.kind == "replayed" and not got.accepted
    assert "Sequence 4 is not above the last one accepted from Red" in got.reasons[0]
    assert got.reasons[0].startswith("line 5: ")
    assert (got.seq, got.hash) == head  # the log's head when it was refused
    assert "Head: " in r.receipt and "Event: " not in r.receipt
    rep = _check(kit.path, r.receipt)
    assert rep.ok and "refused this envelope of Red (replayed: line 5: Sequence 4" in rep.notes[0]


def test_duplicate_receipt_points_at_the_first_acceptance(kit):
    with kit.game() as g:
        text = kit.envelope("Red", ["muster 1"])
        first = g.submit(text, now=NOW)
        again = g.submit(text, now=LATER)
    got = receipts.parse(again.receipt)
    assert got.outcome == "duplicate" and got.seq == first.event_seq
    assert got.digest == receipts.parse(first.receipt).digest
    assert _check(kit.path, again.receipt).ok


def test_unreadable_text_gets_a_receipt_of_the_text_as_received(kit):
    with kit.game() as g:
        r = g.submit("hello, referee\n", now=NOW)
    got = receipts.parse(r.receipt)
    assert got.outcome == "rejected unsigned" and got.power == "-"
    assert got.envelope == "received " + sha256_hex("hello, referee\n")
    assert _check(kit.path, r.receipt).ok


def test_every_rejection_names_its_problems(kit):
    with kit.game() as g:
        r = g.submit(kit.envelope("Red", ["muster 1", "muster 2", "fly to the moon"]), now=NOW)
    got = receipts.parse(r.receipt)
    assert got.outcome == "rejected orders" and len(got.reasons) == len(r.problems) >= 1
    assert [str(p) for p in r.problems] == list(got.reasons)


def test_forged_receipts_fail(kit):
    with kit.game() as g:
        r = g.submit(kit.envelope("Red", ["muster 1"]), now=NOW)
    changed = r.receipt.replace("Power: Red", "Power: Blue")
    rep = _check(kit.path, changed)
    assert not rep.ok and "NOT A VALID RECEIPT" in rep.findings[0] and "changed" in rep.findings[0]
    moved = r.receipt.replace("Time: " + NOW, "Time: " + LATER)
    assert not _check(kit.path, moved).ok
    other = keys.private_from_seed(b"\x07" * 32)
    forged = receipts.sign(receipts.parse(r.receipt), other).text()
    assert receipts.signature_ok(receipts.parse(forged))  # valid for its own key...
    rep = _check(kit.path, forged)  # ...but not this game's referee key
    assert not rep.ok and "another key" in rep.findings[0]
    garbled = r.receipt.replace("Outcome: accepted", "Outcome accepted")
    rep = _check(kit.path, garbled)
    assert not rep.ok and "receipt line 7" in rep.findings[0]


def _referee_game(tmp_path, name, red_sends: bool):
    """A game where Red's envelope is (or was never) submitted, then Blue's, then the
    deadline passes and the phase resolves: the same later events in both."""
    kit = new_game(tmp_path / name)
    with kit.game() as g:
        red = g.submit(kit.envelope("Red", ["muster 2"]), now=NOW) if red_sends else None
        g.submit(kit.envelope("Blue", ["muster 1"]), now=NOW)
        g.declare_deadline(now=LATER)
        g.advance(max_steps=1)
    return kit, red


def test_a_dropped_envelope_is_proven_with_its_receipt(tmp_path):
    (tmp_path / "honest").mkdir()
    (tmp_path / "dishonest").mkdir()
    honest, red = _referee_game(tmp_path, "honest", red_sends=True)
    assert _check(honest.path, red.receipt).ok
    # the referee's other log: Red's envelope never went in; everything else did
    dishonest, _ = _referee_game(tmp_path, "dishonest", red_sends=False)
    assert verify(dishonest.path).ok  # the log alone looks perfect (Red defaulted)...
    rep = _check(dishonest.path, red.receipt)  # ...the receipt proves the drop
    assert not rep.ok and "DROPPED" in rep.findings[0], rep.findings
    assert "accepted this envelope of Red as event" in rep.findings[0]
    out = tmp_path / "red-receipt.txt"
    out.write_text("Thanks!\n\n" + red.receipt)
    cli = CliRunner().invoke(main, ["verify", str(dishonest.path), "--receipt", str(out)])
    assert cli.exit_code == 3 and "DROPPED" in cli.output, cli.output
    cli = CliRunner().invoke(main, ["verify", str(honest.path), "--receipt", str(out)])
    assert cli.exit_code == 0 and "receipts: 1 checked" in cli.output, cli.output


def test_a_refusal_in_a_rewritten_history_is_proven(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = new_game(tmp_path / "a")
    b = new_game(tmp_path / "b")
    with a.game() as g:
        g.submit(a.envelope("Red", ["muster 1"]), now=NOW)
        refused = g.submit(a.envelope("Red", ["muster 2"], seq=1), now=NOW)
    assert receipts.parse(refused.receipt).outcome == "rejected replayed"
    with b.game() as g:
        g.submit(b.envelope("Red", ["muster 3"]), now=NOW)  # another event 11
    rep = _check(b.path, refused.receipt)
    assert not rep.ok and "HISTORY REWRITTEN" in rep.findings[0]


def test_an_envelope_that_lost_to_an_earlier_one(kit, tmp_path):
    with kit.game() as g:
        first = g.submit(kit.envelope("Red", ["muster 1"]), now=NOW)
        second = g.submit(kit.envelope("Red", ["muster 3"]), now=NOW)
        g.submit(kit.envelope("Blue", ["muster 0"]), now=NOW)
        g.advance(max_steps=1)
        rows = list(g.log.rows())
    assert (
        _check(kit.path, first.receipt)
        .notes[0]
        .endswith(
            f"replaced by the later envelope of event {second.event_seq} before the resolution of "
            f"t1-muster (event {second.event_seq + 2})"
        )
    )
    # a log whose resolution counted the earlier envelope (checked by hand: verify would
    # also refuse its phase_resolved; the receipt names the culprit)
    from pbem.receipt_audit import check

    def counted_first(row):
        if row.type != "phase_resolved":
            return row
        body = json.loads(row.body)
        body["orders"]["Red"] = first.event_seq
        return dataclasses.replace(row, body=canonical_json(body))

    rep = check([("r", second.receipt)], [counted_first(r) for r in rows])
    assert (
        not rep.ok
        and "LOST" in rep.findings[0]
        and f"counted event {first.event_seq}" in (rep.findings[0])
    )


def test_the_answer_mail_carries_the_receipt(kit):
    with kit.game() as g:
        r = g.submit(kit.envelope("Red", ["muster 1"]), now=NOW)
        gid = g.state().game_ref
    text = ack.result_text(gid, r)
    assert text.startswith("Accepted:") and "== Receipt ==" in text and text.endswith(r.receipt)
    quoted = "".join(f"> {ln}\n" for ln in text.splitlines())  # the player replies, quoting it
    (block,) = receipts.find_all("On Monday the referee wrote:\n" + quoted)
    assert receipts.parse(block) == receipts.parse(r.receipt)
    crlf = text.replace("\n", "\r\n")
    assert _check(kit.path, crlf).ok


def test_ingested_mail_is_answered_with_a_receipt(kit, tmp_path):
    from pbem.mail.boxes import MaildirSource
    from pbem.mail.intake import ingest
    from pbem.mail.outbox import Outbox

    box = tmp_path / "in"
    for sub in ("new", "cur", "tmp"):
        (box / sub).mkdir(parents=True)
    env = kit.envelope("Red", ["muster 1"])
    (box / "new" / "1.eml").write_text(
        "From: red@example.org\nTo: ref@example.org\nSubject: orders\n\n" + env
    )
    out = Outbox(tmp_path / "out")
    with kit.game() as g:
        rep = ingest(g, MaildirSource(box), out, "ref <ref@example.org>", now=NOW)
    assert rep.count("accepted") == 1
    sent = [p for p in (tmp_path / "out").rglob("*.eml")]
    assert sent
    raw = sent[0].read_text()
    (block,) = receipts.find_all(raw)
    assert receipts.parse(block).outcome == "accepted"
    assert _check(kit.path, raw).ok


def test_folding_keeps_long_and_unicode_values():
    key = keys.private_from_seed(b"\x05" * 32)
    long_word = "x" * 90
    r = receipts.Receipt(
        game="g 0123456789abcdef",
        power="Österreich",
        phase="t1",
        envelope="received " + "a" * 64,
        outcome="rejected orders",
        reasons=(f"line 7: unknown area 'Böhmen   {long_word}' (did you mean 'Bohemia'?)",),
        seq=3,
        hash="b" * 64,
        time=NOW,
        referee="",
    )
    signed = receipts.sign(r, key)
    back = receipts.parse(signed.text())
    assert back.statement() == signed.statement() and receipts.signature_ok(back)
    assert "Böhmen x" in back.reasons[0]  # white space runs are one space, signed so


def test_no_secret_file_no_receipt(tmp_path):
    """A game made before pbem sealed hidden information takes orders without the
    secret file (and then signs no receipt); a sealed game needs it to seal them."""
    kit = new_game(tmp_path, name="old.pbem", sealed=False)
    kit.path.with_name(kit.path.name + ".secret").rename(kit.path.with_name("elsewhere"))
    with kit.game() as g:
        r = g.submit(kit.envelope("Red", ["muster 1"]), now=NOW)
    assert r.status == "accepted" and r.receipt is None
    kit = new_game(tmp_path, name="sealed.pbem")
    kit.path.with_name(kit.path.name + ".secret").rename(kit.path.with_name("elsewhere2"))
    with kit.game() as g, pytest.raises(GameError, match="secret file .* is missing"):
        g.submit(kit.envelope("Red", ["muster 1"]), now=NOW)


def test_pbem_submit_prints_the_receipt(kit, tmp_path):
    good = tmp_path / "red.txt"
    good.write_text(kit.envelope("Red", ["muster 1"]))
    bad = tmp_path / "blue.txt"
    bad.write_text(kit.envelope("Blue", ["muster 1"]).replace("muster 1", "muster 3"))
    out = CliRunner().invoke(main, ["submit", str(kit.path), str(good), str(bad), "--now", NOW])
    assert out.exit_code == 1, out.output
    blocks = receipts.find_all(out.output)
    assert [receipts.parse(b).outcome for b in blocks] == ["accepted", "rejected forged"]
    saved = tmp_path / "kept.txt"
    saved.write_text(out.output)
    assert _check(kit.path, out.output).ok
    cli = CliRunner().invoke(main, ["verify", str(kit.path), "--receipt", str(saved)])
    assert cli.exit_code == 0 and "receipts: 2 checked" in cli.output, cli.output


def test_a_log_that_does_not_read_is_a_finding_not_a_crash(kit):
    from pbem.receipt_audit import check

    with kit.game() as g:
        r = g.submit(kit.envelope("Red", ["muster 1"]), now=NOW)
        rows = list(g.log.rows())
    assert "does not start with game_created" in check([("r", r.receipt)], rows[1:]).findings[0]
    broken = [dataclasses.replace(x, body="{") if x.type == "orders_accepted" else x for x in rows]
    assert "DROPPED" in check([("r", r.receipt)], broken).findings[0]
    assert "no receipt in it" in check([("r", "nothing here")], rows).findings[0]


def test_the_envelope_kept_beside_its_receipt_is_matched(kit, tmp_path):
    sent = kit.envelope("Red", ["muster 1"])
    other = kit.envelope("Red", ["muster 2"])
    with kit.game() as g:
        r = g.submit(sent, now=NOW)
    rep = _check(kit.path, sent + "\n" + r.receipt)
    assert rep.ok and rep.notes[0].endswith("the receipt of the envelope in the same file")
    rep = _check(kit.path, other + "\n" + r.receipt)
    assert not rep.ok and "not for the envelope in the same file" in rep.findings[0]
