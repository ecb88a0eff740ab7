"""Event models, their registry, and upcasting of old payload versions (DESIGN "The log").

Every event is a frozen pydantic model with a `type` discriminator. The log stores
(type, version, canonical JSON body); reading looks the model up by type and, when
the stored version is older than the model's, runs the registered upcasters first.

`kind` says what an event is for an auditor:
- "input": a fact from outside (game created, orders accepted, deadline passed);
- "result": follows from inputs plus dice; `verify` recomputes every one of them;
- "meta": written by the service around results (phase header, seed reveal,
  checkpoint); `verify` checks each against what it must be.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, ClassVar, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from .canonical import canonical_json
from .errors import LogCorrupt, UnknownEventType


class _Made(type(BaseModel)):  # pydantic's model metaclass, by its public face
    """Events are made from keywords by their validator, into a new instance: a third
    less than BaseModel.__init__, which validates into the instance it is given (2.7 us
    against 4.2 us for a DiceRolled, measured), and the rules make hundreds a
    resolution. The same checks, the same model, the same fields set."""

    def __call__(cls, **data: Any) -> Any:
        return cls.__pydantic_validator__.validate_python(data)


class Event(BaseModel, metaclass=_Made):
    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str
    version: ClassVar[int] = 1
    kind: ClassVar[str] = "result"


_MODELS: dict[str, type[Event]] = {}
_UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}


E = TypeVar("E", bound=type[Event])


def event(cls: E) -> E:
    """Class decorator: register an event model under its `type` literal."""
    name = cls.model_fields["type"].default
    if not isinstance(name, str) or not name:
        raise TypeError(f"{cls.__name__} needs a default `type` literal")
    other = _MODELS.get(name)
    if other is not None and other.__qualname__ != cls.__qualname__:
        raise TypeError(f"event type {name!r} registered twice ({other.__name__}, {cls.__name__})")
    _MODELS[name] = cls
    return cls


def upcaster(type_: str, from_version: int):
    """Register a function turning a version-N payload dict into version N+1."""

    def register(fn: Callable[[dict[str, Any]], dict[str, Any]]):
        _UPCASTERS[(type_, from_version)] = fn
        return fn

    return register


def model_for(type_: str) -> type[Event]:
    try:
        return _MODELS[type_]
    except KeyError:
        raise UnknownEventType(f"unknown event type {type_!r}") from None


def encode(ev: Event) -> str:
    return canonical_json(ev.model_dump(mode="json"))


def decode(type_: str, version: int, body: str) -> Event:
    cls = _MODELS.get(type_)
    if cls is None:
        raise UnknownEventType(f"unknown event type {type_!r}")
    if version == cls.version:  # (model_validate_json, without its keyword plumbing)
        return cls.__pydantic_validator__.validate_json(body)
    if version > cls.version:
        raise LogCorrupt(
            f"event {type_!r} has schema version {version}, newer than this pbem knows "
            f"({cls.version}); upgrade pbem to read this game"
        )
    return _upcast(cls, type_, version, json.loads(body))


def decode_data(type_: str, version: int, data: dict[str, Any]) -> Event:
    """`decode` of a payload already read into a dict (a sealed row merged with its
    clear part, pbem/hidden.py): upcast when older, then validated."""
    cls = model_for(type_)
    if version > cls.version:
        raise LogCorrupt(
            f"event {type_!r} has schema version {version}, newer than this pbem knows "
            f"({cls.version}); upgrade pbem to read this game"
        )
    return _upcast(cls, type_, version, data)


def _upcast(cls: type[Event], type_: str, version: int, data: dict[str, Any]) -> Event:
    for v in range(version, cls.version):
        try:
            fn = _UPCASTERS[(type_, v)]
        except KeyError:
            raise LogCorrupt(f"no upcaster for {type_!r} version {v} -> {v + 1}") from None
        data = fn(data)
    return cls.__pydantic_validator__.validate_python(data)


# --- core events -------------------------------------------------------------


@event
class GameCreated(Event):
    kind: ClassVar[str] = "input"
    type: Literal["game_created"] = "game_created"
    game: str
    ruleset: str
    scenario: str
    options: dict[str, Any] = {}
    referee_key: str  # "pbem-ed25519 <base64>": signs checkpoints
    commitments: dict[str, str]  # stream -> hex anchor of its seed chain (see dice.py)
    chain_length: int
    created_at: str
    software: str = ""  # "pbem X; ruleset Y": what to verify this game with
    # random, unique to this game: envelopes name it after the game id in their
    # `Game:` line ("demo 3f9a1c7e5b2d4a60"), so orders for another game of the same
    # name cannot be replayed into this one. "" in games made before it existed.
    uid: str = ""
    # the set-up waits for every player's signed join envelope with a random value of
    # his own, and its dice depend on them (pbem/joins.py). False in older games.
    joins: bool = False
    # hidden parts of later events (envelopes, hidden draws, results some powers may
    # not see) are sealed: committed to in the chain, kept in clear beside it
    # (docs/core.md "Hidden information"). False in games made before it existed.
    sealed: bool = False


@event
class PlayerRegistered(Event):
    kind: ClassVar[str] = "input"
    type: Literal["player_registered"] = "player_registered"
    power: str
    name: str
    email: str
    public_key: str  # "pbem-ed25519 <b64>" or an OpenSSH public key line


@event
class OrdersAccepted(Event):
    kind: ClassVar[str] = "input"
    type: Literal["orders_accepted"] = "orders_accepted"
    power: str
    phase: str
    version: ClassVar[int] = 2
    seq: int  # the envelope's own sequence number
    envelope: str  # the full signed text, as verified
    digest: str  # Envelope.sealed_digest: signed body and signature (docs/core.md)
    received_at: str
    # "sealed" binds the digest to the signature, so nobody without the envelope can
    # test a guess of the orders against it; "text" (version 1 logs) is the SHA-256
    # of the signed body alone.
    digest_kind: Literal["sealed", "text"] = "sealed"


@upcaster("orders_accepted", 1)
def _orders_accepted_v1(d: dict[str, Any]) -> dict[str, Any]:
    return {**d, "digest_kind": "text"}


@event
class DeadlinePassed(Event):
    kind: ClassVar[str] = "input"
    type: Literal["deadline_passed"] = "deadline_passed"
    phase: str
    declared_at: str


@event
class PhaseResolved(Event):
    """Header of one resolution: which orders counted, and the dice inputs."""

    kind: ClassVar[str] = "meta"
    type: Literal["phase_resolved"] = "phase_resolved"
    phase: str
    index: int  # resolution number; the seed of this index drives its dice
    orders: dict[str, int]  # power -> log seq of the OrdersAccepted that counted
    standing: dict[str, int] = {}  # power -> log seq of the standing orders in force
    defaulted: list[str] = []  # powers that owed orders and sent none
    orders_digest: str


@event
class DiceRolled(Event):
    type: Literal["dice_rolled"] = "dice_rolled"
    label: str
    sides: int
    values: list[int]
    stream: Literal["public", "hidden", "scripted"] = "public"
    # what the values are (docs/core.md "Dice"): "roll": faces 1..sides; "pick" and
    # "draw": one value in 0..sides-1 (public, hidden); "shuffle": Fisher-Yates
    # swaps, the m-th (0-based) in 0..sides-1-m. None: written before pbem recorded it.
    draw: Literal["roll", "pick", "draw", "shuffle"] | None = None


@event
class SeedRevealed(Event):
    kind: ClassVar[str] = "meta"
    type: Literal["seed_revealed"] = "seed_revealed"
    stream: str
    index: int
    seed: str


@event
class CheckpointSigned(Event):
    kind: ClassVar[str] = "meta"
    type: Literal["checkpoint_signed"] = "checkpoint_signed"
    seq: int
    head: str
    signature: str


@event
class ReportDelivered(Event):
    """A report mailed (or written to the outbox): enough to rebuild it byte for byte."""

    kind: ClassVar[str] = "input"
    type: Literal["report_delivered"] = "report_delivered"
    power: str
    key: str  # the report's key in the schedule ("007-Prussia")
    start: int
    stop: int
    deadline: str | None = None  # as printed in the report
    content_hash: str
    message_id: str
    to: str
    transport: Literal["smtp", "outbox"]
    delivered_at: str


@event
class GameEnded(Event):
    kind: ClassVar[str] = "meta"
    type: Literal["game_ended"] = "game_ended"
    summary: str


# --- the service: schedules, deadlines, referee actions, mail (docs/service.md) ------------


@event
class ScheduleSet(Event):
    """The game's schedule (pbem.deadlines.Schedule), at creation or changed later."""

    kind: ClassVar[str] = "input"
    type: Literal["schedule_set"] = "schedule_set"
    schedule: dict[str, Any]
    set_at: str
    reason: str = ""


