"""The fold: how each Seven Years World War event changes the state."""

from __future__ import annotations

from pbem.events import Event
from pbem.fold_table import FoldTable

from . import events as E
from .state import VP, Leader, Player, SYWState, TurnProgress, Unit

TABLE = FoldTable("Seven Years World War")
on = TABLE.on


def apply(s: SYWState, e: Event) -> SYWState:
    return TABLE.apply(s, e)


def _add_to_hand(s: SYWState, seat: str, markers: list[str]) -> None:
    p = s.players[seat]
    for m in markers:
        if m in s.pool:
            s.pool.remove(m)
        if m in s.leaders:
            s.leaders[m].where, s.leaders[m].holder, s.leaders[m].box = "hand", seat, None
    p.hand = sorted([*p.hand, *markers])


def _to_pool(s: SYWState, markers: list[str]) -> None:
    for m in markers:
        if m in s.leaders:
            s.leaders[m] = Leader(id=m)
    s.pool = sorted(set(s.pool) | set(markers))


def _out_of_hand(s: SYWState, seat: str, markers: list[str]) -> None:
    p = s.players[seat]
    hand = list(p.hand)
    for m in markers:
        hand.remove(m)
    p.hand = hand


@on(E.GameSetUp)
def _(s: SYWState, e: E.GameSetUp) -> SYWState:
    return SYWState(
        scenario=e.scenario,
        options=list(e.options),
        seats=list(e.seats),
        last_turn=e.last_turn,
        stage="setup",
        control=dict(e.control),
        players={seat: Player(treasury=e.treasuries.get(seat, 0)) for seat in e.seats},
        pool=sorted(e.pool),
        leaders={lid: Leader(id=lid) for lid in sorted(e.leaders)},
    )


@on(E.StageSet)
def _(s: SYWState, e: E.StageSet) -> None:
    new_turn_part = (e.stage, e.acting) != (s.stage, s.acting) or e.turn != s.turn
    s.turn, s.stage, s.acting = e.turn, e.stage, e.acting  # type: ignore[assignment]
    if e.stage == "turn" and new_turn_part and e.part == 1:
        s.progress = TurnProgress()
    s.progress.part = e.part
    if e.stage == "start":
        s.disbanded = []
        s.enlighten_orders = []  # 3.1(6): the last turn's Enlightenment Phase is over
        s.wild = {}  # 28.6: the set-up is over


@on(E.Initiative)
def _(s: SYWState, e: E.Initiative) -> None:
    s.order = list(e.order)


@on(E.UnitsPlaced)
@on(E.Recruited)
def _(s: SYWState, e: E.UnitsPlaced | E.Recruited) -> None:
    for u in e.units:
        s.units[u["id"]] = Unit(
            id=u["id"],
            owner=u["owner"],
            type=u["type"],
            veteran=bool(u.get("veteran", False)),
            square=u["square"],
            home=u.get("home", ""),
            aboard=u.get("aboard"),
        )
    s.units = dict(sorted(s.units.items()))


@on(E.BaseLine)
def _(s: SYWState, e: E.BaseLine) -> None:
    for seat, sums in e.sums.items():
        s.players[seat].base_line = VP(**sums)


@on(E.TurnEnded)
def _(s: SYWState, e: E.TurnEnded) -> None:
    for lid in e.leaders_flipped:
        s.leaders[lid].face_up = True


@on(E.GameOver)
def _(s: SYWState, e: E.GameOver) -> None:
    s.stage = "over"
    s.result = {
        "base": dict(e.base),
        "final": dict(e.final),
        "ratios": dict(e.ratios),
        "levels": dict(e.levels),
        "winners": list(e.winners),
        "why": e.why,
    }


@on(E.Treasury)
def _(s: SYWState, e: E.Treasury) -> None:
    s.players[e.seat].treasury = e.balance


@on(E.Income)
@on(E.FreeMarkers)
@on(E.MarkersDrawn)
@on(E.MarkersLost)
@on(E.BalanceOfPower)
@on(E.Revolution)
@on(E.Provisioning)
@on(E.OrderSkipped)
@on(E.StandingFired)
def _(s: SYWState, e: Event) -> None:
    """Reports only: the state changes come with their own events."""


@on(E.MarkersReceived)
def _(s: SYWState, e: E.MarkersReceived) -> None:
    _add_to_hand(s, e.seat, list(e.markers))


