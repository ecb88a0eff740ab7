import hashlib
from collections import Counter

import pytest

from pbem.dice import (
    CommittedDice,
    DiceScriptError,
    ScriptedDice,
    SeedChain,
    chain_step,
    seed_matches,
)


def test_seed_chain_links_to_its_anchor():
    chain = SeedChain(b"r" * 32, length=600)
    anchor = chain.anchor()
    s1, s2, s300 = chain.seed(1), chain.seed(2), chain.seed(300)
    assert chain_step(s1) == anchor and chain_step(s2) == s1
    assert seed_matches(0, anchor, 300, s300) and seed_matches(2, s2, 300, s300)
    assert not seed_matches(0, anchor, 300, s2)
    fresh = SeedChain(b"r" * 32, length=600)  # no cache: same values
    assert [fresh.seed(i) for i in (300, 2, 1)] == [s300, s2, s1]
    with pytest.raises(Exception, match="outside the committed chain"):
        chain.seed(601)


def test_rolls_follow_from_seed_digest_and_label():
    a = CommittedDice(b"s" * 32, "digest-1")
    b = CommittedDice(b"s" * 32, "digest-1")
    c = CommittedDice(b"s" * 32, "digest-2")
    ra = [a.randbelow("Silesia, round 1, attacker", 6) for _ in range(20)]
    assert ra == [b.randbelow("Silesia, round 1, attacker", 6) for _ in range(20)]
    assert ra != [c.randbelow("Silesia, round 1, attacker", 6) for _ in range(20)]
    # a label's rolls do not depend on what other labels rolled before
    d = CommittedDice(b"s" * 32, "digest-1")
    d.randbelow("Berlin", 6)
    assert [d.randbelow("Silesia, round 1, attacker", 6) for _ in range(20)] == ra


def test_rejection_sampling_rejects_the_biased_tail():
    """For n=6 a byte is kept only below 252; check against the definition."""
    import hmac

    dice = CommittedDice(b"k" * 32, "d")
    got = [dice.randbelow("x", 6) for _ in range(2000)]
    expected, block, buf = [], 0, b""
    for k in range(2000):
        block, buf = 0, b""
        while True:
            if not buf:
                buf = hmac.new(b"k" * 32, f"d\nx\n{k}\n{block}".encode(), hashlib.sha256).digest()
                block += 1
            x, buf = buf[0], buf[1:]
            if x < 252:
                expected.append(x % 6)
                break
    assert got == expected


@pytest.mark.parametrize("n", [6, 7, 10, 300])
def test_uniform(n):
    dice = CommittedDice(b"u" * 32, "d")
    counts = Counter(dice.randbelow(f"label {i % 7}", n) for i in range(n * 400))
    assert set(counts) == set(range(n))
    expected = 400
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    # the 99.99th percentile of chi-square with n-1 degrees of freedom is below 2n + 30
    assert chi2 < 2 * n + 30, chi2


def test_scripted_dice():
    d = ScriptedDice([3, ("attacker", 6)])
    assert d.next_value("initiative") == 3
    with pytest.raises(DiceScriptError, match="was for 'attacker'"):
        d.next_value("defender")
    with pytest.raises(DiceScriptError, match="ran out"):
        ScriptedDice([]).next_value("x")
    with pytest.raises(DiceScriptError, match="not in 0..1"):
        ScriptedDice([2]).randbelow("deal", 2)


def test_the_draws_hmac_is_hmac_sha256():
    """randbelow hashes each message on precomputed key pads (issue 9): the same bytes as
    hmac.digest, for keys shorter than, as long as and longer than SHA-256's block."""
    import hmac
    import random

    from pbem.dice import _hmac, _hmac_pads

    r = random.Random(9)
    for size in (0, 1, 31, 32, 33, 63, 64, 65, 100, 200):
        key = r.randbytes(size)
        inner, outer = _hmac_pads(key)
        for msg in (b"", b"x", r.randbytes(100), r.randbytes(1000)):
            assert _hmac(inner, outer, msg) == hmac.digest(key, msg, "sha256")


def test_a_seed_given_later_is_the_one_drawn_from():
    a = CommittedDice(b"a" * 32, "d")
    b = CommittedDice(b"b" * 32, "d")
    [a.randbelow("x", 6) for _ in range(5)]  # draws 0-4, from the first seed
    a.seed = b"b" * 32
    assert [a.randbelow("x", 6) for _ in range(5)] == [b.randbelow("x", 6) for _ in range(10)][5:]
