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
    source: Source


class Leader(Record):
    name: Name
    aliases: tuple[Name, ...] = ()
    power: Name
    role: Literal["general", "admiral"]
    rating: Annotated[int, Strict(), Field(ge=1, le=3)]
    movement: Pos | None = None
    royal: Bool = False
    enters: Literal["europe", "north_america", "india"] = "europe"
    fleet_of: Name | None = None
    source: Source


class PiecesFile(Record):
    units: tuple[Unit, ...] = Field(min_length=1)
    leaders: tuple[Leader, ...] = Field(min_length=1)
