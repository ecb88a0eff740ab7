"""A check every HTML report passes before it leaves `render` (docs/reports.md):
one self-contained document that runs nothing and fetches nothing.

It reads the markup the way a browser does (tags, attributes, style text), so text
that merely mentions "<img src=...>", escaped, is no finding.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

ALLOWED_TAGS = {
    # document
    "html", "head", "meta", "title", "style", "body",
    # text
    "div", "p", "span", "b", "i", "em", "strong", "small", "br", "pre", "code",
    "h1", "h2", "h3", "h4", "ul", "ol", "li",
    "table", "thead", "tbody", "tr", "th", "td",
    # inline SVG
    "svg", "g", "path", "polygon", "polyline", "rect", "circle", "line", "text", "tspan",
}  # fmt: skip
FORBIDDEN_ATTRS = {"src", "href", "xlink:href", "srcset", "action", "formaction", "background"}
BAD_VALUE = re.compile(r"url\s*\(|javascript:|data:|https?:|//|@import|expression\s*\(", re.I)
URL = re.compile(r"https?://", re.I)


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.in_style = False

    def handle_starttag(self, tag, attrs):
        self._tag(tag, attrs)

    def handle_startendtag(self, tag, attrs):
        self._tag(tag, attrs)

    def _tag(self, tag, attrs):
        if tag not in ALLOWED_TAGS:
            self.problems.append(f"tag <{tag}>")
        for name, value in attrs:
            if name.startswith("on") or name in FORBIDDEN_ATTRS:
                self.problems.append(f"attribute {name} on <{tag}>")
            elif value and BAD_VALUE.search(value) and not _csp(tag, name, value):
                self.problems.append(f"attribute {name}={value[:60]!r} on <{tag}>")
        self.in_style = tag == "style"

    def handle_endtag(self, tag):
        if tag == "style":
            self.in_style = False

    def handle_data(self, data):
        if self.in_style and BAD_VALUE.search(data):
            self.problems.append(f"style text: {BAD_VALUE.search(data).group()!r}")

    def handle_pi(self, data):
        self.problems.append("processing instruction")


def _csp(tag: str, name: str, value: str) -> bool:
    """The Content-Security-Policy meta tag, which forbids every load."""
    return tag == "meta" and name == "content" and value.startswith("default-src 'none'")


def problems(html: str) -> list[str]:
    """What in `html` could run code or reach outside; [] when nothing. The quick scan
    below clears a page only when every "<" in it opens a tag it fully understands; it
    is never less strict than the parser (tests/test_report_safety.py), so what it
    clears the parser would clear too, and anything else is read by the parser."""
    if quick_clean(html):
        return []
    return parsed_problems(html)


def parsed_problems(html: str) -> list[str]:
    """The reference check: the page read by html.parser, as a browser reads it."""
    c = _Checker()
    c.feed(html)
    c.close()
    out = list(c.problems)
    if URL.search(html):
        out.append("an http(s) URL in the document")
    if not html.startswith("<!DOCTYPE html>"):
        out.append("not one HTML document")
    return out


# --- the quick scan (issue 20: 5x faster than the parser on a report) -----------------------

_TAG = re.compile(
    r"<(/?)([a-z][a-z0-9:-]*)((?:\s+[a-zA-Z][a-zA-Z0-9:-]*(?:=\"[^\"<>]*\")?)*)\s*(/?)>"
)
_ATTR = re.compile(r"\s+([a-zA-Z][a-zA-Z0-9:-]*)(?:=\"([^\"<>]*)\")?")
_STYLE_END = "</style>"
_DOCTYPE = "<!DOCTYPE html>"
_NEEDLES = ("url", "javascript:", "data:", "http", "//", "@import", "expression")


def quick_clean(html: str) -> bool:
    """True when the page is certainly clean, found by a few regular-expression passes
    over its tags. Only lower-case tags with double-quoted attribute values free of <
    and > are understood (attribute names in any case, as the parser lowers them); a
    comment, a single-quoted or bare value, an entity in a value, a stray "<": not
    understood, so False (the parser decides)."""
    if not html.startswith(_DOCTYPE) or ("://" in html and URL.search(html)):
        return False
    tags = _TAG.findall(html, len(_DOCTYPE))
    if len(tags) != html.count("<") - 1:  # a "<" that opens no tag understood here
        return False
    if not {t[1] for t in tags} <= ALLOWED_TAGS or any(t[0] and t[2] for t in tags):
        return False
    pairs = _ATTR.findall(" ".join(t[2] for t in tags if t[2]))
    names = {n.lower() for n, _ in pairs}
    if names & FORBIDDEN_ATTRS or any(n.startswith("on") for n in names):
        return False
    values = "\n".join(v for _, v in pairs)
    if "&" in values or _bad(values):
        return False
    at = 0
    while (at := html.find("<style", at)) >= 0:  # style text: no "<" in it (counted above)
        start, end = html.find(">", at), html.find(_STYLE_END, at)
        if end < 0 or _bad(html[start:end]):
            return False
        at = end
    return True


def _bad(text: str) -> bool:
    """BAD_VALUE.search(text), skipped when no needle is in the text (every BAD_VALUE
    match contains one of them): plain substring tests are 20x faster."""
    low = text.lower()
    return any(n in low for n in _NEEDLES) and BAD_VALUE.search(text) is not None
