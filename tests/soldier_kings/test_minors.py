"""Soldier Kings minor countries and mercenaries (SK 17, 18, 19.1, 19.2, 19.5, 19.6):
the pure alliance procedure, the functions the card framework will call, the rules the
one-year scenarios cannot reach (SK 18.1, 18.9, 19.5), and the orders through signed
envelopes with verify."""

import pytest
from skkit import NOW, SKGame

from pbem.dice import ScriptedDice
from pbem.resolution import Resolution
from pbem.ruleset import STANDING, OrderLine
from pbem.rulesets.soldier import mercenaries, minor_alliances, minor_rules, minors, siege
from pbem.verify import verify

SETUP_DICE = {"1756": 21, "1757": 42, "1762": 48}


@pytest.fixture(scope="module")
def rs():
    from pbem import ruleset as registry

    return registry.get("soldier-kings")


def start(rs, scenario="1756", **fields):
    ctx = Resolution(rs, rs.new_state(scenario, {}), ScriptedDice([0] * SETUP_DICE[scenario]))
    rs.setup(ctx, scenario, {})
    s = ctx.state
    for k, v in fields.items():
        setattr(s, k, v)
    return s


def put(s, area, *uids, hired_by=None):
    for uid in uids:
        u = s.units[uid]
        u.status, u.area = "map", area
        if hired_by:
            u.hired_by = hired_by
    return s


def standing(rs, s, **texts):
    out = {}
    for power, text in texts.items():
        lines = [OrderLine(i, t) for i, t in enumerate(text.splitlines(), 1)]
        p = rs.parse(s, power, STANDING, lines)
        assert not p.problems, p.problems
        out[power] = p.orders
    return out


def ctx_for(rs, s, dice=()):
    return Resolution(rs, s, ScriptedDice(list(dice)))


# --- SK 17.3: the example as a pure function --------------------------------------------


def test_the_17_3_example_as_a_pure_function(rs):
    s = start(rs, "1762")
    put(s, "Western Mediterranean", "Br-F1", "Br-A1", "Sp-F1")
    s.units["Br-A1"].carried_by = "Br-F1"
    put(s, "Provence", "Fr-A1")
    so = standing(
        rs,
        s,
        Prussia="bribe Sardinia 2 for Britain",
        France="bribe Sardinia 2 against",
        Spain="bribe Sardinia 1 against",
    )
    proc = minor_alliances.alliance_procedure(
        rs.content, s, "Britain", "Sardinia", bribe=5, standing_orders=so
    )
    by_kind: dict[str, int] = {}
    for m in proc.modifiers:
        by_kind[m["kind"]] = by_kind.get(m["kind"], 0) + m["value"]
    # (-1) + 4 + 2 + 2 - 2 - 3 = +2
    assert by_kind == {
        "table": -1,
        "bribe": 4 + 2,
        "intimidation": 2,
        "counter-intimidation": -2,
        "counter-bribe": -3,
    }
    assert proc.net == 2 and proc.attempt == 1 and not proc.steal
    assert sum(p["resources"] for p in proc.payments) == 5 + 2 + 2 + 1
    # nothing changed: the function is pure
    assert s.treasury["Britain"].resources == 45 and s.alliance_attempts == {}


def test_bribery_scale_is_per_power(rs):
    b = rs.content.tables.bribery
    assert [b.modifier(n) for n in range(10)] == [0, 1, 2, 3, 3, 4, 4, 5, 5, 6]


# --- attempt_alliance: what the card framework calls ---------------------------------------


def test_attempt_alliance_with_a_card_bonus_and_a_marker(rs):
    s = start(rs, "1756")
    ctx = ctx_for(rs, s, [3, 4, 0, 0])  # 7 + 2 (card) + 1 (Austria's table) = 10
    made = minor_alliances.attempt_alliance(
        ctx, rs.content, "Austria", "Poland", card_bonus=2, markers=("royal_betrothal",)
    )
    assert made
    s = ctx.state
    att = next(e for e in ctx.events if e.type == "sk.alliance_attempt")
    assert {
        "kind": "card",
        "power": "Austria",
        "value": 2,
        "detail": "card play (SK 17.3)",
    } in att.modifiers
    assert att.total == 10 and att.success
    assert s.allies["Poland"] == "Austria" and s.markers == {"royal_betrothal": ["Poland"]}
    assert sum(1 for u in s.on_map() if u.country == "Poland") == 2


