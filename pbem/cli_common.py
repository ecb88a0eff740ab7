"""Small helpers the command modules share (pbem/cli.py, pbem/cli_mail.py)."""

from __future__ import annotations

import os


def open_game(path: str):
    from .service import Game

    return Game(path)


def given_now(now: str | None) -> str | None:
    """The time a command records: --now, else $PBEM_NOW, else None (the real now)."""
    return now or os.environ.get("PBEM_NOW") or None
