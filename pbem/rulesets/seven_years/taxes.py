"""7YWW 25 Increasing Taxes (option `increasing-taxes`) and 25.3 Tax Rebellion. Treasury
line (pass 1, plan 2.3): `raise taxes POWER [except SQ[, SQ...]] [also SQ[, SQ...]]`.
One die per major power (29.4) on the Increasing Taxes Table; the result applies to the
civilized squares occupied by that power's units, inside or outside its territory (25.1),
never to trade routes or other income (25.2). Taxes at the normal rate were credited at
the start of the turn (start.py, 10.1): the result is a correction of (multiplier - 1)
times those squares' treasury values (x 1: none; x 2: once more; protest, rebellion:
taken back).

Choices (docs/orders-seven-years-world-war.md "Optional rules 23-25"):
- [C 25.b] 25.1 "If there are units from more than one country in a square, the player
  chooses which one will (if any) raise taxes": `also SQ` on a power's line claims such a
  square for that power, `except SQ` leaves it out of that power's roll; unclaimed, it
  goes to the first raising line (in the order written) whose power has units there and
  that does not except it. 25.2 "all squares occupied by French units must be checked":
  `except` names only such shared squares.
- [C 25.c] a Tax Protest or Tax Rebellion takes back the taxes of the squares the roll
  applied to (the shared squares claimed by another power's roll keep that roll's result).
- [C 25.a] the rebellion's roll on 29.3 is made by one other player picked at random
  (25.3; 29.4's "non-phasing player": nobody is phasing in the treasury phase) and may
  place in any one major or minor power territory holding a square of the attempt
  (25.3, the fuller text, over 29.4's "for the taxing major power"): the picked player's
  standing `rebellion in TERRITORY [at SQ...]` (the first naming such a territory), else
  the taxing power's own territory, else the first such territory in grid order."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import events as E
from . import minor_recruiting_option as mro
from . import names, windows
from .content import Content
from .money import Tally, TLine, change
from .occupation import treasury_value
from .state import MINOR, SYWState

OPTION = "increasing-taxes"
REBELLION = "Tax Rebellion"
HEAD = re.compile(r"^raise\s+taxes\b\s*(.*)$", re.I)


@dataclass
class TaxLine(TLine):
    """`raise taxes POWER [except SQ...] [also SQ...]` (25.1, 25.2)."""

    excepts: tuple[str, ...] = ()
    also: tuple[str, ...] = ()
    # the envelope's other raise lines: (line, power, also, excepts) (set by `link`)
    others: tuple[tuple[int, str, tuple[str, ...], tuple[str, ...]], ...] = ()

    @property
    def pass_no(self) -> int:
        return 1  # plan 2.3: with the income adjustments and money markers


def read(c: Content, s: SYWState, ln: int, text: str) -> TaxLine | Problem:
    m = HEAD.match(text.strip())
    parts = names.clauses(m.group(1) if m else "", ("except", "also"))
    if not parts[0][1]:
        return Problem("write `raise taxes POWER [except SQ...] [also SQ...]`, e.g. `raise taxes FR` (7YWW 25.1)", ln)  # fmt: skip
    power, hint = names.find(c, "power", parts[0][1])
    if power is None:
        return Problem(f"no major power {parts[0][1]!r}: taxes are raised per major power (7YWW 25.0)", ln, hint)  # fmt: skip
    got: dict[str, tuple[str, ...]] = {}
    for word, arg in parts[1:]:
        if word in got:
            return Problem(f"{word!r} is written twice", ln)
        sqs = []
        for w in [p for p in arg.replace(",", " ").split() if p]:
            sq, hint = names.find(c, "square", w)
            if sq is None:
                return Problem(f"no square {w!r} on the map", ln, hint)
            sqs.append(sq)
        if not sqs:
            return Problem(f"{word!r} needs squares after it", ln)
        got[word] = tuple(sqs)
    both = sorted(set(got.get("except", ())) & set(got.get("also", ())))
    if both:
        return Problem(f"{both[0]} is both excepted and claimed", ln)
    return TaxLine(ln, text, "taxes", power=power, excepts=got.get("except", ()),
                   also=got.get("also", ()))  # fmt: skip


def link(lines: list) -> list[Problem]:
    """Tell each raise line of one envelope about the others; one die per power (29.4),
    a shared square claimed by one power only (25.1)."""
    mine = [ln for ln in lines if isinstance(ln, TaxLine)]
    out: list[Problem] = []
    seen: dict[str, int] = {}
    claimed: dict[str, int] = {}
    for ln in mine:
        if ln.power in seen:
            out.append(Problem(f"taxes for {ln.power} are already raised on line {seen[ln.power]}: one die per major power (7YWW 25.2, 29.4)", ln.line))  # fmt: skip
        seen.setdefault(ln.power, ln.line)
        for sq in ln.also:
            if sq in claimed:
                out.append(Problem(f"{sq} is claimed on line {claimed[sq]} already: one power raises taxes in a square (7YWW 25.1)", ln.line))  # fmt: skip
            claimed.setdefault(sq, ln.line)
    for ln in mine:
        ln.others = tuple((o.line, o.power, o.also, o.excepts) for o in mine if o is not ln)
    return out


# ------------------------------------------------------------------ the squares


def powers_in(s: SYWState, sq: str) -> set[str]:
    return {u.owner for u in s.units_in(sq) if u.owner != MINOR}


def squares(c: Content, s: SYWState, ln: TaxLine) -> dict[str, int]:
    """25.1, 25.2, [C 25.b]: the civilized squares this power's roll applies to, with
    their treasury values (0 while pillaged, 10.13: left out)."""
    out = {}
    for sq in sorted({u.square for u in s.units.values() if u.owner == ln.power}):
        q = c.map.square(sq)
        v = treasury_value(c, s, sq)
        if not q.civilized or v <= 0:  # 25.2 civilized squares only
            continue
        here = powers_in(s, sq)
        if len(here) > 1 and sq not in ln.also:  # 25.1 the player chooses
            if sq in ln.excepts or any(sq in also for _, _, also, _ in ln.others):
                continue
            if any(n < ln.line and p in here and sq not in ex for n, p, _, ex in ln.others):
                continue
        out[sq] = v
    return out


# ------------------------------------------------------------- checking and doing


def check(c: Content, s: SYWState, tally: Tally, ln: TaxLine) -> str | None:
    if OPTION not in s.options:
        return "`raise taxes` needs the optional rule 25.0 (option increasing-taxes), which this game does not use"
    name = c.power_name(ln.power)
    ctrl = s.control.get(ln.power)
    if ctrl != tally.seat:
        who = "nobody (neutral)" if ctrl is None else ctrl
        return f"{name} is controlled by {who}: a player raises taxes for the major powers he controls (7YWW 25.0)"
    for word, sqs in (("except", ln.excepts), ("also", ln.also)):
        for sq in sqs:
            here = powers_in(s, sq)
            if ln.power not in here or len(here) < 2:
                return f"`{word} {sq}`: {sq} does not hold units of {name} and of another country; every square {name}'s units occupy is checked (7YWW 25.1, 25.2)"
    return None


def carry_out(sink: Any, c: Content, tally: Tally, ln: TaxLine) -> None:
    """25.1: roll and apply at once. The dry run of validation rolls nothing and lifts
    the money check of the later lines (plan 7.2)."""
    if tally.dry:
        tally.uncapped = True
        return
    ctx: Resolution = sink
    s: SYWState = ctx.state
    got = squares(c, s, ln)
    die = windows.roll(ctx, f"increasing taxes: {ln.power}", owner=tally.seat)[0]  # 29.4
    table = c.data.tables.increasing_taxes
    code = table.code(die)
    mult = next(r.multiplier for r in table.result if r.code == code)
    # [C 10.f] a square Manufacturing Inventions doubled earlier this phase doubles its
    # taxed value: its correction counts twice (29.7, money.play for the other order)
    boosted = sum(v for sq, v in got.items() if sq in tally.boosted)
    correction = (mult - 1) * (sum(got.values()) + boosted)
    tally.taxed.update(dict.fromkeys(got, mult))
    ctx.emit(E.TaxesRaised(seat=tally.seat, power=ln.power, die=die, result=code,
                           squares=got, correction=correction))  # fmt: skip
    change(ctx, tally.seat, correction, f"increasing taxes for {ln.power}: {code} (7YWW 25.1, 29.4)")  # fmt: skip
    if code == REBELLION:
        rebellion(ctx, c, tally.seat, ln.power, list(got))


def territories(c: Content, power: str, sqs: list[str]) -> list[str]:
    """The territories holding a square of the attempt, in grid order; the taxing power's
    own if there is none."""
    out: list[str] = []
    for q in sorted((c.map.square(sq) for sq in sqs), key=lambda q: (q.row, q.col)):
        if q.power and q.power not in out:
            out.append(q.power)
    return out or [power]


def rebellion(ctx: Resolution, c: Content, seat: str, power: str, sqs: list[str]) -> None:
    """25.3, 29.4 Tax Rebellion (2): one other player picked at random rolls once on 29.3
    and implements the result in one territory of the attempt ([C 25.a])."""
    w = windows.attached(ctx)
    standing = w.standing if w is not None else {}
    who = mro.random_player(ctx, f"tax rebellion {power}", [seat])
    lands = territories(c, power, sqs)
    st = standing.get(who)
    wish = next(((t, at) for t, at in getattr(st, "rebellions", []) if t in lands), None)
    where, at = wish if wish else (power if power in lands else lands[0], ())
    mro.roll_table(ctx, c, who, where, "25.3", (*at, *mro.wishes_of(standing, who)))
