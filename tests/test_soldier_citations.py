"""What a Soldier Emperor player reads cites SE's sections (games/soldier/sections.toml)
and says Money (SE 7.0); Soldier Kings' text is left as it is."""

from pbem.ruleset import Problem
from pbem.rulesets.soldier.citations import in_book, problems_in_book, sk_to_se


def test_renumbered_sections_take_se_numbers():
    # SK 9.3 Multiple Opponents is SE 9.5; SK 6.3 and 6.2 swap (SE 6.2, 6.3)
    assert in_book("attack both (SK 9.3)", "SE", "Money") == "attack both (SE 9.5)"
    assert in_book("(SK 6.3, 6.2)", "SE", "Money") == "(SE 6.2, 6.3)"
    assert in_book("(SK 4.2, 7.3-7.6)", "SE", "Money") == "(SE 4.2, 7.3-7.5)"


def test_sections_se_lacks_stay_sk():
    assert in_book("(SK 10.7)", "SE", "Money") == "(SK 10.7)"
    assert in_book("(SK 9.3, 10.7)", "SE", "Money") == "(SE 9.5; SK 10.7)"


def test_resources_are_money_in_se_only():
    text = "Turn 4: Resource and Manpower Phase; 3 Resources short (SK 6.5)"
    assert (
        in_book(text, "SE", "Money") == "Turn 4: Money and Manpower Phase; 3 Money short (SE 6.5)"
    )
    assert in_book(text, "SK", "Resources") == text


def test_problems_keep_their_lines():
    got = problems_in_book([Problem("no (SK 9.3)", 4, "x")], "SE", "Money")
    assert got == [Problem("no (SE 9.5)", 4, "x")]


def test_every_mapping_reads_from_the_section_map():
    table = sk_to_se()
    assert table["9.3"] == "9.5" and table["20.31"] == "21.1"
    assert "10.7" not in table
