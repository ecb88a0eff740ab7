"""`pbem verify`: check a game file without trusting the referee (DESIGN "The log").

Checks, in one pass over the log: the hash chain and sequence numbers; that every
event decodes; every accepted envelope's signature against the key registered for
its power, and its headers against the event; every revealed seed against the
commitment made at creation; every resolution recomputed from its inputs and the
revealed seeds (every die roll included) and compared with what was recorded;
every checkpoint's referee signature; and any checkpoints a player kept.
Draws of the hidden stream can be recomputed only once its seed is revealed (at
the end of the game) or with the referee's secret file; until then they are
replayed as recorded and counted as unchecked.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import checkpoint, engine, envelope, gc_pause, joins, seal_hidden, verify_split
from . import events as ev
from . import ruleset as registry
from .dice import CommittedDice, DiceScriptError, chain_step
from .errors import PbemError
from .keys import parse_public_key
from .log import GENESIS, EventLog, Row, row_hash
from .ruleset import STANDING
from .secrets import Secrets
from .state import KEEPS_RULES, GameState, fold
from .verify_ahead import signature_jobs


@dataclass
class Finding:
    seq: int | None
    what: str
    detail: str = ""

    def __str__(self) -> str:
        at = f"event {self.seq}: " if self.seq is not None else ""
        return at + self.what + (("\n" + self.detail) if self.detail else "")


@dataclass
class Report:
    game: str = "?"
    events: int = 0
    signatures: int = 0
    seeds: int = 0
    resolutions: int = 0
    rolls: int = 0
    hidden_unchecked: int = 0
    checkpoints: int = 0
    kept_checkpoints: int = 0
    reports: int = 0
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings

    def text(self) -> str:
        lines = [
            f"game {self.game}: {self.events} events, hash chain "
            + ("intact" if not any(f.what.startswith("hash") for f in self.findings) else "BROKEN"),
            f"  {self.signatures} order signatures checked",
            f"  {self.seeds} revealed seeds checked against the commitment",
            f"  {self.resolutions} resolutions recomputed, {self.rolls} dice checked",
            f"  {self.checkpoints} referee checkpoints checked",
        ]
        if self.reports:
            lines.append(f"  {self.reports} delivered reports rebuilt byte for byte")
        if self.kept_checkpoints:
            lines.append(f"  {self.kept_checkpoints} kept checkpoint(s): this log extends them")
        if self.hidden_unchecked:
            lines.append(
                f"  {self.hidden_unchecked} hidden draws not yet checkable (their seed is "
                "revealed at the end of the game)"
            )
        return "\n".join(lines + self.verdict("OK"))

    def verdict(self, ok: str) -> list[str]:
        """The last lines: every finding, or `ok`."""
        if self.findings:
            return [f"FAILED: {len(self.findings)} problem(s)", *(f"- {f}" for f in self.findings)]
        return [ok]


class ReplayDice:
    """Serves recorded hidden draws back, for when their seed is not yet known."""

    stream_name = "hidden"

    def __init__(self, values: list[int]):
        self.values = values
        self.pos = 0

    def randbelow(self, label: str, n: int) -> int:
        if self.pos >= len(self.values):
            raise DiceScriptError(
                f"the rules draw more hidden values than were recorded ({label!r})"
            )
        v = self.values[self.pos]
        self.pos += 1
        if not 0 <= v < n:
            raise DiceScriptError(
                f"recorded hidden draw {v} is out of range 0..{n - 1} ({label!r})"
            )
        return v


def seed_ok(anchor: bytes, known: dict[int, bytes], index: int, seed: bytes) -> bool:
    """Hash `seed` down to the nearest known lower seed (or the anchor at 0)."""
    lower = max((i for i in known if i < index), default=0)
    target = known.get(lower, anchor) if lower else anchor
    s = seed
    for _ in range(index - lower):
        s = chain_step(s)
    return s == target


def verify(
    path: str | Path, secrets: Secrets | None = None, kept: list[str] = (), jobs: int | None = None
) -> Report:
    """Verify the game file at `path`. `jobs`: processes that recompute resolutions
    side by side (None: one per core, pbem/verify_split.py; 1: this one only)."""
    with gc_pause.paused():
        with EventLog(path) as log:
            rows, copy = list(log.rows()), log.copy
        if copy:  # a redacted copy (pbem/export.py)
            from .verify_redacted import verify_copy

            return verify_copy(path, rows, list(kept))
        return verify_rows(rows, secrets, kept, path, jobs)


def check_chain(rows: list[Row], find) -> None:
    """1. the chain: numbers without gaps, each row's prev and hash."""
    prev = GENESIS
    for i, r in enumerate(rows, 1):
        if r.seq != i:
            find(
                Finding(
                    r.seq,
                    f"hash chain: expected event number {i}, found {r.seq} (a row removed or reordered)",
                )
            )
        if r.prev != prev:
            find(Finding(r.seq, "hash chain: prev does not match the hash of the event before"))
        if row_hash(r.prev, r.seq, r.type, r.v, r.body) != r.hash:
            find(Finding(r.seq, "hash mismatch: the event was changed after it was written"))
        prev = r.hash


