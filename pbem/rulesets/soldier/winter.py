"""Soldier Kings winter turns (SK 4.2 as the One-Year Scenario Special Rules cut it):
the Winter Attrition Phase (SK 20.1, 20.2), the Maintenance Phase (SK 6.5, 7.5, 18.2)
and the Victory Phase (SK 20.31, 20.32). None of them takes phase orders; the choices
the rules leave to players come from standing orders:

    unsupported UNIT[, UNIT...]   armies to leave unsupported first (SK 20.1)
    unpaid UNIT[, UNIT...]        units left unpaid by choice (SK 6.5 "stinginess")
    unpaid if short UNIT[, ...]   units to leave unpaid first if it cannot pay (SK 6.5)

Defaults (docs/orders-soldier-kings.md; cases attrition-*.toml, maintenance-*.toml):
- the units `unpaid` names are left unpaid whether or not the power could pay for them
  (SK 6.5: "due to poverty or stinginess"); then, if it still cannot pay for the rest,
  more are left unpaid: those `unpaid if short` names, then the default;
- the lists are read in order and then completed by the same default order: full-strength
  units before reduced ones (a step loss only flips a full unit, which can recover in the
  next Purchase Phase, where a reduced one would be eliminated), then the weakest first
  (lowest attack, then lowest defence, as the counter stands), then by counter id;
- a named unit that does not help (not in the area, not on the map, or, named by
  `unpaid if short`, a unit whose cost would not reduce what the power is short of) is
  passed over;
- areas with no controller (neutral areas no country owns) count every army as enemy;
- armies aboard fleets are exempt and not counted, at sea or in a coastal land area
  where they stayed aboard (SK 20.1 / SE 20.1);
- SK 7.5: a power with zero Resources or zero Manpower when the Maintenance Phase begins
  may not maintain any unit: every unit it pays for takes a step loss;
- hired mercenaries are not maintained but rehired at their hire cost after the power's
  maintenance, or released (SK 4.2, 19.1: mercenaries.rehire, its docstring has the
  default); minor allies maintain their own units free (SK 18.2).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem, Step

from . import (
    auxiliaries,
    capitals,
    loans,
    mercenaries,
    minor_rules,
    national,
    phases,
    separate_peace,
    sko_end,
    standing,
    victory,
)
from .common import cost, id_order, one_year, treasury
from .content import SoldierContent
from .effects import quartered
from .fold import on
from .names import Names
from .siege_lifts import lift_sieges
from .state import Counter, SoldierState

# --------------------------------------------------------------------------- events


@event
class Attrition(Event):
    """SK 20.1: an area held more armies than it supports (limits SK 20.2)."""

    type: Literal["sk.attrition"] = "sk.attrition"
    area: str
    controller: str | None
    enemy_armies: int
    enemy_limit: int
    friendly_armies: int
    friendly_limit: int
    reduced: list[str]  # full -> reduced
    eliminated: list[str]  # reduced -> back to the pool


@event
class Maintained(Event):
    """SK 6.5: what a power paid, and the units it could not pay for (each a step loss)."""

    type: Literal["sk.maintenance"] = "sk.maintenance"
    power: str
    maintained: int  # units paid for
    resources: int  # paid
    manpower: int
    unpaid: list[str]
    reduced: list[str]
    eliminated: list[str]
    reason: str = ""


@event
class VictoryPoints(Event):
    """SK 20.31: Resource values of areas with the power's control markers, minus those of
    its home areas under enemy control."""

    type: Literal["sk.victory_points"] = "sk.victory_points"
    power: str
    points: int
    gained: dict[str, int]  # area -> Resource value
    lost: dict[str, int]


def step_losses(s: SoldierState, reduced: Iterable[str], eliminated: Iterable[str]) -> None:
    """SK 1.0 Step Loss: flip to the reduced side, or eliminate a reduced unit (it goes
    back to the pool and can be bought again)."""
    for uid in reduced:
        s.units[uid].is_reduced = True
    for uid in eliminated:
        s.eliminate(uid)


def _split(s: SoldierState, units: list[str]) -> tuple[list[str], list[str]]:
    return (
        [x for x in units if not s.units[x].is_reduced],
        [x for x in units if s.units[x].is_reduced],
    )


@on(Attrition)
def _(s: SoldierState, e: Attrition) -> None:
    step_losses(s, e.reduced, e.eliminated)


@on(Maintained)
def _(s: SoldierState, e: Maintained) -> None:
    t = s.treasury_of(e.power)
    t.resources = max(0, t.resources - e.resources)  # SK 7.5
    t.manpower = max(0, t.manpower - e.manpower)
    step_losses(s, e.reduced, e.eliminated)


@on(VictoryPoints)
def _(s: SoldierState, e: VictoryPoints) -> None:
    s.victory_points[e.power] = e.points


# --------------------------------------------------------------------------- standing orders


def _unit_list(
    names: Names,
    s: SoldierState,
    power: str,
    words: list[str],
    line: int,
    problems: list[Problem],
    verb: str,
    armies_only: bool,
) -> list[str] | None:
    text = " ".join(w for w in words if w != ":")
    before = len(problems)
    pieces = names.pieces(text, line, problems)
    out: list[str] = []
    for p in pieces:
        if p.kind == "leader":
            problems.append(Problem(f"{p.name} is a leader; {verb} names units", line))
            continue
        u = s.units[p.name]
        if armies_only and u.type != "army":
            problems.append(
                Problem(f"{p.name} is a fleet; fleets are not subject to attrition (SK 20.1)", line)
            )
        elif verb == "unpaid" and u.hired_by is None and u.country in s.allies:
            problems.append(
                Problem(
                    f"{p.name} is {u.country}'s: minor allies maintain their own units (SK 18.2)",
                    line,
                )
            )
        elif s.commander(u) != power and not (u.country == power and u.hired_by is None):
            problems.append(Problem(f"{p.name} is not one of {power}'s units", line))
        else:
            out.append(p.name)
    if not pieces and len(problems) == before:
        problems.append(Problem(f"{verb}: name at least one unit (e.g. Pr-A3)", line))
    return out or None


@standing.verb("unsupported")
def _unsupported(names, s, power, words, line, problems):
    """`unsupported UNIT[, UNIT...]`: armies to leave unsupported first (SK 20.1)."""
    return _unit_list(names, s, power, words, line, problems, "unsupported", armies_only=True)


IF_SHORT = "if short"  # `unpaid if short UNIT...`: the entry is {IF_SHORT: [UNIT...]}


@standing.verb("unpaid")
def _unpaid(names, s, power, words, line, problems):
    """`unpaid UNIT[, UNIT...]`: units left unpaid by choice (SK 6.5 "stinginess");
    `unpaid if short UNIT[, UNIT...]`: units to leave unpaid first when the power cannot
    pay for all (SK 6.5 "poverty")."""
    if [w.casefold() for w in words[:2]] == IF_SHORT.split():
        units = _unit_list(names, s, power, words[2:], line, problems, "unpaid", False)
        return {IF_SHORT: units} if units else None
    return _unit_list(names, s, power, words, line, problems, "unpaid", armies_only=False)


def unpaid_orders(standing_orders: dict, power: str) -> tuple[list[str], list[str]]:
    """(units left unpaid by choice, units to leave unpaid first if short), each in order
    and once, from the power's `unpaid` standing orders."""
    so = standing_orders.get(power)
    entries = so.of("unpaid") if so is not None and hasattr(so, "of") else []
    chosen: list[str] = []
    short: list[str] = []
    for entry in entries:
        to, units = (short, entry[IF_SHORT]) if isinstance(entry, dict) else (chosen, entry)
        to += [uid for uid in units or [] if uid not in to]
    return chosen, [uid for uid in short if uid not in chosen]


