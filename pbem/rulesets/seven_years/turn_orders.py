"""Reading a player-turn envelope (plan 2.4, 7.3; docs/orders-seven-years-world-war.md):

    move UNITS from SQ to PATH [drop UNITS at SQ]... [expedition]
    move FLEETS [carrying UNITS] from SQ to PATH [land UNITS at SQ]...   (18.5)
    embark UNIT on FLEET at SQ / debark UNIT at SQ                      (18.5)
    forced march UNITS from SQ to PATH [drop UNITS at SQ]... [expedition]
        (either move line may end with [leader L] [honors of war] [advance if
        countermarched]: the defence if it is countermarched, 16.42, plan [C 16.e])
    attack SQ from SQ [with UNITS] [table T] [leader L [as PW]] [forced march]
        [honors of war] [advance | no advance | advance with UNITS] [losses UNITS]
        [retreat to SQ] [upgrade UNIT]
    if won: LINE / if lost: LINE        (right after an attack line)
    if control POWER: LINE / if occupy SQ: LINE / if empty SQ: LINE
    wait
    pillage SQ [losing UNIT] / minor pillage SQ [with UNITS] [losing UNIT]   (26, 4.74)
    enlighten SQ with V                                               (27.1)

UNITS: unit ids (`PR-A1 PR-A2`, commas allowed), `all`, `all except PR-A3`. PATH:
squares separated by spaces, commas, `-` or `then`. Lines go in phase order (7YWW 3.1:
movement, combat, pillage); nothing follows `wait`."""

from __future__ import annotations

import re
from dataclasses import replace

from pbem.ruleset import OrderLine, Parsed, Problem
from pbem.suggest import closest

from . import countermarch_lines, diplomacy_orders, minor_orders, names, pillage_lines, playmarkers
from .content import Content
from .diplomacy_lines import DiplomacyLine
from .state import SYWState
from .turn_lines import Attack, Embark, Guard, Line, Move, TurnOrders, Units, Wait

PHASE = {"move": 1, "attack": 2, "pillage": 3}
LATER: dict[str, str] = {}  # the heads of lines of rules not built yet: their message
HEADS = ["move", "forced march", "attack", "wait", "embark", "debark", "if won:", "if lost:",
         "if control", "if occupy", "if empty", "play", "minor move", "minor attack",
         "pillage", "minor pillage", "enlighten", *diplomacy_orders.HEADS, *LATER]  # fmt: skip
ATTACK_WORDS = (
    "forced march", "honors of war", "honours of war", "no advance", "advance with",
    "advance", "retreat to", "losses", "leader", "table", "with", "from", "as", "upgrade",
)  # fmt: skip
MOVE_WORDS = ("drop", "expedition", "carrying", "land", *countermarch_lines.MOVE_WORDS)
GUARD = re.compile(r"^if\s+(won|lost|control|occupy|empty)\b\s*(.*?)\s*:\s*(.*)$", re.I)


