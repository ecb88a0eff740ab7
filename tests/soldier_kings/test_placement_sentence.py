"""The set-up placement's sentence (sk.pieces_placed): units with their strengths, then
leaders; an area given only a leader names the leader alone (World at War demo: it read
"Hannover: none, Cumberland")."""

from __future__ import annotations

from pbem import ruleset as registry
from pbem.rulesets.soldier.events import PiecesPlaced
from pbem.rulesets.soldier.report.sentences import describe
from pbem.rulesets.soldier.state import Counter, SoldierState


def test_an_area_with_only_a_leader_names_the_leader_alone():
    c = registry.get("soldier-kings").content
    s = SoldierState()
    s.units["Br-F8"] = Counter(
        id="Br-F8", country="Britain", type="fleet", full=(3, 1), reduced=(1, 1)
    )
    e = PiecesPlaced(
        power="Britain", placements={"Gibraltar": ["Br-F8", "Hawke"], "Hannover": ["Cumberland"]}
    )
    assert describe(c, e, s) == (
        "Britain places its pieces. Gibraltar: Br-F8 (3-1), Hawke; Hannover: Cumberland."
    )


def test_a_leader_from_the_turn_track_is_not_said_to_be_a_card_play():
    """A wounded (SE 13.5) or delayed (SK 13.8) leader due from the track: no card."""
    from pbem.rulesets.soldier.card_events import LeaderEnters

    c = registry.get("soldier-emperor").content
    back = LeaderEnters(power="France", leader="Napoleon", area="Paris", card="")
    assert (
        describe(c, back, None) == "Napoleon enters play for France in Paris from the turn track."
    )
    card = LeaderEnters(power="France", leader="Lannes", area="Paris")
    assert describe(c, card, None) == "New Leader: Lannes joins France in Paris."


def test_battle_sentences_agree_and_flatten_their_citations():
    """One power 'rolls' and 'scores' (several 'roll'), '1 die', a reason's citation
    inside the parentheses ('(forced, SK 11.4)'), a land retreat says how it was made; in
    Soldier Emperor the citation is the SE section."""
    from pbem.rulesets.soldier.combat_results import Retreated
    from pbem.rulesets.soldier.navy import NavalRetreated, NavalVolley

    c = registry.get("soldier-kings").content
    one = NavalVolley(area="Eastern Atlantic", round=1, side="a", powers=["Britain"], dice=1,
                      hits=0, losses={})  # fmt: skip
    assert describe(c, one, None) == (
        "Eastern Atlantic, round 1: Britain rolls 1 die and scores 0 hits. Losses: none."
    )
    two = one.model_copy(update={"powers": ["Britain", "Portugal"], "dice": 4})
    assert "Britain, Portugal roll 4 dice and score 0 hits" in describe(c, two, None)
    back = NavalRetreated(power="Britain", fleets=["Br-F9"], leaders=[], frm="Eastern Atlantic",
                          to="Southern England", why="forced (SK 11.4)")  # fmt: skip
    assert describe(c, back, None).endswith("to Southern England (forced, SK 11.4).")
    land = Retreated(power="Spain", units=["Sp-A2"], leaders=[], frm="Gibraltar",
                     to="Andalusia", why="forced")  # fmt: skip
    assert describe(c, land, None) == (
        "Spain's Sp-A2 withdrew from Gibraltar to Andalusia (a forced retreat)."
    )
    from pbem.rulesets.soldier.citations import in_book

    said = describe(registry.get("soldier-emperor").content, back, None)
    assert in_book(said, "SE", "Money").endswith("(forced, SE 11.4).")
