"""Setting up a one-year scenario: the counters of the mix, the forces each power
starts with (SK 3.0, 6.1 random selection), the deal (SK 3.0), and the set-up
placement phase (One-Year Scenario Special Rules; scenario Starting Forces)."""

from __future__ import annotations

import re
from collections import Counter as Tally
from dataclasses import dataclass, field

from pbem.resolution import Resolution
from pbem.ruleset import OrderLine, Parsed, Problem

from . import capitals, minor_rules, sko_end, war
from .calendar import phase_id
from .content import Scenario, SoldierContent
from .events import CardsDealt, LeadersSelected, PiecesPlaced, ScenarioStarted, UnitsSelected
from .names import Names, Piece
from .state import SoldierState

HAND_SIZE = 5  # SK 3.0


def counter_mix(content: SoldierContent) -> list[dict]:
    """Every counter with its id: country abbreviation, A or F, and a number (new dicts
    and lists each time, from the mix read once per content)."""
    got = _MIX.get(id(content))
    if got is None or got[0] is not content:
        got = _MIX[id(content)] = (content, _mix(content))
    return [{**u, "full": list(u["full"]), "reduced": list(u["reduced"])} for u in got[1]]


_MIX: dict[int, tuple[SoldierContent, list[dict]]] = {}  # id(content) -> (it, its mix)


def _mix(content: SoldierContent) -> list[dict]:
    out, seen = [], Tally()
    for u in content.pieces.units:
        abbr = content.country(u.power).abbreviation
        letter = "A" if u.type == "army" else "F"
        for _ in range(u.count):
            seen[(abbr, letter)] += 1
            out.append(
                {
                    "id": f"{abbr}-{letter}{seen[(abbr, letter)]}",
                    "country": u.power,
                    "type": u.type,
                    "full": list(u.full),
                    "reduced": list(u.reduced),
                    "provincial": u.provincial,
                    **({"never_rebuilt": True} if u.never_rebuilt else {}),  # SE 19.9
                }
            )
    return out


def campaign_end(sc: Scenario, end: str | None, first_year: int) -> tuple[int, bool]:
    """SK World at War, Timeframe: (last turn, random end). To Turn 28; or, "for a shorter
    game", to the end of a year the players choose (`end=1759`: its Winter turn); or a
    random end (`end=random`, see winter.random_end)."""
    if end is None or end == "":
        return sc.last_turn, False
    if str(end).casefold() == "random":
        return sc.last_turn, True
    return (int(end) - first_year) * 4 + 4, False


def start(
    ctx: Resolution,
    content: SoldierContent,
    sc: Scenario,
    end: str | None = None,
    options: tuple[str, ...] = (),
) -> None:
    """Emit the scenario's opening events (`end`: the campaign's timeframe option;
    `options`: the optional rules switched on, options.on)."""
    last_turn, random_end = campaign_end(sc, end, content.game.first_year)
    last_turn = sko_end.last_turn(content, options, last_turn)  # SKO Ending the game
    treasury = {f.power: (f.resources, f.manpower) for f in sc.forces if f.resources is not None}
    control = {}
    for area in content.map.land_areas:
        who = sc.controller(area)
        if who:
            control[area.name] = who
    order = sorted({p.setup_order for p in sc.players})
    setup_order = [[pw for p in sc.players if p.setup_order == k for pw in p.powers] for k in order]
    if sc.rules == "campaign":
        setup_order = campaign_order(ctx, sc, content.game.rules.setup_dice)
    ctx.emit(
        ScenarioStarted(
            scenario=sc.name,
            number=sc.number,
            first_turn=sc.first_turn,
            last_turn=last_turn,
            random_end=random_end,
            options=sorted(options),
            players={p.name: list(p.powers) for p in sc.players},
            setup_order=setup_order,
            majors=list(sc.powers),
            allies={m.country: m.ally for m in sc.minor_allies},
            control=control,
            treasury=treasury,
            units=counter_mix(content),
            leaders=[
                {
                    "name": ld.name,
                    "country": ld.power,
                    "role": ld.role,
                    "rating": ld.rating,
                    "movement": ld.movement,
                    "royal": ld.royal,
                    **({"abilities": list(ld.abilities)} if ld.abilities else {}),
                }
                for ld in content.pieces.leaders
            ],
            # SK 3.0: the one-year games without the Globe cards; World at War: "Use all
            # event cards"
            deck=sorted(content.deck(globe=sc.rules == "campaign")),
            frozen={s.power: s.until_turn for s in sc.special if s.kind == "frozen"},
            subsidies=[s.model_dump(mode="json") for s in sc.special if s.kind == "subsidy"],
        )
    )
    for f in sc.forces:
        _select(ctx, f.power, f)
    capitals.update(ctx, content)  # SKO Imperial Capitals: the garrison steps
    war.at_start(ctx, sc.first_turn)  # SKO War States in 1756
    minor_rules.conquests(ctx, content)  # SK 18.7: a minor all held by enemies (1757: Saxony)
    deal(ctx, sorted(ctx.state.players), HAND_SIZE)


