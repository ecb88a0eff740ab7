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
- New Leader: an unused leader of the power who enters in Europe (Wolfe, Montcalm and
  Clive enter on maps the one-year scenarios do not use), drawn with a public die, placed
  in the area named with `in` if the power controls it, else the area it controls with
  most of its armies (then fortification, name); none controlled: the next campaign
  turn's Purchase Phase (SK 13.8, 6.3). No unused leader: the card is not played.
- Militia Levy: a random unused army, free, where `in` says if allowed (SK 6.3), else the
  default arrival area (economy.default_area); no allowed area or army: not played.
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

import re
from collections import Counter as Tally
from dataclasses import dataclass, replace
from typing import Any, Literal

from pbem.clone import clone
from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem
from pbem.suggest import closest

from . import calendar, economy, mercenaries, minors, naval, siege, standing
from . import naval_combat as nc
from .content import Card, SoldierKingsContent
from .economy import id_order
from .fold import on
from .names import Names
from .state import SKState, Treasury

ACTION_STEPS = ("start", "naval combat", "land movement", "land combat", "siege", "end")
WHENS = ("initiative", "peace", "winter", "attrition", "maintenance", "victory")
_STAGE_WHENS = {
    "initiative": ("initiative",),
    "peace": ("peace",),
    "attrition": ("winter", "attrition"),
    "maintenance": ("maintenance",),
    "victory": ("victory",),
}
# how a card is played, by its first effect (cards.toml; any-time cards are "any")
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


# --------------------------------------------------------------------------- events


@event
class CardCancelled(Event):
    """SK 5.2 with Diplomatic Intrigue: the card just played has no effect."""

    type: Literal["sk.card_cancelled"] = "sk.card_cancelled"
    card: str
    power: str
    by: str
    with_card: str


@event
class CardEffect(Event):
    """SK 5.2: a card's effect in force from now: for this phase, or this turn."""

    type: Literal["sk.card_effect"] = "sk.card_effect"
    card: str
    effect: str  # the effect kind (cards.toml)
    power: str  # who played it
    until: Literal["phase", "turn"]
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
    card: str = "New Leader"


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


def live(s: SKState, eff: dict) -> bool:
    """Is an effect still in force: this turn, and for a phase effect this very phase."""
    if eff.get("turn") != s.turn:
        return False
    if eff.get("until") == "turn":
        return True
    return eff.get("stage") == s.stage and eff.get("acting") == s.acting


@on(CardCancelled)
def _(s: SKState, e: CardCancelled) -> None:
    return None


@on(CardEffect)
def _(s: SKState, e: CardEffect) -> None:
    eff = {
        "card": e.card, "kind": e.effect, "power": e.power, "until": e.until, "turn": e.turn,
        "stage": e.stage, "acting": e.acting, **e.detail,
    }  # fmt: skip
    s.card_effects = [x for x in s.card_effects if live(s, x)] + [eff]


@on(TreasuryChanged)
def _(s: SKState, e: TreasuryChanged) -> None:
    t = s.treasury.setdefault(e.power, Treasury())
    t.resources = max(0, t.resources + e.resources)  # SK 7.5
    t.manpower = max(0, t.manpower + e.manpower)


@on(CardAttrition)
def _(s: SKState, e: CardAttrition) -> None:
    for uid, n in e.losses.items():
        for _ in range(n):
            s.step_loss(uid)
    nc._tidy(s)


@on(CardsTaken)
def _(s: SKState, e: CardsTaken) -> None:
    return None


@on(CardTaken)
def _(s: SKState, e: CardTaken) -> None:
    for c in e.cards:
        if c in s.hands.get(e.frm, []):
            s.hands[e.frm].remove(c)
            s.hands.setdefault(e.player, []).append(c)
    s.hands.setdefault(e.player, []).sort()


