"""The set-up of a Seven Years World War game, resolution 1 (plan 2.1): 7YWW 28.1-28.5,
the initiative for set-up (28.2, 6.1), the initial picks (28.4), the minor forces whose
squares are fixed (28.6 PORTUGAL ... TIMBUKTU) and the wild-minor dice (28.6 ARABIA ...).
The players then place their forces in the `1756-setup` step (placement.py).

The dice of resolution 1, in order (for rules cases that start from a scenario):
(1) initiative ties, public (`initiative tie: Coalition 1`), only if the campaign values
tie; (2) the initial picks, seat by seat in initiative order, one hidden draw each, an
index into the pool sorted by id (`pick: Coalition 2, initial markers (7YWW 28.4), 1 of
6`), plus one for each Balance of Power or Revolution drawn (returned and replaced);
(3) one wild-minor die per seat in initiative order (`wild minor: Coalition 2`); (4) only
after a free deployment leaving a power 28.6 names no set-up player for, a die per tied
seat in seat order if the lowest campaign values tie (`set-up of powers no player is
named for: Coalition 1`, [C 28.e])."""

from __future__ import annotations

from typing import Any

from pbem.resolution import Resolution

from . import control, deploy, initiative, markers, placement, windows  # noqa: F401  (placement registers "place")
from . import events as E
from .content import Content
from .map import MAJORS
from .state import SYWState, seat_names

WHY_MINORS = "minor forces (7YWW 28.6)"


def start_treasury(c: Content, powers: list[str], players: int) -> int:
    """7YWW 28.3: 20 for Great Britain's player, 14 for France's, 10 for the others.
    [C 28.c] 28.3(3) names three and four player games; a two-player free deployment
    player with neither GB nor FR also gets 10."""
    t = c.data.start_treasury(powers, players)
    if t == 0 and powers:
        t = c.data.scenarios.treasury.others
    return t


def start(ctx: Resolution, c: Content, scenario: str, options: dict[str, Any]) -> None:
    sc = c.data.scenarios.scenario_by_id[scenario]
    seats = seat_names(sc.players)  # [C 1.a]
    control: dict[str, str | None] = {p: None for p in MAJORS}  # 4.3: the others neutral
    for seat, powers in zip(seats, sc.coalitions, strict=False):  # 28.5
        for p in powers:
            control[p] = seat
    treasuries = {
        seat: start_treasury(c, list(powers), sc.players)  # 28.3
        for seat, powers in zip(seats, sc.coalitions, strict=False)
    }
    ctx.emit(
        E.GameSetUp(
            scenario=scenario,
            options=sorted(k for k, v in options.items() if v),
            seats=seats,
            control=control,
            treasuries=treasuries,
            pool=sorted(c.markers),  # 8.1 [C 28.f]: every marker, leaders too, in the pool
            leaders=sorted(m for m in c.markers if c.is_leader(m)),
            last_turn=c.data.scenarios.length.turns,  # 28.1
        )
    )
    if not sc.coalitions:  # 28.57: the players choose their powers first (draft.py)
        ctx.emit(E.StageSet(turn=1, stage="choose"))
        return
    begin(ctx, c)


def begin(ctx: Resolution, c: Content) -> None:
    """Once every power has its controller: initiative, initial picks, minor forces."""
    order = initiative.determine(ctx, c, 0)  # 7YWW 28.2, 6.1
    s: SYWState = ctx.state
    for seat in order:  # 7YWW 28.4: the free markers of his powers; 29.7 [C 28.i]
        n = c.data.free_markers(s.powers_of(seat))
        markers.pick(ctx, c, seat, n, "initial markers (7YWW 28.4)", setup=True)
    place_fixed_minors(ctx, c)
    for seat in order:
        roll_wild_minor(ctx, c, seat)
    assign_fallback(ctx, c)
    ctx.emit(E.StageSet(turn=1, stage="place"))


def assign_fallback(ctx: Resolution, c: Content) -> None:
    """28.6 names no set-up player for a neutral GB, FR, PR, AU or RU, nor for a power
    whose named player's power is itself neutral (deploy.named_setter; only after a free
    deployment, 28.57). scenarios.toml [setup_fallback], rule `lowest_campaign_value`
    (authored, [C 28.e]): the player whose controlled powers' campaign values total
    least sets them all up; a tie by a die each (4.42's procedure, control.least)."""
    s: SYWState = ctx.state
    sides = [x for x in deploy.major_sides(c) if deploy.named_setter(s, deploy.block(c, x)) is None]
    if not sides:
        return
    rule = c.data.scenarios.setup_fallback.rule
    if rule != "lowest_campaign_value":  # the one rule scenarios.py reads
        raise ValueError(f"scenarios.toml [setup_fallback]: unknown rule {rule!r}")
    values = {seat: c.campaign_value(s.powers_of(seat)) for seat in s.seats}
    seat = control.least(ctx, values, "set-up of powers no player is named for")
    ctx.emit(E.SetupFallback(seat=seat, sides=sides, values=values))


def place_fixed_minors(ctx: Resolution, c: Content) -> None:
    """7YWW 28.6 MINOR POWER FORCES 'set up as indicated': every square is fixed (each
    line's selector names the squares; the default order fills them)."""
    s: SYWState = ctx.state
    units = []
    for side in deploy.fixed_sides(c):
        pieces = deploy.roster(c, side)
        where = deploy.default_placement(c, s, pieces, {})
        units += [p.unit(where[p.id]) for p in pieces]
    ctx.emit(E.UnitsPlaced(seat=None, units=units, why=WHY_MINORS))


def roll_wild_minor(ctx: Resolution, c: Content, seat: str) -> None:
    """7YWW 28.6 ARABIA, AFRICA, TAUREGS, OREGON, AMAZONIA, PATAGONIA, NEW HOLLAND: 'Each
    player (in order of initiative) rolls a die on the following table' [C 28.a];
    'Units may not exceed what's given in the counter mix' (11.4)."""
    s: SYWState = ctx.state
    r = c.data.scenarios.minor_random
    die = windows.roll(ctx, f"wild minor: {seat}")[0]
    code = r.die[die]
    pieces: list[str] = []
    short: list[str] = []
    for g in r.result[code].units:
        for _ in range(g.count):
            words = deploy.piece_words(g.status, g.unit)
            kind = deploy.COUNTER.get(g.unit, g.unit)
            mine = sum(1 for w in pieces if deploy.COUNTER.get(deploy.parse_piece(w)[0]) == kind)
            if deploy.minor_stock_left(c, s, g.unit) - mine > 0:
                pieces.append(words)
            else:
                short.append(words)
    note = f"no minor {', '.join(short)} counter left (7YWW 11.4, 28.6)" if short else ""
    ctx.emit(E.WildMinorRolled(seat=seat, die=die, result=code, pieces=pieces, note=note))
