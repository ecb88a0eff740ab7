"""The rules-case format's forms (docs/rules-cases.md): each one passes when it holds
and fails, with a clear line, when it does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.case_paths import CaseError, PathError, get_path, lookup, parse_path, set_path, show_path
from pbem.cases import CaseResult, exact, run_case, subset

AMBUSH_STATE = (
    'state = { scenario = "duel", powers = ["Red", "Blue"], max_turns = 3, turn = 1, '
    'stage = "attack", order = ["Red", "Blue"], acting = 0, gold = { Red = 0, Blue = 0 }, '
    'owner = { North = "Red", East = "Red", South = "Blue", West = "Blue", Centre = "" }, '
    "troops = { North = 2, East = 3, South = 1, West = 0, Centre = 0 }, "
    'cards = { Red = [], Blue = ["Ambush"] } }'
)

# Red attacks South with 3; Blue's standing ambush; South falls (tests/cases/mini/ambush.toml)
AMBUSH_STEP = """
[[step]]
phase = "t1-attack-Red"
orders.Red = "attack East South 3"
standing.Blue = "ambush South"
dice = [6, 1, 2, 5, 6, 1]
"""


def case(tmp_path: Path, body: str, start: str = AMBUSH_STATE) -> Path:
    p = tmp_path / "case.toml"
    p.write_text(f'[case]\nruleset = "mini"\n\n[start]\n{start}\n{body}', encoding="utf-8")
    return p


def run(tmp_path: Path, body: str, start: str = AMBUSH_STATE) -> CaseResult:
    return run_case(case(tmp_path, body, start))


def failures(tmp_path: Path, body: str, start: str = AMBUSH_STATE) -> str:
    res = run(tmp_path, body, start)
    assert not res.ok, "the case was expected to fail"
    return "\n".join(res.failures)


def error(tmp_path: Path, body: str, start: str = AMBUSH_STATE) -> str:
    with pytest.raises(CaseError) as e:
        run(tmp_path, body, start)
    return str(e.value)


# --- paths ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "parts"),
    [
        ("owner.West", ["owner", "West"]),
        ('control."St. Petersburg"', ["control", "St. Petersburg"]),
        ('areas."St. Petersburg".owner', ["areas", "St. Petersburg", "owner"]),
        ('"a.b"', ["a.b"]),
        ('x."say \\"hi\\"".0', ["x", 'say "hi"', "0"]),
        ("leaders.Frederick II.status", ["leaders", "Frederick II", "status"]),
    ],
)
def test_parse_path(path: str, parts: list[str]) -> None:
    assert parse_path(path) == parts
    assert parse_path(show_path(parts)) == parts


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ('control."St. Petersburg', "not closed"),
        ("owner..West", "empty segment"),
        ("owner.", "empty segment"),
        ('control."St."Petersburg', "followed by a dot"),
        ('control.St"Petersburg"', "may only open a segment"),
    ],
)
def test_bad_path_syntax(path: str, says: str) -> None:
    with pytest.raises(PathError, match=says):
        parse_path(path)


def test_bad_path_syntax_in_a_case_names_the_key(tmp_path: Path) -> None:
    msg = error(tmp_path, AMBUSH_STEP + '[step.expect]\nstate = { \'owner."South\' = "Red" }\n')
    assert "expect.state" in msg and 'owner."South' in msg and "not closed" in msg


def test_quoted_segment_sets_and_reads_a_dotted_name(tmp_path: Path) -> None:
    body = """
[[step]]
phase = "t1-attack-Red"
orders.Red = "hold"

