"""SKO Economics (d) and (e): "Minor Countries & Majors played as Minors may not upgrade
fortification levels in their controlled areas"; "Major Powers played as Minor Powers do
not take out War Loans". No order reaches these checks: a major played as a minor has no
player to send orders or standing orders (the referee's engine does not act for it), so
no rules case can put the question. These tests ask the rule functions themselves, in a
four-player World at War where Spain, Holland, Russia and Turkey are played as minors."""

from __future__ import annotations

from pbem import keys
from pbem import ruleset as registry
from pbem.rulesets.soldier import fortresses, loans
from pbem.service import Game, PlayerSpec

POWERS = ("Britain", "France", "Prussia", "Austria")


def _game(tmp_path):
    players = [PlayerSpec(p, f"{p.lower()}@x.org", keys.generate()[1], p) for p in POWERS]
    options = {"war-loans": True, "fortress-upgrades": True}
    return Game.create(
        tmp_path / "g.pbem", "soldier-kings", "world-at-war-4", players, options=options
    )


def test_a_major_played_as_a_minor_takes_no_war_loan(tmp_path):
    game = _game(tmp_path)
    try:
        s = game.state().rules
        content = registry.get("soldier-kings").content_of(s)
        assert "Spain" not in s.majors and "Holland" not in s.majors
        # SKO War Loans: Spain (5) and Holland (9) have a principal as majors, none as minors
        assert loans.principal(content, "Spain") == 5
        assert loans.may_borrow(content, s, "Spain") == (
            "Spain is not a major power played by a player (SKO War Loans)"
        )
        assert loans.may_borrow(content, s, "Holland") is not None
        assert loans.may_borrow(content, s, "Britain") is None
    finally:
        game.close()


def test_a_major_played_as_a_minor_upgrades_no_fortress(tmp_path):
    game = _game(tmp_path)
    try:
        s = game.state().rules
        content = registry.get("soldier-kings").content_of(s)
        spanish = next(a for a, p in sorted(s.control.items()) if p == "Spain")
        assert fortresses.problem(content, s, "Spain", spanish) == (
            "Spain is not played as a major power (SKO Economics (d))"
        )
        french = next(a for a, p in sorted(s.control.items()) if p == "France")
        assert fortresses.problem(content, s, "France", french) is None
    finally:
        game.close()
