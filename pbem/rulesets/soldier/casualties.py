"""Casualties: how a side's hits become step losses (SK 9.7, 11.3, 12.3, 16.5).

Pure functions over `Target`s; the combat code builds the targets, calls `allocate`
(one player's units, SK 9.7) or `allocate_joint` (units of allied major powers, SK
16.5) and applies the returned `Allocation` to the counters.

Vocabulary used throughout:
    step loss   SK 1.0 Step Loss: a full-strength unit flips to reduced strength, a
                reduced one is eliminated. A unit can take at most two in one round
                (full -> reduced -> eliminated).
    cost        the hits a unit's next step loss needs: its current defence (SK 9.7
                "equal to or greater than its defense strength"; SK 2.4 "always use
                the numbers on the side that is showing"), so a unit flipped earlier
                in the same round needs its reduced defence for a second loss.
    allocated   hits spent on step losses. Hits beyond a loss's cost buy nothing, so
                they count as unallocated: that is how the SK 9.7 example reads ("any
                other combination would leave a hit unallocated").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .state import Counter

__all__ = [
    "Allocation",
    "Target",
    "UnitLoss",
    "allocate",
    "allocate_joint",
    "losses_of",
    "unallocated_of",
    "volunteer",
]


@dataclass(frozen=True)
class Target:
    """One unit that can take hits.

    ``owner`` is the party that allocates its hits: the major power that commands it
    (a minor country ally's or a hired mercenary's unit names its major power), see
    `allocate_joint`. Attack values only feed the default tie-break (the attack a
    step loss costs); leave them 0 if unknown.
    """

    id: str
    owner: str
    defence_full: int
    defence_reduced: int
    is_reduced: bool = False
    attack_full: int = 0
    attack_reduced: int = 0
    one_step: bool = False  # eliminated by its first step loss, full or not

    @classmethod
    def of(cls, unit: Counter, owner: str) -> Target:
        if unit.is_garrison:
            # SKO Imperial Capitals, Garrison Step: "if they take a hit they are
            # eliminated": one step, whose loss costs one hit whatever its defence
            a = unit.full[0]
            return cls(unit.id, owner, 1, 1, unit.is_reduced, a, a, one_step=True)
        return cls(
            id=unit.id,
            owner=owner,
            defence_full=unit.full[1],
            defence_reduced=unit.reduced[1],
            is_reduced=unit.is_reduced,
            attack_full=unit.full[0],
            attack_reduced=unit.reduced[0],
        )

    @property
    def max_steps(self) -> int:
        """Step losses until eliminated (SK 1.0 Step Loss)."""
        return 1 if self.is_reduced or self.one_step else 2

    def cost(self, taken: int) -> int:
        """Hits needed for the next step loss after ``taken`` this round (SK 9.7)."""
        return self.defence_reduced if self.is_reduced or taken else self.defence_full

    def attack_lost(self, taken: int) -> int:
        """Attack strength the next step loss after ``taken`` this round removes."""
        if self.one_step and not self.is_reduced and not taken:
            return self.attack_full
        if self.is_reduced or taken:
            return self.attack_reduced
        return self.attack_full - self.attack_reduced

    def eliminated_by(self, taken: int) -> bool:
        """Whether the next step loss after ``taken`` this round eliminates the unit."""
        return taken + 1 >= self.max_steps


@dataclass(frozen=True)
class UnitLoss:
    id: str
    owner: str
    steps: int  # step losses this round: 0, 1 or 2
    hits: int  # hits allocated to it
    eliminated: bool
    # newly at reduced strength this round: must retreat after the round (SK 9.8)
    must_retreat: bool


@dataclass(frozen=True)
class Allocation:
    hits: int  # hits suffered
    units: tuple[UnitLoss, ...]  # one per target, in the order the targets were given
    sequence: tuple[tuple[str, int], ...]  # (unit id, hits) per step loss, in order taken
    hits_used: int
    unallocated: int  # lost: unallocated hits do not carry over (SK 9.7, 12.3)

    def of(self, unit_id: str) -> UnitLoss:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    @property
    def step_losses(self) -> int:
        return sum(u.steps for u in self.units)

    @property
    def eliminated(self) -> list[str]:
        return [u.id for u in self.units if u.eliminated]

    @property
    def must_retreat(self) -> list[str]:
        """Units reduced to half strength this round (SK 9.8: they must retreat)."""
        return [u.id for u in self.units if u.must_retreat]


def losses_of(alloc: Allocation) -> dict[str, int]:
    """Unit id -> step losses this round, for every target (0 included)."""
    return {u.id: u.steps for u in alloc.units}


def unallocated_of(alloc: Allocation) -> int:
    """Hits left unallocated; they are lost (SK 9.7, 12.3)."""
    return alloc.unallocated


# --------------------------------------------------------------------------- helpers


def _check(hits: int, targets: Sequence[Target]) -> None:
    if hits < 0:
        raise ValueError(f"hits must not be negative: {hits}")
    ids = [t.id for t in targets]
    if len(set(ids)) != len(ids):
        raise ValueError(f"duplicate target ids: {sorted(ids)}")
    for t in targets:
        if t.defence_full < 1 or t.defence_reduced < 1:
            raise ValueError(f"{t.id}: defence must be at least 1")


def _result(hits: int, targets: Sequence[Target], sequence: list[tuple[str, int]]) -> Allocation:
    steps: dict[str, int] = {}
    spent: dict[str, int] = {}
    for uid, n in sequence:
        steps[uid] = steps.get(uid, 0) + 1
        spent[uid] = spent.get(uid, 0) + n
    units = []
    for t in targets:
        k = steps.get(t.id, 0)
        dead = k >= t.max_steps
        units.append(UnitLoss(t.id, t.owner, k, spent.get(t.id, 0), dead, k == 1 and not dead))
    used = sum(spent.values())
    return Allocation(hits, tuple(units), tuple(sequence), used, hits - used)


def _rank(prefer: Sequence[str], ids: Sequence[str]) -> list[str]:
    """The preference list cut to the ids present, first mention kept."""
    present = set(ids)
    out: list[str] = []
    for uid in prefer:
        if uid in present and uid not in out:
            out.append(uid)
    return out


# --------------------------------------------------------------------------- SK 9.7


def allocate(
    hits: int,
    targets: Sequence[Target],
    prefer: Sequence[str] = (),
    objective: str = "most-step-losses",
) -> Allocation:
    """Allocate ``hits`` among ONE player's units (SK 9.7; fleets SK 11.3; besiegers
    under defensive fire SK 12.3).

    The rules, as hard constraints and objectives, in this order:

    1. A step loss needs hits >= the unit's current defence; a unit already reduced
       this round needs its reduced defence for its second loss; a unit reduced
       before the battle is eliminated by its one loss (SK 9.7, SK 1.0 Step Loss); an
       imperial capital's garrison step has one step, lost to one hit (SKO Imperial
       Capitals: "if they take a hit they are eliminated"; `Target.of`).
    2. Each of the player's units must take one step loss before any takes two
       (SK 9.7). A unit eliminated by its first loss has taken its one.
    3. Maximise the number of step losses, then minimise the unallocated hits
       (SK 9.7 "maximum number of step losses possible, with as few hits as
       possible unallocated"). "Apply enough hits to one army to cause a step loss
       before applying hits to another" means hits go out in whole losses, which
       is what this counts.
    4. Ties: ``prefer``, the player's standing order of units to take losses first:
       the allocation that puts more losses on the first listed unit wins, then on
       the second, and so on (units not listed are indifferent to it).
    5. Default, when the player's order does not decide: the allocation that costs
       the player least in what stays on the board -- fewest eliminated units (a
       reduced unit can recover in the Purchase Phase, SK 6.4; an eliminated one
       must be bought again), then least attack strength lost (fewer dice in the
       next round, SK 9.6), then losses on the unit id that sorts first (only to be
       deterministic).

    Unallocated hits are lost (SK 9.7 "do not carry over"). The search is exact: the
    losses needed split into "not everyone can take one" (choose who takes one) or
    "everyone takes one, then choose who takes a second"; each is a subset choice
    solved by a dynamic programme over exact hit totals.

    Not covered here: a player may volunteer more step losses than the hits require
    (SK 9.7 last sentence); `volunteer` adds those on top.

    Example (SK 9.7): 5 hits on defences 3, 2 and 1 -> the 3 and the 2 take a step
    loss and no hit is left unallocated.

    ``objective="fewest-unallocated"`` (SE 9.7, 11.3): SE drops "the maximum number of
    step losses" and keeps "with as few hits as possible left unallocated", so objective
    3 becomes: fewest hits unallocated, then the fewest step losses (SE 9.7: "Players may
    take more step losses than required", so more are not required). 3 hits on defences
    3, 1 and 1: SK two step losses on the 1s (one hit unallocated), SE one on the 3.
    """
    _check(hits, targets)
    ranked = _rank(prefer, [t.id for t in targets])
    first = [t.cost(0) for t in targets]
    if sum(first) <= hits:
        # SK 9.7: every unit can take its one step loss; only then may any take two.
        sequence = [(t.id, c) for t, c in zip(targets, first, strict=True)]
        seconds = [i for i, t in enumerate(targets) if t.max_steps > 1]
        chosen = _best_subset(targets, seconds, 1, hits - sum(first), ranked, objective)
        sequence += [(targets[i].id, targets[i].cost(1)) for i in chosen]
    else:
        chosen = _best_subset(targets, range(len(targets)), 0, hits, ranked, objective)
        sequence = [(targets[i].id, targets[i].cost(0)) for i in chosen]
    return _result(hits, targets, sequence)


def _best_subset(
    targets: Sequence[Target],
    candidates: Sequence[int] | range,
    taken: int,
    budget: int,
    ranked: Sequence[str],
    objective: str = "most-step-losses",
) -> list[int]:
    """Indices of the candidates that each take their next step loss (after ``taken``
    this round): most losses, then most hits used within ``budget``, then the
    preference and default tie-breaks of `allocate` (SK 9.7).

    Exact: a dynamic programme keyed by the exact hits used. Every score is a sum
    over the chosen units, and the order compared (lexicographic on tuples) is
    preserved by adding the same vector to both sides, so keeping the best score per
    hit total is optimal. Lexicographic preferences become sums with weights 2**k
    (each unit is chosen at most once here); unit-id weights make every subset's
    score distinct, so the result does not depend on the order of the targets.
    """
    pref_weight = {uid: 1 << (len(ranked) - 1 - p) for p, uid in enumerate(ranked)}
    ids = sorted(targets[i].id for i in candidates)
    id_weight = {uid: 1 << (len(ids) - 1 - q) for q, uid in enumerate(ids)}

    # hits used -> (losses, preference, -eliminations, -attack lost, id weight), chosen;
    # SE 9.7 counts losses negatively: at equal hits used, fewer losses are better
    per_loss = -1 if objective == "fewest-unallocated" else 1
    best: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {0: ((0, 0, 0, 0, 0), ())}
    for i in sorted(candidates, key=lambda i: targets[i].id):
        t = targets[i]
        cost = t.cost(taken)
        gain = (
            per_loss,
            pref_weight.get(t.id, 0),
            -int(t.eliminated_by(taken)),
            -t.attack_lost(taken),
            id_weight[t.id],
        )
        for used, (score, chosen) in sorted(best.items(), reverse=True):
            total = used + cost
            if total > budget:
                continue
            new = tuple(a + b for a, b in zip(score, gain, strict=True))
            if total not in best or new > best[total][0]:
                best[total] = (new, (*chosen, i))
    # SK 9.7: most step losses, then fewest hits unallocated (= most used), then ties.
    # SE 9.7: fewest hits unallocated, then fewest step losses, then ties.
    if per_loss < 0:
        _, chosen = max(((used, *s), c) for used, (s, c) in best.items())
    else:
        _, chosen = max(((s[0], used, *s[1:]), c) for used, (s, c) in best.items())
    return sorted(chosen)


# --------------------------------------------------------------------------- SK 9.7 last sentence


def volunteer(
    targets: Sequence[Target], losses: Mapping[str, int], extra: int, prefer: Sequence[str] = ()
) -> dict[str, int]:
    """Unit id -> step losses this round after ``extra`` step losses volunteered on top of
    ``losses`` (the ones the hits required) among ``targets`` (SK 9.7 / SE 9.7, SK 11.3 /
    SE 11.3: "Players may take more step losses than required by the number of hits
    suffered").

    One at a time, as 9.7 places losses: a unit that has taken fewer losses this round
    first (each takes one before any takes two); among those ``prefer`` (the player's
    `casualties` order), else the default of `allocate`: not eliminated before
    eliminated, then least attack strength lost, then unit id. A unit takes at most its
    steps (full -> reduced -> eliminated); extra losses beyond what is left are void.
    """
    taken = {t.id: losses.get(t.id, 0) for t in targets}
    ranked = _rank(prefer, [t.id for t in targets])
    for _ in range(max(0, extra)):
        alive = [t for t in targets if taken[t.id] < t.max_steps]
        if not alive:
            break
        fewest = min(taken[t.id] for t in alive)

        def key(t: Target) -> tuple[int, int, int, str]:
            k = taken[t.id]
            return (
                ranked.index(t.id) if t.id in ranked else len(ranked),
                int(t.eliminated_by(k)),
                t.attack_lost(k),
                t.id,
            )

        pick = min((t for t in alive if taken[t.id] == fewest), key=key)
        taken[pick.id] += 1
    return taken


# --------------------------------------------------------------------------- SK 16.5


def allocate_joint(
    hits: int,
    targets: Sequence[Target],
    enemy_choice: str | Sequence[str] | None = None,
    prefer: Mapping[str, Sequence[str]] | None = None,
) -> Allocation:
    """Allocate ``hits`` among units of allied major powers fighting together (SK 16.5).

    Units are grouped by ``owner``: a major power with its minor country allies
    (and hired mercenaries) under it. With one owner this is `allocate` (SK 16.5 last
    sentence: "only friendly and Minor Country Ally units ... subject to 9.7").
    16.5 speaks of players; where one player runs several allied majors (the
    one-year scenarios' "Austria, France and Russia"), the caller who wants 9.7 for
    them passes that player as the owner of all their units.

    Otherwise, turn by turn (SK 16.5):

    * Order: the owner with more units present goes first, then the second-most,
      and so on; "begin the process over again" after the fewest, round-robin until
      no hit remains or no unit can take a loss. Units present are counted once, when
      the hits are taken (the round's losses are simultaneous, SK 9.7).
    * Equal numbers: "the enemy player selects who suffers the first casualty":
      ``enemy_choice`` names an owner (or lists owners in the enemy's order) that
      goes first among those tied with it. Default when the enemy has not chosen:
      alphabetical by owner, the documented deterministic fallback.
    * On its turn an owner "allocates enough hits to any one of his or her units to
      cause it to take a step loss", subject to 9.7 among its own units (each takes
      one loss before any takes two). It must pick a unit whose loss the remaining
      hits can pay for if it has one (9.7: hits are allocated to cause step
      losses); only when none can be paid for does "All hits must be satisfied, even
      if a unit with a defensive value greater than the number of hits remaining is
      reduced to satisfy the loss" apply: one of its units takes the loss and the
      remaining hits are used up.
    * Which unit: the owner's ``prefer[owner]`` list (units to take losses first),
      else the unit whose loss costs that owner least -- not eliminated over
      eliminated, then least attack strength lost (as in `allocate`), then the one
      that uses the most hits (fewer hits go round again to the owner and its allies),
      then unit id.

    Hits are unallocated only when no unit of any owner can take another loss.
    """
    _check(hits, targets)
    prefer = prefer or {}
    owners = sorted({t.owner for t in targets})
    if len(owners) <= 1:
        return allocate(hits, targets, prefer.get(owners[0], ()) if owners else ())

    present = {o: sum(t.owner == o for t in targets) for o in owners}
    choice = [enemy_choice] if isinstance(enemy_choice, str) else list(enemy_choice or ())

    def order_key(owner: str) -> tuple[int, int, str]:
        picked = choice.index(owner) if owner in choice else len(choice)
        return (-present[owner], picked, owner)

    order = sorted(owners, key=order_key)  # SK 16.5: most units first; enemy breaks ties
    taken = {t.id: 0 for t in targets}
    sequence: list[tuple[str, int]] = []
    remaining = hits
    while remaining > 0:
        progressed = False
        for owner in order:
            if remaining == 0:
                break
            unit = _joint_pick(
                [t for t in targets if t.owner == owner], taken, remaining, prefer.get(owner, ())
            )
            if unit is None:
                continue
            spend = min(unit.cost(taken[unit.id]), remaining)  # SK 16.5 must satisfy
            taken[unit.id] += 1
            sequence.append((unit.id, spend))
            remaining -= spend
            progressed = True
        if not progressed:
            break  # nothing left to take a loss: the rest is unallocated
    return _result(hits, targets, sequence)


def _joint_pick(
    units: Sequence[Target], taken: Mapping[str, int], remaining: int, prefer: Sequence[str]
) -> Target | None:
    """The unit of one owner that takes the next step loss in SK 16.5."""
    alive = [t for t in units if taken[t.id] < t.max_steps]
    fresh = [t for t in alive if taken[t.id] == 0]
    eligible = fresh or alive  # SK 9.7: one step loss each before any takes two
    if not eligible:
        return None
    payable = [t for t in eligible if t.cost(taken[t.id]) <= remaining]
    pool = payable or eligible  # SK 16.5: all hits must be satisfied
    ranked = _rank(prefer, [t.id for t in pool])

    def key(t: Target) -> tuple[int, int, int, int, str]:
        k = taken[t.id]
        return (
            ranked.index(t.id) if t.id in ranked else len(ranked),
            int(t.eliminated_by(k)),
            t.attack_lost(k),
            -min(t.cost(k), remaining),
            t.id,
        )

    return min(pool, key=key)
