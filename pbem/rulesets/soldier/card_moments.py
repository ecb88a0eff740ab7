"""Event cards (SK 5 / SE 5) at the moments the Soldier rules announce (hooks.py): an
action phase's steps, the Purchase Phase, the phases run on standing orders, a battle and
its rounds, a siege, a fleet entering an area, an interception, a naval battle's weather
gauge, an alliance attempt. `RULES` is what a variant registers (hooks.register) under
its game's name: the cards' effects are its content's (cards.toml), carried out by kind
(card_play.execute)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from pbem.resolution import Resolution

from . import (
    calendar,
    card_checks,
    card_parse,
    card_play,
    common,
    naval,
    navy,
)
from .card_checks import hand
from .card_events import LeaderEnters, WinterCampaign
from .card_orders import PlayOrder
from .card_parse import ACTION_USE, STAGE_WHENS, primary
from .card_play import (
    carry_out,
    entry_area,
    matches_who,
    order_plays,
    skip_order,
    spent,
    standing_plays,
    was_skipped,
)
from .content import SoldierContent
from .state import SoldierState


def at_step(
    ctx: Resolution,
    content: SoldierContent,
    step: str,
    powers: list[str],
    standing_orders: dict,
) -> None:
    """An action phase's step (ACTION_STEPS) begins: the `play` lines whose moment it is
    (any-time cards at their `before STEP`, Forced March at the Land Movement Step)."""
    for p in powers:
        for po in order_plays(standing_orders, p):
            use = ACTION_USE.get(primary(content.card(po.card)))
            moment = (
                (po.step or "start")
                if use == "step"
                else "land movement"
                if use == "units"
                else None
            )
            if moment == step:
                carry_out(ctx, content, p, po, standing_orders, trigger=_moment_text(step))


def _moment_text(step: str) -> str:
    return {
        "start": "at the start of the action phase",
        "end": "at the end of the action phase",
    }.get(step, f"before the {step} step")


def unplayed(
    ctx: Resolution, content: SoldierContent, powers: list[str], standing_orders: dict
) -> None:
    """After the action phase: a notice for each `play` line whose moment never came."""
    s: SoldierState = ctx.state
    for p in powers:
        for po in order_plays(standing_orders, p):
            if spent(s, p, po.key) or was_skipped(ctx, po.key):
                continue
            use = ACTION_USE.get(primary(content.card(po.card)))
            there = f" in {po.area}" if po.area else ""
            what = {
                "battle": f"no round {po.round or 1} of a battle in {po.area} with {p} attacking",
                "siege": f"no siege of {po.area} by {p}",
                "interception": f"no interception was rolled against your side's fleets{there}",
                "naval battle": f"no naval battle of your side's fleets{there}",
                "attempt": f"no alliance attempt on {po.on} by your side",
            }.get(use or "", "its moment did not come")
            skip_order(ctx, p, po, f"{what} this phase; the card stays in the hand")


def purchase_plays(
    ctx: Resolution,
    content: SoldierContent,
    orders: dict[str, list],
    standing_orders: dict,
    phase: str,
) -> None:
    """The Purchase Phase (after subsidies, before placements and purchases): new leaders
    due from the turn track (SK 13.8, 6.3), then each power's `play` lines in order."""
    s: SoldierState = ctx.state
    for name, ld in sorted(s.leaders.items()):
        if ld.status == "track" and ld.arrives is not None and ld.arrives <= s.turn:
            power = s.allies.get(ld.country, ld.country)  # SE 13.9: a minor's, its ally's
            area = entry_area(content, s, name, power, ld.wish)
            nxt = calendar.campaign_turns_after(s.turn, 1)
            ctx.emit(
                LeaderEnters(
                    power=power, leader=name, area=area, arrives=None if area else nxt,
                    wish=None if area else ld.wish, card="",  # from the track: no card now
                )
            )  # fmt: skip
    for p in list(s.majors):
        for po in orders.get(p) or []:
            if isinstance(po, PlayOrder):
                po = replace(po, key=f"{phase} {p} line {po.line}")
                carry_out(ctx, content, p, po, standing_orders, trigger="in the Purchase Phase")


