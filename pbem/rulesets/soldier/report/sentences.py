"""A sentence for every Soldier Kings event in a turn report (docs/reports.md).

`describe` looks the event type up in `SAYINGS`; `@says(type)` registers a sentence.
"" says nothing (bookkeeping); an unknown type gets the report's generic line.
Pure: no I/O; strings only (the templates escape them).
"""

from __future__ import annotations

import re
from typing import Any

from pbem.events import Event
from pbem.reports.model import plural

from ..calendar import label
from ..content import SoldierContent
from ..state import SoldierState
from .sentence_parts import (
    alliance_modifier,
    bribe_text,
    intercept_sum,
    leave_verb,
    led_by,
    loss_text,
    naval_led_by,
    no_way_out,
    unmatched_why,
)
from .words import a, and_list, aside, in_money, join, money, n_dice, units_text


def describe(content: SoldierContent, e: Event, s: SoldierState | None) -> str | None:
    """One sentence for a visible event; "" for bookkeeping; None: not known here."""
    fn = SAYINGS.get(e.type)
    if fn is None:
        return None
    try:
        text = fn(content, e, s)
    except (AttributeError, KeyError, TypeError, ValueError):
        return None  # an event whose fields changed: the report's generic line says it
    return in_money(content, text) if text else text


SAYINGS: dict[str, Any] = {}


def says(type_: str):
    def register(fn):
        SAYINGS[type_] = fn
        return fn

    return register


def _quiet(*types: str) -> None:
    for t in types:
        SAYINGS[t] = lambda c, e, s: ""


_quiet("sk.setup_round_done", "sk.stage_over", "sk.action_phase_over")


@says("sk.scenario_started")
def _(c, e, s):
    sides = "; ".join(f"{p}: {', '.join(ps)}" for p, ps in e.players.items())
    minors = ", ".join(f"{m} (with {a})" for m, a in sorted(e.allies.items()))
    return (
        f"Scenario #{e.number} ({e.scenario}) begins: {label(e.first_turn, c.game.first_year)} to "
        f"{label(e.last_turn, c.game.first_year)}. Sides: {sides}."
        + (f" Minor allies: {minors}." if minors else "")
    )


@says("sk.units_selected")
def _(c, e, s):
    how = "at random" if e.how == "random" else "as the scenario names them"
    hired = f", hired by {e.hired_by}" if e.hired_by else ""
    return f"{e.country}'s units for the set-up, chosen {how}{hired}: {units_text(s, e.units)}."


@says("sk.leaders_selected")
def _(c, e, s):
    return f"{e.country}'s leaders for the set-up: {join(e.leaders)}."


@says("sk.cards_dealt")
def _(c, e, s):
    verb = "are" if " and " in e.player else "is"  # a player of several powers (SK 3.0)
    return f"{e.player} {verb} dealt {plural(len(e.cards), 'event card')}: {join(e.cards)}."


@says("sk.pieces_placed")
def _(c, e, s):
    def pieces(ps: list[str]) -> str:  # units, then leaders ("Hannover: Cumberland")
        units = [p for p in ps if s is None or p in s.units]
        leaders = [p for p in ps if p not in units]
        return join([units_text(s, units)] * bool(units) + leaders)

    where = "; ".join(f"{area}: {pieces(ps)}" for area, ps in sorted(e.placements.items()))
    how = ""
    if e.defaulted and s is not None and s.stage == "setup":  # SK 3.0: none, or refused
        how = " (the default placement: no set-up orders that could be carried out)"
    elif e.defaulted:  # SK 6.3: a valid envelope may place nothing; the rest go by default
        how = " (no place lines for them: the default placement)"
    return f"{e.power} places its pieces{how}. {where}."


@says("sk.turn_began")
def _(c, e, s):
    return f"{label(e.turn, c.game.first_year)} begins."


def _initiative_roll(r: dict) -> str:
    """ "Prussia 4 + 2 (Prussia's choice) = 6", or "Austria 5" with no modifier."""
    mods = "".join(
        f" {'+' if v >= 0 else '-'} {abs(v)} ({why})" for v, why in r.get("modifiers", [])
    )
    who, dice = r.get("power", "?"), sum(r.get("dice", []))
    return f"{who} {dice}{mods} = {r.get('total', dice)}" if mods else f"{who} {dice}"


