"""Scripted players for `pbem demo` and the full-game tests: plain, legal play.

Set-up: armies where the power has tokens, a navy in a colony where it has one.
Auctions: standing proxy orders (bid up to 2, proposals pairing the others). Actions,
the first that the rules' own `action_problem` allows, on the state as the earlier
action leaves it (its gold and the Unrest of borrowing it counted too):
- a useful tile while 3 gold would be left;
- attack an enemy player where it has control tokens and the power's armies (with its
  Army Training edge) are at least its armies, forts (two each) and allies' armies
  there; else a neutral within two of its armies. Attacks are paid from the treasury,
  or borrowed while its Unrest stays within BORROW;
- colonize (Population to spare) or enslave;
- move up to two armies (one more for each Logistics tile held, and as many more
  armies as a margin) to a target, an area where an enemy holds tokens or a neutral
  stands, when they make it a fair fight there: taken from
  home, from areas beyond what holding them needs, or from areas where an enemy is far
  stronger, never from a richer target (no shuttling);
- a free unit with Mercenaries, Pressgangs or Trained Natives;
- while its units are fewer than its income and UPKEEP: a navy to a target colony (up
  to NAVIES; armies may follow it), a fort where an enemy threatens its tokens, an
  army to a target, else to where it has the most tokens; each with an army more for
  each Militia tile held (SoE Militia), while its Population and armies last;
- any useful tile; else pass (no gold, Population or Unrest left to spend).
Free uses: Improved Agriculture and companies as soon as they pay."""

from __future__ import annotations

from pbem.clone import clone

from . import movement
from .actions import action_problem, assume
from .content import SoEContent
from .economy import unrest_cost
from .orders import Attack, Build, Buy, Colonize, Move, Pass
from .setup import default_placement
from .state import SoEState

LIKED = [
    "Army Training",
    "Mercenaries",
    "Logistics",
    "Militia",
    "Improved Agriculture",
    "Naval Training",
    "Industry",
    "Banking",
    "Fighting Withdrawal",
]
BORROW = 10  # the Unrest a player will take borrowing gold for an attack (SoE Gold)
NAVIES = 3  # navies it builds to reach colonies (armies follow them, SoE Army Movement)
UPKEEP = 4  # builds while its units are fewer than its income (SoE 4) and this
FORT = 2  # a fort defends as two armies (SoE Build Unit; rule fort_defence)


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
                assume(content, t, power, a, done)  # its gold paid: the second is chosen knowing it
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


def _affords(content: SoEContent, s: SoEState, power: str, gold: int) -> bool:
    """Pays `gold` from its treasury, or borrows it keeping its Unrest within BORROW."""
    pw = s.powers[power]
    return pw.gold >= gold or pw.unrest + unrest_cost(content, s, power, gold) <= BORROW


def _enemies(s: SoEState, power: str) -> list[str]:
    return [p for p in s.seats if p != power and not s.allied(power, p)]


def _training(s: SoEState, power: str, other: str) -> int:
    return 1 if s.holds(power, "Army Training") > s.holds(other, "Army Training") else 0


def _defence(s: SoEState, area: str, p: str) -> int:
    """What `p` fights with in `area` on land when attacked there: its armies and forts,
    its allies' armies (they join, `standing`)."""
    own = s.count(area, p, "army") + FORT * s.count(area, p, "fort")
    return own + sum(s.count(area, q, "army") for q in s.allies(p))


def _threat(s: SoEState, area: str, power: str) -> int:
    """The strongest enemy's land strength in `area` against `power` (0: none there),
    with its Army Training edge."""
    return max(
        (
            _defence(s, area, p) + _training(s, p, power)
            for p in _enemies(s, power)
            if _defence(s, area, p)
        ),
        default=0,
    )


def _neutral(content: SoEContent, s: SoEState, area: str) -> int:
    """The weakest neutral Country counter's defence in `area` (0: none)."""
    ds = [
        content.counter_by_id[c].defence
        for c in s.counters.get(area, [])
        if content.counter_by_id[c].neutral
    ]
    return min(ds, default=0)


def _targets(content: SoEContent, s: SoEState, power: str) -> list[tuple[str, int]]:
    """Scoring areas worth fighting in, with the land strength wanted there: where an
    enemy holds control tokens, or a neutral Country counter stands; the richest first."""
    out = []
    for area in content.scoring:
        enemy = any(s.tokens(area, p) for p in _enemies(s, power))
        d = _neutral(content, s, area)
        if enemy or d:
            need = max(_threat(s, area, power) if enemy else 0, d - 2, 1)
            out.append((area, need))
    return sorted(out, key=lambda x: (-content.area(x[0]).vp[0], content.scoring.index(x[0])))


def _lost(s: SoEState, area: str, power: str) -> bool:
    """An enemy is far stronger in `area` than `power`: no use holding it with armies."""
    return s.count(area, power, "army") + 1 < _threat(s, area, power)


def _spare(content: SoEContent, s: SoEState, power: str, area: str) -> int:
    """Armies `power` can take out of `area` and still hold it: all of them at home,
    elsewhere those beyond one where it has tokens and what the enemies have there
    (unless they are far stronger: then all but one)."""
    mine = s.count(area, power, "army")
    if area == power:
        return mine
    held = 1 if s.tokens(area, power) else 0
    keep = max(held if _lost(s, area, power) else _threat(s, area, power), held)
    if _neutral(content, s, area) and mine + 2 >= _neutral(content, s, area):
        keep = max(keep, mine)  # about to attack it
    return max(0, mine - keep)


