"""A scripted player for demos and end-to-end tests: plain, legal, deterministic
orders for any power at any step, written as a player would write them. Not an AI
worth playing against; it exists to drive every rule through real envelopes."""

from __future__ import annotations

from pbem.ruleset import Step

from . import alliances, combat, combat_results, movement, naval_orders, setup, sko_demo
from .content import SoldierContent
from .state import SoldierState

RESERVE = 2  # Resources kept back for attacks and sieges


def orders(content: SoldierContent, s: SoldierState, power: str, step: Step) -> list[str]:
    if s.stage == "setup":
        return _setup(content, s, power)
    if s.stage == "purchase":
        return _purchase(content, s, power)
    if s.stage == "action":
        return _action(content, s, power)
    if s.stage == "diplomacy":
        return _diplomacy(content, s, power)
    return []


def _diplomacy(content: SoldierContent, s: SoldierState, power: str) -> list[str]:
    """Each side of a deal writes the same deal, read from the same state."""
    lines = [
        f"deal with {', '.join(p for p in parties if p != power)}: {terms}"
        for parties, terms in _deals(content, s)
        if power in parties
    ]
    return [*lines, "done"]


def _deals(content: SoldierContent, s: SoldierState) -> list[tuple[tuple[str, ...], str]]:
    """Formal alliances, paired in a fixed order (each unallied power with the first of
    another player's it may ally with); a Resource from each ally to the other, while
    it has 6 or more and some Manpower (SK 7.5); captured leaders ransomed for 2 Resources
    (SK 16.1, 14.1, 13.7)."""
    out: list[tuple[tuple[str, ...], str]] = []
    money = content.game.rules.money  # SE 7.0: Money
    free = [p for p in sorted(s.majors) if not any(p in g for g in s.alliances)]
    taken: set[str] = set()
    for a in free:
        for b in free:
            if a in taken or b <= a or b in taken or s.player_of(a) == s.player_of(b):
                continue
            if alliances.prohibited(content, s, a, b) is None:
                out.append(((a, b), "alliance"))
                taken |= {a, b}
            elif alliances.prohibited(content, s, a, b, card=True) is None:
                # SE 14.4, 16.3: the alliance card, if either holds one
                card = content.tables.alliance_card.card  # type: ignore[union-attr]
                holder = next((p for p in (a, b) if card in s.hands.get(s.player_of(p), [])), None)
                if holder is not None:
                    out.append(((a, b), f"alliance; {holder} plays {card}"))
                    taken |= {a, b}
    for g in s.alliances:
        for a in g:
            for b in g:
                t = s.treasury[a]  # SK 7.5 / SE 7.4: nothing from a power at zero
                if a != b and s.player_of(a) != s.player_of(b) and t.resources >= 6 and not t.zero:
                    out.append((tuple(sorted((a, b))), f"{a} gives 1 {money} to {b}"))
    for name, ld in sorted(s.leaders.items()):
        owner = s.major_of(ld.country)
        captor = ld.captured_by
        rich = owner is not None and s.treasury[owner].resources >= 4
        rich = rich and not s.treasury[owner].zero  # SK 7.5 / SE 7.4
        if ld.status == "captured" and captor in s.majors and owner != captor and rich:
            out.append(
                (
                    tuple(sorted((captor, owner))),
                    f"{captor} gives leader {name} to {owner}; {owner} gives 2 {money} to {captor}",
                )
            )
    return out


def standing_orders(s: SoldierState, power: str, content: SoldierContent) -> list[str]:
    """What the scripted players tell the referee in advance."""
    own = sorted(
        (u for u in s.units.values() if u.status == "setup" and s.commander(u) == power),
        key=lambda u: (u.full, u.id),
    )
    lines = []
    if own:  # the weakest armies take the losses first, where the rules leave a choice
        lines.append("casualties " + " ".join(u.id for u in own[:3]))
    if power == content.game.rules.initiative_power:
        lines.append("initiative +2")  # SK 4.1 / SE 4.1
    return [*lines, *sko_demo.standing(s, power)]


