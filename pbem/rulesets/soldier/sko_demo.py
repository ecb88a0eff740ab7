"""What the scripted players (demo.py) do with Soldier Kings' optional rules when a game
plays them: every power borrows each Resource and Manpower Phase and Britain repays one
loan a Winter (SKO War Loans); an attacker declares war on the enemy major power next to
its armies before it marches (SKO Declaring War); an enemy's imperial capital next door
is marched on first, and one's own held by an enemy is retaken first; armies that
won the field in an enemy capital stay and besiege it (SKO Imperial Capitals); spare Resources in Spring raise a fortification (SKO Economics (d)).
Plain and deterministic, as the rest of the scripted player."""

from __future__ import annotations

from . import capitals, fortresses, options, war
from .content import SoldierContent
from .state import SoldierState, War


def standing(s: SoldierState, power: str) -> list[str]:
    """SKO War Loans: the standing orders `borrow` and `repay 1`."""
    if not options.on(s, "war-loans") or power not in s.majors:
        return []
    return ["borrow", "repay 1"] if power == "Britain" else ["borrow"]


def declarations(
    content: SoldierContent, s: SoldierState, power: str
) -> tuple[list[str], SoldierState]:
    """SKO Declaring War: with no war yet on an enemy major power whose areas (or whose
    minor allies' areas) adjoin the power's armies, declare war on the first such power
    (by name) it can pay for. Returns the line and the state as the declaration leaves
    it, against which the scripted player then checks its moves."""
    if not war.in_force(s):
        return [], s
    near: set[str] = set()
    for u in s.on_map(type_="army"):
        if s.commander(u) != power or u.area is None:
            continue
        for dest in content.neighbours(u.area):
            owner = s.control.get(dest)
            major = s.major_of(owner) if owner else None
            if major and major != power and not s.friendly(major, power):
                near.add(major)
    for target in sorted(near):
        if war.at_war(s, power, target):
            return [], s  # already at war with a neighbour: no more declarations
    for target in sorted(near):
        decl = war.Declaration(target, 0)
        if war.declaration_problems(content, s, power, [decl]):
            continue
        cost = war.cost(content, s, power, target)
        t = s.treasury[power]
        treasury = dict(s.treasury)
        treasury[power] = t.model_copy(
            update={
                "resources": t.resources - cost.resources,
                "manpower": t.manpower - cost.manpower,
            }
        )
        after = s.model_copy(
            update={
                "wars": [*s.wars, War(powers=sorted((power, target)), turn=s.turn)],
                "treasury": treasury,
            }
        )
        return [f"declare war on {target}"], after
    return [], s


def first_targets(
    content: SoldierContent, s: SoldierState, power: str, areas: list[str]
) -> list[str]:
    """`areas` (a stack's neighbours) with imperial capitals first: its own capital held by
    an enemy, then an enemy's (SKO Imperial Capitals)."""
    if not capitals.in_force(s):
        return areas
    own = capitals.capital(content, power)
    enemy = {capitals.capital(content, p) for p in s.majors if not s.friendly(p, power)}

    def rank(a: str) -> int:
        return 0 if a == own else 1 if a in enemy else 2

    return sorted(areas, key=rank)


def upgrade(content: SoldierContent, s: SoldierState, power: str, money: int) -> list[str]:
    """SKO Economics (d): in Spring, with 4 Resources to spare, one level on the first area
    it controls (by name) that may take one, its imperial capital excepted."""
    spring = s.turn % 4 == 1 and s.treasury[power].manpower > 0  # SK 7.5: none with zero
    if not options.on(s, "fortress-upgrades") or money < 4 or power not in s.majors or not spring:
        return []
    capital = capitals.capital(content, power)  # its garrison holds it already
    for area in sorted(a for a, who in s.control.items() if who == power and a != capital):
        if fortresses.problem(content, s, power, area) is None:
            return [f"upgrade fortress {area}"]
    return []


def capital_sieges(
    content: SoldierContent,
    s: SoldierState,
    power: str,
    areas: list[str],
    money: int,
    lines: list[str],
) -> tuple[set[str], int]:
    """SKO Imperial Capitals: armies standing in an enemy's imperial capital with no enemy
    army left there stay and besiege it, as many rounds as the Resources pay (at most 4):
    the siege lines appended to `lines`; the areas held and the Resources left."""
    if not capitals.in_force(s):
        return set(), money
    enemy = {capitals.capital(content, p) for p in s.majors if not s.friendly(p, power)}
    held: set[str] = set()
    for area in areas:
        owner = s.control.get(area)
        if area not in enemy or owner is None or s.friendly(owner, power):
            continue
        if any(not s.friendly(s.unit_side_country(u), power) for u in s.on_map(area, "army")):
            continue
        rounds = min(4, money - 1)
        if rounds < 1:
            continue
        lines.append(f"siege {area} {rounds} rounds")
        money -= rounds
        held.add(area)
    return held, money
