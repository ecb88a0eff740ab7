import base64
import email
import email.policy
import quopri
import shutil
import subprocess
from email.message import EmailMessage

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from pbem import envelope, keys

BODY = "Game: g\nPower: Prussia\nPhase: 1756-t1-purchase\nSequence: 4\n\nbuy army Berlin\n# Frédéric's reserve\nbuy fleet\n"


@pytest.fixture(scope="module")
def signer():
    pem, _ = keys.generate()
    return keys.Signer.load(pem)


def _ok(text, signer):
    env = envelope.parse(text)
    return env.verify(signer.public)


def test_round_trip(signer):
    text = envelope.sign(BODY, signer)
    env = envelope.parse(text)
    assert env.verify(signer.public)
    assert (env.game, env.power, env.phase, env.seq) == ("g", "Prussia", "1756-t1-purchase", 4)
    assert [o.text for o in env.orders] == ["buy army Berlin", "# Frédéric's reserve", "buy fleet"]
    assert [o.line for o in env.orders] == [7, 8, 9]  # lines of the submitted text
    assert envelope.parse(env.text).digest == env.digest


def test_crlf_line_endings(signer):
    assert _ok(envelope.sign(BODY, signer).replace("\n", "\r\n"), signer)


def test_trailing_blanks_and_blank_lines_added(signer):
    text = envelope.sign(BODY, signer)
    mangled = "\n".join(ln + "  \t" for ln in text.split("\n"))
    mangled = mangled.replace(envelope.BEGIN + "  \t", envelope.BEGIN + "\n\n")
    assert _ok("\ufeffHello referee,\n\n" + mangled + "\n\n-- \nsent from my phone\n", signer)


def test_quoted_printable_mail(signer):
    text = envelope.sign(BODY + "x" * 120 + "\n", signer)  # long line: QP soft-wraps it
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "a@example.org", "ref@example.org", "orders"
    msg.set_content(text, cte="quoted-printable")
    wire = msg.as_bytes()
    assert b"=\n" in wire or b"=\r\n" in wire  # really soft-wrapped
    assert b"=C3=A9" in wire  # and encoded
    parsed = email.message_from_bytes(wire, policy=email.policy.default)
    assert _ok(parsed.get_content(), signer)
    # and decoding by hand (a client that leaves CRLF from the wire)
    assert _ok(
        quopri.decodestring(wire.split(b"\n\n", 1)[1]).decode().replace("\n", "\r\n"), signer
    )


def test_quoted_in_a_reply(signer):
    text = envelope.sign(BODY, signer)
    reply = "Resending:\n\n" + "\n".join("> " + ln if ln else ">" for ln in text.split("\n"))
    assert _ok(reply, signer)


def test_any_change_to_the_orders_breaks_the_signature(signer):
    text = envelope.sign(BODY, signer)
    for a, b in [
        ("buy army Berlin", "buy army Breslau"),
        ("Sequence: 4", "Sequence: 5"),
        ("Power: Prussia", "Power: Austria"),
        ("buy fleet", "buy fleet\nbuy fleet"),
    ]:
        assert not _ok(text.replace(a, b), signer), (a, b)


def test_other_key_does_not_verify(signer):
    other = keys.Signer.load(keys.generate()[0])
    assert not envelope.parse(envelope.sign(BODY, signer)).verify(other.public)


@pytest.mark.parametrize(
    "text,kind,fragment,line",
    [
        ("hello", "unsigned", "no signed orders found", None),
        (f"{envelope.BEGIN}\n{BODY}{envelope.END}\n", "unsigned", "not signed", 10),
        (f"x\n{envelope.BEGIN}\n{BODY}", "truncated", "cut off", None),
        (
            f"{envelope.BEGIN}\nGame: g\nPower: P\nPhase: x\n\nhold\n{envelope.SIG}\nSignature: AA==\n{envelope.END}",
            "malformed",
            "missing header 'Sequence:'",
            1,
        ),
        (
            f"{envelope.BEGIN}\nGame: g\nPower: P\nPhase: x\nSequence: two\n\nhold\n{envelope.SIG}\nSignature: AA==\n{envelope.END}",
            "malformed",
            "Sequence must be a whole number",
            5,
        ),
        (
            f"{envelope.BEGIN}\nGame: g\nTurn: 3\n\nhold\n{envelope.SIG}\nSignature: AA==\n{envelope.END}",
            "malformed",
            "unknown header 'Turn'",
            3,
        ),
    ],
)
def test_malformed_envelopes_name_the_problem_and_line(text, kind, fragment, line):
    with pytest.raises(envelope.EnvelopeError) as e:
        envelope.parse(text)
    assert e.value.kind == kind and fragment in str(e.value)
    if line:
        assert e.value.line == line