class Reader:
    def __init__(self, c: Content, s: SYWState, line: int, text: str, problems: list[Problem]):
        self.c, self.s, self.line, self.text, self.problems = c, s, line, text, problems
        self.ok = True

    def bad(self, msg: str, hint: str | None = None) -> None:
        self.ok = False
        self.problems.append(Problem(msg, self.line, hint))

    def square(self, text: str) -> str:
        got, hint = names.find(self.c, "square", text.strip())
        if got is None:
            self.bad(f"no square {text.strip()!r} on the map", hint)
            return ""
        return got

    def power(self, text: str) -> str:
        got = names.power(self.c, text)
        if got is None or got not in self.c.majors:
            self.bad(f"no major power {text.strip()!r}", names.find(self.c, "power", text)[1])
            return ""
        return got

    def unit(self, text: str) -> str:
        ids = {u.casefold(): u for u in self.s.units}
        got = ids.get(text.strip().casefold())
        if got is None:
            hint = closest(text.strip(), list(self.s.units))
            self.bad(f"no unit {text.strip()!r} on the map", hint)
            return ""
        return got

    def units(self, text: str) -> Units:
        words = [w for w in re.split(r"[,\s]+", text.strip()) if w]
        if not words:
            self.bad("name the units (unit ids, or all)")
            return Units()
        if words[0].casefold() == "all":
            rest = words[1:]
            if rest and rest[0].casefold() == "except":
                return Units(all=True, except_=tuple(self.unit(w) for w in rest[1:]))
            if rest:
                self.bad("write: all, or all except UNIT ...")
            return Units(all=True)
        ids, bad = names.unit_ids(self.s.units, text)  # 28.6 minor ids may hold spaces
        for w in bad:
            self.unit(w)
        return Units(ids=tuple(ids))

    def path(self, text: str) -> tuple[str, ...]:
        """Squares separated by spaces, commas, `-` or `then`; map names may have several
        words (the longest name that reads is taken)."""
        words = []
        for w in re.split(r"[,\s]+", text.strip()):
            if not w or w == "-" or w.casefold() == "then":
                continue
            if names.square(self.c, w) is None and "-" in w:
                words += [p for p in w.split("-") if p]
            else:
                words.append(w)
        out: list[str] = []
        i = 0
        while i < len(words):
            for j in range(len(words), i, -1):
                got = names.square(self.c, " ".join(words[i:j]))
                if got is not None:
                    out.append(got)
                    i = j
                    break
            else:
                self.square(words[i])
                i += 1
        if not out and self.ok:
            self.bad("the path names no square")
        return tuple(out)


def read_move(r: Reader, text: str, forced: bool) -> Move | None:
    head = "forced march" if forced else "move"
    m = re.fullmatch(rf"{head}\s+(.+?)\s+from\s+(.+?)\s+to\s+(.+)", text, re.I)
    if not m:
        r.bad(
            f"write: {head} UNITS [carrying UNITS] from SQ to PATH [drop UNITS at SQ] [land UNITS at SQ] [expedition] [leader L] [honors of war] [advance if countermarched]"
        )
        return None
    head_parts = names.clauses(m.group(1), ("carrying",))
    units, start = r.units(head_parts[0][1]), r.square(m.group(2))
    carrying: list[str] = [u for _, rest in head_parts[1:] for u in r.units(rest).ids]
    parts = naval_clauses(names.clauses(m.group(3), MOVE_WORDS))
    path = r.path(parts[0][1])
    drops: list[tuple[str, str]] = []
    landings: list[tuple[str, str]] = []
    expedition = False
    cm: dict = {}  # 16.42, plan [C 16.e]: used only if the move is countermarched
    for word, rest in parts[1:]:
        if word in countermarch_lines.MOVE_WORDS:
            countermarch_lines.move_clause(r, word, rest, cm)
        elif word == "drop":
            dm = re.fullmatch(r"(.+?)\s+at\s+(.+)", rest, re.I)
            if not dm:
                r.bad("write: drop UNITS at SQ")
                continue
            sq = r.square(dm.group(2))
            for w in re.split(r"[,\s]+", dm.group(1).strip()):
                if w:
                    drops.append((r.unit(w), sq))
        elif word == "expedition":
            if rest:
                r.bad(f"unexpected {rest!r} after expedition")
            expedition = True
        elif word == "carrying":  # 18.5
            carrying += r.units(rest).ids
        else:  # land UNITS at SQ (18.53)
            lm = re.fullmatch(r"(.+?)\s+at\s+(.+)", rest, re.I)
            if not lm:
                r.bad("write: land UNITS at SQ")
                continue
            sq = r.square(lm.group(2))
            landings += [(r.unit(w), sq) for w in re.split(r"[,\s]+", lm.group(1).strip()) if w]
    if not r.ok:
        return None
    return Move(r.line, r.text, units, start, path, tuple(drops), expedition, forced,
                carrying=tuple(carrying), landings=tuple(landings), **cm)  # fmt: skip


