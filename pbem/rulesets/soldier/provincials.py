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
from .state import IN_PLAY, Counter, SoldierState

BASE = 1  # SK 19.41: "may purchase one Provincial army" before the card


def counters(s: SoldierState, power: str) -> list[Counter]:
    return [u for u in s.units.values() if u.country == power and u.provincial]


def in_play(s: SoldierState, power: str) -> int:
    return sum(1 for u in counters(s, power) if u.status in IN_PLAY)


def _granted(
    content: SoldierContent, s: SoldierState, power: str, kind: str, playing: frozenset[str]
) -> tuple[list[str], list[int]]:
    """The cards whose effect of `kind` names `power`, and the counts that effect grants
    it now: played before (in force) or played by its own orders this phase."""
    cards = sorted(
        c.name
        for c in content.cards.cards
        if any(e.kind == kind and getattr(e, "power", None) == power for e in c.effects)
    )
    counts = [x.get("count", 0) for x in live_effects(s, kind) if x.get("target") == power]
    counts += [
        e.count for c in cards if c in playing for e in content.card(c).effects if e.kind == kind
    ]
    return cards, counts


def limit(
    content: SoldierContent, s: SoldierState, power: str, playing: frozenset[str] = frozenset()
) -> tuple[int, str]:
    """How many provincial armies `power` may have in play now, and the rule that says
    so. `playing`: cards its own orders play this phase, before they buy (validation)."""
    total = len(counters(s, power))
    if total == 0:
        return 0, f"{power} has no provincial armies (SK 19.4)"
    for kind in ("provincial_purchase", "unlock_provincials"):
        cards, counts = _granted(content, s, power, kind, playing)
        if counts:
            return min(total, max(counts)), f"the {cards[0]!r} card (SK 19.41)"
        if cards and kind == "provincial_purchase":
            return 0, (
                f"{power}'s provincial armies may only be purchased through the play of the "
                f"{cards[0]!r} card, in the same orders (SK 19.41)"
            )
        if cards:
            return min(total, BASE), (
                f"{power} may have {BASE} provincial army in play until the {cards[0]!r} card "
                "is played (SK 19.41)"
            )
    return 0, f"{power}'s provincial armies are not purchased (SK 19.41)"


def room(
    content: SoldierContent, s: SoldierState, power: str, playing: frozenset[str] = frozenset()
) -> tuple[int, str]:
    """How many more provincial armies `power` may buy now, and why no more."""
    most, why = limit(content, s, power, playing)
    return max(0, most - in_play(s, power)), why
