"""The Diplomacy Phase by mail (SK 4.2, 14.0-14.3, 16.1-16.2): the campaign's, in each
winter turn after the Event Card Phase and once before Turn 1 (SK World at War).

Players negotiate outside the game. Each power's envelope for the phase lists the deals
it agrees to, one per line (docs/orders-soldier-kings.md):

    deal with Prussia: alliance
    deal with Prussia: Britain gives 5 Resources to Prussia; Prussia gives area Hannover to Britain
    deal with France: Britain gives leader D'Estrees to France; France gives 6 Resources to Britain
    deal with Prussia: Britain gives unit Br-A1 to Prussia; promise Prussia attacks Saxony
    done

A deal is made when every power it names (the sender among them) has sent the same
deal: the same parties and the same terms, in any order. The phase ends when every
power's envelope is in, or at the deadline (a power that sent nothing agrees to no
deal). At its end the deals are carried out together: first the formal alliances (SK
16.1; never a alliances.prohibited one, SK 16.2), then the exchanges, simultaneously (SK 14.3):
each from what the giver held before the phase, in the order of the deals' text; a deal
whose giver can no longer fulfil it is void. Captured leaders are ransomed (SK 13.7),
units lent as auxiliaries (SK 19.5); promises are recorded and bind nobody (SK 14.3)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import OrderLine, Parsed, Problem, Step
from pbem.suggest import closest

from . import alliances, auxiliaries, mercenaries, minor_alliances, phases, sko_economics, war
from .calendar import campaign_turns_after
from .common import id_order
from .content import SoldierContent
from .fold import on
from .names import Names
from .state import SoldierState

GIVEN = ("resources", "manpower", "card", "area", "leader", "unit")  # what a term transfers
MAX_MANPOWER = 2  # SK 14.2: a major power transfers at most two Manpower a phase, to all
_GIVE = re.compile(
    r"^(?P<giver>.+?)\s+gives\s+(?:(?P<n>\d+)\s+(?P<what>resources?|money|manpower)|"
    r"(?P<kind>card|area|leader|units?)\s+(?P<thing>.+?))\s+to\s+(?P<taker>.+)$",
    re.I,
)


@dataclass(frozen=True)
class Term:
    kind: str  # alliance, resources, manpower, card, area, leader, unit, promise
    giver: str = ""
    taker: str = ""
    amount: int = 0
    thing: str = ""

    def text(self) -> str:
        if self.kind in ("alliance", "end war"):  # SKO Ending a War
            return self.kind
        if self.kind == "promise":
            return f"promise {self.thing}"
        if self.kind == "play":
            return f"{self.giver} plays {self.thing}"
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
    # SE 14.4, 16.3: pairs of an alliance deal not allied, for want of a card of their own
    refused: list[list[str]] = []
    resources: dict[str, int] = {}  # power -> net Resources it receives (negative: gives)
    manpower: dict[str, int] = {}
    cards: list[list[str]] = []  # [giver player, taker player, card]
    areas: dict[str, str] = {}  # area -> its new controller
    # SK 13.7: captured leader -> the power he now belongs to (his own side: back on the
    # turn track, re-entering as a new leader on `leaders_return`, SK 13.8; another: its
    # captive)
    leaders: dict[str, str] = {}
    leaders_return: int = 0


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
    # a missing party -> the terms of the deal it sent with the same parties instead
    others: dict[str, list[str]] = {}


@on(DealMade)
def _(s: SoldierState, e: DealMade) -> None:
    if e.alliance:
        for i, a in enumerate(e.parties):
            for b in e.parties[i + 1 :]:
                if [a, b] in e.refused:
                    continue
                if not any(a in g and b in g for g in s.alliances):
                    s.alliances.append([a, b])
                alliances.remember(s, a, b)
                if sorted((a, b)) in s.broken_alliances:  # SE 16.3: restored by card
                    s.broken_alliances.remove(sorted((a, b)))
    for p, n in e.resources.items():
        s.treasury[p].resources += n
    for p, n in e.manpower.items():
        s.treasury[p].manpower += n
    for giver, taker, card in e.cards:
        s.hands[giver].remove(card)
        if not taker:  # SE 14.4: the alliance card, played
            s.discard.append(card)
            continue
        s.hands.setdefault(taker, []).append(card)
        s.hands[taker].sort()
    for area, power in e.areas.items():
        s.control[area] = power
    for name, power in e.leaders.items():
        ld = s.leaders[name]
        if s.major_of(ld.country) == power:
            ld.status, ld.captured_by, ld.arrives = "track", None, e.leaders_return
        else:
            ld.captured_by = power


@on(DealVoid)
@on(DealUnmatched)
def _(s: SoldierState, e: Event) -> None:
    return None


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
            brk = alliances.parse_break(s, power, text[6:], ol.line, problems)
            if brk is None:
                problems.append(Problem("write: break alliance with POWER (SK 16.3)", ol.line))
            else:
                deals.append(brk)
            continue
        if text.casefold().startswith("end war"):  # SKO Ending a War (war.py)
            deals += _end_war(names, s, power, text, ol.line, problems)
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
            if chunk.casefold() in ("alliance", "end war"):
                terms.append(Term(chunk.casefold()))
                continue
            if chunk.casefold().startswith("promise "):  # SK 14.3: recorded, not binding
                terms.append(Term("promise", thing=" ".join(chunk[8:].split())))
                continue
            played = re.fullmatch(r"(?is)(.+?)\s+plays\s+(.+)", chunk)
            if played:  # SE 14.4, 16.3: the alliance card, played with the alliance
                giver = _power(s, played[1], ol.line, problems)
                try:
                    card = content.card(played[2]).name
                except KeyError:
                    problems.append(Problem(f"no card {played[2].strip()!r}", ol.line))
                    card = ""
                terms.append(Term("play", giver or "", thing=card))
                continue
            m = _GIVE.match(chunk)
            if not m:
                problems.append(
                    Problem(
                        f"{chunk!r}: write 'alliance', 'promise TEXT', or 'POWER gives N "
                        "Resources|N Manpower|card CARD|area AREA|leader LEADER|unit UNIT to POWER'",
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
            elif m["kind"].casefold() in ("leader", "unit", "units"):  # SK 13.7, 19.5
                kind = "leader" if m["kind"].casefold() == "leader" else "unit"
                pieces = names.pieces(m["thing"], ol.line, problems)
                for x in pieces:
                    if x.kind != kind:
                        problems.append(Problem(f"{x.name} is not a {kind}", ol.line))
                    terms.append(Term(kind, giver or "", taker or "", thing=x.name))
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
    problems: list[Problem] = alliances.break_problems(s, power, deals)
    problems += sko_economics.ally_limit_problems(content, s, deals)  # SKO Economics (a)
    manpower = 0
    seen: dict[tuple, int] = {}
    for d in deals:
        if isinstance(d, alliances.FormalBreak):
            continue
        if d.key in seen:
            problems.append(Problem(f"the same deal as line {seen[d.key]}", d.line))
            continue
        seen[d.key] = d.line
        alliance = any(t.kind == "alliance" for t in d.terms)
        problems += [Problem(why, d.line) for why in _play_problems(content, s, d)]
        if ends_war := any(t.kind == "end war" for t in d.terms):  # SKO Ending a War
            problems += [Problem(why, d.line) for why in war.end_problems(s, d.parties)]
        refused: dict[tuple[str, str], str] = {}
        if alliance:
            refused, why = alliance_refusals(content, s, d)
            if why:
                problems.append(Problem(why, d.line))
        ransom = ransom_terms(s, d)
        for t in d.terms:
            if t.kind in ("alliance", "promise", "play", "end war"):
                continue
            if t.giver not in d.parties or t.taker not in d.parties:
                problems.append(
                    Problem(f"'{t.text()}': giver and taker must be parties to the deal", d.line)
                )
            elif t.giver == t.taker:
                problems.append(Problem(f"'{t.text()}': a power gives to another", d.line))
            elif not (
                (alliance and tuple(sorted((t.giver, t.taker))) not in refused)
                or ends_war  # SKO: "can result in the transfer of territory"
                or t in ransom  # SK 13.7, SE 14.2
                or alliances.allied(s, t.giver, t.taker)
                or alliances.surrendering_to(content, s, t.giver, t.taker)  # SE 14.2
            ):
                to = (
                    "a formal ally or a power it is surrendering to"
                    if content.game.rules.transfers == "and-victors"
                    else "a formal ally"
                )
                said = re.sub(r"\bResources\b", content.game.rules.money, t.text())  # SE 7.0
                problems.append(
                    Problem(
                        f"'{said}': {t.giver} may only transfer to {to} "
                        f"({content.game.rules.book} 14.2)",
                        d.line,
                    )
                )
            gives = t.kind in ("resources", "manpower") and t.giver == power and t.amount > 0
            if gives and power in s.treasury and s.treasury[power].zero:  # SK 7.5 / SE 7.4
                problems.append(Problem(f"'{t.text()}': {zero_problem(power)}", d.line))
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
            if t.kind == "unit" and auxiliaries.in_force(content) and t.thing in s.units:
                u = s.units[t.thing]
                if u.hired_by is None and u.country == t.giver:
                    problems.append(
                        Problem(
                            f"'{t.text()}': auxiliaries are lent only as a term of surrender (SE 19.1, 15.1)",
                            d.line,
                        )
                    )
            if t.kind in ("leader", "unit") and t.giver and t.taker:
                why = _piece_problem(s, t)
                if why:
                    problems.append(Problem(f"'{t.text()}': {why}", d.line))
            if (
                t.kind == "card"
                and t.giver
                and t.thing not in s.hands.get(s.player_of(t.giver), [])
            ):
                problems.append(
                    Problem(f"'{t.text()}': {t.giver}'s player holds no {t.thing}", d.line)
                )
    return problems


def _play_problems(content: SoldierContent, s: SoldierState, d: Deal) -> list[str]:
    """SE 14.4, 16.3: a card played in a deal is the alliance card, by a party to a deal
    that makes an alliance, from its player's hand."""
    out = []
    rule = content.tables.alliance_card
    for t in d.terms:
        if t.kind != "play":
            continue
        if rule is None or t.thing != rule.card:
            what = f"only {rule.card}, to make an alliance" if rule else "none"
            out.append(f"'{t.text()}': no card is played in a deal ({what})")
        elif not any(x.kind == "alliance" for x in d.terms):
            out.append(f"'{t.text()}': the card is played with an alliance ({rule.source})")
        elif t.giver not in d.parties:
            out.append(f"'{t.text()}': {t.giver} is not a party to the deal")
        elif t.thing not in s.hands.get(s.player_of(t.giver), []):
            out.append(f"'{t.text()}': {t.giver}'s player holds no {t.thing}")
    return out


