"""Struggle of Empires order templates (rulesets/struggle/template.py): every report that
asks for orders pre-fills its envelope with what the step takes, the player's own units,
tokens, gold and tiles, and examples with them; each example, uncommented, is accepted
by the rules' own parse and validate (every step of the golden game, and the auction
turns of a 3-player game), and is carried out as a real order."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from orderkit import problems

from pbem import joins
from pbem.ruleset import STANDING, OrderLine, check_orders, get
from pbem.rulesets.struggle import template
from pbem.rulesets.struggle.content import load_content
from pbem.service import Game

RS = get("struggle-of-empires")
GOLDEN = Path(__file__).parent / "golden" / "struggle-of-empires-2p-v3-sealed-joins.pbem"


def _problems(s, power, phase, lines):
    return problems(RS, s, power, phase, lines)


def _check(s, power, step, kinds):
    lines = RS.order_template(s, power, step)
    assert lines and all(x.startswith("#") for x in lines), lines
    text = "\n".join(lines)
    assert "# Your units: " in text and "# Your control tokens: " in text, text
    assert "Phase: standing" in text
    for env in template.examples(load_content(), s, power):
        assert not _problems(s, power, step.phase, env), (step.phase, power, env)
        assert all(f"#   {x}" in lines for x in env)
        kinds |= {f"{s.stage}:{x.split()[0]}" for x in env}
    standing = template.standing_examples(load_content(), s, power)
    assert standing and not _problems(s, power, STANDING, standing), standing
    assert all(f"#   {x}" in lines for x in standing)


@pytest.fixture(scope="module")
def golden(tmp_path_factory):
    path = tmp_path_factory.mktemp("soe") / "g.pbem"
    shutil.copyfile(GOLDEN, path)
    return path


def test_every_golden_step_offers_examples_that_are_accepted(golden):
    kinds: set[str] = set()
    with Game(golden) as game:
        heads = [r.seq for r in game.log.rows() if r.type == "phase_resolved"]
        for seq in heads:
            st = game.state(upto=seq - 1)
            step = joins.open_step(st)
            if step is None or joins.awaiting(st):
                continue
            for power in step.owes:
                _check(st.rules, power, step, kinds)
    assert {"place:place", "actions:attack", "actions:move", "actions:build"} <= kinds, kinds
    assert {"actions:pass", "actions:if"} <= kinds, kinds


def test_an_example_is_carried_out_as_a_real_order(golden):
    """The first round's attack example, uncommented, is accepted and fought."""
    with Game(golden) as game:
        rows = [r.seq for r in game.log.rows() if r.type == "phase_resolved"]
        for seq in rows:
            st = game.state(upto=seq - 1)
            step = joins.open_step(st)
            if step is not None and st.rules.stage == "actions":
                break
        power = step.owes[0]
        s = st.rules
        ex = template.examples(load_content(), s, power)
        attack = next(e[0] for e in ex if e[0].startswith("attack "))
        orders, problems = check_orders(RS, s, power, step.phase, [OrderLine(1, attack)])
        assert not problems and orders.actions, problems
        assert type(orders.actions[0]).__name__ == "Attack"


def test_the_auction_template_offers_a_bid_and_standing_orders(tmp_path):
    from pbem.demo import run_demo

    path = run_demo(
        tmp_path, "struggle-of-empires", "3p", echo=lambda s: None, master=bytes(32),
        reports_too=False,
    )  # fmt: skip
    kinds: set[str] = set()
    with Game(path) as game:
        rows = [r.seq for r in game.log.rows() if r.type in ("soe.auction_opened", "soe.bid")]
        for seq in rows[:6]:
            s = game.state(upto=seq).rules
            a = s.auction
            if a is None or s.stage != "auction":
                continue
            power = a.order[a.turn]
            step = RS.step(s)
            _check(s, power, step, kinds)
            text = "\n".join(RS.order_template(s, power, step))
            assert "alliance auction" in text.lower() and "Not yet allied" in text
    assert {"auction:bid", "auction:pass"} <= kinds, kinds


def test_the_standing_comment_names_every_reserve_form(golden):
    """SoE Reserve: the standing envelope's comment lists `reserve if losing` (the
    default), `reserve if tied` and `reserve never`, and each is a standing order."""
    assert "reserve if losing|if tied|never" in " ".join(template.STANDING)
    with Game(golden) as game:
        s = game.state().rules
    power = s.seats[0]
    for form in ("reserve if losing", "reserve if tied", "reserve never"):
        assert not _problems(s, power, STANDING, [form]), form
