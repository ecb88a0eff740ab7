"""7YWW 18.5 order reading: the `carrying` and `land` clauses, `embark` / `debark`."""

from __future__ import annotations

from pbem.ruleset import OrderLine
from pbem.rulesets.seven_years import turn_orders
from pbem.rulesets.seven_years.content import default_content
from pbem.rulesets.seven_years.state import SYWState, Unit
from pbem.rulesets.seven_years.turn_lines import Embark, Move


def state() -> SYWState:
    units = {
        uid: Unit(id=uid, owner="GB", type="fleet" if "-F" in uid else "army", square="C14")
        for uid in ("GB-F1", "GB-F2", "GB-A1", "GB-A2")
    }
    return SYWState(units=units)


def read(text: str):
    parsed = turn_orders.parse(default_content(), state(), [OrderLine(1, text)])
    return parsed.orders.lines, [p.message for p in parsed.problems]


def test_carrying_before_from_or_after_the_path():
    for text in (
        "move GB-F1 GB-F2 carrying GB-A1 GB-A2 from C14 to C13 C12 land GB-A1 at Ireland",
        "move GB-F1 GB-F2 from C14 to C13 C12 carrying GB-A1 GB-A2 land GB-A1 at C13",
    ):
        (mv,), problems = read(text)
        assert not problems
        assert isinstance(mv, Move)
        assert mv.units.ids == ("GB-F1", "GB-F2")
        assert mv.carrying == ("GB-A1", "GB-A2")
        assert mv.path == ("C13", "C12")
        assert mv.landings == (("GB-A1", "C13"),)


def test_a_square_named_land_is_not_a_landing():
    (mv,), problems = read("move GB-F1 from C14 to L26 Arnhem Land")
    assert not problems
    assert mv.path == ("L26", "L27") and mv.landings == ()


def test_embark_and_debark_lines():
    (e,), problems = read("embark GB-A1 on GB-F1 at London")
    assert not problems and e == Embark(
        1, "embark GB-A1 on GB-F1 at London", "GB-A1", "GB-F1", "C14"
    )
    (d,), problems = read("debark GB-A1 at C14")
    assert not problems and d.debark and d.fleet == ""
    _, problems = read("embark GB-A1 GB-F1")
    assert problems == ["write: embark UNIT on FLEET at SQ, or debark UNIT at SQ"]
