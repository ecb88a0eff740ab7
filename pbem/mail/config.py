"""Mail settings: from a TOML file (`--config FILE`) and/or the environment, never the
command line. Secrets (passwords) may only come from the environment or the file.

    [smtp]                         PBEM_SMTP_HOST, _PORT, _USER, _PASSWORD, _SECURITY, _FROM
    host = "mail.example.org"
    port = 587
    user = "referee"
    password_env = "REFEREE_SMTP_PASSWORD"   # the name of the variable holding it
    security = "starttls"          # starttls | ssl | none
    from = "Referee <referee@example.org>"

    [imap]                         PBEM_IMAP_HOST, _PORT, _USER, _PASSWORD, _SECURITY, _FOLDER
    host = "mail.example.org"
    security = "ssl"
    folder = "INBOX"
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..errors import UsageError

SECURITY = ("starttls", "ssl", "none")


@dataclass(frozen=True)
class Server:
    host: str
    port: int
    user: str
    password: str
    security: str
    extra: dict

    def __repr__(self) -> str:  # never print a password
        return f"Server({self.host}:{self.port}, user={self.user!r}, security={self.security})"


def _load(path: str | Path | None) -> dict:
    if path is None:
        return {}
    try:
        return tomllib.loads(Path(path).read_text())
    except FileNotFoundError:
        raise UsageError(f"no mail config file at {path}") from None
    except tomllib.TOMLDecodeError as e:
        raise UsageError(f"mail config {path}: {e}") from None


def server(kind: str, path: str | Path | None = None, env: dict | None = None) -> Server | None:
    """The SMTP or IMAP server to use, or None (then: files)."""
    env = os.environ if env is None else env
    section = dict(_load(path).get(kind, {}))
    prefix = f"PBEM_{kind.upper()}_"

    def get(key: str, default=None):
        return env.get(prefix + key.upper(), section.get(key, default))

    host = get("host")
    if not host:
        return None
    security = str(get("security", "starttls" if kind == "smtp" else "ssl")).lower()
    if security not in SECURITY:
        raise UsageError(f"{kind} security must be one of {', '.join(SECURITY)}, not {security!r}")
    default_port = {
        "smtp": {"ssl": 465, "starttls": 587, "none": 25},
        "imap": {"ssl": 993, "starttls": 143, "none": 143},
    }
    password = env.get(prefix + "PASSWORD") or (
        env.get(section["password_env"], "")
        if "password_env" in section
        else section.get("password", "")
    )
    extra = {
        k: v
        for k, v in section.items()
        if k not in ("host", "port", "user", "password", "password_env", "security")
    }
    for k in ("from", "folder"):
        if env.get(prefix + k.upper()):
            extra[k] = env[prefix + k.upper()]
    return Server(
        str(host),
        int(get("port", default_port[kind][security])),
        str(get("user", "")),
        password,
        security,
        extra,
    )
