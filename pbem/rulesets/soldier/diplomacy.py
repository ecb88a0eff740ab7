"""The Diplomacy Phase by mail (SK 4.2, 14.0-14.3, 16.1-16.2): the campaign's, in each
winter turn after the Event Card Phase and once before Turn 1 (SK World at War).

Players negotiate outside the game. Each power's envelope for the phase lists the deals
it agrees to, one per line (docs/orders-soldier-kings.md):

    deal with Prussia: alliance
    deal with Prussia: Britain gives 5 Resources to Prussia; Prussia gives area Hannover to Britain
    done

A deal is made when every power it names (the sender among them) has sent the same
deal: the same parties and the same terms, in any order. The phase ends when every
power's envelope is in, or at the deadline (a power that sent nothing agrees to no
deal). At its end the deals are carried out together: first the formal alliances (SK
16.1; never a prohibited one, SK 16.2), then the exchanges, simultaneously (SK 14.3):
each from what the giver held before the phase, in the order of the deals' text; a deal
whose giver can no longer fulfil it is void."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import OrderLine, Parsed, Problem, Step
from pbem.suggest import closest

from . import phases
from .content import SoldierContent
from .fold import on
from .names import Names
from .state import SoldierState

MAX_MANPOWER = 2  # SK 14.2: a major power transfers at most two Manpower a phase, to all
_GIVE = re.compile(
    r"^(?P<giver>.+?)\s+gives\s+(?:(?P<n>\d+)\s+(?P<what>resources?|manpower)|"
    r"(?P<kind>card|area)\s+(?P<thing>.+?))\s+to\s+(?P<taker>.+)$",
    re.I,
)


@dataclass(frozen=True)
class Term:
    kind: str  # alliance, resources, manpower, card, area
    giver: str = ""
    taker: str = ""
    amount: int = 0
    thing: str = ""

    def text(self) -> str:
        if self.kind == "alliance":
            return "alliance"
        what = (
            f"{self.amount} {self.kind.capitalize()}"
            if self.amount
            else f"{self.kind} {self.thing}"
        )
        return f"{self.giver} gives {what} to {self.taker}"


@dataclass(frozen=True)
class Deal:
    parties: tuple[str, ...]  # sorted
    terms: tuple[Term, ...]  # sorted by text
    line: int = 0

    @property
    def key(self) -> tuple:
        return (self.parties, tuple(t.text() for t in self.terms))

    def text(self) -> str:
        return f"{' and '.join(self.parties)}: {'; '.join(t.text() for t in self.terms)}"


@event
class DealMade(Event):
    """SK 14.3: a deal every party agreed to, carried out."""

    type: Literal["sk.deal_made"] = "sk.deal_made"
    parties: list[str]
    terms: list[str]
    alliance: bool = False
    resources: dict[str, int] = {}  # power -> net Resources it receives (negative: gives)
    manpower: dict[str, int] = {}
    cards: list[list[str]] = []  # [giver player, taker player, card]
    areas: dict[str, str] = {}  # area -> its new controller


@event
class DealVoid(Event):
    """SK 14.3: a deal that cannot be fulfilled (or 16.2 forbids): nothing of it happens."""

    type: Literal["sk.deal_void"] = "sk.deal_void"
    parties: list[str]
    terms: list[str]
    why: str


@event
class DealUnmatched(Event):
    """A deal some of its parties did not send: not made (seen by those who sent it)."""

    type: Literal["sk.deal_unmatched"] = "sk.deal_unmatched"
    parties: list[str]
    terms: list[str]
    missing: list[str]
    seen_by: list[str]


@on(DealMade)
def _(s: SoldierState, e: DealMade) -> None:
    if e.alliance:
        for i, a in enumerate(e.parties):
            for b in e.parties[i + 1 :]:
                if not any(a in g and b in g for g in s.alliances):
                    s.alliances.append([a, b])
                _remember(s, a, b)
    for p, n in e.resources.items():
        s.treasury[p].resources += n
    for p, n in e.manpower.items():
        s.treasury[p].manpower += n
    for giver, taker, card in e.cards:
        s.hands[giver].remove(card)
        s.hands.setdefault(taker, []).append(card)
        s.hands[taker].sort()
    for area, power in e.areas.items():
        s.control[area] = power


@on(DealVoid)
@on(DealUnmatched)
def _(s: SoldierState, e: Event) -> None:
    return None


def _remember(s: SoldierState, a: str, b: str) -> None:
    """SK 5.0: two powers of different players were formally allied this year."""
    if s.player_of(a) != s.player_of(b):
        s.allied_in_year = sorted({*s.allied_in_year, a, b})


def allied(s: SoldierState, a: str, b: str) -> bool:
    return any(a in g and b in g for g in s.alliances)


def _bars(content: SoldierContent, s: SoldierState) -> set[frozenset[str]]:
    """The pairs that may not ally: SK 16.2's, and those that broke an alliance (SK 16.3)."""
    bars = {frozenset(x.powers) for x in content.tables.prohibited_alliances}
    return bars | {frozenset(p) for p in s.broken_alliances}


