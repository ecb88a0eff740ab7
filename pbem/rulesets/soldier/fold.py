"""The fold: how each Soldier Kings event changes the state."""

from __future__ import annotations

from pbem.events import Event
from pbem.fold_table import FoldTable

from . import events as E
from .state import SoldierState, Treasury

TABLE = FoldTable("Soldier Kings")
on = TABLE.on


def apply(s: SoldierState, e: Event) -> SoldierState:
    return TABLE.apply(s, e)


@on(E.ScenarioStarted)
def _(s: SoldierState, e: E.ScenarioStarted) -> SoldierState:
    return SoldierState(
        scenario=e.scenario,
        number=e.number,
        first_turn=e.first_turn,
        last_turn=e.last_turn,
        random_end=e.random_end,
        options=list(e.options),
        turn=e.first_turn,
        stage="setup",
        setup_order=[list(x) for x in e.setup_order],
        players={k: list(v) for k, v in e.players.items()},
        majors=list(e.majors),
        allies=dict(e.allies),
        control=dict(e.control),
        treasury={p: Treasury(resources=r, manpower=m) for p, (r, m) in e.treasury.items()},
        # validated into Counters and LeaderPieces with the state, in one call
        units={u["id"]: u for u in e.units},
        leaders={ld["name"]: ld for ld in e.leaders},
        hands={p: [] for p in e.players},
        deck=list(e.deck),
        frozen=dict(e.frozen),
        subsidies=[dict(x) for x in e.subsidies],
    )


@on(E.UnitsSelected)
def _(s: SoldierState, e: E.UnitsSelected) -> None:
    for uid in e.units:
        u = s.units[uid]
        u.status = "setup"
        u.hired_by = e.hired_by


@on(E.LeadersSelected)
def _(s: SoldierState, e: E.LeadersSelected) -> None:
    for name in e.leaders:
        s.leaders[name].status = "setup"


@on(E.CardsDealt)
def _(s: SoldierState, e: E.CardsDealt) -> None:
    for card in e.cards:
        s.deck.remove(card)
    s.hands.setdefault(e.player, []).extend(e.cards)
    s.hands[e.player].sort()


@on(E.PiecesPlaced)
def _(s: SoldierState, e: E.PiecesPlaced) -> None:
    for area, pieces in e.placements.items():
        for p in pieces:
            piece = s.units.get(p) or s.leaders[p]
            piece.status = "map"
            piece.area = area
            piece.arrives = None


@on(E.SetupRoundDone)
def _(s: SoldierState, e: E.SetupRoundDone) -> None:
    s.setup_round = e.round + 1


@on(E.TurnBegan)
def _(s: SoldierState, e: E.TurnBegan) -> None:
    s.turn = e.turn
    s.stage = e.stage
    s.acted = []
    s.attacked = []
    s.moves = []
    s.mountain_moves = []
    s.acting = 0
