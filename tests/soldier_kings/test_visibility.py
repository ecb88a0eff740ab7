"""Fog of war by player, in every scenario (issue 17): who sees a secret is decided by
the game's own state (`SoldierState.player_of`), never by the scenario texts. In scenarios
#2-#7 one player plays Austria, France and Russia: each of the three sees that player's
card deal and hidden draws, and none of the other player's (SK 3.0)."""

from __future__ import annotations

import pytest
from skkit import SKGame

from pbem.reports import render, schedule
from pbem.rulesets.soldier import card_play as cards

SCENARIOS = ["1756", "1757", "1758", "1759", "1760", "1761", "1762"]


def _play_setup(g: SKGame) -> None:
    """The set-up (the deal is in the creation batch, SK 3.0), then every side's placement."""
    while g.state.stage == "setup":
        step = g.game.status().step
        for p in step.owes:
            r = g.submit(p, "\n".join(g.rs.demo_orders(g.state, p, step)))
            assert r.status == "accepted", (step.phase, r.message())
        assert g.game.advance(), f"stuck at {step.phase}"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_each_player_sees_its_own_secrets_and_no_one_elses(tmp_path, scenario):
    g = SKGame(tmp_path, scenario)
    _play_setup(g)
    s, rs = g.state, g.rs
    content = rs.content
    assert s.stage != "setup"
    log = list(g.game.log.events())
    dealt = {e.player: list(e.cards) for _, e in log if e.type == "sk.cards_dealt"}
    assert set(dealt) == set(s.players) and all(dealt.values())
    hidden_labels = [e.label for _, e in log if e.type == "dice_rolled" and e.stream == "hidden"]
    assert hidden_labels
    reports: dict[str, list] = {p: [] for p in rs.powers(scenario, {})}
    for d in schedule(g.game):
        reports[d.power].append(render(g.game, d.power, d.start, d.stop))
    for power, got in reports.items():
        player = s.player_of(power)
        assert player in dealt, (power, player)
        mine = dealt[player]
        text = "\n".join(r.text for r in got)
        html = "\n".join(r.html for r in got)
        # its own player's deal: the sentence in its first report, and the hand
        first = got[0].text
        verb = "are" if " and " in player else "is"  # a player of several powers
        assert f"{player} {verb} dealt {len(mine)} event cards: {', '.join(mine)}." in first
        assert all(c in first for c in mine), power
        # nobody else's deal, hand or hidden draws, in the text or the HTML source
        mentioned = " ".join(content.card(c).text for c in mine)
        for other, theirs in dealt.items():
            if other == player:
                continue
            for body in (text, html):
                assert f"{other} is dealt" not in body and f"{other} are dealt" not in body
                for c in theirs:
                    if c not in mine and c not in mentioned:
                        assert c not in body, (power, other, c)
        for label in hidden_labels:
            assert label not in text and label not in html, (power, label)
        # the ruleset's own answer, from the state: by player, not by power
        for _, e in log:
            if e.type == "sk.cards_dealt":
                assert rs.visible(s, e, power) == (e.player == player), (power, e.player)


@pytest.mark.parametrize("scenario", ["1756", "1757"])
def test_a_secret_seen_by_one_power_is_seen_by_all_its_players_powers(tmp_path, scenario):
    """Spies (cards.CardTaken): the two players' powers see the card taken, nobody else."""
    g = SKGame(tmp_path, scenario)
    s, rs = g.state, g.rs
    taken = cards.CardTaken(player="Prussia", frm="Austria", cards=["X"], seen_by=["Prussia"])
    for power in rs.powers(scenario, {}):
        same = s.player_of(power) == s.player_of("Prussia")
        assert rs.visible(s, taken, power) == same, power
