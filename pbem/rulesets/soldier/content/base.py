"""Field types and the frozen base model of the Soldier Kings content files."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
)

# File stems (relative to games/soldier-kings/, without ".toml") and what they hold.
GAME, POWERS, MAP, PIECES, TABLES, CARDS = (
    "game",
    "powers",
    "maps/europe",
    "pieces",
    "tables",
    "cards",
)
SCENARIO_DIR = "scenarios/"
# the maps beside Europe (the campaign's, SK World at War): map key -> file stem
TRACK = "world-track"  # the Worldwide Naval Movement track (SK 10.7)
WORLD_MAPS = {
    "americas": "maps/americas",
    "india": "maps/india",
    "spice_islands": "maps/spice-islands",
}


def file_name(stem: str) -> str:
    return f"{stem}.toml"


# --------------------------------------------------------------------------- basics


class Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _check_source(value: str) -> str:
    if value == "authored" or value.startswith(("authored ", "SK ", "SE ", "SKO ")):
        return value
    raise ValueError(
        'source must be "authored" or a rulebook citation starting with "SK " or "SE " '
        '(e.g. "SK 9 Land Combat Example", "SE 12.1 (fortification); rest authored")'
    )


def _check_name(value: str) -> str:
    if not value or value != value.strip():
        raise ValueError("names must be non-empty, without leading or trailing blanks")
    return value


Source = Annotated[str, AfterValidator(_check_source)]
Name = Annotated[str, AfterValidator(_check_name)]
Int = Annotated[int, Strict()]
NonNeg = Annotated[int, Strict(), Field(ge=0)]
Pos = Annotated[int, Strict(), Field(ge=1)]
Bool = Annotated[bool, Strict()]
MapName = Literal["europe", "americas", "india", "spice_islands"]
UnitType = Literal["army", "fleet"]

_STRENGTH = re.compile(r"^(\d+)-(\d+)$")


def _parse_strength(value: Any) -> Any:
    if isinstance(value, str):
        found = _STRENGTH.match(value.strip())
        if not found:
            raise ValueError(
                f'strength must be written "attack-defence", e.g. "4-3"; got {value!r}'
            )
        return (int(found.group(1)), int(found.group(2)))
    return value


def _check_strength(value: tuple[int, int]) -> tuple[int, int]:
    attack, defence = value
    if attack < 0 or defence < 1:
        raise ValueError(
            f"strength {attack}-{defence}: attack must be 0 or more, defence 1 or more"
        )
    return value


Strength = Annotated[
    tuple[int, int], BeforeValidator(_parse_strength), AfterValidator(_check_strength)
]
Point = tuple[Int, Int]
Ring = Annotated[tuple[Point, ...], Field(min_length=3)]


def fmt_strength(value: tuple[int, int]) -> str:
    return f"{value[0]}-{value[1]}"
