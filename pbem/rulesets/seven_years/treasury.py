"""The Treasury Phase's choices, 7YWW 3.1(2)(c)-(e): one simultaneous envelope from every
player (plan 2.3 [C 2.d]; taxation and free markers ran in `YEAR-start`, start.py),
resolved in passes, in each pass the players in initiative order and each player's lines
of that pass in the order written:

0. `give` (10.35) and `reveal` (7.2), plan [C 10.g] (treasury_gifts.py);
1. money markers (29.7: Corruption, Coalition Rallies, Laissez Faire, Manufacturing
   Inventions, Trading Charter) and `return` (8.31);
2. recruiting (11, `recruit`) and buying markers (10.32, `buy`);
3. training (17, `train`);
4. disbanding (11.5, `disband`).

The first player's early turn (plan 2.5 item 5): the player who moves first this game
turn (6.1, known since `YEAR-start`) may write a line `turn:` after his treasury lines and
his player-turn envelope under it; his player turn then resolves right after the
Treasury Phase, with no wait of its own. It is validated against the board as his own
treasury lines leave it; at resolution the other players' recruits may make a line
impossible, and such a line is skipped and reported as in any player turn.

A line that has become impossible when its turn comes (the treasury cannot pay it, a
marker or leader is gone) is skipped with a private `syw.order_skipped`. Validation runs
the envelope on a copy of the state (money.Dry). Default: nothing (the treasury
accumulates, 10.14). The order language: plan 7.2."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pbem.clone import clone
from pbem.resolution import Resolution
from pbem.ruleset import OrderLine, Parsed, Problem, Step, parse_good_lines
from pbem.suggest import closest

from . import events as E
from . import (
    legions,
    minor_orders,
    minor_recruit,
    minor_recruiting_option,
    names,
    phases,
    playmarkers,
    recruiting,
    taxes,
    training,
)
from . import treasury_gifts as gifts
from .content import LEADER, Content
from .money import (
    PASSES,
    TREASURY_MARKERS,
    Dry,
    Tally,
    TLine,
    check_play,
    check_return,
    play,
    return_line,
    tally_for,
)
from .occupation import occupied
from .pillage_lines import PILLAGE, RemovePillage, read_remove
from .state import SYWState, TurnProgress

HEADS = [
    "recruit", "buy", "train", "disband", "return", "play",
    "raise taxes", "legion", "remove pillage", "give", "reveal",
]  # fmt: skip
LATER_LINES = {  # plan 7.2 lines of later milestones: (rule, the option that governs it)
    "remove pillage": ("7YWW 10.33, 26.4", "pillage"),
}
WHEN = {  # 29.7: when the other markers are played
    "Attrition": "in the friendly player turn",
    "Diplomacy": "in the diplomacy phase (7YWW 9.0) or for enlightenment (27.0)",
    "Expedition": "in the friendly movement phase",
    "Forced March": "in the movement or combat phase, or as a countermarch (7YWW 16.0)",
    "Grand Tour": "in the initiative phase",
    "Honors of War": "in combat, before the die is rolled",
    "Illuminati": "after a die roll",
    "Sturm & Drang": "against the play of another marker",
    "Balance of Power": "the instant it is picked (7YWW 8.42): it never stays in a hand",
    "Revolution": "the instant it is picked (7YWW 8.42): it never stays in a hand",
}
RECRUIT = re.compile(
    r"^recruit\s+(?:(\d+)\s+)?(fortified\s+zones?|fzs?|armies|army|hordes?|fleets?|bases?|legions?)"
    r"\s+(.+?)\s+(?:at|in)\s+(.+)$",
    re.I,
)
BUY = re.compile(r"^buy\s+(?:(\d+)\s+)?(?:campaign\s+)?markers?$", re.I)
TRAIN = re.compile(r"^train\s+(.+?)\s+with\s+(.+?)(?:\s+as\s+(.+))?$", re.I)
TURN_HEAD = re.compile(r"^turn\s*:$", re.I)
PLAY = re.compile(r"^play\s+(.+?)(?:\s+(?:on|against|at|for)\s+(.+))?$", re.I)


# ------------------------------------------------------------------------ reading


def _units(s: SYWState, text: str) -> list[str]:
    by = {uid.casefold(): uid for uid in s.units}
    return [by.get(w.casefold(), w.upper()) for w in re.split(r"[,\s]+", text.strip()) if w]


def _route(c: Content, text: str) -> tuple[str | None, str | None]:
    idx = {}
    for r in c.map.routes:
        idx[names.key(r.name)] = r.name
        idx[names.key(r.name.split(" (")[0])] = r.name
    k = re.sub(r"\s+(trade\s+)?route$", "", names.key(text))
    if k in idx:
        return idx[k], None
    hint = closest(k, list(idx))
    return None, idx.get(hint) if hint else None


def _play(c: Content, s: SYWState, ln: int, text: str, m: re.Match) -> TLine | Problem:
    label, hint = names.marker_label(c, m.group(1))
    if label is None:
        return Problem(f"no campaign marker {m.group(1)!r}", ln, hint)
    if label in c.markers and c.is_leader(label):
        return Problem(f"leaders are used in the treasury phase by `train UNITS with {label}` (7YWW 17.1)", ln)  # fmt: skip
    kind = label.rsplit(" ", 1)[0] if label.startswith("Diplomacy") else label
    if label == minor_orders.MARKER:  # 7YWW 4.71, 11.6 (minor_orders.py, minor_recruit.py)
        return minor_orders.read_alliance(c, s, ln, text, (m.group(2) or "").strip())
    if kind in playmarkers.ANY_ENVELOPE:  # 29.7 Scientific Breakthrough, Voltaire
        got = playmarkers.read(c, ln, text)
        if isinstance(got, Problem):
            return got
        return TLine(ln, text, "play", marker=got[0], returns=list(got[2]))
    if kind not in TREASURY_MARKERS:
        return Problem(f"{label} is not played in the treasury phase: it is played {WHEN.get(kind, 'at another time')} (7YWW 29.7)", ln)  # fmt: skip
    target = (m.group(2) or "").strip()
    out = TLine(ln, text, "play", marker=label)
    if label in ("Coalition Rallies", "Laissez Faire"):
        if target:
            return Problem(f"{label} takes no target: write `play {label.lower()}`", ln)
        return out
    if not target:
        what = {"Corruption": "Coalition 2", "Manufacturing Inventions": "C14"}.get(label, "West Indies")  # fmt: skip
        return Problem(f"{label} needs a target: `play {label.lower()} on {what}`", ln)
    if label == "Corruption":
        seat = names.seat(s.seats, target)
        if seat is None:
            return Problem(f"no player {target!r}: write a player as `Coalition 2` (7YWW 29.7 Corruption)", ln)  # fmt: skip
        out.target = seat
    elif label == "Manufacturing Inventions":
        sq, hint = names.find(c, "square", target)
        if sq is None:
            return Problem(f"no square {target!r}", ln, hint)
        out.target = sq
    else:
        route, hint = _route(c, target)
        if route is None:
            return Problem(f"no trade route {target!r} (7YWW 10.121)", ln, hint)
        out.target = route
    return out


OPTION_LINES = {  # options 23, 25: (rule, option, reader)
    "raise taxes": ("7YWW 25.0", taxes.OPTION, taxes.read),
    "legion": ("7YWW 23.1", legions.OPTION, legions.read),
}


def read_line(c: Content, s: SYWState, ln: int, text: str) -> TLine | Problem:
    low = names.key(text)
    if low.startswith("remove pillage") and PILLAGE in s.options:  # 7YWW 26.3
        return read_remove(c, s, ln, text)
    for head, (rule, option, reader) in OPTION_LINES.items():
        if low == head or low.startswith(head + " "):
            if option not in s.options:
                return Problem(f"`{head}` ({rule}) needs the optional rule (option {option}), which this game does not use", ln)  # fmt: skip
            return reader(c, s, ln, text)
    for head, (rule, option) in LATER_LINES.items():
        if low == head or low.startswith(head + " "):
            if option and option not in s.options:
                return Problem(f"`{head}` ({rule}) needs the optional rule (option {option}), which this game does not use", ln)  # fmt: skip
            return Problem(f"`{head}` ({rule}) is not available in this game yet", ln)
    if low.split(" ", 1)[0] in gifts.HEADS:  # 7YWW 10.35, 7.2 [C 10.g]
        return gifts.read(c, s, ln, text)
    if low.startswith("recruit"):
        m = RECRUIT.match(text)
        if not m:
            return Problem("write `recruit [N] TYPE POWER at SQUARE`, e.g. `recruit 2 armies PR at C16` (types: army, horde, fleet, fortified zone or fz, base)", ln)  # fmt: skip
        power, hint = names.find(c, "power", m.group(3))
        if power is None:
            return Problem(f"no major power {m.group(3)!r}", ln, hint)
        sq, hint = names.find(c, "square", m.group(4))
        if sq is None:
            return Problem(f"no square {m.group(4)!r}", ln, hint)
        word = " ".join(m.group(2).lower().split())
        n = int(m.group(1)) if m.group(1) else 1
        return TLine(ln, text, "recruit", n=n, type=recruiting.WORDS[word], power=power, square=sq)
    if low.startswith("buy"):
        m = BUY.match(text)
        if not m:
            return Problem("write `buy N markers` (7YWW 10.32)", ln)
        return TLine(ln, text, "buy", n=int(m.group(1)) if m.group(1) else 1)
    if low.startswith("train"):
        m = TRAIN.match(text)
        if not m:
            return Problem("write `train UNIT... with LEADER [as POWER]` (7YWW 17.1)", ln)
        leader, hint = names.marker_label(c, m.group(2))
        if leader is None or leader not in c.markers or c.marker(leader).kind != LEADER:
            return Problem(f"no leader {m.group(2)!r}: name a leader by his id, e.g. G2-1", ln, hint)  # fmt: skip
        as_power = ""
        if m.group(3):
            as_power, hint = names.find(c, "power", m.group(3))
            if as_power is None:
                return Problem(f"no major power {m.group(3)!r}", ln, hint)
        return TLine(ln, text, "train", units=_units(s, m.group(1)), leader=leader, as_power=as_power)  # fmt: skip
    if low.startswith("disband "):
        return TLine(ln, text, "disband", units=_units(s, text.split(None, 1)[1]))
    if low.startswith("return "):
        labels = []
        for part in [p.strip() for p in text.split(None, 1)[1].split(",") if p.strip()]:
            got, hint = names.marker_label(c, part)
            if got is None:
                return Problem(f"no campaign marker {part!r}", ln, hint)
            labels.append(got)
        return TLine(ln, text, "return", returns=labels)
    if low.startswith("play "):
        m = PLAY.match(text)
        assert m is not None
        return _play(c, s, ln, text, m)
    hint = names.closest_head(low, HEADS)
    return Problem(f"not an order of the treasury phase: {text!r}", ln, hint)


def read(c: Content, s: SYWState, lines: list[OrderLine]) -> Parsed:
    out: list[TLine] = []
    problems: list[Problem] = []
    for ol in lines:
        text = ol.text.split("#", 1)[0].strip()
        if not text:
            continue
        got = read_line(c, s, ol.line, text)
        if isinstance(got, Problem):
            problems.append(got)
        else:
            out.append(got)
    problems += taxes.link(out)  # 7YWW 25.1, 29.4: one die per power
    return Parsed(out, problems)


# ------------------------------------------------------------- checking and doing


# the lines other modules read into classes of their own: (check, carry out)
LINE_RULES: dict[type, tuple[Any, Any]] = {
    gifts.AnytimeLine: (gifts.check, gifts.carry_out),  # 7YWW 10.35, 7.2 [C 10.g]
    minor_orders.AllianceLine: (minor_recruit.check_alliance, minor_recruit.alliance),  # 4.71
    taxes.TaxLine: (taxes.check, taxes.carry_out),  # 7YWW 25 (option)
    legions.LegionLine: (legions.check, legions.carry_out),  # 7YWW 23 (option)
    RemovePillage: (recruiting.check_remove_pillage, recruiting.remove_pillage),  # 26.3, 10.33
}


def check(c: Content, s: SYWState, tally: Tally, ln: TLine) -> str | None:
    if type(ln) in LINE_RULES:
        return LINE_RULES[type(ln)][0](c, s, tally, ln)
    if ln.kind == "recruit":
        return recruiting.check_recruit(c, s, tally, ln)
    if ln.kind == "buy":
        return recruiting.check_buy(c, s, tally, ln)
    if ln.kind == "train":
        return training.check_train(c, s, tally, ln)
    if ln.kind == "disband":
        return recruiting.check_disband(c, s, tally, ln)
    if ln.kind == "return":
        return check_return(c, s, tally, ln)
    return check_play(c, s, tally, ln)


def carry_out(sink, c: Content, tally: Tally, ln: TLine, discard: list[str]) -> None:
    if type(ln) in LINE_RULES:
        return LINE_RULES[type(ln)][1](sink, c, tally, ln)
    if ln.kind == "recruit":
        recruiting.recruit(sink, c, tally, ln)
    elif ln.kind == "buy":
        recruiting.buy(sink, c, tally, ln, discard)
    elif ln.kind == "train":
        training.train(sink, c, tally, ln)
    elif ln.kind == "disband":
        recruiting.disband(sink, c, tally, ln)
    elif ln.kind == "return":
        return_line(sink, c, tally, ln)
    else:
        play(sink, c, tally, ln)


RECRUIT_PASS = PASSES["recruit"]


def begin_recruiting(s: SYWState, tally: Tally) -> None:
    """[C 11.a] 7YWW 11.3, 11.11 "already containing at least one friendly unit": the
    squares holding the player's units when the recruiting pass begins, so a unit lost in
    pass 1 (a Minor Power Alliance's Uprising, 29.3) no longer opens its square."""
    tally.occupied = set(occupied(s, tally.seat))
    tally.recruiting = True


def by_pass(lines: list[TLine]) -> list[TLine]:
    return sorted(lines, key=lambda ln: (ln.pass_no, ln.line))


@dataclass
class TreasuryOrders:
    lines: list[TLine] = field(default_factory=list)
    turn: Any = None  # the first player's early turn (plan 2.5 item 5): TurnOrders


def as_turn(s: SYWState) -> SYWState:
    """The state as the first player's turn will begin on it (for his early turn)."""
    t = clone(s)
    t.stage, t.acting, t.progress = "turn", 0, TurnProgress()
    return t


def split_turn(lines: list[OrderLine]) -> tuple[list[OrderLine], OrderLine | None, list[OrderLine]]:
    for i, ol in enumerate(lines):
        if TURN_HEAD.match(ol.text.split("#", 1)[0].strip()):
            return lines[:i], ol, lines[i + 1 :]
    return lines, None, []


class Treasury:
    def owes(self, s: SYWState) -> tuple[str, ...]:
        return tuple(s.seats)  # [C 2.d] everyone at once

    def parse(self, c: Content, s: SYWState, seat: str, lines: list[OrderLine]) -> Parsed:
        mine, head, rest = split_turn(lines)
        got = parse_good_lines(lambda ls: read(c, s, ls), mine)
        if head is None:
            good = TreasuryOrders(got.good or []) if got.checkable else None
            return Parsed(TreasuryOrders(got.orders or []), got.problems, got.checkable, good,
                          got.left_out)  # fmt: skip
        if not s.order or s.order[0] != seat:
            first = s.order[0] if s.order else "the first player"
            why = f"only {first}, who moves first this game turn (7YWW 6.1), may add his player turn here (plan 2.5)"  # fmt: skip
            return Parsed(None, [*got.problems, Problem(why, head.line)])
        turn = phases.STAGES["turn"].parse(c, as_turn(s), seat, rest)
        problems = [*got.problems, *turn.problems]
        if not problems:
            o = TreasuryOrders(got.orders or [], turn.orders)
            return Parsed(o, [], checkable=True, good=o)
        good_ok = got.checkable and turn.checkable
        good = TreasuryOrders(got.good or [], turn.good) if good_ok else None
        left = tuple(got.left_out) + tuple(turn.left_out)
        return Parsed(TreasuryOrders(got.orders or [], turn.orders), problems, good_ok, good, left)

    def validate(self, c: Content, s: SYWState, seat: str, orders) -> list[Problem]:
        """Plan 7.2: the envelope run on a copy, pass by pass, lines in order; then the
        early turn on the board those lines leave."""
        orders = orders or TreasuryOrders()
        sink = Dry(s)
        tally = tally_for(s, seat, dry=True)
        problems = []
        for ln in by_pass(orders.lines):
            if ln.pass_no == RECRUIT_PASS and not tally.recruiting:
                begin_recruiting(sink.state, tally)
            why = check(c, sink.state, tally, ln)
            if why is not None:
                problems.append(Problem(why, ln.line))
            else:
                carry_out(sink, c, tally, ln, [])
        if orders.turn is not None:
            problems += phases.STAGES["turn"].validate(c, as_turn(sink.state), seat, orders.turn)
        return problems

    def default(self, c: Content, s: SYWState, seat: str) -> TreasuryOrders:
        return TreasuryOrders()  # 10.14: nothing spent

    def resolve(self, ctx: Resolution, c: Content, step: Step, orders: dict, standing: dict):
        s: SYWState = ctx.state
        seats = list(s.order) or list(s.seats)  # 3.1(2): starting with the first
        tallies = {seat: tally_for(s, seat) for seat in seats}
        for pass_no in (0, 1, 2, 3, 4):  # plan 2.3, [C 10.g]; 24.0 after pass 2
            if pass_no == RECRUIT_PASS:  # [C 11.a] as pass 1 left the board
                for seat in seats:
                    begin_recruiting(ctx.state, tallies[seat])
            for seat in seats:
                st = standing.get(seat)
                discard = list(st.discard_order) if st else []
                for ln in (orders.get(seat) or TreasuryOrders()).lines:
                    if ln.pass_no != pass_no:
                        continue
                    why = check(c, ctx.state, tallies[seat], ln)
                    if why is not None:
                        ctx.emit(E.OrderSkipped(seat=seat, line=ln.line, text=ln.text,
                                                reason=why, private_to=[seat]))  # fmt: skip
                        continue
                    carry_out(ctx, c, tallies[seat], ln, discard)
            if pass_no == 2:  # 7YWW 24.1 (option): once all major power recruiting is done,
                # before training and disbanding (3.1(2)(c)-(e))
                minor_recruiting_option.recruiting(ctx, c, standing)
        phases.after_treasury(ctx)
        first = ctx.state.order[0]
        early = (orders.get(first) or TreasuryOrders()).turn
        if early is not None:  # plan 2.5 item 5: his player turn, at once
            phases.STAGES["turn"].resolve(ctx, c, step, {first: early}, standing)


phases.register("treasury", Treasury())
