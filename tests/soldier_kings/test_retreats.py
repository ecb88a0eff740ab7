"""Retreats (SK 9.5 Retreat Before Battle; SK 9.8 uses the same restrictions).

Each SK 9.5 restriction has a test where it alone keeps an area out (so the test fails
if the restriction is removed) and a counterpart where the area is allowed.
"""

from __future__ import annotations

import pytest

from pbem.content import read_toml_dir
from pbem.rulesets.soldier import retreats as R
from pbem.rulesets.soldier.content import SoldierContent, load_content
from pbem.rulesets.soldier.retreats import choose_retreat, retreat_areas
from pbem.rulesets.soldier.state import Counter, Move, SoldierState


@pytest.fixture(scope="module")
def sk() -> SoldierContent:
    return load_content(read_toml_dir("soldier-kings"))


PRUSSIA_CONTROL = {"Berlin": "Prussia", "Silesia": "Prussia", "Magdeburg": "Prussia"}


def state(
    armies: dict[str, list[tuple[str, int]]] | None = None,
    moves: list[tuple[str, str, str]] = (),
    control: dict[str, str] | None = None,
    allies: dict[str, str] | None = None,
    fleets: dict[str, list[tuple[str, int]]] | None = None,
) -> SoldierState:
    """A state from {area: [(country, count)]}; moves are (unit id, from, to), ids being
    those this builds: "<country>-<area>-<n>". Austria and Russia are allied (one
    player, as in the scenarios); Poland is Russia's minor ally unless told."""
    units: dict[str, Counter] = {}
    for kind, spec in (("army", armies or {}), ("fleet", fleets or {})):
        for area, groups in spec.items():
            for country, count in groups:
                for n in range(count):
                    uid = f"{country}-{kind[0]}-{area}-{n}"
                    units[uid] = Counter(
                        id=uid,
                        country=country,
                        type=kind,
                        full=(3, 2),
                        reduced=(2, 1),
                        status="map",
                        area=area,
                    )
    return SoldierState(
        players={"Prussia": ["Prussia"], "Allies": ["Austria", "Russia"]},
        majors=["Austria", "Prussia", "Russia"],
        allies={"Poland": "Russia"} if allies is None else allies,
        control={**PRUSSIA_CONTROL, **(control or {})},
        units=units,
        moves=[
            Move(unit=u, country=units[u].country if u in units else u.split("-")[0], frm=f, to=t)
            for u, f, t in moves
        ],
    )


def land_combat_example() -> SoldierState:
    """SK Land Combat Example, after movement: four Austrian armies entered Silesia from
    Wien, one Russian from Polesia; two Polish and three Russian armies entered Berlin
    from Warsawa. Henry and two Prussian armies hold Silesia, Frederick and three
    Berlin; Prussia controls Berlin, Silesia and Magdeburg."""
    armies = {
        "Silesia": [("Prussia", 2), ("Austria", 4), ("Russia", 1)],
        "Berlin": [("Prussia", 3), ("Poland", 2), ("Russia", 3)],
    }
    moves = [(f"Austria-a-Silesia-{n}", "Wien", "Silesia") for n in range(4)]
    moves.append(("Russia-a-Silesia-0", "Polesia", "Silesia"))
    moves += [(f"Poland-a-Berlin-{n}", "Warsawa", "Berlin") for n in range(2)]
    moves += [(f"Russia-a-Berlin-{n}", "Warsawa", "Berlin") for n in range(3)]
    return state(armies, moves)


# --------------------------------------------------------------------------- the example


