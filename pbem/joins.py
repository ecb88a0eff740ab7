"""Player entropy (issue 16, docs/core.md "Joining: the players' random values").

In a game created with joins, the set-up does not resolve at creation. Every player
first sends a signed join envelope (`Phase: setup`) holding one line, `random HEX`: 32
random bytes of his own (`pbem sign` fills in a bare `random` line). It must quote the
creation checkpoint, so the value is bound to the seed commitments the referee
published. The set-up's orders digest covers the sealed digest of every join counted,
and the set-up dice hang on that digest: the referee fixed the seed before he saw the
values, and no player knows the seed, so nobody alone can steer the set-up.
"""

from __future__ import annotations

import re
import secrets as _random

from .engine import SETUP  # the phase of the join envelopes: resolution 1's
from .ruleset import STANDING, OrderLine, Problem, Step
from .ruleset import check_orders as rules_check
from .state import GameState

WORD = "random"
HEX_DIGITS = 64  # 32 bytes
TITLE = "Joining: each player's random value for the set-up"
_LINE = re.compile(r"random\s+([0-9a-fA-F]+)")


def awaiting(st: GameState) -> bool:
    """Is the game waiting for its players' join envelopes (set-up not yet resolved)?"""
    c = st.created
    return c is not None and c.joins and st.resolutions == 0 and st.ended is None


def step(st: GameState) -> Step:
    return Step(phase=SETUP, title=TITLE, owes=tuple(st.players))


def open_step(st: GameState) -> Step | None:
    """What the game waits for: the joins before the set-up, then the ruleset's steps;
    None once the game is over."""
    return Steps().open(st)


class Steps:
    """open_step for a walk over a log (verify), the rules' step worked out once while
    the rules state stays as it is: the walker calls `forget` when an event may change
    it (state.KEEPS_RULES: the events that do not)."""

    def __init__(self) -> None:
        self.known = False
        self.rules_step: Step | None = None

    def open(self, st: GameState) -> Step | None:
        if st.ended is not None:
            return None
        if awaiting(st):
            return step(st)
        return self.of(st)

    def of(self, st: GameState) -> Step | None:
        """The ruleset's step (st.ruleset.step)."""
        if not self.known:
            self.rules_step, self.known = st.ruleset.step(st.rules), True
        return self.rules_step

    def forget(self) -> None:
        self.known = False


def check(lines: list[OrderLine]) -> list[Problem]:
    """A join envelope's orders: exactly one line `random HEX`, 64 hex digits."""
    given = [  # `#` comments and blank lines (the report's template has both) are not orders
        OrderLine(ol.line, code) for ol in lines if (code := ol.text.split("#", 1)[0].strip())
    ]
    if not given:
        return [
            Problem(
                f"a join envelope holds one line '{WORD} <{HEX_DIGITS} hex digits>': "
                f"write '{WORD}' alone and `pbem sign` fills in a random value"
            )
        ]
    out = []
    for ol in given[1:]:
        out.append(Problem("a join envelope holds one line only, its random value", ol.line))
    ol = given[0]
    m = _LINE.fullmatch(ol.text.strip())
    if m is None:
        out.insert(0, Problem(f"expected '{WORD} <{HEX_DIGITS} hex digits>'", ol.line))
    elif len(m.group(1)) != HEX_DIGITS:
        out.insert(
            0,
            Problem(
                f"the random value has {len(m.group(1))} hex digits, it needs {HEX_DIGITS}",
                ol.line,
            ),
        )
    return out


def check_orders(
    st: GameState, power: str, phase: str, lines: list[OrderLine]
) -> tuple[object, list[Problem]]:
    """An envelope's orders read in the game as it stands, and their problems: a join
    before the set-up (its orders: None), the ruleset's orders after it."""
    if awaiting(st):
        if phase == STANDING:
            return None, [Problem("standing orders are taken once the set-up has been resolved")]
        return None, check(lines)
    return rules_check(st.ruleset, st.rules, power, phase, lines)


def needs_checkpoint(st: GameState, has_checkpoint: bool) -> Problem | None:
    """A join must quote the creation checkpoint: it binds the value to the game as
    created (its options, its seed commitments)."""
    if awaiting(st) and not has_checkpoint:
        cp = st.checkpoint
        ref = f"Checkpoint: {cp.seq} {cp.head}" if cp else "Checkpoint: ..."
        return Problem(
            "a join envelope must quote the game's creation checkpoint, which binds your "
            f"random value to the seed commitments the referee published: add '{ref}'"
        )
    return None


def fill_in(body: str) -> str:
    """`pbem sign`: a bare `random` order line gets 32 fresh random bytes (hex)."""
    head, sep, rest = body.partition("\n\n")
    if not sep:
        return body
    lines = rest.split("\n")
    for i, ln in enumerate(lines):
        code, hash_, comment = ln.partition("#")
        if code.strip().lower() == WORD:
            lines[i] = f"{WORD} {_random.token_hex(HEX_DIGITS // 2)}" + (
                f"  {hash_}{comment}" if hash_ else ""
            )
    return head + sep + "\n".join(lines)


def order_template(st: GameState, power: str, step: Step) -> list:
    """The lines under the headers of a power's next envelope: the join line before the
    set-up, the ruleset's template after it."""
    if awaiting(st):
        return template()
    return list(st.ruleset.order_template(st.rules, power, step))


def template() -> list[str]:
    return [
        "# Your random value for the set-up: leave the word 'random' alone on its",
        "# line and `pbem sign` puts 32 random bytes after it. The set-up's dice",
        "# depend on every player's value, so neither the referee nor any one",
        "# player can choose them.",
        WORD,
    ]
