"""Seven Years World War content (games/seven-years-world-war/): the game and its Major
Power Control Chart (game.toml), the charts and tables of section 29 (tables.toml), the
three Combat Results Tables (crt.toml), the campaign and information markers
(markers.toml), the counter mix (pieces.toml, ./pieces.py) and the scenarios
(scenarios.toml, ./scenarios.py), read and cross-checked. load_content() raises a
ContentError naming the file and the row for any inconsistency. Which values the text
states and which are authored: docs/seven-years-world-war-tables.md."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError

from pbem.content import ContentError, read_toml_dir

from .pieces import CampaignMarker, MarkersFile, Pieces, Record, check_markers, check_pieces
from .scenarios import Scenarios, check_scenarios

GAME = "seven-years-world-war"
MAJORS = ("AU", "FR", "GB", "MC", "ME", "OT", "PR", "RU", "SP", "UP")
DIE = list(range(1, 7))
ODDS = ["1:3", "1:2", "1:1", "1.5:1", "2:1", "3:1", "4:1"]
CRTS = ("engagement", "linear", "revolutionary")
LADDER = ["AA", "AZ", "AW", "DW", "DZ", "DD"]  # worst to best for the attacker (authored)


# ------------------------------------------------------------------------ game.toml
class GameInfo(Record):
    name: str
    title: str
    min_players: int
    max_players: int
    source: str = Field(min_length=1)


class Note(Record):
    source: str = Field(min_length=1)
    note: str = ""


class Power(Record):
    abbr: str
    name: str
    colour: str = Field(min_length=1)
    campaign_value: int = Field(ge=0)
    free_markers: int = Field(ge=0)
    capital: str = ""
    source: str = Field(min_length=1)


class MinorInfo(Record):
    colour: str
    source: str = Field(min_length=1)
    islands: str


class MinorPower(Record):
    name: str
    aliases: list[str] = []
    army_land: bool = False
    source: str = Field(min_length=1)


class GameFile(Record):
    game: GameInfo
    control_chart: Note
    power: list[Power]
    minor_powers: MinorInfo
    minor: list[MinorPower]


# ---------------------------------------------------------------------- tables.toml
class ResultDef(Record):
    code: str
    text: str
    source: str = Field(min_length=1)
    options: list[str] = []
    amount: int = 0
    multiplier: int = -1
    values: list[int] = []


class DieTable(Record):
    title: str
    section: str
    source: str = Field(min_length=1)
    use: str = ""
    die: dict[int, str]
    result: list[ResultDef]

    def code(self, die: int) -> str:
        return self.die[die]


class MinorRecruiting(DieTable):
    army_lands: list[str]
    army_lands_source: str


class Steps(Record):
    source: str = Field(min_length=1)
    steps: list[str] = []
    effects: list[str] = []


class PillageTable(DieTable):
    on_pillage: Steps
    while_pillaged: Steps


class DiploColumn(Record):
    label: str
    min: int | None = None
    max: int | None = None


class Diplomacy(Record):
    title: str
    section: str
    source: str = Field(min_length=1)
    differential: str
    after: str
    column: list[DiploColumn]
    die: dict[int, list[str]]
    result: list[ResultDef]

    def code(self, differential: int, die: int) -> str:
        """29.1: the result for a diplomacy differential (0 or less, ..., 5 or more)."""
        for i, col in enumerate(self.column):
            if (col.min is None or differential >= col.min) and (
                col.max is None or differential <= col.max
            ):
                return self.die[die][i]
        raise KeyError(differential)


class Income(Record):
    item: str
    gain: str
    source: str = Field(min_length=1)


class UnitCost(Record):
    name: str
    recruit: int
    recruit_note: int = 0
    provision: int
    train: int | Literal["n/a"]
    source: str = Field(min_length=1)


class MarkerCost(Record):
    item: str
    cost: int | str
    note: int = 0
    provision: str
    train: str
    civilized_multiplier: int = 0
    other_cost: int = 0
    source: str = Field(min_length=1)


class Treasury(Record):
    title: str
    section: str
    source: str = Field(min_length=1)
    income: list[Income]
    units: dict[str, UnitCost]
    markers: list[MarkerCost]
    notes: dict[int, str]


class MarkerLimit(Record):
    source: str = Field(min_length=1)
    by_players: dict[int, int]


class VictoryLevel(Record):
    level: str
    min: float | None = None
    max: float | None = None
    source: str = Field(min_length=1)


class TablesFile(Record):
    diplomacy: Diplomacy
    treasury: Treasury
    minor_recruiting: MinorRecruiting
    increasing_taxes: DieTable
    pillage: PillageTable
    enlightenment: DieTable
    marker_limit: MarkerLimit
    victory: list[VictoryLevel]


# ------------------------------------------------------------------------- crt.toml
class AtLeast(Record):
    ratio: float
    column: str


class RoundedUp(Record):
    ratio: int
    column: str


class Odds(Record):
    columns: list[str]
    source: str = Field(min_length=1)
    rules: list[str]
    attacker_at_least: list[AtLeast]
    defender_rounded_up: list[RoundedUp]


class CrtRow(Record):
    die: int
    results: list[str]
    source: str = Field(min_length=1)


class Crt(Record):
    title: str
    prerequisite: Literal["always", "linear", "revolutionary"]
    prerequisite_text: str
    prerequisite_source: str = Field(min_length=1)
    min_fraction: float = 0.0
    min_legions: int = 0
    qualifying_units: list[str] = []
    character: str
    source: str = Field(min_length=1)
    by_score: dict[int, str]
    row: list[CrtRow]

    def result(self, column: str, die: int) -> str:
        return next(r for r in self.row if r.die == die).results[ODDS.index(column)]


class ResultCode(Record):
    name: str
    against: Literal["attacker", "defender"]
    eliminated: Literal["all", "half", "none"]
    retreat: bool
    winner_may_advance: bool
    leader_eliminated: bool
    winner_upgrades: int = Field(ge=0)
    winner_picks: int = Field(ge=0)
    loser_returns: int = Field(ge=0)
    honors_of_war: str
    effect: str
    source: str = Field(min_length=1)


class RuleList(Record):
    source: str = Field(min_length=1)
    rules: list[str]


class Honors(Record):
    source: str = Field(min_length=1)
    converts: dict[str, str]


class CrtFile(Record):
    odds: Odds
    crt: dict[str, Crt]
    results: dict[str, ResultCode]
    retreat: RuleList
    advance: RuleList
    upgrade: RuleList
    honors_of_war: Honors


# -------------------------------------------------------------------------- content
class SYWWContent(Record):
    game: GameFile
    tables: TablesFile
    crt: CrtFile
    markers: MarkersFile
    pieces: Pieces
    scenarios: Scenarios

    @cached_property
    def power_by_abbr(self) -> dict[str, Power]:
        return {p.abbr: p for p in self.game.power}

    def power(self, abbr: str) -> Power:
        return self.power_by_abbr[abbr]

    @cached_property
    def minor_by_name(self) -> dict[str, MinorPower]:
        return {m.name: m for m in self.game.minor}

    @cached_property
    def marker_by_name(self) -> dict[str, CampaignMarker]:
        return {m.name: m for m in self.markers.marker}

    def marker(self, name: str) -> CampaignMarker:
        return self.marker_by_name[name]

    def campaign_value(self, powers: list[str]) -> int:
        """6.1 / 4.42: the total campaign value of the powers a player controls."""
        return sum(self.power(p).campaign_value for p in powers)

    def free_markers(self, powers: list[str]) -> int:
        """8.2(2) / 28.4: free campaign markers of the powers a player controls."""
        return sum(self.power(p).free_markers for p in powers)

    def marker_limit(self, players: int) -> int:
        return self.tables.marker_limit.by_players[players]

    def initial_markers(self, scenario: str) -> list[int]:
        """28.4: each player's starting campaign markers, by coalition."""
        return [self.free_markers(c) for c in self.scenarios.scenario_by_id[scenario].coalitions]

    def start_treasury(self, powers: list[str], players: int) -> int:
        """28.3: 20 for the player controlling Great Britain, 14 for France, 10 for the
        others in three and four player games (none is stated for two players)."""
        t = self.scenarios.treasury
        if "GB" in powers:
            return t.GB
        if "FR" in powers:
            return t.FR
        return t.others if players >= t.others_from_players else 0

    def column_for(self, attacker: int, defender: int) -> str:
        """15.61-15.63: the odds column for two combat strengths (defender > 0)."""
        if defender <= 0:
            raise ValueError("the defender has no combat strength")
        if attacker >= defender:
            ratio = Fraction(attacker, defender)
            for t in sorted(self.crt.odds.attacker_at_least, key=lambda t: -t.ratio):
                if ratio >= Fraction(t.ratio).limit_denominator(100):
                    return t.column
        up = math.inf if attacker <= 0 else math.ceil(Fraction(defender, attacker))
        best = self.crt.odds.defender_rounded_up[0]
        for t in sorted(self.crt.odds.defender_rounded_up, key=lambda t: t.ratio):
            if up >= t.ratio:
                best = t
        return best.column

    def crt_result(self, table: str, column: str, die: int) -> str:
        return self.crt.crt[table].result(column, die)


