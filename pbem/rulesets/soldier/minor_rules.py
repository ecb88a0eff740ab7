"""SK 17-18, what the minor-country rules record and ask (minors.py has the orders, the
alliance procedure and SK 17.7): the events and their fold, the Minor Country Alliance
Table's answers (who may ally, who seeks an ally), SK 18.4 minor armies alone, SK 18.6
the Papal States, SK 18.1 new units each Spring."""

from __future__ import annotations

from typing import Any, Literal

from pbem.events import Event, event
from pbem.resolution import Resolution

from . import alliances, calendar, common, mercenaries, purchases
from .common import id_order
from .content import MinorTableRow, SoldierContent
from .fold import on
from .minor_variants import backstab_bar
from .state import SoldierState

CARD = "Minor Country Alliance"


ROYAL_BETROTHAL = "royal_betrothal"


@event
class CardPlayed(Event):
    """SK 5.1: a card from the player's hand, played on `on`; to the discard pile."""

    type: Literal["sk.card_played"] = "sk.card_played"
    player: str
    power: str
    card: str
    on: str
    detail: str = ""
    to: Literal["discard", "removed"] = "discard"
    key: str = ""  # the card order carried out (cards.py: each fires once)
    trigger: str = ""  # what it reacted to (SK 5.2), for a standing reaction


@event
class OrderSkipped(Event):
    """An accepted minor-country or mercenary order that could not be carried out."""

    type: Literal["sk.minor_order_skipped"] = "sk.minor_order_skipped"
    power: str
    order: str
    reason: str


@event
class BribesPaid(Event):
    """SK 17.42: the bribes, written secretly, revealed together and paid whatever happens."""

    type: Literal["sk.bribes_paid"] = "sk.bribes_paid"
    minor: str
    attempt: int
    bribes: list[dict]  # power, resources, modifier, side, target, standing, from_attempt


@event
class AllianceAttempt(Event):
    """SK 17.3: two dice (rolled just before) plus every modifier, itemised."""

    type: Literal["sk.alliance_attempt"] = "sk.alliance_attempt"
    power: str
    minor: str
    attempt: int
    dice: list[int]
    modifiers: list[dict]  # kind, power, value, detail
    modifier: int
    total: int
    needed: int | None  # None: SK 17.7's forced roll, the highest allies
    success: bool | None
    steal: bool = False
    why: str = ""


@event
class MinorSought(Event):
    """SK 17.7 / 19.2: a besieged (or betrayed) neutral minor seeks an ally."""

    type: Literal["sk.minor_sought"] = "sk.minor_sought"
    minor: str
    area: str | None
    excluded: list[str]
    eligible: list[str]
    wishing: list[str]
    totals: dict[str, int]
    ally: str | None
    reason: str


@event
class MinorAllied(Event):
    """SK 17.3 / 17.6 / 17.7 / 18.8: the minor's major power ally from now on."""

    type: Literal["sk.minor_allied"] = "sk.minor_allied"
    minor: str
    power: str
    frm: str | None
    turn: int
    why: str


@event
class MinorForcesPlaced(Event):
    """SK 17.3 (Minor Country Forces Table), 18.1 (new units), 19.2, 19.6."""

    type: Literal["sk.minor_forces_placed"] = "sk.minor_forces_placed"
    minor: str
    power: str
    placements: dict[str, list[str]]  # area -> unit ids and leader names
    rule: str


@event
class MarkerPlaced(Event):
    """SK 5.2: an event marker placed on a minor country (e.g. Royal Betrothal)."""

    type: Literal["sk.marker_placed"] = "sk.marker_placed"
    marker: str
    on: str


@event
class MarkerRemoved(Event):
    """SK 5.2: "when the card's effects end, remove it" (Royal Death removes Royal Betrothal)."""

    type: Literal["sk.marker_removed"] = "sk.marker_removed"
    marker: str
    on: str


@event
class AllianceBroken(Event):
    """SK 17.8: a major power breaks its alliance with its minor ally."""

    type: Literal["sk.alliance_broken"] = "sk.alliance_broken"
    minor: str
    power: str
    why: str


@event
class MinorUnitsRemoved(Event):
    """The minor is neutral again: its units and leaders leave the map for the pool."""

    type: Literal["sk.minor_units_removed"] = "sk.minor_units_removed"
    minor: str
    units: list[str]
    leaders: list[str]
    why: str


