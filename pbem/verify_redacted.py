"""`pbem verify COPY` of a redacted copy (pbem/export.py; docs/core.md "Redacted
copies"): everything that does not depend on information sealed for other powers.

- the hash chain and every referee checkpoint's signature, over the whole log;
- every revealed seed against the commitments made at creation;
- every clear part the copy holds against its commitment in the chain;
- every envelope it holds in clear (the power's own, public join envelopes): the
  signature against the registered key, and the event against the envelope;
- every resolution's header: its orders digest recomputed from the digests of the
  orders it names (public fields), with the formula pbem.engine uses;
- every public die, recomputed from the resolution's revealed seed, its orders digest
  and its label (no rules needed);
- the full recomputation (pbem.verify) of the log up to the last checkpoint before
  the first row sealed for others; after it the rules state is not known here.
"""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from . import checkpoint, engine, envelope, hidden
from . import events as ev
from . import ruleset as registry
from .dice import CommittedDice
from .errors import PbemError
from .export import TABLE
from .hidden import Redacted
from .keys import parse_public_key
from .log import Row
from .ruleset import STANDING
from .seal_hidden import wrongly_sealed
from .verify import Finding, Report, check_chain, check_kept, seed_ok, verify_rows


@dataclass
class CopyReport(Report):
    power: str = "?"
    held: int = 0  # clear parts held and checked
    sealed_away: int = 0  # rows sealed for other powers
    headers: int = 0  # resolution headers checked
    public_dice: int = 0
    full_upto: int = 0  # the prefix recomputed in full: events 1..full_upto
    first_open: int | None = None  # the first resolution not recomputed in full

    def text(self) -> str:
        broken = any(f.what.startswith("hash") for f in self.findings)
        lines = [
            f"game {self.game}: redacted copy for {self.power}, {self.events} events, hash chain "
            + ("BROKEN" if broken else "intact"),
            f"  {self.sealed_away} events sealed for other powers, not in this copy",
            f"  {self.held} clear parts for {self.power} checked against their commitments",
            f"  {self.signatures} order signatures checked ({self.power}'s and public ones)",
            f"  {self.seeds} revealed seeds checked against the commitment",
            f"  {self.headers} resolution headers checked (orders digests), "
            f"{self.public_dice} public dice recomputed from the revealed seeds",
            f"  {self.resolutions} resolutions recomputed in full (events 1-{self.full_upto})"
            if self.full_upto
            else "  no resolution recomputed in full: sealed rows begin with the set-up",
            f"  {self.checkpoints} referee checkpoints checked",
        ]
        if self.first_open is not None:
            lines.append(
                f"  resolutions from {self.first_open} on depend on information sealed for "
                "other powers: their public dice and headers were checked"
            )
        ok = (
            f"OK as {self.power}'s redacted copy (the checks above; the full game file "
            "verifies everything)"
        )
        return "\n".join(lines + self.verdict(ok))


def verify_copy(path: str | Path, rows: list[Row], kept: list[str]) -> CopyReport:
    """Verify the redacted copy at `path` (`rows`: its rows, read already)."""
    rep = CopyReport()
    find = rep.findings.append
    rep.events = len(rows)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        mark = conn.execute(f"SELECT power, last_seq, head FROM {TABLE}").fetchall()
    if len(mark) != 1:
        find(Finding(None, f"the copy's {TABLE} table has {len(mark)} rows, not one"))
    else:
        rep.power = mark[0][0]
        if not rows or (rows[-1].seq, rows[-1].hash) != (mark[0][1], mark[0][2]):
            find(
                Finding(None, f"the copy was made up to event {mark[0][1]}; its log ends elsewhere")
            )
    check_chain(rows, find)
    if not rows or rows[0].type != "game_created":
        find(Finding(1, "the log does not start with game_created"))
        return rep
    try:
        created = rows[0].event()
        assert isinstance(created, ev.GameCreated)
        registry.get(created.ruleset)
    except (PbemError, ValueError, ImportError, AssertionError) as x:
        find(Finding(1, f"cannot read game_created or load its ruleset: {x}"))
        return rep
    rep.game = created.game
    decoded: list[tuple[Row, ev.Event | Redacted]] = []
    for r in rows:
        try:
            e = r.event()
        except (PbemError, ValueError) as x:
            find(Finding(r.seq, f"cannot read {r.type!r}: {x}"))
            continue
        if isinstance(e, Redacted):
            rep.sealed_away += 1
        elif r.clear is not None:
            rep.held += 1
        if r.clear is not None or isinstance(e, Redacted):
            _check_sealed(rep, r, e)
        decoded.append((r, e))

    # the prefix every row of which is in clear, up to a checkpoint: verified in full
    first = next((r.seq for r, e in decoded if isinstance(e, Redacted)), None)
    cut = len(decoded)
    if first is not None:
        cut = max(
            (
                k + 1
                for k, (r, e) in enumerate(decoded)
                if r.seq < first and e.type == "checkpoint_signed"
            ),
            default=0,
        )
    if cut:
        full = verify_rows([r for r, _ in decoded[:cut]], None, [], None)
        rep.findings += [
            f for f in full.findings if not f.what.startswith("hash") and f not in rep.findings
        ]
        rep.resolutions, rep.signatures = full.resolutions, full.signatures
        rep.full_upto = decoded[cut - 1][0].seq
    _check_all(rep, created, decoded, cut)
    check_kept(rep, created, {r.seq: r for r in rows}, kept)
    return rep


