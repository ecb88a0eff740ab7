"""Players' requests by signed mail (docs/service.md, "Requests"): an envelope with
`Phase: request`, one request per line, answered to the power's registered address
only, with nothing another power's report would not show it.

    report            my latest report again
    report PHASE      the report that covered PHASE (its id, or its number)
    orders            my orders in force: for the open phase, and standing orders
    status            the game's status and my deadline
"""

from __future__ import annotations

from datetime import timedelta

from .. import envelope
from ..deadlines import Schedule, parse_time, show
from ..events import ReportDelivered
from ..joins import open_step
from ..keys import parse_public_key
from ..mail.recorded import Pending, safe_name
from ..referee import schedule_of
from ..service import Game
from ..state import GameState

KINDS = ("report", "orders", "status")


def answer(
    game: Game, text: str, ident: str, in_reply_to: str, pending: Pending, now: str
) -> tuple[bool, str]:
    """Answer one request mail (prepared in `pending`): (answered, what happened, for
    the run's summary). A request that does not verify is answered to nobody."""
    st = game.state()
    try:
        env = envelope.parse(text)
    except envelope.EnvelopeError as e:
        return False, f"request not read: {e}"
    reg = st.players.get(env.power)
    if env.game != st.game_ref or reg is None:
        return False, "request for another game or power: not answered"
    if not env.verify(parse_public_key(reg.public_key)):
        return False, f"request signed with a key that is not {env.power}'s: not answered"
    sched = schedule_of(st) or Schedule()
    t = parse_time(now)
    asked = st.requests.get(env.power, []) + [  # and those of this run, not yet recorded
        r.sent_at for r in pending.records if r.what == "request" and r.power == env.power
    ]
    recent = [x for x in asked if t - parse_time(x) < timedelta(days=1)]
    name = safe_name(f"request-{st.game}-{env.power}-{ident[:16]}")
    subject = f"Your request [pbem {st.game}]"
    if len(recent) > sched.requests:
        return False, f"request from {env.power} over the limit: not answered"
    if len(recent) == sched.requests:
        pending.add(
            "request",
            name,
            [reg.email],
            subject,
            f"You sent {sched.requests} requests in the last 24 hours, the most this game "
            "answers.\nThis one and the next ones of the next 24 hours are not answered.\n",
            power=env.power,
            answers=ident,
            outcome="refused:limit",
            in_reply_to=in_reply_to or None,
        )
        return True, f"request from {env.power}: limit reached"
    parts, html, problems = [], None, []
    for ol in env.orders:
        words = ol.text.split("#", 1)[0].split()
        if not words:
            continue
        kind = words[0].lower()
        if kind == "report":
            got = _report(game, st, env.power, words[1] if len(words) > 1 else None)
            if isinstance(got, str):
                problems.append(f"line {ol.line}: {got}")
            else:
                subject, text_, html = got
                parts.append(text_)
        elif kind == "orders":
            parts.append(_orders(st, env.power))
        elif kind == "status":
            parts.append(_status(game, st, env.power))
        else:
            problems.append(f"line {ol.line}: {words[0]!r} is not a request ({', '.join(KINDS)})")
    if problems:
        parts.append("Not answered:\n" + "\n".join(f"  - {p}" for p in problems))
    if not parts:
        parts.append("Your request was empty. Write one per line: " + ", ".join(KINDS) + ".")
    pending.add(
        "request",
        name,
        [reg.email],
        subject,
        "\n\n".join(parts) + ("\n" if not parts[-1].endswith("\n") else ""),
        power=env.power,
        answers=ident,
        outcome="answered" if not problems else "answered:problems",
        in_reply_to=in_reply_to or None,
        html=html if len(parts) == 1 else None,
    )
    return True, f"request from {env.power} answered"


def _report(game: Game, st: GameState, power: str, which: str | None):
    """(subject, text, html) of a report delivered to `power`, sealed as it was sent."""
    from ..reports import render
    from ..reports.seal import seal

    sent = [e for _, e in game.log.events() if isinstance(e, ReportDelivered) and e.power == power]
    if not sent:
        return "no report was sent to you yet"
    if which is None:
        e = sent[-1]
    else:
        phases = dict(st.resolved_phases)
        if which.isdecimal() and which.isascii():
            by_index = {i + 1: seq for i, (_, seq) in enumerate(st.resolved_phases)}
            seq = by_index.get(int(which))
        else:
            seq = phases.get(which)
        if seq is None:
            return f"no phase {which!r} was resolved in this game"
        covering = [e for e in sent if e.start <= seq <= e.stop]
        if not covering:
            return f"no report sent to you covers phase {which!r}"
        e = covering[-1]
    rep = render(game, power, e.start, e.stop, deadline=e.deadline)
    rep = seal(rep, st.game_ref, game.secrets().referee_key())
    return rep.subject, rep.text, rep.html


def _orders(st: GameState, power: str) -> str:
    out = []
    step = open_step(st)
    if step is not None:
        acc = st.orders.get(step.phase, {}).get(power)
        if acc is not None:
            out.append(f"Your orders for {step.phase} (event {acc.seq}):")
            out += [f"    {line}" for line in _lines(acc.event.envelope)]
        elif power in step.owes or power in step.may:
            out.append(f"You sent no orders for {step.phase} yet.")
    acc = st.standing.get(power)
    if acc is not None:
        out.append(f"Your standing orders (event {acc.seq}):")
        out += [f"    {line}" for line in _lines(acc.event.envelope)]
    else:
        out.append("You have no standing orders: the defaults apply.")
    return "\n".join(out)


def _lines(text: str) -> list[str]:
    try:
        return [o.text for o in envelope.parse(text).orders if o.text.strip()] or ["(none)"]
    except envelope.EnvelopeError:
        return ["(unreadable)"]


def _status(game: Game, st: GameState, power: str) -> str:
    status = game.status()
    out = [f"Game {st.game}: {status.summary}" if status.summary else f"Game {st.game}"]
    if status.ended is not None:
        out.append(f"The game is over: {status.ended}")
        return "\n".join(out)
    step = status.step
    if step is None:
        return "\n".join(out)
    out.append(f"Waiting for: {step.title} [phase {step.phase}]")
    if status.paused is not None:
        out.append("The referee paused the game.")
    d = st.due_of(step.phase, power)
    if d:
        out.append(f"Your orders are due {show(d, st.tz)}.")
    if power in step.owes or power in step.may:
        have = st.orders.get(step.phase, {}).get(power)
        out.append("Your orders are in." if have else "Your orders are not in yet.")
    # who owes orders is in every report; whose orders are in is not told
    out.append("Orders owed by: " + (", ".join(step.owes) or "nobody"))
    return "\n".join(out)
