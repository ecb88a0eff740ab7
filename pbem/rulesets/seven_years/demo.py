"""Scripted players for `pbem demo` and the full-game tests: plain, legal play.

Set-up: the default placement (`place rest`). Treasury: recruit an army in the capital of
each power while keeping money for provisioning, buy a marker when rich. Player turn:
attack an adjacent enemy square at good odds, else march a stack one square towards the
nearest enemy; the first player sends his player turn with his treasury lines (plan 2.5
item 5), and tries diplomacy on a neutral power when he holds a Diplomacy marker. With
the options 23 and 25 on, he raises taxes and tries a legion (`_optional`). Every
line is checked by the rules' own parser and validation first, so a
line is sent only if the whole envelope stays acceptable."""

from __future__ import annotations

from collections import deque

from pbem.ruleset import OrderLine, Step, check_orders

from . import leaders
from .content import Content, default_content
from .state import MINOR, STATIC, SYWState


def standing(s: SYWState, seat: str) -> list[str]:
    return []


def _ok(s: SYWState, seat: str, lines: list[str]) -> bool:
    from pbem import ruleset as registry

    rs = registry.get("seven-years-world-war")
    ols = [OrderLine(i + 1, t) for i, t in enumerate(lines)]
    _, problems = check_orders(rs, s, seat, "demo", ols)
    return not problems


def _keep(s: SYWState, seat: str, lines: list[str], candidates: list[str]) -> list[str]:
    for line in candidates:
        if _ok(s, seat, [*lines, line]):
            lines.append(line)
    return lines


RANKS = ["rank GB, PR, ME", "rank FR, AU, MC", "rank RU, OT, SP", "rank AU, UP, PR"]


def orders(s: SYWState, seat: str, step: Step) -> list[str]:
    c = default_content()
    if s.stage == "choose":  # 28.57: each scripted player favours a different start
        return [RANKS[(int(seat.rsplit(" ", 1)[1]) - 1) % len(RANKS)]]
    if s.stage == "place":
        return ["place rest"]
    if s.stage == "treasury":
        lines = _treasury(c, s, seat)
        if s.order and s.order[0] == seat:  # plan 2.5 item 5: the first player's early turn
            return _turn(c, s, seat, [*lines, "turn:"])
        return lines
    if s.stage == "turn":
        return _turn(c, s, seat)
    return []


def _upkeep(c: Content, s: SYWState, seat: str) -> int:
    return sum(c.costs(u.type).provision for u in s.units_of(seat))


def _treasury(c: Content, s: SYWState, seat: str) -> list[str]:
    money = s.players[seat].treasury
    spare = money - _upkeep(c, s, seat) - 4
    lines: list[str] = []
    for p in s.powers_of(seat):
        try:
            cap = c.map.capital(p).id
        except KeyError:
            continue
        if spare >= c.costs("army").recruit:
            before = len(lines)
            _keep(s, seat, lines, [f"recruit army {p} at {cap}"])
            if len(lines) > before:
                spare -= c.costs("army").recruit
    if spare >= 3 and len(s.players[seat].hand) < 6:
        _keep(s, seat, lines, ["buy 1 markers"])
    _keep(s, seat, lines, _unpillage(c, s, seat, spare)[:1])  # 7YWW 26.3 (option pillage)
    return _treasury_options(c, s, seat, lines)


def _treasury_options(c: Content, s: SYWState, seat: str, lines: list[str]) -> list[str]:
    """Options 23 and 25 (legions.py, taxes.py): raise taxes for each power; one legion
    attempt with the first veteran army and general that validation accepts. 24.0 needs
    no line (the defaults place)."""
    if "increasing-taxes" in s.options:
        _keep(s, seat, lines, [f"raise taxes {p}" for p in s.powers_of(seat)])
    if "legions" in s.options and not (s.order and s.order[0] == seat):  # not with `turn:`
        generals = [g for g in leaders.available(c, s, seat) if not c.marker(g).naval]
        armies = sorted(u.id for u in s.units_of(seat) if u.type == "army" and u.veteran)
        tries = [f"legion from {uid} with {g}" for uid in armies[:6] for g in generals[:3]]
        for line in tries:
            if _ok(s, seat, [*lines, line]):
                lines.append(line)
                break
    return lines


def _strength(c: Content, units) -> int:
    return sum(c.strength(u.type, u.veteran) for u in units)


def _defence(c: Content, s: SYWState, sq: str) -> int:
    """The defender's strength with the terrain (7YWW 15.64), as the demo judges odds."""
    return max(1, _strength(c, s.units_in(sq)) + c.map.defence(sq))


