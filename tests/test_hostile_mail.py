"""A hostile player's mail, attack by attack (the audit of the intake path): each is
accepted as the docs say, or refused with a message that names the problem and the
line, answered, and leaves the game as it was."""

import base64
import email
import email.policy
from email.message import EmailMessage

import pytest
from gamekit import NOW, new_game
from mailkit import Box, disk_full_at_the_second_answer, nested_mail

from pbem import envelope
from pbem.mail import intake
from pbem.mail.intake import ingest
from pbem.mail.outbox import Outbox, outbox_dir


@pytest.fixture
def kit(tmp_path):
    return new_game(tmp_path)


def _mail(body: str, frm="red@example.org", mid="<1@x>", **kw) -> bytes:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"], m["Message-ID"] = frm, "ref@example.org", "orders", mid
    m.set_content(body, **kw)
    return bytes(m)


def _raw(body: bytes, ctype: bytes, cte: bytes = b"8bit", frm=b"red@example.org") -> bytes:
    return (
        b"From: " + frm + b"\nSubject: orders\nMessage-ID: <r@x>\nMIME-Version: 1.0\n"
        b"Content-Type: " + ctype + b"\nContent-Transfer-Encoding: " + cte + b"\n\n" + body
    )


def _orders(kit) -> dict[str, int]:
    with kit.game() as g:
        return {p: o.seq for p, o in g.state().orders.get("t1-muster", {}).items()}


def _ingest(kit, raws: list[bytes]):
    with kit.game() as g:
        box = Box(raws)
        rep = ingest(g, box, Outbox(outbox_dir(kit.path)), "referee@example.org", now=NOW)
    assert len(box.moved) == len(raws)
    return rep


def _answers(kit) -> list[email.message.EmailMessage]:
    return [
        email.message_from_bytes(f.read_bytes(), policy=email.policy.default)
        for f in Outbox(outbox_dir(kit.path)).queued()
    ]


def _refused(kit, text: str, kind: str, line: int | None, *words: str):
    """Submitted as is: refused with `kind`, naming `line`, and nothing changed."""
    with kit.game() as g:
        head = g.log.head()
        r = g.submit(text, now=NOW)
        assert g.log.head() == head
    assert r.status == "rejected" and r.kind == kind, r.message()
    assert line is None or r.problems[0].line == line, r.message()
    for w in words:
        assert w in r.message(), r.message()
    return r


def _body(kit, power="Red", orders="muster 1", seq=1, extra=""):
    with kit.game() as g:
        gid = g.state().game_ref
    return f"Game: {gid}\nPower: {power}\nPhase: t1-muster\nSequence: {seq}\n{extra}\n{orders}\n"


def _sign(kit, body, power="Red"):
    return envelope.sign(body, kit.signers[power])


# --- whose envelope, for which game ------------------------------------------------------


def test_signed_for_another_game_or_another_power_is_answered_to_the_sender_only(kit):
    other = kit.envelope("Red", ["muster 1"], game_id="g 0123456789abcdef")
    as_blue = _sign(kit, _body(kit, "Blue"), "Red")  # Red's key, Blue's name
    rep = _ingest(
        kit,
        [_mail(other, mid="<a@x>"), _mail(as_blue, frm="mallory@example.net", mid="<b@x>")],
    )
    assert [h.outcome for h in rep.handled] == ["rejected:wrong-game", "rejected:wrong-power"]
    assert "signed with the key of Red, but the envelope says Power: Blue" in rep.text()
    assert _orders(kit) == {}
    to = sorted(a["To"] for a in _answers(kit))
    assert to == ["mallory@example.net", "red@example.org"]  # Blue is not told of it


def test_the_same_envelope_resent_after_a_later_one(kit):
    first = kit.envelope("Red", ["muster 1"], seq=3)
    later = kit.envelope("Red", ["muster 2"], seq=4)
    rep = _ingest(
        kit, [_mail(first, mid="<1@x>"), _mail(later, mid="<2@x>"), _mail(first, mid="<3@x>")]
    )
    assert [h.outcome for h in rep.handled] == ["accepted", "accepted", "duplicate"]
    assert _orders(kit)["Red"] == max(_orders(kit).values())
    with kit.game() as g:
        assert "muster 2" in g.state().orders["t1-muster"]["Red"].event.envelope
    # the earlier one re-signed with its old number, its text changed: replayed
    r = _refused(kit, kit.envelope("Red", ["muster 3"], seq=3), "replayed", 5, "Sequence 3")
    assert "4" not in r.message().split("Sequence 3")[1].split(".")[0]


