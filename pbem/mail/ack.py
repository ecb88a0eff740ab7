"""Acknowledgements: every message gets an answer, never silence."""

from __future__ import annotations

import textwrap

from ..service import SubmitResult

HELP = """\
pbem, the referee's adjudicator for game {game}, read your message but found no
signed orders in it{why}.

To send orders: write the headers and your orders in a text file

    Game: {game}
    Power: YOUR POWER
    Phase: (the phase your last report asks for)
    Sequence: (any number higher than your last one)

    (your orders, one per line)

sign it with `pbem sign orders.txt --key your.key` (or with your SSH key, see the
players' guide), and paste the whole signed text, from -----BEGIN PBEM ORDERS-----
to -----END PBEM ORDERS-----, into the body of a plain-text mail, or attach it.
"""


def help_text(game: str, why: str = "") -> str:
    return HELP.format(game=game, why=f" ({why})" if why else "")


def result_text(game: str, r: SubmitResult) -> str:
    """The answer to an envelope, with the referee's signed receipt when there is one."""
    return _answer(game, r) + (RECEIPT_HEAD + r.receipt if r.receipt else "")


RECEIPT_HEAD = (
    "\n== Receipt ==\n\n"
    "The referee's key signed this answer. Keep it: `pbem verify GAME --receipt FILE`\n"
    "proves it against the game's log (docs/core.md, Receipts).\n\n"
)


def _answer(game: str, r: SubmitResult) -> str:
    if r.status == "accepted":
        lines = [
            f"Accepted: the orders of {r.power} for {r.phase} are in the game as event {r.event_seq}.",
        ]
        if r.replaced:
            lines.append(f"They replace the orders accepted as event {r.replaced}.")
        lines += ["", "Your orders, as the referee's program read them:", ""]
        lines += [f"    {o}" for o in r.orders] or ["    (none)"]
        lines += [
            "",
            "You may replace them until the phase is resolved: sign new orders with a",
            "higher Sequence and send them; the latest accepted envelope counts.",
        ]
        for note in r.notes:  # a Sequence far ahead (docs/signing.md)
            lines += ["", *textwrap.wrap(f"Careful: {note}.", 78)]
        return "\n".join(lines) + "\n"
    if r.status == "duplicate":
        return (
            f"Already in: these exact orders of {r.power} were accepted before, as event {r.event_seq}.\n"
            "Nothing was applied twice and nothing changed.\n"
        )
    lines = [f"NOT accepted ({r.kind}). Nothing in game {game} changed.", "", "Problems:"]
    for p in r.problems:  # wrapped to 72 columns, as a mail program shows them
        lines += textwrap.wrap(
            str(p), 72, initial_indent="  - ", subsequent_indent="    ", break_on_hyphens=False
        ) or ["  -"]
    lines += ["", *_AGAIN.get(r.kind, _AGAIN[""])]
    return "\n".join(lines) + "\n"


# What to do after a rejection. Rejected envelopes use up nothing: the same Sequence
# may be sent again (only a Sequence above the last *accepted* one is required).
_AGAIN = {
    "": [
        "Fix them, sign the orders again and send them. Refused envelopes use up",
        "nothing: the same Sequence number is fine.",
    ],
    "orders": [
        "These are all the problems found, by line. A line that could not be read",
        "was left out and the others were checked without it; an order that depends",
        "on it is checked once it reads.",
        "",
        "Fix them, sign the orders again and send them. Refused envelopes use up",
        "nothing: the same Sequence number is fine.",
    ],
    "replayed": [
        "Nothing changed. To replace the orders already accepted, sign new ones with",
        "a higher Sequence number.",
    ],
    "wrong-phase": ["Nothing changed. Send orders for the phase the game is waiting for."],
    "history": [
        "Check that you copied your Checkpoint correctly. If you did, keep your",
        "checkpoint line and ask the referee.",
    ],
}


def subject(original: str, r: SubmitResult | None, game: str = "") -> str:
    """What the player must know or do first, short (a phone shows ~40 characters),
    then the game and the subject answered."""
    if r is None:
        what = "No signed orders found: how to send them"
    elif r.status == "accepted":
        what = f"Accepted: {r.power}, {r.phase}"
    elif r.status == "duplicate":
        what = f"Already in, nothing changed: {r.power}, {r.phase}"
    elif r.kind == "orders":
        what = "NOT accepted: fix your orders and resend"
    elif r.kind == "replayed":
        what = "NOT accepted (replayed): old orders"
    else:
        what = f"NOT accepted ({r.kind}): fix and resend"
    base = " ".join((original or "").split())[:40]
    tag = f"[pbem {game}]" if game else "[pbem]"
    return f"{what} {tag}" + (f" Re: {base}" if base else "")