# ------------------------------------------------------------------- cross-checks
def _check_game(g: GameFile) -> list[str]:
    out: list[str] = []
    abbrs = [p.abbr for p in g.power]
    if sorted(abbrs) != sorted(MAJORS):
        out.append(f"game.toml: the major powers must be {' '.join(MAJORS)}; have {abbrs}")
    for a in sorted({a for a in abbrs if abbrs.count(a) > 1}):
        out.append(f"game.toml: power {a} is listed twice")
    names = [m.name for m in g.minor] + [a for m in g.minor for a in m.aliases]
    for n in sorted({n for n in names if names.count(n) > 1}):
        out.append(f"game.toml: minor power name {n!r} is used twice")
    if not 1 <= g.game.min_players <= g.game.max_players:
        out.append("game.toml: [game] min_players/max_players are not a range")
    return out


def _check_die_table(name: str, t: DieTable | Diplomacy, width: int = 0) -> list[str]:
    out: list[str] = []
    w = f"tables.toml: [{name}]"
    if sorted(t.die) != DIE:
        out.append(f"{w} must give the die rolls 1-6, has {sorted(t.die)}")
    codes = [r.code for r in t.result]
    for c in sorted({c for c in codes if codes.count(c) > 1}):
        out.append(f"{w} result {c!r} is defined twice")
    for d, cell in sorted(t.die.items()):
        cells = cell if isinstance(cell, list) else [cell]
        if width and len(cells) != width:
            out.append(f"{w} die {d}: {len(cells)} cells, want {width} (one per column)")
        for c in cells:
            if c not in codes:
                out.append(f"{w} die {d}: result {c!r} is not defined")
    return out