def test_a_sequence_far_in_the_future(kit):
    """18 digits is the most: accepted (and then the player's own last number); 19 is
    refused with its line. Nobody but the key's holder can send either."""
    _refused(kit, kit.envelope("Red", ["muster 1"], seq=10**18), "malformed", 5, "18 digits")
    with kit.game() as g:
        assert g.submit(kit.envelope("Red", ["muster 1"], seq=10**18 - 1), now=NOW).ok
    _refused(kit, kit.envelope("Red", ["muster 2"], seq=10**18 - 1), "replayed", 5)


# --- headers ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "old, new",
    [
        ("Power: Red", "power: Red"),  # any case
        ("Power: Red", "POWER:   Red   "),  # blanks around the value
        ("Power: Red", "Power :Red"),  # before the colon
        ("Power: Red", "Power:\u00a0Red"),  # a non-breaking space (HTML mail)
    ],
)
def test_header_spellings_that_are_accepted(kit, old, new):
    text = _sign(kit, _body(kit).replace(old, new))
    with kit.game() as g:
        assert g.submit(text, now=NOW).status == "accepted"


@pytest.mark.parametrize(
    "old, new, kind, line, words",
    [
        ("Power: Red", "Power: Red\npOWER: Blue", "malformed", 4, ["'Power' given twice"]),
        ("Power: Red", "Роwer: Red", "malformed", 3, ["expected a header", "'Роwer: Red'"]),
        ("Power: Red", "Power: Rеd", "wrong-power", 3, ["did you mean 'Red'"]),
        ("Power: Red", "Power: red", "wrong-power", 3, ["did you mean 'Red'"]),
        ("Power: Red", "Power: Red\x00", "malformed", 3, ["U+0000"]),
        ("Power: Red", "Power: Red\u200b", "malformed", 3, ["U+200B"]),
        ("Power: Red", "Power: Red\nX-Note: \x1b[2Jhi", "malformed", 4, ["U+001B"]),
        ("Phase: t1-muster", "Phase: t1-mustér", "wrong-phase", 4, ["waiting for 't1-muster'"]),
    ],
)
def test_header_look_alikes_repeats_and_hidden_characters(kit, old, new, kind, line, words):
    text = _sign(kit, _body(kit).replace(old, new))
    _refused(kit, text, kind, line, *words)


# --- what the orders may hold -------------------------------------------------------------


@pytest.mark.parametrize(
    "order, char",
    [
        ("\x1b[2J\x1b]0;pwned\x07muster 1", "U+001B"),  # terminal escapes
        ("muster\x1f1", "U+001F"),  # str.split() takes it for a blank: it read as an order
        ("muster\x851", "U+0085"),  # NEL, the same
        ("muster 1\u2028muster 2", "U+2028"),  # a line separator inside one line
        ("muster \u202e1", "U+202E"),  # a right-to-left override
        ("muster\x001", "U+0000"),
    ],
)
def test_control_and_invisible_characters_in_orders_are_refused_by_line(kit, order, char):
    text = kit.envelope("Red", ["muster 2", order, "march nowhere"])
    r = _refused(kit, text, "orders", 8, char)
    assert [p.line for p in r.problems][:2] == [8, 9]  # the other lines are checked too


def test_html_and_links_in_orders_reach_no_one_unescaped(kit):
    text = kit.envelope("Red", ["muster 1 <script>x()</script>", "see http://evil.example/"])
    r = _refused(kit, text, "orders", 7)
    assert {p.line for p in r.problems} == {7, 8}


