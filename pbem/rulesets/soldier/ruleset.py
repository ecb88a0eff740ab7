"""A Soldier game as a pbem ruleset: what Soldier Kings and Soldier Emperor share (the
variants, pbem/rulesets/soldier_kings/ and soldier_emperor/, add their name, options and
card registration). Sections are cited as SK n.n / SE n.n.

How the sequence of play (SK 4.0 / SE 4.0) maps onto steps (docs/ruleset-interface.md):
  set-up, one step per side in set-up order (Austria's side first)   owes: that side
  Purchase Phase (SK 4.1, 6.2-6.4)                                    owes: every power
  Initiative Phase, Peace Phase, Winter phases                        run on standing orders
  Action Phases, one per power in initiative order                    owes: that power
"""

from __future__ import annotations

from typing import Any, ClassVar

from pbem.events import Event
from pbem.resolution import Resolution
from pbem.ruleset import STANDING, OrderLine, Parsed, Problem, Ruleset, Step

from . import (  # noqa: F401  (register their stages)
    actions,
    banner,
    card_checks,
    card_events,
    card_moments,
    card_orders,
    card_phase,
    collection,
    diplomacy,
    economy,
    fold,
    hooks,
    initiative,
    peace,
    phases,
    setup,
    standing,
    winter,
)
from . import events as E
from .calendar import label
from .content import SoldierContent
from .standing import StandingOrders
from .state import SoldierState


