"""The game state kept by a Game is brought forward by folding only new events, and
advance resolves on it in place: it must always equal a fold of the whole log."""

from __future__ import annotations

import dataclasses

from gamekit import NOW, new_game

from pbem import dice
from pbem.secrets import Secrets, secret_path
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
    secrets = Secrets.load(secret_path(kit.path))
    calls = 0
    real = dice.chain_step

    def counting(seed):
        nonlocal calls
        calls += 1
        return real(seed)

    monkeypatch.setattr(dice, "chain_step", counting)
    dice._CHAINS.clear()  # noqa: SLF001 - the test resets the process cache
    secrets.chain("public").seed(5)
    first = calls
    for i in range(5, 40):
        Secrets.load(secret_path(kit.path)).chain("public").seed(i)
    assert first >= secrets.chain_length - 5 and calls - first < 300