def verify_rows(
    rows: list[Row],
    secrets: Secrets | None,
    kept: list[str],
    path: str | Path | None,
    jobs: int | None = 1,
) -> Report:
    """Verify the log `rows` (all of a game file's, or a prefix of a redacted copy's
    whose every row is in clear); delivered reports are rebuilt from the game `path`."""
    rep = Report()
    find = rep.findings.append
    rep.events = len(rows)
    check_chain(rows, find)

    # 2. decode (the game's ruleset first: it registers its event types)
    name = None
    try:
        name = _ruleset_name(rows)
        if name:
            registry.get(name)
    except (PbemError, ValueError, ImportError) as e:
        find(Finding(1, f"cannot load the ruleset {name!r} this game was played with: {e}"))
        return rep
    decoded: list[tuple[Row, ev.Event]] = []
    for r in rows:
        try:
            if r.clear is None:
                decoded.append((r, r.event()))
                continue
            e, pub = r.opened()  # (the public part read once, for both)
            decoded.append((r, e))
            if why := seal_hidden.wrongly_sealed(r.type, pub.public, pub.to):
                find(Finding(r.seq, why))
        except (PbemError, ValueError) as e:
            find(Finding(r.seq, f"cannot read {r.type!r}: {e}"))
    if not decoded or decoded[0][1].type != "game_created":
        find(Finding(1, "the log does not start with game_created"))
        return rep
    created: ev.GameCreated = decoded[0][1]  # type: ignore[assignment]
    rep.game = created.game
    anchors = {s: bytes.fromhex(h) for s, h in created.commitments.items()}
    by_seq = {r.seq: r for r in rows}

    # hidden seeds are revealed late: collect and check them first
    hidden: dict[int, bytes] = {}
    for r, e in decoded:
        if e.type == "seed_revealed" and e.stream == "hidden":
            seed = bytes.fromhex(e.seed)
            if seed_ok(anchors["hidden"], {}, e.index, seed):
                hidden[e.index] = seed
                rep.seeds += 1
            else:
                find(Finding(r.seq, f"hidden seed {e.index} does not match the commitment"))

    walked: dict[int, bytes] = {}  # seeds hashed down from the nearest revealed above

    def hidden_seed(index: int) -> bytes | None:
        if index in walked:  # `hidden` is complete here: the same walk gives the same seed
            return walked[index]
        above = [i for i in hidden if i >= index]
        if above:
            j = min(above)
            s = hidden[j]
            for i in range(j - 1, index - 1, -1):
                s = walked[i] = chain_step(s)
            return s
        return secrets.chain("hidden").seed(index) if secrets else None

    # 3. replay with recomputation: in segments that other processes may take
    # (pbem/verify_split.py), each from the fold of the log before it
    walk = Walk(decoded, created, anchors, by_seq, hidden_seed)
    # (walked in one process, its signatures are checked ahead on another core)
    sigs = signature_jobs(decoded, created.referee_key, created.game)
    if not verify_split.walk_all(walk, rep, jobs, sigs):
        return rep  # the log cannot be walked past a finding: nothing more to check

    # 4. every delivered report, rebuilt from the log, must have the recorded hash
    deliveries = [e for _, e in decoded if e.type == "report_delivered"]
    if deliveries and path is not None:
        from .reports import render
        from .reports.build import render_many
        from .reports.hashcache import HashCache
        from .service import Game

        with Game(path) as game, HashCache(registry.get(created.ruleset)) as known:
            todo: dict[tuple, str] = {}  # (power, start, stop, deadline) -> chain hash at stop
            for e in deliveries:
                at = by_seq.get(e.stop)
                want = (e.power, e.start, e.stop, e.deadline)
                # a report this machine rendered before, from this very log prefix (issue 20)
                if at is None or known.get(at.hash, *want) is None:
                    todo[want] = at.hash if at is not None else ""
            again: dict[tuple, str | None] = {}
            try:  # the ones to render, in one pass over the log
                for w, r in zip(todo, render_many(game, list(todo)), strict=True):
                    again[w] = r.content_hash
                    if todo[w]:
                        known.put(todo[w], *w, r.content_hash)
            except Exception:  # noqa: BLE001 - then one by one, to name the one that fails
                for w in todo:
                    try:
                        again[w] = render(game, w[0], w[1], w[2], deadline=w[3]).content_hash
                    except Exception as x:  # noqa: BLE001 - a report that cannot be rebuilt is a finding
                        again[w] = None
                        find(
                            Finding(
                                None,
                                f"report for {w[0]} on events {w[1]}-{w[2]} cannot be rebuilt: {x}",
                            )
                        )
            for e in deliveries:
                want = (e.power, e.start, e.stop, e.deadline)
                at = by_seq.get(e.stop)
                got = again[want] if want in again else known.get(at.hash, *want)
                if got is None:
                    continue
                if got != e.content_hash:
                    find(
                        Finding(
                            None,
                            f"report {e.key} for {e.power} rebuilds differently from what was sent (hash {e.content_hash[:12]}, now {got[:12]})",
                        )
                    )
                else:
                    rep.reports += 1

    check_kept(rep, created, by_seq, kept)  # 5. checkpoints a player kept
    _other_software(rep, created)
    return rep


