"""SK 5.1 card plays checked: when the orders arrive (the card in the hand, a target
that may be named, what the phase allows) and at their moment (`target_now`: the target
as the state then is). The lines are read by card_parse.py."""

from __future__ import annotations

from collections import Counter as Tally
from typing import Any

from pbem.clone import clone
from pbem.ruleset import Problem

from . import (
    banner,
    card_units,
    common,
    guerillas,
    mercenaries,
    minor_rules,
    minor_variants,
    minors,
    purchases,
    satellites,
)
from .card_orders import ACTION_STEPS, PlayOrder
from .card_parse import ACTION_USE, primary
from .content import SoldierContent
from .effects import live
from .state import SoldierState


def hand(s: SoldierState, power: str) -> list[str]:
    return s.hands.get(s.player_of(power), [])


def target_now(
    content: SoldierContent, s: SoldierState, power: str, po: PlayOrder, info: dict
) -> tuple[str | None, str | None]:
    """The target of a play at its moment, and why it may not be played (or None)."""
    card = content.card(po.card)
    kind = card.target
    kinds = {e.kind for e in card.effects}
    why_not = None if satellites.effect_of(card) else play_on_problem(content, s, power, po, info)
    if why_not:  # (the satellite cards' own checks say why, SE 19.2, 19.3)
        return po.on or ", ".join(po.units) or info.get("on"), why_not
    if kind == "any_power":
        t = po.on or power
        if t not in s.majors:
            return t, f"{t} is not a warring power"
        if "take_card" in kinds:
            if s.player_of(t) == s.player_of(power):
                return t, f"{po.card} is played on another player's power (SK 5.1, the card)"
            if not s.hands.get(s.player_of(t)):
                return t, f"{s.player_of(t)} holds no cards to take"
        for e in card.effects:
            if e.kind == "card_unit":  # SK 19.3, 18.9
                why = card_units.play_problem(content, s, e.country, t, po.area, e.area)
                if why:
                    return t, why
        made = satellites.effect_of(card)
        if made is not None:  # SE 19.2, 19.3
            why = satellites.play_problem(content, s, power, t, made, po.areas)
            if why:
                return t, why
        if "new_leader" in kinds and not new_leaders(content, s, t):
            why = (
                "has an appearance year still to come" if _waiting(content, s, t) else "is in play"
            )
            return t, f"every unused leader of {t} {why}: the card does not apply (13.8)"
        if "free_army" in kinds:
            pool = purchases.pool(s, t, "army")
            if not pool or not free_army_areas(content, s, s.units[pool[0]], t):
                return t, f"{t} has no unused army or no home area with Manpower it controls"
        if "winter_operations" in kinds and (
            t in info.get("winter", []) or any(
                x["kind"] == "winter_operations" and x.get("target") == t
                for x in s.card_effects if live(s, x)
            )
        ):  # fmt: skip
            return t, f"{t} already has its winter action phase"
        return t, None
    if kind in ("minor_country", "alliance_attempt"):
        t = po.on or info.get("minor")
        if t is None:
            return None, "no minor country"
        why = countries_problem(card, t)
        if why:
            return t, why
        if "end_minor_alliance" in kinds and t not in s.allies:
            return t, f"{t} is not allied to a major power (the card is played on an allied minor)"
        if "end_minor_alliance" in kinds and satellites.protected(s, t):
            return t, f"{t} is a satellite nation: no card ends its alliance (SE 19.2)"
        return t, None
    if kind == "area":
        t = po.on or po.area or info.get("area")
        if t is None or not content.is_land(t):
            return t, f"{t} is not a land area"
        why = map_problem(content, card, t)
        if why:
            return t, why
        if "guerrilla_attack" in kinds:  # SE 19.4 by card (guerillas.py)
            return t, guerillas.card_area_problem(content, s, t)
        return t, None
    if kind == "general":
        t = po.on
        ld = s.leaders.get(t or "")
        if ld is None or ld.status != "map":
            return t, f"{t} is not on the map"
        if "leader_inactive" in kinds and banner.immune(s, t):
            return t, f"{t} carries the Banner of the Prophet: he is immune (SE 19.61)"
        return t, None
    if kind == "army_group":
        if not po.units and info.get("armies"):  # a reaction: the moving group (Cossacks)
            return ", ".join(info["armies"]), None
        return ", ".join(po.units), group_problem(s, po.units, "army", power)
    if kind == "fleet_group" and po.units:  # Mutiny: the fleets named, one group
        why = group_problem(s, po.units, "fleet")
        return ", ".join(po.units), why
    return info.get("on") or info.get("area"), None


