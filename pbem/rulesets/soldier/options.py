"""Which optional rules a game plays with. A variant names its switches (Soldier Kings:
pbem/rulesets/soldier_kings/options.py); set-up records those switched on in
`sk.scenario_started` (state `options`), and the rules ask here."""

from __future__ import annotations

from .state import SoldierState


def on(s: SoldierState, name: str) -> bool:
    """Is the optional rule `name` switched on in this game?"""
    return name in s.options
