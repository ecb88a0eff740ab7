import sys
from pathlib import Path

SUPPORT = Path(__file__).parent / "support"
sys.path.insert(0, str(SUPPORT))

import mini_ruleset  # noqa: E402

from pbem import ruleset as registry  # noqa: E402

registry.register("mini", mini_ruleset.MiniRuleset)

# --- Audit issue 19: a second verifier, written from the docs alone, runs beside every ---
# `pbem.verify.verify` call of the suite and must agree with it (tests/test_second_verifier.py).
import os  # noqa: E402

import second_verifier  # noqa: E402

import pbem.verify as _pbem_verify  # noqa: E402

_real_verify = _pbem_verify.verify
SECOND_VERIFIER_RUNS: list[str] = []
# Where pbem verify fails and the second verifier finds nothing, every finding must be
# one the second verifier cannot look for (recomputed rules results); checked at once,
# in the test that verified (so it holds whichever process of a parallel run that is).
RULES_ONLY = (
    "differ from a recomputation",
    "which was not open",
    "report",
    "was not due",
    "game_ended",
    "this game was played with",  # verify's note on a rules mismatch under other software
)


def _verify_with_second(path, secrets=None, kept=(), jobs=None):
    rep = _real_verify(path, secrets, kept, jobs=jobs)
    secret = Path(f"{path}.secret") if secrets is not None else None
    found = second_verifier.check(path, kept, secret if secret and secret.exists() else None)
    test = os.environ.get("PYTEST_CURRENT_TEST", "?").rsplit(" ", 1)[0]
    SECOND_VERIFIER_RUNS.append(test)
    assert not (found and rep.ok), f"pbem verify says OK, the second verifier finds: {found}"
    if not rep.ok and not found:
        for finding in map(str, rep.findings):
            assert any(k in finding for k in RULES_ONLY), (
                f"{test}: pbem verify found {finding!r}, the second verifier nothing"
            )
    return rep


_pbem_verify.verify = _verify_with_second


# --- a parallel run (pytest-xdist, `make test`): what the processes count, added up ------
# Each process writes its fuzz counts (fuzzkit.record) to a folder they share; the
# summary at the end adds them up (docs/core.md "Fuzzed inputs").
import json  # noqa: E402
import tempfile  # noqa: E402


def pytest_configure(config):
    if not hasattr(config, "workerinput"):  # the controller, or a run in one process
        os.environ["PBEM_TEST_SHARED"] = tempfile.mkdtemp(prefix="pbem-test-shared-")


def pytest_terminal_summary(terminalreporter):
    if hasattr(terminalreporter.config, "workerinput"):
        return
    import fuzzkit

    parts = [
        json.loads(p.read_text()) for p in Path(os.environ["PBEM_TEST_SHARED"]).glob("fuzz-*.json")
    ]
    if parts:
        terminalreporter.write_line(fuzzkit.summary_of(parts))


# Report hashes a test run remembers go to a throw-away cache, never the user's own
# (pbem/reports/hashcache.py); a test that wants a cold cache sets its own directory.
os.environ.setdefault("PBEM_CACHE_DIR", tempfile.mkdtemp(prefix="pbem-test-cache-"))
