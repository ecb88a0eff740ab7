"""Soldier Emperor (Avalanche Press) as a pbem ruleset: the Napoleonic Wars of 1803-1815
on the Soldier engine (pbem/rulesets/soldier/ruleset.py: the sequence of play, orders,
reports), with its own content (games/soldier-emperor/). Sections of
../shared/rules/soldier-emperor.txt are cited as SE n.n; games/soldier/sections.toml
says which Soldier Kings section each one matches and how they differ."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pbem.errors import UsageError
from pbem.events import Event
from pbem.ruleset import OrderLine, Parsed, Problem, Step

from ..soldier import citations
from ..soldier.ruleset import SoldierRuleset


class SoldierEmperor(SoldierRuleset):
    """The shared Soldier rules with Soldier Emperor's content; where SE's procedure differs,
    its game.toml `[rules]` switches and tables choose it (docs/soldier-engine.md,
    docs/orders-soldier-emperor.md lists which SE rules are in force)."""

    name = "soldier-emperor"
    title = "Soldier Emperor: The Napoleonic Wars"
    # SE 3.0 "Play may now begin", SE 4.1: Turn 1 opens with its Purchase Phase; the only
    # Diplomacy Phase is the Winter turn's (SE 4.2)
    opening_diplomacy = False

    def __init__(self, content, content_digest: str = ""):
        super().__init__(content, content_digest)
        # 2: SE's own rules (game.toml [rules]) in force
        # 3: the corrections of 2026-11-27 (no Diplomacy Phase before Turn 1, SE 3.0/4.1;
        # zero Manpower spends nothing, SE 7.4; and the others in tests/golden/superseded.toml)
        self.version = f"10+{content_digest[:12]}" if content_digest else "10"

    def options(self) -> dict[str, str]:
        first, last = self.content.game.first_year, self.content.game.year(self.content.game.turns)
        return {
            "end": f"YEAR, {first}-{last}: the game ends with that year's Winter turn (the "
            f"rulebook gives no length; default {last}, Waterloo's year)",
        }

    def powers(self, scenario: str, options: dict[str, Any]) -> list[str]:
        end = options.get("end")
        if end is not None:
            sc = self.content.scenario(scenario)
            start = self.content.game.year(sc.first_turn)
            last = self.content.game.year(self.content.game.turns)
            if not (str(end).isdigit() and start <= int(end) <= last):
                raise UsageError(f"option end={end!r}: write a year from {start} to {last}")
        return super().powers(scenario, options)

    # --- what players read cites SE's sections and says Money (citations.py) ----------

    def _book(self, text: str) -> str:
        rules = self.content.game.rules
        return citations.in_book(text, rules.book, rules.money)

    def step(self, s: Any) -> Step | None:
        got = super().step(s)
        return replace(got, title=self._book(got.title)) if got is not None else None

    def _problems(self, problems: list[Problem]) -> list[Problem]:
        rules = self.content.game.rules
        return citations.problems_in_book(problems, rules.book, rules.money)

    def parse(self, s: Any, power: str, phase: str, lines: list[OrderLine]) -> Parsed:
        got = super().parse(s, power, phase, lines)
        return replace(got, problems=self._problems(got.problems)) if got.problems else got

    def validate(self, s: Any, power: str, phase: str, orders: Any) -> list[Problem]:
        return self._problems(super().validate(s, power, phase, orders))

    def describe_event(self, e: Event, s: Any = None) -> str | None:
        text = super().describe_event(e, s)
        return self._book(text) if text else text

    def standing_note(self, s: Any, e: Event, power: str, standing: tuple[str, ...]) -> str | None:
        text = super().standing_note(s, e, power, standing)
        return self._book(text) if text else text

    def report_sections(self, s: Any, power: str) -> list:
        b = self._book
        return [
            replace(
                x,
                title=b(x.title),
                columns=tuple(b(c) for c in x.columns),
                rows=tuple(tuple(b(c) for c in r) for r in x.rows),
                note=b(x.note),
                lines=tuple(b(line) for line in x.lines),
            )
            for x in super().report_sections(s, power)
        ]

    def order_template(self, s: Any, power: str, step: Step) -> list[str]:
        return [self._book(line) for line in super().order_template(s, power, step)]

    def standing_orders(self, s: Any, power: str) -> list[str]:
        from ..soldier.report.template import STANDING_SE

        return list(STANDING_SE)

    def scenario_text(self, scenario: str) -> str:
        """`pbem games soldier-emperor --scenario NAME`: SE's sections, and Money."""
        return self._book(super().scenario_text(scenario))
