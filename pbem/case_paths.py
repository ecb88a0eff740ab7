"""Paths into a state, for rules cases (docs/rules-cases.md, "Paths").

A path names one value inside `dump_state(state)`: segments joined by dots, each a
table key, a list index or a field. A segment in double quotes is taken as it stands,
dots included, so a name with a dot can be a segment: `control."St. Petersburg"`.
Inside quotes, `\\"` is a quote and `\\\\` a backslash.

Walking a path also walks the live state beside the dump where it can, so that a
message can tell a model's fields (fixed: a field can be neither added nor absent)
from a table's keys (open: `set` may add one).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from .errors import PbemError
from .suggest import closest

MAX_NAMES = 20  # names listed in a message before the list is trimmed


class CaseError(PbemError):
    """A case file that cannot be read or run as written."""


class PathError(CaseError):
    """A path that does not lead anywhere; the message says where it stopped and what
    names were there."""


def parse_path(path: str) -> list[str]:
    """`a.b."c. d".0` -> ["a", "b", "c. d", "0"]."""
    parts: list[str] = []
    i, n = 0, len(path)
    while True:
        if i < n and path[i] == '"':
            i += 1
            buf: list[str] = []
            while i < n and path[i] != '"':
                if path[i] == "\\" and i + 1 < n:
                    i += 1
                buf.append(path[i])
                i += 1
            if i >= n:
                raise PathError(f"path {path!r}: a quoted segment is not closed")
            i += 1
            if i < n and path[i] != ".":
                raise PathError(
                    f"path {path!r}: a quoted segment must be followed by a dot or the end"
                )
            parts.append("".join(buf))
        else:
            j = path.find(".", i)
            j = n if j < 0 else j
            seg = path[i:j]
            if not seg:
                raise PathError(f"path {path!r}: an empty segment (two dots, or a dot at an end)")
            if '"' in seg:
                raise PathError(
                    f"path {path!r}: a quote may only open a segment, as in "
                    f'areas."St. Petersburg".owner'
                )
            parts.append(seg)
            i = j
        if i >= n:
            return parts
        i += 1  # the dot
        if i >= n:
            raise PathError(f"path {path!r}: an empty segment (two dots, or a dot at an end)")


def show_path(parts: Sequence[str]) -> str:
    """The path as a case writes it, quoting segments that need it."""
    out = []
    for p in parts:
        if not p or any(c in p for c in '."\\'):
            p = '"' + p.replace("\\", "\\\\").replace('"', '\\"') + '"'
        out.append(p)
    return ".".join(out)


def field_names(obj: Any) -> list[str] | None:
    """A model's (pydantic or dataclass) field names; None for anything else."""
    fields = getattr(type(obj), "model_fields", None)
    if isinstance(fields, dict):
        return list(fields)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [f.name for f in dataclasses.fields(obj)]
    return None


def _trim(names: Sequence[str]) -> str:
    if len(names) <= MAX_NAMES:
        return ", ".join(names)
    return ", ".join(names[:MAX_NAMES]) + f", ... ({len(names)} in all)"


def _where(parts: Sequence[str]) -> str:
    return show_path(parts) if parts else "the state"


def names_at(value: Any, live: Any) -> str:
    """What can follow a path that reached `value` (its live counterpart: `live`)."""
    fields = field_names(live)
    if fields is None:
        fields = field_names(value)
        live = value
    if fields is not None:
        return f"{type(live).__name__} fields: {_trim(sorted(fields))}"
    if isinstance(value, dict):
        return f"keys: {_trim(sorted(map(str, value)))}" if value else "an empty table"
    if isinstance(value, list):
        n = len(value)
        return (
            f"a list of {n} item{'s' if n > 1 else ''}, indices 0..{n - 1}"
            if n
            else "an empty list"
        )
    return f"{value!r}, which has no parts"


def _missing(parts: Sequence[str], part: str, value: Any, live: Any, note: str = "") -> PathError:
    if isinstance(value, list):
        return PathError(f"{part!r} is not an index of {_where(parts)} ({names_at(value, live)})")
    if not isinstance(value, dict) and field_names(value) is None:
        return PathError(f"{_where(parts)} is {value!r}, not a table: it has no {part!r}")
    fields = field_names(live) or field_names(value)
    pool = fields if fields is not None else [str(k) for k in value]
    hint = closest(part, pool)
    tail = f"; did you mean {hint!r}?" if hint else ""
    what = "field" if fields is not None else ""
    return PathError(
        f"no {what + ' ' if what else ''}{part!r} in {_where(parts)}{note}; {names_at(value, live)}{tail}"
    )


