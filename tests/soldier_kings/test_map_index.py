"""SoldierState.on_map and .aboard answer from an index kept until any counter changes (issue 9).
Every answer it gives while a whole game is played, checked and verified (resolutions,
what-if states of order checking, copies of states) must be what a scan of the
counters gives."""

from pathlib import Path

from pbem.cases import run_case
from pbem.demo import run_demo
from pbem.rulesets.soldier.state import Counter, SoldierState
from pbem.verify import verify

CASES = Path(__file__).parent.parent / "cases" / "soldier-kings"


def _scan(s: SoldierState, area=None, type_=None) -> list[Counter]:
    return [
        u
        for u in s.units.values()
        if u.status == "map"
        and (area is None or u.area == area)
        and (type_ is None or u.type == type_)
    ]


def test_every_answer_of_a_played_game_is_the_scan(tmp_path, monkeypatch):
    indexed = SoldierState.on_map
    asked = []

    def checked(self, area=None, type_=None):
        got = indexed(self, area, type_)
        want = _scan(self, area, type_)
        assert [id(u) for u in got] == [id(u) for u in want], (area, type_)
        asked.append(area)
        return got

    aboard = SoldierState.aboard
    carried = []

    def checked_aboard(self, fleet):
        got = aboard(self, fleet)
        want = sorted(
            u.id for u in self.units.values() if u.carried_by == fleet and u.status == "map"
        )
        assert got == want, fleet
        carried.append(got)
        return got

    monkeypatch.setattr(SoldierState, "on_map", checked)
    monkeypatch.setattr(SoldierState, "aboard", checked_aboard)
    run_demo(tmp_path, "soldier-kings", "1757", echo=lambda s: None, master=bytes(32))
    assert verify(tmp_path / "game.pbem").ok
    for case in sorted(CASES.glob("naval-*.toml")):  # transport, landings, captures
        assert run_case(case).ok, case
    assert len(asked) > 500 and None in asked
    assert len(carried) > 100 and any(carried)


def test_a_copy_with_its_own_counters_is_not_answered_from_the_original():
    u = Counter(id="Pr-A1", country="Prussia", type="army", full=(4, 4), reduced=(2, 2))
    u.status, u.area = "map", "Silesia"
    s = SoldierState(units={"Pr-A1": u})
    assert [x.id for x in s.on_map("Silesia")] == ["Pr-A1"]
    t = s.model_copy()  # shares the index object
    t.units = dict(s.units)
    t.units["Pr-A1"] = t.units["Pr-A1"].model_copy()
    assert t.on_map("Silesia")[0] is t.units["Pr-A1"]
    t.units["Pr-A1"].area = "Berlin"
    assert s.on_map("Silesia")[0] is u and s.on_map("Berlin") == []
    assert t.on_map("Silesia") == [] and t.on_map("Berlin", "army")[0].area == "Berlin"
    assert (
        s == s.model_copy()
        and s.model_dump() == SoldierState.model_validate(s.model_dump()).model_dump()
    )
