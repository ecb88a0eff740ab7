"""Delivery through a real SMTP server (aiosmtpd on localhost)."""

import email
import email.policy
import socket

import pytest
from aiosmtpd.controller import Controller
from click.testing import CliRunner
from gamekit import new_game

from pbem.cli import main
from pbem.mail.outbox import Outbox, message, outbox_dir


class Sink:
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
        return "250 OK"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp():
    sink = Sink()
    ctl = Controller(sink, hostname="127.0.0.1", port=_free_port())
    ctl.start()
    yield ctl, sink
    ctl.stop()


def test_send_delivers_the_outbox_through_smtp(tmp_path, smtp):
    ctl, sink = smtp
    kit = new_game(tmp_path)
    box = Outbox(outbox_dir(kit.path))
    for i in range(3):
        box.put(
            message(
                "ref@example.org",
                [f"p{i}@example.org"],
                f"report {i}",
                f"text {i}",
                f"<p>html {i}</p>",
                key=f"r{i}",
            ),
            f"r{i}",
        )
    env = {
        "PBEM_SMTP_HOST": "127.0.0.1",
        "PBEM_SMTP_PORT": str(ctl.port),
        "PBEM_SMTP_SECURITY": "none",
    }
    r = CliRunner().invoke(main, ["send", str(kit.path)], env=env)
    assert r.exit_code == 0, r.output
    assert "2 report(s) delivered by SMTP" in r.output  # the set-up's report to each power
    assert "sent 3 other message(s)" in r.output
    assert len(sink.messages) == 5
    got = email.message_from_bytes(sink.messages[2][2], policy=email.policy.default)
    assert got["Subject"] == "report 0" and got.get_content_type() == "multipart/alternative"
    parts = [p.get_content_type() for p in got.iter_parts()]
    assert parts == ["text/plain", "text/html"]
    assert box.queued() == [] and len(box.handed_out()) == 5  # 3 + the 2 reports
    # sending again sends nothing twice
    r = CliRunner().invoke(main, ["send", str(kit.path)], env=env)
    assert "sent 0 other message(s)" in r.output and len(sink.messages) == 5


def test_without_a_server_the_outbox_is_the_delivery(tmp_path):
    kit = new_game(tmp_path)
    Outbox(outbox_dir(kit.path)).put(message("a@b", ["c@d"], "s", "t", key="k"), "k")
    r = CliRunner().invoke(main, ["send", str(kit.path)], env={"PBEM_SMTP_HOST": ""})
    assert r.exit_code == 0 and "3 message(s) wait as .eml files" in r.output  # 1 + 2 reports
    assert "2 report(s) written to the outbox, not delivered" in r.output


def test_reports_written_to_the_outbox_are_recorded_so_and_handed_out_later(tmp_path, smtp):
    """Without SMTP a report is recorded as written to the outbox (new/); a later
    `pbem send` with SMTP hands it out, moves it to cur/ and records that too."""
    from pbem.verify import verify

    ctl, sink = smtp
    kit = new_game(tmp_path)
    r = CliRunner().invoke(main, ["send", str(kit.path)], env={"PBEM_SMTP_HOST": ""})
    assert "2 report(s) written to the outbox, not delivered" in r.output, r.output
    box = Outbox(outbox_dir(kit.path))
    assert [f.name for f in box.queued()] == ["report-001-Blue.eml", "report-001-Red.eml"]
    with kit.game() as g:
        recs = [e for _, e in g.log.events() if e.type == "report_delivered"]
    assert [(e.key, e.transport) for e in recs] == [("001-Red", "outbox"), ("001-Blue", "outbox")]
    env = {"PBEM_SMTP_HOST": "127.0.0.1", "PBEM_SMTP_PORT": str(ctl.port)}
    env["PBEM_SMTP_SECURITY"] = "none"
    r = CliRunner().invoke(main, ["send", str(kit.path)], env=env)
    assert "0 report(s) delivered by SMTP" in r.output
    assert "sent 2 other message(s)" in r.output and "2 of them report(s) that waited" in r.output
    assert len(sink.messages) == 2 and box.queued() == [] and len(box.handed_out()) == 2
    with kit.game() as g:
        recs = [e for _, e in g.log.events() if e.type == "report_delivered"]
    assert [e.transport for e in recs] == ["outbox", "outbox", "smtp", "smtp"]
    assert recs[2].content_hash == recs[1].content_hash  # the same report, 001-Blue
    rep = verify(kit.path)
    assert rep.ok and rep.reports == 4, rep.text()
    r = CliRunner().invoke(main, ["send", str(kit.path)], env=env)  # nothing twice
    assert "sent 0 other message(s)" in r.output and len(sink.messages) == 2


