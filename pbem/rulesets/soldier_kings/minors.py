"""SK 17 Minor Country Allies and SK 18 Minor Country Special Rules (with SK 19.2 besieged
mercenary countries and SK 19.6 Angelo Emo).

Action-phase orders (docs/orders-soldier-kings.md, "Minor countries and mercenaries"):
    ally with MINOR [bribe N] [in AREA[, AREA...]]   plays a "Minor Country Alliance" card from
                                                     the player's hand on the power itself:
                                                     an alliance attempt (SK 17.2-17.5), or a
                                                     theft if MINOR has another ally (SK 17.6)
    break alliance with MINOR                        SK 17.8 (then SK 17.7 finds its new ally)
    hire COUNTRY [N][, COUNTRY [N]...]               SK 19.1 (mercenaries.py)
    siege AREA N rounds, LEVEL if resisted           SK 17.71 (read by siege.py)
Standing orders:
    bribe MINOR N for POWER [from attempt K]         SK 17.4: sealed, revealed when an attempt
    bribe MINOR N against [POWER] [from attempt K]   SK 17.41   on MINOR is made (SK 17.42)
    accept MINOR [in AREA[, AREA...]] | accept all   SK 17.7: wants MINOR if it seeks an ally
    liberate MINOR                                   SK 18.8
    release UNIT[, UNIT...]                          SK 19.1 (mercenaries.py)

Choices and defaults (each pinned by a case, tests/cases/soldier-kings/minor-*.toml):
- Attempts on each minor are numbered 1, 2, ... (state `alliance_attempts`). A standing bribe
  is revealed and paid at the first attempt on its minor, numbered K or later (K = 1 unless
  `from attempt K`), that it applies to: `for POWER` to POWER's rolls, `against POWER` to
  POWER's, bare `against` to the rolls of every power not on the briber's side. It is then
  spent: it never pays again. To bribe a later attempt, send it again with `from attempt K`
  for a K after the one it was paid at (state `bribes` records each bribe with its attempt).
  One bribe per power per attempt (its first line that applies); no standing bribe: none
  (minor-bribe-spent.toml).
- The attempting power's own bribe is written on its `ally with` line. Bribes are per
  power on the SK 17.4 scale (up to 9 Resources: +1 each up to 3, then +1 per 2), capped by
  what the power has; a power with zero Resources or Manpower pays nothing (SK 7.5). Only
  powers that may ally with the minor may bribe (SK 17.4, 17.41: "No" and "#" bar it).
- Intimidation (SK 17.5): every army and fleet (armies at sea counted) in a land area joined
  by a land route to, or a sea area touching, one of the minor's home areas. Each counts for
  its major power (a minor ally's or a hired army's for its major). Its stance: +1 for the
  roller itself; else its standing bribe on the minor that applies to the roller (for: +1,
  against: -1); else +1 on the roller's side, -1 otherwise (minor-17-3-example.toml).
- SK 17.6: stealing is an attempt on a minor that has an ally, -2, and the current ally's side's
  units in the minor's home areas intimidate too. A Royal Betrothal marker on the minor
  forbids it (SK 5.2; authored effect).
- Units placed (SK 17.3): the Minor Country Forces Table's armies and fleets, drawn at random
  from the pool (SK 6.1), in home areas held by the minor or the new ally's side; armies
  round-robin over the areas named with `in`, else over those areas by fortification,
  Resources, name; fleets in coastal ones; a general with the most armies, an admiral with
  the fleet (SK 19.6). A stolen minor keeps its units where they are.
- SK 17.7: when a siege of a neutral minor's area (SK 19.2: or a mercenary country's) is
  resolved, every major power except the besiegers and those barred may take it. Those
  with `accept MINOR` (or `accept all`) roll the full procedure; the highest total of 10 or
  more allies; ties among the highest roll again (tied powers only). If none of them
  reaches 10, the minor stays neutral and the siege goes on. If nobody accepts, every
  eligible power rolls and the highest total allies, 10 or not (SK 17.7 "all eligible
  players must roll"). The default placement after a siege: every army in the besieged
  area (SK 17.71, resisting invaders); `accept MINOR in AREA` says otherwise (SK 19.2:
  always the besieged area, one army, two for Switzerland) (minor-17-7-*.toml).
- SK 17.71: if the new ally's armies stand in the siege area the siege stops, unpaid.
  `siege AREA N rounds, assault if resisted` (or probe, invasion) makes the besiegers attack
  them at once at that level; if no minor army is left there, the siege goes on in the same
  action phase (minor-17-71-*.toml).
- SK 17.72 / 17.8: `break alliance` is refused in the turn the alliance was made. After a
  break the minor seeks a new ally by SK 17.7 (the backstabber excluded; its units stay on
  the map); if it finds none its units leave the map and it is neutral.
- SK 18.4: attacks by minor or hired armies alone are Assaults and free; their sieges are two
  rounds and free. SK 18.6: France, Spain and Austria pay two Resources a siege round in the
  Papal States and score it double if they took it from another major power or its ally.
- SK 18.7 / 18.8: a minor is conquered when enemies hold all its home areas; a power that took
  none of them from the minor (nor held one at the scenario's start) and holds a standing
  `liberate MINOR` makes it its ally when it takes one of them from another power; default:
  it keeps the area as a conquest.
- SK 18.1: new minor units each Spring, not in the one-year scenarios (their special rule).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from pbem.clone import clone
from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem
from pbem.suggest import closest

from . import calendar, combat, common, mercenaries, siege, standing
from .common import id_order, treasury
from .content import MinorTableRow, SoldierKingsContent
from .fold import on
from .hooks import card_rules
from .names import Names
from .state import SKState, Treasury

CARD = "Minor Country Alliance"
ROYAL_BETROTHAL = "royal_betrothal"
VERBS = ("ally", "break", "hire")


# --------------------------------------------------------------------------- events


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
def _(s: SKState, e: CardPlayed) -> None:
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
def _(s: SKState, e: OrderSkipped) -> None:
    return None


@on(BribesPaid)
def _(s: SKState, e: BribesPaid) -> None:
    for b in e.bribes:
        t = s.treasury.setdefault(b["power"], Treasury())
        t.resources = max(0, t.resources - b["resources"])  # SK 7.5
        s.bribes.append({"minor": e.minor, "attempt": e.attempt, **b})
    s.alliance_attempts[e.minor] = max(s.alliance_attempts.get(e.minor, 0), e.attempt)


@on(AllianceAttempt)
def _(s: SKState, e: AllianceAttempt) -> None:
    s.alliance_attempts[e.minor] = max(s.alliance_attempts.get(e.minor, 0), e.attempt)


@on(MinorSought)
def _(s: SKState, e: MinorSought) -> None:
    return None


@on(MinorAllied)
def _(s: SKState, e: MinorAllied) -> None:
    s.allies[e.minor] = e.power
    s.minor_joined[e.minor] = e.turn


@on(MinorForcesPlaced)
def _(s: SKState, e: MinorForcesPlaced) -> None:
    for area, pieces in e.placements.items():
        for p in pieces:
            piece = s.units.get(p) or s.leaders[p]
            piece.status, piece.area, piece.arrives = "map", area, None
            if p in s.units:
                s.units[p].is_reduced = False
                s.units[p].hired_by = None


@on(MarkerPlaced)
def _(s: SKState, e: MarkerPlaced) -> None:
    on_what = s.markers.setdefault(e.marker, [])
    if e.on not in on_what:
        on_what.append(e.on)


@on(MarkerRemoved)
def _(s: SKState, e: MarkerRemoved) -> None:
    on_what = s.markers.get(e.marker, [])
    if e.on in on_what:
        on_what.remove(e.on)
    if not on_what:
        s.markers.pop(e.marker, None)


@on(AllianceBroken)
def _(s: SKState, e: AllianceBroken) -> None:
    s.allies.pop(e.minor, None)
    s.minor_joined.pop(e.minor, None)


@on(MinorUnitsRemoved)
def _(s: SKState, e: MinorUnitsRemoved) -> None:
    for uid in e.units:
        s.eliminate(uid)
    for name in e.leaders:
        ld = s.leaders[name]
        ld.status, ld.area = "pool", None


@on(SiegeResisted)
def _(s: SKState, e: SiegeResisted) -> None:
    return None


@on(MinorConquered)
def _(s: SKState, e: MinorConquered) -> None:
    if e.conquered and e.minor not in s.conquered:
        s.conquered.append(e.minor)
    elif not e.conquered and e.minor in s.conquered:
        s.conquered.remove(e.minor)


@on(MinorLiberated)
def _(s: SKState, e: MinorLiberated) -> None:
    s.allies[e.minor] = e.power
    s.minor_joined[e.minor] = e.turn
    s.control[e.area] = e.minor
    s.fort_hits.pop(e.area, None)
    s.besieger.pop(e.area, None)
    if e.minor in s.conquered:
        s.conquered.remove(e.minor)


@on(LeaderRemoved)
def _(s: SKState, e: LeaderRemoved) -> None:
    ld = s.leaders[e.leader]
    ld.status, ld.area = "killed", None


def note_control(s: SKState, e: Any) -> None:
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


# --------------------------------------------------------------------------- the table


def table_row(content: SoldierKingsContent, minor: str) -> MinorTableRow | None:
    return next((r for r in content.tables.minor_table if r.country == minor), None)


def table_minors(content: SoldierKingsContent) -> list[str]:
    return [r.country for r in content.tables.minor_table]


def seeks_ally(content: SoldierKingsContent, s: SKState, country: str | None) -> bool:
    """SK 17.7, 19.2: a neutral country on the table (not played as a major power) or a
    mercenary country whose area is besieged seeks an ally."""
    if country is None or country in s.majors or country in s.allies:
        return False
    return table_row(content, country) is not None or mercenaries.row(content, country) is not None


def alliance_bar(content: SoldierKingsContent, s: SKState, power: str, minor: str) -> str | None:
    """SK 17.2: why `power` may not ally with `minor` (nor bribe it, SK 17.4, 17.41), or None.
    "No" bars the power and every power allied to it; "#" bars only the power."""
    row = table_row(content, minor)
    if row is None:
        return (
            None
            if mercenaries.row(content, minor) is not None
            else (f"{minor} is not on the Minor Country Alliance Table (SK 17.1)")
        )
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
        if other != power and s.friendly(other, power) and row.modifiers.get(other) == "No":
            return f"{power} is allied to {other}, which the table bars from {minor} (No, SK 17.2)"
    return None


def attempt_problem(content: SoldierKingsContent, s: SKState, power: str, minor: str) -> str | None:
    """Why `power` may not play the Minor Country Alliance card for `minor` now."""
    if minor in s.majors:
        return f"{minor} is played as a Major Power in this game (SK 17.2)"
    if table_row(content, minor) is None:
        return f"{minor} is not on the Minor Country Alliance Table (SK 17.1)"
    if not content.home_areas(minor):
        return f"{minor} has no home area on the Europe map (One-Year Scenario Special Rules)"
    bar = alliance_bar(content, s, power, minor)
    if bar:
        return bar
    if s.allies.get(minor) == power:
        return f"{minor} is already {power}'s ally"
    if minor in s.allies and minor in s.markers.get(ROYAL_BETROTHAL, []):
        return f"the Royal Betrothal marker is on {minor}: its alliance cannot be stolen (SK 5.2)"
    return None


# --------------------------------------------------------------------------- bribes


@dataclass(frozen=True)
class BribeLine:
    minor: str
    resources: int
    side: Literal["for", "against"]
    target: str | None  # for: the power bribed for; against: None = every power not friendly
    from_attempt: int = 1
    line: int = 0


def _lines(standing_orders: dict, power: str, kind: str) -> list[Any]:
    so = standing_orders.get(power)
    if so is None:
        return []
    return list(so.of(kind) if hasattr(so, "of") else so.get(kind, []))


def bribe_lines(standing_orders: dict, power: str, minor: str) -> list[BribeLine]:
    return [b for b in _lines(standing_orders, power, "bribe") if b.minor == minor]


def _spent(s: SKState, power: str, b: BribeLine, attempt: int) -> bool:
    """Paid at an earlier attempt at or after its `from attempt`: never again."""
    return any(
        r["power"] == power
        and r["minor"] == b.minor
        and r.get("standing")
        and r["side"] == b.side
        and r.get("target") == b.target
        and b.from_attempt <= r["attempt"] < attempt
        for r in s.bribes
    )


def _applies(s: SKState, payer: str, side: str, target: str | None, roller: str) -> bool:
    if side == "for":
        return target == roller
    return target == roller if target else not s.friendly(payer, roller)


def _live(
    s: SKState, standing_orders: dict, power: str, minor: str, attempt: int
) -> list[BribeLine]:
    return [
        b
        for b in bribe_lines(standing_orders, power, minor)
        if b.from_attempt <= attempt and not _spent(s, power, b, attempt)
    ]


def affordable(content: SoldierKingsContent, s: SKState, power: str, wanted: int) -> int:
    """What a bribe can be: up to 9 (SK 17.4), no more than the power has, nothing at
    zero Resources or Manpower (SK 7.5)."""
    r, m = treasury(s, power)
    if r == 0 or m == 0:
        return 0
    return max(0, min(wanted, content.tables.bribery.max_resources, r))


def plan_bribes(
    content: SoldierKingsContent,
    s: SKState,
    minor: str,
    attempt: int,
    rollers: list[str],
    own: dict[str, int],
    standing_orders: dict,
) -> list[dict]:
    """SK 17.4-17.42: who pays what, revealed together for this attempt."""
    out = []
    for p in sorted(s.majors, key=lambda p: (p not in rollers, s.majors.index(p))):
        if p in own:  # the attempting power's own bribe, written with its `ally with` order
            n = affordable(content, s, p, own[p])
            if n:
                out.append(_payment(content, p, n, "for", p, False, attempt))
            continue
        if alliance_bar(content, s, p, minor):  # only powers not prohibited may bribe
            continue
        for b in _live(s, standing_orders, p, minor, attempt):
            if not any(_applies(s, p, b.side, b.target, r) for r in rollers):
                continue
            n = affordable(content, s, p, b.resources)
            if n:
                out.append(_payment(content, p, n, b.side, b.target, True, b.from_attempt))
            break  # one bribe per power per attempt
    return out


def _resources(n: int) -> str:
    return f"{n} Resource{'s' if n != 1 else ''}"


def _payment(content, power, n, side, target, standing_order, from_attempt) -> dict:
    return {
        "power": power,
        "resources": n,
        "modifier": content.tables.bribery.modifier(n),  # SK 17.4 scale
        "side": side,
        "target": target,
        "standing": standing_order,
        "from_attempt": from_attempt,
    }


# --------------------------------------------------------------------------- the procedure


def intimidation_areas(content: SoldierKingsContent, minor: str) -> set[str]:
    """SK 17.5: land areas joined by a route to, and sea areas touching, a home area."""
    near: set[str] = set()
    for h in content.home_areas(minor):
        near |= set(content.neighbours(h))
        near |= set(content.land_area(h).seas)
    return near


def _stance(
    s: SKState, standing_orders: dict, major: str, roller: str, minor: str, attempt: int
) -> int:
    if major == roller:
        return 1
    for b in _live(s, standing_orders, major, minor, attempt):
        if _applies(s, major, b.side, b.target, roller):
            return 1 if b.side == "for" else -1
    return 1 if s.friendly(major, roller) else -1


def roll_modifiers(
    content: SoldierKingsContent,
    s: SKState,
    roller: str,
    minor: str,
    attempt: int,
    payments: list[dict],
    standing_orders: dict,
    *,
    card_bonus: int = 0,
    steal: bool = False,
) -> list[dict]:
    """Every modifier of `roller`'s alliance roll, itemised (SK 17.3-17.6)."""
    mods: list[dict] = []
    row = table_row(content, minor)
    cell = row.modifiers.get(roller, 0) if row else 0
    mods.append(
        {
            "kind": "table",
            "power": roller,
            "value": cell if isinstance(cell, int) else 0,
            "detail": f"{roller} with {minor} (SK 17.3)",
        }
    )
    if card_bonus:
        mods.append(
            {"kind": "card", "power": roller, "value": card_bonus, "detail": "card play (SK 17.3)"}
        )
    if steal:
        mods.append(
            {
                "kind": "steal",
                "power": roller,
                "value": content.tables.constants.steal_modifier.value,
                "detail": f"stealing {minor} from {s.allies.get(minor)} (SK 17.6)",
            }
        )
    for pay in payments:
        if not _applies(s, pay["power"], pay["side"], pay["target"], roller):
            continue
        sign = 1 if pay["side"] == "for" else -1
        mods.append(
            {
                "kind": "bribe" if sign > 0 else "counter-bribe",
                "power": pay["power"],
                "value": sign * pay["modifier"],
                "detail": f"{_resources(pay['resources'])} (SK {'17.4' if sign > 0 else '17.41'})",
            }
        )
    # SK 17.5 intimidation; SK 17.6 also the current ally's side in the minor's home areas
    near = intimidation_areas(content, minor)
    homes = set(content.home_areas(minor))
    current = s.allies.get(minor) if steal else None
    by_major: dict[str, list[str]] = {}
    for u in sorted(s.on_map(), key=lambda u: id_order(u.id)):
        if (u.country == minor and u.hired_by is None) or u.area is None:
            continue  # the minor's own units do not intimidate it (SK 17.6); its hirelings do
        major = s.major_of(s.unit_side_country(u))
        if major is None:
            continue
        counted = u.area in near or (
            current is not None and u.area in homes and s.friendly(major, current)
        )
        if counted:
            by_major.setdefault(major, []).append(u.id)
    per = content.tables.constants.intimidation_per_unit.value
    for major in sorted(by_major, key=lambda m: (m != roller, s.majors.index(m))):
        sign = _stance(s, standing_orders, major, roller, minor, attempt)
        units = by_major[major]
        mods.append(
            {
                "kind": "intimidation" if sign > 0 else "counter-intimidation",
                "power": major,
                "value": sign * per * len(units),
                "detail": ", ".join(units) + f" (SK {'17.6' if current else '17.5'})",
            }
        )
    return mods


