"""Answers a player can act on (issue 17): every problem of a refused envelope at
once, each on its line, with a suggestion where a name is close; the answer mail
lists them by line. A refused envelope still changes nothing."""

import email
import email.policy

from skkit import NOW, SKGame

from pbem.mail import boxes
from pbem.mail.intake import ingest
from pbem.mail.outbox import Outbox, outbox_dir

ALLOWED = "Bohemia, Croatia, Flanders, Hungary, Lombardy, Transylvania, Tyrol, Wien"


def _problems(r) -> list[str]:
    assert r.status == "rejected" and r.kind == "orders", r.message()
    return [str(p) for p in r.problems]


def test_two_pieces_placed_illegally_each_on_its_line(tmp_path):
    g = SKGame(tmp_path, "1756")
    before = g.game.log.head()
    r = g.submit("Austria", "place Au-A1 in Silesia\nplace Browne in Saxony\nplace rest in Bohemia")
    assert _problems(r) == [
        f"line 7: Au-A1 may not set up in Silesia (allowed: {ALLOWED})",
        f"line 8: Browne may not set up in Saxony (allowed: {ALLOWED})",
        "line 9: Sx-A1, Sx-A2 may not set up in Bohemia (allowed: Saxony); 'rest' puts them"
        " there: place them by name, e.g. 'place Sx-A1, Sx-A2 in Saxony'",
    ]
    assert g.game.log.head() == before


def test_a_typo_does_not_hide_an_illegal_placement_on_another_line(tmp_path):
    g = SKGame(tmp_path, "1756")
    before = g.game.log.head()
    r = g.submit(
        "Austria",
        "place Sx-A1, Sx-A2 in Saxony\nplace Au-A1 in Silesa\nplace Browne in Berlin\n"
        "place rest in Wien",
    )
    assert _problems(r) == [
        "line 8: no area 'Silesa' (did you mean 'Silesia'?)",
        f"line 9: Browne may not set up in Berlin (allowed: {ALLOWED})",
    ]
    (typo, rule) = r.problems
    assert (typo.line, typo.suggestion, rule.line) == (8, "Silesia", 9)
    assert g.game.log.head() == before  # refused whole: nothing changed


def test_pieces_of_a_line_that_does_not_read_are_not_also_not_placed(tmp_path):
    """Au-A1 is named on the misspelt line: it is neither `rest` (no Wien problem for a
    Saxon army named there) nor "not placed"; the other lines are still checked."""
    g = SKGame(tmp_path, "1756")
    r = g.submit("Austria", "place Au-A1, Sx-A1 in Wein\nplace Sx-A2 in Wien\nplace rest in Wien")
    assert _problems(r) == [
        "line 7: no area 'Wein' (did you mean 'Wien'?)",
        "line 8: Sx-A2 may not set up in Wien (allowed: Saxony)",
    ]
    # `place rest` in an area that does not read: nothing is "not placed"
    r = g.submit("Austria", "place Sx-A1, Sx-A2 in Berlin\nplace rest in Wine")
    assert _problems(r) == [
        "line 7: Sx-A1, Sx-A2 may not set up in Berlin (allowed: Saxony)",
        "line 8: no area 'Wine' (did you mean 'Wien'?)",
    ]
    # a misspelt verb: what the line names is not "not placed" either
    r = g.submit("Austria", "plaec Sx-A1, Sx-A2 in Saxony\nplace Au-A1 in Berlin")
    assert [p.line for p in r.problems] == [7, 8, None], r.message()
    assert r.problems[-1].message.startswith("not placed: Au-A3, Au-A4, Au-A6, Au-A13, Browne ")


def test_the_answer_mail_lists_every_problem_by_line(tmp_path):
    g = SKGame(tmp_path, "1756")
    signed = g.envelope(
        "Austria", "place rest in Wien\nplace Browne in Berlin\nplace Au-A1 in Silesa"
    )
    raw = (
        "From: Austria <austria@example.org>\r\nTo: referee@example.org\r\n"
        "Subject: orders\r\nDate: Sun, 01 Mar 2026 10:00:00 +0000\r\n"
        "Message-ID: <1.client@example.org>\r\nMIME-Version: 1.0\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n\r\n" + signed.replace("\n", "\r\n")
    )
    d = tmp_path / "Maildir"
    src = boxes.MaildirSource(d)
    (d / "new" / "1").write_bytes(raw.encode())
    rep = ingest(g.game, src, Outbox(outbox_dir(g.path)), "referee@example.org", now=NOW)
    assert [h.outcome for h in rep.handled] == ["rejected:orders"]
    answer = Outbox(outbox_dir(g.path)).queued()[-1]
    msg = email.message_from_bytes(answer.read_bytes(), policy=email.policy.default)
    body = msg.get_body(("plain",)).get_content()
    lines = body.split("Problems:\n")[1].split("\n\n")[0].splitlines()
    assert max(map(len, lines)) <= 72  # wrapped as a mail program shows them
    problems: list[str] = []
    for x in lines:  # each problem starts "  - "; its wrapped rest is indented
        if x.startswith("  - "):
            problems.append(x)
        else:
            problems[-1] += " " + x.strip()
    assert problems == [
        "  - line 7: Sx-A1, Sx-A2 may not set up in Wien (allowed: Saxony); 'rest' puts"
        " them there: place them by name, e.g. 'place Sx-A1, Sx-A2 in Saxony'",
        f"  - line 8: Browne may not set up in Berlin (allowed: {ALLOWED})",
        "  - line 9: no area 'Silesa' (did you mean 'Silesia'?)",
    ]
    assert "Nothing in game" in body and "changed" in body
    assert "These are all the problems found, by line." in body


def test_purchase_orders_typo_and_rule_problem_together(tmp_path):
    g = SKGame(tmp_path, "1757")
    while g.state.stage == "setup":  # both set-up rounds by the default placement
        g.game.declare_deadline(now="2026-03-02T00:00:00Z")
        g.game.advance(max_steps=1)
    assert g.state.stage == "purchase"
    r = g.submit("Prussia", "buy armee\nbuy fleet")
    assert _problems(r) == [
        "line 7: cannot buy 'armee': armies and fleets are bought (write: buy army,"
        " buy 2 armies, buy fleet) (did you mean 'armies'?)",
        "line 8: Prussia has no fleets left in its pool to buy (SK 6.2)",
    ]


def test_action_orders_typo_and_rule_problem_together(tmp_path):
    g = SKGame(tmp_path, "1756")
    rs = g.rs
    for p in rs.powers("1756", {}):
        assert g.submit(p, "\n".join(rs.demo_standing(g.state, p)), phase="standing").ok
    while "action" not in g.game.status().step.phase:
        step = g.game.status().step
        for p in step.owes:
            assert g.submit(p, "\n".join(rs.demo_orders(g.state, p, step)) or "# -").ok
        g.game.advance()
    assert g.game.status().step.owes == ("Prussia",)
    before = g.game.log.head()
    problems = _problems(g.submit("Prussia", "atack Saxony probe\nmove Au-A1 to Berlin"))
    assert problems[0].startswith("line 7: 'atack' is not an action-phase order (")
    assert problems[0].endswith("(did you mean 'attack'?)")
    assert problems[1:] == ["line 8: Au-A1 is not Prussia's to move"]
    # where a move that does not read leaves its armies decides what they may attack:
    # that check waits until the move line reads (no guessing from the line left out)
    problems = _problems(g.submit("Prussia", "move Pr-A1 to Sileisa\nattack Silesia probe"))
    assert problems == ["line 7: no area 'Sileisa' (did you mean 'Silesia'?)"]
    assert g.game.log.head() == before
