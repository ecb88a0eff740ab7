"""The pre-filled order envelope of a turn report: the power's pieces by area,
then what the phase needs (docs/reports.md, "Order template")."""

from __future__ import annotations

from pbem.reports.model import plural
from pbem.ruleset import OrderLine, Step

from .. import (
    common,
    fortresses,
    guerillas,
    income,
    movement,
    options,
    phases,
    purchases,
    setup,
    war,
)
from ..content import SoldierContent
from ..state import SoldierState
from .words import forces, join, unit_text


def order_template(content: SoldierContent, s: SoldierState, power: str, step: Step) -> list[str]:
    out = [f"# {step.title}", f"# Your pieces ({power} and the units it commands):"]
    rows = forces(s, True, power)
    for area, units, leaders in rows:
        pieces = [x for x in (units, leaders) if x != "-"]
        out.append(f"# {area}: {', '.join(pieces)}")
    if not rows:
        out.append("#   none on the map")
    if s.stage == "setup":
        units, leaders = setup.placed_by(s, power)
        sc = content.scenario(s.scenario)
        out.append("# To place: " + join([unit_text(s.units[u]) for u in units] + leaders))
        # each country's pieces where its own limits allow (setup.check_placement): the
        # power's, its minor allies' (Saxony's in Saxony), its hirelings' (as the hirer's)
        countries = [power] + sorted(
            {s.units[u].country for u in units if not s.units[u].hired_by} - {power}
        )
        for country in countries:
            allowed = sorted(content.allowed_setup_areas(sc, country))
            whose = "" if country == power else f" for {country}'s pieces"
            out.append(f"# Allowed areas{whose}: " + join(allowed))
        need = setup.batch(s, power)
        if need is None:
            out.append("# Example (one line per area; 'rest' is every piece not yet named):")
        else:  # a round of the campaign's set-up in turns (SK World at War)
            now, rounds = setup.setup_round(s, power)
            out.append(
                f"# Set-up round {now} of {rounds}: place exactly {need} of these, by name; "
                "the others in the next round. Example:"
            )
        out += [f"# {line}" for line in setup_example(content, s, power)]
    elif s.stage == "purchase":
        r, m = common.treasury(s, power)
        out.append(f"# Treasury: {r} {content.game.rules.money}, {m} Manpower")
        due = purchases.arrivals(s, power)
        examples: list[list[str]] = []
        if due:
            out.append("# Arriving now: " + join([unit_text(s.units[u]) for u in due]))
            where = common.placement_areas(content, s, s.units[due[0]])
            if where:
                examples.append([f"place {due[0]} in {where[0]}"])
        examples.append(["buy army"])
        reduced = sorted(
            (u.id for u in s.units.values() if u.status == "map" and u.is_reduced and s.commander(u) == power),
            key=common.id_order,
        )  # fmt: skip
        if reduced:
            examples.append([f"recover {reduced[0]}"])
        for x in purchases.subsidies_from(s, power):
            examples.append([f"give {x.get('max_resources', 0)} to {x.get('receiver')}"])
        if options.on(s, "fortress-upgrades"):  # SKO Economics (d)
            ours = sorted(a for a, who in s.control.items() if who == power)
            can = [a for a in ours if fortresses.problem(content, s, power, a) is None]
            if can:
                examples.append([f"upgrade fortress {can[0]}"])
        # each example alone passes the purchase rules' own checks (SK 6.2-6.4)
        out += [f"# {x}" for ex in examples if _valid(content, s, power, ex) for x in ex]
    elif s.stage == "action" and rows:
        out += reach_lines(content, s, power)
        ex = _action_example(content, s, power)
        if ex:
            out += ["# Examples (each passes the action rules' own checks):"]
            out += [f"# {x}" for x in ex]
        out += _attack_levels(content)
    if s.stage == "action":
        out += _guerilla_lines(content, s, power)
        out += _war_lines(content, s, power)
    if s.stage == "diplomacy":
        out += deal_lines(content.game.rules.money, content.game.rules.book == "SK")
    return out


def _attack_levels(content: SoldierContent) -> list[str]:
    """What `attack AREA LEVEL` costs, once for the whole attack (SK 9.4; SE 9.3's prices
    are not SK's, and the template gave none)."""
    money = content.game.rules.money
    said = []
    for i, lv in enumerate(content.tables.attack_levels):
        rounds = "no limit" if lv.rounds == "unlimited" else plural(int(lv.rounds), "round")
        said.append(f"{lv.name.lower()} {lv.resources}{' ' + money if i == 0 else ''}, {rounds}")
    if not said:
        return []
    return [
        "# Attack levels, each paid once for the whole attack there (SK 9.4):",
        "# " + "; ".join(said),
    ]


