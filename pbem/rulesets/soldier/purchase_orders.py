"""Purchase Phase orders read (SK 6.2-6.4, the scenarios' subsidies; SE 19.3's
`buy Netherlands fleet`): each line to a Place, Buy, Recover or Give order, or a card
play (SK 5.1). economy.py checks and carries them out."""

from __future__ import annotations

from typing import Any

from pbem.ruleset import OrderLine, Parsed, Problem
from pbem.suggest import closest

from . import fortresses
from .content import SoldierContent
from .hooks import card_rules
from .names import Names
from .purchases import COUNT_WORDS, GIVE_LINE, UNIT_WORDS, VERBS, Buy, Give, Place, Recover
from .state import SoldierState


def read(content: SoldierContent, s: SoldierState, power: str, lines: list[OrderLine]) -> Parsed:
    names = Names(content, s)
    out: list[Any] = []
    problems: list[Problem] = []
    for ol in lines:
        text = " ".join(ol.text.split("#", 1)[0].split())
        if not text:
            continue
        words = text.split()
        verb = words[0].casefold()
        if verb == "place" or (verb not in VERBS and ":" in text):
            order = _parse_place(names, text, ol.line, problems)
        elif verb == "buy":
            order = _parse_buy(words[1:], ol.line, problems, content)
        elif verb == "recover":
            units = _units(names, " ".join(words[1:]), ol.line, problems, "recover")
            order = Recover(ol.line, tuple(units)) if units else None
        elif verb == "give":
            order = _parse_give(s, text, ol.line, problems)
        elif verb == "upgrade":  # SKO Economics (d)
            order = fortresses.parse(content, s, power, text, ol.line, problems)
        elif verb == "play":  # SK 5.1: event cards (cards.py)
            rest = text.partition(" ")[2]
            order = card_rules(content).parse_play(
                content, names, s, power, rest, ol.line, problems, "purchase"
            )
        else:
            problems.append(
                Problem(
                    f"{words[0]!r} is not an order of the Purchase Phase ({', '.join(VERBS)})",
                    ol.line,
                    closest(verb, VERBS),
                )
            )
            continue
        if order is not None:
            out.append(order)
    return Parsed(out, problems)


def _units(names: Names, text: str, line: int, problems: list[Problem], verb: str) -> list[str]:
    before = len(problems)
    pieces = names.pieces(text, line, problems)
    units = []
    for p in pieces:
        if p.kind == "leader":
            problems.append(Problem(f"{p.name} is a leader; {verb} names armies and fleets", line))
        else:
            units.append(p.name)
    if not pieces and len(problems) == before:
        problems.append(Problem(f"{verb}: name at least one army or fleet (e.g. Pr-A3)", line))
    return units


def _parse_place(names: Names, text: str, line: int, problems: list[Problem]):
    if text.casefold().startswith("place "):
        body = text[6:]
        where = body.casefold().rfind(" in ")
        if where < 0:
            problems.append(Problem("write: place UNIT[, UNIT...] in AREA", line))
            return None
        what, area_text = body[:where], body[where + 4 :]
    else:
        area_text, _, what = text.partition(":")
    area = names.area(area_text, line, problems)
    units = _units(names, what, line, problems, "place")
    return Place(line, tuple(units), area) if area and units else None


def _parse_buy(words: list[str], line: int, problems: list[Problem], content: SoldierContent):
    usage = "write: buy army, buy 2 armies, buy fleet"
    if not words:
        problems.append(Problem(usage, line))
        return None
    count = 1
    if words[0].isdecimal():
        count = int(words[0])
        words = words[1:]
    elif words[0].casefold() in COUNT_WORDS and len(words) > 1:
        count = COUNT_WORDS[words[0].casefold()]
        words = words[1:]
    if count < 1:
        problems.append(Problem(f"buy {count}: buy at least one unit", line))
        return None
    if words and words[0].casefold().startswith("provincial"):  # SK 19.41
        if len(words) > 2 or (len(words) == 2 and UNIT_WORDS.get(words[1].casefold()) != "army"):
            problems.append(Problem("write: buy provincial army, buy 2 provincial armies", line))
            return None
        return Buy(line, "provincial", count)
    country = ""
    if len(words) > 1 and UNIT_WORDS.get(words[-1].casefold()):
        try:  # SE 19.3: buy Netherlands fleet
            country = content.country(" ".join(words[:-1])).name
        except KeyError:
            country = ""
        if country:
            words = words[-1:]
    if len(words) != 1:
        problems.append(Problem(usage, line))
        return None
    kind = UNIT_WORDS.get(words[0].casefold())
    if kind is None:
        problems.append(
            Problem(
                f"cannot buy {words[0]!r}: armies and fleets are bought ({usage})",
                line,
                closest(words[0], list(UNIT_WORDS)),
            )
        )
        return None
    return Buy(line, kind, count, country)


def _parse_give(s: SoldierState, text: str, line: int, problems: list[Problem]):
    m = GIVE_LINE.match(text)
    if not m:
        problems.append(Problem("write: give N to POWER (e.g. give 8 to Prussia)", line))
        return None
    amount_text, who = m.group(1), m.group(2).strip()
    if not amount_text.isdecimal() or int(amount_text) < 1:
        problems.append(
            Problem(f"give {amount_text}: give a whole number of Resources, 1 or more", line)
        )
        return None
    powers = {p.casefold(): p for p in s.majors}
    if who.casefold() not in powers:
        problems.append(Problem(f"no warring power {who!r}", line, closest(who, s.majors)))
        return None
    return Give(line, int(amount_text), powers[who.casefold()])