def _end_war(
    names: Names, s: SoldierState, power: str, text: str, line: int, problems: list[Problem]
) -> list[Deal]:
    """`end war with POWER [giving AREA, ...] [taking AREA, ...]`: the deal `deal with POWER:
    end war; ...` (the sender gives the areas after `giving`, takes those after `taking`)."""
    got = war.parse_end(text)
    if got is None:
        problems.append(
            Problem("write: end war with POWER [giving AREA, ...] [taking AREA, ...]", line)
        )
        return []
    before = len(problems)
    other = _power(s, got[0], line, problems)
    terms = [Term("end war")]
    for areas, giver, taker in ((got[1], power, other), (got[2], other, power)):
        for a in areas:
            area = names.area(a, line, problems)
            terms.append(Term("area", giver or "", taker or "", thing=area or ""))
    if len(problems) > before or other is None:
        return []
    if other == power:
        problems.append(Problem("a war is ended with another power", line))
        return []
    return [Deal(tuple(sorted({power, other})), tuple(sorted(set(terms), key=Term.text)), line)]


def ransom_terms(s: SoldierState, d: Deal) -> set[Term]:
    """SK 13.7: captured leaders exchanged, or ransomed "for any consideration agreed
    upon", also between enemies (SE 14.2: "Other than ransoming a captured leader, a
    player may only transfer something to a Formal Ally ..."). The terms of a ransom,
    which 14.2's condition does not reach: each captured leader given back to his own
    side, and what the power that gets him back gives the power that held him (Money,
    Manpower, cards, areas, leaders: any consideration). The deal's other terms need
    14.2's formal ally or surrender (pbem's reading)."""
    back = [
        t
        for t in d.terms
        if t.kind == "leader"
        and t.thing in s.leaders
        and s.major_of(s.leaders[t.thing].country) == t.taker
    ]
    paid = {
        t
        for t in d.terms
        for r in back
        if t.kind in GIVEN and t.giver == r.taker and t.taker == r.giver
    }
    return set(back) | paid