@says("sk.initiative_set")
def _(c, e, s):
    # SK 4.1: two dice each, Prussia +/-2 while Frederick lives, ties rolled again
    order = f"the action phases go {', then '.join(e.order)}"
    if not e.rolls:  # a log from before the rolls were kept
        return f"Initiative: {order}."
    parts, before = [], {}
    for rnd in sorted({r.get("round", 1) for r in e.rolls}):
        these = [r for r in e.rolls if r.get("round", 1) == rnd]
        if rnd == 1:
            parts.append(", ".join(_initiative_roll(r) for r in these))
        for at in sorted({before.get(r.get("power"), 0) for r in these}, reverse=True):
            tied = [r for r in these if before.get(r.get("power"), 0) == at]
            if rnd > 1:
                who = and_list([str(r.get("power")) for r in tied])
                said = ", ".join(_initiative_roll(r) for r in tied)
                parts.append(f"{who} tie at {at} and roll again: {said}")
        before = {r.get("power"): r.get("total", 0) for r in these}
    return f"Initiative (SK 4.1): {'; '.join(parts)}: {e.order[0]} moves first; {order}."


@says("sk.attack_paid")
def _(c, e, s):
    return f"{e.power} pays {money(e.resources, 0)} for {a(e.level)} in {e.area}."


@says("sk.battle_began")
def _(c, e, s):
    att = "; ".join(  # SK 13.1: the generals with each side (from the state before)
        f"{p} with {units_text(s, u)}{led_by(s, e.area, p, u)}" for p, u in e.attackers.items()
    )
    dfn = "; ".join(
        f"{p} with {units_text(s, u)}{led_by(s, e.area, p, u)}" for p, u in e.defenders.items()
    )
    rounds = "until one side stops or is gone" if e.rounds is None else plural(e.rounds, "round")
    extra = []
    if e.fortification:
        extra.append(f"the defender adds the fortification ({e.fortification})")
    if e.mountain:
        extra.append("attackers came by a mountain route")
    tail = f" ({'; '.join(extra)})" if extra else ""
    return f"Battle in {e.area}, {a(e.level)} ({rounds}): {att} attack {dfn or 'nobody'}{tail}."


RETREATS = {
    "forced": "a forced retreat",
    "voluntary": "by choice",
    "before battle": "before the battle",
}


@says("sk.retreated")
def _(c, e, s):
    pieces = join([*e.units, *e.leaders])
    how = RETREATS.get(e.why, e.why)
    return f"{e.power}'s {pieces} withdrew from {e.frm} to {e.to} ({how})."


@says("sk.round_fought")
def _(c, e, s):
    losses = join([loss_text(s, u, n) for u, n in sorted(e.losses.items())])
    left = "".join(  # `unallocated` is keyed by the side that takes the hits (SK 9.7)
        f"; {plural(n, 'hit')} on the {side} could not be taken"
        for side, n in sorted(e.unallocated.items())
        if n
    )
    return (
        f"{e.area}, round {e.round}: the attacker rolls {n_dice(e.attacker_dice)} and scores "
        f"{plural(e.attacker_hits, 'hit')}, the defender rolls {n_dice(e.defender_dice)} and "
        f"scores {plural(e.defender_hits, 'hit')}. Losses: {losses}{left}."
    )


@says("sk.eliminated")
def _(c, e, s):
    closed = no_way_out(c, e, s) if e.why.startswith("reduced and unable to retreat") else ""
    return f"Eliminated in {e.area} {aside(e.why)}: {join(e.units)}.{closed}"


@says("sk.leader_killed")
def _(c, e, s):
    return f"{e.leader} is killed in {e.area} (the roll came to {e.total})."


@says("sk.leader_captured")
def _(c, e, s):
    return f"{e.leader} is captured in {e.area} by {e.by}."


@says("sk.battle_ended")
def _(c, e, s):
    return f"The battle in {e.area} ends after {plural(e.rounds, 'round')}: {e.outcome}."


@says("sk.subsidy_given")
def _(c, e, s):
    return f"{e.giver} gives {e.receiver} a subsidy of {money(e.resources, 0)}."