class SoldierRuleset(Ruleset):
    """A variant sets `name`, `title` and `version`, and may add options."""

    # SK World at War: "before the start of Turn 1, they take a special Diplomacy Phase";
    # a variant without it (SE 3.0 "Play may now begin", SE 4.1) sets this False
    opening_diplomacy: ClassVar[bool] = True

    events: ClassVar = [
        E.ScenarioStarted,
        E.UnitsSelected,
        E.LeadersSelected,
        E.CardsDealt,
        E.PiecesPlaced,
        E.SetupRoundDone,
        E.TurnBegan,
    ]

    def __init__(self, content: SoldierContent, content_digest: str = ""):
        self.content = content
        self._maps: dict[str, tuple[str, ...]] = {}  # scenario -> the maps it is played on
        # the variant's card rules, reached by the Soldier rules through hooks (issue 9)
        hooks.register(content.game.name, card_moments.RULES)  # type: ignore[arg-type]

    # --- scenarios ----------------------------------------------------------------

    def scenarios(self) -> dict[str, str]:
        return {
            sc.name: f"Scenario #{sc.number}: {sc.name}, turns {sc.first_turn}-{sc.last_turn}, "
            + " vs ".join("+".join(p.powers) for p in sc.players)
            for sc in sorted(self.content.scenarios.values(), key=lambda s: s.number)
        }

    def scenario_text(self, scenario: str) -> str:
        sc = self.content.scenario(scenario)
        return setup.describe_scenario(self.content.in_play(sc.maps), sc)

    def map_text(self, scenario: str | None, options: dict[str, Any] | None = None) -> str:
        """Every area of the maps in play: the scenario's (SK World at War: the four maps
        and the track's circles), else Europe, the one-year games' map (SK 2.1); with the
        optional rules that change the map (SKO Map: bengal-port...)."""
        from .content.listing import map_text

        maps = self.content.scenario(scenario).maps if scenario else ("europe",)
        content = self.content.with_options(self.switches(options or {}))
        return map_text(content, tuple(maps), self.name, self.content.game.rules.book)

    def powers(self, scenario: str, options: dict[str, Any]) -> list[str]:
        return list(self.content.scenario(scenario).powers)

    def new_state(self, scenario: str, options: dict[str, Any]) -> SoldierState:
        return SoldierState()

    def load_state(self, data: Any) -> SoldierState:
        return SoldierState.model_validate(data)

    def switches(self, options: dict[str, Any]) -> tuple[str, ...]:
        """The variant's optional rules a game's options switch on (none here)."""
        return ()

    def setup(self, ctx: Resolution, scenario: str, options: dict[str, Any]) -> None:
        sc = self.content.scenario(scenario)
        end = options.get("end")
        switches = self.switches(options)
        content = self.content.with_options(switches).in_play(sc.maps)  # SKO Map
        setup.start(ctx, content, sc, None if end is None else str(end), switches)

    def content_of(self, s: SoldierState) -> SoldierContent:
        """The content a game is played with: Europe's for the one-year scenarios, the
        four maps as one for the campaign (SoldierContent.in_play), with the game's
        optional rules that change the content (SKO Map, New Minor Power, New Unit:
        SoldierContent.with_options). The maps of a report are drawn from `drawn(s)`,
        each on its own canvas."""
        maps = self._maps.get(s.scenario)
        if maps is None:
            maps = self.content.scenario(s.scenario).maps if s.scenario else ("europe",)
            self._maps[s.scenario] = maps
        return self.drawn(s).in_play(maps)

    def drawn(self, s: SoldierState) -> SoldierContent:
        """The content whose maps a report draws: the printed maps with the game's map
        switches applied (SKO Map (b): Ticonderoga is drawn only when on)."""
        return self.content.with_options(s.options)

    # --- the sequence of play (phases.py) -------------------------------------------

    def step(self, s: SoldierState) -> Step | None:
        if s.stage == "setup":
            k = s.setup_round
            side = s.setup_order[k]
            now, rounds = setup.setup_round(s, side[0])
            return Step(
                setup.setup_phase(self.content, s, k),
                f"Set-up, {' and '.join(side)}"
                + (" (first)" if k == 0 else "")
                + (f", round {now} of {rounds}" if rounds > 1 else ""),
                tuple(side),
                turn=label(s.turn, self.content.game.first_year),
            )
        return phases.current_step(self.content, s)

    # --- orders ---------------------------------------------------------------------

    def parse(self, s: SoldierState, power: str, phase: str, lines: list[OrderLine]) -> Parsed:
        if phase == STANDING:
            return standing.parse(self.content_of(s), s, power, lines)
        if s.stage == "setup":
            return setup.parse_placement(self.content_of(s), s, power, lines)
        return phases.STAGES[s.stage].parse(self.content_of(s), s, power, lines)

    def validate(self, s: SoldierState, power: str, phase: str, orders: Any) -> list[Problem]:
        if phase == STANDING:
            content = self.content_of(s)
            return card_checks.validate_standing(content, s, power, orders) + (
                banner.validate_standing(content, s, power, orders)  # SE 19.6, 19.63
            )  # SK 5.1
        if s.stage == "setup":
            placed = setup.resolve_placements(s, power, orders)
            sc = self.content.scenario(s.scenario)
            return placed.problems + setup.check_placement(
                self.content_of(s), sc, s, power, placed.out, placed
            )
        return phases.STAGES[s.stage].validate(self.content_of(s), s, power, orders)

    def default_orders(self, s: SoldierState, power: str, phase: str) -> Any:
        if s.stage == "setup":
            return None
        return phases.STAGES[s.stage].default(self.content_of(s), s, power)

    def resolve(self, ctx: Resolution, step: Step, orders: dict, standing: dict) -> None:
        s: SoldierState = ctx.state
        if s.stage == "setup":
            self._resolve_setup(ctx, step, orders)
            return
        empty = StandingOrders()
        standing = {p: standing.get(p, empty) for p in s.majors}
        banner.before_stage(ctx, self.content_of(s), standing)  # SE 19.6
        if hooks.card_rules(self.content).before_stage(
            ctx, self.content_of(s), standing
        ):  # SK 5.1 standing card plays
            return  # a Winter Campaign: action phases come before the Winter Attrition Phase
        phases.STAGES[s.stage].resolve(ctx, self.content_of(s), step, orders, standing)

    def _resolve_setup(self, ctx: Resolution, step: Step, orders: dict) -> None:
        s: SoldierState = ctx.state
        sc = self.content.scenario(s.scenario)
        for power in step.owes:
            given = orders.get(power)
            placed = setup.resolve_placements(s, power, given) if given else None
            if (
                placed
                and not placed.problems
                and not placed.unknown
                and not setup.check_placement(self.content_of(s), sc, s, power, placed.out)
            ):
                ctx.emit(setup.placement_event(placed.out, power, defaulted=False))
            else:
                out = setup.default_placement(self.content_of(s), sc, s, power)
                ctx.emit(setup.placement_event(out, power, defaulted=True))
        k = s.setup_round
        ctx.emit(E.SetupRoundDone(round=k))
        if k + 1 >= len(s.setup_order):  # SK World at War: a Diplomacy Phase before Turn 1
            opening = self.opening_diplomacy and sc.rules == "campaign"
            first = "diplomacy" if opening else "purchase"  # SE 4.1: the Purchase Phase
            ctx.emit(E.TurnBegan(turn=s.first_turn, stage=first))

    def apply(self, s: SoldierState, e: Event) -> SoldierState:
        return fold.apply(s, e)

    # --- what each power sees -----------------------------------------------------

    def view(self, s: SoldierState, power: str | None) -> dict[str, Any]:
        d = s.model_dump(mode="json")
        if power is not None:
            mine = s.player_of(power)
            d["hands"] = {p: (h if p == mine else len(h)) for p, h in s.hands.items()}
            d["deck"] = len(s.deck)  # its cards, with one's own hand, would give the others'
            d["surrender_orders"] = {  # SK 15.0: secret until the Peace Phase declares them
                p: o for p, o in d["surrender_orders"].items() if s.player_of(p) == mine
            }
        return d

    def visible(self, s: SoldierState, e: Event, power: str) -> bool:
        """Who-is-who comes from the game's own state (`s.players`, set by the scenario):
        a player may play several powers, and each of them sees all that player's
        secrets (SK 3.0: the cards are the player's, not one power's)."""
        mine = s.player_of(power)
        if isinstance(e, E.CardsDealt):  # SK 3.0: only the player dealt the cards
            return e.player == mine
        seen_by = getattr(e, "seen_by", None)
        if isinstance(seen_by, list):  # a secret of some powers (card_events.CardTaken: Spies)
            return power in seen_by or any(s.player_of(p) == mine for p in seen_by)
        order, who = getattr(e, "order", None), getattr(e, "power", None)
        if isinstance(order, str) and isinstance(who, str):
            # it quotes a power's own order (sk.purchase_skipped): for that player only
            return s.player_of(who) == mine
        return True

    # --- reports (report/, docs/reports.md) -----------------------------------------

    def describe_event(self, e: Event, s: SoldierState | None = None) -> str | None:
        from ..soldier import report

        return report.describe(self.content_of(s) if s is not None else self.content, e, s)

    def dice_hits(self, s: SoldierState, e: Event) -> int | None:
        from ..soldier import report

        return report.hit_from(s, getattr(e, "label", ""))  # SK 9.6, 11.2, 12.2-12.3

    def standing_note(
        self, s: SoldierState, e: Event, power: str, standing: tuple[str, ...]
    ) -> str | None:
        from ..soldier import report

        return report.standing_note(s, e, power, standing)

    def report_sections(self, s: SoldierState, power: str) -> list:
        from ..soldier import report

        return report.sections(self.content_of(s), s, power)

    def map_view(self, s: SoldierState, power: str, events: tuple = ()):
        from ..soldier import report

        return report.map_view(self.drawn(s), s, power, events)

    def map_views(self, s: SoldierState, power: str, events: tuple = ()) -> list:
        """Europe in the one-year games. In the campaign, all four maps, those where the
        power has pieces (or, before set-up, home areas) first, then the track
        (issue 10: a player sees the maps his powers are on first)."""
        from ..soldier import report
        from ..soldier.report import marks

        world = self.content_of(s)
        drawn = self.drawn(s)
        if world is drawn:
            view = report.map_view(drawn, s, power, events)
            return [view] if view is not None else []
        order = self.content.scenario(s.scenario).maps
        mine = {world.map_of(a) for a in marks.own_areas(world, s, power)}
        keys = sorted(order, key=lambda k: (k not in mine, order.index(k)))
        views = [report.map_view(drawn, s, power, events, k, world) for k in keys]
        views.append(report.track_view(self.content, s, power))
        return [v for v in views if v is not None]

    def order_template(self, s: SoldierState, power: str, step: Step) -> list[str]:
        from ..soldier import report

        return report.order_template(self.content_of(s), s, power, step)

    def standing_orders(self, s: SoldierState, power: str) -> list[str]:
        from .report.template import STANDING_SK

        return list(STANDING_SK)

    def describe(self, s: SoldierState) -> str:
        if s.stage == "new":
            return "not set up"
        return f"{s.scenario}: {label(s.turn, self.content.game.first_year)}, {s.stage}"

    def demo_orders(self, s: SoldierState, power: str, step: Step) -> list[str]:
        from . import demo

        return demo.orders(self.content_of(s), s, power, step)

    def demo_standing(self, s: SoldierState, power: str) -> list[str]:
        from . import demo

        return demo.standing_orders(s, power, self.content)

    def outcome(self, s: SoldierState) -> str:
        return s.result or "game over"
