"""SK 9.1-9.4 attack orders: an `attack` line read, and checked against the state after the
moves (eligibility, the power attacked, SK 9.3 divided attacks, SK 15.3 peace, SK 16.1
units that already attacked). The battle itself is combat.py."""

from __future__ import annotations

import re

from pbem.ruleset import Problem
from pbem.suggest import closest

from . import mercenaries, sko_map_units, war
from .combat import AttackOrder
from .combat_results import (
    enemies_in,
)
from .common import of_power
from .content import SoldierContent
from .names import Names
from .state import SoldierState


def parse_attack(
    names: Names, s: SoldierState, text: str, line: int, problems: list[Problem]
) -> AttackOrder | None:
    m = re.match(r"(?is)(.+?)\s+(probe|assault|invasion)\b(.*)$", text.strip())
    if not m:
        problems.append(_no_level(names, text, line))
        return None
    area = names.area(m.group(1), line, problems)
    level = m.group(2).title()
    rest = m.group(3)
    units = None
    leaders: tuple[str, ...] = ()
    against = None
    stop_after = stop_below = None
    for clause in re.split(r"(?i)\s+(?=with\b|against\b|stop\b)", " " + rest):
        c = clause.strip()
        low = c.casefold()
        if not c:
            continue
        if low.startswith("with "):
            named = names.pieces(c[5:], line, problems)
            units = tuple(p.name for p in named if p.kind == "unit")
            leaders = tuple(p.name for p in named if p.kind != "unit")
        elif low.startswith("against "):
            against = c[8:].strip().title()
            several = [x.strip() for x in re.split(r",|\band\b", against, flags=re.I) if x.strip()]
            if len(several) > 1:  # SK 9.3: one force per power attacked
                problems.append(Problem(
                    f"one power per attack line: to divide your armies among {' and '.join(several)} "
                    "(SK 9.3), write one attack line against each, naming its armies with 'with'",
                    line))  # fmt: skip
                against = None
            elif against not in s.majors and against not in s.allies:
                known = sorted({*s.majors, *s.allies})
                problems.append(
                    Problem(f"no power {against!r} in this game", line, closest(against, known))
                )
        elif mm := re.fullmatch(r"(?i)stop after (\d+) rounds?", c):
            stop_after = int(mm.group(1))
        elif mm := re.fullmatch(r"(?i)stop below (\d+) armies", c):
            stop_below = int(mm.group(1))
        else:
            problems.append(
                Problem(
                    f"cannot read {c!r} (with PIECES, against POWER, stop after N rounds, stop below N armies)",
                    line,
                    closest(c.split()[0], ("with", "against", "stop")),
                )
            )
    if (stop_after or stop_below) and level != "Invasion":
        problems.append(Problem("only an Invasion lasts until the attacker stops (SK 9.4)", line))
    if area is None:
        return None
    return AttackOrder(area, level, units, against, stop_after, stop_below, line, leaders)


LEVELS = ("probe", "assault", "invasion")  # SK 9.4


def _no_level(names: Names, text: str, line: int) -> Problem:
    """An attack line without a level read: the word in its place, if it is near one (a
    misspelling), else the form of the line."""
    if area := names.area(text, line, []):
        return Problem(
            f"name the attack level after {area}: probe, assault or invasion (SK 9.4)", line
        )
    m = re.fullmatch(r"(?is)(.+?)\s+(\S+)((?:\s+(?:with|against|stop)\b.*)?)", text.strip())
    if m and (hint := closest(m.group(2), LEVELS)):
        return Problem(
            f"{m.group(2)!r} is not an attack level: probe, assault or invasion (SK 9.4)",
            line,
            hint,
        )
    return Problem("write: attack AREA probe|assault|invasion [with PIECES] [against POWER]", line)


