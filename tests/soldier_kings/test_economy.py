"""Soldier Kings Purchase Phase (SK 4.1, 6.2-6.4, 7.5, 18.3, subsidies) through signed
envelopes, and the collection of Resources and Manpower (SK 7.1-7.3, 7.6)."""

import pytest
from skkit import SKGame

from pbem.dice import ScriptedDice
from pbem.resolution import Resolution
from pbem.rulesets.soldier import economy, winter  # noqa: F401  (register the stages)
from pbem.rulesets.soldier.collection import collect
from pbem.verify import verify

LATER = "2026-03-02T00:00:00Z"


def results(g: SKGame, kind: str) -> list:
    return [e for _, e in g.game.log.events() if e.type == kind]


def at_purchase(g: SKGame) -> SKGame:
    """Both set-up rounds by the default placement, then the first Purchase Phase."""
    while g.state.stage == "setup":
        g.game.declare_deadline(now=LATER)
        g.game.advance(max_steps=1)
    assert g.state.stage == "purchase"
    return g


@pytest.fixture
def g1757(tmp_path):
    return at_purchase(SKGame(tmp_path, "1757"))


@pytest.fixture
def g1756(tmp_path):
    return at_purchase(SKGame(tmp_path, "1756"))


def test_purchase_phase_is_owed_by_every_warring_power(g1757):
    step = g1757.game.status().step
    assert step.phase == "1757-spring-purchase"
    assert set(step.owes) == {"Austria", "France", "Russia", "Prussia", "Britain"}


def test_subsidy_purchases_and_arrival_turns(g1757):
    """Scenario #2: Britain gives Prussia 8 Resources before anyone buys; SK 6.2 arrival
    turns (Spring 1757: armies in Fall 1757, Turn 7; fleets in Summer 1758, Turn 10)."""
    g = g1757
    assert g.submit("Britain", "give 8 to Prussia\nbuy army\nbuy a fleet").ok
    r = g.submit("Prussia", "# all in\nbuy 3 armies")
    assert r.ok, r.message()
    for p in ("Austria", "France", "Russia"):
        assert g.submit(p, "# nothing this turn").ok
    g.game.advance(max_steps=1)
    s = g.state
    gift = results(g, "sk.subsidy_given")
    assert [(e.giver, e.receiver, e.resources) for e in gift] == [("Britain", "Prussia", 8)]
    bought = {(e.power, len(e.units), e.arrives) for e in results(g, "sk.units_bought")}
    assert bought == {("Britain", 1, 7), ("Britain", 1, 10), ("Prussia", 3, 7)}
    for e in results(g, "sk.units_bought"):
        for uid in e.units:
            assert s.units[uid].status == "track" and s.units[uid].arrives == e.arrives
    t = s.treasury
    assert (t["Britain"].resources, t["Britain"].manpower) == (26 - 8 - 2 - 4, 16 - 4 - 2)
    assert (t["Prussia"].resources, t["Prussia"].manpower) == (17 + 8 - 6, 14 - 12)
    labels = [e.label for e in results(g, "dice_rolled")]
    assert "purchase: Prussia army 1 of 3 (line 8)" in labels
    assert "purchase: Britain fleet 1 of 1 (line 9)" in labels
    assert verify(g.path).ok


@pytest.mark.parametrize(
    "power,orders,fragment,line,suggestion",
    [
        ("Prussia", "byu army", "'byu' is not an order of the Purchase Phase", 7, "buy"),
        ("Prussia", "buy 2 armys", "cannot buy 'armys'", 7, "army"),
        ("Prussia", "# a comment\nrecover Pr-A99", "no counter or leader 'Pr-A99'", 8, "Pr-A9"),
        ("Prussia", "place Pr-A10 in Berln", "no area 'Berln'", 7, "Berlin"),
        ("Britain", "give 3 to Prusia", "no warring power 'Prusia'", 7, "Prussia"),
        ("Britain", "give 9 to Prussia", "at most 8 Resources", 7, None),
        ("Prussia", "buy fleet", "Prussia has no fleets left in its pool to buy", 7, None),
        ("Prussia", "buy 6 armies", "Prussia has 5 armies left in its pool", 7, None),
        ("Prussia", "buy army\nbuy 4 armies", "short by 6 Manpower", 8, None),
        ("Prussia", "recover Pr-A1", "Pr-A1 is at full strength already", 7, None),
        ("Prussia", "recover Au-A1", "Au-A1 is not one of Prussia's units", 7, None),
        ("Prussia", "recover Browne", "Browne is a leader", 7, None),
        ("Prussia", "place Pr-A10 in Berlin", "Pr-A10 is not on the turn track", 7, None),
        ("Prussia", "give 2 to Britain", "the scenario allows no such subsidy", 7, None),
    ],
)
def test_rejected_orders_name_the_line_and_the_closest_name(
    g1757, power, orders, fragment, line, suggestion
):
    before = g1757.game.log.head()
    r = g1757.submit(power, orders)
    assert r.status == "rejected", r.message()
    hits = [p for p in r.problems if fragment in p.message]
    assert hits, r.message()
    assert hits[0].line == line
    if suggestion:
        assert hits[0].suggestion == suggestion
    assert g1757.game.log.head() == before


