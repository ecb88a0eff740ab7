"""Sentences for the events of Soldier Kings' optional map, unit and movement rules
(`SKO ...`: yellow_fever.py, sko_rules.py), registered in sentences.SAYINGS beside the
shared ones."""

from __future__ import annotations

from .sentences import says


@says("sk.yellow_fever")
def _(c, e, s):
    parts = []
    for uid, v in e.rolls.items():
        hit = uid in e.losses
        parts.append(f"{uid} in {e.areas.get(uid, '?')} rolls {v}" + (": struck" if hit else ""))
    for name, dice in e.leader_rolls.items():
        dead = name in e.killed
        parts.append(
            f"{name} in {e.areas.get(name, '?')} rolls {' and '.join(str(d) for d in dice)}"
            + (": dies" if dead else "")
        )
    return (
        "Yellow fever: " + "; ".join(parts) + ". Struck units are flipped, or eliminated if "
        "already flipped (SKO Yellow Fever)."
    )


@says("sk.hanover_deduction")
def _(c, e, s):
    return (
        f"{e.power} loses {e.resources} {c.game.rules.money} of its income: Hanover is held by "
        f"{e.holder} (SKO Hanover); its victory points are unaffected."
    )
