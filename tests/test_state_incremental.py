"""The game state kept by a Game is brought forward by folding only new events, and
advance resolves on it in place: it must always equal a fold of the whole log."""

from __future__ import annotations

import dataclasses
import json

from gamekit import NOW, new_game

from pbem import dice
from pbem.secrets import Secrets, secret_path, seeds_path
from pbem.service import Game


def _same(a, b) -> None:
    rs = a.ruleset
    assert rs.dump_state(a.rules) == rs.dump_state(b.rules)
    for f in dataclasses.fields(a):
        if f.name not in ("rules", "ruleset"):
            assert getattr(a, f.name) == getattr(b, f.name), f.name


def test_kept_state_equals_a_full_fold_after_every_step(tmp_path):
    kit = new_game(tmp_path)
    with kit.game() as g:
        assert g.submit(kit.envelope("Red", ["ambush North"], phase="standing"), now=NOW).ok
        while g.status().step is not None and g.status().ended is None:
            kept = g.state()
            kit.play_phase(g)
            assert g.state() is kept  # brought forward, not rebuilt
            with Game(kit.path) as fresh:
                _same(g.state(), fresh.state())


def test_a_state_from_another_history_is_rebuilt(tmp_path):
    """Another process appended meanwhile: the kept state folds what it missed."""
    kit = new_game(tmp_path)
    with kit.game() as g, kit.game() as other:
        before = g.state().seq
        assert other.submit(kit.envelope("Red", ["muster 1"]), now=NOW).ok
        after = g.state()
        assert after.seq == before + 1 and "Red" in after.orders[g.status().step.phase]
        _same(after, other.state())


def test_the_seed_chain_is_walked_once_per_process(tmp_path, monkeypatch):
    kit = new_game(tmp_path)
    seeds = seeds_path(secret_path(kit.path))
    secrets = Secrets.load(secret_path(kit.path))
    calls = 0
    real = dice.chain_step

    def counting(seed):
        nonlocal calls
        calls += 1
        return real(seed)

    monkeypatch.setattr(dice, "chain_step", counting)

    def fresh_process() -> int:
        nonlocal calls
        dice._CHAINS.clear()  # noqa: SLF001 - the test resets the process cache
        calls = 0
        want = secrets.chain("public").seed(5)
        first = calls
        for i in range(5, 40):
            Secrets.load(secret_path(kit.path)).chain("public").seed(i)
        assert calls - first < 300 and want == dice.SeedChain(secrets.chain("public").root).seed(5)
        return first

    # the checkpoint file written at creation: at most STRIDE hashes to any seed
    assert seeds.exists() and fresh_process() <= dice.STRIDE
    # no file: one walk from the root (both chains), and the file is written again
    seeds.unlink()
    assert fresh_process() >= 2 * secrets.chain_length - 5 and seeds.exists()
    assert fresh_process() <= dice.STRIDE
    # a damaged or forged file is ignored (its MAC is the master's) and replaced
    d = json.loads(seeds.read_text())
    d["streams"]["public"]["0"] = "00" * 32
    seeds.write_text(json.dumps(d))
    assert fresh_process() >= 2 * secrets.chain_length - 5
    assert json.loads(seeds.read_text())["streams"]["public"]["0"] != "00" * 32
    seeds.write_text("{not json")
    assert fresh_process() >= 2 * secrets.chain_length - 5 and fresh_process() <= dice.STRIDE