@dataclass
class Procedure:
    """An alliance attempt worked out before the dice: what `alliance_procedure` returns."""

    attempt: int
    payments: list[dict]
    modifiers: list[dict]
    steal: bool
    net: int = field(init=False)

    def __post_init__(self) -> None:
        self.net = sum(m["value"] for m in self.modifiers)


def alliance_procedure(
    content: SoldierKingsContent,
    s: SKState,
    power: str,
    minor: str,
    *,
    card_bonus: int = 0,
    bribe: int = 0,
    standing_orders: dict | None = None,
) -> Procedure:
    """SK 17.3-17.6 as a pure function: the bribes paid and the itemised modifiers of
    `power`'s attempt on `minor` (a theft if `minor` has another ally)."""
    standing_orders = standing_orders or {}
    steal = minor in s.allies
    attempt = s.alliance_attempts.get(minor, 0) + 1
    payments = plan_bribes(content, s, minor, attempt, [power], {power: bribe}, standing_orders)
    mods = roll_modifiers(
        content,
        s,
        power,
        minor,
        attempt,
        payments,
        standing_orders,
        card_bonus=card_bonus,
        steal=steal,
    )
    return Procedure(attempt, payments, mods, steal)


def attempt_alliance(
    ctx: Resolution,
    content: SoldierKingsContent,
    power: str,
    minor: str,
    card_bonus: int = 0,
    steal: bool | None = None,
    *,
    bribe: int = 0,
    standing: dict | None = None,
    placement: tuple[str, ...] = (),
    markers: tuple[str, ...] = (),
    why: str = "Minor Country Alliance card",
) -> bool:
    """SK 17.3 (17.6 when `minor` has another ally): bribes revealed and paid, two dice plus
    every modifier, 10 or more makes `minor` `power`'s ally and places its forces. For the
    card code: the card itself is played (and discarded) by the caller. `steal` may be left
    None; given, it must match the minor's state. Returns whether the alliance was made."""
    s: SKState = ctx.state
    problem = attempt_problem(content, s, power, minor)
    if problem is None and steal is not None and steal != (minor in s.allies):
        problem = (
            f"{minor} has no ally to steal it from (SK 17.6)"
            if steal
            else f"{minor} is {s.allies[minor]}'s ally: this is a theft (SK 17.6)"
        )
    if problem:
        ctx.emit(OrderSkipped(power=power, order=f"ally with {minor}", reason=problem))
        return False

    bonus, marks = card_rules(content).alliance_attempt(ctx, content, power, minor, standing or {})
    card_bonus, markers, s = card_bonus + bonus, (*markers, *marks), ctx.state
    proc = alliance_procedure(
        content, s, power, minor, card_bonus=card_bonus, bribe=bribe, standing_orders=standing
    )
    if proc.payments:
        ctx.emit(BribesPaid(minor=minor, attempt=proc.attempt, bribes=proc.payments))
    dice = ctx.roll(f"alliance: {power} with {minor}", 2)
    need = content.tables.constants.alliance_target.value
    total = sum(dice) + proc.net
    ctx.emit(
        AllianceAttempt(
            power=power, minor=minor, attempt=proc.attempt, dice=dice, modifiers=proc.modifiers,
            modifier=proc.net, total=total, needed=need, success=total >= need, steal=proc.steal,
            why=why,
        )
    )  # fmt: skip
    if total < need:
        return False
    join(
        ctx,
        content,
        power,
        minor,
        why="theft (SK 17.6)" if proc.steal else f"{why} (SK 17.3)",
        placement=placement,
    )
    for marker in markers:
        ctx.emit(MarkerPlaced(marker=marker, on=minor))
    return True


