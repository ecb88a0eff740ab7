"""One mail per player per adjudication run (issue 18): `pbem send` gives each player one
report covering every phase resolved since his last, with what he owes next; per-phase
reports stay an option; verify rebuilds both kinds."""

from click.testing import CliRunner
from gamekit import new_game

from pbem.cli import main
from pbem.mail.outbox import Outbox, outbox_dir
from pbem.reports import schedule
from pbem.verify import verify

NO_SMTP = {"PBEM_SMTP_HOST": ""}


def _send(kit, *args):
    r = CliRunner().invoke(main, ["send", str(kit.path), *args], env=NO_SMTP)
    assert r.exit_code == 0, r.output
    return r.output


def _delivered(kit):
    with kit.game() as g:
        return [e for _, e in g.log.events() if e.type == "report_delivered"]


def test_one_report_per_player_covers_every_phase_since_his_last(tmp_path):
    kit = new_game(tmp_path)
    assert "2 report(s) written" in _send(kit)  # the set-up: one each
    with kit.game() as g:
        for _ in range(3):  # three phases resolved before the referee sends again
            kit.play_phase(g)
        batches = len(schedule(g))
    out = _send(kit)
    assert "2 report(s) written" in out, out
    last = _delivered(kit)[-2:]
    first = _delivered(kit)[:2]
    for e in last:
        earlier = next(x for x in first if x.power == e.power)
        assert e.start == earlier.stop + 1  # everything since the last report
    assert batches == 2 * 4  # scheduled per phase: 4 batches, 2 powers
    box = Outbox(outbox_dir(kit.path))
    assert len([f for f in box.queued() if f.name.startswith("report-")]) == 4
    assert "0 report(s) written" in _send(kit)  # nothing twice
    assert "0 report(s) written" in _send(kit, "--per-phase")  # covered already
    rep = verify(kit.path)
    assert rep.ok and rep.reports == 4, rep.text()


def test_per_phase_reports_stay_an_option(tmp_path):
    kit = new_game(tmp_path)
    with kit.game() as g:
        for _ in range(3):
            kit.play_phase(g)
    assert "8 report(s) written" in _send(kit, "--per-phase")
    rep = verify(kit.path)
    assert rep.ok and rep.reports == 8, rep.text()
