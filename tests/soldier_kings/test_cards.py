"""SK 5 event cards (pbem/rulesets/soldier/card_play.py): the order grammar, every
card of the one-year deck covered by a rules case and the players' guide, the dice
amounts, standing orders spent once, Spies' secret, and whole games in which the
scripted players play the cards they are dealt, checked by `verify`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from skkit import SKGame

from pbem import cases
from pbem import ruleset as registry
from pbem.dice import ScriptedDice
from pbem.resolution import Resolution
from pbem.ruleset import STANDING, OrderLine
from pbem.rulesets.soldier import (
    card_checks,
    card_events,
    card_moments,
    card_parse,
    effects,
    purchases,
)
from pbem.rulesets.soldier import card_play as cards
from pbem.verify import verify

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases" / "soldier-kings"


@pytest.fixture(scope="module")
def rs():
    return registry.get("soldier-kings")


@pytest.fixture(scope="module")
def state(rs):
    """Scenario #1 (1756) after its set-up, in Prussia's action phase."""
    ctx = Resolution(rs, rs.new_state("1756", {}), ScriptedDice([0] * 21))
    rs.setup(ctx, "1756", {})
    s = ctx.state.model_copy(deep=True)
    s.stage, s.initiative, s.acting = "action", ["Prussia", "Austria"], 0
    s.hands["Prussia"] = ["Fog at Sea", "Inspired Leadership", "Royal Death", "War Subsidy"]
    return s


def _lines(text: str) -> list[OrderLine]:
    return [OrderLine(i, t) for i, t in enumerate(text.splitlines(), 1)]


def deck_cards(rs) -> list:
    return [c for c in rs.content.cards.cards if not c.globe]


# --- every card: a way to play it, a case, a paragraph ---------------------------------


def test_every_card_of_the_one_year_deck_can_be_played(rs):
    cards_ = deck_cards(rs)
    assert len(cards_) == 28 and sum(c.copies for c in cards_) == 52
    for c in cards_:
        assert card_parse.how_to(c), c.name


def test_every_card_has_a_rules_case(rs):
    texts = "\n".join(p.read_text() for p in sorted(CASES.glob("card-*.toml")))
    for c in deck_cards(rs):
        name = re.escape(c.name)
        assert re.search(rf"(play|react) {name}", texts) or (
            c.name == "Minor Country Alliance" and "ally with" in texts
        ), c.name
    assert (CASES / "card-royal-betrothal-5-2-example.toml").exists()  # SK 5.2's example


def test_the_players_guide_tells_how_to_play_each_card(rs):
    doc = (ROOT / "docs" / "orders-soldier-kings.md").read_text()
    section = doc[doc.index("## Event cards (SK 5)") :]
    assert "a card you do not order is not played" in section
    for c in deck_cards(rs):
        assert f"| {c.name} | {c.copies} |" in section, c.name


# --- the grammar -----------------------------------------------------------------------


def test_action_plays_are_read_with_their_moment(rs, state):
    text = """play War Subsidy
play Royal Death on Saxony before land combat
play Fog at Sea in North Sea
play Inspired Leadership in Silesia round 2
play Minor Country Alliance with Poland bribe 2
play Holy Roman Empire Mercenaries Hesse 1
play War Subsidy before naval movement
play Epidemic in Bohemia at end
"""
    parsed = rs.parse(state, "Prussia", "1756-spring-action-prussia", _lines(text))
    assert parsed.problems == []
    plays = parsed.orders.plays
    assert [(p.card, p.on, p.area, p.round, p.step) for p in plays] == [
        ("War Subsidy", None, None, None, None),
        ("Royal Death", "Saxony", None, None, "land combat"),
        ("Fog at Sea", None, "North Sea", None, None),
        ("Inspired Leadership", None, "Silesia", 2, None),
        ("War Subsidy", None, None, None, "start"),
        ("Epidemic", None, "Bohemia", None, "end"),
    ]
    ally, hire = parsed.orders.diplomacy  # the synonyms of ally with / hire (minors.py)
    assert (ally.minor, ally.bribe) == ("Poland", 2)
    assert (hire.hires, hire.card) == ((("Hesse", 1),), "Holy Roman Empire Mercenaries")