def test_overspending_names_the_shortfall(g1757):
    # Prussia: 17 Resources, 14 Manpower (+ up to 8 Resources from Britain)
    r = g1757.submit("Prussia", "buy 2 armies\nbuy 2 armies")
    assert r.status == "rejected"
    (p,) = r.problems
    assert p.line == 8
    assert p.message == (
        "buy 2 armies costs 4 Resources and 8 Manpower; Prussia has 21 Resources and "
        "6 Manpower left (counting the 8 Resources it may be given) (short by 2 Manpower) (SK 7.5)"
    )


def test_nothing_sent_nothing_bought(g1756):
    g = g1756
    g.game.declare_deadline(now=LATER)
    g.game.advance(max_steps=1)
    head = results(g, "phase_resolved")[-1]
    assert head.phase == "1756-spring-purchase"
    assert sorted(head.defaulted) == ["Austria", "Prussia"]
    assert not results(g, "sk.units_bought") and not results(g, "sk.units_recovered")
    t = g.state.treasury
    assert (t["Austria"].resources, t["Prussia"].manpower) == (17, 12)
    assert g.state.stage != "purchase"


def test_bought_units_arrive_and_are_placed_by_order(g1756):
    """SK 6.2, 6.3: an army bought on Turn 1 is on the track for Turn 3 and placed then."""
    g = g1756
    assert g.submit("Prussia", "buy 2 armies").ok
    while g.state.turn < 3 or g.state.stage != "purchase":
        g.game.declare_deadline(now=LATER)
        g.game.advance(max_steps=1)
    new = results(g, "sk.units_bought")[0].units
    assert all(g.state.units[u].arrives == 3 for u in new)
    bad = g.submit("Prussia", f"place {new[0]} in Wien\nplace {new[1]} in Berlin")
    assert bad.status == "rejected"
    assert (
        bad.problems[0].line == 7
        and "Wien is not a home area of Prussia" in bad.problems[0].message
    )
    r = g.submit("Prussia", f"place {new[0]} in Berlin")  # the other goes by the default
    assert r.ok, r.message()
    g.game.declare_deadline(now=LATER)
    g.game.advance(max_steps=1)
    s = g.state
    assert s.units[new[0]].area == "Berlin" and s.units[new[0]].status == "map"
    placed = [e for e in results(g, "sk.pieces_placed") if e.power == "Prussia"][-2:]
    assert placed[0].defaulted is False and placed[1].defaulted is True
    assert s.units[new[1]].status == "map"
    assert verify(g.path).ok


# --- collection (SK 7.1-7.3, 7.6) -----------------------------------------------------


@pytest.fixture
def start(rs):
    def make(scenario: str, n: int):
        ctx = Resolution(rs, rs.new_state(scenario, {}), ScriptedDice([0] * n))
        rs.setup(ctx, scenario, {})
        return ctx.state

    return make


@pytest.fixture(scope="module")
def rs():
    from pbem import ruleset as registry

    return registry.get("soldier-kings")


def test_collect_home_areas(rs, start):
    s = start("1756", 21)
    homes = [rs.content.land_area(a) for a in rs.content.home_areas("Prussia")]
    assert collect(rs.content, s, "Prussia") == (
        sum(a.resources for a in homes),
        sum(a.manpower or 0 for a in homes),  # Mecklenburg has no Manpower value
    )


def test_collect_needs_control_and_no_enemy_units(rs, start):
    s = start("1756", 21)
    base_r, base_m = collect(rs.content, s, "Prussia")
    s.control["Silesia"] = "Austria"  # SK 7.3: control
    assert collect(rs.content, s, "Prussia") == (base_r - 4, base_m - 3)
    s.control["Silesia"] = "Prussia"
    s.units["Au-A1"].status, s.units["Au-A1"].area = "map", "Berlin"  # an enemy unit in it
    assert collect(rs.content, s, "Prussia") == (base_r - 3, base_m - 3)
    s.units["Au-A1"].area = "Bohemia"
    s.units["Pr-A1"].status, s.units["Pr-A1"].area = "map", "Berlin"  # own units are fine
    assert collect(rs.content, s, "Prussia") == (base_r, base_m)


def test_collect_recruiting_enemy_subjects(rs, start):
    """SK 7.6: one Manpower less from another major power's original home area, even one
    played as a minor; none less from a minor country's; Europe only on this map."""
    s = start("1756", 21)
    base_r, base_m = collect(rs.content, s, "Prussia")
    s.control["Bohemia"] = "Prussia"  # Austrian: 3 Resources, 3 Manpower
    assert collect(rs.content, s, "Prussia") == (base_r + 3, base_m + 2)
    s.control["Holland"] = "Prussia"  # Holland, a major power played as a minor: 4, 2
    assert collect(rs.content, s, "Prussia") == (base_r + 7, base_m + 3)
    s.control["Saxony"] = "Prussia"  # a minor country's home area: 3, 2 in full
    assert collect(rs.content, s, "Prussia") == (base_r + 10, base_m + 5)
    au_r, au_m = collect(rs.content, s, "Austria")
    s.control["Mecklenburg"] = "Austria"  # no Manpower value: 7.6 takes nothing below zero
    assert collect(rs.content, s, "Austria") == (au_r + 2, au_m)


def test_collect_minor_allies_give_nothing(rs, start):
    """SK 18.0, 18.5: areas controlled by a minor ally give its major power nothing."""
    s = start("1756", 21)
    r, m = collect(rs.content, s, "Austria")
    assert s.control["Saxony"] == "Saxony"
    homes = [rs.content.land_area(a) for a in rs.content.home_areas("Austria")]
    assert (r, m) == (sum(a.resources for a in homes), sum(a.manpower or 0 for a in homes))
