"""What `pbem games seven-years-world-war --scenario ID` prints: the scenario of 7YWW
28.5x as a referee and his players read it before they start (the seats and their
powers, the neutral powers, the starting treasuries and campaign markers, the game's
length, and the 7YWW 28.6 deployment block by block with who sets each one up), every
line from scenarios.toml, in the text's words."""

from __future__ import annotations

from .content import Content
from .deploy import fixed_sides, named_setter
from .scenarios import Scenario, SetupBlock
from .state import SYWState, seat_names


def describe(c: Content, scenario: str) -> str:
    data = c.data.scenarios
    sc = data.scenario_by_id[scenario]
    out = [f"7YWW {sc.section} {sc.title}", f"  {sc.text}", ""]
    years = data.length.years
    out.append(
        f"Length: {data.length.turns} game turns, {years[0]} to {years[-1]} (7YWW 28.1);"
        " the first player by initiative (6.0, 28.2)."
    )
    out += ["", "Players (7YWW 28.3, 28.4):"]
    seats = seat_names(sc.players)
    if sc.coalitions:
        for i, (seat, powers) in enumerate(zip(seats, sc.coalitions, strict=True)):
            names = ", ".join(f"{c.power_name(p)} ({p})" for p in powers)
            out.append(f"  {seat}: {names}; {_start(sc, i)}")
        neutral = ", ".join(f"{c.power_name(p)} ({p})" for p in sc.neutral)
        out.append(f"Neutral major powers (7YWW 4.3): {neutral or 'none'}.")
    else:
        out.append(
            f"  {', '.join(seats)}: each ranks the major powers and drafts {sc.choose}"
            " (7YWW 28.57; the treasuries and campaign markers follow the powers drafted)."
        )
        if sc.forbid_together:
            pairs = "; ".join(" and ".join(p) for p in sc.forbid_together)
            out.append(f"  Never drafted together: {pairs}.")
    out += ["", f"Campaign markers: {data.campaign_markers.text}"]
    out += ["", "Deployment (7YWW 28.6):"]
    state = _state(sc)
    for b in data.setup:
        if b.by == "fixed":
            continue
        out.append(f"  {b.heading.title()}: {_who(state, b, bool(sc.coalitions))}")
        out += [f"    {text}" for text in _sentences(b)]
    out.append("  Minor powers, set up as the text places them:")
    for side in fixed_sides(c):
        b = data.setup_by_side[side]
        out.append(f"    {b.heading.title()}: " + " ".join(_sentences(b)))
    m = data.minor_random
    out.append(f"  {m.heading.title()}: {m.text}")
    rolls = ", ".join(f"{k} {v}" for k, v in sorted(m.die.items()))
    out.append(f"    Die: {rolls}.")
    return "\n".join(out)


def _sentences(b: SetupBlock) -> list[str]:
    """The block's sentences once each (a sentence placing units in two places is two
    lines of scenarios.toml with one text)."""
    out: list[str] = []
    for ln in b.line:
        text = ln.text + (" (option hanover)" if ln.optional else "")
        if text not in out:
            out.append(text)
    return out


def _start(sc: Scenario, i: int) -> str:
    t = sc.treasuries[i] if i < len(sc.treasuries) else 0
    m = sc.initial_markers[i] if i < len(sc.initial_markers) else 0
    return f"{t} treasury points, {m} campaign markers picked at the start"


def _state(sc: Scenario) -> SYWState:
    control: dict[str, str | None] = {p: None for p in sc.neutral}
    for seat, powers in zip(seat_names(sc.players), sc.coalitions, strict=False):
        control.update({p: seat for p in powers})
    return SYWState(scenario=sc.id, control=control)


def _who(state: SYWState, b: SetupBlock, fixed_seats: bool) -> str:
    """Who sets the block up (7YWW 28.6), in this scenario's seats when it has them."""
    if fixed_seats:
        seat = named_setter(state, b)
        if seat is not None:
            return f"set up by {seat}"
        return "set up by the player with the lowest campaign value ([C 28.e])"
    if b.by == "controller":
        alt = f"; if neutral, by the player controlling {b.if_neutral}" if b.if_neutral else ""
        return "set up by the player controlling it" + alt
    alt = "; by its own player if one controls it" if b.if_controlled else ""
    return f"set up by the player controlling {b.by}" + alt
