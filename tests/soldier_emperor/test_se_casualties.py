"""SE 9.7 and 11.3: hits allocated with as few as possible left unallocated (SE drops SK
9.7's "maximum number of step losses"); the rulebook's examples and where the two differ."""

from __future__ import annotations

import itertools

from pbem.rulesets.soldier.casualties import Target, allocate

SE = "fewest-unallocated"


def T(uid: str, d: int, dr: int = 1, a: int = 2, ar: int = 1) -> Target:
    return Target(uid, "Russia", d, dr, False, a, ar)


def steps(alloc) -> dict[str, int]:
    return {u.id: u.steps for u in alloc.units if u.steps}


def test_se_9_7_example_three_hits_on_2_2_1():
    """SE 9.7: "Two hits must go to one of the 2 defense strength unit and one to the 1"."""
    alloc = allocate(3, [T("a", 2), T("b", 2), T("c", 1)], objective=SE)
    assert alloc.unallocated == 0
    assert steps(alloc)["c"] == 1 and sum(steps(alloc).values()) == 2


def test_se_11_3_example_five_hits_on_2_2_2_1():
    """SE 11.3: "Four hits must go to two of the 2-defense strength fleet and one to the
    1-strength fleet. Any other combination would leave a hit unallocated"."""
    alloc = allocate(5, [T("f1", 2), T("f2", 2), T("f3", 2), T("f4", 1)], objective=SE)
    assert alloc.unallocated == 0
    got = steps(alloc)
    assert got["f4"] == 1 and sum(got.values()) == 3


def test_where_sk_and_se_differ():
    targets = [T("three", 3), T("one", 1), T("other", 1)]
    assert steps(allocate(3, targets)) == {"one": 1, "other": 1}  # SK: most step losses
    assert steps(allocate(3, targets, objective=SE)) == {"three": 1}  # SE: none unallocated


def test_se_never_leaves_more_unallocated_than_any_legal_choice():
    """Exhaustive over small armies: no choice of whole step losses (each unit one before
    any takes two) leaves fewer hits unallocated than SE's allocation."""
    for defences in itertools.product((1, 2, 3), repeat=3):
        targets = [T(f"u{i}", d) for i, d in enumerate(defences)]
        for hits in range(0, 9):
            got = allocate(hits, targets, objective=SE)
            best = hits
            for pick in itertools.product((0, 1), repeat=3):
                used = sum(d for d, p in zip(defences, pick, strict=True) if p)
                if used <= hits:
                    best = min(best, hits - used)
            if sum(defences) <= hits:  # all take one; seconds at reduced defence 1
                best = min(best, max(0, hits - sum(defences) - 3))
            assert got.unallocated == best, (defences, hits)
