"""The referee's mail verbs (docs/mail.md): `pbem ingest`, `pbem send`, `pbem remind`.
Every command imports what it uses itself."""

from __future__ import annotations

import click

from .cli_common import given_now, open_game


@click.command()
@click.argument("game", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--maildir",
    type=click.Path(file_okay=False),
    help="A Maildir (new/, cur/); the default source.",
)
@click.option("--mbox", type=click.Path(exists=True, dir_okay=False), help="An mbox file.")
@click.option("--imap", is_flag=True, help="The IMAP folder of the mail settings.")
@click.option(
    "--config",
    type=click.Path(exists=True, dir_okay=False),
    help="Mail settings (TOML); secrets may also come from PBEM_IMAP_*/PBEM_SMTP_* variables.",
)
@click.option(
    "--from",
    "referee",
    default="pbem referee <referee@localhost>",
    show_default=True,
    help="From address of acknowledgements.",
)
@click.option("--now", help="Receipt time to record (default: now, UTC).")
def ingest(game, maildir, mbox, imap, config, referee, now):
    """Read a mailbox: submit every signed envelope, answer every message, move
    handled mail to .processed (or .quarantine, with a reason).

    Acknowledgements go to GAME.outbox/ as .eml files; `pbem send` delivers them.
    Running it twice changes nothing; the same orders arriving twice apply once.

    \b
    Example:
      pbem ingest g1756.pbem --maildir ~/Maildir/pbem
      PBEM_IMAP_PASSWORD=... pbem ingest g1756.pbem --imap --config mail.toml
    """
    from .mail.boxes import open_source
    from .mail.intake import ingest as run
    from .mail.outbox import Outbox, outbox_dir

    source = open_source(maildir, mbox, imap, config)
    try:
        with open_game(game) as g:
            rep = run(g, source, Outbox(outbox_dir(game)), referee, now=given_now(now))
    finally:
        if imap:
            source.close()
    click.echo(rep.text())


@click.command()
@click.argument("game", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--config",
    type=click.Path(exists=True, dir_okay=False),
    help="Mail settings (TOML); secrets may also come from PBEM_SMTP_* variables.",
)
@click.option(
    "--deadline", help="The deadline printed in the reports' 'orders due' line (free text)."
)
@click.option(
    "--per-phase",
    is_flag=True,
    help="One report per resolved phase, not one per player covering them all.",
)
@click.option("--from", "referee", default="pbem referee <referee@localhost>", show_default=True)
@click.option("--now", help="Delivery time to record (default: now, UTC).")
def send(game, config, deadline, per_phase, referee, now):
    """Deliver every report the log calls for and not yet delivered, then what waits
    in GAME.outbox/new/ (answers, reminders, reports written earlier). Each player gets
    one report covering every phase resolved since his last one (--per-phase: one each).

    With an SMTP server ([smtp] in --config, or PBEM_SMTP_HOST...) each message is
    handed to it and moved to GAME.outbox/cur/. Without one, messages are only
    written to GAME.outbox/new/ as .eml files: send them with a mail program. The
    log records for each report what happened to it: "written to the outbox" or
    "delivered by SMTP", with its content hash (pbem verify rebuilds and compares).

    \b
    Example:
      PBEM_SMTP_HOST=mail.example.org PBEM_SMTP_USER=ref PBEM_SMTP_PASSWORD=... pbem send g1756.pbem
    """
    from .mail import config as mailconfig
    from .mail.outbox import Outbox, flush, outbox_dir
    from .mail.reports import deliver_reports, record_handed_out

    server = mailconfig.server("smtp", config)
    box = Outbox(outbox_dir(game))
    with open_game(game) as g:
        deadline_of = None
        if deadline is None:  # the schedule's, set now if the open phase has none yet
            from .judge.turns import Done, deadlines_shown, set_deadline
            from .service import utcnow

            set_deadline(g, given_now(now) or utcnow(), Done(g.path.name))
            deadline_of = deadlines_shown(g.state())
        reports = deliver_reports(
            g,
            box,
            server,
            referee,
            deadline,
            now=given_now(now),
            per_phase=per_phase,
            deadline_of=deadline_of,
        )
        sent = flush(box, server)
        later = record_handed_out(g, sent, now=given_now(now))
    if server is None:
        click.echo(f"{len(reports)} report(s) written to the outbox, not delivered")
        click.echo(
            f"no SMTP server configured: {len(box.queued())} message(s) wait as .eml files "
            f"in {box.new}; send them with a mail program, then move them to {box.cur}"
        )
    else:
        click.echo(f"{len(reports)} report(s) delivered by SMTP")
        click.echo(
            f"sent {len(sent)} other message(s) through {server.host}:{server.port}"
            + (f", {len(later)} of them report(s) that waited in the outbox" if later else "")
        )


@click.command()
@click.argument("game", type=click.Path(exists=True, dir_okay=False))
@click.option("--deadline", help="The deadline to state in the reminder (free text).")
@click.option("--from", "referee", default="pbem referee <referee@localhost>", show_default=True)
def remind(game, deadline, referee):
    """Mail (to the outbox) every power that still owes orders for the open phase.

    \b
    Example:
      pbem remind g1756.pbem --deadline "Friday 18:00 UTC" && pbem send g1756.pbem
    """
    from .mail.outbox import Outbox, outbox_dir
    from .mail.remind import remind as run

    with open_game(game) as g:
        powers = run(g, Outbox(outbox_dir(game)), referee, deadline)
    click.echo(f"reminded: {', '.join(powers)}" if powers else "nobody owes orders")
