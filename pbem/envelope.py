"""Signed order envelopes (DESIGN "Orders"; the grammar is in docs/signing.md,
"The envelope, exactly").

    -----BEGIN PBEM ORDERS-----
    Game: demo-1756 3f9a1c7e5b2d4a60
    Power: Prussia
    Phase: 1756-t1-purchase
    Sequence: 7
    Checkpoint: 41                    (optional: the last checkpoint the player saw,
     9c0f...e2                         folded: a continuation line starts with a space)

    buy army Berlin
    -----BEGIN PBEM SIGNATURE-----
    Key: pbem-ed25519 Zm9v...
    Signature: 3q2+7w...              (base64, wrapped: the lines after it that hold
    Jk1...                             base64 characters only continue it)
    -----END PBEM ORDERS-----

The signature covers the normalised text between the BEGIN line and the signature
block: a UTF-8 BOM dropped, every line ending made "\\n", trailing blanks removed
from each line, blank lines at either end removed, Unicode NFC, and one final
"\\n". A pbem key signs b"pbem-orders-v1\\n" + that text with Ed25519; an OpenSSH
key signs the text itself as an SSHSIG with namespace "pbem-orders", whose armour
then takes the place of the PBEM SIGNATURE block. Every line pbem writes fits in
72 characters, so that mail clients that wrap lines leave it alone.

The envelope may sit anywhere in a mail, also quoted ("> " before every line). An
unquoted envelope is the sender's; quoted ones (an earlier mail in a reply) are
then ignored. With only quoted envelopes, the least quoted one is read if it is
the only one at its depth.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata
from dataclasses import dataclass, field

from .canonical import sha256_hex
from .errors import PbemError
from .keys import KeyError_, PublicKey, Signer, parse_public_key
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
WIDTH = 72  # no line pbem asks a player to mail is longer
SIG_CHUNK = 44  # base64 characters per signature line (88 in all: two lines)
WRAP_HINT = (
    "your mail client probably wrapped long lines: turn off automatic line wrapping "
    "(or send plain text), or attach the signed file as a .txt file"
)

_LINE_SPLIT = re.compile(r"\r\n|\r|\n")
_QUOTE = re.compile(r"^((?:[ \t]*>)+[ \t]?)")
_HEADER = re.compile(r"[ \t]*([A-Za-z][A-Za-z0-9-]*)[ \t]*:(.*)")
_NUMBER = re.compile(r"[0-9]{1,18}")  # ASCII digits only: `\d` also matches "٣" and "１"
_CHECKPOINT = re.compile(r"[0-9]{1,18} [0-9a-f]{64}")
_BASE64 = re.compile(r"[A-Za-z0-9+/=]+")


def hidden_character(text: str) -> str | None:
    """The first character of `text` that would not show as itself (tabs aside): control
    codes (NUL, ESC and its terminal sequences, C1), format characters (bidi overrides,
    zero-width ones) and line or paragraph separators, named as `U+001B`. None: there is
    none. Envelopes carry none of them (docs/signing.md): in the log, a report or the
    referee's terminal they would hide or disguise what the orders say."""
    for c in text:
        if c != "\t" and unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp"):
            return f"U+{ord(c):04X}"
    return None


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
    headers: dict[str, str]  # continuation lines unfolded: "41 9c0f..."
    orders: list[OrderLine]
    signed_text: str  # normalised: exactly what the signature covers
    sig_kind: str  # "pbem" or "ssh"
    sig_key: str | None  # the Key: line of a pbem signature block, as a key line
    signature: str  # base64 in one piece (pbem) or the SSHSIG armour (ssh)
    text: str  # the whole envelope, BEGIN..END, normalised (Signature: on one line)
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
        except ValueError:  # binascii.Error, or a character not ASCII
            raw = material.encode("utf-8")
        return sha256_hex(DOMAIN_SEALED + self.signed_text.encode("utf-8") + b"\n" + raw)

    def problem(self, key: PublicKey) -> str | None:
        """Why the envelope does not verify with `key` (None: it does)."""
        message = self.signed_text.encode("utf-8")
        if self.sig_kind == "pbem":
            if key.kind != "pbem":
                return "it carries a PBEM signature block, but the key is an OpenSSH key"
            if self.sig_key is not None and self.sig_key != key.line:
                return (
                    f"its Key: line names the key {_short(self.sig_key)}, "
                    f"not {_short(key.line)}, the key it is checked with"
                )
            try:
                sig = base64.b64decode(self.signature, validate=True)
            except binascii.Error:
                return "the signature is not base64"
            if key.verify_raw(sig, DOMAIN + message):
                return None
            return "the text was changed after signing, or it was signed with another key"
        if key.kind != "ssh":
            return "it carries an SSH signature, but the key is a pbem key"
        from . import sshsig

        try:
            sshsig.verify(self.signature, message, key.key, NAMESPACE)
        except sshsig.SshSigError as e:
            return f"the SSH signature does not verify ({e})"
        return None

    def verify(self, key: PublicKey) -> bool:
        return self.problem(key) is None