def _setup(content: SoldierContent, s: SoldierState, power: str) -> list[str]:
    """The scenario's required pieces and the minor allies' where the default puts
    them; every other piece of the power's own on its most contested frontier area."""
    sc = content.scenario(s.scenario)
    out = setup.default_placement(content, sc, s, power)
    if setup.batch(s, power) is not None:  # a round of the campaign's set-up: its share
        return [f"place {', '.join(ps)} in {a}" for a, ps in sorted(out.items())]
    required = set()
    for r in sc.setup_rules(power, "leader"):
        required.add(r.leader)
    for r in sc.setup_rules(power, "at_least"):
        country = r.country or power
        required |= {
            p
            for a in r.areas
            for p in out.get(a, [])
            if p in s.units and s.units[p].country == country and s.units[p].type == r.piece
        }
    allowed = sorted(a for a in content.allowed_setup_areas(sc, power) if content.is_land(a))
    ok = [a for a in allowed if not setup.check_placement(content, sc, s, power, {a: []})]

    def front(a: str) -> tuple[int, int, str]:
        hostile = sum(
            1
            for b in content.neighbours(a)
            if s.control.get(b) and not s.friendly(s.control.get(b), power)
        )
        return (hostile, content.land_area(a).fortification, a)

    target = max(ok or allowed, key=front)
    lines = []
    for area, pieces in sorted(out.items()):
        keep = [
            p for p in pieces
            if p in required
            or (p in s.units and (s.units[p].country != power or s.units[p].type == "fleet"))
            or (p in s.leaders and s.leaders[p].role == "admiral")
        ]  # fmt: skip
        if keep:
            lines.append(f"place {', '.join(keep)} in {area}")
    return [*lines, f"place rest in {target}"]


def _purchase(content: SoldierContent, s: SoldierState, power: str) -> list[str]:
    t = s.treasury[power]
    cost = content.tables.costs
    lines = []
    money, men = t.resources - RESERVE, t.manpower
    for sub in s.subsidies:  # scenario subsidies (e.g. Britain to Prussia): always paid in full
        if sub["giver"] == power and sub["turn"] == s.turn:
            n = min(sub["max_resources"], money)
            if n > 0:
                lines.append(f"give {n} to {sub['receiver']}")
                money -= n
    for u in sorted(s.on_map(type_="army"), key=lambda u: u.id):
        c = cost.recover_army
        if (
            s.commander(u) == power
            and u.country == power
            and u.is_reduced
            and money >= c.resources
            and men >= c.manpower
        ):
            lines.append(f"recover {u.id}")
            money, men = money - c.resources, men - c.manpower
    c = cost.purchase_army
    if (
        money >= c.resources
        and men >= c.manpower
        and any(
            u.country == power and u.type == "army" and u.status == "pool" and not u.provincial
            for u in s.units.values()
        )
    ):
        lines.append("buy army")
        money -= c.resources
    return [*lines, *sko_demo.upgrade(content, s, power, money)]


