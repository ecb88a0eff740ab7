"""An order template sent back as it came reads (every game): the report pre-fills each
envelope with `#` comment lines (and blank ones), and a player who writes his orders
under them, or sends the template untouched, must not have those lines refused. Walked
over every step of each game's present golden game, for every power that owes or may
send orders there."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from pbem import envelope, joins
from pbem.reports.build import standing_template
from pbem.ruleset import STANDING, OrderLine
from pbem.service import Game

GOLDEN = Path(__file__).parent / "golden"
SUPERSEDED = tomllib.loads((GOLDEN / "superseded.toml").read_text())
CURRENT = sorted(p.stem for p in GOLDEN.glob("*.pbem") if p.stem not in SUPERSEDED)


def _blank_or_comment(text: str) -> bool:
    return not text.split("#", 1)[0].strip()


@pytest.mark.parametrize("name", CURRENT)
def test_template_comment_and_blank_lines_are_never_refused(name, tmp_path):
    path = tmp_path / f"{name}.pbem"
    shutil.copyfile(GOLDEN / f"{name}.pbem", path)
    checked = 0
    with Game(path) as game:
        heads = [r.seq for r in game.log.rows() if r.type == "phase_resolved"]
        for seq in heads:
            st = game.state(upto=seq - 1)  # just before a resolution: its step is open
            step = joins.open_step(st)
            if step is None:
                continue
            for power in (*step.owes, *step.may):
                # as the report prints it (pbem/reports/build.py)
                template = [
                    y
                    for x in joins.order_template(st, power, step)
                    for y in envelope.fit_comment(str(x))
                ]
                lines = [OrderLine(i, t) for i, t in enumerate(["", *template, "", "# end"], 1)]
                _, problems = joins.check_orders(st, power, step.phase, lines)
                bad = [
                    str(p)
                    for p in problems
                    if p.line is not None and _blank_or_comment(lines[p.line - 1].text)
                ]
                assert not bad, (name, step.phase, power, bad)
                checked += 1
    assert checked >= 10, checked


@pytest.mark.parametrize("name", CURRENT)
def test_standing_envelope_sent_back_keeps_the_standing_orders(name, tmp_path):
    """Every report carries a `Phase: standing` envelope: the comment lines naming the
    game's standing orders, then the power's standing orders in force. Sent back as it
    comes, at any step, it is read without a problem and orders exactly what is in
    force (the comment lines add nothing), and its Sequence is above every one
    accepted from the power, of either kind (the orders envelope carries the same:
    orders and standing orders count apart, docs/signing.md)."""
    path = tmp_path / f"{name}.pbem"
    shutil.copyfile(GOLDEN / f"{name}.pbem", path)
    checked = with_lines = 0
    with Game(path) as game:
        heads = [r.seq for r in game.log.rows() if r.type == "phase_resolved"]
        for seq in heads[1:]:  # after the set-up: standing orders are taken
            st = game.state(upto=seq - 1)
            step = joins.open_step(st)
            if step is None:
                continue
            for power in st.players:
                nxt = st.next_sequence(power)
                template = standing_template(st, power, nxt)
                assert template, (name, power)
                assert f"Phase: {STANDING}" in template and f"Sequence: {nxt}" in template
                assert all(len(t) <= envelope.WIDTH for t in template if t.startswith("#"))
                body = list(template[template.index("") + 1 :])
                lines = [OrderLine(i, t) for i, t in enumerate(["", *body], 1)]
                got, problems = joins.check_orders(st, power, STANDING, lines)
                assert not problems, (name, step.phase, power, [str(p) for p in problems])
                acc = st.standing.get(power)
                kept = []
                if acc is not None:
                    kept = [o.text.rstrip() for o in envelope.parse(acc.event.envelope).orders]
                    while kept and not kept[-1].strip():
                        kept.pop()
                    with_lines += bool(kept)
                n = len(body) - len(kept)
                assert body[n:] == kept and all(t.startswith("#") for t in body[:n])
                bare = [""] * n + kept  # the lines in force alone, where they stand
                ref = [OrderLine(i, t) for i, t in enumerate(["", *bare], 1)]
                want, _ = joins.check_orders(st, power, STANDING, ref)
                assert got == want, (name, step.phase, power)
                checked += 1
    assert checked >= 10, checked
    # each golden game but 7YWW's gives standing orders, so their lines are checked too
    assert with_lines or name.startswith("seven-years"), name