def prohibited(content: SoldierContent, s: SoldierState, a: str, b: str) -> str | None:
    """SK 16.2: why `a` and `b` may not ally (None: they may): a prohibited pair, a pair
    that broke an alliance (SK 16.3), or one of them allied to a power barred to the other."""
    bars = _bars(content, s)
    if sorted((a, b)) in s.broken_alliances:
        return f"{a} and {b} broke their alliance: they may not ally again (SK 16.3)"
    if frozenset((a, b)) in bars:
        return f"{a} and {b} may not ally (SK 16.2)"
    for x, y in ((a, b), (b, a)):
        for g in s.alliances:
            if x in g:
                for friend in g:
                    if friend != x and frozenset((friend, y)) in bars:
                        return f"{x} is allied to {friend}, whom {y} may not ally with (SK 16.2)"
    return None


# --------------------------------------------------------------------------- SK 16.3


@dataclass(frozen=True)
class FormalBreak:
    """SK 16.3: `break alliance with POWER`, a formal ally, in one's Action Phase (before
    the naval movement) or in a Diplomacy Phase envelope (before its deals)."""

    power: str
    line: int

    @property
    def text(self) -> str:
        return f"break alliance with {self.power}"


@event
class FormalAllianceBroken(Event):
    """SK 16.3: `powers` are formal allies no more, and may never ally again."""

    type: Literal["sk.formal_alliance_broken"] = "sk.formal_alliance_broken"
    powers: list[str]  # sorted
    why: str = ""  # empty: broken by order; else the 16.2 restriction that broke it


@on(FormalAllianceBroken)
def _(s: SoldierState, e: FormalAllianceBroken) -> None:
    a, b = e.powers
    kept: list[list[str]] = []
    for g in s.alliances:
        if a in g and b in g:  # a larger group splits into the pairs that remain
            kept += [[x, y] for i, x in enumerate(g) for y in g[i + 1 :] if {x, y} != {a, b}]
        else:
            kept.append(g)
    s.alliances = kept
    _remember(s, a, b)
    if sorted((a, b)) not in s.broken_alliances:
        s.broken_alliances.append(sorted((a, b)))


def parse_break(s: SoldierState, power: str, rest: str, line: int, problems: list[Problem]):
    """`break alliance with POWER` naming a major power; None when it names none (then it
    is a minor country's, SK 17.8)."""
    m = re.fullmatch(r"(?is)alliance\s+with\s+(.+)", rest.strip())
    if not m:
        return None
    name = " ".join(m.group(1).split())
    major = next((p for p in s.majors if p.casefold() == name.casefold()), None)
    return FormalBreak(major, line) if major else None


def after_breaks(s: SoldierState, power: str, orders: list) -> SoldierState:
    """For checking the rest of the orders: the formal allies `power` breaks with are
    allies no more (SK 16.3: it may attack them at once)."""
    gone = [o.power for o in orders if isinstance(o, FormalBreak) and allied(s, power, o.power)]
    if not gone:
        return s
    out = s.model_copy()
    out.alliances = [
        [x, y]
        for g in s.alliances
        for i, x in enumerate(g)
        for y in g[i + 1 :]
        if not (power in (x, y) and ({x, y} - {power}) & set(gone))
    ]
    return out


