"""Seven Years World War order templates (rulesets/seven_years/template.py): every report
that asks for orders pre-fills its envelope with the powers the player controls, what the
step takes and examples with his own pieces; each example, uncommented, is accepted by
the rules' own parse and validate (checked here on every step of the golden game, and on
a free-deployment game's `rank` step)."""

from __future__ import annotations

import shutil
from pathlib import Path

from orderkit import problems
from seeded import Seeded

from pbem import joins
from pbem.resolution import Resolution
from pbem.ruleset import OrderLine, check_orders, get
from pbem.rulesets.seven_years import template
from pbem.rulesets.seven_years.content import default_content
from pbem.rulesets.seven_years.phases import step as step_of
from pbem.service import Game

RS = get("seven-years-world-war")
GOLDEN = Path(__file__).parent / "golden" / "seven-years-world-war-2-european.pbem"


def _accepted(s, seat, phase, lines):
    return problems(RS, s, seat, phase, lines)


def set_up(scenario: str, seed: int):
    ctx = Resolution(RS, RS.new_state(scenario, {}), Seeded(seed))
    RS.setup(ctx, scenario, {})
    return ctx.state


def test_every_golden_step_offers_examples_that_are_accepted(tmp_path):
    path = tmp_path / "g.pbem"
    shutil.copyfile(GOLDEN, path)
    c = default_content()
    kinds: set[str] = set()
    with Game(path) as game:
        heads = [r.seq for r in game.log.rows() if r.type == "phase_resolved"]
        for seq in heads:
            st = game.state(upto=seq - 1)
            step = joins.open_step(st)
            if step is None:
                continue
            for seat in step.owes:
                s = st.rules
                lines = RS.order_template(s, seat, step)
                assert all(x.startswith("#") for x in lines), lines
                assert lines[1].startswith("# You control: "), lines[:2]
                ex = template.examples(c, s, seat, step)
                assert not _accepted(s, seat, step.phase, ex), (step.phase, seat, ex)
                assert all(f"#   {x}" in lines for x in ex)
                kinds |= {f"{s.stage}:{x.split()[0]}" for x in ex}
                stand = template.standing_examples(c, s, seat)
                assert not _accepted(s, seat, "standing", stand), (step.phase, seat, stand)
                assert all(f"#   {x}" in lines for x in stand)
                kinds |= {f"standing:{' '.join(x.split()[:2])}" for x in stand}
    # a placement, a recruit and a real move or attack were offered, and accepted
    assert {"place:place", "treasury:recruit"} <= kinds, kinds
    assert kinds & {"turn:move", "turn:attack"}, kinds
    # 21.1, 21.2, 8.31, 9.4, 16.4, 29.7: the standing orders, filled in
    assert {
        "standing:deal with", "standing:pact with", "standing:discard order:",
        "standing:defend with", "standing:countermarch from", "standing:play grand",
        "standing:illuminati on", "standing:sturm und", "standing:losses in",
    } <= kinds, kinds  # fmt: skip


def test_standing_examples_name_a_real_other_player_and_the_players_own_powers():
    s = set_up("3-european", 2)
    c = default_content()
    seat = s.seats[1]
    s.players[seat].hand = ["DIP2-1", "EXP-1", "G2-1"]
    ex = template.standing_examples(c, s, seat)
    assert not _accepted(s, seat, "standing", ex), ex
    other = s.seats[2]
    assert (
        f"deal with {other}: {seat} gives 2 treasury to {other}; {other} gives Diplomacy 1 to {seat}"
        in ex
    )
    assert f"pact with {other}: no attack until 1757" in ex
    assert "discard order: Diplomacy 2, Expedition" in ex
    assert f"defend {s.powers_of(seat)[0]} with 2" in ex
    assert f"sturm und drang against Grand Tour by {other}" in ex


def test_the_set_up_template_lists_the_squares_of_each_piece_and_the_random_minor():
    s = next(x for x in (set_up("2-european", n) for n in range(20)) if any(x.wild.values()))
    seat = next(x for x in s.seats if s.wild.get(x))
    lines = RS.order_template(s, seat, step_of(s))
    text = "\n".join(lines)
    assert "# - GB-A1 to GB-A4: " in text or "# - PR-A1 to PR-A4: " in text, text
    assert "Your random minor piece" in text and "unaligned regions" in text
    assert "# You control: " in text


def test_the_rank_step_offers_a_ranking_that_is_accepted():
    s = set_up("free-2", 1)
    st = step_of(s)
    ex = template.examples(default_content(), s, s.seats[0], st)
    assert ex and ex[0].startswith("rank "), ex
    assert not _accepted(s, s.seats[0], st.phase, ex)
    orders, _ = check_orders(RS, s, s.seats[0], st.phase, [OrderLine(1, ex[0])])
    assert orders is not None
