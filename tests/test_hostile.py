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


# --- issue 19: the signature block, the Sequence, the replayed answer ---------------------


def test_extra_lines_in_the_signature_block_are_refused(kit):
    good = kit.envelope("Red", ["muster 1"])
    blue = kit.signers["Blue"].public.line
    sig_line = next(ln for ln in good.splitlines() if ln.startswith("Signature: "))
    for extra in ("Comment: hello", f"Key: {blue}", sig_line):
        r = _unchanged(kit, good.replace(envelope.END, f"{extra}\n{envelope.END}"))
        assert r.kind == "malformed", (extra, r.message())


def test_a_key_line_naming_another_players_key_is_refused(kit):
    red, blue = kit.signers["Red"].public.line, kit.signers["Blue"].public.line
    text = kit.envelope("Red", ["muster 1"]).replace(red, blue)
    r = _unchanged(kit, text)
    assert r.kind == "forged" and "its Key: line names the key pbem-ed25519" in r.message()


@pytest.mark.parametrize("seq", ["٣", "１２"])
def test_a_sequence_in_other_digits_is_refused(kit, seq):
    text = kit.envelope("Red", ["muster 1"]).replace("Sequence: 1\n", f"Sequence: {seq}\n")
    r = _unchanged(kit, text)  # (the signature no longer matters: it is refused before)
    assert r.kind == "malformed" and "digits 0-9" in r.message()
    signed = kit.envelope("Red", ["muster 1"], seq=7)
    body = envelope.unsigned_body(signed).replace("Sequence: 7", f"Sequence: {seq}")
    r = _unchanged(kit, envelope.sign(body, kit.signers["Red"]))
    assert r.kind == "malformed" and r.problems[0].line == 5


def test_a_replayed_answer_does_not_tell_the_latest_sequence(kit):
    old = kit.envelope("Red", ["muster 1"], seq=3)
    with kit.game() as g:
        assert g.submit(kit.envelope("Red", ["muster 2"], seq=4715), now=NOW).ok
    r = _unchanged(kit, old)
    assert r.kind == "replayed" and "4715" not in r.message()
    assert "Sequence 3 is not above the last one accepted from Red" in r.message()


def test_orders_and_standing_orders_count_their_sequences_apart(kit):
    """A report's two envelopes carry the same Sequence (docs/signing.md): either may
    arrive first. An old envelope of either kind is still refused as replayed."""
    with kit.game() as g:
        nxt = g.state().next_sequence("Red")
    standing = kit.envelope("Red", ["ambush North"], phase="standing", seq=nxt)
    orders = kit.envelope("Red", ["muster 1"], seq=nxt)
    with kit.game() as g:
        assert g.submit(standing, now=NOW).status == "accepted"
        assert g.submit(orders, now=NOW).status == "accepted"  # same number, other kind
        assert g.state().next_sequence("Red") == nxt + 1
    old = kit.envelope("Red", ["ambush South"], phase="standing", seq=nxt - 1 or 0)
    r = _unchanged(kit, old)
    assert r.kind == "replayed" and "for standing orders" in r.message()
    r = _unchanged(kit, kit.envelope("Red", ["muster 2"], seq=nxt))
    assert r.kind == "replayed" and "for orders" in r.message()
    with kit.game() as g:  # and the log verifies with the same rule
        from pbem.verify import verify

        assert verify(g.path).ok