def _check_tables(t: TablesFile, g: GameFile, players: range) -> list[str]:
    out = _check_die_table("diplomacy", t.diplomacy, width=len(t.diplomacy.column))
    cols = t.diplomacy.column
    if cols and (cols[0].min is not None or cols[-1].max is not None):
        out.append("tables.toml: [diplomacy] the first column is open below, the last above")
    for a, b in zip(cols, cols[1:], strict=False):
        if a.max is None or b.min != a.max + 1:
            out.append(f"tables.toml: [diplomacy] columns {a.label} and {b.label} do not meet")
    for name in ("minor_recruiting", "increasing_taxes", "pillage", "enlightenment"):
        out += _check_die_table(name, getattr(t, name))
    for r in t.enlightenment.result:
        if any(v not in (1, 2, 3) for v in r.values):
            out.append(f"tables.toml: [enlightenment] {r.code}: diplomacy values are 1-3 (9.5)")
    army = sorted(m.name for m in g.minor if m.army_land)
    if sorted(t.minor_recruiting.army_lands) != army:
        out.append(
            "tables.toml: [minor_recruiting] army_lands differ from game.toml's army_land "
            f"minor powers {army}"
        )
    tr = t.treasury
    for key in ("army", "horde", "fleet", "fortified_zone", "base", "legion"):
        if key not in tr.units:
            out.append(f"tables.toml: [treasury.units] has no {key}")
    if sorted(tr.notes) != [1, 2, 3, 4, 5]:
        out.append("tables.toml: [treasury.notes] must be the footnotes (1)-(5)")
    for m in tr.markers:
        if m.note and m.note not in tr.notes:
            out.append(f"tables.toml: [treasury.markers] {m.item}: no footnote ({m.note})")
    for u in tr.units.values():
        if u.recruit_note and u.recruit_note not in tr.notes:
            out.append(f"tables.toml: [treasury.units] {u.name}: no footnote ({u.recruit_note})")
    if sorted(t.marker_limit.by_players) != list(players):
        out.append(f"tables.toml: [marker_limit] needs a limit for {list(players)} players")
    return out


