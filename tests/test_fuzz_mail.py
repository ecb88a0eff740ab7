"""Fuzzed mail (issue 16, docs/core.md "Fuzzed inputs"): the mail reader
(pbem.mail.extract) and `pbem ingest` (pbem.mail.intake) take arbitrary bytes and
mutations of real mails carrying a signed envelope (plain, quoted-printable, base64,
format=flowed, HTML, multipart, attached, forwarded, in a reply), with broken MIME and
huge headers. Properties: reading never raises; what it finds is text holding an
envelope; an envelope found in a mail is accepted only as its player signed it; every
well-formed wrapping still delivers the envelope; ingest handles every message
without an internal error and adds nothing to the log but answers and signed orders."""

from __future__ import annotations

import html
from email.message import EmailMessage
from email.policy import SMTP

import pytest
from fuzzkit import Signed, fuzz_settings, submit, timed, tried, write_summary
from fuzztext import POOL, Draws, blobs, mutate
from hypothesis import given
from hypothesis import strategies as st
from mailkit import Box

from pbem import envelope
from pbem.mail import extract
from pbem.mail.intake import ingest
from pbem.mail.outbox import Outbox

OUTCOMES = ("accepted", "duplicate", "rejected:", "help", "quarantined")
MIME_LINES = [
    'Content-Type: multipart/mixed; boundary="b1"',
    'Content-Type: multipart/alternative; boundary=""',
    "Content-Type: text/plain; charset=x-unknown",
    "Content-Type: text/plain; charset=utf-8; format=flowed; delsp=yes",
    "Content-Type: text/html",
    "Content-Type: message/rfc822",
    "Content-Transfer-Encoding: base64",
    "Content-Transfer-Encoding: quoted-printable",
    "Content-Transfer-Encoding: x-uuencode",
    'Content-Disposition: attachment; filename="orders.txt"',
    "MIME-Version: 1.0",
    "--b1",
    "--b1--",
    "=",
    "=3D",
    "=E2=80=8B",
    "=FF=FE",
    "Subject: =?utf-8?b?w7zDnw==?=",
    "Subject: =?x-bad?q?=FF?=",
    "From: =?utf-8?q?a=0D=0Ab?= <x@y.org>",
    'From: "a\r\nBcc: c@d" <x@y.org>',
    "From: <>",
    "From: a@b@c",
    "Message-ID: <" + "m" * 500 + ">",
    "X-Long: " + "a" * 5000,
    "X-Folded: a\n b\n c",
    "<p>" + envelope.BEGIN + "</p>",
    "<blockquote>",
    "<pre>",
    "-----Original Message-----",
    "> " + envelope.BEGIN,
]


def mails(text: str) -> list[bytes]:
    """`text` mailed as the mail clients we know send it."""

    def new(subject: str) -> EmailMessage:
        m = EmailMessage()
        m["From"] = "Maria Theresia <austria@example.org>"
        m["To"] = "referee@example.org"
        m["Subject"] = subject
        m["Message-ID"] = f"<{'-'.join(subject.split()).strip(',')}@example.org>"
        return m

    out = []
    for cte in ("8bit", "quoted-printable", "base64"):
        m = new(f"orders {cte}")
        m.set_content(text, cte=cte)
        out.append(m)
    m = new("orders in HTML only")
    m.set_content("<html><body><pre>" + html.escape(text) + "</pre></body></html>", "html")
    out.append(m)
    m = new("orders, plain and HTML")
    m.set_content(text)
    paras = "".join(f"<p>{html.escape(ln) or '&nbsp;'}</p>" for ln in text.split("\n"))
    m.add_alternative(f"<html><body>{paras}</body></html>", subtype="html")
    out.append(m)
    m = new("orders attached")
    m.set_content("My orders are attached.\n")
    m.add_attachment(text.encode(), "text", "plain", filename="orders.txt")
    out.append(m)
    m = new("Re: orders")
    old = "\n".join("> " + ln for ln in text.split("\n"))
    m.set_content(f"Here they are again.\n\n{text}\nOn Monday I wrote:\n{old}\n")
    out.append(m)
    m = new("orders, forwarded")
    m.set_content("Forwarded.\n")
    inner = new("the orders")
    inner.set_content(text)
    m.add_attachment(inner)
    out.append(m)
    raw = [x.as_bytes(policy=SMTP) for x in out]

    # format=flowed: long lines broken with a trailing space (DelSp=yes), a line that
    # starts with a space, ">" or "From " stuffed with a space (RFC 3676)
    def stuff(ln: str) -> str:
        return " " + ln if ln.startswith((" ", ">", "From ")) else ln

    flowed = "".join(
        (stuff(ln[:30]) + " \r\n" + stuff(ln[30:]) if len(ln) > 40 else stuff(ln)) + "\r\n"
        for ln in text.split("\n")
    )
    raw.append(
        (
            "From: austria@example.org\r\nTo: referee@example.org\r\nSubject: flowed\r\n"
            "MIME-Version: 1.0\r\n"
            "Content-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\r\n"
            "Content-Transfer-Encoding: 8bit\r\n\r\n" + flowed
        ).encode()
    )
    return raw


