"""This user's cache folder and the key that marks its entries as made here
(pbem/reports/hashcache.py, pbem/content_cache.py)."""

from __future__ import annotations

import hashlib
import hmac
import os
from pathlib import Path


def cache_dir() -> Path:
    """$PBEM_CACHE_DIR, else $XDG_CACHE_HOME/pbem, else ~/.cache/pbem."""
    env = os.environ.get("PBEM_CACHE_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "pbem"


def machine_key(directory: Path) -> bytes:
    """The folder's key (`key`, mode 0600), made on first use: an entry whose MAC does
    not check under it was not made on this machine, or was edited. OSError where the
    folder cannot be read or written."""
    path = directory / "key"
    try:
        return bytes.fromhex(path.read_text().strip())
    except (OSError, ValueError):
        pass
    secret = os.urandom(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(secret.hex() + "\n")
    return secret


def mac(key: bytes, data: bytes) -> str:
    return hmac.new(key, data, hashlib.sha256).hexdigest()
