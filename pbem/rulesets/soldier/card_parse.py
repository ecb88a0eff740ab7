"""SK 5.1 card orders read and checked: a `play` or `react` line parsed into a PlayOrder
(card_orders.py), what each card's line must name, and the checks against the state
(the card in the hand, a target that exists, what the phase allows)."""

from __future__ import annotations

import re
from collections import Counter as Tally
from typing import Any, Literal

from pbem.clone import clone
from pbem.ruleset import Problem
from pbem.suggest import closest

from . import (
    common,
    mercenaries,
    minor_rules,
    minors,
    purchases,
    standing,
)
from .card_orders import ACTION_STEPS, WHENS, PlayOrder, Trigger
from .content import Card, SoldierContent
from .effects import live
from .names import Names
from .state import SoldierState


def primary(card: Card) -> str:
    """How a card is used, from its timing and first effect (cards.toml)."""
    kinds = [e.kind for e in card.effects]
    if "minor_alliance_attempt" in kinds:
        return "alliance"
    if "hire_mercenaries" in kinds:
        return "hire"
    if card.timing == "any_time":
        return "any"
    e = card.effects[0]
    return f"combat_dice:{e.combat}" if e.kind == "combat_dice" else e.kind


def how_to(card: Card) -> str:
    """Where and how the card is played (for problems)."""
    n, p = card.name, primary(card)
    action = {
        "alliance": f"ally with MINOR (or: play {n} with MINOR) in your action phase",
        "hire": f"hire COUNTRY (or: play {n} COUNTRY) in your action phase",
        "step": f"play {n} [on TARGET] in your action-phase or Purchase Phase orders",
        "units": f"play {n} on ARMIES in your action phase",
        "battle": f"play {n} in AREA in your action phase, with your attack on AREA",
        "siege": f"play {n} in AREA in your action phase, with your siege of AREA",
        "interception": f"play {n} in SEA in your action phase",
        "naval battle": f"play {n} in AREA in your action phase",
        "attempt": f"play {n} on MINOR in your action phase, with ally with MINOR",
    }
    forms = []
    if p in ACTION_USE:
        forms.append(action[ACTION_USE[p]])
    if p == "free_army":
        forms.append(f"play {n} [on POWER] in your Purchase Phase orders")
    if p in REACT_USE and p != "any":
        forms.append(f"the standing order react {n} when {TRIGGER_FORMS[REACT_USE[p]]}")
    if p in STANDING_USE and p != "any":
        forms.append(
            {
                "initiative": f"the standing order play {n} on POWER +2 at initiative (or -2)",
                "winter": f"the standing order play {n} [on POWER] at winter",
                "attrition": f"the standing order play {n} on AREA at attrition",
            }[STANDING_USE[p]]
        )
    return "; or ".join(forms)


def card_name(
    content: SoldierContent, text: str, line: int, problems: list[Problem]
) -> tuple[str | None, str]:
    """The card named at the start of `text` (longest name first), and the rest."""
    t = " ".join(text.split())
    low = t.casefold()
    for c in sorted(content.cards.cards, key=lambda c: -len(c.name)):
        name = c.name.casefold()
        if low == name or low.startswith(name + " "):
            if c.globe:
                problems.append(
                    Problem(f"{c.name} is a Globe card, not used in this scenario (SK 3.0)", line)
                )
                return None, ""
            return c.name, t[len(c.name) :].strip()
    names = [c.name for c in content.cards.cards if not c.globe]
    words = t.split()
    hint = next(
        (h for k in range(min(5, len(words)), 0, -1) if (h := closest(" ".join(words[:k]), names))),
        None,
    )
    problems.append(Problem(f"no event card {t!r}", line, hint))
    return None, ""


def _who(s: SoldierState, text: str, line: int, problems: list[Problem]) -> str | None:
    key = " ".join(text.split()).casefold()
    if key in WHO:
        return WHO[key]
    for p in s.majors:
        if p.casefold() == key:
            return p
    problems.append(
        Problem(
            f"no power {text.strip()!r} in this game (a power, enemy, ally or anyone)",
            line,
            closest(text.strip(), s.majors),
        )
    )
    return None


def _power(s: SoldierState, text: str, line: int, problems: list[Problem]) -> str | None:
    key = " ".join(text.split()).casefold()
    for p in s.majors:
        if p.casefold() == key:
            return p
    problems.append(
        Problem(f"no warring power {text.strip()!r} in this game", line, closest(text, s.majors))
    )
    return None


