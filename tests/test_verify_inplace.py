"""Verify recomputes each resolution on the replayed state itself, not a copy, and then
takes the state the recomputation left as the state after it. That is only sound if
the rules change the state through the fold alone: here, for a whole scenario #2
game (land, sea, cards dealt), the state left by every in-place recomputation is
compared with the fold of the recorded events."""

from pbem import engine
from pbem import ruleset as registry
from pbem.demo import run_demo
from pbem.dice import CommittedDice
from pbem.log import EventLog
from pbem.state import GameState, fold
from pbem.verify import ReplayDice, verify


def test_in_place_recomputation_leaves_the_folded_state(tmp_path):
    run_demo(tmp_path, "soldier-kings", "1757", echo=lambda s: None, master=bytes(32))
    with EventLog(tmp_path / "game.pbem") as log:
        rows = [(r.seq, r.event()) for r in log.rows()]
    seeds = {
        e.index: bytes.fromhex(e.seed)
        for _, e in rows
        if e.type == "seed_revealed" and e.stream == "public"
    }
    folded, working = GameState(), GameState()
    checked = 0
    i = 0
    while i < len(rows):
        seq, e = rows[i]
        if e.type != "phase_resolved":
            fold(folded, seq, e, registry.get)
            fold(working, seq, e, registry.get)
            i += 1
            continue
        j = i + 1
        while j < len(rows) and rows[j][1].kind == "result":
            j += 1
        recorded = [x for _, x in rows[i + 1 : j]]
        hidden = [
            v
            for x in recorded
            if x.type == "dice_rolled" and x.stream == "hidden"
            for v in x.values
        ]
        step = None if e.index == 1 else working.ruleset.step(working.rules)
        pub = CommittedDice(seeds[e.index], e.orders_digest, "public")
        _, results, after = engine.run(working, step, pub, ReplayDice(hidden), in_place=True)
        assert [x.model_dump() for x in results] == [x.model_dump() for x in recorded]
        for s2, x in rows[i:j]:
            fold(folded, s2, x, registry.get)
        assert after.model_dump() == folded.rules.model_dump(), f"resolution {e.index}"
        fold(working, seq, e, registry.get)
        working.rules = after
        working.seq = rows[j - 1][0]
        checked += 1
        i = j
    assert checked >= 30
    assert verify(tmp_path / "game.pbem").ok
