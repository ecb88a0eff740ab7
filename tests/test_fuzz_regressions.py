"""What the fuzz tests found (issue 16), each as a plain test."""

from __future__ import annotations

from email.message import EmailMessage

import pytest
from fuzzkit import NOW, Signed, positions

from pbem import checkpoint, envelope, keys
from pbem import ruleset as registry
from pbem.errors import PbemError
from pbem.mail import extract
from pbem.mail.intake import ingest
from pbem.mail.outbox import Outbox
from pbem.ruleset import STANDING, OrderLine


@pytest.fixture(scope="module")
def signed(tmp_path_factory):
    s = Signed(tmp_path_factory.mktemp("regressions") / "g.pbem")
    yield s
    s.game.close()


def _problems(ruleset: str, position, text: str):
    rs = registry.get(ruleset)
    return rs.parse(position.rules, position.power, position.phase, [OrderLine(7, text)]).problems


def test_a_digit_that_int_refuses_is_a_problem_not_a_crash(tmp_path):
    """ "²" is a digit to str.isdigit() but not a number to int(): SK's purchase orders
    raised ValueError on `buy ² armies` and `give ² to Prussia`."""
    found = positions(tmp_path / "sk.pbem", "soldier-kings", steps=4, keep=4, standing_heads={})
    purchase = next(p for p in found if p.phase.endswith("purchase"))
    for text in ("buy ² armies", "give ² to Prussia", "buy ① army"):
        problems = _problems("soldier-kings", purchase, text)
        assert problems and problems[0].line == 7, text
    assert not _problems("soldier-kings", purchase, "buy 1 army")


def test_a_superscript_die_face_in_a_standing_order_is_a_problem(tmp_path):
    """7YWW's `illuminati on KIND if V` raised ValueError on `if ²`."""
    found = positions(tmp_path / "syw.pbem", "seven-years-world-war", 2, 2, {})
    standing = next(p for p in found if p.phase == STANDING)
    problems = _problems("seven-years-world-war", standing, "illuminati on combat if ²")
    assert problems and problems[0].line == 7 and "die face" in problems[0].message
    assert not _problems("seven-years-world-war", standing, "illuminati on combat if 1 2")


def test_a_key_line_with_a_character_not_ascii_is_refused(signed):
    """A zero-width space in an envelope's `Key:` line: base64 raised ValueError (not
    binascii.Error), and Game.submit crashed instead of answering."""
    with pytest.raises(keys.KeyError_, match="not valid base64"):
        keys.parse_public_key("pbem-ed25519 \u200bAAAA")
    text = signed.texts[0].replace("Key: pbem-ed25519 ", "Key: pbem-ed25519 \u200b")
    head = signed.game.log.head()
    r = signed.game.submit(text, NOW)
    assert r.kind == "malformed" and "not a public key" in r.message()
    assert r.problems[0].line == text.split("\n").index(next(ln for ln in text.split("\n")
                                                             if ln.startswith("Key:"))) + 1  # fmt: skip
    assert signed.game.log.head() == head


def test_the_sealed_digest_of_an_ssh_armour_not_ascii_is_computed(signed):
    text = signed.texts[1]
    lines = text.split("\n")
    k = lines.index(envelope.SSH_BEGIN) + 1
    lines[k] = "é" + lines[k]
    env = envelope.parse("\n".join(lines))
    assert len(env.sealed_digest) == 64
    assert env.problem(signed.signers["Prussia"].public)  # and it does not verify


def _mail(sender: bytes, text: str) -> bytes:
    m = EmailMessage()
    m["To"] = "referee@example.org"
    m["Subject"] = "orders"
    m.set_content(text)
    return b"From: " + sender + b"\r\n" + m.as_bytes()


def test_a_from_address_not_ascii_is_not_answered(signed, tmp_path):
    """An 8-bit From address passed as valid, and building the answer raised
    UnicodeEncodeError: ingest quarantined the mail as an internal error, after its
    envelope had been submitted."""
    raw = _mail("Jörg <jörg@example.org>".encode(), signed.texts[0])
    inc = extract.read(raw)
    assert inc.sender == "" and inc.texts

    class Box:
        moved: dict[str, str] = {}

        def messages(self):
            yield "m1", raw

        def move(self, key, folder):
            self.moved[key] = folder

    box = Box()
    rep = ingest(signed.game, box, Outbox(tmp_path / "out"), "referee@example.org", now=NOW)
    [h] = rep.handled
    assert h.outcome in ("accepted", "duplicate") and "internal error" not in h.detail
    assert box.moved == {"m1": "processed"}


def test_a_kept_checkpoint_not_ascii_is_a_finding_not_a_crash(signed):
    """`pbem verify --checkpoint` with a pasted line holding a zero-width space (or a
    superscript digit) raised ValueError instead of reporting it."""
    st = signed.game.state()
    cp = st.checkpoint
    assert not checkpoint.valid(st.created.referee_key, st.game, cp.seq, cp.head,
                                "\u200b" + cp.signature)  # fmt: skip
    with pytest.raises(PbemError, match="a checkpoint reads"):
        checkpoint.parse_text(f"pbem-checkpoint {st.game} ²{cp.seq} {cp.head} {cp.signature}")


def test_a_seal_whose_events_are_not_ascii_digits_is_refused_not_a_crash():
    """The seal reader's `Events: START-STOP` (pbem/reports/seal.py) takes ASCII digits
    only: `²-9` is a SealError, even under a good signature (only the referee's own key
    could sign one)."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from pbem.reports.build import Report
    from pbem.reports.seal import SealError, check, seal

    key = Ed25519PrivateKey.generate()
    for start in ("²", "١", "1²"):
        odd = seal(
            Report("Red", start, 9, "s", "text\n", "<html><body><p>x</p></body></html>"),
            "g 0123456789abcdef",
            key,
        )
        with pytest.raises(SealError, match="is not START-STOP"):
            check(odd.text, None)
    good = seal(
        Report("Red", 1, 9, "s", "text\n", "<html><body><p>x</p></body></html>"),
        "g 0123456789abcdef",
        key,
    )
    assert (check(good.text, None).start, check(good.text, None).stop) == (1, 9)
