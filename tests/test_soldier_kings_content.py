"""Content checks for games/soldier-kings/ (the data half of Soldier Kings).

The rulebook (../shared/rules/soldier-kings.txt) is the specification: every value it
states is checked here against the loaded data, with its section.
"""

from __future__ import annotations

import copy
import itertools
import shutil
from collections import Counter, defaultdict, deque
from pathlib import Path

import pytest

from pbem.content import ContentError, games_dir, read_toml_dir
from pbem.rulesets.soldier.content import SoldierContent, load_content

GAME = "soldier-kings"


@pytest.fixture(scope="module")
def raw() -> dict[str, dict]:
    return read_toml_dir(GAME)


@pytest.fixture(scope="module")
def sk(raw) -> SoldierContent:
    return load_content(raw)


def broken(raw: dict, edit) -> str:
    """Load a deep copy of the data after ``edit``; return the ContentError message."""
    data = copy.deepcopy(raw)
    edit(data)
    with pytest.raises(ContentError) as info:
        load_content(data)
    return str(info.value)


def entry(raw: dict, stem: str, section: str, **match) -> dict:
    for item in raw[stem][section]:
        if all(item.get(k) == v for k, v in match.items()):
            return item
    raise LookupError((stem, section, match))


# =========================================================================== loading


def test_games_dir_is_the_top_level_games_directory():
    assert games_dir() == Path(__file__).resolve().parent.parent / "games"
    assert (games_dir() / GAME / "game.toml").is_file()


def test_read_toml_dir_maps_relative_stems_to_content(raw):
    assert {"game", "powers", "maps/europe", "pieces", "tables", "cards"} <= set(raw)
    assert sorted(s for s in raw if s.startswith("scenarios/1")) == [
        f"scenarios/{year}" for year in range(1756, 1763)
    ]
    assert {"maps/americas", "maps/india", "maps/spice-islands", "world-track"} <= set(raw)
    assert len([s for s in raw if s.startswith("scenarios/world-at-war-")]) == 8
    assert raw["game"]["name"] == "Soldier Kings"


def test_counts(sk):
    # Lower bounds, so a referee may add printed areas or routes; the deck and the
    # scenarios are exact (SK 2.0, Game Scenarios).
    assert len(sk.map.land_areas) >= 100
    assert len(sk.map.sea_areas) >= 7
    assert len(sk.map.routes) >= 190
    assert sum(u.count for u in sk.pieces.units) >= 150
    assert len(sk.pieces.leaders) >= 30
    assert sum(c.copies for c in sk.cards.cards) == 64
    one_year = [sc.number for sc in sk.scenarios.values() if sc.rules == "one_year"]
    assert sorted(one_year) == [1, 2, 3, 4, 5, 6, 7]


def test_models_are_frozen(sk):
    with pytest.raises(ValueError):
        sk.map.land_areas[0].resources = 9  # type: ignore[misc]


# =========================================================================== the map


def test_routes_join_existing_land_areas_once_each_and_are_undirected(sk):
    land = {a.name for a in sk.map.land_areas}
    pairs = [frozenset(r.areas) for r in sk.map.routes]
    assert all(len(p) == 2 and p <= land for p in pairs)
    assert len(pairs) == len(set(pairs)), "a route is stored twice"
    for a in land:
        for b, mountain in sk.neighbours(a).items():
            assert sk.neighbours(b)[a] == mountain


def test_sea_connections_exist_once_each(sk):
    seas = {s.name for s in sk.map.sea_areas}
    pairs = [frozenset(x.seas) for x in sk.map.sea_connections]
    assert all(len(p) == 2 and p <= seas for p in pairs)
    assert len(pairs) == len(set(pairs))
    assert all(sk.sea_neighbours(s) for s in seas)


def test_coastal_areas_touch_seas_and_every_sea_touches_land(sk):
    seas = {s.name for s in sk.map.sea_areas}
    for a in sk.map.land_areas:
        assert a.coastal == bool(a.seas), a.name
        assert set(a.seas) <= seas, a.name
    for s in seas:
        assert sk.coastal_areas(s), s


def test_every_home_area_has_an_owner_and_every_country_its_homes(sk):
    for a in sk.map.land_areas:
        if a.home is not None:
            assert sk.country(a.home).kind in {"major", "minor", "mercenary", "neutral"}, a.name
            assert sk.country(a.home).map == "europe"
    for c in sk.powers.countries:
        if c.map == "europe" and c.kind != "card_unit":
            assert sk.home_areas(c.name), c.name
        else:
            assert not sk.home_areas(c.name), c.name
    assert set(sk.majors) == {
        "Austria",
        "Britain",
        "France",
        "Holland",
        "Prussia",
        "Russia",
        "Spain",
        "Turkey",
    }  # SK 1.0


def test_the_map_is_connected_and_only_islands_lie_off_the_mainland(sk):
    land = {a.name: a for a in sk.map.land_areas}
    comps, seen = [], set()
    for start in land:
        if start in seen:
            continue
        comp, todo = {start}, deque([start])
        while todo:
            for nxt in sk.neighbours(todo.popleft()):
                if nxt not in comp:
                    comp.add(nxt)
                    todo.append(nxt)
        seen |= comp
        comps.append(comp)
    mainland = max(comps, key=len)
    assert {
        "Berlin",
        "Wien",
        "Isle de France",
        "Madrid",
        "Moscow",
        "Constantinople",
        "Lisboa",
        "Stockholm",
        "Holland",
        "Hannover",
        "Gibraltar",
    } <= mainland
    for comp in comps:
        if comp is not mainland:
            assert all(land[a].coastal for a in comp), comp  # islands are reached by sea
    assert {a for comp in comps if comp is not mainland for a in comp} == {
        "Southern England",
        "Northern England",
        "Scotland",
        "Ireland",
        "Minorca",
        "Majorca",
        "Sardinia",
        "Sicily",
        "Zealand",
    }
    # land routes + coasts + sea connections join everything (the validator also checks)
    graph = defaultdict(set)
    for r in sk.map.routes:
        a, b = r.areas
        graph[a].add(b)
        graph[b].add(a)
    for a in sk.map.land_areas:
        for s in a.seas:
            graph[a.name].add(s)
            graph[s].add(a.name)
    for x in sk.map.sea_connections:
        a, b = x.seas
        graph[a].add(b)
        graph[b].add(a)
    reach, todo = {"Berlin"}, deque(["Berlin"])
    while todo:
        for nxt in graph[todo.popleft()]:
            if nxt not in reach:
                reach.add(nxt)
                todo.append(nxt)
    assert reach == set(land) | {s.name for s in sk.map.sea_areas}


