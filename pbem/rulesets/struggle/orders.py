"""Reading Struggle of Empires orders (docs/orders-struggle-of-empires.md): set-up
placement, bids, a round's two actions with free tile uses. Standing orders:
standing_orders.py; the lines and their names: order_lines.py."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pbem.ruleset import OrderLine, Parsed, Problem

from .auction import Bid
from .content import SoEContent
from .names import find
from .order_lines import ONE, Reader, read_lines
from .order_phrases import RESERVE, alliance_tiles, proposal, reserve_when


@dataclass(frozen=True)
class Buy:
    tile: str
    line: int
    target: str | None = None  # Pirates / Slave Revolt: the power whose token is attacked
    area: str | None = None


@dataclass(frozen=True)
class Build:
    unit: str
    line: int
    to: str | None = None  # moved on after building (SoE Build Unit)
    via: str | None = None  # Mercenaries, Pressgangs or Trained Natives
    rebuild_from: str | None = None  # destroy a unit there first (one Unrest)
    # SoE Militia: an army built too for each Militia tile used, moved to the area named
    # ("": stays home)
    militia: tuple[str, ...] = ()
    then: str | None = None  # Trained Natives: the army's free move after placement


@dataclass(frozen=True)
class Move:
    moves: tuple[tuple[str, str, str], ...]  # (unit, from, to)
    line: int


@dataclass(frozen=True)
class Attack:
    area: str
    line: int
    target: str | None = None  # a power
    counter: str | None = None  # a neutral Country counter
    naval: bool = True  # fight the naval combat if there is one
    alone: bool = False  # do not ask allies
    alliance: str | None = None  # army | navy: how to use an army-or-navy Alliance tile
    # SoE Alliance tiles: one army-or-navy tile set apart ("alliance Sweden navy")
    alliance_tiles: tuple[tuple[str, str], ...] = ()
    surprise: bool = False
    war_office: bool = False  # a free attack (SoE War Office)
    blockade: bool = False  # SoE Blockade (b): naval support +2 in the land combat
    raid: str | None = None  # attack the Pirates / Slave Revolt tile in the area
    reserve: str | None = None  # SoE Reserve for this attack: as RESERVE_WHEN; None: standing


@dataclass(frozen=True)
class Colonize:
    area: str
    line: int
    enslave: bool = False
    counter: str | None = None


@dataclass(frozen=True)
class Pass:
    line: int


@dataclass(frozen=True)
class UseTile:
    """A free tile use: a company's gold, Improved Agriculture, Diplomatic Service."""

    tile: str
    line: int
    area: str | None = None
    take: str | None = None


@dataclass(frozen=True)
class Give:
    """SoE Attack: "A player can offer to pay another player gold to join with him":
    gold to another player, a free order carried out where it stands among the lines
    (not one of the round's two actions); no deal is binding, so nothing else follows."""

    to: str
    gold: int
    line: int


Action = Buy | Build | Move | Attack | Colonize | Pass | Give


@dataclass(frozen=True)
class Conditional:
    """`if won: ACTION` / `if lost: ACTION`: carried out only if the ordinary action
    before it came out so; the alternatives after one action count as one action."""

    when: str  # "won" | "lost"
    action: Action
    line: int


@dataclass
class ActionOrders:
    actions: list[Action] = field(default_factory=list)
    free: list[UseTile] = field(default_factory=list)


@dataclass
class Placement:
    units: list[tuple[str, str, int]] = field(default_factory=list)  # (type, area, line)
    unread: int = 0  # lines left out that did not read (checked without them)


def parse_placement(content: SoEContent, lines: list[OrderLine]) -> Parsed:
    out = Placement()
    problems: list[Problem] = []
    for text, r in read_lines(content, lines, problems):
        m = re.fullmatch(rf"place\s+{ONE}(\w+)\s+(?:(?:in|into|to|at)\s+)?(.+)", text, re.I)
        if not m:
            r.bad("write: place army|navy|fort AREA")
            continue
        unit, area = r.unit(m.group(1)), r.name("area", m.group(2))
        if unit and area:
            out.units.append((unit, area, r.line))
    return Parsed(out, problems)