def _candidates(content: SoEContent, s: SoEState, power: str):
    pw = s.powers[power]
    yield from _tiles(content, s, power, spare=3)  # gold to spare: a tile first
    pay = content.rule("attack_cost")
    if _affords(content, s, power, pay):
        yield from _attacks(content, s, power)
    for area in sorted(content.colonies):
        for cid in sorted(s.counters.get(area, [])):
            c = content.counter_by_id[cid]
            if c.pop and pw.population >= 2:
                yield f"colonize {area}", Colonize(area, 0)
            if c.slaves:
                yield f"enslave {area}", Colonize(area, 0, enslave=True)
    targets = _targets(content, s, power)
    yield from _moves(content, s, power, targets)
    yield from _free_builds(content, s, power, targets)
    if pw.population >= 1 and _units(s, power) < s.tokens_on_map(power) + pw.population + UPKEEP:
        yield from _builds(content, s, power, targets)
    yield from _tiles(content, s, power, spare=0)
    yield "pass", Pass(0)


def _units(s: SoEState, power: str) -> int:
    return sum(s.on_map(power, u) for u in ("army", "navy", "fort"))


def _attacks(content: SoEContent, s: SoEState, power: str):
    """Attacks on an enemy where its control tokens are and the attacker is at least as
    strong on land, then on neutrals within two of its armies."""
    for area in content.scoring:
        mine = s.count(area, power, "army")
        if not mine:
            continue
        for p in _enemies(s, power):
            if s.tokens(area, p) and mine + _training(s, power, p) >= _defence(s, area, p):
                yield f"attack {p} in {area}", Attack(area, 0, target=p)
    for area in content.scoring:
        mine = s.count(area, power, "army")
        for cid in sorted(s.counters.get(area, [])):
            c = content.counter_by_id[cid]
            if mine and c.neutral and mine + 2 >= c.defence:
                yield f"attack {cid} in {area}", Attack(area, 0, counter=cid)


def _moves(content: SoEContent, s: SoEState, power: str, targets: list[tuple[str, int]]):
    """A Move action taking spare armies to a target short of strength: as many as it
    lacks, up to the action's limit, from the areas with the most to spare (not from a
    richer target unless it is lost there), when they make it a fair fight there."""
    extra = s.holds(power, "Logistics")  # SoE Logistics: one more unit for each tile
    limit = 2 + extra
    spare = {a: _spare(content, s, power, a) for a in sorted(s.units)}
    rank = {area: i for i, (area, _need) in enumerate(targets)}
    for area, need in targets:
        lack = need - s.count(area, power, "army")
        if lack <= 0:
            continue
        lack += extra  # the Logistics tiles' units: a margin for the fight
        moves: list[tuple[str, str, str]] = []
        for frm in sorted(spare, key=lambda a: (-spare[a], a)):
            if frm == area or spare[frm] < 1:
                continue
            if rank.get(frm, len(rank)) <= rank[area] and not _lost(s, frm, power):
                continue  # a target gives armies only to a richer one: no shuttling
            if movement.move_problem(content, s, power, "army", frm, area):
                continue
            n = min(spare[frm], lack - len(moves), limit - len(moves))
            moves += [("army", frm, area)] * n
            if len(moves) >= min(lack, limit):
                break
        if moves and s.count(area, power, "army") + len(moves) + 1 >= need:
            text = "move " + ", ".join(f"{u} {f} to {t}" for u, f, t in moves)
            yield text, Move(tuple(moves), 0)


def _free_builds(content: SoEContent, s: SoEState, power: str, targets: list[tuple[str, int]]):
    """Mercenaries, Pressgangs and Trained Natives: a unit without Population, once a
    war, to a target (Trained Natives: a colony where the power is)."""
    places = [a for a, _need in targets] + sorted(
        content.scoring, key=lambda a: (-s.tokens(a, power), content.scoring.index(a))
    )
    for via, unit in (("Mercenaries", "army"), ("Pressgangs", "navy"), ("Trained Natives", "army")):
        if not s.may_use(power, via):
            continue
        for area in places:
            if via != "Trained Natives" or area in content.colonies:
                yield f"build {unit} to {area} with {via}", Build(unit, 0, to=area, via=via)


def _builds(content: SoEContent, s: SoEState, power: str, targets: list[tuple[str, int]]):
    """A navy to a target colony without one (armies may follow it there), a fort where
    an enemy's armies threaten the power's tokens, an army to a target it can reach,
    else to where it has the most tokens."""
    for area, _need in targets:
        if (
            area in content.colonies
            and not s.count(area, power, "navy")
            and s.on_map(power, "navy") < NAVIES
        ):
            yield _build(content, s, power, "navy", area)
    for area in content.scoring:
        if s.tokens(area, power) and _threat(s, area, power) > s.count(area, power, "army"):
            yield _build(content, s, power, "fort", area)
    for area, need in targets:
        if s.count(area, power, "army") < need + 1:
            yield _build(content, s, power, "army", area)
    best = sorted(content.scoring, key=lambda a: (-s.tokens(a, power), content.scoring.index(a)))
    for area in best[:3]:
        yield _build(content, s, power, "army", area)


def _build(content: SoEContent, s: SoEState, power: str, unit: str, to: str):
    """`build UNIT to AREA`, with an army more for each Militia tile held (SoE Militia,
    one Population each) while its Population and armies last: the extra armies go where
    the unit goes when it is an army, else stay home."""
    pw = s.powers[power]
    armies = content.pieces["armies"] - s.on_map(power, "army") - (unit == "army")
    n = max(0, min(s.holds(power, "Militia"), pw.population - 1, armies))
    dest = to if unit == "army" else ""
    extra = tuple(dest for _ in range(n))
    text = f"build {unit} to {to}" + "".join(
        f" and army to {d}" if d else " and army" for d in extra
    )
    return text, Build(unit, 0, to=to, militia=extra)


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