def break_problems(s: SoldierState, power: str, orders: list) -> list[Problem]:
    return [
        Problem(f"{power} and {o.power} are not formal allies (SK 16.3)", o.line)
        for o in orders
        if isinstance(o, FormalBreak) and not allied(s, power, o.power)
    ]


def break_alliances(ctx: Resolution, content: SoldierContent, power: str, orders: list) -> None:
    """SK 16.3: each break, then the breaks SK 16.2 then requires: a power left allied to
    two that may no longer ally breaks with the one it allied with later (pbem's default;
    the text lets its player choose)."""
    for o in orders:
        if isinstance(o, FormalBreak) and allied(ctx.state, power, o.power):
            ctx.emit(FormalAllianceBroken(powers=sorted((power, o.power))))
            _cascade(ctx, content)


def _cascade(ctx: Resolution, content: SoldierContent) -> None:
    while True:
        s: SoldierState = ctx.state
        bars = _bars(content, s)
        pairs = [
            tuple(sorted((x, y))) for g in s.alliances for i, x in enumerate(g) for y in g[i + 1 :]
        ]
        found = None
        for x in sorted(s.majors):
            partners = [p for pair in pairs if x in pair for p in pair if p != x]
            for i, y in enumerate(partners):
                for z in partners[i + 1 :]:
                    if frozenset((y, z)) in bars:
                        found = (x, z, y)  # z: the later of the two alliances
                        break
                if found:
                    break
            if found:
                break
        if found is None:
            return
        x, later, other = found
        ctx.emit(
            FormalAllianceBroken(
                powers=sorted((x, later)),
                why=f"{x} may not stay allied to both {other} and {later} (SK 16.2, 16.3)",
            )
        )


def _power(s: SoldierState, text: str, line: int, problems: list[Problem]) -> str | None:
    name = text.strip()
    for p in s.majors:
        if p.casefold() == name.casefold():
            return p
    problems.append(
        Problem(f"{name!r} is not a warring major power", line, closest(name, s.majors))
    )
    return None


def parse(content: SoldierContent, s: SoldierState, power: str, lines: list[OrderLine]) -> Parsed:
    names = Names(content, s)
    problems: list[Problem] = []
    deals: list[Deal] = []
    for ol in lines:
        text = ol.text.split("#", 1)[0].strip()
        if not text or text.casefold() == "done":
            continue
        if text.casefold().startswith("break "):
            brk = parse_break(s, power, text[6:], ol.line, problems)
            if brk is None:
                problems.append(Problem("write: break alliance with POWER (SK 16.3)", ol.line))
            else:
                deals.append(brk)
            continue
        head, colon, body = text.partition(":")
        if not head.casefold().startswith("deal with ") or not colon:
            problems.append(Problem("write: deal with POWER: TERM; TERM (or: done)", ol.line))
            continue
        before = len(problems)
        others = [
            _power(s, x, ol.line, problems) for x in re.split(r",|\band\b", head[10:]) if x.strip()
        ]
        parties = tuple(sorted({power, *(p for p in others if p)}))
        terms: list[Term] = []
        for chunk in filter(None, (c.strip() for c in body.split(";"))):
            if chunk.casefold() == "alliance":
                terms.append(Term("alliance"))
                continue
            m = _GIVE.match(chunk)
            if not m:
                problems.append(
                    Problem(
                        f"{chunk!r}: write 'alliance', or 'POWER gives N Resources|N Manpower|card CARD|area AREA to POWER'",
                        ol.line,
                    )
                )
                continue
            giver = _power(s, m["giver"], ol.line, problems)
            taker = _power(s, m["taker"], ol.line, problems)
            if m["n"]:
                kind = "manpower" if m["what"].casefold() == "manpower" else "resources"
                terms.append(Term(kind, giver or "", taker or "", int(m["n"])))
            elif m["kind"].casefold() == "area":
                area = names.area(m["thing"], ol.line, problems)
                terms.append(Term("area", giver or "", taker or "", thing=area or ""))
            else:
                try:
                    card = content.card(m["thing"]).name
                except KeyError:
                    problems.append(Problem(f"no card {m['thing'].strip()!r}", ol.line))
                    card = ""
                terms.append(Term("card", giver or "", taker or "", thing=card))
        if len(problems) > before:
            continue
        if len(parties) < 2:
            problems.append(Problem("a deal is made with another power", ol.line))
        elif not terms:
            problems.append(Problem("a deal with no terms", ol.line))
        else:
            deals.append(Deal(parties, tuple(sorted(set(terms), key=Term.text)), ol.line))
    # each line is a deal of its own: those that read are checked even when others did not
    return Parsed(deals, problems, checkable=True, good=deals)


