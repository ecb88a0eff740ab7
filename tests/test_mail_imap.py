"""Intake from a real IMAP server: a private Dovecot on localhost (Debian's
dovecot-imapd, installed by .ci/run)."""

import imaplib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamekit import NOW, new_game
from test_mail_ingest import _mail

from pbem.cli import main

CONF = """\
base_dir = {d}/run
state_dir = {d}/state
log_path = {d}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = dovenull
default_internal_user = dovecot
first_valid_uid = 1
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {d}/passwd
}}
userdb {{
  driver = static
  args = uid=65534 gid=65534 home={d}/home/%u
}}
mail_location = maildir:~/Maildir
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def imap_server():
    exe = shutil.which("dovecot") or (
        "/usr/sbin/dovecot" if os.path.exists("/usr/sbin/dovecot") else None
    )
    assert exe, "dovecot not found: install Debian's dovecot-imapd (.ci/run does)"
    d = Path(tempfile.mkdtemp(prefix="pbem-imap-"))
    os.chmod(d, 0o755)
    (d / "home").mkdir()
    os.chmod(d / "home", 0o777)
    (d / "passwd").write_text("referee:{PLAIN}s3cret::::::\n")
    port = _free_port()
    conf = d / "dovecot.conf"
    conf.write_text(CONF.format(d=d, port=port))
    proc = subprocess.Popen(
        [exe, "-F", "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    else:
        proc.kill()
        raise AssertionError(f"dovecot did not start: {proc.stderr.read().decode()[-500:]}")
    yield port
    proc.terminate()
    proc.wait(10)
    shutil.rmtree(d, ignore_errors=True)


def _login(port):
    c = imaplib.IMAP4("127.0.0.1", port)
    c.login("referee", "s3cret")
    return c


def _count(c, folder):
    typ, data = c.select(folder)
    return int(data[0])


def test_ingest_from_imap(tmp_path, imap_server):
    port = imap_server
    kit = new_game(tmp_path)
    c = _login(port)
    for raw in (
        _mail(kit.envelope("Red", ["muster 1"])),
        _mail("just saying hello"),
        _mail(kit.envelope("Blue", ["muster 2"]), frm="blue@example.org"),
    ):
        typ, _ = c.append("INBOX", None, None, raw.replace(b"\n", b"\r\n"))
        assert typ == "OK"
    c.logout()
    env = {
        "PBEM_IMAP_HOST": "127.0.0.1", "PBEM_IMAP_PORT": str(port), "PBEM_IMAP_USER": "referee",
        "PBEM_IMAP_PASSWORD": "s3cret", "PBEM_IMAP_SECURITY": "none",
    }  # fmt: skip
    r = CliRunner().invoke(main, ["ingest", str(kit.path), "--imap", "--now", NOW], env=env)
    assert r.exit_code == 0, r.output
    assert "3 messages: 2 accepted, 0 duplicate, 0 rejected, 1 answered with help" in r.output
    c = _login(port)
    assert _count(c, "INBOX") == 0 and _count(c, "pbem-processed") == 3
    c.logout()
    # idempotent: nothing left to read
    r = CliRunner().invoke(main, ["ingest", str(kit.path), "--imap", "--now", NOW], env=env)
    assert "0 messages" in r.output
    with kit.game() as g:
        assert set(g.state().orders["t1-muster"]) == {"Red", "Blue"}


def test_run_reads_the_shared_imap_folder(tmp_path, imap_server):
    """`pbem run DIR --imap`: the judge over an IMAP folder, one game (docs/service.md)."""
    port = imap_server
    games = tmp_path / "games"
    games.mkdir()
    kit = new_game(games, name="g.pbem", master=bytes([5]) * 32)
    c = _login(port)
    for raw in (
        _mail(kit.envelope("Red", ["muster 1"])),
        _mail(kit.envelope("Blue", ["muster 2"]), frm="blue@example.org"),
        _mail(kit.envelope("Red", ["hold"], "request"), subject="again"),
    ):
        assert c.append("INBOX", None, None, raw.replace(b"\n", b"\r\n"))[0] == "OK"
    c.logout()
    env = {
        "PBEM_IMAP_HOST": "127.0.0.1", "PBEM_IMAP_PORT": str(port), "PBEM_IMAP_USER": "referee",
        "PBEM_IMAP_PASSWORD": "s3cret", "PBEM_IMAP_SECURITY": "none",
    }  # fmt: skip
    args = ["run", str(games), "--imap", "--now", "2026-01-01T13:00:00Z"]
    r = CliRunner().invoke(main, args, env=env)
    assert r.exit_code == 0, r.output
    assert "g: 2 orders accepted, 0 rejected; 1 request(s) answered; resolved t1-muster" in r.output
    c = _login(port)
    assert _count(c, "INBOX") == 0 and _count(c, "pbem-processed") == 3
    c.logout()
    r = CliRunner().invoke(main, args, env=env)  # nothing left: nothing changes
    assert "g: nothing to do" in r.output, r.output


def test_a_mail_over_the_limit_is_fetched_only_up_to_it(tmp_path, imap_server, monkeypatch):
    """The intake audit: a mail of many megabytes was fetched whole before its size was
    looked at; now only the limit's worth, and it is quarantined whole on the server."""
    from pbem.mail import boxes, extract
    from pbem.mail.config import Server
    from pbem.mail.intake import ingest
    from pbem.mail.outbox import Outbox, outbox_dir

    monkeypatch.setattr(extract, "MAX_MESSAGE_BYTES", 100_000)
    monkeypatch.setattr(boxes, "MAX_MESSAGE_BYTES", 100_000)
    kit = new_game(tmp_path)
    c = _login(imap_server)
    for raw in (_mail("x" * 300_000), _mail(kit.envelope("Red", ["muster 1"]))):
        assert c.append("INBOX", None, None, raw.replace(b"\n", b"\r\n"))[0] == "OK"
    c.logout()
    server = Server("127.0.0.1", imap_server, "referee", "s3cret", "none", {"folder": "INBOX"})
    src = boxes.ImapSource(server)
    got = [len(raw) for _, raw in src.messages()]
    assert got[0] == 100_001 and got[1] < 100_000
    with kit.game() as g:
        rep = ingest(g, src, Outbox(outbox_dir(kit.path)), "referee@example.org", now=NOW)
    src.close()
    assert [h.outcome for h in rep.handled] == ["quarantined", "accepted"], rep.text()
    c = _login(imap_server)
    last = _count(c, "pbem-quarantine")
    typ, data = c.fetch(str(last), "(RFC822.SIZE)")
    assert int(data[0].split(b"RFC822.SIZE ")[1].rstrip(b")")) > 300_000
    c.logout()
