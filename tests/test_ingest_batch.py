"""Ingest commits a chunk of envelopes at once (issue 20): all of a chunk or none, and
nothing is answered or moved before its commit."""

import pytest
from gamekit import NOW, new_game

from pbem.errors import ConflictError
from pbem.mail import boxes, intake
from pbem.mail.intake import ingest
from pbem.mail.outbox import Outbox, outbox_dir


def _mail(body: str, n: int) -> bytes:
    return (
        f"From: red@example.org\nTo: referee@example.org\nSubject: orders\n"
        f"Message-ID: <{n}@test>\n\n{body}"
    ).encode()


def _box(tmp_path, kit, n: int):
    d = tmp_path / "Maildir"
    src = boxes.MaildirSource(d)
    for i in range(n):
        power = ("Red", "Blue")[i % 2]
        text = kit.envelope(power, [f"muster {1 + i % 3}"], seq=i + 1)
        (d / "new" / f"{i:03d}").write_bytes(_mail(text, i))
    return d, src


def test_a_crash_inside_a_chunk_answers_and_moves_nothing(tmp_path, monkeypatch):
    kit = new_game(tmp_path)
    d, src = _box(tmp_path, kit, 6)
    with kit.game() as g:
        head = g.log.head()
    real, calls = intake._one, []

    def dies_at_the_fourth(*a, **kw):
        calls.append(1)
        if len(calls) == 4:
            raise KeyboardInterrupt  # the process stops: not an error of one message
        return real(*a, **kw)

    monkeypatch.setattr(intake, "_one", dies_at_the_fourth)
    box = Outbox(outbox_dir(kit.path))
    with kit.game() as g, pytest.raises(KeyboardInterrupt):
        ingest(g, src, box, "referee@example.org", now=NOW)
    with kit.game() as g:
        assert g.log.head() == head  # the three envelopes before it were rolled back
    assert box.queued() == [] and len(list((d / "new").iterdir())) == 6

    monkeypatch.setattr(intake, "_one", real)
    with kit.game() as g:
        rep = ingest(g, src, box, "referee@example.org", now=NOW)
        assert rep.count("accepted") == 6, rep.text()
        # six submissions and the six answers, recorded (mail_sent) in the same commits
        assert g.log.head()[0] == head[0] + 12
        answers = [e for e in g.state().mailed.values() if e.what == "answer"]
        assert sorted(a.power for a in answers) == ["Blue"] * 3 + ["Red"] * 3
        assert all(a.outcome == "accepted" and a.answers for a in answers)
    assert len(box.queued()) == 6 and list((d / "new").iterdir()) == []
    assert sorted(f.stem for f in box.queued()) == sorted(a.name for a in answers)


def test_the_same_mail_read_again_is_answered_once(tmp_path):
    """A crash after the commit but before the mail was moved: the next ingest reads
    it again, and neither submits nor answers it twice."""
    kit = new_game(tmp_path)
    d, src = _box(tmp_path, kit, 2)
    kept = {f.name: f.read_bytes() for f in (d / "new").iterdir()}
    box = Outbox(outbox_dir(kit.path))
    with kit.game() as g:
        assert ingest(g, src, box, "referee@example.org", now=NOW).count("accepted") == 2
        head = g.log.head()
    for name, raw in kept.items():  # as if never moved
        (d / "new" / name).write_bytes(raw)
    with kit.game() as g:
        rep = ingest(g, src, box, "referee@example.org", now=NOW)
        assert rep.count("duplicate") == 2 and "answered before" in rep.text()
        assert g.log.head() == head
    assert len(box.queued()) == 2


def test_chunks_commit_separately(tmp_path, monkeypatch):
    monkeypatch.setattr(intake, "CHUNK", 2)
    kit = new_game(tmp_path)
    d, src = _box(tmp_path, kit, 5)
    with kit.game() as g:
        rep = ingest(g, src, Outbox(outbox_dir(kit.path)), "referee@example.org", now=NOW)
    assert rep.count("accepted") == 5, rep.text()


def test_inside_a_batch_a_failed_append_undoes_only_itself(tmp_path):
    kit = new_game(tmp_path)
    with kit.game() as g:
        seq0, _ = g.log.head()
        with g.log.batch():
            assert g.submit(kit.envelope("Red", ["muster 1"], seq=1)).ok
            with pytest.raises(ConflictError):
                g.log.append([g.log.row(1).event()], 0)  # expects an empty log
            assert g.submit(kit.envelope("Blue", ["muster 2"], seq=1)).ok
        assert g.log.head()[0] == seq0 + 2
