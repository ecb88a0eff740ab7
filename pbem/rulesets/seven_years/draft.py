"""The free deployment scenario's choice of powers, the `1756-choose` step (7YWW 28.57,
28.571; plan [C 28.g]). 28.571 lets the players choose "in any manner they agree upon";
pbem's manner, which joining the game agrees to:

    rank GB, PR, RU, AU, FR ...     (powers by code or name, best first; any number)

Every player sends his ranking. Each then rolls a die (public, `draft order: Coalition
1`); the highest picks first, ties roll again among themselves. Picks go round in that
order and back (a snake: 1 2 3 3 2 1 1 2 3 ...), each player taking his highest-ranked
power still free that does not give him both Great Britain and France (28.571), until
each has three (two players) or two (three and four players) (28.57). Powers he did not
rank follow, in the order of their campaign values (highest first, 2.12), then the
map's power order: that is also the whole ranking of a player who sends nothing. The
powers nobody takes are neutral (4.3). Then the set-up goes on as in every scenario
(setup.begin): treasuries by 28.3, initiative, initial picks, minor forces, placement."""

from __future__ import annotations

from dataclasses import dataclass

from pbem.resolution import Resolution
from pbem.ruleset import OrderLine, Parsed, Problem, Step, parse_good_lines

from . import events as E
from . import names, phases, setup
from .content import Content
from .map import MAJORS
from .state import SYWState


@dataclass(frozen=True)
class Ranking:
    powers: tuple[str, ...] = ()


def read(c: Content, s: SYWState, lines: list[OrderLine]) -> Parsed:
    problems: list[Problem] = []
    got: list[str] = []
    for ol in lines:
        words = ol.text.split("#", 1)[0].split(None, 1)  # a comment, as in every envelope
        if not words:
            continue  # a blank or comment line (the order template's own)
        if words[0].casefold() != "rank":
            head = names.closest_head(ol.text, ["rank"])
            problems.append(Problem(
                "the choice of powers takes one line: rank POWER, POWER, ... (7YWW 28.57)",
                ol.line, head and f"{head} ..."))  # fmt: skip
            continue
        if got:
            problems.append(Problem("only one rank line per envelope", ol.line))
            continue
        for w in _items(c, words[1] if len(words) > 1 else ""):
            code = names.power(c, w)
            if code is None or code not in c.majors:
                hint = names.find(c, "power", w)[1]
                problems.append(Problem(f"no major power {w!r}", ol.line, hint))
            elif code in got:
                problems.append(Problem(f"{c.power_name(code)} is ranked twice", ol.line))
            else:
                got.append(code)
    return Parsed(Ranking(tuple(got)), problems)


def _items(c: Content, text: str) -> list[str]:
    """Powers separated by commas or spaces ("GB PR", "Great Britain, Prussia"): within
    a comma part, the longest run of words that names a power is one item."""
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        words = part.split()
        while words:
            n = next((n for n in range(len(words), 0, -1)
                      if names.power(c, " ".join(words[:n])) is not None), 1)  # fmt: skip
            out.append(" ".join(words[:n]))
            words = words[n:]
    return out


def full_ranking(c: Content, given: tuple[str, ...]) -> list[str]:
    """The player's ranking, then the unranked powers by campaign value (2.12), then
    map order."""
    rest = sorted(
        (p for p in MAJORS if p not in given),
        key=lambda p: (-c.campaign_value([p]), MAJORS.index(p)),
    )
    return [*given, *rest]


def allowed(power: str, mine: list[str], forbid: list[list[str]]) -> bool:
    """28.571: no player can choose both Great Britain and France."""
    return not any(power in pair and set(pair) - {power} <= set(mine) for pair in forbid)


def draft_order(ctx: Resolution, seats: list[str]) -> tuple[list[str], list[list]]:
    """[C 28.g] one public die per player, highest first; tied players roll again
    among themselves."""
    rolls: list[list] = []

    def rank(group: list[str]) -> list[str]:
        if len(group) == 1:
            return group
        dice = {seat: ctx.roll(f"draft order: {seat}")[0] for seat in group}
        rolls.extend([seat, dice[seat]] for seat in group)
        out: list[str] = []
        for value in sorted(set(dice.values()), reverse=True):
            out += rank([seat for seat in group if dice[seat] == value])
        return out

    return rank(list(seats)), rolls


def draft(c: Content, order: list[str], rankings: dict[str, list[str]], each: int,
          forbid: list[list[str]]) -> list[list[str]]:  # fmt: skip
    """[C 28.g] the snake draft: [seat, power] in the order taken."""
    held: dict[str, list[str]] = {seat: [] for seat in order}
    taken: set[str] = set()
    picks: list[list[str]] = []
    for rnd in range(each):
        for seat in order if rnd % 2 == 0 else order[::-1]:
            for p in rankings[seat]:
                if p not in taken and allowed(p, held[seat], forbid):
                    held[seat].append(p)
                    taken.add(p)
                    picks.append([seat, p])
                    break
    return picks


class Choose:
    def owes(self, s: SYWState) -> tuple[str, ...]:
        return tuple(s.seats)

    def parse(self, c: Content, s: SYWState, seat: str, lines: list[OrderLine]) -> Parsed:
        return parse_good_lines(lambda ls: read(c, s, ls), lines)

    def validate(self, c: Content, s: SYWState, seat: str, orders: Ranking) -> list[Problem]:
        return []

    def default(self, c: Content, s: SYWState, seat: str) -> Ranking:
        return Ranking()

    def resolve(self, ctx: Resolution, c: Content, step: Step, orders: dict, standing: dict):
        s: SYWState = ctx.state
        sc = c.data.scenarios.scenario_by_id[s.scenario]
        rankings = {
            seat: full_ranking(c, (orders.get(seat) or Ranking()).powers) for seat in s.seats
        }
        order, rolls = draft_order(ctx, s.seats)
        picks = draft(c, order, rankings, sc.choose, sc.forbid_together)  # 28.57, 28.571
        control: dict[str, str | None] = {p: None for p in MAJORS}  # 4.3
        for seat, p in picks:
            control[p] = seat
        mine = {seat: [p for who, p in picks if who == seat] for seat in s.seats}
        treasuries = {
            seat: setup.start_treasury(c, mine[seat], sc.players) for seat in s.seats
        }  # 28.3
        ctx.emit(E.PowersChosen(rolls=rolls, order=order, picks=picks, control=control,
                                treasuries=treasuries))  # fmt: skip
        setup.begin(ctx, c)


phases.register("choose", Choose())