@on(LeaderEnters)
def _(s: SKState, e: LeaderEnters) -> None:
    ld = s.leaders[e.leader]
    if e.area:
        ld.status, ld.area, ld.arrives = "map", e.area, None
    else:
        ld.status, ld.area, ld.arrives = "track", None, e.arrives


@on(FreeArmy)
def _(s: SKState, e: FreeArmy) -> None:
    u = s.units[e.unit]
    u.status, u.area, u.arrives, u.is_reduced = "map", e.area, None, False


@on(FortificationHit)
def _(s: SKState, e: FortificationHit) -> None:
    s.fort_hits[e.area] = e.fort_hits
    s.besieger.setdefault(e.area, e.besieger)


@on(WinterCampaign)
def _(s: SKState, e: WinterCampaign) -> None:
    s.initiative = list(e.powers)
    s.acting = 0
    s.stage = "action"


@on(CardOrderSkipped)
def _(s: SKState, e: CardOrderSkipped) -> None:
    return None


# --------------------------------------------------------------------------- orders


@dataclass(frozen=True)
class Trigger:
    kind: str  # attacked, besieged, intercepted, naval battle, sails, plays, attempts
    area: str | None = None
    who: str | None = None  # a power, "enemy", "ally", "anyone" (None: anyone)
    what: str | None = None  # the card (plays) or minor (attempts); None: any


@dataclass(frozen=True)
class PlayOrder:
    card: str
    line: int
    text: str  # the order as written (spaces normalised)
    verb: str = "play"  # play (orders, or standing with `at`), react (standing)
    on: str | None = None  # a power, minor, area or leader
    units: tuple[str, ...] = ()  # Forced March
    area: str | None = None  # in AREA
    round: int | None = None
    step: str | None = None  # orders: ACTION_STEPS; standing: WHENS
    sign: int = 0  # Council of War
    trigger: Trigger | None = None
    key: str = ""  # set at resolution: which order this is (spent records)


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
    content: SoldierKingsContent, text: str, line: int, problems: list[Problem]
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


def _who(s: SKState, text: str, line: int, problems: list[Problem]) -> str | None:
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


def _power(s: SKState, text: str, line: int, problems: list[Problem]) -> str | None:
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
        names.content, text, minors.table_minors(names.content), line, problems, "minor country"
    )


