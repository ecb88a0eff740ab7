"""Soldier Kings (Avalanche Press) as a pbem ruleset: the one-year "Frederick the
Great" scenarios and the World at War campaign, on the Soldier engine
(pbem/rulesets/soldier/ruleset.py: the sequence of play, orders, reports). Sections of
../shared/rules/soldier-kings.txt are cited as SK n.n."""

from __future__ import annotations

from typing import Any

from pbem.errors import UsageError

from ..soldier.ruleset import SoldierRuleset
from .options import ALL, SWITCHES


class SoldierKings(SoldierRuleset):
    name = "soldier-kings"
    title = "Soldier Kings: The Seven Years War"

    def __init__(self, content, content_digest: str = ""):
        super().__init__(content, content_digest)
        # 2: sk.initiative_set records its rolls (SK 4.1), so a game begun under 1 recomputes
        # differently
        # 3: the corrections of 2026-11-27 (zero Manpower spends nothing, SK 7.5; the
        # optional rules' wars, garrisons and defenders; tests/golden/superseded.toml)
        # 7: the review of 2026-11-28's seventh session (transport of an ally's armies and
        # generals, cards' targets and maps, non-movers' standing orders; docs/core.md)
        self.version = f"10+{content_digest[:12]}" if content_digest else "10"

    def options(self) -> dict[str, str]:
        return {
            "end": "World at War only (its Timeframe): YEAR, 1756-1762, to end with that "
            "year's Winter turn; or 'random' (from the Victory Phase of Winter 1759 on, a "
            "die of 1 or 2 ends the game: pbem's method, the text gives none)",
            ALL: "every optional rule below (soldier-kings-optional-rules.txt)",
            **SWITCHES,
        }

    def switches(self, options: dict[str, Any]) -> tuple[str, ...]:
        """The optional rules a game's options switch on (`all`: every one, but with
        `end` given, every one except `random-end`)."""
        on = {k for k, v in options.items() if k in SWITCHES and v not in (False, None, "off")}
        if options.get(ALL) not in (None, False, "off"):
            on = set(SWITCHES)
            if options.get("end") is not None:  # a chosen timeframe: all but the random end
                on.discard("random-end")
        return tuple(sorted(on))

    def powers(self, scenario: str, options: dict[str, Any]) -> list[str]:
        sc = self.content.scenario(scenario)
        end = options.get("end")
        if end is not None and "random-end" in self.switches(options):
            raise UsageError(
                "option end: the random-end option decides when the game ends; give one of them"
            )
        if "random-end" in self.switches(options) and sc.rules != "campaign":
            raise UsageError(
                f"option random-end: only World at War may go on past Turn {sc.last_turn}"
            )
        if end is not None:
            if sc.rules != "campaign":
                raise UsageError(
                    f"option end: only World at War has a timeframe to choose; {scenario} ends on Turn {sc.last_turn}"
                )
            if str(end).casefold() != "random" and not (
                str(end).isdigit() and 1756 <= int(end) <= 1762
            ):
                raise UsageError(f"option end={end!r}: write a year from 1756 to 1762, or 'random'")
        return super().powers(scenario, options)