def _minor(names: Names, text: str, line: int, problems: list[Problem]) -> str | None:
    return minors.country_name(
        names.content,
        text,
        minor_rules.table_minors(names.content),
        line,
        problems,
        "minor country",
    )


def _trigger(
    names: Names, s: SoldierState, text: str, line: int, problems: list[Problem]
) -> tuple[Trigger | None, int | None]:
    """TRIGGER of a `react` line, and a `round N` at its end."""
    t = " ".join(text.split())
    rnd = None
    if m := re.search(r"(?i)\s+round\s+(\d+)$", t):
        rnd, t = int(m.group(1)), t[: m.start()]

    def area(x: str | None) -> str | None:
        if not x or x.casefold() in ("any area", "an area", "anywhere"):
            return None
        return names.area(x, line, problems)

    if m := re.fullmatch(r"(?i)attacked(?:\s+in\s+(.+))?", t):
        return Trigger("attacked", area(m.group(1))), rnd
    if m := re.fullmatch(r"(?i)besieged(?:\s+in\s+(.+))?", t) or re.fullmatch(
        r"(?i)(.+?)\s+(?:is\s+)?besieged", t
    ):
        return Trigger("besieged", area(m.group(1))), rnd
    if m := re.fullmatch(r"(?i)intercepted(?:\s+in\s+(.+))?", t):
        return Trigger("intercepted", area(m.group(1))), rnd
    if m := re.fullmatch(r"(?i)(?:naval|sea)\s+battle(?:\s+in\s+(.+))?", t):
        return Trigger("naval battle", area(m.group(1))), rnd
    if m := re.fullmatch(r"(?i)(.+?)\s+(?:sails|enters)(?:\s+(?:into\s+)?(.+))?", t):
        return Trigger("sails", area(m.group(2)), _who(s, m.group(1), line, problems)), rnd
    if m := re.fullmatch(r"(?i)(.+?)\s+plays(?:\s+(.+))?", t):
        what = m.group(2)
        card = None
        if what and what.casefold() not in ("any card", "a card", "anything"):
            card, rest = card_name(names.content, what, line, problems)
            if card and rest:
                problems.append(Problem(f"cannot read {rest!r} after the card's name", line))
        return Trigger("plays", None, _who(s, m.group(1), line, problems), card), rnd
    if m := re.fullmatch(r"(?i)(.+?)\s+attempts(?:\s+(.+))?", t):
        what = m.group(2)
        minor = None
        if what and what.casefold() not in ("any minor", "a minor", "an alliance"):
            minor = _minor(
                names, re.sub(r"(?i)^(?:an alliance with|with)\s+", "", what), line, problems
            )
        return Trigger("attempts", None, _who(s, m.group(1), line, problems), minor), rnd
    forms = "; ".join(TRIGGER_FORMS.values())
    problems.append(Problem(f"cannot read the trigger {t!r} (when {forms})", line))
    return None, rnd


def _target(
    names: Names, card: Card, text: str, line: int, problems: list[Problem]
) -> tuple[str | None, tuple[str, ...]]:
    """`on TARGET` for the card's target kind: (target, units)."""
    s = names.state
    kind = card.target
    if kind == "any_power":
        return _power(s, text, line, problems), ()
    if kind in ("minor_country", "alliance_attempt"):
        return _minor(names, text, line, problems), ()
    if kind == "area":
        return names.area(text, line, problems), ()
    if kind == "general":
        pieces = names.pieces(text, line, problems)
        leaders = [p.name for p in pieces if p.kind == "leader"]
        if len(leaders) != 1 or len(pieces) != 1:
            if pieces:
                problems.append(Problem(f"{card.name} is played on one general", line))
            return None, ()
        if s.leaders[leaders[0]].role != "general":
            problems.append(Problem(f"{leaders[0]} is an admiral, not a general", line))
            return None, ()
        return leaders[0], ()
    if kind == "army_group":
        pieces = names.pieces(text, line, problems)
        units = tuple(p.name for p in pieces if p.kind == "unit")
        if not units:
            if pieces:
                problems.append(Problem(f"{card.name} is played on armies (e.g. Pr-A1)", line))
            return None, ()
        return None, units
    problems.append(Problem(f"{card.name} is not played 'on' anything: {how_to(card)}", line))
    return None, ()


