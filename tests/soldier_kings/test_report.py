"""Soldier Kings turn reports: fog of war in every report of a whole game, the
sentences, the position, the map view and the order template, determinism."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from skkit import NOW, SKGame

from pbem.reports import render, safety, schedule
from pbem.rulesets.soldier import report

STANDING = {  # the first two lines of each are secrets of that power: a retreat plan, a sealed bribe
    "Austria": [
        "retreat from Saxony to Bohemia if outnumbered",
        "bribe Bavaria 3 against",
        "# plan SECRET-Austria-STANDING",
    ],
    "Prussia": [
        "retreat from Silesia to Berlin after round 1",
        "bribe Poland 2 for Prussia",
        "# plan SECRET-Prussia-STANDING",
    ],
}


def _play(g: SKGame) -> None:
    rs = g.rs
    for p in rs.powers("1756", {}):
        lines = [*rs.demo_standing(g.state, p), *STANDING[p]]
        r = g.submit(p, "\n".join(lines), phase="standing")
        assert r.ok, r.message()
    while g.game.status().ended is None:
        step = g.game.status().step
        for p in step.owes:
            lines = [*rs.demo_orders(g.state, p, step), f"# note SECRET-{p}-{step.phase}"]
            r = g.submit(p, "\n".join(lines))
            assert r.status == "accepted", (step.phase, r.message())
        assert g.game.advance(), f"stuck at {step.phase}"


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    g = SKGame(tmp_path_factory.mktemp("skr"), "1756")
    _play(g)
    reports = [(d, render(g.game, d.power, d.start, d.stop)) for d in schedule(g.game)]
    return g, reports


def test_every_report_hides_what_its_power_may_not_see(played):
    g, reports = played
    log = list(g.game.log.events())
    dealt = {e.player: list(e.cards) for _, e in log if e.type == "sk.cards_dealt"}
    hidden_labels = [e.label for _, e in log if e.type == "dice_rolled" and e.stream == "hidden"]
    assert hidden_labels and set(dealt) == {"Austria", "Prussia"}
    content = g.rs.content
    seen_own = {p: set() for p in dealt}
    for d, r in reports:
        me = d.power
        other = "Prussia" if me == "Austria" else "Austria"
        mine = set(dealt[me])
        mentioned = " ".join(content.card(c).text for c in mine)
        secret_cards = [c for c in dealt[other] if c not in mine and c not in mentioned]
        for part, body in (("text", r.text), ("html", r.html)):
            where = (d.key, part)
            for c in secret_cards:  # the other hand: dealt, never played
                assert c not in body, (where, c)
            for label in hidden_labels:  # hidden draws
                assert label not in body, (where, label)
            assert "deal to" not in body, where
            assert f"SECRET-{other}" not in body, where  # its orders and standing orders
            for secret in STANDING[other][:2]:  # its standing orders, its sealed bribe (SK 17.42)
                assert secret not in body, (where, secret)
            assert safety.problems(r.html) == []
            for marker in (f"SECRET-{me}-STANDING", f"SECRET-{me}-1756"):
                if marker in body:
                    seen_own[me].add(marker)
    # the search finds what is there: each power reads its own orders back
    for p in dealt:
        assert seen_own[p] == {f"SECRET-{p}-STANDING", f"SECRET-{p}-1756"}, p
    first = {d.power: r for d, r in reports if d.start == 1}
    for p, cards in dealt.items():
        assert all(c in first[p].text for c in cards)  # its own hand, in its first report


def test_the_view_shows_no_deck_and_no_other_hand(played):
    g, _ = played
    s = g.state
    for p in ("Austria", "Prussia"):
        v = g.rs.view(s, p)
        assert v["deck"] == len(s.deck)
        other = "Prussia" if p == "Austria" else "Austria"
        assert v["hands"][other] == len(s.hands[other])


def test_reports_tell_the_game_in_sentences_with_every_die(played):
    g, reports = played
    text = "\n".join(r.text for d, r in reports if d.power == "Prussia")
    assert "Scenario #1 (1756) begins" in text
    assert "Prussia places its pieces" in text
    assert "Initiative (SK 4.1): " in text and "moves first; the action phases go" in text
    assert "Prussia buys " in text and "arriving on Turn" in text
    assert " moves " in text
    assert "victory points (gained:" in text and "The game is over: " in text
    assert "The scenario is over" not in text  # said once, by the core's game_ended
    for type_ in report.SAYINGS:  # no raw dump of an event that has a sentence
        assert f"{type_}:" not in text, type_
    lines, at = text.splitlines(), 0
    for _, e in g.game.log.events():
        if e.type == "dice_rolled" and e.stream == "public":
            head = f"   dice  {e.label}: "
            at = next(i for i in range(at, len(lines)) if lines[i].startswith(head))
            line = lines[at]
            at += 1
            shown, _, legend = line[len(head) :].partition("  ([n]: a hit, ")
            values = shown.split(" (of ")[0].split()
            assert [int(v.strip("[]")) for v in values] == e.values, line
            if legend:  # the dice that score hits, bracketed: at or above the number given
                hit = int(legend.split()[0])
                assert [v.startswith("[") for v in values] == [v >= hit for v in e.values]
            else:
                assert "[" not in shown
    assert "Prussia: treasury" in text and "Your hand" in text
    assert "Prussia: forces on the map" in text and "The other powers" in text


def test_the_order_template_lists_the_powers_pieces_by_area(tmp_path):
    g = SKGame(tmp_path, "1756")
    d = schedule(g.game)[0]
    au = render(g.game, "Austria", d.start, d.stop)
    assert "YOUR ORDERS ARE DUE: Set-up, Austria (first)" in au.text
    assert "Phase: 1756-spring-setup-1" in au.text
    assert "# To place: Au-A" in au.text and "# place rest in " in au.text
    pr = render(g.game, "Prussia", d.start, d.stop)
    assert "Nothing is due from you now. The game waits for Austria" in pr.text
    assert "Phase: 1756-spring-setup-1" not in pr.text
    # on to Prussia's action phase: its units, by area, with strengths, and examples
    while True:
        step = g.game.status().step
        if step.phase.startswith("1756-spring-action-") and "Prussia" in step.owes:
            break
        for p in step.owes:
            assert g.submit(p, "\n".join(g.rs.demo_orders(g.state, p, step)) or "# -").ok
        g.game.advance()
    lines = report.order_template(g.rs.content, g.state, "Prussia", step)
    assert lines[0] == f"# {step.title}"
    by_area = [ln for ln in lines if ln.startswith("# Silesia: ")]
    assert by_area and "Pr-A1 (4-3)" in by_area[0] and "Frederick II" in by_area[0]
    assert any(ln.startswith("# move Pr-A") for ln in lines)
    assert all(ln.startswith("#") for ln in lines)  # sent as it is, it orders nothing


def test_the_map_shows_control_pieces_sieges_and_blockades(played):
    g, _ = played
    s = g.state.model_copy(deep=True)
    s.fort_hits["Berlin"] = 2
    s.besieger["Berlin"] = "Austria"
    s.blockades["Pomerania"] = [{"sea": "Baltic Sea", "power": "Austria", "fleets": ["Au-F1"]}]
    view = report.map_view(g.rs.content, s, "Prussia")
    names = {a.name for a in view.areas}
    assert {"Berlin", "Silesia", "Baltic Sea"} <= names
    berlin = next(a for a in view.areas if a.name == "Berlin")
    assert berlin.fill == g.rs.content.country(s.control["Berlin"]).color
    assert any(a.sea for a in view.areas)
    assert view.stacks and all(st.text.split()[0].isalpha() for st in view.stacks)
    kinds = {(m.kind, m.area) for m in view.markers}
    assert ("siege", "Berlin") in kinds and ("blockade", "Pomerania") in kinds
    siege = next(m for m in view.markers if m.kind == "siege")
    assert siege.text == f"siege 2/{g.rs.content.land_area('Berlin').fortification}"
    sections = {x.title for x in report.sections(g.rs.content, s, "Prussia")}
    assert {"Sieges", "Blockades"} <= sections


def test_same_log_same_reports_in_another_process(played):
    """Nothing depends on hash order, the clock or the process: PYTHONHASHSEED varies."""
    g, reports = played
    code = (
        "import sys, json; sys.path.insert(0, 'tests/support')\n"
        "from pbem.service import Game\n"
        "from pbem.reports import render, schedule\n"
        "g = Game(sys.argv[1])\n"
        "print(json.dumps([render(g, d.power, d.start, d.stop).content_hash "
        "for d in schedule(g)]))\n"
    )
    root = Path(__file__).resolve().parents[2]
    want = [r.content_hash for _, r in reports]
    for seed in ("1", "2"):
        out = subprocess.run(
            [sys.executable, "-c", code, str(g.path)],
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        )
        import json

        assert json.loads(out.stdout) == want


def test_the_deadline_is_printed_when_given(tmp_path):
    g = SKGame(tmp_path, "1756")
    d = schedule(g.game)[0]
    r = render(g.game, "Austria", d.start, d.stop, deadline="Friday 18:00 UTC")
    assert "by Friday 18:00 UTC" in r.text and "by <b>Friday 18:00 UTC</b>" in r.html
    g.game.declare_deadline(now=NOW)
    assert "The deadline for 1756-spring-setup-1 passed." not in r.text


def _sample(annotation):
    """A value of the given field type, for building any event."""
    import types
    import typing

    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Literal:
        return args[0]
    if origin in (typing.Union, types.UnionType):
        return _sample(next(a for a in args if a is not type(None)))
    if origin is list:
        return [_sample(args[0])]
    if origin is tuple:
        return tuple(_sample(a) for a in args)
    if origin is dict:
        return {_sample(args[0]): _sample(args[1])}
    return {str: "Silesia", int: 2, bool: True, dict: {"power": "Prussia", "resources": 1}}[
        annotation
    ]


def test_every_sentence_can_be_said():
    import pbem.rulesets.soldier_kings as sk
    from pbem.errors import UnknownEventType
    from pbem.events import model_for

    content = sk.load().content
    for type_ in sorted(report.SAYINGS):
        try:
            cls = model_for(type_)
        except UnknownEventType:  # an event that is no more: its sentence is never used
            continue
        fields = {k: _sample(f.annotation) for k, f in cls.model_fields.items() if k != "type"}
        said = report.describe(content, cls(**fields), None)
        assert isinstance(said, str), type_
        assert said == "" or said.endswith((".", ")")) or said[-1].isalnum(), (type_, said)


def test_the_initiative_sentence_shows_dice_modifiers_and_totals():
    """SK 4.1: two dice each; Prussia's +/-2 and Council of War modify; ties roll again."""
    from pbem.rulesets.soldier.phases import InitiativeSet

    content = __import__("pbem.rulesets.soldier_kings", fromlist=["load"]).load().content
    e = InitiativeSet(
        order=["Prussia", "Austria", "France"],
        rolls=[
            {"power": "Austria", "round": 1, "dice": [2, 3], "modifiers": [], "total": 5},
            {"power": "France", "round": 1, "dice": [1, 1],
             "modifiers": [[1, "Council of War"]], "total": 3},
            {"power": "Prussia", "round": 1, "dice": [1, 2],
             "modifiers": [[2, "Prussia's choice"]], "total": 5},
            {"power": "Austria", "round": 2, "dice": [1, 1], "modifiers": [], "total": 2},
            {"power": "Prussia", "round": 2, "dice": [6, 6], "modifiers": [], "total": 12},
        ],
    )  # fmt: skip
    assert report.describe(content, e, None) == (
        "Initiative (SK 4.1): Austria 5, France 2 + 1 (Council of War) = 3, "
        "Prussia 3 + 2 (Prussia's choice) = 5; Austria and Prussia tie at 5 and roll again: "
        "Austria 2, Prussia 12: Prussia moves first; the action phases go Prussia, then "
        "Austria, then France."
    )
    old = InitiativeSet(order=["Austria", "Prussia"])  # a log from before the rolls were kept
    assert report.describe(content, old, None) == (
        "Initiative: the action phases go Austria, then Prussia."
    )


