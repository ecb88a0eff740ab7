"""The shipped games' TOML, kept parsed as JSON (issue 9: start-up).

Python's TOML reader is pure Python: Soldier Kings' 230 KB of content take 80 to 180
ms to parse at every command that loads the rules; the same data as JSON reads in a
few. So the parse of a game's folder is kept in this user's cache folder
(pbem/cache_dir.py), named by a SHA-256 over pbem's version, the game and every file's
path and bytes: a changed, added or removed file, or another pbem, reads the TOML
again (and the game's older parse is removed).

A kept parse is used only as it was written on this machine: its bytes carry a MAC
under the folder's key, so a file copied from elsewhere, or edited, is not read (the
TOML is, and the file written anew), as for the report hashes. A parse is kept only
when JSON holds it as it is (TOML's dates, times, inf and nan it does not: such a
game is parsed every time). Nothing is kept where the folder cannot be written.

The content models then check the data as they check the TOML's: the cache skips the
parsing only.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from . import __version__
from .cache_dir import cache_dir, mac, machine_key


def key(game: str, files: list[tuple[str, bytes]]) -> str:
    """The name of a parse: pbem's version, the game, each file's relative path and bytes."""
    h = hashlib.sha256(f"pbem {__version__}\0{game}\0".encode())
    for rel, data in files:
        h.update(rel.encode() + b"\0" + len(data).to_bytes(8, "big") + data)
    return h.hexdigest()


def _path(d: Path, game: str, name: str) -> Path:
    return d / f"content-{game}-{name}.json"


def read(game: str, name: str) -> dict[str, Any] | None:
    """The parse kept under `name`, or None (none, not made here, or unreadable)."""
    d = cache_dir()
    try:
        head, _, body = _path(d, game, name).read_bytes().partition(b"\n")
        if not hmac.compare_digest(head.decode("ascii"), mac(machine_key(d), body)):
            return None
        got = json.loads(body)
    except (OSError, ValueError):  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        return None
    return got if type(got) is dict else None


def write(game: str, name: str, data: dict[str, Any]) -> None:
    """Keep `data` under `name`, in place of the game's older parses; quietly nothing
    where JSON cannot hold it or the cache folder cannot be written."""
    try:  # TOML's values are JSON's but for dates, times, inf and nan: those are refused
        body = json.dumps(data, ensure_ascii=False, allow_nan=False).encode()
    except (TypeError, ValueError):
        return
    d = cache_dir()
    try:
        d.mkdir(parents=True, exist_ok=True)
        text = mac(machine_key(d), body).encode() + b"\n" + body
        fd, tmp = tempfile.mkstemp(dir=d, prefix=".content-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(text)
            os.replace(tmp, _path(d, game, name))  # whole or not at all
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        for old in d.glob(f"content-{game}-{'?' * 64}.json"):  # (not another game's)
            if old != _path(d, game, name):
                old.unlink(missing_ok=True)
    except OSError:
        return
