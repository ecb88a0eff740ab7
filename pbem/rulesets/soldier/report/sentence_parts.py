"""Parts of the Soldier report's sentences (sentences.py): the terms of an alliance roll,
the bribes revealed, a round's losses, why no retreat was open, an interception's sum,
and the verb that agrees with the pieces that leave."""

from __future__ import annotations

from pbem.reports.model import plural

from ..content import SoldierContent
from .words import and_list


def alliance_modifier(m: dict) -> str:
    """One term of an alliance roll (SK 17.3-17.6): 'Austria's bribe +2: 2 Resources
    (SK 17.4)'; the table's term is the table's, whoever rolls."""
    kind = str(m.get("kind", ""))
    who = "" if kind == "table" or not m.get("power") else f"{m['power']}'s "
    detail = f": {m['detail']}" if m.get("detail") else ""
    return f"{who}{kind} {int(m.get('value', 0)):+d}{detail}"


def bribe_text(b: dict) -> str:
    """'France: 3 Resources against Austria (-3, a standing order)' (SK 17.4, 17.41)."""
    side = str(b.get("side", ""))
    target = f" {b['target']}" if b.get("target") else ""
    sign = -1 if side == "against" else 1
    how = [f"{sign * int(b.get('modifier', 0)):+d}"]
    if b.get("standing"):
        how.append("a standing order")
    if b.get("from_attempt") and b.get("from_attempt") != 1:
        how.append(f"from attempt {b['from_attempt']}")
    return f"{b.get('power')}: {b.get('resources')} Resources {side}{target} ({', '.join(how)})"


def no_way_out(c, e, s) -> str:
    """Why reduced units could not retreat, when SK 9.5's restrictions close every land
    route (a trial player ordered 'retreat from Tyrol to Venetia': every route out of Tyrol
    is a mountain route). '' when the state does not tell."""
    from ..retreats import retreat_restrictions

    units = [s.units[u] for u in e.units if s is not None and u in s.units]
    if not units or not isinstance(c, SoldierContent) or not c.is_land(e.area):
        return ""
    power = s.commander(units[0])
    armies = sum(1 for u in units if u.type == "army")
    why = retreat_restrictions(c, s, e.area, power, armies)
    if not why or not all(why.values()):
        return ""
    groups: dict[str, list[str]] = {}
    for area, reasons in why.items():
        groups.setdefault(", ".join(reasons), []).append(area)
    said = "; ".join(f"{and_list(areas)} ({r})" for r, areas in groups.items())
    return f" No land retreat was open (SK 9.5): {said}."


def loss_text(s, unit: str, n: int) -> str:
    """'Au-A2 1 step'; 'Pr-A5 2 steps (eliminated)' when the steps are all it had (a full
    unit has two, SK 9.7), so a player need not count them."""
    u = s.units.get(unit) if s is not None else None
    gone = u is not None and n >= (1 if u.is_reduced else 2)
    return f"{unit} {plural(n, 'step')}" + (" (eliminated)" if gone else "")


def leave_verb(pieces: list[str]) -> str:
    """'Au-A9 leaves', 'Au-A9, Au-A10 leave' (a trial's 'France's Au-A9 leave Moravia')."""
    return "leaves" if len(pieces) == 1 else "leave"


def intercept_sum(e) -> str:
    """'roll 8 + 2 fleets intercepted + 3 (admirals' ratings) - 1 (their admirals'
    ratings) = 12, needing 10' (SK 10.44-10.45);
    a trial's report gave 'roll 8, total 12' and not what made the total or what it needed."""
    from ..navy import INTERCEPT_AT

    if e.roll + e.fleets + e.admirals - e.enemy_admirals != e.total:
        return f"roll {e.roll}, total {e.total}"  # a term this sentence does not know
    terms = [f"roll {e.roll}", f"+ {plural(e.fleets, 'fleet')} intercepted"]
    if e.admirals:
        terms.append(f"+ {e.admirals} (admirals' ratings)")
    if e.enemy_admirals:
        terms.append(f"- {e.enemy_admirals} (their admirals' ratings)")
    return f"{' '.join(terms)} = {e.total}, needing {INTERCEPT_AT}"


def unmatched_why(terms: list[str], missing: list[str], others: dict[str, list[str]]) -> str:
    """Why a deal was not made (SK 14.3: every party sends the same deal): who did not send
    it, and who sent one with the same parties on other terms, with the difference."""
    out = []
    for p, theirs in sorted(others.items()):
        extra = [t for t in theirs if t not in terms]
        lack = [t for t in terms if t not in theirs]
        if extra and lack:
            diff = f"{'; '.join(extra)} in place of {'; '.join(lack)}"
        elif extra:
            diff = f"{'; '.join(extra)} as well"
        else:
            diff = f"without {'; '.join(lack)}"
        out.append(f"{p} sent one with other terms ({diff})")
    silent = [p for p in missing if p not in others]
    if silent:
        out.append(f"{and_list(silent)} did not send it")
    return "; ".join(out)


def led_by(s, area: str, power: str, units: list[str]) -> str:
    """' under Frederick II (3)': the leaders of `power` (and its minor allies) in `area`
    as a land battle begins, from the state before it: generals, and admirals when the
    side's fleets fight (SK 9.6, 11.6, 13.1); "" with none or no state."""
    if s is None:
        return ""
    fleets = any(u in s.units and s.units[u].type == "fleet" for u in units)
    names = [
        f"{ld.name} ({ld.rating})"
        for ld in sorted(s.leaders_in(area), key=lambda ld: (-ld.rating, ld.name))
        if (ld.role == "general" or fleets) and power in (ld.country, s.allies.get(ld.country))
    ]
    return f" under {and_list(names)}" if names else ""


def naval_led_by(s, names: list[str]) -> str:
    """' under Hawke (2)': the admirals (and generals aboard, at sea) of a naval battle's
    side, as the event names them (SK 13.4)."""
    if not names:
        return ""
    ratings = {n: s.leaders[n].rating for n in names if s is not None and n in s.leaders}
    said = [f"{n} ({ratings[n]})" if n in ratings else n for n in names]
    return f" under {and_list(said)}"