@says("sk.arrival_delayed")
def _(c, e, s):
    return f"{e.power}'s {join(e.units)} cannot be placed ({e.reason}); they now arrive on {label(e.arrives, c.game.first_year)}."


@says("sk.units_bought")
def _(c, e, s):
    return (
        f"{e.power} buys {units_text(s, e.units)} for {money(e.resources, e.manpower)}; "
        f"arriving on {label(e.arrives, c.game.first_year)}."
    )


@says("sk.units_recovered")
def _(c, e, s):
    paid = "free" if not (e.resources or e.manpower) else f"for {money(e.resources, e.manpower)}"
    return f"{e.power} recovers {join(e.units)} to full strength, {paid} ({e.rule})."


@says("sk.purchase_skipped")
def _(c, e, s):
    where = f" (line {e.line})" if e.line else ""
    return f"{e.power}'s order {e.order!r}{where} was not carried out: {e.reason}."


@says("sk.control_changed")
def _(c, e, s):
    return f"{e.area} passes from {e.frm or 'nobody'} to {e.to} {aside(e.why)}."


@says("sk.siege_paid")
def _(c, e, s):
    return (
        f"{e.power} pays {money(e.resources, 0)} for {plural(e.rounds, 'siege round')} at {e.area}."
    )


@says("sk.siege_unpaid")
def _(c, e, s):
    return f"{e.power} cannot pay for a siege round at {e.area} ({e.why}): it does not besiege it."


@says("sk.siege_round")
def _(c, e, s):
    losses = join([f"{u} {plural(n, 'step')}" for u, n in sorted(e.losses.items())])
    return (
        f"Siege of {e.area}, round {e.round} ({e.besieger}): {n_dice(e.besieger_dice)}, "
        f"{plural(e.hits, 'hit')}; the fortification has taken {e.fort_hits} of "
        f"{e.fortification}. Defensive fire: {n_dice(e.defensive_dice)}, "
        f"{plural(e.defensive_hits, 'hit')}; losses: {losses}."
    )


@says("sk.siege_lifted")
def _(c, e, s):
    return f"The siege of {e.area} is lifted {aside(e.why)}; its fortification is restored."


@says("sk.surrendered")
def _(c, e, s):
    return (
        f"{e.loser} surrenders to {join(e.victors)}: peace for {plural(e.turns, 'turn')}, "
        f"until {label(e.until_turn, c.game.first_year)}."
    )


@says("sk.repatriated")
def _(c, e, s):
    pieces = [*e.units, *e.leaders]
    return f"{e.power}'s {join(pieces)} {leave_verb(pieces)} {e.frm} for {e.to}."


@says("sk.group_moved")
def _(c, e, s):
    pieces = units_text(s, e.units)
    if e.leaders:
        pieces += f", {join(e.leaders)}"
    return f"{e.power} moves {pieces}: {' to '.join(e.path)}."


@says("sk.attrition")
def _(c, e, s):
    return (
        f"Winter attrition in {e.area}: {e.friendly_armies} friendly armies (supported "
        f"{e.friendly_limit}), {e.enemy_armies} enemy (supported {e.enemy_limit}); reduced "
        f"{join(e.reduced)}, eliminated {join(e.eliminated)}."
    )


@says("sk.maintenance")
def _(c, e, s):
    unpaid = ""
    if e.unpaid:
        unpaid = (
            f"; not paid for: {join(e.unpaid)} (reduced {join(e.reduced)}, "
            f"eliminated {join(e.eliminated)})"
        )
    why = f" ({e.reason})" if e.reason else ""
    return (
        f"{e.power} pays {money(e.resources, e.manpower)} to maintain "
        f"{plural(e.maintained, 'unit')}{unpaid}{why}."
    )


@says("sk.collected")
def _(c, e, s):
    got = f"{e.power} collects {money(e.resources, e.manpower)}"
    got += f" from {join(e.areas)}" if e.areas else ""
    if e.withheld:
        got += "; nothing from " + join([f"{a} ({why})" for a, why in sorted(e.withheld.items())])
    return got + " (SK 4.2, 7.3-7.6)."


