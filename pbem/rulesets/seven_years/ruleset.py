"""Seven Years World War (seven-years-world-war.txt) on the pbem core: the Ruleset.
Wiring only: the rules live in the stage modules (phases.py registry)."""

from __future__ import annotations

from typing import Any, ClassVar

from pbem.events import Event
from pbem.resolution import Resolution
from pbem.ruleset import STANDING, OrderLine, Parsed, Problem, Ruleset, Step

from . import draft, end, negotiation, phases, setup, start, treasury, turn, windows  # noqa: F401  (stage registrations)
from . import events as E
from . import standing as standing_orders
from .content import Content, default_content
from .fold import apply as fold_apply
from .state import SYWState, seat_names

OPTIONS = {
    "pillage": "7YWW 26.0 Pillage (and 3.1(3)(d), 29.5)",
    "enlightenment": "7YWW 27.0 Enlightenment (and 3.1(6), 29.6, 22.11(4))",
    "legions": "7YWW 23.0 Legions",
    "minor-recruiting": "7YWW 24.0 Minor Power Recruiting",
    "increasing-taxes": "7YWW 25.0 Increasing Taxes (29.4)",
    "hanover": "7YWW 28.6 Great Britain *Optional: one British army may set up in Prussia",
}


class SevenYearsWorldWar(Ruleset):
    name = "seven-years-world-war"
    title = "Seven Years World War"
    # 2: provisioning, forced march with cargo, victory levels (2026-11-27); 3: the second
    # review's fixes, the same day (9.4 defend, 16.46, 18.8, 28.6, 4.511, 4.77, 18.4, 21.2)
    # 5: the standing `discard order` also for markers gained in deals and pacts (8.31, 21)
    # 7: an advance into a neutral major's square on an explicit clause is an invasion
    # (4.413, 15.8); rebels retreat inside their own country (4.73) (0.8.4)
    version = "7"
    events: ClassVar = E.EVENTS

    @property
    def content(self) -> Content:
        return default_content()

    def scenarios(self) -> dict[str, str]:
        out = {}
        for sc in self.content.data.scenarios.scenario:
            if sc.coalitions:
                who = "; ".join(" ".join(c) for c in sc.coalitions)
            else:  # 28.57: chosen in the 1756-choose step
                who = f"each player ranks the powers and drafts {sc.choose}"
            out[sc.id] = f"7YWW {sc.section} {sc.title}: {who}"
        return out

    def scenario_text(self, scenario: str) -> str:
        from .scenario_text import describe

        return describe(self.content, scenario)

    def map_text(self, scenario: str | None, options: dict[str, Any] | None = None) -> str:
        """Every square not all sea, the special sides and the trade routes (7YWW 2.1,
        14.2-14.33, 10.121); one map for every scenario."""
        from .map_listing import map_text

        return map_text(self.content.map)

    def options(self) -> dict[str, str]:
        return dict(OPTIONS)

    def powers(self, scenario: str, options: dict[str, Any]) -> list[str]:
        return seat_names(self.content.data.scenarios.scenario_by_id[scenario].players)

    def new_state(self, scenario: str, options: dict[str, Any]) -> SYWState:
        return SYWState(scenario=scenario)

    def setup(self, ctx: Resolution, scenario: str, options: dict[str, Any]) -> None:
        setup.start(ctx, self.content, scenario, options)

    def step(self, s: SYWState) -> Step | None:
        return phases.step(s)

    # --- orders ---------------------------------------------------------------------

    def _stage(self, s: SYWState):
        return phases.STAGES[s.stage]

    def parse(self, s: SYWState, power: str, phase: str, lines: list[OrderLine]) -> Parsed:
        if phase == STANDING:
            return standing_orders.parse(self.content, lines, s, power)
        if s.stage not in phases.STAGES:
            return Parsed(None, [Problem(f"the game takes no orders now ({s.stage})")])
        return self._stage(s).parse(self.content, s, power, lines)

    def validate(self, s: SYWState, power: str, phase: str, orders: Any) -> list[Problem]:
        if phase == STANDING or s.stage not in phases.STAGES:
            return []
        return self._stage(s).validate(self.content, s, power, orders)

    def default_orders(self, s: SYWState, power: str, phase: str) -> Any:
        if phase == STANDING:
            return standing_orders.Standing()
        return self._stage(s).default(self.content, s, power)

    # --- resolution -----------------------------------------------------------------

    def resolve(
        self, ctx: Resolution, step: Step, orders: dict[str, Any], standing: dict[str, Any]
    ) -> None:
        s: SYWState = ctx.state
        st = {p: v for p, v in standing.items() if isinstance(v, standing_orders.Standing)}
        for seat in s.seats:
            st.setdefault(seat, standing_orders.Standing())
        windows.attach(ctx, self.content, st)  # 29.7 Illuminati, Sturm & Drang windows
        if negotiation.settle(ctx, self.content, st):  # 7YWW 21, 22.22: deals, pacts, end
            return
        self._stage(s).resolve(ctx, self.content, step, orders, st)

    def apply(self, state: SYWState, event: Event) -> SYWState:
        return fold_apply(state, event)

    # --- what players see -------------------------------------------------------------

    def view(self, s: SYWState, power: str | None) -> dict[str, Any]:
        over = s.stage == "over"
        players = {}
        for seat, p in s.players.items():
            row: dict[str, Any] = {
                "powers": s.powers_of(seat),
                "markers in hand": len(p.hand),
                "base line": p.base_line.total if p.base_line else None,
            }
            if power is None or power == seat or over:  # 7.0: hidden from the others
                row["treasury"] = p.treasury
                row["hand"] = list(p.hand)
            players[seat] = row
        return {
            "turn": s.turn,
            "stage": s.stage,
            "initiative order": list(s.order),
            "control": dict(s.control),
            "players": players,
            "pool": len(s.pool),
            "units": {u.id: u.model_dump(exclude_defaults=True) for u in s.units.values()},
            "leaders": {
                k: v.model_dump(exclude_defaults=True)
                for k, v in s.leaders.items()
                if v.where == "box" or (v.where == "hand" and (power in (None, v.holder) or over))
            },
            "pillaged": list(s.pillaged),
            "enlightened": list(s.enlightened),
            "result": s.result if over else None,
        }

    def report_sections(self, s: SYWState, power: str) -> list:
        from .report import sections

        return sections(self.content, s, power)

    def map_view(self, s: SYWState, power: str, events: tuple = ()) -> Any:
        from .report import map_view

        return map_view(self.content, s, power, events)

    def order_template(self, s: SYWState, power: str, step: Step) -> list[str]:
        from .template import order_template

        return order_template(self.content, s, power, step)

    def standing_orders(self, s: SYWState, power: str) -> list[str]:
        from .standing_template import standing_comments

        return standing_comments()

    def describe_event(self, event: Event, state: Any = None) -> str | None:
        from .sentences import describe, stays_note

        said = describe(event)
        if isinstance(event, E.Combat) and said:  # 15.81: the attacker stays, and why
            said += stays_note(state, event)
        return said

    def visible(self, state: SYWState, event: Event, power: str) -> bool:
        """7.0: treasuries and campaign markers are seen only by their owner (and by
        everyone once the game is over)."""
        who = getattr(event, "private_to", None)
        if who and state is not None and getattr(state, "stage", "") == "over":
            return True
        return not who or power in who

    def describe(self, s: SYWState) -> str:
        if s.stage == "over":
            return f"game over: {self.outcome(s)}"
        st = phases.step(s)
        return st.title if st else s.stage

    def outcome(self, s: SYWState) -> str:
        r = s.result
        if not r:
            return "game over"
        levels = ", ".join(f"{seat} {r['levels'][seat]} ({r['ratios'][seat]})" for seat in s.seats)
        if r["winners"]:
            return f"won by {', '.join(r['winners'])}: {levels}"
        return f"no player won (7YWW 22.21): {levels}"

    def load_state(self, data: Any) -> SYWState:
        return SYWState.model_validate(data)

    # --- scripted players (pbem demo) ---------------------------------------------------

    def demo_orders(self, s: SYWState, power: str, step: Step) -> list[str]:
        from .demo import orders

        return orders(s, power, step)

    def demo_standing(self, s: SYWState, power: str) -> list[str]:
        from .demo import standing

        return standing(s, power)


def load() -> SevenYearsWorldWar:
    return SevenYearsWorldWar()
