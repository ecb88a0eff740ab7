"""Content checks for games/seven-years-world-war/ (the tables, counter mix, markers and
scenarios of Seven Years World War, S&T 221).

The rulebook (../shared/rules/seven-years-world-war.txt, cited 7YWW n.n) is the
specification: every value it states is checked here cell by cell against the loaded
data; the authored parts are checked for the properties docs/seven-years-world-war-tables.md
claims for them; broken copies must fail to load with a message naming the row.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from pbem.content import ContentError, games_dir
from pbem.rulesets.seven_years.tables import GAME, LADDER, ODDS, SYWWContent, load_content


@pytest.fixture(scope="module")
def c() -> SYWWContent:
    return load_content()


# =========================================================================== game.toml


def test_game_identity(c):
    assert c.game.game.name == "seven-years-world-war"
    assert (c.game.game.min_players, c.game.game.max_players) == (2, 4)  # 1.0


def test_major_powers_names_and_colours(c):  # 2.11, 2.313
    want = {
        "AU": ("Austrian Empire", "gray"),
        "FR": ("France", "light blue"),
        "GB": ("Great Britain", "burnt umber"),
        "MC": ("Maratha Confederation", "purple"),
        "ME": ("Manchu Empire", "emerald green"),
        "OT": ("Ottoman Empire", "aqua"),
        "PR": ("Prussia", "dark blue"),
        "RU": ("Russian Empire", "light green"),
        "SP": ("Spanish Empire", "yellow"),
        "UP": ("United Provinces", "orange"),
    }
    assert {p.abbr: (p.name, p.colour) for p in c.game.power} == want
    assert c.game.minor_powers.colour == "white"


def test_france_two_austria_authored(c):
    # The map errata's 7 (after 29.0) is the Austrian capital square's treasury value
    # (the map), not the control box: Austria's box value is authored
    assert c.power("AU").campaign_value == 2
    assert c.power("AU").free_markers == 2
    # 4.2(2): "control of France would give the player two free campaign markers each turn"
    assert c.power("FR").free_markers == 2
    assert c.power("GB").capital == "C14"  # 8.2(2)


def test_control_chart_is_one_number_per_box(c):
    # 2.12 / 6.1 / 8.2(2) / 22.11: the campaign value is the free marker number.
    for p in c.game.power:
        assert p.campaign_value == p.free_markers, p.abbr
        assert p.source.startswith("7YWW")
        if p.abbr not in ("AU", "FR"):
            assert "authored" in p.source, p.abbr


def test_minor_powers_list(c):  # 2.11 and the areas 28.6 names
    listed = [
        "Abyssinia",
        "Afghanistan",
        "Africa",
        "Amazonia",
        "Annam",
        "Asante",
        "Baluchistan",
        "Barbary States",
        "Bornu",
        "Buganda",
        "Burma",
        "Darfur",
        "Futa Jallon",
        "German States",
        "Italian States",
        "Japan",
        "Korea",
        "Madagascar",
        "Mysore",
        "Norway",
        "Oman",
        "Oregon",
        "Patagonia",
        "Persia",
        "Poland",
        "Portugal",
        "Siam",
        "Sweden",
        "Tauregs",
        "Timbuktu",
        "Turkestan",
    ]
    names = set(c.minor_by_name)
    assert set(listed) <= names
    assert names - set(listed) == {"Arabia", "New Holland"}
    assert "Ethiopia" in c.minor_by_name["Abyssinia"].aliases
    army = {m.name for m in c.game.minor if m.army_land}
    assert army == {
        "Norway",
        "Sweden",
        "German States",
        "Poland",
        "Italian States",
        "Portugal",
        "Persia",
        "Japan",
    }


# ====================================================================== 29.1 diplomacy


def test_diplomacy_table_every_cell(c):
    d = c.tables.diplomacy
    assert [col.label for col in d.column] == ["0(-)", "1", "2", "3", "4", "5(+)"]
    assert d.die == {
        1: ["R", "R", "R", "R", "R2", "R2"],
        2: ["-", "-", "-", "R", "R", "R"],
        3: ["-", "-", "-", "D1", "D1", "D1"],
        4: ["-", "-", "D1", "D1", "D2", "D2"],
        5: ["-", "D1", "D2", "D2", "D2", "D3"],
        6: ["D1", "D2", "D2", "D3", "D3", "D4"],
    }


def test_diplomacy_differential_columns(c):
    d = c.tables.diplomacy
    assert d.code(-3, 6) == "D1"  # 0(-)
    assert d.code(0, 1) == "R"
    assert d.code(5, 6) == "D4"
    assert d.code(9, 1) == "R2"  # 5(+)
    assert d.code(2, 4) == "D1"


def test_diplomacy_results(c):
    r = {x.code: x for x in c.tables.diplomacy.result}
    assert set(r) == {"-", "D1", "D2", "D3", "D4", "R", "R2"}
    assert r["D1"].options == ["espionage"]
    assert r["D2"].options == ["espionage", "coup", "gain_neutral"]
    assert r["D3"].options == ["espionage", "coup", "gain_neutral", "make_neutral"]
    assert r["D4"].options == ["espionage", "coup", "gain_neutral", "make_neutral", "gain_enemy"]
    assert (r["R"].amount, r["R2"].amount) == (1, 2)
    assert "never be reduced to less than one Major Power" in r["D4"].text
    assert "greater than that leader's command value" in r["D2"].text


# ======================================================================= 29.2 treasury


def test_treasury_unit_costs(c):
    u = c.tables.treasury.units
    got = {k: (v.recruit, v.provision, v.train) for k, v in u.items()}
    assert got == {
        "army": (4, 2, 1),
        "horde": (2, 1, 1),
        "fleet": (6, 3, 2),
        "fortified_zone": (10, 1, "n/a"),
        "base": (1, 1, "n/a"),
        "legion": (2, 2, 1),
    }
    assert u["legion"].recruit_note == 2  # "2(2)": must use a leader, 23.0


def test_treasury_marker_costs_and_notes(c):
    t = c.tables.treasury
    m = {x.item: x for x in t.markers}
    assert m["Pick a Campaign Marker"].cost == 3
    assert m["Place Pillage marker"].note == 3
    assert m["Remove Pillage marker"].note == 4
    assert (
        m["Remove Pillage marker"].civilized_multiplier,
        m["Remove Pillage marker"].other_cost,
    ) == (2, 1)
    assert m["Place an Enlightenment Marker"].note == 5
    assert t.notes == {
        1: "Convert a recruit status unit to veteran; must use a leader; see 17.0.",
        2: "Must use a leader; see 23.0.",
        3: "See 26.0.",
        4: 'Twice printed treasury value for civilized squares; "1" for others.',
        5: "See 27.0.",
    }
    assert [i.item for i in t.income] == [
        "Occupied Civilized square",
        "Controlled Trade Route",
        "Campaign markers",
    ]


# ============================================================= 29.3-29.6 one-die tables


def test_minor_powers_recruiting_table(c):
    t = c.tables.minor_recruiting
    assert t.die == {
        1: "Uprising",
        2: "Uprising",
        3: "-",
        4: "Base/Fortified Zone x 1",
        5: "Base/Fortified Zone x 1",
        6: "Army/Horde/Fleet x 1",
    }
    assert set(t.army_lands) == {m.name for m in c.game.minor if m.army_land}


def test_increasing_taxes_table(c):
    t = c.tables.increasing_taxes
    assert t.die == {
        1: "Tax Rebellion",
        2: "Tax Protest",
        3: "Taxes x 1",
        4: "Taxes x 2",
        5: "Taxes x 2",
        6: "Taxes x 3",
    }
    mult = {r.code: r.multiplier for r in t.result}
    assert mult == {
        "Tax Rebellion": 0,
        "Tax Protest": 0,
        "Taxes x 1": 1,
        "Taxes x 2": 2,
        "Taxes x 3": 3,
    }


def test_pillage_table(c):
    t = c.tables.pillage
    assert t.die == {
        1: "Troops Lose Discipline",
        2: "-",
        3: "-",
        4: "Pillage",
        5: "Pillage",
        6: "Pillage",
    }
    assert len(t.on_pillage.steps) == 4 and len(t.while_pillaged.effects) == 5
    assert "Each player other than the pillager picks one campaign marker." in t.on_pillage.steps


def test_enlightenment_table(c):
    t = c.tables.enlightenment
    assert t.die == {
        1: "Reaction",
        2: "-",
        3: "-",
        4: "Enlightenment 3",
        5: "Enlightenment 2, 3",
        6: "Enlightenment 1, 2, 3",
    }
    v = {r.code: r.values for r in t.result}
    assert v["Enlightenment 3"] == [3]
    assert v["Enlightenment 2, 3"] == [2, 3]
    assert v["Enlightenment 1, 2, 3"] == [1, 2, 3]


def test_campaign_marker_limit(c):  # 8.3
    assert [c.marker_limit(n) for n in (2, 3, 4)] == [14, 10, 8]


def test_victory_levels(c):  # 22.12
    assert [(v.level, v.min, v.max) for v in c.tables.victory] == [
        ("Defeat", None, 0.80),
        ("Equilibrium", 0.81, 1.19),
        ("Marginal Victory", 1.20, 1.49),
        ("Continental Victory", 1.50, 1.99),
        ("Global Victory", 2.0, None),
    ]


# ============================================================================ CRTs


def test_crt_columns_and_tables(c):  # 15.5, 15.6
    assert c.crt.odds.columns == ["1:3", "1:2", "1:1", "1.5:1", "2:1", "3:1", "4:1"] == ODDS
    assert set(c.crt.crt) == {"engagement", "linear", "revolutionary"}
    for t in c.crt.crt.values():
        assert [r.die for r in t.row] == [1, 2, 3, 4, 5, 6]
        for r in t.row:
            assert len(r.results) == 7 and set(r.results) <= set(c.crt.results)
            assert r.source.startswith("authored")


def test_crt_result_codes(c):  # 29.7 Honors of War
    assert set(c.crt.results) == {"AA", "AZ", "AW", "DD", "DZ", "DW"}
    assert c.crt.honors_of_war.converts == {"AA": "AW", "AZ": "AW", "DD": "DW", "DZ": "DW"}
    for code, r in c.crt.results.items():
        assert r.honors_of_war == {"AA": "AW", "AZ": "AW", "DD": "DW", "DZ": "DW"}.get(code, "")
    assert c.marker("Honors of War").converts == c.crt.honors_of_war.converts


def test_crt_result_effects(c):
    r = c.crt.results
    # 20.61: leaders die only with certain results; the annihilations.
    assert {k for k, v in r.items() if v.leader_eliminated} == {"AA", "DD"}
    # 17.2: upgrading by combat; 8.2(4)/8.5: markers change hands.
    assert {k for k, v in r.items() if v.winner_upgrades} == {"AA", "AZ", "DD", "DZ"}
    assert {k for k, v in r.items() if v.winner_picks} == {"AA", "DD"}
    # Withdrawals cost nothing; Honors of War turns losses into them.
    assert r["AW"].eliminated == r["DW"].eliminated == "none"
    assert r["AW"].retreat and r["DW"].retreat
    assert "15.81" in r["DW"].effect and "18.65" in r["DW"].effect
    assert any("16.46" in x for x in c.crt.advance.rules)
    assert any("15.81" in x for x in c.crt.retreat.rules)


def test_crt_prerequisites(c):  # 15.51, 23.2
    e, lin, rev = (c.crt.crt[k] for k in ("engagement", "linear", "revolutionary"))
    assert e.prerequisite == "always"
    assert lin.min_fraction == 0.5 and set(lin.qualifying_units) == {"army", "legion", "fleet"}
    assert rev.min_legions == 1 and rev.qualifying_units == ["legion"]


@pytest.mark.parametrize(
    ("att", "dfn", "col"),
    [
        (14, 5, "2:1"),  # 15.61(4): 2.8:1, drop the .8
        (6, 10, "1:2"),  # 15.61(b): 1:1.67 rounded up to 1:2
        (7, 4, "1.5:1"),  # 15.63
        (5, 5, "1:1"),
        (20, 2, "4:1"),  # 15.62
        (1, 9, "1:3"),  # 15.62
        (9, 3, "3:1"),
        (5, 6, "1:2"),
        (4, 3, "1:1"),
    ],
)
def test_odds_columns(c, att, dfn, col):
    assert c.column_for(att, dfn) == col


def _rank(code: str) -> int:
    return LADDER.index(code)


def test_crt_cells_follow_their_score_ladders(c):
    for t in c.crt.crt.values():
        for r in t.row:
            for i, code in enumerate(r.results):
                assert code == t.by_score[r.die + i]


def test_crt_character(c):
    """The properties docs/seven-years-world-war-tables.md claims for the authored tables."""
    tables = c.crt.crt
    for t in tables.values():
        for r in t.row:  # better odds never hurt
            ranks = [_rank(x) for x in r.results]
            assert ranks == sorted(ranks)
        for i in range(7):  # a higher roll never hurts
            ranks = [_rank(t.result(ODDS[i], d)) for d in range(1, 7)]
            assert ranks == sorted(ranks)
    eng, lin, rev = tables["engagement"], tables["linear"], tables["revolutionary"]
    cells = lambda t: [x for r in t.row for x in r.results]  # noqa: E731
    assert "AA" not in cells(eng)
    assert cells(eng).count("DD") == 1 and eng.result("4:1", 6) == "DD"
    assert cells(rev).count("AA") == 1 and rev.result("1:3", 1) == "AA"
    assert all(x in ("AA", "AZ", "AW") for x in (lin.result("1:3", d) for d in range(1, 7)))
    for col in ODDS:
        for d in range(1, 7):
            assert _rank(rev.result(col, d)) >= _rank(lin.result(col, d))
    # at 1:1 the engagement is an even chance without losses
    assert [eng.result("1:1", d) for d in range(1, 7)] == ["AW"] * 3 + ["DW"] * 3
    # a legion attack at 1:1 fights like a linear one at 2:1
    assert [rev.result("1:1", d) for d in range(1, 7)] == [
        lin.result("2:1", d) for d in range(1, 7)
    ]


# ========================================================================= markers


MARKERS_29_7 = {
    "Attrition",
    "Balance of Power",
    "Correspondence with Voltaire",
    "Corruption",
    "Coalition Rallies",
    "Diplomacy",
    "Expedition",
    "Forced March",
    "Grand Tour",
    "Honors of War",
    "Illuminati",
    "Laissez Faire",
    "Leader",
    "Manufacturing Inventions",
    "Minor Power Alliance",
    "Revolution",
    "Scientific Breakthrough",
    "Trading Charter",
    "Sturm & Drang",
}


def test_every_29_7_marker(c):
    assert set(c.marker_by_name) == MARKERS_29_7
    for m in c.markers.marker:
        assert m.source.startswith("7YWW 29.7") and "authored" in m.source


def test_must_be_played_when_picked(c):  # 8.42, 29.7
    must = {m.name for m in c.markers.marker if m.mandatory_when_picked}
    assert must == {"Balance of Power", "Revolution"}
    for name in must:
        m = c.marker(name)
        assert m.asterisk and m.setup_replace
        assert [(p.phase, p.turn) for p in m.play] == [("when_picked", "any")]
    assert c.scenarios.campaign_markers.setup_replace == ["Balance of Power", "Revolution"]


def test_diplomacy_values_one_to_three(c):  # 9.5
    d = c.marker("Diplomacy")
    assert set(d.values) == {1, 2, 3} and sum(d.values.values()) == d.count
    assert {(p.phase, p.turn) for p in d.play} == {
        ("diplomacy", "own"),
        ("diplomacy", "others"),
        ("enlightenment", "own"),
    }


def test_marker_play_windows(c):  # 29.7
    w = lambda n: {(p.phase, p.turn) for p in c.marker(n).play}  # noqa: E731
    assert w("Forced March") == {("movement", "own"), ("combat", "own"), ("movement", "others")}
    assert w("Minor Power Alliance") == {
        ("treasury", "own"),
        ("movement", "own"),
        ("combat", "own"),
        ("pillage", "own"),
    }
    assert w("Grand Tour") == {("initiative", "any")}
    assert w("Attrition") == {("player_turn", "own")}
    for n in ("Corruption", "Coalition Rallies", "Laissez Faire", "Manufacturing Inventions"):
        assert w(n) == {("treasury", "own")}
    assert w("Expedition") == {("movement", "own")}
    for n in ("Illuminati", "Scientific Breakthrough", "Sturm & Drang"):
        assert w(n) == {("any", "any")}
    assert "initiative" in c.marker("Coalition Rallies").restriction
    assert "leaders" in c.marker("Sturm & Drang").restriction
    assert c.marker("Leader").returned == "stays"
    assert c.marker("Scientific Breakthrough").returned == "after_picks"


def test_leaders_are_markers(c):  # 2.321, 20.0
    assert c.marker("Leader").count == c.pieces.leaders
    assert {x.kind for x in c.pieces.leader} == {"general", "admiral"}
    assert all(x.value >= 1 for x in c.pieces.leader)


def test_information_markers(c):  # 2.33
    info = {x.name: x for x in c.markers.info}
    assert set(info) == {"Control", "Enlightenment", "Initiative", "Phase", "Pillage", "Year"}
    assert {n for n, x in info.items() if x.backprinted} == {"Control", "Pillage", "Enlightenment"}
    assert {n for n, x in info.items() if x.unlimited} == {"Control", "Pillage", "Enlightenment"}


# ========================================================================= pieces


def test_unit_types(c):  # 2.312, 2.314, 14.12, 17.5
    u = c.pieces.units
    assert u["fortified_zone"].counter == u["base"].counter == "fortified_zone/base"
    for k in ("fortified_zone", "base"):
        assert u[k].defence_only and u[k].movement == 0 and u[k].defence >= 1
    for k in ("army", "horde", "legion", "fleet"):
        assert not u[k].defence_only and u[k].movement >= 1
        assert 0 < u[k].recruit <= u[k].veteran
    assert u["fleet"].domain == "naval"


def test_mix_sides(c):
    assert {m.side for m in c.pieces.mix} == {p.abbr for p in c.game.power} | {"minor"}
    assert c.pieces.mix_by_side["minor"].legion == 0


# ======================================================================= scenarios


def test_length_treasuries_markers(c):  # 28.1, 28.3, 28.4
    s = c.scenarios
    assert s.length.turns == 7
    assert (s.length.years[0], s.length.years[-1]) == ("1756-57", "1762-63")
    assert (s.treasury.GB, s.treasury.FR, s.treasury.others) == (20, 14, 10)
    assert c.start_treasury(["GB", "PR"], 2) == 20
    assert c.start_treasury(["AU", "FR"], 3) == 14
    assert c.start_treasury(["RU"], 3) == 10
    assert c.start_treasury(["PR"], 4) == 10


COALITIONS = {
    "2-european": [["GB", "PR"], ["AU", "FR", "RU"]],
    "3-european": [["GB", "PR"], ["AU", "FR"], ["RU"]],
    "4-european": [["GB"], ["AU", "FR"], ["PR"], ["RU"]],
    "2-non-european": [["GB", "PR", "ME"], ["AU", "FR", "RU", "MC"]],
    "3-non-european": [["GB", "PR"], ["FR", "RU", "MC"], ["AU", "ME"]],
    "4-non-european": [["GB", "PR"], ["FR", "MC"], ["AU", "RU"], ["ME"]],
}


def test_scenario_powers(c):  # 28.51-28.57
    got = {s.id: s.coalitions for s in c.scenarios.scenario if s.version != "free"}
    assert got == COALITIONS
    for sid, coal in COALITIONS.items():
        s = c.scenarios.scenario_by_id[sid]
        assert s.players == len(coal)
        held = {p for x in coal for p in x}
        assert set(s.neutral) == {p.abbr for p in c.game.power} - held
    free = {s.players: s for s in c.scenarios.scenario if s.version == "free"}
    assert {n: s.choose for n, s in free.items()} == {2: 3, 3: 2, 4: 2}
    assert all(s.forbid_together == [["GB", "FR"]] for s in free.values())


def test_scenario_treasuries(c):  # 28.3, by coalition
    want = {
        "2-european": [20, 14],
        "3-european": [20, 14, 10],
        "4-european": [20, 14, 10, 10],
        "2-non-european": [20, 14],
        "3-non-european": [20, 14, 10],
        "4-non-european": [20, 14, 10, 10],
    }
    assert {s.id: s.treasuries for s in c.scenarios.scenario if s.version != "free"} == want


def test_initial_markers_are_free_markers(c):  # 28.4
    for sid, coal in COALITIONS.items():
        assert c.initial_markers(sid) == [c.free_markers(x) for x in coal]
    assert c.initial_markers("2-european")[1] == 2 + 2 + c.power("RU").free_markers
    for sc in c.scenarios.scenario:
        if sc.version != "free":
            assert sc.initial_markers == c.initial_markers(sc.id), sc.id


# Every 28.6 line: id -> [(unit, status, count)], as the text gives it.
LINES = {
    "GB-1": [("army", "veteran", 3), ("army", "recruit", 1)],
    "GB-2": [("fleet", "veteran", 4)],
    "GB-3": [("base", "", 8)],
    "GB-4": [("army", "", 1)],
    "FR-1": [("army", "veteran", 5), ("army", "recruit", 3)],
    "FR-2": [("fleet", "veteran", 2), ("fleet", "recruit", 1)],
    "FR-3": [("fortified_zone", "", 2)],
    "FR-4": [("base", "", 5)],
    "PR-1": [("army", "veteran", 4)],
    "PR-2": [("fortified_zone", "", 1)],
    "AU-1": [("army", "veteran", 3), ("army", "recruit", 3)],
    "AU-2": [("fortified_zone", "", 1)],
    "AU-3": [("base", "", 1)],
    "RU-1": [("army", "veteran", 1), ("army", "recruit", 6)],
    "RU-2": [("fleet", "recruit", 1)],
    "RU-3": [("fortified_zone", "", 1)],
    "RU-4": [("base", "", 6)],
    "MC-1": [("army", "recruit", 1)],
    "MC-2": [("horde", "recruit", 3)],
    "MC-3": [("base", "", 3)],
    "ME-1": [("army", "recruit", 2)],
    "ME-2": [("horde", "veteran", 3), ("horde", "recruit", 3)],
    "ME-3": [("fortified_zone", "", 1)],
    "ME-4": [("base", "", 9)],
    "UP-1a": [("army", "veteran", 1)],
    "UP-1b": [("army", "recruit", 1)],
    "UP-2a": [("fleet", "veteran", 1)],
    "UP-2b": [("fleet", "recruit", 1)],
    "UP-3": [("fortified_zone", "", 1)],
    "UP-4a": [("base", "", 1)],
    "UP-4b": [("base", "", 1)],
    "UP-4c": [("base", "", 1)],
    "SP-1a": [("army", "recruit", 2)],
    "SP-1b": [("army", "recruit", 1)],
    "SP-2a": [("fleet", "recruit", 1)],
    "SP-2b": [("fleet", "recruit", 1)],
    "SP-3": [("fortified_zone", "", 1)],
    "SP-4a": [("base", "", 7)],
    "SP-4b": [("base", "", 1)],
    "SP-4c": [("base", "", 1)],
    "OT-1": [("army", "recruit", 2)],
    "OT-2": [("horde", "veteran", 3)],
    "OT-3": [("fleet", "recruit", 1)],
    "OT-4": [("fortified_zone", "", 1)],
    "OT-5": [("base", "", 3)],
    "Portugal-1": [("fleet", "recruit", 1)],
    "Portugal-2a": [("base", "", 1)],
    "Portugal-2b": [("base", "", 2)],
    "Norway-1": [("base", "", 1)],
    "Sweden-1": [("army", "veteran", 1)],
    "Sweden-2": [("fleet", "recruit", 1)],
    "Sweden-3": [("fortified_zone", "", 1)],
    "Sweden-4": [("base", "", 1)],
    "German States-1": [("army", "recruit", 2)],
    "German States-2": [("base", "", 1)],
    "Italian States-1": [("army", "recruit", 1)],
    "Italian States-2": [("base", "", 1)],
    "Poland-1": [("army", "recruit", 1)],
    "Poland-2": [("base", "", 1)],
    "Turkestan-1": [("horde", "veteran", 1)],
    "Turkestan-2": [("base", "", 1)],
    "Persia-1": [("army", "recruit", 1)],
    "Persia-2": [("horde", "veteran", 1)],
    "Persia-3": [("base", "", 2)],
    "Oman-1": [("fleet", "recruit", 1)],
    "Oman-2": [("base", "", 1)],
    "Afghanistan-1": [("horde", "veteran", 1)],
    "Baluchistan-1": [("horde", "recruit", 1)],
    "Mysore-1": [("horde", "recruit", 1)],
    "Mysore-2": [("base", "", 1)],
    "Burma-1": [("horde", "veteran", 1)],
    "Burma-2": [("base", "", 1)],
    "Siam-1": [("base", "", 1)],
    "Annam-1": [("base", "", 1)],
    "Korea-1": [("base", "", 1)],
    "Japan-1": [("army", "recruit", 1)],
    "Japan-2": [("horde", "veteran", 1)],
    "Japan-3": [("base", "", 2)],
    "Barbary States-1": [("fleet", "recruit", 1)],
    "Barbary States-2": [("base", "", 2)],
    "Abyssinia-1": [("horde", "recruit", 1)],
    "Abyssinia-2": [("base", "", 1)],
    "Bornu-1": [("base", "", 1)],
    "Timbuktu-1": [("horde", "veteran", 1)],
    "Timbuktu-2": [("base", "", 1)],
}


def test_every_setup_line_count(c):  # 28.6
    got = {
        ln.id: [(g.unit, g.status, g.count) for g in ln.units]
        for b in c.scenarios.setup
        for ln in b.line
    }
    assert got == LINES


def test_setup_order_and_players(c):  # 28.6
    sides = [b.side for b in c.scenarios.setup]
    assert sides[:10] == ["GB", "FR", "PR", "AU", "RU", "MC", "ME", "UP", "SP", "OT"]
    by = {b.side: (b.by, b.if_neutral) for b in c.scenarios.setup}
    assert by["MC"] == ("controller", "FR") and by["ME"] == ("controller", "GB")
    assert by["UP"][0] == by["SP"][0] == "FR" and by["OT"][0] == "GB"
    assert all(by[s][0] == "fixed" for s in sides[10:])


def test_setup_selectors(c):
    s = c.scenarios
    assert s.line("UP-1b").at.square == "K25" and s.line("UP-1b").at.name == "Java"  # 2.1
    assert s.line("SP-1b").at.treasury == 3 and s.line("SP-1b").at.region == "South America"
    assert s.line("RU-1").per_square == 2
    assert s.line("RU-4").at.where == "civilized-not-capital" and s.line("RU-4").per_square == 1
    assert s.line("ME-4").every_square and s.line("OT-2").every_square
    assert s.line("FR-4").at.exclude_region == "Europe"
    assert s.line("Sweden-4").at.treasury == 1
    assert s.line("Abyssinia-1").at.name == "Ethiopia"
    hanover = s.line("GB-4")
    assert hanover.optional and hanover.relocates == "GB-1" and hanover.at.power == "PR"
    for b in s.setup:
        for ln in b.line:
            assert ln.text.strip(), ln.id


def test_setup_totals(c):
    s = c.scenarios
    assert s.placed("GB") == Counter(
        {("army", "veteran"): 3, ("army", "recruit"): 1, ("fleet", "veteran"): 4, ("base", ""): 8}
    )
    assert sum(s.placed("SP")[("base", "")] for _ in [0]) == 9
    assert s.placed("ME")[("base", "")] == 9
    minors = [b.side for b in s.setup if b.side not in c.power_by_abbr]
    used = s.counters_used(minors)
    assert used == Counter({"fortified_zone_base": 25, "horde": 9, "army": 7, "fleet": 4})


def test_counter_mix_satisfies_every_scenario(c):  # 11.4
    s = c.scenarios
    for p in c.power_by_abbr:
        for kind, n in s.counters_used([p]).items():
            assert n <= c.pieces.mix_by_side[p].counters(kind), (p, kind)
    minors = [b.side for b in s.setup if b.side not in c.power_by_abbr]
    worst = s.counters_used(minors) + s.random_worst_case(4)
    for kind, n in worst.items():
        assert n <= c.pieces.mix_by_side["minor"].counters(kind), kind


def test_minor_random_table(c):  # end of 28.6
    r = c.scenarios.minor_random
    assert r.die == {
        1: "-",
        2: "-",
        3: "Base x 1",
        4: "Base x 1",
        5: "Recruit Horde x 1",
        6: "Veteran Horde x 1",
    }
    assert r.areas == [
        "Arabia",
        "Africa",
        "Tauregs",
        "Oregon",
        "Amazonia",
        "Patagonia",
        "New Holland",
    ]
    assert r.african_also == ["Futa Jallon", "Darfur", "Buganda"]
    assert (r.rolls, r.per_square, r.alone, r.limited_by_mix) == ("one_per_player", 1, True, True)
    assert [(g.unit, g.status) for g in r.result["Veteran Horde x 1"].units] == [
        ("horde", "veteran")
    ]


# ============================================================ broken copies fail to load


@pytest.fixture
def copy(tmp_path) -> Path:
    dst = tmp_path / GAME
    dst.mkdir()
    for f in (games_dir() / GAME).glob("*.toml"):
        shutil.copy(f, dst / f.name)
    return tmp_path


def edit(root: Path, name: str, old: str, new: str, count: int = 1) -> None:
    p = root / GAME / name
    text = p.read_text(encoding="utf-8")
    assert old in text, old
    p.write_text(text.replace(old, new, count), encoding="utf-8")


def fails(root: Path) -> str:
    with pytest.raises(ContentError) as info:
        load_content(root)
    return str(info.value)


def test_copy_loads(copy):
    assert load_content(copy).power("FR").free_markers == 2


def test_broken_diplomacy_row(copy):
    edit(copy, "tables.toml", '6 = ["D1", "D2", "D2", "D3", "D3", "D4"]', '6 = ["D1", "D2"]')
    assert "tables.toml: [diplomacy] die 6: 2 cells, want 6" in fails(copy)


def test_broken_die_table(copy):
    edit(copy, "tables.toml", '6 = "Taxes x 3"\n', "")
    assert "[increasing_taxes] must give the die rolls 1-6" in fails(copy)


def test_undefined_table_code(copy):
    edit(copy, "tables.toml", '3 = "Taxes x 1"', '3 = "Taxes x 9"')
    assert "[increasing_taxes] die 3: result 'Taxes x 9' is not defined" in fails(copy)


def test_undefined_crt_code(copy):
    edit(
        copy,
        "crt.toml",
        'results = ["AA", "AA", "AZ", "AZ", "AW", "AW", "DW"]',
        'results = ["AA", "AA", "AZ", "EX", "AW", "AW", "DW"]',
    )
    msg = fails(copy)
    assert "crt.toml: [crt.linear] die 1 1.5:1: result 'EX' is not defined" in msg


def test_crt_row_against_ladder(copy):
    edit(
        copy,
        "crt.toml",
        'results = ["DW", "DW", "DW", "DW", "DZ", "DZ", "DD"]',
        'results = ["DW", "DW", "DW", "DW", "DZ", "DD", "DD"]',
    )
    assert "[crt.engagement] die 6 3:1: DD but by_score[11] is DZ" in fails(copy)


def test_short_crt_row(copy):
    edit(
        copy,
        "crt.toml",
        'results = ["DW", "DZ", "DZ", "DD", "DD", "DD", "DD"]',
        'results = ["DW", "DZ", "DZ", "DD", "DD", "DD"]',
    )
    assert "[crt.revolutionary] die 6: 6 cells, want 7" in fails(copy)


def test_scenario_unknown_unit(copy):
    edit(
        copy,
        "scenarios.toml",
        '{ unit = "fleet", status = "veteran", count = 4 }',
        '{ unit = "frigate", status = "veteran", count = 4 }',
    )
    assert "scenarios.toml: setup GB line GB-2: unknown unit 'frigate'" in fails(copy)


def test_scenario_exceeds_counter_mix(copy):
    edit(copy, "pieces.toml", 'side = "PR"\narmy = 8', 'side = "PR"\narmy = 3')
    assert "setup PR places 4 army counters, pieces.toml has 3" in fails(copy)


def test_minor_stock_exceeded(copy):
    edit(copy, "pieces.toml", "horde = 14", "horde = 12")
    msg = fails(copy)
    assert "the minor powers set up 13 horde counters at most" in msg and "has 12" in msg


def test_unknown_setup_replace_marker(copy):
    edit(
        copy,
        "scenarios.toml",
        'setup_replace = ["Balance of Power", "Revolution"]',
        'setup_replace = ["Balance of Power", "Revolt"]',
    )
    assert "setup_replace names unknown marker 'Revolt'" in fails(copy)


def test_leader_count_mismatch(copy):
    edit(copy, "markers.toml", 'name = "Leader"\ncount = 13', 'name = "Leader"\ncount = 14')
    assert "marker 'Leader' count 14, pieces.toml has 13" in fails(copy)


def test_mandatory_marker_needs_asterisk(copy):
    edit(
        copy,
        "markers.toml",
        'name = "Revolution"\ncount = 1\nmandatory_when_picked = true\nasterisk = true',
        'name = "Revolution"\ncount = 1\nmandatory_when_picked = true\nasterisk = false',
    )
    assert "marker 'Revolution': markers that must be played when picked have an asterisk" in fails(
        copy
    )


def test_wrong_neutrals(copy):
    edit(
        copy,
        "scenarios.toml",
        'neutral = ["MC", "ME", "OT", "SP", "UP"]',
        'neutral = ["MC", "ME", "OT", "SP"]',
    )
    assert "scenario 2-european: neutral" in fails(copy)


def test_status_on_a_base(copy):
    edit(
        copy,
        "scenarios.toml",
        'units = [{ unit = "base", count = 8 }]',
        'units = [{ unit = "base", status = "veteran", count = 8 }]',
    )
    assert "GB line GB-3: a base has no recruit or veteran side" in fails(copy)


def test_minor_army_outside_army_lands(copy):
    edit(
        copy,
        "scenarios.toml",
        'units = [{ unit = "horde", status = "recruit", count = 1 }]\nat = { power = "Baluchistan"',
        'units = [{ unit = "army", status = "recruit", count = 1 }]\nat = { power = "Baluchistan"',
    )
    assert "Baluchistan line Baluchistan-1: Baluchistan raises hordes, not armies (29.3)" in fails(
        copy
    )


def test_schema_error_names_file_and_field(copy):
    edit(copy, "game.toml", "campaign_value = 3", 'campaign_value = "seven"')
    assert "game.toml: power.2.campaign_value" in fails(copy)


def test_missing_file(copy):
    (copy / GAME / "crt.toml").unlink()
    assert "crt.toml is missing" in fails(copy)


def test_toml_syntax_error(copy):
    edit(copy, "markers.toml", "[pool]", "[pool")
    assert "markers.toml: line" in fails(copy)


def test_raw_dict_loading(c):
    from pbem.content import read_toml_dir

    raw = read_toml_dir(GAME)
    assert load_content(raw).power("FR").campaign_value == 2


def test_initial_markers_disagree(copy):
    edit(copy, "scenarios.toml", "initial_markers = [5, 6]", "initial_markers = [5, 7]")
    assert "scenario 2-european: initial_markers [5, 7], 28.4 gives [5, 6]" in fails(copy)