def parse_bid(content: SoEContent, lines: list[OrderLine]) -> Parsed:
    bid: Bid | None = None
    problems: list[Problem] = []
    for text, r in read_lines(content, lines, problems):
        if bid is not None:
            r.bad("one bid or pass per auction turn")
            continue
        if text.casefold() == "pass":
            bid = Bid(None, line=r.line)
            continue
        m = re.fullmatch(r"bid\s+(\d+)(?:\s+gold)?\s*[:,]?\s+(.+)", text, re.I)
        if not m:
            r.bad("write: bid N A=POWER B=POWER (or: pass)")
            continue
        a, b = proposal(r, m.group(2))
        bid = Bid(int(m.group(1)), a, b, r.line)
    return Parsed(bid or Bid(None), problems)


# the attack line's words (regular expressions); a tile used may also be named as a tile
# ("with Surprise Attack", "with War Office", "with Blockade", as `build ... with TILE`)
_TILE = r"(?:(?:with|using)\s+(?:the\s+|a\s+|my\s+)?)?"  # "with the Surprise Attack tile"
_ATTACK_FLAGS = {
    # SoE Attack: "the attacker must state first whether he wishes to fight a naval
    # combat. If he declines ..."
    r"(?:no|decline(?:s)?(?:\s+the)?|without(?:\s+a)?)\s+naval(?:\s+combat)?": "naval",
    r"alone": "alone",
    rf"{_TILE}surprise(?:\s+attack)?(?:\s+tile)?": "surprise",
    rf"{_TILE}war\s+office(?:\s+tile)?": "war_office",
    rf"{_TILE}blockade(?:\s+tile)?": "blockade",
    r"alliance\s+army": "army",
    r"alliance\s+navy": "navy",
}


def parse_actions(content: SoEContent, lines: list[OrderLine]) -> Parsed:
    out = ActionOrders()
    problems: list[Problem] = []
    for text, r in read_lines(content, lines, problems):
        m = re.fullmatch(r"if\s+(won|lost)\s*:\s*(.*)", text, re.I)
        if m is None:
            _action(r, text, out)
            continue
        when = m.group(1).casefold()
        before = [a for a in out.actions if not isinstance(a, (Conditional, Give))]
        tail = out.actions[len(out.actions) - _run(out.actions) :]
        if not before:
            r.bad(f"'if {when}:' follows the action it depends on")
        elif any(isinstance(c, Conditional) and c.when == when for c in tail):
            r.bad(f"a second 'if {when}:' for the same action")
        elif not m.group(2):
            r.bad(f"write: if {when}: ACTION")
        else:
            one = ActionOrders()
            _action(r, m.group(2), one)
            if one.free:
                r.bad("a tile use is free: write it on its own line, not after 'if'")
            elif one.actions:
                out.actions.append(Conditional(when, one.actions[0], r.line))
    return Parsed(out, problems)


def _run(actions: list) -> int:
    """How many conditionals (and gifts among them) end the list: a `give` between an
    action and its `if won:` / `if lost:` does not part them."""
    n = 0
    while n < len(actions) and isinstance(actions[-1 - n], (Conditional, Give)):
        n += 1
    return n


