"""7YWW 21 Player negotiations and 22.22 (the end by agreement), from standing lines
(deal_lines.py), read at the start of every resolution (plan section 4):

- a deal is made when every seat it names has the same `deal` line; it is carried out at
  once and again each game turn while every party keeps it (plan 7.4): treasury and
  markers change hands (21.1(3)), a power is transferred with 4.6's effects (21.1(2),
  [C 21.b]) or released to neutrality (21.1(1));
- a pact (21.2, [C 21.a]) is made the same way and binds until its year; breaking it is
  carried out, then punished: "the violating player loses all his campaign markers back
  into the pool. The violated player then rolls a die and receives that number of
  campaign markers from the pool";
- `end game` from every seat ends the game (21.1(4), 22.22, [C 21.c]).

A released power reverts as 4.51 says (reversion.revert: other players' units leave it,
its units go home, its fleets take their cargo, the players' `displace to` lines
choosing)."""

from __future__ import annotations

from dataclasses import replace

from pbem.resolution import Resolution

from . import events as E
from . import markers, names, reversion, victory, windows
from .content import Content
from .deal_lines import DealLine, Term
from .standing import Standing
from .state import SYWState


def year(s: SYWState) -> int:
    return 1755 + max(s.turn, 1)  # 28.1: turn 1 is 1756


def _with_sender(line, seat: str):
    return replace(line, seats=tuple(sorted({*line.seats, seat})))


def agreed(s: SYWState, standing: dict[str, Standing], kind: str) -> list:
    """The deals (or pacts) every named seat sent in the same words, in key order."""
    sent: dict[str, dict[str, object]] = {}
    for seat in s.seats:
        st = standing.get(seat)
        for line in getattr(st, kind, []) if st else []:
            full = _with_sender(line, seat)
            if all(x in s.seats for x in full.seats) and len(full.seats) > 1:
                sent.setdefault(full.key, {})[seat] = full
    out = []
    for key in sorted(sent):
        line = next(iter(sent[key].values()))
        if all(x in sent[key] for x in line.seats):
            out.append(line)
    return out


# ---------------------------------------------------------------------- deals (21.1)


def settle(ctx: Resolution, c: Content, standing: dict[str, Standing]) -> bool:
    """At the start of a resolution: agreements made; True if the game ended (22.22)."""
    s: SYWState = ctx.state
    if s.stage not in ("start", "treasury", "turn", "end"):
        return False
    for deal in agreed(s, standing, "deals"):
        if any(d["terms"] == deal.key and d["turn"] == s.turn for d in s.deals):
            continue  # plan 7.4: once a game turn
        carry_out(ctx, c, deal, standing)
    for pact in agreed(s, standing, "pacts"):
        mine = {
            "seats": list(pact.seats),
            "what": pact.what,
            "target": pact.target,
            "until": pact.until,
        }
        if mine not in s.pacts and (not pact.until or pact.until >= year(s)):
            ctx.emit(E.Pact(seats=list(pact.seats), what=pact.what, target=pact.target, until=pact.until))  # fmt: skip
    ending = [seat for seat in s.seats if standing.get(seat) and standing[seat].end_game]
    if len(s.seats) > 1 and len(ending) == len(s.seats):  # 21.1(4), 22.22 [C 21.c]
        ctx.emit(E.EndAgreed(seats=list(s.seats)))
        victory.game_over(ctx, c, why="agreed")
        return True
    return False


def carry_out(ctx: Resolution, c: Content, deal: DealLine, standing: dict[str, Standing]) -> None:
    s: SYWState = ctx.state
    done, skipped = [], []
    for t in deal.terms:
        why = party_problem(deal, t) or term_problem(c, s, t)
        if why:
            skipped.append(f"{t}: {why}")
            continue
        do_term(ctx, c, t, standing)
        done.append(str(t))
    ctx.emit(E.Deal(seats=list(deal.seats), terms=deal.key, done=done, skipped=skipped,
                    private_to=list(deal.seats)))  # fmt: skip


def party_problem(deal: DealLine, t: Term) -> str | None:
    """7YWW 21.1: players negotiate among themselves; a deal binds its parties only.
    [C 21.e] a term whose giver or recipient is not a party (the seats after `deal
    with`, the sender included) is skipped: two players cannot dispose of a third's
    treasury, markers or powers, nor hand him a power or a marker he did not accept."""
    for seat in (t.giver, t.to):
        if seat and seat not in deal.seats:
            return f"{seat} is not a party to this deal (7YWW 21.1)"
    return None


def term_problem(c: Content, s: SYWState, t: Term) -> str | None:
    if t.kind == "treasury" and s.players[t.giver].treasury < int(t.what):
        return f"{t.giver} has fewer than {t.what} treasury points (7YWW 10.4)"
    if t.kind == "marker" and names.in_hand(c, s.players[t.giver].hand, t.what) is None:
        return f"{t.giver} holds no {t.what}"
    if t.kind in ("power", "release") and s.control.get(t.what) != t.giver:
        return f"{t.giver} does not control {c.power_name(t.what)}"
    return None


