"""Issue 15: a World at War game with every Soldier Kings optional rule on, played by
the scripted players through signed envelopes for three game years (1756-1758, `end`
1758; `all` then leaves out only `random-end`): war declared (SKO Declaring War), loans
taken and one repaid (SKO War Loans), fortifications raised (SKO Economics (d)), an
imperial capital lost and retaken (SKO Imperial Capitals; here handed back by the
revised surrender rules, or besieged again), and `pbem verify` passing.

The dice hang on the content's digest, so which game shows a capital lost and retaken
changes when the content does: the test plays the games of fixed master secrets in
turn until one does (the first usually does)."""

from __future__ import annotations

from pbem import ruleset as registry
from pbem.demo import run_demo
from pbem.log import EventLog
from pbem.rulesets.soldier_kings.options import SWITCHES
from pbem.service import Game
from pbem.verify import verify

OPTIONS = {"all": True, "end": 1758}
TRIES = 8


def _capital_lost_and_retaken(events) -> bool:
    lost: set[str] = set()
    for e in events:
        if e.type == "sk.capitals_lost":
            now = set(e.powers)
            if lost - now:
                return True
            lost = now
    return False


def test_world_at_war_with_every_optional_rule(tmp_path):
    registry.get("soldier-kings")  # its events
    for k in range(TRIES):
        path = run_demo(
            tmp_path / str(k), "soldier-kings", "world-at-war-4", echo=lambda s: None,
            master=bytes([k + 2]) * 32, reports_too=False, options=OPTIONS,
        )  # fmt: skip
        with EventLog(path) as log:
            events = [r.event() for r in log.rows()]
        if _capital_lost_and_retaken(events):
            break
    else:
        raise AssertionError(f"no capital lost and retaken in {TRIES} games")
    report = verify(path)
    assert report.ok, report.text()
    with Game(path) as game:
        s = game.state().rules
    assert s.options == sorted(set(SWITCHES) - {"random-end"})
    kinds = [e.type for e in events]
    assert kinds.count("sk.war_declared") >= 2
    assert "sk.loan_taken" in kinds and "sk.loan_repaid" in kinds
    assert "sk.loans_deducted" in kinds
    assert "sk.fortress_upgraded" in kinds
    assert "sk.garrison_placed" in kinds
    over = next(e for e in events if e.type == "sk.game_over")
    assert "wins" in over.result
