"""SK 5 Event Cards: hands, card plays by email, and the effect of every non-Globe card
(games/soldier-kings/cards.toml; players' guide: docs/orders-soldier-kings.md, "Event
cards").

SK 5.1: a player plays any number of cards, in any order, on himself or any other player,
at any time unless the card says otherwise; SK 5.2: effects happen at once, in the order
played, and are not retroactive. In play by email a card play is an order with its moment:

  In one's own orders (action phase, or Purchase Phase), carried out at the moment the
  card's timing names (a line whose moment never comes is not played: the card stays):
    play CARD [on TARGET] [in AREA] [before STEP | at end]   any-time cards; STEP: naval
                                                   combat, land movement, land combat, siege;
                                                   default: at the start of the action
                                                   phase (before alliances and hires)
    play Forced March on ARMIES                    at the Land Movement Step
    play Inspired Leadership in AREA [round N]     before round N (default 1) of your attack
    play Surprise Attack in AREA                   as your attack on AREA is declared
    play Treason|Siege Train in AREA               as your siege of AREA begins
    play Fog at Sea [in SEA]                       on the first rolled interception of your
                                                   side's fleets (there) this phase
    play Weather Gauge [in AREA]                   in the first naval battle (there)
    play Royal Betrothal on MINOR                  with your `ally with MINOR` attempt
    play Minor Country Alliance with MINOR ...     = ally with MINOR ... (minors.py)
    play Swiss Mercenaries [COUNTRY [N], ...]      = hire ... (mercenaries.py); likewise
    play Holy Roman Empire Mercenaries ...           (no country: every one of the card)
    play Militia Levy [on POWER] [in AREA]         Purchase Phase only
  Standing orders (Phase: standing), each carried out once, then spent:
    play CARD [on TARGET] [+N|-N] at WHEN          WHEN: initiative, peace, winter (the
                                                   start of the Winter turn), attrition,
                                                   maintenance, victory
    react CARD [on TARGET] [round N] when TRIGGER  TRIGGER: attacked [in AREA] [round N];
                                                   AREA besieged; intercepted [in AREA];
                                                   naval battle [in AREA]; WHO sails [into
                                                   AREA]; WHO plays [CARD]; WHO attempts
                                                   [MINOR]. WHO: a power, enemy, ally, anyone

Choices (each pinned by a case, tests/cases/soldier-kings/card-*.toml):
- Only the holder plays: the card must be in the hand of the power's player when the line
  is accepted (as many copies as lines) and when it is carried out; otherwise the line is
  skipped (an own-phase line with a `sk.card_order_skipped` notice, a reaction silently).
- A standing play or reaction fires once and is spent: the state's `card_plays` records
  it with what triggered it. Identical lines are separate orders, but one moment fires
  only one of them (the next waits for the next such moment); re-sending a spent line
  does not re-arm it.
- Reactions fire in any phase, one's own included, in the order of the scenario's powers,
  then of the lines. Reactions of the defending side react to an attack as it begins
  (before retreats), Inspired Leadership before its round.
- A card whose target is invalid at its moment is not played (the card stays).
- Diplomatic Intrigue cancels the first card its trigger names, never one of its own
  player's cards, never another Diplomatic Intrigue (cards.toml except_cards); the
  cancelled card is discarded with no effect.
- Minor Country Alliance and the mercenary cards are played on one's own power only (the
  power they are played on chooses the minor or pays the hire: pbem does not stop to ask
  another player). Spies is played on another player's power; a player's hand that is
  empty at the moment keeps the card in the spy's hand.
- "1-3" and "1-6" are one public die (SK 1.0); a power with zero Resources or Manpower
  loses nothing (SK 7.5). Spies' card is drawn from the hidden stream (ctx.draw) and only
  the two players see which (`sk.card_taken`); everyone sees that one was taken.
- New Leader: an unused leader of the power who enters on a map in play (Wolfe and
  Montcalm in North America, Clive in India: the World at War's), drawn with a public
  die, placed on his map only (SK 13.8: Europe; SK 1.0's North America; India): in the
  area named with `in` if the power controls it there, else the area it controls with
  most of its armies (then fortification, name); none controlled: the next campaign
  turn's Purchase Phase (SK 13.8, 6.3). No unused leader: the card is not played.
- Militia Levy: a random unused army, free, in a home area the power itself controls with
  a Manpower value (the card; among SK 6.3's areas): where `in` says if it is one, else
  the default arrival area among them (common.default_area); none, or no army: not played.
- Fog at Sea stops rolled interceptions only (SK 10.44), not blockades (SK 10.5) nor
  Gibraltar/Constantinople (SK 10.46), which are automatic. Storm at Sea: the group stops
  in the area it entered; interceptions there still happen; a fleet's loss is shared by
  the army aboard (SK 10.6).
- Weather Gauge: the first side to play it holds the gauge, no die is rolled.
- Surprise Attack forbids every retreat before that battle (SK 9.5); Skilful Retreat lifts
  SK 9.5's third restriction for the defender's retreats before and after the battle.
- Treason's two hits count at once; if they reach the fortification the area falls now
  (SK 12.2) and the rounds paid are not fought.
- Heroic Garrison: the area must be controlled by the reacting player's powers or their
  minor allies; its defensive fire rolls two more dice each round, even at fortification 0.
- Good Winter Quarters: the armies friendly to the player who played it in that area take
  no attrition and do not count against its support limits (SK 20.2).
- Winter Campaign (one-year winter: attrition, maintenance, victory): standing
  `play Winter Campaign [on POWER] at winter` gives POWER one action phase (its formal
  allies may act in it, SK 16.1) before the Winter Attrition Phase; one per power a winter.
- Council of War modifies the first initiative roll only (ties are rolled again
  unmodified, like Prussia's two).
- Vacillating General: the general may not move this turn, and in battle and siege he
  counts as held out (SK 9.2: no rating, no casualty roll).
- Card effects stack (two Forced Marches: two movement points).
"""

