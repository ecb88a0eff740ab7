"""Casualties (SK 9.7 one player's units, SK 16.5 joint casualties of allies)."""

from __future__ import annotations

import itertools
import random

import pytest

from pbem.rulesets.soldier.casualties import Target, allocate, allocate_joint
from pbem.rulesets.soldier.state import Counter


def T(uid, d, dr=None, *, owner="Russia", reduced=False, a=0, ar=0) -> Target:
    return Target(uid, owner, d, d if dr is None else dr, reduced, a, ar)


def steps(alloc) -> dict[str, int]:
    return {u.id: u.steps for u in alloc.units}


# --------------------------------------------------------------------------- SK 9.7


def test_rulebook_example_5_hits_on_3_2_1():
    # SK 9.7 example: three hits to the 3, two to the 2; anything else leaves one over.
    a = allocate(5, [T("d3", 3, 2), T("d2", 2, 1), T("d1", 1, 1)])
    assert steps(a) == {"d3": 1, "d2": 1, "d1": 0}
    assert (a.hits_used, a.unallocated) == (5, 0)
    assert a.of("d3").hits == 3 and a.of("d2").hits == 2
    assert a.must_retreat == ["d3", "d2"]  # SK 9.8
    assert a.eliminated == []


def test_example_holds_whatever_the_order_of_the_targets():
    units = [T("d3", 3, 2), T("d2", 2, 1), T("d1", 1, 1)]
    for perm in itertools.permutations(units):
        assert steps(allocate(5, list(perm))) == {"d3": 1, "d2": 1, "d1": 0}


def test_fewer_hits_than_the_smallest_defence_is_no_loss():
    a = allocate(1, [T("a", 2), T("b", 3)])
    assert steps(a) == {"a": 0, "b": 0}
    assert (a.hits_used, a.unallocated) == (0, 1)
    assert allocate(0, [T("a", 1)]).unallocated == 0


def test_maximum_losses_beats_fewest_unallocated():
    # 3 hits: the 3 alone uses them all, but the 1 and the 2 make two losses.
    a = allocate(3, [T("d3", 3), T("d2", 2), T("d1", 1)])
    assert steps(a) == {"d3": 0, "d2": 1, "d1": 1}


def test_second_loss_forbidden_until_every_unit_took_one():
    # 4 hits: a second loss on "a" (2 + 1) would make two losses, but "b" (defence 5)
    # has not taken one, so only one loss is allowed and two hits are lost.
    a = allocate(4, [T("a", 2, 1), T("b", 5, 3)])
    assert steps(a) == {"a": 1, "b": 0}
    assert a.unallocated == 2


def test_second_loss_forbidden_picks_the_single_loss_using_most_hits():
    # 6 hits: "a" twice (3 + 2 = 5) is forbidden; both once needs 7; one loss each:
    # b uses 4 hits, a uses 3, so b.
    a = allocate(6, [T("a", 3, 2), T("b", 4, 2)])
    assert steps(a) == {"a": 0, "b": 1}
    assert a.unallocated == 2


def test_second_losses_use_the_reduced_defence_once_all_took_one():
    # 7 hits: first losses 3 + 2 = 5; two left: a second loss on "a" (reduced
    # defence 2) uses both, on "b" (reduced 1) only one.
    a = allocate(7, [T("a", 3, 2), T("b", 2, 1)])
    assert steps(a) == {"a": 2, "b": 1}
    assert a.eliminated == ["a"] and a.must_retreat == ["b"]
    assert (a.hits_used, a.unallocated) == (7, 0)
    assert a.sequence == (("a", 3), ("b", 2), ("a", 2))


def test_unit_reduced_before_battle_is_eliminated_by_one_loss():
    a = allocate(5, [T("old", 3, 1, reduced=True)])
    assert steps(a) == {"old": 1}
    assert a.eliminated == ["old"] and a.must_retreat == []
    assert (a.hits_used, a.unallocated) == (1, 4)  # its reduced defence: 1 hit


def test_unit_reduced_before_battle_counts_as_having_taken_its_one_loss():
    # 1 + 2 = 3 for both first losses, then 1 more: second loss on "new" (reduced 1).
    a = allocate(4, [T("old", 3, 1, reduced=True), T("new", 2, 1)])
    assert steps(a) == {"old": 1, "new": 2}
    assert a.unallocated == 0


def test_preference_breaks_ties():
    units = [T("a", 2), T("b", 2), T("c", 2)]
    assert steps(allocate(2, units, ["c"])) == {"a": 0, "b": 0, "c": 1}
    assert steps(allocate(4, units, ["c", "a"])) == {"a": 1, "b": 0, "c": 1}
    assert steps(allocate(4, units, ["x", "b"])) == {"a": 1, "b": 1, "c": 0}