@dataclass
class Walk:
    """What walking a segment of the log needs besides its state: the decoded rows,
    the game as created, the seed anchors, the rows by number, the hidden seeds."""

    decoded: list[tuple[Row, ev.Event]]
    created: ev.GameCreated
    anchors: dict[str, bytes]
    by_seq: dict[int, Row]
    hidden_seed: Any

    def segment(self, rep: Report, state: GameState, lo: int, hi: int) -> GameState | None:
        """3. Check rows lo..hi-1 (hi: the end, or a `phase_resolved` row), starting
        from `state`, the log folded up to lo. Returns the state at hi, or None when the
        log cannot be walked further (then nothing after it is checked)."""
        decoded, created, by_seq = self.decoded, self.created, self.by_seq
        find = rep.findings.append
        public: dict[int, bytes] = {}
        parsed: dict[tuple, object] = {}  # orders read when checked, for their resolution
        steps = joins.Steps()  # what the rules wait for, between two changes of the rules
        i = lo
        while i < hi:
            row, e = decoded[i]
            if e.kind == "result":
                find(Finding(row.seq, f"result event {e.type!r} outside any resolution"))
            elif e.type == "player_registered" and (e.power in state.players or state.resolutions):
                # a key changes only by a signed referee action every report announces,
                # and pbem has none yet: any later registration is a swapped key
                find(
                    Finding(
                        row.seq,
                        f"{e.power}'s key registered again after the game began: a swapped key "
                        "would let someone else sign that power's orders",
                    )
                )
                return None
            elif e.type == "orders_accepted":
                _check_orders(state, row, e, by_seq, rep, parsed, steps)
            elif e.type == "deadline_passed":
                step = steps.open(state) if state.ruleset else None
                if step is None or step.phase != e.phase:
                    find(Finding(row.seq, f"deadline declared for {e.phase!r}, which was not open"))
            elif e.type == "checkpoint_signed":
                rep.checkpoints += 1
                before = by_seq.get(row.seq - 1)
                if before is None or e.seq != before.seq or e.head != before.hash:
                    find(Finding(row.seq, "checkpoint does not name the event just before it"))
                elif not checkpoint.valid(
                    created.referee_key, created.game, e.seq, e.head, e.signature
                ):
                    find(Finding(row.seq, "checkpoint signature is not the referee's"))
            elif e.type == "phase_resolved":
                j = i + 1
                while j < len(decoded) and decoded[j][1].kind == "result":
                    j += 1
                recorded = [x for _, x in decoded[i + 1 : j]]
                ok = _check_resolution(
                    state,
                    row,
                    e,
                    recorded,
                    decoded[j : j + 4],  # what closes it: its seed, a checkpoint
                    self.anchors,
                    public,
                    self.hidden_seed,
                    rep,
                    parsed,
                    steps,
                )
                parsed.clear()
                steps.forget()
                if ok is None:  # the recomputation may have left state.rules half changed
                    state = _replay(decoded[:i])
                fold(state, row.seq, e, registry.get)
                if ok is None:
                    for r2, x in decoded[i + 1 : j]:
                        fold(state, r2.seq, x, registry.get)
                else:  # recomputed in place and equal to the record: its state is the fold's
                    state.rules = ok
                    state.seq = decoded[j - 1][0].seq
                i = j
                continue
            elif e.type == "game_ended":
                rs = state.ruleset
                if steps.of(state) is not None:
                    find(Finding(row.seq, "game_ended while the rules say the game goes on"))
                elif e.summary != rs.outcome(state.rules):
                    find(
                        Finding(
                            row.seq,
                            "game_ended summary differs from the rules' outcome",
                            _diff([e.summary], [rs.outcome(state.rules)]),
                        )
                    )
            try:
                fold(state, row.seq, e, registry.get)
            except PbemError as x:
                find(Finding(row.seq, str(x)))
                return None
            if e.type not in KEEPS_RULES:
                steps.forget()
            i += 1
        return state

    def state_at(self, lo: int) -> GameState:
        """The log folded up to row lo, as recorded (where another process starts)."""
        return _replay(self.decoded[:lo])


