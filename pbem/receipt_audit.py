"""What a kept receipt proves about a game's log (`pbem verify --receipt FILE`).

A receipt is the referee's signed statement; the log is his record. Where they
disagree, the receipt is the proof (docs/core.md, "Receipts"):

- accepted (or duplicate): the log must hold that envelope (its sealed digest, for
  that power) at the event the receipt names, with that event's hash. If it does not,
  the referee dropped it (the log lacks the digest) or reordered it (the digest is
  at another event, or the history before it changed). Then the first resolution of
  its phase after it (for standing orders: the first resolution after it) must
  count it, or a later envelope of the same power: if it counted an earlier one, or
  defaulted the power, the envelope lost to an earlier one ("LOST").
- rejected: the log must still hold the head the receipt names (else the history
  was rewritten); the receipt then shows that the referee refused the envelope, for
  its stated reason, when the log ended there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import events as ev
from .errors import PbemError
from .log import Row
from .receipts import Receipt, ReceiptError, find_all, parse, signature_ok
from .ruleset import STANDING


@dataclass
class ReceiptReport:
    notes: list[str] = field(default_factory=list)  # what each good receipt shows
    findings: list[str] = field(default_factory=list)  # proofs, or receipts that do not hold

    @property
    def ok(self) -> bool:
        return not self.findings

    def text(self) -> str:
        lines = [f"  {n}" for n in self.notes]
        if self.findings:
            lines.append(f"RECEIPTS FAILED: {len(self.findings)} problem(s)")
            lines += [f"- {f}" for f in self.findings]
        return "\n".join(lines)


def check(texts: list[tuple[str, str]], rows: list[Row]) -> ReceiptReport:
    """Check every receipt in `texts` ((name, text) pairs) against the log `rows`."""
    rep = ReceiptReport()
    try:
        log = _Log(rows)
    except (PbemError, ValueError) as x:
        rep.findings.append(f"the log cannot be read for receipts: {x}")
        return rep
    for name, text in texts:
        blocks = find_all(text)
        if not blocks:
            rep.findings.append(f"{name}: no receipt in it (-----BEGIN PBEM RECEIPT----- missing)")
        sent = _envelope_digest(text)
        for n, block in enumerate(blocks, 1):
            label = name if len(blocks) == 1 else f"{name} #{n}"
            try:
                r = parse(block)
            except ReceiptError as x:
                rep.findings.append(f"{label}: {x}")
                continue
            if sent is not None and r.envelope != f"sealed {sent}":
                rep.findings.append(
                    f"{label}: this receipt is not for the envelope in the same file (its "
                    f"sealed digest is {sent[:12]}..., the receipt's {r.digest[:12]}...)"
                )
                continue
            before = len(rep.notes)
            _one(label, r, log, rep)
            if sent is not None and len(rep.notes) > before:
                rep.notes[-1] += "; it is the receipt of the envelope in the same file"
    return rep


def _envelope_digest(text: str) -> str | None:
    """The sealed digest of the one signed envelope in `text` (the player's own copy,
    kept beside the receipt), or None."""
    from . import envelope

    if envelope.find_envelopes(text) != 1:
        return None
    try:
        return envelope.parse(text).sealed_digest
    except envelope.EnvelopeError:
        return None


class _Log:
    def __init__(self, rows: list[Row]):
        self.rows = {r.seq: r for r in rows}
        self.head = rows[-1].seq if rows else 0
        created = rows[0].event() if rows and rows[0].type == "game_created" else None
        if not isinstance(created, ev.GameCreated):
            raise PbemError("it does not start with game_created")
        self.created = created
        self.game_ref = f"{created.game} {created.uid}" if created.uid else created.game
        self.accepted: dict[str, list[tuple[int, ev.OrdersAccepted]]] = {}
        self.resolved: list[tuple[int, ev.PhaseResolved]] = []
        for row in rows:  # a row that does not decode is verify's finding; skipped here
            if row.type not in ("orders_accepted", "phase_resolved"):
                continue
            try:
                e = row.event()
            except (PbemError, ValueError):
                continue
            if isinstance(e, ev.OrdersAccepted):
                self.accepted.setdefault(e.digest, []).append((row.seq, e))
            elif isinstance(e, ev.PhaseResolved):
                self.resolved.append((row.seq, e))


def _one(label: str, r: Receipt, log: _Log, rep: ReceiptReport) -> None:
    bad = rep.findings.append
    if r.game != log.game_ref:
        bad(f"{label}: the receipt is for game {r.game!r}, this is {log.game_ref!r}")
        return
    if not signature_ok(r, log.created.referee_key):
        why = (
            "it is signed by another key, not this game's referee key"
            if signature_ok(r)
            else "its signature does not verify: it was changed after signing, or forged"
        )
        bad(f"{label}: NOT A VALID RECEIPT: {why}")
        return
    row = log.rows.get(r.seq)
    same = row is not None and row.hash == r.hash
    if not r.accepted:
        if not same:
            bad(
                f"{label}: HISTORY REWRITTEN: the referee refused this envelope when the log "
                f"ended at event {r.seq} ({r.hash[:12]}...), but the log no longer has that "
                "event with that hash"
            )
            return
        why = "; ".join(r.reasons)
        note = (
            f"{label}: the referee refused this envelope of {r.power} ({r.kind}: {why}) "
            f"at {r.time}, when the log ended at event {r.seq}"
        )
        later = [s for s, _ in log.accepted.get(r.digest, [])] if r.sealed else []
        if later:
            note += f"; the same envelope is in the log as event {later[0]}"
        rep.notes.append(note)
        return
    held = [(s, e) for s, e in log.accepted.get(r.digest, []) if e.power == r.power]
    at_seq = [e for s, e in held if s == r.seq]
    if not (same and at_seq):
        said = f"the referee accepted this envelope of {r.power} as event {r.seq} ({r.time})"
        if held:
            where = ", ".join(str(s) for s, _ in held)
            bad(f"{label}: REORDERED: {said}, but the log has it at event {where}")
        elif row is None:
            bad(
                f"{label}: DROPPED: {said}, but the log lacks it (the log ends at event "
                f"{log.head} and holds no envelope with that digest)"
            )
        else:
            bad(
                f"{label}: DROPPED: {said}, but the log lacks it (event {r.seq} there is a "
                f"{row.type}"
                + ("" if same else ", and its hash differs: the history was rewritten")
                + "; no event holds an envelope with that digest)"
            )
        return
    _counted(label, r, at_seq[0], log, rep)


def _counted(label: str, r: Receipt, e: ev.OrdersAccepted, log: _Log, rep: ReceiptReport) -> None:
    """Did the first resolution after the envelope count it (or a later one of its power)?"""
    standing = e.phase == STANDING
    for seq, pr in log.resolved:
        if seq < r.seq or (not standing and pr.phase != e.phase):
            continue
        counted = (pr.standing if standing else pr.orders).get(e.power)
        what = f"the resolution of {pr.phase} (event {seq})"
        if counted == r.seq:
            rep.notes.append(
                f"{label}: accepted as event {r.seq}, in the log, and counted in {what}"
            )
        elif counted is not None and counted > r.seq:
            rep.notes.append(
                f"{label}: accepted as event {r.seq}, in the log; replaced by the later "
                f"envelope of event {counted} before {what}"
            )
        else:
            instead = (
                f"counted event {counted}, an earlier envelope"
                if counted is not None
                else "counted no orders of " + e.power
            )
            rep.findings.append(
                f"{label}: LOST: the referee accepted this envelope of {e.power} as event "
                f"{r.seq}, but {what} {instead}: it lost to an earlier one"
            )
        return
    rep.notes.append(
        f"{label}: accepted as event {r.seq}, in the log; not resolved yet (it counts "
        "unless a later envelope of yours replaces it)"
    )
