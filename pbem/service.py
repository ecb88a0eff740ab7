"""The game service: create, submit, advance, status, replay (DESIGN "Core").

Every change is an append to the log naming the head it was decided on; if another
process got there first the call re-reads the log and decides again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import (
    __version__,
    admission,
    checkpoint,
    engine,
    envelope,
    gc_pause,
    joins,
    seal_hidden,
    snapshot,
    statuscache,
)
from . import events as ev
from . import ruleset as registry
from .admission import SubmitResult
from .dice import CommittedDice
from .errors import ConflictError, GameError, UsageError
from .keys import KeyError_, parse_public_key
from .log import EventLog, Row, chain
from .ruleset import STANDING, Step
from .secrets import Secrets, secret_path, seeds_path
from .state import GameState, fold, option_words
from .suggest import closest

RETRIES = 8
# options of the core, allowed with every ruleset (docs/reports.md)
CORE_OPTIONS = {"reports": "when turn reports are due: 'phase' (the default) or 'turn'"}


def utcnow() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class PlayerSpec:
    power: str
    email: str
    public_key: str
    name: str = ""

    @classmethod
    def parse(cls, spec: str, read_key=lambda p: Path(p).read_text()) -> PlayerSpec:
        """POWER=EMAIL,KEYFILE[,NAME]"""
        power, eq, rest = spec.partition("=")
        parts = [x.strip() for x in rest.split(",")]
        if not eq or len(parts) < 2 or not power.strip():
            raise UsageError(f"--player takes POWER=EMAIL,KEYFILE[,NAME], got {spec!r}")
        email, keyfile = parts[0], parts[1]
        if not re.fullmatch(r"[^@\s]+@[^@\s]+", email):
            raise UsageError(f"--player {power}: {email!r} is not an email address")
        name = parts[2] if len(parts) > 2 else email.split("@")[0]
        return cls(power.strip(), email, read_key(keyfile).strip(), name)


@dataclass
class Status:
    game: str
    ruleset: str
    scenario: str
    seq: int
    step: Step | None
    received: dict[str, int]
    deadline_passed: bool
    checkpoint: str | None
    ended: str | None
    summary: str
    game_ref: str = ""  # the `Game:` line of this game's envelopes
    due: str | None = None  # the open phase's deadline, as shown ("Friday 29 Nov 2026, 18:00 UTC")
    due_for: dict[str, str] = field(default_factory=dict)  # power -> its own (extended) deadline
    grace: str = ""  # "1h": the turn runs no earlier than this after the deadline
    paused: str | None = None  # why the referee paused the game
    disorder: list[str] = field(default_factory=list)  # powers in civil disorder
    options: tuple[str, ...] = ()  # the game's options (reports.build.option_words)

    def text(self) -> str:
        out = [f"game {self.game}: {self.ruleset}, scenario {self.scenario}, {self.seq} events"]
        if self.options:
            out.append(f"options: {', '.join(self.options)}")
        if self.game_ref:
            out.append(f"orders begin with 'Game: {self.game_ref}'")
        if self.summary and not (self.step is not None and self.summary == self.step.title):
            out.append(self.summary)  # (before the set-up it is the step's title: said once below)
        if self.ended is not None:
            out.append(f"game over: {self.ended}")
        elif self.step is not None:
            out.append(f"waiting for: {self.step.title} [phase {self.step.phase}]")
            if self.paused is not None:
                out.append(f"  PAUSED by the referee{': ' + self.paused if self.paused else ''}")
            if self.due:
                grace = (
                    f" (the turn runs {self.grace} after it at the earliest)" if self.grace else ""
                )
                out.append(f"  orders due {self.due}{grace}")
            for p in self.step.owes:
                got = self.received.get(p)
                say = f"orders in (event {got})" if got else "owes orders"
                if p in self.disorder:
                    say += ", in civil disorder: not waited for"
                if p in self.due_for:
                    say += f", due {self.due_for[p]}"
                out.append(f"  {p}: {say}")
            for p in self.step.may:
                if p in self.received:
                    out.append(f"  {p}: optional orders in (event {self.received[p]})")
            if self.deadline_passed:
                out.append("  deadline passed: missing orders get the default")
        if self.disorder and self.ended is None:
            out.append(f"in civil disorder (not waited for): {', '.join(self.disorder)}")
        if self.checkpoint:
            out.append(f"checkpoint: {self.checkpoint}")
        return "\n".join(out)


class Game:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.log = EventLog(self.path)
        if self.log.copy:
            self.log.close()
            raise UsageError(
                f"{self.path} is a redacted copy (pbem export): `pbem verify`, `pbem log` "
                "and `pbem check-report --game` read it; every other command needs the "
                "full game file"
            )
        self._cache: GameState | None = None
        self._snapshot_seq = 0  # the event the stored snapshot was taken at (snapshot.py)
        self._head = self.log.head()  # where the status cache is, as far as this knows
        name = self.log.ruleset_name()
        if name:
            registry.get(name)  # imports it: its event types must be known before decoding

    def close(self) -> None:
        self.log.close()

    def __enter__(self) -> Game:
        return self

    def __exit__(self, exc_type: object, *exc: object) -> None:
        try:
            if exc_type is None:
                self.keep_status()
        finally:
            self.close()

    def keep_status(self) -> None:
        """After a command that changed the log (submit, ingest, a referee action...):
        the status cache brought to the new head, so the referee's next `pbem status`
        reads it and replays nothing (issue 9). The cache is derived data: where the
        status cannot be made, `pbem status` replays and says why."""
        if self.log.head() == self._head:
            return
        try:
            self.status()
        except Exception:  # noqa: BLE001 - the command itself went through
            self._head = self.log.head()

    # --- creation ---------------------------------------------------------------

    @classmethod
    def create(
        cls,
        path: str | Path,
        ruleset: str,
        scenario: str,
        players: list[PlayerSpec],
        options: dict[str, Any] | None = None,
        game_id: str | None = None,
        now: str | None = None,
        master: bytes | None = None,
        joins: bool = False,
        sealed: bool = True,
    ) -> Game:
        """`joins`: the set-up waits for the players' join envelopes (pbem/joins.py);
        without it the set-up is resolved now, in the creation batch."""
        path = Path(path)
        rs = registry.get(ruleset)
        options = dict(options or {})
        scenarios = rs.scenarios()
        if scenario not in scenarios:
            hint = closest(scenario, scenarios)
            raise UsageError(
                f"{ruleset} has no scenario {scenario!r}; scenarios: {', '.join(scenarios)}"
                + (f" (did you mean {hint!r}?)" if hint else "")
            )
        unknown = [o for o in options if o not in rs.options() and o not in CORE_OPTIONS]
        if "reports" in options and options["reports"] not in ("phase", "turn"):
            raise UsageError(f"option reports={options['reports']!r}: use 'phase' or 'turn'")
        if unknown:
            known = [*rs.options(), *CORE_OPTIONS]
            hints = [h for h in (closest(o, known) for o in unknown) if h]
            raise UsageError(
                f"unknown option(s) {', '.join(unknown)} for {ruleset}"
                + (f" (did you mean {', '.join(repr(h) for h in hints)}?)" if hints else "")
                + "; `pbem games` lists the options"
            )
        powers = rs.powers(scenario, options)
        by_power = {}
        for p in players:
            if p.power not in powers:
                hint = closest(p.power, powers)
                raise UsageError(
                    f"{p.power!r} is not a power of this scenario ({', '.join(powers)})"
                    + (f"; did you mean {hint!r}?" if hint else "")
                )
            if p.power in by_power:
                raise UsageError(f"{p.power} is given two players")
            try:
                key = parse_public_key(p.public_key)
            except KeyError_ as e:
                raise UsageError(f"--player {p.power}: {e}") from None
            by_power[p.power] = ev.PlayerRegistered(
                power=p.power, name=p.name, email=p.email, public_key=key.line
            )
        missing = [p for p in powers if p not in by_power]
        if missing:
            raise UsageError(f"no player for {', '.join(missing)}")
        game_id = game_id or path.stem
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}", game_id):
            raise UsageError(f"game id {game_id!r}: use letters, digits, '.', '_' or '-'")
        spath = secret_path(path)
        if path.exists() or spath.exists():
            raise UsageError(f"{path} (or its secret file) already exists")
        secrets = Secrets.new(game_id, master)
        created = ev.GameCreated(
            game=game_id,
            ruleset=rs.name,
            scenario=scenario,
            options=options,
            referee_key=secrets.referee_public(),
            commitments={s: secrets.chain(s).anchor().hex() for s in ("public", "hidden")},
            chain_length=secrets.chain_length,
            created_at=now or utcnow(),
            software=f"pbem {__version__}; {rs.name} {rs.version}",
            uid=secrets.game_uid(),
            joins=joins,
            sealed=sealed,
        )
        inputs: list[ev.Event] = [created, *(by_power[p] for p in powers)]
        state = GameState()
        for i, e in enumerate(inputs, 1):
            fold(state, i, e, registry.get)
        seal = seal_hidden.sealer(state, secrets)
        batch = inputs
        if not joins:
            pub = CommittedDice(secrets.chain("public").seed(1), "", "public")
            hid = CommittedDice(secrets.chain("hidden").seed(1), "", "hidden")
            head = engine.setup_header(state)
            pub.digest = hid.digest = head.orders_digest
            w = seal_hidden.watcher(seal)
            _, results, after = engine.run(state, None, pub, hid, in_place=True, watch=w)
            batch = [*inputs, head, *results, *_closing(state, 1, secrets, rs, after)]
        secrets.save(spath)
        try:
            log = EventLog(path, create=True, sealed=sealed)
            _append_signed(log, batch, 0, secrets, seal)
            log.close()
        except BaseException:
            path.unlink(missing_ok=True)
            spath.unlink(missing_ok=True)
            seeds_path(spath).unlink(missing_ok=True)
            raise
        return cls(path)

    # --- reading ----------------------------------------------------------------

    def state(self, upto: int | None = None) -> GameState:
        """The fold of the log (up to event `upto`). The latest one is kept while the
        game is open and brought forward by folding only the events appended since,
        as long as the log still holds the event it was folded to, with that hash.
        Callers must not change it; it changes when the log grows."""
        if upto is None:
            seq, head = self.log.head()
            c = self._cache
            if c is not None and c.seq == seq and c.head == head:
                return c
            if c is not None and 0 < c.seq < seq:
                at = self.log.row(c.seq)
                if at is not None and at.hash == c.head:
                    try:
                        state = self._fold_rows(c, c.seq + 1)
                    except BaseException:
                        self._cache = None
                        raise
                    self._keep_snapshot(state)
                    return state
            self._cache = None
        if upto is None:
            kept = snapshot.read(self.log.conn, registry.get, self.log.ruleset_name() or "")
            if kept is not None and kept.seq <= seq:
                self._snapshot_seq = kept.seq
                state = self._fold_rows(kept, kept.seq + 1)
                self._cache = state
                self._keep_snapshot(state)
                return state
        state = self._fold_rows(GameState(), 1, upto)
        if upto is None:
            self._cache = state
            self._keep_snapshot(state)
        return state

    def _keep_snapshot(self, state: GameState) -> None:
        """Store the state as the snapshot once EVERY events were folded past the last one
        (issue 20: the next command folds only what came after it)."""
        if state.seq - self._snapshot_seq >= snapshot.EVERY:
            snapshot.write(self.log.conn, state)
            self._snapshot_seq = state.seq

    def _fold_rows(self, state: GameState, start: int, stop: int | None = None) -> GameState:
        with gc_pause.paused():
            for row in self.log.rows(start, stop):
                fold(state, row.seq, row.event(), registry.get)
                state.head = row.hash
        return state

    def secrets(self) -> Secrets:
        return Secrets.load(secret_path(self.path))

    def status(self) -> Status:
        st = self.state()
        rs = st.ruleset
        step = joins.open_step(st)
        received = {}
        if step is not None:
            received = {p: a.seq for p, a in st.orders.get(step.phase, {}).items()}
        cp = st.checkpoint
        out = Status(
            game=st.game,
            ruleset=rs.name,
            scenario=st.created.scenario,
            seq=st.seq,
            step=step,
            received=received,
            deadline_passed=step is not None and step.phase in st.deadlines,
            checkpoint=checkpoint.text(st.game, cp.seq, cp.head, cp.signature) if cp else None,
            ended=st.ended.summary if st.ended else None,
            summary=joins.TITLE if joins.awaiting(st) else rs.describe(st.rules),
            game_ref=st.game_ref,
            paused=(st.paused.reason if st.paused else None),
            disorder=sorted(st.disorder),
            options=option_words(dict(st.created.options)),
        )
        if step is not None:
            from .deadlines import Schedule, duration_text, show

            sched = Schedule(**st.schedule) if st.schedule else Schedule()
            if step.phase in st.due:
                out.due = show(st.due[step.phase].due, sched.tz)
                out.grace = duration_text(sched.grace) if sched.grace else ""
            out.due_for = {
                p: show(d.due, sched.tz) for p, d in sorted(st.due_for.get(step.phase, {}).items())
            }
        seq, head = self.log.head()
        if seq == st.seq:
            statuscache.write(self.log.conn, seq, head, out.text())
            self._head = (seq, head)
        return out

    def phase_seq(self, phase: str) -> int:
        """Log seq of the last event of the resolution of `phase` (for replay --at)."""
        st = self.state()
        names = [p for p, _ in st.resolved_phases]
        if phase not in names:
            hint = closest(phase, names)
            raise UsageError(
                f"no resolved phase {phase!r}" + (f" (did you mean {hint!r}?)" if hint else "")
            )
        start = dict(st.resolved_phases)[phase]
        seq = start
        for row in self.log.rows(start + 1):
            if row.type == "phase_resolved" or ev.model_for(row.type).kind == "input":
                break
            seq = row.seq
        return seq

    # --- submitting -------------------------------------------------------------

    def submit(self, text: str, now: str | None = None) -> SubmitResult:
        now = now or utcnow()
        for _ in range(RETRIES):
            try:
                r = self._submit_once(text, now)
            except ConflictError:
                continue
            from .receipts import for_submit

            receipt = for_submit(self, text, r, now)
            r.receipt = receipt.text() if receipt else None
            return r
        raise ConflictError("the game kept changing while these orders were checked; try again")

    def _submit_once(self, text: str, now: str) -> SubmitResult:
        try:
            env = envelope.parse(text)
        except envelope.EnvelopeError as e:
            return admission.reject(e.kind, str(e).removeprefix(f"line {e.line}: "), e.line)
        st = self.state()
        refused = admission.admit(st, env, self.log.row)
        if refused is not None:
            return refused
        power, phase = env.power, env.phase
        prev = st.standing.get(power) if phase == STANDING else st.orders.get(phase, {}).get(power)
        accepted = ev.OrdersAccepted(
            power=power,
            phase=phase,
            seq=env.seq,
            envelope=env.text,
            digest=env.sealed_digest,
            received_at=now,
        )
        try:
            at = datetime.fromisoformat(now).timestamp()
        except ValueError:
            at = datetime.now(UTC).timestamp()
        # said in the answer, not refused: the key's holder chose it (docs/signing.md)
        ahead = admission.sequence_ahead(env.seq, st.next_sequence(power), at)
        rows = self.log.append([accepted], st.seq, seal_hidden.sealer(st, self.secrets))
        return SubmitResult(
            "accepted",
            notes=[ahead] if ahead else [],
            power=power,
            phase=phase,
            event_seq=rows[0].seq,
            replaced=prev.seq if prev else None,
            orders=[o.text for o in env.orders if o.text.strip()],
            digest=env.sealed_digest,
        )

    def record_delivery(self, delivery: ev.ReportDelivered) -> None:
        self.record(lambda _st: [delivery])

    def record(self, decide) -> list[Row]:
        """Append what `decide(state)` returns (events decided on that state), deciding
        again if another process appended first."""
        for _ in range(RETRIES):
            st = self.state()
            events = decide(st)
            try:
                return self.log.append(events, st.seq, seal_hidden.sealer(st, self.secrets))
            except ConflictError:
                continue
        raise ConflictError("the game kept changing; nothing was written, try again")

    def stop(self, reason: str, now: str | None = None) -> None:
        """A referee action: end the game early, revealing the hidden seed as an ending does."""
        for _ in range(RETRIES):
            st = self.state()
            if st.ended is not None:
                raise GameError(f"the game is over already: {st.ended.summary}")
            secrets = self.secrets()
            stopped = ev.GameStopped(reason=reason, at=now or utcnow())
            seed = secrets.chain("hidden").seed(st.resolutions).hex()
            batch = [stopped, ev.SeedRevealed(stream="hidden", index=st.resolutions, seed=seed)]
            try:
                seal = seal_hidden.sealer(st, secrets)
                _append_signed(self.log, batch, st.seq, secrets, seal)
                return
            except ConflictError:
                continue
        raise ConflictError("the game kept changing; nothing was written, try again")

    # --- advancing --------------------------------------------------------------

    def declare_deadline(self, now: str | None = None) -> Step:
        for _ in range(RETRIES):
            st = self.state()
            step = joins.open_step(st)
            if step is None:
                raise GameError("the game is over; there is no deadline to pass")
            if step.phase in st.deadlines:
                return step
            try:
                self.log.append(
                    [ev.DeadlinePassed(phase=step.phase, declared_at=now or utcnow())], st.seq
                )
                return step
            except ConflictError:
                continue
        raise ConflictError("the game kept changing; try again")

    def advance(self, max_steps: int | None = None) -> list[Step]:
        """Resolve every phase whose orders are in (or whose deadline passed)."""
        done: list[Step] = []
        secrets: Secrets | None = None
        while max_steps is None or len(done) < max_steps:
            st = self.state()
            if st.ended is not None:
                break
            rs = st.ruleset
            step = joins.open_step(st)
            if step is None:  # an old log whose end was not yet recorded
                secrets = secrets or self.secrets()
                end = _ending(st, st.resolutions, secrets, rs)
                _append_signed(self.log, end, st.seq, secrets, seal_hidden.sealer(st, secrets))
                break
            if st.paused is not None:
                break
            if not ready(st, step):
                break
            secrets = secrets or self.secrets()
            index = st.resolutions + 1
            head = engine.header(st, step)
            pub = CommittedDice(secrets.chain("public").seed(index), head.orders_digest, "public")
            hid = CommittedDice(secrets.chain("hidden").seed(index), head.orders_digest, "hidden")
            seal = seal_hidden.sealer(st, secrets)
            w = seal_hidden.watcher(seal)
            # resolved on the kept state itself (no copy): on any failure it is dropped
            try:
                head2, results, after = engine.run(st, step, pub, hid, in_place=True, watch=w)
                assert head2 == head
                batch = [head, *results, *_closing(st, index, secrets, rs, after)]
                rows = _append_signed(self.log, batch, st.seq, secrets, seal)
            except ConflictError:
                self._cache = None
                continue
            except BaseException:
                self._cache = None
                raise
            # the results are folded into `after` already: fold only the core's events
            st.rules = after
            for row in rows:
                e = row.event()
                if e.kind != "result":
                    fold(st, row.seq, e, registry.get)
                st.seq, st.head = row.seq, row.hash
            done.append(step)
        return done


def ready(st: GameState, step: Step) -> bool:
    """May `step` be resolved: every power that owes orders sent them (a power in civil
    disorder is not waited for), or its deadline was declared passed."""
    return not st.missing(step.phase, step.owes) or step.phase in st.deadlines


def _closing(st, index, secrets, rs, after) -> list[ev.Event]:
    """Seed reveal after a resolution, and the end of the game when it came (`after`:
    the rules state with the resolution's results folded in)."""
    out: list[ev.Event] = [
        ev.SeedRevealed(
            stream="public", index=index, seed=secrets.chain("public").seed(index).hex()
        )
    ]
    if rs.step(after) is None:
        out += _ending(st, index, secrets, rs, after)
    return out


def _ending(st, index, secrets, rs, after=None) -> list[ev.Event]:
    return [
        ev.GameEnded(summary=rs.outcome(after if after is not None else st.rules)),
        ev.SeedRevealed(
            stream="hidden", index=index, seed=secrets.chain("hidden").seed(index).hex()
        ),
    ]


def _append_signed(
    log: EventLog, batch: list[ev.Event], expected: int, secrets: Secrets, seal=None
) -> list[Row]:
    """Append a batch closed by the referee's signed checkpoint over its last event
    (`seal`: a sealed game's seal_hidden.Sealer)."""
    rows = chain(log.head()[1] if expected else "0" * 64, expected + 1, batch, seal)
    last = rows[-1]
    sig = checkpoint.sign(secrets.referee_key(), secrets.game, last.seq, last.hash)
    closing = ev.CheckpointSigned(seq=last.seq, head=last.hash, signature=sig)
    return log.append([*batch, closing], expected, seal)