def test_attempt_alliance_refuses_without_raising(rs):
    s = start(rs, "1756")
    ctx = ctx_for(rs, s)
    assert not minor_alliances.attempt_alliance(
        ctx, rs.content, "Austria", "Saxony"
    )  # already its ally
    assert not minor_alliances.attempt_alliance(ctx, rs.content, "Prussia", "Poland", steal=True)
    reasons = [e.reason for e in ctx.events if e.type == "sk.minor_order_skipped"]
    assert reasons == [
        "Saxony is already Austria's ally",
        "Poland has no ally to steal it from (SK 17.6)",
    ]


def test_stealing_is_implied_by_the_minor_having_an_ally(rs):
    s = start(rs, "1756")
    ctx = ctx_for(rs, s, [6, 6])
    made = minor_alliances.attempt_alliance(ctx, rs.content, "Prussia", "Saxony", bribe=9)
    att = next(e for e in ctx.events if e.type == "sk.alliance_attempt")
    assert att.steal and att.modifiers[1]["kind"] == "steal"
    assert att.total == 12 - 2 - 2 + 6 and made
    assert ctx.state.allies["Saxony"] == "Prussia"


def test_zero_manpower_pays_no_bribe(rs):
    """SK 7.5: with zero Manpower a power may not spend Resources."""
    s = start(rs, "1756")
    s.treasury["Austria"].manpower = 0
    so = standing(rs, s, Austria="bribe Poland 3 against")
    proc = minor_alliances.alliance_procedure(
        rs.content, s, "Prussia", "Poland", standing_orders=so
    )
    assert proc.payments == []


def test_prohibited_powers_may_not_bribe(rs):
    """SK 17.41: only powers not prohibited from allying with the minor may bribe."""
    s = start(rs, "1757")
    so = standing(rs, s, Russia="bribe Crimea 3 against", France="bribe Crimea 3 against")
    proc = minor_alliances.alliance_procedure(
        rs.content, s, "Prussia", "Crimea", standing_orders=so
    )
    assert proc.payments == []  # Russia: No; France: allied to Russia


def test_end_alliance_for_royal_death(rs):
    s = start(rs, "1756", markers={"royal_betrothal": ["Saxony"]})
    put(s, "Saxony", "Sx-A1")
    ctx = ctx_for(rs, s)
    minors.end_alliance(ctx, "Saxony", why="Royal Death")
    s = ctx.state
    assert "Saxony" not in s.allies and s.markers == {}
    assert s.units["Sx-A1"].status == "pool"
    assert [e.type for e in ctx.events] == [
        "sk.marker_removed",
        "sk.alliance_broken",
        "sk.minor_units_removed",
    ]


# --- SK 17.7: nobody reaches 10 ---------------------------------------------------------


def test_a_besieged_minor_whose_suitors_all_fail_stays_neutral_and_the_siege_goes_on(rs):
    s = start(rs, "1757", stage="action", initiative=["Prussia", "Austria"], acting=0)
    put(s, "Warsawa", "Pr-A1")
    so = standing(rs, s, Austria="accept Poland")
    ctx = ctx_for(rs, s, [1, 1, 1, 1, 1, 1, 1])  # Austria 2 + 1 - 1 = 2; then the siege
    ok = siege.siege_may_proceed(
        ctx, rs.content, "Warsawa", {"Prussia": type("G", (), {"if_resisted": None})()}, so
    )
    assert ok
    sought = next(e for e in ctx.events if e.type == "sk.minor_sought")
    assert sought.ally is None and "stays neutral" in sought.reason
    assert "Poland" not in ctx.state.allies