def _turn(c: Content, s: SYWState, seat: str, prefix: tuple | list = ()) -> list[str]:
    lines: list[str] = list(prefix)
    mine: dict[str, list] = {}
    for u in s.units_of(seat):
        if u.type not in STATIC and u.type != "fleet" and not u.aboard:
            mine.setdefault(u.square, []).append(u)
    enemy = {
        sq
        for sq in {u.square for u in s.units.values()}
        if (occ := s.occupier(sq)) is not None and occ != seat
    }
    minors = {u.square for u in s.units.values() if u.owner == MINOR}
    moves, attacks = [], []
    for sq, units in sorted(mine.items()):
        ids = " ".join(u.id for u in units)
        for n in c.map.neighbours(sq):
            if (n in enemy or n in minors) and _strength(c, units) >= _defence(c, s, n):
                attacks.append(f"attack {n} from {sq} with {ids}")
        step = _towards(c, sq, enemy)
        if step and step not in enemy and len(units) > 1:
            moves.append(f"move {ids} from {sq} to {step}")
    _keep(s, seat, lines, _diplomacy(c, s, seat))
    _keep(s, seat, lines, moves[:3])
    _keep(s, seat, lines, _sealift(c, s, seat)[:1])
    _keep(s, seat, lines, attacks[:3])
    _keep(s, seat, lines, _pillage(c, s, seat))  # 7YWW 26, 27 (options)
    for line in _enlighten(c, s, seat):  # the first attempt that is accepted
        if _ok(s, seat, [*lines, line]):
            lines.append(line)
            break
    return lines


# --- optional rules 26-27 (options pillage, enlightenment): plain, legal play


def _here(c: Content, s: SYWState, seat: str) -> list[str]:
    return sorted(
        {u.square for u in s.units_of(seat)}, key=lambda q: (-c.map.square(q).treasury, q)
    )


def _pillage(c: Content, s: SYWState, seat: str) -> list[str]:
    """7YWW 26: pillage up to two enemy or minor squares where the player stands (the
    rules' own validation keeps out the others)."""
    if "pillage" not in s.options:
        return []
    mine = s.powers_of(seat)
    return [f"pillage {q}" for q in _here(c, s, seat) if c.map.square(q).power not in mine][:2]


def _enlighten(c: Content, s: SYWState, seat: str) -> list[str]:
    """7YWW 27: an attempt in the player's richest civilized square of his own powers,
    with the best Diplomacy marker left."""
    if "enlightenment" not in s.options:
        return []
    mine = s.powers_of(seat)
    civil = [q for q in _here(c, s, seat) if c.map.square(q).civilized
             and c.map.square(q).power in mine and q not in s.enlightened]  # fmt: skip
    return [f"enlighten {q} with {v}" for q in civil[:2] for v in (3, 2, 1)]


def _unpillage(c: Content, s: SYWState, seat: str, spare: int) -> list[str]:
    """7YWW 26.3: a pillage marker off a square of the player's own powers he occupies."""
    if "pillage" not in s.options:
        return []
    from .pillage import removal_cost

    mine = set(s.powers_of(seat))
    return [f"remove pillage {q}" for q in s.pillaged if c.map.square(q).power in mine
            and s.occupier(q) == seat and removal_cost(c, q) <= spare]  # fmt: skip


def _diplomacy(c: Content, s: SYWState, seat: str) -> list[str]:
    """7YWW 9: one attempt with the best Diplomacy marker held on the neutral power of
    highest campaign value (the first in map order among equals)."""
    values = sorted((c.marker(m).value for m in s.players[seat].hand
                     if c.marker(m).kind == "Diplomacy"), reverse=True)  # fmt: skip
    neutral = [p for p, who in sorted(s.control.items()) if who is None]
    if not values or not neutral:
        return []
    target = max(neutral, key=lambda p: c.campaign_value([p]))
    return [f"diplomacy on {target} with {values[0]}"]


def _sealift(c: Content, s: SYWState, seat: str) -> list[str]:
    """7YWW 18.5: a fleet carries a land unit of its square to a free coast square next
    door, not a neutral's, and lands it there."""
    from .control import foreign, neutral_power

    out = []
    for f in s.units_of(seat):
        if f.type != "fleet" or c.map.square(f.square).kind != "coastal":
            continue
        cargo = [u for u in s.units_in(f.square) if s.unit_seat(u) == seat
                 and u.type not in (*STATIC, "fleet") and not u.aboard]  # fmt: skip
        for n in c.map.neighbours(f.square):
            ok = c.map.can_cross(f.square, n, "naval") and c.map.can_enter(n, "land")
            if cargo and ok and not foreign(s, seat, n) and not neutral_power(c, s, n):
                a = cargo[0].id
                out.append(f"move {f.id} carrying {a} from {f.square} to {n} land {a} at {n}")
    return out


def _towards(c: Content, start: str, targets: set[str]) -> str | None:
    """The first square of a shortest land path to the nearest target (breadth first)."""
    if not targets:
        return None
    seen = {start: ""}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for n in c.map.neighbours(here):
            if n in seen or not c.map.can_cross(here, n, "land"):
                continue
            seen[n] = seen[here] or n
            if n in targets:
                return seen[n] if seen[n] != n else None
            todo.append(n)
    return None