def _other_software(rep: Report, created: ev.GameCreated) -> None:
    """A game that does not recompute here and was played with other software: name the
    version to verify (and go on playing) it with (issue 16, docs/core.md "Other
    software")."""
    if rep.ok or not created.software:
        return
    from . import __version__

    here = f"pbem {__version__}; {created.ruleset} {registry.get(created.ruleset).version}"
    if here != created.software:
        pbem = created.software.split(";")[0].strip()
        rep.findings.append(
            Finding(
                1,
                f"this game was played with {created.software!r}, this is {here!r}: verify "
                f'and resolve it with that version ({pbem}; docs/core.md, "Other software")',
            )
        )


def check_kept(rep: Report, created: ev.GameCreated, by_seq: dict[int, Row], kept) -> None:
    """Each checkpoint a player kept: this game's, signed by its referee, and its event
    still in the log with that hash."""
    find = rep.findings.append
    for line in kept:
        try:
            game, seq, head, sig = checkpoint.parse_text(line)
        except PbemError as x:
            find(Finding(None, str(x)))
            continue
        if game != created.game:
            find(Finding(None, f"kept checkpoint is for game {game!r}, not {created.game!r}"))
        elif not checkpoint.valid(created.referee_key, game, seq, head, sig):
            find(
                Finding(
                    None, f"kept checkpoint at event {seq} is not signed by this game's referee"
                )
            )
        elif seq not in by_seq or by_seq[seq].hash != head:
            find(
                Finding(
                    seq,
                    "HISTORY REWRITTEN: the referee signed this checkpoint, but the log no longer "
                    "has that event with that hash",
                )
            )
        else:
            rep.kept_checkpoints += 1


def check_receipts(path: str | Path, texts: list[tuple[str, str]]):
    """`pbem verify --receipt`: what kept receipts prove about this log
    ((name, text) pairs; pbem/receipt_audit.py)."""
    from .receipt_audit import check

    with EventLog(path) as log:
        rows = list(log.rows())
    return check(texts, rows)