def test_a_backstabbed_minor_nobody_takes_leaves_the_map(rs):
    s = start(rs, "1756", turn=2)
    put(s, "Saxony", "Sx-A1")
    so = standing(rs, s, Prussia="accept Saxony")
    ctx = ctx_for(rs, s, [1, 1])  # Prussia wishes and fails: Saxony stays neutral
    minors.backstab(ctx, rs.content, "Austria", "Saxony", so)
    assert "Saxony" not in ctx.state.allies
    removed = next(e for e in ctx.events if e.type == "sk.minor_units_removed")
    assert removed.units == ["Sx-A1"] and ctx.state.units["Sx-A1"].status == "pool"


# --- SK 18.1 in a campaign; SK 18.9; SK 18.8 not for a conqueror ---------------------------


def test_spring_new_units_in_a_campaign(rs):
    s = start(rs, "1756", stage="purchase")
    assert not minor_rules.spring_units_apply(rs.content, s)  # One-Year Scenario Special Rules
    ctx = ctx_for(rs, s, [0])
    minor_rules.spring_new_units(ctx, rs.content)  # what a campaign's Spring Purchase Phase does
    placed = next(e for e in ctx.events if e.type == "sk.minor_forces_placed")
    assert placed.rule == "SK 18.1" and placed.placements == {"Saxony": ["Sx-A3"]}  # the one unused


def test_no_spring_units_for_a_conquered_minor(rs):
    s = start(rs, "1756")
    s.control["Saxony"] = "Prussia"
    ctx = ctx_for(rs, s)
    minor_rules.spring_new_units(ctx, rs.content)
    assert not ctx.events


def test_a_power_that_held_the_minor_at_the_start_may_not_liberate_it(rs):
    from pbem.rulesets.soldier.siege import ControlChanged

    s = start(rs, "1757")
    s.control["Saxony"] = "Austria"  # Austria took it from Prussia earlier
    so = standing(rs, s, Prussia="liberate Saxony")
    ctx = ctx_for(rs, s)
    ctx.emit(ControlChanged(area="Saxony", frm="Austria", to="Prussia", why="siege (SK 12.2)"))
    minor_alliances.after_control_changes(ctx, rs.content, so)
    assert not [e for e in ctx.events if e.type == "sk.minor_liberated"]
    assert ctx.state.control["Saxony"] == "Prussia"


def test_emo_may_sail_only_with_the_venetian_fleet(rs):
    s = start(rs, "1757")
    assert minor_alliances.emo_problem(rs.content, s, "Angelo Emo", ["Au-F1"]) == (
        "Angelo Emo may only be with a group that contains the Venice fleet (SK 19.6)"
    )
    assert minor_alliances.emo_problem(rs.content, s, "Angelo Emo", ["Au-F1", "Vc-F1"]) is None


# --- SK 19.5 auxiliaries -------------------------------------------------------------------


def test_auxiliaries_are_lent_to_a_formal_ally_and_revert(rs):
    from pbem.rulesets.soldier import winter

    s = start(rs, "1757")
    put(s, "Berlin", "Pr-A2")
    ctx = ctx_for(rs, s)
    with pytest.raises(ValueError, match="only to a formal ally"):
        mercenaries.lend_auxiliaries(ctx, "Prussia", "Austria", ["Pr-A2"])
    mercenaries.lend_auxiliaries(ctx, "Prussia", "Britain", ["Pr-A2"])
    s = ctx.state
    u = s.units["Pr-A2"]
    assert s.commander(u) == "Britain" and not mercenaries.is_mercenary(s, u)
    assert u in winter.maintained_by(s, "Britain")  # SK 19.5: the receiver maintains it
    assert u not in winter.maintained_by(s, "Prussia")
    mercenaries.revert_auxiliaries(ctx, "Prussia", "Britain")
    assert ctx.state.commander(ctx.state.units["Pr-A2"]) == "Prussia"


# --- standing orders as written ---------------------------------------------------------