def validate(
    content: SoldierContent, s: SoldierState, power: str, deals: list[Deal]
) -> list[Problem]:
    """What can be checked when the envelope arrives (what can only be known at the end
    of the phase, whether the giver still holds what it gives, is checked then)."""
    problems: list[Problem] = break_problems(s, power, deals)
    manpower = 0
    seen: dict[tuple, int] = {}
    for d in deals:
        if isinstance(d, FormalBreak):
            continue
        if d.key in seen:
            problems.append(Problem(f"the same deal as line {seen[d.key]}", d.line))
            continue
        seen[d.key] = d.line
        alliance = any(t.kind == "alliance" for t in d.terms)
        if alliance:
            for i, a in enumerate(d.parties):
                for b in d.parties[i + 1 :]:
                    why = prohibited(content, s, a, b)
                    if why:
                        problems.append(Problem(why, d.line))
        for t in d.terms:
            if t.kind == "alliance":
                continue
            if t.giver not in d.parties or t.taker not in d.parties:
                problems.append(
                    Problem(f"'{t.text()}': giver and taker must be parties to the deal", d.line)
                )
            elif t.giver == t.taker:
                problems.append(Problem(f"'{t.text()}': a power gives to another", d.line))
            elif not (alliance or allied(s, t.giver, t.taker)):
                problems.append(
                    Problem(
                        f"'{t.text()}': {t.giver} may only transfer to a formal ally (SK 14.2)",
                        d.line,
                    )
                )
            if t.kind == "manpower" and t.giver == power:
                manpower += t.amount
                if manpower > MAX_MANPOWER:
                    problems.append(
                        Problem(
                            f"{power} may transfer at most {MAX_MANPOWER} Manpower in a Diplomacy Phase, to all other powers (SK 14.2)",
                            d.line,
                        )
                    )
            if t.kind == "area" and t.giver and s.control.get(t.thing) != t.giver:
                problems.append(
                    Problem(f"'{t.text()}': {t.giver} does not control {t.thing}", d.line)
                )
            if (
                t.kind == "card"
                and t.giver
                and t.thing not in s.hands.get(s.player_of(t.giver), [])
            ):
                problems.append(
                    Problem(f"'{t.text()}': {t.giver}'s player holds no {t.thing}", d.line)
                )
    return problems


class Diplomacy:
    """SK 4.2 Diplomacy Phase (and SK World at War's before Turn 1)."""

    def owes(self, s: SoldierState) -> tuple[str, ...]:
        return tuple(s.majors)

    def parse(self, content, s, power, lines) -> Parsed:
        return parse(content, s, power, lines)

    def validate(self, content, s, power, orders) -> list[Problem]:
        return validate(content, s, power, orders)

    def default(self, content, s, power) -> list[Deal]:
        return []  # a power that sends nothing makes no deal

    def resolve(
        self, ctx: Resolution, content: SoldierContent, step: Step, orders: dict, standing: dict
    ) -> None:
        for power in sorted(orders):  # SK 16.3: the breaks first
            break_alliances(ctx, content, power, orders[power] or [])
        s: SoldierState = ctx.state
        sent: dict[tuple, set[str]] = {}
        deals: dict[tuple, Deal] = {}
        for power in sorted(orders):
            for d in orders[power] or []:
                if isinstance(d, FormalBreak):
                    continue
                sent.setdefault(d.key, set()).add(power)
                deals.setdefault(d.key, d)
        made = []
        for key in sorted(deals, key=lambda k: deals[k].text()):
            d = deals[key]
            missing = sorted(set(d.parties) - sent[key])
            if missing:
                terms = [t.text() for t in d.terms]
                ctx.emit(
                    DealUnmatched(
                        parties=list(d.parties),
                        terms=terms,
                        missing=missing,
                        seen_by=sorted(sent[key]),
                    )
                )
            else:
                made.append(d)
        ledger = _Ledger(s)  # SK 14.3: what each held before the phase, less what it gave
        for d in made:  # in the order of their text
            terms = [t.text() for t in d.terms]
            why = ledger.take(content, ctx.state, d)
            if why:
                ctx.emit(DealVoid(parties=list(d.parties), terms=terms, why=why))
                continue
            ctx.emit(_made(ctx.state, d))
        if phases.is_winter(ctx.state.turn):
            phases.next_turn(ctx)
        else:  # SK World at War: the special Diplomacy Phase before Turn 1
            ctx.emit(phases.StageOver(stage="diplomacy", next="purchase"))


