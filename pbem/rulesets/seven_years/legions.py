"""7YWW 23 Legions (option `legions`): in the friendly recruiting sub-phase (23.1, pass 2
of the treasury envelope) a player names a friendly veteran army on the map and a leader,
pays 29.2's cost (2), flips the leader and rolls a die: at most the leader's command
value, the army is replaced by a recruit legion of the same major power; else nothing
but the flip. Treasury line: `legion from ARMY with LEADER [as POWER]`.

Choices (docs/orders-seven-years-world-war.md "Optional rules 23-25"):
- [C 23.a] the leader: any leader, general or admiral (23.1(3) "one leader marker"; 29.7
  Leader "(Generals/Admirals) ... may attempt to build a legion"), face up, available to
  the player, of the army's nationality (20.2, 20.43 read across); a leader from the
  hand goes to the army's power box first (20.1, [C 17.a]).
- [C 23.b] 11.3(6) ("Legions ... may be placed on any unpillaged civilized square of the
  major power containing at least one friendly unit") read with 23.1: the army must
  stand on an unpillaged civilized square of its own power, and the legion counts
  against the square's 11.2 limit of new units. 11.3(6) cites "optional rule 25.0": a
  typo for 23.0 (plan [C 1.c]).
- A legion counter of the power must be off the map (11.4); otherwise the line is
  refused (or skipped when it comes) and nothing is paid.
- 23.2: the Revolutionary CRT needs a legion in the attacking force (combat.table_problem)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import events as E
from . import leaders, names, recruiting, windows
from .content import LEADER, Content
from .money import Tally, TLine, afford, change
from .occupation import treasury_value
from .state import SYWState

OPTION = "legions"
LINE = re.compile(r"^legion\s+from\s+(\S+)\s+with\s+(.+?)(?:\s+as\s+(.+))?$", re.I)


@dataclass
class LegionLine(TLine):
    """`legion from ARMY with LEADER [as POWER]` (23.1)."""

    @property
    def pass_no(self) -> int:
        return 2  # 23.1 "during the friendly recruiting sub-phase" (plan 2.3)


def read(c: Content, s: SYWState, ln: int, text: str) -> LegionLine | Problem:
    m = LINE.match(text.strip())
    if not m:
        return Problem("write `legion from ARMY with LEADER`, e.g. `legion from FR-A2 with G3-1` (7YWW 23.1)", ln)  # fmt: skip
    by = {uid.casefold(): uid for uid in s.units}
    army = by.get(m.group(1).casefold(), m.group(1).upper())
    leader, hint = names.marker_label(c, m.group(2))
    if leader is None or leader not in c.markers or c.marker(leader).kind != LEADER:
        return Problem(f"no leader {m.group(2)!r}: name a leader by his id, e.g. G3-1 (7YWW 23.1(3))", ln, hint)  # fmt: skip
    as_power = ""
    if m.group(3):
        as_power, hint = names.find(c, "power", m.group(3))
        if as_power is None:
            return Problem(f"no major power {m.group(3)!r}", ln, hint)
    return LegionLine(ln, text, "legion", units=[army], leader=leader, as_power=as_power)


def cost(c: Content) -> int:
    return c.costs("legion").recruit  # 29.2 "Legion 2(2)"


def check(c: Content, s: SYWState, tally: Tally, ln: TLine) -> str | None:
    seat, uid = tally.seat, ln.units[0]
    if OPTION not in s.options:  # 11.3(6), 23.0
        return "legions are used only with the optional rule 23.0 (option legions), which this game does not use"
    u = s.units.get(uid)
    if u is None:
        return f"no unit {uid} on the map: a legion replaces a veteran army already on the map (7YWW 23.1(1))"
    if u.type != "army":
        return f"{uid} is a {u.type.replace('_', ' ')}: a legion replaces an army (7YWW 23.1(1))"
    if s.control.get(u.owner) != seat:
        return f"{uid} is not yours: name a friendly veteran army (7YWW 23.1(1))"
    if not u.veteran:
        return f"{uid} is a recruit: a legion replaces a veteran army (7YWW 23.1(1))"
    q = c.map.square(u.square)
    if not (q.civilized and q.power == u.owner) or u.square in s.pillaged:  # [C 23.b]
        return f"{uid} is in {u.square}: legions are placed on unpillaged civilized squares of their own power (7YWW 11.3(6))"
    if recruiting.off_map(c, s, u.owner, "legion") < 1:  # 11.4
        return f"{c.power_name(u.owner)} has no legion counter left (7YWW 11.4)"
    if tally.placed[u.square] + 1 > treasury_value(c, s, u.square):  # 11.2, [C 23.b]
        return f"{u.square} takes no more new units this phase (its treasury value, 7YWW 11.2)"
    # 23.1(3) "one leader marker", 29.7 Leader (Generals/Admirals) "may attempt to build a
    # legion": an admiral as well as a general ([C 23.a])
    why = leaders.problem(c, s, seat, ln.leader, [u], ln.as_power, any_kind=True)
    if why is not None:
        return why
    return afford(s, tally, cost(c), "a legion attempt")  # 29.2, 10.4


def carry_out(sink: Any, c: Content, tally: Tally, ln: TLine) -> None:
    """23.1 (2) pay, (3) flip the leader, (4) roll; the dry run of validation stops before
    the die."""
    s: SYWState = sink.state
    u = s.units[ln.units[0]]
    change(sink, tally.seat, -cost(c), f"legion attempt with {u.id} (7YWW 23.1(2), 29.2)")
    leaders.use(sink, c, tally.seat, ln.leader, [u], ln.as_power)  # 23.1(3), 20.1
    if tally.dry:
        return
    ctx: Resolution = sink
    value = c.marker(ln.leader).value
    die = windows.roll(ctx, f"legion: {u.id}", owner=tally.seat, square=u.square)[0]
    success = die <= value  # 23.1(4)
    legion = recruiting.new_ids(ctx.state, u.owner, "legion", 1)[0] if success else ""
    ctx.emit(E.LegionAttempt(seat=tally.seat, army=u.id, leader=ln.leader, value=value,
                             die=die, success=success, legion=legion, square=u.square))  # fmt: skip
    if success:
        tally.placed[u.square] += 1  # 11.2, [C 23.b]
