"""7YWW 21: the deals and pacts in a player's report. Pacts (`syw.pact`, public) are
listed for every player; a deal (`syw.deal`, private to its parties) only for them."""

from __future__ import annotations

from pbem.rulesets.seven_years.content import default_content
from pbem.rulesets.seven_years.report import sections
from pbem.rulesets.seven_years.state import SYWState

C1, C2, C3 = "Coalition 1", "Coalition 2", "Coalition 3"


def _state() -> SYWState:
    return SYWState.model_validate(
        {
            "scenario": "3-european",
            "seats": [C1, C2, C3],
            "turn": 3,
            "stage": "turn",
            "order": [C1, C2, C3],
            "control": {"GB": C1, "AU": C2, "RU": C3, "FR": None},
            "players": {C1: {}, C2: {}, C3: {}},
            "pacts": [
                {"seats": [C1, C2], "what": "no attack", "target": "", "until": 0},
                {"seats": [C2, C3], "what": "no entry", "target": "FR", "until": 1759},
                {"seats": [C1, C3], "what": "no attack", "target": "", "until": 1757},
            ],
            "deals": [
                {
                    "seats": [C1, C2],
                    "terms": f"{C1}, {C2}: {C1} gives 3 treasury to {C2}",
                    "turn": 2,
                },
                {
                    "seats": [C1, C2],
                    "terms": f"{C1}, {C2}: {C1} gives 3 treasury to {C2}",
                    "turn": 3,
                },
            ],
        }
    )


def _agreements(seat: str):
    got = [
        x for x in sections(default_content(), _state(), seat) if x.title.startswith("Agreements")
    ]
    return got[0] if got else None


def test_a_party_sees_his_deal_once_with_its_latest_turn_and_every_pact_in_force():
    sec = _agreements(C1)
    assert sec is not None
    assert (
        "deal (21.1)",
        f"{C1}, {C2}",
        f"{C1} gives 3 treasury to {C2}",
        "carried out in game turn 3",
    ) in sec.rows
    assert ("pact (21.2)", f"{C1}, {C2}", "no attack", "for the whole game") in sec.rows
    assert (
        "pact (21.2)",
        f"{C2}, {C3}",
        "no entry into France",
        "until the end of 1759",
    ) in sec.rows
    assert not any("1757" in r[3] for r in sec.rows)  # turn 3 is 1758: that pact has lapsed
    assert [r[0] for r in sec.rows].count("deal (21.1)") == 1


def test_a_deal_is_hidden_from_the_other_players_but_pacts_are_not():
    sec = _agreements(C3)
    assert sec is not None
    assert not any(r[0].startswith("deal") for r in sec.rows)
    assert len([r for r in sec.rows if r[0].startswith("pact")]) == 2


def test_no_section_without_agreements():
    s = _state()
    s.pacts, s.deals = [], []
    assert not [x for x in sections(default_content(), s, C1) if x.title.startswith("Agreements")]