def _short(line: str) -> str:
    kind, _, b64 = line.partition(" ")
    return f"{kind} {b64[:12]}..."


def _unquote(line: str) -> tuple[str, str]:
    m = _QUOTE.match(line)
    return (m.group(1), line[m.end() :]) if m else ("", line)


def _begin_lines(raw: list[str]) -> list[int]:
    """Indexes of the BEGIN lines that count: the least quoted ones (an unquoted
    envelope wins over quoted ones, which are earlier mails in a reply)."""
    starts = []
    for i, ln in enumerate(raw):
        prefix, rest = _unquote(ln)
        if rest.strip() == BEGIN:
            starts.append((prefix.count(">"), i))
    if not starts:
        return []
    depth = min(d for d, _ in starts)
    return [i for d, i in starts if d == depth]


def find_envelopes(text: str) -> int:
    """How many envelopes of `text` count (the least quoted ones)."""
    return len(_begin_lines(split_lines(text)))


def parse(text: str) -> Envelope:
    """Find and read the one envelope in `text`; EnvelopeError names the line."""
    if len(text) > MAX_ENVELOPE_CHARS * 50:
        raise EnvelopeError(f"message too large ({len(text)} characters)", kind="too-large")
    raw = split_lines(text)
    starts = _begin_lines(raw)
    if not starts:
        raise EnvelopeError(f"no signed orders found: no line {BEGIN!r}", kind="unsigned")
    start = starts[0]
    prefix = _unquote(raw[start])[0].rstrip()
    if len(starts) > 1:
        why = (
            f"{len(starts)} quoted envelopes and no unquoted one; paste the one you mean "
            "without '> ' quoting"
            if prefix
            else f"{len(starts)} envelopes in one message; send one per message "
            "(envelopes quoted with '> ' from earlier mail are ignored)"
        )
        raise EnvelopeError(why, starts[1] + 1)
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
    sig_lines: list[tuple[int, str]] = []
    i += 1
    while i < len(raw):
        ln = _unquote(raw[i])[1] if prefix else raw[i]
        if ln.strip() == END:
            break
        sig_lines.append((i + 1, ln.strip()))
        i += 1
    else:
        raise EnvelopeError(
            f"the envelope is cut off: no {END!r} line (was the mail truncated?)", kind="truncated"
        )
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
    headers, header_lines, j = _headers(norm, start + 1)
    orders = [OrderLine(n, t) for n, t in norm[j + 1 :]]

    if marker == SIG:
        key, sig = _pbem_block(sig_lines, sig_start + 1)
        kind = "pbem"
        sig_text = [SIG, *([f"Key: {key}"] if key else []), f"Signature: {sig}"]
    else:
        plain = [x for _, x in sig_lines]
        if SSH_END not in plain:
            raise EnvelopeError(f"SSH signature has no {SSH_END!r} line", sig_start + 1)
        cut = plain.index(SSH_END)
        kind, key = "ssh", None
        sig = "\n".join([SSH_BEGIN, *[x for x in plain[:cut] if x], SSH_END]) + "\n"
        sig_text = sig.rstrip("\n").split("\n")
    text_out = "\n".join([BEGIN, signed_text.rstrip("\n"), *sig_text, END]) + "\n"
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