def do_term(ctx: Resolution, c: Content, t: Term, standing: dict[str, Standing]) -> None:
    s: SYWState = ctx.state
    if t.kind == "treasury":  # 21.1(3)
        n = int(t.what)
        for seat, d in ((t.giver, -n), (t.to, n)):
            bal = s.players[seat].treasury + d
            ctx.emit(E.Treasury(seat=seat, delta=d, why=f"deal: {t}", balance=bal, private_to=[seat]))  # fmt: skip
    elif t.kind == "marker":  # 21.1(3)
        mid = names.in_hand(c, s.players[t.giver].hand, t.what) or ""
        hand = s.players[t.to].hand
        if len(hand) >= markers.limit(c, s):  # 8.31: room first, by his `discard order`
            st = standing.get(t.to)
            order = list(st.discard_order) if st else []
            out = markers.discard_choice(c, hand, len(hand) - markers.limit(c, s) + 1, order)
            markers.return_markers(ctx, t.to, out, "hand limit before a gift (7YWW 8.31)")
        ctx.emit(
            E.MarkersGiven(frm=t.giver, to=t.to, markers=[mid], private_to=sorted([t.giver, t.to]))
        )
    elif t.kind == "power":  # 21.1(2) with 4.6's effects [C 21.b]
        ctx.emit(E.ControlChanged(power=t.what, frm=t.giver, to=t.to, why="negotiation"))
        # 7YWW 4.6, 12.23 [C 4.i]: what an eliminated fleet carries goes with it
        stacked = reversion.stacked_with_former(ctx.state, t.what, t.giver)
        if stacked:
            ctx.emit(E.Eliminated(units=sorted(stacked), why=f"{c.power_name(t.what)} changed sides while stacked with {t.giver}'s units (7YWW 4.6, 12.23)"))  # fmt: skip
    elif t.kind == "release":  # 21.1(1): the power goes neutral, with 4.51's displacement
        reversion.revert(ctx, c, t.what, standing, "negotiation")


# ------------------------------------------------------------------ pacts (21.2)


def in_force(s: SYWState, a: str, b: str, what: str) -> list[dict]:
    return [p for p in s.pacts if sorted(p["seats"]) == sorted([a, b]) and p["what"] == what
            and (not p["until"] or p["until"] >= year(s))]  # fmt: skip


def broken(ctx: Resolution, c: Content, violator: str, victim: str, pact: dict, how: str) -> None:
    """21.2: the violator's whole hand to the pool; the victim rolls and picks."""
    die = windows.roll(ctx, f"pact broken: {victim} picks", owner=victim)[0]  # 29.7 Illuminati
    ctx.emit(E.PactBroken(violator=violator, victim=victim, what=f"{pact['what']} {pact['target']}".strip() + f": {how}", die=die, pact=pact))  # fmt: skip
    markers.lose(ctx, c, violator, None, "broke a pact (7YWW 21.2)")
    w = windows.attached(ctx)  # 8.31: the victim's `discard order` makes room
    order = windows.lines_of(w, victim, "discard_order") if w else []
    markers.pick(ctx, c, victim, die, "a pact broken against him (7YWW 21.2)", discard=order)


def after_attack(ctx: Resolution, c: Content, seat: str, victim: str | None, target: str) -> None:
    """21.2 `no attack`: the attack was carried out; now the penalty."""
    if victim is None or victim == seat:
        return
    for p in in_force(ctx.state, seat, victim, "no attack"):
        broken(ctx, c, seat, victim, p, f"attacked {target}")
        return


def entered(c: Content, start: str, path: list[str], target: str) -> list[str]:
    """7YWW 21.2 `no entry into X`: the squares of X a move enters from a square outside
    X (a unit already in X that moves within it or out of it enters nothing)."""
    out, prev = [], start
    for sq in path:
        inside = c.map.square(sq).power == target
        if inside and c.map.square(prev).power != target:
            out.append(sq)
        prev = sq
    return out


def after_move(ctx: Resolution, c: Content, seat: str, start: str, squares: list[str]) -> None:
    """21.2 `no entry into X`: binds the parties that do not control X."""
    s: SYWState = ctx.state
    for p in [p for p in s.pacts if p["what"] == "no entry" and seat in p["seats"]]:
        if (p["until"] and p["until"] < year(s)) or s.control.get(p["target"]) == seat:
            continue
        hit = entered(c, start, squares, p["target"])  # 7YWW 21.2
        if hit:
            victim = next(x for x in p["seats"] if x != seat)
            broken(ctx, c, seat, victim, p, f"entered {hit[0]}")
            return


class Watch:
    """Around one line of a player turn: afterwards the pacts broken by what the line did
    (21.2), read from its events, whoever acted: every attack on a party's units
    (`syw.combat`, the countermarches the line drew included, 16.4), every move and
    advance after combat (`syw.moved`, `syw.advanced`) into a no-entry territory from
    outside it (`entered`). A retreat is no entry (the combat result's, 15.7).
    `before`: where the units were."""

    def __init__(self, ctx: Resolution):
        s: SYWState = ctx.state
        self.start = len(ctx.events)
        self.before = {u.id: u.square for u in s.units.values()}
        self.owners = {u.id: u.owner for u in s.units.values()}

    def mover(self, s: SYWState, units: list[str]) -> str | None:
        """The seat whose units these are (None: minor or neutral units)."""
        for uid in units:
            seat = s.control.get(self.owners.get(uid, ""))
            if seat is not None:
                return seat
        return None

    def check(self, ctx: Resolution, c: Content) -> None:
        for e in list(ctx.events[self.start :]):
            s: SYWState = ctx.state
            if isinstance(e, E.Combat):
                after_attack(ctx, c, e.attacker_seat, e.defender_seat, e.target)
            elif isinstance(e, (E.Moved, E.Advanced)):
                who = self.mover(s, e.units)
                if who is not None:
                    if isinstance(e, E.Moved):
                        after_move(ctx, c, who, e.start, list(e.path))
                    else:
                        after_move(ctx, c, who, e.frm, [e.to])
