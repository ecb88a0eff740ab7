"""A Struggle of Empires turn report as a power may see it (docs/reports.md): the war,
the Alliance display, the player's own treasury and tiles, the other powers, every
area's tokens, units and Country counters, the tiles on display, and a map.

Fog of war: what `StruggleOfEmpires.view` shows. The one secret is Unrest, face down
until the end of the game (SoE Unrest): a power sees its own; the others' appear only
in the last report."""

from __future__ import annotations

from pbem.events import Event
from pbem.reports.model import MapArea, MapMarker, MapStack, MapView, Section, plural

from . import events as E
from .content import SoEContent
from .state import SoEState

# SoE Player Counters names the colours; these are the shades drawn (authored)
SHADES = {
    "red": "#c62828",
    "blue": "#1565c0",
    "yellow": "#f9d835",
    "green": "#2e7d32",
    "white": "#f5f5f5",
    "black": "#212121",
    "orange": "#ef6c00",
}
LAND, COLONY, HOME = "#e8e2d0", "#efe6c8", "#d9d2c0"
USES = {
    "continuous": "always",
    "once_per_war": "once a war",
    "one_use": "one use",
    "immediate": "at once",
    "discard": "when taken",
}


def shade(content: SoEContent, power: str | None) -> str:
    return SHADES.get(content.colours.get(power or "", ""), LAND)


def alliances(s: SoEState) -> tuple[list[str], list[str]]:
    """SoE 2. Alliances: the top row (boxes 1, 3, 5, 7) and the bottom row (2, 4, 6)."""
    top = [p for i, p in enumerate(s.display) if i % 2 == 0 and p]
    bottom = [p for i, p in enumerate(s.display) if i % 2 == 1 and p]
    return top, bottom


def units_text(by: dict[str, int]) -> str:
    return ", ".join(plural(by[k], k) for k in ("army", "navy", "fort") if by.get(k))


