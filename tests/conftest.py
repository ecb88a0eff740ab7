import sys
from pathlib import Path

SUPPORT = Path(__file__).parent / "support"
sys.path.insert(0, str(SUPPORT))

import mini_ruleset  # noqa: E402

from pbem import ruleset as registry  # noqa: E402

registry.register("mini", mini_ruleset.MiniRuleset)