def test_preference_cannot_cost_a_step_loss_or_leave_hits_unallocated():
    units = [T("d3", 3), T("d2", 2), T("d1", 1)]
    assert steps(allocate(3, units, ["d3"])) == {"d3": 0, "d2": 1, "d1": 1}
    assert steps(allocate(5, units, ["d1"])) == {"d3": 1, "d2": 1, "d1": 0}


def test_default_fewest_eliminations():
    a = allocate(1, [T("old", 1, 1, reduced=True, a=0, ar=1), T("new", 1, 1, a=9, ar=1)])
    assert steps(a) == {"old": 0, "new": 1}


def test_default_weakest_attack_lost():
    a = allocate(2, [T("big", 2, 1, a=4, ar=2), T("small", 2, 1, a=2, ar=1)])
    assert steps(a) == {"big": 0, "small": 1}
    # ... and the preference comes before it.
    assert (
        steps(allocate(2, [T("big", 2, 1, a=4, ar=2), T("small", 2, 1, a=2, ar=1)], ["big"]))["big"]
        == 1
    )


def test_default_last_resort_is_unit_id():
    assert steps(allocate(1, [T("b", 1), T("a", 1)])) == {"b": 0, "a": 1}


def _brute(hits, units, prefer=()):
    """Reference for SK 9.7: every loss vector, filtered and ranked as documented."""
    best = None
    ids = sorted(u.id for u in units)
    for ks in itertools.product(*[range(u.max_steps + 1) for u in units]):
        if any(k == 2 for k in ks) and any(k == 0 for k in ks):
            continue
        cost = sum(sum(u.cost(j) for j in range(k)) for u, k in zip(units, ks, strict=True))
        if cost > hits:
            continue
        by_id = dict(zip((u.id for u in units), ks, strict=True))
        key = (
            sum(ks),
            cost,
            tuple(by_id.get(p, 0) for p in prefer),
            -sum(k >= u.max_steps for u, k in zip(units, ks, strict=True)),
            -sum(sum(u.attack_lost(j) for j in range(k)) for u, k in zip(units, ks, strict=True)),
            tuple(by_id[i] for i in ids),
        )
        if best is None or key > best[0]:
            best = (key, by_id)
    return best[1]