@event
class DeadlineSet(Event):
    """When the orders of `phase` are due (UTC): for everyone, or for one power (an
    extension the referee gave it). `by`: the schedule, or the referee."""

    kind: ClassVar[str] = "input"
    type: Literal["deadline_set"] = "deadline_set"
    phase: str
    due: str
    power: str | None = None
    by: Literal["schedule", "referee"] = "schedule"
    reason: str = ""
    set_at: str


@event
class GamePaused(Event):
    kind: ClassVar[str] = "input"
    type: Literal["game_paused"] = "game_paused"
    reason: str = ""
    at: str


@event
class GameResumed(Event):
    kind: ClassVar[str] = "input"
    type: Literal["game_resumed"] = "game_resumed"
    at: str


@event
class PlayerChanged(Event):
    """A referee action: a power's address or key changed, or a new player took it
    over (`replaced`). Fields left None are unchanged."""

    kind: ClassVar[str] = "input"
    type: Literal["player_changed"] = "player_changed"
    power: str
    name: str | None = None
    email: str | None = None
    public_key: str | None = None
    replaced: bool = False
    reason: str = ""
    at: str


@event
class CivilDisorder(Event):
    """A power missed `missed` deadlines in a row (the schedule's `misses`): it is in
    civil disorder until a new player takes it over; nobody waits for its orders."""

    kind: ClassVar[str] = "input"
    type: Literal["civil_disorder"] = "civil_disorder"
    power: str
    missed: int
    at: str


@event
class GameStopped(Event):
    """The referee ended the game early."""

    kind: ClassVar[str] = "input"
    type: Literal["game_stopped"] = "game_stopped"
    reason: str
    at: str


@event
class MailSent(Event):
    """A mail other than a report, put in the outbox as file `name`: an answer to an
    incoming mail (`answers`: its mailbox key), a reminder, an answer to a player's
    request, a notice to the referee. Recorded before the file is released, so that
    "I never got it" can be checked and a crash neither loses nor repeats it."""

    kind: ClassVar[str] = "input"
    type: Literal["mail_sent"] = "mail_sent"
    what: Literal["answer", "reminder", "request", "notice"]
    name: str
    to: list[str]
    subject: str
    message_id: str
    content_hash: str
    power: str | None = None
    phase: str = ""
    answers: str = ""
    outcome: str = ""
    sent_at: str
