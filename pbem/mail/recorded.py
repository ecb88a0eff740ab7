"""Mail pbem sends besides reports, each recorded in the log (`mail_sent`):
prepared in the outbox's tmp/, recorded, then released to new/. A crash between
leaves a prepared file that the next run releases if the log records it and drops
if not: nothing is lost, nothing goes twice (docs/service.md, "Crashes")."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from email.message import Message

from ..canonical import sha256_hex
from ..deadlines import parse_time
from ..events import MailSent
from .outbox import Outbox, message


@dataclass
class Pending:
    """Mail prepared for one game (or for the directory), to release once recorded."""

    outbox: Outbox
    referee: str
    now: str
    records: list[MailSent] = field(default_factory=list)

    def add(
        self,
        what: str,
        name: str,
        to: list[str],
        subject: str,
        text: str,
        *,
        power: str | None = None,
        phase: str = "",
        answers: str = "",
        outcome: str = "",
        in_reply_to: str | None = None,
        html: str | None = None,
    ) -> MailSent:
        msg: Message = message(
            self.referee,
            to,
            subject,
            text,
            html,
            in_reply_to=in_reply_to,
            when=parse_time(self.now).timestamp(),
            key=name,
        )
        self.outbox.prepare(msg, name)
        record = MailSent(
            what=what,  # type: ignore[arg-type]
            name=name,
            to=to,
            subject=subject,
            message_id=str(msg["Message-ID"]),
            content_hash=sha256_hex(text),
            power=power,
            phase=phase,
            answers=answers,
            outcome=outcome,
            sent_at=self.now,
        )
        self.records.append(record)
        return record

    def answered(self, st, ident: str) -> bool:
        """True when the mail `ident` (identity()) was answered before: in the log of
        `st`, or earlier in this batch (the same mail twice in one mailbox)."""
        return ident in st.answered or any(x.answers == ident for x in self.records)

    def record(self, game) -> None:
        """Append the records to `game`'s log (inside the caller's transaction, if any)."""
        if self.records:
            records = list(self.records)
            game.record(lambda _st: records)

    def commit(self, game) -> list[str]:
        """Record, then release; if the records cannot be written, nothing is sent."""
        try:
            self.record(game)
        except BaseException:
            self.drop()
            raise
        return self.release()

    def release(self) -> list[str]:
        """Move every prepared message to new/ (call once the records are committed)."""
        out = [r.name for r in self.records if self.outbox.publish(r.name) is not None]
        self.records.clear()
        return out

    def drop(self, keep: int = 0) -> None:
        """Forget what was prepared after the first `keep` records (they were not written)."""
        for r in self.records[keep:]:
            (self.outbox.path / "tmp" / f"{r.name}.eml").unlink(missing_ok=True)
        del self.records[keep:]


def identity(raw: bytes) -> str:
    """What the log records an answer against: a digest of the raw message (the same
    mail read twice, after a crash before it was moved, is answered once)."""
    return hashlib.sha256(raw).hexdigest()[:32]


def recover(box: Outbox, st) -> tuple[list[str], list[str]]:
    """After a crash: release what the log of `st` records as sent (mail_sent, reports
    delivered), drop what it does not (Outbox.recover)."""
    return box.recover(set(st.mailed) | {f"report-{k}" for k in st.delivered})


def safe_name(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in text)[:120]