@on(E.MarkersReturned)
def _(s: SYWState, e: E.MarkersReturned) -> None:
    _out_of_hand(s, e.seat, list(e.markers))
    _to_pool(s, list(e.markers))


@on(E.MarkerPlayed)
def _(s: SYWState, e: E.MarkerPlayed) -> None:
    if e.from_hand:
        _out_of_hand(s, e.seat, [e.marker])
    elif e.marker in s.pool:
        s.pool.remove(e.marker)
    if e.to_pool:  # 7YWW 8.43: back to the pool unless the CMT says otherwise
        _to_pool(s, [e.marker])


@on(E.Disbanded)
def _(s: SYWState, e: E.Disbanded) -> None:
    for uid in e.units:
        s.units.pop(uid, None)
    s.disbanded = sorted({*s.disbanded, *e.units})


@on(E.Upgraded)
def _(s: SYWState, e: E.Upgraded) -> None:
    # 7YWW 17.3: for good; no event sets a unit back to recruit (a legion replacing a
    # veteran army is a new recruit unit, 23.1(4))
    s.units[e.unit].veteran = True


@on(E.ControlChanged)
def _(s: SYWState, e: E.ControlChanged) -> None:
    s.control[e.power] = e.to


@on(E.Moved)
def _(s: SYWState, e: E.Moved) -> None:
    end = e.path[-1] if e.path else e.start
    for uid in e.units:
        u = s.units[uid]
        if uid in e.dropped:
            u.square = e.dropped[uid]
        elif uid in e.landed:
            u.square, u.aboard = e.landed[uid], None
        else:
            u.square = end
            if uid in e.carried:
                u.aboard = e.carried[uid]
    p = s.progress
    p.moved = sorted({*p.moved, *e.units})
    went_on(p, e.units)


def went_on(p: TurnProgress, units: list[str]) -> None:
    """Units that moved (the fold; transport.simulate for validation). 16.46, [C 16.h]:
    they no longer go on after a countermarch (their move went on, or a forced march
    began anew). 29.7 "for one force's movement for one move": the first line that moves
    any unit of a going-on force uses up the Expedition of its move, for the units that
    line leaves behind too (case countermarch-29-7-expedition-once)."""
    moved = set(units)
    p.going_on = {u: n for u, n in p.going_on.items() if u not in moved}
    used = {m for u, m in p.going_on_expedition.items() if u in moved}
    p.going_on_expedition = {
        u: m for u, m in p.going_on_expedition.items() if u not in moved and m not in used
    }


@on(E.Eliminated)
def _(s: SYWState, e: E.Eliminated) -> None:
    for uid in e.units:  # the emitter lists what a lost fleet carried (18.64, 19.4)
        s.units.pop(uid, None)


@on(E.Retreated)
@on(E.Advanced)
def _(s: SYWState, e: E.Retreated | E.Advanced) -> None:
    for uid in e.units:
        s.units[uid].square = e.to
        if s.units[uid].aboard not in (None, *e.units):  # 18.631: lands without its fleet
            s.units[uid].aboard = None


@on(E.LeaderPlaced)
def _(s: SYWState, e: E.LeaderPlaced) -> None:
    ld = s.leaders[e.leader]
    if ld.where == "hand" and ld.holder:
        _out_of_hand(s, ld.holder, [e.leader])
    s.leaders[e.leader] = Leader(id=e.leader, where="box", box=e.power, face_up=ld.face_up)


@on(E.LeaderFlipped)
def _(s: SYWState, e: E.LeaderFlipped) -> None:
    s.leaders[e.leader].face_up = e.face_up


@on(E.LeaderEliminated)
def _(s: SYWState, e: E.LeaderEliminated) -> None:
    # 7YWW 20.6, 20.62: back to the pool, face up, in no box: he may be picked again
    ld = s.leaders[e.leader]
    if ld.where == "hand" and ld.holder:
        _out_of_hand(s, ld.holder, [e.leader])
    _to_pool(s, [e.leader])


# --- set-up


@on(E.WildMinorRolled)
def _(s: SYWState, e: E.WildMinorRolled) -> None:
    """28.6: the wild-minor pieces a seat owes (placed in the set-up step)."""
    if e.pieces:
        s.wild[e.seat] = list(e.pieces)
    else:
        s.wild.pop(e.seat, None)


