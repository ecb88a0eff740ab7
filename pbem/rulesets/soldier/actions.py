"""SK 4.1 Action Phases: one per major power in initiative order; formal allies
(here: powers on the same side) may move and fight in it too (SK 16.1). Within it
(SK 4.1): naval movement, naval combat, land movement, land combat, siege.

Orders of an action phase, one per line, carried out in the order given within
each step:
    sail FLEETS [with ARMIES LEADERS] to AREA[, AREA...][, blockade AREA]
    blockade AREA from SEA | attack fleets in AREA [first POWER...]
    intercept ... | retreat ...              (SK 10, 11: naval.py)
    move PIECES to AREA[, AREA...]           (SK 8; one line is one group's whole move)
    attack AREA probe|assault|invasion [...] (SK 9.2-9.4; order of lines = order of battles)
    siege AREA N rounds                      (SK 12.1-12.2)
    ally with MINOR | break alliance with MINOR | hire COUNTRY [N]
                                             (SK 17.3-17.8, 19.1; before movement: minors.py)
    play CARD [on TARGET] [in AREA] [...]    (SK 5.1-5.2, at the card's moment: cards.py)
    guerilla AREA [at start | at end]        (SE 19.4, Spain: guerillas.py)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pbem.resolution import Resolution
from pbem.ruleset import OrderLine, Parsed, Problem, Step, parse_good_lines
from pbem.suggest import closest

from . import (
    alliances,
    attack_orders,
    auxiliaries,
    capitals,
    combat,
    guerillas,
    minor_alliances,
    minor_rules,
    minors,
    movement,
    naval,
    naval_orders,
    phases,
    siege,
    sko_economics,
    surrender,
    surrender_orders,
    transport,
    war,
)
from . import naval_combat as nc
from .card_orders import PlayOrder
from .content import SoldierContent
from .hooks import card_rules
from .names import Names
from .phases import ActionPhaseOver
from .siege_lifts import lift_sieges
from .state import SoldierState

VERBS = ("move", "attack", "siege", "surrender", "play", *minors.VERBS, *naval_orders.VERBS)
SE_VERBS = ("guerilla",)  # SE 19.4: read only where the content has the table


@dataclass
class ActionOrders:
    moves: list[movement.MoveOrder] = field(default_factory=list)
    attacks: list[combat.AttackOrder] = field(default_factory=list)
    sieges: list[siege.SiegeOrder] = field(default_factory=list)
    surrenders: list = field(default_factory=list)  # SK 15.0: declared in the Peace Phase
    lends: list = field(default_factory=list)  # SE 15.1: (receiver, units, line) offered
    diplomacy: list = field(default_factory=list)  # ally, break, hire (minors.py)
    naval: naval_orders.NavalOrders = field(default_factory=naval_orders.NavalOrders)  # SK 10, 11
    plays: list = field(default_factory=list)  # SK 5.1 event cards (PlayOrder)
    guerillas: list = field(default_factory=list)  # SE 19.4 (guerillas.GuerillaOrder)
    declarations: list = field(default_factory=list)  # SKO Declaring War (war.Declaration)
    unread: set[str] = field(default_factory=set)  # verbs of lines left out: they did not read


def _verb(text: str) -> str:
    words = text.split("#", 1)[0].split()
    return words[0].casefold() if words else ""


class ActionPhase:
    def owes(self, s: SoldierState) -> tuple[str, ...]:
        return (s.initiative[s.acting],)

    def parse(
        self, content: SoldierContent, s: SoldierState, power: str, lines: list[OrderLine]
    ) -> Parsed:
        """The lines that read are kept (and checked) even when others do not; the
        orders remember the verbs of the lines left out (see validate)."""
        parsed = parse_good_lines(lambda ls: self._read(content, s, power, ls), lines)
        if isinstance(parsed.good, ActionOrders):
            parsed.good.unread = {_verb(ol.text) for ol in parsed.left_out}
        return parsed

    def _read(
        self, content: SoldierContent, s: SoldierState, power: str, lines: list[OrderLine]
    ) -> Parsed:
        names = Names(content, s)
        out = ActionOrders()
        problems: list[Problem] = []
        for ol in lines:
            text = ol.text.split("#", 1)[0].strip()
            if not text:
                continue
            verb, _, rest = text.partition(" ")
            v = verb.casefold()
            if v == "move":
                order = movement.parse_move(names, s, rest, ol.line, problems)
                if order:
                    out.moves.append(order)
            elif v in naval_orders.VERBS or (v == "attack" and naval_orders.is_fleet_attack(rest)):
                naval_orders.parse_line(v, names, s, power, rest, ol.line, problems, out.naval)
            elif v == "attack":
                order = attack_orders.parse_attack(names, s, rest, ol.line, problems)
                if order:
                    out.attacks.append(order)
            elif v == "surrender":  # SK 15.0: declared in the Peace Phase (surrender_orders.py)
                got = surrender_orders.parse_line(names, s, power, rest, ol.line, problems)
                if got:
                    surrender.check_line(content, s, power, got["to"], ol.line, problems)  # SKO
                    out.surrenders.append(got)
            elif v == "declare":  # SKO Allies and Declaring War
                decl = war.parse_declare(content, s, rest, ol.line, problems)
                if decl:
                    out.declarations.append(decl)
            elif v == "lend" and auxiliaries.in_force(content):  # SE 15.1, 19.1
                lend = auxiliaries.parse_lend(names, s, power, rest, ol.line, problems)
                if lend:
                    out.lends.append((*lend, ol.line))
            elif v == "siege":
                order = siege.parse_siege(names, s, rest, ol.line, problems)
                if order:
                    out.sieges.append(order)
            elif v == "break" and (
                formal := alliances.parse_break(s, power, rest, ol.line, problems)
            ):
                out.diplomacy.append(formal)  # SK 16.3: a formal ally
            elif v in minors.VERBS:
                order = minors.parse_order(content, names, s, text, ol.line, problems)
                if order:
                    out.diplomacy.append(order)
            elif v == "guerilla" and content.tables.guerillas is not None:  # SE 19.4
                g = guerillas.parse_action(names, s, rest, ol.line, problems)
                if g:
                    out.guerillas.append(g)
            elif v == "play":  # SK 5.1 (cards.py); the alliance and mercenary cards as above
                order = card_rules(content).parse_play(
                    content, names, s, power, rest, ol.line, problems, "action"
                )
                if isinstance(order, PlayOrder):
                    out.plays.append(order)
                elif order:
                    out.diplomacy.append(order)
            elif v == "deal":  # SK 14.0: exchanges "only during the diplomacy phase"
                problems.append(
                    Problem(
                        "deals (alliances and exchanges) are made only in the Diplomacy Phase"
                        " (SK 14.0): send them with that phase's orders",
                        ol.line,
                    )
                )
            else:
                verbs = (*VERBS, "lend") if auxiliaries.in_force(content) else VERBS
                verbs = (*verbs, "declare") if war.in_force(s) else verbs  # SKO
                problems.append(
                    Problem(
                        f"{verb!r} is not an action-phase order ({', '.join(verbs)})",
                        ol.line,
                        closest(v, verbs),
                    )
                )
        return Parsed(out, problems)

    def validate(
        self, content: SoldierContent, s: SoldierState, power: str, orders: ActionOrders
    ) -> list[Problem]:
        early = minors.validate_orders(content, s, power, orders.diplomacy)
        early += alliances.break_problems(s, power, orders.diplomacy)  # SK 16.3
        early += card_rules(content).validate_action(content, s, power, orders)  # SK 5.1
        early += auxiliaries.lend_problems(
            power, surrender_orders.victors_of(orders.surrenders), orders.lends
        )  # SE 15.1
        early += alliances.ally_phase_problems(
            content, s, power, s.initiative[s.acting], orders
        )  # SE 16.1
        early += guerillas.validate_action(content, s, power, orders.guerillas)  # SE 19.4
        s = minors.after_breaks(s, power, orders.diplomacy)  # SK 17.8: attack them at once
        s = alliances.after_breaks(s, power, orders.diplomacy)  # SK 16.3: and former allies
        early += war.declaration_problems(content, s, power, orders.declarations)  # SKO
        early += capitals.ally_problems(
            content, s, power, orders.diplomacy, lambda o: isinstance(o, minors.AllyOrder)
        )  # SKO Imperial Capitals (c)
        s = war.after_declarations(content, s, power, orders.declarations)
        s = card_rules(content).after_plays(
            s, power, orders.plays, content
        )  # SK 5.2: Forced March counts
        sails, at_sea = naval_orders.checked(content, s, power, orders.naval)  # SK 10
        if at_sea or orders.unread & {"play", *naval_orders.VERBS}:
            # where fleets take armies (and what cards do) decides where they may go on:
            # those checks wait until the lines they depend on read
            return early + at_sea
        # the lines whose checks read where the moves leave the armies (costs: diplomacy)
        later = orders.attacks or orders.sieges or orders.diplomacy
        if not (orders.moves or later):
            return early  # no line left whose check reads where the fleets end up
        s = naval_orders.after(content, s, power, orders.naval, sails)  # SK 10.62: sea first
        problems = movement.validate_moves(content, s, power, orders.moves)
        if "move" in orders.unread:
            return early + problems  # where units end up decides what they may attack
        if not later:
            return early + problems  # no line left whose check reads where the armies end up
        if problems:  # what attacks may be checked without the refused moves still is
            refused = {x.line for x in problems}
            kept = [o for o in orders.moves if o.line not in refused]
            if movement.validate_moves(content, s, power, kept):
                return early + problems
            after = movement.after_moves(content, s, power, kept)
            more = attack_orders.validate_attacks(
                content, after, power, orders.attacks, moves_refused=True
            )
            return early + problems + more
        after = movement.after_moves(content, s, power, orders.moves)
        problems += attack_orders.validate_attacks(content, after, power, orders.attacks)
        problems += siege.validate_sieges(content, after, power, orders.sieges, orders.attacks)
        problems += _validate_costs(content, after, power, orders)
        return early + problems

    def default(self, content: SoldierContent, s: SoldierState, power: str) -> Any:
        return ActionOrders()  # a power that sends nothing stays where it is

    def resolve(
        self,
        ctx: Resolution,
        content: SoldierContent,
        step: Step,
        orders: dict,
        standing: dict,
    ) -> None:
        s: SoldierState = ctx.state
        acting = s.initiative[s.acting]
        powers = [acting, *(p for p in step.may if p in orders)]
        given = {p: orders.get(p) or ActionOrders() for p in powers}
        # SK 5.1-5.2: `play` lines are read by the step whose moment they name (cards.py)
        standing = card_rules(content).with_orders(
            standing, {p: given[p].plays for p in powers}, step.phase
        )
        card_rules(content).at_step(ctx, content, "start", powers, standing)
        raids = {p: given[p].guerillas for p in powers}  # SE 19.4
        guerillas.at_moment(ctx, content, "start", acting, raids, standing)
        # SK 16.3: formal alliances broken; SK 17.8, 19.1, 17.3: minor alliances broken,
        # mercenaries hired, alliances tried, first
        for p in powers:
            alliances.break_alliances(ctx, content, p, given[p].diplomacy, standing)
        for p in powers:  # SKO: declarations of war at the start of the Action Phase
            war.declare(ctx, content, p, given[p].declarations)
        capitals.update(ctx, content)  # SKO Imperial Capitals: garrisons, capitals lost
        for p in powers:
            minors.resolve_orders(ctx, content, p, given[p].diplomacy, standing)
        # SK 4.1: naval movement, naval combat, land movement, land combat, siege; each
        # step for all
        naval.begin(ctx, content)
        sea = nc.Orders(standing, {p: given[p].naval for p in powers})
        naval_groups = naval.resolve_movement(
            ctx, content, powers, {p: given[p].naval for p in powers}, sea
        )
        card_rules(content).at_step(ctx, content, "naval combat", powers, standing)
        naval.resolve_combat(
            ctx, content, acting, naval_groups, {p: given[p].naval for p in powers}, sea
        )
        lift_sieges(ctx)  # SK 12.5: armies carried away, or lost at sea
        card_rules(content).at_step(ctx, content, "land movement", powers, standing)
        for p in powers:
            movement.resolve_moves(
                ctx, content, p, given[p].moves, transport.landings(given[p].naval.boards), standing
            )  # SK 10.62; SE 5.1, 5.2: the cards as the group enters each area (Cossacks)
        card_rules(content).at_step(ctx, content, "land combat", powers, standing)
        guerillas.at_moment(ctx, content, "land combat", acting, raids, standing)  # SE 19.4
        combat.resolve_attacks(
            ctx, content, acting, {p: given[p].attacks for p in powers}, standing
        )
        card_rules(content).at_step(ctx, content, "siege", powers, standing)
        siege.resolve_sieges(ctx, content, acting, {p: given[p].sieges for p in powers}, standing)
        lift_sieges(ctx)  # SK 12.4, 12.5: besiegers retreated from defensive fire
        guerillas.at_moment(ctx, content, "end", acting, raids, standing)  # SE 19.4
        card_rules(content).at_step(ctx, content, "end", powers, standing)
        card_rules(content).unplayed(ctx, content, powers, standing)
        minor_alliances.after_control_changes(ctx, content, standing)  # SK 18.7, 18.8, 19.6
        for p in powers:  # SK 15.0: kept, secret, for the Peace Phase
            surrender_orders.order(ctx, p, given[p].surrenders, given[p].lends)
        naval.end(ctx)  # SK 10.62 bookkeeping
        capitals.update(ctx, content)  # SKO Imperial Capitals
        lift_sieges(ctx)  # SK 12.5: besiegers lost to a card or a guerilla attack
        ctx.emit(ActionPhaseOver(power=acting))


def _validate_costs(
    content: SoldierContent, s: SoldierState, power: str, orders: ActionOrders
) -> list[Problem]:
    """SK 7.5, 9.4, 12.2: attacks and siege rounds are paid before they happen; so are
    bribes and hired mercenaries (SK 17.4, 19.1). `s` is the state after the moves. SK 7.5
    / SE 7.4: a power with zero Resources or zero Manpower may spend nothing, so a line
    that costs Resources is refused (bribes and hires: minors.validate_orders)."""
    have = s.treasury[power].resources
    zero = s.treasury[power].zero
    need = 0
    problems = []
    for cost, line in minors.order_costs(content, s, power, orders.diplomacy):
        need += cost
        if need > have:
            problems.append(
                Problem(
                    f"{power} has {have} Resources; this brings the cost to {need} (SK 7.5)", line
                )
            )
    paid: set[str] = set()
    for a in orders.attacks:
        if a.area in paid:
            continue  # SK 9.3: a divided attack pays for the land combat once
        paid.add(a.area)
        cost = minors.attack_cost(content, s, power, a)  # SK 18.4: free for minors alone
        need += cost
        if zero and cost:
            problems.append(_zero(s, power, a.line))
        elif need > have:
            problems.append(
                Problem(
                    f"{power} has {have} Resources; this attack brings the cost to {need} (SK 9.4, 7.5)",
                    a.line,
                )
            )
    first = {a.area: a for a in reversed(orders.attacks)}  # SK 9.3: paid once an area
    levels = [(a.level, a.line) for a in first.values() if minors.attack_cost(content, s, power, a)]
    levels.sort(key=lambda x: x[1])
    attack_levels = len(levels)
    levels += [(g.if_resisted, g.line) for g in orders.sieges if g.if_resisted]
    if why := sko_economics.manpower_problem(content, s, power, levels):  # SKO Economics (c)
        problems.append(why)
    # SK 9.2, 12.2, 7.5: the sieges are paid after the attacks, from what they leave
    men = s.treasury[power].manpower
    men -= sum(sko_economics.invasion_manpower(content, s, lv) for lv, _ in levels[:attack_levels])
    for g in orders.sieges:
        cost = minor_rules.siege_cost(content, s, power, g.area, g.rounds)  # SK 12.2, 18.4, 18.6
        if g.if_resisted:  # SK 17.71
            resist = combat.AttackOrder(g.area, g.if_resisted, None, None, None, None, g.line)
            cost += minors.attack_cost(content, s, power, resist)
        need += cost
        if zero and cost:
            problems.append(_zero(s, power, g.line))
        elif cost and men <= 0:  # case siege-after-invasion-zero-manpower.toml
            problems.append(Problem(
                f"the Invasions before it leave {power} 0 Manpower: with zero Resources or zero "
                "Manpower a power may not spend Resources on attacks or siege rounds (SK 7.5)",
                g.line))  # fmt: skip
        elif need > have:
            problems.append(
                Problem(
                    f"{power} has {have} Resources; these siege rounds bring the cost to {need} (SK 12.2, 7.5)",
                    g.line,
                )
            )
    return problems


def _zero(s: SoldierState, power: str, line: int) -> Problem:
    t = s.treasury[power]
    return Problem(
        f"{power} has {t.resources} Resources and {t.manpower} Manpower: with zero Resources or "
        "zero Manpower a power may not spend Resources on attacks or siege rounds (SK 7.5)",
        line,
    )


phases.register("action", ActionPhase())
