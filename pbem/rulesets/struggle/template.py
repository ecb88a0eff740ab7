"""The pre-filled order envelope of a Struggle of Empires report (docs/reports.md,
"Order template"; Ruleset.order_template): `#` comment lines only, so that the template
sent back untouched is an empty envelope (the documented default applies). For each
envelope kind (set-up placement, an alliance auction bid, a round's two actions) it
says what the step takes, the player's own units, control tokens, gold and tiles, and
examples filled in with them; every example is checked with the rules' own parse and
validate (StruggleOfEmpires.parse, .validate) before it is offered, so uncommenting it
gives orders that are accepted. The standing orders (auction proxies, join, ...) go
in an envelope of their own, `Phase: standing`: examples of those are read by the
standing orders' parser.

`examples(c, s, power)` gives the example envelopes bare, each a list of lines
(tests/struggle_of_empires/test_template.py sends them back as orders)."""

from __future__ import annotations

import textwrap

from pbem.ruleset import Step, accepts

from . import auction
from .content import SoEContent
from .report import alliances, units_text
from .setup import default_placement
from .state import SoEState

PAD = "#   "
WIDTH = 72  # an envelope line (pbem.envelope.fit_comment folds longer ones)


def _ok(s: SoEState, power: str, lines: list[str], phase: str = "template") -> bool:
    from pbem import ruleset as registry

    return accepts(registry.get("struggle-of-empires"), s, power, phase, lines)


def _first(s: SoEState, power: str, candidates) -> str | None:
    for line in candidates:
        if _ok(s, power, [line]):
            return line
    return None


def _mine(s: SoEState, power: str) -> list[tuple[str, dict[str, int]]]:
    """(area, units) where the power has units, in map order of the state."""
    return [(a, by[power]) for a, by in sorted(s.units.items()) if units_text(by.get(power, {}))]


def _tokens(s: SoEState, power: str) -> list[tuple[str, int]]:
    return [(a, s.tokens(a, power)) for a in sorted(s.control) if s.tokens(a, power)]


def _others(s: SoEState, power: str) -> list[str]:
    return [p for p in s.seats if p != power]


# ------------------------------------------------------------------ the examples


def _placement(c: SoEContent, s: SoEState, power: str) -> list[list[str]]:
    units = default_placement(c, s, power)
    navy = next((a for a in c.scoring if c.area(a).navy and s.tokens(a, power)), None)
    if navy is not None:
        units[-1] = ("navy", navy)
    env = [f"place {t} {a}" for t, a in units]
    return [env] if _ok(s, power, env) else []


def _bids(c: SoEContent, s: SoEState, power: str) -> list[list[str]]:
    a = s.auction
    assert a is not None
    low = auction.next_amount(a)
    free = auction.unallied(s)
    pairs = [(x, y) for x in free for y in free if x != y]
    pairs.sort(key=lambda p: (p[0] != power, p[1] == power))  # his own token first
    bids = [f"bid {low} A={x} B={y}" for x, y in pairs]
    if len(free) == 1:
        bids += [f"bid {low} A={free[0]}", f"bid {low} B={free[0]}"]
    out = [[b] for b in bids if _ok(s, power, [b])][:1]
    return [*out, ["pass"]]


def _attacks(c: SoEContent, s: SoEState, power: str):
    for area, _by in _mine(s, power):
        if area not in c.scoring:
            continue
        for p in _others(s, power):
            if s.tokens(area, p) or units_text(s.units.get(area, {}).get(p, {})):
                yield f"attack {p} in {area}"
        for cid in sorted(s.counters.get(area, [])):
            yield f"attack {cid} in {area}"


def _moves(c: SoEContent, s: SoEState, power: str, unit: str):
    for area, by in _mine(s, power):
        if not by.get(unit):
            continue
        here = c.area(area)
        dests = list(here.adjacent)
        if unit == "navy" or not dests:
            dests += [a for a in c.scoring if a not in dests]
        for to in dests:
            if to != area:
                yield f"move {unit} {area} to {to}"


