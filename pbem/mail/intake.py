"""`pbem ingest`: read every message of a mailbox, submit the envelope it carries,
answer it, and move it aside. One message never stops the run, and a message is
applied whole or not at all (the submission is one append; the appends of a chunk of
messages are committed together, before any of them is answered or moved).

The answer to an envelope is recorded in the log (`mail_sent`, as `pbem run`
records it) in the same commit as the submission, and released to the outbox after
it; a message read again (a crash before it was moved) is not answered twice.
Help for mail without an envelope and notices of unreadable mail are not recorded:
they concern no power of the game."""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from email.message import Message
from itertools import chain, islice

from ..admission import reject
from ..receipts import for_submit
from ..service import Game, SubmitResult, utcnow
from . import ack, extract
from .outbox import Outbox, message
from .recorded import Pending, identity, recover


@dataclass
class Handled:
    key: str
    sender: str
    outcome: str  # accepted, duplicate, rejected:<kind>, help, quarantined
    detail: str = ""
    note: str = ""  # about the sender's address (a From with CR/LF: answered where, or why not)


@dataclass
class IngestReport:
    handled: list[Handled] = field(default_factory=list)

    def count(self, prefix: str) -> int:
        return sum(1 for h in self.handled if h.outcome.startswith(prefix))

    def text(self) -> str:
        lines = [
            printable(
                f"{h.key}: {h.sender or '(no sender)'}: {h.outcome}"
                + (f" - {h.detail}" if h.detail else "")
            )
            for h in self.handled
        ]
        lines.append(
            f"{len(self.handled)} messages: {self.count('accepted')} accepted, {self.count('duplicate')} duplicate, "
            f"{self.count('rejected')} rejected, {self.count('help')} answered with help, {self.count('quarantined')} quarantined"
        )
        return "\n".join(lines)