def naval_clauses(parts: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A `land` that is not followed by `UNITS at SQ` is part of a square's name ("Arnhem
    Land"): glued back to the text before it."""
    out: list[tuple[str, str]] = []
    for word, rest in parts:
        if word == "land" and out and not re.search(r"\sat\s", rest, re.I):
            w0, r0 = out[-1]
            out[-1] = (w0, f"{r0} Land {rest}".strip())
        else:
            out.append((word, rest))
    return out


def read_embark(r: Reader, text: str) -> Embark | None:
    """`embark UNIT on FLEET at SQ` / `debark UNIT at SQ` (18.5, plan [C 18.d])."""
    m = re.fullmatch(r"embark\s+(\S+)\s+on\s+(\S+)\s+at\s+(.+)", text, re.I)
    if m:
        unit, fleet, sq = r.unit(m.group(1)), r.unit(m.group(2)), r.square(m.group(3))
        return Embark(r.line, r.text, unit, fleet, sq) if r.ok else None
    m = re.fullmatch(r"debark\s+(\S+)\s+at\s+(.+)", text, re.I)
    if m:
        unit, sq = r.unit(m.group(1)), r.square(m.group(2))
        return Embark(r.line, r.text, unit, "", sq, debark=True) if r.ok else None
    r.bad("write: embark UNIT on FLEET at SQ, or debark UNIT at SQ")
    return None


def read_attack(r: Reader, text: str) -> Attack | None:
    parts = names.clauses(text[len("attack") :], ATTACK_WORDS)
    target = r.square(parts[0][1]) if parts[0][1] else ""
    if not parts[0][1]:
        r.bad("write: attack SQ from SQ [with UNITS] [table T] ...")
    got: dict = {"units": Units(all=True)}
    seen: set[str] = set()
    for word, rest in parts[1:]:
        if word in seen and word != "as":
            r.bad(f"{word!r} is written twice")
        seen.add(word)
        flag = word in ("forced march", "honors of war", "honours of war", "no advance", "advance")
        if flag and rest:
            r.bad(f"unexpected {rest!r} after {word!r}")
            continue
        if not flag and not rest:
            r.bad(f"{word!r} needs what follows it")
            continue
        if word == "from":
            got["source"] = r.square(rest)
        elif word == "with":
            got["units"] = r.units(rest)
        elif word == "table":
            t = rest.casefold()
            if t not in names.TABLES:
                r.bad(
                    f"no table {rest!r}: engagement, linear or revolutionary",
                    closest(t, names.TABLES),
                )
            got["table"] = t
        elif word == "leader":
            lid, hint = names.marker_label(r.c, rest)
            if lid is None or lid not in r.s.leaders:
                r.bad(f"no leader {rest!r} (leaders are named by id, e.g. G3-1)", hint)
            else:
                got["leader"] = lid
        elif word == "as":
            if "leader" not in seen:
                r.bad("'as POWER' follows 'leader NAME'")
            got["as_power"] = r.power(rest)
        elif word == "forced march":
            got["forced"] = True
        elif word in ("honors of war", "honours of war"):
            got["honors"] = True
        elif word in ("advance", "no advance", "advance with"):
            if got.get("advance"):
                r.bad("one advance clause an attack")
            got["advance"] = {"advance": "all", "no advance": "none"}.get(word, "with")
            if word == "advance with":
                got["advance_units"] = r.units(rest).ids
        elif word == "losses":
            got["losses"] = r.units(rest).ids
        elif word == "retreat to":
            got["retreat_to"] = r.square(rest)
        elif word == "upgrade":
            got["upgrade"] = r.unit(rest)
    if "source" not in got and r.ok:
        r.bad("say where the attack comes from: attack SQ from SQ")
    if not r.ok:
        return None
    return Attack(r.line, r.text, target, **got)


def parse(c: Content, s: SYWState, lines: list[OrderLine]) -> Parsed:
    out = TurnOrders()
    problems: list[Problem] = []
    phase = 0
    prev: tuple[int, str] | None = None  # the last line read: (number, attack|outcome|other)
    bad_attack: int | None = None  # the refused attack line the next `if won:` would follow
    for ol in lines:
        text = ol.text.split("#", 1)[0].strip()
        if not text:
            continue
        if prev is not None:
            kept = bool(out.lines) and out.lines[-1].line == prev[0]
            if prev[1] == "attack":
                bad_attack = None if kept else prev[0]
            elif prev[1] == "other":
                bad_attack = None  # an `if won:` line keeps the attack line it depends on
        r = Reader(c, s, ol.line, text, problems)
        if out.lines and isinstance(out.lines[-1], Wait):
            r.bad("nothing may follow 'wait': send the rest in the next envelope (plan 2.4)")
            continue
        guard = None
        body = text
        gm = GUARD.match(text)
        outcome = bool(gm) and gm.group(1).casefold() in ("won", "lost")
        head = (gm.group(3) if gm else text).split()[:1]
        prev = (ol.line, "outcome" if outcome else "attack" if head == ["attack"] else "other")
        if outcome and bad_attack is not None:  # one message: the attack line's own
            kind = gm.group(1).casefold()
            r.bad(f"'if {kind}:' is refused with the attack line it depends on "
                  f"(line {bad_attack}): fix that line first")  # fmt: skip
            continue
        if gm:
            kind, arg, body = gm.group(1).casefold(), gm.group(2), gm.group(3).strip()
            if kind in ("won", "lost"):
                if arg:
                    r.bad(f"write: if {kind}: LINE")
                last = out.lines[-1] if out.lines else None
                if not isinstance(last, Attack) or (
                    last.guard is not None and last.guard.kind not in ("won", "lost")
                ):
                    r.bad(f"'if {kind}:' comes right after the attack line it depends on")
                guard = Guard(kind)
            elif kind == "control":
                guard = Guard(kind, r.power(arg))
            else:
                guard = Guard(kind, r.square(arg))
            if not body:
                r.bad("a guard needs a line after the colon")
                continue
        low = body.casefold()
        word = low.split()[0] if low.split() else ""
        line: Line | None = None
        if low == "wait":
            if guard is not None:
                r.bad("'wait' takes no guard")
            line = Wait(ol.line, text)
        elif pillage_lines.HEAD.match(body):  # 7YWW 26, 4.74 (pillage_lines.py)
            line = pillage_lines.read_pillage(r, body)
        elif word == "enlighten":  # 7YWW 27.1 (pillage_lines.py, enlightenment.py)
            got = pillage_lines.read_enlighten(c, s, ol.line, body)
            if isinstance(got, Problem):
                r.bad(got.message, got.suggestion)
            else:
                line = got
        elif low.startswith("forced march"):
            line = read_move(r, body, forced=True)
        elif word == "move":
            line = read_move(r, body, forced=False)
        elif word == "attack":
            line = read_attack(r, body)
        elif word in diplomacy_orders.HEADS:  # 7YWW 9, 7.2, 10.35, 8.31
            line, probs = diplomacy_orders.read(c, s, ol.line, body)
            for p in probs:
                r.bad(p.message, p.suggestion)
            if isinstance(line, DiplomacyLine) and phase > 0:
                r.bad("diplomacy lines come before movement and combat lines (7YWW 3.1(3)(a))")
        elif word == "play":  # 29.7 Attrition, Scientific Breakthrough, Voltaire
            line = playmarkers.read_turn_line(c, ol.line, body, problems)
            r.ok = line is not None
        elif word in ("embark", "debark"):
            line = read_embark(r, body)
        elif word == "minor":  # 7YWW 4.72, 4.73 (minor_orders.py)
            line = minor_orders.read(r, body)
        elif word in LATER:
            r.bad(LATER[word])
        else:
            r.bad(f"not an order of a player turn: {body!r}", names.closest_head(low, HEADS))
        if line is None or not r.ok:
            continue
        if guard is not None:
            line = _guarded(line, guard)
        kind = (
            "move"
            if isinstance(line, Move | Embark)
            else "attack"
            if isinstance(line, Attack)
            else ""
        )
        kind = minor_orders.PHASE_KIND.get(type(line), kind)  # 7YWW 4.72, 4.73
        kind = pillage_lines.PHASE_KIND.get(type(line), kind)  # 7YWW 3.1(3)(d)
        if kind:
            if PHASE[kind] < phase:
                if phase == PHASE["pillage"]:
                    r.bad("movement and combat lines come before pillage lines (7YWW 3.1(3)(d): the pillage phase follows combat)")  # fmt: skip
                    continue
                r.bad(
                    "movement lines come before combat lines (7YWW 3.1(3): the movement phase, then the combat phase)"
                )
                continue
            phase = PHASE[kind]
        out.lines.append(line)
    return Parsed(out, problems)


def _guarded(line: Line, guard: Guard) -> Line:
    return replace(line, guard=guard)  # type: ignore[arg-type]