@says("sk.cards_gathered")
def _(c, e, s):
    return (
        f"Every player discards his event cards; the {e.cards} cards are shuffled together "
        "for a new deal (SK 4.2)."
    )


@says("sk.deal_made")
def _(c, e, s):
    return f"Deal made between {and_list(e.parties)}: {'; '.join(e.terms)} (SK 14.3)."


@says("sk.formal_alliance_broken")
def _(c, e, s):
    why = f": {e.why}" if e.why else ""
    return (
        f"{and_list(e.powers)} are formal allies no more, and may never ally again (SK 16.3){why}."
    )


@says("sk.deal_void")
def _(c, e, s):
    return f"The deal between {and_list(e.parties)} ({'; '.join(e.terms)}) is void: {e.why}."


@says("sk.deal_unmatched")
def _(c, e, s):
    return (
        f"No deal between {and_list(e.parties)} ({'; '.join(e.terms)}): "
        f"{unmatched_why(e.terms, e.missing, e.others)}."
    )


@says("sk.alliance_attempt")
def _(c, e, s):
    kind = "to steal" if e.steal else "to ally with"
    dice = " ".join(map(str, e.dice))
    mod = f" {e.modifier:+d}" if e.modifier else ""
    need = f", needing {e.needed}" if e.needed is not None else ""
    result = {True: "success", False: "failure", None: "undecided"}[e.success]
    why = f" {aside(e.why)}" if e.why else ""
    mods = "; ".join(alliance_modifier(m) for m in e.modifiers if isinstance(m, dict))
    mods = f" Modifiers: {mods}." if mods else ""
    return (
        f"{e.power} tries {kind} {e.minor} (attempt {e.attempt}): dice {dice}{mod} = "
        f"{e.total}{need}: {result}{why}.{mods}"
    )


@says("sk.bribes_paid")
def _(c, e, s):
    paid = "; ".join(bribe_text(b) for b in e.bribes if isinstance(b, dict))
    return f"Bribes revealed for {e.minor} (attempt {e.attempt}): {paid or 'none'}."


@says("sk.minor_allied")
def _(c, e, s):
    frm = f" (until now with {e.frm})" if e.frm else ""
    why = f" {aside(e.why)}" if e.why else ""
    return f"{e.minor} allies with {e.power}{frm}{why}."


@says("sk.alliance_broken")
def _(c, e, s):
    return f"The alliance of {e.minor} with {e.power} is broken {aside(e.why)}."


@says("sk.minor_conquered")
def _(c, e, s):
    if e.conquered:
        return f"{e.minor} is conquered: its home areas are held by {join(e.holders)}."
    return f"{e.minor} is no longer conquered."


@says("sk.minor_forces_placed")
def _(c, e, s):
    where = "; ".join(f"{a}: {join(ps)}" for a, ps in sorted(e.placements.items()))
    return f"{e.minor}'s forces take the field for {e.power}: {where}."


@says("sk.area_allied")
def _(c, e, s):
    # SK 19.2: an Indian area allies on its own
    verb = "takes" if len(e.units) == 1 else "take"
    units = f"; {join(e.units)} {verb} the field there for it" if e.units else ""
    return f"{e.area} ({e.country}) allies with {e.power} {aside(e.why)}{units}."


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
    pieces = [*e.units, *e.leaders]
    return f"{e.minor}'s {join(pieces)} {leave_verb(pieces)} play {aside(e.why)}."


@says("sk.minor_order_skipped")
def _(c, e, s):
    return f"{e.power}'s order {e.order!r} was not carried out: {e.reason}."


@says("sk.marker_placed")
def _(c, e, s):
    said = a(e.marker)
    return f"{said[0].upper()}{said[1:]} marker is placed on {e.on}."


@says("sk.leader_removed")
def _(c, e, s):
    return f"{e.leader} leaves the game {aside(e.why)}."


@says("sk.siege_resisted")
def _(c, e, s):
    stop = "; the siege stops" if e.stopped else ""
    return f"{e.minor}, now allied with {e.ally}, resists in {e.area} with {join(e.units)}{stop}."


