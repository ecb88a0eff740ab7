"""Reading the negotiation standing lines (7YWW 21, 22.22; plan 7.4, [C 21.a]-[C 21.d];
docs/orders-seven-years-world-war.md "Negotiations"):

    deal with SEAT[, SEAT...]: TERM; TERM...
        TERM: SEAT gives N treasury to SEAT | SEAT gives MARKER to SEAT
              | SEAT gives POWER to SEAT | SEAT releases POWER | promise TEXT
    pact with SEAT: no attack [until YEAR]
    pact with SEAT: no entry into POWER|TERRITORY [until YEAR]
    end game

A deal or pact is made when every seat it names sends the same line (same seats, the same
terms in any order). Seats are checked against the game when the line is used."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbem.ruleset import Problem

from . import names
from .content import Content

SEAT = r"coalition\s*[1-4]"
WITH = re.compile(rf"^({SEAT}(?:\s*(?:,|and)\s*{SEAT})*)\s*:\s*(.+)$", re.I)
GIVES = re.compile(rf"^({SEAT})\s+gives\s+(.+?)\s+to\s+({SEAT})$", re.I)
RELEASES = re.compile(rf"^({SEAT})\s+releases\s+(.+)$", re.I)
TREASURY = re.compile(r"^(\d+)\s+(?:treasury|treasury\s+points?|tp)$", re.I)
PACT = re.compile(r"^(no\s+attack|no\s+entry\s+into\s+(.+?))(?:\s+until\s+(\d{4}))?$", re.I)


def seat_name(text: str) -> str:
    return f"Coalition {re.sub(r'[^1-4]', '', text)}"


@dataclass(frozen=True)
class Term:
    """One term of a deal: kind "treasury" | "marker" | "power" | "release" | "promise"."""

    kind: str
    giver: str = ""
    what: str = ""  # treasury: the amount; marker: its label; power: its code; promise: text
    to: str = ""

    def __str__(self) -> str:
        if self.kind == "release":
            return f"{self.giver} releases {self.what}"
        if self.kind == "promise":
            return f"promise {self.what}"
        what = f"{self.what} treasury" if self.kind == "treasury" else self.what
        return f"{self.giver} gives {what} to {self.to}"


@dataclass(frozen=True)
class DealLine:
    seats: tuple[str, ...]  # every party, the sender included, sorted
    terms: tuple[Term, ...]

    @property
    def key(self) -> str:
        """The same deal in any seat's words: its seats and its terms, sorted."""
        return f"{', '.join(self.seats)}: " + "; ".join(sorted(str(t) for t in self.terms))


@dataclass(frozen=True)
class PactLine:
    seats: tuple[str, ...]  # both parties, sorted
    what: str  # "no attack" | "no entry"
    target: str = ""  # no entry: a major power code or a minor territory
    until: int = 0  # the last year it binds; 0: the whole game

    @property
    def key(self) -> str:
        return f"{', '.join(self.seats)}: {self.what} {self.target} {self.until}"


def _seats(text: str) -> list[str]:
    return [seat_name(m) for m in re.findall(SEAT, text, re.I)]


def read_term(c: Content, text: str) -> Term | str:
    """A term, or why it does not read."""
    t = text.strip()
    if t.casefold().startswith("promise"):
        return Term("promise", what=" ".join(t[len("promise") :].split()))
    m = RELEASES.match(t)
    if m:
        p = names.power(c, m.group(2))
        if p is None:
            return f"no major power {m.group(2)!r} to release"
        return Term("release", seat_name(m.group(1)), p)
    m = GIVES.match(t)
    if not m:
        return f"not a term: {t!r} (write: Coalition 1 gives 5 treasury to Coalition 2; Coalition 1 gives Diplomacy 2 to Coalition 2; Coalition 1 gives SP to Coalition 2; Coalition 1 releases SP; promise TEXT)"
    giver, what, to = seat_name(m.group(1)), m.group(2).strip(), seat_name(m.group(3))
    if giver == to:
        return f"{giver} gives to itself"
    n = TREASURY.match(what)
    if n:
        return Term("treasury", giver, str(int(n.group(1))), to)
    label, _ = names.marker_label(c, what)
    if label is not None:
        return Term("marker", giver, label, to)
    p = names.power(c, what)
    if p is not None:
        return Term("power", giver, p, to)
    return f"{what!r} is neither N treasury, a campaign marker nor a major power"


def read_deal(c: Content, sender: str, rest: str) -> DealLine | str:
    m = WITH.match(rest.strip())
    if not m:
        return "write: deal with Coalition 2: Coalition 1 gives 5 treasury to Coalition 2; ..."
    terms = []
    for part in [p for p in m.group(2).split(";") if p.strip()]:
        got = read_term(c, part)
        if isinstance(got, str):
            return got
        terms.append(got)
    seats = tuple(sorted({*_seats(m.group(1)), *([sender] if sender else [])}))
    return DealLine(seats, tuple(terms))


def read_pact(c: Content, sender: str, rest: str) -> PactLine | str:
    m = WITH.match(rest.strip())
    if not m or len(_seats(m.group(1))) != 1:
        return "write: pact with Coalition 2: no attack [until 1758], or: no entry into POWER [until 1758]"
    p = PACT.match(m.group(2).strip())
    if not p:
        return "a pact is `no attack [until YEAR]` or `no entry into POWER|TERRITORY [until YEAR]` (7YWW 21.2, plan [C 21.a])"
    target = ""
    if p.group(2):
        target = names.power(c, p.group(2)) or names.find(c, "minor", p.group(2))[0] or ""
        if not target:
            return f"no power or territory {p.group(2)!r}"
    what = "no entry" if target else "no attack"
    seats = tuple(sorted({*_seats(m.group(1)), *([sender] if sender else [])}))
    return PactLine(seats, what, target, int(p.group(3) or 0))


def problem(got: object, ln: int) -> list[Problem]:
    return [Problem(got, ln)] if isinstance(got, str) else []