def preference(standing_orders: dict, powers: Iterable[str], kind: str) -> list[str]:
    """The units the powers' standing orders name under `kind`, in order, each once."""
    out: list[str] = []
    for p in powers:
        so = standing_orders.get(p)
        entries = so.of(kind) if so is not None and hasattr(so, "of") else []
        for entry in entries:
            for uid in entry or []:
                if uid not in out:
                    out.append(uid)
    return out


def default_key(u: Counter) -> tuple:
    """The default order of units to give up first (documented in the module docstring):
    full strength before reduced, weakest first, then counter id."""
    return (u.is_reduced, u.attack, u.defence, id_order(u.id))


def choose(s: SoldierState, candidates: list[str], preferred: list[str]) -> list[str]:
    """All candidates in give-up order: those preferred (in their order), then the default."""
    first = [x for x in preferred if x in candidates]
    rest = sorted((x for x in candidates if x not in first), key=lambda x: default_key(s.units[x]))
    return first + rest


# --------------------------------------------------------------------------- attrition


def support_limits(content: SoldierContent, s: SoldierState, area: str) -> tuple[int, int]:
    """SK 20.2: (enemy, friendly and allied) armies `area` supports."""
    a = content.land_area(area)
    lim = content.tables.support_limits
    ctrl = s.control.get(area)
    home = a.home is not None and ctrl == a.home  # controlled by its original owner
    return a.resources * lim.enemy, a.resources * (lim.home if home else lim.friendly)