def alliance_refusals(
    content: SoldierContent, s: SoldierState, d: Deal
) -> tuple[dict[tuple[str, str], str], str | None]:
    """SK 16.1-16.2 for each pair of an alliance deal. SE 14.4: "The Minor Country Alliance
    card must belong to one of the two players making the alliance" (16.3 likewise to
    restore a broken one): the pairs that no card of theirs allows are not allied, with
    why (the deal's other alliances and terms stand). Second: why the whole deal may not
    be made, a pair prohibited whatever the cards (16.2, 16.3, SE 16.7) or no pair left
    to ally."""
    refused: dict[tuple[str, str], str] = {}
    pairs = [(a, b) for i, a in enumerate(d.parties) for b in d.parties[i + 1 :]]
    for a, b in pairs:
        card = any(t.kind == "play" and t.giver in (a, b) for t in d.terms)
        why = alliances.prohibited(content, s, a, b, card)
        if why is None:
            continue
        if not card and alliances.prohibited(content, s, a, b, True) is None:
            refused[(a, b)] = why  # for want of its own card only
            continue
        return refused, why
    if pairs and len(refused) == len(pairs):
        return refused, refused[pairs[0]]
    return refused, None


def _piece_problem(s: SoldierState, t: Term) -> str | None:
    """Why a leader (SK 13.7) or unit (SK 19.5) cannot change hands as the term says."""
    if t.kind == "leader":
        ld = s.leaders[t.thing]
        if ld.status != "captured" or ld.captured_by != t.giver:
            return f"{t.giver} holds no captured leader {t.thing} (SK 13.7)"
        return None
    u = s.units[t.thing]
    if u.status != "map":
        return f"{t.thing} is not on the map (SK 19.5)"
    if u.hired_by is None and u.country == t.giver:
        return None  # lent: an auxiliary of the taker
    if u.hired_by == t.giver and u.country == t.taker and u.country in s.majors:
        return None  # an auxiliary given back
    return f"{t.giver} may lend only its own units, or give back auxiliaries it was lent (SK 19.5)"


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
            alliances.break_alliances(ctx, content, power, orders[power] or [], standing)
        s: SoldierState = ctx.state
        sent: dict[tuple, set[str]] = {}
        deals: dict[tuple, Deal] = {}
        for power in sorted(orders):
            for d in orders[power] or []:
                if isinstance(d, alliances.FormalBreak):
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
                        others={
                            p: [t.text() for t in o.terms]
                            for p in missing
                            if (o := _other(deals, sent, d, p))
                        },
                    )
                )
            else:
                made.append(d)
        ledger = _Ledger(s)  # SK 14.3: what each held before the phase, less what it gave
        given: list[tuple[str, str, str]] = []  # SE 18.7: areas obtained by a deal
        for d in made:  # in the order of their text
            terms = [t.text() for t in d.terms]
            why = ledger.take(content, ctx.state, d)
            if why:
                ctx.emit(DealVoid(parties=list(d.parties), terms=terms, why=why))
                continue
            refused: dict[tuple[str, str], str] = {}
            if any(t.kind == "alliance" for t in d.terms):
                refused = alliance_refusals(content, ctx.state, d)[0]
            ctx.emit(_made(ctx.state, d, sorted(refused)))
            for pair, why in sorted(refused.items()):  # SE 14.4: that pair's alliance only
                ctx.emit(DealVoid(parties=list(pair), terms=["alliance"], why=why))
            _lend(ctx, d)
            given += [(t.thing, t.giver, t.taker) for t in d.terms if t.kind == "area"]
            if any(t.kind == "end war" for t in d.terms):
                war.end(ctx, d.parties)  # SKO Ending a War
        if given:  # SE 18.7 example: liberation after "purchase" too
            minor_alliances.after_control_changes(ctx, content, standing, given)
        if phases.is_winter(ctx.state.turn):
            if auxiliaries.in_force(content):
                auxiliaries.expire(ctx)  # SE 19.1: the span ends with the turn
            phases.next_turn(ctx)
        else:  # SK World at War: the special Diplomacy Phase before Turn 1
            ctx.emit(phases.StageOver(stage="diplomacy", next="purchase"))


