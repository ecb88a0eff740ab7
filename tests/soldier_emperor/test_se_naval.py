"""SE 10-11 where they differ from SK: the switches' defaults are Soldier Kings', and the
SE-only order clause (SE 11.1, `intercept ... first POWER`) is refused in Soldier Kings.
The rules themselves are pinned by the cases tests/cases/soldier-emperor/naval-*.toml."""

from __future__ import annotations

import pytest

from pbem import ruleset as registry
from pbem.dice import ScriptedDice
from pbem.resolution import Resolution
from pbem.ruleset import STANDING, OrderLine
from pbem.rulesets.soldier.content.world import VariantRules

SE_SETUP = [6, 6] + [1] * 12 + [0] * 115


def _lines(text: str) -> list[OrderLine]:
    return [OrderLine(i, t) for i, t in enumerate(text.splitlines(), 1)]


@pytest.fixture(scope="module")
def sk():
    rs = registry.get("soldier-kings")
    ctx = Resolution(rs, rs.new_state("1756", {}), ScriptedDice([0] * 21))
    rs.setup(ctx, "1756", {})
    return rs, ctx.state


@pytest.fixture(scope="module")
def se():
    rs = registry.get("soldier-emperor")
    ctx = Resolution(rs, rs.new_state("1803-7", {}), ScriptedDice(SE_SETUP))
    rs.setup(ctx, "1803-7", {})
    return rs, ctx.state


def test_the_naval_switches_default_to_soldier_kings():
    r = VariantRules()
    assert (r.coastal_combat, r.strait_retreat) == ("battle", "open")


def test_soldier_emperor_sets_them(se):
    rs, _ = se
    r = rs.content.game.rules
    assert (r.coastal_combat, r.strait_retreat) == ("interception", "closed-by-enemy")


def test_first_is_an_se_clause(sk, se):
    rs, s = sk
    bad = rs.parse(s, "Prussia", STANDING, _lines("intercept in Pomerania first Austria"))
    assert [p.message for p in bad.problems] == [
        "first POWER orders interceptions from a coastal area (SE 11.1); in this game fleets "
        "entering a coastal area attack (SK 11.1: attack fleets in AREA first POWER)"
    ]
    ok = rs.parse(s, "Prussia", STANDING, _lines("intercept in Pomerania if not weaker"))
    assert ok.problems == []
    rs, s = se
    got = rs.parse(
        s, "France", STANDING, _lines("intercept in Andalusia always first Spain, France")
    )
    assert got.problems == []
    text = str(got.orders)
    assert "'first': ['Spain', 'France']" in text and "'cond': 'always'" in text


def test_an_unknown_power_in_first_is_named(se):
    rs, s = se
    got = rs.parse(s, "France", STANDING, _lines("intercept in Andalusia first Spian"))
    assert [p.message for p in got.problems] == ["no power 'Spian' in this game"]
