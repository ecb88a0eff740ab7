"""Order intake from a mailbox: every shape of mail, hostile mail, idempotence."""

import base64
import email
import email.policy
import mailbox
from email.message import EmailMessage

import pytest
from gamekit import NOW, new_game

from pbem.mail import boxes, extract
from pbem.mail.intake import ingest
from pbem.mail.outbox import Outbox, outbox_dir


def _mail(
    body: str | None = None,
    *,
    html: str | None = None,
    attach: str | None = None,
    frm="red@example.org",
    cte="7bit",
    charset="utf-8",
    subject="orders",
) -> bytes:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = frm, "referee@example.org", subject
    m["Message-ID"] = f"<{abs(hash((body, html, attach, frm)))}@test>"
    if body is not None:
        m.set_content(body, cte=cte if cte != "7bit" else None, charset=charset)
    if html is not None:
        if body is None:
            m.set_content(html, subtype="html")
        else:
            m.add_alternative(html, subtype="html")
    if attach is not None:
        if body is None and html is None:
            m.set_content("orders attached")
        m.add_attachment(attach.encode(), maintype="text", subtype="plain", filename="orders.txt")
    return bytes(m)


@pytest.fixture
def kit(tmp_path):
    return new_game(tmp_path)


def _box(tmp_path, mails: dict[str, bytes]):
    d = tmp_path / "Maildir"
    src = boxes.MaildirSource(d)
    for name, raw in mails.items():
        (d / "new" / name).write_bytes(raw)
    return d, src


def _run(kit, src):
    with kit.game() as g:
        return ingest(g, src, Outbox(outbox_dir(kit.path)), "referee@example.org", now=NOW)


def test_every_shape_of_mail_is_read(kit, tmp_path):
    e1 = kit.envelope("Red", ["muster 1"])
    e2 = kit.envelope("Blue", ["muster 2"])
    e3 = kit.envelope("Red", ["muster 2"])
    e4 = kit.envelope("Blue", ["muster 1"])
    e5 = kit.envelope("Red", ["muster 3"])
    e6 = kit.envelope("Blue", ["muster 3"])
    quoted = "Here again:\n\n" + "\n".join("> " + ln for ln in e4.splitlines())
    html = "<html><body><p>My orders:</p><pre>" + e5 + "</pre><script>x()</script></body></html>"
    gmail = (
        "<div dir=ltr>" + "".join(f"<div>{ln or '<br>'}</div>" for ln in e6.splitlines()) + "</div>"
    )
    mails = {
        "01-plain": _mail(e1),
        "02-qp": _mail("Hi,\n\n" + e2 + "\nbye\n", cte="quoted-printable"),
        "03-base64-bom": _mail("\ufeff" + e3, cte="base64"),
        "04-quoted-reply": _mail(quoted, frm="blue@example.org"),
        "05-html-only": _mail(html=html),
        "06-html-divs": _mail(html=gmail, frm="blue@example.org"),
        "07-attached": _mail(attach=e6, frm="blue@example.org"),
    }
    _, src = _box(tmp_path, mails)
    rep = _run(kit, src)
    assert [h.outcome for h in rep.handled] == ["accepted"] * 6 + ["duplicate"], rep.text()
    with kit.game() as g:
        have = g.state().orders["t1-muster"]
        assert set(have) == {"Red", "Blue"}
    # every message answered, moved, not deleted
    out = Outbox(outbox_dir(kit.path)).queued()
    assert len(out) == 7
    ack = email.message_from_bytes(out[0].read_bytes(), policy=email.policy.default)
    assert (
        ack["Subject"].startswith("Accepted: Red, t1-muster [pbem g]")
        and "muster 1" in ack.get_content()
    )
    assert ack["In-Reply-To"]
    assert len(list((tmp_path / "Maildir" / ".processed" / "cur").iterdir())) == 7
    assert not list((tmp_path / "Maildir" / "new").iterdir())


