"""Order lines checked as the service checks an envelope's (pbem.ruleset.check_orders),
for tests that hold a state and want the problems as text."""

from __future__ import annotations

from pbem.ruleset import OrderLine, Ruleset, check_orders


def problems(rs: Ruleset, s, power: str, phase: str, lines: list[str]) -> list[str]:
    """The problems with `lines` (line 1 first) from `power` in `phase`, as text."""
    _, found = check_orders(rs, s, power, phase, [OrderLine(i, t) for i, t in enumerate(lines, 1)])
    return [str(p) for p in found]
