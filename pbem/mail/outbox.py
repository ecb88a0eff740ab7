"""Mail out: `.eml` files in an outbox directory (the default), or SMTP when
configured (STARTTLS or SSL). Messages get deterministic Message-IDs."""

from __future__ import annotations

import smtplib
import ssl
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
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
) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = frm
    msg["To"] = ", ".join(to)
    msg["Subject"] = subject
    msg["Date"] = formatdate(when, usegmt=True) if when is not None else formatdate(usegmt=True)
    ident = sha256_hex(f"{key}\n{subject}\n{text}\n{html or ''}")[:32]
    msg["Message-ID"] = f"<{ident}@pbem>" if key else make_msgid(domain="pbem")
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
        msg["References"] = in_reply_to
    msg["Auto-Submitted"] = "auto-replied" if in_reply_to else "auto-generated"
    msg.set_content(text, cte="quoted-printable")
    if html is not None:
        msg.add_alternative(html, subtype="html", cte="quoted-printable")
    return msg


class Outbox:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        (self.path / "sent").mkdir(parents=True, exist_ok=True)

    def put(self, msg: EmailMessage, name: str) -> Path:
        f = self.path / f"{name}.eml"
        tmp = f.with_suffix(".tmp")
        tmp.write_bytes(bytes(msg))
        tmp.replace(f)
        return f

    def queued(self) -> list[Path]:
        return sorted(self.path.glob("*.eml"))


def smtp_send(server: Server, msgs: list[EmailMessage]) -> None:
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
        for m in msgs:
            conn.send_message(m)
    finally:
        conn.quit()


def flush(outbox: Outbox, server: Server | None) -> list[Path]:
    """Send queued files through SMTP (then moved to sent/). Without a server the
    files in the outbox are the delivery, and stay where they are."""
    if server is None:
        return []
    import email
    import email.policy

    files = outbox.queued()
    msgs = [email.message_from_bytes(f.read_bytes(), policy=email.policy.default) for f in files]
    if msgs:
        smtp_send(server, msgs)  # type: ignore[arg-type]
    for f in files:
        f.replace(outbox.path / "sent" / f.name)
    return files