def printable(text: str) -> str:
    """A line of the summary as it may reach the referee's terminal: what a player wrote
    (order text quoted in a refusal, an error's message) with every character that is
    not printable (ESC and other control codes, line breaks, bidi overrides) escaped."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)


CHUNK = 100  # messages whose accepted envelopes share one commit (one disk sync)


def ingest(
    game: Game, source, outbox: Outbox, referee: str, now: str | None = None
) -> IngestReport:
    """Messages are taken in chunks: their envelopes are submitted inside one log
    transaction, and only once it is committed are the answers written and the
    messages moved aside. A crash before the commit leaves every message of the chunk
    where it was (read again next time), never an answer for an envelope the log lacks."""
    rep = IngestReport()
    now = now or utcnow()
    gid = game.state().game_ref
    recover(outbox, game.state())
    pending = Pending(outbox, referee, now)
    messages = iter(source.messages())
    # a chunk is read one message at a time: only one message's bytes are held at once
    while (first := next(messages, None)) is not None:
        chunk = chain([first], islice(messages, CHUNK - 1))
        done: list[tuple[str, Handled, list[tuple[Message, str]]]] = []
        try:
            with game.log.batch():
                for key, raw in chunk:
                    answers: list[tuple[Message, str]] = []
                    kept = len(pending.records)
                    game.log.conn.execute("SAVEPOINT ingest_message")
                    try:
                        h = _one(game, gid, key, raw, answers, pending, referee, now)
                        h.detail = "; ".join(x for x in (h.detail, h.note) if x)
                    except Exception as e:  # noqa: BLE001 - never stop the run; keep the message
                        # applied whole or not at all: an envelope accepted before the error
                        # (its answer could not be prepared) is taken back out of the chunk
                        game.log.conn.execute("ROLLBACK TO ingest_message")
                        pending.drop(kept)
                        h = Handled(
                            key, "", "quarantined", f"internal error {type(e).__name__}: {e}"
                        )
                        answers = _failed(key, raw, referee, gid)
                        traceback.print_exc()
                    game.log.conn.execute("RELEASE ingest_message")
                    done.append((key, h, answers))
                pending.record(game)
        except BaseException:
            pending.drop()
            raise
        pending.release()
        for key, h, answers in done:
            for msg, name in answers:
                outbox.put(msg, name)
            try:
                source.move(key, "quarantine" if h.outcome == "quarantined" else "processed")
            except Exception:  # noqa: BLE001
                h.detail += "; could not move it: left in place"
                traceback.print_exc()
            rep.handled.append(h)
    return rep


FAILED = "the referee's program failed on it; nothing of it was applied (the referee is told)"


def _failed(key: str, raw: bytes, referee: str, gid: str) -> list[tuple[Message, str]]:
    """The answer to a message an internal error stopped (as `pbem run` answers it): to
    its sender, read from its header block alone, unless an automaton sent it."""
    inc = extract.headers_only(raw, FAILED)
    if not inc.sender or inc.automatic:
        return []
    name = f"quarantined-{_safe(key)}"
    text = ack.help_text(gid, FAILED)
    subject = ack.subject(inc.subject, None, gid.split()[0] if gid else "")
    msg = message(
        referee, [inc.sender], subject, text, in_reply_to=inc.message_id or None, key=name
    )
    return [(msg, name)]


def _one(
    game: Game,
    gid: str,
    key: str,
    raw: bytes,
    out: list[tuple[Message, str]],
    pending: Pending,
    referee: str,
    now: str,
) -> Handled:
    """Read and submit one message; the answer to an envelope goes to `pending` (it is
    recorded), help to `out` (both are written after the commit)."""
    inc = extract.read(raw)
    name = f"ack-{_safe(key)}"
    short = gid.split()[0] if gid else ""
    note = inc.sender_note
    sender = inc.sender  # who is answered: nobody for an automaton's mail (RFC 3834)
    if inc.automatic and sender:
        sender = ""
        note = "; ".join(
            x for x in (note, f"sent by an automaton ({inc.automatic}): not answered") if x
        )

    def answer(to: list[str], subject: str, text: str) -> None:
        msg = message(referee, to, subject, text, in_reply_to=inc.message_id or None, key=name)
        out.append((msg, name))

    if inc.problem:
        if sender:
            answer([sender], ack.subject(inc.subject, None, short), ack.help_text(gid, inc.problem))
        return Handled(key, inc.sender, "quarantined", inc.problem, note)
    text = extract.envelope_text(inc)
    if text is None:
        if sender:
            answer([sender], ack.subject(inc.subject, None, short), ack.help_text(gid))
        return Handled(key, inc.sender, "help", "no signed orders found", note)
    ident = identity(raw)
    if pending.answered(game.state(), ident):
        return Handled(key, inc.sender, "duplicate", "this very mail was answered before", note)
    r: SubmitResult = _two_parts(game, inc, text, now) or game.submit(text, now=now)
    outcome = r.status if r.status != "rejected" else f"rejected:{r.kind}"
    to = answer_to(game, sender, r)
    if to:
        pending.add(
            "answer",
            f"{name}-{ident[:16]}",  # in the mailbox's order; never a name used before
            to,
            ack.subject(inc.subject, r, short),
            ack.result_text(gid, r),
            power=r.power,
            phase=r.phase or "",
            answers=ident,
            outcome=r.status if r.ok else f"rejected:{r.kind}",
            in_reply_to=inc.message_id or None,
        )
    return Handled(
        key,
        inc.sender,
        outcome,
        f"{r.power} {r.phase}" if r.ok else "; ".join(map(str, r.problems))[:200],
        note,
    )


def _two_parts(game: Game, inc: extract.Incoming, text: str, now: str) -> SubmitResult | None:
    others = extract.other_envelopes(inc, text)
    if not others:
        return None
    return two_parts(game, text, [inc.where[inc.texts.index(text)], *others], now)


def two_parts(game: Game, text: str, parts: list[str], now: str) -> SubmitResult:
    """The refusal of a mail whose `parts` hold an envelope each (two attachments, say):
    one envelope per mail (docs/signing.md), and the others would go unseen."""
    r = reject(
        "malformed",
        f"{len(parts)} envelopes in one message ({', '.join(parts)}): "
        "send one per message; nothing of this one was read",
    )
    receipt = for_submit(game, text, r, now)
    r.receipt = receipt.text() if receipt else None
    return r


def answer_to(game: Game, sender: str, r: SubmitResult) -> list[str]:
    """The sender, and for a verified envelope also the power's registered address
    (a forger learns nothing the sender did not send; the player learns of it)."""
    out = [sender] if sender else []
    st = game.state()
    reg = st.players.get(r.power or "")
    private = ("forged", "wrong-power", "wrong-game", "malformed", "unsigned", "truncated")
    if reg is not None and r.kind not in private and reg.email.lower() not in out:
        out.append(reg.email.lower())
    return out


def _safe(key: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in key)[:120]
