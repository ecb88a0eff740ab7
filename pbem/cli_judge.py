"""The service's verbs (docs/service.md): `pbem run DIR`, `pbem games [DIR]` and the
referee's actions `pbem referee ...`. Every command imports what it uses itself."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click


def _now(now: str | None) -> str:
    from .deadlines import iso, parse_time
    from .service import utcnow

    given = now or os.environ.get("PBEM_NOW")
    return iso(parse_time(given)) if given else utcnow()


@click.command()
@click.argument("directory", type=click.Path(exists=True, file_okay=False))
@click.option("--maildir", type=click.Path(file_okay=False), help="The shared Maildir.")
@click.option("--mbox", type=click.Path(exists=True, dir_okay=False), help="An mbox file.")
@click.option("--imap", is_flag=True, help="The IMAP folder of the mail settings.")
@click.option(
    "--config",
    type=click.Path(exists=True, dir_okay=False),
    help="Mail settings (TOML); secrets may also come from PBEM_IMAP_* / PBEM_SMTP_*.",
)
@click.option("--from", "referee", default="pbem referee <referee@localhost>", show_default=True)
@click.option("--notify", default="", help="The referee's address, for civil disorder notices.")
@click.option("--now", help="The time to act at (default: now; also PBEM_NOW).")
@click.option("--dry-run", is_flag=True, help="Say what would be done; write nothing.")
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    help="Games played at once (default: one per CPU, on Linux; 1 elsewhere).",
)
def run(directory, maildir, mbox, imap, config, referee, notify, now, dry_run, jobs):
    """The judge, once: every game of DIRECTORY (its *.pbem files), one shared mailbox.

    Routes each mail by its envelope's Game line, takes orders and requests and
    answers them, runs every phase whose orders are in or whose deadline (and grace)
    passed, sets the next deadline from the game's schedule, sends reports and
    reminders. Safe to run every minute from cron or a systemd timer.

    \b
    Example (crontab):
      * * * * *  cd /srv/pbem && pbem run games --maildir ~/Maildir/pbem --notify me@example.org
    """
    from .judge import workers
    from .judge.run import run_dir
    from .mail import config as mailconfig
    from .mail.boxes import open_source

    source = open_source(maildir, mbox, imap, config)
    server = None if dry_run else mailconfig.server("smtp", config)
    try:
        rep = run_dir(
            directory, source, server, referee, _now(now), notify, dry_run,
            jobs=jobs or workers.default_jobs(),
        )  # fmt: skip
    finally:
        if imap:
            source.close()
    click.echo(rep.text())


@click.command()
@click.argument("what", required=False)
@click.option("--scenario", help="Show this scenario's forces, set-up limits and special rules.")
@click.option(
    "--map",
    "show_map",
    is_flag=True,
    help="Show the game's map data: every area (or square) with its values and connections; "
    "with --scenario, the maps that scenario is played on.",
)
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME[=VALUE]",
    help="With --map: the map as this optional rule makes it (as pbem new's --option).",
)
@click.option("--json", "as_json", is_flag=True, help="With a directory: one JSON object per game.")
def games(what, scenario, show_map, options, as_json):
    """List the games pbem knows and their scenarios; or, given a directory, every game
    in it with its phase, deadline and who still owes orders.

    \b
    Example:
      pbem games
      pbem games soldier-kings --scenario 1757
      pbem games soldier-kings --map --scenario world-at-war-4 --option bengal-port
      pbem games /srv/pbem/games --json
    """
    from . import ruleset as registry

    if what and Path(what).is_dir():
        from .judge.listing import rows, table

        got = rows(what)
        click.echo(json.dumps(got, indent=1, sort_keys=True) if as_json else table(got))
        return
    if show_map:
        if not what:
            raise click.UsageError("--map needs the game, e.g. pbem games soldier-kings --map")
        rs = registry.get(what)
        if scenario is not None and scenario not in rs.scenarios():
            raise click.UsageError(f"{what} has no scenario {scenario!r}; see `pbem games {what}`")
        from .cli_common import parse_option

        opts = dict(parse_option(o) for o in options)
        unknown = sorted(set(opts) - set(rs.options()))
        if unknown:
            raise click.UsageError(
                f"{what} has no option {', '.join(unknown)}; see `pbem games {what}`"
            )
        click.echo(rs.map_text(scenario, opts))
        return
    if scenario:
        if not what:
            raise click.UsageError(
                "--scenario needs the game, e.g. pbem games soldier-kings --scenario 1757"
            )
        rs = registry.get(what)
        if scenario not in rs.scenarios():
            raise click.UsageError(f"{what} has no scenario {scenario!r}; see `pbem games {what}`")
        click.echo(rs.scenario_text(scenario))
        return
    names = [what] if what else registry.available()
    if not names:
        click.echo("no games installed yet")
    for n in names:
        rs = registry.get(n)
        click.echo(f"{n}: {rs.title}")
        for sid, title in rs.scenarios().items():
            click.echo(f"  --scenario {sid}: {title}")
        for oid, text in rs.options().items():
            click.echo(f"  --option {oid}: {text}")


# --- referee actions --------------------------------------------------------------------------


@click.group()
def referee():
    """The referee's actions, each recorded in the log and told in the reports:
    schedule, extend, pause, resume, player, stop.

    \b
    Example:
      pbem referee extend g.pbem --by 24h --power Prussia --reason "travelling"
      pbem referee player g.pbem Austria --replace --email new@example.org --key new.pub
    """


def _game(path: str):
    from .judge.locks import held
    from .service import Game

    class Locked:
        """The game, under its lock (a running `pbem run` is waited for)."""

        def __enter__(self):
            self.lock = held(path, wait=60)
            if not self.lock.__enter__():
                self.lock.__exit__(None, None, None)
                raise click.ClickException(f"{path} is busy (another pbem holds its lock)")
            self.game = Game(path)
            return self.game

        def __exit__(self, *exc):
            try:
                self.game.__exit__(*exc)  # (the status cache brought up to date)
            finally:
                self.lock.__exit__(*exc)

    return Locked()


GAME = click.argument("game", type=click.Path(exists=True, dir_okay=False))
NOW = click.option("--now", help="The time to record (default: now; also PBEM_NOW).")
REASON = click.option("--reason", default="", help="Why: the players' reports say it.")


@referee.command()
@GAME
@click.argument("spec", nargs=-1)
@REASON
@NOW
def schedule(game, spec, reason, now):
    """Show the game's schedule, or change it: KEY=VALUE words (docs/service.md).

    \b
    Example:
      pbem referee schedule g.pbem orders=72h few=24h remind=24h,2h grace=1h tz=Europe/Paris
    """
    from .deadlines import Schedule, parse_schedule
    from .referee import schedule_of, set_schedule

    with _game(game) as g:
        old = schedule_of(g.state())
        if not spec:
            click.echo(old.text() if old else "no schedule: deadlines are declared by hand")
            return
        new = parse_schedule(spec, old or Schedule())
        set_schedule(g, new, _now(now), reason)
        click.echo(f"schedule: {new.text()}")


@referee.command()
@GAME
@click.option("--by", "by", required=True, help="How much later: 24h, 2d, 90m.")
@click.option("--power", help="Only this power's deadline (default: everyone's).")
@REASON
@NOW
def extend(game, by, power, reason, now):
    """Move the open phase's deadline later, for everyone or one power.

    \b
    Example:
      pbem referee extend g.pbem --by 2d --reason "holiday"
    """
    from .deadlines import parse_duration, show
    from .referee import extend as run

    with _game(game) as g:
        e = run(g, parse_duration(by), power, reason, _now(now))
        tz = g.state().tz
    click.echo(f"{e.power or 'everyone'}: orders for {e.phase} due {show(e.due, tz)}")


@referee.command()
@GAME
@REASON
@NOW
def pause(game, reason, now):
    """Pause the game: no deadline passes, no phase resolves, until `resume`.

    \b
    Example:
      pbem referee pause g.pbem --reason "server move"
    """
    from .referee import pause as run

    with _game(game) as g:
        run(g, reason, _now(now))
    click.echo("paused")


@referee.command()
@GAME
@NOW
def resume(game, now):
    """Resume the game; its deadlines move later by the time it was paused.

    \b
    Example:
      pbem referee resume g.pbem
    """
    from .referee import resume as run

    with _game(game) as g:
        made = run(g, _now(now))
    click.echo(f"resumed ({len(made) - 1} deadline(s) moved)")


@referee.command()
@GAME
@click.argument("power")
@click.option("--email", help="The new address.")
@click.option(
    "--key", "keyfile", type=click.Path(exists=True, dir_okay=False), help="The new public key."
)
@click.option("--name", help="The player's name.")
@click.option("--replace", is_flag=True, help="A new player takes the power over.")
@REASON
@NOW
def player(game, power, email, keyfile, name, replace, reason, now):
    """Change a power's address or key, or register a replacement player.

    \b
    Example:
      pbem referee player g.pbem Prussia --email alice@new.example.org
    """
    from .referee import change_player

    key = Path(keyfile).read_text().strip() if keyfile else None
    with _game(game) as g:
        change_player(
            g,
            power,
            email=email,
            key=key,
            name=name,
            replaced=replace,
            reason=reason,
            now=_now(now),
        )
    click.echo(f"{power}: " + ("new player registered" if replace else "changed"))


@referee.command()
@GAME
@click.option("--reason", required=True, help="Why the game ends: every report says it.")
@NOW
def stop(game, reason, now):
    """End the game early (the hidden dice seed is revealed, as at any end).

    \b
    Example:
      pbem referee stop g.pbem --reason "the players agreed a draw"
    """
    with _game(game) as g:
        g.stop(reason, _now(now))
    click.echo(f"game over: ended early by the referee: {reason}")
