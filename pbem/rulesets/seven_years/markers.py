"""7YWW 8 Campaign markers: the pool, picks (hidden draws), the hand limit, random
losses, and the two markers that must be played when picked (8.42: Balance of Power,
Revolution, 29.7). Marker ids: content.py."""

from __future__ import annotations

from pbem.resolution import Resolution

from . import events as E
from . import windows
from .content import LEADER, Content
from .map import MAJORS
from .state import SYWState

MUST_PLAY = ("Balance of Power", "Revolution")  # 8.42
# 8.31 default for a player who gave no `discard order` (authored, docs/orders-seven-
# years-world-war.md): the markers least likely to matter go back first, leaders last
DEFAULT_DISCARD = (
    "Attrition", "Expedition", "Grand Tour", "Laissez Faire", "Diplomacy 1", "Corruption",
    "Trading Charter", "Manufacturing Inventions", "Coalition Rallies",
    "Correspondence with Voltaire", "Minor Power Alliance", "Diplomacy 2",
    "Scientific Breakthrough", "Honors of War", "Illuminati", "Sturm & Drang",
    "Forced March", "Diplomacy 3",
)  # fmt: skip


def limit(c: Content, s: SYWState) -> int:
    """8.3: 14 / 10 / 8 markers for two / three / four players."""
    return c.data.marker_limit(len(s.seats))


def discard_choice(c: Content, hand: list[str], n: int, order: list[str] = ()) -> list[str]:
    """8.31: which n markers a player returns: his `discard order` (labels or leader ids)
    first, then DEFAULT_DISCARD, then leaders by command value, then id."""
    prefs = [*order, *DEFAULT_DISCARD]

    def rank(mid: str) -> tuple:
        info = c.marker(mid)
        names = (mid, info.label) if info.kind != LEADER else (mid,)
        for i, p in enumerate(prefs):
            if p in names:
                return (0, i, mid)
        return (1, info.value, mid)

    return sorted(hand, key=rank)[:n]


def return_markers(ctx: Resolution, seat: str, mids: list[str], why: str, *, random=False):
    if not mids:
        return
    ctx.emit(E.MarkersReturned(seat=seat, markers=sorted(mids), why=why, random=random,
                               private_to=[seat]))  # fmt: skip
    ctx.emit(E.MarkersLost(seat=seat, count=len(mids), why=why))


def lose(ctx: Resolution, c: Content, seat: str, n: int | None, why: str,
         *, leaders: bool = True) -> list[str]:  # fmt: skip
    """7YWW 8.5, 8.51: n markers at random from the hand (None: all of them); none in hand, no
    effect and nothing carried over. `leaders=False`: leaders are not affected (Balance
    of Power)."""
    s: SYWState = ctx.state
    hand = [m for m in s.players[seat].hand if leaders or not c.is_leader(m)]
    if n is None or n >= len(hand):
        lost = list(hand)
    else:
        lost = []
        for k in range(n):
            i = ctx.draw(f"lose marker: {seat}, {why}, {k + 1} of {n}", len(hand))
            lost.append(hand.pop(i))
    return_markers(ctx, seat, lost, why, random=n is not None)
    return lost


def pick(ctx: Resolution, c: Content, seat: str, n: int, why: str, *,
         setup: bool = False, discard: list[str] = ()) -> list[str]:  # fmt: skip
    """8.1, 8.2, 8.31: pick n markers from the pool at random (hidden draws); the hand
    limit first makes room ([C 8.d] at set-up the player picks only up to the limit);
    a must-play marker is played the instant it is picked (8.42; at set-up it goes back
    and another is picked, 29.7; [C 8.b] in play it is not replaced); [C 8.c] an empty
    pool gives nothing. Returns the markers that went into the hand."""
    s: SYWState = ctx.state
    if n <= 0:
        return []
    room = limit(c, s) - len(s.players[seat].hand)
    if setup:
        n = min(n, max(room, 0))
    elif n > room:
        out = discard_choice(c, s.players[seat].hand, n - room, list(discard))
        return_markers(ctx, seat, out, "hand limit (7YWW 8.31)")
    got: list[str] = []
    pending: list[str] = []
    taken = 0
    while taken < n:
        pool = [m for m in s.pool if m not in pending]
        if not pool:
            break
        i = ctx.draw(f"pick: {seat}, {why}, {taken + 1} of {n}", len(pool))
        mid = pool[i]
        kind = c.marker(mid).kind
        if kind in MUST_PLAY:
            _flush(ctx, seat, pending, why)
            got += pending
            pending = []
            if setup:  # 29.7: returned to the pool and a replacement is picked
                ctx.emit(E.MarkerPlayed(seat=seat, marker=mid, from_hand=False,
                                        detail="picked at set-up: returned, another picked (7YWW 29.7)"))  # fmt: skip
                continue
            taken += 1
            if kind == "Balance of Power":
                balance_of_power(ctx, c, seat, mid)
            else:
                revolution(ctx, c, seat, mid)
            continue
        pending.append(mid)
        taken += 1
    _flush(ctx, seat, pending, why)
    return got + pending


