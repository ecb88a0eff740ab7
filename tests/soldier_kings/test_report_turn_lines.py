"""Two lines of a Soldier Kings report a player acts on: the set-up template names where
each country's pieces may go (a minor ally's too), and the initiative order is called
this turn's only once this turn's roll is made (SK 4.1: Purchase, then Initiative)."""

from __future__ import annotations

from pbem import ruleset as registry
from pbem.resolution import Resolution
from pbem.rulesets.soldier.report.position import sections


class _First:
    def randbelow(self, label: str, n: int) -> int:
        return 0


def _set_up():
    rs = registry.get("soldier-kings")
    ctx = Resolution(rs, rs.new_state("1756", {}), _First())
    rs.setup(ctx, "1756", {})
    return rs, ctx.state


def test_the_set_up_template_lists_the_minor_allys_areas():
    rs, s = _set_up()
    step = rs.step(s)
    lines = rs.order_template(s, "Austria", step)
    assert (
        "# Allowed areas: Bohemia, Croatia, Flanders, Hungary, Lombardy, Transylvania, Tyrol, Wien"
        in lines
    )
    assert "# Allowed areas for Saxony's pieces: Saxony" in lines


def test_the_initiative_order_is_this_turns_only_once_rolled():
    rs, s = _set_up()
    c = rs.content_of(s)
    s = s.model_copy(deep=True)
    s.initiative = ["Prussia", "Austria"]

    def text(stage: str) -> str:
        s.stage = stage
        return "\n".join(str(x) for x in sections(c, s, "Prussia"))

    assert "Initiative order this turn: Prussia, Austria." in text("action")
    before = text("purchase")
    assert "this turn" not in before.split("Initiative")[-1][:40]
    assert "Last initiative order: Prussia, Austria" in before
