"""Soldier Emperor: the ruleset (ruleset.py) and its content (games/soldier-emperor)."""

from __future__ import annotations


def load():
    """The registry's factory: read the content once (the only I/O), then pure rules."""
    from pbem.canonical import digest_of
    from pbem.content import read_toml_dir

    from ..soldier.content import load_content
    from .ruleset import SoldierEmperor

    raw = read_toml_dir("soldier-emperor")
    return SoldierEmperor(load_content(raw), digest_of(raw))