def _actions(c: SoEContent, s: SoEState, power: str) -> list[list[str]]:
    pw = s.powers[power]
    mine = [a for a, _ in _tokens(s, power) if a in c.scoring]
    singles = [
        _first(s, power, _attacks(c, s, power)),
        _first(s, power, _moves(c, s, power, "army")),
        _first(s, power, _moves(c, s, power, "navy")),
        _first(s, power, [f"build army to {a}" for a in mine] + ["build army"]),
        _first(s, power, ["build navy"] + [f"build fort to {a}" for a in mine]),
        _first(s, power, [f"colonize {a}" for a in sorted(c.colonies)]),
        _first(s, power, [f"enslave {a}" for a in sorted(c.colonies)]),
        _first(
            s,
            power,
            [
                f"buy {t.name}"
                for t in sorted(c.tiles, key=lambda t: (t.gold, t.name))
                if s.stock.get(t.name) and t.gold <= pw.gold
            ],
        ),
        _first(
            s,
            power,
            [
                f"use {t}" + (f" in {a}" if a else "")
                for t in sorted(set(pw.tiles))
                for a in (c.tile(t).areas or [""])
            ],
        ),
        _first(s, power, [f"give {p} 1" for p in _others(s, power)] if pw.gold else []),
        "pass",
    ]
    out = [[x] for x in singles if x]
    pair = _conditional(c, s, power, [x for x in singles[:5] if x])
    return out + ([pair] if pair else [])


def _conditional(c: SoEContent, s: SoEState, power: str, firsts: list[str]) -> list[str]:
    """An action with its `if won:` and `if lost:` alternatives, accepted together."""
    mine = [a for a, _ in _tokens(s, power) if a in c.scoring]
    for first in firsts:
        area = first.rsplit(" ", 1)[-1] if first.startswith("attack") else None
        won = [f"if won: colonize {area}"] if area in c.colonies else []
        won += [f"if won: build army to {a}" for a in ([area] if area else []) + mine]
        won += ["if won: build army", "if won: pass"]
        lost = [f"if lost: build army to {a}" for a in mine] + ["if lost: build army"]
        lost += ["if lost: pass"]
        for w in won:
            if not _ok(s, power, [first, w]):
                continue
            for x in lost:
                if _ok(s, power, [first, w, x]):
                    return [first, w, x]
    return []


def examples(c: SoEContent, s: SoEState, power: str) -> list[list[str]]:
    """The example envelopes of the step `power` owes now, each accepted as it stands."""
    if s.stage == "place":
        return _placement(c, s, power)
    if s.stage == "auction" and s.auction is not None:
        return _bids(c, s, power)
    if s.stage == "actions":
        return _actions(c, s, power)
    return []


def standing_examples(c: SoEContent, s: SoEState, power: str) -> list[str]:
    """Standing order lines for this player, read by the standing orders' parser."""
    early = s.stage in ("place", "auction")
    friends = s.allies(power) or (_others(s, power) if early else [])
    out = []
    if s.war < s.wars or early:  # the auctions of this war or of the next
        free = [p for p in auction.unallied(s) if p != power] or _others(s, power)
        out.append("auction bid up to 2")
        if free:
            out.append(f"auction propose A={power} B={free[0]}")
        if s.auction is not None and s.auction.bidder is not None:
            a = s.auction
            boxes = " ".join(f"{k}={v}" for k, v in (("A", a.a), ("B", a.b)) if v)
            out.append(f"auction accept {boxes}")
    if friends:
        out.append(f"join {friends[0]} with armies")
    out.append("withdraw when losing")
    if s.allies(power):
        out.append(f"sevens {', '.join(s.allies(power))}")
    return out


# ------------------------------------------------------------------ the template