def _flush(ctx: Resolution, seat: str, mids: list[str], why: str) -> None:
    if mids:
        ctx.emit(E.MarkersDrawn(seat=seat, count=len(mids), why=why))
        ctx.emit(E.MarkersReceived(seat=seat, markers=sorted(mids), why=why, private_to=[seat]))


def balance_of_power(ctx: Resolution, c: Content, picker: str, mid: str) -> None:
    """29.7 Balance of Power: the player with the initiative this turn rolls a die and
    returns that many of his markers at random (leaders are not affected), whoever
    picked it."""
    s: SYWState = ctx.state
    ctx.emit(E.MarkerPlayed(seat=picker, marker=mid, from_hand=False, detail="must be played when picked (7YWW 8.42)"))  # fmt: skip
    if not windows.announce(ctx, picker, mid, must_play=True):  # 29.7 Sturm & Drang
        return
    first = s.order[0] if s.order else picker
    die = windows.roll(ctx, f"balance of power: {first}")[0]
    ctx.emit(E.BalanceOfPower(picker=picker, initiative_seat=first, die=die))
    lose(ctx, c, first, die, "Balance of Power (7YWW 29.7)", leaders=False)


def enemy_capitals(c: Content, s: SYWState) -> list[str]:
    """[C 29.c] a major power's capital square occupied by units of a player who does not
    control that power."""
    out = []
    for p in MAJORS:
        try:
            cap = c.map.capital(p).id
        except KeyError:
            continue
        occ = s.occupier(cap)
        if occ is not None and occ != s.control.get(p):
            out.append(cap)
    return out


def revolution(ctx: Resolution, c: Content, picker: str, mid: str) -> None:
    """29.7 Revolution: only if a capital is occupied by forces of an enemy coalition
    (else back to the pool unplayed); a die: 1-4 no effect, 5-6 every player returns all
    his campaign markers ([C 8.a] leaders in power boxes are not in a hand)."""
    s: SYWState = ctx.state
    caps = enemy_capitals(c, s)
    if not caps:
        ctx.emit(E.MarkerPlayed(seat=picker, marker=mid, from_hand=False,
                                detail="no capital occupied by an enemy coalition: back to the pool unplayed (7YWW 29.7)"))  # fmt: skip
        ctx.emit(E.Revolution(picker=picker, capitals_occupied=[], effect="not played"))
        return
    ctx.emit(E.MarkerPlayed(seat=picker, marker=mid, from_hand=False, detail="must be played when picked (7YWW 8.42)"))  # fmt: skip
    if not windows.announce(ctx, picker, mid, must_play=True):  # 29.7 Sturm & Drang
        return
    die = windows.roll(ctx, f"revolution: {picker}")[0]
    effect = "every player returns all his campaign markers" if die >= 5 else "no effect"
    ctx.emit(E.Revolution(picker=picker, capitals_occupied=caps, die=die, effect=effect))
    if die >= 5:
        for seat in s.seats:
            lose(ctx, c, seat, None, "Revolution (7YWW 29.7)")


def free_markers(c: Content, s: SYWState, seat: str) -> tuple[dict[str, int], dict[str, str]]:
    """7YWW 8.2(2): the free markers of each power the seat controls, if a unit of that
    power occupies its capital square; (granted, withheld with the reason)."""
    got, withheld = {}, {}
    for p in s.powers_of(seat):
        n = c.data.power(p).free_markers
        try:
            cap = c.map.capital(p).id
        except KeyError:
            withheld[p] = "no capital square on the map"
            continue
        if any(u.owner == p for u in s.units_in(cap)):
            got[p] = n
        else:
            withheld[p] = f"capital {cap} not occupied by a unit of {p}"
    return got, withheld
