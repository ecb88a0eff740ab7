"""Scripted players for `pbem demo` and the full-game tests: plain, legal play.

Set-up: armies where the power has tokens, a navy in a colony where it has one.
Auctions: standing proxy orders (bid up to 2, proposals pairing the others). Actions:
attack a neutral or a weaker enemy where it has armies, colonize, build, buy a useful
tile, else pass; every choice checked by the rules' own checks first."""

from __future__ import annotations

from pbem.clone import clone

from .actions import action_problem, assume
from .content import SoEContent
from .orders import Attack, Build, Buy, Colonize, Pass
from .setup import default_placement
from .state import SoEState

LIKED = [
    "Army Training",
    "Mercenaries",
    "Logistics",
    "Improved Agriculture",
    "Naval Training",
    "Industry",
    "Banking",
    "Fighting Withdrawal",
]


def standing(content: SoEContent, s: SoEState, power: str) -> list[str]:
    others = [p for p in s.seats if p != power]
    lines = ["auction bid up to 2"]
    for i, x in enumerate(others):
        for y in others[i + 1 :]:
            lines.append(f"auction propose A={x} B={y}")
    lines.append(f"auction propose A={power} B={others[0]}")
    for p in others:
        lines.append(f"join {p} with armies")
    lines.append("withdraw when losing")
    return lines


def orders(content: SoEContent, s: SoEState, power: str) -> list[str]:
    if s.stage == "place":
        units = default_placement(content, s, power)
        colony = next(
            (a for a in sorted(content.colonies) if s.tokens(a, power) and content.area(a).navy),
            None,
        )
        if colony:
            units[-1] = ("navy", colony)
        return [f"place {t} {a}" for t, a in units]
    if s.stage == "auction":
        return ["pass"]
    return _actions(content, s, power)


def _actions(content: SoEContent, s: SoEState, power: str) -> list[str]:
    t = clone(s)
    done: dict = {}
    out: list[str] = []
    for _ in range(2):
        for text, a in _candidates(content, t, power):
            if action_problem(content, t, power, a, done) is None:
                assume(content, t, power, a, done)
                out.append(text)
                break
        else:
            out.append("pass")
    return out + _free_uses(content, s, power)


def _free_uses(content: SoEContent, s: SoEState, power: str) -> list[str]:
    """Once-a-war tiles used as soon as they pay: Improved Agriculture, a company
    where the power has tokens."""
    out = []
    for tile in sorted(set(s.powers[power].tiles)):
        t = content.tile(tile)
        if not s.may_use(power, tile) or t.use != "once_per_war":
            continue
        if tile == "Improved Agriculture":
            out.append(f"use {tile}")
        elif t.kind == "company":
            area = max(t.areas, key=lambda a: (s.tokens(a, power), a))
            if s.tokens(area, power):
                out.append(f"use {tile} in {area}")
    return out


def _candidates(content: SoEContent, s: SoEState, power: str):
    pw = s.powers[power]
    yield from _tiles(content, s, power, spare=3)  # gold to spare: a tile first
    for area in content.scoring:
        mine = s.count(area, power, "army")
        if not mine:
            continue
        for cid in sorted(s.counters.get(area, [])):
            c = content.counter_by_id[cid]
            if c.neutral and mine + 2 >= c.defence and pw.gold >= 2:
                yield f"attack {cid} in {area}", Attack(area, 0, counter=cid)
        for p in s.seats:
            if p != power and not s.allied(power, p) and s.tokens(area, p):
                theirs = s.count(area, p, "army") + 2 * s.count(area, p, "fort")
                if mine > theirs and pw.gold >= 2:
                    yield f"attack {p} in {area}", Attack(area, 0, target=p)
    for area in sorted(content.colonies):
        for cid in sorted(s.counters.get(area, [])):
            c = content.counter_by_id[cid]
            if c.pop and pw.population >= 2:
                yield f"colonize {area}", Colonize(area, 0)
            if c.slaves:
                yield f"enslave {area}", Colonize(area, 0, enslave=True)
    if pw.population >= 1:
        best = sorted(
            content.scoring, key=lambda a: (-s.tokens(a, power), content.scoring.index(a))
        )
        for area in best[:3]:
            yield f"build army to {area}", Build("army", 0, to=area)
    yield from _tiles(content, s, power, spare=0)
    yield "pass", Pass(0)


def _tiles(content: SoEContent, s: SoEState, power: str, spare: int):
    """Tiles worth buying, when `spare` gold would be left after paying."""
    pw = s.powers[power]
    companies = [
        t.name for t in content.tiles
        if t.kind == "company" and any(s.tokens(a, power) >= 2 for a in t.areas)
    ]  # fmt: skip
    for tile in LIKED + companies:
        t = content.tile(tile)
        if s.stock.get(tile, 0) and t.gold + spare <= pw.gold and t.population < pw.population:
            yield f"buy {tile}", Buy(tile, 0)
