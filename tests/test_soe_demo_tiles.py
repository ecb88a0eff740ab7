"""The Struggle of Empires scripted player (rulesets/struggle/demo.py) uses every copy
of Logistics and Militia it holds (SoE Logistics, Militia: the copies add up), and its
orders are accepted by the rules' own parse and validate."""

from __future__ import annotations

from orderkit import problems

from pbem.ruleset import get
from pbem.rulesets.struggle import demo
from pbem.rulesets.struggle.content import load_content

RS = get("struggle-of-empires")


def _state(tiles: list[str], units: dict, control: dict, population: int = 5):
    return RS.load_state(
        {
            "scenario": "2p", "seats": ["Britain", "France"], "first": "Britain", "war": 1,
            "stage": "actions", "round": 1, "acting": 0, "rounds": 6,
            "display": ["Britain", "France"], "order": ["Britain", "France"],
            "powers": {
                "Britain": {"gold": 0, "population": population, "tiles": tiles},
                "France": {"gold": 5},
            },
            "units": units, "control": control,
        }
    )  # fmt: skip


def test_two_logistics_tiles_move_four_armies():
    s = _state(
        ["Logistics", "Logistics"],
        {"Britain": {"Britain": {"army": 5}}, "German States": {"France": {"army": 3}}},
        {"German States": {"France": 2}},
    )
    lines = demo.orders(load_content(), s, "Britain")
    move = next(x for x in lines if x.startswith("move "))
    assert move.count("army Britain to German States") == 4, lines
    assert not problems(RS, s, "Britain", "w1-r1-Britain", lines), lines


def test_two_militia_tiles_build_two_armies_more():
    s = _state(["Militia", "Militia"], {}, {"German States": {"Britain": 3}})
    lines = demo.orders(load_content(), s, "Britain")
    build = next(x for x in lines if x.startswith("build "))
    assert build.count(" and army") == 2, lines
    assert not problems(RS, s, "Britain", "w1-r1-Britain", lines), lines
