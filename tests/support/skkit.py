"""Soldier Kings games for tests: one key per power, signed envelopes."""

from __future__ import annotations

from pathlib import Path

from cryptography.hazmat.primitives import serialization

from pbem import envelope, keys
from pbem import ruleset as registry
from pbem.service import Game, PlayerSpec

NOW = "2026-03-01T09:00:00Z"


class SKGame:
    def __init__(
        self, tmp: Path, scenario: str, master: bytes = b"\x11" * 32, options: dict | None = None
    ):
        self.rs = registry.get("soldier-kings")
        self.signers: dict[str, keys.Signer] = {}
        players = []
        for i, p in enumerate(self.rs.powers(scenario, {})):
            key = keys.private_from_seed(bytes([40 + i]) * 32)
            pem = key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
            self.signers[p] = keys.Signer.load(pem)
            players.append(PlayerSpec(p, f"{p.lower()}@example.org", self.signers[p].public.line))
        self.path = tmp / f"sk{scenario}.pbem"
        self.seq: dict[str, int] = {}
        self.game = Game.create(
            self.path,
            "soldier-kings",
            scenario,
            players,
            options,
            game_id=f"sk{scenario}",
            now=NOW,
            master=master,
        )

    @property
    def state(self):
        return self.game.state().rules

    def envelope(self, power: str, text: str, phase: str | None = None) -> str:
        phase = phase or self.game.status().step.phase
        self.seq[power] = self.seq.get(power, 0) + 1
        body = f"Game: {self.game.state().game_ref}\nPower: {power}\nPhase: {phase}\nSequence: {self.seq[power]}\n\n{text.strip()}\n"
        return envelope.sign(body, self.signers[power])

    def submit(self, power: str, text: str, phase: str | None = None):
        return self.game.submit(self.envelope(power, text, phase), now=NOW)


def play(g: SKGame, silent: set[str] = frozenset(), scenario: str = "1756") -> list[str]:
    rs = g.rs
    for p in rs.powers(scenario, {}):
        lines = [] if p in silent else rs.demo_standing(g.state, p)
        if lines:
            assert g.submit(p, "\n".join(lines), phase="standing").ok
    phases = []
    while g.game.status().ended is None:
        step = g.game.status().step
        for p in step.owes:
            if p in silent:
                continue
            lines = rs.demo_orders(g.state, p, step)
            r = g.submit(p, "\n".join(lines) or "# nothing this phase")
            assert r.status == "accepted", (step.phase, r.message())
        if any(p in silent for p in step.owes):
            g.game.declare_deadline(now=NOW)
        done = g.game.advance()
        assert done, f"stuck at {step.phase}"
        phases += [s.phase for s in done]
    return phases
