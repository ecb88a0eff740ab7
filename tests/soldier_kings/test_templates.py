"""Order templates valid by construction (issue 17): every order a template offers, as a
player would send it (the `#` taken off an example), passes the same parse and validate
that orders pass, for every power at every step of the demo games of 1756 and 1757."""

from __future__ import annotations

import pytest
from skkit import SKGame, play

from pbem.ruleset import OrderLine

VERBS = ("place", "buy", "recover", "give", "move", "attack", "siege", "sail", "declare", "upgrade")


def _orders(template: list[str]) -> list[str]:
    """The template's order lines: uncommented ones, and commented examples as orders."""
    out = []
    for line in template:
        text = line[1:].strip() if line.startswith("#") else line.strip()
        if text.split(" ", 1)[0] in VERBS:
            out.append(text)
    return out


def _groups(stage: str, orders: list[str]) -> list[list[str]]:
    """What a player sends together: the set-up as one set ('rest' is what the other
    lines leave); an action's move with the attack or siege it leads to; else each line."""
    if stage == "setup":
        return [orders] if orders else []
    if stage == "action":
        moves = [o for o in orders if o.startswith("move ")]
        rest = [o for o in orders if not o.startswith("move ")]
        return [[*moves, o] for o in rest] or ([moves] if moves else [])
    return [[o] for o in orders]


def _check(g: SKGame, seen: list) -> None:
    rs, s = g.rs, g.state
    step = g.game.status().step
    if step is None:
        return
    for p in (*step.owes, *step.may):
        template = rs.order_template(s, p, step)
        for group in _groups(s.stage, _orders(template)):
            lines = [OrderLine(i + 1, x) for i, x in enumerate(group)]
            parsed = rs.parse(s, p, step.phase, lines)
            problems = parsed.problems or rs.validate(s, p, step.phase, parsed.orders)
            assert not problems, (step.phase, p, group, [str(x) for x in problems])
            seen.append((s.stage, p, tuple(group)))


OPTIONS = {"declaring-war": True, "fortress-upgrades": True}  # SKO: lines of their own


@pytest.mark.parametrize(
    ("scenario", "options"), [("1756", None), ("1757", None), ("1756", OPTIONS)]
)
def test_every_template_order_is_valid(tmp_path, scenario, options, monkeypatch):
    g = SKGame(tmp_path, scenario, options=options)
    seen: list = []
    real = g.game.advance

    def advance(*a, **k):
        _check(g, seen)  # the template of every report that asks for these orders
        return real(*a, **k)

    monkeypatch.setattr(g.game, "advance", advance)
    play(g, scenario=scenario)
    stages = {x[0] for x in seen}
    assert {"setup", "purchase", "action"} <= stages, stages
    assert any(o.startswith("place rest in ") for _, _, grp in seen for o in grp)
    if options:
        said = {o.split(" ", 1)[0] for _, _, grp in seen for o in grp}
        assert {"declare", "upgrade"} <= said
