"""Seven Years World War report wording found by a referee's trial: the sentences of
combat, retreat, Revolution, Sturm & Drang, provisioning and deals; a beaten attacker
that stays by his fortified zone (15.81); a face-down leader's refusal; an `if won:`
line under a refused attack line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pbem import joins
from pbem.ruleset import OrderLine, check_orders, get
from pbem.rulesets.seven_years import events as E
from pbem.rulesets.seven_years import leaders
from pbem.rulesets.seven_years.content import default_content
from pbem.rulesets.seven_years.sentences import describe
from pbem.rulesets.seven_years.state import Leader, Unit
from pbem.service import Game

RS = get("seven-years-world-war")
GOLDEN = Path(__file__).parent / "golden" / "seven-years-world-war-2-european.pbem"


@pytest.fixture(scope="module")
def turn_state(tmp_path_factory):
    """The golden game just before its first player turn resolves: (state, seat, step)."""
    path = tmp_path_factory.mktemp("g") / "g.pbem"
    shutil.copyfile(GOLDEN, path)
    with Game(path) as game:
        for r in game.log.rows():
            if r.type != "phase_resolved":
                continue
            st = game.state(upto=r.seq - 1)
            step = joins.open_step(st)
            if step is not None and st.rules.stage == "turn":
                return st.rules, st.rules.acting_seat(), step
    raise AssertionError("no player turn")


def _combat(**kw):
    base = dict(attacker_seat="Coalition 2", defender_seat=None, source="B17", target="C17",
                attackers=["RU-A5"], defenders=["Poland-A1", "Poland-B1"], table="engagement",
                strength={"attacker": 4, "defender": 3}, column="1:1", die=6, result="DW")  # fmt: skip
    base.update(kw)
    return E.Combat(**base)


def test_combat_retreat_and_revolution_sentences():
    said = describe(_combat())
    assert "against the minor or neutral units' Poland-A1, Poland-B1" in said
    assert "Coalition 1's PR-A1" in describe(_combat(defender_seat="Coalition 1", defenders=["PR-A1"]))  # fmt: skip
    assert describe(E.Retreated(units=["RU-A1"], frm="C17", to="B17")).startswith(
        "RU-A1 retreats from C17"
    )
    assert " retreat from " in describe(E.Retreated(units=["RU-A1", "RU-A2"], frm="C17", to="B17"))
    # the marker's play says it once ("back to the pool unplayed"); the event says nothing
    assert describe(E.Revolution(picker="Coalition 2", capitals_occupied=[], effect="not played")) == ""  # fmt: skip


def test_sturm_und_drang_names_the_marker_in_words():
    c = default_content()
    dip = next(m for m in c.markers if c.marker(m).kind == "Diplomacy")
    sd = next(m for m in c.markers if c.marker(m).label == "Sturm & Drang")
    e = E.MarkerPlayed(seat="Coalition 1", marker=sd, target=dip,
                       detail="Sturm & Drang against Coalition 2's Diplomacy 3 (7YWW 29.7)")  # fmt: skip
    said = describe(e)
    assert dip not in said and "against Coalition 2's Diplomacy 3" in said, said
    bare = describe(E.MarkerPlayed(seat="Coalition 1", marker=sd, target=dip))
    assert dip not in bare and f"against {c.marker(dip).label}" in bare, bare


def test_provisioning_names_the_units_paid_for():
    e = E.Provisioning(seat="Coalition 2", total=3, squares={
        "C16": {"forage": 2, "fed": ["AU-A1", "AU-A2"], "paid": ["AU-A3"], "cost": 1},
        "D14": {"forage": 4, "fed": ["FR-A1"], "paid": [], "cost": 0}})  # fmt: skip
    said = describe(e)
    assert "3 units fed by forage, 1 unit paid for, 3 treasury points" in said, said
    assert "(paid: C16 (forage 2): AU-A3)" in said, said


def test_a_deal_carried_out_names_its_terms_once():
    terms = "Coalition 2, Coalition 3: Coalition 2 gives 3 treasury to Coalition 3"
    e = E.Deal(seats=["Coalition 2", "Coalition 3"], terms=terms,
               done=["Coalition 2 gives 3 treasury to Coalition 3"])  # fmt: skip
    assert describe(e) == (
        "Deal between Coalition 2, Coalition 3: Coalition 2 gives 3 treasury to "
        "Coalition 3 (7YWW 21.1)."
    )
    nothing = E.Deal(seats=["Coalition 2", "Coalition 3"], terms=terms, skipped=["x"])
    assert f"({terms})" in describe(nothing) and "Not carried out: x." in describe(nothing)


def test_a_beaten_attacker_by_his_fortified_zone_is_said_to_stay(turn_state):
    s, seat, _ = turn_state
    s = s.model_copy(deep=True)
    power = s.powers_of(seat)[0]
    src = next(u.square for u in s.units_of(seat) if u.type == "army")
    e = _combat(attacker_seat=seat, source=src, result="AZ", attackers=[])
    fz = Unit(id=f"{power}-Z9", owner=power, type="fortified_zone", square=src)
    plain = RS.describe_event(e, s)
    s.units[fz.id] = fz
    said = RS.describe_event(e, s)
    assert "stay in" not in plain
    assert said.startswith(plain) and f"stay in {src}" in said and "15.81" in said, said
    assert "stay in" not in RS.describe_event(_combat(attacker_seat=seat, source=src, result="AA"), s)  # fmt: skip


def test_a_face_down_leader_is_refused_with_the_reason(turn_state):
    s, seat, _ = turn_state
    s = s.model_copy(deep=True)
    c = default_content()
    lid = next(m for m in c.markers if c.is_leader(m) and not c.marker(m).naval)
    s.leaders[lid] = Leader(id=lid, where="hand", holder=seat, face_up=False)
    units = s.units_of(seat)
    why = leaders.problem(c, s, seat, lid, units)
    assert why.startswith(f"leader {lid} is not available to you: he is face down"), why
    other = next(x for x in s.seats if x != seat)
    s.leaders[lid] = Leader(id=lid, where="hand", holder=other, face_up=True)
    assert "face down" not in leaders.problem(c, s, seat, lid, units)


def _problems(s, seat, phase, lines):
    _, probs = check_orders(RS, s, seat, phase, [OrderLine(i, t) for i, t in enumerate(lines, 1)])
    return probs


def test_if_won_under_a_refused_attack_line_gets_one_message(turn_state):
    s, seat, step = turn_state
    # refused when read: the attack line names no square
    probs = _problems(s, seat, step.phase, ["attack Nowhere9 from C16", "if won: attack C18 from C17"])  # fmt: skip
    second = [p.message for p in probs if p.line == 2]
    assert second and all("refused with the attack line it depends on (line 1)" in m for m in second), probs  # fmt: skip
    # refused by the rules: no unit of his in the square it attacks from
    mine = {u.square for u in s.units_of(seat)}
    empty = next(q for q in ("A1", "B2", "C3", "D4", "N20") if q not in mine)
    sq = next(iter(sorted(mine)))
    probs = _problems(s, seat, step.phase, [f"attack {sq} from {empty}", f"if won: attack {empty} from {sq}"])  # fmt: skip
    second = [p.message for p in probs if p.line == 2]
    assert second == ["'if won:' is refused with the attack line it depends on (line 1): fix that line first"], probs  # fmt: skip


def test_the_set_up_report_names_the_powers_the_footnote_and_the_random_minor_squares():
    from seeded import Seeded

    from pbem.resolution import Resolution
    from pbem.rulesets.seven_years.report import sections

    for seed in range(30):
        ctx = Resolution(RS, RS.new_state("2-european", {}), Seeded(seed))
        RS.setup(ctx, "2-european", {})
        s = ctx.state
        gb = s.seat_of("GB")
        if s.wild.get(gb):
            break
    secs = {x.title: x for x in sections(default_content(), s, gb)}
    assert f"You ({gb}) control: " in " ".join(secs["The game turn"].lines)
    assert "Great Britain (GB)" in " ".join(secs["The game turn"].lines)
    note = secs["Your pieces to place (7YWW 28.6)"].note
    assert "*: 28.6's optional rule" in note and "option 'hanover', off" in note, note
    assert "alone in an empty square of Arabia" in note, note
