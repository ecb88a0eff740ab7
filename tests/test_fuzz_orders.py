"""Fuzzed order lines (issue 16, docs/core.md "Fuzzed inputs"): every ruleset's parser
and rules checks (`check_orders`, what `Game.submit` runs on a signed envelope's lines)
read arbitrary lines and mutations of the scripted players' own, at several steps of a
real game, without a crash; every problem says what is wrong and names a line of the
orders (or none, when it is about them all); reading them changes no state."""

from __future__ import annotations

import re
import unicodedata

import pytest
from fuzzkit import GAMES, fuzz_settings, positions, timed, tried, write_summary
from fuzztext import Draws, blobs, mutate, respell
from hypothesis import given

from pbem import joins
from pbem import ruleset as registry
from pbem.ruleset import OrderLine, Parsed, check_orders
from pbem.rulesets.seven_years.standing import READERS

# standing orders the scripted players do not give (7YWW's, as their readers' docs
# write them, and every other head the standing orders know)
SYWW_STANDING = [
    "illuminati on combat of Coalition 1 in C14 if 1 2",
    "sturm und drang against ME by Coalition 2 on C14",
    "play grand tour for Coalition 1",
    "minor placement at C14, C16",
    "rebellion in Bohemia at C14",
    "losses in C14: RU-A1, RU-A2",
    "retreat from C14 to C16, B17",
    "advance from C14",
    "upgrade order: RU-A1",
    "defend with leader 3 in C14",
    "honors of war when defending in C14 if odds >= 3:1",
    "defend Prussia with 1 2 against Coalition 2 once",
    "reaction treasury",
    "lose powers in order PR, GB",
    "displace to C14, C16",
]
STANDING_HEADS = {"seven-years-world-war": [*SYWW_STANDING, *(f"{h} C14 1" for h in READERS)]}

PARSE_EXAMPLES, PARSE_BATCH = 1000, 10  # per ruleset: parse alone
CHECK_EXAMPLES, CHECK_BATCH = 250, 2  # parse and validate (7YWW's validate is slow)
FIRST = 7  # the first order line's number, as in an envelope with four headers
PER_LINE = 10  # bytes drawn per line at most (how, which, a mutation)


@pytest.fixture(scope="module", autouse=True)
def _summary(request):
    yield
    write_summary(request)


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """Positions of each ruleset's game, with the states dumped to check that reading
    orders leaves them as they were."""
    out = {}
    for ruleset in GAMES:
        path = tmp_path_factory.mktemp(ruleset) / "g.pbem"
        found = positions(path, ruleset, steps=60, keep=8, standing_heads=STANDING_HEADS)
        rs = registry.get(ruleset)
        out[ruleset] = [(p, rs.dump_state(p.rules)) for p in found]
    return out


def make_lines(d: Draws, lines: list[str], vocabulary: list[str]) -> list[str]:
    """One envelope's order lines: 1 to 5 of them, each made one of seven ways."""
    out = []
    for _ in range(1 + d.byte() % 5):
        how = d.byte() % 7
        demo = d.pick(lines) or d.pick(vocabulary)
        if how == 0:  # tricky strings
            out.append(d.odd() + d.odd() + d.odd())
        elif how == 1:  # a line or word of the orders and the template
            out.append(d.pick(vocabulary))
        elif how in (2, 3):  # a scripted line, changed once or twice
            out.append(mutate(demo, d, vocabulary, times=how - 1))
        elif how == 4:  # words of the orders in any order
            out.append(" ".join(d.token(vocabulary) for _ in range(1 + d.byte() % 4)))
        elif how == 5:  # a scripted line's verb with other words
            out.append(respell(demo, d, vocabulary))
        else:
            out.append(demo)
    return out


def as_envelope_lines(texts: list[str]) -> list[OrderLine]:
    """The lines as an envelope hands them to the rules: split at line ends, trailing
    blanks removed, NFC (pbem.envelope)."""
    split = re.split(r"\r\n|\r|\n", "\n".join(texts))
    return [
        OrderLine(FIRST + k, unicodedata.normalize("NFC", t.rstrip())) for k, t in enumerate(split)
    ]


def check_problems(problems, lines: list[OrderLine]) -> None:
    numbers = {ol.line for ol in lines}
    for p in problems:
        assert p.message.strip(), f"a problem without a message: {p!r}"
        assert p.line is None or p.line in numbers, f"{p} names no line of {numbers}"


def fuzz(found, name: str, examples: int, batch: int, answer) -> None:
    @fuzz_settings(examples)
    @given(blobs(batch, 3 * PER_LINE))
    def run(data):
        d = Draws(data)
        for _ in range(batch):
            position = d.pick(found)
            answer(position, as_envelope_lines(make_lines(d, position.lines, position.vocabulary)))
        tried(name, batch)

    with timed(name):
        run()


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_order_lines_never_crash_the_parser(games, ruleset):
    rs = registry.get(ruleset)

    def answer(position, lines):
        parsed = rs.parse(position.rules, position.power, position.phase, lines)
        assert isinstance(parsed, Parsed)
        check_problems(parsed.problems, lines)

    found = [p for p, _ in games[ruleset]]
    fuzz(found, f"parse:{ruleset}", PARSE_EXAMPLES, PARSE_BATCH, answer)


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_order_lines_never_crash_the_rules_checks(games, ruleset):
    """parse and validate, as `Game.submit` runs them (pbem.ruleset.check_orders)."""
    rs = registry.get(ruleset)

    def answer(position, lines):
        _, problems = check_orders(rs, position.rules, position.power, position.phase, lines)
        check_problems(problems, lines)

    found = [p for p, _ in games[ruleset]]
    fuzz(found, f"check:{ruleset}", CHECK_EXAMPLES, CHECK_BATCH, answer)


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_the_scripted_orders_still_read(games, ruleset):
    """The positions are real: each scripted player's own lines pass."""
    rs = registry.get(ruleset)
    for position, _ in games[ruleset]:
        lines = as_envelope_lines(position.lines)
        _, problems = check_orders(rs, position.rules, position.power, position.phase, lines)
        assert not problems, (position.phase, position.power, problems)


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_reading_orders_changed_no_state(games, ruleset):
    rs = registry.get(ruleset)
    for position, before in games[ruleset]:
        assert rs.dump_state(position.rules) == before, (position.phase, position.power)


JOIN_EXAMPLES, JOIN_BATCH = 500, 10
JOIN_VOCABULARY = ["random", "Random", "RANDOM", "random " + "ab" * 32, "0" * 64, "f" * 63]


def test_join_lines_never_crash_and_only_one_good_line_passes():
    """The core's join envelope (pbem/joins.py): one line `random <64 hex>`, nothing else."""
    good = re.compile(r"random\s+[0-9a-fA-F]{64}")

    @fuzz_settings(JOIN_EXAMPLES)
    @given(blobs(JOIN_BATCH, 3 * PER_LINE))
    def run(data):
        d = Draws(data)
        for _ in range(JOIN_BATCH):
            lines = as_envelope_lines(make_lines(d, ["random " + "ab" * 32], JOIN_VOCABULARY))
            problems = joins.check(lines)
            check_problems(problems, lines)
            given_ = [ol.text.strip() for ol in lines if ol.text.strip()]
            assert (not problems) == (len(given_) == 1 and bool(good.fullmatch(given_[0])))
        tried("check:join", JOIN_BATCH)

    with timed("check:join"):
        run()