def test_the_ingest_summary_escapes_what_a_player_wrote(kit, monkeypatch):
    real = intake._one

    def fails(*a, **kw):
        raise RuntimeError("bad \x1b[2J\x1b]0;owned\x07 news\nforged line")

    monkeypatch.setattr(intake, "_one", fails)
    rep = _ingest(kit, [_mail("hello")])
    monkeypatch.setattr(intake, "_one", real)
    out = rep.text()
    assert "\x1b" not in out and "\x07" not in out and "\\x1b[2J" in out
    assert len(out.splitlines()) == 2  # one line per message, and the count


# --- the signed bytes ------------------------------------------------------------------------


def test_whitespace_changed_after_signing(kit):
    good = kit.envelope("Red", ["muster 1"])
    _refused(kit, good.replace("\nmuster 1", "\n muster 1"), "forged", 1)
    _refused(kit, good.replace("\nmuster 1", "\nmuster  1"), "forged", 1)
    _refused(kit, good.replace("\nmuster 1", "\nmuster\t1"), "forged", 1)
    # what the signature is documented not to cover: trailing blanks, line endings
    with kit.game() as g:
        assert g.submit(good.replace("\nmuster 1", "\nmuster 1 \t").replace("\n", "\r\n")).ok


# --- the mail around it -------------------------------------------------------------------


def test_line_endings_encodings_and_charsets(kit):
    e = [kit.envelope(p, [f"muster {1 + k % 3}"], seq=k + 1) for k in range(6) for p in ("Red",)]
    mails = [
        _raw(e[0].replace("\n", "\r\n").encode(), b"text/plain"),  # CRLF
        _raw(e[1].replace("\n", "\r").encode(), b"text/plain"),  # CR alone
        _raw(base64.encodebytes(e[2].encode("utf-16")), b"text/plain; charset=utf-16", b"base64"),
        _mail("Gr\xfc\xdfe\n\n" + e[3], cte="quoted-printable", charset="latin-1"),
        _raw(("Gr\xfc\xdfe\n\n" + e[4]).encode("latin-1"), b"text/plain; charset=iso-8859-1"),
        # a codec that is not a mail charset and fails its own way (UnicodeError, not
        # UnicodeDecodeError): read as UTF-8 instead, no internal error
        _raw(("Hello\n\n" + e[5]).encode(), b"text/plain; charset=punycode"),
    ]
    rep = _ingest(kit, mails)
    got = [h.outcome for h in rep.handled]
    assert got[:5] == ["accepted"] * 5, rep.text()
    assert got[5] in ("accepted", "quarantined", "help") and "internal error" not in rep.text()
    assert len(_answers(kit)) == 6  # every sender answered


def test_a_huge_body_or_line_and_deep_nesting(kit):
    e1, e2 = kit.envelope("Red", ["muster 1"]), kit.envelope("Red", ["muster 2"])
    e3 = kit.envelope("Red", ["muster 3"])
    many = _mail("x\n" * 100_000 + e1, mid="<1@x>")
    long = _raw(("y" * 9_000_000 + "\n" + e2).encode(), b"text/plain; charset=utf-8")
    deep = nested_mail(b"From: red@example.org\r\n", e3)
    rep = _ingest(kit, [many, long, deep])
    assert [h.outcome for h in rep.handled] == ["accepted", "accepted", "quarantined"]
    assert "internal error" not in rep.text()
    with kit.game() as g:
        assert "muster 2" in g.state().orders["t1-muster"]["Red"].event.envelope