def neutral_again(s: SoldierState, minor: str, why: str) -> MinorUnitsRemoved:
    """A minor neutral again (SK 17.8 with no new ally, Royal Death, SKO Separate Peace):
    its units (not those hired) and leaders on the map and on the turn track go back to
    its pool: a neutral minor commands nothing in play or coming."""
    units = sorted(
        (
            u.id
            for u in s.units.values()
            if u.country == minor and u.hired_by is None and u.status in ("map", "track")
        ),
        key=id_order,
    )
    leaders = sorted(
        n for n, ld in s.leaders.items() if ld.country == minor and ld.status in ("map", "track")
    )
    return MinorUnitsRemoved(minor=minor, units=units, leaders=leaders, why=why)


@event
class SiegeResisted(Event):
    """SK 17.71: the new ally placed the minor's armies in the siege area."""

    type: Literal["sk.siege_resisted"] = "sk.siege_resisted"
    area: str
    minor: str
    ally: str
    units: list[str]
    stopped: bool


@event
class MinorConquered(Event):
    """SK 18.7: every home area held by enemies (conquered = False: no longer so)."""

    type: Literal["sk.minor_conquered"] = "sk.minor_conquered"
    minor: str
    conquered: bool
    holders: list[str]


@event
class MinorLiberated(Event):
    """SK 18.8: the power declares the conquered minor its ally; the area it took is the
    minor's again."""

    type: Literal["sk.minor_liberated"] = "sk.minor_liberated"
    minor: str
    power: str
    area: str
    turn: int


@event
class LeaderRemoved(Event):
    """SK 19.6: Angelo Emo leaves play with the Venetian fleet, for good."""

    type: Literal["sk.leader_removed"] = "sk.leader_removed"
    leader: str
    why: str


@on(CardPlayed)
def _(s: SoldierState, e: CardPlayed) -> None:
    hand = s.hands.get(e.player, [])
    if e.card in hand:
        hand.remove(e.card)
    if e.to == "discard":
        s.discard.append(e.card)
    if e.key:  # cards.py: a card order is spent once carried out
        s.card_plays.append(
            {"power": e.power, "key": e.key, "card": e.card, "trigger": e.trigger, "turn": s.turn}
        )


@on(OrderSkipped)
def _(s: SoldierState, e: OrderSkipped) -> None:
    return None


@on(BribesPaid)
def _(s: SoldierState, e: BribesPaid) -> None:
    for b in e.bribes:
        t = s.treasury_of(b["power"])
        t.resources = max(0, t.resources - b["resources"])  # SK 7.5
        s.bribes.append({"minor": e.minor, "attempt": e.attempt, **b})
    s.alliance_attempts[e.minor] = max(s.alliance_attempts.get(e.minor, 0), e.attempt)


@on(AllianceAttempt)
def _(s: SoldierState, e: AllianceAttempt) -> None:
    s.alliance_attempts[e.minor] = max(s.alliance_attempts.get(e.minor, 0), e.attempt)


@on(MinorSought)
def _(s: SoldierState, e: MinorSought) -> None:
    return None


@on(MinorAllied)
def _(s: SoldierState, e: MinorAllied) -> None:
    s.allies[e.minor] = e.power
    s.minor_joined[e.minor] = e.turn


@on(MinorForcesPlaced)
def _(s: SoldierState, e: MinorForcesPlaced) -> None:
    for area, pieces in e.placements.items():
        for p in pieces:
            piece = s.units.get(p) or s.leaders[p]
            piece.status, piece.area, piece.arrives = "map", area, None
            if p in s.units:
                s.units[p].is_reduced = False
                s.units[p].hired_by = None


@on(MarkerPlaced)
def _(s: SoldierState, e: MarkerPlaced) -> None:
    on_what = s.markers.setdefault(e.marker, [])
    if e.on not in on_what:
        on_what.append(e.on)


@on(MarkerRemoved)
def _(s: SoldierState, e: MarkerRemoved) -> None:
    on_what = s.markers.get(e.marker, [])
    if e.on in on_what:
        on_what.remove(e.on)
    if not on_what:
        s.markers.pop(e.marker, None)


