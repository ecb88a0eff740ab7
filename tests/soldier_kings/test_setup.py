"""Soldier Kings set-up: forces, random selection, the deal, placement orders (issue 3)."""

import pytest
from skkit import SKGame

from pbem.reports import render
from pbem.rulesets.soldier import setup as S
from pbem.verify import verify


@pytest.fixture(scope="module")
def rs():
    from pbem import ruleset as registry

    return registry.get("soldier-kings")


@pytest.mark.parametrize("scenario", ["1756", "1757", "1758", "1759", "1760", "1761", "1762"])
def test_every_scenario_starts_with_its_printed_forces(tmp_path, rs, scenario):
    g = SKGame(tmp_path, scenario)
    s = g.state
    sc = rs.content.scenario(scenario)
    assert s.turn == sc.first_turn and s.stage == "setup"
    for f in sc.forces:
        units = [
            u
            for u in s.units.values()
            if u.status == "setup" and u.country == f.power and not u.hired_by
        ]
        armies = [u for u in units if u.type == "army"]
        assert len(armies) == f.army_count, f.power
        assert len([u for u in units if u.type == "fleet"]) == f.random_fleets
        for spec in f.armies:  # "one 4-3 army"
            assert sum(tuple(u.full) == tuple(spec.strength) for u in armies) >= spec.count
        assert not any(u.provincial for u in units)  # SK 19.42
        assert sorted(
            ld.name for ld in s.leaders.values() if ld.status == "setup" and ld.country == f.power
        ) == sorted(f.leaders)
        if f.resources is not None:
            t = s.treasury[f.power]
            assert (t.resources, t.manpower) == (f.resources, f.manpower)
        for hire in f.mercenaries:
            hired = [
                u for u in s.units.values() if u.hired_by == f.power and u.country == hire.country
            ]
            assert len(hired) == hire.count
    assert all(len(h) == 5 for h in s.hands.values())  # SK 3.0
    assert len(s.hands) == len(sc.players)
    for c in sc.control:
        assert s.control[c.area] == c.power
    while g.state.stage == "setup":
        g.game.declare_deadline(now="2026-03-02T00:00:00Z")
        g.game.advance(max_steps=1)
    s = g.state
    assert s.stage == "purchase" and not [u for u in s.units.values() if u.status == "setup"]
    assert verify(g.path).ok


def test_random_selection_is_recorded_with_what_it_was_for(tmp_path):
    g = SKGame(tmp_path, "1756")
    labels = [e.label for _, e in g.game.log.events() if e.type == "dice_rolled"]
    assert "random selection: Austria army 1 of 4" in labels
    assert "random selection: Saxony army 2 of 2" in labels
    assert any(lb.startswith("deal to Prussia, card 5") for lb in labels)


def test_placement_orders_accepted_and_applied(tmp_path):
    g = SKGame(tmp_path, "1756")
    s = g.state
    au = sorted(
        (u.id for u in s.units.values() if u.status == "setup" and u.country == "Austria"),
        key=S._id_order,
    )
    sx = sorted(u.id for u in s.units.values() if u.status == "setup" and u.country == "Saxony")
    orders = f"""
    # Austria sets up first
    place {au[0]} {au[1]} Browne in Bohemia
    Wien: {au[2]}
    place {", ".join(sx)} in Saxony
    place rest in Hungary
    """
    r = g.submit("Austria", orders)
    assert r.status == "accepted", r.message()
    g.game.advance()
    s = g.state
    assert s.units[au[0]].area == "Bohemia" and s.leaders["Browne"].area == "Bohemia"
    assert s.units[au[2]].area == "Wien" and s.units[au[4]].area == "Hungary"
    assert all(s.units[x].area == "Saxony" for x in sx)
    assert g.game.status().step.owes == ("Prussia",)


def test_prussia_sets_up_second(tmp_path):
    g = SKGame(tmp_path, "1756")
    r = g.submit("Prussia", "place rest in Berlin", phase="1756-spring-setup-1")
    assert r.kind == "wrong-phase" and "Prussia has no orders to give" in r.message()


@pytest.mark.parametrize(
    "orders,fragment,line,suggestion",
    [
        ("place rest in Viena", "no area 'Viena'", 7, "Wien"),
        ("place rest in Wein", "no area 'Wein'", 7, "Wien"),
        ("place Au-A99 in Wien\nplace rest in Wien", "no counter or leader 'Au-A99'", 7, None),
        ("place Brown in Wien\nplace rest in Wien", "no counter or leader 'Brown'", 7, "Browne"),
        ("plaec rest in Wien", "'plaec' is not a set-up order", 7, "place"),
        ("place rest in Berlin", "may not set up in Berlin", 7, None),
        ("place Browne in Wien", "not placed:", None, None),
    ],
)
def test_bad_placements_are_rejected_with_line_and_suggestion(
    tmp_path, orders, fragment, line, suggestion
):
    g = SKGame(tmp_path, "1756")
    before = g.game.log.head()
    r = g.submit("Austria", orders)
    assert r.status == "rejected", r.message()
    hits = [p for p in r.problems if fragment in p.message]
    assert hits, r.message()
    if line:
        assert hits[0].line == line
    if suggestion:
        assert hits[0].suggestion == suggestion
    assert g.game.log.head() == before


