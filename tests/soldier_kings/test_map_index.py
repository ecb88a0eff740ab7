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


def test_any_changes_to_a_state_and_its_what_if_copy_answer_as_a_scan():
    """map_index.py brings an index up to date from the changes to its own counters:
    after any changes (status, area, carrier) to a state's counters and to those of a
    what-if copy that shares its index (index_from) and copies some counters, every
    answer of each is the scan of its own counters."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    areas = ["Silesia", "Saxony", "Baltic", None]
    ids = [f"Pr-{t}{n}" for t in "AF" for n in (1, 2, 3)]
    change = st.tuples(
        st.booleans(),  # the copy's counter, or the state's
        st.sampled_from(ids),
        st.sampled_from(["status", "area", "carried_by", "copy"]),
        st.integers(0, 3),
    )

    def check(s: SoldierState) -> None:
        for area in areas:
            assert [id(u) for u in s.on_map(area)] == [id(u) for u in _scan(s, area)], area
        for area in areas[:3]:
            want = sorted(u.id for u in _scan(s, area) if u.type == "fleet")
            assert s.fleet_ids(area) == want, area
        for fleet in ids[3:]:
            want = sorted(u.id for u in _scan(s) if u.carried_by == fleet)
            assert s.aboard(fleet) == want, fleet

    @settings(max_examples=150, deadline=None)
    @given(st.lists(change, max_size=40), st.integers(0, 40))
    def run(changes, split):
        units = {}
        for k, uid in enumerate(ids):
            kind = "army" if "-A" in uid else "fleet"
            u = Counter(id=uid, country="Prussia", type=kind, full=(4, 4), reduced=(2, 2))
            u.status, u.area = ("map", areas[k % 3]) if k % 2 else ("pool", None)
            units[uid] = u
        s = SoldierState(units=units)
        check(s)
        t = None
        for i, (in_copy, uid, field, v) in enumerate(changes):
            if i == split:  # a what-if copy, as naval_orders.after and after_moves make one
                t = s.model_copy()
                t.units = dict(s.units)
                t.index_from(s)
            target = t if in_copy and t is not None else s
            if field == "copy":  # the copy takes a counter of its own (clone)
                if target is t:
                    t.units[uid] = t.units[uid].model_copy()
                continue
            u = target.units[uid]
            if field == "status":
                u.status = ["map", "pool", "track", "map"][v]
            elif field == "area":
                u.area = areas[v]
            else:
                u.carried_by = [None, *ids[3:]][v]
            check(s)
            if t is not None:
                check(t)

    run()
