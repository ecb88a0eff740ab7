"""Plain-text per-power summaries of what happened (the demo's reports until the
templated HTML/text reports arrive). Only what the power may see is written."""

from __future__ import annotations

import json

from . import checkpoint
from . import events as ev
from .service import Game


def describe_event(e: ev.Event) -> str:
    if isinstance(e, ev.DiceRolled):
        return f"dice for {e.label}: {' '.join(map(str, e.values))}"
    if isinstance(e, ev.PhaseResolved):
        extra = (
            f" (no orders from {', '.join(e.defaulted)}: default applied)" if e.defaulted else ""
        )
        return f"== {e.phase} resolved{extra}"
    fields = e.model_dump(mode="json", exclude={"type"})
    return f"{e.type}: " + ", ".join(
        f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in fields.items()
    )


def visible_to(game_rs, e: ev.Event, power: str) -> bool:
    if isinstance(e, ev.DiceRolled):
        return e.stream != "hidden"
    if isinstance(e, ev.OrdersAccepted | ev.SeedRevealed | ev.CheckpointSigned):
        return isinstance(e, ev.OrdersAccepted) and e.power == power
    if e.kind == "input" or isinstance(e, ev.PhaseResolved | ev.GameEnded):
        return not isinstance(e, ev.PlayerRegistered | ev.GameCreated)
    return game_rs.visible(e, power)


def power_report(game: Game, power: str, start: int, stop: int) -> str:
    st = game.state(stop)
    rs = st.ruleset
    lines = [f"pbem report for {power}, game {st.game}, events {start}..{stop}", ""]
    if start <= 1:
        c = st.created
        lines += [
            "The referee committed to the dice before play; keep these to check every roll:",
            *(f"  {stream} seed chain anchor: {h}" for stream, h in sorted(c.commitments.items())),
            f"  referee key (signs checkpoints): {c.referee_key}",
            "",
        ]
    for _seq, e in game.log.events(start, stop):
        if visible_to(rs, e, power):
            if isinstance(e, ev.OrdersAccepted):
                lines.append(f"your orders for {e.phase} were accepted")
            else:
                lines.append(describe_event(e))
    lines += [
        "",
        "what you see now:",
        json.dumps(rs.view(st.rules, power), indent=1, sort_keys=True),
    ]
    step = None if st.ended else rs.step(st.rules)
    if st.ended:
        lines.append(f"game over: {st.ended.summary}")
    elif step and power in step.owes:
        lines.append(f"you owe orders for {step.title} (Phase: {step.phase})")
    cp = st.checkpoint
    if cp:
        lines += [
            "",
            "keep this checkpoint:",
            checkpoint.text(st.game, cp.seq, cp.head, cp.signature),
        ]
    return "\n".join(lines) + "\n"
