"""SE 18.7 (its example), 17.8 and 9.4/9.8 as pure functions: what Soldier Emperor's
switches change, and that Soldier Kings' content leaves them off."""

from __future__ import annotations

from pbem import ruleset as registry
from pbem.rulesets.soldier import continued_retreats, minor_variants
from pbem.rulesets.soldier.state import SoldierState

SWEDEN = ["Stockholm", "Gotaland", "Norrland", "Finland", "Swedish Pomerania"]


def _state(**control: str) -> SoldierState:
    return SoldierState(majors=["France", "Russia"], allies={"Sweden": "Russia"}, control=control)


def test_units_limit_is_the_home_areas_held():
    """SE 18.7: "if all land areas of Sweden but one are enemy-controlled the maximum
    number of Swedish units that can be repaired or appear as new units ... is one"."""
    c = registry.get("soldier-emperor").content
    assert sorted(c.home_areas("Sweden")) == sorted(SWEDEN)
    held_by_france = {a: "France" for a in SWEDEN[1:]}
    assert minor_variants.units_limit(c, _state(**held_by_france), "Sweden", 9) == 1
    assert minor_variants.units_limit(c, _state(), "Sweden", 9) == 5
    # an area the minor's ally holds counts as liberated
    assert minor_variants.units_limit(c, _state(Gotaland="Russia"), "Sweden", 9) == 5


def test_soldier_kings_switches_are_off():
    sk = registry.get("soldier-kings").content
    s = SoldierState(majors=["Austria"], allies={"Saxony": "Austria"})
    assert minor_variants.units_limit(sk, s, "Saxony", 7) == 7
    assert not minor_variants.backstab_bars(sk)
    assert minor_variants.allied_minor_leaders(sk, s, "Austria") == []
    assert not continued_retreats.in_force(sk)


def test_backstab_bar_names_the_rule():
    s = SoldierState(backstabbed={"Sweden": ["Russia"]})
    assert "SE 17.8" in (minor_variants.backstab_bar(s, "Russia", "Sweden") or "")
    assert minor_variants.backstab_bar(s, "Britain", "Sweden") is None
