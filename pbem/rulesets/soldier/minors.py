"""SK 17 Minor Country Allies and SK 18 Minor Country Special Rules (with SK 19.2 besieged
mercenary countries and SK 19.6 Angelo Emo): the orders, and the choices below. The rules
are split by idea: minor_rules.py (events, the Alliance Table's answers, SK 18.1, 18.4,
18.6), minor_alliances.py (bribes, the procedure, placing forces, SK 17.7, 18.7, 18.8,
19.6), siege.py (SK 17.7 when a minor's area is besieged), this module (the orders).

Action-phase orders (docs/orders-soldier-kings.md, "Minor countries and mercenaries"):
    ally with MINOR [bribe N] [in AREA[, AREA...]]   plays a "Minor Country Alliance" card from
                                                     the player's hand on the power itself:
                                                     an alliance attempt (SK 17.2-17.5), or a
                                                     theft if MINOR has another ally (SK 17.6)
    break alliance with MINOR                        SK 17.8 (then SK 17.7 finds its new ally)
    hire COUNTRY [N][, ...] [in AREA[, AREA...]]     SK 19.1 (mercenaries.py)
    siege AREA N rounds, LEVEL if resisted           SK 17.71 (read by siege.py)
Standing orders:
    bribe MINOR N for POWER [from attempt K]         SK 17.4: sealed, revealed when an attempt
    bribe MINOR N against [POWER] [from attempt K]   SK 17.41   on MINOR is made (SK 17.42)
    accept MINOR [in AREA[, AREA...]] | accept all   SK 17.7: wants MINOR if it seeks an ally
    liberate MINOR                                   SK 18.8
    release UNIT[, UNIT...]                          SK 19.1 (mercenaries.py)

Choices and defaults (each pinned by a case, tests/cases/soldier-kings/minor-*.toml):
- Attempts on each minor are numbered 1, 2, ... (state `alliance_attempts`). A standing bribe
  is revealed and paid at the first attempt on its minor, numbered K or later (K = 1 unless
  `from attempt K`), that it applies to: `for POWER` to POWER's rolls, `against POWER` to
  POWER's, bare `against` to the rolls of every power not on the briber's side. It is then
  spent: it never pays again. To bribe a later attempt, send it again with `from attempt K`
  for a K after the one it was paid at (state `bribes` records each bribe with its attempt).
  One bribe per power per attempt (its first line that applies); no standing bribe: none
  (minor-bribe-spent.toml).
- The attempting power's own bribe is written on its `ally with` line. Bribes are per
  power on the SK 17.4 scale (up to 9 Resources: +1 each up to 3, then +1 per 2), capped by
  what the power has; a power with zero Resources or Manpower pays nothing (SK 7.5). Only
  powers that may ally with the minor may bribe (SK 17.4, 17.41: "No" and "#" bar it).
- Intimidation (SK 17.5): every army and fleet (armies at sea counted) in a land area joined
  by a land route to, or a sea area touching, one of the minor's home areas. Each counts for
  its major power (a minor ally's or a hired army's for its major). Its stance: +1 for the
  roller itself; else its standing bribe on the minor that applies to the roller (for: +1,
  against: -1); else +1 on the roller's side, -1 otherwise (minor-17-3-example.toml).
- SK 17.6: stealing is an attempt on a minor that has an ally, -2, and the current ally's side's
  units in the minor's home areas intimidate too. A Royal Betrothal marker on the minor
  forbids it (SK 5.2; authored effect).
- Units placed (SK 17.3): the Minor Country Forces Table's armies and fleets, drawn at random
  from the pool (SK 6.1), in home areas held by the minor or the new ally's side; armies
  round-robin over the areas named with `in`, else over those areas by fortification,
  Resources, name; fleets in coastal ones; a general with the most armies, an admiral with
  the fleet (SK 19.6). A stolen minor keeps its units where they are.
- SK 17.7: when a siege of a neutral minor's area (SK 19.2: or a mercenary country's) is
  resolved, every major power except the besiegers and those barred may take it. Those
  with `accept MINOR` (or `accept all`) roll the full procedure; the highest total of 10 or
  more allies; on a tie for the highest every power that rolled rolls again (SK 17.7, SE
  17.7: "All players roll again in the event of a tie": every power that rolled). If none of them
  reaches 10, the minor stays neutral and the siege goes on. If nobody accepts, every
  eligible power rolls and the highest total allies, 10 or not (SK 17.7 "all eligible
  players must roll"). The default placement after a siege: every army in the besieged
  area (SK 17.71, resisting invaders); `accept MINOR in AREA` says otherwise (SK 19.2:
  always the besieged area, one army, two for Switzerland) (minor-17-7-*.toml). A mercenary
  country with no army in the pool seeks no ally (SK 19.2: "any available armies ... will
  appear"; mercenary-19-2-none-available.toml).
- SK 17.71: if the new ally's armies stand in the siege area the siege stops, unpaid.
  `siege AREA N rounds, assault if resisted` (or probe, invasion) makes the besiegers attack
  them at once at that level; if no minor army is left there, the siege goes on in the same
  action phase (minor-17-71-*.toml).
- SK 17.72 / 17.8: `break alliance` is refused in the turn the alliance was made. After a
  break the minor seeks a new ally by SK 17.7 (the backstabber excluded; its units stay on
  the map); if it finds none its units leave the map and it is neutral.
- SK 18.4: attacks by minor or hired armies alone are Assaults and free; their sieges are two
  rounds and free. SK 18.6: France, Spain and Austria pay two Resources a siege round in the
  Papal States and score it double if they took it from another major power or its ally.
- SK 18.7 / 18.8: a minor is conquered when enemies hold all its home areas; a power that took
  none of them from the minor (nor held one at the scenario's start) and holds a standing
  `liberate MINOR` makes it its ally when it takes one of them from another power; default:
  it keeps the area as a conquest.
- SK 18.1: new minor units each Spring, not in the one-year scenarios (their special rule).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pbem.clone import clone
from pbem.resolution import Resolution
from pbem.ruleset import Problem
from pbem.suggest import closest

from . import combat, mercenaries, standing
from .content import SoldierContent
from .hooks import card_rules
from .minor_alliances import BribeLine, attempt_alliance, seek_ally
from .minor_forces import off_map, on_forces_map
from .minor_rules import (
    CARD,
    AllianceBroken,
    MarkerRemoved,
    OrderSkipped,
    attack_units,
    attempt_problem,
    minor_only,
    neutral_again,
    table_minors,
    table_row,
)
from .minor_variants import MinorAllianceBarred, backstab_bars
from .names import Names
from .state import SoldierState, Treasury

VERBS = ("ally", "break", "hire")


# --------------------------------------------------------------------------- events


# --------------------------------------------------------------------------- the table


# --------------------------------------------------------------------------- bribes


# --------------------------------------------------------------------------- the procedure


# --------------------------------------------------------------------------- placing forces


# --------------------------------------------------------------------------- SK 17.7


# --------------------------------------------------------------------------- SK 18.4, 18.6


def attack_cost(content: SoldierContent, s: SoldierState, power: str, a: Any) -> int:
    """SK 9.4; SK 18.4: nothing for an attack by minor (or hired) units alone."""
    if minor_only(s, attack_units(s, power, a)):
        return 0
    return combat.attack_cost(content, a.level)


# --------------------------------------------------------------------------- SK 18.7, 18.8


# --------------------------------------------------------------------------- SK 18.1


# --------------------------------------------------------------------------- orders


@dataclass(frozen=True)
class AllyOrder:
    minor: str
    bribe: int
    areas: tuple[str, ...]
    line: int

    @property
    def text(self) -> str:
        return f"ally with {self.minor}"


@dataclass(frozen=True)
class BreakOrder:
    minor: str
    line: int

    @property
    def text(self) -> str:
        return f"break alliance with {self.minor}"


def country_name(
    content: SoldierContent,
    text: str,
    choices: list[str],
    line: int,
    problems: list[Problem],
    what: str,
) -> str | None:
    key = " ".join(text.split())
    for c in choices:
        if c.casefold() == key.casefold():
            return c
    try:
        name = content.country(key).name
    except KeyError:
        name = None
    if name in choices:
        return name
    problems.append(Problem(f"no {what} {key!r}", line, closest(key, choices)))
    return None


def _areas(names: Names, text: str | None, line: int, problems: list[Problem]) -> tuple[str, ...]:
    if not text:
        return ()
    out = [names.area(a, line, problems) for a in text.split(",") if a.strip()]
    return tuple(a for a in out if a)


def parse_order(
    content: SoldierContent,
    names: Names,
    s: SoldierState,
    text: str,
    line: int,
    problems: list[Problem],
) -> Any:
    """An action-phase order whose verb is in VERBS."""
    verb, _, rest = text.strip().partition(" ")
    v = verb.casefold()
    if v == "hire":
        return mercenaries.parse_hire(content, rest, line, problems)
    if v == "break":
        m = re.fullmatch(r"(?is)alliance\s+with\s+(.+)", rest.strip())
        if not m:
            problems.append(Problem("write: break alliance with MINOR (SK 17.8)", line))
            return None
        minor = country_name(
            content, m.group(1), table_minors(content), line, problems, "minor country"
        )
        return BreakOrder(minor, line) if minor else None
    m = re.fullmatch(r"(?is)with\s+(.+?)(?:\s+bribe\s+(\d+))?(?:\s+in\s+(.+))?", rest.strip())
    if not m:
        problems.append(
            Problem("write: ally with MINOR [bribe N] [in AREA[, AREA...]] (SK 17.3)", line)
        )
        return None
    merc = country_name(content, m.group(1), mercenaries.countries(content), line, [], "")
    if merc:
        problems.append(
            Problem(
                f"{merc} is not on the Minor Country Alliance Table: its armies are hired (SK 17.1, 19.1)",
                line,
            )
        )
        return None
    minor = country_name(
        content,
        m.group(1),
        table_minors(content),
        line,
        problems,
        "minor country on the Minor Country Alliance Table",
    )
    n = int(m.group(2) or 0)
    most = content.tables.bribery.max_resources
    if n > most:
        problems.append(Problem(f"a bribe is at most {most} Resources (SK 17.4)", line))
        return None
    areas = _areas(names, m.group(3), line, problems)
    return AllyOrder(minor, n, areas, line) if minor else None


def cards_in_hand(s: SoldierState, power: str, card: str) -> int:
    return s.hands.get(s.player_of(power), []).count(card)


def validate_orders(
    content: SoldierContent, s: SoldierState, power: str, orders: list
) -> list[Problem]:
    problems: list[Problem] = []
    used: dict[str, int] = {}
    for o in orders:
        card = (
            CARD
            if isinstance(o, AllyOrder)
            else o.card
            if isinstance(o, mercenaries.HireOrder)
            else None
        )
        if card:
            used[card] = used.get(card, 0) + 1
            if used[card] > cards_in_hand(s, power, card):
                problems.append(
                    Problem(
                        f"{s.player_of(power)} holds {cards_in_hand(s, power, card)} {card!r} card(s); "
                        f"this order needs one more (SK 5.1)",
                        o.line,
                    )
                )
        if isinstance(o, AllyOrder):
            why = attempt_problem(content, s, power, o.minor)
            if why:
                problems.append(Problem(why, o.line))
            homes = content.home_areas(o.minor)
            for a in o.areas:
                if a not in homes:
                    problems.append(
                        Problem(
                            f"{a} is not a home area of {o.minor} ({', '.join(sorted(homes))}) (SK 17.3)",
                            o.line,
                        )
                    )
                elif table_row(content, o.minor) and not on_forces_map(content, o.minor, a):
                    problems.append(Problem(off_map(content, o.minor, a), o.line))  # SK 18.9
        elif isinstance(o, BreakOrder):
            if s.allies.get(o.minor) != power:
                problems.append(Problem(f"{o.minor} is not {power}'s minor ally (SK 17.8)", o.line))
            elif s.minor_joined.get(o.minor) == s.turn:
                problems.append(
                    Problem(
                        f"{power} allied with {o.minor} this turn; it may break the alliance from the next turn (SK 17.72, 17.8)",
                        o.line,
                    )
                )
        elif isinstance(o, mercenaries.HireOrder):
            for why in mercenaries.hire_problems(content, s, power, o):
                problems.append(Problem(why, o.line))
    t = s.treasury.get(power) or Treasury()
    if t.zero and any(  # SK 7.5 / SE 7.4
        isinstance(o, mercenaries.HireOrder) or (isinstance(o, AllyOrder) and o.bribe)
        for o in orders
    ):
        problems.append(
            Problem(
                f"{power} has {t.resources} Resources and {t.manpower} Manpower: with zero "
                "Resources or zero Manpower it may not spend Resources on bribes or "
                "mercenaries (SK 7.5)",
                next(o.line for o in orders if isinstance(o, mercenaries.HireOrder | AllyOrder)),
            )
        )
    return problems


def order_costs(
    content: SoldierContent, s: SoldierState, power: str, orders: list
) -> list[tuple[int, int]]:
    """(Resources, line) of the power's bribes and hires, in order (SK 7.5 checks)."""
    out = []
    for o in orders:
        if isinstance(o, AllyOrder) and o.bribe:
            out.append((o.bribe, o.line))
        elif isinstance(o, mercenaries.HireOrder):
            out.append((mercenaries.hire_cost(content, s, o), o.line))
    return out


