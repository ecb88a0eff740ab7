"""Report sentences a Soldier Emperor trial game found wanting: the bribes revealed for an
alliance attempt were a dump of their fields ('from_attempt 1, modifier 2, power
Austria, resources 2, side for, ...'), the attempt gave only the sum of its modifiers,
and Napoleon's +1 dice (SE 19.7) had no hit marks."""

from __future__ import annotations

from pbem import ruleset as registry
from pbem.rulesets.soldier.citations import in_book
from pbem.rulesets.soldier.minor_rules import AllianceAttempt, BribesPaid
from pbem.rulesets.soldier.report.sentences import describe, hit_from
from pbem.rulesets.soldier.state import SoldierState


def _se(text: str) -> str:
    return in_book(text, "SE", "Money")


def test_bribes_revealed_read_as_sentences_in_money():
    c = registry.get("soldier-emperor").content
    e = BribesPaid(minor="Bavaria", attempt=1, bribes=[
        {"from_attempt": 1, "modifier": 2, "power": "Austria", "resources": 2,
         "side": "for", "standing": False, "target": "Austria"},
        {"from_attempt": 1, "modifier": 3, "power": "France", "resources": 3,
         "side": "against", "standing": True, "target": "Austria"},
    ])  # fmt: skip
    said = _se(describe(c, e, None))
    assert said == (
        "Bribes revealed for Bavaria (attempt 1): Austria: 2 Money for Austria (+2); "
        "France: 3 Money against Austria (-3, a standing order)."
    )
    assert "from_attempt" not in said and "Resources" not in said


def test_an_alliance_attempt_names_each_modifier():
    c = registry.get("soldier-emperor").content
    e = AllianceAttempt(power="Austria", minor="Bavaria", attempt=1, dice=[5, 2], modifiers=[
        {"detail": "Austria with Bavaria (SK 17.3)", "kind": "table", "power": "Austria",
         "value": -2},
        {"detail": "2 Resources (SK 17.4)", "kind": "bribe", "power": "Austria", "value": 2},
        {"detail": "Fr-A1, Fr-A2 (SK 17.5)", "kind": "counter-intimidation",
         "power": "France", "value": -2},
    ], modifier=-2, total=5, needed=10, success=False)  # fmt: skip
    said = _se(describe(c, e, None))
    assert said == (
        "Austria tries to ally with Bavaria (attempt 1): dice 5 2 -2 = 5, needing 10: "
        "failure. Modifiers: table -2: Austria with Bavaria (SE 17.3); Austria's bribe +2: "
        "2 Money (SE 17.4); France's counter-intimidation -2: Fr-A1, Fr-A2 (SE 17.5)."
    )


def test_napoleons_bonus_dice_hit_on_five():
    s = SoldierState()
    assert hit_from(s, "Tyrol, round 1, attacker (France)") == 6
    assert hit_from(s, "Tyrol, round 1, attacker (France), Napoleon's units (+1)") == 5
    assert hit_from(s, "alliance: Austria with Bavaria, Napoleon's units (+1)") is None


def test_the_scenario_listing_says_money_and_cites_se():
    """`pbem games soldier-emperor --scenario 1805-3` said '44 Resources' and 'SK 7.1'."""
    text = registry.get("soldier-emperor").scenario_text("1805-3")
    assert "France: Napoleon" in text and "44 Money, 28 Manpower" in text
    assert "Resources" not in text and "SK " not in text
    assert "Control at the start (SE 7.1):" in text


def test_the_players_guide_gives_se_prices_as_the_tables_do():
    """The guide sent SE players to Soldier Kings' chart (an army 2 Resources + 4
    Manpower); it now gives SE's prices, which must match tables.toml."""
    import re
    from pathlib import Path

    costs = registry.get("soldier-emperor").content.tables.costs
    doc = Path(__file__).resolve().parents[2] / "docs" / "orders-soldier-emperor.md"
    text = " ".join(doc.read_text(encoding="utf-8").split())
    bullet = text.split("**Prices (SE 2.2, 6.3;")[1].split("- **")[0]
    said = [(int(a), int(b)) for a, b in re.findall(r"(\d+) Money and (\d+) Manpower", bullet)]
    want = [costs.purchase_army, costs.purchase_fleet, costs.recover_army, costs.recover_fleet,
            costs.maintain_army]  # fmt: skip
    assert said == [(c.resources, c.manpower) for c in want]
    assert f"{costs.maintain_fleet.resources} Money a fleet" in bullet
    assert f"a siege round {costs.siege_round.resources} Money" in bullet