class WinterAttrition(phases.NoOrders):
    """SK 20.1 Winter Attrition Phase: automatic; choices from `unsupported`."""

    def resolve(
        self,
        ctx: Resolution,
        content: SoldierContent,
        step: Step,
        orders: dict,
        standing: dict,
    ) -> None:
        s: SoldierState = ctx.state
        areas = sorted(
            {u.area for u in s.on_map(type_="army") if u.area and content.is_land(u.area)}
        )
        for area in areas:  # armies in sea areas are loaded on fleets: exempt (SK 20.1)
            s = ctx.state
            # SK 20.1 / SE 20.1: armies loaded on fleets (also in a coastal land area, where
            # enemy fleets kept them aboard) are exempt and not counted; Good Winter
            # Quarters (cards.py): those armies are supported, not counted; SKO Imperial
            # Capitals: a capital's built-in garrison step is neither counted nor lost
            # (choice, case opt-imperial-capitals-garrison-attrition)
            armies = [
                u
                for u in s.on_map(area, "army")
                if u.carried_by is None and not quartered(s, area, u) and u.id not in s.garrisons
            ]
            ctrl = s.control.get(area)
            side = s.holder(area)  # SK 19.2: an Indian area allied on its own is its ally's
            enemy_limit, friendly_limit = support_limits(content, s, area)
            friendly = [u.id for u in armies if s.friendly(side, s.commander(u) or u.country)]
            enemy = [u.id for u in armies if u.id not in friendly]
            losing: list[str] = []
            if len(enemy) > enemy_limit:
                losing += sorted(enemy, key=id_order)  # ALL enemy armies (SK 20.1)
            if len(friendly) > friendly_limit:
                owners = [
                    p for p in s.majors if any(s.commander(s.units[x]) == p for x in friendly)
                ]
                order = choose(s, friendly, preference(standing, owners, "unsupported"))
                losing += order[: len(friendly) - friendly_limit]
            if not losing:
                continue
            reduced, eliminated = _split(s, losing)
            ctx.emit(
                Attrition(
                    area=area,
                    controller=ctrl,
                    enemy_armies=len(enemy),
                    enemy_limit=enemy_limit,
                    friendly_armies=len(friendly),
                    friendly_limit=friendly_limit,
                    reduced=reduced,
                    eliminated=eliminated,
                )
            )
        separate_peace.after_attrition(ctx, content)  # SKO Minor Ally Separate Peace
        lift_sieges(ctx, "the besieging armies were lost to winter attrition")  # SK 12.5
        ctx.emit(phases.StageOver(stage="attrition", next="maintenance"))


