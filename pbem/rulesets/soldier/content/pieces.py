"""pieces.toml: the counter mix and the leaders."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    Field,
    Strict,
)

from .base import Bool, Name, Pos, Record, Source, Strength, UnitType

# --------------------------------------------------------------------------- pieces.toml


class Unit(Record):
    power: Name
    type: UnitType
    full: Strength
    reduced: Strength
    count: Pos
    provincial: Bool = False
    # the counter's own name, where it has one (SE 19.9: the French Old Guard)
    name: Name | None = None
    # once eliminated it may not be rebuilt (SE 19.9: the Old Guard); default: it returns
    # to the pool of unused units (SE 1.0 Step Loss)
    never_rebuilt: Bool = False
    # a major power that may buy this country's counters as its own before the country
    # exists (SE 19.3: France may build the Netherlands fleet until Holland is created)
    buildable_by: Name | None = None
    source: Source


# SK 13.1: ratings 1-3; SE 13.1: "a rating of 0 through 4". The field takes the wider range.
Rating = Annotated[int, Strict(), Field(ge=0, le=4)]


class Leader(Record):
    name: Name
    aliases: tuple[Name, ...] = ()
    power: Name
    role: Literal["general", "admiral"]
    rating: Rating
    # the rating when he directs only his own country's units (SE 19.23: Poniatowski
    # rates 3 leading only Polish forces, 2 otherwise)
    own_forces_rating: Rating | None = None
    # the appearance year on the counter's reverse: a New Leader draw may not enter play
    # before it (SE 13.8)
    year: Pos | None = None
    movement: Pos | None = None
    # SE 19.7: abilities other leaders lack, lost one each time he is captured, in this
    # order (Napoleon: combat, initiative, movement); Davout's movement 3 is never lost
    abilities: tuple[Literal["combat", "initiative", "movement"], ...] = ()
    royal: Bool = False
    enters: Literal["europe", "north_america", "india"] = "europe"
    fleet_of: Name | None = None
    source: Source


class PiecesOption(Record):
    """Counters an optional rule adds (SKO New Unit, New Minor Power), only while it is
    switched on (content/options.py)."""

    name: Name  # the switch (pbem/rulesets/soldier_kings/options.py)
    units: tuple[Unit, ...] = ()
    source: Source


class PiecesFile(Record):
    units: tuple[Unit, ...] = Field(min_length=1)
    leaders: tuple[Leader, ...] = Field(min_length=1)
    options: tuple[PiecesOption, ...] = ()