def test_one_counter_left_in_the_pool_is_singular():
    """'Austria has 1 fleets left in its pool' read wrong; now '1 fleet'."""
    from pbem.dice import ScriptedDice
    from pbem.resolution import Resolution
    from pbem.ruleset import OrderLine, check_orders

    rs = registry.get("soldier-emperor")
    ctx = Resolution(rs, rs.new_state("1803-7", {}), ScriptedDice([6, 6] + [1] * 12 + [0] * 115))
    rs.setup(ctx, "1803-7", {})
    s = ctx.state
    s.stage, s.turn = "purchase", 1
    _, problems = check_orders(rs, s, "Austria", "1803-spring-purchase", [
        OrderLine(1, "buy 3 fleets")])  # fmt: skip
    assert [p.message for p in problems] == [
        "Austria has 1 fleet left in its pool to buy; this line brings the total to 3 (SE 6.3)"
    ]


def _se_state():
    from pbem.dice import ScriptedDice
    from pbem.resolution import Resolution

    rs = registry.get("soldier-emperor")
    ctx = Resolution(rs, rs.new_state("1803-7", {}), ScriptedDice([6, 6] + [1] * 12 + [0] * 115))
    rs.setup(ctx, "1803-7", {})
    return rs, ctx.state


def test_a_unit_unable_to_retreat_is_told_why():
    """'Eliminated in Tyrol (reduced and unable to retreat)': Austria had ordered a retreat
    to Venetia; every route out of Tyrol is a mountain route (SE 9.4)."""
    from pbem.rulesets.soldier.combat_results import Eliminated

    rs, s = _se_state()
    s.units["Au-A1"].status, s.units["Au-A1"].area = "map", "Tyrol"
    s.units["Au-A1"].is_reduced = True
    e = Eliminated(units=["Au-A1"], area="Tyrol", why="reduced and unable to retreat (SK 9.8)")
    said = rs.describe_event(e, s)
    assert said.startswith("Eliminated in Tyrol (reduced and unable to retreat, SE 9.8): Au-A1.")
    assert " No land retreat was open (SE 9.4): Bavaria, Carniola, " in said
    assert "Venetia and Württemberg (mountain route)" in said
    # without the state, the sentence as before
    assert rs.describe_event(e, None).endswith("SE 9.8): Au-A1.")


def test_losses_that_eliminate_a_unit_say_so():
    from pbem.rulesets.soldier.combat_results import RoundFought

    rs, s = _se_state()
    e = RoundFought(area="Bavaria", round=1, attacker_dice=3, defender_dice=17,
                    attacker_hits=3, defender_hits=5, losses={"Au-A1": 1, "Pr-A1": 2},
                    unallocated={"attacker": 1})  # fmt: skip
    said = rs.describe_event(e, s)
    assert "Losses: Au-A1 1 step, Pr-A1 2 steps (eliminated); 1 hit on the attacker" in said
    s.units["Au-A1"].is_reduced = True
    assert "Losses: Au-A1 1 step (eliminated), Pr-A1" in rs.describe_event(e, s)


def test_the_diplomacy_template_says_how_to_write_a_deal():
    """The Winter Diplomacy Phase's template listed the pieces and no deal line."""
    from pbem.ruleset import OrderLine

    rs, s = _se_state()
    s.stage, s.turn = "diplomacy", 4
    step = rs.step(s)
    lines = rs.order_template(s, "Austria", step)
    text = "\n".join(lines)
    assert "# deal with POWER[, POWER]: TERM; TERM" in text
    assert "A gives N Money to B" in text and "(SE 14.2, 14.3)" in text
    assert "Resources" not in text and lines[-1] == "# done"
    assert "gives unit" not in text  # SE 14.0 exchanges no units
    assert all(len(x) <= 72 for x in lines)
    parsed = rs.parse(s, "Austria", step.phase, [OrderLine(1, "done")])
    assert not parsed.problems


def test_a_card_not_in_a_two_power_hand_reads_in_the_plural():
    """'Britain and Prussia holds no 'Fog at Sea' card' (one player, two powers)."""
    from pbem.dice import ScriptedDice
    from pbem.resolution import Resolution
    from pbem.ruleset import OrderLine, check_orders
    from pbem.rulesets.soldier.card_checks import hand

    rs = registry.get("soldier-emperor")
    ctx = Resolution(rs, rs.new_state("1805-3", {}), ScriptedDice([6, 6, 5, 5, 4, 4] + [1] * 400))
    rs.setup(ctx, "1805-3", {})
    s = ctx.state
    assert "Fog at Sea" not in hand(s, "Britain")
    line = "react Fog at Sea when intercepted in North Sea"
    _, problems = check_orders(rs, s, "Britain", "standing", [OrderLine(1, line)])
    card = "Fog at Sea"
    assert f"Britain and Prussia hold no {card!r} card (SE 5.1)" in [p.message for p in problems]