def before_stage(ctx: Resolution, content: SoldierContent, standing_orders: dict) -> bool:
    """Standing `play ... at WHEN` lines, when a phase run on standing orders begins.
    True if a Winter Campaign now puts action phases before the Winter Attrition Phase."""
    s: SoldierState = ctx.state
    for when in STAGE_WHENS.get(s.stage, ()):
        info: dict = {"winter": []}
        for p in list(s.majors):
            for po in standing_plays(standing_orders, p, "play"):
                if po.step == when:
                    carry_out(ctx, content, p, po, standing_orders, info, f"at {when}")
        if info["winter"]:
            ctx.emit(WinterCampaign(powers=list(dict.fromkeys(info["winter"]))))
            return True
    return False


def _attack_text(attackers: Any, area: str, rnd: int | None = None) -> str:
    powers = list(attackers)
    text = f"{', '.join(powers)} attack{'s' if len(powers) == 1 else ''} in {area}"
    return f"{text}, round {rnd}" if rnd else text


def _defending(s: SoldierState, defenders: dict) -> list[str]:
    return [q for q in s.majors if any(s.friendly(q, d) for d in defenders)]


def battle_begins(
    ctx: Resolution,
    content: SoldierContent,
    area: str,
    attackers: dict[str, list[str]],
    defenders: dict[str, list[str]],
    standing_orders: dict,
) -> bool:
    """A land battle begins (after it is paid): the attackers' cards played with the
    attack (Surprise Attack), then the defending side's reactions `when attacked`
    (Skilful Retreat, any-time cards). True: no retreat before battle (SK 9.5)."""
    s: SoldierState = ctx.state
    info: dict = {"area": area, "side": "attacker", "on": area}
    for p in attackers:
        for po in order_plays(standing_orders, p):
            if primary(content.card(po.card)) == "no_retreat_before_battle" and po.area == area:
                carry_out(ctx, content, p, po, standing_orders, info, _attack_text([p], area))
    trig = _attack_text(attackers, area)
    for q in _defending(s, defenders):
        for po in standing_plays(standing_orders, q):
            t = po.trigger
            if t is None or t.kind != "attacked" or t.area not in (None, area):
                continue
            if primary(content.card(po.card)) in ("unrestricted_retreat", "any"):
                carry_out(ctx, content, q, po, standing_orders,
                          {"area": area, "side": "defender", "on": area}, trig)  # fmt: skip
    return bool(info.get("no_retreat"))


def before_round(
    ctx: Resolution,
    content: SoldierContent,
    area: str,
    rnd: int,
    attackers: dict[str, list[str]],
    defenders: dict[str, list[str]],
    standing_orders: dict,
) -> None:
    """Before a round of land combat: Inspired Leadership for that round."""
    s: SoldierState = ctx.state
    for p in attackers:
        for po in order_plays(standing_orders, p):
            if (
                primary(content.card(po.card)) == "combat_dice:land"
                and po.area == area
                and (po.round or 1) == rnd
            ):
                info = {"area": area, "side": "attacker", "round": rnd, "on": area}
                carry_out(ctx, content, p, po, standing_orders, info, _attack_text([p], area, rnd))
    for q in _defending(s, defenders):
        for po in standing_plays(standing_orders, q):
            t = po.trigger
            if t is None or t.kind != "attacked" or t.area not in (None, area):
                continue
            if primary(content.card(po.card)) == "combat_dice:land" and (po.round or 1) == rnd:
                info = {"area": area, "side": "defender", "round": rnd, "on": area}
                trig = _attack_text(attackers, area, rnd)
                carry_out(ctx, content, q, po, standing_orders, info, trig)