def test_two_envelopes_in_one_message(signer):
    text = envelope.sign(BODY, signer)
    with pytest.raises(envelope.EnvelopeError, match="2 envelopes in one message"):
        envelope.parse(text + text)


def test_sign_with_an_openssh_private_key():
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.OpenSSH,
        serialization.NoEncryption(),
    )
    signer = keys.Signer.load(pem)
    assert signer.kind == "ssh" and signer.public.line.startswith("ssh-ed25519 ")
    text = envelope.sign(BODY, signer)
    assert envelope.SSH_BEGIN in text
    env = envelope.parse(text.replace("\n", "\r\n"))
    assert env.sig_kind == "ssh" and env.verify(signer.public)
    assert not env.verify(keys.Signer.load(keys.generate()[0]).public)


def test_envelope_signed_with_ssh_keygen_alone(tmp_path):
    """A player with only OpenSSH: sign the orders file, paste file and .sig together."""
    assert shutil.which("ssh-keygen"), "ssh-keygen not found: install openssh-client"
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", tmp_path / "id"], check=True
    )
    (tmp_path / "orders.txt").write_text(BODY)
    subprocess.run(
        [
            "ssh-keygen",
            "-q",
            "-Y",
            "sign",
            "-f",
            tmp_path / "id",
            "-n",
            "pbem-orders",
            tmp_path / "orders.txt",
        ],
        check=True,
        capture_output=True,
    )
    sig = (tmp_path / "orders.txt.sig").read_text()
    mail = f"{envelope.BEGIN}\n{BODY}{sig}{envelope.END}\n"
    pub = keys.parse_public_key((tmp_path / "id.pub").read_text())
    assert envelope.parse(mail).verify(pub)
    assert envelope.parse(mail.replace("\n", "\r\n")).verify(pub)
    assert not envelope.parse(mail.replace("buy fleet", "buy army")).verify(pub)


def test_public_key_formats():
    with pytest.raises(keys.KeyError_, match="unrecognised public key type"):
        keys.parse_public_key("rsa AAAA")
    with pytest.raises(keys.KeyError_, match="unsupported key type 'ssh-dss'"):
        keys.parse_public_key("ssh-dss AAAAB3NzaC1kc3MAAAA=")
    with pytest.raises(keys.KeyError_, match="32 bytes"):
        keys.parse_public_key("pbem-ed25519 AAAA")
    _, line = keys.generate()
    assert keys.parse_public_key(line + " alice").line == line


def test_encrypted_pbem_key():
    pem, line = keys.generate(b"correct horse")
    assert keys.Signer.load(pem, b"correct horse").public.line == line
    with pytest.raises(keys.KeyError_):
        keys.Signer.load(pem, b"wrong")


# --- issue 17: every line fits in 72 columns; folded headers, wrapped signatures -----------

HEAD64 = "9c0f5e" + "ab" * 29


def _one_line_signature(text: str) -> str:
    """The format pbem wrote before issue 17 (and old logs hold): Signature on one line."""
    lines = text.split("\n")
    i = next(k for k, ln in enumerate(lines) if ln.startswith("Signature: "))
    return "\n".join([*lines[:i], lines[i] + lines[i + 1], *lines[i + 2 :]])


def test_every_line_pbem_signs_fits_in_72_columns(signer):
    body = BODY.replace("Sequence: 4\n", f"Sequence: 4\nCheckpoint: 41 {HEAD64}\n")
    text = envelope.sign(body, signer)
    assert max(len(ln) for ln in text.split("\n")) <= 72, text
    assert f"Checkpoint: 41\n {HEAD64}\n" in text  # folded, continuation starts with a space
    env = envelope.parse(text)
    assert env.verify(signer.public) and env.checkpoint == (41, HEAD64)
    assert env.signed_text.startswith("Game: g\n") and f"\n {HEAD64}\n" in env.signed_text
    # the stored form keeps the signature on one line, as old logs have it
    assert envelope.parse(env.text).sealed_digest == env.sealed_digest
    assert any(len(ln) == len("Signature: ") + 88 for ln in env.text.split("\n"))