def validate_attacks(
    content: SoldierContent,
    s: SoldierState,
    power: str,
    attacks: list[AttackOrder],
    moves_refused: bool = False,
) -> list[Problem]:
    """`moves_refused`: some of the power's move lines were refused, so `s` lacks their
    moves; only what does not depend on where its own armies are is checked (the
    defenders, SK 9.3, SK 15.3), so every problem is still answered at once."""
    problems = _divided(s, attacks)
    for a in attacks:

        def bad(msg: str, a: AttackOrder = a) -> None:
            problems.append(Problem(msg, a.line))

        mine = [u for u in s.on_map(a.area, "army") if s.commander(u) == power]
        if not mine and not moves_refused:
            bad(f"{power} has no armies in {a.area} (after its moves) to attack with (SK 9.1)")
            continue
        if not enemies_in(s, power, a.area):
            bad(f"there are no enemy armies in {a.area} to attack (SK 9.1)")
        # SK 1.0 Ally, 16.1: a power's minor allies and hirelings, one player's powers and
        # formal allies are one side; only sides not allied to one another are designated
        enemy_sides: list[str] = []
        for c in sorted({s.unit_side_country(s.units[x]) for x in enemies_in(s, power, a.area)}):
            major = s.major_of(c) or c
            if not any(s.friendly(major, other) for other in enemy_sides):
                enemy_sides.append(major)
        if len(enemy_sides) > 1 and a.against is None:
            bad(
                f"{a.area} holds armies of powers not allied to one another ({', '.join(enemy_sides)}): name one with 'against POWER' (SK 9.3)"
            )
        if a.against is not None and not any(
            s.friendly(s.unit_side_country(s.units[x]), a.against)
            for x in enemies_in(s, power, a.area)
        ):
            bad(f"{a.against} has no armies in {a.area} (SK 9.3)")
        chosen = a.units if a.units is not None else tuple(u.id for u in mine)
        for uid in chosen if not moves_refused else ():
            u = s.units.get(uid)
            if u is None or u.area != a.area or u.status != "map" or s.commander(u) != power:
                bad(f"{uid} is not one of {power}'s armies in {a.area}")
            elif uid in s.attacked:
                bad(f"{uid} has already attacked this turn (SK 16.1)")
            elif a.units is not None and mercenaries.swiss_barred(content, u, a.area):
                bad(f"{uid} is a hired Swiss army; it may not attack Swiss areas (SK 19.1)")
        if a.units is not None and not any(
            uid in s.units and s.units[uid].type == "army" for uid in chosen
        ):  # the units named, whatever moved
            bad("name an army too: fleets fight on land only beside armies that fight (SK 11.6)")
        if barred := war.attack_barred(content, s, power, a.area, a.against, list(chosen)):
            bad(barred)  # SKO Allies and Declaring War
        for p in s.peace:  # SK 15.3: nor the units of the loser's minor allies
            if p.victor != power or s.turn >= p.until_turn:
                continue
            owner = s.holder(a.area)  # SK 19.2: an Indian area allied on its own
            if content.game.rules.peace_ends and p.loser not in (owner, s.allies.get(owner or "")):
                continue  # SE 15.3: outside the loser's areas its units retreat or end the peace
            theirs = sorted(
                {s.units[x].hired_by or s.units[x].country for x in enemies_in(s, power, a.area)}
                & {p.loser, *[m for m, mj in s.allies.items() if mj == p.loser]}
            )
            for c in theirs:
                who = of_power(s, c, p.loser)
                bad(
                    f"{power} may not attack the units of {who} until Turn {p.until_turn} (SK 15.3)"
                )
    if not moves_refused:  # SKO Limits to Leader Loss Checks: nothing withheld
        problems += sko_map_units.withheld_problems(s, power, attacks)
    return problems


def _divided(s: SoldierState, attacks: list[AttackOrder]) -> list[Problem]:
    """SK 9.3: a player whose units attack units of more than one enemy power not allied
    to one another designates which he attacks; designating more than one, he splits his
    attacking units into separate forces, one against each, and pays only once. In orders:
    one `attack` line per power attacked, each with `with ARMIES` and `against POWER`,
    the same level on each (the land combat is paid once, SK 9.4)."""
    problems: list[Problem] = []
    by_area: dict[str, list[AttackOrder]] = {}
    for a in attacks:
        by_area.setdefault(a.area, []).append(a)
    for area, lines in by_area.items():
        if len(lines) < 2:
            continue
        for a in lines[1:]:
            if any(x.against is None or x.units is None for x in lines):
                problems.append(Problem(
                    f"{area} is attacked on {len(lines)} lines: one attack per area, unless you "
                    "split your armies against powers not allied to one another, one line each "
                    "with 'with ARMIES' and 'against POWER' (SK 9.3)", a.line))  # fmt: skip
                break
            first = lines[0]
            if a.level != first.level:
                problems.append(Problem(
                    f"the attacks in {area} are one land combat, paid once: give each line the "
                    f"same level as line {first.line} ({first.level}) (SK 9.3, 9.4)", a.line))  # fmt: skip
            for b in lines[: lines.index(a)]:
                if b.against and a.against and s.friendly(a.against, b.against):
                    same = "the same power" if a.against == b.against else "allied"
                    problems.append(Problem(
                        f"{a.against} and {b.against} (line {b.line}) are {same}: attack them "
                        "together on one line; only powers not allied to one another are "
                        "attacked by separate forces (SK 9.3)", a.line))  # fmt: skip
                for n in sorted(set(a.leaders) & set(b.leaders)):
                    problems.append(Problem(
                        f"{n} is in two forces attacking {area} (line {b.line}): a general "
                        "leads one (SK 9.3)", a.line))  # fmt: skip
                both = sorted(set(a.units or ()) & set(b.units or ()))
                if both:
                    problems.append(Problem(
                        f"{', '.join(both)} also attack{'s' if len(both) == 1 else ''} on line "
                        f"{b.line}: each force attacks one power (SK 9.3)", a.line))  # fmt: skip
    return problems