def join(
    ctx: Resolution,
    content: SoldierKingsContent,
    power: str,
    minor: str,
    why: str,
    placement: tuple[str, ...] = (),
    siege_area: str | None = None,
) -> None:
    """The minor becomes `power`'s ally; a minor without units in play places its forces."""
    s: SKState = ctx.state
    frm = s.allies.get(minor)
    in_play = [u for u in s.on_map() if u.country == minor and u.hired_by is None]
    ctx.emit(MinorAllied(minor=minor, power=power, frm=frm, turn=s.turn, why=why))
    if frm is None and not in_play:
        place_forces(ctx, content, power, minor, placement, siege_area)


# --------------------------------------------------------------------------- placing forces


def placement_areas(content: SoldierKingsContent, s: SKState, power: str, minor: str) -> list[str]:
    """Home areas the minor's new units may be placed in: held by the minor or by its
    ally's side (SK 17.3, 6.3)."""
    out = []
    for a in sorted(content.home_areas(minor)):
        ctrl = s.control.get(a)
        if ctrl == minor or s.friendly(ctrl, power):
            out.append(a)
    return out


def _area_key(content: SoldierKingsContent, a: str) -> tuple:
    la = content.land_area(a)
    return (-la.fortification, -la.resources, a)


def _draw(ctx: Resolution, minor: str, kind: str, n: int, label: str) -> list[str]:
    s: SKState = ctx.state
    pool = sorted(
        (
            u.id
            for u in s.units.values()
            if u.country == minor and u.type == kind and u.status == "pool"
        ),
        key=id_order,
    )
    n = min(n, len(pool))
    out = []
    for k in range(n):  # SK 6.1: random selection
        out.append(pool.pop(ctx.pick(f"{label}: {minor} {kind} {k + 1} of {n}", len(pool))))
    return sorted(out, key=id_order)