def test_drawing_data(sk):
    w, h = sk.game.canvas.width, sk.game.canvas.height
    for a in (*sk.map.land_areas, *sk.map.sea_areas):
        x, y = a.label
        assert 0 <= x <= w and 0 <= y <= h, a.name
    for a in sk.map.land_areas:
        assert len(a.polygon) >= 3
    # roughly geographic: west to east, north to south
    assert (
        sk.land_area("Lisboa").label[0]
        < sk.land_area("Berlin").label[0]
        < sk.land_area("Moscow").label[0]
    )
    assert (
        sk.land_area("Stockholm").label[1]
        < sk.land_area("Berlin").label[1]
        < sk.land_area("Sicily").label[1]
    )


def test_area_names_and_aliases_resolve(sk):
    assert sk.resolve_area("So. England") == "Southern England"  # SK 1.0
    assert sk.resolve_area("southern england") == "Southern England"  # SK 10.43
    assert sk.resolve_area("Hanover") == "Hannover"  # SK Optional Rules spelling
    assert sk.resolve_area("Wurttemberg") == "Württemberg"
    with pytest.raises(KeyError):
        sk.resolve_area("Atlantis")


# The values the rulebook states: (area, field, value, section).
STATED_AREA_VALUES = [
    ("Silesia", "resources", 4, "SK 20.31 example"),
    ("Silesia", "fortification", 4, "SK 9 Land Combat Example"),
    ("Silesia", "home", "Prussia", "SK 20.31 example"),
    ("Silesia", "coastal", False, "SK 9 Land Combat Example (no retreat by sea)"),
    ("Saxony", "resources", 3, "SK 20.31 example"),
    ("Saxony", "home", "Saxony", "SK 1.0, SK 18.8 example"),
    ("Bohemia", "resources", 3, "SK 20.31 example"),
    ("Warsawa", "resources", 1, "SK 20.31 example"),
    (
        "Warsawa",
        "home",
        "Poland",
        "SK 9 Land Combat Example (enemy-controlled: Poland is Russia's ally)",
    ),
    ("Mecklenburg", "resources", 2, "SK 20.31 example"),
    ("Mecklenburg", "home", "Prussia", "SK 20.31 example (subtracted as a Prussian home area)"),
    ("Hannover", "home", "Britain", "SK Scenario #2 (British home areas)"),
    ("Minorca", "home", "Britain", "SK Scenario #3 (British home areas except Minorca)"),
    ("East Prussia", "home", "Prussia", "SK Scenario #3 (Prussian home areas except East Prussia)"),
    ("East Prussia", "coastal", True, "SK Optional Rules, New Unit (Prussian Fleet)"),
    ("Pomerania", "home", "Prussia", "SK Optional Rules, New Unit (Prussian Fleet)"),
    ("Pomerania", "coastal", True, "SK Optional Rules, New Unit (Prussian Fleet)"),
    ("Gibraltar", "coastal", True, "SK 10.46"),
    ("Constantinople", "coastal", True, "SK 1.0 Coastal Area"),
    ("Granada", "coastal", True, "SK 1.0 Coastal Area"),
    ("Gascony", "coastal", True, "SK 10.53 example"),
    ("Papal States", "home", "Papal States", "SK 18.6"),
    ("Switzerland", "home", "Switzerland", "SK 19.2"),
    ("Hesse", "home", "Hesse", "SK 19.2"),
    ("Swabia", "home", "Swabia", "SK 19.2"),
    ("Württemberg", "home", "Württemberg", "SK 19.2"),
    ("Naples", "home", None, "SK Optional Rules, New Minor Power (no flag in the standard game)"),
    ("Sicily", "home", None, "SK Optional Rules, New Minor Power (no flag in the standard game)"),
]


@pytest.mark.parametrize(("area", "field", "value", "section"), STATED_AREA_VALUES)
def test_stated_area_values(sk, area, field, value, section):
    got = getattr(sk.land_area(area), field)
    assert got == value, f"{area}.{field} is {got!r}; {section} says {value!r}"
    assert sk.land_area(area).source.startswith("SK "), f"{area} must cite its source"


# Imperial capitals named by the optional rules are home areas of their powers.
CAPITALS = {
    "France": "Isle de France",
    "Britain": "Southern England",
    "Prussia": "Berlin",
    "Russia": "St. Petersburg",
    "Austria": "Wien",
    "Spain": "Madrid",
    "Holland": "Holland",
    "Turkey": "Constantinople",
}


@pytest.mark.parametrize(("power", "area"), sorted(CAPITALS.items()))
def test_optional_rules_capitals_are_home_areas(sk, power, area):
    assert sk.land_area(area).home == power  # SK Optional Rules, Imperial Capitals


def test_stated_routes(sk):
    # SK 9 Land Combat Example: Henry's retreats are to Wien and Polesia (enemies came from
    # there), Warsawa (enemy-controlled), Bohemia (mountain) and Berlin (outnumbered): all of them.
    assert sk.neighbours("Silesia") == {
        "Wien": False,
        "Polesia": False,
        "Warsawa": False,
        "Bohemia": True,
        "Berlin": False,
    }
    assert sk.route_between("Berlin", "Magdeburg") is False  # Frederick may retreat there
    assert sk.route_between("Warsawa", "Berlin") is False  # Russians and Poles move in
    # SK Optional Rules: Austria may move "between Lombardy and Tyrol as if these two areas
    # were adjacent" - so they are not.
    assert sk.route_between("Lombardy", "Tyrol") is None
    # SK 17.3 example: an army in Provence intimidates Sardinia (SK 17.5: adjacent to a home area)
    assert any(sk.land_area(n).home == "Sardinia" for n in sk.neighbours("Provence"))


