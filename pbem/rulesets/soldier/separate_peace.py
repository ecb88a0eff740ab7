"""SKO Minor Ally Separate Peace (switch `separate-peace`): at the end of each Winter
Attrition Phase a die for each minor ally of a player power (not the Swiss or the Papal
States); on a 6 it returns to its neutral status at the start of the game: the alliance
ends and its units (and leaders) leave the map, and those on the turn track go back to
its pool with them. The areas outside its home areas it controls stay its own; besieging
them needs no declaration of war and does not bring the minor back into the game
(war.siege_barred, keeps_out).
No die for a minor ally one of whose home areas another power controls: it stays active."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import options
from .content import SoldierContent
from .minor_rules import AllianceBroken, neutral_again
from .state import SoldierState
from .war import WarEnded

RULE = "SKO Minor Ally Separate Peace"


def in_force(s: SoldierState) -> bool:
    return options.on(s, "separate-peace")


def keeps_out(content: SoldierContent, s: SoldierState, owner: str | None, area: str) -> bool:
    """SKO: "siege attacks on these conquered areas do not trigger the minor's re-entry"
    (an area a neutral minor holds outside its home areas)."""
    return in_force(s) and owner is not None and area not in content.home_areas(owner)


def candidates(content: SoldierContent, s: SoldierState) -> list[str]:
    """The minor allies that roll, in name order."""
    table = content.tables.sko_war
    exempt = set(table.separate_peace_exempt) if table else set()
    out = []
    for minor in sorted(s.allies):
        if minor in exempt or content.country(minor).kind in ("mercenary", "card_unit"):
            continue
        homes = content.home_areas(minor)
        if not homes or any(s.control.get(a) not in (minor, None) for a in homes):
            continue  # SKO: "These minor allies always remain active"
        out.append(minor)
    return out


def after_attrition(ctx: Resolution, content: SoldierContent) -> None:
    s: SoldierState = ctx.state
    table = content.tables.sko_war
    if not in_force(s) or table is None:
        return
    for minor in candidates(content, s):
        power = s.allies[minor]
        roll = ctx.roll(f"separate peace: {minor} ({power}'s minor ally)", 1)[0]
        if roll < table.separate_peace_on:
            continue
        why = f"{minor} makes a separate peace ({RULE})"
        # SKO: "that power returns to game-start neutral status, remove all its units from
        # the map": those on the turn track go back to its pool too (minor_rules)
        ctx.emit(AllianceBroken(minor=minor, power=power, why=why))
        ctx.emit(neutral_again(ctx.state, minor, why))
        # "returns to game-start neutral status": the wars it made itself end with it
        for w in [w for w in ctx.state.wars if minor in w.powers]:
            ctx.emit(WarEnded(powers=list(w.powers), why=why))
