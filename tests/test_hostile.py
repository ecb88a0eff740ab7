"""Hostile envelopes: each is answered, none crashes, none changes the game."""

import pytest
from gamekit import NOW, new_game

from pbem import envelope


@pytest.fixture
def kit(tmp_path):
    return new_game(tmp_path)


def _unchanged(kit, text):
    with kit.game() as g:
        before = g.log.head()
        r = g.submit(text, now=NOW)
        assert r.status == "rejected", r.message()
        assert g.log.head() == before
        return r


def test_html_and_script_in_order_text(kit):
    r = _unchanged(kit, kit.envelope("Red", ['<script>alert("x")</script>', "<b>muster 1</b>"]))
    assert r.kind == "orders" and "'<script>alert(\"x\")</script>' is not an order" in r.message()


def test_huge_message(kit):
    r = _unchanged(kit, "x" * 11_000_000)
    assert r.kind == "too-large"


def test_huge_orders_inside_an_envelope(kit):
    r = _unchanged(kit, kit.envelope("Red", ["muster 1"] * 40_000))
    assert r.kind == "too-large"


def test_control_characters_and_nul(kit):
    r = _unchanged(kit, kit.envelope("Red", ["muster\x001", "\x1b[31mmuster 1"]))
    assert r.kind == "orders"


def test_garbage_signature_block(kit):
    good = kit.envelope("Red", ["muster 1"])
    sig_line = next(ln for ln in good.splitlines() if ln.startswith("Signature: "))
    for bad in ("Signature: !!!not base64!!!", "Signature: " + "A" * 10_000, "Signature:"):
        r = _unchanged(kit, good.replace(sig_line, bad))
        assert r.kind in ("forged", "malformed")
    r = _unchanged(kit, good.replace(envelope.SIG, envelope.SSH_BEGIN))
    assert r.kind == "malformed"


def test_header_injection_attempts(kit):
    text = kit.envelope("Red", ["muster 1"], extra_headers="Power: Blue\n")
    r = _unchanged(kit, text)
    assert r.kind == "malformed" and "given twice" in r.message()
    assert _unchanged(kit, kit.envelope("Red", ["muster 1"], seq=10**19)).kind == "malformed"


def test_truncated_mail(kit):
    text = kit.envelope("Red", ["muster 1"])
    r = _unchanged(kit, text[: len(text) // 2])
    assert (
        r.kind in ("truncated", "unsigned")
        and "cut off" in r.message()
        or "not signed" in r.message()
    )
