"""Struggle of Empires envelopes: when a line does not read (a misspelt word), the lines
that do read are still checked against the rules, so one answer lists every problem
(pbem.ruleset.check_orders, parse_good_lines)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pbem import joins
from pbem.ruleset import OrderLine, check_orders, get
from pbem.service import Game

RS = get("struggle-of-empires")
GOLDEN = Path(__file__).parent / "golden" / "struggle-of-empires-2p-v3-sealed-joins.pbem"


@pytest.fixture(scope="module")
def states(tmp_path_factory):
    """The first open step of each stage: {stage: (state, power, phase)}."""
    path = tmp_path_factory.mktemp("soe") / "g.pbem"
    shutil.copyfile(GOLDEN, path)
    out = {}
    with Game(path) as game:
        for seq in [r.seq for r in game.log.rows() if r.type == "phase_resolved"]:
            st = game.state(upto=seq - 1)
            step = joins.open_step(st)
            if step is not None and not joins.awaiting(st):
                out.setdefault(st.rules.stage, (st.rules, step.owes[0], step.phase))
    return out


def _check(state, power, phase, lines):
    _, problems = check_orders(
        RS, state, power, phase, [OrderLine(i, t) for i, t in enumerate(lines, 1)]
    )
    return [(p.line, str(p)) for p in problems]


def test_actions_a_misspelt_line_and_a_rule_problem_in_one_answer(states):
    s, power, phase = states["actions"]
    nowhere = next(a for a in ("German States", "Central Europe") if not s.count(a, power, "army"))
    got = _check(s, power, phase, ["atack France in India", f"attack France in {nowhere}"])
    lines = [line for line, _ in got]
    assert lines == [1, 2], got
    assert "no army" in got[1][1], got


def test_placement_a_misspelt_area_and_a_navy_where_none_may_go(states):
    s, power, phase = states["place"]
    lines = ["place army Indai", "place navy German States"] + ["place army India"] * 3
    got = _check(s, power, phase, lines)
    assert [line for line, _ in got] == [1, 2], got
    assert "navies cannot be placed in German States" in got[1][1]
    assert not any("exactly" in m for _, m in got), got  # the misspelt line still counts


def test_an_accepted_envelope_reads_as_before(states):
    s, power, phase = states["actions"]
    orders, problems = check_orders(RS, s, power, phase, [OrderLine(1, "pass")])
    assert not problems and len(orders.actions) == 1
