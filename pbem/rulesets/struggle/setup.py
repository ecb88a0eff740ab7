"""SoE Setting Up: the first player, ten Country counters face up, five drawn by each
player (a control token in each one's area), and five military units placed by each
player, clockwise from the first player; and SoE 1. Country Counters at each later war.

PBEM: each player places all five units in one envelope, in clockwise order, so each
sees the placements made before his (the rulebook places one unit at a time around the
table: five times the mail; docs/orders-struggle-of-empires.md)."""

from __future__ import annotations

from pbem.errors import UsageError
from pbem.resolution import Resolution

from . import events as E
from .content import SoEContent
from .state import SoEState

SCENARIOS: dict[str, list[str]] = {
    # authored: which powers play with N players (the text lets the players choose
    # colours); the five of the Examples of Play with five
    "2p": ["Britain", "France"],
    "3p": ["Britain", "France", "Spain"],
    "4p": ["Britain", "France", "Spain", "Austria"],
    "5p": ["Britain", "France", "Spain", "Austria", "Prussia"],
    "6p": ["Britain", "France", "Spain", "Russia", "Austria", "Prussia"],
    "7p": ["Britain", "France", "Spain", "Russia", "Austria", "Prussia", "United Provinces"],
}


def seats(content: SoEContent, scenario: str) -> list[str]:
    """The powers in play, in the map's clockwise order (game.toml powers)."""
    if scenario not in SCENARIOS:
        raise UsageError(
            f"no scenario {scenario!r}; Struggle of Empires has {', '.join(SCENARIOS)}"
        )
    chosen = set(SCENARIOS[scenario])
    return [p for p in content.game.powers if p in chosen]


def describe(content: SoEContent, scenario: str) -> str:
    """What `pbem games struggle-of-empires --scenario ID` prints: the powers in play and
    the set-up and length the rulebook gives for that many players (game.toml's values)."""
    powers = seats(content, scenario)
    r = content.rule
    n = len(powers)
    colours = ", ".join(f"{p} ({content.colours[p]})" for p in powers)
    return "\n".join(
        [
            f"Struggle of Empires, {n} players: {colours}",
            "  (seated clockwise in this order; which powers play with how many players is"
            " pbem's choice: the text lets the players choose colours)",
            "",
            f"Length: {r('wars')} wars (SoE War Sequence); in each, {content.rounds(n)} rounds"
            f" of {r('actions_per_round')} actions each (SoE 3. Player Actions).",
            "",
            "Setting up (SoE Setting Up the Game):",
            "  The first player is picked at random.",
            f"  Each power takes {r('starting_gold')} gold and starts at Population"
            f" {r('starting_population')} and 0 victory points; it has {content.map_tokens}"
            " control tokens for the map (two more mark its tracks).",
            f"  {r('setup_country_counters')} Country counters are drawn face up onto the map.",
            f"  Clockwise from the first player, each draws {r('setup_draws_per_player')}"
            " Country counters and places a control token in each one's area (the counters"
            " are boxed).",
            f"  Clockwise from the first player, each places {r('setup_units_per_player')}"
            " military units (armies, navies, forts) in one envelope: each sees the"
            " placements made before his.",
            "  Then the first war's auction for alliances and turn order.",
        ]
    )


def clockwise_from(s: SoEState, power: str) -> list[str]:
    i = s.seats.index(power)
    return s.seats[i:] + s.seats[:i]


def draw_counters(ctx: Resolution, content: SoEContent, n: int, label: str) -> None:
    """Draw up to n counters from the bag (public draws: they go face up)."""
    s: SoEState = ctx.state
    bag = sorted(s.bag)
    got: list[str] = []
    for k in range(min(n, len(bag))):
        got.append(bag.pop(ctx.pick(f"{label}: counter {k + 1} of {n}", len(bag))))
    if got:
        ctx.emit(E.CountersPlaced(counters=got, areas=[content.counter_by_id[c].area for c in got]))


def start(ctx: Resolution, content: SoEContent, scenario: str) -> None:
    powers = seats(content, scenario)
    first = powers[ctx.pick("first player (SoE Setting Up)", len(powers))]
    stock = {}
    for t in content.tiles:
        stock[t.name] = stock.get(t.name, 0) + t.count
    ctx.emit(
        E.GameSetUp(
            scenario=scenario,
            seats=powers,
            first=first,
            wars=content.rule("wars"),
            rounds=content.rounds(len(powers)),
            gold=content.rule("starting_gold"),
            population=content.rule("starting_population"),
            bag=sorted(c.id for c in content.counters),
            stock=dict(sorted(stock.items())),
        )
    )
    draw_counters(ctx, content, content.rule("setup_country_counters"), "set-up")
    s: SoEState = ctx.state
    n = content.rule("setup_draws_per_player")
    for p in clockwise_from(s, first):
        bag = sorted(s.bag)
        got = [bag.pop(ctx.pick(f"{p} draws: counter {k + 1} of {n}", len(bag))) for k in range(n)]
        ctx.emit(
            E.CountersDrawn(
                power=p, counters=got, areas=[content.counter_by_id[c].area for c in got]
            )
        )
    ctx.emit(E.StageSet(war=1, stage="place", acting=0))


def placer(s: SoEState) -> str:
    return clockwise_from(s, s.first)[s.acting]


def check_placement(
    content: SoEContent,
    s: SoEState,
    power: str,
    units: list[tuple[str, str, int]],
    unread: int = 0,
) -> list[tuple[str, int]]:
    """Problems (message, line) with a power's five set-up units (type, area, line);
    `unread`: lines that did not read, counted as units (their own problem is said)."""
    out: list[tuple[str, int]] = []
    want = content.rule("setup_units_per_player")
    limits = {"army": "armies", "navy": "navies", "fort": "forts"}
    used: dict[str, int] = {}
    for type_, area, line in units:
        if area not in content.scoring:
            out.append((f"{area} is not one of the eleven areas that score (SoE Setting Up)", line))
        elif type_ == "navy" and not content.area(area).navy:
            out.append((f"navies cannot be placed in {area} (SoE Setting Up)", line))
        used[type_] = used.get(type_, 0) + 1
        if used[type_] > content.pieces[limits[type_]]:
            out.append((f"{power} has only {content.pieces[limits[type_]]} {limits[type_]}", line))
    if len(units) + unread != want:
        out.append((f"place exactly {want} units ({len(units) + unread} given)", None))  # type: ignore[arg-type]
    return out


def default_placement(content: SoEContent, s: SoEState, power: str) -> list[tuple[str, str]]:
    """Documented default: an army in each of the areas where the power has the most
    control tokens (ties in map order), round again until five are placed; a power
    with no tokens places them in the German States."""
    mine = sorted(content.scoring, key=lambda a: (-s.tokens(a, power), content.scoring.index(a)))
    mine = [a for a in mine if s.tokens(a, power)] or ["German States"]
    n = content.rule("setup_units_per_player")
    return [("army", mine[i % len(mine)]) for i in range(n)]