def test_stated_coasts(sk):
    assert set(sk.land_area("So. England").seas) == {
        "North Atlantic",
        "North Sea",
        "Eastern Atlantic",
    }
    assert sk.land_area("Granada").seas == ("Western Mediterranean",)  # "adjoins only"
    assert set(sk.land_area("Constantinople").seas) == {"Eastern Mediterranean", "Black Sea"}
    assert "Eastern Atlantic" in sk.land_area("Gascony").seas  # SK 10.53 example
    # SK 17.3 example: a fleet in the Western Mediterranean intimidates Sardinia
    assert any(
        sk.land_area(a).home == "Sardinia" for a in sk.coastal_areas("Western Mediterranean")
    )


def test_straits_of_gibraltar_and_constantinople(sk):  # SK 10.46
    straits = {s.area: set(s.seas) for s in sk.map.straits}
    assert straits == {
        "Gibraltar": {"Eastern Atlantic", "Western Mediterranean"},
        "Constantinople": {"Eastern Mediterranean", "Black Sea"},
    }
    for area, seas in straits.items():
        assert seas <= set(sk.land_area(area).seas)
        a, b = sorted(seas)
        assert b in sk.sea_neighbours(a)


def test_sea_movement_example(sk):
    # SK 10.2 example: from the Eastern Atlantic, 1 MP into the Western Mediterranean, 2nd MP
    # into a coastal area bordering it, 3rd MP into the North Atlantic. That works through a
    # coastal area on both seas (leaving a coastal area to an adjoining sea is free).
    assert "Western Mediterranean" in sk.sea_neighbours("Eastern Atlantic")
    assert "Eastern Mediterranean" in sk.sea_neighbours("Western Mediterranean")
    assert "North Atlantic" in sk.sea_neighbours("Eastern Atlantic")
    both = set(sk.coastal_areas("Western Mediterranean")) & set(
        sk.coastal_areas("Eastern Atlantic")
    )
    assert "Gibraltar" in both
    # SK 11 Naval Combat Example: the British fleet retreats from the Western Mediterranean to Gibraltar
    assert "Gibraltar" in sk.coastal_areas("Western Mediterranean")


# =========================================================================== pieces


def test_stated_leaders(sk):
    assert sk.leader("Henry").rating == 2  # SK 9 Land Combat Example
    hawke = sk.leader("Hawke")
    assert (hawke.role, hawke.rating, hawke.power) == ("admiral", 2, "Britain")  # SK 13.2, 13.4, 11
    for leader in sk.pieces.leaders:  # SK 13.3
        if leader.role == "general":
            assert leader.movement == (3 if leader.name == "Frederick II" else 2), leader.name
        assert 1 <= leader.rating <= 3  # SK 13.1
    royal = {x.name: x.power for x in sk.pieces.leaders if x.royal}  # SK 13.9
    assert royal == {
        "Frederick II": "Prussia",
        "Henry": "Prussia",
        "Orange": "Holland",
        "Ferdinand": "Britain",
        "Charles": "Austria",
    }
    emo = sk.leader("Angelo Emo")  # SK 19.6
    assert (emo.power, emo.role, emo.fleet_of) == ("Venice", "admiral", "Venice")
    assert sk.unit_total("Venice", "fleet") == 1  # "the Venetian fleet"
    assert {x.name: x.enters for x in sk.pieces.leaders if x.enters != "europe"} == {
        "Wolfe": "north_america",
        "Montcalm": "north_america",
        "Clive": "india",  # SK 13.8
    }
    assert sk.leader("Frederick").name == "Frederick II"
    assert sk.leader("Galissoniere").name == "Galissonniere"  # both spellings are printed


def test_scenario_leaders_belong_to_their_powers(sk):
    named = {
        "Prussia": {"Frederick II", "Schwerin", "Henry"},
        "Austria": {"Browne", "Charles", "Daun"},
        "Britain": {"Cumberland", "Ferdinand", "Hawke"},
        "France": {"D'Estrees", "Galissonniere", "St. Germain"},
        "Russia": {"Apraxin", "Fermor", "Soltikov"},
        "Spain": {"Alvarez"},
        "Holland": {"Orange"},
        "Turkey": {"Muhsinzade Pasha"},
    }
    for power, names in named.items():
        assert names <= {x.name for x in sk.leaders_of(power)}, power


def test_stated_counter_mix(sk):
    assert sk.unit_total("Prussia", "fleet") == 0  # SK Optional Rules: the new Prussian fleet
    assert sk.unit_total("Britain", "army", provincial=True) == 3  # SK 19.4
    assert sk.unit_total("Spain", "army", provincial=True) == 3  # SK 19.4
    for power in ("Austria", "Prussia", "France"):  # "one 4-3 army" in the scenarios
        assert any(u.full == (4, 3) for u in sk.units(power, "army")), power
    assert sk.unit_total("Switzerland", "army") >= 2  # SK 19.2
    for merc in ("Hesse", "Swabia", "Württemberg"):
        assert sk.unit_total(merc, "army") >= 1  # SK 19.2
    for u in sk.pieces.units:  # SK 2.4: the back is the reduced side
        assert u.reduced[0] <= u.full[0] and u.reduced[1] <= u.full[1] and u.reduced != u.full


def _counters(sk, power, type):
    return [u.full for u in sk.units(power, type) if not u.provincial for _ in range(u.count)]


