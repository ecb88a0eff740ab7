"""A Seven Years World War turn report as a seat may see it (docs/reports.md): the game
turn, the coalitions and their powers, the victory sums (public inputs, 22.11), the
seat's own treasury and campaign markers (hidden from the others, 7.0), every unit on
the map, the trade routes, and the grid map drawn as SVG (the squares where the seat's
units are first, then the whole world)."""

from __future__ import annotations

from pbem.events import Event
from pbem.reports.model import MapArea, MapGrid, MapMove, MapStack, MapView, Section

from . import deploy, phases
from . import events as E
from .content import Content
from .map import COLS, MAJORS, ROWS
from .names import shown as marker_shown
from .occupation import routes
from .state import LETTER, MINOR, SYWState
from .victory import level, ratio, shown, sums

# 7YWW 2.313 names the colours; these are the shades drawn (authored)
SHADES = {
    "gray": "#9e9e9e",
    "light blue": "#81d4fa",
    "burnt umber": "#8a3324",
    "purple": "#7b1fa2",
    "emerald green": "#2e8b57",
    "aqua": "#26c6da",
    "dark blue": "#1a237e",
    "light green": "#9ccc65",
    "yellow": "#fdd835",
    "orange": "#ef6c00",
    "white": "#ffffff",
}
SEA, LAND, ICE = "#b9d3e6", "#e8e2d0", "#f4f7fa"
CELL = 30.0


def shade(c: Content, power: str) -> str:
    if power == MINOR:
        return SHADES["white"]
    try:
        return SHADES[c.data.power(power).colour]
    except KeyError:
        return LAND


