"""The Soldier Emperor campaign from Spring 1803, 4 players, played by the scripted
players through signed envelopes for two game years (option end=1804) and verified
(issue 13). What it must hold: SE's own rules at work in a whole game."""

from __future__ import annotations

from collections import Counter

from demokit import demo_with, events

from pbem.verify import verify


def test_1803_campaign_two_years_four_players(tmp_path):
    # a game in which an alliance is made (demokit: the first over the master secrets)
    path = demo_with(
        tmp_path, "soldier-emperor", "1803-4",
        lambda t, b: t == "sk.deal_made" and b["alliance"], options={"end": "1804"},
    )  # fmt: skip
    assert verify(path).ok
    rows = events(path)
    kinds = Counter(t for t, _ in rows)
    players = [b for t, b in rows if t == "player_registered"]
    assert len(players) == 4
    turns = [b["turn"] for t, b in rows if t == "sk.turn_began"]
    assert turns == list(range(1, 9))  # Spring 1803 to Winter 1804
    # SE 4.1, 19.7: France modifies its roll in every Initiative Phase while Napoleon is
    # in play, and not while he is wounded (SE 13.5), until he is back from the track
    out, inits = False, 0
    for t, b in rows:
        if b.get("leader") == "Napoleon" and t in ("se.leader_wounded", "sk.leader_killed"):
            out = True
        elif t == "sk.new_leader" and b["leader"] == "Napoleon":
            out = False
        elif t == "sk.initiative_set":
            inits += 1
            france = [r for r in b["rolls"] if r["power"] == "France"][0]
            assert bool(france["modifiers"]) == (not out), (b, out)
    assert inits == 6  # the six campaign turns of 1803-1804 (no Initiative Phase in Winter)
    # SE 14.4: an alliance in 1803-1804 only with a Minor Country Alliance card played
    made = [b for t, b in rows if t == "sk.deal_made" and b["alliance"]]
    assert all(any("plays Minor Country Alliance" in x for x in b["terms"]) for b in made)
    assert kinds["sk.collected"] == 4 and kinds["se.colonial_income"] >= 1  # SE 7.3, 7.6
    over = [b["result"] for t, b in rows if t == "sk.game_over"]
    assert len(over) == 1 and "(SE 21." in over[0]
