"""`pbem run DIR`: one pass of the judge over every game of a directory (docs/service.md).

Read the shared mailbox, route each message to its game, and for each game, under
its lock: take its orders and requests and answer them, pass deadlines, resolve,
put absent powers in civil disorder, set the next deadline, send reports and
reminders. Then hand the outboxes to SMTP, if there is one. Safe to run every
minute: a run that finds another one working exits, a game another process holds
is left for the next run, and everything sent is recorded before it is released.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

from ..joins import open_step
from ..mail import ack
from ..mail.intake import FAILED, answer_to, printable, two_parts
from ..mail.outbox import Outbox, flush, message, outbox_dir
from ..mail.recorded import Pending, recover
from ..mail.reports import deliver_reports, record_handed_out
from ..referee import schedule_of
from ..service import Game, ready
from . import requests, turns, workers
from .locks import held
from .route import Listed, Routed, games_in, route

CHUNK = 100  # messages of one game whose appends share one commit
UNROUTED = "pbem.outbox"  # answers to mail for no game here: DIR/pbem.outbox


@dataclass
class RunReport:
    games: list[turns.Done] = field(default_factory=list)
    unrouted: list[str] = field(default_factory=list)
    busy: bool = False
    dry_run: bool = False
    sent: int = 0

    def text(self) -> str:
        if self.busy:
            return "another pbem run is working on this directory: nothing done"
        head = "dry run: nothing written; this run would do:" if self.dry_run else ""
        lines = [head] if head else []
        lines += [d.text() for d in self.games]
        lines += [f"(no game) {u}" for u in self.unrouted]
        if self.sent:
            lines.append(f"handed {self.sent} message(s) to the SMTP server")
        return "\n".join(lines) if lines else "no games in this directory"


def run_dir(
    directory: str | Path,
    source,
    server,
    referee: str,
    now: str,
    notify: str = "",
    dry_run: bool = False,
    wait: float = 30.0,
    jobs: int = 1,
) -> RunReport:
    """`jobs`: games played at once, in forked workers (pbem/judge/workers.py); the
    mailbox is read, routed and moved here, and the report lists the games in order."""
    directory = Path(directory)
    rep = RunReport(dry_run=dry_run)
    with held(directory / ".pbem-run", wait=0) as ok:
        if not ok:
            rep.busy = True
            return rep
        listed = games_in(directory)
        by_game: dict[Path, list[Routed]] = {g.path: [] for g in listed}
        lost: list[Routed] = []
        for key, raw in source.messages():
            r = route(key, raw, listed)
            r.inc.texts = []  # only the envelope is kept, and only for its game
            if r.game is None:
                r.text = None
            (by_game[r.game] if r.game else lost).append(r)
        args = [
            (g, by_game.pop(g.path), server, referee, now, notify, dry_run, wait) for g in listed
        ]
        # a game's routed mail (its envelopes' text) is let go as soon as the game is done:
        # it was all held to the end of the run
        if jobs > 1 and len(listed) > 1 and not dry_run and workers.available():
            with workers.pool(min(jobs, len(listed))) as ex:
                for fut, a in [(ex.submit(_game, *a), a) for a in args]:
                    rep.games.append(_moved(source, *fut.result()))
                    a[1].clear()
        else:
            for a in args:
                rep.games.append(_moved(source, *_game(*a)))
                a[1].clear()
        _unrouted(directory, lost, source, referee, now, dry_run, rep)
        if server is not None and not dry_run:
            rep.sent += len(flush(Outbox(directory / UNROUTED), server))
        return rep


def _moved(source, done: turns.Done, taken: list[tuple[str, str]]) -> turns.Done:
    """Move the mail a game's pass answered and recorded out of the mailbox, or that an
    error stopped to quarantine (a crash before this leaves it there: read again, it is
    skipped as answered, or tried again)."""
    for key, folder in taken:
        try:
            source.move(key, folder)
        except Exception:  # noqa: BLE001 - answered and recorded: read again, it is skipped
            done.notes.append(f"could not move message {key}: left in place")
    return done


def _game(
    g: Listed, msgs: list[Routed], server, referee, now, notify, dry_run, wait
) -> tuple[turns.Done, list[tuple[str, str]]]:
    """One game's pass under its lock: what it did, and the keys of the mail it took."""
    done, taken = turns.Done(g.game), []
    with held(g.path, wait=wait) as ok:
        if not ok:
            done.skipped = "another process holds its lock; its mail waits for the next run"
            return done, taken
        with Game(g.path) as game:
            if dry_run:
                _preview(game, msgs, now, done)
                return done, taken
            try:
                _play(game, msgs, server, referee, now, notify, done, taken)
            except Exception as e:  # noqa: BLE001 - one game's failure never stops the others
                traceback.print_exc()
                done.notes.append(
                    f"ERROR {type(e).__name__}: {e} (the game is as it was before it)"
                )
    return done, taken


