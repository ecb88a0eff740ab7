"""`pbem run DIR`: three games, one Maildir, a fake clock (docs/service.md)."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest
from gamekit import Kit, new_game

from pbem.deadlines import parse_schedule
from pbem.judge.run import run_dir
from pbem.mail import boxes
from pbem.mail.outbox import outbox_dir
from pbem.referee import set_schedule
from pbem.service import Game
from pbem.verify import verify

T0 = "2026-01-01T12:00:00Z"  # the games' creation (gamekit.NOW)


def at(day: int, hour: int = 12, minute: int = 0) -> str:
    """A time of January 2026 (the 1st is a Thursday)."""
    return f"2026-01-{day:02d}T{hour:02d}:{minute:02d}:00Z"


def mail(kit_: Kit, power: str, text: str, tag: str = "") -> bytes:
    m = EmailMessage()
    m["From"] = f"{power.lower()}@example.org"
    m["To"] = "judge@example.org"
    m["Subject"] = f"orders {tag}"
    m["Message-ID"] = f"<{power}-{tag}-{abs(hash(text))}@test>"
    m.set_content(text)
    return bytes(m)


class Service:
    """A directory of games, one Maildir, and `pbem run` at chosen times."""

    def __init__(self, tmp: Path, names: list[str], schedule: str):
        self.dir = tmp / "games"
        self.dir.mkdir()
        self.maildir = tmp / "Maildir"
        self.kits: dict[str, Kit] = {}
        for i, name in enumerate(names):
            kit = new_game(self.dir, name=f"{name}.pbem", master=bytes([i + 7]) * 32, game_id=name)
            with kit.game() as g:
                set_schedule(g, parse_schedule([schedule]), T0)
            self.kits[name] = kit
        self.n = 0

    def post(self, raw: bytes) -> None:
        self.n += 1
        src = boxes.MaildirSource(self.maildir)
        (src.path / "new" / f"{self.n:05d}.mail").write_bytes(raw)

    def orders(self, name: str, power: str, lines: list[str], phase: str | None = None) -> str:
        kit = self.kits[name]
        text = kit.envelope(power, lines, phase)
        self.post(mail(kit, power, text, f"{name}-{self.n}"))
        return text

    def run(self, now: str, **kw):
        return run_dir(
            self.dir, boxes.MaildirSource(self.maildir), None, "judge@example.org", now, **kw
        )

    def game(self, name: str) -> Game:
        return self.kits[name].game()

    def sent(self, name: str) -> list[Path]:
        box = outbox_dir(self.dir / f"{name}.pbem")
        return sorted((box / "new").glob("*.eml"))

    def sent_to(self, name: str, prefix: str) -> list[str]:
        out = []
        for f in self.sent(name):
            if f.name.startswith(prefix):
                m = email.message_from_bytes(f.read_bytes(), policy=email.policy.default)
                out.append(str(m["To"]))
        return out


@pytest.fixture
def svc(tmp_path):
    return Service(tmp_path, ["alpha", "beta", "gamma"], "orders=48h few=24h remind=12h grace=1h")


def test_deadlines_reminders_and_turns_run_themselves(svc):
    # first run: set-up reports go out with a deadline 48 h later (both powers owe orders)
    rep = svc.run(at(1, 13))
    assert all(not d.skipped for d in rep.games), rep.text()
    for name in svc.kits:
        with svc.game(name) as g:
            st = g.state()
            step = st.ruleset.step(st.rules)
            assert st.due[step.phase].due == at(3, 13)
            assert "orders due Saturday 3 Jan 2026, 13:00 UTC" in g.status().text()
        reports = svc.sent_to(name, "report-")
        assert sorted(reports) == ["blue@example.org", "red@example.org"]
    # orders arrive out of order: beta's Blue first, alpha's Red, then gamma's both
    svc.orders("beta", "Blue", ["muster 1"])
    svc.orders("alpha", "Red", ["muster 2"])
    svc.orders("gamma", "Red", ["muster 1"])
    svc.orders("gamma", "Blue", ["muster 1"])
    rep = svc.run(at(1, 14))
    text = rep.text()
    assert "gamma: 2 orders accepted" in text and "resolved" in text.split("gamma:")[1]
    assert "resolved" not in text.split("alpha:")[1].split("\n")[0]
    # nothing new: a second run at the same moment changes nothing
    before = {n: len(svc.sent(n)) for n in svc.kits}
    heads = {n: svc.game(n).log.head() for n in svc.kits}
    rep2 = svc.run(at(1, 14))
    assert {n: len(svc.sent(n)) for n in svc.kits} == before
    assert {n: svc.game(n).log.head() for n in svc.kits} == heads, rep2.text()
    # 12 h before the deadline: one reminder to each power whose orders are missing
    svc.run(at(3, 1, 30))
    assert svc.sent_to("alpha", "remind-") == ["blue@example.org"]
    assert svc.sent_to("beta", "remind-") == ["red@example.org"]
    svc.run(at(3, 2))  # and only once
    assert svc.sent_to("alpha", "remind-") == ["blue@example.org"]
    # the deadline passes, but not the grace hour: nothing runs
    svc.run(at(3, 13, 30))
    with svc.game("alpha") as g:
        assert g.state().resolutions == 1
    # late orders inside the grace period still count
    svc.orders("alpha", "Blue", ["muster 3"])
    rep = svc.run(at(3, 14, 1))
    assert "alpha: 1 orders accepted, 0 rejected; resolved" in rep.text()
    # beta: Red never sent orders; the grace passed: the default applies
    assert "beta: deadline passed for" in rep.text()
    with svc.game("beta") as g:
        st = g.state()
        assert st.resolutions >= 2
        assert st.misses.get("Red") == 1
    for name in svc.kits:
        assert verify(svc.dir / f"{name}.pbem").ok


def _open(g: Game):
    st = g.state()
    return st, (None if st.ended else st.ruleset.step(st.rules))


def _play_blue(svc: Service, name: str) -> None:
    """Blue sends the demo orders of whatever it owes now."""
    with svc.game(name) as g:
        st, step = _open(g)
        if step is not None and "Blue" in step.owes and "Blue" not in st.orders.get(step.phase, {}):
            lines = st.ruleset.demo_orders(st.rules, "Blue", step)
            svc.orders(name, "Blue", lines, step.phase)


def test_civil_disorder_then_a_replacement_player(tmp_path):
    from pbem.referee import change_player

    svc = Service(tmp_path, ["solo"], "orders=24h few=24h remind=none misses=2")
    hour = 13
    for day in range(1, 9):  # a run a day; Red never writes
        _play_blue(svc, "solo")
        svc.run(at(day, hour), notify="referee@example.org")
        svc.run(at(day, hour, 30), notify="referee@example.org")  # Blue's next phase, if any
        with svc.game("solo") as g:
            if g.state().disorder:
                break
    with svc.game("solo") as g:
        st, step = _open(g)
        assert st.disorder == {"Red"} and st.misses["Red"] == 2
        assert "in civil disorder (not waited for): Red" in g.status().text()
    assert svc.sent_to("solo", "notice-") == ["referee@example.org"]
    # nobody waits for Red now: once Blue's orders are in, the turn runs at once
    _play_blue(svc, "solo")
    rep = svc.run(at(day, hour + 1))
    assert "resolved" in rep.text(), rep.text()
    # a new player takes Red over with a new key; his orders are taken, the old key's are not
    new = _signer(99)
    with svc.game("solo") as g:
        change_player(
            g,
            "Red",
            email="newred@example.org",
            key=new.public.line,
            replaced=True,
            reason="Anna took over",
            now=at(day, hour + 2),
        )
        st, step = _open(g)
        assert "Red" not in st.disorder and st.players["Red"].email == "newred@example.org"
        old = svc.kits["solo"].envelope(
            "Red", ["muster 1"] if "muster" in step.phase else ["hold"], step.phase
        )
        assert g.submit(old, now=at(day, hour + 2)).kind == "forged"
        mine = svc.kits["solo"].envelope(
            "Red", ["muster 1"] if "muster" in step.phase else ["hold"], step.phase, signer=new
        )
        r = g.submit(mine, now=at(day, hour + 2))
        assert r.status == "accepted" or r.kind == "wrong-phase", r.message()
    assert verify(svc.dir / "solo.pbem").ok


def _signer(seed: int):
    from cryptography.hazmat.primitives import serialization

    from pbem import keys

    pem = keys.private_from_seed(bytes([seed]) * 32).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    return keys.Signer.load(pem)


def _body(f: Path) -> str:
    m = email.message_from_bytes(f.read_bytes(), policy=email.policy.default)
    return m.get_body(("plain",)).get_content()


def test_requests_answer_only_the_player_with_only_his_own(tmp_path):
    svc = Service(tmp_path, ["solo"], "orders=48h remind=none requests=2")
    svc.run(at(1, 13))
    kit = svc.kits["solo"]
    # Red asks for his latest report, his orders in force and the status
    svc.post(
        mail(
            kit,
            "Red",
            kit.envelope("Red", ["report", "orders", "status", "weather"], "request"),
            "q1",
        )
    )
    # Red signs a request that says Power: Blue: it does not verify, nobody is answered
    forged = kit.envelope("Blue", ["report"], "request", signer=kit.signers["Red"])
    svc.post(mail(kit, "Red", forged, "q2"))
    rep = svc.run(at(1, 14))
    assert "1 request(s) answered" in rep.text()
    assert "request signed with a key that is not Blue's: not answered" in rep.text()
    answers = [f for f in svc.sent("solo") if f.name.startswith("request-")]
    assert len(answers) == 1
    assert svc.sent_to("solo", "request-") == ["red@example.org"]
    text = _body(answers[0])
    with svc.game("solo") as g:
        st = g.state()
    # exactly Red's report as it was sent, sealed again
    sent = [f for f in svc.sent("solo") if f.name.startswith("report-") and "Red" in f.name]
    assert _body(sent[0]).split("-----BEGIN PBEM SEAL")[0] in text
    blue = [f for f in svc.sent("solo") if f.name.startswith("report-") and "Blue" in f.name]
    assert _body(blue[0]).split("-----BEGIN PBEM SEAL")[0] not in text
    assert "You have no standing orders" in text and "Orders owed by: Red, Blue" in text
    assert "'weather' is not a request" in text
    assert st.requests["Red"] == [at(1, 14)]
    # the limit: 2 a day; the third is refused once, the fourth not answered
    for k in range(3):
        svc.post(mail(kit, "Red", kit.envelope("Red", ["status"], "request"), f"r{k}"))
    svc.run(at(1, 15))
    outcomes = sorted(
        e.outcome for e in svc.game("solo").state().mailed.values() if e.what == "request"
    )
    assert outcomes == ["answered", "answered:problems", "refused:limit"]
    assert verify(svc.dir / "solo.pbem").ok


def test_referee_actions_are_in_the_log_the_reports_and_verify(tmp_path):
    from pbem import referee

    svc = Service(tmp_path, ["solo"], "orders=48h remind=none")
    svc.run(at(1, 13))  # due 3 Jan 13:00
    with svc.game("solo") as g:
        e = referee.extend(g, 24, "Blue", "travelling", at(2, 9))
        assert e.due == at(4, 13) and e.power == "Blue"
        referee.pause(g, "server move", at(2, 10))
    svc.orders("solo", "Red", ["muster 1"])
    svc.run(at(5, 12))  # paused: orders are taken, nothing runs
    with svc.game("solo") as g:
        st = g.state()
        assert st.resolutions == 1 and "Red" in st.orders[g.status().step.phase]
        assert "PAUSED by the referee: server move" in g.status().text()
        made = referee.resume(g, at(5, 10))  # paused 3 days: the deadlines move 3 days later
        assert [x.due for x in made[1:]] == [at(6, 13), at(7, 13)]
    svc.run(at(6, 14))  # Red is in; Blue's own deadline is the 7th
    with svc.game("solo") as g:
        assert g.state().resolutions == 1
    svc.run(at(7, 13, 1))
    with svc.game("solo") as g:
        assert g.state().resolutions == 2
        g.stop("the players agreed a draw", at(7, 14))
        assert g.status().ended == "The referee ended the game early: the players agreed a draw"
        late = svc.kits["solo"].envelope("Red", ["hold"], "t2-muster")
        assert g.submit(late, now=at(7, 15)).kind == "wrong-phase"
    svc.run(at(7, 16))
    blue = [f for f in svc.sent("solo") if f.name.startswith("report-") and "Blue" in f.name]
    said = _body(blue[-1])
    assert "The referee ended the game early: the players agreed a draw" in said
    both = "".join(_body(f) for f in blue)
    assert "The referee moved your deadline" in both and "travelling" in both
    assert "The referee paused the game: server move" in both
    red = "".join(
        _body(f) for f in svc.sent("solo") if "Red" in f.name and f.name.startswith("report-")
    )
    assert "travelling" not in red  # Blue's extension is Blue's business
    assert verify(svc.dir / "solo.pbem").ok


def test_mail_for_no_game_is_answered_and_overlapping_runs_exclude_each_other(tmp_path):
    from pbem.judge.locks import held

    svc = Service(tmp_path, ["solo"], "orders=48h")
    svc.post(b"From: x@example.org\nSubject: hi\nMessage-ID: <x@y>\n\nhello, no orders here\n")
    kit = svc.kits["solo"]
    other = kit.envelope("Red", ["muster 1"], "t1-muster", game_id="nosuchgame 0123")
    svc.post(mail(kit, "Red", other, "x"))
    with held(svc.dir / ".pbem-run"):  # another run is working
        assert svc.run(at(1, 13)).busy
    with held(svc.dir / "solo.pbem"):  # another process holds the game
        rep = svc.run(at(1, 13), wait=0)
    assert "solo: skipped" in rep.text()
    assert (
        "no signed orders found" in rep.text() and "no game 'nosuchgame' is run here" in rep.text()
    )
    help_ = sorted((svc.dir / "pbem.outbox" / "new").glob("help-*.eml"))
    assert len(help_) == 2
    svc.run(at(1, 13))  # the held game's turn now: its reports go
    assert len(svc.sent_to("solo", "report-")) == 2
    assert len(list((svc.dir / "pbem.outbox" / "new").glob("*.eml"))) == 2


RUNNER = """
import sys
sys.path.insert(0, {support!r})
import mini_ruleset
from pbem import ruleset as registry
registry.register("mini", mini_ruleset.MiniRuleset)
from pbem.judge.run import run_dir
from pbem.mail import boxes
run_dir({dir!r}, boxes.MaildirSource({maildir!r}), None, "judge@example.org", {now!r}, jobs={jobs})
"""


def _names(svc: Service) -> dict[str, list[str]]:
    return {n: sorted(f.name for f in svc.sent(n)) for n in svc.kits}


def _script(svc: Service, now: str, jobs: int = 1) -> list[str]:
    import sys

    code = RUNNER.format(
        support=str(Path(__file__).parent / "support"),
        dir=str(svc.dir),
        maildir=str(svc.maildir),
        now=now,
        jobs=jobs,
    )
    return [sys.executable, "-c", code]


def _post_round(svc: Service, k: int) -> None:
    for name in svc.kits:
        _play_blue(svc, name)
        if k % 2 == 0:  # Red writes every other round, twice (the same mail resent)
            with svc.game(name) as g:
                st, step = _open(g)
            if step is not None and "Red" in step.owes:
                lines = st.ruleset.demo_orders(st.rules, "Red", step)
                text = svc.orders(name, "Red", lines, step.phase)
                svc.post(mail(svc.kits[name], "Red", text, "resent"))


def test_kill_9_at_random_points_loses_and_duplicates_nothing(tmp_path):
    """The same mail and clock, run once cleanly and once with `pbem run` killed at
    random moments (then run to the end): the same log, the same mail, once each. The
    clean runs play the games one after another, the killed ones in two workers
    (--jobs 2), which die with the run."""
    import random
    import shutil
    import subprocess
    import time

    rng = random.Random(1756)
    results = {}
    for mode in ("clean", "killed"):
        base = tmp_path / mode
        base.mkdir()
        svc = Service(base, ["alpha", "beta"], "orders=24h few=24h remind=6h grace=0")
        kills = 0
        t = time.perf_counter()
        jobs = 2 if mode == "killed" else 1
        subprocess.run(_script(svc, at(1, 12, 30), jobs), check=True)  # the set-up reports
        took = time.perf_counter() - t
        for k in range(4):
            _post_round(svc, k)
            now = at(1 + k, 13)
            if mode == "killed":
                for _ in range(4):
                    p = subprocess.Popen(_script(svc, now, jobs))
                    time.sleep(rng.uniform(0.5, 1.0) * took)
                    if p.poll() is None:
                        p.kill()
                        kills += 1
                    else:  # the run beat the clock (a busy machine): strike sooner next time
                        took *= 0.5
                    p.wait()
            subprocess.run(_script(svc, now, jobs), check=True)
            subprocess.run(_script(svc, at(1 + k, 20), jobs), check=True)  # reminders
        results[mode] = (
            _names(svc),
            {n: [r.type for r in svc.game(n).log.rows()] for n in svc.kits},
        )
        for n in svc.kits:
            assert verify(svc.dir / f"{n}.pbem").ok
            assert not list((outbox_dir(svc.dir / f"{n}.pbem") / "tmp").glob("*"))
        if mode == "killed":
            assert kills >= 3, "no run was killed: the test proves nothing"
        shutil.rmtree(svc.maildir)
    assert results["killed"] == results["clean"]


def test_games_dir_dry_run_and_the_referee_commands(svc):
    import json

    from click.testing import CliRunner

    from pbem.cli import main

    cli = CliRunner()
    d = str(svc.dir)
    r = cli.invoke(main, ["run", d, "--maildir", str(svc.maildir), "--now", at(1, 13), "--dry-run"])
    assert r.exit_code == 0 and "dry run: nothing written" in r.output
    assert "alpha: would send 2 report(s)" in r.output
    assert not svc.sent("alpha")
    svc.run(at(1, 13))
    r = cli.invoke(main, ["games", d])
    assert r.exit_code == 0, r.output
    assert "Saturday 3 Jan 2026, 13:00 UTC" in r.output and "Red, Blue" in r.output
    rows = json.loads(cli.invoke(main, ["games", d, "--json"]).output)
    assert [x["game"] for x in rows] == ["alpha", "beta", "gamma"]
    assert rows[0]["due"] == at(3, 13) and rows[0]["owes"] == ["Red", "Blue"]
    # 12 h before the deadline a dry run says who would be reminded, and sends nothing
    later = ["run", d, "--maildir", str(svc.maildir), "--now", at(3, 2), "--dry-run"]
    r = cli.invoke(main, later)
    assert "alpha: would remind Red, Blue" in r.output, r.output
    assert not svc.sent_to("alpha", "remind-")
    g = str(svc.dir / "alpha.pbem")
    r = cli.invoke(main, ["referee", "schedule", g])
    assert "orders=2d few=1d remind=12h grace=1h tz=UTC" in r.output
    r = cli.invoke(main, ["referee", "schedule", g, "tz=Mars/Olympus"])
    assert r.exit_code == 2 and "unknown time zone 'Mars/Olympus'" in r.output
    r = cli.invoke(main, ["referee", "extend", g, "--by", "1d", "--power", "Blu", "--now", at(2)])
    assert r.exit_code == 2 and "did you mean 'Blue'?" in r.output
    r = cli.invoke(main, ["referee", "extend", g, "--by", "1d", "--now", at(2)])
    assert r.exit_code == 0 and "everyone: orders for t1-muster due Sunday 4 Jan 2026" in r.output
    r = cli.invoke(main, ["status", g])
    assert "orders due Sunday 4 Jan 2026, 13:00 UTC (the turn runs 1h after it" in r.output
    r = cli.invoke(main, ["referee", "stop", g, "--reason", "a test", "--now", at(2)])
    assert r.exit_code == 0
    r = cli.invoke(main, ["referee", "pause", g, "--now", at(2)])
    assert r.exit_code == 1 and "the game is over" in r.output


def test_a_reminder_by_hand_is_recorded_like_the_judges(svc):
    from pbem.mail.outbox import Outbox
    from pbem.mail.remind import remind

    with svc.game("alpha") as g:
        sent = remind(g, Outbox(outbox_dir(g.path)), "judge@example.org", "Friday", at(1, 15))
        records = [e for e in g.state().mailed.values() if e.what == "reminder"]
    assert sent == ["Red", "Blue"] and [r.power for r in records] == sent
    assert sorted(svc.sent_to("alpha", "remind-")) == ["blue@example.org", "red@example.org"]
    assert verify(svc.dir / "alpha.pbem").ok


def test_a_report_request_naming_a_phase_by_a_digit_int_refuses_is_answered(tmp_path):
    """`report ²` or `report ١` (digits to isdigit, not ASCII numbers): the request reader
    (pbem/judge/requests.py) answers that no such phase was resolved, not a crash."""
    svc = Service(tmp_path, ["solo"], "orders=48h remind=none requests=5")
    svc.run(at(1, 13))
    kit = svc.kits["solo"]
    for k, which in enumerate(("²", "١", "1")):
        svc.post(mail(kit, "Red", kit.envelope("Red", [f"report {which}"], "request"), f"d{k}"))
    rep = svc.run(at(1, 14))
    assert "3 request(s) answered" in rep.text(), rep.text()
    texts = [_body(f) for f in svc.sent("solo") if f.name.startswith("request-")]
    assert sum("no phase '²' was resolved" in t for t in texts) == 1
    assert sum("no phase '١' was resolved" in t for t in texts) == 1


def test_mail_an_automaton_sent_is_not_answered_to_it(tmp_path):
    """The intake audit (RFC 3834): a vacation notice or another referee's answer got
    help back from `pbem run` too; two responders answered each other for ever."""
    svc = Service(tmp_path, ["solo"], "orders=48h")
    svc.post(
        b"From: x@example.org\nAuto-Submitted: auto-replied\nSubject: away\n"
        b"Message-ID: <v@y>\n\nI am on holiday\n"
    )
    svc.post(b"From: y@example.org\nSubject: hi\nMessage-ID: <p@y>\n\nhello\n")
    rep = svc.run(at(1, 13))
    assert "sent by an automaton, Auto-Submitted: auto-replied: not answered" in rep.text()
    help_ = sorted((svc.dir / "pbem.outbox" / "new").glob("help-*.eml"))
    assert len(help_) == 1 and b"y@example.org" in help_[0].read_bytes()


def test_two_envelopes_in_two_attachments_are_refused(tmp_path):
    """The intake audit: `pbem run` read the first of two attached envelopes and ignored
    the other, unsaid; one envelope per mail (docs/signing.md)."""
    svc = Service(tmp_path, ["solo"], "orders=48h")
    kit = svc.kits["solo"]
    m = EmailMessage()
    m["From"], m["Subject"], m["Message-ID"] = "red@example.org", "both", "<two@x>"
    m.set_content("attached")
    for name, text in (
        ("orders.txt", kit.envelope("Red", ["muster 1"])),
        ("standing.txt", kit.envelope("Red", ["ambush North"], phase="standing")),
    ):
        m.add_attachment(text.encode(), maintype="text", subtype="plain", filename=name)
    svc.post(bytes(m))
    svc.run(at(1, 13))
    with svc.game("solo") as g:
        st = g.state()
        assert st.standing.get("Red") is None and "Red" not in st.orders.get("t1-muster", {})
    (ack,) = [f for f in svc.sent("solo") if f.name.startswith("ack-")]
    text = email.message_from_bytes(ack.read_bytes(), policy=email.policy.default)
    assert "2 envelopes in one message (the attachment 'orders.txt'" in text.get_content()
