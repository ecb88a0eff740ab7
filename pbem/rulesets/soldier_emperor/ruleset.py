"""Soldier Emperor (Avalanche Press) as a pbem ruleset: the Napoleonic Wars of 1803-1815
on the Soldier engine (pbem/rulesets/soldier/ruleset.py: the sequence of play, orders,
reports), with its own content (games/soldier-emperor/). Sections of
../shared/rules/soldier-emperor.txt are cited as SE n.n; games/soldier/sections.toml
says which Soldier Kings section each one matches and how they differ."""

from __future__ import annotations

from typing import Any

from pbem.errors import UsageError

from ..soldier.ruleset import SoldierRuleset


class SoldierEmperor(SoldierRuleset):
    """The shared Soldier rules with Soldier Emperor's content; where SE's procedure differs,
    its game.toml `[rules]` switches and tables choose it (docs/soldier-engine.md,
    docs/orders-soldier-emperor.md lists which SE rules are in force)."""

    name = "soldier-emperor"
    title = "Soldier Emperor: The Napoleonic Wars"

    def __init__(self, content, content_digest: str = ""):
        super().__init__(content, content_digest)
        # 2: SE's own rules (game.toml [rules]) in force
        self.version = f"2+{content_digest[:12]}" if content_digest else "2"

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
