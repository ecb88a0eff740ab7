"""Helpers for core tests: keys, a game of Skirmish, signed envelopes."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pbem import envelope, keys
from pbem.service import Game, PlayerSpec

NOW = "2026-01-01T12:00:00Z"
MASTER = bytes(range(32))


@dataclass
class Kit:
    path: Path
    signers: dict[str, keys.Signer]
    seqs: dict[str, int] = field(default_factory=dict)

    def game(self) -> Game:
        return Game(self.path)

    def envelope(
        self,
        power: str,
        lines: list[str] | str,
        phase: str | None = None,
        seq: int | None = None,
        game_id: str | None = None,  # default: this game's `Game:` line
        signer: keys.Signer | None = None,
        extra_headers: str = "",
    ) -> str:
        if phase is None:
            with self.game() as g:
                phase = g.status().step.phase
        if game_id is None:
            with self.game() as g:
                game_id = g.state().game_ref
        if seq is None:
            seq = self.seqs.get(power, 0) + 1
        self.seqs[power] = max(seq, self.seqs.get(power, 0))
        if isinstance(lines, list):
            lines = "\n".join(lines)
        body = f"Game: {game_id}\nPower: {power}\nPhase: {phase}\nSequence: {seq}\n{extra_headers}\n{lines}\n"
        return envelope.sign(body, signer or self.signers[power])

    def play_phase(self, g: Game, orders: dict[str, list[str]] | None = None) -> None:
        step = g.status().step
        for p in step.owes:
            lines = (orders or {}).get(p)
            if lines is None:
                lines = g.state().ruleset.demo_orders(g.state().rules, p, step)
            r = g.submit(self.envelope(p, lines, step.phase), now=NOW)
            assert r.status == "accepted", r.message()
        assert g.advance(max_steps=1)


def new_game(
    tmp: Path,
    scenario: str = "duel",
    master: bytes = MASTER,
    name: str = "g.pbem",
    game_id: str = "g",
    sealed: bool = True,
) -> Kit:
    from mini_ruleset import SCENARIOS

    powers = SCENARIOS[scenario][1]
    signers, players = {}, []
    for i, p in enumerate(powers):
        key = keys.private_from_seed(bytes([i + 1]) * 32)
        from cryptography.hazmat.primitives import serialization

        pem = key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        signers[p] = keys.Signer.load(pem)
        players.append(PlayerSpec(p, f"{p.lower()}@example.org", signers[p].public.line, p))
    path = tmp / name
    Game.create(
        path, "mini", scenario, players, game_id=game_id, now=NOW, master=master, sealed=sealed
    ).close()
    return Kit(path, signers)


def play_to_end(kit: Kit) -> None:
    with kit.game() as g:
        while g.status().step is not None and g.status().ended is None:
            kit.play_phase(g)