def test_scenario_limits_hannover_and_fleets(tmp_path):
    g = SKGame(tmp_path, "1757")
    g.game.declare_deadline(now="2026-03-02T00:00:00Z")
    g.game.advance()
    s = g.state
    br = [u for u in s.units.values() if u.status == "setup" and s.commander(u) == "Britain"]
    fleet = next(u.id for u in br if u.type == "fleet")
    # everything in Southern England breaks "Cumberland, the hRe army and at least one British army in Hannover"
    r = g.submit("Britain", "place rest in Southern England")
    msgs = " | ".join(p.message for p in r.problems)
    assert "Cumberland must set up in Hannover" in msgs
    assert "at least 1 Hesse army(s) must set up in Hannover" in msgs
    assert "at least 1 Britain army(s) must set up in Hannover" in msgs
    assert fleet


def test_fleets_set_up_in_coastal_areas(tmp_path):
    g = SKGame(tmp_path, "1757")
    s = g.state
    fleet = next(
        u.id
        for u in s.units.values()
        if u.status == "setup" and u.country == "France" and u.type == "fleet"
    )
    r = g.submit("France", f"place {fleet} in Champagne\nplace rest in Brittany")
    assert (
        f"fleet {fleet} must set up in a coastal area; Champagne is inland (SK 6.3)" in r.message()
    )


def test_opponents_may_not_share_an_area_unless_the_scenario_says(tmp_path):
    g = SKGame(tmp_path, "1758")  # #3: Prussia and Austria may both set up in Bohemia
    s = g.state
    au = sorted(u.id for u in s.units.values() if u.status == "setup" and u.country == "Austria")
    sw = sorted(u.id for u in s.units.values() if u.status == "setup" and u.country == "Sweden")
    r = g.submit(
        "Austria",
        f"place {au[0]} in Bohemia\nplace {' '.join(sw)} in Stockholm\nplace rest in Wien",
    )
    assert r.ok, r.message()
    g.game.declare_deadline(now="2026-03-02T00:00:00Z")
    g.game.advance()
    assert g.state.units[au[0]].area == "Bohemia"
    pr = sorted(
        u.id for u in g.state.units.values() if u.status == "setup" and u.country == "Prussia"
    )
    assert g.submit("Prussia", f"place {pr[0]} in Bohemia\nplace rest in Saxony").ok
    r = g.submit("Prussia", "place rest in Silesia")
    assert r.ok  # Silesia is empty
    # Britain may not set up in Hannover... it may (#3 shares it with France); but not where
    # no rule lets it: Britain's units in an area holding French units outside Hannover
    r = g.submit("Britain", "place rest in Minorca")
    assert r.status == "rejected"


def test_hands_are_private(tmp_path):
    g = SKGame(tmp_path, "1756")
    s = g.state
    au_cards, pr_cards = s.hands["Austria"], s.hands["Prussia"]
    au_report = render(g.game, "Austria", 1, g.game.state().seq)
    for body in (au_report.text, au_report.html):
        assert "Austria is dealt 5 event cards" in body
        assert "Prussia is dealt" not in body
        assert all(c in body for c in au_cards)
        assert not [c for c in pr_cards if c not in au_cards and c in body]
    view = g.rs.view(s, "Austria")
    assert view["hands"]["Austria"] == au_cards and view["hands"]["Prussia"] == len(pr_cards)


def test_games_command_shows_a_scenario():
    from click.testing import CliRunner

    from pbem.cli import main

    out = CliRunner().invoke(main, ["games", "soldier-kings", "--scenario", "1757"]).output
    assert "Britain may give Prussia up to 8 Resources" in out
    assert "no Russia unit or leader may move until Turn 6" in out
    assert "Cumberland (Britain) sets up in Hannover" in out


def test_games_command_lists_the_map():
    """`pbem games soldier-kings --map`: Europe's areas (SK 2.1); with the campaign, the
    four maps and the track's circles (SK World at War, SK 10.7)."""
    from click.testing import CliRunner

    from pbem.cli import main

    out = CliRunner().invoke(main, ["games", "soldier-kings", "--map"]).output
    silesia = next(line for line in out.splitlines() if line.startswith("  Silesia "))
    # SK 20.31 example (Resource 4), SK 9 Land Combat Example (Fortification 4; inland)
    assert "land; home area of Prussia; Resources 4," in silesia
    assert "fortification 4;" in silesia and "Bohemia (mountain)" in silesia
    assert "strait: Gibraltar, between Eastern Atlantic and Western Mediterranean" in out
    assert "India:" not in out  # the one-year games: Europe alone
    world = CliRunner().invoke(
        main, ["games", "soldier-kings", "--map", "--scenario", "world-at-war-4"]
    )
    assert world.exit_code == 0
    for heading in ("Europe:", "The Americas:", "India:", "Spice Islands:"):
        assert f"\n{heading} " in world.output
    assert (
        "  Cape Verde *: sea connections: Eastern Atlantic, Middle Passage, South Atlantic"
        in world.output
    )
    assert (
        "Lower Canada (also Quebec): coastal on Western Atlantic; home area of France"
        in world.output
    )
    bad = CliRunner().invoke(main, ["games", "soldier-kings", "--map", "--scenario", "nope"])
    assert bad.exit_code == 2