@on(AllianceBroken)
def _(s: SoldierState, e: AllianceBroken) -> None:
    s.allies.pop(e.minor, None)
    s.minor_joined.pop(e.minor, None)


@on(MinorUnitsRemoved)
def _(s: SoldierState, e: MinorUnitsRemoved) -> None:
    for uid in e.units:
        s.eliminate(uid)
    for name in e.leaders:
        ld = s.leaders[name]
        ld.status, ld.area = "pool", None


@on(SiegeResisted)
def _(s: SoldierState, e: SiegeResisted) -> None:
    return None


@on(MinorConquered)
def _(s: SoldierState, e: MinorConquered) -> None:
    if e.conquered and e.minor not in s.conquered:
        s.conquered.append(e.minor)
    elif not e.conquered and e.minor in s.conquered:
        s.conquered.remove(e.minor)


@on(MinorLiberated)
def _(s: SoldierState, e: MinorLiberated) -> None:
    s.allies[e.minor] = e.power
    s.minor_joined[e.minor] = e.turn
    s.control[e.area] = e.minor
    s.fort_hits.pop(e.area, None)
    s.besieger.pop(e.area, None)
    if e.minor in s.conquered:
        s.conquered.remove(e.minor)


@on(LeaderRemoved)
def _(s: SoldierState, e: LeaderRemoved) -> None:
    ld = s.leaders[e.leader]
    ld.status, ld.area = "killed", None


def note_control(s: SoldierState, e: Any) -> None:
    """Called by the fold of sk.control_changed, before the change: who an area was taken
    from (SK 18.6, the major behind a minor ally), and the powers that took a minor's home
    area from the minor itself (SK 18.8)."""
    if e.frm is None:
        s.taken_from.pop(e.area, None)
        return
    s.taken_from[e.area] = s.major_of(e.frm) or e.frm
    if e.frm not in s.majors and e.to in s.majors:
        takers = s.conquerors.setdefault(e.frm, [])
        if e.to not in takers:
            takers.append(e.to)


def table_row(content: SoldierContent, minor: str) -> MinorTableRow | None:
    return next((r for r in content.tables.minor_table if r.country == minor), None)


def table_minors(content: SoldierContent) -> list[str]:
    return [r.country for r in content.tables.minor_table]


def conquests(ctx: Resolution, content: SoldierContent) -> None:
    """SK 18.7: a minor whose every home area (a major power played as a minor: every one on
    the Europe map, SK 15.4) is held by its enemies is conquered; the
    status is kept in the state (and told) when it changes: after the control of areas
    changes, and at the scenario start (1757: Prussia holds Saxony)."""
    s: SoldierState = ctx.state
    for minor in sorted({*table_minors(content), *s.satellites}):  # SE 19.2: satellites too
        if minor in s.majors:
            continue
        now = common.minor_conquered(content, s, minor)
        if now != (minor in s.conquered):
            holders = sorted(
                {s.control.get(a) or "" for a in common.conquest_areas(content, s, minor)} - {""}
            )
            ctx.emit(MinorConquered(minor=minor, conquered=now, holders=holders))


def seeks_ally(
    content: SoldierContent, s: SoldierState, country: str | None, area: str | None = None
) -> bool:
    """SK 17.7, 19.2: a neutral country on the table (not played as a major power) or a
    mercenary country with an army in the pool whose area (`area`) is besieged seeks an
    ally; India area by area (SK 19.2, mercenaries.by_area)."""
    if country is None or country in s.majors or country in s.allies:
        return False
    if mercenaries.by_area(content, country):
        # SK 19.2: "any area in India that isn't a home area for a European major power is
        # besieged while neutral ... Each area from which mercenaries originate is treated
        # separately": this area's own status, not India's; an army must be available
        return (
            area is not None
            and mercenaries.area_neutral(content, s, country, area)
            and bool(mercenaries.available(s, country))
        )
    if table_row(content, country) is not None:
        return True
    # SK 19.2: "any available armies of those countries will appear per rule 17.7": with
    # every army hired (in play) or none left in the pool, none appears and none seeks an ally
    return mercenaries.row(content, country) is not None and bool(mercenaries.available(s, country))


