"""SK 9.5 / 9.8 retreats in a land battle (SE 9.4, 9.8), as combat.py calls them: forced
retreats of the units reduced in a round, and the voluntary retreats the powers ordered
in advance (`retreat from AREA to AREA [PIECES] [if outnumbered] [after round N]`, or the
general policy `retreat [if outnumbered] [after round N]`: docs/orders-soldier-kings.md).

SK 9.5: before battle only the defender may retreat. SK 9.8: "After all forced retreats
and eliminations, first the defender and then the attacker may voluntarily retreat with
any other units (subject to the same restrictions)": the same standing orders serve the
attacker after a round (`after round N`), for the units it attacks with.
"""

from __future__ import annotations

from collections.abc import Collection

from . import continued_retreats, national, naval, retreats
from .combat_results import Eliminated, Retreated
from .content import SoldierContent
from .effects import skilful
from .state import SoldierState


def forced_retreat(ctx, content, area, power, units, side, orders, pending=()) -> None:
    """SK 9.8: reduced this round -> retreat under 9.5's restrictions, or be eliminated;
    SE 9.8: then on, where the rule says so (continued_retreats.py)."""
    s: SoldierState = ctx.state
    fleets = [u for u in units if s.units[u].type == "fleet"]
    if fleets:  # SK 11.6: fleets in a land battle retreat as fleets do (SK 11.4)
        naval.fleets_leave(ctx, content, area, power, fleets, orders)
        units = [u for u in units if u not in fleets]
        if not units:
            return
    options = retreat_options(content, s, area, power, units)
    wanted = [e["to"] for e in orders.get("retreat", []) if e["frm"] == area and e["to"]]
    if side == "attacker":  # default: back the way they came (SK 9 example: to Wien, to Polesia)
        wanted += [m.frm for m in reversed(s.moves) if m.unit in units and m.to == area]
    # SK 9.5: by sea aboard friendly fleets, where the order says so or no land way is open
    seas = retreats.sea_retreat_areas(content, s, area, power, units)
    pick = next((w for w in wanted if w in options or w in seas), None)
    if pick in seas or (pick is None and not options and seas):
        sea = pick or seas[0]
        if naval.retreat_by_sea(ctx, content, area, power, units, sea, "forced (SK 9.5, 9.8)"):
            return
    to = retreats.choose_retreat(content, s, power, options, wanted)
    if to is None:
        ctx.emit(
            Eliminated(units=sorted(units), area=area, why="reduced and unable to retreat (SK 9.8)")
        )
    else:
        ctx.emit(
            Retreated(power=power, units=sorted(units), leaders=[], frm=area, to=to, why="forced")
        )
        continued_retreats.carry_on(
            ctx, content, power, sorted(units), [], area, "after", pending, orders
        )  # SE 9.8


def standing_retreat(
    ctx, content, area, power, orders, when: str, rnd: int = 0,
    among: Collection[str] | None = None, pending=(),
) -> None:  # fmt: skip
    """SK 9.5 / 9.8 voluntary retreats a power ordered in advance: the defender's before
    battle (`when` "before") and after a round, the attacker's after a round (SK 9.8:
    "first the defender and then the attacker"), `among` its units in the battle; by
    default an attacker goes back the way it came, as from a forced retreat."""
    s: SoldierState = ctx.state
    entries = orders.get("retreat", [])
    # orders for this area first, then the general policy (no area named)
    for e in [x for x in entries if x["frm"] == area] + [x for x in entries if x["frm"] is None]:
        if when == "before" and e["after"] is not None:
            continue
        if when == "after" and (e["after"] is None or rnd < e["after"]):
            continue
        units = [
            u.id
            for u in s.on_map(area, "army")
            if s.commander(u) == power and (among is None or u.id in among)
        ]
        if e["units"]:
            units = [u for u in units if u in e["units"]]
        if not units:
            return
        if e["if_outnumbered"]:
            n_att = sum(
                1 for u in s.on_map(area, "army") if not s.friendly(s.unit_side_country(u), power)
            )
            if n_att <= len(
                [u for u in s.on_map(area, "army") if s.friendly(s.unit_side_country(u), power)]
            ):
                continue
        options = retreat_options(content, s, area, power, units)
        back = [m.frm for m in reversed(s.moves) if m.unit in units and m.to == area]
        wanted = back if among is not None else []  # the attacker: the way it came
        to = e["to"] or retreats.choose_retreat(content, s, power, options, wanted)
        if to is None or (to not in options and not content.is_land(to)):
            # SK 9.5: by sea, aboard friendly fleets in the area or the adjoining sea area
            seas = retreats.sea_retreat_areas(content, s, area, power, units)
            sea = to if to in seas else (seas[0] if seas and e["to"] is None else None)
            why = "before battle" if when == "before" else "voluntary"
            if sea and naval.retreat_by_sea(ctx, content, area, power, units, sea, why):
                return
            continue
        if to not in options:
            continue  # that way is closed now: they stay and fight
        held = set(orders.get("hold", []))
        leaders = [
            ld.name
            for ld in s.leaders_in(area)
            if (ld.country == power or s.allies.get(ld.country) == power)
            and not (ld.role == "admiral" and naval.nc.fleets_in(s, area))  # SK 13.4
        ]
        all_leave = len(units) == len(
            [u for u in s.on_map(area, "army") if s.commander(u) == power]
        )
        ctx.emit(
            Retreated(
                power=power, units=sorted(units),
                leaders=sorted(x for x in leaders if all_leave or x in held),
                frm=area, to=to, why="before battle" if when == "before" else "voluntary",
            )
        )  # fmt: skip
        going = sorted(x for x in leaders if all_leave or x in held)
        continued_retreats.carry_on(
            ctx, content, power, sorted(units), going, area, when, pending, orders
        )  # SE 9.4 before battle, SE 9.8 after a round
        return


def retreat_options(
    content: SoldierContent, s: SoldierState, area: str, power: str, units: list[str]
) -> list[str]:
    """Where `units` of `power` may retreat from `area` (SK 9.5, 9.8): Skilful Retreat
    (cards.py) lifts SK 9.5's entry-route restriction; SKO linked areas added."""
    options = retreats.retreat_areas(
        content, s, area, power, len(units), set(), ignore_entry_routes=skilful(s, area, power)
    )
    return sorted(options + national.linked_retreat(content, s, area, power, units))
