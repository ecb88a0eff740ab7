"""SoE Pirates and Slave Revolt: tiles actioned at once against a control token."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import events as E
from .combat import Side, fight
from .content import SoEContent
from .orders import Attack, Buy
from .standing_orders import Standing
from .state import SoEState


def raid(
    ctx: Resolution, content: SoEContent, power: str, b: Buy, standing: dict[str, Standing]
) -> None:
    """The tile attacks one control token of any colour (even an ally's): Pirates with
    strength 1 against the navies of that colour there, Slave Revolt with strength 3
    against its armies (naval support counts); the defender calls no allies. Won: the
    token goes onto the tile, which stays in the area (the token scores nothing). Lost
    or tied: the tile goes back to the stock."""
    s: SoEState = ctx.state
    pirates = b.tile == "Pirates"
    strength = content.rule("pirates_strength" if pirates else "slave_revolt_strength")
    kind = "naval" if pirates else "land"
    # SoE Pirates, choice: a natural 7 rolled for the tile costs it nothing (it has no
    # unit to lose, as a neutral counter "remains on the map"; Side.neutral loses none)
    raider = Side(b.tile, neutral=strength)
    target = Side(b.target)
    order = Attack(b.area, b.line, target=b.target)
    support = None
    if not pirates and s.count(b.area, b.target, "navy"):
        support = b.target  # authored: the revolt has no ships; the defender's navy supports him
    # the raider attacks: the fight's 'attacker' is the tile, rolled for by its buyer
    winner = fight(ctx, content, b.area, kind, raider, target, support, order, standing)
    if winner == "attacker":
        ctx.emit(E.ControlChanged(area=b.area, to=None, frm=b.target, why=f"taken by {b.tile}"))
        ctx.emit(E.RaidPlaced(area=b.area, tile=b.tile, token=b.target, strength=strength))
        ctx.emit(E.TileReturned(power=power, tile=b.tile, why="discarded"))
    else:
        ctx.emit(E.TileReturned(power=power, tile=b.tile, why="failed: back to the stock"))
