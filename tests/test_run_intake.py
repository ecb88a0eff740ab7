"""`pbem run`'s mail intake under hostile or broken mail (the intake audit, continued):
one message's error is its own, an mbox message is read only to the size limit, and the
envelopes routed are not all held to the end of the run."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

from gamekit import new_game
from mailkit import disk_full_at_the_second_answer, nested_mail

from pbem.judge import run as judge_run
from pbem.mail import boxes
from pbem.mail.outbox import outbox_dir

NOW = "2026-01-01T13:00:00Z"


def _mail(text: str, frm: str, mid: str) -> bytes:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"], m["Message-ID"] = frm, "judge@example.org", "orders", mid
    m.set_content(text)
    return bytes(m)


def _games(tmp: Path, names: list[str]):
    d = tmp / "games"
    d.mkdir()
    kits = {
        n: new_game(d, name=f"{n}.pbem", master=bytes([i + 7]) * 32, game_id=n)
        for i, n in enumerate(names)
    }
    return d, kits


def _post(maildir: Path, raws: list[bytes]) -> None:
    src = boxes.MaildirSource(maildir)
    for i, raw in enumerate(raws):
        (src.path / "new" / f"{i:05d}.mail").write_bytes(raw)


def _run(d: Path, source):
    return judge_run.run_dir(d, source, None, "judge@example.org", NOW)


def _sent(d: Path, name: str, prefix: str) -> list[email.message.EmailMessage]:
    box = outbox_dir(d / f"{name}.pbem") / "new"
    return [
        email.message_from_bytes(f.read_bytes(), policy=email.policy.default)
        for f in sorted(box.glob(f"{prefix}*.eml"))
    ]


def test_an_error_on_one_message_is_its_own(tmp_path, monkeypatch):
    """An error on one message rolled back the whole chunk and left it all in the
    mailbox: the same error the next run, and the game's orders never taken. Now the
    message is applied whole or not at all, quarantined and answered; the others count."""
    d, kits = _games(tmp_path, ["solo"])
    kit = kits["solo"]
    disk_full_at_the_second_answer(monkeypatch)
    _post(
        tmp_path / "Maildir",
        [
            _mail(kit.envelope("Red", ["muster 1"]), "red@example.org", "<1@x>"),
            _mail(kit.envelope("Blue", ["muster 2"]), "blue@example.org", "<2@x>"),
            _mail(kit.envelope("Blue", ["muster 3"]), "blue@example.org", "<3@x>"),
        ],
    )
    rep = _run(d, boxes.MaildirSource(tmp_path / "Maildir"))
    monkeypatch.undo()  # the disk has room again
    text = rep.text()
    assert "ERROR" not in text and "message new/00001.mail quarantined: internal error" in text
    assert "2 orders accepted, 0 rejected" in text
    with kits["solo"].game() as g:
        st = g.state()
        orders = st.orders.get("t1-muster", {})
        if orders:  # not yet resolved: Blue's orders are the third mail's
            assert "muster 3" in orders["Blue"].event.envelope
        assert sorted(m.outcome for m in st.mailed.values() if m.answers) == ["accepted"] * 2
    q = tmp_path / "Maildir" / ".quarantine" / "cur"
    assert [f.name for f in q.iterdir()] == ["00001.mail:2,S"]
    assert not list((tmp_path / "Maildir" / "new").iterdir())
    (answer,) = _sent(d, "solo", "quarantined-")
    assert answer["To"] == "blue@example.org" and "nothing of it was applied" in str(
        answer.get_content()
    )
    from pbem.verify import verify

    assert verify(d / "solo.pbem").ok


def test_an_mbox_message_is_read_only_to_the_limit_and_answered(tmp_path, monkeypatch):
    """--mbox read each message whole (get_bytes) and copied it whole to FILE.quarantine:
    a mail of gigabytes exhausted memory. It is read up to the limit, as a Maildir's, and
    its sender is told it is too large; moved whole, in blocks."""
    import mailbox

    d, kits = _games(tmp_path, ["solo"])
    kit = kits["solo"]
    path = tmp_path / "in.mbox"
    box = mailbox.mbox(path)
    big = _mail("x", "blue@example.org", "<big@x>") + b"From y\n" + b"y" * 30_000_000
    box.add(big)
    box.add(_mail(kit.envelope("Red", ["muster 1"]), "red@example.org", "<1@x>"))
    box.add(_mail("see you", "green@example.org", "<2@x>"))
    box.flush()
    del box
    read = []
    real = mailbox.mbox.get_bytes

    def whole(self, key, from_=False):
        read.append(key)
        return real(self, key, from_)

    monkeypatch.setattr(mailbox.mbox, "get_bytes", whole)
    src = boxes.MboxSource(path)
    got = [len(raw) for _, raw in src.messages()]
    assert got[0] == boxes.MAX_MESSAGE_BYTES + 1 and got[1] < 10_000
    rep = _run(d, boxes.MboxSource(path))
    assert read == []  # no message was read whole
    text = rep.text()
    assert "message too large (over 10485760 bytes, the limit)" in text
    assert "1 orders accepted" in text
    assert len(mailbox.mbox(path)) == 0
    (kept,) = mailbox.mbox(f"{path}.quarantine")
    assert bytes(kept).replace(b"\r\n", b"\n").endswith(b"From y\n" + b"y" * 30_000_000 + b"\n")
    assert [m["Message-ID"] for m in mailbox.mbox(f"{path}.processed")] == ["<1@x>", "<2@x>"]
    helps = sorted((d / judge_run.UNROUTED / "new").glob("help-*.eml"))
    to = sorted(email.message_from_bytes(f.read_bytes())["To"] for f in helps)
    assert to == ["blue@example.org", "green@example.org"]


def test_a_mail_nested_too_deep_is_answered_by_pbem_run(tmp_path):
    """The parser fails on 3,000 nested multiparts before the From is read: the sender
    was never told. The header block is read on its own and he is answered."""
    d, kits = _games(tmp_path, ["solo"])
    deep = nested_mail(
        b"From: red@example.org\r\nMessage-ID: <d@x>\r\n",
        kits["solo"].envelope("Red", ["muster 1"]),
    )
    _post(tmp_path / "Maildir", [deep])
    rep = _run(d, boxes.MaildirSource(tmp_path / "Maildir"))
    assert "red@example.org: malformed message: it could not be read" in rep.text()
    (help_,) = (d / judge_run.UNROUTED / "new").glob("help-*.eml")
    m = email.message_from_bytes(help_.read_bytes(), policy=email.policy.default)
    assert m["To"] == "red@example.org" and m["In-Reply-To"] == "<d@x>"
    assert list((tmp_path / "Maildir" / ".quarantine" / "cur").iterdir())


def test_a_games_envelopes_are_let_go_when_it_is_done(tmp_path, monkeypatch):
    """`pbem run` kept every routed envelope's text to the end of the run (every game's
    mail at once); a game's are let go once it is done, and mail for no game keeps none."""
    d, kits = _games(tmp_path, ["alpha", "beta"])
    _post(
        tmp_path / "Maildir",
        [
            _mail(kits["alpha"].envelope("Red", ["muster 1"]), "red@example.org", "<a@x>"),
            _mail(kits["beta"].envelope("Red", ["muster 1"]), "red@example.org", "<b@x>"),
            _mail(
                kits["beta"].envelope("Red", ["muster 1"], game_id="g 0123456789abcdef"),
                "red@example.org",
                "<c@x>",
            ),
        ],
    )
    real, seen = judge_run._game, []
    real_unrouted = judge_run._unrouted

    def game(g, msgs, *a):
        for earlier in seen:
            assert earlier == [], "an earlier game's mail is still held"
        assert all(r.text for r in msgs)
        seen.append(msgs)
        return real(g, msgs, *a)

    def unrouted(directory, lost, *a):
        assert [r.text for r in lost] == [None]
        return real_unrouted(directory, lost, *a)

    monkeypatch.setattr(judge_run, "_game", game)
    monkeypatch.setattr(judge_run, "_unrouted", unrouted)
    rep = _run(d, boxes.MaildirSource(tmp_path / "Maildir"))
    assert len(seen) == 2 and seen == [[], []]
    assert rep.text().count("1 orders accepted, 0 rejected") == 2, rep.text()