# --------------------------------------------------------------------------- maintenance


def maintained_by(s: SoldierState, power: str) -> list[Counter]:
    """Units on the map `power` maintains (SK 6.5): its own and auxiliaries on loan to it
    (SK 19.5). Hired mercenaries are rehired instead (SK 19.1); minor allies maintain their
    own (SK 18.2)."""
    return sorted(
        (
            u
            for u in s.on_map()
            if (u.hired_by == power and not mercenaries.is_mercenary(s, u))  # SK 19.5
            or (u.hired_by is None and u.country == power and u.id not in s.garrisons)
        ),
        key=lambda u: id_order(u.id),
    )


def upkeep(content: SoldierContent, u: Counter) -> tuple[int, int]:
    return cost(content, f"maintain_{u.type}")


class Maintenance(phases.NoOrders):
    """SK 6.5 Maintenance Phase: automatic; choices from `unpaid`."""

    def resolve(
        self,
        ctx: Resolution,
        content: SoldierContent,
        step: Step,
        orders: dict,
        standing: dict,
    ) -> None:
        for power in list(ctx.state.majors):
            s: SoldierState = ctx.state
            units = maintained_by(s, power)
            if not units:
                continue
            have = treasury(s, power)
            # SKO Added Optional National Advantages: Russia's double costs
            price = {u.id: national.doubled(content, s, u, upkeep(content, u)) for u in units}
            paid = [u.id for u in units]
            reason = ""
            chosen, if_short = unpaid_orders(standing, power)
            if have[0] == 0 or have[1] == 0:  # SK 7.5
                unpaid = choose(s, paid, chosen + if_short)
                paid = []
                reason = (
                    f"{power} has {have[0]} Resources and {have[1]} Manpower: with zero Resources "
                    "or zero Manpower a power may not maintain units (SK 7.5)"
                )
            else:
                # SK 6.5 "stinginess": the units its `unpaid` order names go unpaid by choice
                unpaid = [x for x in chosen if x in paid]
                paid = [x for x in paid if x not in unpaid]
                if unpaid:
                    reason = f"{power} chose not to pay for {', '.join(unpaid)} (SK 6.5)"
                order = choose(s, paid, if_short)
                short_of: list[str] = []
                for uid in order:
                    bill = (sum(price[x][0] for x in paid), sum(price[x][1] for x in paid))
                    short = (bill[0] > have[0], bill[1] > have[1])
                    if not any(short):
                        break
                    cr, cm = price[uid]
                    if (short[0] and cr) or (short[1] and cm):  # it helps
                        paid.remove(uid)
                        short_of.append(uid)
                if short_of:
                    poor = f"{power} could not pay for all its units (SK 6.5)"
                    reason = f"{reason}; {poor}" if reason else poor
                unpaid += short_of
            reduced, eliminated = _split(s, unpaid)
            ctx.emit(
                Maintained(
                    power=power,
                    maintained=len(paid),
                    resources=sum(price[x][0] for x in paid),
                    manpower=sum(price[x][1] for x in paid),
                    unpaid=unpaid,
                    reduced=reduced,
                    eliminated=eliminated,
                    reason=reason,
                )
            )
        for power in list(ctx.state.majors):  # SK 4.2, 19.1: then mercenaries are rehired
            mercenaries.rehire(ctx, content, power, standing)
        # SK 12.5: "or are eliminated (through ... failure to pay maintenance (6.5))"
        lift_sieges(ctx, "the besieging armies were not maintained")
        ctx.emit(phases.StageOver(stage="maintenance", next="victory"))


# --------------------------------------------------------------------------- victory