_NO_HEADERS = (
    f"no headers: orders start with the lines {', '.join(REQUIRED)}, then one blank line "
    "(copy them from your report's order template)"
)


def _headers(
    norm: list[tuple[int, str]], begin_line: int
) -> tuple[dict[str, str], dict[str, int], int]:
    """The header lines up to the first blank line: `Name: value`, where a line that
    starts with a space or tab and is not itself `Name: value` continues the value
    before it (joined with one space). Returns the headers, their lines, and the
    index of the blank line."""
    headers: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    j = 0
    last: str | None = None
    while j < len(norm) and norm[j][1]:
        n, t = norm[j]
        m = _HEADER.fullmatch(t)
        if m is None and last is not None and t[:1] in (" ", "\t"):
            headers[last] = f"{headers[last]} {t.strip()}".strip()
            j += 1
            continue
        if m is None:
            if not any(h in headers for h in ("Game", "Power", "Phase")):
                raise EnvelopeError(_NO_HEADERS, n)
            if not any(not x for _, x in norm[j:]):  # no blank line: orders right under headers
                raise EnvelopeError(
                    f"expected a header 'Name: value', got {t[:60]!r}: one blank line "
                    "separates the headers from the orders",
                    n,
                )
            hint = f"; if it belongs to the line before, {WRAP_HINT}" if last else ""
            raise EnvelopeError(
                f"expected a header 'Name: value' before the blank line, got {t[:60]!r}{hint}", n
            )
        name = m.group(1).title()
        if name not in REQUIRED + OPTIONAL and not name.startswith("X-"):
            raise EnvelopeError(
                f"unknown header {name!r}; headers are {', '.join(REQUIRED + OPTIONAL)}", n
            )
        if name in headers:
            raise EnvelopeError(f"header {name!r} given twice", n)
        headers[name] = m.group(2).strip()
        header_lines[name] = n
        last = name
        j += 1
    if not any(headers.get(x) for x in ("Game", "Power", "Phase")):  # `pbem sign` adds Sequence
        raise EnvelopeError(_NO_HEADERS, begin_line)
    for name in REQUIRED:
        if not headers.get(name):
            raise EnvelopeError(f"missing header '{name}:'", begin_line)
    if not _NUMBER.fullmatch(headers["Sequence"]):
        raise EnvelopeError(
            "Sequence must be a whole number of at most 18 digits 0-9, "
            f"got {headers['Sequence'][:40]!r}",
            header_lines["Sequence"],
        )
    cp = headers.get("Checkpoint")
    if cp and not _CHECKPOINT.fullmatch(cp):
        cut = _NUMBER.fullmatch(cp) or re.fullmatch(r"[0-9]{1,18} [0-9a-f]{1,63}", cp)
        raise EnvelopeError(
            "Checkpoint must be '<event number> <64 hex digits>' as printed in your last report"
            + (f"; it looks cut short: {WRAP_HINT}" if cut else ""),
            header_lines["Checkpoint"],
        )
    return headers, header_lines, j


