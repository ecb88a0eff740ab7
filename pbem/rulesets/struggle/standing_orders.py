"""Reading Struggle of Empires standing orders (docs/orders-struggle-of-empires.md):
the auction proxy and the answers during an attack (joining an ally, the naval combat,
Reserve, Fighting Withdrawal, losses, Blockade, Alliance tiles, a natural 7's loser)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pbem.ruleset import OrderLine, Parsed, Problem

from .auction import Proxy
from .content import SoEContent
from .order_lines import Reader, read_lines
from .order_phrases import alliance_tiles, proposal, reserve_when


@dataclass
class Standing:
    proxy: Proxy | None = None
    join: dict[str, tuple[str, ...]] = field(default_factory=dict)  # ally -> unit kinds
    decline_naval: tuple[str, ...] = ()  # areas ("*": all)
    reserve: str = "losing"  # SoE Reserve: when to use one (RESERVE_WHEN)
    withdraw: bool = False
    lose_forts_first: bool = False
    blockade_defending: bool = False  # SoE Blockade (b) when defending with naval support
    alliance: str | None = None  # army | navy: how an army-or-navy Alliance tile defends
    alliance_tiles: tuple[tuple[str, str], ...] = ()  # (tile, army | navy), one tile apart
    sevens: tuple[str, ...] = ()  # SoE Attack: the allies to lose a natural 7's unit, in order


def _naval_decline(r: Reader, where: str, out: Standing) -> None:
    """`naval decline [in AREA]` (also `decline naval combat [in AREA]`)."""
    m = re.fullmatch(r"\s*(?:in\s+(.+))?", where, re.I)
    if not m:
        r.bad("write: naval decline [in AREA]")
        return
    area = r.name("area", m.group(1)) if m.group(1) else "*"
    if area:
        out.decline_naval = (*out.decline_naval, area)


# SoE Attack: "The ally can also specify which units will fight, e.g. he may say that he
# will fight with his naval units but not with his army units"
_JOIN_KINDS = {"army": "army", "armies": "army", "navy": "navy", "navies": "navy"}
_JOIN_KINDS |= {"naval": "navy", "fleet": "navy", "fleets": "navy", "land": "army"}
_JOIN_FILLER = {"my", "his", "her", "its", "their", "the", "and", "only", "units", "unit", "all"}


def _join(r: Reader, text: str, out: Standing) -> None:
    """`join POWER [with armies|navies|both|nothing]`; `decline POWER` and `do not join
    POWER` as `with nothing`."""
    refuse = not text.casefold().startswith("join")
    rest = re.sub(r"^(?:join|decline|(?:do\s+not|don't)\s+join)\s+", "", text, flags=re.I)
    m = re.fullmatch(r"(.+?)(?:\s+with\s+(.+))?", rest, re.I)
    ally = r.name("power", m.group(1)) if m else None
    said = re.split(r"\bbut\b", (m.group(2) or "both").casefold())[0] if m else ""
    words = said.replace(",", " ").split()  # "with his naval units but not ..."
    words = [w for w in words if w not in _JOIN_FILLER]
    if words in (["both"], []):
        kinds: tuple[str, ...] = ("army", "navy")
    elif words == ["nothing"] or words == ["none"]:
        kinds = ()
    elif all(w in _JOIN_KINDS for w in words):
        kinds = tuple(k for k in ("army", "navy") if k in {_JOIN_KINDS[w] for w in words})
    else:
        r.bad("write: join POWER [with armies|navies|armies and navies|nothing]")
        return
    if ally:
        out.join[ally] = () if refuse else kinds


def parse_standing(content: SoEContent, lines: list[OrderLine]) -> Parsed:
    """Standing orders; an envelope replaces them all."""
    out = Standing()
    problems: list[Problem] = []
    up_to, proposals, accepts, never = None, [], [], False
    any_auction = False
    for text, r in read_lines(content, lines, problems):
        words = text.split()
        v = words[0].casefold()
        rest = text[len(words[0]) :].strip()
        if v == "auction":
            any_auction = True
            m = re.fullmatch(r"bid\s+up\s+to\s+(\d+)", rest, re.I)
            if m:
                up_to = int(m.group(1))
            elif rest.casefold() == "pass":
                never = True
            elif re.match(r"(propose|accept)\s", rest, re.I):
                kind, _, prop = rest.partition(" ")
                pair = proposal(r, prop)
                (proposals if kind.casefold() == "propose" else accepts).append(pair)
            else:
                from pbem.suggest import closest

                word = rest.split()[0] if rest else ""
                kinds = ["bid", "propose", "accept", "pass"]
                r.bad(
                    (f"{word!r} is not an auction order; " if word.casefold() not in kinds else "")
                    + "write: auction bid up to N | auction propose A=X B=Y | auction accept A=X B=Y | auction pass",
                    closest(word.casefold(), kinds) if word else None,
                )
        elif v in ("join", "decline") or re.match(r"(?:do\s+not|don't)\s+join\s", text, re.I):
            if v == "decline" and re.match(r"(?:the\s+)?naval\b", rest, re.I):
                # SoE Attack: "the defender can decline" the naval combat
                _naval_decline(
                    r, re.sub(r"^(?:the\s+)?naval(?:\s+combat)?", "", rest, flags=re.I), out
                )
                continue
            _join(r, text, out)
        elif v == "naval":
            m = re.fullmatch(r"(?:combat\s+)?decline(.*)", rest, re.I)
            if not m:
                r.bad("write: naval decline [in AREA]")
                continue
            _naval_decline(r, m.group(1), out)
        elif v == "reserve":
            when = reserve_when(r, rest)
            if when is not None:
                out.reserve = when
        elif v == "withdraw" or re.fullmatch(
            r"use\s+(?:the\s+)?fighting\s+withdrawal(?:\s+tile)?(\s+(?:when|if)\s+losing)?",
            text,
            re.I,
        ):
            # SoE Fighting Withdrawal: "As the defender you can avoid all military losses"
            out.withdraw = v == "use" or rest.casefold() in ("when losing", "if losing", "yes", "")
        elif v == "losses":
            out.lose_forts_first = rest.casefold() == "forts first"
        elif v == "alliance":
            _, per_tile = alliance_tiles(r, text)
            if per_tile:
                out.alliance_tiles = (*out.alliance_tiles, *per_tile)
                continue
            if rest.casefold() not in ("army", "navy"):
                r.bad("write: alliance army (or: alliance navy, alliance TILE army|navy)")
                continue
            out.alliance = rest.casefold()
        elif v == "sevens":
            # SoE Attack: "If there is more than one allied player then the losing
            # player decides which allied player must lose a unit"
            names = [r.name("power", x) for x in re.split(r"\s*,\s*|\s+then\s+", rest) if x]
            if not names:
                r.bad("write: sevens POWER[, POWER]")
            out.sevens = (*out.sevens, *(n for n in names if n))
        elif v == "blockade":
            if rest.casefold() not in ("when defending", "never"):
                r.bad("write: blockade when defending (or: blockade never)")
            out.blockade_defending = rest.casefold() == "when defending"
        else:
            r.bad(
                f"{words[0]!r} is not a standing order (auction, join, naval, reserve, withdraw, losses, sevens, blockade, alliance)"
            )
    if any_auction:
        out.proxy = Proxy(up_to, tuple(proposals), tuple(accepts), never)
    return Parsed(out, problems)