def _trigger(
    names: Names, s: SKState, text: str, line: int, problems: list[Problem]
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
    content: SoldierKingsContent,
    names: Names,
    s: SKState,
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
    names: Names, s: SKState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """play CARD [on TARGET] [+N|-N] at WHEN (SK 5.1)"""
    return parse_play(names.content, names, s, power, " ".join(words), line, problems, "standing")


@standing.verb("react")
def _react(
    names: Names, s: SKState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """react CARD [on TARGET] when TRIGGER (SK 5.1-5.2)"""
    return parse_play(names.content, names, s, power, " ".join(words), line, problems, "react")


# --------------------------------------------------------------------------- checks


def hand(s: SKState, power: str) -> list[str]:
    return s.hands.get(s.player_of(power), [])


def _target_now(
    content: SoldierKingsContent, s: SKState, power: str, po: PlayOrder, info: dict
) -> tuple[str | None, str | None]:
    """The target of a play at its moment, and why it may not be played (or None)."""
    card = content.card(po.card)
    kind = card.target
    kinds = {e.kind for e in card.effects}
    if kind == "any_power":
        t = po.on or power
        if t not in s.majors:
            return t, f"{t} is not a warring power"
        if "take_card" in kinds:
            if s.player_of(t) == s.player_of(power):
                return t, f"{po.card} is played on another player's power (SK 5.1, the card)"
            if not s.hands.get(s.player_of(t)):
                return t, f"{s.player_of(t)} holds no cards to take"
        if "new_leader" in kinds and not _new_leaders(content, s, t):
            return t, f"every leader of {t} is in play: the card does not apply (SK 13.8)"
        if "free_army" in kinds:
            pool = economy.pool(s, t, "army")
            if not pool or not economy.placement_areas(content, s, s.units[pool[0]]):
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


def _new_leaders(content: SoldierKingsContent, s: SKState, power: str) -> list[str]:
    """SK 13.8: unused leaders of the power that enter in Europe (the only map in play)."""
    return sorted(
        n
        for n, ld in s.leaders.items()
        if ld.country == power and ld.status == "pool" and content.leader(n).enters == "europe"
    )


def _count_problems(
    s: SKState, power: str, plays: list[PlayOrder], also: list[str]
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
    content: SoldierKingsContent, s: SKState, power: str, po: PlayOrder
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
    content: SoldierKingsContent, s: SKState, power: str, orders: Any
) -> list[Problem]:
    """The `play` lines of an action phase's orders (actions.ActionOrders)."""
    plays: list[PlayOrder] = orders.plays
    if not plays:
        return []
    also = [
        minors.CARD if isinstance(o, minors.AllyOrder) else o.card
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
    content: SoldierKingsContent, s: SKState, power: str, orders: list
) -> list[Problem]:
    plays = [o for o in orders if isinstance(o, PlayOrder)]
    problems = _count_problems(s, power, plays, [])
    for po in plays:
        why = _static_target_problem(content, s, power, po)
        if why:
            problems.append(Problem(why, po.line))
    return problems


def validate_standing(
    content: SoldierKingsContent, s: SKState, power: str, orders: Any
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


def after_plays(s: SKState, power: str, plays: list[PlayOrder], content) -> SKState:
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


# --------------------------------------------------------------------------- playing


def _spent(s: SKState, power: str, key: str) -> bool:
    return any(r["power"] == power and r["key"] == key for r in s.card_plays)


def _skipped(ctx: Resolution, key: str) -> bool:
    return any(isinstance(e, CardOrderSkipped) and e.key == key for e in ctx.events)


def play(
    ctx: Resolution,
    content: SoldierKingsContent,
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
    s: SKState = ctx.state
    player = s.player_of(power)
    if card not in s.hands.get(player, []):
        return False
    c = content.card(card)
    ctx.emit(
        minors.CardPlayed(
            player=player, power=power, card=card, on=on, detail=detail,
            to="removed" if c.after_play == "remove" else "discard", key=key, trigger=trigger,
        )
    )  # fmt: skip
    return not _intrigue(ctx, content, power, card, standing or {})


def _matches(s: SKState, me: str, who: str | None, power: str) -> bool:
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
    out = []
    seen: Tally[str] = Tally()
    for po in so.get(kind, []) if so is not None else []:
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
    content: SoldierKingsContent,
    power: str,
    po: PlayOrder,
    standing_orders: dict,
    info: dict | None = None,
    trigger: str = "",
) -> bool:
    """Play `po` now if it is still to be carried out, the card is in the hand and the
    target is valid; then its effects, in the data's order (SK 5.2)."""
    info = info if info is not None else {}
    s: SKState = ctx.state
    if _spent(s, power, po.key) or _skipped(ctx, po.key) or _twin_fired(ctx, power, po, trigger):
        return False
    if po.card not in hand(s, power):
        if po.verb == "play" and po.key:
            _skip(ctx, power, po, f"{s.player_of(power)} holds no {po.card!r} card now (SK 5.1)")
        return False
    target, why = _target_now(content, s, power, po, info)
    if why:
        if po.verb == "play":
            _skip(ctx, power, po, why + "; the card stays in the hand")
        return False
    if not play(
        ctx, content, power, po.card, on=target or "", key=po.key, trigger=trigger,
        standing=standing_orders,
    ):  # fmt: skip
        return False
    execute(ctx, content, power, content.card(po.card), po, target, info)
    return True


def _twin_fired(ctx: Resolution, power: str, po: PlayOrder, trigger: str) -> bool:
    """Identical standing lines are separate orders, but one moment fires only one of
    them (the next one waits for the next such moment)."""
    base, sep, _ = po.key.rpartition(" #")
    return bool(sep) and any(
        isinstance(e, minors.CardPlayed)
        and e.power == power
        and e.trigger == trigger
        and e.key.rpartition(" #")[0] == base
        for e in ctx.events
    )


def _skip(ctx: Resolution, power: str, po: PlayOrder, reason: str) -> None:
    ctx.emit(CardOrderSkipped(power=power, order=po.text, reason=reason, key=po.key))


def _intrigue(
    ctx: Resolution, content: SoldierKingsContent, power: str, card: str, standing_orders: dict
) -> bool:
    """SK 5.2 with Diplomatic Intrigue: another player's standing `react ... when WHO plays
    [CARD]` cancels the card just played. Returns whether it was cancelled."""
    s: SKState = ctx.state
    for q in list(s.majors):
        if s.player_of(q) == s.player_of(power):
            continue  # never against one's own player's cards
        for po in standing_plays(standing_orders, q):
            c = content.card(po.card)
            cancel = next((e for e in c.effects if e.kind == "cancel_card"), None)
            t = po.trigger
            if cancel is None or t is None or card in cancel.except_cards:
                continue
            if t.kind != "plays" or (t.what and t.what != card) or not _matches(s, q, t.who, power):
                continue
            info = {"on": f"{card} ({power})"}
            if carry_out(ctx, content, q, po, standing_orders, info, f"{power} plays {card}"):
                ctx.emit(CardCancelled(card=card, power=power, by=q, with_card=po.card))
                return True
    return False


# --------------------------------------------------------------------------- effects


def _effect(
    ctx: Resolution, card: str, kind: str, power: str, until: str, detail: dict, text: str
) -> None:
    s: SKState = ctx.state
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
    content: SoldierKingsContent,
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
        s: SKState = ctx.state
        k = e.kind
        if k in ("resources", "manpower"):
            assert target is not None
            what = "Resources" if k == "resources" else "Manpower"
            gain = e.direction == "gain"
            label = f"{name}: {target} {'gains' if gain else 'loses'} {e.amount} {what}"
            r, m = economy.treasury(ctx.state, target)
            n, roll, note = 0, None, ""
            if not gain and (r == 0 or m == 0):  # SK 7.5: no die is needed
                note = f"{target} has zero Resources or Manpower and loses nothing (SK 7.5)"
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
            if e.units == "army":
                units = sorted((u.id for u in s.on_map(target, "army")), key=id_order)
                where = target or ""
            else:
                units = list(info.get("fleets", []))
                where = info.get("area", "")
            _attrition(ctx, name, where, units, e.hit_on)
        elif k == "leader_inactive":
            _effect(ctx, name, k, power, "turn", {"leader": target},
                    f"{target} neither moves nor adds his rating or movement this turn")  # fmt: skip
        elif k == "remove_marker":
            if target in s.markers.get(e.marker, []):
                ctx.emit(minors.MarkerRemoved(marker=e.marker, on=target))
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
                ctx.emit(minors.MarkerPlaced(marker=e.marker, on=target))
        # minor_alliance_attempt, hire_mercenaries: minors.py / mercenaries.py carry them
        # out; cancel_card: _intrigue; Globe-only kinds never come up in these scenarios


def _attrition(ctx: Resolution, card: str, area: str, units: list[str], hit_on: int) -> None:
    s: SKState = ctx.state
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
            for army in nc.cargo(s, uid) if u.type == "fleet" else []:  # SK 10.6
                losses[army] = 2 if u.is_reduced and not s.units[army].is_reduced else 1
    if rolls:
        ctx.emit(CardAttrition(card=card, area=area, hit_on=hit_on, rolls=rolls, losses=losses))


def _take_cards(ctx: Resolution, power: str, target: str, count: int, card: str) -> None:
    """Spies: cards at random from the target player's hand, from the hidden stream."""
    s: SKState = ctx.state
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


def _leader_area(
    content: SoldierKingsContent, s: SKState, power: str, wish: str | None
) -> str | None:
    """SK 13.8: any land area in Europe the power controls: the one named, else the one
    with most of its armies, then the strongest fortification, then the name."""
    mine = [a for a, c in s.control.items() if c == power and content.is_land(a)]
    if wish in mine:
        return wish

    def key(a: str) -> tuple:
        armies = sum(1 for u in s.on_map(a, "army") if s.commander(u) == power)
        return (-armies, -content.land_area(a).fortification, a)

    return min(mine, key=key) if mine else None


def _new_leader(
    ctx: Resolution, content: SoldierKingsContent, power: str, wish: str | None
) -> None:
    s: SKState = ctx.state
    pool = _new_leaders(content, s, power)
    if not pool:
        return
    pick = pool[ctx.pick(f"New Leader: {power}, leader 1 of {len(pool)}", len(pool))]
    area = _leader_area(content, ctx.state, power, wish)
    if area:
        ctx.emit(LeaderEnters(power=power, leader=pick, area=area))
    else:  # SK 13.8: unable to appear this turn, he comes as a new unit next turn (SK 6.3)
        nxt = calendar.campaign_turns_after(s.turn, 1)
        ctx.emit(LeaderEnters(power=power, leader=pick, area=None, arrives=nxt))


def _free_army(
    ctx: Resolution, content: SoldierKingsContent, power: str, wish: str | None, card: str
) -> None:
    s: SKState = ctx.state
    pool = economy.pool(s, power, "army")
    if not pool:
        return
    uid = pool[ctx.pick(f"{card}: {power}, army 1 of {len(pool)}", len(pool))]
    u = ctx.state.units[uid]
    area = wish if wish and economy.placement_problem(content, s, u, wish) is None else None
    area = area or economy.default_area(content, s, u)
    if area:
        ctx.emit(FreeArmy(power=power, unit=uid, area=area, card=card))


def _treason(
    ctx: Resolution, content: SoldierKingsContent, power: str, card: str, area: str, hits: int,
    info: dict,
) -> None:  # fmt: skip
    """Treason: hits on the fortification at once; enough of them take the area (SK 12.2)."""
    s: SKState = ctx.state
    fort = content.land_area(area).fortification
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
    naval.capture_fleets(ctx, content, area, taker)  # SK 12.6
    info["fallen"] = True


# --------------------------------------------------------------------------- queries


def _live_effects(s: SKState, kind: str) -> list[dict]:
    return [x for x in s.card_effects if x.get("kind") == kind and live(s, x)]


def extra_half_mps(s: SKState, units: list[str] | tuple[str, ...]) -> int:
    """Forced March: half movement points added to a group whose armies were all named."""
    armies = {u for u in units if s.units[u].type == "army"}
    if not armies:
        return 0
    return sum(
        2 * x.get("points", 0)
        for x in _live_effects(s, "extra_movement")
        if armies <= set(x.get("units", []))
    )


def leader_inactive(s: SKState, name: str) -> bool:
    """Vacillating General: neither moves nor adds his rating or movement this turn."""
    return any(x.get("leader") == name for x in _live_effects(s, "leader_inactive"))


def extra_dice(s: SKState, combat: str, area: str, rnd: int, side: str) -> int:
    """Inspired Leadership: extra dice for a side in one round of a land battle."""
    return sum(
        x.get("dice", 0)
        for x in _live_effects(s, "combat_dice")
        if x.get("combat") == combat and x.get("area") == area and x.get("round") == rnd
        and x.get("side") == side
    )  # fmt: skip


def skilful(s: SKState, area: str, power: str) -> bool:
    """Skilful Retreat: the player's units in `area` ignore SK 9.5's entry-route rule."""
    player = s.player_of(power)
    return any(
        x.get("area") == area and x.get("player") == player
        for x in _live_effects(s, "unrestricted_retreat")
    )


def initiative_modifier(s: SKState, power: str) -> int:
    """Council of War: added to the power's initiative roll this Initiative Phase."""
    return sum(
        x.get("value", 0)
        for x in _live_effects(s, "initiative_modifier")
        if x.get("target") == power
    )


def initiative_modifiers(s: SKState, power: str) -> list[tuple[int, str]]:
    """Council of War, one entry per card in force: (value, the card's name)."""
    return [
        (x.get("value", 0), x.get("card") or "a card")
        for x in _live_effects(s, "initiative_modifier")
        if x.get("target") == power and x.get("value", 0)
    ]


def quartered(s: SKState, area: str, unit: Any) -> bool:
    """Good Winter Quarters: armies friendly to the card's player there are supported."""
    return any(
        x.get("area") == area and s.friendly(s.unit_side_country(unit), x.get("power"))
        for x in _live_effects(s, "winter_quarters")
    )


# --------------------------------------------------------------------------- hooks


def at_step(
    ctx: Resolution,
    content: SoldierKingsContent,
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
    ctx: Resolution, content: SoldierKingsContent, powers: list[str], standing_orders: dict
) -> None:
    """After the action phase: a notice for each `play` line whose moment never came."""
    s: SKState = ctx.state
    for p in powers:
        for po in order_plays(standing_orders, p):
            if _spent(s, p, po.key) or _skipped(ctx, po.key):
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
            _skip(ctx, p, po, f"{what} this phase; the card stays in the hand")


def purchase_plays(
    ctx: Resolution,
    content: SoldierKingsContent,
    orders: dict[str, list],
    standing_orders: dict,
    phase: str,
) -> None:
    """The Purchase Phase (after subsidies, before placements and purchases): new leaders
    due from the turn track (SK 13.8, 6.3), then each power's `play` lines in order."""
    s: SKState = ctx.state
    for name, ld in sorted(s.leaders.items()):
        if ld.status == "track" and ld.arrives is not None and ld.arrives <= s.turn:
            area = _leader_area(content, s, ld.country, None)
            nxt = calendar.campaign_turns_after(s.turn, 1)
            ctx.emit(
                LeaderEnters(
                    power=ld.country, leader=name, area=area, arrives=None if area else nxt
                )
            )
    for p in list(s.majors):
        for po in orders.get(p) or []:
            if isinstance(po, PlayOrder):
                po = replace(po, key=f"{phase} {p} line {po.line}")
                carry_out(ctx, content, p, po, standing_orders, trigger="in the Purchase Phase")


def before_stage(ctx: Resolution, content: SoldierKingsContent, standing_orders: dict) -> bool:
    """Standing `play ... at WHEN` lines, when a phase run on standing orders begins.
    True if a Winter Campaign now puts action phases before the Winter Attrition Phase."""
    s: SKState = ctx.state
    for when in _STAGE_WHENS.get(s.stage, ()):
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


def _defending(s: SKState, defenders: dict) -> list[str]:
    return [q for q in s.majors if any(s.friendly(q, d) for d in defenders)]


def battle_begins(
    ctx: Resolution,
    content: SoldierKingsContent,
    area: str,
    attackers: dict[str, list[str]],
    defenders: dict[str, list[str]],
    standing_orders: dict,
) -> bool:
    """A land battle begins (after it is paid): the attackers' cards played with the
    attack (Surprise Attack), then the defending side's reactions `when attacked`
    (Skilful Retreat, any-time cards). True: no retreat before battle (SK 9.5)."""
    s: SKState = ctx.state
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
    content: SoldierKingsContent,
    area: str,
    rnd: int,
    attackers: dict[str, list[str]],
    defenders: dict[str, list[str]],
    standing_orders: dict,
) -> None:
    """Before a round of land combat: Inspired Leadership for that round."""
    s: SKState = ctx.state
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
    content: SoldierKingsContent,
    area: str,
    powers: list[str],
    owner: str | None,
    standing_orders: dict,
) -> tuple[int, int, bool]:
    """A siege begins (after it is paid): the besiegers' Treason and Siege Train, then
    reactions `when AREA besieged` (Heroic Garrison by the area's side, any-time cards).
    Returns (extra besieger dice, extra defensive fire dice, the area fell)."""
    s: SKState = ctx.state
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


def group_enters(
    ctx: Resolution, content: SoldierKingsContent, v: Any, area: str, orders: Any
) -> bool:
    """A moving fleet group enters `area` (naval._voyage): reactions `when WHO sails into
    AREA` (Storm at Sea, any-time cards). True: the group halts there."""
    s: SKState = ctx.state
    sorders = orders.standing
    movers = list(v.plan.powers)
    wanted = [
        (q, po)
        for q in s.majors
        for po in standing_plays(sorders, q)
        if po.trigger is not None
        and po.trigger.kind == "sails"
        and po.trigger.area in (None, area)
        and any(_matches(s, q, po.trigger.who, m) for m in movers)
        and primary(content.card(po.card)) in ("halt", "any")
        and not _spent(s, q, po.key)
        and po.card in hand(s, q)
    ]
    if not wanted:
        return False
    naval._flush(ctx, v)  # the group is in the area when the card is played
    info: dict = {"area": area}
    for q, po in wanted:
        if not naval._alive(ctx.state, v):
            break
        info["fleets"] = list(v.fleets)
        info["on"] = ", ".join(sorted(v.fleets))
        carry_out(ctx, content, q, po, sorders, info, f"{', '.join(movers)} sails into {area}")
    naval._alive(ctx.state, v)
    return bool(info.get("halt"))


def _plays_for(
    content: SoldierKingsContent, sorders: Any, power: str, effect: str, trigger: str, area: str
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
    content: SoldierKingsContent,
    area: str,
    interceptor: str,
    fleets: list[str],
    target: list[str],
    orders: Any,
) -> bool:
    """Before an interception roll (SK 10.44): Fog at Sea played by the intercepted side
    (its own `play ... in SEA`, or `react ... when intercepted [in SEA]`) makes it fail."""
    s: SKState = ctx.state
    sorders = orders.standing
    side = sorted({nc.owner(s, f) for f in target})
    info: dict = {"area": area, "on": area}
    for q in [q for q in s.majors if any(s.friendly(q, p) for p in side)]:
        for po in _plays_for(content, sorders, q, "interception_fails", "intercepted", area):
            carry_out(ctx, content, q, po, sorders, info, f"{interceptor} intercepts in {area}")
            if info.get("fails"):
                ctx.emit(
                    nc.Interception(
                        area=area, interceptors=sorted(fleets), target=sorted(target), roll=None,
                        fleets=len(target), admirals=0, enemy_admirals=0, total=None,
                        success=False, automatic=f"{po.card}, played by {q}",
                    )
                )  # fmt: skip
                return True
    return False


def weather_gauge(
    ctx: Resolution, content: SoldierKingsContent, area: str, sides: dict, orders: Any
) -> str | None:
    """Before the wind gauge is rolled (SK 11.2): the first side to play Weather Gauge
    holds it. Returns "intercepting", "intercepted" or None."""
    s: SKState = ctx.state
    sorders = orders.standing
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
    ctx: Resolution, content: SoldierKingsContent, power: str, minor: str, standing_orders: dict
) -> tuple[int, tuple[str, ...]]:
    """An alliance attempt, before bribes and dice (SK 17.3-17.4): Royal Betrothal played
    with it (the attempting player's own `play ... on MINOR`, or anyone's `react ... when
    WHO attempts [MINOR]`) and any-time reactions. Returns (modifier, markers to place on
    success)."""
    s: SKState = ctx.state
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
            if not _matches(ctx.state, q, t.who, power):
                continue
            if primary(content.card(po.card)) in ("alliance_roll_modifier", "any"):
                carry_out(ctx, content, q, po, standing_orders, info, trig)
    return info["bonus"], tuple(info["markers"])