def countries_problem(card: Any, minor: str | None) -> str | None:
    """Native Allies (SK, a Globe card): "with a Minor Country Alliance attempt on the
    Iroquois or the Pays d'Haut": an alliance modifier that names its countries."""
    for e in card.effects:
        if e.kind == "alliance_roll_modifier" and e.countries and minor not in e.countries:
            names = _listing(tuple(e.countries))
            return f"{card.name} is played with an attempt on {names}, not {minor}"
    return None


def play_on_problem(
    content: SoldierContent, s: SoldierState, power: str, po: PlayOrder, info: dict
) -> str | None:
    """cards.toml `play_on`: the only major powers a card may be played on (for a card on
    a group or a general: the powers whose units or general; Silver Fleet: Spain;
    Continental System: Britain; Cossacks: not Russia). SK 5.1 / SE 5.1: "unless they
    state otherwise"."""
    card = content.card(po.card)
    if not card.play_on:
        return None
    if card.target == "any_power":
        whose = [po.on or power]
    elif card.target == "general":
        ld = s.leaders.get(po.on or "")
        whose = [s.allies.get(ld.country, ld.country)] if ld is not None else []
    elif card.target in ("army_group", "fleet_group"):
        units = list(po.units) or list(info.get("fleets", [])) or list(info.get("armies", []))
        whose = [s.commander(s.units[u]) or s.units[u].country for u in units if u in s.units]
    else:
        return None
    bad = sorted({w for w in whose if w not in card.play_on})
    if bad:
        return f"{po.card} is played only on {_listing(card.play_on)}, not {', '.join(bad)}"
    return None


def map_problem(content: SoldierContent, card: Any, area: str | None) -> str | None:
    """cards.toml `map`: the only map on which the card's area may be (SK 5.1 "unless
    they state otherwise"; Yellow Fever: "a land area on the Americas map")."""
    if card.map is None or not area:
        return None
    try:
        name = content.resolve_area(area)
    except KeyError:
        return None
    if content.map_of(name) != card.map:
        where = card_units.map_title(card.map)
        return f"{card.name} is played on an area of the {where} map, not {name}"
    return None