def _play(
    game: Game, msgs, server, referee, now, notify, done: turns.Done, taken: list[tuple[str, str]]
) -> None:
    box = Outbox(outbox_dir(game.path))
    st = game.state()
    recover(box, st)
    pending = Pending(box, referee, now)
    it = iter(msgs)
    while chunk := list(islice(it, CHUNK)):
        failed: dict[str, str] = {}  # key: the internal error, for the messages quarantined
        try:
            with game.log.batch():
                for r in chunk:
                    _saved(game, r, pending, now, done, failed)
                pending.record(game)
        except BaseException:
            pending.drop()
            raise
        pending.release()
        for r in chunk:
            if r.key in failed:
                _quarantined(box, r, failed[r.key], st.game_ref, referee, done)
            taken.append((r.key, "quarantine" if r.key in failed else "processed"))
            r.text = None  # its envelope is in the log now (or refused): not held to the end
    turns.advance(game, now, pending, notify, done)
    pending.commit(game)
    turns.set_deadline(game, now, done)
    st = game.state()
    reports = deliver_reports(
        game, box, None, referee, now=now, deadline_of=turns.deadlines_shown(st)
    )
    done.reports = len(reports)
    turns.remind(game, now, pending, done)
    pending.commit(game)
    if server is not None:
        sent = flush(box, server)
        record_handed_out(game, sent, now=now)


def _saved(
    game: Game, r: Routed, pending: Pending, now: str, done: turns.Done, failed: dict[str, str]
) -> None:
    """One message, applied whole or not at all (as `pbem ingest` does): an error takes
    back what it appended and prepared, and the others of the chunk go on; the message
    is quarantined. It blocked the game, every run (the whole chunk was rolled back)."""
    kept = len(pending.records)
    counts = (done.accepted, done.rejected, done.requests, done.answered, len(done.notes))
    game.log.conn.execute("SAVEPOINT run_message")
    try:
        _message(game, r, pending, now, done)
    except Exception as e:  # noqa: BLE001 - one message never stops the game's pass
        traceback.print_exc()
        game.log.conn.execute("ROLLBACK TO run_message")
        pending.drop(kept)
        done.accepted, done.rejected, done.requests, done.answered = counts[:4]
        del done.notes[counts[4] :]
        failed[r.key] = f"internal error {type(e).__name__}: {e}"
    game.log.conn.execute("RELEASE run_message")


def _quarantined(box: Outbox, r: Routed, why: str, gid: str, referee: str, done) -> None:
    """The referee is told of a message an error stopped; its sender (unless an
    automaton's, RFC 3834) is answered that nothing of it was applied. Not recorded in
    the log: nothing of the message is in it."""
    done.notes.append(printable(f"message {r.key} quarantined: {why}"))
    if r.inc.automatic or not r.inc.sender:
        return
    name = f"quarantined-{r.ident[:24]}"
    msg = message(
        referee,
        [r.inc.sender],
        ack.subject(r.inc.subject, None, gid.split()[0]),
        ack.help_text(gid, FAILED),
        in_reply_to=r.inc.message_id or None,
        key=name,
    )
    box.put(msg, name)


