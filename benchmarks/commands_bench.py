"""What each referee command costs, next to the bare work it cannot avoid (issue 20).

Run: python benchmarks/commands_bench.py [--mails 1000] [--scenario 1759] [--repeats 3]

In one run, on one machine, alternating the measured command and its bare cost so
a busy machine slows both alike (the ratio is what to read):
- ingest: N order mails (standing orders of the five powers, valid, then a mixed
  box where a quarter are forged and a quarter are resent old envelopes) through
  `pbem.mail.intake.ingest` from a Maildir, against the bare cost of reading the
  same mails (MIME, envelope parse, signature check) with no game;
- advance: one Action Phase resolved in process (`Game.advance(max_steps=1)`),
  on a copy of a game whose orders are in, in a fresh `Game` object and in one
  that has already read the log;
- verify of a played demo game before `pbem send`, after it (the reports' hashes
  remembered by send on this machine), and on a machine that never rendered them.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from email.message import EmailMessage
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))

from pbem import envelope, keys  # noqa: E402
from pbem.keys import parse_public_key  # noqa: E402
from pbem.mail import extract  # noqa: E402
from pbem.mail.boxes import MaildirSource  # noqa: E402
from pbem.mail.intake import ingest  # noqa: E402
from pbem.mail.outbox import Outbox  # noqa: E402
from pbem.service import Game, PlayerSpec  # noqa: E402


def new_game(d: Path, scenario: str) -> tuple[Path, dict[str, keys.Signer]]:
    from pbem import ruleset as registry

    rs = registry.get("soldier-kings")
    signers, players = {}, []
    for i, p in enumerate(rs.powers(scenario, {})):
        key = keys.private_from_seed(bytes([i + 1]) * 32)
        from cryptography.hazmat.primitives import serialization

        pem = key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        signers[p] = keys.Signer.load(pem)
        players.append(PlayerSpec(p, f"{p.lower()}@example.org", signers[p].public.line, p))
    path = d / "game.pbem"
    Game.create(path, "soldier-kings", scenario, players, game_id="bench", master=bytes(32))
    return path, signers


def mails(path: Path, signers: dict[str, keys.Signer], n: int, mixed: bool) -> list[bytes]:
    with Game(path) as g:
        st = g.state()
        rs = st.ruleset
        powers = list(signers)
        out, sent = [], []
        for i in range(n):
            p = powers[i % len(powers)]
            kind = "valid" if not mixed else ("valid", "valid", "forged", "resent")[i % 4]
            if kind == "resent" and sent:
                raw = sent[len(sent) // 2]
            else:
                lines = rs.demo_standing(st.rules, p) or ["# nothing"]
                body = (
                    f"Game: {st.game_ref}\nPower: {p}\nPhase: standing\nSequence: {i + 1}\n\n"
                    + "\n".join(lines)
                    + "\n"
                )
                signer = signers[powers[(i + 1) % len(powers)]] if kind == "forged" else signers[p]
                msg = EmailMessage()
                msg["From"] = f"{p.lower()}@example.org"
                msg["To"] = "referee@example.org"
                msg["Subject"] = f"orders {i}"
                msg["Message-ID"] = f"<{i}@bench>"
                msg.set_content(envelope.sign(body, signer))
                raw = bytes(msg)
                if kind == "valid":
                    sent.append(raw)
            out.append(raw)
    return out


def bare(raws: list[bytes], keys_by_power: dict[str, str], files: Path | None = None) -> float:
    """Read, parse and verify each mail; with `files`, also write one answer-sized file
    per mail through tmp/ into new/ (the file system's share of an ingest)."""
    if files is not None:
        shutil.rmtree(files, ignore_errors=True)
        (files / "tmp").mkdir(parents=True)
        (files / "new").mkdir()
    t = time.perf_counter()
    for i, raw in enumerate(raws):
        inc = extract.read(raw)
        text = extract.envelope_text(inc)
        env = envelope.parse(text)
        env.verify(parse_public_key(keys_by_power[env.power]))
        if files is not None:
            f = files / "tmp" / f"{i}.eml"
            f.write_bytes(raw)
            f.replace(files / "new" / f.name)
    return time.perf_counter() - t


def timed_ingest(src_game: Path, raws: list[bytes], work: Path) -> float:
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    game = work / "game.pbem"
    shutil.copy(src_game, game)
    shutil.copy(src_game.with_name("game.pbem.secret"), work / "game.pbem.secret")
    box = MaildirSource(work / "Maildir")
    for i, raw in enumerate(raws):
        (box.path / "new" / f"{i:06d}.bench").write_bytes(raw)
    with Game(game) as g:
        t = time.perf_counter()
        rep = ingest(
            g, box, Outbox(work / "outbox"), "referee@example.org", now="2026-01-01T00:00:00Z"
        )
        dt = time.perf_counter() - t
    assert len(rep.handled) == len(raws), rep.text()
    return dt


def action_game(d: Path, scenario: str) -> Path:
    """A demo game played up to an Action Phase whose orders are in."""
    from pbem.demo import run_demo  # noqa: F401 - the scripted players live in the ruleset

    path, signers = new_game(d, scenario)
    seqs = dict.fromkeys(signers, 0)
    with Game(path) as g:
        while True:
            step = g.status().step
            st = g.state()
            for p in step.owes:
                seqs[p] += 1
                body = (
                    f"Game: {st.game_ref}\nPower: {p}\nPhase: {step.phase}\nSequence: {seqs[p]}\n\n"
                    + "\n".join(st.ruleset.demo_orders(st.rules, p, step))
                    + "\n"
                )
                assert g.submit(envelope.sign(body, signers[p])).ok
            if "action" in step.phase:
                return path
            g.advance(max_steps=1)


def timed_advance(src: Path, work: Path, warm: bool) -> float:
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    shutil.copy(src, work / "game.pbem")
    shutil.copy(src.with_name("game.pbem.secret"), work / "game.pbem.secret")
    with Game(work / "game.pbem") as g:
        if warm:
            g.state()
            g.secrets().chain("public").seed(1)
            g.secrets().chain("hidden").seed(1)
        t = time.perf_counter()
        done = g.advance(max_steps=1)
        dt = time.perf_counter() - t
    assert done and "action" in done[0].phase
    return dt


def verify_after_send(d: Path, scenario: str, repeats: int) -> None:
    """verify of a played demo game before `pbem send`, after it (this machine's report
    hashes cached by send), and after it on another machine (an empty cache)."""
    import os

    from pbem.demo import run_demo
    from pbem.mail.outbox import Outbox, outbox_dir
    from pbem.mail.reports import deliver_reports
    from pbem.verify import verify

    os.environ["PBEM_CACHE_DIR"] = str(d / "cache-referee")
    run_demo(d / "demo", "soldier-kings", scenario, echo=lambda s: None, master=bytes(32))
    path = d / "demo" / "game.pbem"

    def timed(cache: str | None) -> float:
        if cache:
            shutil.rmtree(d / cache, ignore_errors=True)
            os.environ["PBEM_CACHE_DIR"] = str(d / cache)
        t = time.perf_counter()
        rep = verify(path)
        dt = time.perf_counter() - t
        assert rep.ok, rep.text()
        return dt

    before = statistics.median(timed(None) for _ in range(repeats))
    with Game(path) as g:
        os.environ["PBEM_CACHE_DIR"] = str(d / "cache-referee")
        n = len(deliver_reports(g, Outbox(outbox_dir(path)), None, "referee@example.org"))
    after = statistics.median(timed(None) for _ in range(repeats))
    cold = statistics.median(timed("cache-player") for _ in range(repeats))
    print(
        f"verify {scenario} demo: before send {before * 1000:.0f} ms; after send of {n} reports "
        f"{after * 1000:.0f} ms ({after / before:.2f}x); on a machine that never rendered them "
        f"{cold * 1000:.0f} ms ({cold / before:.2f}x)"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mails", type=int, default=1000)
    ap.add_argument("--scenario", default="1759")
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "src").mkdir()
        path, signers = new_game(tmp / "src", a.scenario)
        keys_by_power = {p: s.public.line for p, s in signers.items()}
        for label, mixed in (("valid", False), ("mixed", True)):
            raws = mails(path, signers, a.mails, mixed)
            b, w, m = [], [], []
            for _ in range(a.repeats):
                b.append(bare(raws, keys_by_power))
                w.append(bare(raws, keys_by_power, tmp / "files"))
                m.append(timed_ingest(path, raws, tmp / "ingest"))
            bb, ww, mm = statistics.median(b), statistics.median(w), statistics.median(m)
            print(
                f"ingest {a.mails} {label} mails: {mm:.2f} s ({mm / a.mails * 1000:.2f} s per 1,000); "
                f"bare read+parse+verify {bb:.2f} s (ratio {mm / bb:.2f}x); the same plus one "
                f"answer file written each {ww:.2f} s (ratio {mm / ww:.2f}x)"
            )
        verify_after_send(tmp / "send", a.scenario, a.repeats)
        (tmp / "act").mkdir()
        src = action_game(tmp / "act", a.scenario)
        for warm in (False, True):
            ts = [timed_advance(src, tmp / "adv", warm) for _ in range(a.repeats)]
            print(
                f"advance one Action Phase ({'state already read' if warm else 'fresh Game'}): "
                f"median {statistics.median(ts) * 1000:.1f} ms"
            )


if __name__ == "__main__":
    main()
