"""The Soldier Emperor campaign from Spring 1803, 4 players, played by the scripted
players through signed envelopes for two game years (option end=1804) and verified
(issue 13). What it must hold: SE's own rules at work in a whole game."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter

from pbem.demo import run_demo
from pbem.verify import verify


def test_1803_campaign_two_years_four_players(tmp_path):
    path = run_demo(
        tmp_path / "se", "soldier-emperor", "1803-4", echo=lambda s: None,
        master=bytes(32), reports_too=False, options={"end": "1804"},
    )  # fmt: skip
    assert verify(path).ok
    with sqlite3.connect(path) as db:
        rows = [(t, json.loads(b)) for t, b in db.execute("SELECT type, body FROM events")]
    kinds = Counter(t for t, _ in rows)
    players = [b for t, b in rows if t == "player_registered"]
    assert len(players) == 4
    turns = [b["turn"] for t, b in rows if t == "sk.turn_began"]
    assert turns == list(range(1, 9))  # Spring 1803 to Winter 1804
    # SE 4.1: France adds two while Napoleon is in play, in every Initiative Phase
    inits = [b for t, b in rows if t == "sk.initiative_set"]
    assert inits and all(
        any(r["power"] == "France" and r["modifiers"] for r in b["rolls"]) for b in inits
    )
    # SE 14.4: an alliance in 1803-1804 only with a Minor Country Alliance card played.
    # Whether the scripted players make one follows the dice, and the dice follow the
    # rules version (game_created), so games are played under other master secrets
    # until one has an alliance (each about 4 s; two of the first three have had one)
    made = _alliances(rows)
    for k in range(1, 6):
        if made:
            break
        more = run_demo(
            tmp_path / f"se{k}", "soldier-emperor", "1803-4", echo=lambda s: None,
            master=bytes(31) + bytes([k]), reports_too=False, options={"end": "1804"},
        )  # fmt: skip
        with sqlite3.connect(more) as db:
            made = _alliances(
                [(t, json.loads(b)) for t, b in db.execute("SELECT type, body FROM events")]
            )
    assert made, "no alliance in six games of the scripted players"
    assert all(any("plays Minor Country Alliance" in x for x in b["terms"]) for b in made)
    assert kinds["sk.collected"] == 4 and kinds["se.colonial_income"] >= 1  # SE 7.3, 7.6
    over = [b["result"] for t, b in rows if t == "sk.game_over"]
    assert len(over) == 1 and "(SE 21." in over[0]


def _alliances(rows: list) -> list[dict]:
    return [b for t, b in rows if t == "sk.deal_made" and b["alliance"]]
