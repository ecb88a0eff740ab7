"""Soldier Kings' optional economics, national advantages and end of the game (loans.py,
sko_income.py, sko_economics.py, sko_end.py, fortresses.py, winter_purchase.py,
national.py): the seams other rules use and what a report shows. The rules themselves
are pinned by tests/cases/soldier-kings/opt-*.toml."""

from __future__ import annotations

from pbem import ruleset as registry
from pbem.rulesets.soldier import fortresses, loans, winter_purchase
from pbem.rulesets.soldier.report.sko_economy_sentences import position_notes
from pbem.rulesets.soldier.state import SoldierState


def _content():
    return registry.get("soldier-kings").content


def test_may_borrow_names_why_not():
    c = _content()
    s = SoldierState(options=["war-loans"], majors=["Britain", "France"])
    assert loans.may_borrow(c, s, "Britain") is None
    assert "not a major power" in loans.may_borrow(c, s, "Spain")
    s.control["Southern England"] = "France"
    assert loans.may_borrow(c, s, "Britain") is None  # imperial-capitals off
    s.options.append("imperial-capitals")
    assert "SKO Imperial Capitals (a)" in loans.may_borrow(c, s, "Britain")
    assert "option war-loans" in loans.may_borrow(c, SoldierState(majors=["Britain"]), "Britain")


def test_arrivals_count_game_turns_only_with_the_option():
    on = SoldierState(options=["winter-purchase"], turn=4)
    off = SoldierState(turn=3)
    assert winter_purchase.arrival(on, 2) == 6 and winter_purchase.arrival(on, 4) == 8
    assert winter_purchase.arrival(off, 2) == 6 and winter_purchase.arrival(off, 4) == 9
    assert winter_purchase.after_resources(on) == "purchase"
    assert winter_purchase.after_resources(off) == "cards"


def test_upgrades_count_on_the_fortification_and_hits_take_them_first():
    c = _content()
    s = SoldierState(fort_upgrades={"Berlin": 2}, fort_hits={"Berlin": 1})
    assert fortresses.level(c, s, "Berlin") == 5
    fortresses.restore(s, "Berlin")
    assert s.fort_upgrades == {"Berlin": 1}
    s.fort_hits = {"Berlin": 4}
    fortresses.restore(s, "Berlin")
    assert s.fort_upgrades == {}


def test_the_position_shows_loans_upgrades_and_the_random_end():
    c = _content()
    s = SoldierState(
        options=["random-end"], war_loans={"Britain": [4]}, fort_upgrades={"Berlin": 1}
    )
    notes = position_notes(c, s)
    assert any("Turn 44 ends it" in n for n in notes)
    assert any(n.startswith("Britain owes 1 loan") for n in notes)
    assert any("Berlin +1 (now 4)" in n for n in notes)
    assert position_notes(c, SoldierState()) == []
