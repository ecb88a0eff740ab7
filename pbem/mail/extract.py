"""Finding the signed envelope in an email, whatever the mail client did to it:
plain text, quoted-printable or base64, format=flowed (RFC 3676, DelSp too),
HTML-only (Outlook's paragraphs included), multipart, with a BOM, quoted in a
reply, or attached as a file."""

from __future__ import annotations

import contextlib
import email
import email.policy
import html
import re
from dataclasses import dataclass, field
from email.header import decode_header, make_header
from email.message import EmailMessage
from email.parser import BytesHeaderParser
from email.utils import parseaddr
from html.parser import HTMLParser

from ..envelope import BEGIN, EnvelopeError, find_envelopes, parse

MAX_MESSAGE_BYTES = 10 * 1024 * 1024  # larger mail is quarantined, not parsed
MAX_PARTS = 50


@dataclass
class Incoming:
    sender: str  # the From address ("" if none could be read)
    subject: str
    message_id: str
    texts: list[str] = field(default_factory=list)  # candidate texts, best first
    where: list[str] = field(default_factory=list)  # which part each text is from
    problem: str | None = None  # why the message could not be read (it is quarantined)
    sender_note: str = ""  # what was wrong with the From header, for the referee
    automatic: str = ""  # why an automaton sent it (its sender is not answered), or ""


class _Text(HTMLParser):
    """HTML to text as a browser shows it: whitespace collapses except inside <pre>;
    a block element starts and ends a line (adjacent block edges make one break);
    <br> always breaks; scripts, styles and the head are dropped."""

    BLOCKS = {"p", "div", "tr", "li", "pre", "blockquote", "h1", "h2", "h3", "h4", "table"}
    # HTML's white space is ASCII only: a non-breaking space (Outlook's empty paragraph
    # `<p class=MsoNormal>&nbsp;</p>`, a leading space it keeps) stays, as on screen
    SPACE = re.compile(r"[ \t\n\r\f]+")
    # quote marks written for at most this many nested <blockquote>s: 50,000 of them
    # (650 KB of HTML) made 2.5 GB of "> " (a mark per text, as deep as its nesting)
    MAX_QUOTE = 20

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0
        self.pre = 0
        self.quote = 0  # inside <blockquote>: shown as "> " quoting

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
            self.quote += tag == "blockquote"

    def handle_startendtag(self, tag, attrs):
        if tag == "br":
            self.out.append("\n")

    def handle_endtag(self, tag):
        if tag in ("script", "style", "head"):
            self.skip = max(0, self.skip - 1)
        elif tag in self.BLOCKS:
            if tag == "pre" and self.pre:
                self.pre -= 1
            if tag == "blockquote" and self.quote:
                self.quote -= 1
            self._block()

    def handle_data(self, data):
        if self.skip:
            return
        mark = "> " * min(self.quote, self.MAX_QUOTE)
        if self.pre:
            if mark:
                data = data.replace("\n", "\n" + mark)
                if self._at_line_start():
                    data = mark + data
            self.out.append(data)
            return
        text = self.SPACE.sub(" ", data)
        if self._at_line_start():
            text = text.lstrip(" ")
            if text and mark:
                text = mark + text
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


def unflow(text: str, delsp: bool = False) -> str:
    """Plain text sent as format=flowed (RFC 3676) as its writer wrote it: a line
    that ends in a space is a soft break and goes on with the next line of the same
    quote depth (with DelSp=yes that space was added by the sender and is dropped);
    one space after the quote marks (or at the start) is space-stuffing and removed.
    "-- " (a mail signature's separator) is a line of its own."""
    out: list[str] = []
    para: list = []  # [depth, text] of the paragraph being joined

    def emit() -> None:
        depth, body = para
        out.append((">" * depth + " " if depth else "") + body)
        para.clear()

    for line in re.split(r"\r\n|\r|\n", text):
        stripped = line.lstrip(">")
        depth = len(line) - len(stripped)
        if stripped.startswith(" "):
            stripped = stripped[1:]
        soft = stripped.endswith(" ") and stripped != "-- "
        if soft and delsp:
            stripped = stripped[:-1]
        if para and para[0] != depth:
            emit()
        if para:
            para[1] += stripped
        else:
            para[:] = [depth, stripped]
        if not soft:
            emit()
    if para:
        emit()
    return "\n".join(out)