def place_forces(
    ctx: Resolution,
    content: SoldierKingsContent,
    power: str,
    minor: str,
    placement: tuple[str, ...] = (),
    siege_area: str | None = None,
    rule: str = "SK 17.3",
) -> None:
    """SK 17.3: the Minor Country Forces Table's units in the minor's home areas; SK 19.2: a
    besieged mercenary country's armies in the besieged area; SK 19.6: Angelo Emo with the
    Venetian fleet."""
    s: SKState = ctx.state
    allowed = placement_areas(content, s, power, minor)
    if siege_area and siege_area not in allowed and s.control.get(siege_area) == minor:
        allowed.append(siege_area)
    if not allowed:
        return
    row = table_row(content, minor)
    merc = mercenaries.row(content, minor)
    if row is None and merc is None:
        return
    if row is None:  # SK 19.2: one army per area besieged (two in Switzerland), there
        armies_n, fleets_n, leaders = merc.besieged_armies, 0, ()  # type: ignore[union-attr]
        army_areas = [siege_area] if siege_area in allowed else allowed[:1]
        rule = "SK 19.2"
    else:
        on_map = [u for u in s.on_map() if u.country == minor and u.hired_by is None]
        armies_n = max(0, row.armies - sum(1 for u in on_map if u.type == "army"))
        fleets_n = max(0, row.fleets - sum(1 for u in on_map if u.type == "fleet"))
        leaders = row.leaders
        named = [a for a in placement if a in allowed]
        if named:
            army_areas = named
        elif siege_area in allowed:
            army_areas = [siege_area]  # SK 17.71: the default is to resist the invaders
        else:
            army_areas = sorted(allowed, key=lambda a: _area_key(content, a))
    label = f"{minor} joins {power}" if rule != "SK 18.1" else f"spring: {minor}"
    out: dict[str, list[str]] = {}
    for k, uid in enumerate(_draw(ctx, minor, "army", armies_n, label)):
        out.setdefault(army_areas[k % len(army_areas)], []).append(uid)
    coastal = [
        a
        for a in [*placement, *sorted(allowed, key=lambda a: _area_key(content, a))]
        if a in allowed and content.land_area(a).coastal
    ]
    fleets = _draw(ctx, minor, "fleet", fleets_n, label) if coastal else []
    for uid in fleets:
        out.setdefault(coastal[0], []).append(uid)
    s = ctx.state
    for name in leaders:
        ld = s.leaders.get(name)
        if ld is None or ld.status != "pool":
            continue  # SK 19.6: Angelo Emo, once removed, never returns
        if ld.role == "admiral":
            where = coastal[0] if fleets else None  # SK 19.6: only with the Venetian fleet
        else:
            armies_at = {
                a: sum(1 for x in us if x in s.units and s.units[x].type == "army")
                for a, us in out.items()
            }
            where = max(sorted(armies_at), key=lambda a: armies_at[a], default=None)
            where = where if where and armies_at[where] else None
        if where:
            out.setdefault(where, []).append(name)
    if out:
        ctx.emit(
            MinorForcesPlaced(
                minor=minor,
                power=power,
                placements={a: sorted(ps, key=_piece_key) for a, ps in sorted(out.items())},
                rule=rule,
            )
        )