def _pbem_block(lines: list[tuple[int, str]], first: int) -> tuple[str | None, str]:
    """The PBEM signature block (docs/signing.md): at most one `Key:` line, exactly
    one `Signature:` line whose base64 may go on over the lines right after it that
    hold base64 characters only; blank lines are ignored; nothing else."""
    key: str | None = None
    sig: list[str] | None = None
    continuing = False
    for n, ln in lines:
        if not ln:
            continue
        name, colon, value = ln.partition(":")
        name = name.strip().lower()
        if colon and name == "key":
            if key is not None:
                raise EnvelopeError("the signature block has a second 'Key:' line", n)
            try:
                parsed = parse_public_key(value)
            except KeyError_ as e:
                raise EnvelopeError(f"the 'Key:' line is not a public key: {e}", n) from None
            if parsed.kind != "pbem" or value.split() != parsed.line.split():
                raise EnvelopeError(
                    "the 'Key:' line must be 'Key: pbem-ed25519 <base64>' and nothing else", n
                )
            key, continuing = parsed.line, False
        elif colon and name == "signature":
            if sig is not None:
                raise EnvelopeError("the signature block has a second 'Signature:' line", n)
            sig, continuing = [value.strip()], True
            if sig[0] and not _BASE64.fullmatch(sig[0]):
                raise EnvelopeError(f"the Signature is not base64: {sig[0][:40]!r}", n)
        elif continuing and _BASE64.fullmatch(ln):
            assert sig is not None
            sig.append(ln)
        else:
            hint = f"; {WRAP_HINT}" if _BASE64.fullmatch(ln) else ""
            raise EnvelopeError(
                f"unexpected line in the signature block: {ln[:40]!r} (it holds only "
                f"'Key:' and 'Signature:', and the base64 lines that go on from it){hint}",
                n,
            )
    if sig is None:
        raise EnvelopeError("signature block has no 'Signature:' line", first)
    joined = "".join(sig)
    try:
        ok = len(base64.b64decode(joined, validate=True)) == 64
    except binascii.Error:
        ok = False
    if not ok:
        raise EnvelopeError(
            f"the Signature must be 88 base64 characters (64 bytes), got {len(joined)} "
            f"characters: cut short or broken? {WRAP_HINT}",
            first,
        )
    return key, joined


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


def fold_headers(body: str) -> str:
    """Header lines longer than WIDTH folded at their last space that fits: the rest
    goes on a continuation line that starts with a space ("Checkpoint: 41" and
    " 9c0f..."). Order lines are left as they are."""
    head, sep, rest = body.partition("\n\n")
    out = []
    for ln in head.split("\n"):
        while len(ln) > WIDTH and " " in ln[1:WIDTH]:
            cut = ln.rindex(" ", 1, WIDTH)
            if not ln[:cut].strip() or ":" not in ln[:cut]:
                break
            out.append(ln[:cut])
            ln = " " + ln[cut + 1 :]
        out.append(ln)
    return "\n".join(out) + sep + rest


def fit_comment(line: str, width: int = WIDTH) -> list[str]:
    """A "#" comment line of an order template wrapped into comment lines that fit
    in `width` (every line a player is asked to mail fits; a client that wraps
    would change the signed text). Other lines are returned as they are."""
    if len(line) <= width or not line.lstrip().startswith("#"):
        return [line]
    import textwrap

    indent = line[: len(line) - len(line.lstrip())]
    text = line.lstrip()[1:].strip()
    return textwrap.wrap(
        text,
        width,
        initial_indent=f"{indent}# ",
        subsequent_indent=f"{indent}#   ",
        break_long_words=False,
        break_on_hyphens=False,
    ) or [line]


def sign(text: str, signer: Signer) -> str:
    """A signed envelope for the headers and orders in `text` (long header lines folded,
    the signature wrapped: every line pbem adds fits in WIDTH characters)."""
    body = fold_headers(unsigned_body(text))
    message = body.encode("utf-8")
    if signer.kind == "pbem":
        sig = base64.b64encode(signer.sign_raw(DOMAIN + message)).decode("ascii")
        wrapped = "\n".join(sig[k : k + SIG_CHUNK] for k in range(0, len(sig), SIG_CHUNK))
        block = f"{SIG}\nKey: {signer.public.line}\nSignature: {wrapped}\n"
    else:
        block = signer.sshsig(message, NAMESPACE)
        if not block.endswith("\n"):
            block += "\n"
    return f"{BEGIN}\n{body}{block}{END}\n"