[step.expect]
state = { 'troops."St. Elsewhere"' = 4 }
"""
    start = AMBUSH_STATE + "\nset = { 'troops.\"St. Elsewhere\"' = 4 }"
    assert run(tmp_path, body, start).ok
    # the unquoted path is three segments and does not exist
    bad = body.replace("""'troops."St. Elsewhere"'""", '"troops.St. Elsewhere"')
    msg = failures(tmp_path, bad, start)
    assert "state has no 'troops.St. Elsewhere': no 'St' in troops; keys:" in msg
    assert "St. Elsewhere" in msg


def test_set_bad_key_names_the_keys(tmp_path: Path) -> None:
    msg = error(tmp_path, "", AMBUSH_STATE + '\nset = { "cards.Green.0" = "Ambush" }')
    assert "[start] set 'cards.Green.0'" in msg
    assert "no 'Green' in cards; keys: Blue, Red" in msg
    assert "set it whole, as in 'cards.Green' = ..." in msg


def test_a_bad_dice_entry_names_the_step_and_the_entry(tmp_path: Path) -> None:
    msg = error(tmp_path, AMBUSH_STEP.replace("dice = [6,", "dice = [{ value = 6 },"))
    assert "step 1 dice, entry 1 ({'value': 6}): no 'label'" in msg
    msg = error(tmp_path, AMBUSH_STEP.replace("dice = [6,", 'dice = ["six",'))
    assert "step 1 dice, entry 1 ('six'): not a whole number" in msg


def test_start_state_names_a_scenario_of_the_game(tmp_path: Path) -> None:
    # a start state's scenario is the game's: a case cannot rest on a name no game has
    msg = error(tmp_path, "", AMBUSH_STATE.replace('"duel"', '"dual"'))
    assert "[start] state: scenario 'dual' is not one of mini's: duel" in msg


def test_set_bad_field_names_the_fields(tmp_path: Path) -> None:
    msg = error(tmp_path, "", AMBUSH_STATE + '\nset = { stge = "muster" }')
    assert "no field 'stge' in the state" in msg
    assert "MiniState fields: acting, cards, gold" in msg
    assert "did you mean 'stage'?" in msg


def test_set_through_a_value_and_past_a_list(tmp_path: Path) -> None:
    msg = error(tmp_path, "", AMBUSH_STATE + '\nset = { "stage.x" = 1 }')
    assert "stage is 'attack', not a table: it has no 'x'" in msg
    msg = error(tmp_path, "", AMBUSH_STATE + '\nset = { "cards.Blue.1" = "Rumour" }')
    assert "'1' is not an index of cards.Blue (a list of 1 item, indices 0..0)" in msg


def test_set_may_add_a_key_to_a_table(tmp_path: Path) -> None:
    body = '\n[[step]]\norders.Red = "hold"\n\n[step.expect]\nstate = { "gold.Green" = 5 }\n'
    assert run(tmp_path, body, AMBUSH_STATE + '\nset = { "gold.Green" = 5 }').ok


def test_set_a_state_the_ruleset_cannot_read(tmp_path: Path) -> None:
    msg = error(tmp_path, "", AMBUSH_STATE + '\nset = { turn = "soon" }')
    assert "[start] set: the ruleset cannot read this state" in msg


def test_many_names_are_trimmed() -> None:
    data = {f"k{n:02}": n for n in range(40)}
    with pytest.raises(PathError) as e:
        get_path(data, "k99")
    msg = str(e.value)
    assert "keys: k00, k01" in msg and "k19, ... (40 in all)" in msg and "k38" not in msg


def test_bad_state_path_in_expect_names_what_is_there(tmp_path: Path) -> None:
    msg = failures(tmp_path, AMBUSH_STEP + '[step.expect]\nstate = { "owner.Sout" = "Red" }\n')
    assert (
        "step 1: state has no 'owner.Sout': no 'Sout' in owner; keys: Centre, East, North,"
        " South, West; did you mean 'South'?"
    ) in msg
    msg = failures(tmp_path, AMBUSH_STEP + '[step.expect]\nstate = { "ownr.South" = "Red" }\n')
    assert "no field 'ownr' in the state; MiniState fields:" in msg


def test_state_mismatch_says_where(tmp_path: Path) -> None:
    body = AMBUSH_STEP + '[step.expect]\nstate = { owner = { South = "Blue", West = "Blue" } }\n'
    msg = failures(tmp_path, body)
    assert "step 1: state owner is {" in msg
    assert "(owner.South is 'Red', expected 'Blue')" in msg


# --- { exactly = ... } ------------------------------------------------------------------


def test_exact_is_strict() -> None:
    assert exact({}, {})
    assert not exact({}, {"Silesia": 2})
    assert not exact({"a": [1]}, {"a": [1], "b": 2})
    assert not exact(1, True)
    assert subset({"exactly": {}}, {})
    assert not subset({"exactly": {}}, {"Silesia": 2})
    assert subset({}, {"Silesia": 2})  # the default stays a subset match


def test_exactly_passes_and_fails(tmp_path: Path) -> None:
    whole = '{ North = "Red", East = "Red", South = "Red", West = "Blue", Centre = "" }'
    ok = AMBUSH_STEP + f"[step.expect]\nstate = {{ owner = {{ exactly = {whole} }} }}\n"
    assert run(tmp_path, ok).ok
    part = AMBUSH_STEP + '[step.expect]\nstate = { owner = { exactly = { South = "Red" } } }\n'
    msg = failures(tmp_path, part)
    assert "step 1: state owner is {" in msg
    assert "expected {'exactly': {'South': 'Red'}}" in msg
    assert "owner also has Centre, East, North, West, which `exactly` leaves out" in msg
    # without `exactly`, the same table is a subset match and passes
    assert run(tmp_path, part.replace('{ exactly = { South = "Red" } }', '{ South = "Red" }')).ok


def test_exactly_empty_fails_on_a_table_with_entries(tmp_path: Path) -> None:
    body = AMBUSH_STEP + "[step.expect]\nstate = { cards = { exactly = {} } }\n"
    msg = failures(tmp_path, body)
    assert "cards also has Blue, Red, which `exactly` leaves out" in msg
    assert run(tmp_path, body.replace("{ exactly = {} }", "{}")).ok  # `{}` matches any table


def test_exactly_nested_value_differs(tmp_path: Path) -> None:
    body = (
        AMBUSH_STEP
        + '[step.expect]\nstate = { cards = { exactly = { Red = [], Blue = ["Ambush"] } } }\n'
    )
    msg = failures(tmp_path, body)
    assert "cards.Blue is [], expected ['Ambush']" in msg


def test_exactly_in_an_event(tmp_path: Path) -> None:
    event = (
        'type = "mini.battle", attacker = "Red", frm = "East", to = "South", count = 3, '
        'defender = "Blue", attacker_losses = 2, defender_losses = 1, captured = true, '
        "ambush = true"
    )
    assert run(
        tmp_path, AMBUSH_STEP + f"[step.expect]\nevents = [{{ exactly = {{ {event} }} }}]\n"
    ).ok
    short = event.replace(", ambush = true", "")
    msg = failures(
        tmp_path, AMBUSH_STEP + f"[step.expect]\nevents = [{{ exactly = {{ {short} }} }}]\n"
    )
    assert "no event matching {'exactly':" in msg and "(in order)" in msg


# --- state_absent -------------------------------------------------------------------


def test_absent_passes_and_fails(tmp_path: Path) -> None:
    ok = AMBUSH_STEP + '[step.expect]\nstate_absent = ["cards.Green", "owner.Nowhere"]\n'
    assert run(tmp_path, ok).ok
    msg = failures(tmp_path, AMBUSH_STEP + '[step.expect]\nstate_absent = ["cards.Blue"]\n')
    assert "step 1: state cards.Blue is present ([]); the case says it is absent" in msg


def test_absent_does_not_pass_a_typo(tmp_path: Path) -> None:
    msg = failures(tmp_path, AMBUSH_STEP + '[step.expect]\nstate_absent = ["card.Green"]\n')
    assert "state_absent 'card.Green': no field 'card' in the state" in msg
    assert "did you mean 'cards'?" in msg
    msg = failures(tmp_path, AMBUSH_STEP + '[step.expect]\nstate_absent = ["stge"]\n')
    assert "no field 'stge' in the state (a field is never absent)" in msg
    msg = failures(tmp_path, AMBUSH_STEP + '[step.expect]\nstate_absent = ["stage"]\n')
    assert "state stage is present ('attack')" in msg


def test_absent_must_be_a_list_of_paths(tmp_path: Path) -> None:
    msg = error(tmp_path, AMBUSH_STEP + '[step.expect]\nstate_absent = "cards.Green"\n')
    assert "expect.state_absent: a list of paths" in msg


def test_lookup() -> None:
    data = {"a": {"b": 1}, "l": [1, 2]}
    assert lookup(data, "a.b") == (True, 1)
    assert lookup(data, "a.c") == (False, None)
    assert lookup(data, "l.5") == (False, None)
    with pytest.raises(PathError, match="no 'x' in the state"):
        lookup(data, "x.b")
    with pytest.raises(PathError, match="not an index"):
        lookup(data, "l.x")


def test_set_path_without_a_live_state() -> None:
    data: dict = {"a": {"b": 1}}
    set_path(data, 'a."c.d"', 2)
    assert data == {"a": {"b": 1, "c.d": 2}}
    with pytest.raises(PathError, match="no 'x' in the state; keys: a"):
        set_path(data, "x.y", 1)


# --- events_any_order -----------------------------------------------------------------

MUSTER = """
[[step]]
phase = "t1-muster"
orders.Red = "muster 2"
orders.Blue = "muster 1"
dice = [6, 6, 1, 1]
"""
DUEL = 'scenario = "duel"\ndice = [0, 1, 0, 1]'


def test_any_order_passes_where_in_order_fails(tmp_path: Path) -> None:
    want = '[{ type = "mini.mustered", power = "Blue" }, { type = "mini.mustered", power = "Red" }]'
    assert run(tmp_path, MUSTER + f"[step.expect]\nevents_any_order = {want}\n", DUEL).ok
    msg = failures(tmp_path, MUSTER + f"[step.expect]\nevents = {want}\n", DUEL)
    assert "no event matching {'type': 'mini.mustered', 'power': 'Red'} (in order)" in msg


def test_any_order_fails_when_an_event_is_missing(tmp_path: Path) -> None:
    want = '[{ type = "mini.mustered", power = "Blue", count = 2 }]'
    msg = failures(tmp_path, MUSTER + f"[step.expect]\nevents_any_order = {want}\n", DUEL)
    assert (
        "no event matching {'type': 'mini.mustered', 'power': 'Blue', 'count': 2} (in any order)"
        in msg
    )
    assert '"type": "mini.initiative"' in msg  # the events are listed


def test_any_order_needs_an_event_for_each(tmp_path: Path) -> None:
    # three musters expected, two happened: the third has no event of its own
    want = '[{ type = "mini.mustered" }, { type = "mini.mustered" }, { type = "mini.mustered" }]'
    msg = failures(tmp_path, MUSTER + f"[step.expect]\nevents_any_order = {want}\n", DUEL)
    assert "each expected event needs one of its own" in msg


def test_any_order_finds_the_assignment(tmp_path: Path) -> None:
    # the first pattern matches both musters, the second only Red's: a greedy match
    # would give Red's to the first and fail
    want = '[{ type = "mini.mustered" }, { type = "mini.mustered", power = "Red" }]'
    assert run(tmp_path, MUSTER + f"[step.expect]\nevents_any_order = {want}\n", DUEL).ok


# --- rejected, then resolved ----------------------------------------------------------

BAD_RED = """
[[step]]
phase = "t1-muster"
orders.Red = \"\"\"
muster 2
musterr 1
\"\"\"
orders.Blue = "muster 1"
"""
REJ = '[{ power = "Red", line = 2, message = "is not an order" }]'


def test_rejected_step_is_not_resolved_by_default(tmp_path: Path) -> None:
    assert run(tmp_path, BAD_RED + f"[step.expect]\nrejected = {REJ}\n", DUEL).ok
    msg = error(
        tmp_path, BAD_RED + f'[step.expect]\nrejected = {REJ}\nphase = "t1-attack-Red"\n', DUEL
    )
    assert (
        "phase is checked after the resolution, and this step is not resolved" in msg
        and "resolve = true" in msg
    )
    msg = error(tmp_path, BAD_RED + f"dice = [1]\n[step.expect]\nrejected = {REJ}\n", DUEL)
    assert "dice is checked after the resolution" in msg


def test_rejected_then_resolved_uses_the_default(tmp_path: Path) -> None:
    body = BAD_RED + "resolve = true\ndice = [6, 6, 1, 1]\n" + f"[step.expect]\nrejected = {REJ}\n"
    ok = body + 'state = { "gold.Red" = 3, "gold.Blue" = 2 }\nphase = "t1-attack-Red"\n'
    assert run(tmp_path, ok, DUEL).ok
    # the good line beside the bad one does not count
    msg = failures(tmp_path, body + 'events = [{ type = "mini.mustered", power = "Red" }]\n', DUEL)
    assert "no event matching {'type': 'mini.mustered', 'power': 'Red'}" in msg


def test_resolve_after_rejection_names_every_refused_power(tmp_path: Path) -> None:
    body = BAD_RED.replace('orders.Blue = "muster 1"', 'orders.Blue = "muster 9"')
    msg = failures(
        tmp_path,
        body + f"resolve = true\ndice = [6, 6, 1, 1]\n[step.expect]\nrejected = {REJ}\n",
        DUEL,
    )
    assert "orders of Blue rejected, and `rejected` does not name them" in msg
    assert "not enough gold" in msg


def test_rejection_expected_but_orders_accepted(tmp_path: Path) -> None:
    body = MUSTER.replace("dice = [6, 6, 1, 1]\n", "resolve = true\ndice = [6, 6, 1, 1]\n")
    msg = failures(tmp_path, body + f"[step.expect]\nrejected = {REJ}\n", DUEL)
    assert "expected Red's orders rejected with" in msg and "got no problems" in msg


def test_resolve_false_checks_orders_only(tmp_path: Path) -> None:
    body = MUSTER.replace("dice = [6, 6, 1, 1]\n", "resolve = false\n")
    assert run(tmp_path, body, DUEL).ok
    msg = error(tmp_path, body + '[step.expect]\nstate = { "gold.Red" = 1 }\n', DUEL)
    assert (
        "state is checked after the resolution, and this step is not resolved (resolve = false)"
        in msg
    )
    msg = error(tmp_path, body.replace("resolve = false", 'resolve = "no"'), DUEL)
    assert "resolve must be true or false" in msg


# --- Soldier Kings set-up dice (docs/rules-cases.md) -----------------------------------

SETUP_DICE = {"1756": 21, "1757": 42, "1758": 47, "1759": 53, "1760": 51, "1761": 49, "1762": 48}


@pytest.mark.parametrize(("scenario", "n"), sorted(SETUP_DICE.items()))
def test_setup_dice_per_scenario(tmp_path: Path, scenario: str, n: int) -> None:
    def go(k: int) -> CaseResult:
        p = tmp_path / f"setup-{k}.toml"
        p.write_text(
            f'[case]\nruleset = "soldier-kings"\n[start]\nscenario = "{scenario}"\n'
            f"dice = [{', '.join(['0'] * k)}]\n",
            encoding="utf-8",
        )
        return run_case(p)

    assert go(n).ok, go(n).text()
    short = go(n - 1).failures
    assert len(short) == 1 and f"scripted dice ran out at roll {n}" in short[0], short
    assert go(n + 1).failures == ["set-up: 1 scripted dice left unused"]


# --- pbem case --trace / --show: what a case writer sees -------------------------------


def test_trace_shows_phase_refusals_events_next_phase_and_state(tmp_path: Path) -> None:
    body = AMBUSH_STEP + '\n[[step]]\norders.Blue = "attack Nowhere East 1"\nresolve = false\n'
    body += '[step.expect]\nrejected = [{ power = "Blue", message = "" }]\n'
    lines: list[str] = []
    res = run_case(case(tmp_path, body), lines.append, ["troops.South", "nosuch", ""])
    text = "\n".join(lines)
    assert res.ok, res.text()
    assert "step 1: phase t1-attack-Red" in text
    assert text.count('  event {"') >= 2 and '"type": "dice_rolled"' in text
    assert "  next phase: " in text
    assert "start: state troops.South = 1" in text  # before the attack, and after it:
    assert "step 1: state troops.South = " in text
    assert "state has no 'nosuch'" in text  # a bad path is said, and the run goes on
    assert '"owner": {' in text  # '' prints the whole state
    assert "  refused, Blue: " in text


def test_without_trace_nothing_is_said(tmp_path: Path) -> None:
    assert run_case(case(tmp_path, AMBUSH_STEP), None, ["troops.South"]).ok


def test_a_refusal_the_case_does_not_name_fails_it_even_in_a_step_that_does_not_resolve(
    tmp_path: Path,
) -> None:
    body = """
[[step]]
phase = "t1-attack-Red"
orders.Red = "attack Nowhere East 1"
orders.Blue = "attack Nowhere South 1"
resolve = false

[step.expect]
rejected = [{ power = "Blue", message = "" }]
"""
    msg = failures(tmp_path, body)
    assert "orders of Red rejected, and `rejected` does not name them" in msg
