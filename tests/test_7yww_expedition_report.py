"""7YWW 29.7 Expedition in the turn reports: a move made under one says so, the
continuation of a move that beat a countermarch (16.46, plan [C 16.h]) included; the
events themselves are pinned by the rules case
tests/cases/seven-years-world-war/countermarch-16-46-expedition-carried.toml."""

from pbem.rulesets.seven_years import events as E
from pbem.rulesets.seven_years.sentences import describe


def test_a_move_under_an_expedition_says_so():
    e = E.Moved(seat="Coalition 1", units=["RU-A1", "RU-A2"], start="C22", path=["C23"],
                cost=1, expedition="EXP-1")  # fmt: skip
    assert describe(e) == "Coalition 1 moves RU-A1, RU-A2 on an Expedition (7YWW 29.7): C22 C23."


def test_a_move_without_one_does_not():
    e = E.Moved(seat="Coalition 1", units=["RU-A1"], start="C22", path=["C23"], cost=2)
    assert describe(e) == "Coalition 1 moves RU-A1: C22 C23."


def test_a_force_going_on_says_its_expedition():
    e = E.MoveGoesOn(seat="Coalition 1", units=["RU-A1"], square="C22", points=1,
                     expedition=True, marker="EXP-1")  # fmt: skip
    assert "on its Expedition" in describe(e)


def test_one_movement_point_is_singular():
    e = E.MoveGoesOn(seat="Coalition 1", units=["RU-A1"], square="C22", points=1)
    assert "may go on moving from there with 1 movement point (7YWW 16.46)" in describe(e)
    e = E.MoveGoesOn(seat="Coalition 1", units=["RU-A1"], square="C22", points=2)
    assert "with 2 movement points (7YWW 16.46)" in describe(e)
