"""Leaders in battle: who takes part, Napoleon's first-round bonus, and leader casualties.

SK 13.5: after each combat round, 2d6 + the side's step losses that round >= 12 kills the
leader; one death per side per round. SE 13.5: at the conclusion of each combat, the
same roll for each leader who took part, with the side's step losses of the whole
combat; a total of 12 or more is followed by one die: 1-2 wounded for one campaign turn,
3-4 for two, 5 for three, 6 killed; one death per side. The content's game.toml
`[rules] leader_casualties` chooses ("each-round" or "each-combat-wounds").

SE 13.2: a leader's rating *may* be added, in land and naval combat alike; in SK only
the defender may hold leaders out (SK 9.2), and at sea "a Leader's rating is added" (SK
13.2). SE 16.5: allies' leader checks begin with the player with the most units and
alternate. SE 13.5: "The owning player determines the order in which leaders are checked
for death": standing order `leader checks LEADER[, LEADER...]`; default by name (SK 13.5
says nothing, pbem reads it as SE does). SE 19.23: Poniatowski rates three leading only
Polish forces. SE 19.7: Napoleon adds one to his units' dice in the first combat round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import standing
from .calendar import campaign_turns_after
from .combat_results import LeaderKilled, unit_owner
from .fold import on
from .state import SoldierState


@event
class LeaderWounded(Event):
    """SE 13.5: a leader who took part in a combat is wounded for `turns` campaign turns;
    he leaves the map and returns on `until_turn` as a new arrival (SE 6.2, 13.8)."""

    type: Literal["se.leader_wounded"] = "se.leader_wounded"
    leader: str
    area: str
    total: int  # the two dice plus the side's step losses
    die: int  # the one die that followed (1-5: wounded)
    turns: int
    until_turn: int


@on(LeaderWounded)
def _(s: SoldierState, e: LeaderWounded) -> None:
    ld = s.leaders[e.leader]
    ld.status, ld.area, ld.arrives = "track", None, e.until_turn


# SE 13.5: the one die after a total of 12 or more -> campaign turns wounded (0: killed)
WOUNDS = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 0}


def per_combat(content) -> bool:
    return content.game.rules.leader_casualties == "each-combat-wounds"


def chosen_holds(content, standing_orders: dict, powers: Sequence[str]) -> set[str]:
    """SE 13.2: every side may keep a leader out of a combat, land or naval (`hold out
    LEADER`; the Jervis example: "the British player elects to have him participate").
    SK 9.2 lets only the defending player do so in land combat (combat.py reads the
    defender's orders itself) and SK 13.2 adds an admiral's rating at sea: none in SK."""
    if not per_combat(content):
        return set()
    return {n for p in powers for n in standing_orders.get(p, {}).get("hold", [])}


def checked(content, present: Sequence[str], taking_part: Sequence[str]) -> list[str]:
    """Whose casualties are checked: SK 13.5 "each leader present", SE 13.5 "each leader
    present who participated in combat" (a general carried by a fleet in a naval battle
    takes no part: SE 13.2 "Admirals may only add their modifiers to fleets")."""
    return sorted(taking_part if per_combat(content) else present)


def rating(
    content, s: SoldierState, name: str, units: Sequence[str], leaders: Sequence[str]
) -> int:
    """The rating `name` leads with in a combat beside his side's `units` and `leaders`
    (SE 13.1-13.2). SE 19.23: "Poniatowski ... raises his command rating from two to three
    when leading only Polish forces" (the content's `own_forces_rating`): when at least
    one army of his country is there and the side's other generals can direct all its
    other armies (SE 13.1: rating + 1 each), so that he directs only his own (pbem's
    reading, see case satellite-19-23-poniatowski-with-massena.toml)."""
    ld = s.leaders[name]
    own = content.leader(name).own_forces_rating
    if own is None:
        return ld.rating
    armies = [s.units[u] for u in units if s.units[u].type == "army"]
    others = sum(1 for u in armies if u.country != ld.country)
    can_direct = sum(
        s.leaders[n].rating + 1 for n in leaders if n != name and s.leaders[n].role == "general"
    )
    if others == len(armies) or others > can_direct:
        return ld.rating
    return ld.rating + own - content.leader(name).rating


@dataclass
class Tally:
    """One side's part in a whole combat (SE 13.5): its leaders who took part in any round,
    its step losses over all rounds, and the units that fought in any (SE 16.5)."""

    leaders: list[str] = field(default_factory=list)
    steps: int = 0
    units: list[str] = field(default_factory=list)

    def add(self, leaders: Sequence[str], steps: int, units: Collection[str] = ()) -> None:
        self.leaders += [n for n in leaders if n not in self.leaders]
        self.steps += steps
        self.units += [u for u in sorted(units) if u not in self.units]


def check_order(s: SoldierState, side: Tally, standing_orders: dict | None = None) -> list[str]:
    """SE 16.5: "the leader casualty rolls begin with the player having the most units and
    alternate back and forth if both players have leaders that participated in combat":
    the units each player had in the combat (any round); equal numbers, the players by
    name. SE 13.5 lets each owner order his own leaders: his `leader checks` standing
    order, else by name."""
    mine: dict[str, list[str]] = {}
    for n in owners_order(s, sorted(side.leaders), standing_orders):
        mine.setdefault(s.player_of(s.leaders[n].country), []).append(n)
    units = Counter(s.player_of(unit_owner(s, u)) for u in side.units)
    queues = [mine[p] for p in sorted(mine, key=lambda p: (-units[p], p))]
    longest = max((len(q) for q in queues), default=0)
    return [q[k] for k in range(longest) for q in queues if k < len(q)]


def after_round(
    ctx: Resolution,
    content,
    area: str,
    label: str,
    sides: Sequence[tuple[Sequence[str], int]],
    standing_orders: dict | None = None,
) -> None:
    """SK 13.5: each side's leaders in turn, 2d6 + the side's step losses this round; the
    first to reach 12 dies and his side rolls no more this round ("stop rolling for other
    leaders once one dies": in the order of the owners' `leader checks`, else by name).
    SE: nothing here."""
    if per_combat(content):
        return
    s: SoldierState = ctx.state
    for names, steps in sides:
        for n in owners_order(s, names, standing_orders):
            if s.leaders[n].status != "map":
                continue
            total = sum(ctx.roll(f"{area}, {label}, {n} casualty check", 2)) + steps
            if total >= content.tables.constants.leader_death_target.value:
                ctx.emit(LeaderKilled(leader=n, area=area, total=total))
                break


def after_combat(
    ctx: Resolution,
    content,
    area: str,
    label: str,
    sides: Sequence[Tally],
    standing_orders: dict | None = None,
) -> list[str]:
    """SE 13.5 "At the conclusion of each combat": for each side, each leader present who
    took part, 2d6 + the side's step losses in the combat; 12 or more: one die (1-2
    wounded one campaign turn, 3-4 two, 5 three, 6 killed). "Only one leader from each
    side can be killed ... (stop rolling for other leaders once one dies)". The order:
    check_order (SE 16.5). SK: nothing here (after_round).

    Returns the leaders wounded while in `area`: they survived the battle, and are
    captured if every unit of their side there was eliminated (SE 13.6)."""
    if not per_combat(content):
        return []
    s: SoldierState = ctx.state
    target = content.tables.constants.leader_death_target.value
    wounded: list[str] = []
    for side in sides:
        for n in check_order(s, side, standing_orders):
            # "each leader present who participated in combat": a leader who took part
            # and left with his retreating units during the combat is checked too (SE 9
            # Land Combat Example: Yorck is checked and the Prussians retreat to Posen)
            if s.leaders[n].status != "map":
                continue
            total = sum(ctx.roll(f"{area}, {label}, {n} casualty check", 2)) + side.steps
            if total < target:
                continue
            die = ctx.roll(f"{area}, {label}, {n} wound or death", 1)[0]
            if WOUNDS[die] == 0:
                ctx.emit(LeaderKilled(leader=n, area=area, total=total))
                break
            if s.leaders[n].area == area:
                wounded.append(n)
            ctx.emit(
                LeaderWounded(
                    leader=n,
                    area=area,
                    total=total,
                    die=die,
                    turns=WOUNDS[die],
                    until_turn=campaign_turns_after(s.turn, WOUNDS[die] + 1),
                )
            )
    return wounded


def owners_order(s: SoldierState, names: Sequence[str], standing_orders: dict | None) -> list[str]:
    """SE 13.5 "The owning player determines the order in which leaders are checked for
    death" (SK 13.5 names nobody; pbem reads it the same way): each player's leaders, in
    the places his leaders hold in ``names``, go in the order of his powers' `leader
    checks` lines (his powers by name, their lines in order), those no line names after
    them in their order in ``names``. Nothing changes without such lines. Case
    leader-13-5-owner-orders-checks.toml."""
    if not standing_orders:
        return list(names)
    player = {n: s.player_of(_commanding(s, n)) for n in names}
    wish: dict[str, list[str]] = {}
    for p in sorted(standing_orders):
        for entry in standing_orders[p].get("leader", []):
            wish.setdefault(s.player_of(p), []).extend(entry)
    out = list(names)
    for pl in dict.fromkeys(player.values()):
        slots = [i for i, n in enumerate(names) if player[n] == pl]
        w = wish.get(pl, [])
        mine = sorted(
            (names[i] for i in slots),
            key=lambda n: (w.index(n) if n in w else len(w), names.index(n)),
        )
        for i, n in zip(slots, mine, strict=True):
            out[i] = n
    return out


def _commanding(s: SoldierState, name: str) -> str:
    """The major power a leader fights for: his own, or his minor country's ally."""
    country = s.leaders[name].country
    return country if country in s.majors else s.allies.get(country, country)


@standing.verb("leader")
def _leader_checks(names, s: SoldierState, power: str, words: list[str], line: int, problems):
    """leader checks LEADER[, LEADER...] (SE 13.5: the owning player determines the order
    in which leaders are checked for death; SK 13.5 read the same way)"""
    if not words or words[0].casefold() not in ("checks", "check"):
        problems.append(Problem("write: leader checks LEADER[, LEADER...] (SE 13.5)", line))
        return None
    pieces = names.pieces(" ".join(words[1:]), line, problems)
    out = [p.name for p in pieces if p.kind == "leader"]
    if not out:
        problems.append(Problem("write: leader checks LEADER[, LEADER...] (SE 13.5)", line))
        return None
    return out


def napoleon_dice(s: SoldierState, rnd: int, leaders: Sequence[str], units: Sequence[str]) -> int:
    """SE 19.7: "In the first combat round, add one to the die rolls for units controlled
    by Napoleon": of the side's dice, those of the armies he directs (his rating + 1 of
    his own power's armies, the strongest first, SE 13.1); his own rating dice are not a
    unit's and get no bonus (pbem's reading). 0 unless a leader with the "combat"
    ability takes part in round 1."""
    if rnd != 1:
        return 0
    for n in leaders:
        ld = s.leaders[n]
        if "combat" in ld.abilities:
            own = sorted(
                (s.units[u].attack for u in units
                 if s.units[u].type == "army" and s.units[u].country == ld.country),
                reverse=True,
            )  # fmt: skip
            return sum(own[: ld.rating + 1])
    return 0


def hits(ctx: Resolution, label: str, dice: int, bonus_dice: int, modifier: int) -> int:
    """Roll a side's dice; `bonus_dice` of them roll apart with one more (SE 19.7); a die
    hits on 6 after `modifier` (SK 9.6: +1 to the defender after a mountain route)."""
    plain = dice - bonus_dice
    rolls = ctx.roll(label, plain) if plain > 0 else []
    extra = ctx.roll(f"{label}, Napoleon's units (+1)", bonus_dice) if bonus_dice > 0 else []
    return sum(1 for v in rolls if v + modifier >= 6) + sum(
        1 for v in extra if v + modifier + 1 >= 6
    )


__all__ = [
    "LeaderWounded",
    "Tally",
    "after_combat",
    "after_round",
    "check_order",
    "checked",
    "chosen_holds",
    "hits",
    "napoleon_dice",
    "owners_order",
    "per_combat",
    "rating",
]
