"""The Seven Years World War map (games/seven-years-world-war/) against the rulebook
(../shared/rules/seven-years-world-war.txt, cited as 7YWW n.n): every square and value
the text names, every scenario count in 28.6, the side rules of 14.21-14.33, the
Terrain Effects Chart values the text fixes, and the loader's errors."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest

from pbem.content import ContentError, games_dir
from pbem.rulesets.seven_years.map import ALL_IDS, GAME, MAJORS, MINORS, load_map


@pytest.fixture(scope="module")
def m():
    return load_map()


def civ(m, power, continent=None):
    return [q.id for q in m.civilized(power) if continent in (None, q.continent)]


# ------------------------------------------------------------------ the grid (2.1)


def test_all_510_squares_rows_a_to_q_columns_1_to_30(m):
    assert len(ALL_IDS) == 17 * 30 == 510
    assert [q.id for q in m.squares] == list(ALL_IDS)
    assert {q.kind for q in m.squares} == {"land", "coastal", "sea"}


def test_every_row_has_a_source(m):
    assert all(q.source for q in m.squares)
    assert all(s.source for s in m.sides) and all(r.source for r in m.routes)
    named = [q.id for q in m.squares if q.source.startswith("7YWW")]
    assert {"K25", "F7", "G6", "H6", "E16", "C14", "C13", "B14", "C16", "D16"} <= set(named)


# ------------------------------------------------------------ squares the text names


def test_java_is_k25_and_bermuda_is_f7(m):  # 2.1; 28.6 UP
    java, bermuda = m.square("K25"), m.square("F7")
    assert java.name == "Java" and java.kind == "coastal" and java.power == "UP"
    assert java.civilized and java.port  # 28.6: base on the Java civilized square, a fleet
    assert bermuda.name == "Bermuda" and bermuda.kind == "coastal"


def test_florida_g6_and_the_west_indies_h6(m):  # 14.21; 28.6 Spain
    fl, wi = m.square("G6"), m.square("H6")
    assert fl.name == "Florida" and wi.name == "West Indies"
    assert fl.kind == wi.kind == "coastal"
    assert m.side_kind("G6", "H6") == "sea"
    assert not m.can_cross("G6", "H6", "land") and not m.can_cross("H6", "G6", "land")
    assert m.can_cross("G6", "H6", "naval")  # transport or fleets (14.21, 18.6)
    assert wi.power == "SP" and wi.civilized and wi.port  # the SP West Indies square


def test_the_bosphorus_e16_is_land_and_coastal(m):  # 14.22
    b = m.square("E16")
    assert b.name == "Bosphorus" and b.kind == "coastal" and b.power == "OT" and b.capital
    balkans, asia_minor = m.square("E15"), m.square("F16")
    assert (balkans.name, asia_minor.name) == ("Balkans", "Asia Minor")
    assert m.can_cross("E15", "E16", "land") and m.can_cross("E16", "F16", "land")
    assert m.path_length("E15", "F16", "land") == 2  # Balkans - Bosphorus - Asia Minor
    black_sea, med = m.square("E17"), m.square("F15")
    assert black_sea.name == "Black Sea" and black_sea.kind == "sea"
    assert m.can_cross("E17", "E16", "naval") and m.can_cross("E16", "F16", "naval")
    assert m.path_length("E17", "F15", "naval") == 3  # Black Sea - Bosphorus - Dardanelles - Med
    assert "Mediterranean" in med.name
    # and the Black Sea has no other way out
    no_bosphorus = {n for n in m.neighbours("E17") if n != "E16" and m.can_cross("E17", n, "naval")}
    assert all(m.path_length(n, "F15", "naval") > 2 for n in no_bosphorus)


def test_great_britain(m):  # 8.2(2), 11.3(1)
    assert m.capital("GB").id == "C14"
    assert sorted(civ(m, "GB", "Europe")) == ["B14", "C13", "C14"]
    assert all(m.square(s).kind == "coastal" for s in ("B14", "C13", "C14"))


def test_prussia_c16(m):  # 4.9, 11.2
    p = m.square("C16")
    assert p.power == "PR" and p.civilized and p.treasury == 4 and p.capital
    assert [q.id for q in m.squares_of("PR")] == ["C16"]  # "the Prussia square"


def test_the_austrian_capital_is_worth_seven(m):  # 29 Map Errata
    assert m.capital("AU").treasury == 7


def test_every_major_power_has_one_capital(m):  # 8.2(2), 29.7 Revolution
    for power in MAJORS:
        assert m.capital(power).civilized


def test_every_power_of_2_11_and_28_6_is_on_the_map(m):
    on_map = {q.power for q in m.squares}
    assert set(MAJORS) <= on_map
    assert set(MINORS) <= on_map
    assert on_map - {""} <= set(MAJORS) | set(MINORS)
    assert any(q.power == "" and q.kind != "sea" for q in m.squares)  # unlabeled islands


# ------------------------------------------------------- the scenario set-ups (28.6)


def test_france_european_and_overseas(m):
    europe = [q.id for q in m.squares_of("FR") if q.continent == "Europe"]
    assert len(europe) == 2 and m.capital("FR").id in europe  # FZ x2, one per square
    assert len([q for q in m.squares_of("FR") if q.continent != "Europe"]) >= 5  # bases x5
    assert m.ports("FR")


def test_great_britain_set_up(m):
    assert len(m.squares_of("GB")) >= 8  # bases x8, no more than one per square
    assert len(m.ports("GB")) >= 1  # fleets x4 on GB port squares


def test_austria_has_another_square(m):
    assert len([q for q in m.squares_of("AU") if not q.capital]) >= 1


def test_russia_set_up(m):
    rus = m.squares_of("RU")
    assert len([q for q in rus if q.civilized and not q.capital]) >= 6  # bases x6
    assert len(rus) * 2 >= 7  # seven armies, no more than two per square
    assert m.capital("RU").port  # a fleet on the capital


def test_maratha_has_exactly_three_squares(m):  # hordes x3, bases x3, one per MC square
    assert len(m.squares_of("MC")) == 3


def test_manchu_has_exactly_nine_civilized_squares_besides_the_capital(m):
    others = [q for q in m.civilized("ME") if not q.capital]
    assert len(others) == 9  # bases x9, one per square; hordes x6 no more than one each


def test_united_provinces_set_up(m):
    assert m.capital("UP").port
    assert m.square("O16").name == "Cape Colony" and m.square("O16").civilized
    assert m.square("O16").power == "UP"
    assert len(civ(m, "UP", "South America")) == 1
    assert "K25" in civ(m, "UP")


def test_spain_set_up(m):
    assert m.capital("SP").port  # a fleet on the capital
    sa = [m.square(s) for s in civ(m, "SP", "South America")]
    assert [q.treasury for q in sa].count(3) == 1  # the "3" Treasury Value SP square
    overseas = [q for q in m.civilized("SP") if q.continent != "Europe"]
    assert len(overseas) == 9  # bases x9, one per SP civilized square outside Europe
    names = Counter(q.name for q in overseas)
    assert names["West Indies"] == 1 and names["Philippines"] == 1
    americas = [q for q in overseas if q.name not in ("West Indies", "Philippines")]
    assert len(americas) == 7 and {q.continent for q in americas} <= {
        "North America",
        "South America",
    }
    assert [q.id for q in m.squares_of("SP") if q.continent == "Europe"] == ["E13"]


def test_ottoman_has_exactly_three_civilized_squares_besides_the_capital(m):
    assert len([q for q in m.civilized("OT") if not q.capital]) == 3
    assert m.capital("OT").port  # a fleet on the capital


@pytest.mark.parametrize(
    "power, count",
    [  # "the X square": a minor power of one square
        ("German States", 1), ("Italian States", 1), ("Poland", 1), ("Afghanistan", 1),
        ("Baluchistan", 1), ("Mysore", 1), ("Burma", 1), ("Siam", 1), ("Korea", 1),
        ("Abyssinia", 1), ("Japan", 2),  # "Base: x 2 one per Japan square"
    ],
)  # fmt: skip
def test_minor_powers_of_fixed_size(m, power, count):
    assert len(m.squares_of(power)) == count


@pytest.mark.parametrize(
    "power, count",
    [  # "the X civilized square" / "one per X civilized square"
        ("Norway", 1), ("Turkestan", 1), ("Oman", 1), ("Annam", 1), ("Bornu", 1),
        ("Timbuktu", 1), ("Sweden", 2), ("Persia", 2), ("Barbary States", 2), ("Portugal", 3),
    ],
)  # fmt: skip
def test_minor_powers_civilized_counts(m, power, count):
    assert len(m.civilized(power)) == count


def test_minor_power_squares_named_by_value(m):
    def values(power):
        return sorted(q.treasury for q in m.civilized(power))

    assert values("Sweden") == [1, 3]
    assert values("Persia") == [2, 3]
    assert 3 in values("Japan")
    assert 2 in values("Barbary States")
    assert m.squares_of("Abyssinia")[0].name == "Ethiopia"
    po = m.civilized("Portugal")
    assert Counter(q.continent for q in po) == {"Europe": 1, "South America": 2}


def test_fleets_of_the_set_up_start_in_ports(m):
    def one(power, value=None):
        qs = [q for q in m.civilized(power) if value in (None, q.treasury)]
        assert len(qs) == 1
        return qs[0]

    for q in (
        one("Sweden", 3), one("Oman"), one("Barbary States", 2),
        next(q for q in m.civilized("Portugal") if q.continent == "Europe"),
        m.square("H6"), m.square("K25"),
    ):  # fmt: skip
        assert q.port, q.id


def test_minor_power_set_ups_fit_the_forage_limit(m):  # 4.77, 19.7
    units = {  # square -> minor units 28.6 places there
        ("Japan", 3): 3, ("Sweden", 3): 3, ("German States", None): 3,
        ("Italian States", None): 2, ("Poland", None): 2, ("Turkestan", None): 2,
        ("Persia", 3): 2, ("Persia", 2): 2, ("Oman", None): 2, ("Mysore", None): 2,
        ("Burma", None): 2, ("Barbary States", 2): 2, ("Abyssinia", None): 2,
        ("Timbuktu", None): 2, ("Afghanistan", None): 1, ("Baluchistan", None): 1,
    }  # fmt: skip
    for (power, value), n in units.items():
        qs = [q for q in m.squares_of(power) if value in (None, q.treasury)]
        assert qs and all(m.forage(q.id, minor=True) >= n for q in qs), power


def test_random_native_areas_exist_and_feed_one_unit(m):  # 28.6
    areas = ["Arabia", "Africa", "Tauregs", "Oregon", "Amazonia", "Patagonia", "New Holland"]
    areas += ["Futa Jallon", "Darfur", "Buganda"]
    for a in areas:
        qs = [q for q in m.squares_of(a) if q.kind != "sea"]
        assert qs and all(m.forage(q.id, minor=True) >= 1 for q in qs), a


# ----------------------------------------------------------- geometry (14.2-14.33)


def test_adjacency_is_orthogonal_and_symmetric(m):
    for q in m.squares:
        for n in m.neighbours(q.id):
            assert q.id in m.neighbours(n)
            assert m.distance(q.id, n) == 1
            assert m.side_kind(q.id, n) == m.side_kind(n, q.id)
            for unit in ("land", "naval"):
                assert m.can_cross(q.id, n, unit) == m.can_cross(n, q.id, unit)
    assert sorted(m.neighbours("C14")) == ["B14", "C13", "C15", "D14"]
    assert sorted(m.neighbours("A1")) == ["A2", "B1"]
    assert not m.can_cross("C14", "D15", "land")  # no diagonals (14.2)


def test_sides_only_between_neighbours_and_default_kinds(m):
    for s in m.sides:
        assert s.b in m.neighbours(s.a)
    assert m.side_kind("D15", "D16") == "land"  # land - land
    assert m.side_kind("C12", "C13") == "sea"  # sea - coastal
    assert m.side_kind("E6", "E7") == "mixed"  # coastal - coastal


def test_land_units_and_the_sea(m):  # 14.32
    assert not m.can_enter("C12", "land")
    assert not m.can_cross("C13", "C12", "land")
    assert not m.can_cross("C13", "C14", "land")  # the Irish Sea: an all-sea side
    assert m.can_cross("E13", "F13", "land")  # a strait (Gibraltar)


def test_naval_units_and_the_land(m):  # 14.33, 18.1
    assert not m.can_enter("D16", "naval")  # an all-land square
    assert not m.can_cross("C15", "C16", "naval")  # an all-land side
    ice = [q for q in m.squares if q.polar_ice]
    assert ice and all(not m.can_enter(q.id, "naval") for q in ice)
    assert any(q.kind == "sea" for q in ice) and any(q.kind != "sea" for q in ice)
    assert m.can_enter("C14", "naval")  # naval units may enter coastal squares


def test_map_edges_join_for_fleets_only(m):  # 14.23
    assert m.can_cross("H30", "H1", "naval") and m.can_cross("H1", "H30", "naval")
    assert "H1" not in m.neighbours("H30") and "H1" in m.neighbours("H30", wrap=True)
    assert not m.can_cross("B1", "B30", "land")


def test_no_fleet_crosses_an_isthmus(m):
    assert m.path_length("F15", "H18", "naval") > 20  # Mediterranean - Red Sea: round Africa
    assert m.path_length("G5", "H3", "naval") > 20  # Gulf of Mexico - Pacific: Cape Horn
    assert m.path_length("C14", "B16", "naval") <= 3  # North Sea - Baltic by the Sound
    assert m.path_length("C15", "C16", "naval") > 1


def test_distance_counts_square_sides(m):  # 4.511
    assert m.distance("C14", "C16") == 2
    assert m.distance("C16", "E16") == 2
    assert m.distance("C14", "K25") == 8 + 11
    assert m.distance("A1", "A30") == 29 and m.distance("A1", "A30", wrap=True) == 1


# ------------------------------------------------------------ trade routes (10.12)


def test_the_seven_trade_routes(m):  # 10.121
    assert sorted(r.name for r in m.routes) == sorted(
        ["American Colonies", "West Indies", "Antilles", "Arabian Sea", "China (Annam)",
         "Philippines", "East Indies"]
    )  # fmt: skip
    for r in m.routes:
        assert len(r.termini) >= 2 and r.treasury >= 1
        assert all(m.square(t).port for t in r.termini)  # 10.122: port squares
        assert set(r.termini) <= set(r.squares)
        assert all(m.can_enter(s, "naval") for s in r.squares)  # 11.62: fleets placed there


def test_east_indies_termini_in_asia_and_europe(m):  # 10.123
    ei = m.route("East Indies")
    continents = Counter(m.square(t).continent for t in ei.termini)
    assert set(continents) == {"Asia", "Europe"} and min(continents.values()) >= 2
    assert set(ei.one_per_continent) == {"Asia", "Europe"}


def test_routes_with_a_minor_terminus_exist(m):  # 11.62: minor fleets on route squares
    powers = {m.square(t).power for r in m.routes for t in r.termini}
    assert "Oman" in powers  # Oman's set-up fleet


# -------------------------------------------------------- Terrain Effects Chart


def test_chart_values_the_text_fixes(m):
    wild = next(t for t in m.terrains if t.id == "wilderness")
    ti = next(t for t in m.terrains if t.id == "terra_incognita")
    assert wild.defence.value == 1  # 15.64
    assert ti.minor_defence.value > 0  # 15.64
    assert wild.expedition_move.value == 1 and ti.expedition_move.value == 2  # 29.7
    assert wild.move.value > 1 and ti.move.value > 2
    wq = next(q.id for q in m.squares if q.terrain == "wilderness")
    assert m.move_cost(wq, "land", expedition=True) == 1
    sea = next(t for t in m.terrains if t.id == "sea")
    assert sea.forage.value == 0  # 18.7
    assert m.forage("C12") == 0 and m.forage("C14", pillaged=True) == 0  # 19.5
    assert m.defence(wq) == 1 and m.defence("C14") == 0
    assert m.move_cost("C12", "land") is None and m.move_cost("C12", "naval") >= 1
    assert next(t for t in m.terrains if t.id == "polar_ice").naval_move.value == "prohibited"
    assert m.effect("port_embark") == 0 and m.effect("coast_embark") == 2  # 18.511-512
    for t in m.terrains:
        for field in ("move", "naval_move", "defence", "minor_defence", "forage", "minor_forage"):
            assert getattr(t, field).source


# ---------------------------------------------------------------- the loader


def _broken(tmp_path, old: str, new: str, name: str = "map.toml") -> str:
    base = tmp_path / GAME
    shutil.copytree(games_dir() / GAME, base)
    text = (base / name).read_text(encoding="utf-8")
    assert old in text
    (base / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_map(base)
    return str(info.value)


def test_loader_reads_a_good_copy(tmp_path):
    base = tmp_path / GAME
    shutil.copytree(games_dir() / GAME, base)
    assert len(load_map(base).squares) == 510


def test_loader_names_a_missing_square(tmp_path):
    msg = _broken(tmp_path, 'id = "Q30"', 'id = "R30"')
    assert "R30" in msg and "grid" in msg


def test_loader_names_the_square_with_a_bad_kind(tmp_path):
    msg = _broken(
        tmp_path,
        'id = "C14"\nname = "London"\nkind = "coastal"',
        'id = "C14"\nname = "London"\nkind = "swamp"',
    )
    assert "square C14" in msg and "kind" in msg


def _field(tmp_path, sid: str, key: str, value: str) -> str:
    """Load a copy with one field of square ``sid`` changed; return the error."""
    base = tmp_path / GAME
    shutil.copytree(games_dir() / GAME, base)
    text = (base / "map.toml").read_text(encoding="utf-8")
    i = text.index(f'id = "{sid}"\n')
    j = text.index(f"\n{key} = ", i) + 1
    k = text.index("\n", j)
    (base / "map.toml").write_text(text[:j] + f"{key} = {value}" + text[k:], encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_map(base)
    return str(info.value)


def test_loader_rejects_civilized_without_treasury(tmp_path):
    msg = _field(tmp_path, "C16", "treasury", "0")
    assert "square C16" in msg and "treasury" in msg


def test_loader_rejects_a_terminus_that_is_no_port(tmp_path):
    msg = _field(tmp_path, "E7", "port", "false")
    assert "terminus E7" in msg and "port" in msg


def test_loader_rejects_a_second_capital(tmp_path):
    msg = _field(tmp_path, "D13", "capital", "true")
    assert "FR has 2 capital squares" in msg


def test_loader_rejects_a_route_over_land(tmp_path):
    msg = _broken(
        tmp_path, 'squares = ["E7", "E6", "F6"]', 'squares = ["E7", "E6", "E5", "F5", "F6"]'
    )
    assert "route American Colonies" in msg and "E5" in msg


def test_loader_rejects_an_unknown_power(tmp_path):
    msg = _broken(tmp_path, 'power = "Poland"', 'power = "Lithuania"')
    assert "square C17" in msg and "Lithuania" in msg


def test_loader_reports_a_toml_syntax_error(tmp_path):
    msg = _broken(tmp_path, '[[terrain]]\nid = "open"', '[[terrain]\nid = "open"', "terrain.toml")
    assert "terrain.toml" in msg and "syntax" in msg
