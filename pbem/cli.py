"""The referee's verbs (DESIGN "CLI"): thin click commands over the library.

Exit codes: 0 done, 1 input rejected, 2 usage, 3 verification failed.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from .cli_common import given_now, open_game, parse_option
from .errors import PbemError

# Every command imports what it uses itself, so `pbem --help` and `pbem status`
# load neither the rules nor the event models (issue: start-up within 3x of click).

EPILOG_HELP = {"max_content_width": 100}


class Group(click.Group):
    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except PbemError as e:
            click.echo(f"error: {e}", err=True)
            ctx.exit(e.exit_code)


@click.group(cls=Group, context_settings=EPILOG_HELP)
@click.version_option(package_name="pbem")
def main() -> None:
    """pbem: play-by-email adjudicator for 18th-century grand-strategy games.

    \b
    A referee's game, start to finish:
      pbem keygen alice                      (each player, once)
      pbem new g.pbem --ruleset soldier-kings --scenario 1756 \\
          --player Prussia=alice@example.org,alice.pub --player ...
      pbem sign orders.txt --key alice.key > signed.txt   (a player)
      pbem submit g.pbem signed.txt
      pbem advance g.pbem
      pbem verify g.pbem
    """


@main.command()
@click.argument("game", type=click.Path(dir_okay=False))
@click.option("--ruleset", "ruleset_", required=True, help="The game, e.g. soldier-kings.")
@click.option("--scenario", required=True, help="Scenario id; see `pbem games`.")
@click.option(
    "--player",
    "players",
    multiple=True,
    metavar="POWER=EMAIL,KEYFILE[,NAME]",
    help="One per power; KEYFILE holds a pbem or OpenSSH public key.",
)
@click.option(
    "--option", "options", multiple=True, metavar="NAME[=VALUE]", help="Switch on an optional rule."
)
@click.option("--id", "game_id", help="Game id players write in their orders (default: file name).")
@click.option(
    "--schedule",
    "schedule",
    multiple=True,
    metavar="KEY=VALUE ...",
    help="Deadlines: orders=72h few=24h remind=24h,2h grace=1h tz=UTC skip=sat,sun at=18:00 "
    "misses=3 (docs/service.md).",
)
@click.option(
    "--joins/--no-joins",
    default=True,
    help="The set-up waits for every player's signed random value (the default), so "
    "nobody alone can steer it; --no-joins resolves it at once (docs/core.md).",
)
@click.option("--now", help="Creation time to record (default: now, UTC).")
def new(game, ruleset_, scenario, players, options, game_id, schedule, joins, now):
    """Create GAME (a new file) and its referee secret file GAME.secret.

    \b
    Example:
      pbem new g1756.pbem --ruleset soldier-kings --scenario 1756 \\
        --player Prussia=alice@example.org,alice.pub \\
        --player Austria=bob@example.org,bob.pub
    """
    from .deadlines import parse_schedule
    from .referee import set_schedule
    from .service import Game, PlayerSpec

    opts = dict(parse_option(o) for o in options)
    specs = [PlayerSpec.parse(p) for p in players]
    sched = parse_schedule(schedule) if schedule else None
    g = Game.create(
        game,
        ruleset_,
        scenario,
        specs,
        options=opts,
        game_id=game_id,
        now=given_now(now),
        joins=joins,
    )
    if sched is not None:
        set_schedule(g, sched, given_now(now))
    st = g.status()
    click.echo(f"created {game} (game id {st.game}); keep {game}.secret private")
    click.echo(st.text())


@main.command()
@click.argument("name")
@click.option("--dir", "directory", default=".", type=click.Path(file_okay=False))
@click.option(
    "--passphrase-env", metavar="VAR", help="Encrypt the key with the passphrase in $VAR."
)
def keygen(name, directory, passphrase_env):
    """Make a key pair: NAME.key (private, keep it) and NAME.pub (send it to the referee).

    \b
    Example:
      pbem keygen alice && cat alice.pub
    """
    from . import keys

    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    priv, pub = d / f"{name}.key", d / f"{name}.pub"
    for f in (priv, pub):
        if f.exists():
            raise click.UsageError(f"{f} exists; not overwriting a key")
    pw = os.environ[passphrase_env].encode() if passphrase_env else None
    pem, line = keys.generate(pw)
    fd = os.open(priv, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(pem)
    pub.write_text(f"{line} {name}\n")
    click.echo(f"private key: {priv} (keep it secret)\npublic key:  {pub}\n{line} {name}")


@main.command()
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option(
    "--key",
    "keyfile",
    required=True,
    type=click.Path(exists=True, dir_okay=False),
    help="A pbem private key (pbem keygen) or an OpenSSH private key.",
)
@click.option("--passphrase-env", metavar="VAR", help="The key's passphrase is in $VAR.")
@click.option("--seq", type=int, help="Add 'Sequence: N' if the file has none (default: the time).")
@click.option(
    "--phase",
    help="FILE is a saved report with two envelopes: sign the one of this Phase (e.g. 'standing').",
)
@click.option(
    "--force",
    is_flag=True,
    help="Sign a Sequence far above the report's and the time in seconds all the same.",
)
def sign(file, keyfile, passphrase_env, seq, phase, force):
    """Print FILE (headers, blank line, orders) as a signed envelope.

    \b
    Example (orders.txt):
      Game: g1756 3f9a1c7e5b2d4a60
      Power: Prussia
      Phase: 1756-spring-purchase
      Sequence: 3

      buy army
    $ pbem sign orders.txt --key alice.key > signed.txt

    An order line 'random' alone (a join envelope, Phase: setup) gets 32 fresh
    random bytes: the player's own random value for the set-up. FILE may be a
    saved plain-text report: its envelope is signed (--phase picks one of two).
    """
    from . import envelope, keys, report_blocks

    saved = file.read()
    text = report_blocks.to_sign(saved, phase)
    body = envelope.unsigned_body(text)
    if not any(ln.lower().startswith("sequence:") for ln in body.split("\n\n", 1)[0].splitlines()):
        import time

        n = seq if seq is not None else int(time.time())
        head, sep, rest = body.partition("\n\n")
        body = f"{head}\nSequence: {n}{sep}{rest}" if sep else f"{body}Sequence: {n}\n"
    pw = os.environ[passphrase_env].encode() if passphrase_env else None
    signer = keys.Signer.load(Path(keyfile).read_bytes(), pw)
    from .joins import fill_in

    signed = envelope.sign(fill_in(body), signer)
    try:
        envelope.parse(signed)  # refuse to print what the referee would not read
    except envelope.EnvelopeError as e:
        raise _in_file(e, signed, text) from None
    _sequence_ahead(envelope.parse(signed).seq, saved, text, force)
    long = [n for n, ln in enumerate(signed.split("\n"), 1) if len(ln) > envelope.WIDTH]
    if long:
        click.echo(
            f"warning: line(s) {', '.join(map(str, long))} of the envelope are longer than "
            f"{envelope.WIDTH} characters; a mail program that wraps lines breaks the "
            "signature: shorten them, or send the signed file as an attachment",
            err=True,
        )
    hidden = [
        f"{n} ({bad})"
        for n, ln in enumerate(signed.split("\n"), 1)
        if (bad := envelope.hidden_character(ln))
    ]
    if hidden:
        click.echo(
            f"warning: line(s) {', '.join(hidden)} of the envelope hold an invisible or "
            "control character, which the referee refuses: write plain text",
            err=True,
        )
    click.echo(signed, nl=False)


def _sequence_ahead(seq: int, saved: str, text: str, force: bool) -> None:
    """Refuse (without --force) a Sequence far above the report's and the time in seconds
    (docs/signing.md, "How high a Sequence may go")."""
    import time

    from .admission import sequence_ahead
    from .report_blocks import sequences_besides

    why = sequence_ahead(seq, min(sequences_besides(saved, text), default=0), time.time())
    if why and not force:
        raise click.UsageError(
            f"{why}. Write a number one above your last (a report's Sequence line), "
            "or give --force to sign it all the same"
        )
    if why:
        click.echo(f"warning: {why}", err=True)


def _in_file(e, signed: str, text: str):
    """`pbem sign`'s error with the line number of the player's own file: the parser
    counts the envelope it built (its BEGIN line is line 1, a Sequence line may have
    been added), so the line is found again by its text; where that is ambiguous the
    envelope's number stays, said to be such."""
    from . import envelope

    if not e.line:
        return e
    msg = str(e).removeprefix(f"line {e.line}: ")
    if e.line == 1:  # the BEGIN line: about the envelope as a whole
        return envelope.EnvelopeError(msg, None, e.kind)
    target = signed.split("\n")[e.line - 1].strip()
    hits = [n for n, ln in enumerate(envelope.split_lines(text), 1) if ln.strip() == target]
    if target and len(hits) == 1:
        return envelope.EnvelopeError(msg, hits[0], e.kind)
    return envelope.EnvelopeError(f"{msg} (line {e.line} of the signed envelope)", None, e.kind)


