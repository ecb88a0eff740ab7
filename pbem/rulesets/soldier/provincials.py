"""SK 19.4 Provincials: who may buy them, and how many.

SK 19.41: "The British player may purchase one Provincial army [...]. Once the 'Pitt
Takes Power' card has been played, the British player may purchase all three. Spanish
provincials may only be purchased through the play of the 'Spanish Provincial Army'
card." Read as limits on the provincial armies a power has in play (on the map or the
turn track), since Britain starts the World at War with one (its Starting Forces):

- a power whose provincials a card unlocks (`unlock_provincials`: Britain) has one in
  play at most until that card is played, then as many as the card says (all three);
  its orders may play the card and buy in the same Purchase Phase;
- a power whose provincials only a card lets it buy (`provincial_purchase`: Spain) buys
  them in the Purchase Phase the card is played on it, up to the card's count: the play
  and the `buy` lines in the same orders (the card is played before anyone buys). Played
  on it by another player, the card lets it buy in that phase only what its orders
  already asked for (docs/orders-soldier-kings.md);
- any other power's provincials are not bought.

Bought provincials are armies in all else (SK 19.42): army cost and arrival, placed by
SK 19.41's areas (common.placement_problem).
"""

from __future__ import annotations

from .content import SoldierContent
from .effects import live_effects
from .state import SoldierState

BASE = 1  # SK 19.41: "may purchase one Provincial army" before the card
IN_PLAY = ("map", "track", "setup")


def counters(s: SoldierState, power: str) -> list[str]:
    return [u.id for u in s.units.values() if u.country == power and u.provincial]


def in_play(s: SoldierState, power: str) -> int:
    return sum(
        1 for u in s.units.values() if u.country == power and u.provincial and u.status in IN_PLAY
    )


def cards_for(content: SoldierContent, power: str, kind: str) -> list[str]:
    """The cards whose effect of `kind` names `power`."""
    return sorted(
        c.name
        for c in content.cards.cards
        if any(e.kind == kind and getattr(e, "power", None) == power for e in c.effects)
    )


def limit(
    content: SoldierContent, s: SoldierState, power: str, playing: frozenset[str] = frozenset()
) -> tuple[int, str]:
    """How many provincial armies `power` may have in play now, and the rule that says
    so. `playing`: cards its own orders play this phase, before they buy (validation)."""
    total = len(counters(s, power))
    if total == 0:
        return 0, f"{power} has no provincial armies (SK 19.4)"
    by_card = cards_for(content, power, "provincial_purchase")
    if by_card:
        granted = [x for x in live_effects(s, "provincial_purchase") if x.get("target") == power]
        if granted or playing & set(by_card):
            counts = [x.get("count", total) for x in granted] + [
                e.count
                for c in by_card
                if c in playing
                for e in content.card(c).effects
                if e.kind == "provincial_purchase"
            ]
            return min(total, max(counts)), f"the {by_card[0]!r} card (SK 19.41)"
        return 0, (
            f"{power}'s provincial armies may only be purchased through the play of the "
            f"{by_card[0]!r} card, in the same orders (SK 19.41)"
        )
    unlock = cards_for(content, power, "unlock_provincials")
    unlocked = [x for x in s.card_effects if x.get("kind") == "unlock_provincials"]
    mine = [x.get("count", total) for x in unlocked if x.get("target") == power] + [
        e.count
        for c in unlock
        if c in playing
        for e in content.card(c).effects
        if e.kind == "unlock_provincials"
    ]
    if mine:
        return min(total, max(mine)), f"the {unlock[0] if unlock else 'card'!r} card (SK 19.41)"
    if unlock:
        return min(total, BASE), (
            f"{power} may have {BASE} provincial army in play until the {unlock[0]!r} card "
            "is played (SK 19.41)"
        )
    return 0, f"{power}'s provincial armies are not purchased (SK 19.41)"


def room(
    content: SoldierContent, s: SoldierState, power: str, playing: frozenset[str] = frozenset()
) -> tuple[int, str]:
    """How many more provincial armies `power` may buy now, and why no more."""
    most, why = limit(content, s, power, playing)
    return max(0, most - in_play(s, power)), why