def _action(content: SoldierContent, s: SoldierState, power: str) -> list[str]:
    """Each stack with a general, or of two or more armies (any army off Europe), marches
    on the nearest enemy area next door; it attacks what it finds there, or besieges it."""
    declared, s = sko_demo.declarations(content, s, power)  # SKO Declaring War
    lines: list[str] = [*declared, *_naval(content, s, power)]
    t = s.treasury[power]
    money = t.resources if t.manpower > 0 else 0  # SK 7.5: nothing spent with zero Manpower
    stacks: dict[str, list[str]] = {}
    for u in s.on_map(type_="army"):
        if s.commander(u) == power and u.id not in s.acted and s.frozen.get(u.country, 0) <= s.turn:
            stacks.setdefault(u.area, []).append(u.id)
    held, money = sko_demo.capital_sieges(content, s, power, sorted(stacks), money, lines)
    targets_taken: set[str] = set(held)
    for area in sorted(set(stacks) - held):
        units = sorted(stacks[area])
        generals = [
            ld.name for ld in s.leaders_in(area) if ld.country == power and ld.role == "general"
        ]
        if len(units) < 2 and not generals and content.map_of(area) == "europe":
            continue  # off Europe a single army goes too: the colonial war
        for dest in sko_demo.first_targets(content, s, power, sorted(content.neighbours(area))):
            owner = s.control.get(dest)
            if dest in targets_taken or owner is None or s.friendly(owner, power):
                continue
            if owner not in s.majors and owner not in s.allies:
                continue  # neutral: leave it alone
            order = movement.MoveOrder(tuple(units), tuple(generals), (dest,), 0)
            if movement.check_move(content, s, power, order, set()):
                continue
            enemies = combat_results.enemies_in(s, power, dest)
            mine = sum(s.units[u].attack for u in units)
            theirs = sum(s.units[u].attack for u in enemies)
            if enemies and mine < theirs:
                continue
            cost = (
                combat.attack_cost(content, "Assault")
                if enemies
                else content.tables.costs.siege_round.resources * 2
            )
            if cost > money:
                continue
            money -= cost
            targets_taken.add(dest)
            lines.append(f"move {' '.join(units + generals)} to {dest}")
            sides = sorted({s.commander(s.units[x]) or s.units[x].country for x in enemies})
            against = f" against {sides[0]}" if len(sides) > 1 else ""  # SK 9.3
            lines.append(f"attack {dest} assault{against}" if enemies else f"siege {dest} 2 rounds")
            break
    return lines


def _voyage(content: SoldierContent, s: SoldierState, power: str, sea: str) -> list[str] | None:
    """In the campaign's Summer turns, a fleet group at sea on the Europe map sails by the
    Worldwide Naval Movement track (SK 10.7) to the nearest sea area of another map that
    has a friendly port, within its three movement points: the path, or None."""
    if content.is_land(sea) or content.map_of(sea) != "europe":
        return None
    paths = {sea: [sea]}
    frontier = [sea]
    for _ in range(3):  # SK 10.1: a fleet moves three areas
        nxt = []
        for a in frontier:
            for b in sorted(content.sea_neighbours(a)):
                if b in paths:
                    continue
                paths[b] = [*paths[a], b]
                nxt.append(b)
                on = content.map_of(b)
                ports = [c for c in content.coastal_areas(b) if s.friendly(s.control.get(c), power)]
                if on not in ("europe", "track") and ports:
                    return paths[b][1:]
        frontier = nxt
    return None


def _naval(content: SoldierContent, s: SoldierState, power: str) -> list[str]:
    """The fleets in each area sail as one group (SK 10.3): out of port into the first sea
    area it adjoins, or from the open sea into the first friendly port on it (SK 10.2).
    Enemy fleets on the way may intercept them (SK 10.4): the demo has its sea fights."""
    lines = []
    groups: dict[str, list[str]] = {}
    for u in s.on_map(type_="fleet"):
        if s.commander(u) == power and u.id not in s.acted and s.frozen.get(u.country, 0) <= s.turn:
            groups.setdefault(u.area or "", []).append(u.id)
    for area in sorted(groups):
        fleets = sorted(groups[area])
        voyage = _voyage(content, s, power, area) if s.turn % 4 == 2 else None
        if voyage is not None:
            _, problems = naval_orders.check_sail(
                content, s, power, fleets, [], [], voyage, None, 0, set()
            )
            if not problems:
                lines.append(f"sail {' '.join(fleets)} to {', '.join(voyage)}")
                continue
        if content.is_land(area):
            dest = sorted(content.land_area(area).seas)[0]
        else:
            ports = [
                c
                for c in sorted(content.coastal_areas(area))
                if s.friendly(s.control.get(c), power)
            ]
            if not ports:
                continue
            dest = ports[0]
        _, problems = naval_orders.check_sail(
            content, s, power, fleets, [], [], [dest], None, 0, set()
        )
        if not problems:
            lines.append(f"sail {' '.join(fleets)} to {dest}")
    return lines
