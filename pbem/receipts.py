"""Signed receipts: the referee's answer to every envelope, accepted or not (issue 16).

    -----BEGIN PBEM RECEIPT-----
    Game: demo 3f9a1c7e5b2d4a60
    Power: Prussia
    Phase: 1756-t1-purchase
    Envelope: sealed 9c0f...
    Outcome: accepted                  (duplicate; or "rejected KIND")
    Reason: line 9: ...                (rejected only; one line per problem)
    Event: 15 3b7a...                  (accepted, duplicate: the event holding it)
    Head: 14 77c1...                   (rejected: the log's last event then)
    Time: 2026-11-25T04:00:00Z
    Referee: pbem-ed25519 <base64>
    Signature: <base64, Ed25519 over STATEMENT>
    -----END PBEM RECEIPT-----

STATEMENT = b"pbem-receipt-v1\\n" + the lines from Game: to Referee:, unfolded, each
followed by "\\n". Values are NFC with every run of white space made one space, so a
line may be folded at a space: a line that starts with a space continues the one
before it (joined with one space; the Signature's base64 with none). Lines are
folded to fit 72 characters, as a mail client leaves them. The key is the one that
signs checkpoints (GAME.secret's referee key), under its own domain.

The envelope's digest is its sealed digest (docs/core.md, "The orders digest"), the
one `orders_accepted.digest` stores: "sealed <hex>". Text that does not read as an
envelope has none; its receipt says "received <hex>", the SHA-256 of the text as
the referee read it (UTF-8). docs/core.md, "Receipts", says what a receipt proves.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import unicodedata
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .canonical import sha256_hex
from .errors import PbemError
from .keys import KeyError_, parse_public_key

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from .service import Game, SubmitResult

DOMAIN = b"pbem-receipt-v1\n"
BEGIN = "-----BEGIN PBEM RECEIPT-----"
END = "-----END PBEM RECEIPT-----"
WIDTH = 72
ACCEPTED = ("accepted", "duplicate")
_QUOTE = re.compile(r"^((?:[ \t]*>)+[ \t]?)")


class ReceiptError(PbemError):
    pass


@dataclass(frozen=True)
class Receipt:
    game: str  # the game's `Game:` line (id and uid)
    power: str  # as the envelope named it; "-" when it could not be read
    phase: str
    envelope: str  # "sealed <hex>" or "received <hex>"
    outcome: str  # "accepted", "duplicate" or "rejected KIND"
    reasons: tuple[str, ...]  # why not (rejected only)
    seq: int  # accepted/duplicate: the event holding the envelope; rejected: the head
    hash: str  # that event's hash
    time: str
    referee: str  # "pbem-ed25519 <base64>"
    signature: str = ""  # base64

    @property
    def accepted(self) -> bool:
        return self.outcome in ACCEPTED

    @property
    def kind(self) -> str:
        """Why rejected ("replayed", "forged", ...); "" when accepted."""
        return "" if self.accepted else self.outcome.partition(" ")[2]

    @property
    def digest(self) -> str:
        return self.envelope.partition(" ")[2]

    @property
    def sealed(self) -> bool:
        return self.envelope.startswith("sealed ")

    def lines(self) -> list[tuple[str, str]]:
        out = [
            ("Game", self.game),
            ("Power", self.power),
            ("Phase", self.phase),
            ("Envelope", self.envelope),
            ("Outcome", self.outcome),
            *(("Reason", r) for r in self.reasons),
            ("Event" if self.accepted else "Head", f"{self.seq} {self.hash}"),
            ("Time", self.time),
            ("Referee", self.referee),
        ]
        return [(k, clean(v)) for k, v in out]

    def statement(self) -> bytes:
        return DOMAIN + "".join(f"{k}: {v}\n" for k, v in self.lines()).encode("utf-8")

    def text(self) -> str:
        """The block a player keeps, every line folded to fit WIDTH."""
        out = [BEGIN]
        for k, v in [*self.lines(), ("Signature", self.signature)]:
            out += _fold(f"{k}: {v}", k == "Signature")
        return "\n".join([*out, END]) + "\n"


def clean(value: str) -> str:
    """One line: NFC, white space runs made one space; "-" for nothing."""
    return " ".join(unicodedata.normalize("NFC", value).split()) or "-"


def _fold(line: str, base64_value: bool) -> list[str]:
    if base64_value:
        head, _, sig = line.partition(" ")
        return [f"{head} {sig[:44]}", *(f" {sig[k : k + 44]}" for k in range(44, len(sig), 44))]
    out: list[str] = []
    while len(line) > WIDTH and " " in line[1:WIDTH]:
        cut = line.rindex(" ", 1, WIDTH + 1)
        if cut <= 1:
            break
        out.append(line[:cut])
        line = " " + line[cut + 1 :]
    return [*out, line]


def sign(receipt: Receipt, key: Ed25519PrivateKey) -> Receipt:
    from .keys import pbem_public_line

    r = replace(receipt, referee=pbem_public_line(key.public_key()))
    return replace(r, signature=base64.b64encode(key.sign(r.statement())).decode("ascii"))


def signature_ok(r: Receipt, referee_key: str | None = None) -> bool:
    """Signed by the key it names (and that key is `referee_key`, when given)."""
    if referee_key is not None and r.referee.split() != referee_key.split():
        return False
    try:
        sig = base64.b64decode(r.signature, validate=True)
        return parse_public_key(r.referee).verify_raw(sig, r.statement())
    except (binascii.Error, KeyError_):
        return False


# --- reading --------------------------------------------------------------------

_ORDER = ("Game", "Power", "Phase", "Envelope", "Outcome")
_AFTER = ("Time", "Referee", "Signature")


def find_all(text: str) -> list[str]:
    """Every receipt block in `text` (a saved answer mail, or a file of receipts),
    its quoting ("> ") taken off. A saved .eml is read as mail first."""
    text = text.replace("\r\n", "\n")
    head = text.partition("\n\n")[0]
    if re.match(r"[A-Za-z-]+:", head) and re.search(r"(?im)^(content-type|mime-version):", head):
        text = _mail_text(text)  # a saved mail: its text part, decoded
    lines = text.split("\n")
    blocks, i = [], 0
    while i < len(lines):
        m = _QUOTE.match(lines[i])
        prefix = m.group(1) if m else ""
        if lines[i][len(prefix) :].strip() != BEGIN:
            i += 1
            continue
        block = [BEGIN]
        i += 1
        while i < len(lines):
            ln = lines[i]
            q = _QUOTE.match(ln) if prefix else None
            ln = ln[q.end() :] if q else ln
            block.append(ln.rstrip())
            i += 1
            if ln.strip() == END:
                break
        blocks.append("\n".join(block))
    return blocks


def _mail_text(raw: str) -> str:
    from email import message_from_string, policy

    msg = message_from_string(raw, policy=policy.default)
    parts = [
        p.get_content()
        for p in msg.walk()
        if not p.is_multipart() and p.get_content_type() == "text/plain"
    ]
    return "\n".join(parts).replace("\r\n", "\n")


def parse(block: str) -> Receipt:
    """Read one receipt block; ReceiptError names the line that does not read."""
    raw = [ln.rstrip() for ln in block.replace("\r\n", "\n").strip("\n").split("\n")]
    if not raw or raw[0].strip() != BEGIN:
        raise ReceiptError(f"a receipt starts with the line {BEGIN}")
    if raw[-1].strip() != END:
        raise ReceiptError(f"the receipt is cut short: no {END} line")
    fields: list[tuple[str, str, int]] = []
    for n, ln in enumerate(raw[1:-1], 2):
        if not ln.strip():
            continue
        if ln[:1] in (" ", "\t") and fields:
            k, v, at = fields[-1]
            joined = v + ln.strip() if k == "Signature" else f"{v} {ln.strip()}".strip()
            fields[-1] = (k, joined, at)
            continue
        name, sep, value = ln.partition(":")
        if not sep or not re.fullmatch(r"[A-Za-z][A-Za-z-]*", name):
            raise ReceiptError(f"receipt line {n}: expected 'Name: value', got {ln[:60]!r}")
        fields.append((name, value.strip(), n))
    names = [k for k, _, _ in fields]
    body = [k for k in names if k not in ("Reason", "Event", "Head")]
    if body != [*_ORDER, *_AFTER] or names.count("Event") + names.count("Head") != 1:
        raise ReceiptError(
            "a receipt has the lines Game, Power, Phase, Envelope, Outcome, Reason (if "
            f"rejected), Event or Head, Time, Referee, Signature in that order; got {', '.join(names)}"
        )
    got = {k: (v, n) for k, v, n in fields if k != "Reason"}
    reasons = tuple(v for k, v, _ in fields if k == "Reason")
    outcome = got["Outcome"][0]
    pos_name = "Event" if "Event" in got else "Head"
    pos, pos_line = got[pos_name]
    if (outcome in ACCEPTED) != (pos_name == "Event"):
        raise ReceiptError(
            f"receipt line {pos_line}: an {'accepted' if outcome in ACCEPTED else 'rejected'} "
            f"envelope's receipt names {'the Event holding it' if outcome in ACCEPTED else 'the Head'}"
        )
    if outcome not in ACCEPTED and not re.fullmatch(r"rejected [a-z-]+", outcome):
        raise ReceiptError(
            f"receipt line {got['Outcome'][1]}: Outcome is 'accepted', 'duplicate' or "
            f"'rejected KIND', got {outcome[:40]!r}"
        )
    m = re.fullmatch(r"([0-9]{1,18}) ([0-9a-f]{64})", pos)
    if m is None:
        raise ReceiptError(
            f"receipt line {pos_line}: {pos_name} is '<event number> <64 hex digits>'"
        )
    if not re.fullmatch(r"(sealed|received) [0-9a-f]{64}", got["Envelope"][0]):
        raise ReceiptError(
            f"receipt line {got['Envelope'][1]}: Envelope is 'sealed <64 hex digits>' or "
            "'received <64 hex digits>'"
        )
    return Receipt(
        game=got["Game"][0],
        power=got["Power"][0],
        phase=got["Phase"][0],
        envelope=got["Envelope"][0],
        outcome=outcome,
        reasons=reasons,
        seq=int(m.group(1)),
        hash=m.group(2),
        time=got["Time"][0],
        referee=got["Referee"][0],
        signature=got["Signature"][0],
    )


# --- making ---------------------------------------------------------------------


def referee_key(game_path: str | Path) -> Ed25519PrivateKey | None:
    """The key that signs the game's checkpoints; None without its secret file."""
    from .secrets import secret_path

    try:
        data = secret_path(game_path).read_text()
    except OSError:
        return None
    return _key_from(data)


@lru_cache(maxsize=64)
def _key_from(data: str) -> Ed25519PrivateKey:
    from .secrets import Secrets

    d = json.loads(data)
    return Secrets(d["game"], bytes.fromhex(d["master"]), d["chain_length"]).referee_key()


def for_submit(game: Game, text: str, r: SubmitResult, now: str) -> Receipt | None:
    """The signed receipt answering `text`, which `game.submit` answered with `r`;
    None when the referee's secret file is not at hand."""
    key = referee_key(game.path)
    if key is None:
        return None
    if r.status in ACCEPTED and r.event_seq is not None:
        row = game.log.row(r.event_seq)
        assert row is not None
        seq, head = row.seq, row.hash
        outcome, reasons = r.status, ()
    else:
        seq, head = game.log.head()
        outcome, reasons = f"rejected {r.kind}", tuple(str(p) for p in r.problems)
    digest = f"sealed {r.digest}" if r.digest else f"received {sha256_hex(text)}"
    unsigned = Receipt(
        game=game.state().game_ref,
        power=r.power or "-",
        phase=r.phase or "-",
        envelope=digest,
        outcome=outcome,
        reasons=reasons,
        seq=seq,
        hash=head,
        time=now,
        referee="",
    )
    return sign(unsigned, key)
