"""Mail as real clients send it (issue 17), each through the intake on a Soldier Kings
game: Thunderbird's format=flowed (with and without DelSp=yes), a client that
hard-wraps at 72 columns, Outlook's HTML-only mail, and replies that quote the
previous report and the previous envelope. The raw messages are built the way
those clients build them (RFC 3676 for flowed text)."""

import base64
import email
import email.policy
import html
import re

import pytest
from skkit import NOW, SKGame

from pbem import envelope
from pbem.mail import boxes
from pbem.mail.intake import ingest
from pbem.mail.outbox import Outbox, outbox_dir
from pbem.reports import render, schedule

WIDTH = 72
POWER = "Austria"  # owes the first set-up phase of scenario #1


@pytest.fixture
def g(tmp_path):
    return SKGame(tmp_path, "1756")


# --- what a player copies from the report, fills in and signs ------------------------------


def _report(g: SKGame, power: str = POWER) -> str:
    due = [d for d in schedule(g.game) if d.power == power][-1]
    return render(g.game, power, due.start, due.stop).text


def _orders(g: SKGame, seq: int, power: str = POWER) -> str:
    """The report's order template (between its rules), Sequence set, orders added,
    signed as `pbem sign` does."""
    text = _report(g, power).split("== Your orders ==")[1]
    template = re.split(r"^-{40,}$", text, flags=re.M)[1].strip("\n").split("\n")
    template = [re.sub(r"^Sequence: \d+$", f"Sequence: {seq}", ln) for ln in template]
    step = g.game.status().step
    body = "\n".join(template + g.rs.demo_orders(g.state, power, step)) + "\n"
    return envelope.sign(body, g.signers[power])


def _old_format(signed: str) -> str:
    """The same envelope as pbem wrote it before issue 17: the Checkpoint and the
    Signature each on one line (79 and 99 characters)."""
    body = envelope.unsigned_body(signed)
    body = re.sub(r"^(Checkpoint: \d+)\n (\w{64})$", r"\1 \2", body, flags=re.M)
    signer = _signer_of(signed)
    sig = base64.b64encode(signer.sign_raw(envelope.DOMAIN + body.encode())).decode()
    block = f"{envelope.SIG}\nKey: {signer.public.line}\nSignature: {sig}\n"
    return f"{envelope.BEGIN}\n{body}{block}{envelope.END}\n"


_SIGNERS = {}


def _signer_of(signed: str):
    return _SIGNERS[re.search(r"^Power: (\w+)$", signed, re.M).group(1)]


# --- how the clients put text on the wire ---------------------------------------------------


def _flowed(lines: list[tuple[int, str]], delsp: bool = False) -> str:
    """RFC 3676 as Thunderbird writes it: quote marks, then a space (stuffing), lines
    over 72 columns soft-broken with a trailing space; with DelSp=yes the break may
    fall inside a word and the space is the sender's."""
    out = []
    for depth, content in lines:
        prefix = ">" * depth + " " if depth else ""
        content = content.rstrip(" ")
        room = WIDTH - len(prefix)
        while True:
            stuffed = " " if not prefix and content.startswith((" ", ">", "From ")) else ""
            if len(stuffed + content) <= room:
                out.append(prefix + stuffed + content)
                break
            if delsp:
                cut = room - len(stuffed) - 1
                out.append(prefix + stuffed + content[:cut] + " ")
                content = content[cut:]
                continue
            at = content.rfind(" ", 0, room - len(stuffed))
            if at <= 0:
                at = content.find(" ", 1)
            if at <= 0:  # one word longer than the line: sent as it is
                out.append(prefix + stuffed + content)
                break
            out.append(prefix + stuffed + content[: at + 1])
            content = content[at + 1 :]
    return "\r\n".join(out) + "\r\n"


def _hard_wrapped(text: str) -> str:
    """A client that wraps at 72 columns and sends the lines as they are."""
    out = []
    for ln in text.split("\n"):
        while len(ln) > WIDTH and " " in ln[1:WIDTH]:
            at = ln.rindex(" ", 1, WIDTH)
            out.append(ln[:at])
            ln = ln[at + 1 :]
        out.append(ln)
    return "\n".join(out)


