"""Player entropy (issue 16; pbem/joins.py, docs/core.md "Joining"): the set-up waits
for every player's signed random value, its dice depend on all of them, and a referee
who grinds the master secret cannot choose the set-up once the values are in."""

from __future__ import annotations

import hashlib

import pytest

from pbem import envelope, joins, keys, service
from pbem.log import EventLog
from pbem.reports import pending
from pbem.reports.build import render_many
from pbem.service import Game, PlayerSpec
from pbem.verify import verify

RULESET, SCENARIO = "soldier-kings", "1756"
POWERS = ("Austria", "Prussia")
NOW = "2026-01-01T00:00:00Z"


@pytest.fixture(scope="module")
def signers():
    out = {}
    for p in POWERS:
        key = keys.private_from_seed(hashlib.sha256(b"joins test " + p.encode()).digest())
        out[p] = (keys.Signer(key, "pbem"), keys.pbem_public_line(key.public_key()))
    return out


def make(path, signers, master: bytes, joins_: bool = True, now: str = NOW) -> Game:
    players = [PlayerSpec(p, f"{p.lower()}@example.org", signers[p][1], p) for p in POWERS]
    return Game.create(
        path, RULESET, SCENARIO, players, game_id="g", master=master, now=now, joins=joins_
    )


def join_text(st, power: str, value: str | None, seq: int = 1, checkpoint: bool = True) -> str:
    cp = st.checkpoint
    quote = f"Checkpoint: {cp.seq} {cp.head}\n" if checkpoint else ""
    line = f"random {value}" if value is not None else "random"
    return f"Game: {st.game_ref}\nPower: {power}\nPhase: setup\nSequence: {seq}\n{quote}\n{line}\n"


def value_of(tag: str, power: str) -> str:
    return hashlib.sha256(f"{tag} {power}".encode()).hexdigest()


def join_all(game: Game, signers, tag: str) -> list[str]:
    """Every player joins with the value `tag` gives him; the signed envelopes."""
    st = game.state()
    sent = []
    for p in POWERS:
        signed = envelope.sign(join_text(st, p, value_of(tag, p)), signers[p][0])
        r = game.submit(signed, NOW)
        assert r.status == "accepted", r.message()
        sent.append(signed)
    return sent


def setup_results(game: Game) -> list[str]:
    """The set-up's results as the log holds them (every die and draw included)."""
    out, inside = [], False
    for row in game.log.rows():
        if row.type == "phase_resolved":
            inside = row.event().index == 1
        elif row.type == "seed_revealed":
            inside = False
        elif inside:
            out.append(row.body)
    return out


def test_the_set_up_waits_for_every_join_and_its_dice_depend_on_them(tmp_path, signers):
    game = make(tmp_path / "a.pbem", signers, bytes(32))
    st = game.state()
    assert st.resolutions == 0 and joins.awaiting(st)
    status = game.status().text()
    assert "waiting for: Joining" in status and "Austria: owes orders" in status
    assert game.advance() == []  # nothing resolves before the values are in
    join_all(game, signers, "one")
    (step,) = game.advance(max_steps=1)
    assert step.phase == "setup"
    st = game.state()
    head = next(r.event() for r in game.log.rows() if r.type == "phase_resolved")
    assert head.index == 1 and set(head.orders) == set(POWERS) and head.defaulted == []
    rep = verify(game.path)
    assert rep.ok, rep.text()
    assert rep.signatures == 2 and rep.resolutions == 1
    # the same game (same master) with other values gives another set-up
    other = make(tmp_path / "b.pbem", signers, bytes(32))
    join_all(other, signers, "two")
    other.advance(max_steps=1)
    assert setup_results(game) != setup_results(other)
    assert verify(other.path).ok


def test_join_envelopes_are_checked_and_a_bad_one_changes_nothing(tmp_path, signers):
    game = make(tmp_path / "c.pbem", signers, bytes(32))
    st = game.state()
    head = game.log.head()
    signer = signers["Austria"][0]

    def answer(text: str):
        r = game.submit(envelope.sign(text, signer), NOW)
        assert r.status == "rejected" and game.log.head() == head
        return "\n".join(map(str, r.problems))

    assert "creation checkpoint" in answer(join_text(st, "Austria", "ab" * 32, checkpoint=False))
    assert "line 9: the random value has 6 hex digits, it needs 64" in answer(
        join_text(st, "Austria", "abcdef")
    )
    assert "line 9: expected 'random <64 hex digits>'" in answer(
        join_text(st, "Austria", "xyz" * 22)
    )
    two = join_text(st, "Austria", "ab" * 32) + "buy army\n"
    assert "line 10: a join envelope holds one line only" in answer(two)
    standing = join_text(st, "Austria", "ab" * 32).replace("Phase: setup", "Phase: standing")
    assert "once the set-up has been resolved" in answer(standing)
    wrong = join_text(st, "Austria", "ab" * 32).replace("Phase: setup", "Phase: 1756-t1")
    assert "waiting for 'setup'" in answer(wrong)


