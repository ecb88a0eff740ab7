"""Fuzzed envelopes (issue 16, docs/core.md "Fuzzed inputs"): the envelope reader and
`Game.submit` take arbitrary text and every kind of change to validly signed envelopes
(a byte flipped, lines added, removed, reordered or doubled, CRLF, trailing blanks,
NFC/NFD, zero-width and bidi characters, look-alike letters, quoting, huge inputs).

Properties: nothing but EnvelopeError (or a rejection) comes out of bad input; every
rejection says why, naming a line of the input where the input has one; a rejected
envelope leaves the log as it was; an envelope is accepted only if it carries its
player's valid signature, and what is stored is exactly what was signed."""

from __future__ import annotations

import base64
import unicodedata

import pytest
from fuzzkit import (
    KINDS,
    SUBMIT_KINDS,
    Signed,
    fuzz_settings,
    key_of,
    line_count,
    submit,
    timed,
    tried,
    write_summary,
)
from fuzztext import POOL, Draws, blobs, mutate, token_text
from hypothesis import given
from hypothesis import strategies as st

from pbem import checkpoint, envelope, keys, sshsig
from pbem.envelope import EnvelopeError
from pbem.errors import PbemError


@pytest.fixture(scope="module", autouse=True)
def _summary(request):
    yield
    write_summary(request)


@pytest.fixture(scope="module")
def signed(tmp_path_factory):
    s = Signed(tmp_path_factory.mktemp("fuzz-envelope") / "g.pbem")
    yield s
    s.game.close()


# --- the reader --------------------------------------------------------------------------


def read(text: str, signed: Signed) -> None:
    """envelope.parse: an Envelope in its normal form, or an EnvelopeError that says why."""
    try:
        env = envelope.parse(text)
    except EnvelopeError as e:
        assert e.kind in KINDS, e.kind
        assert str(e).strip()
        assert e.line is None or 1 <= e.line <= line_count(text), (e.line, str(e))
        if e.kind == "malformed":
            assert e.line is not None, str(e)
        return
    assert env.signed_text == envelope.normalise(env.signed_text)
    for name in envelope.REQUIRED:
        assert env.headers[name]
    assert env.seq >= 0
    again = envelope.parse(env.text)  # what is stored reads back the same
    assert (again.signed_text, again.signature, again.headers) == (
        env.signed_text,
        env.signature,
        env.headers,
    )
    assert [o.text for o in again.orders] == [o.text for o in env.orders]
    assert len(env.sealed_digest) == 64
    for signer in signed.signers.values():
        why = env.problem(signer.public)
        assert why is None or why.strip()


def test_arbitrary_text_never_crashes_the_reader(signed):
    @fuzz_settings(800)
    @given(st.lists(st.text(max_size=300), min_size=4, max_size=4))
    def run(texts):
        for text in texts:
            read(text, signed)
        tried("envelope:text", len(texts))

    with timed("envelope:text"):
        run()


def test_envelope_shaped_text_never_crashes_the_reader(signed):
    """Text made of the pieces of envelopes: BEGIN and END lines, headers, keys,
    signatures, the lines of real envelopes, tricky strings."""

    @fuzz_settings(1500)
    @given(blobs(8, 24))
    def run(data):
        d = Draws(data)
        for _ in range(8):
            read(token_text(d, signed.tokens, 4 + d.byte() % 20), signed)
        tried("envelope:tokens", 8)

    with timed("envelope:tokens"):
        run()


def test_mutated_envelopes_never_crash_the_reader(signed):
    @fuzz_settings(1500)
    @given(blobs(10, 16))
    def run(data):
        d = Draws(data)
        for _ in range(10):
            read(mutate(d.pick(signed.texts), d, signed.pool, 1 + d.byte() % 3), signed)
        tried("envelope:mutated", 10)

    with timed("envelope:mutated"):
        run()


# --- submitting --------------------------------------------------------------------------


def test_mutated_envelopes_are_accepted_only_as_signed(signed):
    seen: dict[str, int] = {}

    @fuzz_settings(1500)
    @given(blobs(8, 16))
    def run(data):
        d = Draws(data)
        for _ in range(8):
            text = mutate(d.pick(signed.texts), d, signed.pool, 1 + d.byte() % 3)
            outcome = submit(signed, text)
            seen[outcome] = seen.get(outcome, 0) + 1
        tried("submit:mutated", 8)

    with timed("submit:mutated"):
        run()
    # the mutations reach every kind of answer, acceptances too
    assert {"malformed", "forged", "accepted", "duplicate"} <= set(seen), seen


def benign(d: Draws, text: str, others: list[str]) -> str:
    """`text` changed only in what the signature does not cover: one change a mail
    client or a player's editor makes, then perhaps its line ends."""
    how = d.byte() % 7
    lines = text.split("\n")
    if how == 1:
        text = "\n".join(ln + " \t"[: 1 + d.byte() % 2] for ln in lines)
    elif how == 2:
        text = "\ufeff" + text
    elif how == 3:
        text = "\n".join("> " + ln for ln in lines)
    elif how == 4:  # mail around it
        junk = [x for x in (d.odd() for _ in range(3)) if "PBEM" not in x and "-----" not in x]
        text = "\n".join(junk) + "\n" + text + "\n" + d.odd().replace("-", "")
    elif how == 5:
        text = unicodedata.normalize("NFD", text)
    elif how == 6:  # a reply quoting another envelope above it
        quoted = "\n".join("> " + ln for ln in d.pick(others).split("\n"))
        text = f"On Monday you wrote:\n{quoted}\n\n{text}"
    else:  # blank lines after BEGIN and in the signature block
        text = "\n".join([lines[0], "", *lines[1:-3], "", *lines[-3:]])
    return text.replace("\n", ("\n", "\r\n", "\r")[d.byte() % 3])


