"""Turn reports (pbem.reports): schedule, determinism, escaping, no remote resources,
the CLI. Played with Skirmish; Soldier Kings' are in tests/soldier_kings/test_report*.py."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from gamekit import MASTER, NOW, Kit, new_game, play_to_end

from pbem import keys
from pbem.cli import main
from pbem.errors import UsageError
from pbem.reports import MapArea, MapMarker, MapStack, MapView, pending, render, safety, schedule
from pbem.reports.build import environment
from pbem.reports.seal import seal
from pbem.reports.svg import render_svg
from pbem.service import Game, PlayerSpec

SCRIPT = "<script>alert(1)</script>"
IMG = '"><img src=x onerror=alert(1)>'
EMAIL = '"><img/src=x/onerror=alert(2)>@example.org'

URL = re.compile(r"https?://", re.IGNORECASE)


def _all(game: Game):
    return [(d, render(game, d.power, d.start, d.stop)) for d in schedule(game)]


def _nasty_game(tmp_path, options=None) -> Kit:
    """Skirmish with a player whose name, email and orders are HTML attacks."""
    from cryptography.hazmat.primitives import serialization

    signers, players = {}, []
    for i, p in enumerate(("Red", "Blue")):
        key = keys.private_from_seed(bytes([i + 1]) * 32)
        pem = key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        signers[p] = keys.Signer.load(pem)
        name = f"Mallory {SCRIPT}{IMG}" if p == "Red" else "Bob"
        email = EMAIL if p == "Red" else "bob@example.org"
        players.append(PlayerSpec(p, email, signers[p].public.line, name))
    path = tmp_path / "nasty.pbem"
    Game.create(
        path, "mini", "duel", players, options=options, game_id="g", now=NOW, master=MASTER
    ).close()
    kit = Kit(path, signers)
    with kit.game() as g:
        env = kit.envelope("Red", [f"# {SCRIPT} {IMG}", "ambush North"], phase="standing")
        assert g.submit(env, now=NOW).ok
        step = g.status().step
        for p in step.owes:
            lines = ["muster 1", f"# {SCRIPT}{IMG} </pre></textarea> see https://evil.example/x"]
            assert g.submit(kit.envelope(p, lines, step.phase), now=NOW).ok
        g.advance(max_steps=1)
    play_to_end(kit)
    return kit


# --- the schedule ---------------------------------------------------------------------


def test_one_report_per_power_after_each_resolution(tmp_path):
    kit = new_game(tmp_path)
    play_to_end(kit)
    with kit.game() as g:
        due = schedule(g)
        checkpoints = [s for s, e in g.log.events() if e.type == "checkpoint_signed"]
        powers = list(g.state().players)
    assert [d.stop for d in due] == [c for c in checkpoints for _ in powers]
    for p in powers:
        mine = [d for d in due if d.power == p]
        assert mine[0].start == 1
        assert all(b.start == a.stop + 1 for a, b in zip(mine, mine[1:], strict=False))
        assert [d.key for d in mine] == [f"{n:03d}-{p}" for n in range(1, len(mine) + 1)]


def test_pending_leaves_out_what_was_delivered_and_never_changes_old_reports(tmp_path):
    kit = new_game(tmp_path)
    with kit.game() as g:
        early = schedule(g)
        kit.play_phase(g)
        later = schedule(g)
        assert later[: len(early)] == early  # appending never reschedules a report
        keys_ = {d.key for d in early}
        assert pending(g, keys_) == later[len(early) :]
        assert pending(g) == later


def test_reports_once_a_turn_when_the_game_says_so(tmp_path):
    (tmp_path / "p").mkdir()
    every_phase = new_game(tmp_path / "p")
    play_to_end(every_phase)
    with every_phase.game() as g:
        every = schedule(g)
    t = _turn_game(tmp_path)
    with t.game() as g:
        due = schedule(g)
        assert g.state().created.options == {"reports": "turn"}
    assert 0 < len(due) < len(every)
    for p in ("Red", "Blue"):
        mine = [d for d in due if d.power == p]
        assert mine[0].start == 1 and mine[-1].stop == every[-1].stop
        assert all(b.start == a.stop + 1 for a, b in zip(mine, mine[1:], strict=False))


def _turn_game(tmp_path) -> Kit:
    from cryptography.hazmat.primitives import serialization

    signers, players = {}, []
    for i, p in enumerate(("Red", "Blue")):
        key = keys.private_from_seed(bytes([i + 1]) * 32)
        pem = key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        signers[p] = keys.Signer.load(pem)
        players.append(PlayerSpec(p, f"{p.lower()}@example.org", signers[p].public.line, p))
    path = tmp_path / "turn.pbem"
    Game.create(
        path,
        "mini",
        "duel",
        players,
        options={"reports": "turn"},
        game_id="g",
        now=NOW,
        master=MASTER,
    ).close()
    kit = Kit(path, signers)
    play_to_end(kit)
    return kit


def test_turn_reports_still_come_whenever_orders_are_owed(tmp_path):
    kit = _turn_game(tmp_path)
    with kit.game() as g:
        due = schedule(g)
        stops = {(d.power, d.stop) for d in due}
        # every resolution after which a power owes orders ends a report of that power
        from pbem.reports.timeline import scan

        _, batches = scan(g)
    for b in batches:
        if b.after is not None:
            for p in b.after.owes:
                assert (p, b.stop) in stops


def test_an_unknown_reports_option_is_refused(tmp_path):
    with pytest.raises(UsageError, match="reports='weekly'"):
        Game.create(
            tmp_path / "x.pbem",
            "mini",
            "duel",
            [
                PlayerSpec("Red", "r@example.org", keys.generate()[1]),
                PlayerSpec("Blue", "b@example.org", keys.generate()[1]),
            ],
            options={"reports": "weekly"},
        )


# --- what a report holds ------------------------------------------------------------------


def test_a_report_says_what_happened_with_the_dice_and_what_is_owed(tmp_path):
    kit = new_game(tmp_path)
    play_to_end(kit)
    with kit.game() as g:
        due = schedule(g)
        first = render(g, "Red", due[0].start, due[0].stop)
        assert "public seed chain anchor" in first.text and "referee key" in first.text
        assert g.state().created.referee_key in first.html
        assert "YOUR ORDERS ARE DUE" in first.text and "Phase: t1-muster" in first.text
        assert "Sequence: 1" in first.text and "Checkpoint: " in first.text
        assert first.subject.startswith("Orders due: ") and "\n" not in first.subject
        assert "[pbem g] Red: " in first.subject
        later = [render(g, d.power, d.start, d.stop) for d in due if d.power == "Red"]
        text = "\n".join(r.text for r in later)
        assert "dice  initiative Red:" in text  # every roll, with its label
        assert "mini.battle: " in text  # the generic sentence of a ruleset without hooks
        assert "-- What you see --" in text and "<svg" not in later[0].html  # view, no map
        assert "Your orders (event " in text and "| muster" in text
        assert "public seed chain anchor" not in later[1].text  # the first report only
        last = later[-1]
        assert "THE GAME IS OVER" in last.text and last.subject.startswith("Game over")
        cp = g.state().checkpoint
        assert f"pbem-checkpoint g {cp.seq} {cp.head}" in last.text
        assert f"Checkpoint: {cp.seq} {cp.head}" in last.html


def test_a_power_never_sees_the_others_hidden_events(tmp_path):
    kit = new_game(tmp_path)
    play_to_end(kit)
    with kit.game() as g:
        dealt = {e.power: e.card for _, e in g.log.events() if e.type == "mini.card_dealt"}
        for d, r in _all(g):
            other = "Blue" if d.power == "Red" else "Red"
            for body in (r.text, r.html):
                assert "deal the cards" not in body  # hidden draws
                assert f"mini.card_dealt: power={other!r}" not in body.replace(
                    "&#34;", "'"
                ).replace('"', "'")
        red_first = render(g, "Red", 1, schedule(g)[0].stop)
        assert f'card="{dealt["Red"]}"' in red_first.text


def test_same_log_same_bytes(tmp_path):
    kit = new_game(tmp_path)
    play_to_end(kit)
    with kit.game() as g:
        once = [(r.text, r.html, r.subject, r.content_hash) for _, r in _all(g)]
    with Game(kit.path) as g:  # a fresh reader of the same file
        again = [(r.text, r.html, r.subject, r.content_hash) for _, r in _all(g)]
    assert once == again
    import hashlib

    text, html, _, digest = once[0]
    assert digest == hashlib.sha256((text + html).encode()).hexdigest()


def test_a_report_depends_only_on_the_log_up_to_its_end(tmp_path):
    kit = new_game(tmp_path)
    with kit.game() as g:
        d = schedule(g)[0]
        before = render(g, d.power, d.start, d.stop)
        kit.play_phase(g)
        kit.play_phase(g)
        after = render(g, d.power, d.start, d.stop)
    assert before == after


# --- escaping and remote resources ---------------------------------------------------------


def test_player_strings_are_escaped_everywhere(tmp_path):
    kit = _nasty_game(tmp_path)
    with kit.game() as g:
        reports = _all(g)
    assert reports
    seen_name = seen_orders = False
    for d, r in reports:
        for bad in (SCRIPT, IMG, EMAIL, "<img", "</pre></textarea>"):
            assert bad not in r.html, (d, bad)
        assert "<script" not in r.html.lower()
        seen_name |= "Mallory &lt;script&gt;alert(1)&lt;/script&gt;" in r.html
        seen_orders |= "# &lt;script&gt;alert(1)&lt;/script&gt;" in r.html
        if d.power == "Red" and d.start == 1:
            assert "&#34;&gt;&lt;img/src=x/onerror=alert(2)&gt;@example.org" in r.html
            assert EMAIL in r.text  # plain text is text
    assert seen_name and seen_orders


def test_no_report_can_reach_outside(tmp_path):
    kit = _nasty_game(tmp_path)
    with kit.game() as g:
        reports = _all(g)
    for d, r in reports:
        assert safety.problems(r.html) == [], d
        assert not URL.search(r.html), d
        assert r.html.startswith("<!DOCTYPE html>") and "</html>" in r.html
        assert "Content-Security-Policy" in r.html and "default-src 'none'" in r.html


def test_the_map_escapes_its_strings_and_keeps_only_plain_colours():
    view = MapView(
        width=200,
        height=100,
        areas=(
            MapArea(SCRIPT, (((0, 0), (50, 0), (50, 50)),), (20, 20), fill='red" onload="x'),
            MapArea(f"Sea {IMG}", (((60, 0), (90, 0), (90, 50)),), (70, 20), sea=True),
        ),
        stacks=(MapStack(SCRIPT, "X", "#123456", f"{IMG} 3A", title=SCRIPT),),
        markers=(
            MapMarker(SCRIPT, "siege", "siege 1/2", fill="url(http://x)"),
            MapMarker(SCRIPT, "blockade", IMG, towards=f"Sea {IMG}"),
        ),
        legend=((SCRIPT, "javascript:alert(1)"),),
        title=IMG,
    )
    svg = str(render_svg(environment(), view))
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    for bad in (SCRIPT, IMG, "onload", "url(", "javascript:", "http"):
        assert bad not in svg, bad
    assert "&lt;script&gt;" in svg and 'stroke-dasharray="5 3"' in svg
    assert 'fill="#123456"' in svg and "siege 1/2" in svg


# --- the CLI -----------------------------------------------------------------------------


def test_pbem_report_writes_html_and_text(tmp_path):
    kit = new_game(tmp_path)
    play_to_end(kit)
    out = tmp_path / "out"
    r = CliRunner().invoke(main, ["report", str(kit.path), "--out", str(out)])
    assert r.exit_code == 0, r.output
    with kit.game() as g:
        due = schedule(g)
        assert sorted(p.name for p in out.iterdir()) == sorted(
            f"{d.key}{s}" for d in due for s in (".html", ".txt")
        )
        d = due[-1]
        rep = seal(
            render(g, d.power, d.start, d.stop), g.state().game_ref, g.secrets().referee_key()
        )
    assert (out / f"{d.key}.html").read_bytes() == rep.html.encode()  # sealed by the referee
    assert (out / f"{d.key}.txt").read_bytes() == rep.text.encode()

    only = tmp_path / "only"
    r = CliRunner().invoke(
        main, ["report", str(kit.path), "--power", "Blue", "--turn", "2", "--out", str(only)]
    )
    assert r.exit_code == 0, r.output
    names = sorted(p.name for p in only.iterdir())
    assert names and all(n.endswith(("-Blue.html", "-Blue.txt")) for n in names)
    assert all("t2-" in p.read_text() for p in only.glob("*.txt"))
    assert len(names) < len([x for x in due if x.power == "Blue"]) * 2

    r = CliRunner().invoke(main, ["report", str(kit.path), "--power", "Bleu", "--out", str(only)])
    assert r.exit_code == 2 and "did you mean 'Blue'" in r.output
    r = CliRunner().invoke(main, ["report", str(kit.path), "--turn", "9", "--out", str(only)])
    assert r.exit_code == 2 and "no report covers turn '9'" in r.output


def test_the_safety_check_finds_what_it_must():
    ok = "<!DOCTYPE html><html><body><p>&lt;img src=x onerror=y&gt;</p></body></html>"
    assert safety.problems(ok) == []
    for bad in (
        '<img src="x.png">',
        '<p onclick="x()">a</p>',
        "<script>x()</script>",
        '<a href="#x">a</a>',
        "<style>body { background: url(x.png) }</style>",
        "<style>@import 'x.css';</style>",
        '<div style="background:url(x)">a</div>',
        "<p>see https://example.org</p>",
        '<link rel="stylesheet" href="x.css">',
        '<svg><image href="x.png"/></svg>',
    ):
        assert safety.problems(f"<!DOCTYPE html><html><body>{bad}</body></html>"), bad


def test_a_url_a_player_typed_is_shown_but_not_a_url(tmp_path):
    kit = _nasty_game(tmp_path)
    with kit.game() as g:
        texts = [r for d, r in _all(g) if d.power == "Red"]
    assert any("see https://evil.example/x" in r.text for r in texts)
    assert any("see https:&#47;&#47;evil.example/x" in r.html for r in texts)
