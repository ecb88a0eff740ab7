"""What a sealed game hides, and from whom (issue 16, docs/core.md "Hidden information
in the game file"). The storage is pbem/hidden.py; this says which fields of which
events are sealed and who may read them (`audience`), and makes the `seal` function
`EventLog.append` takes.

- `orders_accepted`: the envelope, for its power only (join envelopes of the phase
  "setup" are public);
- `dice_rolled` of the hidden stream: the values, for nobody until the full file is
  published at the end of the game;
- a ruleset's result event some power may not see (`Ruleset.visible`, with the rules
  state just before the event, as the reports read it): the whole payload, for the
  powers that may see it;
- every other event: nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import events as ev
from . import hidden
from .engine import SETUP  # the join envelopes' phase
from .ruleset import Ruleset
from .secrets import Secrets
from .state import GameState


def audience(rs: Ruleset, rules: Any, e: ev.Event, powers: list[str]) -> list[str] | None:
    """The powers that may read `e`'s hidden part; None: it has none (public)."""
    if isinstance(e, ev.OrdersAccepted):
        return None if e.phase == SETUP else [e.power]
    if isinstance(e, ev.DiceRolled):
        return [] if e.stream == "hidden" else None
    if isinstance(e, ev.ReportDelivered | ev.MailSent):
        # the hash of a mail's text would let anyone test a guess of what it told its
        # reader (a report shows his hand, an answer his orders): for him only
        return [e.power] if e.power else []
    if e.kind != "result":
        return None
    to = [p for p in powers if rs.visible(rules, e, p)]
    return None if len(to) == len(powers) else sorted(to)


def wrongly_sealed(type_: str, public: Mapping[str, Any], to: Sequence[str]) -> str | None:
    """Why a sealed row (its type, public fields and audience) is not one pbem seals
    (`audience`), or None. A verifier cannot tell whether a result was sealed for the
    right powers without the rules, but a public die, a join envelope, an envelope
    hidden from its own power or a core event sealed at all it can."""
    if type_ == "orders_accepted":
        if public.get("phase") == SETUP:
            return "a join envelope (phase setup) sealed: it is public"
        if list(to) != [public.get("power")]:
            return f"{public.get('power')}'s envelope sealed for {list(to)}, not for its power"
    elif type_ == "dice_rolled":
        if public.get("stream") != "hidden":
            return "a public die sealed: its values must be in the chain"
    elif type_ in MAIL:
        own = [public["power"]] if public.get("power") else []
        if list(to) != own:
            return f"a {type_!r} sealed for {list(to)}, not for its reader {own}"
    elif ev.model_for(type_).kind != "result":
        return f"a {type_!r} event sealed: it is public"
    return None


MAIL = ("report_delivered", "mail_sent")
MAIL_HIDDEN = ["content_hash", "message_id"]  # the Message-ID is made from the hash


def hidden_fields(e: ev.Event) -> list[str]:
    if isinstance(e, ev.OrdersAccepted):
        return ["envelope"]
    if isinstance(e, ev.ReportDelivered | ev.MailSent):
        return MAIL_HIDDEN
    if isinstance(e, ev.DiceRolled):
        return ["values"]
    return [k for k in type(e).model_fields if k != "type"]


class Sealer:
    """`seal(seq, event)` for EventLog.append in a sealed game: None, or the row's public
    body with the salt and clear part. Result events are judged as they are emitted
    (`watch`, given to engine.run); others (and any result it did not see) on `rules`."""

    def __init__(self, st: GameState, secrets: Secrets | Callable[[], Secrets]):
        """`secrets`: the referee's, or how to load them (only when something is sealed:
        a batch that seals nothing needs no secret file)."""
        assert st.ruleset is not None
        self.rs = st.ruleset
        self.rules = st.rules
        self.powers = list(st.players)
        self._secrets = secrets if isinstance(secrets, Secrets) else None
        self._load = secrets
        self._seen: dict[int, list[str] | None] = {}  # id(event) -> its audience
        self._done: dict[tuple[int, int], tuple[str, str, str] | None] = {}

    def watch(self, rules: Any, e: ev.Event) -> None:
        if e.kind == "result" and not isinstance(e, ev.DiceRolled):
            self._seen[id(e)] = audience(self.rs, rules, e, self.powers)

    def __call__(self, seq: int, e: ev.Event) -> tuple[str, str, str] | None:
        key = (seq, id(e))
        if key in self._done:  # the checkpoint's chain, then the append: once each
            return self._done[key]
        to = (
            self._seen[id(e)]
            if id(e) in self._seen
            else audience(self.rs, self.rules, e, self.powers)
        )
        out = None
        if to is not None:
            if self._secrets is None:
                self._secrets = self._load()  # type: ignore[operator]
            salt = self._secrets.hidden_salt(seq)
            body, clear = hidden.seal(e.model_dump(mode="json"), hidden_fields(e), to, salt)
            out = (body, salt, clear)
        self._done[key] = out
        return out


def sealer(st: GameState, secrets: Secrets | Callable[[], Secrets]) -> Sealer | None:
    """The sealer of a sealed game's appends; None for a game made before pbem sealed."""
    return Sealer(st, secrets) if st.created is not None and st.created.sealed else None


def watcher(seal: Sealer | None) -> Callable[[Any, ev.Event], None] | None:
    return seal.watch if seal is not None else None