def _tint(hex_: str, base: str = LAND, share: float = 0.45) -> str:
    a = [int(hex_[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(base[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(
        f"{round(x * share + y * (1 - share)):02x}" for x, y in zip(a, b, strict=True)
    )


def _unit_text(u) -> str:
    vet = (
        "veteran" if u.veteran else ("recruit" if u.type not in ("fortified_zone", "base") else "")
    )
    aboard = f", aboard {u.aboard}" if u.aboard else ""
    home = f" of {u.home}" if u.home else ""
    return f"{u.id} ({' '.join(x for x in (vet, u.type.replace('_', ' ')) if x)}{home}{aboard})"


def sections(c: Content, s: SYWState, seat: str) -> list[Section]:
    if s.stage == "setup" or not s.seats:
        return []
    over = s.stage == "over"
    out: list[Section] = []
    lines = []
    st = phases.step(s)
    if over:
        lines.append(f"The game is over after game turn {s.turn}.")
    elif st is not None:
        lines.append(st.title + ".")
    if seat in s.seats:  # 7YWW 4.1: the powers this player plays (they change in play)
        mine = ", ".join(f"{c.power_name(p)} ({p})" for p in s.powers_of(seat))
        lines.append(f"You ({seat}) control: {mine or 'no power yet'}.")
    if s.order:
        lines.append("Initiative order (7YWW 6.1): " + ", ".join(s.order) + ".")
    lines.append(f"Campaign markers in the pool: {len(s.pool)} (7YWW 8.1).")
    out.append(Section("The game turn", lines=tuple(lines)))

    rows = []
    for other in s.seats:
        p = s.players[other]
        now = sums(c, s, other, end=True)
        base = p.base_line.total if p.base_line else 0
        r = ratio(base, now.total)
        money = str(p.treasury) if (other == seat or over) else "hidden (7YWW 7.0)"
        rows.append(
            (
                other,
                ", ".join(c.power_name(x) for x in s.powers_of(other)) or "none",
                money,
                str(len(p.hand)),
                str(base),
                str(now.total),
                f"{shown(r)} ({level(r)})" if base else "-",
            )
        )
    out.append(
        Section(
            "Coalitions",
            ("player", "powers", "treasury", "markers", "base line", "now", "ratio"),
            tuple(rows),
            note="Victory points (7YWW 22.11): campaign values, occupied civilized squares, "
            "trade routes. Ratio = now / base line (22.12).",
            power_column=0,
        )
    )
    neutral = [c.power_name(x) for x, who in sorted(s.control.items()) if who is None]
    if neutral:
        out.append(Section("Neutral powers (7YWW 4.3)", lines=(", ".join(neutral) + ".",)))

    me = s.players.get(seat)
    if me is not None:
        hand = [marker_shown(c, m) for m in me.hand]  # 2.321: leaders by kind and value
        lines = [
            f"Treasury: {me.treasury} treasury points.",
            "Campaign markers: " + (", ".join(hand) if hand else "none") + ".",
        ]
        out.append(
            Section(
                "Your treasury and campaign markers (hidden from the others)", lines=tuple(lines)
            )
        )

    agreed = agreements(c, s, seat)  # 7YWW 21
    if agreed is not None:
        out.append(agreed)

    if s.stage == "choose":
        out.append(_to_choose(c, s))
    if s.stage == "place":
        out.append(_to_place(c, s, seat))

    boxed = [
        (
            marker_shown(c, lid),
            c.power_name(ld.box or ""),
            "face up" if ld.face_up else "face down (used this turn)",
        )
        for lid, ld in s.leaders.items()
        if ld.where == "box"
    ]
    if boxed:
        out.append(
            Section(
                "Leaders in the power boxes (7YWW 20.1)",
                ("leader", "power", "status"),
                tuple(boxed),
            )
        )

    by_sq: dict[str, list] = {}
    for u in s.units.values():
        by_sq.setdefault(u.square, []).append(u)
    rows = []
    for sq in sorted(by_sq, key=lambda q: (q[0], int(q[1:]))):
        units = by_sq[sq]
        who = s.occupier(sq) or ("minor" if all(u.owner == MINOR for u in units) else "neutral")
        q = c.map.by_id.get(sq)
        rows.append((sq, q.name if q else "", who, "; ".join(_unit_text(u) for u in units)))
    out.append(Section("Units on the map", ("square", "name", "held by", "units"), tuple(rows)))

    rrows = []
    for r in c.map.routes:
        holders = [x for x in s.seats if r.name in routes(c, s, x)]
        rrows.append((r.name, str(r.treasury), " ".join(r.termini), ", ".join(holders) or "nobody"))
    out.append(
        Section(
            "Trade routes (7YWW 10.12)",
            ("route", "value", "termini", "controlled by"),
            tuple(rrows),
        )
    )
    return out


def _to_choose(c: Content, s: SYWState) -> Section:
    """7YWW 28.57: the powers to rank, with what each brings (2.12, 8.2(2))."""
    sc = c.data.scenarios.scenario_by_id[s.scenario]
    rows = tuple(
        (p, c.power_name(p), str(c.campaign_value([p])), str(c.data.free_markers([p])))
        for p in sorted(MAJORS, key=lambda p: (-c.campaign_value([p]), MAJORS.index(p)))
    )
    return Section(
        "The powers to choose from (7YWW 28.57)",
        ("code", "power", "campaign value", "free markers"),
        rows,
        note=(
            f"Send one line: rank POWER, POWER, ... (best first). Each player drafts {sc.choose} "
            "in snake order after a die for the draft order; never both Great Britain and "
            "France (28.571). Unranked powers follow in this table's order."
        ),
    )


def _to_place(c: Content, s: SYWState, seat: str) -> Section:
    """7YWW 28.6: the pieces this seat sets up, with their ids and the set-up sentence
    that says where (docs/orders-seven-years-world-war.md)."""
    texts = {ln.id: ln.text for b in c.data.scenarios.setup for ln in b.line}
    rows = tuple(
        (p.id, p.label, p.side, texts.get(p.line, "")) for p in deploy.pieces_of(c, s, seat)
    )
    wild = ", ".join(s.wild.get(seat, [])) or "none"
    note = f"Your piece from the random minor table: {wild}"
    if s.wild.get(seat):
        r = c.data.scenarios.minor_random
        note += (
            f", alone in an empty square of {', '.join(r.areas + r.african_also)} "
            f"(7YWW 28.6; {len(deploy.wild_free(c, s))} such squares are empty now)"
        )
    note += ". Unplaced pieces go by the default. The squares each line allows are in the order template below."
    if any("*" in t for _, _, _, t in rows):
        on = "on" if deploy.HANOVER in s.options else "off"
        note += (
            " *: 28.6's optional rule: one British army may set up in Prussia (Hanover) "
            f"when one player controls both; option '{deploy.HANOVER}', {on} in this game."
        )
    return Section(
        "Your pieces to place (7YWW 28.6)",
        ("id", "piece", "power", "where (28.6)"),
        rows,
        note=note,
    )


def _stacks(c: Content, s: SYWState) -> list[MapStack]:
    chips = []
    by: dict[tuple[str, str], list] = {}
    for u in s.units.values():
        by.setdefault((u.square, u.owner if u.owner != MINOR else u.home), []).append(u)
    for (sq, owner), units in sorted(by.items()):
        counts: dict[str, int] = {}
        for u in units:
            counts[LETTER[u.type]] = counts.get(LETTER[u.type], 0) + 1
        text = f"{owner[:2]} " + " ".join(f"{n}{k}" for k, n in counts.items())
        power = units[0].owner
        chips.append(
            MapStack(sq, owner, shade(c, power), text, ", ".join(_unit_text(u) for u in units))
        )
    return chips


def map_view(c: Content, s: SYWState, seat: str, events: tuple[Event, ...] = ()) -> MapView | None:
    if not s.seats:
        return None
    areas = []
    for q in c.map.squares:
        row, col = ROWS.index(q.id[0]), int(q.id[1:]) - 1
        x, y = col * CELL, row * CELL
        ring = ((x, y), (x + CELL, y), (x + CELL, y + CELL), (x, y + CELL))
        if q.kind == "sea":
            fill = SEA
        elif q.terrain == "polar_ice":
            fill = ICE
        elif q.power and q.power in c.majors:
            fill = _tint(shade(c, q.power))
        else:
            fill = LAND
        if q.id in s.pillaged:
            fill = "#8d6e63"
        facts = [q.name]
        if q.kind != "sea":
            facts.append(q.terrain.replace("_", " "))
            if q.power:
                facts.append(q.power)
            if q.treasury:
                facts.append(f"treasury {q.treasury}")
            facts += [w for w, on in (("port", q.port), ("capital", q.capital)) if on]
            facts += [w for w, on in (("pillaged", q.id in s.pillaged),
                                      ("enlightenment marker", q.id in s.enlightened)) if on]  # fmt: skip
        text = q.name if (q.capital or q.treasury >= 3) else ""
        # sea squares are the grid's own colour: not drawn one by one (the report's size)
        areas.append(MapArea(q.id, (ring,), (x + CELL / 2, y + CELL / 2), fill,
                             text=text, title=f"{q.id} " + ", ".join(facts)))  # fmt: skip
    moves = []
    for e in events:
        if isinstance(e, E.Moved) and e.path:
            owner = s.units[e.units[0]].owner if e.units and e.units[0] in s.units else ""
            moves.append(
                MapMove(
                    (e.start, *e.path),
                    shade(c, owner) if owner else "#b71c1c",
                    f"{e.seat}: {', '.join(e.units)}",
                )
            )
    # the theatre: the seat's capitals and field forces; if that is most of the world,
    # its capitals alone (bases and fortified zones are everywhere)
    caps = [q.id for q in c.map.squares if q.capital and q.power in s.powers_of(seat)]
    field = [u.square for u in s.units_of(seat) if u.type not in ("base", "fortified_zone")]
    mine = sorted({*caps, *field})
    legend = tuple((c.power_name(p), shade(c, p)) for p in c.majors) + (
        ("minor powers", SHADES["white"]),
    )
    return MapView(
        width=int(COLS * CELL),
        height=int(len(ROWS) * CELL),
        areas=tuple(areas),
        stacks=tuple(_stacks(c, s)),
        legend=legend,
        title="The world in " + phases.years(max(s.turn, 1)),
        background=SEA,
        label_size=7.0,
        focus=tuple(mine),
        focus_core=tuple(sorted(set(caps))),
        moves=tuple(moves),
        grid=MapGrid(
            COLS,
            len(ROWS),
            CELL,
            fill=SEA,
            col_names=tuple(str(i) for i in range(1, COLS + 1)),
            row_names=tuple(ROWS),
        ),
    )


# --- agreements (7YWW 21.1, 21.2): the deals the seat is party to, the pacts in force


def _pact_text(c: Content, p: dict) -> str:
    if p["what"] == "no entry":
        where = c.power_name(p["target"]) if p["target"] in c.majors else p["target"]
        return f"no entry into {where}"
    return str(p["what"])


def agreements(c: Content, s: SYWState, seat: str) -> Section | None:
    """21.2 pacts in force (public: `syw.pact` is seen by all) and 21.1 deals the seat is
    a party to (private to the parties, as `syw.deal`), the latest game turn each was
    carried out in; None when there are none."""
    rows = []
    year = 1755 + max(s.turn, 1)  # 28.1: turn 1 is 1756
    pacts = [p for p in s.pacts if not p["until"] or p["until"] >= year]
    for p in sorted(pacts, key=lambda p: (p["seats"], p["what"], p["target"], p["until"])):
        until = f"until the end of {p['until']}" if p["until"] else "for the whole game"
        rows.append(("pact (21.2)", ", ".join(p["seats"]), _pact_text(c, p), until))
    last: dict[tuple[str, ...], int] = {}
    for d in s.deals:
        if seat in d["seats"]:
            key = (", ".join(d["seats"]), d["terms"])
            last[key] = max(last.get(key, 0), d["turn"])
    for (who, terms), turn in sorted(last.items()):
        body = terms.split(": ", 1)[1] if ": " in terms else terms
        rows.append(("deal (21.1)", who, body, f"carried out in game turn {turn}"))
    if not rows:
        return None
    return Section(
        "Agreements (7YWW 21)",
        ("kind", "between", "terms", "in force"),
        tuple(rows),
        note="Pacts are public; a deal is shown only to its parties, and is carried out again "
        "each game turn while every party still sends it. Breaking a pact costs the "
        "violator all his campaign markers (7YWW 21.2).",
    )