def test_ingest_twice_changes_nothing_and_a_resent_mail_applies_once(kit, tmp_path):
    raw = _mail(kit.envelope("Red", ["muster 1"]))
    d, src = _box(tmp_path, {"a": raw})
    _run(kit, src)
    with kit.game() as g:
        head = g.log.head()
    rep = _run(kit, boxes.MaildirSource(d))
    assert rep.handled == []
    (d / "new" / "b").write_bytes(raw)  # the same mail arrives again
    rep = _run(kit, boxes.MaildirSource(d))
    assert [h.outcome for h in rep.handled] == ["duplicate"]
    with kit.game() as g:
        assert g.log.head() == head


def test_hostile_mailbox(kit, tmp_path):
    good = kit.envelope("Red", ["muster 1"])
    old = kit.envelope("Blue", ["muster 1"])
    newer = kit.envelope("Blue", ["muster 2"])
    forged = kit.envelope("Blue", ["muster 0"]).replace("muster 0", "muster 3")
    wrong_phase = kit.envelope("Red", ["hold"], phase="t1-attack-Red")
    injection = kit.envelope(
        "Blue", ['<script>alert("x")</script>', "<img src=x onerror=alert(1)>"]
    )
    broken = b'From: red@example.org\nSubject: x\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="zz"\n\n--zz\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n!!!not base64!!!\n--zz'
    latin1 = (
        "From: red@example.org\nSubject: x\nContent-Type: text/plain; charset=utf-8\n\n"
        + "Gr\xfc\xdfe"
    ).encode("latin-1")
    huge = _mail("x" * (11 * 1024 * 1024))
    mails = {
        "01-good": _mail(good),
        "02-old": _mail(old, frm="blue@example.org"),
        "03-newer": _mail(newer, frm="blue@example.org"),
        "04-replayed": _mail(old, frm="blue@example.org"),
        "05-forged": _mail(forged, frm="mallory@example.net"),
        "06-wrong-phase": _mail(wrong_phase),
        "07-injection": _mail(injection, frm="blue@example.org"),
        "08-broken-mime": broken,
        "09-non-utf8": latin1,
        "10-huge": huge,
        "11-no-orders": _mail("hello referee, when is the next turn?", frm="stranger@example.net"),
        "12-garbage": b"\x00\x01\x02 not a mail at all \xff\xfe",
    }
    d, src = _box(tmp_path, mails)
    rep = _run(kit, src)
    outcome = {h.key.split("/")[1]: h.outcome for h in rep.handled}
    assert outcome["01-good"] == "accepted"
    assert outcome["02-old"] == "accepted" and outcome["03-newer"] == "accepted"
    assert outcome["04-replayed"] == "duplicate"
    assert outcome["05-forged"] == "rejected:forged"
    assert outcome["06-wrong-phase"] == "rejected:wrong-phase"
    assert outcome["07-injection"] == "rejected:orders"
    assert outcome["08-broken-mime"] in ("help", "quarantined")
    assert outcome["09-non-utf8"] in ("help", "quarantined")
    assert outcome["10-huge"] == "quarantined"
    assert outcome["11-no-orders"] == "help"
    assert outcome["12-garbage"] in ("help", "quarantined")
    with kit.game() as g:
        orders = g.state().orders["t1-muster"]
        # no wrong acceptance, no valid order lost: Red's, and Blue's newest valid one
        assert set(orders) == {"Red", "Blue"}
        assert "muster 2" in orders["Blue"].event.envelope
    acks = {f.name: f.read_bytes() for f in Outbox(outbox_dir(kit.path)).queued()}
    # everyone with a sender address heard back, except for the replay: the very same
    # mail again (the same bytes) is answered once, as a mail read again after a crash
    assert len(acks) >= 9
    assert not any("04-replayed" in k for k in acks)
    forged_ack = next(v for k, v in acks.items() if "05-forged" in k)
    assert (
        b"blue@example.org" not in forged_ack.split(b"\n\n")[0]
    )  # a forger's mail is not echoed to the victim
    quarantined = list((d / ".quarantine" / "cur").iterdir())
    assert any("10-huge" in f.name for f in quarantined)
    assert not list((d / "new").iterdir())  # nothing left behind, nothing deleted
    total = len(list((d / ".processed" / "cur").iterdir())) + len(quarantined)
    assert total == len(mails)