def test_exact_against_brute_force():
    rng = random.Random(97)
    for _ in range(400):
        n = rng.randint(1, 6)
        units = []
        for i in range(n):
            d = rng.randint(1, 4)
            a = rng.randint(1, 4)
            units.append(
                T(f"u{i}", d, rng.randint(1, d), reduced=rng.random() < 0.25, a=a, ar=a // 2)
            )
        hits = rng.randint(0, 14)
        prefer = rng.sample([u.id for u in units], rng.randint(0, n))
        assert steps(allocate(hits, units, prefer)) == _brute(hits, units, prefer)


def test_twenty_units_is_fast_and_exact():
    units = [T(f"u{i:02}", 2, 1) for i in range(20)]
    a = allocate(25, units)
    assert a.step_losses == 12 and a.unallocated == 1
    a = allocate(45, units)  # all take one (40), then five seconds of 1
    assert a.step_losses == 25 and a.unallocated == 0


def test_bad_input():
    with pytest.raises(ValueError):
        allocate(-1, [T("a", 1)])
    with pytest.raises(ValueError):
        allocate(1, [T("a", 1), T("a", 2)])
    with pytest.raises(ValueError):
        allocate(1, [T("a", 0)])


def test_target_from_counter():
    c = Counter(id="Ru-A1", country="Russia", type="army", full=(4, 3), reduced=(2, 2))
    t = Target.of(c, "Russia")
    assert (t.defence_full, t.defence_reduced, t.attack_full, t.attack_reduced) == (3, 2, 4, 2)
    assert not t.is_reduced


# --------------------------------------------------------------------------- SK 16.5


def test_land_combat_example_silesia():
    # Prussia scores three hits on four Austrian armies and one Russian army. Austria
    # (more units) suffers the first casualty: two hits on a defence-2 army. Russia
    # must take the third hit, enough to reduce its one army (here of defence 2: the
    # "all hits must be satisfied" case).
    units = [
        T("Au-A1", 3, 2, owner="Austria", a=4, ar=2),
        T("Au-A2", 2, 1, owner="Austria", a=3, ar=2),
        T("Au-A3", 3, 2, owner="Austria", a=4, ar=2),
        T("Au-A4", 3, 2, owner="Austria", a=4, ar=2),
        T("Ru-A1", 2, 1, owner="Russia", a=3, ar=2),
    ]
    a = allocate_joint(3, units)
    assert a.sequence == (("Au-A2", 2), ("Ru-A1", 1))
    assert a.must_retreat == ["Au-A2", "Ru-A1"]
    assert (a.hits_used, a.unallocated) == (3, 0)


def test_joint_more_units_first_then_round_robin():
    units = [T(f"Au{i}", 1, owner="Austria") for i in range(3)] + [T("Ru0", 1)]
    a = allocate_joint(5, units)
    # Austria, Russia, Austria, Russia (its only unit has taken one: it may take two),
    # Austria.
    assert [uid[:2] for uid, _ in a.sequence] == ["Au", "Ru", "Au", "Ru", "Au"]
    assert steps(a) == {"Au0": 1, "Au1": 1, "Au2": 1, "Ru0": 2}
    assert a.eliminated == ["Ru0"]


def test_joint_must_satisfy_even_with_too_few_hits():
    # 1 hit, Austria first (two units), all defences 3: under 9.7 nothing would happen.
    units = [T("Au0", 3, owner="Austria"), T("Au1", 3, owner="Austria"), T("Ru0", 3)]
    a = allocate_joint(1, units)
    assert a.step_losses == 1 and a.unallocated == 0
    assert a.sequence == (("Au0", 1),)
    assert allocate(1, [u for u in units if u.owner == "Austria"]).step_losses == 0


def test_joint_payable_unit_before_must_satisfy():
    # 2 hits: Austria's defence-2 unit takes them, not a defence-3 one "satisfied".
    units = [T("Au0", 3, owner="Austria", a=1), T("Au1", 2, owner="Austria", a=9), T("Ru0", 1)]
    assert allocate_joint(2, units).sequence == (("Au1", 2),)


def test_joint_each_power_one_loss_each_before_two():
    # Russia: two units; its second turn must hit the other unit, not a second loss.
    units = [T(f"Au{i}", 1, owner="Austria") for i in range(3)] + [T("Ru0", 1), T("Ru1", 5)]
    a = allocate_joint(4, units)
    assert a.sequence == (("Au0", 1), ("Ru0", 1), ("Au1", 1), ("Ru1", 1))


def test_joint_tie_enemy_chooses_who_suffers_first():
    units = [T("Au0", 1, owner="Austria"), T("Ru0", 1, owner="Russia")]
    assert allocate_joint(1, units).sequence == (("Au0", 1),)  # default: alphabetical
    assert allocate_joint(1, units, enemy_choice="Russia").sequence == (("Ru0", 1),)
    assert allocate_joint(1, units, enemy_choice="Austria").sequence == (("Au0", 1),)
    # the enemy's choice only breaks ties: France has more units and still goes first
    more = [*units, T("Fr0", 1, owner="France"), T("Fr1", 1, owner="France")]
    a = allocate_joint(2, more, enemy_choice="Russia")
    assert [uid for uid, _ in a.sequence] == ["Fr0", "Ru0"]


def test_joint_preferences_per_power():
    units = [T("Au0", 1, owner="Austria"), T("Au1", 1, owner="Austria"), T("Ru0", 1)]
    a = allocate_joint(1, units, prefer={"Austria": ["Au1"]})
    assert a.sequence == (("Au1", 1),)


def test_joint_hits_left_when_everything_is_eliminated():
    units = [T("Au0", 1, owner="Austria"), T("Ru0", 1, 1, reduced=True)]
    a = allocate_joint(9, units)
    assert a.eliminated == ["Au0", "Ru0"]
    assert (a.hits_used, a.unallocated) == (3, 6)


def test_one_major_with_its_minor_allies_is_plain_9_7():
    # Russian and Polish armies both owned by Russia: 9.7, so 3 hits go to the 1 and 2.
    units = [T("Ru-A1", 3, owner="Russia"), T("Po-A1", 2), T("Po-A2", 1)]
    a = allocate_joint(3, units, prefer={"Russia": ["Ru-A1"]})
    assert steps(a) == {"Ru-A1": 0, "Po-A1": 1, "Po-A2": 1}
    b = allocate_joint(1, [T("Ru-A1", 3)])
    assert b.step_losses == 0 and b.unallocated == 1  # no "must satisfy" in 9.7


def test_flat_views_for_the_combat_code():
    from pbem.rulesets.soldier.casualties import losses_of, unallocated_of

    a = allocate(5, [T("d3", 3, 2), T("d2", 2, 1), T("d1", 1, 1)])
    assert losses_of(a) == {"d3": 1, "d2": 1, "d1": 0}
    assert unallocated_of(a) == 0
