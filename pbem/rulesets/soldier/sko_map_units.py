"""Soldier Kings' optional unit and movement rules, each behind its switch
(pbem/rulesets/soldier_kings/options.py; Soldier Emperor offers none of them):

- `hanover` (SKO Hanover): Britain's Resource take is 3 less while another holds Hanover.
- `prussian-fleet` (SKO New Unit): where the Prussian fleet may arrive.
- `colonial-movement` (SKO Army Leaders and Land Movement outside Europe).
- `minors-abroad` (SKO Extra-Europe Majors Played as Minors).
- `leader-loss-limits` (SKO Limits to Leader Loss Checks): which rounds roll for leaders.

The map switches (SKO Map), the Two Sicilies and the Prussian fleet's counter are content
(content/options.py); Yellow Fever is yellow_fever.py. "Europe" is the Europe map
(SoldierContent.map_of), the map the text's "outside Europe" is read against.
"""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import options
from .content import SoldierContent
from .fold import on
from .state import Counter, SoldierState

HANOVER, BRITAIN, HANOVER_DEDUCTION = "Hanover", "Britain", 3  # SKO Hanover

# --------------------------------------------------------------------------- SKO Hanover


@event
class HanoverDeduction(Event):
    """SKO Hanover: "Three (3) additional Resources, in addition to the area's value are
    deducted from England's Resource take if Hanover is controlled by a nation other than
    England during the Resource and Manpower Phase"; VPs unaffected."""

    type: Literal["sk.hanover_deduction"] = "sk.hanover_deduction"
    power: str
    holder: str
    resources: int


@on(HanoverDeduction)
def _(s: SoldierState, e: HanoverDeduction) -> None:
    s.treasury[e.power].resources -= e.resources


def hanover_deduction(
    content: SoldierContent, s: SoldierState, power: str, take: int
) -> HanoverDeduction | None:
    """The deduction from `power`'s Resource take of this phase (switch `hanover`): 3, or
    the whole take if it is less (pbem's reading: "deducted from ... Resource take")."""
    if power != BRITAIN or not options.on(s, "hanover"):
        return None
    try:
        area = content.resolve_area(HANOVER)
    except KeyError:
        return None
    holder = s.control.get(area)
    if holder is None or holder == BRITAIN:
        return None
    cut = min(HANOVER_DEDUCTION, take)
    return HanoverDeduction(power=power, holder=holder, resources=cut) if cut > 0 else None


def deduct_hanover(ctx: Resolution, content: SoldierContent, power: str, take: int) -> None:
    got = hanover_deduction(content, ctx.state, power, take)
    if got is not None:
        ctx.emit(got)  # SKO Hanover


# --------------------------------------------------------------------------- SKO New Unit

PRUSSIAN_FLEET_AREAS = ("East Prussia",)  # SKO New Unit: "It may arrive in East Prussia,
POMERANIAS = ("Pomerania", "Swedish Pomerania")  # or alternately in a Prussian controlled
# Pomerania area"


def prussian_fleet(s: SoldierState, u: Counter) -> bool:
    """Whether SKO New Unit's Prussian fleet rule places `u` (switch `prussian-fleet`)."""
    return u.country == "Prussia" and u.type == "fleet" and options.on(s, "prussian-fleet")


def prussian_fleet_placement(content: SoldierContent, s: SoldierState, u: Counter, area: str):
    """Why the Prussian fleet may not arrive in `area` (switch `prussian-fleet`), "" if it
    may, None if the rule does not apply (another unit, or the switch off): then SK 6.3."""
    if not prussian_fleet(s, u):
        return None
    name = content.resolve_area(area) if content.is_land(area) else area
    ok = name in PRUSSIAN_FLEET_AREAS and s.friendly(s.control.get(name), "Prussia")
    ok = ok or (name in POMERANIAS and s.control.get(name) == "Prussia")
    if ok:
        return ""
    return (
        f"{u.id} is the Prussian fleet: it arrives in East Prussia or a Prussian-controlled "
        "Pomerania (SKO New Unit)"
    )


# --------------------------------------------------------------------------- outside Europe


def outside_europe(content: SoldierContent, area: str) -> bool:
    return content.map_of(area) != "europe"


def colonial_allowance(
    content: SoldierContent, s: SoldierState, start: str, half_mps: int, units: list[str]
) -> int:
    """SKO Army Leaders and Land Movement outside Europe (switch `colonial-movement`):
    "Generals outside Europe grant no aid to army movement outside Europe. All Army Land
    Movement outside Europe is restricted to 1 MP per Campaign turn." A group with armies
    starting outside Europe (a land move never leaves its map) has at most 1 MP (2 half
    MPs), whatever its generals or cards would give; leaders moving without armies make
    no army movement and keep their own allowance (SK 13.3)."""
    armies = any(s.units[u].type == "army" for u in units if u in s.units)
    if options.on(s, "colonial-movement") and armies and outside_europe(content, start):
        return min(half_mps, 2)
    return half_mps


