"""Signed order envelopes (DESIGN "Orders").

    -----BEGIN PBEM ORDERS-----
    Game: demo-1756
    Power: Prussia
    Phase: 1756-t1-purchase
    Sequence: 7
    Checkpoint: 41 9c0f...e2          (optional: the last checkpoint the player saw)

    buy army Berlin
    -----BEGIN PBEM SIGNATURE-----
    Key: pbem-ed25519 Zm9v...
    Signature: 3q2+7w...
    -----END PBEM ORDERS-----

The signature covers the normalised text between the BEGIN line and the signature
block: a UTF-8 BOM dropped, every line ending made "\\n", trailing blanks removed
from each line, blank lines at either end removed, Unicode NFC, and one final
"\\n". A pbem key signs b"pbem-orders-v1\\n" + that text with Ed25519; an OpenSSH
key signs the text itself as an SSHSIG with namespace "pbem-orders", whose armour
then takes the place of the PBEM SIGNATURE block.

The envelope may sit anywhere in a mail, also quoted ("> " before every line).
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata
from dataclasses import dataclass, field

from .canonical import sha256_hex
from .errors import PbemError
from .keys import PublicKey, Signer
from .ruleset import OrderLine

BEGIN = "-----BEGIN PBEM ORDERS-----"
END = "-----END PBEM ORDERS-----"
SIG = "-----BEGIN PBEM SIGNATURE-----"
SSH_BEGIN = "-----BEGIN SSH SIGNATURE-----"
SSH_END = "-----END SSH SIGNATURE-----"
DOMAIN = b"pbem-orders-v1\n"
DOMAIN_SEALED = b"pbem-sealed-digest-v1\n"
NAMESPACE = "pbem-orders"
REQUIRED = ("Game", "Power", "Phase", "Sequence")
OPTIONAL = ("Checkpoint",)
MAX_ENVELOPE_CHARS = 200_000

_LINE_SPLIT = re.compile(r"\r\n|\r|\n")
_QUOTE = re.compile(r"^((?:[ \t]*>)+[ \t]?)")


class EnvelopeError(PbemError):
    def __init__(self, message: str, line: int | None = None, kind: str = "malformed"):
        self.line = line
        self.kind = kind
        super().__init__(f"line {line}: {message}" if line else message)


def split_lines(text: str) -> list[str]:
    if text.startswith("\ufeff"):
        text = text[1:]
    return _LINE_SPLIT.split(text)


def normalise(text: str) -> str:
    lines = [unicodedata.normalize("NFC", ln.rstrip()) for ln in split_lines(text)]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n" if lines else ""


@dataclass
class Envelope:
    headers: dict[str, str]
    orders: list[OrderLine]
    signed_text: str  # normalised: exactly what the signature covers
    sig_kind: str  # "pbem" or "ssh"
    sig_key: str | None  # the key line quoted in a pbem signature block
    signature: str  # base64 (pbem) or the SSHSIG armour (ssh)
    text: str  # the whole envelope, BEGIN..END, normalised
    first_line: int = 1  # line of BEGIN in the submitted text
    header_lines: dict[str, int] = field(default_factory=dict)

    @property
    def game(self) -> str:
        return self.headers["Game"]

    @property
    def power(self) -> str:
        return self.headers["Power"]

    @property
    def phase(self) -> str:
        return self.headers["Phase"]

    @property
    def seq(self) -> int:
        return int(self.headers["Sequence"])

    @property
    def checkpoint(self) -> tuple[int, str] | None:
        cp = self.headers.get("Checkpoint")
        if not cp:
            return None
        seq, _, head = cp.partition(" ")
        return int(seq), head.strip()

    @property
    def digest(self) -> str:
        """SHA-256 of the signed text alone: version 1 logs only. Orders come from a
        small grammar, so anyone could test guesses against it."""
        return sha256_hex(self.signed_text)

    @property
    def sealed_digest(self) -> str:
        """SHA-256 of DOMAIN_SEALED + signed text + "\\n" + the raw signature bytes (the
        64 Ed25519 bytes, or the SSHSIG blob inside the armour). Only the envelope's
        holders (its player, the referee, an auditor with the log) can compute it:
        a guess of the orders cannot be tested without the signature."""
        if self.sig_kind == "pbem":
            material = self.signature
        else:
            material = "".join(
                ln.strip() for ln in self.signature.splitlines() if ln.strip() and "-----" not in ln
            )
        try:
            raw = base64.b64decode(material, validate=True)
        except binascii.Error:
            raw = material.encode("utf-8")
        return sha256_hex(DOMAIN_SEALED + self.signed_text.encode("utf-8") + b"\n" + raw)

    def verify(self, key: PublicKey) -> bool:
        message = self.signed_text.encode("utf-8")
        if self.sig_kind == "pbem":
            if key.kind != "pbem":
                return False
            try:
                sig = base64.b64decode(self.signature, validate=True)
            except binascii.Error:
                return False
            return key.verify_raw(sig, DOMAIN + message)
        if key.kind != "ssh":
            return False
        from . import sshsig

        try:
            sshsig.verify(self.signature, message, key.key, NAMESPACE)
        except sshsig.SshSigError:
            return False
        return True


def find_envelopes(text: str) -> int:
    return sum(1 for ln in split_lines(text) if _unquote(ln)[1].strip() == BEGIN)


def _unquote(line: str) -> tuple[str, str]:
    m = _QUOTE.match(line)
    return (m.group(1), line[m.end() :]) if m else ("", line)


def parse(text: str) -> Envelope:
    """Find and read the one envelope in `text`; EnvelopeError names the line."""
    if len(text) > MAX_ENVELOPE_CHARS * 50:
        raise EnvelopeError(f"message too large ({len(text)} characters)", kind="too-large")
    raw = split_lines(text)
    starts = [i for i, ln in enumerate(raw) if _unquote(ln)[1].strip() == BEGIN]
    if not starts:
        raise EnvelopeError(f"no signed orders found: no line {BEGIN!r}", kind="unsigned")
    if len(starts) > 1:
        raise EnvelopeError(
            f"{len(starts)} envelopes in one message; send one per message", starts[1] + 1
        )
    start = starts[0]
    prefix = _unquote(raw[start])[0].rstrip()
    body: list[tuple[int, str]] = []
    i = start + 1
    marker = None
    while i < len(raw):
        ln = raw[i]
        if prefix and ln.lstrip().startswith(prefix.strip()):
            ln = _unquote(ln)[1]
        s = ln.strip()
        if s in (SIG, SSH_BEGIN, END):
            marker = s
            break
        if s == BEGIN:
            raise EnvelopeError("a second BEGIN line inside the envelope", i + 1)
        body.append((i + 1, ln))
        i += 1
    if marker is None:
        raise EnvelopeError(
            f"the envelope is cut off: no {END!r} line (was the mail truncated?)", kind="truncated"
        )
    if marker == END:
        raise EnvelopeError(
            "the orders are not signed: sign them with `pbem sign FILE --key KEY`",
            i + 1,
            kind="unsigned",
        )
    sig_start = i
    sig_lines: list[str] = []
    i += 1
    while i < len(raw):
        ln = _unquote(raw[i])[1] if prefix else raw[i]
        if ln.strip() == END:
            break
        sig_lines.append(ln.strip())
        i += 1
    else:
        raise EnvelopeError(
            f"the envelope is cut off: no {END!r} line (was the mail truncated?)", kind="truncated"
        )
    end_line = i
    if len("".join(x for _, x in body)) > MAX_ENVELOPE_CHARS:
        raise EnvelopeError(
            f"orders longer than {MAX_ENVELOPE_CHARS} characters", start + 1, kind="too-large"
        )

    # strip blank lines at both ends, keeping original line numbers
    while body and not body[0][1].strip():
        body.pop(0)
    while body and not body[-1][1].strip():
        body.pop()
    norm = [(n, unicodedata.normalize("NFC", t.rstrip())) for n, t in body]
    signed_text = "\n".join(t for _, t in norm) + "\n" if norm else ""

    headers: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    j = 0
    while j < len(norm) and norm[j][1]:
        n, t = norm[j]
        name, colon, value = t.partition(":")
        name = name.strip().title()
        if not colon or not name or " " in name:
            raise EnvelopeError(
                f"expected a header 'Name: value' before the blank line, got {t[:60]!r}", n
            )
        if name not in REQUIRED + OPTIONAL and not name.startswith("X-"):
            raise EnvelopeError(
                f"unknown header {name!r}; headers are {', '.join(REQUIRED + OPTIONAL)}", n
            )
        if name in headers:
            raise EnvelopeError(f"header {name!r} given twice", n)
        headers[name] = value.strip()
        header_lines[name] = n
        j += 1
    for name in REQUIRED:
        if not headers.get(name):
            raise EnvelopeError(f"missing header '{name}:'", start + 1)
    if not re.fullmatch(r"\d{1,18}", headers["Sequence"]):
        raise EnvelopeError(
            f"Sequence must be a whole number, got {headers['Sequence']!r}",
            header_lines["Sequence"],
        )
    cp = headers.get("Checkpoint")
    if cp and not re.fullmatch(r"\d{1,18} [0-9a-f]{64}", cp):
        raise EnvelopeError(
            "Checkpoint must be '<event number> <64 hex digits>' as printed in your last report",
            header_lines["Checkpoint"],
        )
    orders = [OrderLine(n, t) for n, t in norm[j + 1 :]]

    if marker == SIG:
        fields: dict[str, str] = {}
        for k, ln in enumerate(sig_lines):
            if not ln:
                continue
            name, colon, value = ln.partition(":")
            if not colon:
                raise EnvelopeError(f"bad signature line {ln[:40]!r}", sig_start + 2 + k)
            fields[name.strip().title()] = value.strip()
        if "Signature" not in fields:
            raise EnvelopeError("signature block has no 'Signature:' line", sig_start + 1)
        kind, sig, key = "pbem", fields["Signature"], fields.get("Key")
        sig_text = [SIG, *(f"{k}: {v}" for k, v in fields.items())]
    else:
        if SSH_END not in sig_lines:
            raise EnvelopeError(f"SSH signature has no {SSH_END!r} line", sig_start + 1)
        cut = sig_lines.index(SSH_END)
        kind, key = "ssh", None
        sig = "\n".join([SSH_BEGIN, *[x for x in sig_lines[:cut] if x], SSH_END]) + "\n"
        sig_text = sig.rstrip("\n").split("\n")
    text_out = "\n".join([BEGIN, signed_text.rstrip("\n"), *sig_text, END]) + "\n"
    del end_line
    return Envelope(
        headers=headers,
        orders=orders,
        signed_text=signed_text,
        sig_kind=kind,
        sig_key=key,
        signature=sig,
        text=text_out,
        first_line=start + 1,
        header_lines=header_lines,
    )


def unsigned_body(text: str) -> str:
    """The text to sign from a file: its own envelope body if it has one, else all of it."""
    lines = split_lines(text)
    for i, ln in enumerate(lines):
        if ln.strip() == BEGIN:
            rest = []
            for ln2 in lines[i + 1 :]:
                if ln2.strip() in (SIG, SSH_BEGIN, END):
                    break
                rest.append(ln2)
            return normalise("\n".join(rest))
    return normalise(text)


def sign(text: str, signer: Signer) -> str:
    """A signed envelope for the headers and orders in `text`."""
    body = unsigned_body(text)
    message = body.encode("utf-8")
    if signer.kind == "pbem":
        sig = base64.b64encode(signer.sign_raw(DOMAIN + message)).decode("ascii")
        block = f"{SIG}\nKey: {signer.public.line}\nSignature: {sig}\n"
    else:
        block = signer.sshsig(message, NAMESPACE)
        if not block.endswith("\n"):
            block += "\n"
    return f"{BEGIN}\n{body}{block}{END}\n"
