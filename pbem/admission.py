"""Whether a signed envelope may enter the log: its game, its power and signature, that
it is new, its phase, its checkpoint, and its orders (DESIGN "Orders"). Every refusal
names its kind and the envelope's line; the service appends only what passes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from . import envelope, joins
from .keys import parse_public_key
from .log import Row
from .ruleset import STANDING, Problem, sort_problems
from .state import GameState
from .suggest import closest


@dataclass
class SubmitResult:
    status: str  # accepted | duplicate | rejected
    kind: str = ""  # why rejected: malformed, unsigned, forged, wrong-game, ...
    power: str | None = None
    phase: str | None = None
    problems: list[Problem] = field(default_factory=list)
    event_seq: int | None = None
    replaced: int | None = None  # log seq of the envelope this one replaces
    orders: list[str] = field(default_factory=list)
    digest: str = ""  # the envelope's sealed digest, once it reads
    receipt: str | None = None  # the referee's signed receipt (pbem/receipts.py)
    notes: list[str] = field(default_factory=list)  # told the player, accepted or not

    @property
    def ok(self) -> bool:
        return self.status != "rejected"

    def message(self) -> str:
        if self.status == "accepted":
            what = f"orders of {self.power} for {self.phase} accepted as event {self.event_seq}"
            if self.replaced:
                what += f" (they replace those of event {self.replaced})"
            return what
        if self.status == "duplicate":
            return (
                f"duplicate: these orders of {self.power} were already accepted as event "
                f"{self.event_seq}; nothing changed"
            )
        lines = [f"rejected ({self.kind}):"] + [f"  {p}" for p in self.problems]
        return "\n".join(lines)


# How far above both the next Sequence and the time in seconds (pbem sign's default) a
# Sequence may go before pbem sign refuses it without --force and the referee's answer
# warns: about 31 years of seconds (docs/signing.md, "How high a Sequence may go")
SEQUENCE_AHEAD = 10**9
SEQUENCE_MAX = 10**18 - 1  # 18 digits (envelope.py)


def sequence_ahead(seq: int, next_seq: int, now_seconds: float) -> str:
    """Why `seq` is a trap for its player ("" if it is not): far above `next_seq` (the
    Sequence the game expects next from him, a report's) and the time in seconds, every
    later envelope of his must be above it: pbem sign's default (the time) is refused for
    decades, and from 999999999999999999 no higher number can be written at all."""
    if seq <= max(next_seq, int(now_seconds)) + SEQUENCE_AHEAD:
        return ""
    said = (
        f"Sequence {seq} is far above the next one expected ({next_seq}) and above the time "
        f"in seconds ({int(now_seconds)}, what pbem sign writes when given none): every "
        f"later envelope of this kind must be above {seq}"
    )
    if seq >= SEQUENCE_MAX:
        return said + (
            ", and no higher number can be written (18 digits at most): "
            "no later one can be accepted in this game"
        )
    return said + ", so pbem sign's default is refused: write your Sequence yourself"


def reject(kind: str, message: str, line: int | None = None, **kw) -> SubmitResult:
    return SubmitResult("rejected", kind, problems=[Problem(message, line)], **kw)


def admit(
    st: GameState, env: envelope.Envelope, row_at: Callable[[int], Row | None]
) -> SubmitResult | None:
    """Why `env` may not be accepted in the game at `st` (a rejection, or a duplicate of an
    accepted envelope), or None when it may. `row_at` reads the log row a checkpoint names."""
    power, phase = env.power, env.phase
    kw = {"power": power, "phase": phase, "digest": env.sealed_digest}
    for name, value in env.headers.items():  # (here, not in envelope.parse: logs kept
        bad = envelope.hidden_character(value)  # before this still read and verify)
        if bad:
            return reject(
                "malformed",
                f"the header {name!r} holds the invisible or control character {bad}; "
                "write headers in plain text",
                env.header_lines.get(name),
                **kw,
            )
    if env.game != st.game_ref:
        if env.game == st.game:
            why = (
                f"the Game line must also name this game's unique id: 'Game: {st.game_ref}' "
                "(copy it from the order template in your report)"
            )
        elif env.game.split()[0] == st.game:
            why = (
                f"these orders are for another game named {st.game!r}; "
                f"this one is 'Game: {st.game_ref}'"
            )
        else:
            why = f"these orders are for game {env.game!r}, this is game {st.game_ref!r}"
        return reject("wrong-game", why, env.header_lines.get("Game"), **kw)
    if power not in st.players:
        hint = closest(power, st.players)
        return reject(
            "wrong-power",
            f"no power {power!r} in this game ({', '.join(st.players)})"
            + (f"; did you mean {hint!r}?" if hint else ""),
            env.header_lines.get("Power"),
            **kw,
        )
    key = parse_public_key(st.players[power].public_key)
    if not env.verify(key):
        signer = [  # one key may be registered for several powers (a player of two)
            other
            for other, reg in st.players.items()
            if other != power and env.verify(parse_public_key(reg.public_key))
        ]
        if signer:
            who = ", ".join(signer[:-1]) + " and " + signer[-1] if len(signer) > 1 else signer[0]
            return reject(
                "wrong-power",
                f"signed with the key of {who}, but the envelope says Power: {power}",
                env.header_lines.get("Power"),
                **kw,
            )
        return reject(
            "forged",
            f"the signature does not verify with the key registered for {power}: "
            f"{env.problem(key)}",
            env.first_line,
            **kw,
        )
    if env.sealed_digest in st.digests:
        return SubmitResult("duplicate", event_seq=st.digests[env.sealed_digest], **kw)
    last = st.last_sequence(power, phase)
    if last is not None and env.seq <= last:
        what = "standing orders" if phase == STANDING else "orders"
        return reject(
            "replayed",
            f"Sequence {env.seq} is not above the last one accepted from {power} "
            f"for {what}: "
            "an old envelope sent again? Nothing changed. To replace accepted orders, "
            "sign new ones with a higher Sequence",
            env.header_lines.get("Sequence"),
            **kw,
        )
    if st.ended is not None:
        return reject("wrong-phase", "the game is over; no more orders are taken", **kw)
    step = joins.open_step(st)
    if phase != STANDING:
        done = [p for p, _ in st.resolved_phases]
        if step is None or phase != step.phase:
            why = (
                f"phase {phase!r} was already resolved"
                if phase in done
                else f"there is no phase {phase!r} open"
            )
            now_ = f"; the game is waiting for {step.phase!r} ({step.title})" if step else ""
            return reject("wrong-phase", why + now_, env.header_lines.get("Phase"), **kw)
        if power not in step.owes and power not in step.may:
            return reject(
                "wrong-phase",
                f"{power} has no orders to give in {step.title}; "
                f"waiting for {', '.join(step.owes)}",
                env.header_lines.get("Phase"),
                **kw,
            )
    cp = env.checkpoint
    if cp is not None:
        row = row_at(cp[0])
        if row is None or row.hash != cp[1] or cp[0] > st.seq:
            return reject(
                "history",
                f"your checkpoint (event {cp[0]}, {cp[1][:12]}...) does not match this game's "
                "log: the history you were shown differs from the one here. Keep your "
                "checkpoint and ask the referee",
                env.header_lines.get("Checkpoint"),
                **kw,
            )
    unbound = joins.needs_checkpoint(st, cp is not None)
    if unbound is not None:
        return SubmitResult("rejected", "orders", problems=[unbound], **kw)
    # every problem at once: lines that do not read, and the rules broken by the rest;
    # a line with a control or invisible character is refused, the others are checked
    hidden = [(o, envelope.hidden_character(o.text)) for o in env.orders]
    unseen = [
        Problem(
            f"the order holds the invisible or control character {bad}: write orders in plain text",
            o.line,
        )
        for o, bad in hidden
        if bad
    ]
    _, problems = joins.check_orders(st, power, phase, [o for o, bad in hidden if not bad])
    if problems or unseen:
        listed = at_most(sort_problems(unseen + problems))
        return SubmitResult("rejected", "orders", problems=listed, **kw)
    return None


MAX_PROBLEMS = 100  # listed in an answer; the rest counted (no envelope is a mail bomb)


def at_most(problems: list[Problem], most: int = MAX_PROBLEMS) -> list[Problem]:
    """The first `most` problems with a line, then one that counts the others and says
    which lines they are on, then the problems of the orders as a whole (at most `most`):
    a hostile envelope of 100,000 bad lines is answered in a few kilobytes, not megabytes,
    and so is its signed receipt."""
    lined = [p for p in problems if p.line is not None]
    whole = [p for p in problems if p.line is None][:most]
    if len(lined) > most:
        rest = lined[most:]
        more = Problem(
            f"and {len(rest)} more problems on lines {rest[0].line} to {rest[-1].line}, "
            f"not listed: the first {most} are above",
            rest[0].line,
        )
        lined = [*lined[:most], more]
    return lined + whole