def _check_all(rep: CopyReport, created: ev.GameCreated, decoded, cut: int) -> None:
    """Checkpoints, seeds, clear envelopes, headers and public dice over the whole log."""
    find = rep.findings.append
    anchors = {s: bytes.fromhex(h) for s, h in created.commitments.items()}
    known: dict[str, dict[int, bytes]] = {"public": {}, "hidden": {}}
    keys: dict[str, str] = {}
    by_seq = {r.seq: (r, e) for r, e in decoded}
    game_ref = f"{created.game} {created.uid}" if created.uid else created.game
    waiting: dict[str, dict[str, int]] = {}  # phase -> power -> its latest envelope's seq
    standing: dict[str, int] = {}  # power -> its standing orders' seq
    for k, (row, e) in enumerate(decoded):
        t = e.type
        if t == "player_registered" or (t == "player_changed" and e.public_key):
            keys[e.power] = e.public_key
        if t == "checkpoint_signed":
            rep.checkpoints += 1
            before = by_seq.get(row.seq - 1)
            if before is None or e.seq != before[0].seq or e.head != before[0].hash:
                find(Finding(row.seq, "checkpoint does not name the event just before it"))
            elif not checkpoint.valid(
                created.referee_key, created.game, e.seq, e.head, e.signature
            ):
                find(Finding(row.seq, "checkpoint signature is not the referee's"))
        elif t == "seed_revealed":
            stream = "hidden" if e.stream == "hidden" else "public"
            seed = bytes.fromhex(e.seed)
            if e.index in known[stream]:
                ok = known[stream][e.index] == seed
            else:
                ok = seed_ok(anchors[stream], known[stream], e.index, seed)
            if not ok:
                find(Finding(row.seq, f"{stream} seed {e.index} does not match the commitment"))
            elif e.index not in known[stream]:
                known[stream][e.index] = seed
                rep.seeds += 1
        elif t == "orders_accepted" and not isinstance(e, Redacted) and k >= cut:
            _check_envelope(rep, row, e, keys.get(e.power), game_ref)
        elif t == "phase_resolved":
            _check_header(rep, row, e, created, by_seq)
            _check_dice(rep, row, e, decoded[k + 1 :])
        if t == "orders_accepted":  # power and phase are public, sealed or not
            if e.phase == STANDING:
                standing[e.power] = row.seq
            else:
                waiting.setdefault(e.phase, {})[e.power] = row.seq
        if t == "phase_resolved":
            named = (dict(e.orders), dict(e.standing))
            want = (waiting.pop(e.phase, {}), dict(standing))
            if named != want:
                find(
                    Finding(
                        row.seq,
                        f"resolution {e.index} counts envelopes {named}, but the latest "
                        f"accepted ones are {want}",
                    )
                )
    if rep.power not in keys:
        find(Finding(None, f"the copy is marked for {rep.power!r}, not a power of this game"))
    if cut < len(decoded):
        nxt = [e.index for _, e in decoded[cut:] if e.type == "phase_resolved"]
        rep.first_open = nxt[0] if nxt else None


