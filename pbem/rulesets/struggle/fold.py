"""The fold: how each Struggle of Empires event changes the state."""

from __future__ import annotations

from pbem.events import Event
from pbem.fold_table import FoldTable

from . import events as E
from .state import DISPLAY_BOXES, Auction, Pirate, Power, SoEState

TABLE = FoldTable("Struggle of Empires")
on = TABLE.on


def apply(s: SoEState, e: Event) -> SoEState:
    return TABLE.apply(s, e)


def _add(d: dict, key: str, n: int) -> None:
    d[key] = d.get(key, 0) + n
    if d[key] == 0:
        del d[key]


@on(E.GameSetUp)
def _(s: SoEState, e: E.GameSetUp) -> SoEState:
    return SoEState(
        scenario=e.scenario,
        seats=list(e.seats),
        first=e.first,
        wars=e.wars,
        rounds=e.rounds,
        stage="setup",
        powers={p: Power(gold=e.gold, population=e.population) for p in e.seats},
        bag=list(e.bag),
        stock=dict(e.stock),
        auction_starter=e.seats.index(e.first),
        display=[None] * DISPLAY_BOXES,
    )


@on(E.CountersPlaced)
def _(s: SoEState, e: E.CountersPlaced) -> None:
    for cid, area in zip(e.counters, e.areas, strict=True):
        s.bag.remove(cid)
        s.counters.setdefault(area, []).append(cid)
    for area in s.counters:
        s.counters[area].sort()


@on(E.CountersDrawn)
def _(s: SoEState, e: E.CountersDrawn) -> None:
    for cid, area in zip(e.counters, e.areas, strict=True):
        s.bag.remove(cid)
        s.boxed.append(cid)
        _add(s.control.setdefault(area, {}), e.power, 1)


@on(E.UnitsPlaced)
def _(s: SoEState, e: E.UnitsPlaced) -> None:
    for type_, area in e.units:
        _add(s.units.setdefault(area, {}).setdefault(e.power, {}), type_, 1)


@on(E.StageSet)
def _(s: SoEState, e: E.StageSet) -> None:
    s.war, s.stage, s.round, s.acting = e.war, e.stage, e.round, e.acting
    if e.stage != "auction":
        s.auction = None


@on(E.AuctionOpened)
def _(s: SoEState, e: E.AuctionOpened) -> None:
    s.auction = Auction(number=e.number, order=list(e.order))
    s.auctions = e.number


def _next_bidder(a: Auction) -> None:
    a.turn = (a.turn + 1) % len(a.order)
    a.bids += 1


@on(E.BidMade)
def _(s: SoEState, e: E.BidMade) -> None:
    a = s.auction
    assert a is not None
    a.bid, a.bidder, a.a, a.b, a.passes = e.amount, e.power, e.a, e.b, 0
    _next_bidder(a)


@on(E.BidPassed)
def _(s: SoEState, e: E.BidPassed) -> None:
    a = s.auction
    assert a is not None
    a.passes += 1
    _next_bidder(a)


@on(E.AuctionWon)
def _(s: SoEState, e: E.AuctionWon) -> None:
    if e.a is not None and e.a_box is not None:
        s.display[e.a_box - 1] = e.a
    if e.b is not None and e.b_box is not None:
        s.display[e.b_box - 1] = e.b
    s.order = [p for p in s.display if p is not None]
    s.auction = None
    s.auction_starter = (s.auction_starter + 1) % len(s.seats)


@on(E.GoldChanged)
def _(s: SoEState, e: E.GoldChanged) -> None:
    s.powers[e.power].gold += e.delta


@on(E.GoldGiven)
def _(s: SoEState, e: E.GoldGiven) -> None:
    s.powers[e.power].gold -= e.gold
    s.powers[e.to].gold += e.gold


@on(E.GoldBorrowed)
def _(s: SoEState, e: E.GoldBorrowed) -> None:
    s.powers[e.power].gold += e.gold
    s.powers[e.power].unrest += e.unrest


@on(E.UnrestChanged)
def _(s: SoEState, e: E.UnrestChanged) -> None:
    s.powers[e.power].unrest = max(0, s.powers[e.power].unrest + e.delta)


@on(E.PopulationChanged)
def _(s: SoEState, e: E.PopulationChanged) -> None:
    s.powers[e.power].population += e.delta