@main.command()
@click.argument("game", type=click.Path(exists=True, dir_okay=False))
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--now", help="Receipt time to record (default: now, UTC).")
def submit(game, files, now):
    """Check signed envelopes in FILES and accept them into GAME.

    Each file gets one answer: accepted, duplicate, or rejected with every problem
    and its line. Exit 1 if any file was rejected.

    \b
    Example:
      pbem submit g1756.pbem mail/prussia-t1.txt mail/austria-t1.txt
    """
    bad = 0
    with open_game(game) as g:
        for f in files:
            data = Path(f).read_bytes()
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as e:
                click.echo(f"{f}: rejected (encoding): not UTF-8 text at byte {e.start}")
                bad += 1
                continue
            r = g.submit(text, now=given_now(now))
            click.echo(f"{f}: {r.message()}")
            if r.receipt:  # the player's proof of this answer (docs/core.md, Receipts)
                click.echo(r.receipt, nl=False)
            bad += not r.ok
    sys.exit(1 if bad else 0)


@main.command()
@click.argument("game", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--deadline-passed",
    is_flag=True,
    help="Declare the current phase's deadline passed: missing orders get the default.",
)
@click.option("--max", "max_steps", type=int, help="Resolve at most this many phases.")
@click.option("--now", help="Time to record for the deadline (default: now, UTC).")
def advance(game, deadline_passed, max_steps, now):
    """Resolve every phase whose orders are all in (or whose deadline passed).

    \b
    Example:
      pbem advance g1756.pbem
      pbem advance g1756.pbem --deadline-passed
    """
    with open_game(game) as g:
        if deadline_passed:
            step = g.declare_deadline(given_now(now))
            click.echo(f"deadline passed for {step.title}")
        done = g.advance(max_steps)
        for s in done:
            click.echo(f"resolved {s.title} [{s.phase}]")
        if not done:
            click.echo("nothing to resolve")
        click.echo(g.status().text())