def after_breaks(s: SoldierState, power: str, orders: list) -> SoldierState:
    """SK 17.8: for checking the rest of the orders, the minors `power` breaks with are
    neutral (it may attack them at once)."""
    breaks = [
        o.minor
        for o in orders
        if isinstance(o, BreakOrder)
        and s.allies.get(o.minor) == power
        and s.minor_joined.get(o.minor) != s.turn  # SK 17.72
    ]
    if not breaks:
        return s
    out = clone(s)
    for minor in breaks:
        out.allies.pop(minor, None)
    return out


def play_card(
    ctx: Resolution,
    content: SoldierContent,
    power: str,
    card: str,
    on: str,
    detail: str,
    standing_orders: dict,
) -> bool:
    """SK 5.1 through the card framework (cards.play): False if the card is not in the
    player's hand or a Diplomatic Intrigue cancelled it (SK 5.2)."""

    return card_rules(content).play(
        ctx, content, power, card, on=on, detail=detail, standing=standing_orders
    )


def _no_card(ctx: Resolution, power: str, card: str, text: str) -> bool:
    s: SoldierState = ctx.state
    if card in s.hands.get(s.player_of(power), []):
        return False
    ctx.emit(OrderSkipped(power=power, order=text, reason=f"no {card!r} card left in hand"))
    return True