@pytest.fixture(scope="module", autouse=True)
def _summary(request):
    yield
    write_summary(request)


@pytest.fixture(scope="module")
def signed(tmp_path_factory):
    s = Signed(tmp_path_factory.mktemp("fuzz-mail") / "g.pbem")
    s.mails = [m for t in s.texts for m in mails(t)]  # type: ignore[attr-defined]
    s.mail_pool = [*MIME_LINES, *POOL[:64], *s.pool]  # type: ignore[attr-defined]
    yield s
    s.game.close()


def mutated_mail(d: Draws, signed: Signed) -> bytes:
    """A real mail changed one to three times (as bytes read as Latin-1, so that any
    byte can change; what is put in goes in as UTF-8)."""
    raw = d.pick(signed.mails).decode("latin-1")
    text = mutate(raw, d, signed.mail_pool, 1 + d.byte() % 3)
    return text.encode("utf-8", "surrogateescape")


def read(raw: bytes, signed: Signed | None = None) -> str | None:
    """extract.read and envelope_text: never an exception, and what they find is
    text with an envelope; with `signed`, that text is also submitted."""
    inc = extract.read(raw)
    assert isinstance(inc, extract.Incoming)
    assert inc.problem is None or inc.problem.strip()
    assert "\n" not in inc.sender and "\r" not in inc.sender and " " not in inc.sender
    assert "\n" not in inc.subject and len(inc.subject) <= 200
    assert "\n" not in inc.message_id and "\r" not in inc.message_id
    assert all(envelope.BEGIN in t for t in inc.texts)
    text = extract.envelope_text(inc)
    assert text is None or text in inc.texts
    if text is not None and signed is not None:
        submit(signed, text)
    return text


def test_arbitrary_bytes_never_crash_the_mail_reader():
    @fuzz_settings(300)
    @given(st.lists(st.binary(max_size=400), min_size=4, max_size=4))
    def run(raws):
        for raw in raws:
            read(raw)
        tried("mail:bytes", len(raws))

    with timed("mail:bytes"):
        run()


def test_mutated_mails_never_crash_and_never_accept_unsigned(signed):
    @fuzz_settings(1000)
    @given(blobs(6, 16))
    def run(data):
        d = Draws(data)
        for _ in range(6):
            read(mutated_mail(d, signed), signed)
        tried("mail:mutated", 6)

    with timed("mail:mutated"):
        run()


def test_huge_and_deep_mails_are_read(signed):
    @fuzz_settings(30)
    @given(st.integers(0, 3), st.integers(1_000, 300_000))
    def run(how, size):
        base = signed.mails[0]
        head, _, body = base.partition(b"\r\n\r\n")
        raw = [
            head + b"\r\nX-Huge: " + b"a" * size + b"\r\n\r\n" + body,  # one huge header
            head + b"\r\n" + b"X-Many: a\r\n" * (size // 11) + b"\r\n" + body,  # many
            head + b"\r\nX-Folded: a" + b"\r\n b" * (size // 4) + b"\r\n\r\n" + body,
            (  # parts in parts, deeper than any mail client makes
                b'From: a@b.org\r\nContent-Type: multipart/mixed; boundary="b0"\r\n\r\n'
                + b"".join(
                    b'--b%d\r\nContent-Type: multipart/mixed; boundary="b%d"\r\n\r\n' % (k, k + 1)
                    for k in range(size // 3000)
                )
                + b"--b%d\r\n\r\n" % (size // 3000)
                + body
            ),
        ][how]
        read(raw, signed)
        tried("mail:huge")

    with timed("mail:huge"):
        run()


def test_every_wrapping_delivers_the_envelope(signed):
    for raw in signed.mails:
        text = read(raw)
        assert text is not None, raw[:300]
        assert submit(signed, text) in ("accepted", "duplicate", "wrong-phase"), raw[:300]
    tried("mail:wrapped", len(signed.mails))


def test_ingest_handles_every_mutated_mail(signed, tmp_path_factory):
    game = signed.game
    outbox = Outbox(tmp_path_factory.mktemp("outbox"))

    @fuzz_settings(150)
    @given(blobs(6, 16))
    def run(data):
        d = Draws(data)
        box = Box([mutated_mail(d, signed) for _ in range(6)])
        seq = game.log.head()[0]
        rep = ingest(game, box, outbox, "referee@example.org", now="2026-01-01T00:00:00Z")
        assert len(rep.handled) == 6 and len(box.moved) == 6
        for h in rep.handled:
            assert h.outcome.startswith(OUTCOMES), h.outcome
            assert "internal error" not in h.detail, h.detail
            assert box.moved[h.key] == ("quarantine" if h.outcome == "quarantined" else "processed")
        for row in game.log.rows(seq + 1):
            assert row.type in ("mail_sent", "orders_accepted"), row.type
            if row.type == "orders_accepted":
                stored = envelope.parse(row.event().envelope)
                assert stored.signed_text in signed.signed
        tried("mail:ingest", 6)

    with timed("mail:ingest"):
        run()
