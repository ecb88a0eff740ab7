"""The referee's seal on delivered reports (issue 19): a player can prove what he was told,
and a report changed after it was sealed (a die, a line of HTML) no longer checks."""

import email
import email.policy

import pytest
from click.testing import CliRunner
from gamekit import new_game

from pbem.cli import main
from pbem.mail.outbox import Outbox, outbox_dir
from pbem.reports.seal import SealError, check, load


@pytest.fixture(scope="module")
def sent(tmp_path_factory):
    """A game whose first reports went to the outbox (no SMTP): the .eml files as mailed."""
    tmp = tmp_path_factory.mktemp("seal")
    kit = new_game(tmp)
    r = CliRunner().invoke(main, ["send", str(kit.path)], env={"PBEM_SMTP_HOST": ""})
    assert r.exit_code == 0, r.output
    files = sorted(Outbox(outbox_dir(kit.path)).queued())
    return kit, files


def _as_received(path, tmp_path):
    """The bytes a mail program saves: CRLF line ends, as SMTP carries them."""
    out = tmp_path / path.name
    out.write_bytes(path.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
    return out


def test_every_mailed_report_is_sealed_and_checks(sent, tmp_path):
    kit, files = sent
    assert files
    for f in files:
        text, html = load(_as_received(f, tmp_path))
        got = check(text, html)
        assert got.parts == ("text", "HTML")
        with kit.game() as g:
            st = g.state()
            recorded = {e.content_hash for _, e in g.log.events() if e.type == "report_delivered"}
        assert got.game == st.game_ref and got.referee == st.created.referee_key
        assert got.content_hash in recorded  # the seal covers exactly what the log recorded
    r = CliRunner().invoke(main, ["check-report", *map(str, files), "--game", str(kit.path)])
    assert r.exit_code == 0 and r.output.count(": OK: the text and HTML") == len(files), r.output


def _tampered(path, tmp_path, old: bytes, new: bytes):
    data = path.read_bytes()
    assert old in data, old
    out = tmp_path / ("x-" + path.name)
    out.write_bytes(data.replace(old, new, 1))
    return out


def test_a_changed_report_fails_its_seal(sent, tmp_path):
    kit, files = sent
    msg = email.message_from_bytes(files[0].read_bytes(), policy=email.policy.default)
    text = msg.get_body(("plain",)).get_content()
    # change a word of the text part (it travels quoted-printable or 8bit: both readable)
    word = next(w for w in text.split() if w.isalpha() and len(w) > 6).encode()
    bad = _tampered(files[0], tmp_path, word, word.upper())
    r = CliRunner().invoke(main, ["check-report", str(bad)])
    assert r.exit_code == 3 and "NOT VALID" in r.output and "changed after" in r.output, r.output


def test_a_changed_die_fails_and_a_forged_seal_fails(tmp_path):
    """On the text alone: a die changed in a result line, and a seal re-made with
    another key (the Referee line names the forger's key: --game catches that)."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from pbem.reports.build import Report
    from pbem.reports.seal import seal

    base = Report(
        "Red", 1, 9, "s", "Red rolls 2, 6: 1 hit.\n", "<html><body><p>x</p></body></html>"
    )
    key = Ed25519PrivateKey.generate()
    good = seal(base, "g 0123456789abcdef", key)
    assert check(good.text, good.html).content_hash == base.content_hash
    with pytest.raises(SealError, match="text part was changed"):
        check(good.text.replace("2, 6", "6, 6"), None)
    with pytest.raises(SealError, match="HTML part"):
        check(good.text, good.html.replace("<p>x</p>", "<p>y</p>"))
    with pytest.raises(SealError, match="does not verify"):
        check(good.text.replace("Power: Red", "Power: Blue"), None)
    forged = seal(base, "g 0123456789abcdef", Ed25519PrivateKey.generate())
    assert check(forged.text, None).referee != check(good.text, None).referee
    with pytest.raises(SealError, match="no report seal"):
        check(base.text, None)
    with pytest.raises(SealError, match="something after"):
        check(good.text + "P.S. you won\n", None)


def test_check_report_with_game_refuses_another_key_and_an_unlogged_report(sent, tmp_path):
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from pbem.reports.build import Report
    from pbem.reports.seal import seal

    kit, files = sent
    text, html = load(files[0])
    got = check(text, html)
    base = Report(got.power, got.start, got.stop, "s", got.unsealed["text"], got.unsealed["HTML"])
    other = seal(base, got.game, Ed25519PrivateKey.generate())
    (tmp_path / "o.txt").write_text(other.text)
    r = CliRunner().invoke(main, ["check-report", str(tmp_path / "o.txt"), "--game", str(kit.path)])
    assert r.exit_code == 3 and "not this game's referee key" in r.output, r.output
    with kit.game() as g:
        key = g.secrets().referee_key()
    lie = Report(got.power, got.start, got.stop, "s", base.text + "You won.\n", base.html)
    sealed = seal(lie, got.game, key)
    (tmp_path / "l.txt").write_text(sealed.text)
    (tmp_path / "l.html").write_text(sealed.html)
    r = CliRunner().invoke(main, ["check-report", str(tmp_path / "l.txt"), "--game", str(kit.path)])
    assert r.exit_code == 3 and "his log does not say" in r.output, r.output


def test_a_players_redacted_copy_checks_his_report_and_lists_the_log(sent, tmp_path):
    """A player holds his redacted copy (pbem export), not the game file: with it,
    check-report binds the seal to the game's referee key and to the delivery the copy
    records, and `pbem log` lists every row, those sealed for others by their public
    fields (pbem/copy_view.py)."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from pbem.export import export
    from pbem.log import EventLog
    from pbem.reports.build import Report
    from pbem.reports.seal import seal

    kit, files = sent
    text, html = load(files[0])
    got = check(text, html)
    copy = export(kit.path, got.power, tmp_path / "copy.pbem", now="2026-01-02T00:00:00Z").path
    r = CliRunner().invoke(main, ["check-report", str(files[0]), "--game", str(copy)])
    assert r.exit_code == 0, r.output
    assert "checked against the game's referee key and the delivery the copy records" in r.output
    base = Report(got.power, got.start, got.stop, "s", got.unsealed["text"], got.unsealed["HTML"])
    (tmp_path / "o.txt").write_text(seal(base, got.game, Ed25519PrivateKey.generate()).text)
    r = CliRunner().invoke(main, ["check-report", str(tmp_path / "o.txt"), "--game", str(copy)])
    assert r.exit_code == 3 and "not this game's referee key" in r.output, r.output
    with kit.game() as g:
        key = g.secrets().referee_key()
    lie = seal(Report(got.power, got.start, got.stop, "s", base.text + "You won.\n", base.html),
               got.game, key)  # fmt: skip
    (tmp_path / "l.txt").write_text(lie.text)
    (tmp_path / "l.html").write_text(lie.html)
    r = CliRunner().invoke(main, ["check-report", str(tmp_path / "l.txt"), "--game", str(copy)])
    assert r.exit_code == 3 and "the copy records another one delivered" in r.output, r.output
    other = seal(base, "another 0123456789abcdef", key)
    (tmp_path / "g.txt").write_text(other.text)
    r = CliRunner().invoke(main, ["check-report", str(tmp_path / "g.txt"), "--game", str(copy)])
    assert r.exit_code == 3 and "this game is" in r.output, r.output
    r = CliRunner().invoke(main, ["log", str(copy)])
    assert r.exit_code == 0, r.output
    with EventLog(copy) as log:
        n = sum(1 for _ in log.rows())
    lines = r.output.splitlines()
    assert len(lines) == n
    assert any("(sealed for " in x and got.power not in x.split("sealed for")[1] for x in lines)
    r = CliRunner().invoke(main, ["status", str(copy)])
    assert r.exit_code != 0 and "`pbem log` and `pbem check-report --game` read it" in r.output