def test_counter_mix_can_reproduce_the_examples(sk):
    # SK 9 Land Combat Example: Henry's two Prussian armies attack with 6, one has defence 2.
    assert any(
        a[0] + b[0] == 6 and 2 in (a[1], b[1])
        for a, b in itertools.combinations(_counters(sk, "Prussia", "army"), 2)
    )
    # Four Austrian armies (one with defence 2) and one Russian army (defence 1) attack with 14.
    russian = [r for r in _counters(sk, "Russia", "army") if r[1] == 1]
    assert russian
    assert any(
        sum(a[0] for a in four) + r[0] == 14 and any(a[1] == 2 for a in four)
        for four in itertools.combinations(_counters(sk, "Austria", "army"), 4)
        for r in russian
    )
    # SK 13.2 example: three British fleets attack with 8.
    british = _counters(sk, "Britain", "fleet")
    assert any(sum(f[0] for f in three) == 8 for three in itertools.combinations(british, 3))
    # SK 11 Naval Combat Example: two British fleets attack with 6; exactly one has defence 1.
    assert any(
        a[0] + b[0] == 6 and sorted((a[1], b[1]))[0] == 1 and max(a[1], b[1]) > 1
        for a, b in itertools.combinations(british, 2)
    )
    # ... French and Austrian fleets with defence 1.
    assert any(f[1] == 1 for f in _counters(sk, "France", "fleet"))
    assert any(f[1] == 1 for f in _counters(sk, "Austria", "fleet"))


def test_counter_mix_holds_enough_pieces_for_every_scenario(sk):
    for sc in sk.scenarios.values():
        leaders = Counter()
        for fo in sc.forces:
            armies = sk.unit_total(fo.power, "army")
            assert fo.army_count <= armies, (sc.name, fo.power)
            assert fo.random_fleets <= sk.unit_total(fo.power, "fleet"), (sc.name, fo.power)
            for spec in fo.armies:
                assert spec.count <= sum(
                    1 for a in _counters(sk, fo.power, "army") if a == spec.strength
                )
            for hire in fo.mercenaries:
                assert hire.count <= sk.unit_total(hire.country, "army")
            for name in fo.leaders:
                assert sk.leader(name).power == fo.power, (sc.name, name)
                leaders[name] += 1
        assert max(leaders.values()) == 1, sc.name


# =========================================================================== tables


def test_stated_costs(sk):
    army = sk.tables.costs.purchase_army  # SK 6.2: 12/8 -> 10/4
    assert (12 - army.resources, 8 - army.manpower) == (10, 4)
    levels = {a.name: a for a in sk.tables.attack_levels}  # SK 9.4
    assert (levels["Probe"].rounds, levels["Assault"].rounds, levels["Invasion"].rounds) == (
        1,
        2,
        "unlimited",
    )
    assert levels["Assault"].resources == 2  # SK 9 Land Combat Example: "pay two Resources each"
    assert levels["Probe"].resources <= levels["Assault"].resources <= levels["Invasion"].resources
    assert sk.tables.costs.capture_fleet.resources == 1  # SK 12.6


def test_bribery_scale(sk):
    bribe = sk.tables.bribery.modifier  # SK 17.4
    assert [bribe(n) for n in range(10)] == [0, 1, 2, 3, 3, 4, 4, 5, 5, 6]
    assert bribe(5) == 4  # SK 17.3 example: "netting a +4 modifier"
    with pytest.raises(ValueError):
        bribe(10)


def test_sardinia_alliance_example(sk):
    # SK 17.3 example: (-1) + 4 + 2 + 2 - 2 - 3 = +2; a roll of 9 makes 11: success.
    britain = sk.minor_row("Sardinia").modifiers["Britain"]
    own_bribe = sk.tables.bribery.modifier(5)
    prussian_bribe = sk.tables.bribery.modifier(2)
    intimidation = 2 * sk.tables.constants.intimidation_per_unit.value  # fleet + army
    counter = -2 * sk.tables.constants.intimidation_per_unit.value
    counter_bribe = -sk.tables.bribery.modifier(3)
    net = britain + own_bribe + prussian_bribe + intimidation + counter + counter_bribe
    assert (britain, net) == (-1, 2)
    assert 9 + net >= sk.tables.constants.alliance_target.value


def test_prohibited_alliances(sk):  # SK 16.2 ("England" is Britain)
    assert {frozenset(p.powers) for p in sk.tables.prohibited_alliances} == {
        frozenset(p)
        for p in [
            ("Prussia", "Austria"),
            ("Britain", "France"),
            ("Britain", "Spain"),
            ("Austria", "Turkey"),
            ("Russia", "Turkey"),
            ("Holland", "Spain"),
        ]
    }


def test_minor_country_alliance_table(sk):
    assert sk.minor_row("Crimea").modifiers["Russia"] == "No"  # SK 17.2
    assert sk.minor_row("Iroquois").modifiers["Russia"] == "#"  # SK 17.2
    assert sk.minor_row("Sardinia").modifiers["Britain"] == -1  # SK 17.3
    rows = {r.country for r in sk.tables.minor_table}
    assert {"Turkey", "Spain", "Holland", "Russia", "Austria"} <= rows  # SK 17.1
    assert "Prussia" not in rows and "Britain" not in rows and "France" not in rows
    for c in sk.powers.countries:  # SK 17.1: all minor countries with armies are listed
        if c.kind == "minor":
            assert c.name in rows, c.name
    for r in sk.tables.minor_table:
        assert set(r.modifiers) == set(sk.majors) - {r.country}
        for m, v in r.modifiers.items():
            assert v in ("No", "#") or isinstance(v, int), (r.country, m)
    # Scenarios name what the minors bring (SK Scenarios #1, #3, #7)
    assert (sk.minor_row("Saxony").armies, sk.minor_row("Saxony").fleets) == (2, 0)
    assert (sk.minor_row("Sweden").armies, sk.minor_row("Sweden").fleets) == (2, 1)
    assert (sk.minor_row("Portugal").armies, sk.minor_row("Portugal").fleets) == (1, 1)
    assert sk.minor_row("Venice").leaders == ("Angelo Emo",)  # SK 19.6


def test_mercenaries(sk):
    rows = {m.country: m for m in sk.tables.mercenaries}
    assert set(rows) == {"Switzerland", "Hesse", "Swabia", "Württemberg", "India"}  # SK 17.1, 19.1
    assert rows["Switzerland"].besieged_armies == 2  # SK 19.2
    assert {rows[x].besieged_armies for x in ("Hesse", "Swabia", "Württemberg", "India")} == {1}
    assert rows["Switzerland"].card == "Swiss Mercenaries"  # SK 19.1
    assert rows["Hesse"].card == "Holy Roman Empire Mercenaries"
    assert rows["India"].card == "Sepoys"


