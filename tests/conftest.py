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
# pbem verify failed and the second verifier found nothing: allowed only where the
# second verifier cannot look (recomputed rules results); test_second_verifier checks.
SECOND_VERIFIER_DISAGREEMENTS: list[dict] = []


def _verify_with_second(path, secrets=None, kept=(), jobs=None):
    rep = _real_verify(path, secrets, kept, jobs=jobs)
    secret = Path(f"{path}.secret") if secrets is not None else None
    found = second_verifier.check(path, kept, secret if secret and secret.exists() else None)
    test = os.environ.get("PYTEST_CURRENT_TEST", "?").rsplit(" ", 1)[0]
    SECOND_VERIFIER_RUNS.append(test)
    assert not (found and rep.ok), f"pbem verify says OK, the second verifier finds: {found}"
    if not rep.ok and not found:
        SECOND_VERIFIER_DISAGREEMENTS.append({"test": test, "pbem": [str(f) for f in rep.findings]})
    return rep


_pbem_verify.verify = _verify_with_second


def pytest_collection_modifyitems(items):
    """The agreement test reads what every other test recorded, so it runs last."""
    last = [i for i in items if i.name == "test_every_disagreement_is_about_rules_results"]
    items[:] = [i for i in items if i not in last] + last


# Report hashes a test run remembers go to a throw-away cache, never the user's own
# (pbem/reports/hashcache.py); a test that wants a cold cache sets its own directory.
import tempfile  # noqa: E402

os.environ.setdefault("PBEM_CACHE_DIR", tempfile.mkdtemp(prefix="pbem-test-cache-"))
