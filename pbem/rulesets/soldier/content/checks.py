"""Cross-checks between and within the content files: one message per inconsistency."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .base import (
    CARDS,
    GAME,
    MAP,
    PIECES,
    POWERS,
    TABLES,
    TRACK,
    WORLD_MAPS,
    file_name,
    fmt_strength,
)
from .cards import (
    AllianceRollModifier,
    CancelCard,
    CardUnit,
    CreateHolland,
    CreateSatellite,
    HireMercenaries,
    PlaceMarker,
    ProvincialPurchase,
    RemoveMarker,
    UnlockProvincials,
)
from .mapcheck import check_map, check_track
from .mapcheck import dupes as _dupes
from .model import SoldierContent

# --------------------------------------------------------------------------- cross-checks


def _names(m) -> set[str]:
    return {k.casefold() for x in (*m.land_areas, *m.sea_areas) for k in (x.name, *x.aliases)}


def cross_check(c: SoldierContent) -> list[str]:
    """Every inconsistency between and within the files, one message each."""
    problems: list[str] = []
    add = problems.append
    f_game, f_pow, f_map, f_pcs, f_tab, f_crd = (
        file_name(s) for s in (GAME, POWERS, MAP, PIECES, TABLES, CARDS)
    )

    # ---- powers.toml ----------------------------------------------------------
    countries = {x.name: x for x in c.powers.countries}
    for name in _dupes(x.name for x in c.powers.countries):
        add(f'{f_pow}: country "{name}" is listed more than once')
    keys = [k.casefold() for x in c.powers.countries for k in (x.name, *x.aliases)]
    for key in _dupes(keys):
        add(f'{f_pow}: the name or alias "{key}" is used by more than one country')
    for abbr in _dupes(x.abbreviation.casefold() for x in c.powers.countries):
        add(f'{f_pow}: abbreviation "{abbr}" is used by more than one country')
    majors = [x.name for x in c.powers.countries if x.kind == "major"]

    def known_country(where: str, name: str, kinds: Iterable[str] | None = None) -> bool:
        if name not in countries:
            add(f'{where}: unknown country "{name}"')
            return False
        if kinds is not None and countries[name].kind not in set(kinds):
            add(
                f'{where}: "{name}" is a {countries[name].kind} country, expected {"/".join(kinds)}'
            )
            return False
        return True

    # ---- maps/europe.toml (mapcheck.py: the checks every map file passes) ------
    land = {a.name: a for a in c.map.land_areas}
    problems += check_map(
        f_map, "europe", c.map, c.game.canvas.width, c.game.canvas.height, countries, f_pow, False
    )
    for key, m in c.world.items():  # the campaign's maps (SK World at War)
        f_other = file_name(WORLD_MAPS[key])
        if m.canvas is None:
            add(f"{f_other}: no [canvas] (width, height): each map but Europe has its own")
            continue
        w, h = m.canvas.width, m.canvas.height
        problems += check_map(f_other, key, m, w, h, countries, f_pow, False)
    for key in c.game.maps:
        if key != "europe" and key not in c.world:
            add(f"{f_game}: maps lists {key!r}, but there is no {file_name(WORLD_MAPS[key])}")
    if c.track is not None:
        problems += check_track(file_name(TRACK), c.track, {"europe": c.map, **c.world})
    elif len(c.game.maps) > 1:
        add(f"{file_name(TRACK)}: missing: the game's maps are joined by it (SK 10.7)")
    everywhere = [
        k.casefold()
        for m in (c.map, *c.world.values())
        for x in (*m.land_areas, *m.sea_areas)
        for k in dict.fromkeys((x.name, *x.aliases))
    ]
    for k in _dupes(everywhere):  # orders name areas without their map
        if sum(1 for m in (c.map, *c.world.values()) if _names(m) & {k}) > 1:
            add(f'maps: the name or alias "{k}" is used on more than one map')

    # ---- pieces.toml ----------------------------------------------------------
    coastal_home = {x: any(a.coastal for a in c.map.land_areas if a.home == x) for x in countries}
    for i, u in enumerate(c.pieces.units):
        where = f"{f_pcs}: units[{i}] ({u.power} {u.type} {fmt_strength(u.full)})"
        if not known_country(where, u.power):
            continue
        if countries[u.power].kind == "neutral":
            add(f'{where}: "{u.power}" has no units (kind neutral)')
        if u.reduced[0] > u.full[0] or u.reduced[1] > u.full[1] or u.reduced == u.full:
            add(
                f"{where}: reduced side {fmt_strength(u.reduced)} must be weaker than the full "
                f"side (SK 2.4)"
            )
        if u.type == "fleet" and countries[u.power].map == "europe" and not coastal_home[u.power]:
            add(f'{where}: "{u.power}" has fleets but no coastal home area to place them (SK 6.3)')
        if u.provincial and u.type != "army":
            add(f"{where}: only armies can be provincial (SK 19.4)")
    mix = Counter(
        (u.power, u.type, u.full, u.provincial) for u in c.pieces.units for _ in range(u.count)
    )
    for key in _dupes((u.power, u.type, u.full, u.reduced, u.provincial) for u in c.pieces.units):
        add(
            f"{f_pcs}: units: {key[0]} {key[1]} {fmt_strength(key[2])} is listed twice; "
            "raise its count instead"
        )

    def own(power: str, type: str) -> int:
        return sum(n for (p, t, _, prov), n in mix.items() if p == power and t == type and not prov)

    leader_keys = [
        k.casefold() for x in c.pieces.leaders for k in dict.fromkeys((x.name, *x.aliases))
    ]
    for key in _dupes(leader_keys):
        add(f'{f_pcs}: the leader name or alias "{key}" is used more than once')
    for x in c.pieces.leaders:
        where = f'{f_pcs}: leader "{x.name}"'
        if known_country(where, x.power) and countries[x.power].kind in ("neutral", "card_unit"):
            add(f'{where}: "{x.power}" has no leaders (kind {countries[x.power].kind})')
        if x.role == "general" and x.movement is None:
            add(f"{where}: a general needs a movement allowance (SK 13.3)")
        if x.role == "admiral" and x.movement is not None:
            add(f"{where}: admirals convey no movement (SK 10.1); remove movement")
        if x.royal and x.role != "general":
            add(f"{where}: royal leaders are generals (SK 13.9)")
        if x.fleet_of is not None:
            if x.role != "admiral":
                add(f"{where}: fleet_of is for admirals (SK 19.6)")
            if known_country(where, x.fleet_of) and own(x.fleet_of, "fleet") == 0:
                add(f'{where}: "{x.fleet_of}" has no fleet in the counter mix')

    # ---- tables.toml ----------------------------------------------------------
    for name in _dupes(a.name for a in c.tables.attack_levels):
        add(f'{f_tab}: attack level "{name}" is listed more than once')
    if {a.name for a in c.tables.attack_levels} != {"Probe", "Assault", "Invasion"}:
        add(f"{f_tab}: attack_levels must be Probe, Assault and Invasion (SK 9.4)")
    prohibited: set[frozenset[str]] = set()
    for p in c.tables.prohibited_alliances:
        where = f'{f_tab}: prohibited alliance "{p.powers[0]}" - "{p.powers[1]}"'
        if all(known_country(where, x, ["major"]) for x in p.powers):
            pair = frozenset(p.powers)
            if len(pair) == 1:
                add(f"{where}: a power cannot be prohibited from allying with itself")
            elif pair in prohibited:
                add(f"{where}: listed more than once")
            prohibited.add(pair)
    rows = {}
    for row in c.tables.minor_table:
        where = f'{f_tab}: minor_table "{row.country}"'
        if row.country in rows:
            add(f"{where}: listed more than once")
        rows[row.country] = row
        if not known_country(where, row.country, ["minor", "major", "satellite"]):
            continue
        expected = {m for m in majors if m != row.country}
        for m in sorted(set(row.modifiers) - expected):
            add(
                f'{where}: modifier for "{m}", which is '
                + ("the country itself" if m == row.country else "not a major power")
            )
        for m in sorted(expected - set(row.modifiers)):
            add(f'{where}: no modifier for major power "{m}"')
        if countries[row.country].kind == "major":
            for m in majors:
                if frozenset((m, row.country)) in prohibited and row.modifiers.get(m) != "No":
                    add(f'{where}: "{m}" must be "No": SK 16.2 prohibits that alliance')
        if row.armies > own(row.country, "army"):
            add(
                f"{where}: {row.armies} starting armies but the counter mix has {own(row.country, 'army')}"
            )
        if row.fleets > own(row.country, "fleet"):
            add(
                f"{where}: {row.fleets} starting fleets but the counter mix has {own(row.country, 'fleet')}"
            )
        if row.armies + row.fleets == 0:
            add(f"{where}: a minor country on the table brings units (SK 17.1)")
        if row.fleets and countries[row.country].map == "europe" and not coastal_home[row.country]:
            add(f"{where}: fleets but no coastal home area to place them (SK 17.3)")
        for name in row.leaders:
            try:
                if c.leader(name).power != row.country:
                    add(f'{where}: leader "{name}" belongs to {c.leader(name).power}')
            except KeyError:
                add(f'{where}: unknown leader "{name}"')
    for x in c.powers.countries:
        if x.kind == "minor" and x.name not in rows and own(x.name, "army"):
            add(
                f'{f_tab}: minor_table: minor country "{x.name}" has armies but no row '
                "(SK 17.1: all minor countries with armies are listed)"
            )
    card_names = {k.name for k in c.cards.cards}
    mercs = {}
    for m in c.tables.mercenaries:
        where = f'{f_tab}: mercenaries "{m.country}"'
        if m.country in mercs:
            add(f"{where}: listed more than once")
        mercs[m.country] = m
        if known_country(where, m.country, ["mercenary"]) and (
            m.besieged_armies > own(m.country, "army")
        ):
            add(
                f"{where}: {m.besieged_armies} armies appear but the counter mix has {own(m.country, 'army')}"
            )
        if m.card not in card_names:
            add(f'{where}: unknown card "{m.card}" ({f_crd})')
    for x in c.powers.countries:
        if x.kind == "mercenary" and x.name not in mercs:
            add(f'{f_tab}: mercenaries: no row for mercenary country "{x.name}" (SK 19.1)')
    ps = c.tables.papal_states
    where = f"{f_tab}: papal_states"
    if ps.area not in land:
        add(f'{where}: unknown land area "{ps.area}"')
    for p in ps.powers:
        known_country(where, p, ["major"])
    seen_av = [a.power for a in c.tables.automatic_victory]
    for p in _dupes(seen_av):
        add(f'{f_tab}: automatic_victory "{p}" is listed more than once')
    for a in c.tables.automatic_victory:
        known_country(f'{f_tab}: automatic_victory "{a.power}"', a.power, ["major"])
    for m in majors:
        if m not in seen_av:
            add(f'{f_tab}: automatic_victory: no score for major power "{m}" (SK 20.33)')
    # ---- SE's own tables: each name must be the game's (SE 7.6, 14.4, 16.7, 19.4-19.5, 21.4)
    t = c.tables
    for ci in t.colonial_income:
        known_country(f"{f_tab}: colonial_income", ci.power, ["major"])
    if t.guerillas is not None:
        known_country(f"{f_tab}: guerillas", t.guerillas.power, ["major"])
    if t.banner is not None:
        known_country(f"{f_tab}: banner", t.banner.power, ["major"])
    for oc in t.occupied_to_collect:
        known_country(f"{f_tab}: occupied_to_collect", oc.power, ["major"])
        for a in oc.areas:
            if a not in land:
                add(f'{f_tab}: occupied_to_collect: unknown land area "{a}"')
    for vl in t.victory_limits:
        for p in (vl.power, vl.rival):
            known_country(f"{f_tab}: victory_limits", p, ["major"])
    for em in t.alliance_embargoes:
        for p in (em.power, *em.barred):
            known_country(f"{f_tab}: alliance_embargoes", p, ["major"])
    for sat in t.satellites:  # SE 19.2, 19.3
        where = f'{f_tab}: satellites "{sat.country}"'
        known_country(where, sat.country, ["minor", "satellite"])
        for x in sat.forces_of:
            known_country(where, x, ["minor"])
        for x in sat.barred:
            known_country(where, x, ["major"])
        for a in (*sat.areas, *sat.barred_areas):
            if a not in land:
                add(f'{where}: unknown land area "{a}" ({file_name(MAP)})')
        if not sat.forces_of and sat.country not in rows:
            add(f"{where}: its forces need a Minor Country Alliance Table row (SE 19.2)")
        for x in sat.forces_of:
            if x not in rows:
                add(f'{where}: "{x}" has no Minor Country Alliance Table row (SE 19.2)')
    if t.alliance_card is not None and t.alliance_card.card not in {k.name for k in c.cards.cards}:
        add(f'{f_tab}: alliance_card: unknown card "{t.alliance_card.card}" ({f_crd})')
    rules = c.game.rules
    known_country(f"{f_game}: rules.initiative_power", rules.initiative_power, ["major"])
    if rules.initiative_leader not in {ld.name for ld in c.pieces.leaders}:
        add(f'{f_game}: rules.initiative_leader: unknown leader "{rules.initiative_leader}"')

    # ---- cards.toml -----------------------------------------------------------
    for name in _dupes(k.name for k in c.cards.cards):
        add(f'{f_crd}: card "{name}" is listed more than once; raise its copies instead')
    total = sum(k.copies for k in c.cards.cards)
    if total != c.game.deck_size:
        add(
            f"{f_crd}: the copies add up to {total}, but the deck has {c.game.deck_size} cards ({f_game}, SK 2.0)"
        )
    markers = {m.id: m for m in c.cards.markers}
    for mid in _dupes(m.id for m in c.cards.markers):
        add(f'{f_crd}: marker "{mid}" is listed more than once')
    for m in c.cards.markers:
        for name in m.removed_by:
            if name not in card_names:
                add(f'{f_crd}: marker "{m.id}": removed_by unknown card "{name}"')
    provincial_powers = {u.power for u in c.pieces.units if u.provincial}
    for k in c.cards.cards:
        where = f'{f_crd}: card "{k.name}"'
        for p in k.play_on:
            known_country(where, p, ["major"])
        if k.map is not None and k.map != "europe" and not k.globe:
            add(f"{where}: acts on the {k.map} map, so it must be a Globe card (SK 3.0)")
        for e in k.effects:
            if isinstance(e, PlaceMarker | RemoveMarker) and e.marker not in markers:
                add(f'{where}: unknown marker "{e.marker}"')
            elif isinstance(e, AllianceRollModifier):
                for x in e.countries:
                    if x not in rows:
                        add(f'{where}: "{x}" is not on the Minor Country Alliance Table')
            elif isinstance(e, HireMercenaries):
                for x in e.countries:
                    if (
                        known_country(where, x, ["mercenary"])
                        and x in mercs
                        and mercs[x].card != k.name
                    ):
                        add(f'{where}: {f_tab} says "{x}" is hired with "{mercs[x].card}"')
            elif isinstance(e, UnlockProvincials | ProvincialPurchase):
                if known_country(where, e.power, ["major"]) and e.power not in provincial_powers:
                    add(f'{where}: "{e.power}" has no provincial armies (SK 19.4)')
                elif e.count > sum(
                    u.count for u in c.pieces.units if u.power == e.power and u.provincial
                ):
                    add(f"{where}: count {e.count} exceeds {e.power}'s provincial armies")
            elif isinstance(e, CardUnit):
                known_country(where, e.country, ["card_unit"])
                if e.area is not None:
                    try:
                        on = c.worldwide.map_of(e.area)
                    except KeyError:
                        add(f'{where}: no area "{e.area}"')
                    else:
                        if e.country in countries and on != countries[e.country].map:
                            add(f'{where}: "{e.area}" is not on the {e.country} map (SK 18.9)')
            elif isinstance(e, CreateSatellite | CreateHolland):  # SE 19.2, 19.3
                if not any(x.country == e.country for x in t.satellites):
                    add(f'{where}: "{e.country}" has no [[satellites]] row ({f_tab})')
                if isinstance(e, CreateHolland):
                    known_country(where, e.builder, ["major"])
            elif isinstance(e, CancelCard):
                for x in e.except_cards:
                    if x not in card_names:
                        add(f'{where}: except_cards names unknown card "{x}"')
    for x in c.powers.countries:
        if x.kind == "card_unit" and not any(
            isinstance(e, CardUnit) and e.country == x.name
            for k in c.cards.cards
            for e in k.effects
        ):
            add(f'{f_crd}: no card brings "{x.name}" into play (SK 1.0)')

    # ---- scenarios ------------------------------------------------------------
    numbers = [sc.number for sc in c.scenarios.values()]
    for n in _dupes(numbers):
        add(f"scenarios: number {n} is used by more than one scenario")
    oyr = c.game.one_year_rules
    for stem, sc in c.scenarios.items():
        if sc.maps == ("europe",):  # SK's one-year scenarios, SE's campaign
            _check_scenario(c, file_name(stem), sc, countries, land, majors, rows, mercs, oyr, add)
        elif sc.rules == "campaign":  # on the four maps as one (SK World at War)
            if set(c.world) != {"americas", "india", "spice_islands"}:
                add(f"{file_name(stem)}: the campaign needs the four maps")
                continue
            w = c.worldwide
            wland = {a.name: a for a in w.map.land_areas}
            _check_scenario(w, file_name(stem), sc, countries, wland, majors, rows, mercs, oyr, add)
    return problems


def _check_scenario(c, fname, sc, countries, land, majors, rows, mercs, oyr, add) -> None:
    where0 = f"{fname}: scenario #{sc.number} {sc.name}"
    if not (1 <= sc.first_turn <= sc.last_turn <= c.game.turns):
        add(
            f"{where0}: turns {sc.first_turn}-{sc.last_turn} are not within 1-{c.game.turns} ({file_name(GAME)})"
        )
    played = sc.powers
    for p in _dupes(played):
        add(f'{where0}: players: "{p}" is played by more than one player')
    for pl in sc.players:
        for p in pl.powers:
            if p not in countries or countries[p].kind != "major":
                add(f'{fname}: player "{pl.name}": "{p}" is not a major power')
    orders = sorted(pl.setup_order for pl in sc.players)
    if orders != list(range(1, len(sc.players) + 1)):
        add(f"{fname}: players: setup_order must be 1..{len(sc.players)}, got {orders}")
    elif sc.rules == "one_year":
        first = min(sc.players, key=lambda pl: pl.setup_order)
        if oyr.first_to_set_up not in first.powers:
            add(
                f'{fname}: player "{first.name}" sets up first, but the one-year rules say the '
                f"player with {oyr.first_to_set_up} does"
            )
    allies = {}
    for m in sc.minor_allies:
        where = f'{fname}: minor ally "{m.country}"'
        if m.country not in rows:
            add(
                f"{where}: not on the Minor Country Alliance and Forces Table ({file_name(TABLES)})"
            )
        elif m.country in played:
            add(f"{where}: is played as a major power in this scenario")
        if m.ally not in played:
            add(f'{where}: ally "{m.ally}" is not played in this scenario')
        allies[m.country] = m
    in_play = set(played) | set(allies)
    forces = {}
    used_leaders: dict[str, str] = {}
    for fo in sc.forces:
        where = f'{fname}: forces "{fo.power}"'
        if fo.power in forces:
            add(f"{where}: listed more than once")
        forces[fo.power] = fo
        if fo.power not in in_play:
            add(f'{where}: "{fo.power}" is neither played nor a minor ally in this scenario')
            continue
        if fo.power in played and (fo.resources is None or fo.manpower is None):
            add(f"{where}: a major power needs starting resources and manpower")
        if fo.power in allies and (fo.resources is not None or fo.manpower is not None):
            add(f"{where}: minor allies have no Resources or Manpower (SK 18.0)")
        for name in fo.leaders:
            try:
                leader = c.leader(name)
            except KeyError:
                add(f'{where}: unknown leader "{name}" ({file_name(PIECES)})')
                continue
            if leader.power != fo.power:
                add(f'{where}: leader "{name}" belongs to {leader.power}')
            if leader.name != name:  # the pieces are named by it in the state
                add(
                    f'{where}: write the leader as pieces.toml names it: "{leader.name}", not "{name}"'
                )
            if leader.name in used_leaders:
                add(
                    f'{where}: leader "{name}" is also in the forces of {used_leaders[leader.name]}'
                )
            used_leaders[leader.name] = fo.power
        # the counter mix holds enough pieces (SK 6.1)
        specific: Counter[tuple[int, int]] = Counter()
        for a in fo.armies:
            specific[a.strength] += a.count
        for strength, n in specific.items():
            have = sum(
                u.count
                for u in c.units(fo.power, "army")
                if u.full == strength and not u.provincial
            )
            if n > have:
                add(f"{where}: {n} {fmt_strength(strength)} armies but the counter mix has {have}")
        have_armies = c.unit_total(fo.power, "army")
        if fo.army_count > have_armies:
            add(
                f"{where}: {fo.army_count} armies but the counter mix has {have_armies} ({file_name(PIECES)})"
            )
        have_prov = c.unit_total(fo.power, "army", provincial=True)
        if fo.provincial > have_prov:
            add(
                f"{where}: {fo.provincial} provincial armies but the counter mix has {have_prov} (SK 19.4)"
            )
        have_fleets = c.unit_total(fo.power, "fleet")
        if fo.fleet_count > have_fleets:
            add(
                f"{where}: {fo.random_fleets} fleets but the counter mix has {have_fleets} ({file_name(PIECES)})"
            )
        for h in fo.mercenaries:
            if h.country not in mercs:
                add(f'{where}: "{h.country}" is not a mercenary country ({file_name(TABLES)})')
            elif h.count > c.unit_total(h.country, "army"):
                add(
                    f"{where}: {h.count} {h.country} armies but the counter mix has {c.unit_total(h.country, 'army')}"
                )
    for p in sorted(in_play - set(forces)):
        add(f'{where0}: no forces for "{p}"')
    for ch in sc.control:
        where = f'{fname}: control "{ch.area}"'
        if ch.area not in land:
            add(f'{where}: unknown land area "{ch.area}" ({file_name(MAP)})')
        elif ch.power not in countries:
            add(f'{where}: unknown country "{ch.power}"')
        elif land[ch.area].home == ch.power:
            add(f'{where}: "{ch.power}" already controls its own home area; not a change')
    for area in _dupes(ch.area for ch in sc.control):
        add(f'{fname}: control "{area}" is listed more than once')
    # set-up rules
    allowed_rules = Counter(r.power for r in sc.setup.rules if r.kind == "allowed")
    allowed = {}
    for i, r in enumerate(sc.setup.rules):
        who = r.power if r.kind != "shared" else "/".join(r.powers)
        where = f"{fname}: setup.rules[{i}] ({r.kind} {who})"
        for a in (*r.areas, *getattr(r, "excluding", ())):
            if a not in land:
                add(f'{where}: unknown land area "{a}" ({file_name(MAP)})')
        powers = r.powers if r.kind == "shared" else (r.power,)
        for p in powers:
            if p not in forces:
                add(f'{where}: "{p}" has no forces in this scenario')
        if r.kind == "leader" and r.leader not in (
            forces.get(r.power).leaders if r.power in forces else ()
        ):
            add(f'{where}: leader "{r.leader}" is not in the forces of {r.power}')
    for p, fo in forces.items():
        if fo.provincial and not any(
            r.kind == "provincial" and r.power == p for r in sc.setup.rules
        ):
            add(
                f'{fname}: setup.rules: "{p}" has provincial armies but no "provincial" rule (SK 19.41)'
            )
    for p in forces:
        if allowed_rules[p] != 1:
            add(
                f'{fname}: setup.rules: "{p}" needs exactly one "allowed" rule, has {allowed_rules[p]}'
            )
        allowed[p] = {a for a in c.allowed_setup_areas(sc, p) if a in land}
        if not allowed[p]:
            add(f'{fname}: setup.rules: "{p}" may set up nowhere')
        elif forces[p].fleet_count and not any(land[a].coastal for a in allowed[p]):
            add(f'{fname}: setup.rules: "{p}" has fleets but no coastal set-up area (SK 6.3)')
    for i, r in enumerate(sc.setup.rules):
        who = r.power if r.kind != "shared" else "/".join(r.powers)
        where = f"{fname}: setup.rules[{i}] ({r.kind} {who})"
        if r.kind in ("at_least", "leader", "provincial") and r.power in allowed:
            outside = [a for a in r.areas if a in land and a not in allowed[r.power]]
            if outside:
                add(f"{where}: {', '.join(outside)} not among {r.power}'s set-up areas")
        if r.kind == "provincial" and r.power in forces and not forces[r.power].provincial:
            add(f"{where}: {r.power} has no provincial army in this scenario")
        if r.kind == "at_least" and r.power in forces:
            fo = forces[r.power]
            if r.country in (None, r.power):
                have = fo.army_count if r.piece == "army" else fo.fleet_count
            else:
                have = (
                    sum(h.count for h in fo.mercenaries if h.country == r.country)
                    if r.piece == "army"
                    else 0
                )
            if r.count > have:
                add(f"{where}: needs {r.count} {r.piece}(s) but the forces hold {have}")
            if r.piece == "fleet":
                for a in r.areas:
                    if a in land and not land[a].coastal:
                        add(f'{where}: fleets must set up in coastal areas; "{a}" is inland')
        if r.kind == "shared":
            for p in r.powers:
                if p in allowed:
                    outside = [a for a in r.areas if a in land and a not in allowed[p]]
                    if outside:
                        add(f"{where}: {', '.join(outside)} not among {p}'s set-up areas")
            sides = {sc.player_of(p).name if sc.player_of(p) else p for p in r.powers}
            if len(sides) < 2:
                add(f"{where}: shared set-up is for opposing powers; these are on one side")
    for i, sp in enumerate(sc.special):
        where = f"{fname}: special[{i}] ({sp.kind})"
        if sp.kind == "subsidy":
            for p in (sp.giver, sp.receiver):
                if p not in played:
                    add(f'{where}: "{p}" is not played in this scenario')
            turn = sp.turn
        else:
            if sp.power not in played:
                add(f'{where}: "{sp.power}" is not played in this scenario')
            turn = sp.until_turn
        if not (sc.first_turn <= turn <= sc.last_turn):
            add(
                f"{where}: turn {turn} is outside the scenario (turns {sc.first_turn}-{sc.last_turn})"
            )
