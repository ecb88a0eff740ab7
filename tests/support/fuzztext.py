"""Cheap fuzz inputs (docs/core.md "Fuzzed inputs"): hypothesis draws one string of
bytes per example, and `Draws` reads the choices of many inputs out of it (a kind of
mutation, a position, a tricky string). Drawing bytes costs hypothesis about a
microsecond each, drawing an integer or a character fifty times that, so this is what
lets a run try 100,000 inputs in under a minute; shrinking still works (fewer and
smaller bytes make simpler inputs)."""

from __future__ import annotations

import random
import re
import unicodedata

from hypothesis import strategies as st

ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u00ad"
BIDI = "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
SPACES = " \t\u00a0\u2003\u3000\x0b\x0c\x1c\x85\u2028"
HOMOGLYPHS = {
    "A": "\u0410",  # Cyrillic
    "B": "\u0412",
    "E": "\u0415",
    "H": "\u041d",
    "K": "\u039a",  # Greek
    "M": "\u041c",
    "O": "\u041e",
    "P": "\u0420",
    "S": "\u0405",
    "T": "\u0422",
    "a": "\u0430",
    "c": "\u0441",
    "e": "\u0435",
    "i": "\u0456",
    "o": "\u043e",
    "p": "\u0440",
    "r": "\u0433",
    "s": "\u0455",
    "u": "\u03c5",
    "x": "\u0445",
    "y": "\u0443",
    "1": "\u0661",  # Arabic-Indic digit
    "2": "\u00b2",  # superscript: str.isdigit() says yes, int() says no
    "0": "\uff10",  # full width
}
ACCENTED = "éèüöÅçñłŝØæßÉ"  # NFC letters that NFD splits
ODD = ZERO_WIDTH + BIDI + SPACES + "".join(HOMOGLYPHS.values()) + ACCENTED + "\r\n>:#-=\x00\ufffd"


def _pool() -> list[str]:
    """256 tricky strings, the same at every run."""
    r = random.Random(16)
    plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.:;-+/=_'\"!?()"
    out = list(ODD)
    out += ["", " ", "  ", "\t", "\n", "\r\n", "\r", "> ", ">>", ":", "::", "#", "X-", "0", "-1"]
    out += ["9" * 19, "1e9", "NaN", "None", "null", "\\", "%s", "{0}", "<b>", "&amp;", "\ud7ff"]
    while len(out) < 256:
        size = r.choice((1, 2, 3, 5, 8, 13))
        out.append("".join(r.choice(plain + ODD) for _ in range(size)))
    return out[:256]


POOL = _pool()
# what could pass for a number: str.isdigit() is true of "²", int() refuses it
NUMBERISH = (
    "0",
    "1",
    "2",
    "3",
    "12",
    "-1",
    "+2",
    "²",
    "٣",
    "１２",
    "1.5",
    "1e3",
    "9" * 20,
    "½",
    "Ⅻ",
    "0x10",
    "1,000",
    "01",
    "1_000",
    "⁰",
    "①",
)


def blobs(inputs: int, per_input: int = 8) -> st.SearchStrategy[bytes]:
    """The bytes of one example: `per_input` bytes for each of `inputs` inputs."""
    n = inputs * per_input
    return st.binary(min_size=n, max_size=n)


class Draws:
    """Choices read from a string of bytes, in order; past its end, zeros."""

    def __init__(self, data: bytes):
        self.data = data
        self.at = 0

    def byte(self) -> int:
        self.at += 1
        return self.data[self.at - 1] if self.at <= len(self.data) else 0

    def int(self, below: int) -> int:
        """A number in 0..below-1 from two bytes."""
        return ((self.byte() << 8) | self.byte()) % below if below > 1 else 0

    def pick(self, items, empty=""):
        if not items:
            return empty
        return items[self.byte() % len(items)] if len(items) <= 256 else items[self.int(len(items))]

    def odd(self) -> str:
        return POOL[self.byte()]

    def token(self, pool: list[str]) -> str:
        """A word of `pool`, a number-like word, or a tricky string."""
        b = self.byte()
        if b < 128 and pool:
            return self.pick(pool)
        return self.pick(NUMBERISH) if b < 192 else self.odd()


def respell(line: str, d: Draws, pool: list[str]) -> str:
    """`line` with its first word (the verb) kept and each other word kept, or, one
    time in four, put in place of by another token."""
    words = line.split(" ")
    return " ".join([words[0], *(w if d.byte() % 4 else d.token(pool) for w in words[1:])])


def homoglyph(text: str, which: int) -> str:
    """`text` with its `which`-th character that has a look-alike replaced by it
    (counting round), or unchanged if it has none."""
    spots = [i for i, c in enumerate(text) if c in HOMOGLYPHS]
    if not spots:
        return text
    i = spots[which % len(spots)]
    return text[:i] + HOMOGLYPHS[text[i]] + text[i + 1 :]