# SK World at War: the players place one piece each in turn, the high roller first. By
# mail that would be a round trip a piece; pbem batches it in PLACEMENT_ROUNDS rounds:
# in each, every player in turn places his share of the pieces he has left (half,
# rounded up, in the first of two rounds; the rest in the last), seeing what the
# players before him placed (docs/orders-soldier-kings.md).
PLACEMENT_ROUNDS = 2


def campaign_order(ctx: Resolution, sc: Scenario, dice: int = 1) -> list[list[str]]:
    """SK World at War: each player rolls a die (SE errata 6: two dice), the highest
    places first (ties roll again), then the player to his left: the players in the
    scenario's order, from him. The rotation, once per placement round."""
    names = [p.name for p in sorted(sc.players, key=lambda p: p.setup_order)]
    tied = list(names)
    while len(tied) > 1:
        rolls = {n: sum(ctx.roll(f"set-up: {n} rolls to place first", dice)) for n in tied}
        tied = [n for n in tied if rolls[n] == max(rolls.values())]
    k = names.index(tied[0])
    powers = {p.name: list(p.powers) for p in sc.players}
    return [powers[n] for n in names[k:] + names[:k]] * PLACEMENT_ROUNDS


def batch(s: SoldierState, power: str) -> int | None:
    """How many pieces `power` places in this set-up step; None: all it has left (its
    last round, and every one-year set-up, which has one)."""
    k = s.setup_round
    mine = [i for i, side in enumerate(s.setup_order) if power in side and i >= k]
    if len(mine) <= 1:
        return None
    units, leaders = placed_by(s, power)
    return -(-(len(units) + len(leaders)) // len(mine))


def setup_round(s: SoldierState, power: str) -> tuple[int, int]:
    """(this placement round of `power`, its rounds in all), from 1."""
    mine = [i for i, side in enumerate(s.setup_order) if power in side]
    return sum(1 for i in mine if i <= s.setup_round), len(mine)


def _select(ctx: Resolution, power: str, forces) -> None:
    s: SoldierState = ctx.state
    if forces.leaders:
        ctx.emit(LeadersSelected(country=power, leaders=list(forces.leaders)))

    def pool(country: str, type_: str, strength=None, provincial: bool = False) -> list[str]:
        return sorted(
            (
                u.id
                for u in s.of_country(country)
                if u.type == type_
                and u.status == "pool"
                and u.provincial == provincial  # SK 19.42: provincials never in Europe
                and (strength is None or tuple(u.full) == tuple(strength))
            ),
            key=_id_order,
        )

    specific = []
    for spec in forces.armies:
        have = pool(power, "army", spec.strength)
        specific += have[: spec.count]
    if specific:
        ctx.emit(UnitsSelected(country=power, units=specific, how="specific"))
    for type_, n in (("army", forces.random_armies), ("fleet", forces.random_fleets)):
        if n:
            ctx.emit(
                UnitsSelected(
                    country=power,
                    units=_draw(ctx, pool(power, type_), n, f"{power} {type_}"),
                    how="random",
                )
            )
    if forces.provincial:  # SK 19.4, World at War's Starting Forces
        units = _draw(
            ctx, pool(power, "army", provincial=True), forces.provincial, f"{power} provincial army"
        )
        ctx.emit(UnitsSelected(country=power, units=units, how="random"))
    for hire in forces.mercenaries:
        units = _draw(
            ctx, pool(hire.country, "army"), hire.count, f"{hire.country} army hired by {power}"
        )
        ctx.emit(UnitsSelected(country=hire.country, units=units, how="random", hired_by=power))


def _draw(ctx: Resolution, pool: list[str], n: int, what: str) -> list[str]:
    """SK 6.1: draw n counters of a type at random from the pool."""
    pool = list(pool)
    out = []
    for k in range(n):
        out.append(pool.pop(ctx.pick(f"random selection: {what} {k + 1} of {n}", len(pool))))
    return sorted(out, key=_id_order)


def deal(ctx: Resolution, players: list[str], n: int) -> None:
    """SK 3.0: deal n cards to each player from the hidden stream."""
    for player in players:
        deck = sorted(ctx.state.deck)
        cards = []
        for k in range(min(n, len(deck))):
            cards.append(deck.pop(ctx.draw(f"deal to {player}, card {k + 1}", len(deck))))
        ctx.emit(CardsDealt(player=player, cards=sorted(cards)))


def _id_order(uid: str) -> tuple[str, int]:
    """Au-A2 before Au-A10."""
    prefix, num = uid.rsplit("-", 1)
    return (prefix + num[0], int(num[1:]))


# --- the set-up placement phase ---------------------------------------------------


def setup_phase(content: SoldierContent, s: SoldierState, k: int) -> str:
    return phase_id(s.first_turn, f"setup-{k + 1}", content.game.first_year)


def placed_by(s: SoldierState, power: str) -> tuple[list[str], list[str]]:
    """Counters and leaders `power` must place now: its own, its minor allies', its hirelings'."""
    units = sorted(
        (u.id for u in s.units.values() if u.status == "setup" and s.commander(u) == power),
        key=_id_order,
    )
    leaders = sorted(
        ld.name
        for ld in s.leaders.values()
        if ld.status == "setup" and (ld.country == power or s.allies.get(ld.country) == power)
    )
    return units, leaders


Placement = tuple[
    str | None, list[Piece] | str, int
]  # area (None: did not read), pieces or "rest", line


def parse_placement(
    content: SoldierContent, s: SoldierState, power: str, lines: list[OrderLine]
) -> Parsed:
    """`place PIECES in AREA`, or `AREA: PIECES`; `rest` means every piece not yet named.
    A line that does not read is kept with no area: its pieces count as named (they
    are not `rest`, nor "not placed"), but where they go is not known, so the checks
    that need it wait until the line reads."""
    names = Names(content, s)
    problems: list[Problem] = []
    placements: list[Placement] = []
    for ol in lines:
        text = ol.text.split("#", 1)[0].strip()
        if not text:
            continue
        low = text.casefold()
        if low.startswith("place "):
            body = text[6:]
            where = body.casefold().rfind(" in ")
            if where < 0:
                problems.append(Problem("write: place PIECES in AREA", ol.line))
                what = body.strip()
                placements.append((None, _named(names, what), ol.line))
                continue
            what, area_text = body[:where], body[where + 4 :]
        elif ":" in text:
            area_text, _, what = text.partition(":")
        else:
            verb = text.split()[0]
            problems.append(
                Problem(
                    f"{verb!r} is not a set-up order (place)",
                    ol.line,
                    "place" if verb.lower().startswith("pl") else None,
                )
            )
            body = text[len(verb) :]
            where = body.casefold().rfind(" in ")
            if where >= 0:  # a misspelt `place`: what it names is not "not placed"
                placements.append((None, _named(names, body[:where].strip()), ol.line))
            continue
        before = len(problems)
        area = names.area(area_text, ol.line, problems)
        pieces: list[Piece] | str = (
            "rest" if what.strip().casefold() == "rest" else names.pieces(what, ol.line, problems)
        )
        placements.append((area if len(problems) == before else None, pieces, ol.line))
    return Parsed(placements, problems, checkable=True, good=placements)


def _named(names: Names, what: str) -> list[Piece] | str:
    """The pieces a line that does not read names, as far as they read (no problems)."""
    if what.casefold() == "rest":
        return "rest"
    return names.pieces(what, 0, [])


@dataclass
class Placed:
    """A set-up envelope's placements, resolved: where each piece goes and which line
    puts it there."""

    out: dict[str, list[str]] = field(default_factory=dict)  # area -> pieces
    problems: list[Problem] = field(default_factory=list)
    line: dict[str, int] = field(default_factory=dict)  # piece -> the line placing it
    rest_line: int | None = None
    unknown: set[str] = field(default_factory=set)  # on lines that did not read


def resolve_placements(s: SoldierState, power: str, placements: list[Placement]) -> Placed:
    units, leaders = placed_by(s, power)
    todo = set(units) | set(leaders)
    r = Placed()
    named: set[str] = set()  # on lines that did not read
    rest_area: tuple[str | None, int] | None = None
    for area, pieces, line in placements:
        if pieces == "rest":
            rest_area = (area, line)
            continue
        if area is None:  # the line did not read: its pieces are named, nowhere yet
            named |= {p.name for p in pieces}
            continue
        for p in pieces:
            if p.name not in todo and p.name not in r.line:
                r.problems.append(
                    Problem(f"{p.name} is not one of the pieces {power} sets up now", line)
                )
            elif p.name in r.line:
                r.problems.append(
                    Problem(f"{p.name} is placed twice (also on line {r.line[p.name]})", line)
                )
            else:
                r.line[p.name] = line
                r.out.setdefault(area, []).append(p.name)
    r.unknown = named - set(r.line)
    left = [x for x in [*units, *leaders] if x not in r.line and x not in r.unknown]
    need = batch(s, power)
    if need is not None:  # a round of the campaign's set-up: exactly its share, by name
        now, rounds = setup_round(s, power)
        there = len(r.line) + len(r.unknown)
        if rest_area:
            r.problems.append(
                Problem(
                    f"set-up round {now} of {rounds}: place {need} of your {len(todo)} pieces "
                    "by name; 'rest' would place them all",
                    rest_area[1],
                )
            )
        elif there != need:
            r.problems.append(
                Problem(
                    f"set-up round {now} of {rounds}: place {need} of your {len(todo)} pieces "
                    f"now (these orders place {there}); the others in the next round"
                )
            )
        return r
    if left and rest_area and rest_area[0] is None:
        r.unknown |= set(left)  # `place rest in` an area that did not read
    elif left and rest_area:
        area, r.rest_line = rest_area
        r.out.setdefault(area, []).extend(left)
        r.line |= dict.fromkeys(left, r.rest_line)
    elif left:
        r.problems.append(
            Problem(f"not placed: {', '.join(left)} (name them, or add 'place rest in AREA')")
        )
    return r


def check_placement(
    content: SoldierContent,
    sc: Scenario,
    s: SoldierState,
    power: str,
    out: dict[str, list[str]],
    placed: Placed | None = None,
) -> list[Problem]:
    """Every way a placement breaks the scenario's limits, each on the line placing the
    pieces (from `placed`, when the placement comes from orders)."""
    placed = placed or Placed()
    lines = placed.line
    bad: list[Problem] = []
    where: dict[str, str] = {p: a for a, ps in out.items() for p in ps}
    for area, pieces in out.items():
        land = content.is_land(area)
        wrong: dict[tuple, list[str]] = {}  # (line, what is wrong) -> pieces, in order
        for p in pieces:
            country = s.units[p].country if p in s.units else s.leaders[p].country
            if p in s.units and s.units[p].hired_by:
                country = s.units[p].hired_by
            allowed = content.allowed_setup_areas(sc, country)
            if area not in allowed:
                why = ("allowed", ", ".join(sorted(allowed)))
            elif not land:
                why = ("sea", "")
            elif (
                p in s.units and s.units[p].type == "fleet" and not content.land_area(area).coastal
            ):
                why = ("inland", "")
            else:
                continue
            wrong.setdefault((lines.get(p), *why), []).append(p)
        for (line, kind, allowed_text), ps in wrong.items():
            who = ", ".join(ps)
            if kind == "allowed":
                msg = f"{who} may not set up in {area} (allowed: {allowed_text})"
            elif kind == "sea":
                msg = f"{who} must set up in a land area, not the sea area {area}"
            else:
                fleets = "fleet" if len(ps) == 1 else "fleets"
                msg = f"{fleets} {who} must set up in a coastal area; {area} is inland (SK 6.3)"
            if line is not None and line == placed.rest_line:
                them = "them" if len(ps) > 1 else "it"
                msg += f"; 'rest' puts {them} there: place {them} by name"
                if kind == "allowed":
                    msg += f", e.g. 'place {who} in {allowed_text.split(', ')[0]}'"
            bad.append(Problem(msg, line))
        # opposing pieces already there (the other side set up first)
        enemies = sorted({u.country for u in s.on_map(area) if not s.friendly(u.country, power)})
        first = min((lines[p] for p in pieces if p in lines), default=None)
        for enemy in enemies:
            shared = any(
                r.kind == "shared" and area in r.areas and {power, enemy} <= set(r.powers)
                for r in sc.setup.rules
            )
            if not shared:
                bad.append(
                    Problem(
                        f"{area} holds {enemy}'s units; {power} may not set up there too", first
                    )
                )
    for r in sc.setup_rules(power, "at_least"):
        country = r.country or power

        def counts(p: str, r=r, country=country) -> bool:
            u = s.units.get(p)
            return u is not None and u.country == country and u.type == r.piece

        n = sum(1 for p, a in where.items() if counts(p) and a in r.areas)
        if n < r.count and not any(counts(p) for p in placed.unknown):
            bad.append(
                Problem(
                    f"at least {r.count} {country} {r.piece}(s) must set up in {' or '.join(r.areas)}; {n} do"
                )
            )
    for r in sc.setup_rules(power, "provincial"):  # SK 19.42
        for area, pieces in out.items():
            off = [
                p for p in pieces if p in s.units and s.units[p].provincial and area not in r.areas
            ]
            if off:
                bad.append(
                    Problem(
                        f"{', '.join(off)} (provincial) may set up only in {', '.join(r.areas)} "
                        f"(SK 19.42), not {area}",
                        lines.get(off[0]),
                    )
                )
    for r in sc.setup_rules(power, "leader"):
        if where.get(r.leader) not in r.areas and r.leader not in placed.unknown:
            bad.append(
                Problem(f"{r.leader} must set up in {' or '.join(r.areas)}", lines.get(r.leader))
            )
    return bad


def default_placement(
    content: SoldierContent, sc: Scenario, s: SoldierState, power: str
) -> dict[str, list[str]]:
    """The documented default (docs/orders-soldier-kings.md): required pieces first
    (named leaders, `at least` rules), then armies round-robin over the allowed land
    areas with a Manpower value, strongest fortification first, then fleets
    round-robin over the allowed coastal areas (provincial armies over their areas,
    SK 19.42); leaders join the largest army. In a round of the campaign's set-up,
    the first of these that make the round's share."""
    units, leaders = placed_by(s, power)
    out: dict[str, list[str]] = {}
    seq: list[tuple[str, str]] = []  # (area, piece), in the order they were placed
    left_units = list(units)
    left_leaders = list(leaders)

    def ok(area: str, country: str) -> bool:
        return not check_placement(
            content, sc, s, power, {area: []}
        ) and area in content.allowed_setup_areas(sc, country)

    for r in sc.setup_rules(power, "at_least"):
        country = r.country or power
        cands = [
            u for u in left_units if s.units[u].country == country and s.units[u].type == r.piece
        ]
        for u in cands[: r.count]:
            seq.append((r.areas[0], u))
            left_units.remove(u)
    for r in sc.setup_rules(power, "leader"):
        if r.leader in left_leaders:
            seq.append((r.areas[0], r.leader))
            left_leaders.remove(r.leader)
    provincial = [a for r in sc.setup_rules(power, "provincial") for a in r.areas]

    def ranked(country: str, coastal: bool) -> list[str]:
        areas = [
            content.land_area(a)
            for a in content.allowed_setup_areas(sc, country)
            if content.is_land(a) and (not coastal or content.land_area(a).coastal)
        ]
        areas = [a for a in areas if ok(a.name, country) and (coastal or a.manpower)] or areas
        return [
            a.name for a in sorted(areas, key=lambda a: (-a.fortification, -a.resources, a.name))
        ]

    turn: dict[tuple[str, str, bool], int] = {}
    for u in left_units:
        c = s.units[u]
        country = c.hired_by or c.country
        areas = ranked(country, c.type == "fleet")
        if c.provincial and provincial:
            areas = [a for a in areas if a in provincial] or provincial
        k = turn.get((country, c.type, c.provincial), 0)
        turn[(country, c.type, c.provincial)] = k + 1
        seq.append((areas[k % len(areas)], u))
    for area, p in seq:
        out.setdefault(area, []).append(p)
    for ld in left_leaders:
        country = s.leaders[ld].country
        own = [
            a
            for a, ps in out.items()
            if any(p in s.units and s.units[p].country == country for p in ps)
        ]
        best = max(
            own,
            key=lambda a: (sum(p in s.units for p in out[a]), a),
            default=ranked(country, False)[0],
        )
        out.setdefault(best, []).append(ld)
        seq.append((best, ld))
    need = batch(s, power)
    if need is None:
        return out
    share: dict[str, list[str]] = {}
    for area, p in seq[:need]:
        share.setdefault(area, []).append(p)
    return share


def placement_event(out: dict[str, list[str]], power: str, defaulted: bool) -> PiecesPlaced:
    return PiecesPlaced(
        power=power,
        placements={a: sorted(ps, key=_sort_piece) for a, ps in sorted(out.items())},
        defaulted=defaulted,
    )


def _sort_piece(p: str) -> tuple[int, str, int]:
    """Counters (by id) before leaders (by name)."""
    if re.fullmatch(r"[A-Za-z]{1,3}-[AF]\d+", p):
        key = _id_order(p)
        return (0, key[0], key[1])
    return (1, p, 0)


def describe_scenario(content: SoldierContent, sc: Scenario) -> str:
    """The scenario as a referee reads it before `pbem new`."""
    from .calendar import label

    out = [
        f"Scenario #{sc.number}: {sc.name} (turns {sc.first_turn}-{sc.last_turn}: "
        f"{label(sc.first_turn, content.game.first_year)} to "
        f"{label(sc.last_turn, content.game.first_year)})",
        "",
        "Players (set-up order):",
    ]
    for p in sorted(sc.players, key=lambda p: p.setup_order):
        out.append(f"  {p.setup_order}. {p.name}: {', '.join(p.powers)}")
    for m in sc.minor_allies:
        out.append(f"  {m.country} is {m.ally}'s minor country ally")
    out += ["", "Starting forces:"]
    for f in sc.forces:
        parts = list(f.leaders)
        parts += [f"{a.count} {'-'.join(map(str, a.strength))} army" for a in f.armies]
        if f.random_armies:
            parts.append(f"{f.random_armies} other armies (random)")
        if f.random_fleets:
            parts.append(f"{f.random_fleets} fleet{'s' if f.random_fleets > 1 else ''} (random)")
        if f.provincial:
            parts.append(f"{f.provincial} provincial army")
        parts += [f"{h.count} {h.country} mercenary army (hired)" for h in f.mercenaries]
        money = (
            f"; {f.resources} Resources, {f.manpower} Manpower" if f.resources is not None else ""
        )
        out.append(f"  {f.power}: {', '.join(parts)}{money}")
    if sc.control:
        out += ["", "Control at the start (SK 7.1):"]
        out += [f"  {c.power} controls {c.area}" for c in sc.control]
    out += ["", "Set-up limits:"]
    for r in sc.setup.rules:
        if r.kind == "allowed":
            where = sorted(content.allowed_setup_areas(sc, r.power))
            out.append(f"  {r.power} sets up in: {', '.join(where)}")
        elif r.kind == "at_least":
            out.append(
                f"  at least {r.count} {r.country or r.power} {r.piece}(s) in {' or '.join(r.areas)}"
            )
        elif r.kind == "leader":
            out.append(f"  {r.leader} ({r.power}) sets up in {' or '.join(r.areas)}")
        elif r.kind == "provincial":
            out.append(f"  {r.power}'s provincial armies set up in {', '.join(r.areas)}")
        else:
            out.append(f"  {' and '.join(r.powers)} may both set up in {', '.join(r.areas)}")
    if sc.special:
        out += ["", "Special instructions:"]
        for x in sc.special:
            if x.kind == "subsidy":
                out.append(
                    f"  in the Purchase Phase of Turn {x.turn}, {x.giver} may give {x.receiver} up to {x.max_resources} Resources"
                )
            else:
                retreat = " (they may retreat if attacked)" if x.may_retreat else ""
                out.append(
                    f"  no {x.power} unit or leader may move until Turn {x.until_turn}{retreat}"
                )
    return "\n".join(out)