def _piece_key(p: str) -> tuple:
    return (0, *id_order(p)) if re.fullmatch(r"\w+-[AF]\d+", p) else (1, p, 0)


# --------------------------------------------------------------------------- SK 17.7


def wants(standing_orders: dict, power: str, minor: str) -> tuple[bool, tuple[str, ...]]:
    """`accept MINOR [in AREA...]` / `accept all`: (wishes, where to place its armies)."""
    for entry in _lines(standing_orders, power, "accept"):
        if entry["minor"] in (minor, None):
            return True, tuple(entry["areas"])
    return False, ()


def seek_ally(
    ctx: Resolution,
    content: SoldierKingsContent,
    minor: str,
    area: str | None,
    excluded: list[str],
    standing_orders: dict,
    why: str,
) -> str | None:
    """SK 17.7 (with 19.2): the neutral minor seeks an ally among the major powers not
    excluded and not barred; see the module docstring for who rolls and who wins."""
    s: SKState = ctx.state
    eligible = [
        p for p in s.majors if p not in excluded and alliance_bar(content, s, p, minor) is None
    ]
    wishing = [p for p in eligible if wants(standing_orders, p, minor)[0]]
    rollers = wishing or eligible
    base = {
        "minor": minor,
        "area": area,
        "excluded": list(excluded),
        "eligible": eligible,
        "wishing": wishing,
    }
    if not rollers:
        ctx.emit(
            MinorSought(
                **base, totals={}, ally=None, reason="no major power may ally with it (SK 17.7)"
            )
        )
        return None
    attempt = s.alliance_attempts.get(minor, 0) + 1
    payments = plan_bribes(content, s, minor, attempt, rollers, {}, standing_orders)
    mods = {
        p: roll_modifiers(content, s, p, minor, attempt, payments, standing_orders) for p in rollers
    }
    if payments:
        ctx.emit(BribesPaid(minor=minor, attempt=attempt, bribes=payments))
    need = content.tables.constants.alliance_target.value if wishing else None
    totals: dict[str, int] = {}
    for p in rollers:
        dice = ctx.roll(f"{minor} seeks an ally: {p}", 2)
        net = sum(m["value"] for m in mods[p])
        totals[p] = sum(dice) + net
        ctx.emit(
            AllianceAttempt(
                power=p, minor=minor, attempt=attempt, dice=dice, modifiers=mods[p], modifier=net,
                total=totals[p], needed=need, success=(totals[p] >= need) if need else None, why=why,
            )
        )  # fmt: skip
    candidates = [p for p in rollers if need is None or totals[p] >= need]
    if not candidates:
        ctx.emit(
            MinorSought(
                **base, totals=totals, ally=None,
                reason="no major power that wished to ally reached 10; it stays neutral (SK 17.7, 17.3)",
            )
        )  # fmt: skip
        return None
    tied = _highest(candidates, totals)
    k = 0
    while len(tied) > 1:  # SK 17.7: ties roll again
        k += 1
        again = {}
        for p in tied:
            dice = ctx.roll(f"{minor} seeks an ally: {p} (tie, roll {k + 1})", 2)
            again[p] = sum(dice) + sum(m["value"] for m in mods[p])
        tied = _highest(tied, again)
    ally = tied[0]
    reason = (
        "the highest roll of 10 or more among those who wished (SK 17.7)"
        if wishing
        else ("nobody wished to ally: the highest roll of all eligible powers (SK 17.7)")
    )
    ctx.emit(MinorSought(**base, totals=totals, ally=ally, reason=reason))
    join(
        ctx,
        content,
        ally,
        minor,
        why=why,
        placement=wants(standing_orders, ally, minor)[1],
        siege_area=area,
    )
    return ally


def _highest(powers: list[str], totals: dict[str, int]) -> list[str]:
    top = max(totals[p] for p in powers)
    return [p for p in powers if totals[p] == top]


def siege_may_proceed(
    ctx: Resolution,
    content: SoldierKingsContent,
    area: str,
    declared: dict[str, Any],
    standing_orders: dict,
) -> bool:
    """SK 17.7, 17.71, 19.2, called by the Siege Step before a siege is paid: a neutral
    minor whose area is besieged seeks an ally; if the ally's armies stand in the area the
    siege stops, unless the besiegers' `... if resisted` attack clears them."""
    s: SKState = ctx.state
    owner = s.control.get(area)
    if not seeks_ally(content, s, owner):
        return True
    besiegers = [p for p in declared if siege.siege_blocked(content, s, p, area) is None]
    if not besiegers:
        return True
    assert owner is not None
    ally = seek_ally(
        ctx, content, owner, area, besiegers, standing_orders, why=f"{area} besieged (SK 17.7)"
    )
    s = ctx.state
    if ally is None:
        return True
    resisting = sorted(
        (u.id for u in s.on_map(area, "army") if u.country == owner and u.hired_by is None),
        key=id_order,
    )
    if not resisting or all(s.friendly(p, ally) for p in besiegers):
        return True  # the Siege Step checks again: an allied area is not besieged (SK 12.0)
    attacks = {
        p: combat.AttackOrder(area, g.if_resisted, None, None, None, None, g.line)
        for p, g in declared.items()
        if p in besiegers and getattr(g, "if_resisted", None)
    }
    ctx.emit(SiegeResisted(area=area, minor=owner, ally=ally, units=resisting, stopped=not attacks))
    if not attacks:
        return False
    combat.battle(ctx, content, area, attacks, standing_orders)  # SK 17.71: attack them at once
    s = ctx.state
    return not any(u.country == owner for u in s.on_map(area, "army"))


# --------------------------------------------------------------------------- SK 18.4, 18.6


def minor_only(s: SKState, units: list[str]) -> bool:
    """SK 18.4 (19.1): minor country allies' units or hired armies, none of a major power."""
    return bool(units) and all(s.units[u].country not in s.majors for u in units)


def attack_units(s: SKState, power: str, a: Any) -> list[str]:
    mine = [u.id for u in s.on_map(a.area, "army") if s.commander(u) == power]
    return [u for u in a.units if u in mine] if a.units is not None else mine


def attack_cost(content: SoldierKingsContent, s: SKState, power: str, a: Any) -> int:
    """SK 9.4; SK 18.4: nothing for an attack by minor (or hired) units alone."""
    if minor_only(s, attack_units(s, power, a)):
        return 0
    return combat.attack_cost(content, a.level)


