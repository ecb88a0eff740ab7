"""`pbem demo`: a scripted game played end to end through the same calls a referee
and players make: keys, signed envelopes, submit, advance, reports, verify."""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable
from pathlib import Path

from cryptography.hazmat.primitives import serialization

from . import envelope, joins, keys
from . import ruleset as registry
from .errors import UsageError
from .reports import pending
from .reports.build import render_many
from .reports.seal import seal
from .service import Game, PlayerSpec
from .verify import verify

FIXED_NOW = "2026-01-01T00:00:00Z"


def _key_from(master: bytes, power: str) -> tuple[bytes, str]:
    """A player's key pair derived from the master secret (demo games only)."""
    key = keys.private_from_seed(
        hashlib.sha256(b"pbem-demo-key\n" + master + power.encode()).digest()
    )
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    return pem, keys.pbem_public_line(key.public_key())


def run_demo(
    directory: str | Path,
    ruleset: str,
    scenario: str | None = None,
    echo: Callable[[str], None] = print,
    master: bytes | None = None,
    reports_too: bool = True,
    options: dict | None = None,
    joins: bool = True,
    sealed: bool = True,
) -> Path:
    """Play a scenario with the ruleset's scripted players through signed envelopes, the
    reports each step calls for written beside it (unless `reports_too` is False: the
    long games of the tests), and verify the game file. With a `master` secret the game
    is the same at every run: the players' keys come from it too, and the clock is fixed.
    `options`: the game's options, as `pbem new --option` gives them. `joins`: the
    set-up waits for the players' join envelopes (pbem/joins.py), as `pbem new` makes
    games; with a `master` the players' random values come from it too. `sealed`: False
    plays it as games made before pbem sealed hidden information (benchmarks)."""
    now = FIXED_NOW if master is not None else None
    rs = registry.get(ruleset)
    play = getattr(rs, "demo_orders", None)
    if play is None:
        raise UsageError(f"{ruleset} has no scripted demo players")
    scenario = scenario or next(iter(rs.scenarios()))
    d = Path(directory)
    if d.exists():
        for sub in ("keys", "orders", "reports", "copies"):
            shutil.rmtree(d / sub, ignore_errors=True)
        for f in d.glob("game.pbem*"):
            f.unlink()
    for sub in ("keys", "orders", "reports"):
        (d / sub).mkdir(parents=True, exist_ok=True)
    powers = rs.powers(scenario, {})
    signers = {}
    players = []
    for p in powers:
        pem, pub = keys.generate() if master is None else _key_from(master, p)
        (d / "keys" / f"{p}.key").write_bytes(pem)
        (d / "keys" / f"{p}.pub").write_text(pub + "\n")
        signers[p] = keys.Signer.load(pem)
        players.append(PlayerSpec(p, f"{p.lower()}@example.org", pub, p))
    path = d / "game.pbem"
    game = Game.create(
        path,
        ruleset,
        scenario,
        players,
        options,
        game_id="demo",
        master=master,
        now=now,
        joins=joins,
        sealed=sealed,
    )
    echo(f"created {path}: {rs.title}, scenario {scenario!r}, powers {', '.join(powers)}")
    seqs = dict.fromkeys(powers, 0)
    written: set[str] = set()

    key = game.secrets().referee_key()

    def reports() -> None:
        """Each report the log calls for (pbem.reports.pending), as NNN.txt and NNN.html."""
        if not reports_too:
            return
        dues = pending(game, written)
        pages = render_many(game, [(d.power, d.start, d.stop, None) for d in dues])
        for due, page in zip(dues, pages, strict=True):
            rep = seal(page, game.state().game_ref, key)
            out = d / "reports" / due.power / due.key.split("-", 1)[0]
            out.parent.mkdir(exist_ok=True)
            out.with_suffix(".txt").write_bytes(rep.text.encode("utf-8"))
            out.with_suffix(".html").write_bytes(rep.html.encode("utf-8"))
            written.add(due.key)

    reports()
    if joins:
        _join(game, d, powers, signers, seqs, master, now)
        for s in game.advance():
            echo(f"resolved {s.title}")
        reports()
    standing = getattr(rs, "demo_standing", None)
    if standing:
        st = game.state()
        for p in powers:
            lines = standing(st.rules, p)
            if lines:
                seqs[p] += 1
                body = (
                    f"Game: {st.game_ref}\nPower: {p}\nPhase: standing\nSequence: {seqs[p]}\n\n"
                    + "\n".join(lines)
                    + "\n"
                )
                (d / "orders" / f"standing-{p}.txt").write_text(body)
                result = game.submit(envelope.sign(body, signers[p]), now)
                if not result.ok:
                    raise RuntimeError(f"demo standing orders rejected: {result.message()}")
    while True:
        status = game.status()
        if status.ended is not None or status.step is None:
            break
        step = status.step
        st = game.state()
        for p in step.owes:
            seqs[p] += 1
            body = (
                f"Game: {st.game_ref}\nPower: {p}\nPhase: {step.phase}\nSequence: {seqs[p]}\n"
                f"Checkpoint: {st.checkpoint.seq} {st.checkpoint.head}\n\n"
                + "\n".join(play(st.rules, p, step))
                + "\n"
            )
            name = f"{step.phase}-{p}"
            (d / "orders" / f"{name}.txt").write_text(body)
            signed = envelope.sign(body, signers[p])
            (d / "orders" / f"{name}.signed.txt").write_text(signed)
            result = game.submit(signed, now)
            if not result.ok:
                raise RuntimeError(f"demo orders rejected: {result.message()}")
        done = game.advance()
        for s in done:
            echo(f"resolved {s.title}")
        reports()
        if not done:
            raise RuntimeError(f"the demo is stuck at {step.title}")
    echo(game.status().text())
    rep = verify(path)
    echo(rep.text())
    echo(f"reports: {d / 'reports'}/<power>/NNN.txt and NNN.html; signed orders: {d / 'orders'}")
    game.close()
    if not rep.ok:
        raise RuntimeError("the demo game failed verification")
    if sealed and reports_too:
        _copies(path, d, powers, now, echo)
    return path


