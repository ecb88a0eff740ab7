"""The section map of the Soldier engine (games/soldier/sections.toml).

The two rulebooks are the specification: every numbered heading of Soldier Kings and
of Soldier Emperor has its entry, every entry names headings that exist, and every
section the code cites is in the map (docs/soldier-sections.md).
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SECTIONS = ROOT / "games" / "soldier" / "sections.toml"
DOC = ROOT / "docs" / "soldier-sections.md"
RULES_DIRS = (ROOT.parent / "shared" / "rules", Path("/work/shared/rules"))
BOOKS = {"sk": "soldier-kings.txt", "se": "soldier-emperor.txt"}

# The code that cites sections: the Soldier Kings variant and the shared engine.
CITING = (ROOT / "pbem" / "rulesets" / "soldier_kings", ROOT / "pbem" / "rulesets" / "soldier")

# Citations in the code that name no section of the book, as (book, number), found
# when the map was made. None today; a typo found later goes here, with its file, only
# until the code is corrected, so that the test still catches every new one.
KNOWN_BAD_CITATIONS: frozenset[tuple[str, str]] = frozenset()

RELATIONS = {"same", "changed", "sk-only", "se-only"}
KEYS = {"same": {"sk", "se"}, "changed": {"sk", "se"}, "sk-only": {"sk"}, "se-only": {"se"}}

# A heading: a line that begins with the section number ("9.3 Multiple Opponents.",
# '20.33 "World at War" Scenario.', SE's "13.1Army Leadership Rating", "7.2 land Area
# Values."). Index lines of SK ("- 9.3 Multiple Opponents.") begin with "- "; SE's
# index lost its numbers ("3. Multiple Opponents.").
HEADING = re.compile(r'^(\d{1,2}\.\d{1,2})\s*["“A-Za-z]', re.M)
NUMBER = r"\d{1,2}\.\d{1,2}"
# "SK 9.3", "SK 9.7-9.8", "SK 10.3, 10.42-10.45, 11.2", "SK 4.1 and 9.5"
CITATION = re.compile(rf"\b(SK|SE)\s+({NUMBER}(?:\s*(?:[-–,/&]|and|or)\s*{NUMBER})*)")
PAIR = re.compile(rf"\bSK\s+({NUMBER})\s*/\s*SE\s+({NUMBER})\b")
IDEA = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def section_key(number: str) -> tuple[int, int]:
    """Book order: "10.41" comes after "10.4" and before "10.5" (SK and SE 1.0: a
    subsection of a subsection adds a digit, 2.21)."""
    major, minor = number.split(".")
    return int(major), int(minor.ljust(2, "0"))


@pytest.fixture(scope="module")
def entries() -> list[dict]:
    with SECTIONS.open("rb") as f:
        return tomllib.load(f)["section"]


@pytest.fixture(scope="module")
def headings() -> dict[str, set[str]]:
    """Each book's section numbers (SK's index repeats its chapters: a set)."""
    for d in RULES_DIRS:
        if all((d / name).is_file() for name in BOOKS.values()):
            return {
                book: set(HEADING.findall((d / name).read_text(encoding="utf-8")))
                for book, name in BOOKS.items()
            }
    pytest.skip("the rulebooks (../shared/rules) are not present")


def test_ideas_are_unique_kebab_case(entries):
    ideas = Counter(e["idea"] for e in entries)
    assert not [i for i, n in ideas.items() if n > 1], "duplicate ideas"
    assert not [i for i in ideas if not IDEA.match(i)], "ideas must be kebab-case"
    assert all(e.get("title") for e in entries), "every entry has a title"


def test_relation_matches_the_keys(entries):
    wrong = []
    for e in entries:
        rel = e.get("relation")
        if rel not in RELATIONS:
            wrong.append(f"{e['idea']}: relation {rel!r}")
            continue
        keys = {k for k in BOOKS if k in e}
        if keys != KEYS[rel]:
            wrong.append(f"{e['idea']}: {rel} with {sorted(keys)}")
        if rel == "changed" and not e.get("note"):
            wrong.append(f"{e['idea']}: changed without a note")
        unknown = set(e) - {"idea", "title", "sk", "se", "relation", "note", "split"}
        if unknown:
            wrong.append(f"{e['idea']}: unknown keys {sorted(unknown)}")
    assert not wrong, "\n".join(wrong)


def test_a_section_is_mapped_once_unless_split(entries):
    """A number appears in two entries only where the other book splits the section
    in two (SK 20.33 = SE 21.2 + 21.3), and then each entry says so."""
    by_number: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for e in entries:
        for book in BOOKS:
            if book in e:
                by_number[book, e[book]].append(e)
    wrong = [
        f"{book.upper()} {n}: {[e['idea'] for e in es]}"
        for (book, n), es in by_number.items()
        if len(es) > 1 and any(e.get("split") != book for e in es)
    ]
    assert not wrong, "mapped more than once without split:\n" + "\n".join(wrong)
    assert all(len(by_number[e["split"], e[e["split"]]]) > 1 for e in entries if "split" in e), (
        "split on a section mapped once"
    )


def test_every_number_is_a_heading_of_its_book(entries, headings):
    wrong = [
        f"{e['idea']}: {book.upper()} {e[book]}"
        for e in entries
        for book in BOOKS
        if book in e and e[book] not in headings[book]
    ]
    assert not wrong, "not a heading of the book:\n" + "\n".join(wrong)


def test_every_heading_of_both_books_is_mapped(entries, headings):
    for book, numbers in headings.items():
        mapped = {e[book] for e in entries if book in e}
        missing = sorted(numbers - mapped, key=section_key)
        assert not missing, f"{book.upper()} headings missing from the map: {missing}"


def test_entries_follow_the_order_of_soldier_kings(entries):
    sk = [e["sk"] for e in entries if "sk" in e]
    assert sk == sorted(sk, key=section_key)


def cited(dirs) -> dict[tuple[str, str], list[str]]:
    """(book, number) -> where the code cites it: every SK/SE citation in the files."""
    out: dict[tuple[str, str], list[str]] = defaultdict(list)
    for d in dirs:
        for path in sorted(d.rglob("*.py")):
            for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for book, numbers in CITATION.findall(line):
                    for number in re.findall(NUMBER, numbers):
                        where = f"{path.relative_to(ROOT)}:{lineno}"
                        out[book.lower(), number].append(where)
    return out


def test_every_code_citation_is_in_the_map(entries):
    mapped = {(book, e[book]) for e in entries for book in BOOKS if book in e}
    citations = cited(CITING)
    assert citations, "no citations found: is the pattern still right?"
    unknown = {c: w for c, w in citations.items() if c not in mapped}
    new = {c: w for c, w in unknown.items() if c not in KNOWN_BAD_CITATIONS}
    assert not new, "citations of no section in the map:\n" + "\n".join(
        f"{book.upper()} {n}: {', '.join(where)}" for (book, n), where in sorted(new.items())
    )
    fixed = KNOWN_BAD_CITATIONS - set(unknown)
    assert not fixed, f"no longer cited, remove from KNOWN_BAD_CITATIONS: {sorted(fixed)}"


def test_paired_citations_name_one_idea(entries):
    """`# SK 9.3 / SE 9.5`: both numbers belong to the same idea."""
    pairs = {(e["sk"], e["se"]) for e in entries if "sk" in e and "se" in e}
    wrong = []
    for d in CITING:
        for path in sorted(d.rglob("*.py")):
            for sk, se in PAIR.findall(path.read_text(encoding="utf-8")):
                if (sk, se) not in pairs:
                    wrong.append(f"{path.relative_to(ROOT)}: SK {sk} / SE {se}")
    assert not wrong, "pairs that the map does not pair:\n" + "\n".join(wrong)


def test_the_doc_lists_every_changed_idea(entries):
    doc = DOC.read_text(encoding="utf-8")
    missing = [e["idea"] for e in entries if e["relation"] == "changed" and e["idea"] not in doc]
    assert not missing, f"docs/soldier-sections.md lacks the changed ideas {missing}"


def test_citation_pattern():
    line = "x = 1  # SK 10.3, 10.42-10.45, 11.2 and 9.7 (SK 6.3); SK 9.3 / SE 9.5; SK 10"
    found = [(b, n) for b, ns in CITATION.findall(line) for n in re.findall(NUMBER, ns)]
    assert found == [
        ("SK", "10.3"),
        ("SK", "10.42"),
        ("SK", "10.45"),
        ("SK", "11.2"),
        ("SK", "9.7"),
        ("SK", "6.3"),
        ("SK", "9.3"),
        ("SE", "9.5"),
    ]