def test_quoted_forwarded_and_attached_as_a_path(kit, tmp_path):
    mine = kit.envelope("Red", ["muster 1"])
    theirs = kit.envelope("Blue", ["muster 2"])
    forwarded = (
        "FYI\n\n---------- Forwarded message ---------\nFrom: Blue <blue@example.org>\n"
        "Date: Mon, 1 Jan 2026 10:00:00 +0000\nSubject: orders\nTo: ref@example.org\n\n" + theirs
    )
    reply = "new ones:\n\n" + kit.envelope("Red", ["muster 3"]) + "\n\n"
    reply += "\n".join("> " + ln for ln in mine.splitlines())
    m = EmailMessage()
    m["From"], m["Message-ID"] = "red@example.org", "<p@x>"
    m.set_content("attached")
    m.add_attachment(
        mine.encode(), maintype="text", subtype="plain", filename="../../etc/passwd.txt"
    )
    rep = _ingest(
        kit,
        [bytes(m), _mail(forwarded, frm="mallory@example.net", mid="<f@x>"), _mail(reply)],
    )
    assert [h.outcome for h in rep.handled] == ["accepted"] * 3, rep.text()
    orders = _orders(kit)
    with kit.game() as g:  # the reply's own envelope counts, not the one it quotes
        assert "muster 3" in g.state().orders["t1-muster"]["Red"].event.envelope
    assert set(orders) == {"Red", "Blue"}
    # Blue's own envelope, forwarded by a third party: Blue is told as well
    fwd = [a for a in _answers(kit) if "mallory" in a["To"]]
    assert len(fwd) == 1 and "blue@example.org" in fwd[0]["To"]
    assert not (tmp_path / "etc").exists() and not list(tmp_path.parent.glob("etc"))


def test_two_envelopes_in_one_mail_name_the_second(kit):
    a, b = kit.envelope("Red", ["muster 1"]), kit.envelope("Red", ["muster 2"])
    text = "hi\n" + a + "\n" + b
    second = text.splitlines().index(envelope.BEGIN, 2) + 1
    _refused(kit, text, "malformed", second, "2 envelopes in one message")


# --- crashes and resolutions ------------------------------------------------------------------


def test_an_error_after_the_submission_takes_it_back(kit, monkeypatch):
    """The answer to an accepted envelope cannot be written (a full disk): the message
    is quarantined and its envelope is not in the game, which holds only whole messages."""
    disk_full_at_the_second_answer(monkeypatch)
    red, blue = kit.envelope("Red", ["muster 1"]), kit.envelope("Blue", ["muster 2"])
    again = kit.envelope("Blue", ["muster 3"])
    rep = _ingest(
        kit,
        [
            _mail(red, mid="<1@x>"),
            _mail(blue, frm="blue@example.org", mid="<2@x>"),
            _mail(again, frm="blue@example.org", mid="<3@x>"),
        ],
    )
    assert [h.outcome for h in rep.handled] == ["accepted", "quarantined", "accepted"]
    told = [a for a in _answers(kit) if "nothing of it was applied" in a.get_content()]
    assert [a["To"] for a in told] == ["blue@example.org"]  # as pbem run tells him
    with kit.game() as g:
        st = g.state()
        assert "muster 3" in st.orders["t1-muster"]["Blue"].event.envelope
        assert [m.outcome for m in st.mailed.values()] == ["accepted", "accepted"]
        # the quarantined mail, read again, is answered as new (nothing of it was kept)
        monkeypatch.undo()  # the disk has room again
        box = Box([_mail(blue, frm="blue@example.org", mid="<2@x>")])
        rep = ingest(g, box, Outbox(outbox_dir(kit.path)), "referee@example.org", now=NOW)
        assert rep.handled[0].outcome == "rejected:replayed"
    from pbem.verify import verify

    assert verify(kit.path).ok


def test_a_mail_that_arrives_while_the_phase_is_resolved(kit, monkeypatch):
    """Another process resolves the phase between two chunks of mail: an envelope for
    it is then refused as wrong-phase and changes nothing."""
    monkeypatch.setattr(intake, "CHUNK", 1)
    red, blue = kit.envelope("Red", ["muster 1"]), kit.envelope("Blue", ["muster 1"])
    late = kit.envelope("Red", ["muster 2"])

    class Resolving(Box):
        def messages(self):
            for k, raw in self.raws.items():
                if k == 2:
                    with kit.game() as other:
                        assert other.advance(max_steps=1)
                yield f"m{k}", raw

    box = Resolving([_mail(red), _mail(blue, frm="blue@example.org"), _mail(late, mid="<l@x>")])
    with kit.game() as g:
        rep = ingest(g, box, Outbox(outbox_dir(kit.path)), "referee@example.org", now=NOW)
        assert [h.outcome for h in rep.handled] == ["accepted", "accepted", "rejected:wrong-phase"]
        assert "already resolved" in rep.handled[2].detail
        accepted = [r.event() for r in g.log.rows() if r.type == "orders_accepted"]
        assert not any("muster 2" in e.envelope for e in accepted)