@on(E.SetupFallback)
def _(s: SYWState, e: E.SetupFallback) -> None:
    s.setup_fallback = e.seat  # 28.6, [C 28.e]


@on(E.Trained)
def _(s: SYWState, e: E.Trained) -> None:
    for uid in e.units:  # 7YWW 17.1
        s.units[uid].veteran = True


# --- player turn (movement, combat, invasion)


@on(E.TurnPhase)
def _(s: SYWState, e: E.TurnPhase) -> None:
    s.progress.phase = e.phase  # type: ignore[assignment]


@on(E.NeutralityViolated)
def _(s: SYWState, e: E.NeutralityViolated) -> None:
    """Report only: the control change is its own event."""


@on(E.Combat)
def _(s: SYWState, e: E.Combat) -> None:
    """16.22, [C 15.a]: the units that attacked this combat phase, and the (source,
    target) pairs used without a forced march. Only the phasing player's attacks."""
    if s.stage != "turn" or not s.order or e.attacker_seat != s.order[s.acting]:
        return
    p = s.progress
    p.attacked = sorted({*p.attacked, *e.attackers})
    if not e.forced_march and [e.source, e.target] not in p.attacks:
        p.attacks = [*p.attacks, [e.source, e.target]]


# --- free deployment (28.57)


@on(E.PowersChosen)
def _(s: SYWState, e: E.PowersChosen) -> None:
    s.control = dict(e.control)
    for seat, t in e.treasuries.items():
        s.players[seat].treasury = t


# --- diplomacy (7YWW 9, 29.1, 4.5-4.6, 7.1-7.2)


@on(E.DiplomacyAttempt)
@on(E.Espionage)
@on(E.EspionageMade)
@on(E.Coup)
@on(E.Reaction)
@on(E.Revealed)
def _(s: SYWState, e: Event) -> None:
    """Reports only: markers, treasuries, control and leaders change by their own events."""


@on(E.Displaced)
def _(s: SYWState, e: E.Displaced) -> None:
    for uid, sq in e.units.items():
        s.units[uid].square = sq
    for u in s.units.values():  # 18.5: aboard only where its fleet is
        fleet = s.units.get(u.aboard) if u.aboard else None
        if (u.id in e.units or u.aboard in e.units) and (fleet is None or fleet.square != u.square):
            u.aboard = None


# --- marker windows (windows.py, playmarkers.py: 29.7)


@on(E.MarkerNegated)
@on(E.MarkerBack)
def _(s: SYWState, e: E.MarkerNegated | E.MarkerBack) -> None:
    """29.7 Sturm & Drang: the negated marker is in the pool (a played marker already
    is; Scientific Breakthrough's waits out of it until its picks are made)."""
    mid = e.negated if isinstance(e, E.MarkerNegated) else e.marker
    if mid not in s.leaders:
        _to_pool(s, [mid])


@on(E.Rerolled)
@on(E.Attrition)
@on(E.Voltaire)
def _(s: SYWState, e: Event) -> None:
    """Reports only: the state changes come with their own events."""


# --- naval (7YWW 18.5)


@on(E.Embarked)
def _(s: SYWState, e: E.Embarked) -> None:
    s.units[e.unit].aboard = None if e.debark else e.fleet
    p = s.progress
    p.moved = sorted({*p.moved, e.unit, e.fleet})  # [C 18.d]


# --- minor powers and negotiation (minor_recruit.py, minors.py, negotiation.py)


@on(E.MinorRecruit)
def _(s: SYWState, e: E.MinorRecruit) -> None:
    """29.3: an Uprising's victim (and its cargo) off the map, the minor units placed."""
    for uid in e.eliminated:
        s.units.pop(uid, None)
    for u in e.placed:
        s.units[u["id"]] = Unit(id=u["id"], owner=u["owner"], type=u["type"],
                                veteran=bool(u.get("veteran", False)), square=u["square"],
                                home=u.get("home", ""))  # fmt: skip
    s.units = dict(sorted(s.units.items()))


@on(E.MarkersGiven)
def _(s: SYWState, e: E.MarkersGiven) -> None:
    _out_of_hand(s, e.frm, list(e.markers))
    _add_to_hand(s, e.to, list(e.markers))