def deal_lines(money: str, lend: bool) -> list[str]:
    """The Diplomacy Phase's orders (SK 14.2, 14.3); a trial's template gave only the pieces.
    `lend`: units lent as auxiliaries (SK 19.5; SE 14.0 exchanges no units)."""
    units = ["#   A gives unit UNIT[, UNIT] to B (lent, SK 19.5);"] if lend else []
    return [
        "# One line per deal, then 'done'. A deal is made when every power it",
        "# names sends the same line (the same terms, in any order):",
        "# deal with POWER[, POWER]: TERM; TERM",
        f"# Terms: alliance; A gives N {money} to B; A gives N Manpower to B;",
        "#   A gives card CARD to B; A gives area AREA to B; A gives leader",
        "#   LEADER to B;",
        *units,
        "#   promise TEXT (SK 14.2, 14.3)",
        "# done",
    ]


def _war_lines(content: SoldierContent, s: SoldierState, power: str) -> list[str]:
    """SKO Allies and Declaring War: the power's wars, and what a declaration costs."""
    if not war.in_force(s) or power not in s.majors:
        return []
    foes = [p for p in sorted(s.majors) if p != power and war.at_war(s, power, p)]
    out = [f"# At war with: {join(foes) if foes else 'nobody'} (SKO Declaring War)"]
    others = [  # each passes the declaration's own checks (treasury, capital, peace)
        p
        for p in sorted(s.majors)
        if p != power
        and p not in foes
        and not war.declaration_problems(content, s, power, [war.Declaration(p, 1)])
    ]
    if others:
        c = war.cost(content, s, power, others[0])
        money = content.game.rules.money
        out.append(
            f"# A declaration is carried out before any move ({c.resources} {money}, "
            f"{c.manpower} Manpower on {others[0]}):"
        )
        out.append(f"# declare war on {others[0]}")
    return out


def _guerilla_lines(content: SoldierContent, s: SoldierState, power: str) -> list[str]:
    """SE 19.4: where the once-a-turn guerilla attack may go now, and how to write it."""
    g = content.tables.guerillas
    if g is None or g.power != power:
        return []
    areas = sorted(income.core_areas(content, power))
    open_ = [a for a in areas if guerillas.area_problem(content, s, power, a) is None]
    if not open_:
        return []
    return [
        "# Guerilla attack, once a turn (SE 19.4): guerilla AREA [at start | before land"
        " combat | at end]; possible now in: " + join(open_)
    ]


def _placement_problems(content: SoldierContent, s: SoldierState, power: str, lines: list[str]):
    """What the set-up orders' own rules (SoldierKings.parse/validate) say of these lines."""
    parsed = setup.parse_placement(
        content, s, power, [OrderLine(i + 1, x) for i, x in enumerate(lines)]
    )
    if parsed.problems:
        return parsed.problems
    placed = setup.resolve_placements(s, power, parsed.orders)
    if placed.problems:
        return placed.problems
    sc = content.scenario(s.scenario)
    return setup.check_placement(content, sc, s, power, placed.out, placed)


def setup_example(content: SoldierContent, s: SoldierState, power: str) -> list[str]:
    """A set-up that the placement rules accept (scenario set-up limits, SK 6.1 and the
    one-year special rules), written as a player would: the pieces with limits of
    their own (required leaders and armies, minor allies', hirelings', fleets) one line
    per area where the default placement puts them, then `place rest in AREA` for the
    power's own armies and generals, in the first area all of them may use. Checked
    with the same code that checks orders; if no single area takes the rest, the
    whole default placement, one line per area."""
    sc = content.scenario(s.scenario)
    units, leaders = setup.placed_by(s, power)
    if not units and not leaders:
        return []
    default = setup.default_placement(content, sc, s, power)
    full = [f"place {', '.join(ps)} in {a}" for a, ps in sorted(default.items()) if ps]
    required = {r.leader for r in sc.setup_rules(power, "leader")}
    for r in sc.setup_rules(power, "at_least"):
        country = r.country or power
        required |= {
            p
            for a in r.areas
            for p in default.get(a, [])
            if p in s.units and s.units[p].country == country and s.units[p].type == r.piece
        }

    def own(p: str) -> bool:
        if p in required:
            return False
        if p in s.units:
            return s.units[p].country == power and s.units[p].type == "army"
        return p in s.leaders and s.leaders[p].role == "general"

    fixed = []
    for area, ps in sorted(default.items()):
        keep = [p for p in ps if not own(p)]
        if keep:
            fixed.append(f"place {', '.join(keep)} in {area}")
    if any(own(p) for ps in default.values() for p in ps):
        for area in sorted(a for a in content.allowed_setup_areas(sc, power) if content.is_land(a)):
            lines = [*fixed, f"place rest in {area}"]
            if not _placement_problems(content, s, power, lines):
                return lines
    elif not _placement_problems(content, s, power, fixed):
        return fixed
    return full


def _valid(content: SoldierContent, s: SoldierState, power: str, lines: list[str]) -> bool:
    """Do these order lines pass the phase's own parse and validate (SoldierKings.parse,
    .validate), as if a player sent them?"""
    stage = phases.STAGES[s.stage]
    parsed = stage.parse(content, s, power, [OrderLine(i + 1, x) for i, x in enumerate(lines)])
    return not parsed.problems and not stage.validate(content, s, power, parsed.orders)


