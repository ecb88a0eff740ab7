"""Sealed rows: hidden parts of events committed to by salted hashes (docs/core.md
"Hidden information in the game file").

A sealed event's chained row keeps its `type` and `v`; its body is the canonical JSON
of the public fields plus `"$sealed"`: the commitment, and `"$to"`: the powers that
may read the rest (sorted; [] for nobody until the game is published). The rest, the
canonical JSON of the hidden fields (`clear`), lives beside the chain in the table
`hidden(seq, salt, clear)`, with

    commit = sha256_hex("pbem-hidden-v1\\n" + salt + "\\n" + clear)

This module is the storage half (the log reads and writes with it); which fields are
hidden and from whom is pbem/seal_hidden.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pydantic_core

from . import events as ev
from .canonical import canonical_json, sha256_hex
from .errors import LogCorrupt

# JSON read by pydantic's reader, as the events' bodies are (pydantic_core.from_json):
# the same values as json.loads, in a third to a fifth of the time on these rows
from_json = pydantic_core.from_json

SEALED = "$sealed"
TO = "$to"
# canonical JSON sorts the keys, and "$" sorts before every letter: a sealed body
# begins with this, an event's own body never does (no field's name starts with "$")
PREFIX = '{"$sealed":'
TABLE = "hidden"
CREATE = f"CREATE TABLE IF NOT EXISTS {TABLE} (seq INTEGER PRIMARY KEY, salt TEXT, clear TEXT)"


def commitment(salt: str, clear: str) -> str:
    return sha256_hex(f"pbem-hidden-v1\n{salt}\n{clear}")


def is_sealed(body: str) -> bool:
    return body.startswith(PREFIX)


def seal(data: dict[str, Any], hidden: list[str], to: list[str], salt: str) -> tuple[str, str]:
    """(public body, clear) of an event's payload `data` (its JSON dump), the fields
    `hidden` moved into the clear part."""
    clear = canonical_json({k: data[k] for k in hidden if k in data})
    public = {k: v for k, v in data.items() if k not in hidden}
    public[SEALED] = commitment(salt, clear)
    public[TO] = sorted(to)
    return canonical_json(public), clear


@dataclass
class Redacted:
    """A sealed row whose clear part this file does not hold (a redacted copy): NOT an
    event type (it is never registered, folded or written), only what the row shows."""

    seq: int
    type: str
    public: dict[str, Any]  # the public fields, `type` included
    to: tuple[str, ...]
    commit: str

    @property
    def kind(self) -> str:
        return ev.model_for(self.type).kind

    def __getattr__(self, name: str) -> Any:
        try:
            return self.public[name]
        except KeyError:
            raise AttributeError(name) from None


def public_part(seq: int, type_: str, body: str) -> Redacted:
    data = from_json(body)
    commit = data.pop(SEALED, None)
    to = data.pop(TO, None)
    if not isinstance(commit, str) or not isinstance(to, list):
        raise LogCorrupt(f"event {seq}: a sealed row without its commitment or audience")
    return Redacted(seq, type_, data, tuple(to), commit)


def open_row(
    seq: int, type_: str, v: int, body: str, salt: str | None, clear: str | None
) -> tuple[ev.Event, Redacted]:
    """The event of a sealed row, merged with its clear part once that is checked
    against the commitment, and the row's public part it was read from (verify checks
    what was sealed); LogCorrupt without a clear part, or for one that does not match."""
    if clear is None:
        raise LogCorrupt(
            f"event {seq} ({type_}) is sealed and this file does not hold its clear part"
        )
    if not is_sealed(body):
        raise LogCorrupt(f"event {seq} ({type_}) has a clear part but its row is not sealed")
    pub = public_part(seq, type_, body)
    if salt is None or commitment(salt, clear) != pub.commit:
        raise LogCorrupt(
            f"event {seq} ({type_}): its clear part does not match the commitment in the chain"
        )
    try:
        hidden = from_json(clear)
    except ValueError:
        raise LogCorrupt(f"event {seq} ({type_}): its clear part is not JSON") from None
    if not isinstance(hidden, dict) or set(hidden) & set(pub.public):
        raise LogCorrupt(f"event {seq} ({type_}): its clear part is not a set of hidden fields")
    return ev.decode_data(type_, v, {**pub.public, **hidden}), pub