def siege_begins(
    ctx: Resolution,
    content: SoldierContent,
    area: str,
    powers: list[str],
    owner: str | None,
    standing_orders: dict,
) -> tuple[int, int, bool]:
    """A siege begins (after it is paid): the besiegers' Treason and Siege Train, then
    reactions `when AREA besieged` (Heroic Garrison by the area's side, any-time cards).
    Returns (extra besieger dice, extra defensive fire dice, the area fell)."""
    s: SoldierState = ctx.state
    info: dict = {"area": area, "besiegers": list(powers), "on": area}
    for p in powers:
        for po in order_plays(standing_orders, p):
            if (
                primary(content.card(po.card)) in ("combat_dice:siege", "siege_hits")
                and po.area == area
            ):
                carry_out(ctx, content, p, po, standing_orders, info, f"{p} besieges {area}")
                if info.get("fallen"):
                    return info.get("siege_dice", 0), 0, True
    trig = f"{area} is besieged by {', '.join(powers)}"
    for q in list(s.majors):
        for po in standing_plays(standing_orders, q):
            t = po.trigger
            if t is None or t.kind != "besieged" or t.area not in (None, area):
                continue
            p = primary(content.card(po.card))
            if p == "defensive_fire_dice":
                if owner is None or ctx.state.side_of(owner) != ctx.state.player_of(q):
                    continue  # "an area you control"
            elif p != "any":
                continue
            carry_out(ctx, content, q, po, standing_orders, info, trig)
    return info.get("siege_dice", 0), info.get("fire_dice", 0), False


def _entering(s: SoldierState, sorders: dict, area: str, fits: Callable) -> list[tuple]:
    """The unspent reactions `when WHO sails into / enters [AREA]` of every power, for
    a group entering `area`, with the card in hand, that `fits(power, order)` keeps."""
    return [
        (q, po)
        for q in s.majors
        for po in standing_plays(sorders, q)
        if po.trigger is not None
        and po.trigger.kind == "sails"
        and po.trigger.area in (None, area)
        and fits(q, po)
        and not spent(s, q, po.key)
        and po.card in hand(s, q)
    ]


def group_enters(ctx: Resolution, content: SoldierContent, v: Any, area: str, orders: Any) -> bool:
    """A moving fleet group enters `area` (naval._voyage): reactions `when WHO sails into
    AREA` (Storm at Sea, any-time cards). True: the group halts there."""
    s: SoldierState = ctx.state
    sorders = orders.standing
    movers = list(v.plan.powers)
    wanted = _entering(
        s,
        sorders,
        area,
        lambda q, po: (
            any(matches_who(s, q, po.trigger.who, m) for m in movers)
            and primary(content.card(po.card)) in ("halt", "any")
            and _on_its_map(content, po.card, area)
            and content.card(po.card).target != "army_group"
        ),  # Cossacks: armies, not fleets
    )
    if not wanted:
        return False
    naval.flush(ctx, v)  # the group is in the area when the card is played
    info: dict = {"area": area}
    for q, po in wanted:
        if not naval.alive(ctx.state, v):
            break
        info["fleets"] = list(v.fleets)
        info["on"] = ", ".join(sorted(v.fleets))
        carry_out(ctx, content, q, po, sorders, info, f"{', '.join(movers)} sails into {area}")
    naval.alive(ctx.state, v)
    return bool(info.get("halt"))