def resolve_orders(
    ctx: Resolution, content: SoldierContent, power: str, orders: list, standing_orders: dict
) -> None:
    """Before movement (SK 4.1): breaks (SK 17.8), hires (SK 19.1), then alliance attempts."""
    for o in [o for o in orders if isinstance(o, BreakOrder)]:
        s: SoldierState = ctx.state
        if s.allies.get(o.minor) != power or s.minor_joined.get(o.minor) == s.turn:
            ctx.emit(
                OrderSkipped(
                    power=power,
                    order=o.text,
                    reason=f"{o.minor} is not an ally {power} may break with now (SK 17.8)",
                )
            )
            continue
        backstab(ctx, content, power, o.minor, standing_orders)
    for o in [o for o in orders if isinstance(o, mercenaries.HireOrder)]:
        problems = mercenaries.hire_problems(content, ctx.state, power, o)
        if problems:
            ctx.emit(OrderSkipped(power=power, order=o.text, reason="; ".join(problems)))
            continue
        if _no_card(ctx, power, o.card, o.text):
            continue
        if not play_card(ctx, content, power, o.card, power, o.text, standing_orders):
            continue  # cancelled (SK 5.2, Diplomatic Intrigue)
        mercenaries.resolve_hire(ctx, content, power, o)
    for o in [o for o in orders if isinstance(o, AllyOrder)]:
        problem = attempt_problem(content, ctx.state, power, o.minor)
        if problem:
            ctx.emit(OrderSkipped(power=power, order=o.text, reason=problem))
            continue
        if _no_card(ctx, power, CARD, o.text):
            continue
        if not play_card(
            ctx, content, power, CARD, power, f"alliance with {o.minor}", standing_orders
        ):
            continue  # cancelled (SK 5.2, Diplomatic Intrigue)
        attempt_alliance(
            ctx, content, power, o.minor, bribe=o.bribe, standing=standing_orders, placement=o.areas
        )


