"""Helpers of the fuzz tests (tests/test_fuzz_*.py, docs/core.md "Fuzzed inputs"):
hypothesis settings, a counter of the inputs tried, the checks of an answer, and real
games played a few steps by the scripted players (the inputs: fuzztext.py)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric import ed25519
from fuzztext import POOL
from hypothesis import HealthCheck, settings

from pbem import envelope, keys, sshsig
from pbem import ruleset as registry
from pbem.demo import FIXED_NOW
from pbem.ruleset import STANDING, OrderLine, Problem
from pbem.service import Game, PlayerSpec

NOW = FIXED_NOW
MASTER = bytes(range(32))


def fuzz_settings(max_examples: int) -> settings:
    """Reproducible (derandomize: CI tries the same inputs every run), no example
    database written into the tree, no deadline (a slow example is not a failure)."""
    return settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )


# --- counting ----------------------------------------------------------------------------

INPUTS: Counter[str] = Counter()  # test name -> inputs tried, this session
SECONDS: Counter[str] = Counter()


def tried(name: str, n: int = 1) -> None:
    INPUTS[name] += n


class timed:
    """`with timed(name):` adds the time taken to SECONDS[name]."""

    def __init__(self, name: str):
        self.name = name

    def __enter__(self) -> None:
        self.t0 = time.perf_counter()

    def __exit__(self, *exc: object) -> None:
        SECONDS[self.name] += time.perf_counter() - self.t0


def summary_of(parts: list[dict]) -> str:
    """The line for the counts of every process of the run (`record`'s files)."""
    inputs: Counter[str] = Counter()
    secs = 0.0
    for p in parts:
        inputs.update(p["inputs"])
        secs += sum(p["seconds"].values())
    total = sum(inputs.values())
    listed = ", ".join(f"{k} {v:,}" for k, v in sorted(inputs.items()))
    return f"fuzzed inputs this session: {total:,} in {secs:.1f}s of fuzzing ({listed})"


def write_summary(request: Any) -> None:
    """Write this process's counts so far where the run's summary adds them up
    (conftest.py, pytest_terminal_summary)."""
    shared = os.environ.get("PBEM_TEST_SHARED")
    if not shared:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    out = Path(shared) / f"fuzz-{worker}.json"
    out.write_text(json.dumps({"inputs": dict(INPUTS), "seconds": dict(SECONDS)}))


# --- the answers ---------------------------------------------------------------------------


def line_count(text: str) -> int:
    return len(envelope.split_lines(text))


def check_problems(problems: list[Problem], nlines: int, need_line: bool = False) -> None:
    """Every problem says something, and a line it names is one of the input's."""
    assert problems, "a rejection without a reason"
    for p in problems:
        assert isinstance(p, Problem), p
        assert p.message.strip(), f"a problem without a message: {p!r}"
        assert p.line is None or 1 <= p.line <= nlines, f"line {p.line} of {nlines}: {p}"
    if need_line:
        assert any(p.line is not None for p in problems), f"no line named: {problems}"


# --- real games ----------------------------------------------------------------------------

GAMES = {  # ruleset -> the scenario fuzzed
    "soldier-kings": "1756",
    "soldier-emperor": "1803-4",
    "struggle-of-empires": "3p",
    "seven-years-world-war": "2-european",
}


def key_of(power: str) -> keys.Signer:
    seed = hashlib.sha256(b"pbem-fuzz-key\n" + power.encode()).digest()
    return keys.Signer(keys.private_from_seed(seed), "pbem")


def create(
    path: Path, ruleset: str, scenario: str, signers: dict[str, Any] | None = None
) -> tuple[Game, dict[str, Any]]:
    """A game whose players sign with `signers` (default: pbem keys made from the
    power's name)."""
    rs = registry.get(ruleset)
    powers = rs.powers(scenario, {})
    signers = {p: (signers or {}).get(p) or key_of(p) for p in powers}
    players = [
        PlayerSpec(p, f"p{k}@example.org", signers[p].public.line, p) for k, p in enumerate(powers)
    ]
    game = Game.create(path, ruleset, scenario, players, game_id="fz", now=NOW, master=MASTER)
    return game, signers


def body(game_ref: str, power: str, phase: str, seq: int, lines: list[str], extra: str = "") -> str:
    return (
        f"Game: {game_ref}\nPower: {power}\nPhase: {phase}\nSequence: {seq}\n{extra}\n"
        + "\n".join(lines)
        + "\n"
    )


@dataclass
class Position:
    """One power's orders at one step of a real game: what the parser is fuzzed on."""

    ruleset: str
    rules: Any  # the rules state, folded on its own (not shared with the game)
    power: str
    phase: str
    lines: list[str]  # the scripted player's order lines
    vocabulary: list[str] = field(default_factory=list)  # lines and words to mutate with


def positions(
    path: Path, ruleset: str, steps: int, keep: int, standing_heads: dict[str, list[str]]
) -> list[Position]:
    """Play `steps` steps of a real game with the scripted players and keep the first
    position of each kind of phase, up to `keep`, and each of their powers' standing
    orders (`standing_heads`: words that begin standing orders, by ruleset)."""
    rs = registry.get(ruleset)
    game, signers = create(path, ruleset, GAMES[ruleset])
    seqs: Counter[str] = Counter()
    seen: list[tuple[int, str, str, list[str], list[str]]] = []
    with game:
        for _ in range(steps):
            st = game.state()
            step = rs.step(st.rules)
            if step is None:
                break
            for p in step.owes:
                lines = rs.demo_orders(st.rules, p, step)
                template = rs.order_template(st.rules, p, step)
                seen.append((st.seq, p, step.phase, lines, template))
                seqs[p] += 1
                text = body(st.game_ref, p, step.phase, seqs[p], lines)
                r = game.submit(envelope.sign(text, signers[p]), NOW)
                assert r.ok, r.message()
            if not game.advance(max_steps=1):
                break
        # the first position of each kind of phase, then of each power's kind
        kinds: dict[str, tuple] = {}
        for by_power in (False, True):
            for x in seen:
                kind = re.sub(r"[0-9]+", "", x[2])
                if x[3] and len(kinds) < keep:
                    kinds.setdefault(f"{x[1]} {kind}" if by_power else kind, x)
        chosen = sorted({id(x): x for x in kinds.values()}.values(), key=lambda x: x[0])
        standing = getattr(rs, "demo_standing", None)
        out = []
        for seq, p, phase, lines, template in chosen:
            rules = game.state(upto=seq).rules
            out.append(Position(ruleset, rules, p, phase, lines, _vocabulary(lines, template)))
            more = standing(rules, p) if standing is not None else []
            if not any(x.phase == STANDING and x.power == p for x in out):
                words = _vocabulary(more, [f"# {h}" for h in standing_heads.get(ruleset, [])])
                out.append(Position(ruleset, rules, p, STANDING, more, words))
    return out


def _vocabulary(lines: list[str], template: list[str]) -> list[str]:
    """Lines and words of the orders and of the order template's examples."""
    examples = [t.lstrip("# ").strip() for t in template if t.strip()]
    words = {w for ln in lines + examples for w in ln.replace(",", " ").split()}
    return [*lines, *examples[:80], *sorted(words)[:200]]


def order_lines(lines: list[str], first: int = 6) -> list[OrderLine]:
    return [OrderLine(first + k, t) for k, t in enumerate(lines)]


# --- a game and its signed envelopes ---------------------------------------------------

KINDS = {"malformed", "unsigned", "truncated", "too-large"}
# rejections about a line of the envelope (others: no envelope, or about all of it)
LINE_KINDS = {"malformed", "forged", "wrong-game", "wrong-power", "replayed", "history"}
SUBMIT_KINDS = KINDS | LINE_KINDS | {"wrong-phase", "orders"}


class Signed:
    """A game of Soldier Kings (1756) at its first step: Austria signs with a pbem key,
    Prussia with an OpenSSH Ed25519 key, and the envelopes they signed: Austria's
    orders, Prussia's standing orders, Prussia's orders for a phase not his."""

    def __init__(self, path):
        ssh = keys.Signer(ed25519.Ed25519PrivateKey.from_private_bytes(b"\x07" * 32), "ssh")
        self.game, self.signers = create(path, "soldier-kings", "1756", {"Prussia": ssh})
        st = self.game.state()
        rs = st.ruleset
        step = rs.step(st.rules)
        ref, cp = st.game_ref, st.checkpoint
        austria = [*rs.demo_orders(st.rules, "Austria", step), "# Grüße aus Wien, Ŝtåte"]
        bodies = [
            body(
                ref,
                "Austria",
                step.phase,
                3,
                austria,
                f"Checkpoint: {cp.seq} {cp.head}\nX-Note: Maria Theresia\n",
            ),  # fmt: skip
            body(ref, "Prussia", "standing", 2, [*rs.demo_standing(st.rules, "Prussia"), ""]),
            body(ref, "Prussia", step.phase, 5, ["buy army"]),  # not Prussia's turn
        ]
        self.texts = []
        self.signed: dict[str, tuple[str, list[str]]] = {}  # signed text -> power, lines
        for b in bodies:
            power = b.split("Power: ")[1].split("\n")[0]
            text = envelope.sign(b, self.signers[power])
            env = envelope.parse(text)
            self.texts.append(text)
            self.signed[env.signed_text] = (power, [o.text for o in env.orders])
        self.pool = [ln for t in self.texts for ln in t.split("\n")] + POOL[:64]
        self.tokens = [*(ln + "\n" for ln in self.pool), *TOKENS, *POOL]


TOKENS = [
    envelope.BEGIN + "\n",
    envelope.END + "\n",
    envelope.SIG + "\n",
    envelope.SSH_BEGIN + "\n",
    envelope.SSH_END + "\n",
    "\n",
    "\n\n",
    "\r\n",
    "Game: ",
    "Power: ",
    "Phase: ",
    "Sequence: ",
    "Checkpoint: ",
    "X-Note: ",
    "Key: ",
    "Signature: ",
    "pbem-ed25519 ",
    "ssh-ed25519 ",
    "Austria",
    "Prussia",
    "standing",
    "41 " + "ab" * 32,
    base64.b64encode(bytes(64)).decode(),
    base64.b64encode(bytes(32)).decode(),
    "AAAA",
    "> ",
    " ",
]


def submit(signed: Signed, text: str) -> str:
    """Game.submit, and what must hold of its answer."""
    game = signed.game
    head = game.log.head()
    r = game.submit(text, NOW)
    if r.status == "rejected":
        assert r.kind in SUBMIT_KINDS, r.kind
        assert game.log.head() == head, "a rejected envelope changed the log"
        check_problems(r.problems, line_count(text), need_line=r.kind in LINE_KINDS)
        return r.kind
    if r.status == "duplicate":
        assert game.log.head() == head
        assert game.log.row(r.event_seq).type == "orders_accepted"
        return r.status
    assert r.status == "accepted", r.status
    assert game.log.head()[0] == head[0] + 1
    e = game.log.row(r.event_seq).event()
    stored = envelope.parse(e.envelope)
    # exactly what its player signed: the text, and so the order lines
    assert stored.signed_text in signed.signed, stored.signed_text
    power, lines = signed.signed[stored.signed_text]
    assert (e.power, stored.power) == (power, power)
    assert [o.text for o in stored.orders] == lines
    assert r.orders == [t for t in lines if t.strip()]
    assert e.digest == stored.sealed_digest
    assert envelope.parse(text).signed_text == stored.signed_text
    # and the signature checks out, checked here without pbem's own checks
    public = signed.signers[power].public
    if stored.sig_kind == "pbem":
        raw = base64.b64decode(stored.signature, validate=True)
        public.key.verify(raw, envelope.DOMAIN + stored.signed_text.encode())
    else:
        sshsig.verify(stored.signature, stored.signed_text.encode(), public.key)
    return r.status
