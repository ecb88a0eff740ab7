"""The pre-filled order envelope of a Seven Years World War report (docs/reports.md,
"Order template"; Ruleset.order_template): `#` comment lines only, so that the template
sent back untouched is an empty envelope. It names the powers the player controls, what
the step takes, and examples filled in with his own pieces and squares; every example
line is checked with the rules' own parse and validate (SevenYearsWorldWar.parse,
.validate) before it is offered, so uncommenting it gives an order that is accepted.

`examples(c, s, seat, step)` gives those lines bare (tests/test_7yww_template.py sends
them back as orders)."""

from __future__ import annotations

from pbem.ruleset import Step, accepts

from . import deploy, leaders
from .content import Content
from .map import MAJORS
from .state import MINOR, STATIC, SYWState

WIDE = 6  # squares named per line before "..."


def _ok(s: SYWState, seat: str, lines: list[str], phase: str = "template") -> bool:
    from pbem import ruleset as registry

    return accepts(registry.get("seven-years-world-war"), s, seat, phase, lines)


def _first(s: SYWState, seat: str, before: list[str], candidates) -> list[str]:
    """The first candidate accepted after `before` (as one envelope), or none."""
    for line in candidates:
        if _ok(s, seat, [*before, line]):
            return [line]
    return []


def _squares(sq: list[str]) -> str:
    if len(sq) <= WIDE:
        return ", ".join(sq)
    return f"{', '.join(sq[:WIDE])}, ... ({len(sq)} squares)"


def _ids(ids: list[str]) -> str:
    """'GB-A1 to GB-A4' for the ids of one 28.6 line (numbered in a row, deploy.roster)."""
    return ids[0] if len(ids) == 1 else f"{ids[0]} to {ids[-1]}"


def controls(c: Content, s: SYWState, seat: str) -> str:
    """'Great Britain (GB), Prussia (PR)' (7YWW 4.1)."""
    mine = s.powers_of(seat)
    return ", ".join(f"{c.power_name(p)} ({p})" for p in mine) or "no power yet"


# ------------------------------------------------------------------ the examples


def _choose(c: Content, s: SYWState, seat: str) -> list[str]:
    best = sorted(MAJORS, key=lambda p: (-c.campaign_value([p]), MAJORS.index(p)))
    return _first(s, seat, [], [f"rank {', '.join(best[:3])}", "rank " + best[0]])


def _place(c: Content, s: SYWState, seat: str) -> list[str]:
    pieces = deploy.pieces_of(c, s, seat)
    where = deploy.default_placement(c, s, pieces, {})
    out: list[str] = []
    seen: set[str] = set()
    for p in pieces:  # the first piece of each 28.6 line, where the default puts it
        if p.line in seen:
            continue
        seen.add(p.line)
        out += _first(s, seat, out, [f"place {p.id} in {where[p.id]}"])
        if len(out) >= 3:
            break
    owed = s.wild.get(seat, [])
    if owed:
        free = deploy.wild_free(c, s)
        out += _first(s, seat, out, [f"place wild {owed[0]} in {q}" for q in free[:5]])
    out += _first(s, seat, out, ["place rest"])
    return out


def _treasury(c: Content, s: SYWState, seat: str) -> list[str]:
    out: list[str] = []
    for p in s.powers_of(seat):
        try:
            cap = c.map.capital(p).id
        except KeyError:
            continue
        out += _first(s, seat, out, [f"recruit army {p} at {cap}"])
        if out:
            break
    out += _first(s, seat, out, ["buy 1 markers"])
    mine = s.units_of(seat)
    recruits = [u.id for u in mine if not u.veteran and u.type not in STATIC]
    chiefs = leaders.available(c, s, seat)
    out += _first(s, seat, out, [f"train {u} with {g}" for u in recruits[:4] for g in chiefs[:3]])
    return out


