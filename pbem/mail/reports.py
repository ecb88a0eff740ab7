"""Delivering the reports the log calls for, and recording each delivery in the log."""

from __future__ import annotations

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
) -> list[ReportDelivered]:
    from ..reports import pending, render

    st = game.state()
    done = []
    for due in pending(game, set(st.delivered)):
        rep = render(game, due.power, due.start, due.stop, deadline=deadline)
        to = st.players[due.power].email
        msg = message(
            referee,
            [to],
            rep.subject,
            rep.text,
            rep.html,
            key=f"report-{st.game}-{due.key}-{rep.content_hash}",
        )
        if server is None:
            outbox.put(msg, f"report-{due.key}")
            transport = "outbox"
        else:
            smtp_send(server, [msg])
            transport = "smtp"
        # recorded after it left: a crash in between sends it again next time, never loses it
        record = ReportDelivered(
            power=due.power,
            key=due.key,
            start=due.start,
            stop=due.stop,
            deadline=deadline,
            content_hash=rep.content_hash,
            message_id=str(msg["Message-ID"]),
            to=to,
            transport=transport,
            delivered_at=now or utcnow(),
        )
        game.record_delivery(record)
        done.append(record)
    return done
