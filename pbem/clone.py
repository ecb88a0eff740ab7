"""A deep copy of rules state, fast: pydantic models, dicts, lists and tuples are
copied, everything else (str, int, bool, None, frozen values) is shared.

`copy.deepcopy` keeps a memo of every object so that shared references stay shared;
rules states have none that matter (they are folds of JSON events and are dumped to
JSON), so `clone` walks the tree without one, several times faster. A state that
did share a mutable object between two places gets two copies of it.
"""

from __future__ import annotations

from dataclasses import is_dataclass
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")

_ATOMS = frozenset({str, int, float, bool, type(None), bytes})


def clone(x: T) -> T:
    t = type(x)
    if t in _ATOMS:
        return x
    if t is dict:
        return {k: v if type(v) in _ATOMS else clone(v) for k, v in x.items()}  # type: ignore[attr-defined,return-value]
    if t is list:
        return [v if type(v) in _ATOMS else clone(v) for v in x]  # type: ignore[attr-defined,return-value]
    if t is tuple:
        if all(type(v) in _ATOMS for v in x):  # type: ignore[attr-defined]
            return x
        return tuple(clone(v) for v in x)  # type: ignore[attr-defined,return-value]
    if isinstance(x, BaseModel):
        return _clone_model(x)  # type: ignore[return-value]
    if is_dataclass(x):
        return _clone_dataclass(x)  # type: ignore[return-value]
    if t is set:
        return set(x)  # type: ignore[arg-type,return-value]
    import copy

    return copy.deepcopy(x)


_set = object.__setattr__


def _clone_model(m: BaseModel) -> BaseModel:
    """What BaseModel.__copy__ does, with the field values cloned."""
    new = object.__new__(type(m))
    _set(
        new,
        "__dict__",
        {k: v if type(v) in _ATOMS else clone(v) for k, v in m.__dict__.items()},
    )
    _set(new, "__pydantic_fields_set__", set(m.__pydantic_fields_set__))
    extra = m.__pydantic_extra__
    _set(new, "__pydantic_extra__", None if extra is None else clone(extra))
    private = m.__pydantic_private__
    _set(new, "__pydantic_private__", None if private is None else clone(private))
    return new


def _clone_dataclass(d: T) -> T:
    """A dataclass instance (the Soldier state's parts) with its attributes cloned: the
    fields, and anything else it keeps (a copy of a value that is not state, such as
    the Soldier state's map index, is made by its own __deepcopy__)."""
    new = object.__new__(type(d))
    new.__dict__.update({k: v if type(v) in _ATOMS else clone(v) for k, v in d.__dict__.items()})
    return new