def test_support_limits_and_victory(sk):
    s = sk.tables.support_limits  # SK 20.2
    assert (s.enemy, s.friendly, s.home) == (1, 2, 3)
    scores = {a.power: a.points for a in sk.tables.automatic_victory}
    assert set(scores) == set(sk.majors)  # SK 20.33
    assert scores["Britain"] < 28  # the optional rules propose raising it to 28
    papal = sk.tables.papal_states  # SK 18.6
    assert set(papal.powers) == {"France", "Spain", "Austria"}
    assert (papal.siege_round_resources, papal.gain_multiplier) == (2, 2)


def test_constants(sk):
    k = sk.tables.constants
    assert (k.hand_size.value, k.army_movement.value, k.fleet_movement.value) == (5, 1, 3)
    assert (k.army_arrival_turns.value, k.fleet_arrival_turns.value) == (2, 4)  # SK 6.2
    assert (k.interception_target.value, k.leader_death_target.value) == (10, 12)
    assert (k.alliance_target.value, k.steal_modifier.value) == (10, -2)
    assert k.manpower_transfer_limit.value == 2  # SK 14.2


def test_victory_example(sk):
    # SK 20.31 example: Saxony + Bohemia + Warsawa = 7; less Mecklenburg and Silesia = 6; net 1.
    r = {
        n: sk.land_area(n).resources
        for n in ("Saxony", "Bohemia", "Warsawa", "Mecklenburg", "Silesia")
    }
    gained = r["Saxony"] + r["Bohemia"] + r["Warsawa"]
    lost = r["Mecklenburg"] + r["Silesia"]
    assert (gained, lost, gained - lost) == (7, 6, 1)


# =========================================================================== cards


def test_deck_has_64_cards_with_the_named_ones(sk):
    assert sk.game.deck_size == 64  # SK 2.0
    assert len(sk.deck(globe=True)) == 64
    one_year = sk.deck(globe=False)  # SK 3.0: no Globe cards outside the World at War
    assert len(one_year) == 52
    for name in (
        "Minor Country Alliance",
        "Royal Betrothal",
        "Royal Death",
        "New Leader",
        "Swiss Mercenaries",
        "Holy Roman Empire Mercenaries",
        "Winter Campaign",
    ):
        assert name in one_year, name
        assert sk.card(name).source.startswith("SK "), name
    for name in (
        "Sepoys",
        "Pitt Takes Power",
        "Spanish Provincial Army",
        "Pirates",
        "South Pacific",
    ):
        assert sk.card(name).globe, name
    betrothal = {m.id: m for m in sk.cards.markers}["royal_betrothal"]
    assert betrothal.removed_by == ("Royal Death",)  # SK 5.2
    kinds = {e.kind for e in sk.card("Royal Death").effects}
    assert "remove_marker" in kinds


def test_card_effects_are_structured(sk):
    mca = sk.card("Minor Country Alliance").effects[0]
    assert (mca.kind, mca.dice, mca.succeed_on) == ("minor_alliance_attempt", 2, 10)  # SK 17.3
    betrothal = sk.card("Royal Betrothal")
    assert betrothal.timing == "alliance_attempt"
    assert [e.kind for e in betrothal.effects] == ["alliance_roll_modifier", "place_marker"]
    swiss = sk.card("Swiss Mercenaries").effects[0]
    assert swiss.countries == ("Switzerland",)
    assert sk.card("Winter Campaign").timing == "winter_turn"  # SK 20.0
    assert sk.card("New Leader").effects[0].kind == "new_leader"  # SK 13.8
    for card in sk.cards.cards:
        if not card.globe:
            assert card.map in (None, "europe"), card.name


# =========================================================================== scenarios

# number: (turns, {power: (resources, manpower)}) exactly as printed
PRINTED = {
    1: ((1, 4), {"Austria": (17, 17), "Prussia": (14, 12)}),
    2: (
        (5, 8),
        {
            "Austria": (17, 17),
            "Britain": (26, 16),
            "France": (39, 19),
            "Prussia": (17, 14),
            "Russia": (13, 28),
        },
    ),
    3: (
        (9, 12),
        {
            "Austria": (14, 15),
            "Britain": (26, 15),
            "France": (29, 15),
            "Prussia": (15, 14),
            "Russia": (15, 35),
        },
    ),
    4: (
        (13, 16),
        {
            "Austria": (14, 15),
            "Britain": (32, 20),
            "France": (26, 15),
            "Prussia": (15, 13),
            "Russia": (15, 40),
        },
    ),
    5: (
        (17, 20),
        {
            "Austria": (14, 15),
            "Britain": (34, 20),
            "France": (17, 11),
            "Prussia": (15, 13),
            "Russia": (15, 30),
        },
    ),
    6: (
        (21, 24),
        {
            "Austria": (14, 15),
            "Britain": (34, 20),
            "France": (15, 9),
            "Prussia": (12, 10),
            "Russia": (15, 30),
        },
    ),
    7: (
        (25, 28),
        {
            "Austria": (17, 15),
            "Britain": (45, 23),
            "France": (15, 9),
            "Prussia": (14, 12),
            "Spain": (23, 21),
        },
    ),
}

