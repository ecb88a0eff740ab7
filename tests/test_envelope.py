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