from __future__ import annotations

from collections import Counter as Tally
from dataclasses import replace
from typing import Any

from pbem.resolution import Resolution

from . import (
    calendar,
    card_units,
    common,
    fortresses,
    guerillas,
    mercenaries,
    minor_rules,
    minor_variants,
    minors,
    naval,
    navy,
    passages,
    purchases,
    satellites,
    siege,
    standing,
)
from .card_checks import free_army_areas, hand, may_enter, new_leaders, target_now
from .card_events import (
    CardAttrition,
    CardCancelled,
    CardEffect,
    CardOrderSkipped,
    CardsTaken,
    CardTaken,
    FortificationHit,
    FreeArmy,
    LeaderEnters,
    TreasuryChanged,
)
from .card_orders import PlayOrder
from .common import id_order
from .content import Card, SoldierContent
from .state import SoldierState

# how a card is played, by its first effect (cards.toml; any-time cards are "any")


# --------------------------------------------------------------------------- events


# --------------------------------------------------------------------------- orders


# --------------------------------------------------------------------------- checks


# --------------------------------------------------------------------------- playing


def spent(s: SoldierState, power: str, key: str) -> bool:
    return any(r["power"] == power and r["key"] == key for r in s.card_plays)


def was_skipped(ctx: Resolution, key: str) -> bool:
    return any(isinstance(e, CardOrderSkipped) and e.key == key for e in ctx.events)