_ORIGINAL = re.compile(r"-{2,}\s*Original Message\s*-{2,}", re.IGNORECASE)


def quote_original(text: str) -> str:
    """An unquoted earlier mail below a reply, as Outlook and others include it
    ("-----Original Message-----", or a From:/Sent:/Subject: block), quoted with
    "> " like any other quoted text: an envelope in it is not the sender's new one."""
    lines = text.split("\n")
    for k, ln in enumerate(lines):
        s = ln.strip()
        head = [x.strip().lower() for x in lines[k : k + 6]]
        outlook = (
            s.lower().startswith("from:")
            and any(x.startswith(("sent:", "date:")) for x in head)
            and any(x.startswith("subject:") for x in head)
        )
        if _ORIGINAL.fullmatch(s) or outlook:
            return "\n".join(lines[:k] + ["> " + x for x in lines[k:]])
    return text


_ATOM = r"[^@\s\x00-\x1f\x7f<>,;:\"()\[\]\\]+"
_ADDRESS = re.compile(f"{_ATOM}@{_ATOM}")  # one address, nothing a header could split


def _sender(msg: EmailMessage) -> tuple[str, str]:
    """The From address, and what was wrong with the header. An address with an
    encoded CR or LF is cut there: the part before it is answered if it is still a
    valid address on its own."""
    raw = next((str(v) for k, v in msg.raw_items() if k.lower() == "from"), "")
    raw = re.sub(r"\r?\n[ \t]", " ", raw)  # real header folding
    try:
        value = str(make_header(decode_header(raw)))
    except Exception:  # noqa: BLE001 - undecodable words: read the header as it is
        value = raw
    note = ""
    if re.search(r"[\r\n]", value):
        value = re.split(r"[\r\n]", value, maxsplit=1)[0]
        note = "the From header holds an encoded line break (CR/LF)"
    addr = parseaddr(value)[1]
    if not _ADDRESS.fullmatch(addr) or not addr.isascii():  # an answer could not go to it
        if note:
            return "", note + " and no valid address before it: not answered"
        return "", ""
    if note:
        note += f": answered to {addr.lower()}, the address before it"
    return addr.lower(), note


def _heads(msg: EmailMessage) -> tuple[str, str, str, str]:
    """The sender (and what was wrong with the From), the subject and the Message-ID."""
    sender, note = _sender(msg)
    # what a player wrote into headers reaches the log (mail_sent's subject), our
    # answer's headers and the referee's terminal: printable characters only
    subject = " ".join(str(msg.get("Subject", "")).split())
    subject = "".join(c for c in subject if c.isprintable())
    message_id = re.split(r"[\r\n]", str(msg.get("Message-ID", "")).strip())[0]
    message_id = "".join(c for c in message_id if "!" <= c <= "~")  # visible ASCII
    return sender, note, subject[:200], message_id[:300]


HEADER_BYTES = 256 * 1024  # the most of a mail read as its header block


def headers_only(raw: bytes, problem: str) -> Incoming:
    """A message whose body is not read (too large, or too broken to parse): its header
    block alone (up to the first blank line, at most HEADER_BYTES), so that the sender
    is answered with `problem`; nobody when even the headers do not read."""
    cut = [
        i
        for i in (raw.find(b"\n\n", 0, HEADER_BYTES), raw.find(b"\r\n\r\n", 0, HEADER_BYTES))
        if i >= 0
    ]
    head = raw[: min(cut) + 1] if cut else raw[:HEADER_BYTES]
    try:
        msg = BytesHeaderParser(policy=email.policy.default).parsebytes(head)
        sender, note, subject, message_id = _heads(msg)
    except Exception:  # noqa: BLE001 - nobody to answer
        return Incoming("", "", "", problem=problem)
    inc = Incoming(sender, subject, message_id, problem=problem, sender_note=note)
    with contextlib.suppress(Exception):
        inc.automatic = automatic(msg, sender)
    return inc