@pytest.mark.parametrize(
    "text,fragment",
    [
        ("bribe Sardinia 10 for Britain", "a bribe is at most 9 Resources"),
        ("bribe Sardinia 3", "write: bribe MINOR N for POWER"),
        ("bribe Sardenia 3 against", "no minor or mercenary country 'Sardenia'"),
        ("bribe Sardinia 3 for Portugal", "no major power 'Portugal'"),
        ("accept Sardinia in Silesia", "Silesia is not a home area of Sardinia"),
        ("liberate Hesse", "no minor country 'Hesse'"),
        ("release Pr-A1", "Pr-A1 is not a mercenary army"),
    ],
)
def test_bad_standing_orders(rs, text, fragment):
    s = start(rs, "1757")
    p = rs.parse(s, "Britain", STANDING, [OrderLine(1, text)])
    assert any(fragment in str(x) for x in p.problems), p.problems


def test_standing_orders_parse(rs):
    s = start(rs, "1757")
    so = standing(
        rs,
        s,
        Britain="bribe Pays d'Haut 4 for Britain from attempt 3\naccept all\nliberate Saxony\nrelease He-A1",
    )["Britain"]
    assert so.of("bribe") == [minor_alliances.BribeLine("Pays d'Haut", 4, "for", "Britain", 3, 1)]
    assert so.of("accept") == [{"minor": None, "areas": []}]
    assert so.of("liberate") == [{"minor": "Saxony"}]
    assert so.of("release") == [["He-A1"]]


# --- through signed envelopes, with verify ---------------------------------------------------


def _advance_to(g: SKGame, stage: str, power: str | None = None) -> None:
    rs = g.rs
    while True:
        st = g.game.status().step
        s = g.state
        if s.stage == stage and (power is None or power in st.owes):
            return
        for p in st.owes:
            lines = rs.demo_orders(s, p, st)
            assert g.submit(p, "\n".join(lines) or "# nothing").status == "accepted"
        assert g.game.advance()


def test_cards_played_through_signed_orders_and_verified(tmp_path):
    g = SKGame(tmp_path, "1756")  # Austria holds a Minor Country Alliance card,
    rs = g.rs  # Prussia the Holy Roman Empire and Swiss Mercenaries cards
    assert g.submit("Prussia", "bribe Poland 1 against", phase="standing").ok
    _advance_to(g, "action", "Austria")
    r = g.submit("Austria", "ally with Poland bribe 2")
    assert r.status == "accepted", r.message()
    g.game.advance()
    types = [e.type for _, e in g.game.log.events()]
    assert "sk.alliance_attempt" in types and "sk.bribes_paid" in types
    assert "Minor Country Alliance" not in g.state.hands["Austria"]
    paid = [e for _, e in g.game.log.events() if e.type == "sk.bribes_paid"][0]
    assert {b["power"] for b in paid.bribes} == {"Austria", "Prussia"}
    _advance_to(g, "action", "Prussia")
    r = g.submit("Prussia", "hire Hesse 1\nhire Switzerland 1")
    assert r.status == "accepted", r.message()
    g.game.advance()
    hired = [e for _, e in g.game.log.events() if e.type == "sk.hired"]
    assert [(e.country, e.area) for e in hired] == [
        ("Hesse", "Hesse"),
        ("Switzerland", "Switzerland"),
    ]
    # play on to the end: the Maintenance Phase rehires or releases them
    while g.game.status().ended is None:
        st = g.game.status().step
        for p in st.owes:
            lines = rs.demo_orders(g.state, p, st)
            assert g.submit(p, "\n".join(lines) or "# nothing").status == "accepted"
        assert g.game.advance()
    types = {e.type for _, e in g.game.log.events()}
    assert {"sk.rehired", "sk.released"} & types
    rep = verify(g.path)
    assert rep.ok, rep.text()


def test_a_card_not_in_hand_is_refused_by_the_service(tmp_path):
    g = SKGame(tmp_path, "1756")
    _advance_to(g, "action", "Prussia")
    r = g.game.submit(g.envelope("Prussia", "ally with Poland"), now=NOW)
    assert r.status == "rejected"
    assert any("holds 0 'Minor Country Alliance' card(s)" in p.message for p in r.problems)