def _check_sealed(rep: CopyReport, r: Row, e: ev.Event | Redacted) -> None:
    """A sealed row must be one pbem seals (seal_hidden.wrongly_sealed), and one sealed
    for this power must have its clear part in the copy."""
    pub = e if isinstance(e, Redacted) else hidden.public_part(r.seq, r.type, r.body)
    why = wrongly_sealed(r.type, pub.public, pub.to)
    if why:
        rep.findings.append(Finding(r.seq, why))
    if isinstance(e, Redacted) and rep.power in e.to:
        rep.findings.append(
            Finding(r.seq, f"sealed for {rep.power}, but its clear part is not in the copy")
        )


def _check_envelope(rep, row: Row, e: ev.OrdersAccepted, key: str | None, game_ref: str) -> None:
    find = rep.findings.append
    try:
        env = engine.stored_envelope(e.envelope)
    except envelope.EnvelopeError as x:
        find(Finding(row.seq, f"stored envelope unreadable: {x}"))
        return
    if key is None:
        find(Finding(row.seq, f"orders for unregistered power {e.power!r}"))
        return
    if not env.verify(parse_public_key(key)):
        find(Finding(row.seq, f"signature on {e.power}'s orders does not verify with its key"))
        return
    rep.signatures += 1
    digest = env.digest if e.digest_kind == "text" else env.sealed_digest
    if (game_ref, e.power, e.phase, e.seq, e.digest) != (
        env.game,
        env.power,
        env.phase,
        env.seq,
        digest,
    ):
        find(Finding(row.seq, "the event does not match the envelope it holds"))


def _check_header(rep, row: Row, head: ev.PhaseResolved, created, by_seq) -> None:
    """The orders digest from the digests of the orders the header names (public)."""
    find = rep.findings.append
    digests: dict[str, dict[str, str]] = {"orders": {}, "standing": {}}
    for part, phase, named in (
        ("orders", head.phase, head.orders),
        ("standing", STANDING, head.standing),
    ):
        for p, seq in sorted(named.items()):
            _, acc = by_seq.get(seq, (None, None))
            if acc is None or acc.type != "orders_accepted" or (acc.power, acc.phase) != (p, phase):
                find(Finding(row.seq, f"the header names event {seq} as {p}'s orders"))
                return
            digests[part][p] = acc.digest
    if head.phase == engine.SETUP and head.index == 1:  # with joins: the join envelopes
        want = engine.setup_digest(created, digests["orders"])
    else:
        want = engine.orders_digest(head.phase, head.index, digests["orders"], digests["standing"])
    if want != head.orders_digest:
        find(Finding(row.seq, f"the orders digest of resolution {head.index} does not follow"))
        return
    rep.headers += 1


def _check_dice(rep, row: Row, head: ev.PhaseResolved, after) -> None:
    """Every public die of the resolution, from its revealed seed (the row after its
    results), its orders digest and its label, in the order the rows appear."""
    find = rep.findings.append
    results = []
    for r, e in after:
        if e.kind != "result":
            break
        results.append((r, e))
    reveal = after[len(results)][1] if len(after) > len(results) else None
    if (
        reveal is None
        or reveal.type != "seed_revealed"
        or reveal.stream != "public"
        or reveal.index != head.index
    ):
        find(Finding(row.seq, f"resolution {head.index} is not followed by the reveal of its seed"))
        return
    dice = CommittedDice(bytes.fromhex(reveal.seed), head.orders_digest, "public")
    for r, e in results:
        if not isinstance(e, ev.DiceRolled) or e.stream == "hidden":
            continue
        if e.stream != "public":  # "scripted" dice belong to rules cases, not to games
            find(Finding(r.seq, f"dice {e.label!r} of stream {e.stream!r} in a game"))
            continue
        if e.draw == "roll":
            want = [dice.randbelow(e.label, e.sides) + 1 for _ in e.values]
        elif e.draw == "pick":
            want = [dice.randbelow(e.label, e.sides) for _ in e.values]
        else:  # a sealed game records the kind of every die; draws are hidden ones
            find(Finding(r.seq, f"public dice {e.label!r} of kind {e.draw!r}: not a public draw"))
            continue
        if want != e.values:
            find(
                Finding(
                    r.seq, f"public dice {e.label!r}: recorded {e.values}, the seed gives {want}"
                )
            )
        else:
            rep.public_dice += len(e.values)