def _index(parts: Sequence[str], part: str, value: list, live: Any) -> int:
    try:
        i = int(part)
    except ValueError:
        raise _missing(parts, part, value, live) from None
    if not 0 <= i < len(value):
        raise _missing(parts, part, value, live)
    return i


def _live_child(live: Any, key: str | int) -> Any:
    if live is None:
        return None
    fields = field_names(live)
    if fields is not None:
        return getattr(live, str(key)) if key in fields else None
    if isinstance(live, dict):
        return live.get(key)
    if isinstance(live, list | tuple) and isinstance(key, int) and 0 <= key < len(live):
        return live[key]
    return None


def _child(parts: Sequence[str], part: str, value: Any, live: Any) -> tuple[Any, Any]:
    """One step down: the child's value and its live counterpart."""
    if isinstance(value, dict):
        if part not in value:
            raise _missing(parts, part, value, live)
        return value[part], _live_child(live, part)
    if isinstance(value, list):
        i = _index(parts, part, value, live)
        return value[i], _live_child(live, i)
    fields = field_names(value)
    if fields is not None and part in fields:
        child = getattr(value, part)
        return child, child
    raise _missing(parts, part, value, live)


def _parts(path: str | Sequence[str]) -> list[str]:
    return parse_path(path) if isinstance(path, str) else list(path)


def _walk(data: Any, live: Any, parts: Sequence[str]) -> tuple[Any, Any]:
    value = data
    for k, part in enumerate(parts):
        value, live = _child(parts[:k], part, value, live)
    return value, live


def get_path(data: Any, path: str | Sequence[str], live: Any = None) -> Any:
    """The value at `path`; PathError naming what was there if it does not exist.
    `live`: the object `data` was dumped from, for naming a model's fields."""
    return _walk(data, live, _parts(path))[0]


def lookup(data: Any, path: str | Sequence[str], live: Any = None) -> tuple[bool, Any]:
    """(present, value) for a path whose last segment may be missing. Everything before
    the last segment must exist, and the last must be one a table can hold: a name that
    is not a field of a model, or a word used as a list index, is a PathError, not
    "absent" (a typo must not pass as an absence)."""
    parts = _parts(path)
    parent, plive = _walk(data, live, parts[:-1])
    last = parts[-1]
    where = parts[:-1]
    fields = field_names(plive) if isinstance(parent, dict) else field_names(parent)
    if fields is not None and last not in fields:
        raise _missing(where, last, parent, plive, " (a field is never absent)")
    if isinstance(parent, dict):
        return (last in parent, parent.get(last))
    if isinstance(parent, list):
        try:
            i = int(last)
        except ValueError:
            raise _missing(where, last, parent, plive) from None
        return (0 <= i < len(parent), parent[i] if 0 <= i < len(parent) else None)
    if fields is not None:
        return (True, getattr(parent, last))
    raise _missing(where, last, parent, plive)


def set_path(data: Any, path: str | Sequence[str], value: Any, live: Any = None) -> None:
    """Set the value at `path` in `data` (a dump, changed in place). Every segment but
    the last must exist; the last may add a key to a table, but not a field to a model
    (known from `live`, the object `data` was dumped from) nor an item to a list."""
    parts = _parts(path)
    where = parts[:-1]
    parent, plive = data, live
    for k, part in enumerate(where):
        if isinstance(parent, dict) and part not in parent and field_names(plive) is None:
            whole = show_path(parts[: k + 1])
            raise PathError(
                f"{_missing(parts[:k], part, parent, plive)}; to add an entry, set it whole, "
                f"as in '{whole}' = ..."
            )
        parent, plive = _child(parts[:k], part, parent, plive)
    last = parts[-1]
    if isinstance(parent, dict):
        fields = field_names(plive)
        if fields is not None and last not in fields:
            raise _missing(where, last, parent, plive, " (set adds keys to tables, not fields)")
        parent[last] = value
    elif isinstance(parent, list):
        parent[_index(where, last, parent, plive)] = value
    else:
        fields = field_names(parent)
        if fields is None or last not in fields:
            raise _missing(where, last, parent, plive)
        setattr(parent, last, value)
