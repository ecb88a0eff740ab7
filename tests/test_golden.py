"""Games outlive upgrades (issue 16): every golden game in tests/golden/, played to its
end by an earlier pbem and committed, still verifies and still renders every report it
calls for byte for byte (the SHA-256 of each text and HTML part, recorded when it was
made: tests/golden/make_golden.py). A change that breaks one broke games already
played: keep the old behaviour for games of the old version, or make pbem refuse them
naming the version to use (pbem/verify.py, docs/core.md "Other software")."""

from __future__ import annotations

import importlib.util
import json
import shutil
import tomllib
from pathlib import Path

import pytest

from pbem.verify import verify

GOLDEN = Path(__file__).parent / "golden"
GAMES = sorted(p.stem for p in GOLDEN.glob("*.pbem"))
# Golden games whose rules were corrected since: pbem must refuse them, naming the
# version that played them (tests/golden/superseded.toml: name -> the fix and the pbem
# that made it). Every shipped game keeps a golden game of the present rules.
SUPERSEDED = tomllib.loads((GOLDEN / "superseded.toml").read_text())
CURRENT = [g for g in GAMES if g not in SUPERSEDED]


def _maker():
    spec = importlib.util.spec_from_file_location("make_golden", GOLDEN / "make_golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_shipped_game_has_a_golden_file():
    from pbem import ruleset as registry

    shipped = [  # the rulesets pbem ships (the tests' own, like mini, live outside pbem/)
        n for n in registry.available() if type(registry.get(n)).__module__.startswith("pbem.")
    ]
    assert len(shipped) >= 4
    for name in shipped:
        assert any(g.startswith(f"{name}-") for g in CURRENT), f"no golden game of {name}"
    assert set(SUPERSEDED) <= set(GAMES), "a superseded game that is not in tests/golden"


@pytest.mark.parametrize("name", CURRENT)
def test_a_golden_game_verifies_and_renders_the_same_reports(name, tmp_path):
    path = tmp_path / f"{name}.pbem"
    shutil.copyfile(GOLDEN / f"{name}.pbem", path)  # the checks may write caches beside it
    rep = verify(path)
    assert rep.ok, rep.text()
    assert rep.resolutions > 5 and rep.hidden_unchecked == 0
    want = json.loads((GOLDEN / f"{name}.reports.json").read_text())
    got = _maker().report_hashes(path)
    changed = sorted(k for k in want if got.get(k) != want[k])
    assert set(got) == set(want) and not changed, f"reports changed: {changed[:5]}"


@pytest.mark.parametrize("name", sorted(SUPERSEDED))
def test_a_game_of_corrected_rules_is_refused_naming_the_version_that_played_it(name, tmp_path):
    """docs/core.md "Other software": a game that no longer recomputes under today's
    rules is not silently wrong: verify says which pbem to verify and resolve it with.
    One that still recomputes (the corrections never arose in it) verifies, and only
    what its reports offer changed (an order template without a move the corrected
    rules refuse): its entry says which reports."""
    from pbem.log import EventLog

    path = tmp_path / f"{name}.pbem"
    shutil.copyfile(GOLDEN / f"{name}.pbem", path)
    entry = SUPERSEDED[name]
    with EventLog(path) as log:
        software = log.row(1).event().software
    assert software.startswith(entry["played_with"] + ";")
    rep = verify(path)
    if "reports_changed" in entry:
        assert rep.ok, rep.text()
        want = json.loads((GOLDEN / f"{name}.reports.json").read_text())
        got = _maker().report_hashes(path)
        assert sorted(k for k in want if got.get(k) != want[k]) == entry["reports_changed"]
        return
    assert not rep.ok
    last = str(rep.findings[-1])
    assert f"this game was played with {software!r}" in last, rep.text()
    assert f"verify and resolve it with that version ({entry['played_with']};" in last


@pytest.mark.parametrize("name", [g for g in CURRENT if g.endswith("-sealed-joins")])
def test_a_sealed_golden_game_gives_redacted_copies_that_verify(name, tmp_path):
    """Sealed games (docs/core.md "Sealed rows"): each power's redacted copy of an old
    game still verifies, and the full file holds a join per power before its set-up."""
    from pbem.export import export
    from pbem.log import EventLog

    path = tmp_path / f"{name}.pbem"
    shutil.copyfile(GOLDEN / f"{name}.pbem", path)
    with EventLog(path) as log:
        created = log.row(1).event()
        powers = [r.event().power for r in log.rows(1, 20) if r.type == "player_registered"]
        joins = [r.event() for r in log.rows() if r.type == "orders_accepted"]
    assert created.sealed and created.joins
    assert {e.power for e in joins if e.phase == "setup"} == set(powers)
    for power in powers:
        copy = export(path, power, tmp_path / f"{power}.pbem", now="2026-01-01T00:00:00Z")
        assert copy.sealed_away > 0
        rep = verify(copy.path)
        assert rep.ok, rep.text()
