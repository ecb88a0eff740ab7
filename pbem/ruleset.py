"""The interface every game implements (DESIGN layer 2) and the registry of games.

A ruleset is pure: no I/O, no clock, no randomness but the dice of the Resolution
it is handed. The core drives it like this:

    state = ruleset.new_state(scenario, options)    # empty, before set-up
    ruleset.setup(ctx, scenario, options)           # emits events: resolution 1
    loop:
        step = ruleset.step(state)                  # None: the game is over
        powers in step.owes send orders for step.phase (or get default_orders)
        ruleset.resolve(ctx, step, orders, standing)   # emits events
    state = ruleset.apply(state, event)             # the fold, for every event

See docs/ruleset-interface.md for how Soldier Kings and Struggle of Empires map
onto it.
"""

from __future__ import annotations

import importlib
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import UsageError
from .events import Event

if TYPE_CHECKING:
    from .reports.model import MapView, Section
    from .resolution import Resolution

STANDING = "standing"  # the phase name of standing orders, in force until replaced


@dataclass(frozen=True)
class Step:
    """What the game waits for: one phase (or sub-step) and whose orders it needs."""

    phase: str  # unique in the game, e.g. "1756-t1-purchase"
    title: str  # for people: "Turn 1 (May-Jun 1756): Purchase Phase"
    owes: tuple[str, ...]  # powers that must send orders (or get the default)
    may: tuple[str, ...] = ()  # powers that may send orders but owe none
    turn: str = ""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an order, with the envelope line it is on."""

    message: str
    line: int | None = None
    suggestion: str | None = None

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        hint = f" (did you mean {self.suggestion!r}?)" if self.suggestion else ""
        return f"{where}{self.message}{hint}"


@dataclass(frozen=True)
class OrderLine:
    line: int  # line number in the submitted text
    text: str


@dataclass
class Parsed:
    """What parse read. `checkable`: `good` holds the orders of every line that read,
    the lines with a problem left out, so validate checks them too and the answer
    lists every problem at once (parse_good_lines makes such a Parsed). Without it,
    orders are validated only when every line read. `left_out`: the lines that did
    not read. `orders` is what resolve gets, read from all the lines as always (an
    accepted envelope has no problem, so there `good` is `orders`)."""

    orders: Any
    problems: list[Problem] = field(default_factory=list)
    checkable: bool = False
    good: Any = None
    left_out: tuple[OrderLine, ...] = ()


def parse_good_lines(read: Callable[[list[OrderLine]], Parsed], lines: list[OrderLine]) -> Parsed:
    """Read the lines; if some have problems, read the others again without them, so
    the orders of the good lines can still be checked against the rules. The orders
    are not checkable when a problem names no line (it is about the whole envelope)
    or when the good lines alone do not read (one line needed another)."""
    first = read(lines)
    if not first.problems:
        return Parsed(first.orders, [], checkable=True, good=first.orders)
    bad = {p.line for p in first.problems}
    if None in bad:
        return Parsed(first.orders, list(first.problems))
    again = read([ol for ol in lines if ol.line not in bad])
    if again.problems:
        return Parsed(first.orders, list(first.problems))
    left_out = tuple(ol for ol in lines if ol.line in bad)
    return Parsed(first.orders, list(first.problems), True, again.orders, left_out)


def check_orders(
    rs: Ruleset, state: Any, power: str, phase: str, lines: list[OrderLine]
) -> tuple[Any, list[Problem]]:
    """Parse and validate one envelope's order lines: the orders, and every problem
    found (what did not read and what the rules forbid), by line; problems about the
    orders as a whole (no line) come last. Orders with any problem are refused whole."""
    parsed = rs.parse(state, power, phase, lines)
    problems = list(parsed.problems)
    if not problems:
        problems = rs.validate(state, power, phase, parsed.orders)
    elif parsed.checkable:
        problems += rs.validate(state, power, phase, parsed.good)
    return parsed.orders, sort_problems(problems)


def accepts(rs: Ruleset, state: Any, power: str, phase: str, lines: list[str]) -> bool:
    """Whether `lines`, as one envelope (line 1 first), pass `check_orders`: how an order
    template checks each example line it offers (docs/reports.md)."""
    ols = [OrderLine(i, t) for i, t in enumerate(lines, 1)]
    return not check_orders(rs, state, power, phase, ols)[1]


def sort_problems(problems: list[Problem]) -> list[Problem]:
    """By line (parse problems before rule problems of the same line, as found); the
    problems without a line last."""
    return sorted(problems, key=lambda p: (p.line is None, p.line or 0))


class Ruleset(ABC):
    name: str
    title: str
    version: str = "1"  # bump when a change would resolve an old game differently
    events: Sequence[type[Event]] = ()

    @abstractmethod
    def scenarios(self) -> dict[str, str]:
        """Scenario id -> title."""

    def scenario_text(self, scenario: str) -> str:
        """What a referee reads before choosing: forces, set-up limits, special rules."""
        return self.scenarios()[scenario]

    def map_text(self, scenario: str | None, options: dict[str, Any] | None = None) -> str:
        """What `pbem games GAME --map [--scenario ID] [--option NAME]` prints: the game's
        map data as the content holds it (areas or squares and their values and
        connections), one line each, in a stable order; with a scenario, the maps that
        scenario is played on; with options, as the optional rules that change the map
        make it. Optional: a game without a map says so."""
        return f"{self.title}: this game has no map listing"

    def options(self) -> dict[str, str]:
        """Option name -> description (optional rules a game may switch on)."""
        return {}

    @abstractmethod
    def powers(self, scenario: str, options: dict[str, Any]) -> list[str]:
        """The powers a player must be found for in this scenario."""

    @abstractmethod
    def new_state(self, scenario: str, options: dict[str, Any]) -> Any:
        """The state before set-up (the fold's starting value)."""

    @abstractmethod
    def setup(self, ctx: Resolution, scenario: str, options: dict[str, Any]) -> None:
        """Emit the set-up events (it may use the dice: random selection, deals)."""

    @abstractmethod
    def step(self, state: Any) -> Step | None:
        """The phase the game is waiting on, or None when the game is over."""

    @abstractmethod
    def parse(self, state: Any, power: str, phase: str, lines: list[OrderLine]) -> Parsed:
        """Read one power's order lines for a phase (or STANDING): syntax and names."""

    def validate(self, state: Any, power: str, phase: str, orders: Any) -> list[Problem]:
        """Check parsed orders against the state; the default accepts what parsed."""
        return []

    @abstractmethod
    def default_orders(self, state: Any, power: str, phase: str) -> Any:
        """What a power that sent nothing does (documented per game)."""

    @abstractmethod
    def resolve(
        self,
        ctx: Resolution,
        step: Step,
        orders: dict[str, Any],
        standing: dict[str, Any],
    ) -> None:
        """Emit the events of the phase; ctx.state is folded as events are emitted."""

    @abstractmethod
    def apply(self, state: Any, event: Event) -> Any:
        """Fold one of this ruleset's events into the state (may mutate it)."""

    @abstractmethod
    def view(self, state: Any, power: str | None) -> dict[str, Any]:
        """What `power` may see (None: the referee's full view), as JSON data."""

    def visible(self, state: Any, event: Event, power: str) -> bool:
        """May `power` see this result event? `state`: the rules state just before it,
        so who-is-who (a player of several powers) comes from the game, not from a
        guess. (Hidden draws are never shown.)"""
        return True

    def describe(self, state: Any) -> str:
        """A short text status for `pbem status`."""
        return ""

    def outcome(self, state: Any) -> str:
        """The result, once step() is None."""
        return "game over"

    # --- reports (docs/reports.md); the defaults make a plain but complete report -----

    def describe_event(self, event: Event, state: Any = None) -> str | None:
        """One sentence saying what a visible result event did (`state`: the rules
        state just before it). None: the report writes a generic line; "": nothing."""
        return None

    def default_note(self, state: Any, phase: str) -> str | None:
        """What the default orders of `phase` do, said after "the default applied" in
        the reports of a resolution where a power sent none (`state`: the rules state
        just before it). None: nothing more is said."""
        return None

    def dice_hits(self, state: Any, event: Event) -> int | None:
        """For a public roll (`dice_rolled`), the lowest value that scores a hit, so the
        report marks those dice; None: these dice score no hits (initiative, a table
        roll). `state`: the rules state just before the roll."""
        return None

    def standing_note(
        self, state: Any, event: Event, power: str, standing: tuple[str, ...]
    ) -> str | None:
        """Which of `power`'s standing orders (`standing`: the lines in force) decided
        this result, said to that power only (its report alone calls this). None: none,
        or the ruleset does not say."""
        return None

    def report_sections(self, state: Any, power: str) -> list[Section]:
        """What `power` may see of the game, as titled tables; never more than
        view(state, power) shows. Default: the view's top-level entries."""
        from .reports.model import view_sections

        return view_sections(self.view(state, power))

    def map_view(self, state: Any, power: str, events: tuple = ()) -> MapView | None:
        """The map as `power` may see it, drawn as SVG in the HTML report; None: no map.
        `events`: the result events of the report that `power` may see, oldest first,
        for the moves and battles the map marks (MapView.moves, markers)."""
        return None

    def map_views(self, state: Any, power: str, events: tuple = ()) -> list[MapView]:
        """All the maps of `power`'s report, its main one first (its theatre is drawn
        from it). Default: `map_view`'s, if any."""
        view = self.map_view(state, power, events)
        return [view] if view is not None else []

    def order_template(self, state: Any, power: str, step: Step) -> list[str]:
        """Order lines (mostly `#` comments) to pre-fill `power`'s envelope for `step`."""
        return []

    def standing_orders(self, state: Any, power: str) -> list[str] | None:
        """The standing orders this game takes, as `#` comment lines (short: they head
        the `Phase: standing` envelope every report carries, above the lines in force).
        None (the default): the game takes no standing orders, and reports carry no
        standing envelope."""
        return None

    def dump_state(self, state: Any) -> Any:
        dump = getattr(state, "model_dump", None)
        return dump(mode="json") if dump else state

    def load_state(self, data: Any) -> Any:
        raise UsageError(f"{self.name} cannot start from a given position")


# --- registry -----------------------------------------------------------------

_BUILTIN: dict[str, str] = {
    "soldier-kings": "pbem.rulesets.soldier_kings:load",
    "soldier-emperor": "pbem.rulesets.soldier_emperor:load",
    "struggle-of-empires": "pbem.rulesets.struggle.ruleset:load",
    "seven-years-world-war": "pbem.rulesets.seven_years.ruleset:load",
}
_LOADED: dict[str, Ruleset] = {}
_FACTORIES: dict[str, Callable[[], Ruleset]] = {}


def register(name: str, factory: Callable[[], Ruleset]) -> None:
    _FACTORIES[name] = factory
    _LOADED.pop(name, None)


def _env_specs() -> dict[str, str]:
    """PBEM_RULESETS="name=module:attr,..." adds rulesets from outside the package."""
    out = {}
    for part in filter(None, os.environ.get("PBEM_RULESETS", "").split(",")):
        name, _, spec = part.partition("=")
        out[name.strip()] = spec.strip()
    return out


def available() -> list[str]:
    return sorted(set(_BUILTIN) | set(_FACTORIES) | set(_env_specs()))


def get(name: str) -> Ruleset:
    if name in _LOADED:
        return _LOADED[name]
    if name in _FACTORIES:
        rs = _FACTORIES[name]()
    else:
        spec = _BUILTIN.get(name) or _env_specs().get(name)
        if spec is None:
            from .suggest import closest

            hint = closest(name, available())
            raise UsageError(
                f"no ruleset {name!r}; known: {', '.join(available()) or 'none'}"
                + (f" (did you mean {hint!r}?)" if hint else "")
            )
        module, _, attr = spec.partition(":")
        obj = getattr(importlib.import_module(module), attr)
        rs = obj if isinstance(obj, Ruleset) else obj()  # a class or a factory
    _LOADED[name] = rs
    return rs