def _other(deals: dict[tuple, Deal], sent: dict[tuple, set[str]], d: Deal, p: str) -> Deal | None:
    """The deal `p` sent with the same parties as `d`, on other terms (the first by text)."""
    return next(
        (o for k, o in sorted(deals.items(), key=lambda kv: kv[1].text())
         if o.parties == d.parties and k != d.key and p in sent[k]),
        None,
    )  # fmt: skip


def zero_problem(power: str) -> str:
    """SK 7.5 / SE 7.4: "Players with zero Resources or Manpower may not ... spend or lose
    Resources or Manpower until they obtain more": no deal or ransom of theirs gives any
    (Treasury.zero, the reading used for attacks, sieges, prizes and cards)."""
    return (
        f"{power} has zero Resources or zero Manpower: it may not give Resources or "
        "Manpower until it has more (SK 7.5)"
    )


class _Ledger:
    """What each power held when the phase began, less what its deals so far give away:
    the exchanges are simultaneous (SK 14.3), so what a deal brings in does not pay for
    another."""

    def __init__(self, s: SoldierState):
        self.resources = {p: t.resources for p, t in s.treasury.items()}
        self.manpower = {p: t.manpower for p, t in s.treasury.items()}
        self.cards = {p: list(h) for p, h in s.hands.items()}
        self.areas = dict(s.control)
        self.pieces: set[str] = set()  # leaders and units a deal already moved
        # SK 7.5 / SE 7.4, read when the phase began, as the exchanges are simultaneous
        self.zero = {p for p, t in s.treasury.items() if t.zero}

    def take(self, content: SoldierContent, s: SoldierState, d: Deal) -> str | None:
        """Why the deal cannot be carried out (None: it is, and the ledger is charged)."""
        if any(t.kind == "alliance" for t in d.terms):  # SK 16.1-16.2, against those made
            why = alliance_refusals(content, s, d)[1]  # SE 14.4, 16.3: a card for each pair
            if why:
                return why
        r, m = dict(self.resources), dict(self.manpower)
        cards = {p: list(h) for p, h in self.cards.items()}
        areas = dict(self.areas)
        pieces = set(self.pieces)
        for t in d.terms:
            if t.kind in ("resources", "manpower") and t.amount > 0 and t.giver in self.zero:
                return zero_problem(t.giver)
            if t.kind == "resources":
                r[t.giver] = r.get(t.giver, 0) - t.amount
                if r[t.giver] < 0:
                    return f"{t.giver} has not the Resources to give (SK 14.3)"
            elif t.kind == "manpower":
                m[t.giver] = m.get(t.giver, 0) - t.amount
                if m[t.giver] < 0:
                    return f"{t.giver} has not the Manpower to give (SK 14.3)"
            elif t.kind in ("card", "play"):
                hand = cards.get(s.player_of(t.giver), [])
                if t.thing not in hand:
                    return f"{t.giver}'s player no longer holds {t.thing} (SK 14.3)"
                hand.remove(t.thing)
            elif t.kind == "area":
                if areas.get(t.thing) != t.giver:
                    return f"{t.giver} no longer controls {t.thing} (SK 14.3)"
                areas[t.thing] = ""
            elif t.kind in ("leader", "unit"):
                why = _piece_problem(s, t)
                if why or t.thing in pieces:
                    return why or f"{t.thing} was given by an earlier deal (SK 14.3)"
                pieces.add(t.thing)
        self.resources, self.manpower, self.cards, self.areas = r, m, cards, areas
        self.pieces = pieces
        return None