def backstab(
    ctx: Resolution, content: SoldierContent, power: str, minor: str, standing_orders: dict
) -> None:
    """SK 17.8: the alliance ends; SK 17.7 finds the minor its new ally (not the backstabber).
    Its units stay on the map; if no power takes it they leave and it is neutral."""
    ctx.emit(AllianceBroken(minor=minor, power=power, why="backstabbed (SK 17.8)"))
    if backstab_bars(content):  # SE 17.8: prohibited for the remainder of the game
        ctx.emit(MinorAllianceBarred(minor=minor, power=power))
    ally = seek_ally(
        ctx,
        content,
        minor,
        None,
        [power],
        standing_orders,
        why=f"{power} broke the alliance (SK 17.8)",
    )
    if ally is None:
        end_alliance_units(ctx, minor, why=f"{minor} found no new ally (SK 17.8, 17.7)")


def end_alliance(ctx: Resolution, minor: str, why: str) -> None:
    """For the card framework (Royal Death: remove_marker, end_minor_alliance; authored):
    the marker goes, the alliance ends, the minor's units leave the map, it is neutral."""
    s: SoldierState = ctx.state
    for marker, on_what in sorted(s.markers.items()):
        if minor in on_what:
            ctx.emit(MarkerRemoved(marker=marker, on=minor))
    power = s.allies.get(minor)
    if power:
        ctx.emit(AllianceBroken(minor=minor, power=power, why=why))
    end_alliance_units(ctx, minor, why)


