"""Reading game content (layer 1 of DESIGN.md): the TOML data under ``games/<game>/``.

This module only finds and parses files. What the data means, and whether it is
consistent, is the business of each ruleset's content models
(e.g. ``pbem.rulesets.soldier.content``).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from .errors import PbemError

__all__ = ["ContentError", "data_dir", "games_dir", "read_toml_dir"]


class ContentError(PbemError, ValueError):
    """Game content is missing, unreadable or inconsistent.

    The message always names the file (relative to the game's directory) and,
    where there is one, the offending entry. ``problems`` holds one line per
    problem when several were found at once.
    """

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems: list[str] = list(problems) if problems else [message]


def data_dir(name: str) -> Path:
    """``games/`` or ``templates/``: inside the package in an installed wheel
    (``pbem/games``, put there by pyproject.toml's package-dir), beside it in a
    checkout or an editable install (the top-level folders)."""
    pkg = Path(__file__).resolve().parent
    for d in (pkg / name, pkg.parent / name):
        if d.is_dir():
            return d
    raise ContentError(
        f"pbem's {name}/ folder is missing (looked in {pkg / name} and {pkg.parent / name}): "
        "the installation is incomplete; reinstall pbem from a wheel or a checkout"
    )


def games_dir() -> Path:
    """Where every game's content folder is (``games/``)."""
    return data_dir("games")


_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)|\(at end of document\)")


def _line_count(path: Path) -> int:
    """Number of lines in a text file (for errors at its end)."""
    return max(1, len(path.read_text(encoding="utf-8", errors="replace").splitlines()))


def read_toml_dir(game: str, root: Path | None = None) -> dict[str, dict]:
    """Parse every ``*.toml`` file under ``games/<game>/`` (recursively).

    Returns a mapping from each file's stem, relative to the game directory and
    without the suffix (``"tables"``, ``"scenarios/1756"``), to its parsed content.
    ``root`` replaces ``games_dir()`` (tests use it to read a broken copy).
    A TOML syntax error is raised as a ContentError naming the file and line.
    """
    base = (root if root is not None else games_dir()) / game
    if not base.is_dir():
        raise ContentError(
            f"{base}: no content directory for game {game!r}; the games here are: "
            + (", ".join(sorted(p.name for p in base.parent.iterdir() if p.is_dir())) or "none")
        )
    paths = sorted(base.rglob("*.toml"))
    name = None
    if root is None:  # the shipped games: their parse kept as JSON (pbem/content_cache.py)
        from . import content_cache

        name = content_cache.key(
            game, [(p.relative_to(base).as_posix(), p.read_bytes()) for p in paths]
        )
        kept = content_cache.read(game, name)
        if kept is not None:
            return kept
    raw: dict[str, dict] = {}
    for path in paths:
        rel = path.relative_to(base)
        stem = rel.with_suffix("").as_posix()
        try:
            raw[stem] = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            text = str(exc)
            found = _POSITION.search(text)
            if found and found.group(1):
                where = f"line {found.group(1)}, column {found.group(2)}"
            else:
                where = f"line {_line_count(path)}, end of file"
            reason = _POSITION.sub("", text).strip()
            raise ContentError(f"{rel.as_posix()}: {where}: TOML syntax error: {reason}") from exc
        except UnicodeDecodeError as exc:
            raise ContentError(f"{rel.as_posix()}: not UTF-8 text: {exc}") from exc
    if not raw:
        raise ContentError(f"{base}: no .toml files for game {game!r}")
    if name is not None:
        content_cache.write(game, name, raw)
    return raw