def _listing(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def free_army_areas(content: SoldierContent, s: SoldierState, u: Any, power: str) -> list[str]:
    """Militia Levy (SK) / Landwehr (SE): "in a home area it controls that has a Manpower
    value": the areas a new unit may be placed in (SK 6.3, SE 6.2) that `power` itself
    controls and that have a Manpower value (SE 6.2 alone allows any friendly home area)."""
    return [
        a
        for a in common.placement_areas(content, s, u)
        if s.control.get(a) == power and content.land_area(a).manpower
    ]


def group_problem(
    s: SoldierState, units: tuple[str, ...], kind: str, power: str | None = None
) -> str | None:
    """A card "on one army or group" (Forced March: `power`'s armies) or "any fleet or
    group" (Mutiny: anyone's fleets): units of that kind on the map, in one area."""
    for u in units:
        unit = s.units[u]
        if unit.status != "map" or unit.type != kind:
            return f"{u} is not a{'n' if kind == 'army' else ''} {kind} on the map"
        if power is not None and s.commander(unit) != power:
            return f"{u} is not one of {power}'s armies on the map"
    if len({s.units[u].area for u in units}) > 1:
        what = "army or group" if kind == "army" else "group"
        return f"{', '.join(units)} are not one {what}: they are in different areas"
    return None


def _waiting(content: SoldierContent, s: SoldierState, power: str) -> bool:
    """SE 13.8: an unused leader of the power whose appearance year is still to come."""
    now = content.game.year(s.turn)
    return any(
        ld.country == power and ld.status == "pool" and (content.leader(n).year or 0) > now
        for n, ld in s.leaders.items()
    )


# SK 13.8: a New Leader enters in Europe, "except for Wolfe and Montcalm, who must be
# placed in North America, and Clive, who must be placed in India" (pieces.toml `enters`):
# the map each needs in play (the World at War's; the one-year games have Europe alone)
ENTRY_MAPS = {"europe": "europe", "north_america": "americas", "india": "india"}


def may_enter(content: SoldierContent, area: str, enters: str) -> bool:
    """SK 13.8: whether a New Leader who `enters` there may be placed in `area`: Europe,
    North America (SK 1.0: the seven areas so named, game.toml rules.north_america) or
    India (its map)."""
    if enters == "north_america":
        return area in content.game.rules.north_america
    return content.map_of(area) == ENTRY_MAPS[enters]


def new_leaders(content: SoldierContent, s: SoldierState, power: str) -> list[str]:
    """SK 13.8: unused leaders of the power that enter on a map in play (Europe; in the
    World at War also Wolfe and Montcalm in North America, Clive in India);
    SE 13.9: with those of its minor allies that have somewhere to enter. SE 13.8:
    "Leaders with an appearance year on their reverse side may not enter play prior to
    the year noted" (pieces.toml `year`; Soldier Kings' leaders have none)."""
    now = content.game.year(s.turn)
    maps = {content.map_of(a.name) for a in content.map.land_areas}  # the maps in play
    own = [
        n
        for n, ld in s.leaders.items()
        if ld.country == power
        and ld.status == "pool"
        and ENTRY_MAPS[content.leader(n).enters] in maps
    ]
    minor = [
        n
        for n in minor_variants.allied_minor_leaders(content, s, power)
        if minor_variants.minor_leader_area(content, s, n, None)
    ]
    return sorted(n for n in own + minor if (content.leader(n).year or 0) <= now)


def _count_problems(
    s: SoldierState, power: str, plays: list[PlayOrder], also: list[str]
) -> list[Problem]:
    """SK 5.1: no more plays of a card than copies in the player's hand."""
    problems = []
    used: Tally[str] = Tally(also)
    have = Tally(hand(s, power))
    for po in plays:
        used[po.card] += 1
        if used[po.card] > have[po.card]:
            problems.append(
                Problem(
                    f"{s.player_of(power)} holds {have[po.card]} {po.card!r} card(s); "
                    "this order needs one more (SK 5.1)",
                    po.line,
                )
            )
    return problems


def _static_target_problem(
    content: SoldierContent, s: SoldierState, power: str, po: PlayOrder
) -> str | None:
    card = content.card(po.card)
    kinds = {e.kind for e in card.effects}
    if card.target == "alliance_attempt" and po.on:
        why = countries_problem(card, po.on)
        if why:
            return why
    if satellites.effect_of(card) is None:  # (their own checks say why: SE 19.2, 19.3)
        why = play_on_problem(content, s, power, po, {})
        if why:
            return why
    if "take_card" in kinds and po.on and s.player_of(po.on) == s.player_of(power):
        return f"{po.card} is played on another player's power"
    if "end_minor_alliance" in kinds and po.on and po.on not in s.allies:
        return f"{po.on} is not allied to a major power (the card is played on an allied minor)"
    if card.target == "general" and po.on and s.leaders[po.on].status != "map":
        return f"{po.on} is not on the map"
    if "leader_inactive" in kinds and banner.immune(s, po.on):
        return f"{po.on} carries the Banner of the Prophet: he is immune to {po.card} (SE 19.61)"
    made = satellites.effect_of(card)
    if made is not None:  # SE 19.2, 19.3: who controls what is checked at its moment
        why = satellites.play_problem(content, s, power, po.on or power, made, po.areas, now=False)
        if why:
            return why
    elif po.areas:
        return f"'with AREA' is for the cards that create a satellite nation, not {po.card}"
    if card.target == "area" and (po.on or po.area) and not content.is_land(po.on or po.area or ""):
        return f"{po.on or po.area} is not a land area"
    if card.target == "area":
        why = map_problem(content, card, po.on or po.area)
        if why:
            return why
    for e in card.effects:
        if e.kind == "card_unit" and po.area:  # SK 19.3, 18.9: on their own map
            why = card_units.map_problem(content, e.country, po.area)
            if why:
                return why
    if card.target == "army_group" and po.units:
        why = group_problem(s, po.units, "army", power)
        if why:
            return why
    if card.target == "fleet_group" and po.units:
        return group_problem(s, po.units, "fleet")
    return None


def validate_action(
    content: SoldierContent, s: SoldierState, power: str, orders: Any
) -> list[Problem]:
    """The `play` lines of an action phase's orders (actions.ActionOrders)."""
    plays: list[PlayOrder] = orders.plays
    if not plays:
        return []
    also = [
        minor_rules.CARD if isinstance(o, minors.AllyOrder) else o.card
        for o in orders.diplomacy
        if isinstance(o, minors.AllyOrder | mercenaries.HireOrder)
    ]
    problems = _count_problems(s, power, plays, also)
    attacks = {a.area for a in orders.attacks}
    sieges = {g.area for g in orders.sieges}
    allies = {o.minor for o in orders.diplomacy if isinstance(o, minors.AllyOrder)}
    for po in plays:
        card = content.card(po.card)
        use = ACTION_USE[primary(card)]
        why = _static_target_problem(content, s, power, po)
        if use == "battle" and po.area not in attacks:
            why = f"{po.card} is played with an attack: write attack {po.area} ... in these orders"
        elif use == "siege" and po.area not in sieges:
            why = f"{po.card} is played in a siege: write siege {po.area} ... in these orders"
        elif use == "attempt" and po.on not in allies:
            why = f"{po.card} is played with an alliance attempt: write ally with {po.on} too"
        if why:
            problems.append(Problem(why, po.line))
    return problems


def validate_purchase(
    content: SoldierContent, s: SoldierState, power: str, orders: list
) -> list[Problem]:
    plays = [o for o in orders if isinstance(o, PlayOrder)]
    problems = _count_problems(s, power, plays, [])
    for po in plays:
        why = _static_target_problem(content, s, power, po)
        if why:
            problems.append(Problem(why, po.line))
    return problems


def validate_standing(
    content: SoldierContent, s: SoldierState, power: str, orders: Any
) -> list[Problem]:
    """Standing `play` and `react` lines: the player must hold the card (one copy is
    enough: lines may be alternatives, and the first to fire uses it)."""
    problems = []
    get = getattr(orders, "get", None)
    if get is None:
        return []
    have = hand(s, power)
    player = s.player_of(power)
    verb = "hold" if len(s.players.get(player, ())) > 1 else "holds"  # 'Britain and Prussia'
    for po in [*get("play", []), *get("react", [])]:
        if po.card not in have:
            problems.append(Problem(f"{player} {verb} no {po.card!r} card (SK 5.1)", po.line))
    return problems


def after_plays(s: SoldierState, power: str, plays: list[PlayOrder], content) -> SoldierState:
    """For checking the rest of the orders: the movement effects of this envelope's
    cards (Forced March, Vacillating General before land movement) count (SK 5.2)."""
    effects = []
    for po in plays:
        card = content.card(po.card)
        for e in card.effects:
            if e.kind == "extra_movement":
                effects.append({"kind": e.kind, "units": list(po.units), "points": e.points})
            elif e.kind == "leader_inactive" and (po.step or "start") in ACTION_STEPS[:3]:
                effects.append({"kind": e.kind, "leader": po.on})
    if not effects:
        return s
    out = clone(s)
    scope = {"turn": s.turn, "until": "phase", "stage": s.stage, "acting": s.acting}
    out.card_effects = [*out.card_effects, *({**scope, "card": "", **e} for e in effects)]
    return out
