"""Soldier Emperor (Avalanche Press) as a pbem ruleset: the Napoleonic Wars of 1803-1815
on the Soldier engine (pbem/rulesets/soldier/ruleset.py: the sequence of play, orders,
reports), with its own content (games/soldier-emperor/). Sections of
../shared/rules/soldier-emperor.txt are cited as SE n.n; games/soldier/sections.toml
says which Soldier Kings section each one matches and how they differ."""

from __future__ import annotations

from ..soldier.ruleset import SoldierRuleset


class SoldierEmperor(SoldierRuleset):
    """In progress (issue 13): the content is Soldier Emperor's and the shared Soldier rules
    play it end to end; the rules SE changes or adds (games/soldier/sections.toml:
    `changed`, `se-only`) are not written yet, so the shared (SK) procedure applies."""

    name = "soldier-emperor"
    title = "Soldier Emperor: The Napoleonic Wars (in progress: SE's own rules not yet in force)"

    def __init__(self, content, content_digest: str = ""):
        super().__init__(content, content_digest)
        self.version = f"1+{content_digest[:12]}" if content_digest else "1"
