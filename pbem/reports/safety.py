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
    """What in `html` could run code or reach outside; [] when nothing."""
    c = _Checker()
    c.feed(html)
    c.close()
    out = list(c.problems)
    if URL.search(html):
        out.append("an http(s) URL in the document")
    if not html.startswith("<!DOCTYPE html>"):
        out.append("not one HTML document")
    return out