def _check_crt(c: CrtFile, unit_types: set[str]) -> list[str]:
    out: list[str] = []
    if c.odds.columns != ODDS:
        out.append(f"crt.toml: [odds] columns must be {ODDS} (15.6)")
    for t in [*c.odds.attacker_at_least, *c.odds.defender_rounded_up]:
        if t.column not in ODDS:
            out.append(f"crt.toml: [odds] threshold names unknown column {t.column!r}")
    if sorted(c.crt) != sorted(CRTS):
        out.append(f"crt.toml: the tables must be {', '.join(CRTS)} (15.5); have {sorted(c.crt)}")
    for code in c.results:
        if code not in LADDER:
            out.append(f"crt.toml: [results] {code!r} is not one of {LADDER}")
    for code in LADDER:
        if code not in c.results:
            out.append(f"crt.toml: [results] {code} is not defined")
    for name, t in c.crt.items():
        w = f"crt.toml: [crt.{name}]"
        dies = [r.die for r in t.row]
        if sorted(dies) != DIE:
            out.append(f"{w} rows must be the die rolls 1-6, have {dies}")
        if sorted(t.by_score) != list(range(1, 13)):
            out.append(f"{w} by_score must give the scores 1-12")
        for r in t.row:
            if len(r.results) != len(ODDS):
                out.append(f"{w} die {r.die}: {len(r.results)} cells, want {len(ODDS)}")
                continue
            for i, code in enumerate(r.results):
                if code not in c.results:
                    out.append(f"{w} die {r.die} {ODDS[i]}: result {code!r} is not defined")
                elif t.by_score.get(r.die + i) not in (None, code):
                    out.append(
                        f"{w} die {r.die} {ODDS[i]}: {code} but by_score[{r.die + i}] is "
                        f"{t.by_score[r.die + i]}"
                    )
        for u in t.qualifying_units:
            if u not in unit_types:
                out.append(f"{w} qualifying unit {u!r} is not a unit type")
    rules = {"engagement": "always", "linear": "linear", "revolutionary": "revolutionary"}
    for name, kind in rules.items():
        if name in c.crt and c.crt[name].prerequisite != kind:
            out.append(f"crt.toml: [crt.{name}] prerequisite must be {kind!r} (15.51)")
    if "linear" in c.crt and not 0 < c.crt["linear"].min_fraction <= 1:
        out.append("crt.toml: [crt.linear] min_fraction must be a fraction (15.51(2): 50%)")
    if "revolutionary" in c.crt and c.crt["revolutionary"].min_legions < 1:
        out.append("crt.toml: [crt.revolutionary] min_legions must be 1 or more (15.51(3))")
    for code, r in c.results.items():
        if r.honors_of_war != c.honors_of_war.converts.get(code, ""):
            out.append(f"crt.toml: [results.{code}] honors_of_war disagrees with [honors_of_war]")
        if (r.against == "attacker") != code.startswith("A"):
            out.append(f"crt.toml: [results.{code}] 'against' disagrees with the code")
    for a, b in c.honors_of_war.converts.items():
        if a not in c.results or b not in c.results:
            out.append(f"crt.toml: [honors_of_war] {a} -> {b} names an undefined code")
    return out


def check(c: SYWWContent) -> list[str]:
    g = c.game
    players = range(g.game.min_players, g.game.max_players + 1)
    powers = [p.abbr for p in g.power]
    minors = {m.name: m.army_land for m in g.minor}
    out = _check_game(g)
    out += _check_tables(c.tables, g, players)
    out += _check_crt(c.crt, set(c.pieces.units))
    out += check_pieces(c.pieces, powers)
    out += check_markers(c.markers, c.crt.honors_of_war.converts, c.pieces)
    out += check_scenarios(
        c.scenarios,
        powers,
        minors,
        c.pieces,
        set(c.marker_by_name),
        g.game.max_players,
        g.game.min_players,
    )
    for sc in c.scenarios.scenario:
        if sc.version == "free" or {p for x in sc.coalitions for p in x} - set(powers):
            continue
        w = f"scenarios.toml: scenario {sc.id}"
        want = [c.start_treasury(x, sc.players) for x in sc.coalitions]
        if sc.treasuries != want:
            out.append(f"{w}: treasuries {sc.treasuries}, 28.3 gives {want}")
        want = [c.free_markers(x) for x in sc.coalitions]
        if sc.initial_markers != want:
            out.append(f"{w}: initial_markers {sc.initial_markers}, 28.4 gives {want}")
    return out


# ------------------------------------------------------------------------ loading
FILES = {
    "game": GameFile,
    "tables": TablesFile,
    "crt": CrtFile,
    "markers": MarkersFile,
    "pieces": Pieces,
    "scenarios": Scenarios,
}


def _build(files: dict[str, dict]) -> SYWWContent:
    parts = {}
    for stem, model in FILES.items():
        if stem not in files:
            raise ContentError(f"{GAME}: {stem}.toml is missing")
        try:
            parts[stem] = model.model_validate(files[stem])
        except ValidationError as e:
            lines = [
                f"{GAME}: {stem}.toml: {'.'.join(str(x) for x in err['loc'])}: {err['msg']}"
                for err in e.errors()
            ]
            raise ContentError(lines[0], lines) from None
    content = SYWWContent(**parts)
    problems = check(content)
    if problems:
        raise ContentError(f"{GAME}: {problems[0]}", [f"{GAME}: {p}" for p in problems])
    return content


@lru_cache(maxsize=4)
def _load_root(root: str) -> SYWWContent:
    return _build(read_toml_dir(GAME, Path(root) if root else None))


def load_content(source: str | Path | dict | None = None) -> SYWWContent:
    """Read and check the game's content: from games/ (no argument), from a copy of the
    games folder (``source`` is a path holding ``seven-years-world-war/``), or from
    already parsed files (``source`` maps file stems to TOML tables, as read_toml_dir)."""
    if isinstance(source, dict):
        return _build(source)
    return _load_root(str(source) if source else "")