@main.command()
@click.argument("game", type=click.Path(exists=True, dir_okay=False))
def status(game):
    """Show the turn, the phase, and who owes orders.

    \b
    Example:
      pbem status g1756.pbem
    """
    from . import statuscache

    text = statuscache.read(game)
    if text is None:
        with open_game(game) as g:
            text = g.status().text()
    click.echo(text)


@main.command()
@click.argument("game", type=click.Path(exists=True, dir_okay=False))
@click.option("--power", help="Only this power's reports.")
@click.option("--turn", help="Only reports covering this turn: its label or its number.")
@click.option("--out", required=True, type=click.Path(file_okay=False), help="Directory to write.")
@click.option("--deadline", help="The deadline to print in the latest reports (free text).")
def report(game, power, turn, out, deadline):
    """Write the turn reports the log calls for: OUT/NNN-POWER.html and .txt.

    NNN counts each power's reports from 001 (docs/reports.md). Writing them again
    from the same log gives the same bytes.

    \b
    Example:
      pbem report g1756.pbem --power Prussia --turn 2 --out reports/
    """
    from .reports import write_reports

    with open_game(game) as g:
        paths = write_reports(g, out, power=power, turn=turn, deadline=deadline)
    for p in paths:
        click.echo(str(p))


@main.command("log")
@click.argument("game", type=click.Path(exists=True, dir_okay=False))
@click.option("--from", "start", type=int, default=1, help="First event number.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line.")
def log_cmd(game, start, as_json):
    """List the events of GAME.

    \b
    Example:
      pbem log g1756.pbem --from 40
    """
    from .copy_view import open_log, sealed_line
    from .hidden import Redacted
    from .reports.build import generic_sentence

    def describe_event(e):
        if isinstance(e, Redacted):  # a redacted copy's row sealed for other powers
            return sealed_line(e)
        if e.type == "dice_rolled":
            return f"dice for {e.label}: {' '.join(map(str, e.values))}"
        if e.type == "phase_resolved":
            extra = (
                f" (no orders from {', '.join(e.defaulted)}: default applied)"
                if e.defaulted
                else ""
            )
            return f"== {e.phase} resolved{extra}"
        return generic_sentence(e)

    with open_log(game) as log:  # a game file, or a player's redacted copy
        for row in log.rows(start):
            if as_json:
                click.echo(
                    json.dumps(
                        {
                            "seq": row.seq,
                            "type": row.type,
                            "v": row.v,
                            "event": json.loads(row.body),
                            "hash": row.hash,
                        }
                    )
                )
            else:
                click.echo(f"{row.seq:6d} {row.hash[:10]} {describe_event(row.event())[:150]}")