def siege_rounds(
    content: SoldierKingsContent, s: SKState, power: str, area: str, rounds: int
) -> int:
    """SK 18.4: minor (or hired) units besieging alone always siege two rounds."""
    if minor_only(s, mercenaries.besieging_armies(content, s, power, area)):
        return 2
    return rounds


def siege_cost(content: SoldierKingsContent, s: SKState, power: str, area: str, rounds: int) -> int:
    """SK 12.2 per round; SK 18.4 nothing for minor units alone; SK 18.6 France, Spain and
    Austria pay two Resources a round in the Papal States."""
    if minor_only(s, mercenaries.besieging_armies(content, s, power, area)):
        return 0
    papal = content.tables.papal_states
    if area == papal.area and power in papal.powers:
        return papal.siege_round_resources * rounds
    return content.tables.costs.siege_round.resources * rounds


def papal_multiplier(content: SoldierKingsContent, s: SKState, power: str, area: str) -> int:
    """SK 18.6: France, Spain or Austria taking the Papal States from another major power
    or its ally gain double Resources and victory points from it."""
    papal = content.tables.papal_states
    if area != papal.area or power not in papal.powers:
        return 1
    frm = s.taken_from.get(area)
    return papal.gain_multiplier if frm and frm in s.majors and frm != power else 1


# --------------------------------------------------------------------------- SK 18.7, 18.8


def _conquerors(content: SoldierKingsContent, s: SKState, minor: str) -> set[str]:
    """Powers that took a home area of the minor from it, or held one at the start."""
    out = set(s.conquerors.get(minor, []))
    try:
        sc = content.scenario(s.scenario)
    except KeyError:
        return out
    for c in sc.control:
        if content.land_area(c.area).home == minor:
            out.add(c.power)
    return out


def _was_conquered(
    content: SoldierKingsContent, s: SKState, minor: str, area: str, frm: str | None
) -> bool:
    homes = content.home_areas(minor)
    return bool(homes) and all(
        not s.friendly(frm if a == area else s.control.get(a), minor) for a in homes
    )


def after_control_changes(
    ctx: Resolution, content: SoldierKingsContent, standing_orders: dict
) -> None:
    """After an action phase or the Peace Phase: SK 18.8 liberation, SK 18.7 conquest
    status, SK 19.6 Angelo Emo."""
    changes = [e for e in ctx.events if getattr(e, "type", "") == "sk.control_changed"]
    for e in changes:
        s: SKState = ctx.state
        if not content.is_land(e.area):
            continue
        minor = content.land_area(e.area).home
        if minor is None or minor in s.majors or table_row(content, minor) is None:
            continue
        if e.frm == minor or s.control.get(e.area) != e.to or e.to not in s.majors:
            continue
        if not any(x["minor"] == minor for x in _lines(standing_orders, e.to, "liberate")):
            continue  # default: keep the area as a conquest (SK 18.8)
        if not _was_conquered(content, s, minor, e.area, e.frm) or e.to in _conquerors(
            content, s, minor
        ):
            continue
        ctx.emit(MinorLiberated(minor=minor, power=e.to, area=e.area, turn=s.turn))
        place_forces(ctx, content, e.to, minor, rule="SK 18.8")
    s = ctx.state
    for minor in table_minors(content):
        if minor in s.majors:
            continue
        now = common.minor_conquered(content, s, minor)
        if now != (minor in s.conquered):
            holders = sorted({s.control.get(a) or "" for a in content.home_areas(minor)} - {""})
            ctx.emit(MinorConquered(minor=minor, conquered=now, holders=holders))
    angelo_emo(ctx, content)


def angelo_emo(ctx: Resolution, content: SoldierKingsContent) -> None:
    """SK 19.6: a minor's admiral who may sail only with his country's fleet is removed from
    play for good once that fleet is eliminated."""
    s: SKState = ctx.state
    for name, ld in sorted(s.leaders.items()):
        if ld.status not in ("map", "captured"):
            continue
        fleet_of = content.leader(name).fleet_of
        if fleet_of and not any(u.country == fleet_of for u in s.on_map(type_="fleet")):
            ctx.emit(
                LeaderRemoved(leader=name, why=f"the {fleet_of} fleet was eliminated (SK 19.6)")
            )


def emo_problem(
    content: SoldierKingsContent, s: SKState, leader: str, units: list[str]
) -> str | None:
    """SK 19.6, for naval movement: an admiral bound to a fleet may be only in a group that
    contains it."""
    fleet_of = content.leader(leader).fleet_of
    if fleet_of and not any(
        s.units[u].country == fleet_of and s.units[u].type == "fleet" for u in units
    ):
        return f"{leader} may only be with a group that contains the {fleet_of} fleet (SK 19.6)"
    return None


def deployment_problem(
    content: SoldierKingsContent, s: SKState, uid: str, to_map: str
) -> str | None:
    """SK 18.9: minor country units stay on the map they come from; hired mercenaries (SK
    19.1) and major powers' units may leave it. The one-year scenarios use the Europe map
    only, so nothing calls this yet; the war on other maps will."""
    u = s.units[uid]
    if u.country in s.majors or u.hired_by is not None:
        return None
    home = content.country(u.country).map
    if to_map != home:
        return f"{uid} is {u.country}'s and may not leave the {home} map (SK 18.9)"
    return None


# --------------------------------------------------------------------------- SK 18.1


def spring_units_apply(content: SoldierKingsContent, s: SKState) -> bool:
    """SK 4.1, 18.1: each Spring; not in the one-year scenarios (their special rule)."""
    if calendar.season(s.turn) != "Spring":
        return False
    if common.one_year(content, s):
        return content.game.one_year_rules.minor_allies_receive_spring_units
    return True


def spring_new_units(ctx: Resolution, content: SoldierKingsContent) -> None:
    """SK 18.1: the Recovery/New Unit Number of unused units of each minor ally appear, free,
    in its home areas (SK 6.3, placed as common.default_area does); not once the minor is
    conquered (SK 18.7)."""
    for minor, power in sorted(ctx.state.allies.items()):
        s: SKState = ctx.state
        row = table_row(content, minor)
        if row is None or minor in s.majors or not row.recovery:
            continue
        if common.minor_conquered(content, s, minor):
            continue
        pool = sorted(
            (u.id for u in s.units.values() if u.country == minor and u.status == "pool"),
            key=id_order,
        )
        n = min(row.recovery, len(pool))
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


# --------------------------------------------------------------------------- orders


@dataclass(frozen=True)
class AllyOrder:
    minor: str
    bribe: int
    areas: tuple[str, ...]
    line: int

    @property
    def text(self) -> str:
        return f"ally with {self.minor}"


@dataclass(frozen=True)
class BreakOrder:
    minor: str
    line: int

    @property
    def text(self) -> str:
        return f"break alliance with {self.minor}"


