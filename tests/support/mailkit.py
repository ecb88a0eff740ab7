"""Mail-side test helpers: a mailbox in memory, and an outbox whose disk fills up."""

from __future__ import annotations

from pbem.mail import outbox


class Box:
    """A mailbox in memory (the interface of pbem.mail.boxes)."""

    def __init__(self, raws: list[bytes]):
        self.raws = dict(enumerate(raws))
        self.moved: dict[str, str] = {}

    def messages(self):
        for k, raw in self.raws.items():
            yield f"m{k}", raw

    def move(self, key: str, folder: str) -> None:
        self.moved[key] = folder


def disk_full_at_the_second_answer(monkeypatch) -> list[str]:
    """The outbox's second prepared answer fails as a full disk would (OSError 28);
    returns the names of the answers asked for, in order."""
    real, calls = outbox.Outbox.prepare, []

    def full_at_the_second(self, msg, name):
        calls.append(name)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real(self, msg, name)

    monkeypatch.setattr(outbox.Outbox, "prepare", full_at_the_second)
    return calls


def nested_mail(headers: bytes, envelope: str, depth: int = 3000) -> bytes:
    """A mail whose envelope sits `depth` multipart levels deep (enough to exhaust the
    parser); `headers`: its From and other header lines, each ending in CRLF."""
    return (
        headers
        + b'Content-Type: multipart/mixed; boundary="b0"\r\n\r\n'
        + b"".join(
            b'--b%d\r\nContent-Type: multipart/mixed; boundary="b%d"\r\n\r\n' % (k, k + 1)
            for k in range(depth)
        )
        + b"--b%d\r\nContent-Type: text/plain\r\n\r\n" % depth
        + envelope.encode()
    )