def _action_example(content: SoldierContent, s: SoldierState, power: str) -> list[str]:
    """A move next door and what it leads to, first against an enemy: an attack where
    enemy armies stand (SK 9.1), a siege where the area is enemy-held but empty (SK 12),
    else a plain move (SK 8). The first group the action rules accept, by area."""
    armies = sorted(
        (u for u in s.on_map(type_="army") if s.commander(u) == power and u.area),
        key=lambda u: (u.area, common.id_order(u.id)),
    )
    plain: list[str] = []
    for area in sorted({u.area for u in armies if u.area and content.is_land(u.area)}):
        unit = next(u.id for u in armies if u.area == area)
        for target in sorted(content.neighbours(area)):
            move = f"move {unit} to {target}"
            for then in (f"attack {target} assault", f"siege {target} 2 rounds"):
                if _valid(content, s, power, [move, then]):
                    return [move, then]
            if not plain and _valid(content, s, power, [move]):
                plain = [move]
    return plain


def reach(
    content: SoldierContent, s: SoldierState, power: str, area: str
) -> list[tuple[str, int, list[str]]]:
    """Where the power's whole group in `area` (its armies and generals) may move this
    action phase: (destination, half movement points, path), cheapest first, each
    destination checked with the movement rules' own check (SK 8.1-8.3, 13.3, 15.3)."""
    units = sorted(
        (u.id for u in s.on_map(area, "army") if s.commander(u) == power), key=common.id_order
    )
    leaders = sorted(
        n for n, ld in s.leaders.items()
        if ld.status == "map" and ld.area == area and ld.country == power and ld.role == "general"
    )  # fmt: skip
    if not units:
        return []
    limit = movement.allowance(content, s, units, leaders)
    best: dict[str, tuple[int, list[str]]] = {area: (0, [area])}
    frontier = [(0, area, [area])]
    while frontier:
        frontier.sort(key=lambda x: (x[0], x[1]))
        cost, here, path = frontier.pop(0)
        if here != area and any(
            not s.friendly(s.unit_side_country(u), power) for u in s.on_map(here, "army")
        ):
            continue  # SK 8.3: a group entering enemy armies stops there
        for nxt in sorted(content.neighbours(here)):
            c = cost + movement.step_cost(s, power, nxt)
            if c <= limit and (nxt not in best or c < best[nxt][0]):
                best[nxt] = (c, [*path, nxt])
                frontier.append((c, nxt, [*path, nxt]))
    out = []
    for dest, (c, path) in sorted(best.items(), key=lambda x: (x[1][0], x[0])):
        if dest == area:
            continue
        o = movement.MoveOrder(tuple(units), tuple(leaders), tuple(path[1:]), 1)
        if not movement.check_move(content, s, power, o, set()):
            out.append((dest, c, path))
    return out


def reach_lines(content: SoldierContent, s: SoldierState, power: str) -> list[str]:
    """For the order template: where each group can go this phase, at what cost, so that
    nobody learns the map from refusals (issue 18). A destination two areas off names
    its path (write it in the move: 'move ... to A, B')."""
    areas = sorted(
        {u.area for u in s.on_map(type_="army") if s.commander(u) == power and u.area}
        & {a.name for a in content.map.land_areas}
    )
    out = []
    paths = []
    for area in areas:
        got = reach(content, s, power, area)
        if not got:
            continue
        paths += [path[1:] for _dest, _c, path in got if len(path) > 2]
        said = [
            f"{dest} {c / 2:g}" + (f" (via {', '.join(path[1:-1])})" if len(path) > 2 else "")
            for dest, c, path in got
        ]
        out.append(f"# From {area}, the whole group can reach (MP): " + "; ".join(said))
    if paths:  # a trial player wrote 'move ... to Tyrol' for 'Tyrol 2.5 (via ...)'
        path = min(paths, key=lambda p: (len(p), p))
        out.append(
            "# A move names every area on its way, the 'via' areas then the "
            f"destination: move PIECES to {', '.join(path)}"
        )
    return out


# The standing orders each game takes (the `Phase: standing` envelope of every report;
# docs/orders-soldier-kings.md and docs/orders-soldier-emperor.md, "Standing orders").
STANDING_SK = (
    "# Standing orders Soldier Kings takes (docs/orders-soldier-kings.md): retreat,"
    " hold out, casualties, extra losses, first casualty, leader checks, capture"
    " leaders, take, initiative (Prussia), unsupported, unpaid, keep alliance, siege"
    " control, intercept, fleets fight, capture fleets, bribe, accept, liberate,"
    " release, play/react (cards).",
)
STANDING_SE = (
    "# Standing orders Soldier Emperor takes (docs/orders-soldier-emperor.md):"
    " initiative (France), leader checks, capture leaders, hold out, casualties, extra"
    " losses, first casualty, retreat, fleets fight, capture fleets, intercept,"
    " unsupported, unpaid, keep alliance, siege control, take, take auxiliaries, peace"
    " with, bribe, accept, liberate, play/react (cards), guerilla (Spain), banner"
    " (Turkey).",
)