def test_what_the_signature_does_not_cover_may_change(signed):
    """Mail clients change line ends, blanks, quoting and normal forms: the envelope
    still counts (accepted once, then a duplicate)."""

    @fuzz_settings(300)
    @given(blobs(8, 8))
    def run(data):
        d = Draws(data)
        for _ in range(8):
            text = benign(d, d.pick(signed.texts[:2]), signed.texts)
            assert submit(signed, text) in ("accepted", "duplicate"), text
        tried("submit:benign", 8)

    with timed("submit:benign"):
        run()


def test_huge_inputs_are_refused_with_a_reason(signed):
    @fuzz_settings(40)
    @given(st.integers(0, 5), st.integers(1_000, 400_000), st.sampled_from(POOL[:40]))
    def run(how, size, filler):
        base = signed.texts[0]
        filler = filler or "x"
        pad = (filler * (size // len(filler) + 1))[:size]
        lines = base.split("\n")
        text = [
            pad + "\n" + base,  # a long mail before it
            base + "\n" + (pad + "\n") * 3,  # and after it
            "\n".join([*lines[:6], pad, *lines[6:]]),  # a huge order line
            "\n".join([lines[0], "X-Pad: " + pad, *lines[1:]]),  # a huge header
            "\n".join([*lines[:6], *["buy army"] * (size // 9), *lines[6:]]),  # many lines
            base.replace("Signature: ", "Signature: " + "A" * (size // 2)),
        ][how]
        read(text, signed)
        assert submit(signed, text) in SUBMIT_KINDS | {"duplicate"}
        tried("envelope:huge", 2)

    with timed("envelope:huge"):
        run()


# --- keys and SSH signatures -------------------------------------------------------------


def _string(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def test_ssh_signature_blobs_never_crash_the_checker(signed):
    """SSHSIG blobs built field by field, each field real, missing or made up."""
    real = signed.texts[1]
    armour = real[real.index(envelope.SSH_BEGIN) : real.index(envelope.SSH_END)]
    blob = base64.b64decode("".join(armour.split("\n")[1:]))
    key = signed.signers["Prussia"].public.key
    types = [b"ssh-ed25519", b"ssh-rsa", b"ecdsa-sha2-nistp256", b"rsa-sha2-512", b"ssh-dss", b""]

    @fuzz_settings(800)
    @given(blobs(8, 16))
    def run(data):
        d = Draws(data)
        for _ in range(8):
            pieces = [
                b"SSHSIG" if d.byte() % 8 else d.odd().encode(),
                (1 if d.byte() % 8 else d.byte()).to_bytes(4, "big"),
                _string(d.pick(types) + bytes(d.byte() % 80)),
                _string(b"pbem-orders" if d.byte() % 4 else d.odd().encode()),
                _string(b"" if d.byte() % 8 else b"x"),
                _string(d.pick([b"sha512", b"sha256", b"md5"])),
                _string(_string(d.pick(types)) + _string(bytes(d.byte() % 130))),
            ]
            cut = [blob, b"".join(pieces)][d.byte() % 2]
            cut = cut[: d.int(len(cut) + 1)] if d.byte() % 3 == 0 else cut
            text = "\n".join([envelope.SSH_BEGIN, base64.b64encode(cut).decode(), envelope.SSH_END])
            with pytest.raises(sshsig.SshSigError):
                sshsig.verify(text, b"not what was signed", key)
        tried("sshsig:blobs", 8)

    with timed("sshsig:blobs"):
        run()


def test_key_lines_never_crash_the_key_reader(signed):
    lines = [s.public.line for s in signed.signers.values()]

    @fuzz_settings(500)
    @given(blobs(8, 16))
    def run(data):
        d = Draws(data)
        for _ in range(8):
            line = mutate(d.pick(lines), d, POOL, 1 + d.byte() % 2)
            try:
                key = keys.parse_public_key(line)
            except keys.KeyError_ as e:
                assert str(e).strip()
            else:
                assert key.kind in ("pbem", "ssh") and key.line.split()[0] == line.split()[0]
        tried("keys:lines", 8)

    with timed("keys:lines"):
        run()


def test_kept_checkpoints_never_crash_their_check(signed):
    """`pbem verify --checkpoint LINE` reads a line a player pasted."""
    st_ = signed.game.state()
    cp = st_.checkpoint
    real = checkpoint.text(st_.game, cp.seq, cp.head, cp.signature)
    referee = st_.created.referee_key

    @fuzz_settings(300)
    @given(blobs(8, 16))
    def run(data):
        d = Draws(data)
        for _ in range(8):
            line = mutate(real, d, [real, *real.split()], 1 + d.byte() % 2)
            try:
                game, seq, head, sig = checkpoint.parse_text(line)
            except PbemError as e:
                assert str(e).strip()
                continue
            ok = checkpoint.valid(referee, game, seq, head, sig)
            try:  # base64 that decodes to the same bytes is the same signature
                same = base64.b64decode(sig, validate=True) == base64.b64decode(cp.signature)
            except ValueError:
                same = False
            assert ok == ((game, seq, head) == (st_.game, cp.seq, cp.head) and same)
        tried("checkpoint:lines", 8)

    with timed("checkpoint:lines"):
        run()


def test_an_envelope_signed_as_sent_is_accepted(signed):
    """The base envelopes are real: Austria's orders and Prussia's standing orders count."""
    for text in signed.texts[:2]:
        assert submit(signed, text) in ("accepted", "duplicate")
    assert submit(signed, signed.texts[2]) == "wrong-phase"


def test_the_key_of_a_player_is_its_own(signed):
    assert signed.signers["Austria"].public.line == key_of("Austria").public.line