def test_the_old_one_line_forms_are_still_read(signer):
    """Envelopes in old logs: Signature on one line, Checkpoint on one line."""
    body = BODY.replace("Sequence: 4\n", f"Sequence: 4\nCheckpoint: 41 {HEAD64}\n")
    text = envelope.sign(body, signer)
    assert f"Checkpoint: 41\n {HEAD64}" in text
    old_body = envelope.unsigned_body(body)  # not folded: signed as it was then
    sig = base64.b64encode(signer.sign_raw(envelope.DOMAIN + old_body.encode())).decode()
    old = (
        f"{envelope.BEGIN}\n{old_body}{envelope.SIG}\nKey: {signer.public.line}\n"
        f"Signature: {sig}\n{envelope.END}\n"
    )
    env = envelope.parse(old)
    assert env.verify(signer.public) and env.checkpoint == (41, HEAD64)
    assert _ok(_one_line_signature(envelope.sign(BODY, signer)), signer)


def test_a_signature_wrapped_anywhere_is_joined(signer):
    text = _one_line_signature(envelope.sign(BODY, signer))
    sig_line = next(ln for ln in text.split("\n") if ln.startswith("Signature: "))
    b64 = sig_line.removeprefix("Signature: ")
    for cut in (0, 10, 60, 87):
        wrapped = f"Signature: {b64[:cut]}\n  {b64[cut:]}"
        assert _ok(text.replace(sig_line, wrapped), signer), cut
    thirds = "\n".join(["Signature:", b64[:30], "", b64[30:60], b64[60:]])
    assert _ok(text.replace(sig_line, thirds), signer)


def test_a_header_cut_by_wrapping_says_so(signer):
    body = BODY.replace("Sequence: 4\n", f"Sequence: 4\nCheckpoint: 41 {HEAD64}\n")
    text = envelope.sign(body, signer)
    for cut in (f"Checkpoint: 41\n{HEAD64}", f"Checkpoint: 41 {HEAD64[:30]}\n{HEAD64[30:]}"):
        hard = text.replace(f"Checkpoint: 41\n {HEAD64}", cut)
        with pytest.raises(envelope.EnvelopeError) as e:
            envelope.parse(hard)
        assert e.value.kind == "malformed" and e.value.line == 7
        assert "mail client probably wrapped" in str(e.value), str(e.value)
    cut_short = text.replace(f"Checkpoint: 41\n {HEAD64}", "Checkpoint: 41")
    with pytest.raises(envelope.EnvelopeError, match="cut short: your mail client probably"):
        envelope.parse(cut_short)


def test_a_signature_cut_by_wrapping_says_so(signer):
    text = _one_line_signature(envelope.sign(BODY, signer))
    sig_line = next(ln for ln in text.split("\n") if ln.startswith("Signature: "))
    # cut at 70 columns and the rest lost; a raw quoted-printable soft break ("=" at the end)
    for bad in (sig_line[:70], sig_line[:70] + "=\n" + sig_line[70:]):
        with pytest.raises(envelope.EnvelopeError) as e:
            envelope.parse(text.replace(sig_line, bad))
        assert e.value.kind == "malformed" and "mail client probably wrapped" in str(e.value)


# --- issue 19: the signature block holds exactly its grammar -------------------------------


@pytest.mark.parametrize(
    "extra,fragment",
    [
        ("Comment: signed on my phone", "unexpected line in the signature block"),
        ("Key: {other}", "second 'Key:' line"),
        ("Signature: {othersig}", "second 'Signature:' line"),
        ("Version: 2", "unexpected line in the signature block"),
    ],
)
def test_the_signature_block_accepts_nothing_but_its_grammar(signer, extra, fragment):
    """Before issue 19 each of these was accepted (and stored in the log)."""
    other = keys.Signer.load(keys.generate()[0])
    text = envelope.sign(BODY, signer)
    othersig = next(
        ln
        for ln in _one_line_signature(envelope.sign(BODY, other)).split("\n")
        if ln.startswith("Signature: ")
    ).removeprefix("Signature: ")
    line = extra.format(other=other.public.line, othersig=othersig)
    mangled = text.replace(envelope.END, f"{line}\n{envelope.END}")
    with pytest.raises(envelope.EnvelopeError) as e:
        envelope.parse(mangled)
    assert e.value.kind == "malformed" and fragment in str(e.value)
    assert e.value.line == len(text.split("\n")) - 1  # the added line