def _action(r: Reader, text: str, out: ActionOrders) -> None:
    """One action line (or a free tile use) read into `out`."""
    verb, _, rest = text.partition(" ")
    v = verb.casefold()
    rest = rest.strip()
    if v == "pass":
        out.actions.append(Pass(r.line))
    elif v in ("buy", "play"):
        # SoE Pirates: "Can be played in any colonial region. Select a control token of
        # any colour to attack": `play Pirates against POWER in AREA` buys it
        m = re.fullmatch(r"(.+?)\s+against\s+(.+?)\s+in\s+(.+)", rest, re.I)
        swapped = re.fullmatch(r"(.+?)\s+in\s+(.+?)\s+against\s+(.+)", rest, re.I)
        if m or swapped:
            tile, target, area = (
                r.name("tile", (m or swapped).group(1)),
                r.name("power", m.group(2) if m else swapped.group(3)),
                r.name("area", m.group(3) if m else swapped.group(2)),
            )
            if tile and target and area:
                out.actions.append(Buy(tile, r.line, target, area))
        elif rest:
            tile = r.name("tile", rest)
            if tile:
                out.actions.append(Buy(tile, r.line))
        else:
            r.bad("write: buy TILE")
    elif v in ("build", "rebuild"):
        _build(r, v, rest, out)
    elif v == "move":
        moves = []
        for part in re.split(r"\s*(?:,|;|\band\b)\s*", rest):
            # SoE Move Two Units: "move two armies from X to Y" is two moves
            m = re.fullmatch(
                r"(?:(an?|one|1|two|2|three|3|four|4)\s+)?(\w+)\s+(?:from\s+)?(.+?)"
                r"\s+(?:to|into)\s+(.+)",
                part,
                re.I,
            )
            if not m:
                r.bad("write: move UNIT FROM to TO[, UNIT FROM to TO]")
                moves = []
                break
            unit, a, b = (
                r.unit(m.group(2)),
                r.name("area", m.group(3)),
                r.name("area", m.group(4)),
            )
            if unit and a and b:
                moves += [(unit, a, b)] * _COUNT.get((m.group(1) or "1").casefold(), 1)
        if moves:
            out.actions.append(Move(tuple(moves), r.line))
    elif v == "attack":
        _attack(r, rest, out)
    elif v in ("give", "pay"):
        _give(r, rest, out)
    elif v in ("colonize", "colonise", "enslave"):
        # SoE Colonization: "replace a Country counter marked 'Pop'" / "'Slaves'":
        # `colonize [a Pop counter in] AREA [counter ID]`, or the counter alone
        m = re.fullmatch(
            r"(?:(?:the\s+|a\s+)?(?:pop|slaves?)(?:\s+(?:country\s+)?counter)?\s+)?"
            r"(?:in\s+)?(.+?)(?:\s+counter\s+(\S+))?",
            rest,
            re.I,
        )
        alone = find(r.c, "counter", m.group(1))[0] if m and not m.group(2) else None
        if alone:  # `colonize NA-1`: the counter names its area
            m = None
            area, counter = r.c.counter_by_id[alone].area, alone
        else:
            area = r.name("area", m.group(1)) if m and m.group(1) else None
            counter = r.name("counter", m.group(2)) if m and m.group(2) else None
        if area:
            out.actions.append(Colonize(area, r.line, v == "enslave", counter))
        elif not rest:
            r.bad(f"write: {v} AREA")
    elif v in ("use", "place") or v == "play" and not re.search(r"\bagainst\b", rest, re.I):
        # SoE Blockade (a): "you can place the tile in a colonial area"; SoE Diplomatic
        # Service: "You may take one Alliance tile"; SoE Company Tiles: "you choose which
        # one of the areas you will collect money from"
        m = re.fullmatch(
            r"(.+?)(?:\s+(?:in|for|on)\s+(.+?))?(?:\s+(?:to\s+)?(?:take|buy|get)\s+(.+))?",
            rest,
            re.I,
        )
        tile = r.name("tile", m.group(1)) if m else None
        where, take = (m.group(2), m.group(3)) if m else (None, None)
        if where and not take and not find(r.c, "area", where)[0] and find(r.c, "tile", where)[0]:
            where, take = None, where  # `use Diplomatic Service for Sweden`
        area = r.name("area", where) if where else None
        take = r.name("tile", take) if take else None
        if tile:
            out.free.append(UseTile(tile, r.line, area, take))
    else:
        from pbem.suggest import closest

        verbs = [
            "attack",
            "build",
            "buy",
            "colonize",
            "enslave",
            "give",
            "move",
            "pass",
            "rebuild",
            "use",
        ]
        r.bad(f"{verb!r} is not an action ({', '.join(verbs)}){_NOT_AN_ACTION.get(v, '')}",
              closest(v, verbs))  # fmt: skip


# verbs a player may write for what is no action of his own, with what to write
_NOT_AN_ACTION = {
    # SoE Gold: "Gold may not be taken in advance in this fashion"
    "take": ": gold is taken from the bank, with its Unrest, only when a cost needs it,"
    " and then by itself (SoE Gold: not in advance)",
    "destroy": ": to destroy a unit and build it elsewhere write: rebuild UNIT from AREA"
    " [to AREA] (SoE Build Unit)",
}
_NOT_AN_ACTION |= {"borrow": _NOT_AN_ACTION["take"]}
_COUNT = {"two": 2, "2": 2, "three": 3, "3": 3, "four": 4, "4": 4}


def _give(r: Reader, rest: str, out: ActionOrders) -> None:
    """`give POWER N [gold]` or `give N [gold] to POWER` (SoE Attack: paying a player)."""
    m = re.fullmatch(r"(.+?)\s+(\d+)(?:\s+gold)?", rest, re.I) or re.fullmatch(
        r"(\d+)(?:\s+gold)?\s+to\s+(.+)", rest, re.I
    )
    if not m:
        r.bad("write: give POWER N (N gold to another player)")
        return
    who, n = (m.group(1), m.group(2)) if not m.group(1).isdigit() else (m.group(2), m.group(1))
    to = r.name("power", who)
    if int(n) < 1:
        r.bad("give at least 1 gold")
    elif to:
        out.actions.append(Give(to, int(n), r.line))


