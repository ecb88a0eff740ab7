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
from pbem.ruleset import OrderLine
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
