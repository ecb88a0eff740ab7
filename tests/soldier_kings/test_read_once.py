"""What issue 9's last step keeps instead of reading again: standing orders read once per
power and text when only `pure` verbs read them, and the counters by country. Every
answer they give while a whole game is played and verified must be what a fresh read
or a scan gives."""

from pbem.demo import run_demo
from pbem.ruleset import OrderLine, get
from pbem.rulesets.soldier import standing
from pbem.rulesets.soldier.state import Counter, SoldierState
from pbem.verify import verify


def test_standing_orders_read_once_are_what_a_fresh_read_gives(tmp_path, monkeypatch):
    kept = standing.parse
    answers = []

    def checked(content, s, power, lines):
        got = kept(content, s, power, lines)
        memo = dict(standing._READ)
        standing._READ.clear()  # a fresh read, as if never read before
        fresh = kept(content, s, power, lines)
        standing._READ.clear()
        standing._READ.update(memo)
        assert got == fresh
        if got.orders:  # an answer of its own: changing it changes no later answer
            again = kept(content, s, power, lines)
            assert again.orders is not got.orders
            for k, v in got.orders.items():
                assert again.orders[k] is not v
            got.orders.clear()
            assert again.orders == fresh.orders
            got = fresh
        answers.append(power)
        return got

    monkeypatch.setattr(standing, "parse", checked)
    run_demo(tmp_path, "soldier-kings", "1757", echo=lambda s: None, master=bytes(32))
    assert verify(tmp_path / "game.pbem").ok
    assert len(answers) > 100


def test_only_pure_verbs_are_read_once():
    assert {"casualties", "initiative"} <= standing.PURE
    assert "retreat" not in standing.PURE and "play" not in standing.PURE


def test_counters_by_country_are_the_scan(tmp_path, monkeypatch):
    indexed = SoldierState.of_country
    asked = []

    def checked(self, country):
        got = indexed(self, country)
        want = [u for u in self.units.values() if u.country == country]
        assert [id(u) for u in got] == [id(u) for u in want], country
        asked.append(country)
        return got

    monkeypatch.setattr(SoldierState, "of_country", checked)
    run_demo(tmp_path, "soldier-kings", "1762", echo=lambda s: None, master=bytes(32))
    assert verify(tmp_path / "game.pbem").ok
    assert len(asked) > 20


def test_counters_by_country_follow_a_new_dict_and_a_new_counter():
    def army(uid: str, country: str) -> Counter:
        return Counter(id=uid, country=country, type="army", full=(4, 4), reduced=(2, 2))

    s = SoldierState(units={"Pr-A1": army("Pr-A1", "Prussia")})
    assert [u.id for u in s.of_country("Prussia")] == ["Pr-A1"]
    s.units["Pr-A2"] = army("Pr-A2", "Prussia")
    assert [u.id for u in s.of_country("Prussia")] == ["Pr-A1", "Pr-A2"]
    t = s.model_copy()
    t.units = {"Au-A1": army("Au-A1", "Austria")}
    assert [u.id for u in t.of_country("Austria")] == ["Au-A1"]
    assert t.of_country("Prussia") == []
    assert [u.id for u in s.of_country("Prussia")] == ["Pr-A1", "Pr-A2"]


def test_a_line_with_a_problem_is_never_kept():
    lines = [OrderLine(1, "casualties Nobody-A99")]
    key = ("Prussia", tuple(lines))
    standing._READ.pop(key, None)
    rs = get("soldier-kings")
    s = rs.new_state("1757", {})
    parsed = rs.parse(s, "Prussia", "standing", lines)
    assert parsed.problems
    got = standing._READ.get(key)
    assert got is None or got[2] is None