def automatic(msg: EmailMessage, sender: str) -> str:
    """Why `msg` was sent by an automaton, not a person ("" if it was not): RFC 3834 says
    such mail is not answered, so that two responders (a vacation notice, a bounce, the
    answers of another pbem referee) do not answer each other for ever."""
    auto = " ".join(str(msg.get("Auto-Submitted", "")).split()).lower()
    if auto and not auto.startswith("no"):
        return f"Auto-Submitted: {auto[:40]}"
    precedence = " ".join(str(msg.get("Precedence", "")).split()).lower()
    if precedence in ("bulk", "junk", "list", "auto_reply"):
        return f"Precedence: {precedence}"
    if sender.partition("@")[0] in ("mailer-daemon", "postmaster"):
        return f"a delivery report from {sender}"
    return ""


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
        except (LookupError, ValueError):  # also a codec's own UnicodeError (punycode)
            continue
    return None  # not decodable: the orders must be UTF-8 (or the declared charset)


def read(raw: bytes) -> Incoming:
    """Parse a message and list the texts in which an envelope may be, best first."""
    if len(raw) > MAX_MESSAGE_BYTES:
        # its headers only (the body is not parsed): the sender is told why
        return headers_only(raw, f"message too large (over {MAX_MESSAGE_BYTES} bytes, the limit)")
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        sender, note, subject, message_id = _heads(msg)
    except Exception as e:  # noqa: BLE001 - a broken header must not stop the run
        # the whole parse failed (3,000 nested multiparts exhaust the recursion): the
        # header block alone is read again, so that the sender is told, not left waiting
        return headers_only(raw, f"malformed message: it could not be read ({type(e).__name__})")
    inc = Incoming(sender, subject, message_id, sender_note=note)
    with contextlib.suppress(Exception):  # an unreadable header: taken as a person's mail
        inc.automatic = automatic(msg, sender)
    plain: list[tuple[str, str]] = []  # (text, which part)
    htmls: list[tuple[str, str]] = []
    attached: list[tuple[str, str]] = []
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
        if ctype == "text/plain" and str(part.get_param("format", "")).lower() == "flowed":
            text = unflow(text, str(part.get_param("delsp", "")).lower() == "yes")
        if ctype == "text/html":
            htmls.append((quote_original(html_to_text(text)), HTML))
        elif is_attachment:
            attached.append((text, f"the attachment {filename[:60]!r}"))
        else:
            plain.append((quote_original(text), "the message's text"))
    found = [(t, w) for t, w in (*plain, *attached, *htmls) if BEGIN in t]
    inc.texts, inc.where = [t for t, _ in found], [w for _, w in found]
    if not (plain or htmls or attached):
        inc.problem = (
            "no readable text in the message (orders must be text in UTF-8 or the declared charset)"
        )
    return inc


HTML = "the HTML part"


def other_envelopes(inc: Incoming, text: str) -> list[str]:
    """The parts of `inc` besides the one of `text` (the envelope read) that hold another
    envelope: a second attachment, say, which would be silently ignored (one envelope per
    mail, docs/signing.md). An HTML part is the plain text's alternative: not counted."""
    try:
        mine = parse(text).text
    except EnvelopeError:
        mine = None
    out = []
    for t, w in zip(inc.texts, inc.where, strict=True):
        if t is text or w == HTML or not find_envelopes(t):
            continue
        try:
            theirs = parse(t).text
        except EnvelopeError:
            theirs = None
        if theirs is None or theirs != mine:
            out.append(w)
    return out


def envelope_text(inc: Incoming) -> str | None:
    """The first candidate holding exactly one envelope (else the first with any)."""
    for t in inc.texts:
        if find_envelopes(t) == 1:
            return t
    return inc.texts[0] if inc.texts else None
