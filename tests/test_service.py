import pytest
from gamekit import NOW, new_game, play_to_end

from pbem import keys
from pbem.errors import UsageError
from pbem.service import Game, PlayerSpec


@pytest.fixture
def kit(tmp_path):
    return new_game(tmp_path)


def _head(kit):
    with kit.game() as g:
        return g.log.head()


def test_new_game_is_set_up_and_waits_for_orders(kit):
    with kit.game() as g:
        st = g.status()
        assert st.step.phase == "t1-muster" and st.step.owes == ("Red", "Blue")
        text = st.text()
        assert "Red: owes orders" in text and "checkpoint: pbem-checkpoint g " in text
        assert g.state().rules.cards["Red"]  # the hidden deal happened at set-up


def test_accept_replace_duplicate(kit):
    with kit.game() as g:
        first = kit.envelope("Red", ["muster 1"])
        r1 = g.submit(first, now=NOW)
        assert r1.status == "accepted" and r1.orders == ["muster 1"]
        r2 = g.submit(kit.envelope("Red", ["muster 3"]), now=NOW)
        assert r2.status == "accepted" and r2.replaced == r1.event_seq
        seq_before = g.log.head()
        dup = g.submit(r2_text := kit.envelope("Red", ["muster 2"], seq=10), now=NOW)
        assert dup.status == "accepted"
        again = g.submit(r2_text, now=NOW)
        assert again.status == "duplicate" and again.event_seq == dup.event_seq
        assert "nothing changed" in again.message()
        assert g.log.head()[0] == seq_before[0] + 1  # only the new one was written
        g.submit(kit.envelope("Blue", ["muster 0"]), now=NOW)
        g.advance()
        # the latest envelope counted: 2 gold spent, not 1 or 3
        assert g.state().rules.gold["Red"] == 1


def test_replayed_old_envelope(kit):
    with kit.game() as g:
        old = kit.envelope("Red", ["muster 1"], seq=5)
        g.submit(old, now=NOW)
        g.submit(kit.envelope("Red", ["muster 2"], seq=6), now=NOW)
        r = g.submit(kit.envelope("Red", ["muster 3"], seq=5), now=NOW)
        assert r.status == "rejected" and r.kind == "replayed"
        assert "Sequence 5 is not above the last one accepted" in r.message()
        # the exact old envelope is recognised as already applied, not applied again
        assert g.submit(old, now=NOW).status == "duplicate"


def test_old_envelope_from_a_resolved_phase(kit):
    with kit.game() as g:
        red = kit.envelope("Red", ["muster 1"])
        g.submit(red, now=NOW)
        g.submit(kit.envelope("Blue", ["muster 1"]), now=NOW)
        g.advance(max_steps=1)
        assert g.submit(red, now=NOW).status == "duplicate"
        # the same orders re-signed with a fresh sequence: the phase is gone
        r = g.submit(kit.envelope("Red", ["muster 1"], phase="t1-muster"), now=NOW)
        assert r.kind == "wrong-phase" and "already resolved" in r.message()
        assert "waiting for 't1-attack-" in r.message()


def test_forged(kit):
    with kit.game() as g:
        text = kit.envelope("Red", ["muster 1"]).replace("muster 1", "muster 3")
        r = g.submit(text, now=NOW)
        assert (
            r.kind == "forged" and "does not verify with the key registered for Red" in r.message()
        )
        intruder = keys.Signer.load(keys.generate()[0])
        r = g.submit(kit.envelope("Red", ["muster 1"], signer=intruder), now=NOW)
        assert r.kind == "forged"


def test_wrong_power_and_game(kit):
    with kit.game() as g:
        r = g.submit(kit.envelope("Red", ["muster 1"], signer=kit.signers["Blue"]), now=NOW)
        assert r.kind == "wrong-power" and "signed with the key of Blue" in r.message()
        r = g.submit(kit.envelope("Redd", ["muster 1"], signer=kit.signers["Red"]), now=NOW)
        assert r.kind == "wrong-power" and "did you mean 'Red'" in r.message()
        r = g.submit(kit.envelope("Red", ["muster 1"], game_id="other"), now=NOW)
        assert r.kind == "wrong-game" and "game 'other'" in r.message()
        assert r.problems[0].line == 2


def test_wrong_phase(kit):
    with kit.game() as g:
        r = g.submit(kit.envelope("Red", ["hold"], phase="t1-attack-Red"), now=NOW)
        assert r.kind == "wrong-phase" and "no phase 't1-attack-Red' open" in r.message()
        assert "waiting for 't1-muster'" in r.message()


def test_bad_orders_list_every_problem_with_its_line_and_change_nothing(kit):
    with kit.game() as g:
        before = g.log.head()
        r = g.submit(kit.envelope("Red", ["musterr 1", "muster 9 in Nort", "muster x"]), now=NOW)
        assert r.status == "rejected" and r.kind == "orders"
        msgs = [str(p) for p in r.problems]
        assert msgs == [
            "line 7: 'musterr' is not an order of this phase (muster) (did you mean 'muster'?)",
            "line 8: no area 'Nort' (did you mean 'North'?)",
            "line 9: 'x' is not a number",
        ]
        r = g.submit(kit.envelope("Red", ["muster 9"]), now=NOW)
        assert [str(p) for p in r.problems] == ["line 7: not enough gold: Red has 3"]
        assert g.log.head() == before


