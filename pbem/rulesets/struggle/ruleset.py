"""Struggle of Empires (struggle-of-empires.txt) on the pbem core: the Ruleset."""

from __future__ import annotations

from typing import Any, ClassVar

from pbem.events import Event
from pbem.resolution import Resolution
from pbem.ruleset import (
    STANDING,
    OrderLine,
    Parsed,
    Problem,
    Ruleset,
    Step,
    parse_good_lines,
)

from . import actions, auction, setup, war
from . import events as E
from .content import SoEContent, load_content
from .fold import apply as fold_apply
from .orders import (
    ActionOrders,
    Placement,
    parse_actions,
    parse_bid,
    parse_placement,
)
from .standing_orders import Standing, parse_standing
from .state import SoEState


class StruggleOfEmpires(Ruleset):
    name = "struggle-of-empires"
    title = "Struggle of Empires"
    # 3: actions checked after free tile uses and with earlier gold paid, 'if lost:'
    # after a move, a tile used in the envelope that buys it, Alliance tiles' fallback,
    # company tiles refused without a token (2026-11-28); 6: a final score never below
    # zero after the Unrest penalty, orders worded as the rulebook words them (0.8.4)
    version = "6"
    events: ClassVar = E.EVENTS

    @property
    def content(self) -> SoEContent:
        return load_content()

    def scenarios(self) -> dict[str, str]:
        return {k: f"{len(v)} players: {', '.join(v)}" for k, v in setup.SCENARIOS.items()}

    def scenario_text(self, scenario: str) -> str:
        return setup.describe(self.content, scenario)

    def map_text(self, scenario: str | None, options: dict[str, Any] | None = None) -> str:
        """Every area (SoE The Map); one map whatever the number of players."""
        from .listing import map_text

        return map_text(self.content)

    def powers(self, scenario: str, options: dict[str, Any]) -> list[str]:
        return setup.seats(self.content, scenario)

    def new_state(self, scenario: str, options: dict[str, Any]) -> SoEState:
        return SoEState(scenario=scenario)

    def setup(self, ctx: Resolution, scenario: str, options: dict[str, Any]) -> None:
        setup.start(ctx, self.content, scenario)

    def step(self, s: SoEState) -> Step | None:
        return war.step(s)

    # --- orders ---------------------------------------------------------------------

    def parse(self, s: SoEState, power: str, phase: str, lines: list[OrderLine]) -> Parsed:
        """The lines that read are checked against the rules too when others do not
        (parse_good_lines: every problem in one answer)."""
        c = self.content
        if phase == STANDING:
            return parse_standing(c, lines)
        if s.stage == "place":
            got = parse_good_lines(lambda ls: parse_placement(c, ls), lines)
            if got.checkable and got.left_out:
                got.good = Placement(got.good.units, unread=len(got.left_out))
            return got
        if s.stage == "auction":
            return parse_bid(c, lines)
        return parse_good_lines(lambda ls: parse_actions(c, ls), lines)

    def validate(self, s: SoEState, power: str, phase: str, orders: Any) -> list[Problem]:
        c = self.content
        if phase == STANDING:
            return []
        if s.stage == "place":
            return [
                Problem(m, line)
                for m, line in setup.check_placement(c, s, power, orders.units, orders.unread)
            ]
        if s.stage == "auction":
            if orders.amount is None:
                return []
            a = s.auction
            low = auction.next_amount(a)
            out = []
            if orders.amount < low:
                out.append(Problem(f"the bid must be at least {low}", orders.line))
            why = auction.proposal_problem(s, orders.a, orders.b)
            if why:
                out.append(Problem(why, orders.line))
            return out
        return actions.validate(c, s, power, orders)

    def default_orders(self, s: SoEState, power: str, phase: str) -> Any:
        if phase == STANDING:
            return Standing()
        if s.stage == "place":
            return Placement(
                [(t, a, 0) for t, a in setup.default_placement(self.content, s, power)]
            )
        if s.stage == "auction":
            return auction.Bid(None)
        return ActionOrders()

    # --- resolution -----------------------------------------------------------------

    def resolve(
        self, ctx: Resolution, step: Step, orders: dict[str, Any], standing: dict[str, Any]
    ) -> None:
        c = self.content
        s: SoEState = ctx.state
        st = {p: v for p, v in standing.items() if isinstance(v, Standing)}
        (power,) = step.owes
        o = orders.get(power)
        if s.stage == "place":
            ctx.emit(E.UnitsPlaced(power=power, units=[(t, a) for t, a, _ in o.units]))
            war.after_placement(ctx, c, st)
        elif s.stage == "auction":
            sent = power in orders and o.line is not None
            proxy = st[power].proxy if power in st else None
            late = None if sent else auction.standing_choice(s, proxy)
            if late is not None:  # SoE 2: standing auction orders given after he was asked
                auction.act(ctx, power, late, proxy=True)
            else:
                auction.act(ctx, power, o, default=not sent)
            war.alliances(ctx, c, st)
        else:
            actions.resolve(ctx, c, power, o, st)
            war.after_turn(ctx, c, st)

    def apply(self, state: SoEState, event: Event) -> SoEState:
        return fold_apply(state, event)

    # --- what players see -------------------------------------------------------------

    def view(self, s: SoEState, power: str | None) -> dict[str, Any]:
        over = s.stage == "over"
        powers = {}
        for p, pw in s.powers.items():
            row = {
                "gold": pw.gold,
                "population": pw.population,
                "victory points": pw.vp,
                "tiles": list(pw.tiles),
                "used this war": list(pw.used),
            }
            if power is None or power == p or over:
                row["unrest"] = pw.unrest  # SoE Unrest: face down until the end
            powers[p] = row
        return {
            "war": s.war,
            "round": s.round,
            "stage": s.stage,
            "play order": list(s.order),
            "alliance display": {
                "top": [p for i, p in enumerate(s.display) if i % 2 == 0 and p],
                "bottom": [p for i, p in enumerate(s.display) if i % 2 == 1 and p],
            },
            "auction": s.auction.model_dump() if s.auction else None,
            "powers": powers,
            "units": s.units,
            "control": s.control,
            "country counters": s.counters,
            "tiles on display": {k: v for k, v in s.stock.items() if v},
            "result": s.final if over else None,
        }

    def report_sections(self, s: SoEState, power: str) -> list:
        from .report import sections

        return sections(self.content, s, power)

    def map_view(self, s: SoEState, power: str, events: tuple = ()) -> Any:
        from .report import map_view

        return map_view(self.content, s, power, events)

    def order_template(self, s: SoEState, power: str, step: Step) -> list[str]:
        from .template import template

        return template(self.content, s, power, step)

    def standing_orders(self, s: SoEState, power: str) -> list[str]:
        from .template import STANDING

        return list(STANDING)

    def describe_event(self, event: Event, state: Any = None) -> str | None:
        from .sentences import describe_in

        return describe_in(event, state if isinstance(state, SoEState) else None)

    def default_note(self, s: SoEState, phase: str) -> str | None:
        """docs/orders-struggle-of-empires.md: the default of each envelope."""
        stage = getattr(s, "stage", "")
        if stage == "place":
            return "an army in each area where he has the most control tokens"
        if stage == "auction":
            return "his standing auction orders bid or pass for him if he gave any, else he passes"
        if stage == "actions":
            return "two passes"
        return None

    def visible(self, state: SoEState, event: Event, power: str) -> bool:
        if isinstance(event, E.UnrestChanged):
            return event.power == power
        return True

    def describe(self, s: SoEState) -> str:
        if s.stage == "over":
            return f"game over: {s.result}"
        return f"war {s.war}, {s.stage}" + (f", round {s.round}" if s.stage == "actions" else "")

    def outcome(self, s: SoEState) -> str:
        if not s.final:
            return "game over"
        scores = ", ".join(
            f"{p} {v}" for p, v in sorted(s.final.items(), key=lambda x: (-x[1], x[0]))
        )
        return f"won by {s.result} ({scores})"

    def load_state(self, data: Any) -> SoEState:
        return SoEState.model_validate(data)

    # --- scripted players (pbem demo) ---------------------------------------------------

    def demo_orders(self, s: SoEState, power: str, step: Step) -> list[str]:
        from .demo import orders

        return orders(self.content, s, power)

    def demo_standing(self, s: SoEState, power: str) -> list[str]:
        from .demo import standing

        return standing(self.content, s, power)


def load() -> StruggleOfEmpires:
    return StruggleOfEmpires()