def _say(*parts: str) -> list[str]:
    """One paragraph as `#` lines that fit the envelope's 72 columns."""
    return ["# " + x for x in textwrap.wrap(" ".join(parts), WIDTH - 2)]


def template(c: SoEContent, s: SoEState, power: str, step: Step) -> list[str]:
    if power not in s.powers:
        return []
    pw = s.powers[power]
    out = [f"# {step.title}"]
    if s.stage == "place":
        no_navy = ", ".join(a for a in c.scoring if not c.area(a).navy)
        out += _say(
            "Place exactly five units, one line each (SoE Setting Up): armies and forts",
            f"in any of the eleven areas that score, navies not in {no_navy}.",
        )
        out += _say("The areas: " + ", ".join(c.scoring) + ".")
        out += _say("Nothing sent: an army in each area where you have the most control tokens.")
    elif s.stage == "auction" and s.auction is not None:
        a = s.auction
        lead = (
            f"the highest bid is {a.bid} gold by {a.bidder} (A = {a.a or '-'}, B = {a.b or '-'})"
            if a.bid is not None
            else "no bid yet"
        )
        out += _say(
            f"Alliance auction {a.number} (SoE 2): {lead}. One line: 'bid N A=POWER",
            f"B=POWER' (at least {auction.next_amount(a)}) or 'pass'. Nothing sent: a pass.",
        )
        out += _say(
            "Not yet allied: " + ", ".join(auction.unallied(s)) + ".",
            "Gold short of a bid won is taken from the bank, with Unrest (SoE Gold).",
        )
    else:
        top, bottom = alliances(s)
        side = top if power in top else bottom
        allies = [p for p in side if p != power]
        out += _say(
            "Two actions (SoE 3), one a line, in order; 'if won:' / 'if lost:' after an",
            "action are its alternatives (together one action); free tile uses ('use ...')",
            "and gifts ('give POWER N') do not count. Nothing sent: two passes.",
        )
        out += _say(f"Your allies: {', '.join(allies) or 'none'}.")
    tiles = ", ".join(t for t in pw.tiles if s.may_use(power, t)) or "none"
    out += _say(
        f"Your gold {pw.gold}, Population {pw.population}, Unrest {pw.unrest};",
        f"tiles usable: {tiles}.",
    )
    units = [f"{a}: {units_text(by)}" for a, by in _mine(s, power)]
    out += _say("Your units: " + ("; ".join(units) or "none on the map") + ".")
    tokens = [f"{a} {n}" for a, n in _tokens(s, power)]
    out += _say("Your control tokens: " + (", ".join(tokens) or "none") + ".")
    ex = examples(c, s, power)
    singles = [e[0] for e in ex if len(e) == 1]
    if singles:
        out += _say("Examples, each accepted as it stands (remove the '#' to use one):")
        out += [PAD + line for line in singles]
    for env in (e for e in ex if len(e) > 1):
        what = "the five together" if s.stage == "place" else "an action and its alternatives"
        out += _say(f"Example, {what}:")
        out += [PAD + line for line in env]
    out += _say(
        "Standing orders (they bid or pass for you in the auctions, and decide when you",
        "are attacked or asked to join) go in an envelope of their own with the header",
        "'Phase: standing', which replaces them all ('auction pass': never bid): the",
        "standing envelope under this one carries yours in force. For example:",
    )
    out += [PAD + line for line in standing_examples(c, s, power)]
    return out


# The standing orders Struggle of Empires takes (the `Phase: standing` envelope of every
# report; docs/orders-struggle-of-empires.md, "Standing orders for the player who is not
# moving" and "Proxy orders").
STANDING = (
    "# Standing orders Struggle of Empires takes (docs/orders-struggle-of-empires.md):"
    " auction (bid up to, propose, accept, pass), join, naval decline, alliance,"
    " reserve if losing|if tied|never, withdraw when losing, losses forts first,"
    " blockade when defending,"
    " sevens.",
)
