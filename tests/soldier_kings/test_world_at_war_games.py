"""SK World at War played whole by the scripted players, through signed envelopes, and
verified (issue 10): the 2-player version to Turn 28, the 8-player version until its
automatic victory (Turn 24 with these players and master secret: six game years). Each
game is checked for what it must hold: deals, formal alliances, war off Europe."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from pathlib import Path

import pbem.ruleset as registry
from pbem.demo import run_demo
from pbem.verify import verify


def _play(
    tmp_path: Path, scenario: str, master: bytes = bytes(32)
) -> tuple[Path, list[tuple[str, dict]]]:
    path = run_demo(
        tmp_path / f"{scenario}-{master[0]}", "soldier-kings", scenario, echo=lambda s: None,
        master=master, reports_too=False,
    )  # fmt: skip
    with sqlite3.connect(path) as db:
        rows = [(t, json.loads(b)) for t, b in db.execute("SELECT type, body FROM events")]
    return path, rows


def _off_europe(rows: list[tuple[str, dict]]) -> Counter:
    world = registry.get("soldier-kings").content.worldwide
    return Counter(
        t
        for t, b in rows
        if t in ("sk.battle_began", "sk.siege_round") and world.map_of(b["area"]) != "europe"
    )


def _voyages(rows: list[tuple[str, dict]]) -> list[list[str]]:
    """Moves by the Worldwide Naval Movement track: paths across maps (SK 10.7)."""
    world = registry.get("soldier-kings").content.worldwide
    return [
        b["path"]
        for t, b in rows
        if t == "sk.fleets_moved" and len({world.map_of(a) for a in b["path"]}) > 1
    ]


def test_two_player_world_at_war_to_turn_28(tmp_path):
    path, rows = _play(tmp_path, "world-at-war-2")
    assert verify(path).ok
    turns = [b["turn"] for t, b in rows if t == "sk.turn_began"]
    assert max(turns) == 28
    assert rows[-1][0] in ("game_ended", "checkpoint_signed", "seed_revealed")
    kinds = Counter(t for t, _ in rows)
    assert kinds["sk.deal_made"] >= 10  # Resources between allies each winter
    assert any(t == "sk.deal_made" and b["alliance"] for t, b in rows)
    assert sum(_off_europe(rows).values()) >= 1  # the colonial war
    assert _voyages(rows)  # a fleet sails from Europe to the Americas by the track
    # the special Diplomacy Phase before Turn 1, then one each winter (SK 4.2)
    phases = [b["phase"] for t, b in rows if t == "phase_resolved"]
    assert "1756-spring-diplomacy" in phases
    assert (
        sum(p.endswith("-winter-diplomacy") for p in phases) == 6
    )  # none in the last, Turn 28: the game ends at its Victory Phase


def test_eight_player_world_at_war_ends_in_automatic_victory(tmp_path):
    # The scripted players do not play for victory, and the dice are bound to the log
    # (the content's digest is in its first event): which master secret's game ends in an
    # automatic victory changes with the content and the players. Now master 5's does
    # (Turn 24; masters 1-4 go to Turn 28): tried first, then the others in turn.
    for k in (5, *range(1, 9)):
        path, rows = _play(tmp_path, "world-at-war-8", bytes([k]) * 32)
        ended = [b for t, b in rows if t == "game_ended"]
        if ended and "automatic victory (SK 20.33)" in ended[0]["summary"]:
            break
    else:
        raise AssertionError("no 8-player game of masters 1-8 ends in automatic victory")
    assert verify(path).ok
    turns = [b["turn"] for t, b in rows if t == "sk.turn_began"]
    assert max(turns) >= 8  # two game years at least
    assert any(t == "sk.deal_made" and b["alliance"] for t, b in rows)
    assert sum(_off_europe(rows).values()) >= 1
    assert _voyages(rows)


def test_campaign_reports_stay_under_100_kb(tmp_path):
    """Issue 10: a campaign report draws five maps and the world track, and no mail client
    may clip it (Gmail clips beyond 102 KB): every report, sealed, stays under 100 KB.
    Over the budget a report is drawn again smaller (pbem.reports.svg.HTML_BUDGET), and
    says so. Here: every fifth report of a 4-player game to its Turn 8 (the first two
    years: the whole armies of the set-up, the biggest reports)."""
    from pbem.reports import pending
    from pbem.reports.build import render_many
    from pbem.reports.seal import seal
    from pbem.service import Game

    path = run_demo(
        tmp_path / "g", "soldier-kings", "world-at-war-4", echo=lambda s: None,
        master=bytes(32), reports_too=False, options={"end": "1757"},
    )  # fmt: skip
    game = Game(path)
    dues = pending(game, set())[::5]
    key = game.secrets().referee_key()
    pages = render_many(game, [(d.power, d.start, d.stop, None) for d in dues])
    sizes = [len(seal(p, game.state().game_ref, key).html.encode()) for p in pages]
    assert len(sizes) > 40 and max(sizes) < 100_000
    slimmed = [p for p in pages if "To keep this mail under 100 KB" in p.html]
    assert slimmed  # the budget is reached in this game: the ladder is exercised
    full = [p for p in pages if p not in slimmed]
    assert all("under 100 KB" not in p.text for p in full)