def _message(game: Game, r: Routed, pending: Pending, now: str, done: turns.Done) -> None:
    st = game.state()
    if pending.answered(st, r.ident):
        return  # answered before (a crash kept it in the mailbox), or the same mail twice
    assert r.text is not None
    if r.request:
        answered, said = requests.answer(game, r.text, r.ident, r.inc.message_id, pending, now)
        if answered:
            done.requests += 1
        else:
            done.notes.append(said)
        return
    res = two_parts(game, r.text, r.parts, now) if r.parts else game.submit(r.text, now=now)
    if res.status == "rejected":
        done.rejected += 1
    else:
        done.accepted += res.status == "accepted"
    to = answer_to(game, "" if r.inc.automatic else r.inc.sender, res)  # RFC 3834
    if to:
        short = st.game
        pending.add(
            "answer",
            f"ack-{short}-{r.ident[:24]}",
            to,
            ack.subject(r.inc.subject, res, short),
            ack.result_text(st.game_ref, res),
            power=res.power,
            phase=res.phase or "",
            answers=r.ident,
            outcome=res.status if res.ok else f"rejected:{res.kind}",
            in_reply_to=r.inc.message_id or None,
        )
        done.answered += 1


def _unrouted(directory: Path, lost: list[Routed], source, referee, now, dry_run, rep) -> None:
    """Mail for no game here is answered with help (not recorded in any game's log),
    and moved aside: mail that could not be read to quarantine."""
    if not lost:
        return
    box = Outbox(directory / UNROUTED) if not dry_run else None
    for r in lost:
        rep.unrouted.append(f"{r.key}: {r.inc.sender or '(no sender)'}: {r.why}")
        if dry_run:
            continue
        if r.inc.automatic:  # RFC 3834: an automaton's mail is not answered
            rep.unrouted[-1] += f" (sent by an automaton, {r.inc.automatic}: not answered)"
        elif r.inc.sender:
            name = f"help-{r.ident[:24]}"
            p = Pending(box, referee, now)
            p.add(
                "answer",
                name,
                [r.inc.sender],
                ack.subject(r.inc.subject, None),
                ack.help_text("(the game named in your orders)", r.why),
                answers=r.ident,
                in_reply_to=r.inc.message_id or None,
            )
            p.release()
        try:
            source.move(r.key, "quarantine" if r.inc.problem else "processed")
        except Exception:  # noqa: BLE001
            rep.unrouted[-1] += " (could not move it: left in place)"


def _preview(game: Game, msgs: list[Routed], now: str, done: turns.Done) -> None:
    from ..deadlines import parse_time
    from ..reports import pending

    st = game.state()
    orders = [r for r in msgs if not r.request and r.ident not in st.answered]
    reqs = [r for r in msgs if r.request and r.ident not in st.answered]
    if orders:
        done.notes.append(f"would take {len(orders)} mail(s) with orders")
    if reqs:
        done.notes.append(f"would answer {len(reqs)} request(s)")
    step = open_step(st)
    resolves = False
    if step is not None and st.paused is None:
        if ready(st, step):
            done.notes.append(f"would resolve {step.phase}")
            resolves = True
        else:
            t = turns.runs_at(st, step, schedule_of(st) or turns.Schedule())
            if t is not None and parse_time(now) >= t:
                done.notes.append(f"deadline passed: would resolve {step.phase} with defaults")
                resolves = True
    elif st.paused is not None:
        done.notes.append("paused")
    due = pending(game, set(st.delivered), merge=True)
    if due:
        done.notes.append(f"would send {len(due)} report(s)")
    # (a power whose orders wait in the mailbox above is still listed)
    late = [] if resolves else turns.reminders_due(st, now)
    if late:
        done.notes.append(f"would remind {', '.join(p for p, _, _ in late)}")
