"""Acknowledgements: every message gets an answer, never silence."""

from __future__ import annotations

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
            "You may replace them with a new signed envelope (higher Sequence) until the phase is resolved.",
        ]
        return "\n".join(lines) + "\n"
    if r.status == "duplicate":
        return (
            f"Already in: these exact orders of {r.power} were accepted before, as event {r.event_seq}.\n"
            "Nothing was applied twice and nothing changed.\n"
        )
    lines = [f"NOT accepted ({r.kind}). Nothing in game {game} changed.", "", "Problems:"]
    lines += [f"  - {p}" for p in r.problems]
    lines += ["", "Fix them and send the orders again, signed, with a higher Sequence number."]
    return "\n".join(lines) + "\n"


def subject(original: str, r: SubmitResult | None) -> str:
    tag = (
        "help"
        if r is None
        else {"accepted": "accepted", "duplicate": "duplicate"}.get(r.status, "REJECTED")
    )
    base = " ".join((original or "your message").split())[:120]
    return f"[pbem {tag}] Re: {base}"
