"""One mailbox for many games: every message goes to the game its envelope's `Game:`
line names (docs/service.md, "One mailbox")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .. import envelope
from ..events import GameCreated
from ..log import EventLog
from ..mail import extract
from ..mail.recorded import identity

REQUEST = "request"  # the Phase of a player's request (docs/service.md, "Requests")
_GAME = re.compile(r"^[ \t>]*Game[ \t]*:[ \t]*(.+?)[ \t]*$", re.MULTILINE)
_PHASE = re.compile(r"^[ \t>]*Phase[ \t]*:[ \t]*(.+?)[ \t]*$", re.MULTILINE)


@dataclass
class Routed:
    key: str  # the message's key in the mailbox (to move it)
    ident: str  # what the log records the answer against: a digest of the raw message
    inc: extract.Incoming
    text: str | None  # the envelope, when the message carries one
    game: Path | None = None
    request: bool = False
    why: str = ""  # why it went to no game
    parts: list[str] = field(default_factory=list)  # parts holding an envelope, if several


@dataclass(frozen=True)
class Listed:
    path: Path
    game: str  # the game id
    ref: str  # what the Game line must say


def games_in(directory: str | Path) -> list[Listed]:
    """The games of a directory: every `*.pbem` file that starts with game_created,
    but a redacted copy (`pbem export` writes it beside the game by default)."""
    out = []
    for path in sorted(Path(directory).glob("*.pbem")):
        try:
            with EventLog(path) as log:
                row = log.row(1)
                copy = log.copy
        except Exception:  # noqa: BLE001 - not a game file: not listed
            continue
        if row is None or row.type != "game_created" or copy:
            continue
        c = GameCreated.model_validate_json(row.body)
        out.append(Listed(path, c.game, f"{c.game} {c.uid}" if c.uid else c.game))
    return out


def route(key: str, raw: bytes, games: list[Listed]) -> Routed:
    inc = extract.read(raw)
    r = Routed(key, identity(raw), inc, None)
    if inc.problem:
        r.why = inc.problem
        return r
    r.text = extract.envelope_text(inc)
    if r.text is None:
        r.why = "no signed orders found"
        return r
    others = extract.other_envelopes(inc, r.text)
    if others:  # refused by the game it names (one envelope per mail)
        r.parts = [inc.where[inc.texts.index(r.text)], *others]
    head = r.text.split(envelope.SIG, 1)[0]
    m = _GAME.search(head)
    if m is None:
        r.why = "the envelope has no Game line"
        return r
    said = " ".join(m.group(1).split())
    exact = [g for g in games if g.ref == said]
    named = [g for g in games if g.game == said.split(" ")[0]]
    if exact:
        r.game = exact[0].path
    elif len(named) == 1:  # the game answers: its id without (or with a wrong) unique id
        r.game = named[0].path
    elif named:
        r.why = f"several games here are named {said.split(' ')[0]!r}: give the whole Game line"
    else:
        r.why = f"no game {said.split(' ')[0]!r} is run here"
    p = _PHASE.search(head)
    r.request = p is not None and p.group(1).strip().lower() == REQUEST
    return r