def _check_orders(
    state: GameState,
    row: Row,
    e: ev.OrdersAccepted,
    by_seq,
    rep: Report,
    parsed: dict,
    steps: joins.Steps,
) -> None:
    find = rep.findings.append
    try:
        env = engine.stored_envelope(e.envelope)
    except envelope.EnvelopeError as x:
        find(Finding(row.seq, f"stored envelope unreadable: {x}"))
        return
    if state.ended is not None:
        find(Finding(row.seq, f"{e.power}'s orders accepted after the game ended"))
    reg = state.players.get(e.power)
    if reg is None:
        find(Finding(row.seq, f"orders for unregistered power {e.power!r}"))
        return
    if not env.verify(parse_public_key(reg.public_key)):
        find(
            Finding(
                row.seq, f"signature on {e.power}'s orders does not verify with {e.power}'s key"
            )
        )
        return
    rep.signatures += 1
    want = (state.game_ref, e.power, e.phase, e.seq, e.digest)
    digest = env.digest if e.digest_kind == "text" else env.sealed_digest
    got = (env.game, env.power, env.phase, env.seq, digest)
    if want != got:
        find(
            Finding(
                row.seq,
                "the event does not match the envelope it holds",
                _diff([str(want)], [str(got)]),
            )
        )
    last = state.last_sequence(e.power, e.phase)
    if last is not None and e.seq <= last:
        find(Finding(row.seq, f"envelope sequence {e.seq} not above {last}: a replay was accepted"))
    if e.phase != STANDING:
        step = steps.open(state)
        if step is None or step.phase != e.phase or e.power not in (*step.owes, *step.may):
            find(
                Finding(
                    row.seq, f"orders accepted for {e.phase!r}, which was not open to {e.power}"
                )
            )
            return
    unbound = joins.needs_checkpoint(state, env.checkpoint is not None)
    orders, problems = joins.check_orders(state, e.power, e.phase, env.orders)
    if unbound is not None:
        problems = [unbound, *problems]
    if problems:
        find(Finding(row.seq, "accepted orders fail the rules: " + "; ".join(map(str, problems))))
    elif e.phase != STANDING:  # the rules state stays as it is until this phase resolves
        parsed[engine.parsed_key(e)] = orders
    cp = env.checkpoint
    if cp is not None and (cp[0] not in by_seq or by_seq[cp[0]].hash != cp[1] or cp[0] >= row.seq):
        find(
            Finding(
                row.seq,
                f"{e.power}'s envelope quotes a checkpoint (event {cp[0]}) this log does not have: history rewritten",
            )
        )


def _ruleset_name(rows: list[Row]) -> str | None:
    """The ruleset named by the first event (game_created), read without decoding (as
    EventLog.ruleset_name, from the rows already read)."""
    if not rows or rows[0].seq != 1 or rows[0].type != "game_created":
        return None
    return json.loads(rows[0].body).get("ruleset")


def _replay(decoded: list[tuple[Row, ev.Event]]) -> GameState:
    state = GameState()
    for r, e in decoded:
        fold(state, r.seq, e, registry.get)
    return state