def play(
    ctx: Resolution,
    content: SoldierContent,
    power: str,
    card: str,
    *,
    on: str = "",
    detail: str = "",
    key: str = "",
    trigger: str = "",
    standing: dict | None = None,
) -> bool:
    """SK 5.1: the card leaves the hand of `power`'s player, face up (a public event), to
    the discard pile or out of the game (cards.toml after_play). Returns False if it was
    not in the hand, or a Diplomatic Intrigue cancelled it (SK 5.2)."""
    s: SoldierState = ctx.state
    player = s.player_of(power)
    if card not in s.hands.get(player, []):
        return False
    c = content.card(card)
    ctx.emit(
        minor_rules.CardPlayed(
            player=player, power=power, card=card, on=on, detail=detail,
            to="removed" if c.after_play == "remove" else "discard", key=key, trigger=trigger,
        )
    )  # fmt: skip
    return not _intrigue(ctx, content, power, card, standing or {})


def matches_who(s: SoldierState, me: str, who: str | None, power: str) -> bool:
    if who in (None, "anyone"):
        return True
    if who == "enemy":
        return not s.friendly(me, power)
    if who == "ally":
        return s.friendly(me, power)
    return who == power


def order_plays(standing_orders: dict, power: str) -> list[PlayOrder]:
    """The `play` lines of `power`'s orders for this phase (keyed by with_orders)."""
    so = standing_orders.get(power)
    return list(so.get("_plays", [])) if so is not None else []


def standing_plays(standing_orders: dict, power: str, kind: str = "react") -> list[PlayOrder]:
    """`power`'s standing `react` (or `play`) lines, each keyed by its text and its
    occurrence among identical lines (the k-th identical line is the k-th order)."""
    so = standing_orders.get(power)
    given = so.get(kind) if so is not None else None
    if not given:
        return []  # (asked at every moment a card could be played: mostly no line)
    out = []
    seen: Tally[str] = Tally()
    for po in given:
        if not isinstance(po, PlayOrder):
            continue
        norm = po.text.casefold()
        seen[norm] += 1
        out.append(replace(po, key=f"{norm} #{seen[norm]}"))
    return out


def with_orders(standing_orders: dict, plays: dict[str, list[PlayOrder]], phase: str) -> dict:
    """The standing orders every hook reads, with each power's `play` lines of this phase
    added under "_plays" (keyed by phase and line: each is carried out once)."""
    out = dict(standing_orders)
    for p, lines in plays.items():
        if not lines:
            continue
        so = standing.StandingOrders(standing_orders.get(p, {}))
        so["_plays"] = [replace(po, key=f"{phase} {p} line {po.line}") for po in lines]
        out[p] = so
    return out


def carry_out(
    ctx: Resolution,
    content: SoldierContent,
    power: str,
    po: PlayOrder,
    standing_orders: dict,
    info: dict | None = None,
    trigger: str = "",
) -> bool:
    """Play `po` now if it is still to be carried out, the card is in the hand and the
    target is valid; then its effects, in the data's order (SK 5.2)."""
    info = info if info is not None else {}
    s: SoldierState = ctx.state
    if spent(s, power, po.key) or was_skipped(ctx, po.key) or _twin_fired(ctx, power, po, trigger):
        return False
    if po.card not in hand(s, power):
        if po.verb == "play" and po.key:
            skip_order(
                ctx, power, po, f"{s.player_of(power)} holds no {po.card!r} card now (SK 5.1)"
            )
        return False
    target, why = target_now(content, s, power, po, info)
    if why:
        if po.verb == "play":
            skip_order(ctx, power, po, why + "; the card stays in the hand")
        return False
    if not play(
        ctx, content, power, po.card, on=target or "", key=po.key, trigger=trigger,
        standing=standing_orders,
    ):  # fmt: skip
        return False
    info.setdefault("standing", standing_orders)  # the owners' casualties orders
    execute(ctx, content, power, content.card(po.card), po, target, info)
    return True


def _twin_fired(ctx: Resolution, power: str, po: PlayOrder, trigger: str) -> bool:
    """Identical standing lines are separate orders, but one moment fires only one of
    them (the next one waits for the next such moment)."""
    base, sep, _ = po.key.rpartition(" #")
    return bool(sep) and any(
        isinstance(e, minor_rules.CardPlayed)
        and e.power == power
        and e.trigger == trigger
        and e.key.rpartition(" #")[0] == base
        for e in ctx.events
    )


