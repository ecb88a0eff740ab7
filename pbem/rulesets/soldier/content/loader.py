"""Turning the parsed TOML files into a validated SoldierContent, every problem named."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import (
    ValidationError,
)

from pbem.content import ContentError

from .base import (
    CARDS,
    GAME,
    MAP,
    PIECES,
    POWERS,
    SCENARIO_DIR,
    TABLES,
    TRACK,
    WORLD_MAPS,
    Record,
    file_name,
)
from .cards import CardsFile
from .checks import cross_check
from .model import SoldierContent
from .pieces import PiecesFile
from .scenarios import Scenario
from .tables import TablesFile
from .world import GameFile, MapFile, PowersFile, WorldTrack

# --------------------------------------------------------------------------- loading

FILES: dict[str, type[Record]] = {
    GAME: GameFile,
    POWERS: PowersFile,
    MAP: MapFile,
    PIECES: PiecesFile,
    TABLES: TablesFile,
    CARDS: CardsFile,
}
_ENTRY_KEYS = ("name", "country", "power", "area", "id", "areas", "seas", "powers", "kind")


def _entry_label(data: Any, loc: tuple[Any, ...]) -> tuple[str, str]:
    """Split a pydantic error location into the entry it is in (the outermost list element,
    with its name) and the field path inside it. Union tags (``kind``) are left out."""
    node: Any = data
    label = ""
    path: list[str] = []
    tagged: set[int] = set()
    for part in loc:
        if isinstance(node, Mapping) and node.get("kind") == part and id(node) not in tagged:
            tagged.add(id(node))
            continue  # the discriminator tag pydantic adds to the location
        if not isinstance(node, Mapping | list):
            continue  # union member names below a leaf value
        if isinstance(node, Mapping) and part in node:
            node = node[part]
            path.append(f".{part}")
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
            path.append(f"[{part}]")
            if isinstance(node, Mapping) and not label:
                name = next((node[k] for k in _ENTRY_KEYS if k in node), None)
                if isinstance(name, list):
                    name = " - ".join(str(x) for x in name)
                label = "".join(path).lstrip(".") + (f' "{name}"' if name is not None else "")
                path = []
        else:
            path.append(f".{part}")
    return label, "".join(path).lstrip(".")


def _describe(stem: str, data: Any, exc: ValidationError) -> list[str]:
    out: list[str] = []
    errors = exc.errors(include_url=False)
    locs = [tuple(e["loc"]) for e in errors]
    for err in errors:
        loc = tuple(err["loc"])
        if err["type"] == "too_short" and any(
            len(o) > len(loc) and o[: len(loc)] == loc for o in locs
        ):
            continue  # a follow-on of an invalid item below it
        label, rest = _entry_label(data, loc)
        parts = [file_name(stem)]
        if label:
            parts.append(label)
        if rest:
            parts.append(rest)
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            msg = "unknown key (not allowed here; check the spelling)"
        line = ": ".join(parts) + ": " + msg
        if line not in out:
            out.append(line)
    return out


def _raise(problems: list[str]) -> None:
    head = (
        problems[0] if len(problems) == 1 else f"{len(problems)} problems in Soldier Kings content:"
    )
    body = "" if len(problems) == 1 else "\n" + "\n".join(f"  {p}" for p in problems)
    raise ContentError(head + body, problems)


def load_content(raw: Mapping[str, Mapping[str, Any]]) -> SoldierContent:
    """Validate ``read_toml_dir("soldier-kings")`` output into SoldierContent.

    Raises ContentError listing every problem, each naming its file and entry.
    """
    problems: list[str] = []
    parsed: dict[str, Any] = {}
    world_stems = {stem: key for key, stem in WORLD_MAPS.items()}
    for stem in sorted(raw):
        known = stem in FILES or stem in world_stems or stem == TRACK
        if not known and not stem.startswith(SCENARIO_DIR):
            expected = [*FILES, *world_stems, TRACK]
            add = f"{file_name(stem)}: unexpected file; expected {', '.join(file_name(s) for s in expected)}"
            problems.append(add + f" and {SCENARIO_DIR}*.toml")
    track = None
    if TRACK in raw:
        try:
            track = WorldTrack.model_validate(raw[TRACK])
        except ValidationError as exc:
            problems.extend(_describe(TRACK, raw[TRACK], exc))
    world: dict[str, MapFile] = {}
    for stem, key in world_stems.items():
        if stem in raw:
            try:
                world[key] = MapFile.model_validate(raw[stem])
            except ValidationError as exc:
                problems.extend(_describe(stem, raw[stem], exc))
    for stem, model in FILES.items():
        if stem not in raw:
            problems.append(f"{file_name(stem)}: missing file")
            continue
        try:
            parsed[stem] = model.model_validate(raw[stem])
        except ValidationError as exc:
            problems.extend(_describe(stem, raw[stem], exc))
    scenarios: dict[str, Scenario] = {}
    for stem in sorted(s for s in raw if s.startswith(SCENARIO_DIR)):
        try:
            scenarios[stem] = Scenario.model_validate(raw[stem])
        except ValidationError as exc:
            problems.extend(_describe(stem, raw[stem], exc))
    if not any(s.startswith(SCENARIO_DIR) for s in raw):
        problems.append(f"{SCENARIO_DIR}: no scenario files")
    if problems:
        _raise(problems)
    content = SoldierContent(
        game=parsed[GAME],
        powers=parsed[POWERS],
        map=parsed[MAP],
        pieces=parsed[PIECES],
        tables=parsed[TABLES],
        cards=parsed[CARDS],
        scenarios=scenarios,
        world=world,
        track=track,
    )
    problems = cross_check(content)
    if problems:
        _raise(problems)
    return content
