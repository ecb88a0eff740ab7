"""7YWW 29.7 Illuminati: "The player may reroll any one die roll, friendly or enemy." A
standing `illuminati on KIND` line names kinds of roll (windows.KINDS, each with the
dice labels it names). Every die the rules roll must be of a kind a line can name, and
every kind the orders doc lists must be read."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from pbem.cases import collect, run_case
from pbem.log import EventLog
from pbem.resolution import Resolution
from pbem.rulesets.seven_years import windows
from pbem.rulesets.seven_years.content import default_content
from pbem.rulesets.seven_years.standing import Standing

HERE = Path(__file__).parent
GOLDEN = HERE / "golden" / "seven-years-world-war-2-european.pbem"
CASES = HERE / "cases" / "seven-years-world-war"
DOC = HERE.parent / "docs" / "orders-seven-years-world-war.md"
# rolls outside every Illuminati window: 28.571's draft of powers comes before any
# marker is dealt (draft.py rolls it with ctx.roll)
OUTSIDE = ("draft order",)


def kind_problems(labels: set[str]) -> list[str]:
    return [
        lb for lb in sorted(labels)
        if not windows.kind_of(lb) and not lb.startswith(OUTSIDE)
    ]  # fmt: skip


def test_every_die_of_the_played_game_is_of_a_kind(tmp_path):
    game = tmp_path / GOLDEN.name
    shutil.copy(GOLDEN, game)
    with EventLog(game) as log:
        labels = {
            b["label"]
            for r in log.rows()
            if r.type == "dice_rolled" and (b := json.loads(r.body)).get("draw") == "roll"
        }
    assert labels
    assert kind_problems(labels) == []


def test_every_die_the_cases_roll_is_of_a_kind(monkeypatch):
    """The rules cases roll every table of the game (the played game only some)."""
    labels: set[str] = set()
    roll = Resolution.roll

    def recording(self, label, count=1, sides=6):
        labels.add(label)
        return roll(self, label, count, sides)

    monkeypatch.setattr(Resolution, "roll", recording)
    for path in collect([CASES]):
        run_case(path)
    heads = {windows.kind_of(lb) for lb in labels}
    for kind in ("invasion", "coup", "minor recruiting", "pact broken", "combat", "diplomacy"):
        assert kind in heads, kind
    assert kind_problems(labels) == []


def doc_kinds() -> list[str]:
    row = next(ln for ln in DOC.read_text().splitlines() if ln.startswith("| `illuminati on KIND"))
    listed = row.split("after a roll of KIND (", 1)[1].split(") made by SEAT", 1)[0]
    return [k for k in re.findall(r"`([^`]+)`", listed) if not re.fullmatch(r"[A-Z]\d", k)]


def test_the_doc_lists_every_kind():
    listed = doc_kinds()
    names = {windows.KIND_ALIASES.get(k, k) for k in listed}
    assert names == set(windows.KINDS)


@pytest.mark.parametrize("kind", doc_kinds())
def test_every_kind_the_doc_lists_is_read(kind):
    st = Standing()
    problems = windows.STANDING_READERS["illuminati"](default_content(), st, f"on {kind} if 1 2", 1)
    assert problems == []
    assert st.illuminati[0].kind == windows.KIND_ALIASES.get(kind, kind)


@pytest.mark.parametrize(
    ("label", "kind"),
    [
        ("invasion of FR: Coalition 1", "invasion"),
        ("illuminati reroll: invasion of OT: Coalition 3", "invasion"),
        ("coup: Coalition 1 on G2-1", "coup"),
        ("minor recruiting: Persia", "minor recruiting"),
        ("pact broken: Coalition 2 picks", "pact broken"),
        ("laissez faire: Coalition 1", "laissez faire"),
        ("laissez faire amount: Coalition 1", "laissez faire amount"),
        ("initiative tie: Coalition 2", "initiative tie"),
        ("draft order: Coalition 1", ""),
    ],
)
def test_kind_of_a_label(label, kind):
    assert windows.kind_of(label) == kind


def test_uprising_is_no_kind_of_roll():
    """29.3's Uprising is a result of the minor recruiting roll, not a roll of its own:
    `illuminati on minor recruiting if 1 2`."""
    st = Standing()
    problems = windows.STANDING_READERS["illuminati"](default_content(), st, "on uprising", 1)
    assert problems and "no kind of roll" in problems[0].message
