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