def test_an_envelope_of_many_bad_lines_is_not_answered_with_megabytes(kit):
    """65,000 bad lines (under the 200,000 characters an envelope may hold) were answered
    with an 8 MB mail (every problem, and again in the signed receipt), to any From."""
    text = kit.envelope("Red", ["muster 1", *["zz"] * 65_000, "muster 1"])
    r = _refused(kit, text, "orders", 8)
    assert len(r.problems) == 101
    assert r.problems[-1].line == 108 and "and 64900 more problems on lines 108 to 65007" in str(
        r.problems[-1]
    )
    rep = _ingest(kit, [_mail(text, frm="victim@example.net")])
    assert rep.handled[0].outcome == "rejected:orders"
    (answer,) = Outbox(outbox_dir(kit.path)).queued()
    assert answer.stat().st_size < 50_000


def test_deeply_nested_blockquotes_do_not_multiply_the_text(kit):
    """Each text of an HTML mail was marked "> " once per <blockquote> around it: 50,000
    nested ones (650 KB of HTML) made 2.5 GB of text and killed the run, every run (the
    mail stays in the inbox until a run gets through it)."""
    from pbem.mail import extract

    assert len(extract.html_to_text("<blockquote>x" * 6000)) < 500_000  # was 36 million
    env = kit.envelope("Red", ["muster 1"])
    html = "<pre>" + env + "</pre>" + "<blockquote>x" * 50_000
    rep = _ingest(kit, [_mail(html, subtype="html")])
    assert rep.handled[0].outcome == "accepted", rep.text()


def test_pbem_sign_warns_of_what_the_referee_refuses(kit, tmp_path):
    from click.testing import CliRunner
    from cryptography.hazmat.primitives import serialization

    from pbem import keys
    from pbem.cli import main

    key = keys.private_from_seed(bytes([1]) * 32)  # Red's (gamekit)
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    (tmp_path / "red.key").write_bytes(pem)
    (tmp_path / "o.txt").write_text(_body(kit, orders="muster\x1f1\nmuster 2"))
    r = CliRunner().invoke(
        main, ["sign", str(tmp_path / "o.txt"), "--key", str(tmp_path / "red.key")]
    )
    assert r.exit_code == 0 and "line(s) 7 (U+001F) of the envelope" in r.stderr
    _refused(kit, r.stdout, "orders", 7, "U+001F")


def test_huge_mails_are_not_held_in_memory(kit, tmp_path, monkeypatch):
    """A Maildir file over the limit is read only as far as the limit (it was read whole,
    and a chunk held 100 messages' bytes at once: 100 mails of 50 MB, 5 GB); ingest reads
    the next message only once the one before is handled."""
    from pbem.mail import boxes

    d = tmp_path / "Maildir"
    src = boxes.MaildirSource(d)
    (d / "new" / "1-huge").write_bytes(_mail("x") + b"y" * 30_000_000)
    (d / "new" / "2-good").write_bytes(_mail(kit.envelope("Red", ["muster 1"])))
    got = [len(raw) for _, raw in src.messages()]
    assert got[0] == intake.extract.MAX_MESSAGE_BYTES + 1
    real, handled = intake._one, []

    def one(game, gid, key, raw, *a, **kw):
        handled.append(key)
        return real(game, gid, key, raw, *a, **kw)

    class Lazy(Box):
        def messages(self):
            for k, raw in self.raws.items():
                assert len(handled) == k  # the one before is handled
                yield f"m{k}", raw

    monkeypatch.setattr(intake, "_one", one)
    with kit.game() as g:
        box = Lazy([f.read_bytes() for f in sorted((d / "new").iterdir())])
        rep = ingest(g, box, Outbox(outbox_dir(kit.path)), "referee@example.org", now=NOW)
    assert [h.outcome for h in rep.handled] == ["quarantined", "accepted"]
    assert "message too large (over 10485760 bytes, the limit)" in rep.text()
    with kit.game() as g:
        rep = ingest(g, src, Outbox(outbox_dir(kit.path)), "referee@example.org", now=NOW)
    assert [h.outcome for h in rep.handled] == ["quarantined", "duplicate"]
    assert (d / ".quarantine" / "cur" / "1-huge:2,S").stat().st_size > 30_000_000  # kept whole