def test_mbox_source_moves_messages(kit, tmp_path):
    path = tmp_path / "in.mbox"
    box = mailbox.mbox(path)
    box.add(_mail(kit.envelope("Red", ["muster 1"])))
    box.add(_mail("no orders here"))
    box.flush()
    rep = _run(kit, boxes.MboxSource(path))
    assert [h.outcome for h in rep.handled] == ["accepted", "help"]
    assert len(mailbox.mbox(path)) == 0 and len(mailbox.mbox(f"{path}.processed")) == 2


def test_html_to_text_drops_scripts():
    assert extract.html_to_text("<p>a<script>evil()</script>b</p><br>c&amp;d") == "ab\n\nc&d"
    assert extract.html_to_text("<div>x  y\n z</div><pre>a  b\n  c</pre>") == "x y z\na  b\n  c\n"
    assert extract.html_to_text("<div>l1</div><div><br></div><div>l2</div>") == "l1\n\nl2\n"


def test_base64_attachment_name_variants(kit):
    env = kit.envelope("Red", ["muster 1"])
    m = EmailMessage()
    m["From"] = "red@example.org"
    m.set_content("see attachment")
    m.add_attachment(
        base64.b64decode(base64.b64encode(env.encode())),
        maintype="application",
        subtype="octet-stream",
        filename="orders.asc",
    )
    inc = extract.read(bytes(m))
    assert extract.envelope_text(inc) is not None


def test_ingest_command(kit, tmp_path):
    from click.testing import CliRunner

    from pbem.cli import main

    d, _ = _box(tmp_path, {"m1": _mail(kit.envelope("Red", ["muster 1"])), "m2": _mail("hello")})
    r = CliRunner().invoke(main, ["ingest", str(kit.path), "--maildir", str(d), "--now", NOW])
    assert r.exit_code == 0, r.output
    assert (
        "2 messages: 1 accepted, 0 duplicate, 0 rejected, 1 answered with help, 0 quarantined"
        in r.output
    )
    r = CliRunner().invoke(main, ["ingest", str(kit.path)])
    assert r.exit_code == 2 and "exactly one of" in r.output


def test_a_from_with_an_encoded_cr_lf_is_answered_at_the_safe_address(kit, tmp_path):
    """Before issue 19 such mail was quarantined with no answer at all."""
    env = kit.envelope("Red", ["muster 1"])
    body = "\n\n" + env
    cut = b"From: =?utf-8?q?red@example.org=0D=0ABcc:_victim@example.net?=\n"
    nothing = b"From: =?utf-8?q?=0D=0ABcc:_victim@example.net?=\n"
    mails = {
        "1-crlf": cut + b"Subject: orders\nMessage-ID: <1@x>" + body.encode(),
        "2-crlf-only": nothing + b"Subject: orders\nMessage-ID: <2@x>\n\nhello\n",
    }
    _, src = _box(tmp_path, mails)
    rep = _run(kit, src)
    got = {h.key.split("/")[1]: h for h in rep.handled}
    assert got["1-crlf"].outcome == "accepted" and got["1-crlf"].sender == "red@example.org"
    assert "answered to red@example.org" in got["1-crlf"].detail
    assert "no valid address before it: not answered" in got["2-crlf-only"].detail
    assert "not answered" in rep.text()
    acks = Outbox(outbox_dir(kit.path)).queued()
    assert len(acks) == 1
    ack = email.message_from_bytes(acks[0].read_bytes(), policy=email.policy.default)
    assert ack["To"] == "red@example.org" and "victim" not in acks[0].read_text()