# number: {power: (leaders, 4-3 armies, other armies, fleets, hired mercenaries)}
FORCES = {
    1: {
        "Austria": ({"Browne"}, 1, 4, 0, {}),
        "Prussia": ({"Frederick II", "Schwerin"}, 1, 5, 0, {}),
        "Saxony": (set(), 0, 2, 0, {}),
    },
    2: {
        "Austria": ({"Charles"}, 1, 7, 0, {}),
        "Britain": ({"Cumberland"}, 0, 2, 3, {"Hesse": 1}),
        "France": ({"D'Estrees", "Galissonniere"}, 1, 4, 2, {}),
        "Prussia": ({"Frederick II", "Schwerin"}, 1, 8, 0, {}),
        "Russia": ({"Apraxin"}, 0, 4, 1, {}),
    },
    3: {
        "Austria": ({"Daun"}, 1, 8, 0, {}),
        "Britain": ({"Ferdinand", "Hawke"}, 0, 3, 4, {}),
        "France": ({"St. Germain", "Galissonniere"}, 1, 2, 2, {}),
        "Prussia": ({"Frederick II", "Henry"}, 1, 8, 0, {}),
        "Russia": ({"Fermor"}, 0, 6, 1, {}),
        "Sweden": (set(), 0, 2, 1, {}),
    },
    4: {
        "Austria": ({"Daun"}, 1, 7, 0, {}),
        "Britain": ({"Ferdinand", "Hawke"}, 0, 3, 5, {}),
        "France": ({"St. Germain"}, 1, 6, 3, {}),
        "Prussia": ({"Frederick II", "Henry"}, 1, 8, 0, {}),
        "Russia": ({"Fermor", "Soltikov"}, 0, 8, 1, {}),
        "Sweden": (set(), 0, 1, 1, {}),
    },
    5: {
        "Austria": ({"Daun"}, 1, 6, 0, {}),
        "Britain": ({"Ferdinand", "Hawke"}, 0, 4, 6, {}),
        "France": ({"St. Germain"}, 1, 7, 2, {}),
        "Prussia": ({"Frederick II", "Henry"}, 1, 8, 0, {}),
        "Russia": ({"Fermor", "Soltikov"}, 0, 5, 1, {}),
        "Sweden": (set(), 0, 1, 1, {}),
    },
    6: {
        "Austria": ({"Daun"}, 1, 8, 0, {}),
        "Britain": ({"Ferdinand", "Hawke"}, 0, 4, 5, {}),
        "France": ({"St. Germain"}, 1, 6, 2, {}),
        "Prussia": ({"Frederick II", "Henry"}, 1, 7, 0, {}),
        "Russia": ({"Fermor", "Soltikov"}, 0, 4, 1, {}),
        "Sweden": (set(), 0, 1, 1, {}),
    },
    7: {
        "Austria": ({"Daun"}, 1, 8, 0, {}),
        "Britain": ({"Ferdinand", "Hawke"}, 0, 4, 6, {}),
        "France": ({"St. Germain"}, 1, 5, 2, {}),
        "Prussia": ({"Frederick II", "Henry"}, 1, 5, 0, {}),
        "Spain": ({"Alvarez"}, 0, 4, 2, {}),
        "Portugal": (set(), 0, 1, 1, {}),
    },
}

CONTROL = {
    1: {},
    2: {"Saxony": "Prussia", "Minorca": "France"},
    3: {"Saxony": "Prussia", "Hannover": "France", "Minorca": "France", "East Prussia": "Russia"},
    4: {"Saxony": "Prussia", "Minorca": "France", "East Prussia": "Russia"},
    5: {"Saxony": "Prussia", "Minorca": "France", "East Prussia": "Russia"},
    6: {"Saxony": "Austria", "Minorca": "France", "East Prussia": "Russia"},
    7: {"Saxony": "Austria", "Silesia": "Austria", "Minorca": "France", "East Prussia": "Russia"},
}


@pytest.mark.parametrize("number", range(1, 8))
def test_scenarios_as_printed(sk, number):
    sc = sk.scenario(number)
    assert sc.name == str(1755 + number)
    turns, money = PRINTED[number]
    assert (sc.first_turn, sc.last_turn) == turns
    assert sk.game.turn_label(sc.first_turn) == f"Turn {turns[0]} (Spring {1755 + number})"
    assert sk.game.season(sc.last_turn) == "Winter"
    for power, (r, m) in money.items():
        fo = sc.forces_of(power)
        assert (fo.resources, fo.manpower) == (r, m), power
    assert {f.power for f in sc.forces} == set(FORCES[number])
    for power, (leaders, four_three, others, fleets, mercs) in FORCES[number].items():
        fo = sc.forces_of(power)
        assert set(fo.leaders) == leaders, power
        assert sum(a.count for a in fo.armies if a.strength == (4, 3)) == four_three, power
        assert fo.random_armies == others, power
        assert fo.random_fleets == fleets, power
        assert {h.country: h.count for h in fo.mercenaries} == mercs, power
    assert {c.area: c.power for c in sc.control} == CONTROL[number]
    # the player with Austria sets up first (One-Year Scenario Special Rules)
    first = min(sc.players, key=lambda p: p.setup_order)
    assert "Austria" in first.powers
    if number == 1:
        assert [p.powers for p in sc.players] == [("Austria",), ("Prussia",)]
    elif number == 7:
        assert [set(p.powers) for p in sc.players] == [
            {"Austria", "France", "Spain"},
            {"Prussia", "Britain"},
        ]
    else:
        assert [set(p.powers) for p in sc.players] == [
            {"Austria", "France", "Russia"},
            {"Prussia", "Britain"},
        ]
    allies = {m.country: m.ally for m in sc.minor_allies}
    assert allies == {1: {"Saxony": "Austria"}, 7: {"Portugal": "Britain"}, 2: {}}.get(
        number, {"Sweden": "Austria"}
    )
    subsidy = [s for s in sc.special if s.kind == "subsidy"]
    assert [(s.giver, s.receiver, s.turn, s.max_resources) for s in subsidy] == (
        [] if number == 1 else [("Britain", "Prussia", sc.first_turn, 8 if number == 2 else 10)]
    )
    frozen = [(s.power, s.until_turn, s.may_retreat) for s in sc.special if s.kind == "frozen"]
    assert frozen == ([("Russia", 6, True)] if number == 2 else [])