def test_mail_an_automaton_sent_is_not_answered_to_it(kit):
    """RFC 3834: a vacation notice, a bounce, another referee's answer (pbem marks its own
    Auto-Submitted) got help back, and two responders answered each other for ever. The
    envelope in such mail still counts, and its player is still told."""

    def auto(body, header, frm="red@example.org", mid="<a@x>"):
        raw = _mail(body, frm=frm, mid=mid)
        return raw.replace(b"Subject:", header + b"\nSubject:", 1) if header else raw

    env = kit.envelope("Red", ["muster 1"])
    mails = [
        auto("I am on holiday", b"Auto-Submitted: auto-replied", mid="<1@x>"),
        auto("help text of another referee", b"Auto-Submitted: auto-generated", mid="<2@x>"),
        auto("digest", b"Precedence: bulk", mid="<3@x>"),
        auto("Delivery failed", b"", frm="MAILER-DAEMON@mx.example.org", mid="<4@x>"),
        auto(env, b"Auto-Submitted: auto-forwarded", frm="fwd@example.net", mid="<5@x>"),
        auto("a person, hello", b"Auto-Submitted: no", mid="<6@x>"),
    ]
    rep = _ingest(kit, mails)
    assert [h.outcome for h in rep.handled] == ["help"] * 4 + ["accepted", "help"]
    assert rep.text().count("sent by an automaton") == 5
    to = sorted(a["To"] for a in _answers(kit))
    assert to == ["red@example.org", "red@example.org"]  # the player, and the person
    assert _orders(kit) == {"Red": _orders(kit)["Red"]}


def test_two_envelopes_in_two_parts_of_one_mail_are_refused(kit):
    """One envelope per mail (docs/signing.md): the second of two attachments was silently
    ignored (the player's standing orders, say, never read and never mentioned). The
    same envelope pasted and attached, or in the HTML alternative, is one envelope."""
    orders = kit.envelope("Red", ["muster 1"])
    standing = kit.envelope("Red", ["ambush North"], phase="standing")

    def two(first, second, body="files attached", mid="<t@x>"):
        m = EmailMessage()
        m["From"], m["Message-ID"] = "red@example.org", mid
        m.set_content(body)
        for name, text in (("orders.txt", first), ("standing.txt", second)):
            m.add_attachment(text.encode(), maintype="text", subtype="plain", filename=name)
        return bytes(m)

    pasted = EmailMessage()
    pasted["From"], pasted["Message-ID"] = "red@example.org", "<p@x>"
    pasted.set_content(orders)
    pasted.add_alternative("<pre>" + orders + "</pre>", subtype="html")
    pasted.add_attachment(orders.encode(), maintype="text", subtype="plain", filename="o.txt")
    rep = _ingest(kit, [two(orders, standing), bytes(pasted)])
    assert [h.outcome for h in rep.handled] == ["rejected:malformed", "accepted"]
    assert (
        "2 envelopes in one message (the attachment 'orders.txt', the attachment "
        "'standing.txt'): send one per message" in rep.text()
    )
    refusal = next(a for a in _answers(kit) if "NOT accepted" in a["Subject"])
    assert "-----BEGIN PBEM RECEIPT-----" in refusal.get_content()
    with kit.game() as g:
        assert g.state().standing.get("Red") is None


def test_escape_codes_in_a_subject_or_message_id_reach_neither_the_log_nor_the_answer(kit):
    """The subject answered is recorded in the log (mail_sent) and shown to the referee:
    it held the ESC sequences and the right-to-left override a player's Subject carried."""
    env = kit.envelope("Red", ["muster 1"])
    raw = (
        b"From: red@example.org\nSubject: =?utf-8?q?orders_=1B[2J=1B]0;x=07_=E2=80=AE?=\n"
        b"Message-ID: <id\x1b[31m@x>\n\n" + env.encode()
    )
    rep = _ingest(kit, [raw])
    assert rep.handled[0].outcome == "accepted"
    with kit.game() as g:
        (sent,) = g.state().mailed.values()
    assert sent.subject.isprintable() and "orders [2J]0;x" in sent.subject
    (answer,) = Outbox(outbox_dir(kit.path)).queued()
    head = answer.read_bytes().split(b"\n\n")[0]
    assert b"\x1b" not in head and b"\x07" not in head and all(b < 128 for b in head)


