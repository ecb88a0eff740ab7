"""Reports rendered together in one pass over the log are byte for byte the reports
rendered one at a time (issue 20)."""

from gamekit import new_game, play_to_end

from pbem.reports import render, schedule
from pbem.reports.build import render_many


def test_one_pass_gives_the_same_reports(tmp_path):
    kit = new_game(tmp_path)
    play_to_end(kit)
    with kit.game() as g:
        due = schedule(g)
        wanted = [
            (d.power, d.start, d.stop, "Friday" if i % 3 == 0 else None) for i, d in enumerate(due)
        ]
        wanted.append(wanted[0])  # the same report twice, and out of log order
        wanted.insert(1, wanted[-2])
        together = render_many(g, wanted)
        alone = [render(g, p, a, b, deadline=dl) for p, a, b, dl in wanted]
    assert len(due) > 4
    assert [(r.text, r.html, r.subject) for r in together] == [
        (r.text, r.html, r.subject) for r in alone
    ]


def test_one_pass_over_a_soldier_kings_game(tmp_path):
    from pbem.demo import run_demo

    run_demo(tmp_path, "soldier-kings", "1756", echo=lambda s: None, master=bytes(32))
    from pbem.service import Game

    with Game(tmp_path / "game.pbem") as g:
        due = schedule(g)[:12]
        wanted = [(d.power, d.start, d.stop, None) for d in due]
        together = render_many(g, wanted)
        alone = [render(g, p, a, b) for p, a, b, _ in wanted]
    assert [r.content_hash for r in together] == [r.content_hash for r in alone]