def sections(content: SoEContent, s: SoEState, power: str) -> list[Section]:
    if s.stage in ("", "setup") or not s.powers:
        return []
    over = s.stage == "over"
    out: list[Section] = []
    lines = []
    if over:
        lines.append(f"The game is over after war {s.war}: won by {s.result}.")
    elif s.stage == "place":
        lines.append("Set-up: each player in turn places five units (SoE Setting Up).")
    elif s.stage == "auction":
        lines.append(f"War {s.war} of {s.wars}: the alliances are being auctioned.")
    else:
        who = s.order[s.acting] if s.order else "?"
        lines.append(
            f"War {s.war} of {s.wars}, round {s.round} of {s.rounds}: {who} to act "
            f"(two actions a round)."
        )
    if s.order:
        lines.append("Play order: " + ", ".join(s.order) + ".")
    top, bottom = alliances(s)
    if top or bottom:
        lines.append(
            f"Alliances (SoE 2): {' and '.join(top) or 'nobody yet'} (top row) against "
            f"{' and '.join(bottom) or 'nobody yet'} (bottom row); players in one alliance "
            "may not attack each other."
        )
    out.append(Section("The war", lines=tuple(lines)))

    if s.auction is not None and not over:
        a = s.auction
        rows = [
            ("Bidding order", ", ".join(a.order)),
            ("To bid", a.order[a.turn]),
            ("Highest bid", f"{a.bid} gold by {a.bidder}" if a.bid is not None else "none yet"),
            ("Proposal", f"A = {a.a or '-'}, B = {a.b or '-'}"),
        ]
        out.append(Section(f"Alliance auction {a.number}", ("", ""), tuple(rows)))

    pw = s.powers.get(power)
    if pw is not None:
        tiles = []
        for t in sorted(set(pw.tiles)):
            n = pw.tiles.count(t)
            used = pw.used.count(t)
            note = f" ({used} used this war)" if used else ""
            tiles.append(f"{t}{f' x{n}' if n > 1 else ''}{note}")
        rows = [
            ("Gold", str(pw.gold)),
            ("Population", str(pw.population)),
            ("Victory points", str(pw.vp)),
            ("Unrest (face down: only you see it)", str(pw.unrest)),
            ("Tiles", ", ".join(tiles) or "none"),
            ("Control tokens in supply",  # SoE Setting Up: 21 for the map
             str(content.map_tokens - s.tokens_out(power))),
        ]  # fmt: skip
        for area, who in sorted(s.blockades.items()):
            if who == power:
                rows.append(("Blockade", f"placed in {area}"))
        out.append(Section(f"{power}: treasury and tiles", ("", ""), tuple(rows)))

    rows = []
    for p in s.seats:
        x = s.powers[p]
        side = "top" if p in top else "bottom" if p in bottom else "-"
        unrest = str(x.unrest) if p == power or over else "hidden"
        rows.append((p, side, str(x.gold), str(x.population), str(x.vp), unrest,
                     ", ".join(x.tiles) or "-"))  # fmt: skip
    out.append(
        Section(
            "The powers",
            ("power", "alliance", "gold", "Population", "VP", "Unrest", "tiles"),
            tuple(rows),
            power_column=0,
        )
    )

    rows = []
    for a in content.areas:
        tokens = ", ".join(f"{p} {n}" for p, n in sorted(s.control.get(a.name, {}).items()))
        units = "; ".join(
            f"{p}: {units_text(by)}" for p, by in sorted(s.units.get(a.name, {}).items())
            if units_text(by)
        )  # fmt: skip
        counters = ", ".join(_counter(content, c) for c in sorted(s.counters.get(a.name, [])))
        extra = [f"{x.tile} holding a {x.token} token" for x in s.pirates.get(a.name, [])]
        if a.name in s.blockades:
            extra.append(f"{s.blockades[a.name]}'s Blockade")
        vp = "/".join(map(str, a.vp)) or "-"
        rows.append((a.name, vp, tokens or "-", units or "-", counters or "-",
                     "; ".join(extra) or "-"))  # fmt: skip
    out.append(
        Section(
            "The map",
            ("area", "VP", "control tokens", "units", "Country counters", "also"),
            tuple(rows),
            note="VP: the points for the most, second and third most control tokens in the area "
            "at the end of each war (SoE 5). Country counters: defence, then gold (g), VP, "
            "Pop or Slaves.",
        )
    )

    rows = []
    for t in content.tiles:
        n = s.stock.get(t.name, 0)
        if not n:
            continue
        cost = [f"{t.gold} gold"] if t.gold else []
        if t.population:
            cost.append(f"{t.population} Population")
        if t.unrest:
            cost.append(f"{t.unrest} Unrest")
        where = ", ".join(t.areas)
        rows.append((t.name, t.kind, str(n), ", ".join(cost) or "free", USES[t.use], where or "-"))
    out.append(
        Section(
            "Tiles on display",
            ("tile", "kind", "left", "cost", "used", "areas"),
            tuple(rows),
            note="Buy one with the action `buy TILE` (once a round). Costs other than "
            "Industry's Unrest are authored (docs/struggle-of-empires-data.md).",
        )
    )
    if over and s.final:
        rows = tuple((p, str(v)) for p, v in sorted(s.final.items(), key=lambda x: (-x[1], x[0])))
        out.append(Section("Final scores", ("power", "VP"), rows, power_column=0))
    return out


def _counter(content: SoEContent, cid: str) -> str:
    c = content.counter_by_id[cid]
    bits = [str(c.defence)]
    if c.gold:
        bits.append(f"{c.gold}g")
    if c.vp:
        bits.append(f"{c.vp}VP")
    if c.pop:
        bits.append("Pop")
    if c.slaves:
        bits.append("Slaves")
    return f"{cid} ({' '.join(bits)})"


W, H = 1000, 640
BOX = {"home": (96, 36), "europe": (124, 44), "colony": (132, 48)}


