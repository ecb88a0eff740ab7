"""SK 5.1 card orders read and checked: a `play` or `react` line parsed into a PlayOrder
(card_orders.py), what each card's line must name, and the checks against the state
(the card in the hand, a target that exists, what the phase allows)."""

from __future__ import annotations

import re
from typing import Any, Literal

from pbem.ruleset import Problem
from pbem.suggest import closest

from . import (
    mercenaries,
    minor_rules,
    minors,
    standing,
)
from .card_orders import ACTION_STEPS, WHENS, PlayOrder, Trigger
from .content import Card, SoldierContent
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


def p_any(card: Card) -> bool:
    """An any-time card (played at a step of the action phase or in a reaction)."""
    return primary(card) == "any"


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
        "blockade": f"play {n} [in AREA] in your action phase (AREA: the blockaded coastal area)",
        "naval battle": f"play {n} in AREA in your action phase",
        "attempt": f"play {n} on MINOR in your action phase, with ally with MINOR",
    }
    forms = []
    if p in ACTION_USE:
        forms.append(action[ACTION_USE[p]])
    if p == "free_army":
        forms.append(f"play {n} [on POWER] in your Purchase Phase orders")
    if p == "provincial_purchase":
        forms.append(f"play {n} on POWER in Purchase Phase orders, with buy provincial army")
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


def globe_in_play(content: SoldierContent, s: SoldierState) -> bool:
    """SK 3.0: the one-year games leave out the Globe cards; the World at War "Use all
    event cards"."""
    return bool(s.scenario) and content.scenario(s.scenario).rules == "campaign"


def card_name(
    content: SoldierContent, s: SoldierState, text: str, line: int, problems: list[Problem]
) -> tuple[str | None, str]:
    """The card named at the start of `text` (longest name first), and the rest."""
    t = " ".join(text.split())
    low = t.casefold()
    globe = globe_in_play(content, s)
    for c in sorted(content.cards.cards, key=lambda c: -len(c.name)):
        name = c.name.casefold()
        if low == name or low.startswith(name + " "):
            if c.globe and not globe:
                problems.append(
                    Problem(f"{c.name} is a Globe card, not used in this scenario (SK 3.0)", line)
                )
                return None, ""
            return c.name, t[len(c.name) :].strip()
    names = [c.name for c in content.cards.cards if globe or not c.globe]
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
            card, rest = card_name(names.content, s, what, line, problems)
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
    if kind == "fleet_group":  # Mutiny (SE cards.toml): "Play on any fleet or group"
        pieces = names.pieces(text, line, problems)
        units = tuple(p.name for p in pieces if p.kind == "unit")
        if not units or len(units) != len(pieces):
            if pieces:
                problems.append(Problem(f"{card.name} is played on fleets (e.g. Fr-F1)", line))
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
    name, rest = card_name(content, s, text, line, problems)
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
        if not body.strip() or re.match(r"(?i)in\s", body.strip()):  # SK 19.1: in AREA
            body = f"{', '.join(countries)} {body}"
        elif len(countries) == 1 and re.match(r"\d", body.strip()):  # play Sepoys 2
            body = f"{countries[0]} {body}"
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
    areas: tuple[str, ...] = ()
    chunks = re.split(r"(?i)\s+(?=(?:on|in|round|before|at|with)\s)", " " + rest.strip())
    for chunk in (c.strip() for c in chunks):
        if not chunk:
            continue
        kw, _, val = chunk.partition(" ")
        kw, val = kw.casefold(), val.strip()
        if kw == "on":
            target, units = _target(names, card, val, line, problems)
        elif kw == "in":
            area = names.area(val, line, problems)
        elif kw == "with" and any(e.kind == "create_satellite" for e in card.effects):
            # SE 19.2: the areas put in the satellite nation
            found = [names.area(x, line, problems) for x in re.split(r"\s*,\s*|\s+and\s+", val)]
            areas = tuple(a for a in found if a)
        elif kw == "round" and val.isdecimal() and int(val) >= 1:
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
    po = PlayOrder(
        name, line, full, verb, target, units, area, rnd, step, sign, trigger, areas=areas
    )
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
        and not any(e.kind in ("new_leader", "free_army", "card_unit") for e in card.effects)
    ):
        return f"{n} is played on a power: write on POWER, not in AREA"
    from_trigger = trigger is not None and trigger.area is not None
    if kind == "area" and po.on is None and po.area is None and not from_trigger:
        return f"write: {po.verb} {n} on AREA"
    if kind == "general" and po.on is None:
        return f"write: {po.verb} {n} on GENERAL"
    if kind == "fleet_group" and p_any(card) and not po.units:
        return f"write: {po.verb} {n} on FLEETS (one fleet or the fleets of one group)"
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
    "evade_blockade": "blockade",  # SE 10.5: Slip the Blockade
    "wind_gauge": "naval battle",
    "alliance_roll_modifier": "attempt",
}


PURCHASE_USE = ("any", "free_army", "provincial_purchase")


REACT_USE = {
    "any": None,
    "combat_dice:land": "attacked",
    "unrestricted_retreat": "attacked",
    "defensive_fire_dice": "besieged",
    "halt": "sails",
    "interception_fails": "intercepted",
    "evade_blockade": "intercepted",  # SE 10.5: Slip the Blockade, as the blockaders intercept
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