def _copies(path: Path, d: Path, powers, now, echo) -> None:
    """Each power's redacted copy of the finished game (`pbem export`), verified."""
    from .export import export

    (d / "copies").mkdir(exist_ok=True)
    for p in powers:
        made = export(path, p, d / "copies" / f"{p}.pbem", now=now)
        rep = verify(made.path)
        if not rep.ok:
            raise RuntimeError(f"the redacted copy for {p} failed verification:\n{rep.text()}")
        echo(f"{made.text()}; it verifies")


def _join(game: Game, d: Path, powers, signers, seqs, master: bytes | None, now) -> None:
    """Each scripted player sends his join envelope: his random value, quoting the
    creation checkpoint (a fixed `master` gives fixed values, so the demo repeats)."""
    st = game.state()
    cp = st.checkpoint
    assert cp is not None
    for p in powers:
        seqs[p] += 1
        body = (
            f"Game: {st.game_ref}\nPower: {p}\nPhase: {joins.SETUP}\nSequence: {seqs[p]}\n"
            f"Checkpoint: {cp.seq} {cp.head}\n\n{joins.WORD}\n"
        )
        if master is not None:
            value = hashlib.sha256(b"pbem-demo-random\n" + master + p.encode()).hexdigest()
            body = body.replace(f"\n{joins.WORD}\n", f"\n{joins.WORD} {value}\n")
        body = joins.fill_in(body)
        (d / "orders" / f"setup-{p}.txt").write_text(body)
        result = game.submit(envelope.sign(body, signers[p]), now)
        if not result.ok:
            raise RuntimeError(f"demo join rejected: {result.message()}")
