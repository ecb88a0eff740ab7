"""The moments at which a variant's event cards act, reached without importing them.

The Soldier rules announce a moment (a battle begins, a round of combat, a siege, a
naval group enters an area, an interception is rolled, a naval battle's weather gauge,
an alliance attempt, an action phase's step, the Purchase Phase) and the variant's card
rules act on it. The variant registers its card rules once, when its module is imported
(`register`), under its game's name; the rules modules ask `card_rules(content)` for
them. So no rules module imports the cards module (issue 9), and a second variant
(Soldier Emperor) brings its own cards under its own name.

What a card module provides is `CardRules` below; Soldier Kings' is cards.py itself.
"""

from __future__ import annotations

from typing import Any, Protocol

from .card_orders import PlayOrder


class CardRules(Protocol):
    """The card rules of one variant, as the Soldier rules call them."""

    def parse_play(self, *args: Any, **kw: Any) -> Any: ...
    def validate_action(self, *args: Any, **kw: Any) -> Any: ...
    def validate_purchase(self, *args: Any, **kw: Any) -> Any: ...
    def validate_standing(self, *args: Any, **kw: Any) -> Any: ...
    def after_plays(self, *args: Any, **kw: Any) -> Any: ...
    def with_orders(self, *args: Any, **kw: Any) -> Any: ...
    def at_step(self, *args: Any, **kw: Any) -> None: ...
    def unplayed(self, *args: Any, **kw: Any) -> None: ...
    def purchase_plays(self, *args: Any, **kw: Any) -> None: ...
    def before_stage(self, *args: Any, **kw: Any) -> bool: ...
    def battle_begins(self, *args: Any, **kw: Any) -> bool: ...
    def before_round(self, *args: Any, **kw: Any) -> None: ...
    def siege_begins(self, *args: Any, **kw: Any) -> tuple[int, int, bool]: ...
    def group_enters(self, *args: Any, **kw: Any) -> bool: ...
    def interception_fails(self, *args: Any, **kw: Any) -> bool: ...
    def weather_gauge(self, *args: Any, **kw: Any) -> str | None: ...
    def alliance_attempt(self, *args: Any, **kw: Any) -> tuple[int, tuple[str, ...]]: ...
    def play(self, *args: Any, **kw: Any) -> bool: ...


_BY_GAME: dict[str, CardRules] = {}


def register(game: str, rules: CardRules) -> None:
    """The variant `game` (its content's game name) plays its cards by `rules`."""
    _BY_GAME[game] = rules


def card_rules(content: Any) -> CardRules:
    try:
        return _BY_GAME[content.game.name]
    except KeyError:
        raise LookupError(
            f"no card rules registered for {content.game.name!r}: its variant module "
            "registers them when imported (hooks.register)"
        ) from None


__all__ = ["CardRules", "PlayOrder", "card_rules", "register"]