def alliance_bar(content: SoldierContent, s: SoldierState, power: str, minor: str) -> str | None:
    """SK 17.2: why `power` may not ally with `minor` (nor bribe it, SK 17.4, 17.41), or None.
    "No" bars the power and every power allied to it; "#" bars only the power."""
    stabbed = backstab_bar(s, power, minor)  # SE 17.8 (never set under SK 17.8)
    if stabbed:
        return stabbed
    row = table_row(content, minor)
    if row is None:
        return (
            None
            if mercenaries.row(content, minor) is not None
            else (f"{minor} is not on the Minor Country Alliance Table (SK 17.1)")
        )
    embargo = embargo_bar(content, s, power, minor)
    if embargo:
        return embargo
    cell = row.modifiers.get(power, 0)
    if cell == "No":
        return (
            f"the Minor Country Alliance Table bars {power} from allying with {minor} (No, SK 17.2)"
        )
    if cell == "#":
        return (
            f"the Minor Country Alliance Table bars {power} from allying with {minor} (#, SK 17.2)"
        )
    for other in s.majors:
        if other == power or not s.friendly(other, power):
            continue
        if row.modifiers.get(other) == "No":
            return f"{power} is allied to {other}, which the table bars from {minor} (No, SK 17.2)"
        if embargo_bar(content, s, other, minor):
            return f"{power} is allied to {other}, which may not ally with {minor} (SE 16.7, 16.2)"
    return None


def embargo_bar(content: SoldierContent, s: SoldierState, power: str, minor: str) -> str | None:
    """SE 16.7: Revolutionary France's embargo reaches a barred power played as a minor
    country (SE 17.1): "All effects of a Prohibited Alliance (16.2) apply", so while it
    lasts the power's table cell reads "No" (SE 2.2, 17.2), whatever number it prints."""
    if frozenset((power, minor)) not in alliances.embargoed(content, s):
        return None
    e = next(e for e in content.tables.alliance_embargoes if e.power in (power, minor))
    others = ", ".join(e.barred[:-1]) + f" or {e.barred[-1]}"
    return f"{power} may not ally with {minor} until one of {others} has surrendered to {e.power} (SE 16.7)"


def attempt_problem(content: SoldierContent, s: SoldierState, power: str, minor: str) -> str | None:
    """Why `power` may not play the Minor Country Alliance card for `minor` now."""
    if minor in s.majors:
        return f"{minor} is played as a Major Power in this game (SK 17.2)"
    if table_row(content, minor) is None:
        return f"{minor} is not on the Minor Country Alliance Table (SK 17.1)"
    if common.not_yet_created(content, s, minor):
        return f"{minor} does not exist until its card creates it (SE 19.2, 19.3)"
    sat = common.satellite_of(s, minor)
    if sat is not None:
        return f"{minor} is {'part of ' if sat != minor else ''}a satellite nation: no card allies or steals it (SE 19.2)"
    if not content.home_areas(minor):
        return f"{minor} has no home area on the Europe map (One-Year Scenario Special Rules)"
    bar = alliance_bar(content, s, power, minor) or card_bar(content, s, power, minor)
    if bar:
        return bar
    if s.allies.get(minor) == power:
        return f"{minor} is already {power}'s ally"
    if minor in s.allies:
        # SK 5.2: the Royal Betrothal marker; SE 5.2: the Marriage Alliance marker (the
        # game's cards.toml names the markers whose effect this is)
        for m in content.cards.markers:
            if m.effect == "alliance_cannot_be_stolen" and minor in s.markers.get(m.id, []):
                rule = "SE 5.2" if m.id != ROYAL_BETROTHAL else "SK 5.2"
                return f"the {m.name} marker is on {minor}: its alliance cannot be stolen ({rule})"
    return None


def card_bar(content: SoldierContent, s: SoldierState, power: str, minor: str) -> str | None:
    """SE 19.5: why `power` may not play the Minor Country Alliance card on `minor` though
    the table lets it ally (it may still win the minor when it seeks an ally, SE 17.7):
    "Turkey may not play such a card on Egypt", and no power may while Turkish armies
    occupy both its areas ("If these two areas ... are not both occupied by Turkish
    armies, any player may attempt to make a Minor Alliance")."""
    row = table_row(content, minor)
    if row is None:
        return None
    if power in row.card_barred:
        return f"{power} may not play the {CARD} card on {minor} (SE 19.5)"
    occupier = row.card_barred_while_occupied_by
    homes = sorted(content.home_areas(minor))
    if (
        occupier
        and homes
        and all(any(u.country == occupier for u in s.on_map(a, "army")) for a in homes)
    ):
        return (
            f"{occupier}'s armies occupy {' and '.join(homes)}: no power may play the {CARD} "
            f"card on {minor} (SE 19.5)"
        )
    return None