def _build(r: Reader, verb: str, rest: str, out: ActionOrders) -> None:
    # SoE Militia: "and army [to AREA]" once for each Militia tile held
    head, *extra = re.split(r"\s*,?\s+and\s+(?:an?\s+|one\s+)?army\b", rest, flags=re.I)
    m = re.fullmatch(
        rf"{ONE}(\w+)(?:\s+from\s+(.+?))?(?:\s+(?:to|in|into)\s+(.+?))?"
        r"(?:\s*,?\s+(?:with|using)\s+(.+?))?"
        r"(?:\s*,?\s+then\s+to\s+(.+?))?",
        head,
        re.I,
    )
    tails = [re.fullmatch(r"(?:\s+(?:to|in|into)\s+(.+))?", x, re.I) for x in extra]
    if not m or not all(tails):
        r.bad(f"write: {verb} UNIT [to AREA] [with TILE]")
        return
    unit = r.unit(m.group(1))
    frm = r.name("area", m.group(2)) if m.group(2) else None
    to = r.name("area", m.group(3)) if m.group(3) else None
    via = r.name("tile", m.group(4)) if m.group(4) else None
    then = r.name("area", m.group(5)) if m.group(5) else None
    if then is not None and (via != "Trained Natives" or to is None):
        r.bad(
            "'then to AREA' is the free move of a Trained Natives army: build army to AREA with Trained Natives, then to AREA"
        )
        return
    militia = tuple((r.name("area", t.group(1)) or "") if t.group(1) else "" for t in tails)
    if verb == "rebuild" and not frm:
        r.bad("write: rebuild UNIT from AREA [to AREA]")
        return
    if unit:
        out.actions.append(Build(unit, r.line, to, via, frm, militia, then))


def _target(who: str) -> str:
    """What an attack names, its articles and kind left out: SoE Attack "attack ... a
    neutral Country counter" ("the neutral", "a neutral country", "the neutral Country
    counter": neutral), SoE Pirates "the Pirate tile" (pirates)."""
    words = who.casefold().split()
    if words[:1] in (["the"], ["a"], ["an"]):
        words = words[1:]
    while words[-1:] in (["tile"], ["counter"], ["country"]):
        words = words[:-1]
    return " ".join(words)


def _attack(r: Reader, rest: str, out: ActionOrders) -> None:
    flags: set[str] = set()
    text, per_tile = alliance_tiles(r, rest)
    reserve = None
    m = RESERVE.search(text)
    if m:
        reserve = reserve_when(r, m.group(1))
        if reserve is None:
            return
        text = text[: m.start()] + text[m.end() :]
    for phrase, flag in _ATTACK_FLAGS.items():
        pat = re.compile(rf"\s*(?:,\s*)?\b{phrase}\b", re.I)
        if pat.search(text):
            flags.add(flag)
            text = pat.sub("", text)
    m = re.fullmatch(r"(.+?)\s+in\s+(.+)", text.strip(), re.I)
    if not m:
        r.bad(
            "write: attack POWER|COUNTER|neutral|Pirates|Slave Revolt in AREA "
            "[no naval] [alone] [surprise] [war office] [blockade] [alliance army|navy] "
            "[alliance TILE army|navy] [reserve if losing|if tied|never]"
        )
        return
    area, hint = find(r.c, "area", m.group(2))
    if area is None:
        r.bad(
            f"no area {m.group(2).strip()!r} (after 'in' the area, then any of: no naval,"
            " alone, surprise, war office, blockade, alliance army|navy, alliance TILE"
            " army|navy, reserve if losing|if tied|never)",
            hint,
        )
    who = m.group(1).strip()
    target = counter = raid = None
    plain = _target(who)
    if plain in ("pirates", "pirate", "slave revolt"):
        raid = "Slave Revolt" if plain == "slave revolt" else "Pirates"
    elif plain != "neutral":
        target, _ = find(r.c, "power", who)
        if target is None:
            counter = r.name("counter", who)
            if counter is None:
                return
    if area:
        out.actions.append(
            Attack(
                area, r.line, target, counter,
                naval="naval" not in flags, alone="alone" in flags,
                alliance="army" if "army" in flags else "navy" if "navy" in flags else None,
                alliance_tiles=per_tile,
                surprise="surprise" in flags, war_office="war_office" in flags,
                blockade="blockade" in flags, raid=raid, reserve=reserve,
            )
        )  # fmt: skip
