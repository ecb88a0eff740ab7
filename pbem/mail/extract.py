"""Finding the signed envelope in an email, whatever the mail client did to it:
plain text, quoted-printable or base64, HTML-only, multipart, with a BOM, quoted
in a reply, or attached as a file."""

from __future__ import annotations

import email
import email.policy
import html
import re
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import parseaddr
from html.parser import HTMLParser

from ..envelope import BEGIN, find_envelopes

MAX_MESSAGE_BYTES = 10 * 1024 * 1024  # larger mail is quarantined, not parsed
MAX_PARTS = 50


@dataclass
class Incoming:
    sender: str  # the From address ("" if none could be read)
    subject: str
    message_id: str
    texts: list[str] = field(default_factory=list)  # candidate texts, best first
    problem: str | None = None  # why the message could not be read (it is quarantined)


class _Text(HTMLParser):
    """HTML to text as a browser shows it: whitespace collapses except inside <pre>;
    a block element starts and ends a line (adjacent block edges make one break);
    <br> always breaks; scripts, styles and the head are dropped."""

    BLOCKS = {"p", "div", "tr", "li", "pre", "blockquote", "h1", "h2", "h3", "h4", "table"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0
        self.pre = 0

    def _at_line_start(self) -> bool:
        return not self.out or self.out[-1].endswith("\n")

    def _block(self) -> None:
        if not self._at_line_start():
            self.out.append("\n")

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "head"):
            self.skip += 1
        elif tag == "br":
            self.out.append("\n")
        elif tag in self.BLOCKS:
            self._block()
            self.pre += tag == "pre"

    def handle_startendtag(self, tag, attrs):
        if tag == "br":
            self.out.append("\n")

    def handle_endtag(self, tag):
        if tag in ("script", "style", "head"):
            self.skip = max(0, self.skip - 1)
        elif tag in self.BLOCKS:
            if tag == "pre" and self.pre:
                self.pre -= 1
            self._block()

    def handle_data(self, data):
        if self.skip:
            return
        if self.pre:
            self.out.append(data)
            return
        text = re.sub(r"\s+", " ", data)
        if self._at_line_start():
            text = text.lstrip(" ")
        if text:
            self.out.append(text)


def html_to_text(markup: str) -> str:
    p = _Text()
    try:
        p.feed(markup)
        p.close()
    except Exception:  # noqa: BLE001 - broken HTML still yields what was read
        pass
    return html.unescape("".join(p.out).replace("\xa0", " "))


def _decode(part: EmailMessage) -> str | None:
    try:
        payload = part.get_payload(decode=True)
    except Exception:  # noqa: BLE001
        return None
    if payload is None:
        return None
    charset = part.get_content_charset() or "utf-8"
    for cs in (charset, "utf-8"):
        try:
            return payload.decode(cs)
        except (LookupError, UnicodeDecodeError):
            continue
    return None  # not decodable: the orders must be UTF-8 (or the declared charset)


def read(raw: bytes) -> Incoming:
    """Parse a message and list the texts in which an envelope may be, best first."""
    if len(raw) > MAX_MESSAGE_BYTES:
        return Incoming(
            "",
            "",
            "",
            problem=f"message too large ({len(raw)} bytes; the limit is {MAX_MESSAGE_BYTES})",
        )
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        sender = parseaddr(str(msg.get("From", "")))[1]
        subject = str(msg.get("Subject", ""))
        message_id = str(msg.get("Message-ID", "")).strip()
    except Exception as e:  # noqa: BLE001 - a broken header must not stop the run
        return Incoming("", "", "", problem=f"unreadable message headers: {type(e).__name__}")
    inc = Incoming(sender.lower(), subject[:200], message_id[:300])
    plain: list[str] = []
    htmls: list[str] = []
    attached: list[str] = []
    try:
        parts = list(msg.walk())[:MAX_PARTS]
    except Exception as e:  # noqa: BLE001
        inc.problem = f"broken MIME structure: {type(e).__name__}"
        return inc
    for part in parts:
        if part.is_multipart():
            continue
        ctype = part.get_content_type()
        filename = part.get_filename() or ""
        is_attachment = part.get_content_disposition() == "attachment" or bool(filename)
        if not (ctype.startswith("text/") or filename.endswith((".txt", ".asc", ".sig"))):
            continue
        text = _decode(part)
        if text is None:
            continue
        if ctype == "text/html":
            htmls.append(html_to_text(text))
        elif is_attachment:
            attached.append(text)
        else:
            plain.append(text)
    inc.texts = [t for t in (*plain, *attached, *htmls) if BEGIN in t]
    if not (plain or htmls or attached):
        inc.problem = (
            "no readable text in the message (orders must be text in UTF-8 or the declared charset)"
        )
    return inc


def envelope_text(inc: Incoming) -> str | None:
    """The first candidate holding exactly one envelope (else the first with any)."""
    for t in inc.texts:
        if find_envelopes(t) == 1:
            return t
    return inc.texts[0] if inc.texts else None
