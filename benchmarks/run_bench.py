"""Benchmark `pbem run DIR`: G games in one directory, M order mails in one Maildir
(docs/service.md, "Performance"; issue target: 100 games, 1,000 mails, under 10 s).

Run: python benchmarks/run_bench.py [--games 100] [--mails 1000] [--ruleset soldier-kings]
[--scenario 1757]

Set-up (not timed): the games are created with a schedule and a first `pbem run`
sends their set-up reports and sets their deadlines. Then every power of every game
mails the demo orders for the phase it owes, and sends them again as replacements
(a higher Sequence) until the mailbox holds M mails. Timed: one `pbem run DIR
--maildir ...` as a referee's cron runs it (a fresh process: start-up included), which
takes every mail, answers each, resolves every phase whose orders are all in, sets
the next deadlines and writes every report to the outboxes. It is timed twice, side
by side on two copies of the same directory: with the default --jobs (one worker per
CPU) and with --jobs 1 (the games one after another); both must write the same mail.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from email.message import EmailMessage
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))

from cryptography.hazmat.primitives import serialization  # noqa: E402

from pbem import envelope, keys  # noqa: E402
from pbem import ruleset as registry  # noqa: E402
from pbem.deadlines import parse_schedule  # noqa: E402
from pbem.referee import set_schedule  # noqa: E402
from pbem.service import Game, PlayerSpec  # noqa: E402

T0 = "2026-01-01T12:00:00Z"


def signer(i: int) -> keys.Signer:
    pem = keys.private_from_seed(i.to_bytes(2, "big") * 16).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    return keys.Signer.load(pem)


def pbem(*args: str) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pbem", *args], check=True, capture_output=True, cwd=HERE)
    return time.perf_counter() - t


def _mail(games: Path) -> dict[str, bytes]:
    """Every message written, without what differs between two writings of one message
    (the MIME boundary and the Date header)."""
    out = {}
    for f in sorted(games.glob("*.outbox/new/*")):
        raw = re.sub(rb"=+\d{10,}==", b"B", f.read_bytes())
        out[f"{f.parent.parent.name}/{f.name}"] = re.sub(rb"\nDate: [^\n]*", b"", raw)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--mails", type=int, default=1000)
    ap.add_argument("--ruleset", default="soldier-kings")
    ap.add_argument("--scenario", default="1757")
    ap.add_argument("--keep", action="store_true", help="Keep the directory (its path is printed).")
    a = ap.parse_args()
    base = Path(tempfile.mkdtemp(prefix="pbem-run-bench-"))
    games, maildir = base / "games", base / "Maildir"
    games.mkdir()
    rs = registry.get(a.ruleset)
    powers = rs.powers(a.scenario, {})
    signers = {p: signer(i + 1) for i, p in enumerate(powers)}
    t = time.perf_counter()
    for n in range(a.games):
        players = [
            PlayerSpec(p, f"p{i}@example.org", signers[p].public.line, p)
            for i, p in enumerate(powers)
        ]
        path = games / f"g{n:03d}.pbem"
        master = n.to_bytes(4, "big") * 8
        with Game.create(
            path, a.ruleset, a.scenario, players, game_id=f"g{n:03d}", now=T0, master=master
        ) as g:
            set_schedule(g, parse_schedule(["orders=72h few=24h remind=24h"]), T0)
    made = time.perf_counter() - t
    first = pbem("run", str(games), "--maildir", str(maildir), "--now", "2026-01-01T12:05:00Z")
    # the mail: each power's orders for the open phase, then replacements, round-robin
    envs = []
    for n in range(a.games):
        with Game(games / f"g{n:03d}.pbem") as g:
            st = g.state()
            step = st.ruleset.step(st.rules)
            owed = [(p, st.ruleset.demo_orders(st.rules, p, step)) for p in step.owes]
            envs.append((st.game_ref, step.phase, owed))
    n_mail, seq = 0, 0
    rounds = 0
    while n_mail < a.mails:
        rounds += 1
        for ref, phase, owed in envs:
            for p, lines in owed:
                if n_mail >= a.mails:
                    break
                body = (
                    f"Game: {ref}\nPower: {p}\nPhase: {phase}\nSequence: {rounds}\n\n"
                    + "\n".join(lines)
                    + "\n"
                )
                m = EmailMessage()
                m["From"], m["To"], m["Subject"] = f"{p}@example.org", "judge@example.org", "orders"
                m["Message-ID"] = f"<{n_mail}@bench>"
                m.set_content(envelope.sign(body, signers[p]))
                (maildir / "new" / f"{n_mail:06d}.mail").write_bytes(bytes(m))
                n_mail += 1
                seq += 1
    serial = base / "serial"
    serial.mkdir()
    shutil.copytree(games, serial / "games")
    shutil.copytree(maildir, serial / "Maildir")
    at = ("--now", "2026-01-01T14:00:00Z")
    run = pbem("run", str(games), "--maildir", str(maildir), *at)
    one = pbem(
        "run", str(serial / "games"), "--maildir", str(serial / "Maildir"), "--jobs", "1", *at
    )
    again = pbem("run", str(games), "--maildir", str(maildir), *at)
    same = _mail(games) == _mail(serial / "games")
    reports = sum(
        len(list((games / f"{p.name}.outbox" / "new").glob("report-*")))
        for p in games.glob("*.pbem")
    )
    answers = sum(
        len(list((games / f"{p.name}.outbox" / "new").glob("ack-*"))) for p in games.glob("*.pbem")
    )
    print(
        f"{a.games} games of {a.ruleset} {a.scenario} ({len(powers)} powers), {n_mail} order mails"
    )
    print(
        f"  set-up (not timed): created in {made:.1f} s, first run (set-up reports) {first:.1f} s"
    )
    print(f"  pbem run with the mail:  {run:6.2f} s  ({run / n_mail * 1000:.1f} ms per mail)")
    print(
        f"  the same, --jobs 1:      {one:6.2f} s  ({one / run:.2f}x the default; same mail: {same})"
    )
    print(f"  pbem run again, nothing to do: {again:6.2f} s")
    print(f"  outboxes: {answers} answers, {reports} reports in all")
    if a.keep:
        print(f"  kept: {base}")
    else:
        shutil.rmtree(base)


if __name__ == "__main__":
    main()
