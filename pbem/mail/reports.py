"""Delivering the reports the log calls for, and recording in the log what really
happened to each: `transport="outbox"` written to GAME.outbox/new/ and not handed
out, `transport="smtp"` handed to the SMTP server (a report that waited in the
outbox and is handed out later gets a second record, with "smtp")."""

from __future__ import annotations

from pathlib import Path

from ..events import ReportDelivered
from ..service import Game, utcnow
from .config import Server
from .outbox import Outbox, message, smtp_send


def deliver_reports(
    game: Game,
    outbox: Outbox,
    server: Server | None,
    referee: str,
    deadline: str | None = None,
    now: str | None = None,
    per_phase: bool = False,
    deadline_of: dict[str, str | None] | None = None,
) -> list[ReportDelivered]:
    """Deliver the reports not yet delivered: by default one per power, covering every
    resolution since its last report (issue 18: one mail per player per adjudication
    run); `per_phase`: one per resolution batch, as scheduled. `deadline_of`: each
    power's deadline as printed (a schedule's), instead of the one `deadline` for all."""
    from ..reports.hashcache import HashCache

    dl = deadline_of if deadline_of is not None else {}
    with HashCache(game.state().ruleset) as known:  # verify here need not render them again
        return _deliver(
            game, outbox, server, referee, lambda p: dl.get(p, deadline), now, known, not per_phase
        )


def _deliver(
    game, outbox, server, referee, deadline, now, known, merge: bool
) -> list[ReportDelivered]:
    from ..reports import pending
    from ..reports.build import render_many
    from ..reports.seal import seal

    st = game.state()
    done = []
    key = None
    dues = pending(game, set(st.delivered), merge=merge)
    pages = render_many(game, [(d.power, d.start, d.stop, deadline(d.power)) for d in dues])

    def head_at(seq: int) -> str:
        row = game.log.row(seq)
        return row.hash if row is not None else ""

    for due, unsealed in zip(dues, pages, strict=True):
        key = key or game.secrets().referee_key()
        said = deadline(due.power)
        known.put(head_at(due.stop), due.power, due.start, due.stop, said, unsealed.content_hash)
        rep = seal(unsealed, st.game_ref, key)  # the referee signs what he tells
        to = st.players[due.power].email
        msg = message(
            referee,
            [to],
            rep.subject,
            rep.text,
            rep.html,
            key=f"report-{st.game}-{due.key}-{unsealed.content_hash}",
        )
        f = outbox.put(msg, f"{PREFIX}{due.key}")
        if server is None:
            transport = "outbox"
        else:
            smtp_send(server, [msg], lambda _i, f=f: outbox.mark_handed_out(f))
            transport = "smtp"
        # recorded after it left: a crash in between sends it again next time, never loses it
        record = ReportDelivered(
            power=due.power,
            key=due.key,
            start=due.start,
            stop=due.stop,
            deadline=said,
            content_hash=unsealed.content_hash,
            message_id=str(msg["Message-ID"]),
            to=to,
            transport=transport,
            delivered_at=now or utcnow(),
        )
        game.record_delivery(record)
        done.append(record)
    return done


PREFIX = "report-"


def record_handed_out(
    game: Game, files: list[Path], now: str | None = None
) -> list[ReportDelivered]:
    """For the reports among `files` (handed to SMTP after waiting in the outbox), a
    second record of their delivery, now with transport "smtp"."""
    if not any(f.name.startswith(PREFIX) for f in files):
        return []
    last: dict[str, ReportDelivered] = {}
    for _, e in game.log.events():
        if isinstance(e, ReportDelivered):
            last[e.key] = e
    out = []
    for f in files:
        key = f.name.removeprefix(PREFIX).removesuffix(".eml")
        was = last.get(key)
        if not f.name.startswith(PREFIX) or was is None or was.transport != "outbox":
            continue
        record = was.model_copy(update={"transport": "smtp", "delivered_at": now or utcnow()})
        game.record_delivery(record)
        out.append(record)
    return out