def parse_play(
    content: SoldierContent,
    names: Names,
    s: SoldierState,
    power: str,
    text: str,
    line: int,
    problems: list[Problem],
    form: Literal["action", "purchase", "standing", "react"],
) -> Any:
    """`play ...` in action or purchase orders, `play ... at WHEN` and `react ... when ...`
    in standing orders. Returns a PlayOrder, or for the alliance and mercenary cards the
    AllyOrder / HireOrder they stand for."""
    verb = "react" if form == "react" else "play"
    usage = {
        "action": "play CARD [on TARGET] [in AREA] [round N] [before STEP]",
        "purchase": "play CARD [on TARGET] [in AREA]",
        "standing": "play CARD [on TARGET] at WHEN",
        "react": "react CARD [on TARGET] when TRIGGER",
    }[form]
    if not text.strip():
        problems.append(Problem(f"write: {usage}", line))
        return None
    before = len(problems)
    name, rest = card_name(content, text, line, problems)
    if name is None:
        return None
    card = content.card(name)
    p = primary(card)
    full = " ".join(f"{verb} {name} {rest}".split())
    # the alliance and mercenary cards: their own orders (minors.py, mercenaries.py)
    if p in ("alliance", "hire"):
        if form != "action":
            problems.append(Problem(f"{name} is played in your action phase: {how_to(card)}", line))
            return None
        body = rest
        if m := re.match(r"(?is)on\s+(\w+)\s*(.*)$", body):
            target = _power(s, m.group(1), line, problems)
            if target is not None and target != power:
                problems.append(
                    Problem(
                        f"pbem plays {name} only on your own power ({power}): the power it is "
                        "played on chooses, and pbem does not stop to ask another player",
                        line,
                    )
                )
                return None
            body = m.group(2)
        if p == "alliance":
            if not re.match(r"(?i)with\s", body):
                problems.append(Problem(f"write: play {name} with MINOR [bribe N]", line))
                return None
            return minors.parse_order(content, names, s, "ally " + body, line, problems)
        countries = [c for e in card.effects if e.kind == "hire_mercenaries" for c in e.countries]
        body = body or ", ".join(countries)
        order = mercenaries.parse_hire(content, body, line, problems)
        if order is not None and order.card != name:
            problems.append(
                Problem(f"{', '.join(c for c, _ in order.hires)} are hired with {order.card}", line)
            )
            return None
        return order
    trigger = None
    rnd: int | None = None
    if form == "react":
        m = re.search(r"(?i)(?:^|\s)when\s+(.+)$", rest)
        if not m:
            problems.append(Problem(f"write: {usage}", line))
            return None
        trigger, rnd = _trigger(names, s, m.group(1), line, problems)
        rest = rest[: m.start()]
    sign = 0
    if m := re.search(r"(?<!\S)([+-])(\d+)(?!\S)", rest):
        sign = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
        rest = (rest[: m.start()] + rest[m.end() :]).strip()
    target: str | None = None
    units: tuple[str, ...] = ()
    area = step = None
    chunks = re.split(r"(?i)\s+(?=(?:on|in|round|before|at)\s)", " " + rest.strip())
    for chunk in (c.strip() for c in chunks):
        if not chunk:
            continue
        kw, _, val = chunk.partition(" ")
        kw, val = kw.casefold(), val.strip()
        if kw == "on":
            target, units = _target(names, card, val, line, problems)
        elif kw == "in":
            area = names.area(val, line, problems)
        elif kw == "round" and val.isdigit() and int(val) >= 1:
            rnd = int(val)
        elif kw == "before" and form == "action":
            v = " ".join(val.split()).casefold()
            step = {"movement": "start", "naval movement": "start"}.get(v, v)
            if step not in ACTION_STEPS[:-1]:
                problems.append(
                    Problem(
                        f"before {val!r}: write before naval movement, naval combat, land "
                        "movement, land combat or siege",
                        line,
                    )
                )
        elif kw == "at" and form == "action" and val.casefold() in ("end", "the end"):
            step = "end"
        elif kw == "at" and form == "standing":
            step = val.casefold()
            if step not in WHENS:
                problems.append(
                    Problem(f"at {val!r}: write at {', '.join(WHENS)}", line, closest(val, WHENS))
                )
        else:
            problems.append(Problem(f"cannot read {chunk!r} ({usage})", line))
    if len(problems) > before:
        return None
    po = PlayOrder(name, line, full, verb, target, units, area, rnd, step, sign, trigger)
    why = _form_problem(card, po, form)
    if why:
        problems.append(Problem(why, line))
        return None
    return po


