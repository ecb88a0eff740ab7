"""Soldier Kings in a turn report (docs/reports.md): a sentence per event, the
power's position in tables, the Europe map, and a pre-filled order envelope.

Fog of war: everything here is drawn from what `SoldierKings.view` shows a power.
The one secret in the state is the hands (SK 3.0): a power sees its own player's
cards and only the number the others hold. The deck is not listed either, since
the full deck minus the deck left and one's own hand is the others' hand.
Pure: no I/O; strings only (the templates escape them).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from pbem.events import Event
from pbem.reports.model import MapArea, MapMarker, MapStack, MapView, Section
from pbem.ruleset import Step

from . import common, purchases, setup
from .calendar import label
from .content import SoldierKingsContent
from .phases import TITLES
from .state import Counter, LeaderPiece, SKState

SEA_FILL = "#a9cbe4"
NEUTRAL_FILL = "#e9e4d4"


# --- small words ------------------------------------------------------------------


def _join(items: list[str] | tuple[str, ...], empty: str = "none") -> str:
    return ", ".join(items) if items else empty


def _money(r: int, m: int) -> str:
    parts = []
    if r:
        parts.append(f"{r} Resource{'s' if r != 1 else ''}")
    if m:
        parts.append(f"{m} Manpower")
    return " and ".join(parts) or "nothing"


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("y") else f"{n} {word}s"


def unit_text(u: Counter) -> str:
    a, d = u.strength
    return f"{u.id} ({a}-{d}{', reduced' if u.is_reduced else ''})"


def leader_text(ld: LeaderPiece) -> str:
    return f"{ld.name} ({ld.role} {ld.rating})"


def _units(s: SKState | None, ids: list[str]) -> str:
    if s is None:
        return _join(ids)
    return _join([unit_text(s.units[i]) if i in s.units else i for i in ids])


def _abbr(content: SoldierKingsContent, country: str) -> str:
    try:
        return content.country(country).abbreviation
    except KeyError:
        return country[:2]


def _colour(content: SoldierKingsContent, country: str | None) -> str:
    if not country:
        return NEUTRAL_FILL
    try:
        return content.country(country).color
    except KeyError:
        return NEUTRAL_FILL


# --- events -----------------------------------------------------------------------


def describe(content: SoldierKingsContent, e: Event, s: SKState | None) -> str | None:
    """One sentence for a visible event; "" for bookkeeping; None: not known here."""
    fn = _SAY.get(e.type)
    if fn is None:
        return None
    try:
        return fn(content, e, s)
    except (AttributeError, KeyError, TypeError, ValueError):
        return None  # an event whose fields changed: the report's generic line says it


_SAY: dict[str, Any] = {}


def says(type_: str):
    def register(fn):
        _SAY[type_] = fn
        return fn

    return register


def _quiet(*types: str) -> None:
    for t in types:
        _SAY[t] = lambda c, e, s: ""


_quiet("sk.setup_round_done", "sk.stage_over", "sk.action_phase_over")


@says("sk.scenario_started")
def _(c, e, s):
    sides = "; ".join(f"{p}: {', '.join(ps)}" for p, ps in e.players.items())
    minors = ", ".join(f"{m} (with {a})" for m, a in sorted(e.allies.items()))
    return (
        f"Scenario #{e.number} ({e.scenario}) begins: {label(e.first_turn)} to "
        f"{label(e.last_turn)}. Sides: {sides}." + (f" Minor allies: {minors}." if minors else "")
    )


@says("sk.units_selected")
def _(c, e, s):
    how = "at random" if e.how == "random" else "as the scenario names them"
    hired = f", hired by {e.hired_by}" if e.hired_by else ""
    return f"{e.country}'s units for the set-up, chosen {how}{hired}: {_units(s, e.units)}."


@says("sk.leaders_selected")
def _(c, e, s):
    return f"{e.country}'s leaders for the set-up: {_join(e.leaders)}."


@says("sk.cards_dealt")
def _(c, e, s):
    return f"{e.player} is dealt {_plural(len(e.cards), 'event card')}: {_join(e.cards)}."


@says("sk.pieces_placed")
def _(c, e, s):
    where = "; ".join(
        f"{area}: {_units(s, [p for p in ps if s is None or p in s.units])}"
        + "".join(f", {p}" for p in ps if s is not None and p not in s.units)
        for area, ps in sorted(e.placements.items())
    )
    how = " (the default placement: no valid orders)" if e.defaulted else ""
    return f"{e.power} places its pieces{how}. {where}."


@says("sk.turn_began")
def _(c, e, s):
    return f"{label(e.turn)} begins."


@says("sk.initiative_set")
def _(c, e, s):
    return f"Initiative: the action phases go {', then '.join(e.order)}."


@says("sk.game_over")
def _(c, e, s):
    return f"The scenario is over: {e.result}"


@says("sk.attack_paid")
def _(c, e, s):
    return f"{e.power} pays {_money(e.resources, 0)} for a {e.level} in {e.area}."


@says("sk.battle_began")
def _(c, e, s):
    att = "; ".join(f"{p} with {_units(s, u)}" for p, u in e.attackers.items())
    dfn = "; ".join(f"{p} with {_units(s, u)}" for p, u in e.defenders.items())
    rounds = "until one side stops or is gone" if e.rounds is None else _plural(e.rounds, "round")
    extra = []
    if e.fortification:
        extra.append(f"the defender adds the fortification ({e.fortification})")
    if e.mountain:
        extra.append("attackers came by a mountain route")
    tail = f" ({'; '.join(extra)})" if extra else ""
    return f"Battle in {e.area}, a {e.level} ({rounds}): {att} attack {dfn or 'nobody'}{tail}."


@says("sk.retreated")
def _(c, e, s):
    pieces = _join([*e.units, *e.leaders])
    return f"{e.power}'s {pieces} withdrew {e.why} from {e.frm} to {e.to}."


@says("sk.round_fought")
def _(c, e, s):
    losses = _join([f"{u} {_plural(n, 'step')}" for u, n in sorted(e.losses.items())])
    left = "".join(
        f"; {n} of the {side}'s hits could not be taken"
        for side, n in sorted(e.unallocated.items())
    )
    return (
        f"{e.area}, round {e.round}: the attacker rolls {e.attacker_dice} dice and scores "
        f"{_plural(e.attacker_hits, 'hit')}, the defender rolls {e.defender_dice} dice and "
        f"scores {_plural(e.defender_hits, 'hit')}. Losses: {losses}{left}."
    )


@says("sk.eliminated")
def _(c, e, s):
    return f"Eliminated in {e.area} ({e.why}): {_join(e.units)}."


@says("sk.leader_killed")
def _(c, e, s):
    return f"{e.leader} is killed in {e.area} (the roll came to {e.total})."


@says("sk.leader_captured")
def _(c, e, s):
    return f"{e.leader} is captured in {e.area} by {e.by}."


@says("sk.battle_ended")
def _(c, e, s):
    return f"The battle in {e.area} ends after {_plural(e.rounds, 'round')}: {e.outcome}."


@says("sk.subsidy_given")
def _(c, e, s):
    return f"{e.giver} gives {e.receiver} a subsidy of {_money(e.resources, 0)}."


@says("sk.arrival_delayed")
def _(c, e, s):
    return f"{e.power}'s {_join(e.units)} cannot be placed ({e.reason}); they now arrive on {label(e.arrives)}."


@says("sk.units_bought")
def _(c, e, s):
    return (
        f"{e.power} buys {_units(s, e.units)} for {_money(e.resources, e.manpower)}; "
        f"arriving on {label(e.arrives)}."
    )


@says("sk.units_recovered")
def _(c, e, s):
    paid = "free" if not (e.resources or e.manpower) else f"for {_money(e.resources, e.manpower)}"
    return f"{e.power} recovers {_join(e.units)} to full strength, {paid} ({e.rule})."


@says("sk.purchase_skipped")
def _(c, e, s):
    where = f" (line {e.line})" if e.line else ""
    return f"{e.power}'s order {e.order!r}{where} was not carried out: {e.reason}."


@says("sk.control_changed")
def _(c, e, s):
    return f"{e.area} passes from {e.frm or 'nobody'} to {e.to} ({e.why})."


@says("sk.siege_paid")
def _(c, e, s):
    return f"{e.power} pays {_money(e.resources, 0)} for {_plural(e.rounds, 'siege round')} at {e.area}."


@says("sk.siege_round")
def _(c, e, s):
    losses = _join([f"{u} {_plural(n, 'step')}" for u, n in sorted(e.losses.items())])
    return (
        f"Siege of {e.area}, round {e.round} ({e.besieger}): {e.besieger_dice} dice, "
        f"{_plural(e.hits, 'hit')}; the fortification has taken {e.fort_hits} of "
        f"{e.fortification}. Defensive fire: {e.defensive_dice} dice, "
        f"{_plural(e.defensive_hits, 'hit')}; losses: {losses}."
    )


@says("sk.siege_lifted")
def _(c, e, s):
    return f"The siege of {e.area} is lifted ({e.why}); its fortification is restored."


@says("sk.surrender_declared")
def _(c, e, s):
    return f"{e.loser} will surrender to {_join(e.victors)} in the Peace Phase."


@says("sk.surrendered")
def _(c, e, s):
    return (
        f"{e.loser} surrenders to {_join(e.victors)}: peace for {_plural(e.turns, 'turn')}, "
        f"until {label(e.until_turn)}."
    )


@says("sk.repatriated")
def _(c, e, s):
    return f"{e.power}'s {_join([*e.units, *e.leaders])} leave {e.frm} for {e.to}."


@says("sk.group_moved")
def _(c, e, s):
    pieces = _units(s, e.units)
    if e.leaders:
        pieces += f", {_join(e.leaders)}"
    return f"{e.power} moves {pieces}: {' to '.join(e.path)}."


@says("sk.attrition")
def _(c, e, s):
    return (
        f"Winter attrition in {e.area}: {e.friendly_armies} friendly armies (supported "
        f"{e.friendly_limit}), {e.enemy_armies} enemy (supported {e.enemy_limit}); reduced "
        f"{_join(e.reduced)}, eliminated {_join(e.eliminated)}."
    )


@says("sk.maintenance")
def _(c, e, s):
    unpaid = ""
    if e.unpaid:
        unpaid = (
            f"; not paid for: {_join(e.unpaid)} (reduced {_join(e.reduced)}, "
            f"eliminated {_join(e.eliminated)})"
        )
    why = f" ({e.reason})" if e.reason else ""
    return (
        f"{e.power} pays {_money(e.resources, e.manpower)} to maintain "
        f"{_plural(e.maintained, 'unit')}{unpaid}{why}."
    )


@says("sk.victory_points")
def _(c, e, s):
    gained = _join([f"{a} {v}" for a, v in sorted(e.gained.items())])
    lost = _join([f"{a} {v}" for a, v in sorted(e.lost.items())])
    return f"{e.power}: {e.points} victory points (gained: {gained}; lost: {lost})."


@says("sk.card_played")
def _(c, e, s):
    on = f" on {e.on}" if e.on else ""
    detail = f": {e.detail}" if e.detail else ""
    when = f" ({e.trigger})" if getattr(e, "trigger", "") else ""
    return f"{e.power} ({e.player}) plays {e.card}{on}{detail}{when}."


# --- event cards (cards.py) -------------------------------------------------------


@says("sk.card_cancelled")
def _(c, e, s):
    return f"{e.power}'s {e.card} is cancelled by {e.by}'s {e.with_card}: it has no effect."


@says("sk.card_effect")
def _(c, e, s):
    return f"{e.card}: {e.text}."


@says("sk.card_treasury")
def _(c, e, s):
    moved = [(e.resources, "Resources"), (e.manpower, "Manpower")]
    parts = [f"{'gains' if n > 0 else 'loses'} {abs(n)} {what}" for n, what in moved if n]
    roll = f" (die {e.roll})" if e.roll is not None else ""
    what = " and ".join(parts) or "loses nothing"
    note = f"; {e.note}" if e.note else ""
    return f"{e.card}: {e.power} {what}{roll}{note}."


@says("sk.card_attrition")
def _(c, e, s):
    rolls = _join([f"{u} {v}" for u, v in sorted(e.rolls.items())])
    losses = _join([f"{u} {_plural(n, 'step')}" for u, n in sorted(e.losses.items())])
    return f"{e.card} in {e.area}: dice {rolls} (a loss on {e.hit_on} or more). Losses: {losses}."


@says("sk.cards_taken")
def _(c, e, s):
    return f"{e.card}: {e.player} takes {_plural(e.count, 'card')} at random from {e.frm}'s hand."


@says("sk.card_taken")
def _(c, e, s):
    return (
        f"{e.player} takes {_join(e.cards)} from {e.frm}'s hand (seen by these two players only)."
    )


@says("sk.new_leader")
def _(c, e, s):
    if e.area:
        return f"{e.card}: {e.leader} joins {e.power} in {e.area}."
    return f"{e.card}: {e.leader} joins {e.power} on Turn {e.arrives} (no area to appear in now)."


@says("sk.free_army")
def _(c, e, s):
    return f"{e.card}: {e.power} places {_units(s, [e.unit])} in {e.area}, free."


@says("sk.fortification_hit")
def _(c, e, s):
    return (
        f"{e.card}: {e.area}'s fortification takes {_plural(e.hits, 'hit')} "
        f"({e.fort_hits} of {e.fortification})."
    )


@says("sk.winter_campaign")
def _(c, e, s):
    verb = "conducts" if len(e.powers) == 1 else "conduct"
    return f"Winter Campaign: {_join(e.powers)} {verb} an action phase before Winter Attrition."


@says("sk.card_order_skipped")
def _(c, e, s):
    return f"{e.power}'s order {e.order!r} was not carried out: {e.reason}."


@says("sk.alliance_attempt")
def _(c, e, s):
    kind = "to steal" if e.steal else "to ally with"
    dice = " ".join(map(str, e.dice))
    mod = f" {e.modifier:+d}" if e.modifier else ""
    need = f", needing {e.needed}" if e.needed is not None else ""
    result = {True: "success", False: "failure", None: "undecided"}[e.success]
    why = f" ({e.why})" if e.why else ""
    return (
        f"{e.power} tries {kind} {e.minor} (attempt {e.attempt}): dice {dice}{mod} = "
        f"{e.total}{need}: {result}{why}."
    )


@says("sk.bribes_paid")
def _(c, e, s):
    paid = "; ".join(
        ", ".join(f"{k} {v}" for k, v in sorted(b.items())) for b in e.bribes if isinstance(b, dict)
    )
    return f"Bribes revealed for {e.minor} (attempt {e.attempt}): {paid or 'none'}."


@says("sk.minor_allied")
def _(c, e, s):
    frm = f" (until now with {e.frm})" if e.frm else ""
    why = f" ({e.why})" if e.why else ""
    return f"{e.minor} allies with {e.power}{frm}{why}."


@says("sk.alliance_broken")
def _(c, e, s):
    return f"The alliance of {e.minor} with {e.power} is broken ({e.why})."


@says("sk.minor_conquered")
def _(c, e, s):
    if e.conquered:
        return f"{e.minor} is conquered: its home areas are held by {_join(e.holders)}."
    return f"{e.minor} is no longer conquered."


@says("sk.minor_forces_placed")
def _(c, e, s):
    where = "; ".join(f"{a}: {_join(ps)}" for a, ps in sorted(e.placements.items()))
    return f"{e.minor}'s forces take the field for {e.power}: {where}."


@says("sk.minor_liberated")
def _(c, e, s):
    return f"{e.power} liberates {e.minor} by taking {e.area}; {e.minor} is now its ally."


@says("sk.minor_sought")
def _(c, e, s):
    if e.ally:
        return f"{e.minor} seeks an ally and finds {e.ally} ({e.reason})."
    return f"{e.minor} seeks an ally and finds none ({e.reason})."


@says("sk.minor_units_removed")
def _(c, e, s):
    return f"{e.minor}'s {_join([*e.units, *e.leaders])} leave the map ({e.why})."


@says("sk.minor_order_skipped")
def _(c, e, s):
    return f"{e.power}'s order {e.order!r} was not carried out: {e.reason}."


@says("sk.marker_placed")
def _(c, e, s):
    return f"A {e.marker} marker is placed on {e.on}."


@says("sk.leader_removed")
def _(c, e, s):
    return f"{e.leader} leaves the game ({e.why})."


@says("sk.siege_resisted")
def _(c, e, s):
    stop = "; the siege stops" if e.stopped else ""
    return f"{e.minor}, now allied with {e.ally}, resists in {e.area} with {_join(e.units)}{stop}."


@says("sk.hired")
def _(c, e, s):
    card = f" (card: {e.card})" if e.card else ""
    return (
        f"{e.power} hires {e.country}'s {_join(e.units)} for {_money(e.resources, 0)}, "
        f"placed in {e.area}{card}."
    )


@says("sk.rehired")
def _(c, e, s):
    return f"{e.power} rehires {_join(e.units)} for {_money(e.resources, 0)}."


@says("sk.released")
def _(c, e, s):
    return f"{e.power} releases {_join(e.units)} ({e.why})."


@says("sk.auxiliaries_lent")
def _(c, e, s):
    return f"{e.lender} lends {e.receiver} {_join(e.units)}."


@says("sk.auxiliaries_reverted")
def _(c, e, s):
    return f"{_join(e.units)} return from {e.receiver} to {e.lender}."


@says("sk.naval_reset")
def _(c, e, s):
    return ""


@says("sk.fleets_moved")
def _(c, e, s):
    pieces = _units(s, e.fleets)
    if e.leaders:
        pieces += f", {_join(e.leaders)}"
    cargo = f", carrying {_join(e.armies)}" if e.armies else ""
    what = "sails to intercept" if e.why == "intercept" else "sails"
    return f"{e.power} {what}: {pieces}{cargo}: {' to '.join(e.path)}."


@says("sk.armies_landed")
def _(c, e, s):
    return f"{e.power} lands {_join(e.armies)} in {e.area}."


@says("sk.blockade_declared")
def _(c, e, s):
    return f"{e.power} blockades {e.area} from the {e.sea} with {_join(e.fleets)}."


@says("sk.interception")
def _(c, e, s):
    how = e.automatic or (f"roll {e.roll}, total {e.total}" if e.roll is not None else "")
    result = "succeeds" if e.success else "fails"
    return (
        f"Interception in {e.area}: {_join(e.interceptors)} against {_join(e.target)}"
        f"{f' ({how})' if how else ''}: it {result}."
    )


@says("sk.naval_battle_began")
def _(c, e, s):
    a = "; ".join(f"{p} with {_units(s, u)}" for p, u in e.intercepting.items())
    b = "; ".join(f"{p} with {_units(s, u)}" for p, u in e.intercepted.items())
    return f"Naval battle in {e.area} ({e.how}): {a or 'nobody'} against {b or 'nobody'}."


@says("sk.wind_gauge")
def _(c, e, s):
    first = f"{e.first} fires first" if e.first else "both fire at once"
    return f"{e.area}, the weather gauge ({e.intercepting} against {e.intercepted}): {first}."


@says("sk.naval_volley")
def _(c, e, s):
    losses = _join([f"{u} {_plural(n, 'step')}" for u, n in sorted(e.losses.items())])
    first = " (first fire)" if e.first_fire else ""
    left = f"; {e.unallocated} hits could not be taken" if e.unallocated else ""
    return (
        f"{e.area}, round {e.round}{first}: {_join(e.powers)} roll {e.dice} dice and score "
        f"{_plural(e.hits, 'hit')}. Losses: {losses}{left}."
    )


@says("sk.naval_battle_ended")
def _(c, e, s):
    return f"The naval battle in {e.area} ends after {_plural(e.rounds, 'round')}: {e.outcome}."


@says("sk.naval_retreated")
def _(c, e, s):
    return (
        f"{e.power}'s {_join([*e.fleets, *e.leaders])} withdrew from {e.frm} to {e.to} ({e.why})."
    )


@says("sk.sea_retreat")
def _(c, e, s):
    pieces = _join([*e.armies, *e.leaders])
    return f"{e.power}'s {pieces} leave {e.frm} by sea for {e.to} ({e.why})."


@says("sk.prize_fleet")
def _(c, e, s):
    return f"{e.power} takes {e.fleet} as a prize in {e.area} for {_money(e.resources, 0)}."


# --- the position -----------------------------------------------------------------


def _by_area(items) -> dict[str, list]:
    out: dict[str, list] = defaultdict(list)
    for x in items:
        out[x.area].append(x)
    return out


def _forces(s: SKState, mine: bool, power: str) -> tuple[tuple[str, ...], ...]:
    units = [
        u
        for u in s.units.values()
        if u.status == "map" and u.area and (s.commander(u) == power) == mine
    ]
    leaders = [
        ld
        for ld in s.leaders.values()
        if ld.status == "map" and ld.area and ((s.major_of(ld.country) == power) == mine)
    ]
    by_u, by_l = _by_area(units), _by_area(leaders)
    rows = []
    for area in sorted(set(by_u) | set(by_l)):
        us = sorted(by_u.get(area, []), key=lambda u: common.id_order(u.id))
        ls = sorted(by_l.get(area, []), key=lambda ld: ld.name)
        rows.append(
            (area, _join([unit_text(u) for u in us], "-"), _join([leader_text(x) for x in ls], "-"))
        )
    return tuple(rows)


def sections(content: SoldierKingsContent, s: SKState, power: str) -> list[Section]:
    if s.stage == "new":
        return []
    player = s.player_of(power)
    out: list[Section] = []
    stage = TITLES.get(s.stage, s.stage)
    if s.stage == "action" and s.initiative:
        stage = f"{s.initiative[min(s.acting, len(s.initiative) - 1)]}'s Action Phase"
    elif s.stage == "setup":
        stage = "Set-up"
    elif s.stage == "over":
        stage = "the game is over"
    turn = [f"{label(s.turn)}, {stage}; the scenario ends after {label(s.last_turn)}."]
    if s.initiative:
        turn.append(f"Initiative order this turn: {', '.join(s.initiative)}.")
    for p, t in sorted(s.frozen.items()):
        if t > s.turn:
            turn.append(f"{p} may not move before {label(t)}.")
    for pc in s.peace:
        turn.append(f"Peace: {pc.victor} may not attack {pc.loser} before {label(pc.until_turn)}.")
    out.append(Section("The turn", lines=tuple(turn)))

    r, m = common.treasury(s, power)
    vp = s.victory_points.get(power)
    rows = [("Resources", str(r)), ("Manpower", str(m))]
    if vp is not None:
        rows.append(("Victory points", str(vp)))
    pool_a, pool_f = purchases.pool(s, power, "army"), purchases.pool(s, power, "fleet")
    rows.append(
        ("In the pool to buy", f"{_plural(len(pool_a), 'army')}, {_plural(len(pool_f), 'fleet')}")
    )
    out.append(Section(f"{power}: treasury", ("", ""), tuple(rows)))

    out.append(
        Section(
            f"{power}: forces on the map",
            ("area", "units (attack-defence)", "leaders"),
            _forces(s, True, power),
            note="" if _forces(s, True, power) else "None on the map.",
        )
    )
    track = sorted(
        (u for u in s.units.values() if u.status in ("track", "setup") and s.commander(u) == power),
        key=lambda u: (u.arrives or 0, common.id_order(u.id)),
    )
    if track:
        out.append(
            Section(
                f"{power}: units to place",
                ("arrives", "units"),
                tuple(
                    (label(t) if t else "set-up", _join([unit_text(u) for u in us]))
                    for t, us in _group(track, lambda u: u.arrives or 0)
                ),
            )
        )
    hand = sorted(s.hands.get(player, []))
    rows_h = []
    for card in hand:
        try:
            c = content.card(card)
            rows_h.append((card, c.timing.replace("_", " "), c.text))
        except KeyError:
            rows_h.append((card, "", ""))
    out.append(
        Section(
            f"Your hand ({player})" if player != power else "Your hand",
            ("card", "when", "text"),
            tuple(rows_h),
            note="" if hand else "No cards.",
        )
    )

    others = []
    for p in s.majors:
        if p == power:
            continue
        pr, pm = common.treasury(s, p)
        on_map = [u for u in s.units.values() if u.status == "map" and s.commander(u) == p]
        hand_n = len(s.hands.get(s.player_of(p), []))
        cards = "yours" if s.player_of(p) == player else str(hand_n)
        others.append(
            (
                p,
                s.player_of(p),
                str(pr),
                str(pm),
                str(sum(u.type == "army" for u in on_map)),
                str(sum(u.type == "fleet" for u in on_map)),
                cards,
                str(s.victory_points.get(p, "-")),
            )
        )
    if others:
        out.append(
            Section(
                "The other powers",
                ("power", "player", "Resources", "Manpower", "armies", "fleets", "cards", "VP"),
                tuple(others),
            )
        )
    theirs = _forces(s, False, power)
    if theirs:
        out.append(
            Section(
                "Other forces on the map", ("area", "units (attack-defence)", "leaders"), theirs
            )
        )
    if s.allies:
        out.append(
            Section(
                "Minor allies",
                ("country", "allied with"),
                tuple((m, a) for m, a in sorted(s.allies.items())),
            )
        )
    sieges = []
    for area in sorted(set(s.fort_hits) | set(s.besieger)):
        hits = s.fort_hits.get(area, 0)
        fort = content.land_area(area).fortification if content.is_land(area) else 0
        sieges.append((area, s.besieger.get(area, "-"), f"{hits} of {fort}"))
    if sieges:
        out.append(
            Section("Sieges", ("area", "besieger", "hits on the fortification"), tuple(sieges))
        )
    blockades = [
        (area, str(b.get("sea", "-")), str(b.get("power", "-")), _fleets(b.get("fleets")))
        for area, b in sorted(s.blockades.items())
        if isinstance(b, dict)
    ]
    if blockades:
        out.append(Section("Blockades", ("area", "sea", "power", "fleets"), tuple(blockades)))
    held = sorted(a for a, c in s.control.items() if c == power)
    out.append(
        Section(
            f"Areas {power} controls",
            lines=(_join(held) + ".",) if held else ("None.",),
        )
    )
    return out


def _fleets(value: Any) -> str:
    if isinstance(value, list | tuple):
        return _join([str(x) for x in value], "-")
    return "-" if value is None else str(value)


def _group(items, key):
    out: list[tuple[Any, list]] = []
    for x in items:
        k = key(x)
        if out and out[-1][0] == k:
            out[-1][1].append(x)
        else:
            out.append((k, [x]))
    return out


# --- the map ----------------------------------------------------------------------


def map_view(content: SoldierKingsContent, s: SKState, power: str) -> MapView | None:
    if s.stage == "new":
        return None
    areas = []
    for sea in content.map.sea_areas:
        areas.append(
            MapArea(sea.name, tuple(sea.polygons), sea.label, SEA_FILL, sea=True, title=sea.name)
        )
    for a in content.map.land_areas:
        ctrl = s.control.get(a.name)
        facts = [f"controlled by {ctrl}" if ctrl else "uncontrolled"]
        if a.home:
            facts.append(f"home area of {a.home}")
        facts.append(f"Resources {a.resources}")
        if a.manpower is not None:
            facts.append(f"Manpower {a.manpower}")
        facts.append(f"fortification {a.fortification}")
        areas.append(
            MapArea(
                a.name,
                (a.polygon,),
                a.label,
                _colour(content, ctrl),
                title=f"{a.name}: {', '.join(facts)}",
            )
        )
    stacks: dict[tuple[str, str], dict[str, list]] = defaultdict(
        lambda: {"army": [], "fleet": [], "leader": []}
    )
    for u in s.units.values():
        if u.status == "map" and u.area:
            stacks[(u.area, u.country)][u.type].append(u)
    for ld in s.leaders.values():
        if ld.status == "map" and ld.area:
            stacks[(ld.area, ld.country)]["leader"].append(ld)
    chips = []
    for (area, country), got in sorted(stacks.items()):
        a_, f_, l_ = got["army"], got["fleet"], got["leader"]
        text = _abbr(content, country)
        if a_:
            text += f" {len(a_)}A"
        if f_:
            text += f" {len(f_)}F"
        if l_:
            text += f" {len(l_)}L"
        title = f"{country} in {area}: " + _join(
            [unit_text(u) for u in sorted(a_ + f_, key=lambda u: common.id_order(u.id))]
            + [leader_text(x) for x in sorted(l_, key=lambda x: x.name)]
        )
        chips.append(MapStack(area, country, _colour(content, country), text, title))
    markers = []
    for area in sorted(set(s.fort_hits) | set(s.besieger)):
        hits = s.fort_hits.get(area, 0)
        fort = content.land_area(area).fortification if content.is_land(area) else 0
        who = s.besieger.get(area)
        markers.append(
            MapMarker(
                area,
                "siege",
                f"siege {hits}/{fort}",
                fill="#b71c1c",
                title=f"{area}: besieged by {who or 'nobody'}; {hits} of {fort} hits on the fortification",
            )
        )
    for area, b in sorted(s.blockades.items()):
        if not isinstance(b, dict):
            continue
        who = str(b.get("power", ""))
        markers.append(
            MapMarker(
                area,
                "blockade",
                "blockade",
                towards=str(b.get("sea", "")) or None,
                fill=_colour(content, who) if who else "#b71c1c",
                title=f"{area} blockaded from the {b.get('sea', '?')} by {who or '?'}",
            )
        )
    shown = {c for c in s.control.values()} | {country for _, country in stacks}
    keys = [c for c in (*s.majors, *sorted(s.allies)) if c in shown]
    keys += sorted(c for c in shown if c not in keys)
    legend = tuple((c, _colour(content, c)) for c in keys)
    canvas = content.game.canvas
    return MapView(
        width=canvas.width,
        height=canvas.height,
        areas=tuple(areas),
        stacks=tuple(chips),
        markers=tuple(markers),
        legend=legend,
        title=f"Europe, {label(s.turn)}, as {power} sees it",
        background="#b9d3e6",
        label_size=8.5,
        notes=(
            "Areas are coloured by who controls them. Each chip is one country's pieces "
            "in the area: its abbreviation, then armies (A), fleets (F) and leaders (L). "
            "Red badges count siege hits against the fortification; dashed lines are "
            "blockades.",
        ),
    )


# --- the order template -----------------------------------------------------------


def order_template(content: SoldierKingsContent, s: SKState, power: str, step: Step) -> list[str]:
    out = [f"# {step.title}", f"# Your pieces ({power} and the units it commands):"]
    rows = _forces(s, True, power)
    for area, units, leaders in rows:
        pieces = [x for x in (units, leaders) if x != "-"]
        out.append(f"# {area}: {', '.join(pieces)}")
    if not rows:
        out.append("#   none on the map")
    if s.stage == "setup":
        units, leaders = setup.placed_by(s, power)
        sc = content.scenario(s.scenario)
        allowed = sorted(content.allowed_setup_areas(sc, power))
        out += [
            "# To place: " + _join([unit_text(s.units[u]) for u in units] + leaders),
            "# Allowed areas: " + _join(allowed),
            "# Example (one line per area; 'rest' is every piece not yet named):",
        ]
        if units and allowed:
            out.append(f"# place {units[0]} in {allowed[0]}")
            out.append(f"# place rest in {allowed[-1]}")
    elif s.stage == "purchase":
        r, m = common.treasury(s, power)
        out.append(f"# Treasury: {r} Resources, {m} Manpower")
        due = purchases.arrivals(s, power)
        if due:
            out.append("# Arriving now: " + _join([unit_text(s.units[u]) for u in due]))
            where = common.placement_areas(content, s, s.units[due[0]])
            if where:
                out.append(f"# place {due[0]} in {where[0]}")
        out.append("# buy army")
        reduced = sorted(
            (u.id for u in s.units.values() if u.status == "map" and u.is_reduced and s.commander(u) == power),
            key=common.id_order,
        )  # fmt: skip
        if reduced:
            out.append(f"# recover {reduced[0]}")
        for x in purchases.subsidies_from(s, power):
            out.append(f"# give {x.get('max_resources', 0)} to {x.get('receiver')}")
    elif s.stage == "action" and rows:
        area = rows[0][0]
        here = sorted(
            (u.id for u in s.units.values() if u.status == "map" and u.area == area and s.commander(u) == power),
            key=common.id_order,
        )  # fmt: skip
        near = sorted(content.neighbours(area)) if content.is_land(area) else []

        def hostile(a: str) -> bool:
            foes = any(
                u.status == "map" and u.area == a and not s.friendly(s.unit_side_country(u), power)
                for u in s.units.values()
            )
            return foes or not s.friendly(s.control.get(a), power)

        target = next((a for a in near if hostile(a)), near[0] if near else None)
        if here and target:
            out += [
                "# Examples:",
                f"# move {here[0]} to {target}",
                f"# attack {target} assault",
                f"# siege {target} 2 rounds",
            ]
    return out