def test_a_key_line_must_be_a_bare_pbem_key(signer):
    text = envelope.sign(BODY, signer)
    key_line = f"Key: {signer.public.line}"
    for bad in (key_line + " alice", "Key: ssh-ed25519 " + "A" * 68, "Key: not a key", "Key:"):
        with pytest.raises(envelope.EnvelopeError, match="Key:"):
            envelope.parse(text.replace(key_line, bad))


def test_a_key_line_naming_another_key_fails_verification(signer):
    other = keys.Signer.load(keys.generate()[0])
    text = envelope.sign(BODY, signer)
    swapped = text.replace(signer.public.line, other.public.line)
    env = envelope.parse(swapped)
    assert not env.verify(signer.public) and not env.verify(other.public)
    assert "its Key: line names the key" in env.problem(signer.public)
    # without a Key: line the signature alone decides
    bare = envelope.parse(text.replace(f"Key: {signer.public.line}\n", ""))
    assert bare.sig_key is None and bare.verify(signer.public)


@pytest.mark.parametrize("seq", ["٣", "１２", "3٣", "\u0663\u0664", "⁴", "+4", "4.0", "4 "])
def test_sequence_takes_ascii_digits_only(signer, seq):
    text = envelope.sign(BODY.replace("Sequence: 4", f"Sequence: {seq}"), signer)
    if seq.strip() == "4":  # trailing blanks are normalised away
        assert envelope.parse(text).seq == 4
        return
    with pytest.raises(envelope.EnvelopeError, match="digits 0-9") as e:
        envelope.parse(text)
    assert e.value.line == 5


def test_checkpoint_takes_ascii_digits_only(signer):
    text = envelope.sign(
        BODY.replace("Sequence: 4\n", f"Sequence: 4\nCheckpoint: ٤١ {HEAD64}\n"), signer
    )
    with pytest.raises(envelope.EnvelopeError, match="Checkpoint must be"):
        envelope.parse(text)


def test_header_names_are_ascii(signer):
    # "ſ".title() == "S": before, this line was taken as the Sequence header
    text = envelope.sign(BODY.replace("Sequence: 4", "ſequence: 4"), signer)
    with pytest.raises(envelope.EnvelopeError, match="expected a header"):
        envelope.parse(text)


# --- issue 17: replies that quote an earlier envelope -----------------------------------------


def _quote(text: str, depth: int = 1) -> str:
    return "\n".join(">" * depth + (" " + ln if ln else "") for ln in text.split("\n"))


def test_an_unquoted_envelope_wins_over_quoted_ones(signer):
    old = envelope.sign(BODY.replace("buy fleet", "buy nothing"), signer)
    new = envelope.sign(BODY.replace("Sequence: 4", "Sequence: 5"), signer)
    for mail in (
        f"{new}\nOn Monday you wrote:\n{_quote(old)}\n",  # top posting
        f"On Monday you wrote:\n{_quote(old)}\n\nMy new orders:\n\n{new}",  # bottom posting
        f"{_quote(_quote(old) + 'x', 1)}\n{new}\n{_quote(old, 3)}",
    ):
        env = envelope.parse(mail)
        assert env.seq == 5 and env.verify(signer.public)
    assert envelope.find_envelopes(f"{new}\n{_quote(old)}") == 1


def test_only_quoted_envelopes(signer):
    old = envelope.sign(BODY, signer)
    older = envelope.sign(BODY.replace("Sequence: 4", "Sequence: 3"), signer)
    # one at the least quoted depth: read (a forwarded envelope; a resend is a duplicate)
    assert envelope.parse(f"Forwarding:\n{_quote(old)}\n{_quote(older, 2)}").seq == 4
    with pytest.raises(envelope.EnvelopeError, match="2 quoted envelopes and no unquoted one"):
        envelope.parse(f"{_quote(old)}\n{_quote(older)}")
    with pytest.raises(envelope.EnvelopeError, match="2 envelopes in one message"):
        envelope.parse(f"{old}\n{older}\n{_quote(old)}")


def test_pbem_sign_warns_of_lines_a_mail_program_would_wrap(tmp_path):
    from click.testing import CliRunner

    from pbem.cli import main

    pem, _ = keys.generate()
    (tmp_path / "k.key").write_bytes(pem)
    (tmp_path / "o.txt").write_text(BODY + "buy " + "army " * 20 + "\n")
    r = CliRunner().invoke(
        main, ["sign", str(tmp_path / "o.txt"), "--key", str(tmp_path / "k.key")]
    )
    assert r.exit_code == 0 and "line(s) 10 of the envelope are longer than 72" in r.stderr
    assert envelope.parse(r.stdout).seq == 4
