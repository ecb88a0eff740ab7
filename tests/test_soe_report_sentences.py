"""Struggle of Empires report sentences, as a player needs them: a natural 7's extra
loss explained, a navies-only attack saying no land combat is fought, "an army", the
two sides of the Alliance display, standing auction orders that decided, and what the
default did when a player sent nothing ("two passes")."""

from __future__ import annotations

from pathlib import Path

from cryptography.hazmat.primitives import serialization

from pbem import keys
from pbem.reports import render, schedule
from pbem.ruleset import get
from pbem.rulesets.struggle import events as E
from pbem.rulesets.struggle.content import load_content
from pbem.rulesets.struggle.report import sections
from pbem.rulesets.struggle.state import SoEState
from pbem.service import Game, PlayerSpec

RS = get("struggle-of-empires")
NOW = "2026-01-01T12:00:00Z"


def _combat(ad, dd, defender="France"):
    return E.CombatFought(
        area="German States", battle="land", attacker="Britain", defender=defender,
        attack_units=2, defence_units=1, attack_dice=ad, defence_dice=dd,
        attack_total=5, defence_total=4, winner="attacker",
    )  # fmt: skip


def test_a_natural_seven_says_one_more_unit_lost():
    said = RS.describe_event(_combat([1, 6], [2, 3]))
    assert said.endswith("Britain wins; Britain rolled a natural 7: one more unit lost."), said
    said = RS.describe_event(_combat([1, 3], [3, 4]))
    assert "France rolled a natural 7: one more unit lost" in said
    assert "natural 7" not in RS.describe_event(_combat([1, 3], [3, 3]))
    # a neutral Country counter loses no unit
    assert "natural 7" not in RS.describe_event(_combat([1, 3], [3, 4], defender="GS-1"))


def _actions_state(armies: int) -> SoEState:
    s = SoEState(seats=["Britain", "France"], stage="actions", order=["Britain", "France"])
    s.units = {"India": {"Britain": {"navy": 1, "army": armies}, "France": {"army": 1}}}
    return s


def test_a_navies_only_attack_says_no_land_combat_and_the_tokens_stay():
    e = E.NavalSupport(area="India", to="Britain", why="naval combat in India")
    said = RS.describe_event(e, _actions_state(0))
    assert "No land combat is fought (Britain has no army in India)" in said
    assert "the control tokens there stay" in said
    assert "No land combat" not in RS.describe_event(e, _actions_state(1))


def test_an_army_and_standing_orders_that_decided():
    said = RS.describe_event(E.UnitsPlaced(power="Britain", units=[("army", "India")]))
    assert said == "Britain places an army in India."
    bid = RS.describe_event(E.BidMade(power="Spain", amount=1, a="Spain", b="France", proxy=True))
    assert "(his standing orders decided)" in bid
    assert "(his standing orders decided)" in RS.describe_event(
        E.BidPassed(power="Spain", proxy=True)
    )


def test_the_alliance_line_says_which_side_is_which():
    seats = ["Britain", "France", "Spain"]
    s = SoEState.model_validate(
        {
            "seats": seats, "stage": "actions", "war": 1, "round": 1, "order": seats,
            "display": ["Britain", "France", "Spain", None, None, None, None],
            "powers": {p: {} for p in seats},
        }
    )  # fmt: skip
    lines = sections(load_content(), s, "Britain")[0].lines
    line = next(x for x in lines if x.startswith("Alliances"))
    assert "Britain and Spain (top row) against France (bottom row)" in line, line


def _new_game(tmp: Path) -> Path:
    players = []
    for i, p in enumerate(["Britain", "France"]):
        key = keys.private_from_seed(bytes([i + 1]) * 32)
        pem = key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        signer = keys.Signer.load(pem)
        players.append(PlayerSpec(p, f"{p.lower()}@example.org", signer.public.line, p))
    path = tmp / "soe.pbem"
    Game.create(
        path, "struggle-of-empires", "2p", players, game_id="g", now=NOW, master=bytes(32)
    ).close()
    return path


def test_the_default_says_what_it_did(tmp_path):
    path = _new_game(tmp_path)
    with Game(path) as g:
        stages = set()
        for _ in range(8):  # set-up, auction and action steps, nobody sending orders
            stages.add(g.state().rules.stage)
            g.declare_deadline(now=NOW)
            assert g.advance(max_steps=1)
        assert {"place", "auction", "actions"} <= stages, stages
        text = "\n".join(render(g, d.power, d.start, d.stop).text for d in schedule(g))
    assert "the default applied: an army in each area where he has the most" in text
    assert "the default applied: two passes." in text
    assert "the default applied: his standing auction orders bid or pass" in text