def army_enters(
    ctx: Resolution,
    content: SoldierContent,
    power: str,
    armies: list[str],
    area: str,
    standing_orders: dict,
    arrive: Any,
) -> bool:
    """SE 5.1, 5.2 with Cossacks: `power`'s moving land group (`armies`) enters `area`
    (movement.resolve_moves). The reactions `when WHO enters [AREA]` whose card halts
    armies there ("Play on an army or group of a power other than Russia as it enters a
    Russian home area") are played: `arrive()` first puts the group in the area, then the
    card stops it and its effects follow (each army rolls). True: the group stops."""
    s: SoldierState = ctx.state
    if not armies:
        return False
    probe = {"armies": list(armies)}
    wanted = _entering(
        s,
        standing_orders,
        area,
        lambda q, po: (
            matches_who(s, q, po.trigger.who, power)
            and _halts_armies_in(content, s, po.card, area)
            and card_checks.play_on_problem(content, s, q, po, probe) is None
        ),
    )
    if not wanted:
        return False
    arrive()  # the group is in the area when the card is played
    info: dict = {"area": area}
    for q, po in wanted:
        here = [u for u in armies if s.units[u].status == "map" and s.units[u].area == area]
        if not here:
            break
        info["armies"] = here
        info["on"] = ", ".join(here)
        carry_out(ctx, content, q, po, standing_orders, info, f"{power} enters {area}")
        if info.get("halt"):
            break  # one card stops it
    return bool(info.get("halt"))


def _halts_armies_in(content: SoldierContent, s: SoldierState, card: str, area: str) -> bool:
    """A card whose `halt` stops armies, and stops them in `area` (cards.toml `home_of`:
    Cossacks, "as it enters a Russian home area")."""
    for e in content.card(card).effects:
        if e.kind == "halt" and e.units == "army":
            return e.home_of is None or area in common.home_areas(content, s, e.home_of)
    return False


def _on_its_map(content: SoldierContent, card: str, area: str) -> bool:
    """A card that names its map (cards.toml `map`; Monsoon: "a moving fleet or group on
    the India map") is played only on a group entering an area of that map."""
    need = content.card(card).map
    return need is None or content.map_of(area) == need


def _plays_for(
    content: SoldierContent, sorders: Any, power: str, effect: str, trigger: str, area: str
) -> list:
    """`power`'s card plays whose effect is `effect`: its own `play ... [in AREA]` lines,
    then its reactions `react ... when TRIGGER [in AREA]`."""
    own = [
        po for po in order_plays(sorders, power)
        if primary(content.card(po.card)) == effect and po.area in (None, area)
    ]  # fmt: skip
    reactions = [
        po for po in standing_plays(sorders, power)
        if po.trigger is not None and po.trigger.kind == trigger
        and po.trigger.area in (None, area) and primary(content.card(po.card)) == effect
    ]  # fmt: skip
    return own + reactions


def interception_fails(
    ctx: Resolution,
    content: SoldierContent,
    area: str,
    interceptor: str,
    fleets: list[str],
    target: list[str],
    orders: Any,
) -> bool:
    """Before an interception roll (SK 10.44): Fog at Sea played by the intercepted side
    (its own `play ... in SEA`, or `react ... when intercepted [in SEA]`) makes it fail."""
    s: SoldierState = ctx.state
    sorders = orders.standing
    side = sorted({navy.owner(s, f) for f in target})
    info: dict = {"area": area, "on": area}
    for q in [q for q in s.majors if any(s.friendly(q, p) for p in side)]:
        for po in _plays_for(content, sorders, q, "interception_fails", "intercepted", area):
            carry_out(ctx, content, q, po, sorders, info, f"{interceptor} intercepts in {area}")
            if info.get("fails"):
                ctx.emit(
                    navy.Interception(
                        area=area, interceptors=sorted(fleets), target=sorted(target), roll=None,
                        fleets=len(target), admirals=0, enemy_admirals=0, total=None,
                        success=False, automatic=f"{po.card}, played by {q}",
                    )
                )  # fmt: skip
                return True
    return False


