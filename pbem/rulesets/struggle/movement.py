"""SoE Move Two Units: where armies and navies may go, and the Sea Movement roll."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import events as E
from .blockade import army_blocked
from .content import SoEContent
from .state import SoEState


def move_problem(
    content: SoEContent, s: SoEState, power: str, unit: str, frm: str, to: str
) -> str | None:
    """Why `unit` may not go from `frm` to `to` now, or None."""
    if s.count(frm, power, unit) < 1:
        return f"{power} has no {unit} in {frm}"
    if frm == to:
        return f"the {unit} is already in {to}"
    dest = content.area(to)
    if unit == "fort" and frm != power:
        return "a fort in a scoring area never moves again (SoE Build Unit)"
    if dest.kind == "home" and to != power:
        return f"no unit may move to another player's home country ({to})"
    if to == power:
        return None  # "A unit can always move to its own home country"
    if unit == "navy":
        if not dest.navy:
            return f"navies cannot move to {to} (SoE Naval Movement)"
        return None
    return army_problem(content, s, power, to)


def army_problem(content: SoEContent, s: SoEState, power: str, to: str) -> str | None:
    """SoE Army Movement: the conditions for an army (or a fort being built) to go to `to`."""
    dest = content.area(to)
    if dest.kind == "colony":
        if s.count(to, power, "navy") < 1:
            return f"an army may move to {to} only where {power} has a navy (SoE Army Movement)"
        return army_blocked(s, power, to)
    if dest.kind == "home":
        return None if to == power else f"no unit may move to another player's home country ({to})"
    ok = (
        s.tokens(to, power) > 0  # 1
        or any(s.tokens(a, power) > 0 for a in dest.adjacent)  # 2
        or power in dest.adjacent  # 3 (map.toml: Britain counts as adjacent to the German States)
        or s.count(to, power, "navy") > 0  # 4
        or (dest.naval_combat_in and dest.naval_combat_in != to
            and s.count(dest.naval_combat_in, power, "navy") > 0)  # 5 (the Ottoman Empire)
    )  # fmt: skip
    if not ok:
        return (
            f"{power} may not move an army to {to}: no control token there or next to it, "
            "not next to its home, no navy there (SoE Army Movement)"
        )
    return None


def needs_sea_roll(content: SoEContent, frm: str, to: str) -> bool:
    """SoE Sea Movement: to or from a colonial area, except among the three American ones."""
    a, b = content.area(frm), content.area(to)
    if a.kind != "colony" and b.kind != "colony":
        return False
    return not (a.americas and b.americas)


def sea_roll(ctx: Resolution, content: SoEContent, power: str, unit: str, frm: str, to: str) -> str:
    """SoE Sea Movement: 2+ arrives; on a 1 a second die (+2 with Navigation): 1-2
    eliminated, 3-4 returns to where it came from, 5-6 arrives."""
    s: SoEState = ctx.state
    first = ctx.roll(f"{power} {unit} {frm} to {to}: sea movement", 1)[0]
    if first >= content.rule("sea_roll_safe_at"):
        return "arrived"
    second = ctx.roll(f"{power} {unit} {frm} to {to}: sea movement, second die", 1)[0]
    if s.holds(power, "Navigation"):  # SoE Navigation: +2 however many held (a choice)
        second += content.rule("navigation_bonus")
    if second <= 2:
        return "eliminated"
    return "returned" if second <= 4 else "arrived"


def move(ctx: Resolution, content: SoEContent, power: str, unit: str, frm: str, to: str) -> str:
    outcome = (
        sea_roll(ctx, content, power, unit, frm, to)
        if needs_sea_roll(content, frm, to)
        else "arrived"
    )
    ctx.emit(E.UnitMoved(power=power, unit=unit, frm=frm, to=to, outcome=outcome))
    return outcome
