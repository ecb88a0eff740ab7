"""A deal not made because a party sent it on other terms (SK 14.3, players' trial): the
report says what that party sent instead, not only that it "did not send it"."""

from __future__ import annotations

from pbem import ruleset as registry
from pbem.rulesets.soldier.diplomacy import DealUnmatched
from pbem.rulesets.soldier.report.sentences import describe


def _say(game: str, **kw) -> str | None:
    c = registry.get(game).content
    return describe(
        c, DealUnmatched(parties=["Britain", "Prussia"], seen_by=["Britain"], **kw), None
    )


def test_other_terms_show_the_difference():
    mine = ["Britain gives 40 Resources to Prussia", "alliance"]
    theirs = [
        "Britain gives 30 Resources to Prussia",
        "alliance",
        "promise Prussia defends Hannover",
    ]
    assert _say("soldier-kings", terms=mine, missing=["Prussia"], others={"Prussia": theirs}) == (
        "No deal between Britain and Prussia (Britain gives 40 Resources to Prussia; alliance): "
        "Prussia sent one with other terms (Britain gives 30 Resources to Prussia; promise "
        "Prussia defends Hannover in place of Britain gives 40 Resources to Prussia)."
    )


def test_terms_added_or_left_out_and_a_party_that_sent_nothing():
    terms = ["alliance"]
    more = _say(
        "soldier-kings",
        terms=terms,
        missing=["Prussia"],
        others={"Prussia": ["alliance", "promise peace"]},
    )
    assert more.endswith("Prussia sent one with other terms (promise peace as well).")
    fewer = _say(
        "soldier-kings",
        terms=["alliance", "promise peace"],
        missing=["Prussia"],
        others={"Prussia": terms},
    )
    assert fewer.endswith("Prussia sent one with other terms (without promise peace).")
    silent = _say("soldier-kings", terms=terms, missing=["Prussia"])
    assert silent == "No deal between Britain and Prussia (alliance): Prussia did not send it."


def test_soldier_emperor_reads_money():
    text = _say(
        "soldier-emperor",
        terms=["Britain gives 4 Resources to Prussia"],
        missing=["Prussia"],
        others={"Prussia": ["Britain gives 5 Resources to Prussia"]},
    )
    assert "Britain gives 5 Money to Prussia in place of Britain gives 4 Money to Prussia" in text
