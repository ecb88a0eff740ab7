"""A second, minimal verifier of pbem game files, written from the documentation only.

Audit issue 19 asked that a game can be verified without pbem's source. This module
was written against `docs/core.md` and `docs/signing.md` alone, without reading
`pbem/`. It uses only the standard library, `sqlite3` and `cryptography`, and
imports nothing from pbem.

`check(path)` returns a list of findings; an empty list means every check passed.
It checks, as the docs describe them:

- the hash chain: rows numbered 1, 2, 3 … without gaps, each `prev` the previous
  `hash`, each `hash` recomputed; every body is JSON naming its own type;
- sealed rows (docs/core.md "Sealed rows"): the clear part from the `hidden` table
  against the row's `$sealed` commitment, merged back into the payload; a sealed
  row without one is a finding in a full file, and in a redacted copy (an `export`
  table) a row whose hidden part is not checked (envelopes and hidden draws of
  other powers: counted, their public `digest` still used for the orders digest);
- that the log starts with `game_created`;
- that players are registered only before the first resolution, once per power;
- every `orders_accepted`: its envelope's signature against the key registered for
  its power (Ed25519 `pbem-ed25519` keys; OpenSSH keys through `ssh-keygen -Y
  verify` when it is installed, otherwise counted in `Result.ssh_unchecked`), that
  its `Game:`, `Power:`, `Phase:` and `Sequence:` match the event, that the
  sequence rises, that a quoted `Checkpoint:` names an earlier event with that hash,
  and its recorded digest (sealed, or text for version 1 rows);
- every `phase_resolved`: the index follows the previous one, the envelopes it names
  are accepted orders of that power (for that phase, or standing) from before it,
  and its `orders_digest` recomputed from their digests (the set-up's from the game,
  scenario and options);
- the batch layout: results only inside a resolution, before its public seed reveal;
- every revealed seed against the commitments of `game_created` (the public seed of
  resolution i right after its results, hidden ones hashing down to the anchor);
- every `dice_rolled` of the public stream recomputed from the revealed seed and the
  resolution's orders digest (HMAC derivation, per-label counter k, the meaning of
  each `draw` kind), hidden-stream ones once a hidden seed at or above their index
  has been revealed (counted in `Result.hidden_unchecked` until then);
- every `checkpoint_signed`: it names the row just before it, with that row's hash,
  and its signature is by `game_created.referee_key`.

It knows no game's rules, so it cannot recompute ruleset results (units moved,
battles, cards dealt, the game's end), nor which powers owed orders, nor whether
orders were legal: tampering with those is caught by `pbem verify` alone (or, when
the chain was rebuilt, by the checkpoint signatures here). Nor does it check
anything outside the log (reports, mail). Given kept checkpoint lines, it checks
that the log still has those events with those hashes; given the referee's secret
file, it checks hidden draws before their seed is revealed.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

GENESIS = "0" * 64
INPUT = {"game_created", "player_registered", "orders_accepted", "deadline_passed"}
META = {"phase_resolved", "seed_revealed", "checkpoint_signed", "game_ended", "report_delivered"}
CORE = INPUT | META | {"dice_rolled"}
DRAW_STREAM = {"roll": "public", "pick": "public", "draw": "hidden", "shuffle": "hidden"}
BEGIN = "-----BEGIN PBEM ORDERS-----"
END = "-----END PBEM ORDERS-----"
SIG_BEGIN = "-----BEGIN PBEM SIGNATURE-----"
SSH_BEGIN = "-----BEGIN SSH SIGNATURE-----"
SSH_END = "-----END SSH SIGNATURE-----"
SSH_NAMESPACE = "pbem-orders"


@dataclass
class Result:
    findings: list[str] = field(default_factory=list)
    events: int = 0
    signatures: int = 0
    ssh_unchecked: int = 0
    resolutions: int = 0
    seeds: int = 0
    rolls: int = 0
    hidden_unchecked: int = 0
    scripted: int = 0
    checkpoints: int = 0

    @property
    def ok(self) -> bool:
        return not self.findings


def check(
    path: str | os.PathLike, kept: list[str] = (), secret: str | os.PathLike | None = None
) -> list[str]:
    """Findings about the game file at `path` (empty: every documented check passed).

    `kept`: checkpoint lines a player kept (`pbem-checkpoint GAME SEQ HEAD SIGNATURE`),
    each checked against the log. `secret`: the referee's `GAME.secret` file, with which
    hidden draws are checked before their seed is revealed, and the game's uid and
    referee key are checked against the master secret.
    """
    return run(path, kept, secret).findings


# --- primitives -----------------------------------------------------------------------------


# the service's input events (docs/service.md, "What the log records")
SERVICE_INPUTS = {
    "schedule_set",
    "deadline_set",
    "game_paused",
    "game_resumed",
    "player_changed",
    "civil_disorder",
    "game_stopped",
    "mail_sent",
}


def canonical(obj) -> str:
    return json.dumps(
        obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


def row_hash(prev: str, seq: int, type_: str, v: int, body: str) -> str:
    return hashlib.sha256(f"{prev}\n{seq}\n{type_}\n{v}\n{body}".encode()).hexdigest()


def chain_step(x: bytes) -> bytes:
    return hashlib.sha256(b"pbem-seed-chain\n" + x).digest()


def randbelow(seed: bytes, digest: str, label: str, k: int, n: int) -> int:
    if n == 1:
        return 0
    w = ((n - 1).bit_length() + 7) // 8
    limit = 256**w - (256**w % n)
    block, buf = 0, b""
    while True:
        msg = f"{digest}\n{label}\n{k}\n{block}".encode()
        buf += hmac.new(seed, msg, hashlib.sha256).digest()
        block += 1
        while len(buf) >= w:
            x, buf = int.from_bytes(buf[:w], "big"), buf[w:]
            if x < limit:
                return x % n


def pbem_public_key(line: str) -> Ed25519PublicKey | None:
    parts = line.split()
    if len(parts) < 2 or parts[0] != "pbem-ed25519":
        return None
    raw = base64.b64decode(parts[1], validate=True)
    return Ed25519PublicKey.from_public_bytes(raw)


def ed25519_ok(key: Ed25519PublicKey, sig: bytes, msg: bytes) -> bool:
    try:
        key.verify(sig, msg)
        return True
    except InvalidSignature:
        return False


# --- envelopes (docs/signing.md, docs/core.md "The orders digest") ---------------------------


@dataclass
class Envelope:
    headers: dict[str, str]  # lower-case names
    text: str  # the signed text: normalised lines between BEGIN and the signature, "\n"-ended
    sig_kind: str  # "pbem" or "ssh"
    key: str  # the Key: line of a PBEM signature block ("" for ssh)
    signature: bytes  # raw Ed25519 signature, or the SSHSIG blob


class EnvelopeError(ValueError):
    pass


def _normalise_line(line: str) -> str:
    return line.rstrip()  # trailing spaces, tabs and other Unicode white space


def parse_envelope(stored: str) -> Envelope:
    """Parse an envelope as stored in `orders_accepted.envelope` (already normalised)."""
    text = unicodedata.normalize("NFC", stored.lstrip("\ufeff"))
    lines = [_normalise_line(x) for x in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    try:
        start = next(i for i, x in enumerate(lines) if x.strip() == BEGIN)
    except StopIteration:
        raise EnvelopeError("no BEGIN line") from None
    try:
        end = next(i for i in range(start + 1, len(lines)) if lines[i].strip() == END)
    except StopIteration:
        raise EnvelopeError("no END line") from None
    inner = lines[start + 1 : end]
    sig_at = next((i for i, x in enumerate(inner) if x.strip() in (SIG_BEGIN, SSH_BEGIN)), None)
    if sig_at is None:
        raise EnvelopeError("no signature block")
    body = inner[:sig_at]
    while body and body[0] == "":
        body.pop(0)
    while body and body[-1] == "":
        body.pop()
    signed = "".join(x + "\n" for x in body)
    block = inner[sig_at:]
    if block[0].strip() == SSH_BEGIN:
        try:
            stop = next(i for i, x in enumerate(block) if x.strip() == SSH_END)
        except StopIteration:
            raise EnvelopeError("no END SSH SIGNATURE line") from None
        b64 = "".join(x.strip() for x in block[1:stop])
        try:
            blob = base64.b64decode(b64, validate=True)
        except ValueError:
            raise EnvelopeError("bad SSH signature base64") from None
        return Envelope(_headers(body), signed, "ssh", "", blob)
    fields: dict[str, str] = {}
    last = None
    for x in block[1:]:
        s = x.strip()
        if not s:
            continue
        if ":" in s and s.split(":", 1)[0] in ("Key", "Signature"):
            last, value = s.split(":", 1)
            if last in fields:
                raise EnvelopeError(f"repeated {last}: line")
            fields[last] = value.strip()
        elif last == "Signature":  # a continuation line of a wrapped signature
            fields[last] += s
        else:
            raise EnvelopeError(f"unexpected line in the signature block: {s!r}")
    if "Signature" not in fields:
        raise EnvelopeError("the signature block needs a Signature: line")
    try:
        sig = base64.b64decode(fields["Signature"], validate=True)
    except ValueError:
        raise EnvelopeError("bad signature base64") from None
    if len(sig) != 64:
        raise EnvelopeError("an Ed25519 signature is 64 bytes")
    return Envelope(_headers(body), signed, "pbem", fields.get("Key", ""), sig)


def _headers(body: list[str]) -> dict[str, str]:
    headers: dict[str, str] = {}
    name = None
    for x in body:
        if x == "":
            break
        if x[:1] in (" ", "\t") and name is not None:  # a folded header's continuation
            headers[name] = f"{headers[name]} {x.strip()}"
            continue
        if ":" not in x:
            raise EnvelopeError(f"header line without a colon: {x!r}")
        name, value = x.split(":", 1)
        name = name.strip().lower()
        if name in headers:
            raise EnvelopeError(f"repeated header {name!r}")
        headers[name] = value.strip()
    return headers


def pbem_signed_bytes(env: Envelope) -> bytes:
    return b"pbem-orders-v1\n" + env.text.encode()


def sealed_digest(env: Envelope) -> str:
    return hashlib.sha256(
        b"pbem-sealed-digest-v1\n" + env.text.encode() + b"\n" + env.signature
    ).hexdigest()


def text_digest(env: Envelope) -> str:
    return hashlib.sha256(env.text.encode()).hexdigest()


def ssh_verify(env: Envelope, key_line: str) -> bool | None:
    """True/False from `ssh-keygen -Y verify`, None when ssh-keygen is not installed."""
    exe = shutil.which("ssh-keygen")
    if exe is None:
        return None
    b64 = base64.b64encode(env.signature).decode()
    armour = (
        SSH_BEGIN
        + "\n"
        + "\n".join(b64[i : i + 70] for i in range(0, len(b64), 70))
        + "\n"
        + SSH_END
        + "\n"
    )
    with tempfile.TemporaryDirectory() as d:
        signers = Path(d) / "allowed"
        signers.write_text("player " + " ".join(key_line.split()[:2]) + "\n")
        sig = Path(d) / "sig"
        sig.write_text(armour)
        p = subprocess.run(
            [
                exe,
                "-Y",
                "verify",
                "-f",
                str(signers),
                "-I",
                "player",
                "-n",
                SSH_NAMESPACE,
                "-s",
                str(sig),
            ],
            input=env.text.encode(),
            capture_output=True,
        )
    return p.returncode == 0


# --- the log --------------------------------------------------------------------------------


def unseal(seq: int, d: dict, part: tuple | None, copy: bool, out: list[str]) -> dict | None:
    """A sealed row's payload: its public fields with its clear part (salt, clear) once
    the commitment checks; in a redacted copy without one, the public fields marked
    "$redacted"; in a full file without one, a finding."""
    commit, to = d.pop("$sealed"), d.pop("$to", None)
    if not isinstance(to, list):
        out.append(f"event {seq}: a sealed row without its audience")
    if part is None:
        if copy:
            return {**d, "$redacted": True}
        out.append(f"event {seq}: sealed, and its clear part is not in the file")
        return None
    salt, text = part
    if hashlib.sha256(f"pbem-hidden-v1\n{salt}\n{text}".encode()).hexdigest() != commit:
        out.append(f"event {seq}: its clear part does not match the commitment")
        return None
    hidden = json.loads(text)
    if not isinstance(hidden, dict) or set(hidden) & set(d):
        out.append(f"event {seq}: its clear part is not a set of hidden fields")
        return None
    return {**d, **hidden}


def run(
    path: str | os.PathLike, kept: list[str] = (), secret: str | os.PathLike | None = None
) -> Result:
    res = Result()
    out = res.findings
    try:
        con = sqlite3.connect(f"file:{Path(path)}?mode=ro", uri=True)
        try:
            rows = con.execute(
                "SELECT seq, type, v, body, prev, hash FROM events ORDER BY seq"
            ).fetchall()
            tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
            # sealed rows' clear parts, and the mark of a redacted copy (docs/core.md)
            clear = {}
            if "hidden" in tables:
                clear = {
                    r[0]: (r[1], r[2]) for r in con.execute("SELECT seq, salt, clear FROM hidden")
                }
            copy = "export" in tables
            marked = [r[0] for r in con.execute("SELECT power FROM export")] if copy else []
        finally:
            con.close()
    except sqlite3.Error as e:
        out.append(f"cannot read the events table: {e}")
        return res
    res.events = len(rows)
    if not rows:
        out.append("the log is empty: it must start with game_created")
        return res

    # 1. the chain
    prev = GENESIS
    hashes: dict[int, str] = {}
    for n, (seq, type_, v, body, p, h) in enumerate(rows, 1):
        if seq != n:
            out.append(f"row {n}: numbered {seq}, expected event number {n}")
        if p != prev:
            out.append(f"event {seq}: prev does not match the hash of the row before it")
        try:
            want = row_hash(prev, seq, type_, v, body)
        except TypeError:
            want = None
        if h != want:
            out.append(f"event {seq}: hash mismatch (the row was changed)")
        hashes[seq] = h
        prev = h

    # 2. decode
    events: list[tuple[int, str, int, dict]] = []
    for seq, type_, v, body, _p, _h in rows:
        try:
            d = json.loads(body)
        except (TypeError, ValueError):
            out.append(f"event {seq}: the body is not JSON")
            continue
        if not isinstance(d, dict) or d.get("type") != type_:
            out.append(f"event {seq}: the body does not name its type {type_!r}")
            continue
        if "$sealed" in d:
            d = unseal(seq, d, clear.get(seq), copy, out)
            if d is None:
                continue
        events.append((seq, type_, v, d))
    if not events or rows[0][1] != "game_created" or events[0][0] != rows[0][0]:
        out.append("the log does not start with game_created")
        return res
    registered = {d.get("power") for _s, t, _v, d in events if t == "player_registered"}
    for power in marked:  # a redacted copy is one power's (docs/core.md "Redacted copies")
        if power not in registered:
            out.append(f"the copy is marked for {power!r}, who is not a power of the game")
    try:
        walk = _Walk(res, hashes)
        if secret is not None:
            walk.load_secret(Path(secret))
        walk.walk(events)
        for line in kept:
            walk.kept(line)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        out.append(f"malformed event payload: {type(e).__name__}: {e}")
    return res


class _Walk:
    def __init__(self, res: Result, hashes: dict[int, str]):
        self.res = res
        self.out = res.findings
        self.hashes = hashes
        self.secret: dict | None = None

    def load_secret(self, path: Path) -> None:
        try:
            self.secret = json.loads(path.read_text())
        except (OSError, ValueError) as e:
            self.out.append(f"cannot read the secret file {path}: {e}")

    def derive(self, label: str) -> bytes:
        master = bytes.fromhex(self.secret["master"])
        return hmac.new(master, f"pbem/{self.game}/{label}".encode(), hashlib.sha256).digest()

    def check_secret(self, gc: dict) -> None:
        sec = self.secret
        if sec.get("game") != self.game or int(sec.get("chain_length", -1)) != self.n_chain:
            self.out.append("the secret file is for another game (game or chain length differ)")
        if self.uid and self.derive("game-uid")[:8].hex() != self.uid:
            self.out.append("game_created.uid does not follow from the master secret")
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

        pub = Ed25519PrivateKey.from_private_bytes(self.derive("referee-key")).public_key()
        raw = pub.public_bytes(Encoding.Raw, PublicFormat.Raw)
        if gc["referee_key"].split()[1:2] != [base64.b64encode(raw).decode()]:
            self.out.append("game_created.referee_key is not the key of the master secret")
        for stream in ("public", "hidden"):
            if not self.seed_ok(stream, self.n_chain, self.derive(f"seed-chain/{stream}"), {}):
                self.out.append(
                    f"the {stream} commitment is not the anchor of the master secret's chain"
                )

    def secret_seed(self, stream: str, index: int) -> bytes:
        x = self.derive(f"seed-chain/{stream}")
        for _ in range(self.n_chain - index):
            x = chain_step(x)
        return x

    def kept(self, line: str) -> None:
        parts = line.split()
        where = f"kept checkpoint {line[:60]!r}"
        if len(parts) != 5 or parts[0] != "pbem-checkpoint" or not parts[2].isdigit():
            self.out.append(f"{where}: not of the form 'pbem-checkpoint GAME SEQ HEAD SIGNATURE'")
            return
        _, game, seq, head, sig = parts
        if game != self.game:
            self.out.append(f"{where}: for game {game!r}, not {self.game!r}")
            return
        msg = f"pbem-checkpoint-v1\n{game}\n{int(seq)}\n{head}\n".encode()
        try:
            raw = base64.b64decode(sig, validate=True)
        except ValueError:
            raw = b""
        if self.referee is None or not ed25519_ok(self.referee, raw, msg):
            self.out.append(f"{where}: not signed by this game's referee")
        elif self.hashes.get(int(seq)) != head:
            self.out.append(
                f"{where}: HISTORY REWRITTEN, the log has no event {seq} with that hash"
            )

    def walk(self, events: list[tuple[int, str, int, dict]]) -> None:
        out = self.out
        _, _, _, gc = events[0]
        types = {seq: type_ for seq, type_, _v, _d in events}
        self.game = gc["game"]
        self.uid = gc.get("uid", "")
        self.n_chain = int(gc["chain_length"])
        self.anchor = {s: bytes.fromhex(gc["commitments"][s]) for s in ("public", "hidden")}
        try:
            self.referee = pbem_public_key(gc["referee_key"])
        except ValueError:
            self.referee = None
        if self.referee is None:
            out.append("game_created.referee_key is not a pbem-ed25519 key")
        if self.secret is not None:
            self.check_secret(gc)
        keys: dict[str, str] = {}
        orders: dict[int, tuple[str, str, str]] = {}  # log seq -> (power, phase, digest)
        last_seq: dict[tuple[str, bool], int] = {}  # (power, standing?) -> last
        latest: dict[tuple[str, str], int] = {}  # (power, phase) -> log seq of the latest envelope
        public_seeds: dict[int, bytes] = {}
        hidden_top: tuple[int, bytes] | None = None
        hidden_dice: list[tuple[int, str, dict, str]] = []  # (resolution, digest, row, where)
        res_index = 0
        batch = None  # the open resolution: dict(index, digest, phase, revealed, counters)
        started = False
        ended = False
        passed: set[str] = set()  # phases whose deadline was declared passed
        for seq, type_, _v, d in events[1:]:
            where = f"event {seq} ({type_})"
            if type_ == "game_created":
                out.append(f"{where}: a second game_created")
            elif type_ == "player_registered":
                if started:
                    out.append(f"{where}: {d['power']} registered again after the game began")
                elif d["power"] in keys:
                    out.append(f"{where}: {d['power']} registered twice")
                keys[d["power"]] = d["public_key"]
            elif type_ == "orders_accepted":
                if batch is not None:
                    out.append(f"{where}: an input inside a resolution's batch")
                if ended:
                    out.append(f"{where}: orders accepted after the game ended")
                if d.get("$redacted"):  # another power's envelope, in a redacted copy
                    r = d["digest"]
                    key = (d["power"], d["phase"] == "standing")  # kinds count apart
                    last_seq[key] = max(d["seq"], last_seq.get(key, d["seq"]))
                else:
                    r = self.envelope(seq, d, keys, last_seq, where)
                if r is not None:
                    orders[seq] = (d["power"], d["phase"], r)
                latest[(d["power"], d["phase"])] = seq
            elif type_ == "deadline_passed":
                if batch is not None:
                    out.append(f"{where}: an input inside a resolution's batch")
                passed.add(d["phase"])
            elif type_ == "phase_resolved":
                if d["index"] == 1 and gc.get("joins"):  # docs/core.md, Joining
                    missing = sorted(set(keys) - set(d["orders"]))
                    if sorted(d["defaulted"]) != missing:
                        out.append(f"{where}: the set-up's defaulted powers are not {missing}")
                    if missing and "setup" not in passed:
                        out.append(
                            f"{where}: the set-up was resolved without the joins of "
                            f"{', '.join(missing)} and before its deadline"
                        )
                started = True
                if batch is not None:
                    out.append(f"{where}: a resolution starts before the previous batch was closed")
                if ended:
                    out.append(f"{where}: a resolution after the game ended")
                res_index += 1
                self.res.resolutions += 1
                if d["index"] != res_index:
                    out.append(f"{where}: index {d['index']}, expected {res_index}")
                digest = self.orders_digest(d, gc, orders, latest, where)
                if digest != d["orders_digest"]:
                    out.append(
                        f"{where}: orders_digest does not match the digests of the orders it names"
                    )
                batch = {
                    "index": d["index"],
                    "digest": d["orders_digest"],
                    "revealed": False,
                    "k": {},
                }
            elif type_ == "dice_rolled":
                if batch is None or batch["revealed"]:
                    out.append(f"{where}: a die rolled outside a resolution's results")
                    continue
                self.res.rolls += 1
                if d.get("$redacted"):  # hidden values, in a redacted copy
                    self.res.hidden_unchecked += 1
                    continue
                self.dice_shape(d, where)
                if d["stream"] == "scripted":
                    self.res.scripted += 1
                    continue
                k0 = batch["k"].get((d["stream"], d["label"]), 0)
                batch["k"][(d["stream"], d["label"])] = k0 + len(d["values"])
                row = (batch["index"], batch["digest"], d, k0, where)
                if d["stream"] == "public":
                    batch.setdefault("public_dice", []).append(row)
                else:
                    hidden_dice.append(row)
            elif type_ == "seed_revealed":
                self.res.seeds += 1
                seed = bytes.fromhex(d["seed"])
                if d["stream"] == "public":
                    if batch is None or batch["revealed"]:
                        out.append(f"{where}: a public seed revealed outside a resolution")
                        continue
                    batch["revealed"] = True
                    if d["index"] != batch["index"]:
                        out.append(
                            f"{where}: reveals seed {d['index']}, the resolution is {batch['index']}"
                        )
                    if not self.seed_ok("public", d["index"], seed, public_seeds):
                        out.append(
                            f"{where}: public seed {d['index']} does not match the commitment"
                        )
                        continue
                    public_seeds[d["index"]] = seed
                    for row in batch.get("public_dice", []):
                        self.dice_values(seed, *row)
                elif d["stream"] == "hidden":
                    if batch is None or not batch["revealed"]:
                        out.append(f"{where}: a hidden seed revealed outside a resolution's close")
                    elif d["index"] != batch["index"]:
                        out.append(
                            f"{where}: reveals hidden seed {d['index']}, the resolution is {batch['index']}"
                        )
                    if not self.seed_ok("hidden", d["index"], seed, {}):
                        out.append(
                            f"{where}: hidden seed {d['index']} does not match the commitment"
                        )
                        continue
                    if hidden_top is None or d["index"] > hidden_top[0]:
                        hidden_top = (d["index"], seed)
                else:
                    out.append(f"{where}: unknown stream {d['stream']!r}")
            elif type_ == "checkpoint_signed":
                self.res.checkpoints += 1
                creation = gc.get("joins") and not started and self.res.checkpoints == 1
                if (batch is None or not batch["revealed"]) and not creation:
                    # (a game with joins: its creation batch is closed before any resolution)
                    out.append(f"{where}: a checkpoint that closes no resolution")
                batch = None
                self.checkpoint(seq, d, where)
            elif type_ == "game_ended":
                if batch is None or not batch["revealed"]:
                    out.append(f"{where}: game_ended outside a resolution's close")
                ended = True
            elif type_ == "report_delivered":
                # its content can only be checked by rendering the report with the rules
                if batch is not None:
                    out.append(f"{where}: a delivery inside a resolution's batch")
                stop = d["stop"]
                if not (1 <= d["start"] <= stop < seq) or types.get(stop) != "checkpoint_signed":
                    out.append(
                        f"{where}: covers events {d['start']}..{stop}, not up to a checkpoint before it"
                    )
                if d["power"] not in keys:
                    out.append(f"{where}: a report for {d['power']!r}, not a power of this game")
            elif type_ in SERVICE_INPUTS:  # docs/service.md: inputs between resolutions
                if batch is not None:
                    out.append(f"{where}: an input inside a resolution's batch")
                if type_ == "player_changed":
                    if d["power"] not in keys:
                        out.append(f"{where}: {d['power']!r} is not a power of this game")
                    elif d.get("public_key"):
                        keys[d["power"]] = d["public_key"]
                elif type_ == "game_stopped":
                    if ended:
                        out.append(f"{where}: the game was over already")
                    ended = True  # closed like a resolution: the hidden seed, a checkpoint
                    batch = {"index": res_index, "digest": "", "revealed": True, "k": {}}
            else:  # a ruleset event: a result
                if batch is None or batch["revealed"]:
                    out.append(f"{where}: a result outside a resolution's results")
        if batch is not None:
            out.append("the last resolution's batch is not closed by a checkpoint")
        if (
            hidden_dice
            and self.secret is not None
            and (hidden_top is None or hidden_top[0] < res_index)
        ):
            hidden_top = (res_index, self.secret_seed("hidden", res_index))
        seeds = {}
        for index, digest, d, k0, where in hidden_dice:
            if hidden_top is None or hidden_top[0] < index:
                self.res.hidden_unchecked += 1
                continue
            if index not in seeds:
                seed = hidden_top[1]
                for _ in range(hidden_top[0] - index):
                    seed = chain_step(seed)
                seeds[index] = seed
            self.dice_values(seeds[index], index, digest, d, k0, where)

    # -- envelopes

    def envelope(self, seq, d, keys, last_seq, where) -> str | None:
        out = self.out
        power = d["power"]
        try:
            env = parse_envelope(d["envelope"])
        except EnvelopeError as e:
            out.append(f"{where}: envelope unreadable: {e}")
            return None
        h = env.headers
        game_line = f"{self.game} {self.uid}" if self.uid else self.game
        if h.get("game") != game_line:
            out.append(f"{where}: Game: {h.get('game')!r} is not this game ({game_line!r})")
        if h.get("power") != power or h.get("phase") != d["phase"]:
            out.append(f"{where}: the event's power/phase differ from the envelope's")
        try:
            env_seq = int(h.get("sequence", ""))
        except ValueError:
            env_seq = None
            out.append(f"{where}: Sequence: is not a whole number")
        if env_seq is not None:
            if env_seq != d["seq"]:
                out.append(
                    f"{where}: the event's seq {d['seq']} differs from the envelope's {env_seq}"
                )
            key = (power, d["phase"] == "standing")  # orders and standing orders apart
            if key in last_seq and env_seq <= last_seq[key]:
                out.append(
                    f"{where}: Sequence {env_seq} is not above {power}'s previous {last_seq[key]}"
                )
            last_seq[key] = max(env_seq, last_seq.get(key, env_seq))
        if "checkpoint" in h:
            parts = h["checkpoint"].split()
            ok = len(parts) == 2 and parts[0].isdigit() and int(parts[0]) < seq
            if not ok or self.hashes.get(int(parts[0])) != parts[1]:
                out.append(
                    f"{where}: its Checkpoint: names no earlier event with that hash (history rewritten)"
                )
        kind = d.get("digest_kind", "text")
        digest = sealed_digest(env) if kind == "sealed" else text_digest(env)
        if d["digest"] != digest:
            out.append(f"{where}: digest does not match the envelope ({kind})")
        key = keys.get(power)
        if key is None:
            out.append(f"{where}: no key registered for {power}")
            return digest
        self.res.signatures += 1
        if env.sig_kind == "pbem":
            pub = None
            with contextlib.suppress(ValueError):
                pub = pbem_public_key(key)
            if pub is None or not ed25519_ok(pub, env.signature, pbem_signed_bytes(env)):
                out.append(f"{where}: the signature is not by the key registered for {power}")
        else:
            ok = ssh_verify(env, key) if not key.startswith("pbem-ed25519") else False
            if ok is None:
                self.res.ssh_unchecked += 1
            elif not ok:
                out.append(f"{where}: the SSH signature is not by the key registered for {power}")
        return digest

    # -- resolutions

    def orders_digest(self, d, gc, orders, latest, where) -> str:
        named = {}
        if d["index"] == 1:
            if d["phase"] != "setup":
                self.out.append(f"{where}: resolution 1 is not the set-up")
            what = {
                "phase": "setup",
                "index": 1,
                "game": gc["game"],
                "scenario": gc["scenario"],
                "options": gc["options"],
            }
            if gc.get("joins"):  # the players' join envelopes (docs/core.md, Joining)
                what["orders"] = self.named(d, "orders", "setup", orders, latest, where)
            elif d["orders"]:
                self.out.append(f"{where}: a set-up without joins names orders")
            return hashlib.sha256(canonical(what).encode()).hexdigest()
        for part, phase in (("orders", d["phase"]), ("standing", "standing")):
            named[part] = self.named(d, part, phase, orders, latest, where)
        return hashlib.sha256(
            canonical(
                {
                    "phase": d["phase"],
                    "index": d["index"],
                    "orders": named["orders"],
                    "standing": named["standing"],
                }
            ).encode()
        ).hexdigest()

    def named(self, d, part, phase, orders, latest, where) -> dict[str, str]:
        """The digests of the envelopes a header's `part` names, each checked to be the
        latest of its power for `phase`."""
        out = {}
        for power, s in d[part].items():
            o = orders.get(s)
            if o is None or o[0] != power or o[1] != phase:
                self.out.append(
                    f"{where}: {part} of {power} name event {s}, not {phase} orders of {power}"
                )
                continue
            if latest.get((power, phase)) != s:
                self.out.append(f"{where}: {part} of {power} name event {s}, not the latest ones")
            out[power] = o[2]
        return out

    def seed_ok(self, stream: str, index: int, seed: bytes, known: dict[int, bytes]) -> bool:
        if not 1 <= index <= self.n_chain or len(seed) != 32:
            return False
        if index - 1 in known:
            return chain_step(seed) == known[index - 1]
        x = seed
        for _ in range(index):
            x = chain_step(x)
        return x == self.anchor[stream]

    # -- dice

    def dice_shape(self, d, where) -> None:
        draw, sides, values = d.get("draw"), d["sides"], d["values"]
        if d["stream"] not in ("public", "hidden", "scripted"):
            self.out.append(f"{where}: unknown stream {d['stream']!r}")
        if draw is not None and draw not in DRAW_STREAM:
            self.out.append(f"{where}: unknown draw kind {draw!r}")
        elif draw is not None and d["stream"] != "scripted" and DRAW_STREAM[draw] != d["stream"]:
            self.out.append(f"{where}: a {draw} on the {d['stream']} stream")
        if draw == "shuffle" and len(values) != max(sides - 1, 0):
            self.out.append(
                f"{where}: a shuffle of {sides} items has {sides - 1} values, not {len(values)}"
            )

    def expected(self, seed, digest, d, k0) -> list[list[int]]:
        """The values each plausible reading of the row gives (one unless `draw` is null)."""
        label, sides, n = d["label"], d["sides"], len(d["values"])
        kinds = (
            [d["draw"]]
            if d.get("draw")
            else (["roll", "pick"] if d["stream"] == "public" else ["draw", "shuffle"])
        )
        got = []
        for kind in kinds:
            if kind == "roll":
                got.append([randbelow(seed, digest, label, k0 + j, sides) + 1 for j in range(n)])
            elif kind in ("pick", "draw"):
                got.append([randbelow(seed, digest, label, k0 + j, sides) for j in range(n)])
            elif kind == "shuffle":
                got.append(
                    [
                        randbelow(seed, digest, label, k0 + m, sides - m)
                        for m in range(max(sides - 1, 0))
                    ]
                )
        return got

    def dice_values(self, seed, index, digest, d, k0, where) -> None:
        if d["values"] not in self.expected(seed, digest, d, k0):
            self.out.append(
                f"{where}: values {d['values']} do not follow from the {d['stream']} seed {index}"
            )

    # -- checkpoints

    def checkpoint(self, seq, d, where) -> None:
        if d["seq"] != seq - 1 or d["head"] != self.hashes.get(seq - 1):
            self.out.append(f"{where}: the checkpoint does not name the event just before it")
        msg = f"pbem-checkpoint-v1\n{self.game}\n{d['seq']}\n{d['head']}\n".encode()
        try:
            sig = base64.b64decode(d["signature"], validate=True)
        except ValueError:
            sig = b""
        if self.referee is None or not ed25519_ok(self.referee, sig, msg):
            self.out.append(f"{where}: the checkpoint's signature is not the referee's")
