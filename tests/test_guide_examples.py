"""The players' guides do not lie: every order line a guide shows (its ``` and indented
blocks, and the `inline` order lines of its prose) is read by that game's own order
parser for the step it belongs to (Ruleset.parse, as pbem.ruleset.check_orders reads an
envelope), in a scenario state where the names it uses exist.

A parse-level check: a line passes when it reads, for some power of the state, in one
of the step kinds of its section (SECTIONS). What is not an order line is left out by
rule: blank and `#` lines, envelope headers, lines whose first word is not an order
word of the game (report excerpts, shell commands), templates (a placeholder such as
AREA or POWER, `...`, `|` or `<...>`), and the words of a line quoted alone in prose
(FRAGMENTS). Optional parts in brackets with real names (`minor move E19 to E20
[with Persia-A1]`) are read both ways: without the part, and with it. WRONG lists the
lines a guide shows on purpose as what pbem refuses, each with the reason."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from seeded import Seeded

from pbem.resolution import Resolution
from pbem.ruleset import STANDING, OrderLine, check_orders, get

DOCS = Path(__file__).resolve().parent.parent / "docs"

# words that stand for a name in a template line, never in an order a player sends
PLACEHOLDERS = re.compile(
    r"\b(AREA|SEA|POWER|PIECES|UNIT|UNITS|ARMIES|FLEETS|FLEET|GENERALS|LEADER|MINOR|CARD"
    r"|TARGET|WHEN|TRIGGER|WHO|N|K|SQ|SEAT|TERRITORY|TYPE|MARKER|KIND|ID|YEAR|TERMS?"
    r"|TEXT|COUNTER|COMPANY|TILE|FROM|TO|ACTION|LEVEL|ROUNDS|VICTOR|STEP|PW|A:B)\b"
    r"|\.\.\.|…|\||<|>(?!=)"
)
HEADER = re.compile(r"^(Game|Power|Phase|Sequence|Checkpoint|Seat):")
# a block's comment line that says which step's lines follow it (7YWW's blocks)
STEP_COMMENTS = {
    "# treasury envelope": "treasury",
    "# player turn": "turn",
    "# standing orders": "standing",
}
OPTIONAL = re.compile(r"\s*\[([^\[\]]*)\]")


@dataclass(frozen=True)
class Example:
    guide: str
    line: int  # in the guide
    text: str  # the order as a player sends it
    section: str  # the heading path, " > "-joined
    before: tuple[str, ...]  # the order lines above it in its block (none: inline)


def _comment_off(text: str) -> str:
    return re.split(r"\s#", " " + text, maxsplit=1)[0].strip()


def _spans(md: str) -> list[tuple[str, list[tuple[int, str]], list[str]]]:
    """(kind, [(line, text)], heading path) for each fenced block, indented block and
    inline code span of a markdown page."""
    out: list[tuple[str, list[tuple[int, str]], list[str]]] = []
    head: list[str] = []
    fence: list[tuple[int, str]] | None = None
    prev_blank = True
    indent = 0
    for n, raw in enumerate(md.splitlines(), 1):
        if raw.lstrip().startswith("```"):  # a fence, at the margin or in a list item
            if fence is not None:
                out.append(("block", fence, list(head)))
                fence = None
            else:
                fence, indent = [], len(raw) - len(raw.lstrip())
            continue
        if fence is not None:
            fence.append((n, raw[indent:]))
            continue
        if raw.startswith("#"):
            level = len(raw) - len(raw.lstrip("#"))
            head = [*head[: level - 1], raw.strip("# ")]
        if raw.startswith("    "):
            last = out[-1] if out else None
            if last and last[0] == "indent" and last[1][-1][0] == n - 1:
                last[1].append((n, raw[4:]))
            elif prev_blank:
                out.append(("indent", [(n, raw[4:])], list(head)))
        else:
            for m in re.finditer(r"`([^`]+)`", raw):
                out.append(("inline", [(n, m.group(1))], list(head)))
        prev_blank = not raw.strip()
    return out


def examples(guide: str, verbs: frozenset[str]) -> list[Example]:
    """The order lines `guide` shows (templates left out; see the module's doc)."""
    out = []
    for kind, lines, head in _spans((DOCS / guide).read_text()):
        section = " > ".join(head[1:])
        margin = min((len(x) - len(x.lstrip()) for _, x in lines if x.strip()), default=0)
        block: list[Example] = []
        for n, whole in lines:
            raw = whole[margin:]
            if HEADER.match(raw) and raw.startswith("Phase:"):
                phase = raw.split(":", 1)[1].strip()  # the block's envelope says its step
                section = " > ".join([*head[1:], "standing" if phase == STANDING else "orders"])
            for said, step in STEP_COMMENTS.items():
                if raw.startswith(said):  # a comment in the block says whose lines follow
                    section = " > ".join([*head[1:], step])
            if kind != "inline" and raw[:1].isspace() and raw.strip():
                continue  # a wrapped line's continuation (a template's)
            text = re.split(r"\s{3,}", _comment_off(raw))[0]  # a table's first column
            if not text or HEADER.match(text) or PLACEHOLDERS.search(text):
                continue
            words = text.split()
            if words[0].lower() not in verbs and not _is_area_line(text):
                continue
            if kind == "inline" and (len(words) < 2 or not words[0].islower() or text[-1] == ":"):
                continue  # a verb named in prose, a marker's name, a guard's head
            before = tuple(e.text for e in block) if kind != "inline" else ()
            block.append(Example(guide, n, text, section, before))
        out += block
    return out


def _words(text: str, sep: str | None = None) -> frozenset[str]:
    return frozenset(text.split(sep))


def _is_area_line(text: str) -> bool:
    """`AREA: PIECES`, the set-up's and the Purchase Phase's other way round."""
    return bool(re.match(r"^[A-Z][\w. ]*: [A-Z][A-Za-z]*-[A-Z]\d", text))


def readings(text: str) -> list[str]:
    """The line without its optional [parts], then with them (brackets taken off)."""
    if "[" not in text:
        return [text]
    return [OPTIONAL.sub("", text).strip(), text.replace("[", "").replace("]", "")]


# --- each game ---------------------------------------------------------------------


@dataclass
class Game:
    guide: str
    ruleset: str
    verbs: frozenset[str]
    # section (the heading path's start, longest match wins) -> the step kinds its lines
    # may belong to; a kind names a state in `states`
    sections: dict[str, tuple[str, ...]]
    states: dict[str, Callable[[], Any]]
    wrong: dict[str, str] = field(default_factory=dict)  # line -> why the guide shows it
    fragments: frozenset[str] = frozenset()  # inline words of a line, not a line
    # line -> the lines it is read after, where the guide shows it alone but the rules
    # tie it to another (a guard after its attack)
    context: dict[str, tuple[str, ...]] = field(default_factory=dict)


def _set_up(ruleset: str, scenario: str, options: dict | None = None, seed: int = 1):
    rs = get(ruleset)
    ctx = Resolution(rs, rs.new_state(scenario, options or {}), Seeded(seed))
    rs.setup(ctx, scenario, options or {})
    return ctx.state


def _stage(ruleset: str, scenario: str, stage: str | None, options: dict | None = None):
    def make():
        s = _set_up(ruleset, scenario, options)
        if stage is not None:
            s.stage = stage
        return s

    return make


def _played(ruleset: str, scenario: str, stage: str, options: dict, then: str | None = None):
    """The scenario played on every power's defaults (the set-up's placement too) until
    its stage is `stage` (then set to `then`, if given): the pieces on the map, where
    orders name them."""

    def make():
        rs = get(ruleset)
        s = _set_up(ruleset, scenario, options)
        while s.stage != stage:
            step = rs.step(s)
            orders = {p: rs.default_orders(s, p, step.phase) for p in step.owes}
            ctx = Resolution(rs, s, Seeded(2))
            rs.resolve(ctx, step, orders, {})
            s = ctx.state
        if then is None:
            return s
        s.stage = then
        if then == "action":  # Soldier Kings: the first power in initiative order acts
            s.initiative, s.acting = list(s.majors), 0
        return s

    return make


def _powers(rs, s) -> list[str]:
    return list(getattr(s, "majors", None) or getattr(s, "seats", None) or s.powers)


def _reads(game: Game, kind: str, text: str, before: tuple[str, ...]) -> list[str]:
    """The problems of the best reading of `text` in step kind `kind` (none: it reads),
    after the lines above it in its block (an `if won:` needs its attack line), whose
    own problems do not count."""
    rs = get(game.ruleset)
    s = _state(game.guide, kind)
    phase = STANDING if kind.startswith("standing") else "guide"
    lines = [OrderLine(i, x) for i, x in enumerate((*before, text), 1)]
    best: list[str] | None = None
    for power in _powers(rs, s):
        got = rs.parse(s, power, phase, lines)
        problems = [str(p) for p in got.problems if p.line in (None, len(lines))]
        if not problems:
            return []
        if best is None:
            best = problems
    return best or ["no power"]


@cache
def _state(guide: str, kind: str):
    return GAMES[guide].states[kind]()


def _section_kinds(game: Game, section: str) -> tuple[str, ...]:
    """The kinds of the longest key each of whose parts starts the heading's part."""
    parts = section.split(" > ")

    def fits(key: str) -> bool:
        ks = key.split(" > ") if key else []
        return len(ks) <= len(parts) and all(
            p.startswith(k) for k, p in zip(ks, parts, strict=False)
        )

    keys = [k for k in game.sections if fits(k)]
    assert keys, f"{game.guide}: section {section!r} is not in SECTIONS"
    return game.sections[max(keys, key=len)]


SK_VERBS = _words(
    "place buy recover give retreat hold casualties extra first leader capture"
    " take initiative unsupported unpaid keep siege move attack surrender deal"
    " done ally break hire bribe accept liberate release sail blockade intercept"
    " fleets play react borrow repay declare upgrade end refuse board drop lend"
    " peace banner guerilla"
)


def _soldier(
    ruleset: str, setup_scenario: str, scenario: str, options: dict, named: tuple[str, ...] = ()
) -> dict:
    """The set-up; the other steps after it (the pieces on the map), with the units in
    `named` brought from the pool beside their country's first unit on the map (the
    random selection of SK 6.1 left them out)."""

    def bring(make):
        def made():
            s = make()
            for uid in named:
                there = next(u for u in s.units.values() if u.id[:3] == uid[:3] and u.area)
                s.units[uid].status, s.units[uid].area = "map", there.area
            return s

        return made

    out = {"setup": lambda: _set_up(ruleset, setup_scenario)}
    for opts, tag in ((options, ""), ({"all": True}, "+sko")):
        for kind in ("purchase", "action", "diplomacy"):
            out[kind + tag] = bring(_played(ruleset, scenario, "purchase", opts, kind))
        out["standing" + tag] = bring(_played(ruleset, scenario, "purchase", opts, "action"))
    return out


SK = Game(
    "orders-soldier-kings.md",
    "soldier-kings",
    SK_VERBS,
    sections={
        "": ("purchase", "action", "standing"),
        "The set-up": ("setup",),
        "Purchase Phase": ("purchase",),
        "Standing orders": ("standing",),
        "Initiative Phase": ("standing",),
        "Action Phase": ("action",),
        "Peace Phase": ("standing",),
        "Winter Attrition": ("standing",),
        "Maintenance": ("standing",),
        "Resource and Manpower Phase": ("standing",),
        "Diplomacy Phase": ("diplomacy", "standing"),
        "Minor countries and mercenaries": ("action", "purchase", "standing"),
        "Minor countries and mercenaries > Standing orders": ("standing",),
        "Minor countries and mercenaries > Action-phase orders": ("action",),
        "Minor countries and mercenaries > SK 17.7": ("standing",),
        "Minor countries and mercenaries > Maintenance Phase": ("standing",),
        "The war at sea > Orders in your action phase": ("action",),
        "The war at sea > Between the maps": ("action",),
        "The war at sea > Naval battles": ("standing",),
        "The war at sea": ("action", "standing"),
        "The war at sea > Standing orders at sea": ("standing",),
        "Event cards": ("action", "purchase", "standing"),
        "Event cards > In your action phase": ("action",),
        "Event cards > In your Purchase Phase": ("purchase",),
        "Event cards > Standing plays": ("standing",),
        "Event cards > Reactions": ("standing",),
        "Optional rules": ("action+sko", "purchase+sko", "standing+sko", "diplomacy+sko"),
    },
    fragments=frozenset(
        ["extra losses", "surrender to", "ally with", "break alliance", "drop off", "declare war"]
    ),
    wrong={
        "ally with Holland in Cochin": "SK 17.3, 18.9: a minor's forces come on on their own map"
        " only; the guide says `in` naming a colony is refused",
        "accept Holland in Cochin": "the same, for a minor seeking an ally (SK 17.7)",
    },
    states=_soldier("soldier-kings", "1756", "world-at-war-8", {}),
)

SE = Game(
    "orders-soldier-emperor.md",
    "soldier-emperor",
    SK_VERBS,
    sections={"": ("action", "purchase", "diplomacy", "standing")},
    states=_soldier("soldier-emperor", "1805-7", "1805-7", {}, named=("Au-A2",)),
    fragments=frozenset(["surrender to", "hold out", "take auxiliaries"]),
    wrong={
        "retreat from Hannover to Mecklenburg if probe": "SE 9.3, 9.4: a retreat before battle"
        " may not depend on the attack's level, secret until the defender has decided",
    },
)

SOE = Game(
    "orders-struggle-of-empires.md",
    "struggle-of-empires",
    _words(
        "place bid auction move attack buy build rebuild colonize enslave pass use give"
        " join withdraw reserve blockade losses alliance naval sevens if no"
    ),
    sections={
        "": ("actions", "standing"),
        "Set-up": ("place",),
        "Alliance auctions": ("auction",),
        "Alliance auctions > Proxy orders": ("standing",),
        "A round's two actions": ("actions", "standing"),
        "Standing orders": ("standing",),
        "Standing orders > standing": ("standing",),
    },
    # clauses of an attack line (SoE Attack), named alone in prose
    fragments=frozenset(["no naval", "alliance army", "alliance navy", "bid up to"]),
    states={
        "place": _stage("struggle-of-empires", "5p", None),
        "auction": _stage("struggle-of-empires", "5p", "auction"),
        "actions": _stage("struggle-of-empires", "5p", "actions"),
        "standing": _stage("struggle-of-empires", "5p", "actions"),
    },
)

YW_VERBS = _words(
    "rank place move forced attack if wait diplomacy reveal give return embark"
    " debark countermarch play minor pillage enlighten remove illuminati sturm"
    " legion raise rebellion recruit defend honors retreat losses displace lose"
    " leave discard starve upgrade train disband deal pact end uprising buy land"
    " drop advance laissez"
)
YW_OPTIONS = {
    k: True for k in ("pillage", "enlightenment", "legions", "minor-recruiting", "increasing-taxes")
}


def _seven_years() -> dict:
    rs = "seven-years-world-war"
    out = {"choose": _stage(rs, "free-2", None), "place": _stage(rs, "3-european", None)}
    for opts, tag in (({}, ""), (YW_OPTIONS, "+opt")):
        for kind, stage in (("treasury", "treasury"), ("turn", "turn"), ("standing", "turn")):
            out[kind + tag] = _with_pieces(_played(rs, "3-european", stage, opts))
    return out


def _with_pieces(make):
    return lambda: _seven_years_pieces(make())


def _seven_years_pieces(s):
    """Pieces the guide names that the set-up does not place: a British army recruited
    later (aboard a fleet at sea), a Norwegian army from a 29.3 result (7YWW 11.621)."""
    gb = s.units["GB-A1"]
    s.units["GB-A5"] = gb.model_copy(update={"id": "GB-A5", "square": "E11"})
    no = s.units["Norway-B1"]
    s.units["Norway-A1"] = no.model_copy(update={"id": "Norway-A1", "type": gb.type})
    return s


YW = Game(
    "orders-seven-years-world-war.md",
    "seven-years-world-war",
    YW_VERBS,
    sections={
        "": ("turn", "treasury", "standing"),
        "Free deployment": ("choose",),
        "Set-up": ("place", "treasury", "turn", "standing"),  # the templates of every step
        "Treasury Phase": ("treasury",),
        "Player turn": ("turn",),
        "Standing orders": ("standing",),
        "Countermarch": ("standing", "turn"),  # the standing line; the mover's turn lines
        "Minor powers and negotiations": ("treasury", "turn", "standing"),
        "Minor powers and negotiations > treasury": ("treasury",),
        "Minor powers and negotiations > turn": ("turn",),
        "Optional rules": ("treasury+opt", "turn+opt", "standing+opt"),
        "Optional rules 26-27 > treasury": ("treasury+opt",),
        "Optional rules 26-27 > turn": ("turn+opt",),
        "Optional rules 26-27 > standing": ("standing+opt",),
        "Campaign markers played in windows": ("standing", "turn", "treasury"),
        "Campaign markers played in windows > standing": ("standing",),
        "Campaign markers played in windows > orders": ("turn", "treasury"),
    },
    states=_seven_years(),
    # clauses of a line (an attack's, a move's, a standing order's), named alone in prose
    fragments=_words(
        "retreat to|retreat from|advance with|advance from|advance with GB-F4|forced march"
        "|minor move|minor attack|lose powers in order|displace to|honors of war"
        "|advance if countermarched|defend with|place fleet|deal with|pact with|remove pillage"
        "|laissez faire|laissez faire amount|minor recruiting|pact broken|raise taxes"
        "|minor placement|discard order|sturm und drang",
        "|",
    ),
    context={"if won: pillage D17": ("attack D18 from D17",)},  # "after an attack line"
    wrong={
        "place Sweden-A1 in A16": "7YWW 28.6: a minor power's forces are set up as indicated;"
        " no player places them",
    },
)

GAMES = {g.guide: g for g in (SK, SE, SOE, YW)}


@pytest.mark.parametrize("guide", sorted(GAMES))
def test_every_order_line_of_the_guide_reads(guide):
    game = GAMES[guide]
    found = examples(guide, game.verbs)
    failures = []
    for ex in found:
        if ex.text in game.fragments or ex.text in game.wrong:
            continue
        kinds = _section_kinds(game, ex.section)
        for text in readings(ex.text):
            before = game.context.get(ex.text, ex.before)
            got = [_reads(game, k, text, ()) for k in kinds]  # alone, or after its block
            if all(got) and before:
                got = [_reads(game, k, text, before) for k in kinds]
            if all(got):
                failures.append(
                    f"{guide}:{ex.line} {text!r}: "
                    + "; ".join(f"[{k}] {' '.join(g)}" for k, g in zip(kinds, got, strict=True))
                )
    assert not failures, f"{len(failures)} of {len(found)}:\n" + "\n".join(failures)


@pytest.mark.parametrize("guide", sorted(GAMES))
def test_the_deliberately_wrong_lines_are_in_the_guide_and_refused(guide):
    game = GAMES[guide]
    found = {ex.text: ex for ex in examples(guide, game.verbs)}
    for text in game.wrong:
        assert text in found, f"{guide}: {text!r} is no longer shown: take it off WRONG"
        ex = found[text]
        for kind in _section_kinds(game, ex.section):
            rs, s = get(game.ruleset), _state(guide, kind)
            phase = STANDING if kind.startswith("standing") else "guide"
            for power in _powers(rs, s):
                lines = [OrderLine(1, text)]
                assert check_orders(rs, s, power, phase, lines)[1], (kind, power, text)


def test_every_guide_shows_order_lines():
    counts = {g: len(examples(g, GAMES[g].verbs)) for g in GAMES}
    assert all(n >= 14 for n in counts.values()), counts


def test_the_soldier_kings_set_up_example_is_a_whole_set_up():
    """The guide's set-up block is Austria's whole set-up in Scenario #1 (1756): validated
    too, with the random selection (SK 6.1) having drawn the armies it names."""
    rs, s = get("soldier-kings"), _set_up("soldier-kings", "1756")
    drawn = {u.id for u in s.units.values() if u.id.startswith("Au-A") and u.status == "setup"}
    for uid in ("Au-A2", "Au-A3", "Au-A4"):
        if uid not in drawn:  # in place of a drawn army the block does not name
            other = min(drawn - {"Au-A1", "Au-A2", "Au-A3", "Au-A4"})
            s.units[uid].status, s.units[other].status = "setup", "pool"
            drawn = (drawn - {other}) | {uid}
    block = [e.text for e in examples(SK.guide, SK.verbs) if e.section.startswith("The set-up")]
    assert len(block) == 4, block
    step = rs.step(s)
    assert step.owes == ("Austria",)
    lines = [OrderLine(i, x) for i, x in enumerate(block, 1)]
    assert not check_orders(rs, s, "Austria", step.phase, lines)[1]


def test_the_free_deployment_example_is_valid():
    """7YWW's one-line `1756-choose` envelope, validated for each player of free-2."""
    rs, s = get(YW.ruleset), _state(YW.guide, "choose")
    block = [e.text for e in examples(YW.guide, YW.verbs) if e.section.startswith("Free")]
    step = rs.step(s)
    for seat in step.owes:
        assert not check_orders(rs, s, seat, step.phase, [OrderLine(1, block[0])])[1], seat