def test_scenario_setup_limits(sk):
    def allowed(number, power):
        return sk.allowed_setup_areas(sk.scenario(number), power)

    prussia = set(sk.home_areas("Prussia"))
    assert allowed(2, "Prussia") == prussia | {"Saxony"}
    assert allowed(3, "Prussia") == (prussia - {"East Prussia"}) | {"Saxony", "Bohemia"}
    assert allowed(7, "Prussia") == prussia - {"East Prussia", "Silesia"}  # Austria holds Silesia
    assert allowed(3, "Russia") == set(sk.home_areas("Russia")) | {"East Prussia"}
    britain = set(sk.home_areas("Britain"))
    assert allowed(2, "Britain") == britain - {"Minorca"}  # France controls Minorca
    assert allowed(3, "Britain") == britain - {"Minorca"}  # Hannover French-held but named
    assert allowed(3, "France") == set(sk.home_areas("France")) | {"Minorca", "Hannover"}
    assert allowed(5, "France") == set(sk.home_areas("France")) | {"Minorca"}
    assert allowed(7, "Austria") == set(sk.home_areas("Austria")) | {"Saxony", "Silesia"}
    assert allowed(3, "Sweden") == set(sk.home_areas("Sweden"))
    shared = {(r.areas, frozenset(r.powers)) for r in sk.scenario(3).setup_rules(kind="shared")}
    assert shared == {
        (("Bohemia",), frozenset({"Prussia", "Austria"})),
        (("Hannover",), frozenset({"France", "Britain"})),
    }
    gib = {
        n: [
            r.count for r in sk.scenario(n).setup_rules("Britain", "at_least") if r.piece == "fleet"
        ]
        for n in range(3, 8)
    }
    assert gib == {3: [2], 4: [3], 5: [3], 6: [3], 7: [3]}


def _placements(sk, sc):
    """A legal set-up built from the scenario's rules (it shows the rules can be met)."""
    out = []
    for fo in sc.forces:
        areas = sorted(sk.allowed_setup_areas(sc, fo.power))
        coastal = [a for a in areas if sk.land_area(a).coastal]
        armies = [fo.power] * fo.army_count + [
            h.country for h in fo.mercenaries for _ in range(h.count)
        ]
        fleets = fo.random_fleets
        leaders = list(fo.leaders)
        for rule in sc.setup_rules(fo.power):
            if rule.kind == "leader":
                out.append(
                    {
                        "power": fo.power,
                        "piece": "leader",
                        "name": rule.leader,
                        "area": rule.areas[0],
                    }
                )
                leaders.remove(rule.leader)
            elif rule.kind == "at_least":
                for _ in range(rule.count):
                    if rule.piece == "fleet":
                        fleets -= 1
                        out.append(
                            {
                                "power": fo.power,
                                "piece": "fleet",
                                "country": fo.power,
                                "area": rule.areas[0],
                            }
                        )
                    else:
                        armies.remove(rule.country or fo.power)
                        out.append(
                            {
                                "power": fo.power,
                                "piece": "army",
                                "country": rule.country or fo.power,
                                "area": rule.areas[0],
                            }
                        )
        for country in armies:
            out.append({"power": fo.power, "piece": "army", "country": country, "area": areas[0]})
        for _ in range(fleets):
            out.append(
                {"power": fo.power, "piece": "fleet", "country": fo.power, "area": coastal[0]}
            )
        for name in leaders:
            out.append({"power": fo.power, "piece": "leader", "name": name, "area": areas[0]})
    return out


def _setup_problems(sk, sc, placements):
    """Check placements against the scenario's structured rules, as a rules engine would."""
    problems = []
    for p in placements:
        if p["area"] not in sk.allowed_setup_areas(sc, p["power"]):
            problems.append(f"{p['power']} may not set up in {p['area']}")
        if p["piece"] == "fleet" and not sk.land_area(p["area"]).coastal:
            problems.append(f"fleet in inland {p['area']}")
    for rule in sc.setup_rules(kind="at_least"):
        n = sum(
            1
            for p in placements
            if p["power"] == rule.power
            and p["piece"] == rule.piece
            and p["country"] == (rule.country or rule.power)
            and p["area"] in rule.areas
        )
        if n < rule.count:
            problems.append(
                f"{rule.power}: {n} {rule.piece}(s) in {rule.areas}, needs {rule.count}"
            )
    for rule in sc.setup_rules(kind="leader"):
        if not any(p.get("name") == rule.leader and p["area"] in rule.areas for p in placements):
            problems.append(f"{rule.leader} must set up in {rule.areas}")
    return problems


@pytest.mark.parametrize("number", range(1, 8))
def test_setup_rules_name_real_things_and_can_be_met(sk, number):
    sc = sk.scenario(number)
    for rule in sc.setup.rules:
        for area in (*rule.areas, *getattr(rule, "excluding", ())):
            sk.land_area(area)
        powers = rule.powers if rule.kind == "shared" else (rule.power,)
        for power in powers:
            assert sc.forces_of(power) is not None
        if rule.kind == "leader":
            assert rule.leader in sc.forces_of(rule.power).leaders
    placements = _placements(sk, sc)
    assert _setup_problems(sk, sc, placements) == []


def test_setup_rules_catch_bad_placements(sk):
    sc = sk.scenario(2)
    placements = _placements(sk, sc)
    # move every British army out of Hannover
    bad = [
        dict(p, area="Northern England")
        if p["power"] == "Britain" and p["piece"] == "army" and p["country"] == "Britain"
        else p
        for p in placements
    ]
    assert any("Britain: 0 army" in x for x in _setup_problems(sk, sc, bad))
    # a French army in Prussia's capital
    bad = placements + [{"power": "France", "piece": "army", "country": "France", "area": "Berlin"}]
    assert _setup_problems(sk, sc, bad) == ["France may not set up in Berlin"]


# =========================================================================== sources


def test_every_entry_says_where_it_comes_from(raw):
    def walk(node, path):
        if isinstance(node, dict):
            if "source" in node:
                src = node["source"]
                assert src.startswith(("SK ", "SKO ", "authored")), (path, src)
            for k, v in node.items():
                walk(v, f"{path}.{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{path}[{i}]")

    for stem, data in raw.items():
        walk(data, stem)
        for section, items in data.items():
            if isinstance(items, list) and items and isinstance(items[0], dict):
                for i, item in enumerate(items):
                    assert "source" in item, f"{stem}.toml {section}[{i}] has no source"


# =========================================================================== negative


def test_route_to_a_missing_area(raw):
    msg = broken(
        raw,
        lambda d: d["maps/europe"]["routes"].append(
            {"areas": ["Silesia", "Atlantis"], "source": "authored"}
        ),
    )
    assert 'maps/europe.toml: route "Silesia" - "Atlantis": unknown land area "Atlantis"' in msg