def test_a_typo_does_not_hide_the_rule_problems_of_the_other_lines(kit):
    """Issue 17: the lines that read are checked against the rules too; every problem
    comes back at once, by line, and the envelope is still refused whole."""
    with kit.game() as g:
        before = g.log.head()
        r = g.submit(kit.envelope("Red", ["muster 1 in Sout", "muster 9", "musterr 1"]), now=NOW)
        assert r.status == "rejected" and r.kind == "orders"
        assert [str(p) for p in r.problems] == [
            "line 7: no area 'Sout' (did you mean 'South'?)",
            "line 8: not enough gold: Red has 3",
            "line 9: 'musterr' is not an order of this phase (muster) (did you mean 'muster'?)",
        ]
        assert g.log.head() == before


def test_checkpoint_quoted_in_envelope(kit):
    with kit.game() as g:
        cp = g.state().checkpoint
        good = kit.envelope("Red", ["muster 1"], extra_headers=f"Checkpoint: {cp.seq} {cp.head}\n")
        assert g.submit(good, now=NOW).status == "accepted"
        bogus = kit.envelope(
            "Blue", ["muster 1"], extra_headers=f"Checkpoint: {cp.seq} {'ab' * 32}\n"
        )
        r = g.submit(bogus, now=NOW)
        assert r.kind == "history" and "history you were shown differs" in r.message()


def test_standing_orders_are_taken_any_time(kit):
    with kit.game() as g:
        r = g.submit(kit.envelope("Blue", ["ambush South"], phase="standing"), now=NOW)
        assert r.status == "accepted"
        assert g.state().standing["Blue"].seq == r.event_seq


def test_no_orders_default_after_deadline_and_the_game_still_ends(kit):
    with kit.game() as g:
        while g.status().ended is None:
            step = g.status().step
            if "Red" in step.owes:
                assert g.submit(
                    kit.envelope("Red", ["hold"] if "attack" in step.phase else ["muster 0"]),
                    now=NOW,
                ).ok
            assert g.advance() == [] or "Blue" not in step.owes
            if "Blue" in step.owes:
                assert "Blue: owes orders" in g.status().text()
                g.declare_deadline(now=NOW)
                assert "deadline passed" in g.status().text()
                assert g.advance(max_steps=1)
        st = g.state()
        assert st.ended.summary.startswith(("winner", "shared"))
        # every Blue phase was defaulted, and recorded as such
        defaulted = [e for _, e in g.log.events() if e.type == "phase_resolved" and e.defaulted]
        assert defaulted and all(e.defaulted == ["Blue"] for e in defaulted)
        assert (
            g.submit(kit.envelope("Red", ["hold"], phase="t9"), now=NOW)
            .message()
            .startswith("rejected (wrong-phase)")
        )


def test_played_game_reaches_its_end(kit):
    play_to_end(kit)
    with kit.game() as g:
        assert g.status().ended is not None and g.advance() == []


def test_create_checks_players(tmp_path):
    _, pub = keys.generate()
    with pytest.raises(UsageError, match="no player for Blue"):
        Game.create(tmp_path / "a.pbem", "mini", "duel", [PlayerSpec("Red", "r@x.org", pub)])
    with pytest.raises(UsageError, match="did you mean 'Blue'"):
        Game.create(tmp_path / "a.pbem", "mini", "duel", [PlayerSpec("Bleu", "r@x.org", pub)])
    with pytest.raises(UsageError, match="did you mean 'duel'"):
        Game.create(tmp_path / "a.pbem", "mini", "dual", [])
    with pytest.raises(UsageError, match="unrecognised public key"):
        Game.create(
            tmp_path / "a.pbem",
            "mini",
            "duel",
            [PlayerSpec("Red", "r@x.org", "junk"), PlayerSpec("Blue", "b@x.org", pub)],
        )
    assert not (tmp_path / "a.pbem").exists() and not (tmp_path / "a.pbem.secret").exists()


def test_wrong_power_names_every_power_of_the_key(tmp_path):
    """A player of two powers registers one key for both: an envelope he signs for a
    third power names both of his (a trial: it named the first only)."""
    signers = {p: keys.Signer.load(keys.generate()[0]) for p in ("Red", "Blue")}
    players = [
        PlayerSpec("Red", "red@example.org", signers["Red"].public.line, "Rae"),
        PlayerSpec("Blue", "b@example.org", signers["Blue"].public.line, "Bea"),
        PlayerSpec("Green", "b@example.org", signers["Blue"].public.line, "Bea"),
    ]
    path = tmp_path / "g.pbem"
    Game.create(path, "mini", "melee", players, game_id="g", now=NOW).close()
    from gamekit import Kit

    kit = Kit(path, {**signers, "Green": signers["Blue"]})
    with kit.game() as g:
        r = g.submit(kit.envelope("Red", ["muster 1"], signer=signers["Blue"]), now=NOW)
        assert r.kind == "wrong-power"
        assert "signed with the key of Blue and Green, but the envelope says Power: Red" in (
            r.message()
        )
