"""SoE Blockade: "May be used in 2 ways, a) as the active player you can place the tile
in a colonial area, under one of your naval units. For any single enemy player to move
army units to that area they need to have more naval units in the area than you. It
should be removed and returned to the general stock at the end of the war or if the
player loses all of his naval units from the area, or b) you may use the tile to give
you +2 instead of +1 for naval support in a land combat, (decide before dice are
rolled)."

Choices (docs/orders-struggle-of-empires.md): an enemy is a player not in the
blockader's alliance (before the alliances are made, every other player); "single":
only the mover's own navies count, not his allies'; Trained Natives place an army, they
do not move it, so a Blockade does not stop them."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import events as E
from .content import SoEContent
from .state import SoEState

TILE = "Blockade"


def place_problem(content: SoEContent, s: SoEState, power: str, area: str | None) -> str | None:
    if area is None:
        return "write: use Blockade in AREA (a colonial area where you have a navy)"
    if content.area(area).kind != "colony":
        return f"a Blockade is placed in a colonial area, not {area}"
    if s.count(area, power, "navy") < 1:
        return f"a Blockade is placed under one of {power}'s navies: none in {area}"
    if area in s.blockades:
        return f"{area} is already blockaded"
    return None


def army_blocked(s: SoEState, power: str, to: str) -> str | None:
    """Why a Blockade stops `power`'s army from moving to `to`, or None."""
    owner = s.blockades.get(to)
    if owner is None or owner == power or s.allied(owner, power):
        return None
    mine, theirs = s.count(to, power, "navy"), s.count(to, owner, "navy")
    if mine > theirs:
        return None
    return (
        f"{owner}'s Blockade in {to}: an army moves there only with more navies there than "
        f"{owner} ({mine} against {theirs}; SoE Blockade)"
    )


def lift_broken(ctx: Resolution) -> None:
    """A Blockade whose power has lost all his navies in the area goes back to the stock."""
    s: SoEState = ctx.state
    for area, owner in sorted(s.blockades.items()):
        if s.count(area, owner, "navy") < 1:
            ctx.emit(
                E.BlockadeLifted(power=owner, area=area, why=f"{owner} has no navy left in {area}")
            )


def lift_all(ctx: Resolution) -> None:
    s: SoEState = ctx.state
    for area, owner in sorted(s.blockades.items()):
        ctx.emit(E.BlockadeLifted(power=owner, area=area, why="end of the war"))


def support_bonus(ctx: Resolution, power: str, area: str, wanted: bool) -> int:
    """SoE Blockade (b): naval support worth +2 instead of +1, the tile used up (asked
    before the land combat's dice; kept when the power has no naval support)."""
    s: SoEState = ctx.state
    if not wanted or not s.holds(power, TILE):
        return 1
    ctx.emit(E.TileUsed(power=power, tile=TILE, detail=f"{area}: naval support +2"))
    ctx.emit(E.TileReturned(power=power, tile=TILE, why="used (one use)", spent=True))
    return 2