def skip_order(ctx: Resolution, power: str, po: PlayOrder, reason: str) -> None:
    ctx.emit(CardOrderSkipped(power=power, order=po.text, reason=reason, key=po.key))


def _intrigue(
    ctx: Resolution, content: SoldierContent, power: str, card: str, standing_orders: dict
) -> bool:
    """SK 5.2 with Diplomatic Intrigue: another player's standing `react ... when WHO plays
    [CARD]` cancels the card just played. Returns whether it was cancelled."""
    s: SoldierState = ctx.state
    for q in list(s.majors):
        if s.player_of(q) == s.player_of(power):
            continue  # never against one's own player's cards
        for po in standing_plays(standing_orders, q):
            c = content.card(po.card)
            cancel = next((e for e in c.effects if e.kind == "cancel_card"), None)
            t = po.trigger
            if cancel is None or t is None or card in cancel.except_cards:
                continue
            if (
                t.kind != "plays"
                or (t.what and t.what != card)
                or not matches_who(s, q, t.who, power)
            ):
                continue
            info = {"on": f"{card} ({power})"}
            if carry_out(ctx, content, q, po, standing_orders, info, f"{power} plays {card}"):
                # Diplomatic Intrigue: "that card has no effect and is discarded", even
                # one its play removed from the game (cards.toml after_play = remove)
                gone = content.card(card).after_play == "remove"
                ctx.emit(
                    CardCancelled(card=card, power=power, by=q, with_card=po.card, discarded=gone)
                )
                return True
    return False


# --------------------------------------------------------------------------- effects


def _effect(
    ctx: Resolution, card: str, kind: str, power: str, until: str, detail: dict, text: str
) -> None:
    s: SoldierState = ctx.state
    ctx.emit(
        CardEffect(
            card=card, effect=kind, power=power, until=until, turn=s.turn, stage=s.stage,
            acting=s.acting, detail=detail, text=text,
        )
    )  # fmt: skip


