"""The shipped games' TOML kept parsed as JSON (pbem/content_cache.py): read back equal,
never when edited or made elsewhere, parsed again when a file changes."""

import shutil
import tomllib

import pytest

import pbem.content as content
from pbem import content_cache
from pbem.content import read_toml_dir


@pytest.fixture
def cache(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("PBEM_CACHE_DIR", str(d))
    return d


@pytest.fixture
def games(tmp_path, monkeypatch):
    """A copy of the shipped games, as `games_dir()`."""
    d = tmp_path / "games"
    shutil.copytree(content.games_dir() / "struggle-of-empires", d / "struggle-of-empires")
    monkeypatch.setattr(content, "games_dir", lambda: d)
    return d


def no_toml(monkeypatch):
    def refuse(*a, **k):
        raise AssertionError("the TOML was parsed")

    monkeypatch.setattr(tomllib, "loads", refuse)


def kept(cache, game):
    return sorted(cache.glob(f"content-{game}-*.json"))


def test_a_parse_is_kept_and_read_back_equal(cache, monkeypatch):
    first = read_toml_dir("soldier-kings")
    assert len(kept(cache, "soldier-kings")) == 1
    with monkeypatch.context() as m:
        no_toml(m)
        again = read_toml_dir("soldier-kings")
    assert again == first
    assert list(again) == list(first)  # the files in the same order


def test_an_edited_cache_file_is_not_read(cache, monkeypatch):
    true = read_toml_dir("soldier-kings")
    (path,) = kept(cache, "soldier-kings")
    head, _, body = path.read_bytes().partition(b"\n")
    forged = body.replace(b'"hit_on": 6', b'"hit_on": 1', 1)
    assert forged != body
    path.write_bytes(head + b"\n" + forged)  # the MAC of the true bytes
    assert read_toml_dir("soldier-kings") == true
    assert path.read_bytes().partition(b"\n")[2] == body  # written anew


def test_a_cache_file_from_another_machine_is_not_read(cache, tmp_path, monkeypatch):
    true = read_toml_dir("soldier-kings")
    (path,) = kept(cache, "soldier-kings")
    other = tmp_path / "other"
    monkeypatch.setenv("PBEM_CACHE_DIR", str(other))
    read_toml_dir("soldier-kings")  # the other machine's own key and file
    (theirs,) = kept(other, "soldier-kings")
    mine = path.read_bytes()
    path.write_bytes(theirs.read_bytes().partition(b"\n")[0] + b"\n" + mine.partition(b"\n")[2])
    monkeypatch.setenv("PBEM_CACHE_DIR", str(cache))
    assert (
        content_cache.read("soldier-kings", path.name[len("content-soldier-kings-") : -5]) is None
    )
    assert read_toml_dir("soldier-kings") == true


def test_a_changed_file_is_parsed_again_and_the_old_parse_goes(cache, games, monkeypatch):
    before = read_toml_dir("struggle-of-empires")
    (old,) = kept(cache, "struggle-of-empires")
    f = sorted((games / "struggle-of-empires").rglob("*.toml"))[0]
    f.write_text(f.read_text() + "\n[added_by_test]\nx = 1\n")
    after = read_toml_dir("struggle-of-empires")
    stem = f.relative_to(games / "struggle-of-empires").with_suffix("").as_posix()
    assert after[stem]["added_by_test"] == {"x": 1}
    assert before[stem] != after[stem]
    (new,) = kept(cache, "struggle-of-empires")
    assert new != old


def test_toml_dates_are_parsed_every_time(cache, games):
    f = sorted((games / "struggle-of-empires").rglob("*.toml"))[0]
    f.write_text(f.read_text() + "\n[dated_by_test]\nwhen = 1756-05-17\n")
    got = read_toml_dir("struggle-of-empires")
    assert (
        str(next(v for v in got.values() if "dated_by_test" in v)["dated_by_test"]["when"])
        == "1756-05-17"
    )
    assert kept(cache, "struggle-of-empires") == []


def test_a_cache_folder_that_cannot_be_written_changes_nothing(tmp_path, monkeypatch):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("PBEM_CACHE_DIR", str(blocked / "cache"))
    assert read_toml_dir("struggle-of-empires") == read_toml_dir("struggle-of-empires")
