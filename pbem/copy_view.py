"""What a player reads from his redacted copy (docs/core.md "Redacted copies") besides
`pbem verify`: the list of its events (`pbem log`), the sealed ones for other powers
shown by their public fields only, and the referee's seal on a report checked against
the game's referee key and the reports the copy records as delivered (`pbem
check-report --game`). A copy cannot rebuild a report: the rules state is not known
from it once results are sealed for others."""

from __future__ import annotations

from pathlib import Path

from . import events as ev
from . import ruleset as registry
from .errors import LogCorrupt
from .hidden import Redacted
from .log import EventLog


def open_log(path: str | Path) -> EventLog:
    """The log of a game file or of a redacted copy, its ruleset's event types known."""
    log = EventLog(path)
    name = log.ruleset_name()
    if name:
        registry.get(name)  # its event types must be known before decoding
    return log


def sealed_line(e: Redacted) -> str:
    """A row sealed for others, as a copy shows it: its type, its public fields, for whom."""
    shown = {k: v for k, v in e.public.items() if k != "type"}
    fields = ", ".join(f"{k}={v!r}" for k, v in sorted(shown.items()))
    return f"{e.type} (sealed for {', '.join(e.to) or 'nobody'})" + (
        f": {fields}" if fields else ""
    )


class SealMismatch(Exception):
    """The seal is good but not this game's, or not a report this copy records."""


def check_report(path: str | Path, got) -> str:
    """Check a sealed report `got` (pbem/reports/seal.py's `check`) against the redacted
    copy at `path`: the game and the referee key of its creation, and, where the copy
    records the report as delivered, the content hash it recorded. Returns what was
    checked, for the OK line; SealMismatch when something does not hold."""
    with open_log(path) as log:
        first = log.row(1)
        created = first.event() if first is not None else None
        if not isinstance(created, ev.GameCreated):
            raise LogCorrupt(f"{path}: its first event is not the game's creation")
        ref = f"{created.game} {created.uid}" if created.uid else created.game
        if got.game != ref:
            raise SealMismatch(f"the seal names game {got.game!r}; this game is {ref!r}")
        if got.referee != created.referee_key:
            raise SealMismatch("the seal's key is not this game's referee key")
        if got.content_hash is None:
            return "the game's referee key"
        sent = {
            e.content_hash
            for _, e in log.events()
            if e.type == "report_delivered"
            and (e.power, e.start, e.stop) == (got.power, got.start, got.stop)
        }
    if not sent:
        return (
            "the game's referee key (a redacted copy records no delivery of this report "
            "and cannot rebuild it: check it against the full game file once published)"
        )
    if got.content_hash not in sent:
        raise SealMismatch(
            "the referee sealed this report, but the copy records another one delivered "
            "for the same events: he told you something his log does not say"
        )
    return "the game's referee key and the delivery the copy records"
