"""7YWW 22.12: the victory ratio and its level, read to two decimals ([C 22.b])."""

from __future__ import annotations

import pytest

from pbem.rulesets.seven_years.victory import level, ratio, shown


@pytest.mark.parametrize(
    ("base", "final", "printed", "lvl"),
    [
        (167, 200, "1.20", "Marginal Victory"),  # 1.1976...
        (201, 161, "0.80", "Defeat"),  # 0.8009...
        (200, 239, "1.20", "Marginal Victory"),  # 1.195: half up
        (200, 161, "0.81", "Equilibrium"),  # 0.805: half up (banker's rounding: 0.80)
        (200, 299, "1.50", "Continental Victory"),  # 1.495
        (200, 399, "2.00", "Global Victory"),  # 1.995
        (200, 398, "1.99", "Continental Victory"),
        (10, 8, "0.80", "Defeat"),
        (100, 81, "0.81", "Equilibrium"),
        (100, 119, "1.19", "Equilibrium"),
        (100, 149, "1.49", "Marginal Victory"),
        (0, 5, "0.00", "Defeat"),
    ],
)
def test_the_level_is_the_printed_ratios(base, final, printed, lvl):
    r = ratio(base, final)
    assert shown(r) == printed
    assert level(r) == lvl
