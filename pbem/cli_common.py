"""Small helpers the command modules share (pbem/cli.py, pbem/cli_mail.py)."""

from __future__ import annotations

import json
import os


def open_game(path: str):
    from .service import Game

    return Game(path)


def given_now(now: str | None) -> str | None:
    """The time a command records: --now, else $PBEM_NOW, else None (the real now)."""
    return now or os.environ.get("PBEM_NOW") or None


def parse_option(text: str) -> tuple[str, object]:
    """A command's --option: NAME (switched on), NAME=JSON (3, true, [..]) or NAME=plain text."""
    name, eq, value = text.partition("=")
    if not eq:
        return name, True
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value