def test_articles_and_hits_that_could_not_be_taken_read_unambiguously():
    from pbem.rulesets.soldier.combat_results import AttackPaid, RoundFought

    content = __import__("pbem.rulesets.soldier_kings", fromlist=["load"]).load().content
    paid = AttackPaid(power="Prussia", area="Saxony", level="Assault", resources=2)
    assert "for an Assault in Saxony" in report.describe(content, paid, None)
    rf = RoundFought(
        area="Saxony", round=1, attacker_dice=4, defender_dice=3, attacker_hits=0,
        defender_hits=3, losses={"Pr-A1": 2}, unallocated={"attacker": 1, "defender": 0},
    )  # fmt: skip
    said = report.describe(content, rf, None)
    assert "1 hit on the attacker could not be taken" in said, said
    assert "defender could not" not in said and "attacker's hits" not in said


def test_a_victors_group_stopped_at_the_losers_blockade_is_said_to_everyone():
    """SK 10.52 with 15.3 (passages.break_blockade): a victor's group that may not attack
    the loser's blockaders stays in the sea area it tried to enter from; the report says
    why, to every power, as it says a group's retreat (sk.naval_retreated) to all."""
    from pbem import ruleset as registry
    from pbem.dice import ScriptedDice
    from pbem.resolution import Resolution
    from pbem.rulesets.soldier import navy

    rs = registry.get("soldier-kings")
    ctx = Resolution(rs, rs.new_state("1757", {}), ScriptedDice([0] * 42))
    rs.setup(ctx, "1757", {})
    s = ctx.state
    why = "SK 10.52, 15.3: it may not attack the blockaders"
    stops = navy.BlockadeStops(
        power="Britain", fleets=["Br-F4"], leaders=["Hawke"], area="Southern England",
        sea="Eastern Atlantic", blockaders=["Fr-F1", "Fr-F2"], why=why,
    )  # fmt: skip
    assert report.describe(rs.content, stops, s) == (
        "Britain's Br-F4, Hawke stopped in the Eastern Atlantic without entering Southern "
        "England, blockaded by Fr-F1, Fr-F2 (SK 10.52, 15.3: it may not attack the "
        "blockaders)."
    )
    back = navy.NavalRetreated(
        power="Britain", fleets=["Br-F3"], leaders=[], frm="Eastern Atlantic",
        to="Southern England", why=why,
    )  # fmt: skip
    for power in rs.powers("1757", {}):
        assert rs.visible(s, stops, power) and rs.visible(s, back, power), power
    assert rs.apply(s.model_copy(deep=True), stops) == s  # report only: no state changes


