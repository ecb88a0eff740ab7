"""Soldier Emperor's content agrees with every value the rulebook states (issue 13):
the text prints no map, card texts or tables, so what it does say pins the authored data
(docs/soldier-emperor-data.md)."""

from __future__ import annotations

import pytest

from pbem.rulesets.soldier.common import cost
from pbem.rulesets.soldier_emperor import load


@pytest.fixture(scope="module")
def se():
    return load().content


def test_the_game_and_its_scenarios(se):
    assert se.game.name == "Soldier Emperor" and se.game.first_year == 1803  # SE 2.0
    assert se.game.turn_label(1) == "Turn 1 (Spring 1803)"
    assert sum(card.copies for card in se.cards.cards) == 64  # SE 2.0
    names = {sc.name for sc in se.scenarios.values()}
    assert names == {f"{y}-{n}" for y in (1803, 1805) for n in range(2, 8)}  # 2 to 7 players
    for sc in se.scenarios.values():
        assert sc.maps == ("europe",)
        assert "France" in sc.powers and "Britain" in sc.powers  # SE 17.1: never minors
        if sc.name.startswith("1805"):
            assert se.game.turn_label(sc.first_turn).endswith("(Spring 1805)")
            if "Turkey" in sc.powers:  # SE errata 2: 13 armies and 4 fleets
                t = sc.forces_of("Turkey")
                assert (t.army_count, t.fleet_count) == (13, 4)


def test_the_counter_mix(se):
    def count(power, kind):
        return sum(u.count for u in se.pieces.units if u.power == power and u.type == kind)

    assert (count("Turkey", "army"), count("Turkey", "fleet")) == (13, 4)  # SE errata 2
    guard = [u for u in se.pieces.units if u.power == "France" and tuple(u.full) == (5, 3)]
    assert len(guard) == 1 and guard[0].count == 1  # SE 19.9: the Old Guard
    leaders = {x.name: x for x in se.pieces.leaders}
    assert leaders["Napoleon"].movement == leaders["Davout"].movement == 3  # SE 13.3, 19.7
    assert all(x.movement == 2 for x in leaders.values() if x.role == "general"
               and x.name not in ("Napoleon", "Davout"))  # fmt: skip
    assert leaders["Blucher"].rating == 2 and leaders["Jervis"].rating == 2  # SE 9, 13.2
    assert leaders["Jervis"].role == "admiral"
    assert leaders["Poniatowski"].rating == 2  # SE 19.23
    assert all(0 <= x.rating <= 4 for x in leaders.values())  # SE 13.1
    minor = {"Poniatowski": "Grand Duchy of Warsaw", "Wrede": "Bavaria", "Mehmet Ali": "Egypt",
             "Abbas Mirza": "Persia", "Klingspor": "Sweden", "Orange": "Netherlands"}  # fmt: skip
    for name, country in minor.items():  # SE 13.9
        assert leaders[name].power == country


def test_the_tables(se):
    assert cost(se, "purchase_army") == (3, 5)  # SE 6.3: 3 Money and 5 Manpower
    levels = {x.name: x for x in se.tables.attack_levels}  # SE 9.3
    assert (levels["Probe"].resources, levels["Probe"].rounds) == (1, 1)
    assert (levels["Assault"].resources, levels["Assault"].rounds) == (3, 2)
    assert levels["Invasion"].resources == 5
    pairs = {frozenset(p.powers) for p in se.tables.prohibited_alliances}  # SE 16.2
    assert {frozenset(x) for x in (("Britain", "France"), ("Austria", "Turkey"),
                                   ("Russia", "Turkey"))} <= pairs  # fmt: skip
    rows = {r.country: r for r in se.tables.minor_table}
    assert rows["Portugal"].modifiers["Britain"] == 2  # SE 17.3
    assert rows["Persia"].modifiers["Russia"] == "No"  # SE 17.2
    assert rows["Bavaria"].modifiers["Russia"] == "#"  # SE 17.2
    hanover, meck = rows["Hanover"].modifiers, rows["Mecklenburg"].modifiers  # errata 4
    assert hanover["Britain"] == 2
    assert {k: v for k, v in hanover.items() if k != "Britain"} == {
        k: v for k, v in meck.items() if k != "Britain"
    }
    income = {x.power: x for x in se.tables.colonial_income}  # SE 7.6
    assert income["Britain"].resources == 35 and income["Spain"].resources == 25
    assert income["Britain"].per_blockaded_port == income["Spain"].per_blockaded_port == 7


def test_the_map_agrees_with_the_text(se):
    a = se.land_area("Bohemia")  # SE 2.1
    assert (a.resources, a.manpower, a.fortification, a.home) == (4, 4, 3, "Austria")
    a = se.land_area("Norway")  # SE 7.2
    assert (a.resources, a.manpower) == (3, 2)
    for name, money in (("Saxony", 4), ("Bavaria", 4), ("Magdeburg", 2), ("East Prussia", 2)):
        assert se.land_area(name).resources == money  # SE 21.1 example
    assert se.land_area("Magdeburg").home == se.land_area("East Prussia").home == "Prussia"
    assert se.land_area("Galicia").fortification == 2  # SE 9 Land Combat Example
    near = {a.name: se.neighbours(a.name) for a in se.map.land_areas}
    assert {"Hungary", "Polesia", "Posen"} <= set(near["Galicia"])
    assert {"Posen", "Polesia"} <= set(near["East Prussia"])
    assert set(se.land_area("London").seas) >= {"North Sea", "Eastern Atlantic"}  # SE 10.43
    assert se.land_area("Majorca").coastal  # errata 1: a port
    assert "Tripoli" not in near.get("Cyrenaica", {})  # errata 5
    assert se.land_area("Etruria").home == "Spain" and se.land_area("Minorca").home == "Spain"
    assert not any(se.land_area(n).home == "Spain" for n in near.get("Etruria", {}))  # SE 19.4
    assert not near.get("Minorca")  # SE 19.4: no land route
    assert se.land_area("Alexandria").home == se.land_area("Cairo").home == "Egypt"  # SE 19.5
    assert se.land_area("Holland").home == "Netherlands"  # SE 19.3
    for sc in se.scenarios.values():
        assert sc.controller(se.land_area("Holland")) == "France"  # SE 19.3
    # SE 19.21-19.23: every satellite's areas are on the map
    for x in se.tables.satellites:
        for name in x.areas:
            se.land_area(name)


def test_map_listing_says_money():
    """`pbem games soldier-emperor --map`: SE's one map, with Money for Resources (SE 7.0)."""
    from pbem import ruleset as registry

    text = registry.get("soldier-emperor").map_text(None)
    assert "Money, Manpower, fortification (SE 2.1)" in text and "Resources" not in text
    assert (
        "  Gibraltar: coastal on Eastern Atlantic, Western Mediterranean; home area of Britain;"
        " Money 1, no Manpower, fortification 5; land routes: Andalusia"
    ) in text
    assert "strait: Constantinople, between Eastern Mediterranean and Black Sea" in text  # SE 10.46