def _turn(c: Content, s: SYWState, seat: str) -> list[str]:
    out: list[str] = []
    hand = s.players[seat].hand if seat in s.players else []
    values = sorted(
        {c.marker(m).value for m in hand if c.marker(m).kind == "Diplomacy"}, reverse=True
    )
    neutral = [p for p, who in sorted(s.control.items()) if who is None]
    out += _first(s, seat, out, [f"diplomacy on {p} with {v}" for p in neutral for v in values])
    stacks: dict[str, list[str]] = {}
    ships: dict[str, list[str]] = {}
    for u in s.units_of(seat):
        if u.type not in STATIC and not u.aboard:
            (ships if u.type == "fleet" else stacks).setdefault(u.square, []).append(u.id)
    moves = [
        f"move {ids[0]} from {sq} to {n}"
        for sq, ids in [*sorted(stacks.items()), *sorted(ships.items())]
        for n in c.map.neighbours(sq)
        if not s.units_in(n)
    ]
    out += _first(s, seat, out, moves)
    foes = {u.square for u in s.units.values() if u.owner == MINOR or s.unit_seat(u) not in (seat,)}
    attacks = [
        f"attack {n} from {sq} with {' '.join(ids)}"
        for sq, ids in sorted(stacks.items())
        for n in c.map.neighbours(sq)
        if n in foes
    ]
    out += _first(s, seat, out, attacks)
    return out


def examples(c: Content, s: SYWState, seat: str, step: Step) -> list[str]:
    """Order lines for `step` that the rules accept from `seat`, as one envelope."""
    if seat not in s.seats:
        return []
    if s.stage == "choose":
        return _choose(c, s, seat)
    if s.stage == "place":
        return _place(c, s, seat)
    if s.stage == "treasury":
        return _treasury(c, s, seat)
    if s.stage == "turn" and s.acting_seat() == seat:
        return _turn(c, s, seat)
    return []


# ------------------------------------------------------------------ standing orders


def _ok_standing(s: SYWState, seat: str, lines: list[str]) -> bool:
    from pbem.ruleset import STANDING

    return _ok(s, seat, lines, STANDING)


def _other(s: SYWState, seat: str) -> str:
    """The next player clockwise (16.44, 29.7's order of asking), or none."""
    if seat not in s.seats or len(s.seats) < 2:
        return ""
    return s.seats[(s.seats.index(seat) + 1) % len(s.seats)]


def _stack(c: Content, s: SYWState, seat: str) -> tuple[str, list[str]]:
    """His first land square in grid order with its mobile units, or ("", [])."""
    by: dict[str, list[str]] = {}
    for u in s.units_of(seat):
        if u.type not in STATIC and u.type != "fleet" and not u.aboard:
            by.setdefault(u.square, []).append(u.id)
    for sq in sorted(by, key=lambda q: (q[0], int(q[1:]))):
        return sq, by[sq]
    return "", []


def standing_examples(c: Content, s: SYWState, seat: str) -> list[str]:
    """Standing-order lines (`Phase: standing`) filled in with the player's own powers,
    markers and squares and another player of the game; all of them together are
    accepted by the standing orders' own parser (standing.parse), as one envelope
    (tests/test_7yww_template.py sends them back)."""
    if seat not in s.seats:
        return []
    mine, other = s.powers_of(seat), _other(s, seat)
    hand = s.players[seat].hand if seat in s.players else []
    labels = list(dict.fromkeys(c.marker(m).label for m in sorted(hand) if not c.is_leader(m)))
    dips = sorted({c.marker(m).value for m in hand if c.marker(m).kind == "Diplomacy"})
    year = 1755 + max(s.turn, 1)
    sq, ids = _stack(c, s, seat)
    near = [n for n in c.map.neighbours(sq) if c.map.can_enter(n, "land")] if sq else []
    cands: list[list[str]] = [
        [f"discard order: {', '.join(labels[:3])}"] if labels else [],  # 8.31
        [f"defend {mine[0]} with {dips[-1] if dips else 1}"] if mine else [],  # 9.4
        ["defend with best leader"],  # 15.64, 20.41
        [f"losses in {sq}: {', '.join(ids[:2])}"] if ids else [],  # CRT notes
        [f"retreat from {sq} to {near[0]}"] if near else [],  # 15.8
        [f"countermarch from {sq} if odds >= 1:1"] if sq else [],  # 16.4
        [f"lose powers in order {', '.join(mine)}"] if len(mine) > 1 else [],  # 29.1
    ]
    if other:
        cands += [
            [
                f"deal with {other}: {seat} gives 2 treasury to {other}; {other} gives"
                f" Diplomacy 1 to {seat}"
            ],  # 21.1
            [f"pact with {other}: no attack until {min(year + 1, 1755 + s.last_turn)}"],  # 21.2
            [f"play grand tour for {seat}"],  # 29.7 Grand Tour
            [f"illuminati on combat of {other} if DD DZ"],  # 29.7 Illuminati
            [f"sturm und drang against Grand Tour by {other}"],  # 29.7 Sturm & Drang
        ]
    out: list[str] = []
    for cand in cands:
        if cand and _ok_standing(s, seat, [*out, *cand]):
            out += cand
    return out