def test_a_mail_too_deep_or_too_large_to_parse_is_answered(kit):
    """3,000 nested multiparts exhaust the parser before the From was read: the mail was
    quarantined and its sender never told. Its header block is read on its own; so is a
    mail over the size limit's (it was quarantined unanswered too)."""
    deep = nested_mail(
        b"From: Red <red@example.org>\r\nSubject: deep\r\nMessage-ID: <d@x>\r\n",
        kit.envelope("Red", ["muster 1"]),
    )
    big = _mail("x", frm="blue@example.org", mid="<b@x>") + b"y" * (10 * 1024 * 1024)
    auto = b"Auto-Submitted: auto-replied\n" + big
    rep = _ingest(kit, [deep, big, auto])
    assert [h.outcome for h in rep.handled] == ["quarantined"] * 3
    assert "malformed message: it could not be read (RecursionError)" in rep.handled[0].detail
    assert "sent by an automaton" in rep.handled[2].detail
    got = {a["To"]: a for a in _answers(kit)}
    assert sorted(got) == ["blue@example.org", "red@example.org"]  # not the automaton's
    assert "malformed message" in got["red@example.org"].get_content()
    assert "message too large" in got["blue@example.org"].get_content()
    assert got["red@example.org"]["In-Reply-To"] == "<d@x>"
    assert _orders(kit) == {}


def test_a_sequence_that_leaves_no_room_is_refused_by_sign_and_said_by_the_referee(kit, tmp_path):
    """Sequence 999999999999999999, once accepted, leaves its player no higher number:
    he can never send orders of that kind again. pbem sign refuses a Sequence far above
    the report's and the time in seconds (its default) unless --force; the referee
    accepts it (only the key's holder can sign it) and his answer says what it costs."""
    from click.testing import CliRunner
    from cryptography.hazmat.primitives import serialization

    from pbem import keys
    from pbem.admission import SEQUENCE_AHEAD, sequence_ahead
    from pbem.cli import main

    key = keys.private_from_seed(bytes([1]) * 32)  # Red's (gamekit)
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    (tmp_path / "red.key").write_bytes(pem)
    sign = ["sign", str(tmp_path / "o.txt"), "--key", str(tmp_path / "red.key")]
    (tmp_path / "o.txt").write_text(_body(kit, seq=10**18 - 1))
    r = CliRunner().invoke(main, sign)
    assert r.exit_code == 2 and "no higher number can be written" in r.stderr
    assert "--force" in r.stderr and not r.stdout
    r = CliRunner().invoke(main, [*sign, "--force"])
    assert r.exit_code == 0 and "warning: Sequence 999999999999999999" in r.stderr
    forced = r.stdout
    (tmp_path / "o.txt").write_text(_body(kit, seq=1_700_000_000))  # the time: fine
    assert CliRunner().invoke(main, sign).exit_code == 0
    # from a report, its number counts: a player counting in dates is not refused
    assert sequence_ahead(202611281846 + 5, 202611281846, 1.7e9) == ""
    assert sequence_ahead(SEQUENCE_AHEAD + 2 * 10**9, 4, 1.7e9) != ""
    # the referee: accepted, and the answer says so; an ordinary one says nothing
    rep = _ingest(kit, [_mail(forced), _mail(kit.envelope("Blue", ["muster 1"]), mid="<2@x>")])
    assert [h.outcome for h in rep.handled] == ["accepted", "accepted"]
    texts = [" ".join(a.get_content().split()) for a in _answers(kit)]
    careful = [t for t in texts if "Careful:" in t]
    assert len(careful) == 1 and "no later one can be accepted in this game" in careful[0]
    assert "999999999999999999" in careful[0].split("== Receipt ==")[0]