def minor_only(s: SoldierState, units: list[str]) -> bool:
    """SK 18.4 (19.1): minor country allies' units or hired armies, none of a major power."""
    return bool(units) and all(s.units[u].country not in s.majors for u in units)


def attack_units(s: SoldierState, power: str, a: Any) -> list[str]:
    mine = [u.id for u in s.on_map(a.area, "army") if s.commander(u) == power]
    return [u for u in a.units if u in mine] if a.units is not None else mine


def siege_rounds(
    content: SoldierContent, s: SoldierState, power: str, area: str, rounds: int
) -> int:
    """SK 18.4: minor (or hired) units besieging alone always siege two rounds."""
    if minor_only(s, mercenaries.besieging_armies(content, s, power, area)):
        return 2
    return rounds


def siege_cost(content: SoldierContent, s: SoldierState, power: str, area: str, rounds: int) -> int:
    """SK 12.2 per round; SK 18.4 nothing for minor units alone; SK 18.6 France, Spain and
    Austria pay two Resources a round in the Papal States."""
    if minor_only(s, mercenaries.besieging_armies(content, s, power, area)):
        return 0
    papal = content.tables.papal_states
    if area == papal.area and power in papal.powers:
        return papal.siege_round_resources * rounds
    return content.tables.costs.siege_round.resources * rounds


def papal_multiplier(content: SoldierContent, s: SoldierState, power: str, area: str) -> int:
    """SK 18.6: France, Spain or Austria taking the Papal States from another major power
    or its ally gain double Resources and victory points from it."""
    papal = content.tables.papal_states
    if area != papal.area or power not in papal.powers:
        return 1
    frm = s.taken_from.get(area)
    return papal.gain_multiplier if frm and frm in s.majors and frm != power else 1


def spring_units_apply(content: SoldierContent, s: SoldierState) -> bool:
    """SK 4.1, 18.1 (SE 4.1, 18.1): each Spring; not in the one-year scenarios (their special
    rule), nor in World at War's first turn (its special rule)."""
    if calendar.season(s.turn) != "Spring":
        return False
    if common.one_year(content, s):
        return content.game.one_year_rules.minor_allies_receive_spring_units
    # SE 4.1: "In Spring Turns" (tables.toml spring_units, the first turn included); SK
    # World at War: "Saxony and any other minor country allies formed during setup do not
    # receive extra units in Turn 1"
    rule = content.tables.spring_units
    return s.turn != s.first_turn or (rule is not None and rule.first_turn)


def spring_new_units(ctx: Resolution, content: SoldierContent) -> None:
    """SK 18.1: the Recovery/New Unit Number of unused units of each minor ally appear, free,
    in its home areas (SK 6.3, placed as common.default_area does); not once the minor is
    conquered (SK 18.7). SE 19.2: a satellite's number is its areas, shared by the Rhine
    Confederation's countries."""
    spent: dict[str, int] = {}
    for minor, power in sorted(ctx.state.allies.items()):
        s: SoldierState = ctx.state
        row = table_row(content, minor)
        if row is None or minor in s.majors or not row.recovery:
            continue
        if common.minor_conquered(content, s, minor):
            continue
        pool = sorted(
            (u.id for u in s.units.values() if u.country == minor and u.status == "pool"),
            key=id_order,
        )
        group = purchases.recovery_group(s, minor)
        n = min(purchases.recovery_number(content, s, group) - spent.get(group, 0), len(pool))
        n = max(n, 0)
        spent[group] = spent.get(group, 0) + n
        chosen = []
        for k in range(n):  # SK 6.1
            chosen.append(pool.pop(ctx.pick(f"spring: new {minor} unit {k + 1} of {n}", len(pool))))
        out: dict[str, list[str]] = {}
        for uid in sorted(chosen, key=id_order):
            area = common.default_area(content, s, s.units[uid])
            if area:
                out.setdefault(area, []).append(uid)
        if out:
            ctx.emit(MinorForcesPlaced(minor=minor, power=power, placements=out, rule="SK 18.1"))