@pytest.mark.parametrize(
    ("line", "trigger"),
    [
        ("react Skilful Retreat when attacked", ("attacked", None, None, None)),
        ("react Skilful Retreat when attacked in Silesia", ("attacked", "Silesia", None, None)),
        ("react Heroic Garrison when Silesia besieged", ("besieged", "Silesia", None, None)),
        ("react Heroic Garrison when Silesia is besieged", ("besieged", "Silesia", None, None)),
        ("react Heroic Garrison when besieged", ("besieged", None, None, None)),
        (
            "react Fog at Sea when intercepted in North Sea",
            ("intercepted", "North Sea", None, None),
        ),
        ("react Weather Gauge when naval battle", ("naval battle", None, None, None)),
        (
            "react Storm at Sea when Austria sails into North Sea",
            ("sails", "North Sea", "Austria", None),
        ),
        ("react Storm at Sea when an enemy sails", ("sails", None, "enemy", None)),
        (
            "react Diplomatic Intrigue when enemy plays Royal Death",
            ("plays", None, "enemy", "Royal Death"),
        ),
        ("react Diplomatic Intrigue when anyone plays any card", ("plays", None, "anyone", None)),
        ("react Royal Betrothal when ally attempts Poland", ("attempts", None, "ally", "Poland")),
        ("react Epidemic when Saxony besieged", ("besieged", "Saxony", None, None)),
    ],
)
def test_reaction_triggers(rs, state, line, trigger):
    parsed = card_parse.parse_play(
        rs.content, _names(rs, state), state, "Prussia", line[len("react ") :], 1, [], "react"
    )
    t = parsed.trigger
    assert (t.kind, t.area, t.who, t.what) == trigger


def _names(rs, state):
    from pbem.rulesets.soldier.names import Names

    return Names(rs.content, state)


def test_standing_plays_and_reactions_are_checked_against_the_hand(rs, state):
    ok = "react Fog at Sea when intercepted\nplay War Subsidy at maintenance\n"
    parsed = rs.parse(state, "Prussia", STANDING, _lines(ok))
    assert parsed.problems == []
    assert rs.validate(state, "Prussia", STANDING, parsed.orders) == []
    bad = rs.parse(state, "Prussia", STANDING, _lines("react Epidemic when Saxony besieged"))
    assert [str(p) for p in rs.validate(state, "Prussia", STANDING, bad.orders)] == [
        "line 1: Prussia holds no 'Epidemic' card (SK 5.1)"
    ]
    wrong = rs.parse(state, "Prussia", STANDING, _lines("play War Subsidy at lunch"))
    assert "at 'lunch': write at initiative, peace, winter" in str(wrong.problems[0])


# --- dice amounts (SK 1.0) and zero (SK 7.5) -------------------------------------------


