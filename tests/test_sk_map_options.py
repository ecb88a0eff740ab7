"""Soldier Kings' optional map and unit content (SKO Map (a)-(c), New Minor Power, New
Unit): the `options` blocks of the content applied for the switches a game plays with
(SoldierContent.with_options), checked like the printed content, played and drawn."""

from __future__ import annotations

import pytest

from pbem import keys
from pbem import ruleset as registry
from pbem.rulesets.soldier.content.checks import cross_check
from pbem.rulesets.soldier.content.mapcheck import check_map
from pbem.rulesets.soldier.state import SoldierState
from pbem.rulesets.soldier_kings.options import SWITCHES
from pbem.service import Game, PlayerSpec

CONTENT_SWITCHES = ("bengal-port", "brazil", "prussian-fleet", "ticonderoga", "two-sicilies")


@pytest.fixture(scope="module")
def content():
    return registry.get("soldier-kings").content


def test_every_options_block_names_a_switch(content):
    blocks = [o.name for m in (content.map, *content.world.values()) for o in m.options]
    blocks += [o.name for f in (content.powers, content.pieces, content.tables) for o in f.options]
    assert set(blocks) == set(CONTENT_SWITCHES)
    assert set(blocks) <= set(SWITCHES)


def test_the_switched_content_passes_every_check(content):
    on = content.with_options(tuple(SWITCHES))
    assert cross_check(on) == []
    countries = {c.name: c for c in on.powers.countries}
    for key, m in (("europe", on.map), *on.world.items()):
        canvas = m.canvas or on.game.canvas
        assert check_map(key, key, m, canvas.width, canvas.height, countries) == [], key


def test_with_options_is_cached_and_leaves_the_printed_content(content):
    assert content.with_options(()) is content
    assert content.with_options(("war-loans", "hanover")) is content  # rules only
    a = content.with_options(("ticonderoga", "war-loans"))
    assert a is content.with_options(("ticonderoga",))
    assert a is not content.with_options(("ticonderoga", "brazil"))
    world = a.in_play(content.scenario("world-at-war-2").maps)
    assert world.land_area("Ticonderoga").fortification == 3
    assert set(world.neighbours("New England")) == {"New York", "Ticonderoga"}
    printed = content.worldwide
    assert "Ticonderoga" not in printed.lookups.areas
    assert "Upper Canada" in printed.neighbours("New England")


def test_the_texts_values(content):
    w = content.with_options(CONTENT_SWITCHES).worldwide
    t = w.land_area("Ticonderoga")
    assert (t.home, t.resources, t.manpower, t.fortification, t.coastal) == (
        "France", 1, 0, 3, False,
    )  # fmt: skip
    assert set(w.neighbours("Ticonderoga")) == {
        "New England", "New York", "Lower Canada", "Iroquoia",
    }  # fmt: skip
    assert w.land_area("Bengal").coastal
    assert w.land_area("Brazil").seas == ("Middle Passage",)
    assert w.route_between("Venezuela", "Rio de La Plata") is None
    si = w.minor_row("Two Sicilies")
    assert si.modifiers == {
        "Britain": 1, "Spain": 1, "France": -1, "Prussia": -1, "Austria": 0, "Russia": -1,
        "Holland": -1, "Turkey": -2,
    }  # fmt: skip
    assert (si.armies, si.fleets, si.recovery) == (1, 1, 1)
    assert w.country("Two Sicilies").abbreviation == "Si"
    assert w.home_areas("Two Sicilies") == ["Naples", "Sicily"]
    assert [(u.full, u.reduced) for u in w.units("Two Sicilies")] == [((1, 1), (0, 1))] * 2
    assert [(u.full, u.reduced, u.count) for u in w.units("Prussia", "fleet")] == [
        ((1, 1), (0, 1), 1)
    ]
    assert content.units("Prussia", "fleet") == []


def test_soldier_emperor_is_untouched():
    se = registry.get("soldier-emperor").content
    assert se.with_options(tuple(SWITCHES)) is se


@pytest.mark.parametrize("on", [True, False])
def test_the_americas_map_draws_ticonderoga_only_when_on(tmp_path, on):
    powers = ("Britain", "France", "Prussia", "Austria")
    players = [PlayerSpec(p, f"{p.lower()}@x.org", keys.generate()[1], p) for p in powers]
    options = {"ticonderoga": True} if on else {}
    game = Game.create(tmp_path / "g.pbem", "soldier-kings", "world-at-war-4", players, options)
    try:
        rs = registry.get("soldier-kings")
        s: SoldierState = game.state().rules
        views = rs.map_views(s, "France")
        names = {a.name for v in views for a in v.areas}
        assert ("Ticonderoga" in names) is on
        assert ("Ticonderoga" in s.control) is on
    finally:
        game.close()


def test_games_map_shows_the_map_an_option_makes():
    """`pbem games GAME --map --option NAME`: a World at War trial's referee could not
    see bengal-port's Bengal (SKO Map) without starting a game."""
    from click.testing import CliRunner

    from pbem.cli import main

    run = CliRunner().invoke
    args = ["games", "soldier-kings", "--map", "--scenario", "world-at-war-4"]
    plain, port = run(main, args), run(main, [*args, "--option", "bengal-port"])
    assert plain.exit_code == 0 and port.exit_code == 0, port.output
    assert "Bengal (also Murshidabad): land;" in plain.output
    assert "Bengal (also Murshidabad): coastal on Bay of Bengal;" in port.output
    bad = run(main, [*args, "--option", "nope"])
    assert bad.exit_code == 2 and "has no option nope" in bad.output
