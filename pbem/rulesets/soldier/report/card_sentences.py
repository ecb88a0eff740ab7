"""Sentences for the event cards' plays and effects (SK 5.0-5.2, card_play.py and
card_moments.py), registered in sentences.SAYINGS beside the shared ones."""

from __future__ import annotations

from pbem.reports.model import plural

from .sentences import says
from .words import join, units_text


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
    rolls = join([f"{u} {v}" for u, v in sorted(e.rolls.items())])
    losses = join([f"{u} {plural(n, 'step')}" for u, n in sorted(e.losses.items())])
    return f"{e.card} in {e.area}: dice {rolls} (a loss on {e.hit_on} or more). Losses: {losses}."


@says("sk.cards_taken")
def _(c, e, s):
    return f"{e.card}: {e.player} takes {plural(e.count, 'card')} at random from {e.frm}'s hand."


@says("sk.card_taken")
def _(c, e, s):
    return f"{e.player} takes {join(e.cards)} from {e.frm}'s hand (seen by these two players only)."


@says("sk.new_leader")
def _(c, e, s):
    if not e.card:  # due from the turn track (SK 13.8, 6.3): a delayed new leader, or a
        # wounded one back (SE 13.5)
        if e.area:
            return f"{e.leader} enters play for {e.power} in {e.area} from the turn track."
        return f"{e.leader} has no area to enter in and stays on the turn track until Turn {e.arrives}."
    if e.area:
        return f"{e.card}: {e.leader} joins {e.power} in {e.area}."
    return f"{e.card}: {e.leader} joins {e.power} on Turn {e.arrives} (no area to appear in now)."


@says("sk.free_army")
def _(c, e, s):
    return f"{e.card}: {e.power} places {units_text(s, [e.unit])} in {e.area}, free."


@says("sk.card_units_enter")
def _(c, e, s):
    return (
        f"{e.card}: {units_text(s, e.units)} enter{'s' if len(e.units) == 1 else ''} "
        f"{e.area}, {e.ally}'s minor ally (SK 19.3)."
    )


@says("sk.fortification_hit")
def _(c, e, s):
    return (
        f"{e.card}: {e.area}'s fortification takes {plural(e.hits, 'hit')} "
        f"({e.fort_hits} of {e.fortification})."
    )


@says("sk.winter_campaign")
def _(c, e, s):
    verb = "conducts" if len(e.powers) == 1 else "conduct"
    return f"Winter Campaign: {join(e.powers)} {verb} an action phase before Winter Attrition."


@says("sk.card_order_skipped")
def _(c, e, s):
    return f"{e.power}'s order {e.order!r} was not carried out: {e.reason}."