def test_one_piece_leaves_several_leave():
    from pbem.rulesets.soldier.peace import Repatriated

    c = registry.get("soldier-emperor").content
    one = Repatriated(power="France", units=["Au-A9"], leaders=[], frm="Moravia", to="Silesia")
    assert describe(c, one, None) == "France's Au-A9 leaves Moravia for Silesia."
    two = one.model_copy(update={"leaders": ["Mack"]})
    assert describe(c, two, None) == "France's Au-A9, Mack leave Moravia for Silesia."


def test_se_victory_points_name_the_score_an_automatic_victory_needs():
    """The Victory Phase gave each power's points but not the score it plays to (SE 21.2),
    and the game's end named only the winners' scores."""
    from pbem.rulesets.soldier.winter import VictoryPoints

    e = VictoryPoints(power="France", points=6, gained={"Baden": 2, "Holland": 4}, lost={})
    se = registry.get("soldier-emperor").content
    assert describe(se, e, None) == (
        "France: 6 victory points of the 30 an automatic victory needs (SE 21.2); "
        "gained: Baden 2, Holland 4; lost: none."
    )
    sk = registry.get("soldier-kings").content
    assert describe(sk, e, None) == (
        "France: 6 victory points (gained: Baden 2, Holland 4; lost: none)."
    )


def test_the_action_template_gives_the_attack_levels_prices():
    """The action template showed a move and a siege but not what an attack costs (SE 9.3:
    1, 3 or 5 Money; SK's chart differs)."""
    rs, s = _se_state()
    s.stage, s.turn, s.acting = "action", 2, 0
    s.initiative = ["France", "Spain", "Prussia", "Austria", "Russia", "Britain", "Turkey"]
    s.units["Fr-A1"].status, s.units["Fr-A1"].area = "map", "Alsace"
    lines = rs.order_template(s, "France", rs.step(s))
    i = lines.index("# Attack levels, each paid once for the whole attack there (SE 9.3):")
    assert lines[i + 1] == "# probe 1 Money, 1 round; assault 3, 2 rounds; invasion 5, no limit"
    assert len(lines[i]) <= 72 and len(lines[i + 1]) <= 72  # the core wraps longer ones


def test_an_interception_shows_its_sum_and_what_it_needed():
    """'(roll 8, total 12): it succeeds' did not say what made 12 or what was needed."""
    from pbem.rulesets.soldier.navy import Interception

    c = registry.get("soldier-emperor").content
    e = Interception(area="Eastern Atlantic", interceptors=["Br-F1", "Br-F2"],
                     target=["Fr-F2", "Fr-F4"], roll=8, fleets=2, admirals=3,
                     enemy_admirals=1, total=12, success=True)  # fmt: skip
    assert describe(c, e, None) == (
        "Interception in Eastern Atlantic: Br-F1, Br-F2 against Fr-F2, Fr-F4 (roll 8 + 2 "
        "fleets intercepted + 3 (admirals' ratings) - 1 (their admirals' ratings) = 12, "
        "needing 10): it succeeds."
    )
    odd = e.model_copy(update={"total": 13})  # a term the sentence does not know
    assert "(roll 8, total 13)" in describe(c, odd, None)


def test_the_sk_deal_lines_lend_units_and_an_unpaid_attack_says_money_in_se():
    """SK 19.5: a deal lends units (a trial found the template left it out); an attack
    the power cannot pay reads Money in Soldier Emperor (SE 7.0)."""
    from pbem.rulesets.soldier.combat_results import AttackUnpaid
    from pbem.rulesets.soldier.report import template

    sk = registry.get("soldier-kings").content
    assert any("A gives unit UNIT[, UNIT] to B (lent, SK 19.5)" in x
               for x in template.deal_lines("Resources", True))  # fmt: skip
    unpaid = AttackUnpaid(power="France", area="Tyrol", level="Assault", why="3 Resources, has 1")
    se = registry.get("soldier-emperor").content
    said = describe(se, unpaid, None)
    assert "3 Money, has 1" in said and "Resources" not in said
    assert "3 Resources, has 1" in describe(sk, unpaid, None)