def _outlook_html(text: str) -> str:
    """Outlook's HTML-only mail: a MsoNormal paragraph per line, an empty one
    (`<o:p>&nbsp;</o:p>`) for a blank line, leading and repeated spaces as &nbsp;."""

    def para(ln: str) -> str:
        if not ln.strip():
            return "<p class=MsoNormal><o:p>&nbsp;</o:p></p>\n"
        lead = len(ln) - len(ln.lstrip(" "))
        body = html.escape(ln.lstrip(" "), quote=False).replace("  ", " &nbsp;")
        return f"<p class=MsoNormal>{'&nbsp;' * lead}{body}<o:p></o:p></p>\n"

    head = (
        '<html xmlns:o="urn:schemas-microsoft-com:office:office" '
        'xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">'
        '<head><meta http-equiv=Content-Type content="text/html; charset=us-ascii">'
        '<meta name=Generator content="Microsoft Word 15 (filtered medium)"><style><!--\n'
        "p.MsoNormal, li.MsoNormal, div.MsoNormal\n\t{margin:0cm;font-size:11.0pt;"
        'font-family:"Calibri",sans-serif;}\n--></style><!--[if gte mso 9]><xml>\n'
        '<o:shapedefaults v:ext="edit" spidmax="1026" />\n</xml><![endif]--></head>'
        '<body lang=EN-GB link="#0563C1" vlink="#954F72" style=\'word-wrap:break-word\'>'
        "<div class=WordSection1>\n"
    )
    return head + "".join(para(ln) for ln in text.split("\n")) + "</div></body></html>\n"


def _raw(body: str, ctype: str, cte: str = "7bit", subject: str = "orders", n: int = 0) -> bytes:
    head = (
        f"From: Austria <austria@example.org>\r\nTo: referee@example.org\r\n"
        f"Subject: {subject}\r\nDate: Sun, 01 Mar 2026 10:00:00 +0000\r\n"
        f"Message-ID: <{n}.client@example.org>\r\nMIME-Version: 1.0\r\n"
        f"Content-Type: {ctype}\r\nContent-Transfer-Encoding: {cte}\r\n\r\n"
    )
    if cte == "quoted-printable":
        import quopri

        body = quopri.encodestring(body.replace("\r\n", "\n").encode()).decode()
    return (head + body).encode("utf-8")


def _ingest(g: SKGame, tmp_path, mails: dict[str, bytes]):
    d = tmp_path / "Maildir"
    src = boxes.MaildirSource(d)
    for name, raw in mails.items():
        (d / "new" / name).write_bytes(raw)
    rep = ingest(g.game, src, Outbox(outbox_dir(g.path)), "referee@example.org", now=NOW)
    return {h.key.split("/")[1]: h for h in rep.handled}


def _counted(g: SKGame) -> str:
    acc = g.game.state().orders[g.game.status().step.phase][POWER]
    env = envelope.parse(acc.event.envelope)
    assert env.verify(g.signers[POWER].public)  # as pbem verify checks it
    return acc.event.envelope


@pytest.fixture(autouse=True)
def _signers(g):
    _SIGNERS.update(g.signers)


# --- the tests --------------------------------------------------------------------------------


def test_every_line_a_player_is_asked_to_send_fits_in_72_columns(g):
    signed = _orders(g, 1)
    assert "Checkpoint: " in signed and max(map(len, signed.split("\n"))) <= WIDTH
    old = _old_format(signed)
    assert max(map(len, old.split("\n"))) > WIDTH  # what the clients used to break


@pytest.mark.parametrize("delsp", [False, True])
def test_thunderbird_format_flowed(g, tmp_path, delsp):
    greeting = "Dear referee, here are my orders for the first set-up phase, " * 3
    mails = {}
    for n, fmt in enumerate((_orders, lambda g, s: _old_format(_orders(g, s))), 1):
        signed = fmt(g, n)
        lines = [(0, greeting), (0, "")] + [(0, ln) for ln in signed.split("\n")]
        wire = _flowed(lines + [(0, "-- "), (0, "Maria Theresa")], delsp=delsp)
        assert max(map(len, wire.split("\r\n"))) <= WIDTH or not delsp
        if fmt is not _orders:
            assert "\r\nSignature: \r\n" in wire or delsp  # the soft break Thunderbird makes
        ctype = "text/plain; charset=UTF-8; format=flowed" + ("; delsp=yes" if delsp else "")
        mails[f"{n}-flowed"] = _raw(wire, ctype, n=n)
    got = _ingest(g, tmp_path, mails)
    assert [h.outcome for h in got.values()] == ["accepted", "accepted"], got
    assert "Sequence: 2" in _counted(g)


