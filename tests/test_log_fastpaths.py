"""The log's fast paths write and read exactly what the plain definitions do."""

import json
from typing import Any, Literal

from pbem import canonical
from pbem import events as ev
from pbem.canonical import canonical_json
from pbem.log import GENESIS, EventLog, Row, chain, row_hash


@ev.event
class Mixed(ev.Event):
    type: Literal["test.mixed"] = "test.mixed"
    name: str
    ratio: float
    tags: list[str]
    extra: dict[str, Any]


SAMPLES = [
    Mixed(
        name="Zürich «Ü» 𝄞", ratio=0.1, tags=["b", "a"], extra={"z": 1, "a": {"y": None, "b": True}}
    ),
    Mixed(name='quote " back \\ nl \n tab \t nul \x00 ls \u2028', ratio=1e16, tags=[], extra={}),
    Mixed(name="", ratio=-2.5e-7, tags=["é"], extra={"é": [1.0, 2, "x"], "E": {}}),
    ev.DiceRolled(label="battle of Kolin", sides=6, values=[1, 6, 3]),
    ev.DeadlinePassed(phase="1757 spring", declared_at="2024-01-01T00:00:00Z"),
]


def test_encode_is_canonical_json_of_the_dump():
    for e in SAMPLES:
        assert ev.encode(e) == canonical_json(e.model_dump(mode="json"))


def test_the_once_built_encoder_matches_the_stdlib_one_and_refuses_nan():
    reference = canonical._encoder.encode  # json.JSONEncoder with the canonical settings
    assert canonical_json is not reference  # CPython ships the C encoder
    for e in SAMPLES:
        body = e.model_dump(mode="json")
        assert canonical_json(body) == reference(body)
    for bad in ({"x": float("nan")}, {"x": [float("inf")]}):
        for fn in (reference, canonical_json):
            try:
                fn(bad)
            except ValueError:
                continue
            raise AssertionError(f"{fn} accepted {bad}")


def test_chain_and_append_rows_are_the_defined_hash_chain(tmp_path):
    rows = chain(GENESIS, 1, SAMPLES)
    prev = GENESIS
    for seq, (r, e) in enumerate(zip(rows, SAMPLES, strict=True), 1):
        assert isinstance(r, Row)
        body = canonical_json(e.model_dump(mode="json"))
        assert r == Row(
            seq, e.type, e.version, body, prev, row_hash(prev, seq, e.type, e.version, body)
        )
        prev = r.hash
    log = EventLog(tmp_path / "g.pbem", create=True)
    assert log.append(SAMPLES, 0) == rows
    assert list(log.rows()) == rows
    stored = log.conn.execute("SELECT seq, type, v, body, prev, hash FROM events ORDER BY seq")
    assert [Row(*t) for t in stored] == rows


def test_events_matches_rows_decoded(tmp_path):
    log = EventLog(tmp_path / "g.pbem", create=True)
    log.append(SAMPLES, 0)
    for start, stop in ((1, None), (2, None), (2, 4), (5, 5), (6, None), (3, 2)):
        want = [(r.seq, r.event()) for r in log.rows(start, stop)]
        assert list(log.events(start, stop)) == want
    assert [e for _, e in log.events()] == SAMPLES
    assert json.loads(log.row(1).body)["extra"] == {"a": {"b": True, "y": None}, "z": 1}