@pytest.mark.parametrize(("die", "one_three"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_one_to_three_is_a_die_halved_rounded_up(rs, die, one_three):
    ctx = Resolution(rs, None, ScriptedDice([die, die]))
    assert cards.amount(ctx, "x", "1-3") == (one_three, die)
    assert cards.amount(ctx, "y", "1-6") == (die, die)
    assert cards.amount(ctx, "z", 2) == (2, None)


# --- standing orders fire once ---------------------------------------------------------


def test_one_reaction_line_fires_once_across_two_battles(tmp_path):
    text = (CASES / "card-identical-reactions.toml").read_text()
    one = text.replace(
        'standing.Prussia = """\nreact Inspired Leadership when attacked\n'
        'react Inspired Leadership when attacked\n"""',
        'standing.Prussia = "react Inspired Leadership when attacked"',
    )
    one = one.replace(
        '["Berlin, round 1, defender", 1], 1, 1, 1, 1, 1, 1, 1,',
        '["Berlin, round 1, defender", 1], 1, 1, 1, 1, 1,',
    )
    one = re.sub(r"\[step.expect\].*", "", one, flags=re.S)
    one += """[step.expect]
events = [
  { type = "sk.card_played", card = "Inspired Leadership", on = "Silesia", key = "react inspired leadership when attacked #1" },
  { type = "sk.round_fought", area = "Silesia", defender_dice = 9 },
  { type = "sk.round_fought", area = "Berlin", defender_dice = 6 },
]
state = { "hands.Prussia" = ["Inspired Leadership"] }
"""
    path = tmp_path / "one-line.toml"
    path.write_text(one)
    res = cases.run_case(path)
    assert res.ok, res.failures


# --- Spies: the card taken is the two players' secret (SK 3.0, DESIGN "Dice") -------------


def test_spies_card_is_seen_only_by_the_two_players(rs, state):
    taken = card_events.CardTaken(
        player="Prussia", frm="Austria", cards=["Epidemic"], seen_by=["Austria", "Prussia"]
    )
    public = card_events.CardsTaken(player="Prussia", frm="Austria", count=1, card="Spies")
    assert rs.visible(state, taken, "Prussia") and rs.visible(state, taken, "Austria")
    assert not rs.visible(state, taken, "France")
    assert rs.visible(state, public, "France")
    skipped = card_events.CardOrderSkipped(
        power="Prussia", order="play Spies on Austria", reason="x"
    )
    assert rs.visible(state, skipped, "Prussia") and not rs.visible(state, skipped, "Austria")
    view = rs.view(state, "Austria")
    assert view["hands"]["Prussia"] == len(state.hands["Prussia"])


def test_effects_last_for_their_phase_or_turn(state):
    s = state.model_copy(deep=True)
    phase = {"kind": "extra_movement", "units": ["Pr-A2"], "points": 1, "until": "phase"}
    turn = {"kind": "leader_inactive", "leader": "Browne", "until": "turn"}
    for e in (phase, turn):
        e.update({"turn": s.turn, "stage": s.stage, "acting": s.acting})
    s.card_effects = [phase, turn]
    s.units["Pr-A2"].status = "map"  # Forced March: the named armies that are on the map
    assert effects.extra_half_mps(s, ["Pr-A2"]) == 2 and effects.leader_inactive(s, "Browne")
    s.acting += 1  # the next action phase
    assert effects.extra_half_mps(s, ["Pr-A2"]) == 0 and effects.leader_inactive(s, "Browne")
    s.turn += 1
    assert not effects.leader_inactive(s, "Browne")


# --- whole games: the scripted players play what they are dealt -------------------------

ANY_ON_ENEMY = ("Financial Crisis", "Desertion", "Spies")
ANY_ON_SELF = ("War Subsidy", "Recruiting Drive", "New Leader")
REACTIONS = {
    "Diplomatic Intrigue": "react Diplomatic Intrigue when enemy plays any card",
    "Heroic Garrison": "react Heroic Garrison when besieged",
    "Skilful Retreat": "react Skilful Retreat when attacked",
    "Inspired Leadership": "react Inspired Leadership when attacked",
    "Storm at Sea": "react Storm at Sea when enemy sails",
    "Fog at Sea": "react Fog at Sea when intercepted",
    "Weather Gauge": "react Weather Gauge when naval battle",
    "Royal Betrothal": "react Royal Betrothal when ally attempts",
    "Winter Campaign": "play Winter Campaign at winter",
    "Council of War": "play Council of War on {me} +2 at initiative",
}


def _enemy(s, power):
    return next(p for p in s.majors if not s.friendly(p, power))


def _card_lines(g: SKGame, power: str, lines: list[str]) -> list[str]:
    """What the scripted player adds to its orders: the cards it can play here."""
    s = g.state
    hand = list(card_checks.hand(s, power))
    out: list[str] = []

    def take(card: str) -> bool:
        if card in hand:
            hand.remove(card)
            return True
        return False

    if s.stage == "purchase":
        if "Militia Levy" in hand and purchases.pool(s, power, "army") and take("Militia Levy"):
            out.append("play Militia Levy")
        return out
    if s.stage != "action":
        return out
    enemy = _enemy(s, power)
    for card in ANY_ON_ENEMY:
        if take(card):
            out.append(f"play {card} on {enemy}")
    for card in ANY_ON_SELF:
        if take(card):
            out.append(f"play {card} before land combat")
    for ln in lines:
        if m := re.match(r"siege (.+) 2 rounds", ln):
            for card in ("Siege Train", "Treason"):
                if take(card):
                    out.append(f"play {card} in {m.group(1)}")
        if m := re.match(r"attack (.+) assault", ln):
            for card in ("Inspired Leadership", "Surprise Attack"):
                if take(card):
                    out.append(f"play {card} in {m.group(1)}")
    generals = [
        n
        for n, ld in sorted(s.leaders.items())
        if ld.status == "map" and ld.role == "general" and not s.friendly(ld.country, power)
    ]
    if generals and take("Vacillating General"):
        out.append(f"play Vacillating General on {generals[0]} at end")
    armies = [
        u.area for u in s.on_map(type_="army") if not s.friendly(s.unit_side_country(u), power)
    ]
    if armies and take("Epidemic"):
        out.append(f"play Epidemic on {sorted(armies)[0]} at end")
    return out


def _standing(g: SKGame, power: str, done: set[str]) -> list[str]:
    s = g.state
    player = s.player_of(power)
    if player in done:
        return []
    done.add(player)
    return [
        REACTIONS[c].format(me=power)
        for c in sorted(set(card_checks.hand(s, power)))
        if c in REACTIONS
    ]


def _play_with_cards(g: SKGame, scenario: str) -> None:
    rs = g.rs
    done: set[str] = set()
    for p in rs.powers(scenario, {}):
        lines = [*rs.demo_standing(g.state, p), *_standing(g, p, done)]
        r = g.submit(p, "\n".join(lines) or "# none", phase="standing")
        assert r.ok, r.message()
    while g.game.status().ended is None:
        step = g.game.status().step
        for p in step.owes:
            lines = rs.demo_orders(g.state, p, step)
            extra = _card_lines(g, p, lines)
            r = g.submit(p, "\n".join([*lines, *extra]) or "# nothing")
            assert r.status == "accepted", (step.phase, extra, r.message())
        assert g.game.advance(), f"stuck at {step.phase}"


@pytest.mark.parametrize("scenario", ["1756", "1757"])
def test_scripted_players_play_their_cards_and_the_game_verifies(tmp_path, scenario):
    g = SKGame(tmp_path, scenario)
    _play_with_cards(g, scenario)
    played = [e for _, e in g.game.log.events() if e.type == "sk.card_played"]
    assert played
    rep = verify(g.path)
    assert rep.ok, rep.text()


def test_spies_in_a_whole_game_reports_and_verify(tmp_path):
    """A deal with Spies in it: the draw is hidden, the reports say a card was taken,
    never the hidden dice, and the audit recomputes the game."""
    from pbem.reports import render, schedule

    for k in range(1, 60):  # the first master seed whose deal holds Spies
        (tmp_path / str(k)).mkdir()
        g = SKGame(tmp_path / str(k), "1756", master=bytes([k]) * 32)
        if any("Spies" in h for h in g.state.hands.values()):
            break
    else:
        pytest.skip("no deal with Spies")
    _play_with_cards(g, "1756")
    log = [e for _, e in g.game.log.events()]
    assert any(e.type == "sk.card_taken" for e in log)
    hidden = [e.label for e in log if e.type == "dice_rolled" and e.stream == "hidden"]
    assert any(label.startswith("Spies:") for label in hidden)
    reports = [(d, render(g.game, d.power, d.start, d.stop)) for d in schedule(g.game)]
    said = "\n".join(r.text for _, r in reports)
    assert "card at random from" in said
    for _, r in reports:
        for label in hidden:
            assert label not in r.text and label not in r.html
    rep = verify(g.path)
    assert rep.ok, rep.text()


def test_a_new_leader_with_nowhere_to_appear_comes_next_turn(rs, state):
    """SK 13.8: "If unable to appear this turn, the new leader is placed on the turn
    record track for next turn and appears as a new unit (6.3)"."""
    s = state.model_copy(deep=True)
    s.control = {a: ("Austria" if c == "Prussia" else c) for a, c in s.control.items()}
    ctx = Resolution(rs, s, ScriptedDice([0]))
    cards._new_leader(ctx, rs.content, "Prussia", None)
    (entered,) = [e for e in ctx.events if isinstance(e, card_events.LeaderEnters)]
    assert entered.area is None and entered.arrives == 2
    s = ctx.state
    assert s.leaders[entered.leader].status == "track"
    s.turn, s.stage, s.control["Berlin"] = 2, "purchase", "Prussia"
    ctx = Resolution(rs, s, ScriptedDice([]))
    card_moments.purchase_plays(ctx, rs.content, {}, {}, "1756-summer-purchase")
    (placed,) = [e for e in ctx.events if isinstance(e, card_events.LeaderEnters)]
    assert (placed.leader, placed.area) == (entered.leader, "Berlin")
    assert ctx.state.leaders[entered.leader].status == "map"