@main.command()
@click.argument("game", type=click.Path(exists=True, dir_okay=False))
@click.option("--at", "phase", help="State right after this phase was resolved.")
@click.option("--seq", type=int, help="State right after this event.")
@click.option("--power", help="Only what this power may see.")
@click.option("--json", "as_json", is_flag=True)
def replay(game, phase, seq, power, as_json):
    """Rebuild the state from the log, now or at any earlier point.

    \b
    Example:
      pbem replay g1756.pbem --at 1756-summer-purchase --json
    """
    with open_game(game) as g:
        if phase:
            seq = g.phase_seq(phase)
        st = g.state(seq)
        rs = st.ruleset
        view = rs.view(st.rules, power)
        if as_json:
            click.echo(
                json.dumps(
                    {"game": st.game, "seq": st.seq, "head": st.head, "state": view},
                    indent=1,
                    sort_keys=True,
                    ensure_ascii=False,
                )
            )
        else:
            from .joins import TITLE, awaiting, open_step

            step = open_step(st)
            click.echo(f"game {st.game} after event {st.seq} ({st.head[:16]})")
            click.echo(TITLE if awaiting(st) else rs.describe(st.rules))
            click.echo(f"next: {step.title} [{step.phase}]" if step else "game over")


@main.command("verify")
@click.argument("game", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--checkpoint",
    "kept",
    multiple=True,
    help="A checkpoint line you kept from a report: prove the log extends it.",
)
@click.option(
    "--secret",
    "use_secret",
    is_flag=True,
    help="Referee only: use GAME.secret to check hidden draws before the game ends.",
)
@click.option(
    "--receipt",
    "receipts",
    multiple=True,
    type=click.Path(exists=True, dir_okay=False),
    help="A file with receipts the referee signed (or the answer mail): prove the log holds them.",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help="Processes that recompute resolutions side by side (default: one per core).",
)
def verify_cmd(game, kept, use_secret, receipts, jobs):
    """Check GAME without trusting the referee: chain, signatures, seeds, every roll,
    every result recomputed. Exit 3 on any mismatch.

    \b
    Example:
      pbem verify g1756.pbem --checkpoint "pbem-checkpoint g1756 41 9c0f... sig"
      pbem verify g1756.pbem --receipt 'Accepted Prussia.eml'
    """
    from .secrets import Secrets, secret_path
    from .verify import verify

    secrets = Secrets.load(secret_path(game)) if use_secret else None
    rep = verify(game, secrets, list(kept), jobs=jobs)
    click.echo(rep.text())
    ok = rep.ok
    if receipts:
        from .verify import check_receipts

        texts = [(f, Path(f).read_bytes().decode("utf-8", "replace")) for f in receipts]
        got = check_receipts(game, texts)
        click.echo(
            f"receipts: {len(got.notes)} checked" + (f"\n{got.text()}" if got.text() else "")
        )
        ok = ok and got.ok
    sys.exit(0 if ok else 3)


@main.command("export")
@click.argument("game", type=click.Path(exists=True, dir_okay=False))
@click.option("--for", "power", required=True, help="The power the copy is for.")
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    help="The copy's file (default: GAME's name with the power, beside it).",
)
def export_cmd(game, power, out):
    """Write a redacted copy of GAME for POWER: every event (same hashes), the hidden
    parts POWER may read, none of the others'. `pbem verify COPY` checks it.

    \b
    Example:
      pbem export g1756.pbem --for Prussia --out g1756-prussia.pbem
    """
    from .export import export

    click.echo(export(game, power, out).text())


@main.command("check-report")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--game",
    "game",
    type=click.Path(exists=True, dir_okay=False),
    help="The game file: the seal must be by its referee key, and the report what its log says.",
)
def check_report(files, game):
    """Check the referee's seal on saved reports: a mail (.eml) or the .txt/.html files.
    Exit 3 if a seal does not hold.

    A sealed report proves what the referee told you: its text and HTML, for which
    events, signed by his key (docs/core.md, Sealed reports). With --game the key
    must be the game's and the report must be the one its log calls for.

    \b
    Example:
      pbem check-report 'Orders due Prussia.eml' --game g1756.pbem
    """
    from .reports.seal import SealError, check, load

    bad = 0
    for f in files:
        try:
            text, html = load(f)
            got = check(text, html)
            checked = _report_in_game(game, got) if game is not None else ""
        except SealError as x:
            bad += 1
            click.echo(f"{f}: NOT VALID: {x}")
            continue
        parts = " and ".join(got.parts)
        click.echo(
            f"{f}: OK: the {parts} of {got.power}'s report on events {got.start}-{got.stop} "
            f"of game {got.game}, sealed by referee key {got.referee}"
            + (f"; checked against {checked}" if checked else "")
        )
    sys.exit(3 if bad else 0)


