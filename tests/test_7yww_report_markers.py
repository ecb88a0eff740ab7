"""Seven Years World War report: a leader in a player's hand or in a power box is shown
as a player reads him, by kind and command value (7YWW 2.321, 20.41; the counter mix of
games/seven-years-world-war/pieces.toml), with the id orders use in parentheses."""

from __future__ import annotations

from seeded import Seeded

from pbem.resolution import Resolution
from pbem.ruleset import get
from pbem.rulesets.seven_years.state import Leader

RS = get("seven-years-world-war")


def _text(sections) -> str:
    out = []
    for sec in sections:
        out += [str(x) for x in getattr(sec, "lines", ()) or ()]
        out += [" | ".join(map(str, row)) for row in getattr(sec, "rows", ()) or ()]
    return "\n".join(out)


def test_leaders_in_hand_and_in_boxes_are_named_by_kind_and_command_value():
    ctx = Resolution(RS, RS.new_state("2-european", {}), Seeded(1))
    RS.setup(ctx, "2-european", {})
    s = ctx.state
    seat = s.seats[0]
    s.players[seat].hand = ["DIP2-1", "G1-2", "A3-1"]
    s.leaders["G2-1"] = Leader(id="G2-1", where="box", box=s.powers_of(seat)[0], face_up=True)
    text = _text(RS.report_sections(s, seat))
    assert (
        "Campaign markers: Diplomacy 2, General of command value 1 (G1-2),"
        " Admiral of command value 3 (A3-1)." in text
    ), text
    assert "General of command value 2 (G2-1) | " in text, text