@on(E.Pact)
def _(s: SYWState, e: E.Pact) -> None:
    s.pacts = [*s.pacts, {"seats": sorted(e.seats), "what": e.what, "target": e.target,
                          "until": e.until}]  # fmt: skip


@on(E.Deal)
def _(s: SYWState, e: E.Deal) -> None:
    """21.1: a standing deal is carried out once a game turn (plan 7.4)."""
    s.deals = [*s.deals, {"seats": sorted(e.seats), "terms": e.terms, "turn": s.turn}]


@on(E.PactBroken)
def _(s: SYWState, e: E.PactBroken) -> None:
    """21.2: a broken pact binds no longer (choice, negotiation.py)."""
    s.pacts = [p for p in s.pacts if p != e.pact]


@on(E.EndAgreed)
def _(s: SYWState, e: Event) -> None:
    """Reports only: the markers move with their own events; the game ends by
    syw.game_over."""


# --- countermarch (countermarch.py, 7YWW 16.4)


@on(E.Countermarch)
def _(s: SYWState, e: E.Countermarch) -> None:
    """16.44 one countermarch per entry; [C 16.b] the line fires once a player turn
    unless `each time`."""
    p = s.progress
    p.countermarched = [*p.countermarched, [",".join(e.moving), e.target]]
    if not e.each_time:
        p.fired = sorted({*p.fired, f"countermarch {e.seat} {e.line}"})


@on(E.Halted)
def _(s: SYWState, e: E.Halted) -> None:
    p = s.progress  # 16.46, [C 16.d]
    p.stopped = sorted({*p.stopped, *e.units})


@on(E.MoveGoesOn)
def _(s: SYWState, e: E.MoveGoesOn) -> None:
    p = s.progress  # 16.46, [C 16.h]
    p.going_on = {**p.going_on, **{u: e.points for u in e.units}}
    if e.expedition:  # 29.7: the move goes on under its Expedition
        p.going_on_expedition = {**p.going_on_expedition, **{u: e.marker for u in e.units}}


# --- diplomacy standing (diplomacy_standing.py, 7YWW 9.4)


@on(E.StandingSpent)
def _(s: SYWState, e: E.StandingSpent) -> None:
    """Plan 7.4: a `once` line fires one time (kept across standing envelopes)."""
    s.spent = [*s.spent, {"seat": e.seat, "key": e.key}]


# --- optional rules 23-25 (legions.py, taxes.py)


@on(E.LegionAttempt)
def _(s: SYWState, e: E.LegionAttempt) -> None:
    """23.1(4): on success the veteran army leaves the map and a recruit legion of the same
    power takes its place (aboard the same fleet, if any)."""
    if not e.success:
        return
    army = s.units.pop(e.army)
    s.units[e.legion] = Unit(id=e.legion, owner=army.owner, type="legion", veteran=False,
                             square=army.square, aboard=army.aboard)  # fmt: skip
    s.units = dict(sorted(s.units.items()))


@on(E.TaxesRaised)
def _(s: SYWState, e: Event) -> None:
    """Reports only: the correction is its own syw.treasury event (25.1)."""


# --- optional rules 26, 27, 4.74 (pillage.py, enlightenment.py)


@on(E.Pillage)
def _(s: SYWState, e: E.Pillage) -> None:
    """26.12 the square is attempted this turn; 29.5 Pillage: the marker placed, any
    enlightenment marker removed (7YWW 27.6: the only way one leaves the map)."""
    s.progress.pillaged = sorted({*s.progress.pillaged, e.square})
    if e.result == "Pillage":
        s.pillaged = sorted({*s.pillaged, e.square})
        s.enlightened = [q for q in s.enlightened if q != e.square]


@on(E.PillageRemoved)
def _(s: SYWState, e: E.PillageRemoved) -> None:
    s.pillaged = [q for q in s.pillaged if q != e.square]  # 26.3, 26.4


@on(E.Enlightenment)
def _(s: SYWState, e: E.Enlightenment) -> None:
    if e.placed:  # 29.6 Enlightenment #, 27.22
        s.enlightened = sorted({*s.enlightened, e.square})


@on(E.EnlightenOrdered)
def _(s: SYWState, e: E.EnlightenOrdered) -> None:
    s.enlighten_orders = [*s.enlighten_orders, {"seat": e.seat, "square": e.square,
                          "value": e.value, "line": e.line, "text": e.text}]  # fmt: skip