def test_henry_in_silesia_cannot_retreat(sk):
    s = land_combat_example()
    assert retreat_areas(sk, s, "Silesia", "Prussia", 2, set()) == []
    why = R.retreat_restrictions(sk, s, "Silesia", "Prussia", 2)
    assert why == {
        "Berlin": [R.ENEMY_ARMIES],  # five enemy armies, Henry has two
        "Bohemia": [R.ENEMY_CONTROL, R.MOUNTAIN],
        "Polesia": [R.ENEMY_CONTROL, R.ENEMY_ENTRY],
        "Warsawa": [R.ENEMY_CONTROL],  # Poland is Russia's minor ally
        "Wien": [R.ENEMY_CONTROL, R.ENEMY_ENTRY],
    }
    # SK 9.8: the same after a round, for a single reduced army.
    assert retreat_areas(sk, s, "Silesia", "Prussia", 1, set()) == []


def test_frederick_in_berlin_could_retreat_to_magdeburg(sk):
    s = land_combat_example()
    options = retreat_areas(sk, s, "Berlin", "Prussia", 3, set())
    assert "Magdeburg" in options
    assert "Warsawa" not in options  # enemy-controlled and the enemy's entry route
    assert "Silesia" not in options  # five enemy armies there, more than three
    assert options == sorted(options)
    assert choose_retreat(sk, s, "Prussia", options) == "Magdeburg"


def test_the_allies_in_silesia_may_retreat_home(sk):
    # SK Land Combat Example: the reduced Austrian army retreats to Wien, the Russian
    # to Polesia (their own armies' entry routes do not block them).
    s = land_combat_example()
    assert "Wien" in retreat_areas(sk, s, "Silesia", "Austria", 1, set())
    assert "Polesia" in retreat_areas(sk, s, "Silesia", "Russia", 1, set())


# --------------------------------------------------------------------------- each restriction


def test_not_into_enemy_controlled_areas(sk):
    s = state({"Silesia": [("Prussia", 2)]})
    assert "Warsawa" not in retreat_areas(sk, s, "Silesia", "Prussia", 2, set())
    assert R.retreat_restrictions(sk, s, "Silesia", "Prussia", 2)["Warsawa"] == [R.ENEMY_CONTROL]
    assert "Wien" not in retreat_areas(sk, s, "Silesia", "Prussia", 2, set())
    s = state({"Silesia": [("Prussia", 2)]}, control={"Wien": "Prussia"})
    assert "Wien" in retreat_areas(sk, s, "Silesia", "Prussia", 2, set())


def test_neutral_minor_areas_are_allowed(sk):
    # SK 9.5 note. Poland not allied to anyone: Warsawa is a neutral minor area.
    s = state({"Silesia": [("Prussia", 2)]}, allies={})
    assert "Warsawa" in retreat_areas(sk, s, "Silesia", "Prussia", 2, set())
    # Saxony (Berlin's neighbour) is neutral in every state built here.
    s = state({"Berlin": [("Prussia", 1)]})
    assert "Saxony" in retreat_areas(sk, s, "Berlin", "Prussia", 1, set())


def test_allied_controlled_areas_are_allowed(sk):
    s = state({"Silesia": [("Russia", 1)]}, control={"Silesia": "Austria"})
    assert "Wien" in retreat_areas(sk, s, "Silesia", "Russia", 1, set())


def test_not_via_mountain_routes(sk):
    s = state({"Silesia": [("Prussia", 2)]}, control={"Bohemia": "Prussia", "Wien": "Prussia"})
    options = retreat_areas(sk, s, "Silesia", "Prussia", 2, set())
    assert "Bohemia" not in options
    assert R.retreat_restrictions(sk, s, "Silesia", "Prussia", 2)["Bohemia"] == [R.MOUNTAIN]
    assert "Wien" in options  # the same situation across a plain route