def _check_resolution(
    state, row, head, recorded, after, anchors, public, hidden_seed, rep, parsed, steps
) -> Any:
    """Check one resolution by recomputing it on `state.rules` in place. Returns the
    rules state after it when the recomputation equals the record, else None (and
    then `state.rules` may be half changed: the caller rebuilds it from the log)."""
    find = rep.findings.append
    index = head.index
    if index != state.resolutions + 1:
        find(Finding(row.seq, f"resolution {index} follows resolution {state.resolutions}"))
    reveal = next(
        (x for _, x in after[:1] if x.type == "seed_revealed" and x.stream == "public"), None
    )
    if reveal is None or reveal.index != index:
        find(Finding(row.seq, f"resolution {index} is not followed by the reveal of its seed"))
        return
    seed = bytes.fromhex(reveal.seed)
    if not seed_ok(anchors["public"], public, index, seed):
        find(Finding(row.seq, f"seed {index} does not match the commitment made at creation"))
        return
    public[index] = seed
    rep.seeds += 1
    closing = [x.type for _, x in after[:4]]
    shapes = (
        ["seed_revealed", "checkpoint_signed"],
        ["seed_revealed", "game_ended", "seed_revealed", "checkpoint_signed"],
    )
    if not any(closing[: len(s)] == s for s in shapes):
        find(
            Finding(
                row.seq,
                f"resolution {index} is not closed by its seed reveal and a referee checkpoint "
                f"(found {', '.join(closing) or 'nothing'})",
            )
        )
    hs = hidden_seed(index)
    recorded_hidden = [
        v for x in recorded if x.type == "dice_rolled" and x.stream == "hidden" for v in x.values
    ]
    if head.phase == engine.SETUP and index == 1:
        step = None
        want = engine.setup_header(state)
        if joins.awaiting(state) and want.defaulted and engine.SETUP not in state.deadlines:
            find(
                Finding(
                    row.seq,
                    "the set-up was resolved before every player's random value was in "
                    f"(missing: {', '.join(want.defaulted)}) or its deadline passed",
                )
            )
    else:
        step = steps.of(state)
        if step is None or step.phase != head.phase:
            find(
                Finding(
                    row.seq,
                    f"resolved {head.phase!r} but the rules were waiting for {step.phase if step else 'nothing'!r}",
                )
            )
            return
        if step.phase not in state.deadlines and state.missing(step.phase, step.owes):
            find(
                Finding(
                    row.seq,
                    f"{head.phase!r} resolved before its orders were in or its deadline passed",
                )
            )
        if state.resolutions:  # the recorded header itself when its fields are the inputs'
            fields = engine.header_fields(state, step)
            want = head if fields == head.__dict__ else ev.PhaseResolved(**fields)
        else:
            want = engine.header(state, step)
    if want is not head and want != head:
        find(
            Finding(
                row.seq,
                "the resolution header does not follow from the inputs",
                _diff([ev.encode(head)], [ev.encode(want)]),
            )
        )
        return
    pub = CommittedDice(seed, head.orders_digest, "public")
    hid = CommittedDice(hs, head.orders_digest, "hidden") if hs else ReplayDice(recorded_hidden)
    try:
        _, results, after_rules = engine.run(
            state, step, pub, hid, in_place=True, parsed=parsed, head=want
        )
    except (PbemError, ValueError, KeyError) as x:
        find(Finding(row.seq, f"recomputing {head.phase!r} failed: {x}"))
        return None
    rep.resolutions += 1
    if hs is None:
        rep.hidden_unchecked += len(recorded_hidden)
    # Events equal as models (same type, same field values) encode the same; the others
    # are compared as encoded text, as the log holds them (an older body may lack a
    # later default: _as_old), and the differences shown.
    # (the field values compared as dicts: what BaseModel.__eq__ does last, after checks
    # that events, with neither extra fields nor private ones, always pass)
    same = len(results) == len(recorded) and all(
        type(x) is type(y) and x.__dict__ == y.__dict__
        for x, y in zip(recorded, results, strict=True)
    )
    a = b = []
    if not same:
        a = [ev.encode(x) for x in recorded]
        b = [ev.encode(_as_old(x, y)) for x, y in zip(recorded, results, strict=False)]
        b += [ev.encode(y) for y in results[len(recorded) :]]
    if a != b:
        find(
            Finding(
                row.seq,
                f"the recorded results of {head.phase!r} (resolution {index}) differ from a recomputation",
                _diff(a, b),
            )
        )
        return None
    rep.rolls += sum(
        len(x.values) for x in recorded if x.type == "dice_rolled" and (hs or x.stream == "public")
    )
    return after_rules


def _as_old(recorded: ev.Event, recomputed: ev.Event) -> ev.Event:
    """Logs written before dice_rolled recorded its `draw` kind compare without it."""
    if (
        isinstance(recorded, ev.DiceRolled)
        and isinstance(recomputed, ev.DiceRolled)
        and recorded.draw is None
    ):
        return recomputed.model_copy(update={"draw": None})
    return recomputed


def _diff(recorded: list[str], recomputed: list[str]) -> str:
    return "\n".join(
        "    " + ln
        for ln in difflib.unified_diff(
            recorded, recomputed, "recorded", "recomputed", lineterm="", n=1
        )
    )