def test_a_referee_grinding_the_master_secret_cannot_reuse_the_values(tmp_path, signers):
    """The values are signed for one game as created (its uid comes from the master
    secret; the quoted checkpoint covers its commitments): a referee who wants another
    set-up must make another game, and there the players' envelopes are refused. With
    the values in, the set-up of the game they joined is the only one there is."""
    game = make(tmp_path / "real.pbem", signers, bytes(32))
    sent = join_all(game, signers, "real")
    game.advance(max_steps=1)
    chosen = setup_results(game)
    outcomes = {tuple(chosen)}
    for i in range(1, 6):  # other masters: other uids, other commitments
        ground = make(tmp_path / f"grind{i}.pbem", signers, bytes([i]) * 32)
        for text in sent:
            r = ground.submit(text, NOW)
            assert r.status == "rejected" and r.kind == "wrong-game", r.message()
    # the same master again, created a moment later: same uid, but another creation
    # batch, so the quoted checkpoint names history this log does not have
    again = make(tmp_path / "again.pbem", signers, bytes(32), now="2026-01-01T00:00:01Z")
    for text in sent:
        r = again.submit(text, NOW)
        assert r.status == "rejected" and r.kind == "history", r.message()
    # ...and the same creation byte for byte gives the same set-up: nothing to choose
    same = make(tmp_path / "same.pbem", signers, bytes(32))
    for text in sent:
        assert same.submit(text, NOW).status == "accepted"
    same.advance(max_steps=1)
    outcomes.add(tuple(setup_results(same)))
    assert len(outcomes) == 1
    # before the values are in, the master does not fix the set-up: for one master,
    # different values give different set-ups, so grinding masters beforehand buys nothing
    seen = set()
    for tag in ("v1", "v2", "v3", "v4"):
        g = make(tmp_path / f"{tag}.pbem", signers, bytes(32))
        join_all(g, signers, tag)
        g.advance(max_steps=1)
        seen.add(tuple(setup_results(g)))
    assert len(seen) == 4


def test_a_deadline_defaults_a_missing_join_and_verify_catches_an_early_set_up(
    tmp_path, signers, monkeypatch
):
    game = make(tmp_path / "d.pbem", signers, bytes(32))
    st = game.state()
    r = game.submit(envelope.sign(join_text(st, "Prussia", "cd" * 32), signers["Prussia"][0]))
    assert r.ok
    assert game.declare_deadline(NOW).phase == "setup"
    game.advance(max_steps=1)
    head = next(r.event() for r in game.log.rows() if r.type == "phase_resolved")
    assert head.defaulted == ["Austria"] and list(head.orders) == ["Prussia"]
    assert verify(game.path).ok
    # a referee who resolves the set-up before the values are in, without a deadline
    early = make(tmp_path / "e.pbem", signers, bytes(32))
    st = early.state()
    early.submit(envelope.sign(join_text(st, "Prussia", "cd" * 32), signers["Prussia"][0]))
    monkeypatch.setattr(service, "ready", lambda st, step: True)
    early.advance(max_steps=1)
    found = "\n".join(map(str, verify(early.path).findings))
    assert "the set-up was resolved before every player's random value was in" in found


def test_the_first_report_asks_for_the_value_and_the_next_shows_it(tmp_path, signers):
    game = make(tmp_path / "r.pbem", signers, bytes(32))
    (first, _) = render_many(game, [(d.power, d.start, d.stop, None) for d in pending(game)])
    assert "Phase: setup" in first.text and "\nrandom\n" in first.text
    assert "There is no position yet" in first.text and "Phase: standing" not in first.text
    join_all(game, signers, "r")
    game.advance(max_steps=1)
    later = [d for d in pending(game) if d.start > 1 and d.power == "Austria"]
    (page,) = render_many(game, [(d.power, d.start, d.stop, None) for d in later[:1]])
    assert f"| random {value_of('r', 'Austria')}" in page.text


def test_games_without_joins_resolve_the_set_up_at_creation(tmp_path, signers):
    game = make(tmp_path / "n.pbem", signers, bytes(32), joins_=False)
    assert game.state().resolutions == 1
    with EventLog(game.path) as log:
        assert [r.type for r in log.rows(1, 4)][3] == "phase_resolved"
    assert verify(game.path).ok


def test_a_reminder_before_the_set_up_carries_the_join_line(tmp_path, signers):
    from pbem.mail.remind import reminder

    game = make(tmp_path / "m.pbem", signers, bytes(32))
    st = game.state()
    subject, text = reminder(st, game.status().step, "Austria", None)
    assert "Phase: setup" in text and text.rstrip().endswith("\nrandom")
    assert "Joining" in subject


def test_a_join_written_under_the_reports_template_is_accepted(tmp_path, signers):
    """The report pre-fills the join envelope with `#` comment lines (joins.template);
    a player who writes `random` under them, as the report says, is not refused, and
    `pbem sign` fills in a bare `random` with a comment after it."""
    game = make(tmp_path / "t.pbem", signers, bytes(32))
    st = game.state()
    body = join_text(st, "Austria", None).replace(
        "\nrandom\n", "\n" + "\n".join(joins.template()[:-1]) + "\n\nrandom   # mine\n"
    )
    filled = joins.fill_in(body)
    line = filled.rstrip("\n").rsplit("\n", 1)[1]
    assert line.startswith("random ") and line.endswith("  # mine") and len(line.split()[1]) == 64
    r = game.submit(envelope.sign(filled, signers["Austria"][0]), NOW)
    assert r.status == "accepted", r.message()