def map_view(
    content: SoEContent, s: SoEState, power: str, events: tuple[Event, ...] = ()
) -> MapView | None:
    """A schematic map: one box per area at its label (the board is printed, not in
    the text), filled with the colour of the power with most control tokens there (a
    home country in its owner's), chips for each power's units and tokens, badges for
    Pirates, Blockades and this report's battles, lines for adjacency in Europe and the
    American links."""
    if not s.powers:
        return None
    areas = []
    for a in content.areas:
        w, h = BOX[a.kind]
        x, y = a.x, a.y
        ring = ((x - w / 2, y - h / 2), (x + w / 2, y - h / 2),
                (x + w / 2, y + h / 2), (x - w / 2, y + h / 2))  # fmt: skip
        tokens = s.control.get(a.name, {})
        lead = None
        if tokens:
            most = max(tokens.values())
            top = [p for p, n in tokens.items() if n == most]
            lead = top[0] if len(top) == 1 else None
        if a.kind == "home":
            fill, facts = shade(content, a.name), [f"home country of {a.name}"]
        else:
            fill = shade(content, lead) if lead else (COLONY if a.kind == "colony" else LAND)
            facts = ["VP " + "/".join(map(str, a.vp))]
            facts.append(
                "tokens: " + (", ".join(f"{p} {n}" for p, n in sorted(tokens.items())) or "none")
            )
        if a.navy:
            facts.append("takes navies")
        text = a.name if a.kind == "home" else f"{a.name} ({'/'.join(map(str, a.vp))})"
        areas.append(
            MapArea(a.name, (ring,), (x, y - h / 2 + 13), fill, text=text,
                    title=f"{a.name}: {', '.join(facts)}")
        )  # fmt: skip
    chips = []
    names = {a.name for a in content.areas}
    for area in sorted(names):
        here = set(s.units.get(area, {})) | set(s.control.get(area, {}))
        for p in sorted(here):
            by = s.units.get(area, {}).get(p, {})
            bits = [p[:2]]
            for kind, letter in (("army", "A"), ("navy", "N"), ("fort", "F")):
                if by.get(kind):
                    bits.append(f"{by[kind]}{letter}")
            t = s.tokens(area, p)
            if t:
                bits.append(f"{t}T")
            if len(bits) == 1:
                continue
            held = [units_text(by)] if units_text(by) else []
            if t:
                held.append(plural(t, "control token"))
            title = f"{p}: {', '.join(held)}"  # the owner first: the text tables list chips
            chips.append(MapStack(area, p, shade(content, p), " ".join(bits), title))
    markers = []
    for area, raids in sorted(s.pirates.items()):
        for r in raids:
            markers.append(
                MapMarker(area, "raid", r.tile, fill="#4e342e",
                          title=f"{area}: {r.tile} (strength {r.strength}) holding a {r.token} token")
            )  # fmt: skip
    for area, who in sorted(s.blockades.items()):
        markers.append(
            MapMarker(area, "badge", "Blockade", fill=shade(content, who),
                      title=f"{area}: {who}'s Blockade (SoE Blockade)")
        )  # fmt: skip
    fought = sorted({e.area for e in events if isinstance(e, E.CombatFought)} & names)
    for area in fought:
        markers.append(
            MapMarker(area, "battle", "battle", title=f"{area}: combat since your last report")
        )
    routes = []
    for a in content.areas:
        for b in a.adjacent:
            if a.name < b and b in names:
                routes.append((a.name, b, False))
    legend = tuple((p, shade(content, p)) for p in s.seats)
    war = f"war {s.war}" + (f", round {s.round}" if s.stage == "actions" else "")
    return MapView(
        width=W,
        height=H,
        areas=tuple(areas),
        stacks=tuple(chips),
        markers=tuple(markers),
        legend=legend,
        title=f"The world, {war}, as {power} sees it",
        background="#b9d3e6",
        label_size=9.0,
        notes=(
            "A schematic of the board (the printed map is not in the rules text). Each "
            "scoring area shows its VP values; it is coloured by the power with most control "
            "tokens there (none on a tie). Chips: the power's first letters, then armies (A), "
            "navies (N), forts (F) and control tokens (T). Grey dashes join areas adjacent "
            "for army movement (SoE Army Movement).",
        ),
        routes=tuple(routes),
    )