def test_not_via_routes_enemy_armies_entered_by(sk):
    armies = {"Silesia": [("Prussia", 2), ("Austria", 1)]}
    control = {"Wien": "Prussia"}
    s = state(armies, [("Austria-a-Silesia-0", "Wien", "Silesia")], control)
    assert "Wien" not in retreat_areas(sk, s, "Silesia", "Prussia", 2, set())
    assert R.retreat_restrictions(sk, s, "Silesia", "Prussia", 2)["Wien"] == [R.ENEMY_ENTRY]
    # no move: allowed
    assert "Wien" in retreat_areas(sk, state(armies, (), control), "Silesia", "Prussia", 2, set())
    # a friendly army's move does not block, nor an enemy move into another area
    friendly = state(armies, [("Prussia-a-Silesia-0", "Wien", "Silesia")], control)
    assert "Wien" in retreat_areas(sk, friendly, "Silesia", "Prussia", 2, set())
    elsewhere = state(armies, [("Austria-a-Silesia-0", "Wien", "Bohemia")], control)
    assert "Wien" in retreat_areas(sk, elsewhere, "Silesia", "Prussia", 2, set())
    # "Skilful Retreat" lifts it
    assert "Wien" in retreat_areas(sk, s, "Silesia", "Prussia", 2, set(), ignore_entry_routes=True)


def test_blocked_routes_from_the_caller(sk):
    s = state({"Berlin": [("Prussia", 3)]})
    assert "Magdeburg" in retreat_areas(sk, s, "Berlin", "Prussia", 3, set())
    assert "Magdeburg" not in retreat_areas(sk, s, "Berlin", "Prussia", 3, {"Magdeburg"})


def test_not_into_more_enemy_armies_than_are_retreating(sk):
    armies = {"Berlin": [("Prussia", 3)], "Magdeburg": [("Russia", 3)]}
    s = state(armies)
    assert "Magdeburg" not in retreat_areas(sk, s, "Berlin", "Prussia", 2, set())
    assert R.retreat_restrictions(sk, s, "Berlin", "Prussia", 2)["Magdeburg"] == [R.ENEMY_ARMIES]
    # equal numbers are allowed: "greater than"
    assert "Magdeburg" in retreat_areas(sk, s, "Berlin", "Prussia", 3, set())
    # fleets are not armies; friendly armies are not enemy armies
    s = state({"Magdeburg": [("Prussia", 5)]}, fleets={"Magdeburg": [("Russia", 5)]})
    assert "Magdeburg" in retreat_areas(sk, s, "Berlin", "Prussia", 1, set())


# --------------------------------------------------------------------------- choosing


def test_choose_retreat_standing_order_first(sk):
    s = state({"Berlin": [("Prussia", 3)]})
    options = retreat_areas(sk, s, "Berlin", "Prussia", 3, set())
    assert choose_retreat(sk, s, "Prussia", options, ["Warsawa", "pomerania"]) == "Pomerania"
    assert choose_retreat(sk, s, "Prussia", options, ["Nowhere", "Warsawa"]) == "Magdeburg"
    assert choose_retreat(sk, s, "Prussia", [], ["Magdeburg"]) is None


def test_choose_retreat_default_order(sk):
    options = ["Magdeburg", "Mecklenburg", "Pomerania", "Saxony"]
    # no armies anywhere: friendly-controlled, then highest fortification (Magdeburg 4)
    assert choose_retreat(sk, state(), "Prussia", options) == "Magdeburg"
    # most friendly armies beats fortification ...
    s = state({"Pomerania": [("Prussia", 1)]})
    assert choose_retreat(sk, s, "Prussia", options) == "Pomerania"
    # ... friendly control beats friendly armies (Saxony is neutral) ...
    s = state({"Saxony": [("Prussia", 2)], "Pomerania": [("Prussia", 1)]})
    assert choose_retreat(sk, s, "Prussia", options) == "Pomerania"
    # ... and fewest enemy armies beats everything
    s = state({"Pomerania": [("Prussia", 1), ("Russia", 1)]})
    assert choose_retreat(sk, s, "Prussia", options) == "Magdeburg"
    assert choose_retreat(sk, s, "Prussia", ["Pomerania", "Saxony"]) == "Saxony"


def test_sea_retreats_are_an_empty_extension_point(sk):
    s = land_combat_example()
    assert R.sea_retreat_areas(sk, s, "Berlin", "Prussia") == []