def _made(s: SoldierState, d: Deal, refused: list[tuple[str, str]]) -> DealMade:
    res: dict[str, int] = {}
    men: dict[str, int] = {}
    cards: list[list[str]] = []
    areas: dict[str, str] = {}
    leaders: dict[str, str] = {}
    for t in d.terms:
        if t.kind == "resources":
            res[t.giver] = res.get(t.giver, 0) - t.amount
            res[t.taker] = res.get(t.taker, 0) + t.amount
        elif t.kind == "manpower":
            men[t.giver] = men.get(t.giver, 0) - t.amount
            men[t.taker] = men.get(t.taker, 0) + t.amount
        elif t.kind == "card":
            cards.append([s.player_of(t.giver), s.player_of(t.taker), t.thing])
        elif t.kind == "play":  # SE 14.4: played, to the discard pile
            cards.append([s.player_of(t.giver), "", t.thing])
        elif t.kind == "area":
            areas[t.thing] = t.taker
        elif t.kind == "leader":
            leaders[t.thing] = t.taker
    return DealMade(
        parties=list(d.parties),
        terms=[t.text() for t in d.terms],
        alliance=any(t.kind == "alliance" for t in d.terms),
        refused=[list(p) for p in refused],
        resources=dict(sorted(res.items())),
        manpower=dict(sorted(men.items())),
        cards=cards,
        areas=dict(sorted(areas.items())),
        leaders=dict(sorted(leaders.items())),
        leaders_return=campaign_turns_after(s.turn, 1) if leaders else 0,
    )


def _lend(ctx: Resolution, d: Deal) -> None:
    """SK 19.5: the deal's units change hands once it is made (its alliance first)."""
    s: SoldierState = ctx.state
    moved: dict[tuple[str, str, bool], list[str]] = {}
    for t in d.terms:
        if t.kind == "unit":
            back = s.units[t.thing].hired_by == t.giver
            moved.setdefault((t.giver, t.taker, back), []).append(t.thing)
    for (giver, taker, back), units in sorted(moved.items()):
        if back:
            units = sorted(units, key=id_order)
            ctx.emit(mercenaries.AuxiliariesReverted(lender=taker, receiver=giver, units=units))
        else:
            mercenaries.lend_auxiliaries(ctx, giver, taker, units)


phases.register("diplomacy", Diplomacy())