def test_an_outbox_of_the_old_layout_is_moved_into_new_and_cur(tmp_path):
    old = tmp_path / "g.pbem.outbox"
    (old / "sent").mkdir(parents=True)
    (old / "ack-1.eml").write_bytes(b"Subject: waiting\n\nx\n")
    (old / "sent" / "ack-0.eml").write_bytes(b"Subject: sent\n\nx\n")
    box = Outbox(old)
    assert [f.name for f in box.queued()] == ["ack-1.eml"]
    assert [f.name for f in box.handed_out()] == ["ack-0.eml"]
    assert not (old / "sent").exists() and not list(old.glob("*.eml"))


def test_passwords_never_printed():
    from pbem.mail.config import server

    s = server("smtp", env={"PBEM_SMTP_HOST": "h", "PBEM_SMTP_PASSWORD": "hunter2"})
    assert s.password == "hunter2" and "hunter2" not in repr(s)


def test_remind_writes_to_those_who_owe(tmp_path):
    from gamekit import NOW

    kit = new_game(tmp_path)
    with kit.game() as g:
        g.submit(kit.envelope("Red", ["muster 1"]), now=NOW)
    r = CliRunner().invoke(main, ["remind", str(kit.path), "--deadline", "Friday 18:00 UTC"])
    assert r.exit_code == 0 and "reminded: Blue" in r.output
    files = Outbox(outbox_dir(kit.path)).queued()
    assert len(files) == 1
    m = email.message_from_bytes(files[0].read_bytes(), policy=email.policy.default)
    assert (
        m["To"] == "blue@example.org"
        and "Phase: t1-muster" in m.get_content()
        and "Friday 18:00 UTC" in m.get_content()
    )


def test_reports_of_a_played_scenario_through_smtp_recorded_and_rebuilt(tmp_path, smtp):
    """A real SMTP server receives every report of a played Soldier Kings scenario;
    each mail parses and carries both parts; each delivery is in the log and verify
    rebuilds every report byte for byte."""
    from skkit import SKGame, play

    from pbem.verify import verify

    ctl, sink = smtp
    g = SKGame(tmp_path, "1756")
    play(g)
    env = {
        "PBEM_SMTP_HOST": "127.0.0.1",
        "PBEM_SMTP_PORT": str(ctl.port),
        "PBEM_SMTP_SECURITY": "none",
    }
    r = CliRunner().invoke(
        main,
        [
            "send", str(g.path), "--per-phase",
            "--deadline", "Friday 18:00 UTC", "--now", "2026-03-09T12:00:00Z",
        ],
        env=env,
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    n = len(sink.messages)
    assert n >= 40 and f"{n} report(s) delivered by SMTP" in r.output
    for _frm, rcpt, raw in sink.messages:
        m = email.message_from_bytes(raw, policy=email.policy.default)
        assert m.get_content_type() == "multipart/alternative"
        assert [p.get_content_type() for p in m.iter_parts()] == ["text/plain", "text/html"]
        assert rcpt[0] in ("austria@example.org", "prussia@example.org")
    delivered = [e for _, e in g.game.log.events() if e.type == "report_delivered"]
    assert len(delivered) == n and {e.transport for e in delivered} == {"smtp"}
    rep = verify(g.path)
    assert rep.ok and rep.reports == n, rep.text()
    # nothing is sent twice
    r = CliRunner().invoke(main, ["send", str(g.path)], env=env)
    assert "0 report(s) delivered by SMTP" in r.output and len(sink.messages) == n