def _form_problem(card: Card, po: PlayOrder, form: str) -> str | None:
    """Whether the card may be played this way, with what it needs (static checks)."""
    n, p = card.name, primary(card)
    wrong = f"{n} is not played this way: {how_to(card)}"
    if po.round is not None and p != "combat_dice:land":
        return f"round N is only for Inspired Leadership ({n}: {how_to(card)})"
    if po.sign and p != "initiative_modifier":
        return f"+N/-N is only for Council of War ({n}: {how_to(card)})"
    if form == "action":
        use = ACTION_USE.get(p)
        if use is None:
            return wrong
        if po.step and use != "step":
            return f"{n} is played at its own moment, not before or at a step ({how_to(card)})"
        if use == "units" and not po.units:
            return f"write: play {n} on ARMIES (your armies that move further)"
        if use in ("battle", "siege") and po.area is None:
            return f"write: play {n} in AREA (the area you {'attack' if use == 'battle' else 'besiege'})"
        if use == "attempt" and po.on is None:
            return f"write: play {n} on MINOR, with ally with MINOR"
        if use == "step":
            return _target_problem(card, po, trigger=None)
        return None
    if form == "purchase":
        if p not in PURCHASE_USE:
            return wrong
        return _target_problem(card, po, trigger=None)
    if form == "standing":
        if p not in STANDING_USE:
            return wrong
        if po.step is None:
            return f"write: play {n} ... at WHEN ({', '.join(WHENS)})"
        need = STANDING_USE[p]
        if need and po.step != need:
            return wrong
        if p == "initiative_modifier":
            value = next(e.value for e in card.effects if e.kind == "initiative_modifier")
            if abs(po.sign) != value:
                return f"write: play {n} on POWER +{value} at initiative (or -{value})"
            return None
        return _target_problem(card, po, trigger=None)
    # react
    if p not in REACT_USE or po.trigger is None:
        return wrong
    need = REACT_USE[p]
    if need and po.trigger.kind != need:
        return wrong
    if p == "any":
        return _target_problem(card, po, po.trigger)
    return None


def _target_problem(card: Card, po: PlayOrder, trigger: Trigger | None) -> str | None:
    n, kind = card.name, card.target
    if (
        po.area
        and kind == "any_power"
        and not any(e.kind in ("new_leader", "free_army") for e in card.effects)
    ):
        return f"{n} is played on a power: write on POWER, not in AREA"
    from_trigger = trigger is not None and trigger.area is not None
    if kind == "area" and po.on is None and po.area is None and not from_trigger:
        return f"write: {po.verb} {n} on AREA"
    if kind == "general" and po.on is None:
        return f"write: {po.verb} {n} on GENERAL"
    named = trigger is not None and trigger.kind == "attempts" and trigger.what
    if kind == "minor_country" and po.on is None and not named:
        return f"write: {po.verb} {n} on MINOR"
    if kind == "any_power" and po.on is None and trigger is not None:
        return f"write: react {n} on POWER when ... (the power it is played on)"
    return None