MUTATIONS = (
    "flip",  # one bit of one UTF-8 byte
    "char",  # one character replaced
    "insert",  # a tricky string inserted
    "delete",  # a few characters deleted
    "line+",  # a line added
    "line-",  # a line removed
    "swap",  # two lines swapped
    "dup",  # a line given twice (a header duplicated)
    "crlf",  # every line end made CRLF
    "cr",  # every line end made CR
    "trail",  # trailing blanks on a line
    "lead",  # leading blanks on a line
    "nfd",  # NFD of everything
    "nfd1",  # NFD of one line
    "zw",  # a zero-width character inserted
    "bidi",  # a bidi control inserted
    "glyph",  # a look-alike letter put in
    "quote",  # "> " before every line
    "bom",  # a BOM before it
    "wrap",  # a line broken in two (a mail client wrapping)
    "cut",  # cut short
    "case",  # a line's case changed
    "word",  # a word replaced by a line or word of the pool
    "digit",  # a number replaced by something like one
)


def mutate(text: str, d: Draws, pool: list[str], times: int = 1) -> str:
    """`text` changed `times` times; `pool`: lines and words that may be put in."""
    for _ in range(times):
        text = mutate_once(text, d, pool)
    return text


def mutate_once(text: str, d: Draws, pool: list[str]) -> str:
    kind = d.pick(MUTATIONS)
    lines = text.split("\n")
    i = d.int(len(lines))
    pos = d.int(len(text) + 1)
    b = d.byte()
    if kind == "flip":
        raw = bytearray(text.encode("utf-8"))
        if raw:
            raw[pos % len(raw)] ^= 1 << (b % 8)
        return raw.decode("utf-8", errors="replace")
    if kind == "char":
        return text[:pos] + (d.odd()[:1] or "x") + text[pos + 1 :]
    if kind == "insert":
        return text[:pos] + d.odd() + text[pos:]
    if kind == "delete":
        return text[:pos] + text[pos + 1 + b % 8 :]
    if kind == "line+":
        new = d.pick(pool) if pool and b % 3 else d.odd()
        return "\n".join([*lines[:i], new, *lines[i:]])
    if kind == "line-":
        return "\n".join(lines[:i] + lines[i + 1 :])
    if kind == "swap":
        j = b % len(lines)
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    if kind == "dup":
        return "\n".join([*lines[: i + 1], lines[i], *lines[i + 1 :]])
    if kind == "crlf":
        return text.replace("\n", "\r\n")
    if kind == "cr":
        return text.replace("\n", "\r")
    if kind == "trail":
        lines[i] += " \t"[b % 2] * (1 + b % 3)
        return "\n".join(lines)
    if kind == "lead":
        lines[i] = " \t"[b % 2] + lines[i]
        return "\n".join(lines)
    if kind == "nfd":
        return unicodedata.normalize("NFD", text)
    if kind == "nfd1":
        lines[i] = unicodedata.normalize("NFD", lines[i])
        return "\n".join(lines)
    if kind == "zw":
        return text[:pos] + ZERO_WIDTH[b % len(ZERO_WIDTH)] + text[pos:]
    if kind == "bidi":
        return text[:pos] + BIDI[b % len(BIDI)] + text[pos:]
    if kind == "glyph":
        lines[i] = homoglyph(lines[i], b)
        return "\n".join(lines)
    if kind == "quote":
        return "\n".join(">" * (1 + b % 2) + " " + ln for ln in lines)
    if kind == "bom":
        return "\ufeff" + text
    if kind == "wrap":
        cut = b % (len(lines[i]) + 1)
        lines[i : i + 1] = [lines[i][:cut], lines[i][cut:]]
        return "\n".join(lines)
    if kind == "cut":
        return text[:pos]
    if kind == "case":
        lines[i] = lines[i].lower() if b % 2 else lines[i].upper()
        return "\n".join(lines)
    if kind == "word":
        words = lines[i].split(" ")
        words[b % len(words)] = d.token(pool).split("\n")[0]
        lines[i] = " ".join(words)
        return "\n".join(lines)
    if kind == "digit":
        runs = list(re.finditer(r"[0-9]+", text))
        if not runs:
            return text
        m = runs[b % len(runs)]
        return text[: m.start()] + d.pick(NUMBERISH) + text[m.end() :]
    raise AssertionError(kind)


def token_text(d: Draws, tokens: list[str], count: int) -> str:
    """`count` tokens chosen by the draws, joined: text with the shape of what is read."""
    return "".join(d.pick(tokens) for _ in range(count))