def victory_points(
    content: SoldierContent, s: SoldierState, power: str
) -> tuple[int, dict[str, int], dict[str, int]]:
    """SK 20.31: (net points, areas gained -> Resources, home areas lost -> Resources).

    A control marker is any area the power controls that is not its own home area,
    including control the scenario gives at the start (Scenario #2: Prussia controls
    Saxony). Areas controlled by minor countries count for nobody (SK 18.5), but a home
    area a minor ally of the enemy holds still counts as lost (SK 20.31 example:
    Swedes in Mecklenburg)."""
    held = sorted(a for a, ctrl in s.control.items() if ctrl == power)
    gained = {
        # SK 18.6: France, Spain, Austria score the Papal States double if taken from a major
        # (SE 19.8: Spain and Austria)
        a: content.land_area(a).resources * minor_rules.papal_multiplier(content, s, power, a)
        for a in held
        if content.is_land(a) and content.land_area(a).home != power
    }
    gained.update(victory.satellite_areas(content, s, power))  # SE 18.5, 19.2
    lost = {
        a: content.land_area(a).resources
        for a in sorted(content.home_areas(power))
        if not s.friendly(s.control.get(a), power)
    }
    lost.update(capitals.victory_penalty(content, s, power))  # SKO Imperial Capitals (b)
    return sum(gained.values()) - sum(lost.values()), gained, lost


RANDOM_FROM = 1759  # option end=random: pbem's method (the text gives none)


def random_end(ctx: Resolution, s: SoldierState) -> bool:
    """SK World at War's random end, as pbem rolls it: from the Victory Phase of Winter
    1759 on, a die of 1 or 2 ends the game there (then, with no automatic victory, the
    player closest to his score wins, SK 20.33). The Timeframe says only "randomly
    determine when the game ends", "for a shorter game" (this never goes past Turn 28),
    and names no moment: the die is in the Victory Phase, where SK 20.33 checks the end,
    the game then ending with that year as `end=YEAR` does. SKO Ending the game's die,
    whose text says "at the end of each Winter turn", is after the Winter's Diplomacy
    Phase (war_ends)."""
    if not s.random_end or 1756 + (s.turn - 1) // 4 < RANDOM_FROM:
        return False
    return ctx.roll("random end of the game: 1 or 2 ends it")[0] <= 2


def automatic_victory(content: SoldierContent, s: SoldierState, last: bool) -> str | None:
    """SK 20.33-20.34, "The World at War": the result when the game ends in this Victory
    Phase, else None. A major power whose net victory points equal or exceed its
    Automatic Victory score wins at once; of several, the one exceeding it by the most
    (ties all win). In two- and three-player games a player wins only when every power he
    plays reaches its score, and he is measured by the one furthest from it. At the last
    turn with no automatic victory, whoever is closest to his score wins (ties all win)."""
    scores = {a.power: a.points for a in content.tables.automatic_victory}
    scores.update(sko_end.scores(content, s))  # SKO Britain's Automatic Victory: 28
    margin = {p: s.victory_points.get(p, 0) - scores.get(p, 0) for p in s.majors}
    collective = len(s.players) <= 3  # SK 20.34
    if collective:
        who = {pl: min(margin[p] for p in ps) for pl, ps in s.players.items()}
    else:
        who = dict(margin)
    best = max(who.values(), default=-1)
    if best < 0 and not last:
        return None
    winners = sorted(w for w, m in who.items() if m == best)

    def line(w: str) -> str:
        powers = s.players[w] if collective else [w]
        parts = [f"{p} {s.victory_points.get(p, 0)} of {scores.get(p, 0)}" for p in powers]
        return f"{w} ({', '.join(parts)})"

    how = (
        "automatic victory (SK 20.33)"
        if best >= 0
        else "closest to its automatic victory score at the end (SK 20.33)"
    )
    names = " and ".join(line(w) for w in winners)
    return f"{names} {'win' if len(winners) > 1 else 'wins'}: {how}."


