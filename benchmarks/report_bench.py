"""What rendering the turn reports costs: every report of a played game, as `pbem
report` writes them (HTML with its maps, and text), side by side with another revision
(`--baseline REV`, checked out in a temporary git worktree).

Run: python benchmarks/report_bench.py [--baseline REV] [--scenario world-at-war-4]
[--option end=1757] [--rounds 3]

Each tree plays the scenario's demo game with its own code (`pbem demo`: scripted
players, fixed master secret; a tree whose rules differ plays a slightly different
game, so the per-report time is what to compare), then, in a fresh interpreter with
everything imported, renders all its reports (`render_many` over what `pbem report`
selects: each power's report of each resolved phase), best of `--rounds`, the trees in
turn within each round. Printed: reports, seconds in all, milliseconds a report, the
largest HTML report, and the ratio.
"""

from __future__ import annotations

import argparse
import json

from trees import run_py, side_by_side

PLAY = r"""
import json, sys
from pathlib import Path
from pbem.demo import run_demo
d, scenario = Path(sys.argv[1]), sys.argv[2]
options = {}
for text in sys.argv[3:]:  # as pbem new --option: NAME, NAME=JSON or NAME=text
    name, eq, value = text.partition("=")
    try:
        options[name] = json.loads(value) if eq else True
    except json.JSONDecodeError:
        options[name] = value
run_demo(d, "soldier-kings", scenario, echo=lambda s: None, master=bytes(32),
         reports_too=False, options=options)
"""

TIMER = r"""
import json, sys, time
from pbem.reports.build import render_many
from pbem.reports.schedule import select
from pbem.service import Game
with Game(sys.argv[1]) as g:
    chosen = [(d.power, d.start, d.stop, None) for d in select(g)]
    render_many(g, chosen[:1])  # imports, templates and content loaded
    t = time.perf_counter()
    pages = render_many(g, chosen)
    dt = time.perf_counter() - t
print(json.dumps({"seconds": dt, "reports": len(pages),
                  "largest_html": max(len(p.html.encode()) for p in pages)}))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", help="a git revision measured beside this tree")
    ap.add_argument("--scenario", default="world-at-war-4")
    ap.add_argument("--option", action="append", default=None, help="default: end=1757")
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    options = a.option if a.option is not None else ["end=1757"]
    with side_by_side(a.baseline) as (trees, tmp):
        games = {}
        for k, (name, tree) in enumerate(trees.items()):
            d = tmp / f"game{k}"
            run_py(tree, ["-c", PLAY, str(d), a.scenario, *options])
            games[name] = d / "game.pbem"
        best: dict[str, dict] = {}
        for _ in range(a.rounds):
            for name, tree in trees.items():
                got = json.loads(run_py(tree, ["-c", TIMER, str(games[name])]).strip())
                if name not in best or got["seconds"] < best[name]["seconds"]:
                    best[name] = got
    print(f"== reports of the {a.scenario} demo game ({', '.join(options) or 'no options'}), "
          f"best of {a.rounds}")  # fmt: skip
    for name, got in best.items():
        per = got["seconds"] / got["reports"] * 1000
        print(
            f"  {name}: {got['reports']} reports in {got['seconds']:.2f} s, {per:.1f} ms a "
            f"report, largest HTML {got['largest_html']:,} bytes"
        )
    if len(best) == 2:
        (_, old), (_, new) = best.items()
        ratio = (old["seconds"] / old["reports"]) / (new["seconds"] / new["reports"])
        print(f"  per report: {ratio:.2f}x faster than the baseline")


if __name__ == "__main__":
    main()
