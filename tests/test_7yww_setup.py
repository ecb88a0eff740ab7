"""Seven Years World War set-up (7YWW 28.x): the 28.6 selectors and regions against the
map, the pieces each block places, resolution 1 (setup.start), and the `1756-setup`
step with the default placement for every scenario with players."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from seeded import Seeded

from pbem.dice import ScriptedDice
from pbem.resolution import Resolution
from pbem.ruleset import OrderLine, check_orders, get
from pbem.rulesets.seven_years import deploy, minor_recruit, placement, setup
from pbem.rulesets.seven_years.content import default_content
from pbem.rulesets.seven_years.regions import REGIONS, in_region
from pbem.rulesets.seven_years.state import MINOR

RS = get("seven-years-world-war")
SCENARIOS = ["2-european", "3-european", "4-european", "2-non-european", "3-non-european",
             "4-non-european"]  # fmt: skip
# 28.6, counted from the text: every piece of each major power
TEXT_COUNTS = {
    "GB": {"army": 4, "fleet": 4, "base": 8},
    "FR": {"army": 8, "fleet": 3, "fortified_zone": 2, "base": 5},
    "PR": {"army": 4, "fortified_zone": 1},
    "AU": {"army": 6, "fortified_zone": 1, "base": 1},
    "RU": {"army": 7, "fleet": 1, "fortified_zone": 1, "base": 6},
    "MC": {"army": 1, "horde": 3, "base": 3},
    "ME": {"army": 2, "horde": 6, "fortified_zone": 1, "base": 9},
    "UP": {"army": 2, "fleet": 2, "fortified_zone": 1, "base": 3},
    "SP": {"army": 3, "fleet": 2, "fortified_zone": 1, "base": 9},
    "OT": {"army": 2, "horde": 3, "fleet": 1, "fortified_zone": 1, "base": 3},
}
MINOR_PIECES = 45  # 28.6 PORTUGAL ... TIMBUKTU


@pytest.fixture(scope="module")
def c():
    return default_content()


def set_up(scenario: str, dice, options=None):
    options = options or {}
    ctx = Resolution(RS, RS.new_state(scenario, options), dice)
    RS.setup(ctx, scenario, options)
    return ctx


def place(state, orders: dict | None = None, dice=None):
    step = RS.step(state)
    got = {}
    for seat in step.owes:
        text = (orders or {}).get(seat)
        if text is None:
            got[seat] = RS.default_orders(state, seat, step.phase)
        else:
            lines = [OrderLine(i, t) for i, t in enumerate(text.splitlines(), 1)]
            o, problems = check_orders(RS, state, seat, step.phase, lines)
            assert not problems, problems
            got[seat] = o
    ctx = Resolution(RS, state, dice or ScriptedDice([]))
    RS.resolve(ctx, step, got, {})
    return ctx


# --------------------------------------------------------------- selectors, regions


def test_regions_name_squares(c):
    for name, r in REGIONS.items():
        assert r.source, name
        held = [q.id for q in c.map.squares if in_region(q, name)]
        assert held, name
        for sq in r.squares:
            assert c.map.square(sq).kind != "sea", (name, sq)
    region = {n: {q.id for q in c.map.squares if in_region(q, n)} for n in REGIONS}
    assert {"D13", "D14"} <= region["Europe"] and "D7" not in region["Europe"]
    assert {q for q in region["Brazil"] if c.map.square(q).civilized} == {"L10", "M10"}
    assert "H6" in region["West Indies"] and "G6" not in region["West Indies"]
    assert "K25" in region["East Indies"] and "H26" in region["Philippines"]
    assert region["Philippines"].isdisjoint(region["East Indies"])
    assert region["South America"] < region["Americas"]


def every_line(c):
    for b in c.data.scenarios.setup:
        yield from b.line


def test_every_setup_line_resolves(c):
    """Each 28.6 line names enough squares for its units under its per-square limit;
    'the ... square' (unique) exactly one; 'one per X square' as many as its units."""
    for ln in every_line(c):
        sq = deploy.line_squares(c, ln)
        n = sum(g.count for g in ln.units)
        need = math.ceil(n / ln.per_square) if ln.per_square else 1
        assert len(sq) >= need, (ln.id, sq)
        if ln.at.unique:
            assert len(sq) == 1, (ln.id, sq)
        if ln.every_square:
            assert len(sq) == n, (ln.id, sq)
        for s in sq:
            q = c.map.square(s)
            assert q.power == ln.at.power or not ln.at.power, (ln.id, s)
            if any(g.unit == "fleet" for g in ln.units):
                assert q.port, (ln.id, s)


def test_selected_squares_named_by_the_text(c):
    want = {
        "AU-2": ["D16"], "AU-3": ["D17"], "FR-3": ["D13", "D14"], "RU-2": ["A17"],
        "UP-1b": ["K25"], "UP-4a": ["O16"], "UP-4c": ["J8"], "SP-1b": ["L6"],
        "SP-2b": ["H6"], "SP-4b": ["H6"], "SP-4c": ["H26"],
        "SP-4a": ["H4", "H5", "I6", "I7", "L6", "M7", "O8"], "Portugal-1": ["E12"],
        "Portugal-2b": ["L10", "M10"], "Sweden-1": ["B16"], "Sweden-4": ["A16"],
        "Persia-1": ["F19"], "Persia-2": ["E19"], "Japan-1": ["E28"],
        "Barbary States-1": ["F14"], "Abyssinia-1": ["I18"],
    }  # fmt: skip
    for line_id, squares in want.items():
        assert deploy.line_squares(c, c.data.scenarios.line(line_id)) == squares, line_id


def test_rosters_are_28_6(c):
    for side, want in TEXT_COUNTS.items():
        got = Counter(p.type for p in deploy.roster(c, side))
        assert got == Counter(want), side
        ids = [p.id for p in deploy.roster(c, side)]
        assert len(set(ids)) == len(ids)
    assert deploy.roster(c, "GB")[0].id == "GB-A1" and deploy.roster(c, "GB")[3].veteran is False
    assert sum(len(deploy.roster(c, s)) for s in deploy.fixed_sides(c)) == MINOR_PIECES
    assert len(deploy.wild_squares(c)) == 2 + 21 + 5 + 3 + 4 + 4 + 18 + 3  # [C 28.b]


# ------------------------------------------------------------------ resolution 1


def test_setup_events_two_player_european(c):
    dice = ScriptedDice([30, 8, 30, 30, 0, 0, 0, 0, 0, 0, 0, 0, 4, 6])
    ctx = set_up("2-european", dice, {"pillage": True, "hanover": True, "legions": False})
    ev = [e for e in ctx.events if e.type != "dice_rolled"]
    gs = ev[0]
    assert gs.type == "syw.game_set_up"
    assert gs.seats == ["Coalition 1", "Coalition 2"]
    assert gs.control == {"AU": "Coalition 2", "FR": "Coalition 2", "GB": "Coalition 1",
                          "MC": None, "ME": None, "OT": None, "PR": "Coalition 1",
                          "RU": "Coalition 2", "SP": None, "UP": None}  # fmt: skip
    assert gs.treasuries == {"Coalition 1": 20, "Coalition 2": 14}
    assert gs.pool == sorted(c.markers) and len(gs.pool) == 91
    assert gs.leaders == [m for m in sorted(c.markers) if c.is_leader(m)]
    assert gs.options == ["hanover", "pillage"]
    assert ev[1].type == "syw.initiative" and ev[1].order == ["Coalition 2", "Coalition 1"]
    assert ev[1].ties == [] and ev[1].values == {"Coalition 1": 5, "Coalition 2": 6}
    types = [e.type for e in ev[2:]]
    assert types == [
        "syw.markers_drawn", "syw.markers_received", "syw.marker_played",  # BOP back (29.7)
        "syw.markers_drawn", "syw.markers_received",
        "syw.markers_drawn", "syw.markers_received",
        "syw.units_placed", "syw.wild_minor_rolled", "syw.wild_minor_rolled", "syw.stage",
    ]  # fmt: skip
    assert ev[4].marker == "BOP-1" and ev[4].from_hand is False
    assert [e.count for e in ev if e.type == "syw.markers_drawn"] == [1, 5, 5]
    minors = ev[9]
    assert minors.seat is None and minors.why == setup.WHY_MINORS
    assert len(minors.units) == MINOR_PIECES and all(u["owner"] == MINOR for u in minors.units)
    w1, w2 = ev[10], ev[11]
    assert (w1.seat, w1.die, w1.result, w1.pieces) == ("Coalition 2", 4, "Base x 1", ["base"])
    assert (w2.seat, w2.die, w2.pieces) == ("Coalition 1", 6, ["veteran horde"])
    assert (ev[12].turn, ev[12].stage) == (1, "place")
    s = ctx.state
    assert s.wild == {"Coalition 2": ["base"], "Coalition 1": ["veteran horde"]}
    assert RS.step(s).phase == "1756-setup" and RS.step(s).owes == ("Coalition 1", "Coalition 2")
    # 7.0: the markers drawn are private to the drawer
    got = [e for e in ev if e.type == "syw.markers_received"]
    assert [e.private_to for e in got] == [["Coalition 2"], ["Coalition 2"], ["Coalition 1"]]


def test_wild_minor_limited_by_the_counter_mix(c):
    ctx = set_up("2-european", ScriptedDice([0] * 6 + [0, 0, 2, 2, 2] + [1, 1]))
    s = ctx.state
    stock = c.mix(MINOR)["horde"]
    have = sum(1 for u in s.units.values() if u.owner == MINOR and u.type == "horde")
    for i in range(stock - have):
        s.units[f"Africa-H{i + 1}"] = s.units["Timbuktu-H1"].model_copy(
            update={"id": f"Africa-H{i + 1}", "square": "J16", "home": "Africa"}
        )
    ctx2 = Resolution(RS, s, ScriptedDice([6]))
    setup.roll_wild_minor(ctx2, c, "Coalition 1")
    e = ctx2.events[-1]
    assert e.pieces == [] and "no minor veteran horde counter left" in e.note
    assert "Coalition 1" not in ctx2.state.wild


def test_start_treasury_free_two_player(c):
    assert setup.start_treasury(c, ["GB", "FR"], 2) == 20
    assert setup.start_treasury(c, ["AU", "PR", "RU"], 2) == 10  # [C 28.c]
    assert setup.start_treasury(c, ["AU", "PR"], 3) == 10


def test_free_deployment_waits_for_the_choice_of_powers():
    """28.57: nobody holds a power, no treasury, no marker until the draft."""
    ctx = set_up("free-2", Seeded(1))
    s = ctx.state
    assert s.stage == "choose" and not any(s.control.values())
    assert all(p.treasury == 0 and not p.hand for p in s.players.values())
    assert [e.type for e in ctx.events] == ["syw.game_set_up", "syw.stage"]


# --------------------------------------------------------------- the set-up step


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_default_set_up_of_every_scenario(c, scenario):
    ctx = set_up(scenario, Seeded(7))
    s = ctx.state
    wild = sum(len(v) for v in s.wild.values())
    setters = {}
    for side in deploy.major_sides(c):
        setters[side] = deploy.setter(s, deploy.block(c, side))
        assert setters[side] is not None, side  # every published scenario names a player
    ctx2 = place(s)
    s2 = ctx2.state
    assert s2.stage == "start" and s2.turn == 1 and s2.wild == {}
    by_power = Counter((u.owner, u.type) for u in s2.units.values() if u.owner != MINOR)
    for side, want in TEXT_COUNTS.items():
        assert {t: by_power[(side, t)] for t in want} == want, side
    for side in [*TEXT_COUNTS, MINOR]:  # 11.4: never more than the counter mix
        mix = c.mix(side)
        used = Counter(
            deploy.COUNTER.get(u.type, u.type) for u in s2.units.values() if u.owner == side
        )
        assert all(n <= mix[k] for k, n in used.items()), (side, used, mix)
    assert sum(1 for u in s2.units.values() if u.owner == MINOR) == MINOR_PIECES + wild
    for u in s2.units.values():  # 28.6 alone in its square
        if u.square in deploy.wild_squares(c):
            assert len(s2.units_in(u.square)) == 1, u
    # 28.6 "major power units may be set up in excess of forage limits": minor units may
    # not (4.77, 19.7: never over the limit, at any time); the content's set-up fits
    for sq in {u.square for u in s2.units.values() if u.owner == MINOR}:
        assert minor_recruit.forage_room(c, s2, sq) >= 0, sq
    placed = [e for e in ctx2.events if e.type == "syw.units_placed" and e.why == placement.WHY]
    assert [e.seat for e in placed] == s.order
    for e in placed:  # each seat places exactly the blocks 28.6 gives it
        sides = {u["owner"] for u in e.units}
        assert sides == {p for p, who in setters.items() if who == e.seat}
        pl = placement.Placement(at={u["id"]: (u["square"], 1) for u in e.units})
        assert placement.check(c, s, e.seat, pl) == []  # the default keeps every limit
    base = [e for e in ctx2.events if e.type == "syw.base_line"]
    assert len(base) == 1 and sorted(base[0].sums) == sorted(s.seats)
    for seat in s.seats:
        bl = s2.players[seat].base_line
        assert bl is not None and bl.powers == c.campaign_value(s2.powers_of(seat))
    assert RS.step(s2).phase == "1756-start"


def test_blocks_no_player_is_named_for_go_to_the_least_campaign_value(c):
    """[C 28.e] France neutral (possible only after a free deployment): France itself,
    and the UP, SP and MC France's player would set up, are set up by the player whose
    powers' campaign values total least (scenarios.toml [setup_fallback]); a tie by a
    die each, in seat order (control.least)."""
    s = set_up("2-european", Seeded(3)).state
    s.control["FR"] = None
    assert deploy.sides_of(c, s, None) == ["FR", "MC", "UP", "SP"]  # 28.6 names nobody
    ctx = Resolution(RS, s, ScriptedDice([]))
    setup.assign_fallback(ctx, c)  # GB + PR 5 against AU + RU 4
    (e,) = [e for e in ctx.events if e.type == "syw.setup_fallback"]
    assert (e.seat, e.sides, e.values) == ("Coalition 2", ["FR", "MC", "UP", "SP"],
                                           {"Coalition 1": 5, "Coalition 2": 4})  # fmt: skip
    s2 = ctx.state
    assert deploy.sides_of(c, s2, None) == []
    assert deploy.sides_of(c, s2, "Coalition 2") == ["FR", "AU", "RU", "MC", "UP", "SP"]
    placed = [e for e in place(s2).events if e.type == "syw.units_placed" and e.seat is None]
    assert all(e.why != placement.WHY_NOBODY for e in placed)

    s = set_up("2-european", Seeded(3)).state
    s.control["FR"], s.control["MC"] = None, "Coalition 2"  # 5 and 5: a die each
    dice = ScriptedDice([("named for: Coalition 1", 2), ("named for: Coalition 2", 5)])
    ctx = Resolution(RS, s, dice)
    setup.assign_fallback(ctx, c)
    assert ctx.state.setup_fallback == "Coalition 2"
    assert deploy.sides_of(c, ctx.state, "Coalition 2") == ["FR", "AU", "RU", "MC", "UP", "SP"]


def test_place_rest_is_the_default(c):
    s = set_up("3-european", Seeded(5)).state
    a = place(s, {"Coalition 1": "place rest"}, ScriptedDice([])).events
    b = place(s).events
    assert [e.model_dump() for e in a] == [e.model_dump() for e in b]


def lines(text: str) -> list[OrderLine]:
    return [OrderLine(i, t) for i, t in enumerate(text.splitlines(), 1)]


def orders_of(s, seat: str, text: str):
    o, problems = check_orders(RS, s, seat, "1756-setup", lines(text))
    return o, [str(p) for p in problems]


def test_order_grammar(c):
    s = set_up("2-european", ScriptedDice([0] * 6 + [0, 0, 2, 2, 2] + [3, 5])).state
    o, p = orders_of(s, "Coalition 1", "C14: GB-A1, gb-a2  # two armies\n\nplace armies PR in C16")
    assert p == [] and o.at == {"GB-A1": ("C14", 1), "GB-A2": ("C14", 1),
                                "PR-A1": ("C16", 3), "PR-A2": ("C16", 3),
                                "PR-A3": ("C16", 3), "PR-A4": ("C16", 3)}  # fmt: skip
    o, p = orders_of(s, "Coalition 1", "place 2 bases GB in E6 F6\nplace recruit army GB in B14")
    assert p == [] and o.at == {"GB-B1": ("E6", 1), "GB-B2": ("F6", 1), "GB-A4": ("B14", 2)}
    o, p = orders_of(s, "Coalition 1", "place wild horde in Patagonia")
    assert p == [] and o.wild == ("Q8", 1, "horde")
    _, p = orders_of(s, "Coalition 1", "place wild veteran horde in Patagonia")
    assert p == [
        "line 1: your wild-minor piece is a recruit horde, not 'veteran horde' "
        "(7YWW 28.6: the piece your die gave)"
    ]
    o, p = orders_of(s, "Coalition 2", "place base UP in Cape Colony\nplace wild: B1")
    assert p == [] and o.at == {"UP-B1": ("O16", 1)} and o.wild == ("B1", 2, "")
    _, p = orders_of(s, "Coalition 2", "place wild horde in B1")
    assert p == [
        "line 1: your wild-minor piece is a base, not 'horde' (7YWW 28.6: the piece your die gave)"
    ]
    o, p = orders_of(s, "Coalition 2", "place 2 fleets in D14")
    assert p == ["line 1: whose fleets? say 'fleets FR' (FR or RU or SP or UP)"]
    _, p = orders_of(s, "Coalition 1", "place GB-A1 in C14\nplace GB-A1 in B14")
    assert p == ["line 2: GB-A1 is placed twice (line 1 and here)"]
    _, p = orders_of(s, "Coalition 1", "move GB-A1 to C14")
    assert p and "not a set-up order" in p[0]


def test_scenario_text_gives_seats_powers_treasuries_and_the_whole_deployment():
    """`pbem games seven-years-world-war --scenario ID` (7YWW 28.1-28.6): what a referee
    and his players read before they start."""
    from pbem import ruleset as registry

    rs = registry.get("seven-years-world-war")
    text = rs.scenario_text("3-european")
    assert text.startswith("7YWW 28.52 Three Player Game (European)")
    assert "Coalition 1: Great Britain (GB), Prussia (PR); 20 treasury points" in text
    assert "Coalition 3: Russian Empire (RU); 10 treasury points" in text
    assert "Neutral major powers (7YWW 4.3): Maratha Confederation (MC)" in text
    assert "Prussia: set up by Coalition 1\n    Armies: veteran x 4 in Prussia." in text
    assert "Maratha Confederacy: set up by Coalition 2" in text  # if neutral: by France's
    assert "Spain: set up by Coalition 2" in text  # neutral Spain: by France's player
    assert "    Sweden: Armies: veteran x 1" in text and "Die: 1 -, 2 -, 3 Base x 1" in text
    lines = text.splitlines()
    assert all(lines.count(ln) == 1 for ln in lines if ln.startswith("    Bases"))
    free = rs.scenario_text("free-4")
    assert "each ranks the major powers and drafts 2" in free
    assert "Great Britain: set up by the player controlling it" in free


def test_map_text_lists_the_land_squares_and_special_sides():
    """`pbem games seven-years-world-war --map` (7YWW 2.1, 4.9, 11.2, 14.21-14.32)."""
    from pbem import ruleset as registry

    rs = registry.get("seven-years-world-war")
    text = rs.map_text(None)
    lines = text.splitlines()
    # 7YWW 4.9, 11.2: the Prussia '4' square, C16
    assert "  C16 Prussia: coastal, civilized, treasury 4, PR, Europe, port, capital" in lines
    land = [q.id for q in rs.content.map.squares if q.kind != "sea"]
    listed = [line.split()[0] for line in lines if line.startswith("  ") and " | " not in line]
    assert listed[: len(land)] == land  # every square not all sea, in map order, once
    assert rs.content.map.square("F10").kind == "sea" and "F10" not in listed
    assert "  E16 Bosphorus | F16 Asia Minor" in lines  # 14.22, 14.32: the Dardanelles, a strait
    assert "  G6 Florida | H6 West Indies" in lines  # 14.21: an all-sea side
    assert text == rs.map_text("3-european")
