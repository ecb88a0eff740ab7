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