@on(E.VictoryPoints)
def _(s: SoEState, e: E.VictoryPoints) -> None:
    s.powers[e.power].vp += e.delta


@on(E.UnitsChanged)
def _(s: SoEState, e: E.UnitsChanged) -> None:
    by = s.units.setdefault(e.area, {}).setdefault(e.power, {})
    _add(by, e.unit, e.delta)
    _tidy(s, e.area)


def _tidy(s: SoEState, area: str) -> None:
    by = s.units.get(area, {})
    for p in [p for p, u in by.items() if not u]:
        del by[p]
    if not by:
        s.units.pop(area, None)


@on(E.UnitMoved)
def _(s: SoEState, e: E.UnitMoved) -> None:
    if e.outcome == "returned":
        return
    _add(s.units[e.frm][e.power], e.unit, -1)
    _tidy(s, e.frm)
    if e.outcome == "arrived":
        _add(s.units.setdefault(e.to, {}).setdefault(e.power, {}), e.unit, 1)


@on(E.ControlChanged)
def _(s: SoEState, e: E.ControlChanged) -> None:
    here = s.control.setdefault(e.area, {})
    if e.frm is not None:
        _add(here, e.frm, -1)
    if e.to is not None:
        _add(here, e.to, 1)
    if not here:
        del s.control[e.area]
    if e.counter is not None:
        s.counters[e.area].remove(e.counter)
        if not s.counters[e.area]:
            del s.counters[e.area]
        s.boxed.append(e.counter)


@on(E.TileTaken)
def _(s: SoEState, e: E.TileTaken) -> None:
    _add(s.stock, e.tile, -1)
    s.powers[e.power].tiles = sorted([*s.powers[e.power].tiles, e.tile])


@on(E.TileUsed)
def _(s: SoEState, e: E.TileUsed) -> None:
    s.powers[e.power].used = sorted([*s.powers[e.power].used, e.tile])


@on(E.TileReturned)
def _(s: SoEState, e: E.TileReturned) -> None:
    pw = s.powers[e.power]
    pw.tiles.remove(e.tile)
    if e.tile in pw.used and pw.used.count(e.tile) > pw.tiles.count(e.tile):
        pw.used.remove(e.tile)
    if e.why != "discarded":
        _add(s.stock, e.tile, 1)
    if e.spent:
        pw.spent = sorted([*pw.spent, e.tile])


@on(E.BlockadePlaced)
def _(s: SoEState, e: E.BlockadePlaced) -> None:
    pw = s.powers[e.power]
    pw.tiles.remove("Blockade")
    pw.spent = sorted([*pw.spent, "Blockade"])
    s.blockades[e.area] = e.power


@on(E.BlockadeLifted)
def _(s: SoEState, e: E.BlockadeLifted) -> None:
    del s.blockades[e.area]
    _add(s.stock, "Blockade", 1)


@on(E.RaidDefeated)
def _(s: SoEState, e: E.RaidDefeated) -> None:
    here = s.pirates[e.area]
    here.remove(next(p for p in here if p.tile == e.tile and p.token == e.token))
    if not here:
        del s.pirates[e.area]
    _add(s.stock, e.tile, 1)


@on(E.RoundEnded)
def _(s: SoEState, e: E.RoundEnded) -> None:
    for pw in s.powers.values():
        pw.spent = []


for _cls in (
    E.AttackDeclared,
    E.AllyJoined,
    E.CombatFought,
    E.NavalSupport,
    E.ActionSkipped,
    E.NoTokenLeft,
):
    on(_cls)(lambda s, e: None)  # facts for the report; what they change comes as other events


@on(E.RaidPlaced)
def _(s: SoEState, e: E.RaidPlaced) -> None:
    s.pirates.setdefault(e.area, []).append(Pirate(tile=e.tile, token=e.token, strength=e.strength))


@on(E.WarEnded)
def _(s: SoEState, e: E.WarEnded) -> None:
    s.last_mover = e.last_mover
    s.auctions = 0
    s.auction_starter = s.seats.index(e.last_mover)
    s.display = [None] * DISPLAY_BOXES
    s.order = []
    for pw in s.powers.values():
        pw.used = []


@on(E.GameEnded)
def _(s: SoEState, e: E.GameEnded) -> None:
    s.stage = "over"
    s.final = dict(e.scores)
    s.result = ", ".join(e.winners)
