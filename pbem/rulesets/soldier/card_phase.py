"""The winter turn's Event Card Phase (SK 4.2, 5.0): every player discards all his event
cards, all the cards are shuffled together and each player is dealt five, one fewer for
a player formally allied to another major power during the year. The campaign only: the
one-year scenarios deal once (SK 3.0)."""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Step

from . import phases
from .content import SoldierContent
from .fold import on
from .setup import HAND_SIZE, deal
from .state import SoldierState


@event
class CardsGathered(Event):
    """SK 4.2: all the players' cards and the discards go back into the deck (the cards
    removed from the game stay out); `cards`: how many the deck then holds."""

    type: Literal["sk.cards_gathered"] = "sk.cards_gathered"
    cards: int


@on(CardsGathered)
def _(s: SoldierState, e: CardsGathered) -> None:
    s.deck = sorted([*s.deck, *s.discard, *(c for h in s.hands.values() for c in h)])
    s.discard = []
    s.hands = {p: [] for p in s.hands}
    s.allied_in_year = []  # a new year's alliances are counted from here


def allied_players(s: SoldierState) -> set[str]:
    """Players with a major power formally allied (SK 16.1) to another player's at any
    time during the current year (SK 5.0): in force now, or made or broken since the
    last Event Card Phase (state.allied_in_year): a Winter Diplomacy Phase's alliance
    counts toward the next year, as SE 21.6 reads a break (victory.alliance_year)."""
    out = {s.player_of(p) for p in s.allied_in_year}
    for group in s.alliances:
        players = {s.player_of(p) for p in group}
        if len(players) > 1:
            out |= players
    return out


class EventCards(phases.NoOrders):
    """SK 4.2 Event Card Phase: automatic; then the Diplomacy Phase."""

    def resolve(
        self, ctx: Resolution, content: SoldierContent, step: Step, orders: dict, standing: dict
    ) -> None:
        s: SoldierState = ctx.state
        allied = allied_players(s)  # before the gathering starts a new year's count
        held = sum(len(h) for h in s.hands.values())
        ctx.emit(CardsGathered(cards=len(s.deck) + len(s.discard) + held))
        for player in sorted(ctx.state.players):
            deal(ctx, [player], HAND_SIZE - (player in allied))  # SK 5.0
        ctx.emit(phases.StageOver(stage="cards", next="diplomacy"))  # diplomacy.py


phases.register("cards", EventCards())