def test_unknown_key_in_an_area(raw):
    def edit(d):
        entry(d, "maps/europe", "land_areas", name="Silesia")["fortificaton"] = 4

    msg = broken(raw, edit)
    assert "maps/europe.toml" in msg and '"Silesia"' in msg and "fortificaton" in msg
    assert "unknown key" in msg


def test_route_stored_in_both_directions(raw):
    msg = broken(
        raw,
        lambda d: d["maps/europe"]["routes"].append(
            {"areas": ["Magdeburg", "Berlin"], "source": "authored"}
        ),
    )
    assert 'maps/europe.toml: route "Magdeburg" - "Berlin": listed more than once' in msg


def test_coastal_flag_without_seas_and_unknown_sea(raw):
    def edit(d):
        entry(d, "maps/europe", "land_areas", name="Silesia")["coastal"] = True
        entry(d, "maps/europe", "land_areas", name="Granada")["seas"] = ["Western Mediteranean"]

    msg = broken(raw, edit)
    assert 'maps/europe.toml: land area "Silesia": coastal = true but it lists 0 sea area(s)' in msg
    assert 'maps/europe.toml: land area "Granada": unknown sea area "Western Mediteranean"' in msg


def test_bad_strength_and_wrong_type(raw):
    def edit(d):
        d["pieces"]["units"][0]["full"] = "4:3"
        entry(d, "pieces", "leaders", name="Henry")["rating"] = "2"

    msg = broken(raw, edit)
    assert 'pieces.toml: units[0] "Austria": full: strength must be written "attack-defence"' in msg
    assert 'pieces.toml: leaders[1] "Henry": rating: Input should be a valid integer' in msg


def test_scenario_needs_more_pieces_than_the_counter_mix(raw):
    def edit(d):
        entry(d, "scenarios/1759", "forces", power="Russia")["random_armies"] = 40

    msg = broken(raw, edit)
    assert 'scenarios/1759.toml: forces "Russia": 40 armies but the counter mix has 14' in msg


def test_scenario_leader_of_another_power_and_unknown_area(raw):
    def edit(d):
        entry(d, "scenarios/1756", "forces", power="Austria")["leaders"] = ["Browne", "Henry"]
        d["scenarios/1757"]["setup"]["rules"][2]["areas"] = ["Hanover-Land"]

    msg = broken(raw, edit)
    assert 'scenarios/1756.toml: forces "Austria": leader "Henry" belongs to Prussia' in msg
    assert (
        'scenarios/1757.toml: setup.rules[2] (leader Britain): unknown land area "Hanover-Land"'
        in msg
    )


def test_setup_rule_outside_the_allowed_areas(raw):
    def edit(d):
        rule = next(
            r
            for r in d["scenarios/1758"]["setup"]["rules"]
            if r["kind"] == "at_least" and r["piece"] == "fleet"
        )
        rule["areas"] = ["Bohemia"]

    msg = broken(raw, edit)
    assert (
        "scenarios/1758.toml: setup.rules[5] (at_least Britain): Bohemia not among Britain's set-up areas"
        in msg
    )
    assert 'fleets must set up in coastal areas; "Bohemia" is inland' in msg


def test_deck_must_total_64(raw):
    def edit(d):
        entry(d, "cards", "cards", name="New Leader")["copies"] = 5

    msg = broken(raw, edit)
    assert "cards.toml: the copies add up to 65, but the deck has 64 cards" in msg


def test_unknown_effect_kind_names_the_card(raw):
    def edit(d):
        entry(d, "cards", "cards", name="Royal Death")["effects"][1]["kind"] = "end_alliance"

    msg = broken(raw, edit)
    assert 'cards.toml: cards[2] "Royal Death": effects[1]:' in msg and "end_alliance" in msg


def test_minor_table_must_cover_every_major_and_respect_16_2(raw):
    def edit(d):
        del entry(d, "tables", "minor_table", country="Saxony")["modifiers"]["Spain"]
        entry(d, "tables", "minor_table", country="Spain")["modifiers"]["Britain"] = 0

    msg = broken(raw, edit)
    assert 'tables.toml: minor_table "Saxony": no modifier for major power "Spain"' in msg
    assert (
        'tables.toml: minor_table "Spain": "Britain" must be "No": SK 16.2 prohibits that alliance'
        in msg
    )


def test_source_must_cite_or_say_authored(raw):
    def edit(d):
        entry(d, "maps/europe", "land_areas", name="Saxony")["source"] = "from memory"

    msg = broken(raw, edit)
    assert (
        "maps/europe.toml: land_areas[" in msg
        and '"Saxony": source: source must be "authored"' in msg
    )


def test_missing_and_unexpected_files(raw):
    def edit(d):
        del d["tables"]
        d["maps/atlantis"] = {}
        d["maps/americas"] = {}  # a map the game has, but empty

    msg = broken(raw, edit)
    assert "tables.toml: missing file" in msg
    assert "maps/atlantis.toml: unexpected file" in msg
    assert "maps/americas.toml: name: Field required" in msg


def test_several_problems_are_reported_together(raw):
    def edit(d):
        d["maps/europe"]["routes"].append({"areas": ["Silesia", "Atlantis"], "source": "authored"})
        entry(d, "cards", "cards", name="New Leader")["copies"] = 5

    data = copy.deepcopy(raw)
    edit(data)
    with pytest.raises(ContentError) as info:
        load_content(data)
    assert len(info.value.problems) == 2
    assert str(info.value).startswith("2 problems in Soldier Kings content:")


def test_toml_syntax_error_names_file_and_line(tmp_path):
    shutil.copytree(games_dir() / GAME, tmp_path / GAME)
    path = tmp_path / GAME / "scenarios" / "1757.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("first_turn"))
    lines[at] = "first_turn = = 5"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ContentError) as info:
        read_toml_dir(GAME, root=tmp_path)
    assert str(info.value).startswith(f"scenarios/1757.toml: line {at + 1}, column ")
    assert "TOML syntax error" in str(info.value)


def test_missing_game_directory(tmp_path):
    with pytest.raises(ContentError, match="no content directory"):
        read_toml_dir("no-such-game", root=tmp_path)
