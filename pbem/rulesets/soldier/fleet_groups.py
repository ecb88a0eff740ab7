"""SK 10.3 / SE 10.3 Fleet Groups, as the state keeps them: "Fleets moving together from
one area to another in the same action phase are a group. Fleets moving into the area
from different areas or in different action phases are different groups. ... Only fleets
that start an action phase in the same area may combine into a group."

Each fleet (and each leader) that reached its area by sea this game carries a tag,
`SoldierState.fleet_groups[id] = [area, label]`: the action phase it arrived in and the
area it came from (`0003.02 from Midlands`; a retreat, `0003.02 retreat from North
Sea`). The tag is set by the fold of the event that moved it (navy.py: a voyage, an
interceptor putting out, a naval retreat, a retreat by sea, a prize fleet placed) and
holds only while the counter is in that area. Fleets of one power in one area with the
same label are one group; fleets without a tag there (set up, bought, placed, or moved
other than by sea) are that area's standing group (label ""). Fleets that sail off
together get one new tag where they arrive: that is how groups combine (only fleets that
start the phase in one area can sail together, naval.resolve_movement). Groups are never
merged otherwise: fleets that stay where they are keep their groups from one action
phase to the next (pbem's reading of SK 10.3 / SE 10.3).

What the groups are for (passages.py): each enemy group intercepts once, with its own
admirals (SK 10.43 / SE 10.43: "make one roll for each group")."""

from __future__ import annotations

from collections.abc import Iterable

from .state import SoldierState

STANDING = ""  # the label of the fleets in an area that did not arrive there by sea
RETREAT = "retreat from "


def arrived(
    s: SoldierState, ids: Iterable[str], area: str, frm: str, retreat: bool = False
) -> None:
    """The counters `ids` came into `area` together from `frm`, in this action phase."""
    label = f"{s.turn:04d}.{s.acting:02d} {RETREAT if retreat else 'from '}{frm}"
    for i in ids:
        s.fleet_groups[i] = [area, label]


def placed(s: SoldierState, ids: Iterable[str], area: str) -> None:
    """The counters `ids` were placed in `area` in this action phase (SK 12.6)."""
    label = f"{s.turn:04d}.{s.acting:02d} placed"
    for i in ids:
        s.fleet_groups[i] = [area, label]


def forget(s: SoldierState, uid: str) -> None:
    """The counter left the map."""
    s.fleet_groups.pop(uid, None)


def label(s: SoldierState, uid: str, area: str | None) -> str:
    """The group label of the counter `uid` (a fleet or a leader) in `area`."""
    tag = s.fleet_groups.get(uid)
    return tag[1] if tag and tag[0] == area else STANDING


def is_retreat(lab: str) -> bool:
    return RETREAT in lab
