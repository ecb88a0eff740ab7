"""SE 10-11 where they differ from SK: the switches' defaults are Soldier Kings', and the
SE-only order clause (SE 11.1, `intercept ... first POWER`) is refused in Soldier Kings.
The rules themselves are pinned by the cases tests/cases/soldier-emperor/naval-*.toml."""

from __future__ import annotations

import pytest

from pbem import ruleset as registry
from pbem.dice import ScriptedDice
from pbem.resolution import Resolution
from pbem.ruleset import STANDING, OrderLine
from pbem.rulesets.soldier import fleet_groups, passages
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
    assert (r.coastal_combat, r.strait_retreat, r.retreat_joins_group) == ("battle", "open", False)


def test_soldier_emperor_sets_them(se):
    rs, _ = se
    r = rs.content.game.rules
    assert (r.coastal_combat, r.strait_retreat, r.retreat_joins_group) == (
        "interception",
        "closed-by-enemy",
        True,
    )


@pytest.mark.parametrize("game, joined", [("sk", False), ("se", True)])
def test_retreating_fleets_join_a_group_in_se_only(game, joined, request):
    """SE 11.4: "Retreating naval units may join any groups already present in the area"
    (they do); SK 11.4 has no such sentence: by SK 10.3 they are a group of their own.
    Fleets that arrived separately otherwise stay separate groups (SK 10.3 / SE 10.3)."""
    rs, s0 = request.getfixturevalue(game)
    s = s0.model_copy(deep=True)
    ids = sorted(u.id for u in s.units.values() if u.country == "Britain" and u.type == "fleet")
    f1, f2, f3, f4 = ids[:4]
    for f in (f1, f2, f3, f4):
        s.units[f].status, s.units[f].area = "map", "North Sea"
    fleet_groups.arrived(s, [f2], "North Sea", "Midlands")
    fleet_groups.arrived(s, [f3], "North Sea", "Eastern Atlantic", retreat=True)
    s.acting += 1
    fleet_groups.arrived(s, [f4], "North Sea", "Midlands")
    got = [fl for _, _, fl in passages.fleet_groups_in(rs.content, s, [f1, f2, f3, f4])]
    if joined:
        assert got == [sorted([f1, f3]), [f2], [f4]]
    else:
        assert got == [[f1], [f2], [f3], [f4]]


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