def result_text(s: SoldierState) -> str:
    """SK 20.32 and the One-Year Special Rules: each player's powers' points added
    together; the highest total wins; ties share the victory."""
    totals = {
        player: sum(s.victory_points.get(p, 0) for p in powers)
        for player, powers in s.players.items()
    }
    ranked = sorted(totals, key=lambda p: (-totals[p], p))
    top = totals[ranked[0]]
    winners = [p for p in ranked if totals[p] == top]
    score = " to ".join(str(totals[p]) for p in ranked)

    def detail(player: str) -> str:
        powers = s.players[player]
        if len(powers) == 1:
            return f"{player} {totals[player]}"
        parts = ", ".join(f"{p} {s.victory_points.get(p, 0)}" for p in powers)
        return f"{player} {totals[player]}: {parts}"

    details = "; ".join(detail(p) for p in ranked)
    if len(winners) == 1:
        verb = "wins" if len(s.players[winners[0]]) == 1 else "win"
        return f"{winners[0]} {verb}, {score} ({details})"
    return f"{' & '.join(winners)} share the victory, {score} ({details})"


def _result(content: SoldierContent, s: SoldierState, last: bool) -> str | None:
    if content.game.rules.victory == "soldier-emperor":
        return victory.result(content, s, last)  # SE 21.2-21.6
    return automatic_victory(content, s, last)


class Victory(phases.NoOrders):
    """SK 20.3 Victory Phase: automatic."""

    def resolve(
        self,
        ctx: Resolution,
        content: SoldierContent,
        step: Step,
        orders: dict,
        standing: dict,
    ) -> None:
        s: SoldierState = ctx.state
        for power in s.majors:
            points, gained, lost = victory_points(content, ctx.state, power)
            ctx.emit(VictoryPoints(power=power, points=points, gained=gained, lost=lost))
            loans.deduct(ctx, power)  # SKO War Loans
        s = ctx.state
        if one_year(content, s) and s.turn >= s.last_turn:  # SK 20.32
            ctx.emit(phases.GameOver(result=result_text(s)))
        elif one_year(content, s):  # the one-year scenarios skip the rest of the winter turn
            if auxiliaries.in_force(content):
                auxiliaries.expire(ctx)  # SE 19.1: the span ends with the turn
            phases.next_turn(ctx)
        elif (won := _result(content, s, last=False)) is not None:
            ctx.emit(phases.GameOver(result=won))  # SK 20.33-20.34 / SE 21.2
        elif s.turn >= s.last_turn or random_end(ctx, s):  # SK World at War, Timeframe
            ctx.emit(phases.GameOver(result=_result(content, s, last=True) or ""))  # SE 21.3
        else:  # SK 4.2: the campaign's Resource and Manpower Phase (collection.py)
            ctx.emit(phases.StageOver(stage="victory", next="resources"))


def war_ends(ctx: Resolution) -> str | None:
    """SKO Ending the game: "Roll at the end of each Winter turn starting Turn 24". SK 4.2
    ends a Winter turn with its Diplomacy Phase, after the Victory Phase, so phases.next_turn
    asks this when that phase is over: the game's result if the die ends the war, else None.
    The result is read from the victory points of that Winter's Victory Phase (SK 20.31
    counts them there, and no other phase does), whatever the Diplomacy Phase changed
    (choice, case opt-random-end-after-diplomacy.toml)."""
    s: SoldierState = ctx.state
    if not sko_end.may_end(s):
        return None
    # the content this game is played with, as the ruleset hands it to every phase
    content: SoldierContent = ctx.ruleset.content_of(s)  # type: ignore[attr-defined]
    if not sko_end.war_ends(ctx, content, s):
        return None
    return _result(content, ctx.state, last=True) or ""  # SK 20.33


phases.register("attrition", WinterAttrition())
phases.register("maintenance", Maintenance())
phases.register("victory", Victory())
phases.at_winter_end(war_ends)
