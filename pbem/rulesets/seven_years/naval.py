"""7YWW 18.6 Naval combat as combat.py and results.py need it: which embarked land units
fight (18.63: only in a fleet's attack on, or defence of, a coast or port square; 18.64:
never at sea), what goes down with a fleet (18.64), what retreats and advances with it
(18.64, 18.631). Fleets attack adjacent units in sea, coastal and port squares and land
units only on coastal or port squares (7YWW 18.61: "exactly as on land", 18.62); land units attack fleets only on
coastal or port squares: both follow from the crossing rules (map.can_cross, 15.27)."""

from __future__ import annotations

from .content import Content
from .movement import domain
from .state import STATIC, SYWState, Unit
from .transport import aboard


def coastal(c: Content, square: str) -> bool:
    """A coast or port square (ports are coastal squares, map.toml)."""
    return c.map.square(square).kind == "coastal"


def defending(c: Content, s: SYWState, target: str) -> list[Unit]:
    """15.3, 15.72 every unit in the square defends; 18.63, 18.64 but embarked units only
    in a coast or port square (at sea they do not count, though they share their fleet's
    fate)."""
    units = s.units_in(target)
    return units if coastal(c, target) else [u for u in units if u.aboard is None]


def cargo_problem(c: Content, target: str, units: list[Unit]) -> str | None:
    """18.63: embarked land units attack only as part of their fleet's force, and only
    against a coast or port square (they need not land, 14.21's Florida example)."""
    ids = {u.id for u in units}
    for u in units:
        if u.aboard is None:
            continue
        if u.aboard not in ids:
            return f"{u.id} is aboard {u.aboard}: it attacks only as part of its fleet's force (7YWW 18.63)"
        if not coastal(c, target):
            return f"{u.id} is aboard {u.aboard}: embarked units fight only when their fleet attacks a coast or port square (7YWW 18.63, 18.64)"
    return None


def with_cargo(s: SYWState, ids: list[str]) -> list[str]:
    """18.64: "if a transporting fleet is eliminated, its transported unit is also
    eliminated"; it also retreats and advances with it."""
    out = list(ids)
    for uid in ids:
        out += [x.id for x in aboard(s, uid) if x.id not in out]
    return out


def cargo_first(units: list[Unit]) -> list[Unit]:
    """[C 15.k] in a loss order, an embarked unit goes before its fleet."""
    out: list[Unit] = []
    for u in units:
        if u in out:
            continue
        out += [x for x in units if x.aboard == u.id and x not in out]
        out.append(u)
    return out


def advancing(c: Content, s: SYWState, units: list[Unit], frm: str, to: str, how: str,
              named: tuple[str, ...]) -> list[str]:  # fmt: skip
    """15.8 the winners' advance into the emptied square `to`: units that could enter it
    (bases and fortified zones never move, 14.12); embarked units debark into it at no
    cost (18.631). `how`: "all" (plan 2.2 default: [C 15.i] the fleets whose cargo lands
    stay), "with" (the `named` units), "none". A fleet that advances takes its cargo along
    (18.64)."""

    def can(u: Unit) -> bool:
        if u.type in STATIC:
            return False
        if u.aboard is not None:
            return c.map.can_enter(to, "land")  # 18.631
        return c.map.can_cross(frm, to, domain(u))  # type: ignore[arg-type]

    ok = [u for u in units if can(u)]
    if how == "none":
        go: list[Unit] = []
    elif how == "with":
        go = [u for u in ok if u.id in named]
    else:
        landing = {u.aboard for u in ok if u.aboard}
        go = [u for u in ok if u.id not in landing]
    return with_cargo(s, [u.id for u in go])