def _report_in_game(path: str, got) -> str:
    """What the report was checked against in the game file (or a player's redacted
    copy: pbem/copy_view.py), for the OK line; SealError when it does not hold."""
    from . import copy_view
    from .log import EventLog
    from .reports import render
    from .reports.seal import SealError

    with EventLog(path) as probe:
        is_copy = probe.copy
    if is_copy:
        try:
            return copy_view.check_report(path, got)
        except copy_view.SealMismatch as x:
            raise SealError(str(x)) from None
    with open_game(path) as g:
        st = g.state()
        if got.game != st.game_ref:
            raise SealError(f"the seal names game {got.game!r}; this game is {st.game_ref!r}")
        if got.referee != st.created.referee_key:
            raise SealError("the seal's key is not this game's referee key")
        if got.content_hash is None:
            return "the game's referee key"
        again = render(g, got.power, got.start, got.stop).content_hash
        sent = [
            e.content_hash
            for _, e in g.log.events()
            if e.type == "report_delivered"
            and (e.power, e.start, e.stop) == (got.power, got.start, got.stop)
        ]
        if got.content_hash not in {again, *sent}:
            raise SealError(
                "the referee sealed this report, but the log neither records it as delivered "
                "nor rebuilds it: he told you something his log does not say"
            )
    return "the game's referee key and its log"


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--quiet", "-q", is_flag=True, help="Print failures only.")
@click.option(
    "--trace", is_flag=True, help="Print each step's phase, refusals, events and next phase."
)
@click.option(
    "--show",
    "show",
    multiple=True,
    metavar="PATH",
    help="With --trace: print the state at PATH (a case's state path, e.g. "
    "units.Pr-A1) at the start and after each step; '' for the whole state.",
)
def case(files, quiet, trace, show):
    """Run rules cases (TOML files, or directories of them). Exit 3 if any fails.

    \b
    Example:
      pbem case tests/cases/soldier-kings/
      pbem case my-case.toml --trace --show treasury.Prussia
    """
    from .cases import collect, run_case

    failed = 0
    paths = collect(list(files))
    for p in paths:
        r = run_case(p, click.echo if (trace or show) else None, show)
        failed += not r.ok
        if not (quiet and r.ok):
            click.echo(r.text())
    click.echo(f"{len(paths) - failed} passed, {failed} failed")
    sys.exit(3 if failed else 0)


@main.command()
@click.option(
    "--dir",
    "directory",
    default="demo-game",
    type=click.Path(file_okay=False),
    help="Where the game, keys, orders and reports go.",
)
@click.option(
    "--ruleset",
    "ruleset_",
    help="Game to play (default: the newest shipped one that has the scenario).",
)
@click.option("--scenario")
@click.option(
    "--option", "options", multiple=True, metavar="NAME[=VALUE]", help="A game option, as pbem new."
)
def demo(directory, ruleset_, scenario, options):
    """Play a scripted game end to end: keys, signed orders, advance, reports, verify.

    \b
    Example:
      pbem demo --dir /tmp/demo
      pbem demo --ruleset soldier-emperor --scenario 1803-4 --option end=1804
    """
    from . import ruleset as registry
    from .demo import run_demo

    name = ruleset_ or next(
        (
            n
            for n in reversed(registry.available())
            if hasattr(registry.get(n), "demo_orders")
            and (scenario is None or scenario in registry.get(n).scenarios())
        ),
        None,
    )
    if name is None:
        raise click.UsageError("no game with a scripted demo is installed")
    opts = dict(parse_option(o) for o in options)
    run_demo(directory, name, scenario, echo=click.echo, options=opts or None)


# the service's commands (docs/service.md) live in their own module
from .cli_judge import games, referee, run  # noqa: E402
from .cli_mail import ingest, remind, send  # noqa: E402

main.add_command(ingest)
main.add_command(send)
main.add_command(remind)
main.add_command(games)
main.add_command(referee)
main.add_command(run)