def blockade_met(
    ctx: Resolution,
    content: SoldierContent,
    coast: str,
    sea: str,
    v: Any,
    blockaders: list[str],
    orders: Any,
) -> bool:
    """SE 10.5, 10.51: a moving group meets the blockade of `coast` from `sea`: a card that
    evades it (Slip the Blockade), played by the group's side (its own `play ... [in
    AREA]`, or `react ... when intercepted [in AREA]`, AREA the blockaded coastal area),
    lets it pass. True: it passes; the blockade stays."""
    s: SoldierState = ctx.state
    sorders = orders.standing
    info: dict = {"area": coast, "on": coast, "sea": sea, "fleets": list(v.fleets),
                  "blockaders": list(blockaders)}  # fmt: skip
    trigger = f"the blockade of {coast} meets {', '.join(sorted(v.fleets))}"
    for q in [q for q in s.majors if any(s.friendly(q, p) for p in v.plan.powers)]:
        for po in _plays_for(content, sorders, q, "evade_blockade", "intercepted", coast):
            carry_out(ctx, content, q, po, sorders, info, trigger)
            if info.get("slipped"):
                return True
    return False


def weather_gauge(
    ctx: Resolution, content: SoldierContent, area: str, sides: dict, orders: Any
) -> str | None:
    """Before the wind gauge is rolled (SK 11.2): the first side to play Weather Gauge
    holds it. Returns "intercepting", "intercepted" or None."""
    s: SoldierState = ctx.state
    sorders = orders.standing
    if not any(
        _plays_for(content, sorders, q, "wind_gauge", "naval battle", area) for q in s.majors
    ):
        return None  # nobody would play it here: who is on which side need not be asked
    for name, side in sides.items():
        powers = side.powers(s)
        for q in [q for q in s.majors if any(s.friendly(q, p) for p in powers)]:
            for po in _plays_for(content, sorders, q, "wind_gauge", "naval battle", area):
                info: dict = {"area": area, "on": area}
                carry_out(ctx, content, q, po, sorders, info, f"naval battle in {area}")
                if info.get("gauge"):
                    return name
    return None


def alliance_attempt(
    ctx: Resolution, content: SoldierContent, power: str, minor: str, standing_orders: dict
) -> tuple[int, tuple[str, ...]]:
    """An alliance attempt, before bribes and dice (SK 17.3-17.4): Royal Betrothal played
    with it (the attempting player's own `play ... on MINOR`, or anyone's `react ... when
    WHO attempts [MINOR]`) and any-time reactions. Returns (modifier, markers to place on
    success)."""
    s: SoldierState = ctx.state
    info: dict = {"minor": minor, "on": minor, "bonus": 0, "markers": []}
    trig = f"{power} attempts an alliance with {minor}"
    for p in [p for p in s.majors if s.player_of(p) == s.player_of(power)]:
        for po in order_plays(standing_orders, p):
            if primary(content.card(po.card)) == "alliance_roll_modifier" and po.on == minor:
                carry_out(ctx, content, p, po, standing_orders, info, trig)
    for q in list(s.majors):
        for po in standing_plays(standing_orders, q):
            t = po.trigger
            if t is None or t.kind != "attempts" or t.what not in (None, minor):
                continue
            if not matches_who(ctx.state, q, t.who, power):
                continue
            if primary(content.card(po.card)) in ("alliance_roll_modifier", "any"):
                carry_out(ctx, content, q, po, standing_orders, info, trig)
    return info["bonus"], tuple(info["markers"])


# The Soldier rules reach a variant's cards through hooks.card_rules(content) (issue 9);
# each variant registers these (soldier/ruleset.py: SoldierRuleset.__init__, hooks.register).
RULES = SimpleNamespace(
    parse_play=card_parse.parse_play,
    validate_action=card_checks.validate_action,
    validate_purchase=card_checks.validate_purchase,
    validate_standing=card_checks.validate_standing,
    after_plays=card_checks.after_plays,
    with_orders=card_play.with_orders,
    play=card_play.play,
    at_step=at_step,
    unplayed=unplayed,
    purchase_plays=purchase_plays,
    before_stage=before_stage,
    battle_begins=battle_begins,
    before_round=before_round,
    siege_begins=siege_begins,
    group_enters=group_enters,
    army_enters=army_enters,
    interception_fails=interception_fails,
    blockade_met=blockade_met,
    weather_gauge=weather_gauge,
    alliance_attempt=alliance_attempt,
)