def end_alliance_units(ctx: Resolution, minor: str, why: str) -> None:
    """A minor neutral again (SK 17.8 with no new ally, Royal Death): its units and leaders
    go back to its pool, from the map and the turn track (minor_rules.neutral_again)."""
    gone = neutral_again(ctx.state, minor, why)
    if gone.units or gone.leaders:
        ctx.emit(gone)


# --------------------------------------------------------------------------- standing orders


def _minor_arg(names: Names, text: str, line: int, problems: list[Problem]) -> str | None:
    content = names.content
    choices = table_minors(content) + mercenaries.countries(content)
    return country_name(content, text, choices, line, problems, "minor or mercenary country")


@standing.verb("bribe")
def _bribe(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """bribe MINOR N for POWER [from attempt K] | bribe MINOR N against [POWER] [from attempt K]"""
    usage = "write: bribe MINOR N for POWER, or bribe MINOR N against [POWER], optionally ending 'from attempt K' (SK 17.4, 17.41)"
    m = re.fullmatch(
        r"(?is)(.+?)\s+(\d+)\s+(?:for\s+(\w+)|against(?:\s+(\w+))?)(?:\s+from\s+attempt\s+(\d+))?",
        " ".join(words),
    )
    if not m:
        problems.append(Problem(usage, line))
        return None
    minor = _minor_arg(names, m.group(1), line, problems)
    n = int(m.group(2))
    most = names.content.tables.bribery.max_resources
    if n > most:
        problems.append(Problem(f"a bribe is at most {most} Resources (SK 17.4)", line))
        return None
    target = m.group(3) or m.group(4)
    if target is not None:
        t = target.title()
        if t not in s.majors:
            problems.append(
                Problem(f"no major power {target!r} in this game", line, closest(t, s.majors))
            )
            return None
        target = t
    k = int(m.group(5) or 1)
    if k < 1:
        problems.append(Problem("attempts are numbered from 1", line))
        return None
    if minor is None:
        return None
    return BribeLine(minor, n, "for" if m.group(3) else "against", target, k, line)


@standing.verb("accept")
def _accept(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """accept MINOR [in AREA[, AREA...]] | accept all (SK 17.7)"""
    text = " ".join(words).strip()
    if text.casefold() == "all":
        return {"minor": None, "areas": []}
    m = re.fullmatch(r"(?is)(.+?)(?:\s+in\s+(.+))?", text)
    if not text or not m:
        problems.append(
            Problem("write: accept MINOR [in AREA[, AREA...]], or accept all (SK 17.7)", line)
        )
        return None
    minor = _minor_arg(names, m.group(1), line, problems)
    areas = _areas(names, m.group(2), line, problems)
    if minor is None:
        return None
    homes = names.content.home_areas(minor)
    for a in areas:
        if a not in homes:
            problems.append(
                Problem(f"{a} is not a home area of {minor} ({', '.join(sorted(homes))})", line)
            )
        elif table_row(names.content, minor) and not on_forces_map(names.content, minor, a):
            problems.append(Problem(off_map(names.content, minor, a), line))  # SK 18.9
    return {"minor": minor, "areas": list(areas)}


@standing.verb("liberate")
def _liberate(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """liberate MINOR (SK 18.8)"""
    minor = country_name(
        names.content, " ".join(words), table_minors(names.content), line, problems, "minor country"
    )
    return {"minor": minor} if minor else None