def played_as_minor(content: SoldierContent, s: SoldierState, country: str) -> bool:
    """A major power of the counter mix not among the game's warring majors."""
    try:
        return content.country(country).kind == "major" and country not in s.majors
    except KeyError:
        return False


def abroad_problem(content: SoldierContent, s: SoldierState, country: str, area: str) -> str | None:
    """SKO Extra-Europe Majors Played as Minors (switch `minors-abroad`): "Major countries
    played as minors with flagged areas outside Europe may operate in those Locations/maps
    ... Major nations played as minors without such areas may only operate in Europe."
    Why a unit of `country` may not move into or attack in `area`, or None."""
    if not options.on(s, "minors-abroad") or not played_as_minor(content, s, country):
        return None
    # a circle of the track is a sea on no map: the way between the maps
    key = "track" if content.is_circle(area) else content.map_of(area)
    if key == "europe":
        return None
    flagged = sorted({content.map_of(a) for a in content.home_areas(country)} - {"europe"})
    if key in flagged or (key == "track" and flagged):
        return None
    where = f"the {', '.join(flagged)} map(s) and Europe" if flagged else "Europe"
    return (
        f"{country} is a major power played as a minor: its units operate only in {where}, "
        f"not in {area} (SKO Extra-Europe Majors Played as Minors)"
    )


def abroad_limits(
    content: SoldierContent, s: SoldierState, units: list[str], path: list[str]
) -> list[str]:
    """abroad_problem for a voyage: the first area of `path` each country may not enter."""
    out = []
    for country in sorted({s.units[u].country for u in units}):
        why = next((w for a in path[1:] if (w := abroad_problem(content, s, country, a))), None)
        if why:
            out.append(why)
    return out


# --------------------------------------------------------------------------- leader losses

LEADER_LOSS_ROUNDS = 2  # SKO Limits to Leader Loss Checks: "only during the first two rounds"


def leader_check_round(s: SoldierState, round_: int) -> bool:
    """Is a leader loss check made in this round of a battle or siege (SK 13.5)?"""
    return not options.on(s, "leader-loss-limits") or round_ <= LEADER_LOSS_ROUNDS


def leader_hold_problem(s: SoldierState) -> str | None:
    """`hold out LEADER` (SK 9.2) is refused with the switch `leader-loss-limits` on."""
    if not options.on(s, "leader-loss-limits"):
        return None
    return (
        "no leader may be held out of a battle: every unit of a nation attacking or "
        "defending in an area takes part (SKO Limits to Leader Loss Checks)"
    )


def none_withheld(s: SoldierState) -> bool:
    """SKO Limits to Leader Loss Checks: "No unit (including a leader, army, or fleet) can
    be with-held from a battle or siege in an area when its nation is attacking or
    defending": a defender's fleets in the area fight in a land battle there (SK 11.6
    leaves them out unless ordered in), and its admirals with them (SK 9.6)."""
    return options.on(s, "leader-loss-limits")


def withheld_problems(s: SoldierState, power: str, attacks: list) -> list[Problem]:
    """SKO Limits to Leader Loss Checks: "No unit (including a leader, army, or fleet) can
    be with-held from a battle or siege in an area when its nation is attacking or
    defending." With the switch on, the attack lines on an area (SK 9.3: one or more
    forces) must between them take every army and fleet of `power` there that has not
    attacked this turn: a line without `with` takes its armies (SK 9.1); fleets there must
    be named. (A defender's fleets fight through none_withheld; its leaders may not be held
    out, leader_hold_problem; besiegers take everything there.)"""
    if not options.on(s, "leader-loss-limits"):
        return []
    out: list[Problem] = []
    by_area: dict[str, list] = {}
    for a in attacks:
        by_area.setdefault(a.area, []).append(a)
    for area, lines in by_area.items():
        here = [u for u in s.on_map(area) if s.commander(u) == power and u.id not in s.attacked]
        taken = {uid for a in lines for uid in (a.units or ())}
        if any(a.units is None for a in lines):
            taken |= {u.id for u in here if u.type == "army"}
        left = sorted(u.id for u in here if u.id not in taken)
        if left:
            out.append(
                Problem(
                    f"{', '.join(left)} would be held out of the battle in {area}: every unit "
                    f"of {power} there takes part (SKO Limits to Leader Loss Checks); name "
                    "them with 'with'",
                    lines[0].line,
                )
            )
    return out