@says("sk.hired")
def _(c, e, s):
    card = f" (card: {e.card})" if e.card else ""
    return (
        f"{e.power} hires {e.country}'s {join(e.units)} for {money(e.resources, 0)}, "
        f"placed in {e.area}{card}."
    )


@says("sk.rehired")
def _(c, e, s):
    return f"{e.power} rehires {join(e.units)} for {money(e.resources, 0)}."


@says("sk.released")
def _(c, e, s):
    return f"{e.power} releases {join(e.units)} {aside(e.why)}."


@says("sk.auxiliaries_lent")
def _(c, e, s):
    return f"{e.lender} lends {e.receiver} {join(e.units)}."


@says("sk.auxiliaries_reverted")
def _(c, e, s):
    return f"{join(e.units)} return from {e.receiver} to {e.lender}."


@says("sk.naval_reset")
def _(c, e, s):
    return ""


@says("sk.fleets_moved")
def _(c, e, s):
    pieces = units_text(s, e.fleets)
    if e.leaders:
        pieces += f", {join(e.leaders)}"
    cargo = f", carrying {join(e.armies)}" if e.armies else ""
    what = "sails to intercept" if e.why == "intercept" else "sails"
    return f"{e.power} {what}: {pieces}{cargo}: {' to '.join(e.path)}."


@says("sk.armies_landed")
def _(c, e, s):
    return f"{e.power} lands {join([*e.armies, *e.leaders])} in {e.area}."


@says("sk.blockade_declared")
def _(c, e, s):
    return f"{e.power} blockades {e.area} from the {e.sea} with {join(e.fleets)}."


@says("sk.interception")
def _(c, e, s):
    how = e.automatic or (intercept_sum(e) if e.roll is not None else "")
    result = "succeeds" if e.success else "fails"
    return (
        f"Interception in {e.area}: {join(e.interceptors)} against {join(e.target)}"
        f"{f' ({how})' if how else ''}: it {result}."
    )


@says("sk.naval_battle_began")
def _(c, e, s):
    a = "; ".join(f"{p} with {units_text(s, u)}" for p, u in e.intercepting.items())
    b = "; ".join(f"{p} with {units_text(s, u)}" for p, u in e.intercepted.items())
    a += naval_led_by(s, e.leaders.get("intercepting", []))  # SK 13.4: the admirals
    b += naval_led_by(s, e.leaders.get("intercepted", []))
    how = NAVAL_HOW.get(e.how, e.how)
    return f"Naval battle in {e.area} ({how}): {a or 'nobody'} against {b or 'nobody'}."


NAVAL_HOW = {  # what brought the sides to battle (SK 11.0)
    "interception": "an interception, SK 10.4",
    "blockade": "a blockade run, SK 10.5",
    "strait": "the fleets in the strait's coastal area intercept, SK 10.46",
    "coastal": "enemy fleets in one coastal area, nobody intercepting, SK 11.0",
}


@says("sk.wind_gauge")
def _(c, e, s):
    # SK 11.0, 11.2: every naval battle, intercepted or not, opens with the wind gauge;
    # its winner fires first in round 1 (a tie: both at once). The event keeps its sides
    # as "intercepting"/"intercepted"; in a coastal battle (SK 11.0) nobody intercepted,
    # so the sides are the first and second the battle's sentence names
    first = {"intercepting": "the first side", "intercepted": "the second side"}
    who = f"{first[e.first]} fires first" if e.first in first else "both fire at once"
    return (
        f"{e.area}, the wind gauge (a die plus an admiral's rating, SK 11.2): the first "
        f"side {e.intercepting}, the second {e.intercepted}: {who} in round 1."
    )


@says("sk.naval_volley")
def _(c, e, s):
    losses = join([f"{u} {plural(n, 'step')}" for u, n in sorted(e.losses.items())])
    first = " (first fire)" if e.first_fire else ""
    verb, hit = ("roll", "score") if len(e.powers) > 1 else ("rolls", "scores")
    left = (
        f"; {plural(e.unallocated, 'hit')} on the other side could not be taken"
        if e.unallocated
        else ""
    )
    return (
        f"{e.area}, round {e.round}{first}: {join(e.powers)} {verb} {n_dice(e.dice)} and {hit} "
        f"{plural(e.hits, 'hit')}. Losses: {losses}{left}."
    )