def test_a_client_that_hard_wraps_at_72_columns(g, tmp_path):
    greeting = "Dear referee, here are my orders for the first set-up phase. " * 3
    new = _hard_wrapped(f"{greeting}\n\n{_orders(g, 1)}")
    old = _hard_wrapped(f"{greeting}\n\n{_old_format(_orders(g, 2))}")
    assert max(map(len, new.split("\n"))) <= WIDTH
    got = _ingest(
        g,
        tmp_path,
        {
            "1-new": _raw(new, "text/plain; charset=utf-8", n=1),
            "2-old": _raw(old, "text/plain; charset=utf-8", n=2),
        },
    )
    assert got["1-new"].outcome == "accepted", got
    # the one-line Checkpoint was cut: refused, and the answer says why and what to do
    assert got["2-old"].outcome == "rejected:malformed"
    st = g.game.state()
    refused = [r.name for r in st.mailed.values() if r.outcome == "rejected:malformed"]
    answer = Outbox(outbox_dir(g.path)).new / f"{refused[0]}.eml"
    text = email.message_from_bytes(answer.read_bytes(), policy=email.policy.default)
    body = text.get_body(("plain",)).get_content()
    assert "your mail client probably wrapped long lines" in " ".join(body.split()), body
    assert "the same Sequence number is fine" in body
    assert "Sequence: 1" in _counted(g)


def test_outlook_html_only(g, tmp_path):
    signed = _orders(g, 1)
    body = _outlook_html(f"Hello,\n\nmy orders:\n\n{signed}\nRegards,\nMaria")
    assert "<o:p>&nbsp;</o:p>" in body and "&nbsp;" + signed.split("\n ")[1][:8] in body
    got = _ingest(
        g, tmp_path, {"1-outlook": _raw(body, 'text/html; charset="us-ascii"', "quoted-printable")}
    )
    assert got["1-outlook"].outcome == "accepted", got
    assert _counted(g).startswith(envelope.BEGIN)


def test_replies_quoting_the_previous_report_and_envelope(g, tmp_path):
    first = _orders(g, 1)
    assert _ingest(g, tmp_path, {"0-first": _raw(first, "text/plain; charset=utf-8")})[
        "0-first"
    ].outcome == ("accepted")
    report = _report(g)
    second, third, fourth = _orders(g, 2), _orders(g, 3), _orders(g, 4)

    def quoted(depth: int, text: str) -> list[tuple[int, str]]:
        return [(depth, ln) for ln in text.split("\n")]

    earlier = (
        [(1, "On 01/03/2026 09:00, pbem referee wrote:")]
        + quoted(1, report)
        + [(1, ""), (1, "On 28/02/2026 20:00, Austria wrote:")]
        + quoted(2, first)
    )
    top = [(0, ln) for ln in second.split("\n")] + [(0, "")] + earlier
    bottom = (
        earlier + [(0, ""), (0, "New orders:"), (0, "")] + [(0, ln) for ln in third.split("\n")]
    )
    outlook = (
        f"New orders below.\n\n{fourth}\n-----Original Message-----\nFrom: pbem referee\n"
        f"Sent: Sunday, March 1, 2026 09:00\nTo: Austria\nSubject: orders\n\n{first}"
    )
    only_quoted = [(0, "Did you get these?"), (0, "")] + earlier
    flowed = "text/plain; charset=UTF-8; format=flowed"
    got = _ingest(
        g,
        tmp_path,
        {
            "1-top": _raw(_flowed(top), flowed, subject="Re: report", n=1),
            "2-bottom": _raw(_flowed(bottom), flowed, subject="Re: report", n=2),
            "3-outlook": _raw(outlook, "text/plain; charset=utf-8", subject="RE: orders", n=3),
            "4-only-quoted": _raw(_flowed(only_quoted), flowed, subject="Re: report", n=4),
        },
    )
    assert [h.outcome for h in got.values()] == ["accepted"] * 3 + ["duplicate"], got
    assert "Sequence: 4" in _counted(g)  # the new envelope of each reply counted, in turn