class _Ledger:
    """What each power held when the phase began, less what its deals so far give away:
    the exchanges are simultaneous (SK 14.3), so what a deal brings in does not pay for
    another."""

    def __init__(self, s: SoldierState):
        self.resources = {p: t.resources for p, t in s.treasury.items()}
        self.manpower = {p: t.manpower for p, t in s.treasury.items()}
        self.cards = {p: list(h) for p, h in s.hands.items()}
        self.areas = dict(s.control)

    def take(self, content: SoldierContent, s: SoldierState, d: Deal) -> str | None:
        """Why the deal cannot be carried out (None: it is, and the ledger is charged)."""
        if any(t.kind == "alliance" for t in d.terms):  # SK 16.1-16.2, against those made
            for i, a in enumerate(d.parties):
                for b in d.parties[i + 1 :]:
                    why = prohibited(content, s, a, b)
                    if why:
                        return why
        r, m = dict(self.resources), dict(self.manpower)
        cards = {p: list(h) for p, h in self.cards.items()}
        areas = dict(self.areas)
        for t in d.terms:
            if t.kind == "resources":
                r[t.giver] = r.get(t.giver, 0) - t.amount
                if r[t.giver] < 0:
                    return f"{t.giver} has not the Resources to give (SK 14.3)"
            elif t.kind == "manpower":
                m[t.giver] = m.get(t.giver, 0) - t.amount
                if m[t.giver] < 0:
                    return f"{t.giver} has not the Manpower to give (SK 14.3)"
            elif t.kind == "card":
                hand = cards.get(s.player_of(t.giver), [])
                if t.thing not in hand:
                    return f"{t.giver}'s player no longer holds {t.thing} (SK 14.3)"
                hand.remove(t.thing)
            elif t.kind == "area":
                if areas.get(t.thing) != t.giver:
                    return f"{t.giver} no longer controls {t.thing} (SK 14.3)"
                areas[t.thing] = ""
        self.resources, self.manpower, self.cards, self.areas = r, m, cards, areas
        return None


def _made(s: SoldierState, d: Deal) -> DealMade:
    res: dict[str, int] = {}
    men: dict[str, int] = {}
    cards: list[list[str]] = []
    areas: dict[str, str] = {}
    for t in d.terms:
        if t.kind == "resources":
            res[t.giver] = res.get(t.giver, 0) - t.amount
            res[t.taker] = res.get(t.taker, 0) + t.amount
        elif t.kind == "manpower":
            men[t.giver] = men.get(t.giver, 0) - t.amount
            men[t.taker] = men.get(t.taker, 0) + t.amount
        elif t.kind == "card":
            cards.append([s.player_of(t.giver), s.player_of(t.taker), t.thing])
        elif t.kind == "area":
            areas[t.thing] = t.taker
    return DealMade(
        parties=list(d.parties),
        terms=[t.text() for t in d.terms],
        alliance=any(t.kind == "alliance" for t in d.terms),
        resources=dict(sorted(res.items())),
        manpower=dict(sorted(men.items())),
        cards=cards,
        areas=dict(sorted(areas.items())),
    )


phases.register("diplomacy", Diplomacy())