def amount(ctx: Resolution, label: str, value: int | str) -> tuple[int, int | None]:
    """SK 1.0: "1-6" is one die; "1-3" is one die halved, rounded up."""
    if isinstance(value, int):
        return value, None
    roll = ctx.roll(label, 1)[0]
    return (roll if value == "1-6" else (roll + 1) // 2), roll


def execute(
    ctx: Resolution,
    content: SoldierContent,
    power: str,
    card: Card,
    po: PlayOrder,
    target: str | None,
    info: dict,
) -> None:
    """A played card's effects, one by one, as cards.toml lists them (SK 5.2)."""
    name = card.name
    for eff in card.effects:
        e: Any = eff  # one of the effect models of content.py, by its kind
        s: SoldierState = ctx.state
        k = e.kind
        if k in ("resources", "manpower"):
            assert target is not None
            money = content.game.rules.money  # SE 7.0: Money
            what = money if k == "resources" else "Manpower"
            gain = e.direction == "gain"
            label = f"{name}: {target} {'gains' if gain else 'loses'} {e.amount} {what}"
            r, m = common.treasury(ctx.state, target)
            n, roll, note = 0, None, ""
            if not gain and (r == 0 or m == 0):  # SK 7.5: no die is needed
                why = "SK 7.5" if content.game.rules.book == "SK" else "SE 7.4"
                note = f"{target} has zero {money} or Manpower and loses nothing ({why})"
            else:
                n, roll = amount(ctx, label, e.amount)
            if not gain:
                n = min(n, r if k == "resources" else m)
            delta = n if gain else -n
            ctx.emit(
                TreasuryChanged(
                    power=target, card=name, roll=roll, note=note,
                    resources=delta if k == "resources" else 0,
                    manpower=delta if k == "manpower" else 0,
                )
            )  # fmt: skip
        elif k == "new_leader":
            _new_leader(ctx, content, target or power, po.area)
        elif k == "take_card":
            _take_cards(ctx, power, target or "", e.count, name)
        elif k == "attrition_roll":
            if e.units == "army" and info.get("armies"):  # the moving group (Cossacks)
                units = list(info["armies"])
                where = info.get("area", "")
            elif e.units == "army":
                units = sorted((u.id for u in s.on_map(target, "army")), key=id_order)
                where = target or ""
            elif info.get("fleets"):  # the moving group (Storm at Sea, Monsoon)
                units = list(info["fleets"])
                where = info.get("area", "")
            else:  # Mutiny: the fleets named (card_checks.group_problem: one area)
                units = list(po.units)
                where = s.units[units[0]].area or "" if units else ""
            _attrition(ctx, name, where, units, e.hit_on)
        elif k == "leader_inactive":
            _effect(ctx, name, k, power, "turn", {"leader": target},
                    f"{target} neither moves nor adds his rating or movement this turn")  # fmt: skip
        elif k == "remove_marker":
            if target in s.markers.get(e.marker, []):
                ctx.emit(minor_rules.MarkerRemoved(marker=e.marker, on=target))
        elif k == "end_minor_alliance":
            assert target is not None
            minors.end_alliance(ctx, target, why=f"{name}, played by {power}")
        elif k == "free_army":
            _free_army(ctx, content, target or power, po.area, name)
        elif k == "winter_quarters":
            _effect(ctx, name, k, power, "turn", {"area": target},
                    f"armies friendly to {power} in {target} are supported this winter")  # fmt: skip
        elif k == "winter_operations":
            info.setdefault("winter", []).append(target)
            _effect(ctx, name, k, power, "turn", {"target": target},
                    f"{target} conducts an action phase before Winter Attrition")  # fmt: skip
        elif k == "initiative_modifier":
            _effect(ctx, name, k, power, "phase", {"target": target, "value": po.sign},
                    f"{target}'s initiative roll {po.sign:+d}")  # fmt: skip
        elif k == "extra_movement":
            pts = e.points
            _effect(ctx, name, k, power, "phase", {"units": list(po.units), "points": pts},
                    f"{', '.join(po.units)}: movement allowance +{pts} this action phase")  # fmt: skip
        elif k == "combat_dice":
            if e.combat == "siege":
                info["siege_dice"] = info.get("siege_dice", 0) + e.dice
            else:
                side, area, rnd, n = (
                    info.get("side"),
                    info.get("area"),
                    info.get("round", 1),
                    e.dice,
                )
                detail = {"combat": "land", "area": area, "round": rnd, "side": side, "dice": n}
                text = f"{area}, round {rnd}: the {side} rolls {n} more dice"
                _effect(ctx, name, k, power, "phase", detail, text)
        elif k == "no_retreat_before_battle":
            info["no_retreat"] = True
        elif k == "unrestricted_retreat":
            area = info.get("area")
            _effect(ctx, name, k, power, "phase", {"area": area, "player": s.player_of(power)},
                    f"{s.player_of(power)}'s units in {area} may retreat along routes the enemy came by")  # fmt: skip
        elif k == "halt":
            info["halt"] = True
        elif k == "interception_fails":
            info["fails"] = True
        elif k == "wind_gauge":
            info["gauge"] = True
        elif k == "evade_blockade":  # SE 10.5, 10.51: Slip the Blockade
            passages.slip_blockade(ctx, power, name, info)
        elif k == "siege_hits":
            _treason(ctx, content, power, name, info.get("area") or "", e.hits, info)
        elif k == "defensive_fire_dice":
            info["fire_dice"] = info.get("fire_dice", 0) + e.dice
        elif k == "alliance_roll_modifier":
            if not e.countries or info.get("minor") in e.countries:
                info["bonus"] = info.get("bonus", 0) + e.value
        elif k == "place_marker":
            if e.when == "alliance_succeeds":
                info.setdefault("markers", []).append(e.marker)
            elif target:
                ctx.emit(minor_rules.MarkerPlaced(marker=e.marker, on=target))
        elif k == "card_unit":  # SK 1.0, 18.9, 19.3: Pirates, the South Pacific unit
            card_units.bring_in(ctx, content, e.country, target or power, po.area, e.area, name)
        elif k == "unlock_provincials":  # SK 19.41: Pitt Takes Power, for the rest of the game
            _effect(ctx, name, k, power, "game", {"target": e.power, "count": e.count},
                    f"{e.power} may purchase all {e.count} of its provincial armies (SK 19.41)")  # fmt: skip
        elif k == "provincial_purchase":  # SK 19.41: Spanish Provincial Army, this phase
            _effect(ctx, name, k, power, "phase", {"target": e.power, "count": e.count},
                    f"{e.power} may purchase its provincial armies this Purchase Phase (SK 19.41)")  # fmt: skip
        elif k in satellites.KINDS:  # SE 19.2, 19.3: a satellite nation, Holland
            satellites.create(ctx, content, power, name, e, po.areas)
        elif k == "guerrilla_attack":  # SE 19.4 by card: Popular Uprising (guerillas.py)
            guerillas.card_attack(
                ctx, content, power, target or "", e.dice, info.get("standing", {}), name
            )
        # minor_alliance_attempt, hire_mercenaries: minors.py / mercenaries.py carry them
        # out; cancel_card: _intrigue


def _attrition(ctx: Resolution, card: str, area: str, units: list[str], hit_on: int) -> None:
    s: SoldierState = ctx.state
    rolls: dict[str, int] = {}
    losses: dict[str, int] = {}
    for uid in units:
        if s.units[uid].status != "map":
            continue
        v = ctx.roll(f"{card}: {uid} in {area}", 1)[0]
        rolls[uid] = v
        if v >= hit_on:
            losses[uid] = losses.get(uid, 0) + 1
            u = s.units[uid]
            for army in navy.cargo(s, uid) if u.type == "fleet" else []:  # SK 10.6
                losses[army] = 2 if u.is_reduced and not s.units[army].is_reduced else 1
    if rolls:
        ctx.emit(CardAttrition(card=card, area=area, hit_on=hit_on, rolls=rolls, losses=losses))


def _take_cards(ctx: Resolution, power: str, target: str, count: int, card: str) -> None:
    """Spies: cards at random from the target player's hand, from the hidden stream."""
    s: SoldierState = ctx.state
    player, frm = s.player_of(power), s.player_of(target)
    left = sorted(s.hands.get(frm, []))
    taken = []
    for k in range(min(count, len(left))):
        taken.append(
            left.pop(ctx.draw(f"Spies: card {k + 1} drawn from the hand of {frm}", len(left)))
        )
    if not taken:
        return
    ctx.emit(CardsTaken(player=player, frm=frm, count=len(taken), card=card))
    seen = sorted({*s.players.get(player, [power]), *s.players.get(frm, [target])})
    ctx.emit(CardTaken(player=player, frm=frm, cards=sorted(taken), seen_by=seen))


def leader_area(
    content: SoldierContent, s: SoldierState, power: str, wish: str | None, enters: str = "europe"
) -> str | None:
    """SK 13.8: any land area in Europe the power controls (Wolfe and Montcalm: in North
    America, Clive: in India; SE 13.8: any home area in Europe): the one named, else the
    one with most of its armies, then the strongest fortification, then the name."""
    rules = content.game.rules
    mine = [a for a, c in s.control.items() if c == power and content.is_land(a)]
    if rules.new_leaders == "purchase-phase":
        mine = [
            a for a in mine if content.land_area(a).home == power and a not in rules.outside_europe
        ]
    else:  # SK 13.8 and the card: "in Europe" (the World at War has other maps in play)
        mine = [a for a in mine if may_enter(content, a, enters)]
    if wish in mine:
        return wish

    def key(a: str) -> tuple:
        armies = sum(1 for u in s.on_map(a, "army") if s.commander(u) == power)
        return (-armies, -content.land_area(a).fortification, a)

    return min(mine, key=key) if mine else None


def entry_area(
    content: SoldierContent, s: SoldierState, leader: str, power: str, wish: str | None
) -> str | None:
    """Where a new leader of `power` enters: a minor country's leader in a home area of
    his country or with its units (SE 13.9), any other by SK 13.8 / SE 13.8."""
    if s.leaders[leader].country != power:
        return minor_variants.minor_leader_area(content, s, leader, wish)
    return leader_area(content, s, power, wish, content.leader(leader).enters)


def _new_leader(ctx: Resolution, content: SoldierContent, power: str, wish: str | None) -> None:
    s: SoldierState = ctx.state
    pool = new_leaders(content, s, power)
    if not pool:
        return
    pick = pool[ctx.pick(f"New Leader: {power}, leader 1 of {len(pool)}", len(pool))]
    if content.game.rules.new_leaders == "purchase-phase" and s.stage != "purchase":
        # SE 13.8: placed during the Purchase Phase; that of this turn is past, so he
        # appears next turn as a new unit (SE 6.2), where the play line asked if it can
        nxt = calendar.campaign_turns_after(s.turn, 1)
        ctx.emit(LeaderEnters(power=power, leader=pick, area=None, arrives=nxt, wish=wish))
        return
    area = entry_area(content, s, pick, power, wish)
    if area:
        ctx.emit(LeaderEnters(power=power, leader=pick, area=area))
    else:  # SK 13.8: unable to appear this turn, he comes as a new unit next turn (SK 6.3)
        nxt = calendar.campaign_turns_after(s.turn, 1)
        ctx.emit(LeaderEnters(power=power, leader=pick, area=None, arrives=nxt))


def _free_army(
    ctx: Resolution, content: SoldierContent, power: str, wish: str | None, card: str
) -> None:
    s: SoldierState = ctx.state
    pool = purchases.pool(s, power, "army")
    if not pool:
        return
    uid = pool[ctx.pick(f"{card}: {power}, army 1 of {len(pool)}", len(pool))]
    u = ctx.state.units[uid]
    # the card: "in a home area it controls that has a Manpower value" (SE 6.2 alone would
    # allow any friendly home area, Gibraltar's or Malta's too); the area asked for, else
    # the default placement's choice among those areas (common.default_area's order)
    areas = free_army_areas(content, s, u, power)
    area = wish if wish in areas else None
    area = area or common.default_area(content, s, u, among=areas)
    if area:
        ctx.emit(FreeArmy(power=power, unit=uid, area=area, card=card))


def _treason(
    ctx: Resolution, content: SoldierContent, power: str, card: str, area: str, hits: int,
    info: dict,
) -> None:  # fmt: skip
    """Treason: hits on the fortification at once; enough of them take the area (SK 12.2)."""
    s: SoldierState = ctx.state
    fort = fortresses.level(content, s, area)  # SKO Economics (d): with its upgrades
    total = min(fort, s.fort_hits.get(area, 0) + hits)
    besieger = s.besieger.get(area, power)
    ctx.emit(
        FortificationHit(
            area=area, hits=hits, fort_hits=total, fortification=fort, besieger=besieger, card=card
        )
    )
    if total < fort:
        return
    powers = info.get("besiegers") or [power]
    present = {p: mercenaries.besieging_armies(content, ctx.state, p, area) for p in powers}
    if not any(present.values()):
        return
    taker = max(powers, key=lambda p: (len(present[p]), p == power))
    owner = ctx.state.control.get(area)
    ctx.emit(siege.ControlChanged(area=area, frm=owner, to=taker, why=f"{card} (SK 12.2)"))
    naval.capture_fleets(ctx, content, area, taker, info.get("standing"))  # SK 12.6
    info["fallen"] = True
