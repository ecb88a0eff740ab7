"""SK 5 event cards, what they record: the events of card play and their fold (the
effects in force, hands, treasuries, leaders and armies a card brings, spent orders)."""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event

from . import (
    navy,
)
from .effects import live
from .fold import on
from .state import SoldierState


@event
class CardCancelled(Event):
    """SK 5.2 with Diplomatic Intrigue: the card just played has no effect."""

    type: Literal["sk.card_cancelled"] = "sk.card_cancelled"
    card: str
    power: str
    by: str
    with_card: str
    # the card "is discarded" (Diplomatic Intrigue), one that its play had removed from
    # the game (Pitt Takes Power) too: it goes to the discard pile
    discarded: bool = False


@event
class CardEffect(Event):
    """SK 5.2: a card's effect in force from now: for this phase, this turn, or the game."""

    type: Literal["sk.card_effect"] = "sk.card_effect"
    card: str
    effect: str  # the effect kind (cards.toml)
    power: str  # who played it
    until: Literal["phase", "turn", "game"]
    turn: int
    stage: str
    acting: int
    detail: dict
    text: str


@event
class TreasuryChanged(Event):
    """A card's gain or loss of Resources or Manpower (SK 1.0 "1-3", "1-6"; SK 7.5)."""

    type: Literal["sk.card_treasury"] = "sk.card_treasury"
    power: str
    card: str
    resources: int  # + gained, - lost
    manpower: int
    roll: int | None = None
    note: str = ""


@event
class CardAttrition(Event):
    """Epidemic, Storm at Sea: each unit rolls a die; a step loss on `hit_on` or more (an
    army aboard a fleet shares the fleet's fate, SK 10.6)."""

    type: Literal["sk.card_attrition"] = "sk.card_attrition"
    card: str
    area: str
    hit_on: int
    rolls: dict[str, int]
    losses: dict[str, int]  # unit -> step losses


@event
class CardsTaken(Event):
    """Spies (public part): how many cards changed hands, not which."""

    type: Literal["sk.cards_taken"] = "sk.cards_taken"
    player: str
    frm: str  # the player robbed
    count: int
    card: str


@event
class CardTaken(Event):
    """Spies (secret part): the cards taken; only the two players' powers see it."""

    type: Literal["sk.card_taken"] = "sk.card_taken"
    player: str
    frm: str
    cards: list[str]
    seen_by: list[str]  # powers (ruleset.visible)


@event
class LeaderEnters(Event):
    """SK 13.8 New Leader: placed in `area`, or on the turn track until `arrives`."""

    type: Literal["sk.new_leader"] = "sk.new_leader"
    power: str
    leader: str
    area: str | None
    arrives: int | None = None
    card: str = "New Leader"  # "": due from the turn track (a delayed or wounded leader)
    wish: str | None = None  # SE 13.8: where he is to be placed when he arrives


@event
class FreeArmy(Event):
    """Militia Levy: an unused army placed at once, without cost."""

    type: Literal["sk.free_army"] = "sk.free_army"
    power: str
    unit: str
    area: str
    card: str


@event
class FortificationHit(Event):
    """Treason: hits on a fortification outside the siege rounds (SK 12.2 marker)."""

    type: Literal["sk.fortification_hit"] = "sk.fortification_hit"
    area: str
    hits: int
    fort_hits: int
    fortification: int
    besieger: str
    card: str


@event
class WinterCampaign(Event):
    """Winter Campaign (SK 20.0): these powers conduct an action phase before attrition."""

    type: Literal["sk.winter_campaign"] = "sk.winter_campaign"
    powers: list[str]


@event
class CardOrderSkipped(Event):
    """A card order not carried out (only its player sees it: it quotes the order)."""

    type: Literal["sk.card_order_skipped"] = "sk.card_order_skipped"
    power: str
    order: str
    reason: str
    key: str = ""


@on(CardCancelled)
def _(s: SoldierState, e: CardCancelled) -> None:
    if e.discarded:
        s.discard.append(e.card)


@on(CardEffect)
def _(s: SoldierState, e: CardEffect) -> None:
    eff = {
        "card": e.card, "kind": e.effect, "power": e.power, "until": e.until, "turn": e.turn,
        "stage": e.stage, "acting": e.acting, **e.detail,
    }  # fmt: skip
    s.card_effects = [x for x in s.card_effects if live(s, x)] + [eff]


@on(TreasuryChanged)
def _(s: SoldierState, e: TreasuryChanged) -> None:
    t = s.treasury_of(e.power)
    t.resources = max(0, t.resources + e.resources)  # SK 7.5
    t.manpower = max(0, t.manpower + e.manpower)


@on(CardAttrition)
def _(s: SoldierState, e: CardAttrition) -> None:
    for uid, n in e.losses.items():
        for _ in range(n):
            s.step_loss(uid)
    navy.tidy(s)


@on(CardsTaken)
def _(s: SoldierState, e: CardsTaken) -> None:
    return None


@on(CardTaken)
def _(s: SoldierState, e: CardTaken) -> None:
    for c in e.cards:
        if c in s.hands.get(e.frm, []):
            s.hands[e.frm].remove(c)
            s.hands.setdefault(e.player, []).append(c)
    s.hands.setdefault(e.player, []).sort()


@on(LeaderEnters)
def _(s: SoldierState, e: LeaderEnters) -> None:
    ld = s.leaders[e.leader]
    if e.area:
        ld.status, ld.area, ld.arrives = "map", e.area, None
    else:
        ld.status, ld.area, ld.arrives = "track", None, e.arrives
    ld.wish = e.wish


@on(FreeArmy)
def _(s: SoldierState, e: FreeArmy) -> None:
    u = s.units[e.unit]
    u.status, u.area, u.arrives, u.is_reduced = "map", e.area, None, False


@on(FortificationHit)
def _(s: SoldierState, e: FortificationHit) -> None:
    s.fort_hits[e.area] = e.fort_hits
    s.besieger.setdefault(e.area, e.besieger)


@on(WinterCampaign)
def _(s: SoldierState, e: WinterCampaign) -> None:
    s.initiative = list(e.powers)
    s.acting = 0
    s.stage = "action"


@on(CardOrderSkipped)
def _(s: SoldierState, e: CardOrderSkipped) -> None:
    return None