@standing.verb("play")
def _standing_play(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """play CARD [on TARGET] [+N|-N] at WHEN (SK 5.1)"""
    return parse_play(names.content, names, s, power, " ".join(words), line, problems, "standing")


@standing.verb("react")
def _react(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """react CARD [on TARGET] when TRIGGER (SK 5.1-5.2)"""
    return parse_play(names.content, names, s, power, " ".join(words), line, problems, "react")


def hand(s: SoldierState, power: str) -> list[str]:
    return s.hands.get(s.player_of(power), [])


# SK World at War Globe cards whose effects pbem does not carry out yet: a play of one is
# refused at its moment (the card stays in the hand); docs/orders-soldier-kings.md.
NOT_CARRIED_OUT = frozenset({"unlock_provincials", "provincial_purchase", "card_unit"})


def target_now(
    content: SoldierContent, s: SoldierState, power: str, po: PlayOrder, info: dict
) -> tuple[str | None, str | None]:
    """The target of a play at its moment, and why it may not be played (or None)."""
    card = content.card(po.card)
    kind = card.target
    kinds = {e.kind for e in card.effects}
    if kinds & NOT_CARRIED_OUT:
        return None, f"pbem does not carry out {po.card} yet (a World at War Globe card, issue 10)"
    if kind == "any_power":
        t = po.on or power
        if t not in s.majors:
            return t, f"{t} is not a warring power"
        if "take_card" in kinds:
            if s.player_of(t) == s.player_of(power):
                return t, f"{po.card} is played on another player's power (SK 5.1, the card)"
            if not s.hands.get(s.player_of(t)):
                return t, f"{s.player_of(t)} holds no cards to take"
        if "new_leader" in kinds and not new_leaders(content, s, t):
            return t, f"every leader of {t} is in play: the card does not apply (SK 13.8)"
        if "free_army" in kinds:
            pool = purchases.pool(s, t, "army")
            if not pool or not common.placement_areas(content, s, s.units[pool[0]]):
                return t, f"{t} has no unused army or no home area to place one in"
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
        if "end_minor_alliance" in kinds and t not in s.allies:
            return t, f"{t} is not allied to a major power (the card is played on an allied minor)"
        return t, None
    if kind == "area":
        t = po.on or po.area or info.get("area")
        if t is None or not content.is_land(t):
            return t, f"{t} is not a land area"
        return t, None
    if kind == "general":
        t = po.on
        ld = s.leaders.get(t or "")
        if ld is None or ld.status != "map":
            return t, f"{t} is not on the map"
        return t, None
    if kind == "army_group":
        for u in po.units:
            unit = s.units[u]
            if unit.status != "map" or unit.type != "army" or s.commander(unit) != power:
                return ", ".join(po.units), f"{u} is not one of {power}'s armies on the map"
        return ", ".join(po.units), None
    return info.get("on") or info.get("area"), None


def new_leaders(content: SoldierContent, s: SoldierState, power: str) -> list[str]:
    """SK 13.8: unused leaders of the power that enter in Europe (the only map in play)."""
    return sorted(
        n
        for n, ld in s.leaders.items()
        if ld.country == power and ld.status == "pool" and content.leader(n).enters == "europe"
    )


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
    if "take_card" in kinds and po.on and s.player_of(po.on) == s.player_of(power):
        return f"{po.card} is played on another player's power"
    if "end_minor_alliance" in kinds and po.on and po.on not in s.allies:
        return f"{po.on} is not allied to a major power (the card is played on an allied minor)"
    if card.target == "general" and po.on and s.leaders[po.on].status != "map":
        return f"{po.on} is not on the map"
    if card.target == "area" and (po.on or po.area) and not content.is_land(po.on or po.area or ""):
        return f"{po.on or po.area} is not a land area"
    if card.target == "army_group":
        for u in po.units:
            unit = s.units[u]
            if unit.status != "map" or unit.type != "army" or s.commander(unit) != power:
                return f"{u} is not one of {power}'s armies on the map"
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
    for po in [*get("play", []), *get("react", [])]:
        if po.card not in have:
            problems.append(
                Problem(f"{s.player_of(power)} holds no {po.card!r} card (SK 5.1)", po.line)
            )
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


STAGE_WHENS = {
    "initiative": ("initiative",),
    "peace": ("peace",),
    "attrition": ("winter", "attrition"),
    "maintenance": ("maintenance",),
    "victory": ("victory",),
}


ACTION_USE = {
    "alliance": "alliance",
    "hire": "hire",
    "any": "step",
    "extra_movement": "units",
    "combat_dice:land": "battle",
    "no_retreat_before_battle": "battle",
    "combat_dice:siege": "siege",
    "siege_hits": "siege",
    "interception_fails": "interception",
    "wind_gauge": "naval battle",
    "alliance_roll_modifier": "attempt",
}


PURCHASE_USE = ("any", "free_army")


REACT_USE = {
    "any": None,
    "combat_dice:land": "attacked",
    "unrestricted_retreat": "attacked",
    "defensive_fire_dice": "besieged",
    "halt": "sails",
    "interception_fails": "intercepted",
    "wind_gauge": "naval battle",
    "cancel_card": "plays",
    "alliance_roll_modifier": "attempts",
}


STANDING_USE = {
    "any": None,
    "initiative_modifier": "initiative",
    "winter_operations": "winter",
    "winter_quarters": "attrition",
}


TRIGGER_FORMS = {
    "attacked": "attacked in AREA",
    "besieged": "AREA besieged",
    "intercepted": "intercepted in SEA",
    "naval battle": "naval battle in AREA",
    "sails": "POWER sails into SEA",
    "plays": "POWER plays CARD",
    "attempts": "POWER attempts MINOR",
}


WHO = {
    "anyone": "anyone",
    "any power": "anyone",
    "anybody": "anyone",
    "enemy": "enemy",
    "an enemy": "enemy",
    "any enemy": "enemy",
    "ally": "ally",
    "an ally": "ally",
    "any ally": "ally",
}