def country_name(
    content: SoldierKingsContent,
    text: str,
    choices: list[str],
    line: int,
    problems: list[Problem],
    what: str,
) -> str | None:
    key = " ".join(text.split())
    for c in choices:
        if c.casefold() == key.casefold():
            return c
    try:
        name = content.country(key).name
    except KeyError:
        name = None
    if name in choices:
        return name
    problems.append(Problem(f"no {what} {key!r}", line, closest(key, choices)))
    return None


def _areas(names: Names, text: str | None, line: int, problems: list[Problem]) -> tuple[str, ...]:
    if not text:
        return ()
    out = [names.area(a, line, problems) for a in text.split(",") if a.strip()]
    return tuple(a for a in out if a)


def parse_order(
    content: SoldierKingsContent,
    names: Names,
    s: SKState,
    text: str,
    line: int,
    problems: list[Problem],
) -> Any:
    """An action-phase order whose verb is in VERBS."""
    verb, _, rest = text.strip().partition(" ")
    v = verb.casefold()
    if v == "hire":
        return mercenaries.parse_hire(content, rest, line, problems)
    if v == "break":
        m = re.fullmatch(r"(?is)alliance\s+with\s+(.+)", rest.strip())
        if not m:
            problems.append(Problem("write: break alliance with MINOR (SK 17.8)", line))
            return None
        minor = country_name(
            content, m.group(1), table_minors(content), line, problems, "minor country"
        )
        return BreakOrder(minor, line) if minor else None
    m = re.fullmatch(r"(?is)with\s+(.+?)(?:\s+bribe\s+(\d+))?(?:\s+in\s+(.+))?", rest.strip())
    if not m:
        problems.append(
            Problem("write: ally with MINOR [bribe N] [in AREA[, AREA...]] (SK 17.3)", line)
        )
        return None
    merc = country_name(content, m.group(1), mercenaries.countries(content), line, [], "")
    if merc:
        problems.append(
            Problem(
                f"{merc} is not on the Minor Country Alliance Table: its armies are hired (SK 17.1, 19.1)",
                line,
            )
        )
        return None
    minor = country_name(
        content,
        m.group(1),
        table_minors(content),
        line,
        problems,
        "minor country on the Minor Country Alliance Table",
    )
    n = int(m.group(2) or 0)
    most = content.tables.bribery.max_resources
    if n > most:
        problems.append(Problem(f"a bribe is at most {most} Resources (SK 17.4)", line))
        return None
    areas = _areas(names, m.group(3), line, problems)
    return AllyOrder(minor, n, areas, line) if minor else None


def cards_in_hand(s: SKState, power: str, card: str) -> int:
    return s.hands.get(s.player_of(power), []).count(card)


def validate_orders(
    content: SoldierKingsContent, s: SKState, power: str, orders: list
) -> list[Problem]:
    problems: list[Problem] = []
    used: dict[str, int] = {}
    for o in orders:
        card = (
            CARD
            if isinstance(o, AllyOrder)
            else o.card
            if isinstance(o, mercenaries.HireOrder)
            else None
        )
        if card:
            used[card] = used.get(card, 0) + 1
            if used[card] > cards_in_hand(s, power, card):
                problems.append(
                    Problem(
                        f"{s.player_of(power)} holds {cards_in_hand(s, power, card)} {card!r} card(s); "
                        f"this order needs one more (SK 5.1)",
                        o.line,
                    )
                )
        if isinstance(o, AllyOrder):
            why = attempt_problem(content, s, power, o.minor)
            if why:
                problems.append(Problem(why, o.line))
            homes = content.home_areas(o.minor)
            for a in o.areas:
                if a not in homes:
                    problems.append(
                        Problem(
                            f"{a} is not a home area of {o.minor} ({', '.join(sorted(homes))}) (SK 17.3)",
                            o.line,
                        )
                    )
        elif isinstance(o, BreakOrder):
            if s.allies.get(o.minor) != power:
                problems.append(Problem(f"{o.minor} is not {power}'s minor ally (SK 17.8)", o.line))
            elif s.minor_joined.get(o.minor) == s.turn:
                problems.append(
                    Problem(
                        f"{power} allied with {o.minor} this turn; it may break the alliance from the next turn (SK 17.72, 17.8)",
                        o.line,
                    )
                )
        elif isinstance(o, mercenaries.HireOrder):
            for why in mercenaries.hire_problems(content, s, power, o):
                problems.append(Problem(why, o.line))
    r, m = treasury(s, power)
    if (r == 0 or m == 0) and any(
        isinstance(o, mercenaries.HireOrder) or (isinstance(o, AllyOrder) and o.bribe)
        for o in orders
    ):
        problems.append(
            Problem(
                f"{power} has {r} Resources and {m} Manpower: with zero Resources or zero Manpower "
                "it may not spend Resources on bribes or mercenaries (SK 7.5)",
                next(o.line for o in orders if isinstance(o, mercenaries.HireOrder | AllyOrder)),
            )
        )
    return problems


def order_costs(
    content: SoldierKingsContent, s: SKState, power: str, orders: list
) -> list[tuple[int, int]]:
    """(Resources, line) of the power's bribes and hires, in order (SK 7.5 checks)."""
    out = []
    for o in orders:
        if isinstance(o, AllyOrder) and o.bribe:
            out.append((o.bribe, o.line))
        elif isinstance(o, mercenaries.HireOrder):
            out.append((mercenaries.hire_cost(content, s, o), o.line))
    return out


def after_breaks(s: SKState, power: str, orders: list) -> SKState:
    """SK 17.8: for checking the rest of the orders, the minors `power` breaks with are
    neutral (it may attack them at once)."""
    breaks = [
        o.minor
        for o in orders
        if isinstance(o, BreakOrder)
        and s.allies.get(o.minor) == power
        and s.minor_joined.get(o.minor) != s.turn  # SK 17.72
    ]
    if not breaks:
        return s
    out = clone(s)
    for minor in breaks:
        out.allies.pop(minor, None)
    return out


def play_card(
    ctx: Resolution,
    content: SoldierKingsContent,
    power: str,
    card: str,
    on: str,
    detail: str,
    standing_orders: dict,
) -> bool:
    """SK 5.1 through the card framework (cards.play): False if the card is not in the
    player's hand or a Diplomatic Intrigue cancelled it (SK 5.2)."""

    return card_rules(content).play(
        ctx, content, power, card, on=on, detail=detail, standing=standing_orders
    )


def _no_card(ctx: Resolution, power: str, card: str, text: str) -> bool:
    s: SKState = ctx.state
    if card in s.hands.get(s.player_of(power), []):
        return False
    ctx.emit(OrderSkipped(power=power, order=text, reason=f"no {card!r} card left in hand"))
    return True


