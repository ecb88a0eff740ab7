"""Effects in force (SK 5.2): what the rules ask while a played card's effect lasts.

A card's effect is recorded in the state (`s.card_effects`, by `sk.card_effect`) with a
kind; the movement, combat, siege, initiative and winter rules ask here by kind, so no
rules module needs the cards module (issue 9: the Soldier engine's effect registry).
A variant's cards (Soldier Kings' 28 types, later Soldier Emperor's) produce effects of
these kinds; a new kind is a new query here.
"""

from __future__ import annotations

from typing import Any

from .state import SoldierState


def live(s: SoldierState, eff: dict) -> bool:
    """Is an effect still in force: this turn, and for a phase effect this very phase;
    a game effect (Pitt Takes Power, SK 19.41) for the rest of the game."""
    if eff.get("until") == "game":
        return True
    if eff.get("turn") != s.turn:
        return False
    if eff.get("until") == "turn":
        return True
    return eff.get("stage") == s.stage and eff.get("acting") == s.acting


def live_effects(s: SoldierState, kind: str) -> list[dict]:
    return [x for x in s.card_effects if x.get("kind") == kind and live(s, x)]


def extra_half_mps(s: SoldierState, units: list[str] | tuple[str, ...]) -> int:
    """Forced March (SK 8.1): half movement points added to the group the card was
    played on, "one army or group": a group of exactly the armies named (those still on
    the map), so that splitting them does not give two groups the point."""
    armies = {u for u in units if s.units[u].type == "army"}
    if not armies:
        return 0
    return sum(
        2 * x.get("points", 0)
        for x in live_effects(s, "extra_movement")
        if armies == {u for u in x.get("units", []) if s.units[u].status == "map"}
    )


def leader_inactive(s: SoldierState, name: str) -> bool:
    """Vacillating General: neither moves nor adds his rating or movement this turn."""
    if name == s.banner:  # SE 19.61: the Banner's bearer is immune (banner.py)
        return False
    return any(x.get("leader") == name for x in live_effects(s, "leader_inactive"))


def extra_dice(s: SoldierState, combat: str, area: str, rnd: int, side: str) -> int:
    """Inspired Leadership (SK 9.2): extra dice for a side in one round of a land battle."""
    return sum(
        x.get("dice", 0)
        for x in live_effects(s, "combat_dice")
        if x.get("combat") == combat and x.get("area") == area and x.get("round") == rnd
        and x.get("side") == side
    )  # fmt: skip


def skilful(s: SoldierState, area: str, power: str) -> bool:
    """Skilful Retreat: the player's units in `area` ignore SK 9.5's entry-route rule."""
    player = s.player_of(power)
    return any(
        x.get("area") == area and x.get("player") == player
        for x in live_effects(s, "unrestricted_retreat")
    )


def initiative_modifier(s: SoldierState, power: str) -> int:
    """Council of War (SK 4.1): added to the power's initiative roll this Initiative Phase."""
    return sum(
        x.get("value", 0)
        for x in live_effects(s, "initiative_modifier")
        if x.get("target") == power
    )


def initiative_modifiers(s: SoldierState, power: str) -> list[tuple[int, str]]:
    """Council of War, one entry per card in force: (value, the card's name), as the
    report shows them beside the dice (SK 4.1)."""
    return [
        (x.get("value", 0), x.get("card") or "a card")
        for x in live_effects(s, "initiative_modifier")
        if x.get("target") == power and x.get("value", 0)
    ]


def quartered(s: SoldierState, area: str, unit: Any) -> bool:
    """Good Winter Quarters (SK 20.2): armies friendly to the card's player there are
    supported."""
    return any(
        x.get("area") == area and s.friendly(s.unit_side_country(unit), x.get("power"))
        for x in live_effects(s, "winter_quarters")
    )