def standing_lines(c: Content, s: SYWState, seat: str) -> list[str]:
    """The `#` lines of the template that show standing orders, each example accepted as
    it stands in a `Phase: standing` envelope (which replaces all earlier ones)."""
    out = [
        "# Standing orders go in an envelope of their own, 'Phase: standing', which",
        "# replaces all earlier ones (yours in force are in this report). Examples with",
        "# your powers, markers and squares (each accepted as it stands; remove the '#'):",
    ]
    return out + [f"#   {x}" for x in standing_examples(c, s, seat)]


# ------------------------------------------------------------------ the template


def _place_lines(c: Content, s: SYWState, seat: str) -> list[str]:
    out = []
    texts = {ln.id: ln for b in c.data.scenarios.setup for ln in b.line}
    lines: dict[str, list[str]] = {}
    for p in deploy.pieces_of(c, s, seat):
        lines.setdefault(p.line, []).append(p.id)
    if lines:
        out.append("# Your pieces and where 28.6 lets each go:")
    for line_id, ids in lines.items():
        sq = deploy.line_squares(c, texts[line_id])
        out.append(f"# - {_ids(ids)}: {_squares(sq)}")
    owed = s.wild.get(seat, [])
    if owed:
        free = deploy.wild_free(c, s)
        out.append(
            f"# Your random minor piece ({', '.join(owed)}): an empty square of the "
            f"unaligned regions: {_squares(free)}"
        )
    out.append(
        "# Lines: place ID ID in SQ | place [N] [veteran|recruit] TYPE [POWER] in SQ, SQ"
        " | place wild PIECE in SQ | place rest (the default for the rest)"
    )
    return out


def _treasury_lines(c: Content, s: SYWState, seat: str) -> list[str]:
    me = s.players[seat]
    out = [
        f"# Treasury: {me.treasury} treasury points; campaign markers in hand: {len(me.hand)}",
        "# Lines (any order): play MARKER [on ...], return MARKER, recruit [N] TYPE POWER"
        " at SQ, buy N markers, train UNIT... with LEADER, disband UNIT..., give N"
        " treasury to SEAT, reveal treasury|markers|all [to SEAT]",
    ]
    if s.order and s.order[0] == seat:
        out.append(
            "# You move first this game turn: end this envelope with a line 'turn:' and"
            " your player-turn lines under it to play your turn now (one round trip fewer)"
        )
    return out


def _turn_lines(c: Content, s: SYWState, seat: str) -> list[str]:
    out = ["# Your units, by square:"]
    by_sq: dict[str, list[str]] = {}
    for u in s.units_of(seat):
        by_sq.setdefault(u.square, []).append(u.id + (f" (aboard {u.aboard})" if u.aboard else ""))
    for sq in sorted(by_sq, key=lambda q: (q[0], int(q[1:]))):
        out.append(f"# - {sq}: {', '.join(by_sq[sq])}")
    if not by_sq:
        out.append("#   none on the map")
    chiefs = leaders.available(c, s, seat)
    if chiefs:
        out.append(f"# Leaders you may use (face up): {', '.join(chiefs)}")
    out.append(
        "# Lines: diplomacy on POWER with V [V...], move UNITS from SQ to SQ [SQ...],"
        " forced march ..., attack SQ from SQ [with UNITS] [leader ID], if won: / if lost:"
        " ..., wait (the rest in a next envelope)"
    )
    return out


def order_template(c: Content, s: SYWState, seat: str, step: Step) -> list[str]:
    out = [f"# {step.title}", f"# You control: {controls(c, s, seat)}"]
    if s.stage == "choose":
        out.append("# One line: rank POWER, POWER, ... (best first; the table of powers above)")
    elif s.stage == "place":
        out += _place_lines(c, s, seat)
    elif s.stage == "treasury":
        out += _treasury_lines(c, s, seat)
    elif s.stage == "turn" and s.acting_seat() == seat:
        out += _turn_lines(c, s, seat)
    ex = examples(c, s, seat, step)
    if ex:
        out.append("# Examples, with your pieces (each accepted as it stands; remove the '#'):")
        out += [f"#   {x}" for x in ex]
    out += standing_lines(c, s, seat)
    return out
