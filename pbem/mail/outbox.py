"""Mail out: `.eml` files in an outbox directory (the default), or SMTP when
configured (STARTTLS or SSL). Messages get deterministic Message-IDs.

The outbox is laid out like a Maildir (docs/mail.md): `new/` holds what was
written and not yet handed out, `cur/` what SMTP took, `tmp/` files being
written. Outboxes of the layout before (files at the top, `sent/`) are moved into
it when opened."""

from __future__ import annotations

import contextlib
import smtplib
import ssl
from email.charset import QP, Charset
from email.header import Header
from email.message import Message
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import formataddr, formatdate, make_msgid, parseaddr
from pathlib import Path

from ..canonical import sha256_hex
from .config import Server


def outbox_dir(game_path: str | Path) -> Path:
    p = Path(game_path)
    return p.with_name(p.name + ".outbox")


def message(
    frm: str,
    to: list[str],
    subject: str,
    text: str,
    html: str | None = None,
    in_reply_to: str | None = None,
    when: float | None = None,
    key: str = "",
) -> Message:
    """A UTF-8 mail, quoted-printable, text (and HTML as its alternative). Built with the
    email package's compat32 classes: 4x faster than Message's header registry
    (an answer per ingested mail, issue 20), and still refusing a header that would
    smuggle in another (CR/LF) when the message is written."""
    part = MIMEText(text, "plain", _utf8())
    if html is None:
        msg: Message = part
    else:
        msg = MIMEMultipart("alternative")
        msg.attach(part)
        msg.attach(MIMEText(html, "html", _utf8()))
    msg["From"] = _address(frm)
    msg["To"] = ", ".join(_address(x) for x in to)
    msg["Subject"] = subject if subject.isascii() else Header(subject, "utf-8")  # type: ignore[assignment]
    msg["Date"] = formatdate(when, usegmt=True) if when is not None else formatdate(usegmt=True)
    ident = sha256_hex(f"{key}\n{subject}\n{text}\n{html or ''}")[:32]
    msg["Message-ID"] = f"<{ident}@pbem>" if key else make_msgid(domain="pbem")
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
        msg["References"] = in_reply_to
    msg["Auto-Submitted"] = "auto-replied" if in_reply_to else "auto-generated"
    return msg


def _utf8() -> Charset:
    cs = Charset("utf-8")
    cs.body_encoding = QP
    cs.header_encoding = QP
    return cs


def _address(x: str) -> str:
    """An address with a non-ASCII display name, RFC 2047-encoded."""
    if x.isascii():
        return x
    name, addr = parseaddr(x)
    return formataddr((name, addr), charset="utf-8") if addr else x


class Outbox:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.new, self.cur = self.path / "new", self.path / "cur"
        for sub in ("new", "cur", "tmp"):
            (self.path / sub).mkdir(parents=True, exist_ok=True)
        # the layout before: waiting files at the top, what SMTP took in sent/
        for f in sorted(self.path.glob("*.eml")):
            f.replace(self.new / f.name)
        old = self.path / "sent"
        if old.is_dir():
            for f in sorted(old.glob("*.eml")):
                f.replace(self.cur / f.name)
            with contextlib.suppress(OSError):
                old.rmdir()

    def put(self, msg: Message, name: str) -> Path:
        """Write a message into new/ (through tmp/, so a reader never sees half of it)."""
        tmp = self.path / "tmp" / f"{name}.eml"
        tmp.write_bytes(bytes(msg))
        f = self.new / tmp.name
        tmp.replace(f)
        return f

    def prepare(self, msg: Message, name: str) -> Path:
        """Write a message into tmp/ only: `publish` releases it once the log records
        it, and `recover` sorts out what a crash left in between (docs/service.md)."""
        tmp = self.path / "tmp" / f"{name}.eml"
        tmp.write_bytes(bytes(msg))
        return tmp

    def publish(self, name: str) -> Path | None:
        """Move a prepared message to new/, unless it was released before (then the
        prepared copy is dropped: nothing is handed out twice)."""
        tmp = self.path / "tmp" / f"{name}.eml"
        for d in (self.new, self.cur):
            if (d / tmp.name).exists():
                tmp.unlink(missing_ok=True)
                return None
        if not tmp.exists():
            return None
        dest = self.new / tmp.name
        tmp.replace(dest)
        return dest

    def recover(self, recorded) -> tuple[list[str], list[str]]:
        """After a crash: publish the prepared messages whose sending the log records
        (`recorded`: names), drop the others (the log never said they were sent).
        Returns (published, dropped)."""
        published, dropped = [], []
        for f in sorted((self.path / "tmp").glob("*.eml")):
            if f.stem in recorded:
                if self.publish(f.stem) is not None:
                    published.append(f.stem)
            else:
                f.unlink(missing_ok=True)
                dropped.append(f.stem)
        return published, dropped

    def queued(self) -> list[Path]:
        """Written and not yet handed out (new/)."""
        return sorted(self.new.glob("*.eml"))

    def handed_out(self) -> list[Path]:
        """Taken by the SMTP server (cur/)."""
        return sorted(self.cur.glob("*.eml"))

    def mark_handed_out(self, f: Path) -> Path:
        dest = self.cur / f.name
        f.replace(dest)
        return dest


def smtp_send(server: Server, msgs: list[Message], each=None) -> None:
    """Send `msgs` over one connection; `each(i)` is called once message i was taken."""
    context = ssl.create_default_context()
    if server.extra.get("insecure_tls"):  # for tests against a local server only
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    if server.security == "ssl":
        conn: smtplib.SMTP = smtplib.SMTP_SSL(server.host, server.port, context=context, timeout=30)
    else:
        conn = smtplib.SMTP(server.host, server.port, timeout=30)
        if server.security == "starttls":
            conn.starttls(context=context)
    try:
        if server.user:
            conn.login(server.user, server.password)
        for i, m in enumerate(msgs):
            conn.send_message(m)
            if each is not None:
                each(i)
    finally:
        with contextlib.suppress(smtplib.SMTPException, OSError):
            conn.quit()


def flush(outbox: Outbox, server: Server | None) -> list[Path]:
    """Hand every file waiting in new/ to the SMTP server, each moved to cur/ as
    soon as the server took it (a failure part way leaves the rest waiting, and
    sends nothing twice). Without a server nothing moves: the files in new/ wait
    for the referee. Returns the files handed out, as they are now in cur/."""
    if server is None:
        return []
    import email
    import email.policy

    files = outbox.queued()
    msgs = [email.message_from_bytes(f.read_bytes(), policy=email.policy.default) for f in files]
    done: list[Path] = []
    if msgs:
        smtp_send(server, msgs, lambda i: done.append(outbox.mark_handed_out(files[i])))  # type: ignore[arg-type]
    return done