@says("sk.naval_battle_ended")
def _(c, e, s):
    return f"The naval battle in {e.area} ends after {plural(e.rounds, 'round')}: {e.outcome}."


@says("sk.naval_retreated")
def _(c, e, s):
    return f"{e.power}'s {join([*e.fleets, *e.leaders])} withdrew from {e.frm} to {e.to} {aside(e.why)}."


@says("sk.sea_retreat")
def _(c, e, s):
    pieces = [*e.armies, *e.leaders]
    return (
        f"{e.power}'s {join(pieces)} {leave_verb(pieces)} {e.frm} by sea for {e.to} {aside(e.why)}."
    )


@says("sk.prize_fleet")
def _(c, e, s):
    return f"{e.power} takes {e.fleet} as a prize in {e.area} for {money(e.resources, 0)}."


# --- which dice hit (marked in the report) ---------------------------------------------

_LAND = re.compile(r"^(?P<area>.+), round \d+, (?P<side>attacker|defender) \((?P<powers>[^)]*)\)$")
_NAVAL = re.compile(r"^.+, naval round \d+, (?!.*casualty check$)")
_NAPOLEON = ", Napoleon's units (+1)"  # leaders.hits' label for SE 19.7's bonus dice
_SIEGE = re.compile(r"^(?P<area>.+), siege round \d+, (?P<side>besieger|defensive fire) \(")


def hit_from(s: SoldierState, label: str) -> int | None:
    """The lowest die that scores a hit in this roll: 6 in land combat (SK 9.6), naval
    combat (SK 11.2) and sieges (SK 12.2, 12.3); 5 for the defender's dice, and for a
    siege's defensive fire, when attacking units entered the area by a mountain route
    this turn (SE 9.6, 12.3: "add one"). None: not a roll that scores hits."""
    if label.endswith(_NAPOLEON):  # SE 19.7: these dice roll with one more
        base = hit_from(s, label[: -len(_NAPOLEON)])
        return None if base is None else base - 1
    if m := _LAND.match(label):
        if m["side"] == "attacker":
            return 6
        defenders = [p.strip() for p in m["powers"].split(",")]
        return 5 if _mountain(s, m["area"], defenders) else 6
    if _NAVAL.match(label):
        return 6
    if m := _SIEGE.match(label):
        if m["side"] == "besieger":
            return 6
        return 5 if _mountain(s, m["area"], []) else 6
    return None


def _mountain(s: SoldierState, area: str, defenders: list[str]) -> bool:
    """Did a unit not on the defenders' side enter `area` by a mountain route this
    turn and stand there now (SE 9.6, 12.3)?"""
    for mv in s.mountain_moves:
        u = s.units.get(mv.unit)
        if mv.to != area or u is None or u.area != area:
            continue
        if not any(s.friendly(s.unit_side_country(u), d) for d in defenders):
            return True
    return False


# --- which standing order decided a result (said to its power only) --------------------


def standing_note(s: SoldierState, e: Event, power: str, lines: tuple[str, ...]) -> str | None:
    """The first of `power`'s standing order lines that decided `e` (docs/orders-soldier-
    kings.md, "Standing orders"): a retreat's `retreat from AREA ...`, the losses'
    `casualties ...`, Prussia's `initiative ±2` (SK 4.1, 9.5, 9.7-9.8)."""

    def first(pred) -> str | None:
        for n, text in enumerate(lines, 1):
            words = text.split()
            if words and pred(words[0].casefold(), text.casefold()):
                return f"Your standing order '{' '.join(words)}' (line {n}) decided this."
        return None

    if e.type in ("sk.retreated", "sk.naval_retreated") and getattr(e, "power", None) == power:
        frm = getattr(e, "frm", "").casefold()
        return first(lambda w, t: w == "retreat" and t.startswith(f"retreat from {frm} "))
    if e.type == "sk.round_fought":
        mine = [
            u for u in getattr(e, "losses", {}) if u in s.units and s.commander(s.units[u]) == power
        ]
        if mine:
            return first(lambda w, t: w == "casualties")
    if e.type == "sk.initiative_set" and power == "Prussia":
        return first(lambda w, t: w == "initiative")
    return None