def test_the_other_powers_table_names_each_registered_player(played):
    g, reports = played
    last = {d.power: r for d, r in reports}
    for me, other in (("Austria", "Prussia"), ("Prussia", "Austria")):
        reg = g.game.state().players[other]
        table = last[me].text.split("-- The other powers --", 1)[1].split("\n-- ", 1)[0]
        assert "registered player" in table and reg.email in table, table
        assert reg.email in last[me].html


def test_which_dice_hit():
    """SK 9.6, 11.2, 12.2: a 6 hits; the defender's dice (and a siege's defensive fire)
    hit on 5 too when attackers came in by a mountain route this turn (SK 9.6, 12.3)."""
    from pbem import ruleset as registry
    from pbem.dice import ScriptedDice
    from pbem.resolution import Resolution
    from pbem.rulesets.soldier.state import Move

    rs = registry.get("soldier-kings")
    ctx = Resolution(rs, rs.new_state("1756", {}), ScriptedDice([0] * 21))
    rs.setup(ctx, "1756", {})
    s = ctx.state
    assert report.hit_from(s, "Silesia, round 1, attacker (Austria)") == 6
    assert report.hit_from(s, "Silesia, round 2, defender (Prussia)") == 6
    assert report.hit_from(s, "Baltic, naval round 1, Britain") == 6
    assert report.hit_from(s, "Baltic, naval round 1, Hawke casualty check") is None
    assert report.hit_from(s, "Silesia, siege round 1, besieger (Austria)") == 6
    assert report.hit_from(s, "initiative: Prussia") is None
    assert report.hit_from(s, "Silesia, round 1, Henry casualty check") is None
    au = s.units["Au-A1"]
    au.status, au.area = "map", "Silesia"
    s.mountain_moves.append(
        Move(unit="Au-A1", country="Austria", frm="Bohemia", to="Silesia", mountain=True)
    )
    assert report.hit_from(s, "Silesia, round 1, defender (Prussia)") == 5
    assert report.hit_from(s, "Silesia, round 1, attacker (Austria)") == 6
    assert report.hit_from(s, "Silesia, siege round 1, defensive fire (Prussia)") == 5


def test_a_standing_order_that_decided_is_named_to_its_power_only(played):
    """Issue 17: the report says which standing order fired, and only to its power."""
    g, reports = played
    prussia = "\n".join(r.text for d, r in reports if d.power == "Prussia")
    austria = "\n".join(r.text for d, r in reports if d.power == "Austria")
    assert "Your standing order 'initiative +2' (line " in prussia
    assert "decided this." in prussia
    assert "Your standing order 'initiative" not in austria
    assert "initiative +2' (line" not in austria