def resolve_orders(
    ctx: Resolution, content: SoldierKingsContent, power: str, orders: list, standing_orders: dict
) -> None:
    """Before movement (SK 4.1): breaks (SK 17.8), hires (SK 19.1), then alliance attempts."""
    for o in [o for o in orders if isinstance(o, BreakOrder)]:
        s: SKState = ctx.state
        if s.allies.get(o.minor) != power or s.minor_joined.get(o.minor) == s.turn:
            ctx.emit(
                OrderSkipped(
                    power=power,
                    order=o.text,
                    reason=f"{o.minor} is not an ally {power} may break with now (SK 17.8)",
                )
            )
            continue
        backstab(ctx, content, power, o.minor, standing_orders)
    for o in [o for o in orders if isinstance(o, mercenaries.HireOrder)]:
        problems = mercenaries.hire_problems(content, ctx.state, power, o)
        if problems:
            ctx.emit(OrderSkipped(power=power, order=o.text, reason="; ".join(problems)))
            continue
        if _no_card(ctx, power, o.card, o.text):
            continue
        if not play_card(ctx, content, power, o.card, power, o.text, standing_orders):
            continue  # cancelled (SK 5.2, Diplomatic Intrigue)
        mercenaries.resolve_hire(ctx, content, power, o)
    for o in [o for o in orders if isinstance(o, AllyOrder)]:
        problem = attempt_problem(content, ctx.state, power, o.minor)
        if problem:
            ctx.emit(OrderSkipped(power=power, order=o.text, reason=problem))
            continue
        if _no_card(ctx, power, CARD, o.text):
            continue
        if not play_card(
            ctx, content, power, CARD, power, f"alliance with {o.minor}", standing_orders
        ):
            continue  # cancelled (SK 5.2, Diplomatic Intrigue)
        attempt_alliance(
            ctx, content, power, o.minor, bribe=o.bribe, standing=standing_orders, placement=o.areas
        )


def backstab(
    ctx: Resolution, content: SoldierKingsContent, power: str, minor: str, standing_orders: dict
) -> None:
    """SK 17.8: the alliance ends; SK 17.7 finds the minor its new ally (not the backstabber).
    Its units stay on the map; if no power takes it they leave and it is neutral."""
    ctx.emit(AllianceBroken(minor=minor, power=power, why="backstabbed (SK 17.8)"))
    ally = seek_ally(
        ctx,
        content,
        minor,
        None,
        [power],
        standing_orders,
        why=f"{power} broke the alliance (SK 17.8)",
    )
    if ally is None:
        end_alliance_units(ctx, minor, why=f"{minor} found no new ally (SK 17.8, 17.7)")


def end_alliance(ctx: Resolution, minor: str, why: str) -> None:
    """For the card framework (Royal Death: remove_marker, end_minor_alliance; authored):
    the marker goes, the alliance ends, the minor's units leave the map, it is neutral."""
    s: SKState = ctx.state
    for marker, on_what in sorted(s.markers.items()):
        if minor in on_what:
            ctx.emit(MarkerRemoved(marker=marker, on=minor))
    power = s.allies.get(minor)
    if power:
        ctx.emit(AllianceBroken(minor=minor, power=power, why=why))
    end_alliance_units(ctx, minor, why)


def end_alliance_units(ctx: Resolution, minor: str, why: str) -> None:
    """A neutral minor's units and leaders leave the map."""
    s: SKState = ctx.state
    units = sorted(
        (u.id for u in s.on_map() if u.country == minor and u.hired_by is None), key=id_order
    )
    leaders = sorted(n for n, ld in s.leaders.items() if ld.country == minor and ld.status == "map")
    if units or leaders:
        ctx.emit(MinorUnitsRemoved(minor=minor, units=units, leaders=leaders, why=why))


# --------------------------------------------------------------------------- standing orders


def _minor_arg(names: Names, text: str, line: int, problems: list[Problem]) -> str | None:
    content = names.content
    choices = table_minors(content) + mercenaries.countries(content)
    return country_name(content, text, choices, line, problems, "minor or mercenary country")


@standing.verb("bribe")
def _bribe(
    names: Names, s: SKState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """bribe MINOR N for POWER [from attempt K] | bribe MINOR N against [POWER] [from attempt K]"""
    usage = "write: bribe MINOR N for POWER, or bribe MINOR N against [POWER], optionally ending 'from attempt K' (SK 17.4, 17.41)"
    m = re.fullmatch(
        r"(?is)(.+?)\s+(\d+)\s+(?:for\s+(\w+)|against(?:\s+(\w+))?)(?:\s+from\s+attempt\s+(\d+))?",
        " ".join(words),
    )
    if not m:
        problems.append(Problem(usage, line))
        return None
    minor = _minor_arg(names, m.group(1), line, problems)
    n = int(m.group(2))
    most = names.content.tables.bribery.max_resources
    if n > most:
        problems.append(Problem(f"a bribe is at most {most} Resources (SK 17.4)", line))
        return None
    target = m.group(3) or m.group(4)
    if target is not None:
        t = target.title()
        if t not in s.majors:
            problems.append(
                Problem(f"no major power {target!r} in this game", line, closest(t, s.majors))
            )
            return None
        target = t
    k = int(m.group(5) or 1)
    if k < 1:
        problems.append(Problem("attempts are numbered from 1", line))
        return None
    if minor is None:
        return None
    return BribeLine(minor, n, "for" if m.group(3) else "against", target, k, line)


@standing.verb("accept")
def _accept(
    names: Names, s: SKState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """accept MINOR [in AREA[, AREA...]] | accept all (SK 17.7)"""
    text = " ".join(words).strip()
    if text.casefold() == "all":
        return {"minor": None, "areas": []}
    m = re.fullmatch(r"(?is)(.+?)(?:\s+in\s+(.+))?", text)
    if not text or not m:
        problems.append(
            Problem("write: accept MINOR [in AREA[, AREA...]], or accept all (SK 17.7)", line)
        )
        return None
    minor = _minor_arg(names, m.group(1), line, problems)
    areas = _areas(names, m.group(2), line, problems)
    if minor is None:
        return None
    homes = names.content.home_areas(minor)
    for a in areas:
        if a not in homes:
            problems.append(
                Problem(f"{a} is not a home area of {minor} ({', '.join(sorted(homes))})", line)
            )
    return {"minor": minor, "areas": list(areas)}


@standing.verb("liberate")
def _liberate(
    names: Names, s: SKState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """liberate MINOR (SK 18.8)"""
    minor = country_name(
        names.content, " ".join(words), table_minors(names.content), line, problems, "minor country"
    )
    return {"minor": minor} if minor else None
