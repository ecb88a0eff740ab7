"""The referee's seal on a delivered report (issue 19): a player can prove what he was told.

A report is rendered unsealed (its text and HTML parts; `report_delivered.content_hash`
is the SHA-256 of the two). Before it leaves, the referee key signs a statement
naming the game, the power, the events it covers and the SHA-256 of each part, and
the signed block is added at the end of both parts:

    -----BEGIN PBEM REPORT SEAL-----
    Game: demo 3f9c0a1b22d4e5f6
    Power: Prussia
    Events: 1-57
    Text: <sha256 hex of the text part without this section>
    HTML: <sha256 hex of the HTML part without this section>
    Referee: pbem-ed25519 <base64>
    Signature: <base64, Ed25519 over STATEMENT>
    -----END PBEM REPORT SEAL-----

STATEMENT = b"pbem-report-v1\\n" + the block's lines from Game: to Referee:, each
followed by "\\n". The text part is sealed by appending TEXT_HEAD + block + "\\n"; the
HTML part by putting html_fragment(block) before its last "</body>". Line ends are
"\n" (a mail's CRLF is read back as "\n"). Taking those
exact additions out gives the parts back, so either part can be checked alone (Ed25519
is deterministic: the same report sealed again is byte-identical). docs/core.md
("Sealed reports") says the same for anyone writing his own checker.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from dataclasses import dataclass, replace
from email import message_from_bytes, policy
from pathlib import Path
from typing import TYPE_CHECKING

from markupsafe import escape

from ..errors import PbemError
from ..keys import parse_public_key

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from .build import Report

DOMAIN = b"pbem-report-v1\n"
BEGIN = "-----BEGIN PBEM REPORT SEAL-----"
END = "-----END PBEM REPORT SEAL-----"
TEXT_HEAD = (
    "\n== Seal ==\n\n"
    "The referee's key signed this report. Keep this mail: `pbem check-report FILE`\n"
    "proves what it told you (docs/core.md, Sealed reports).\n\n"
)
FIELDS = ("Game", "Power", "Events", "Text", "HTML", "Referee")


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def statement(fields: dict[str, str]) -> bytes:
    return DOMAIN + "".join(f"{k}: {fields[k]}\n" for k in FIELDS).encode("utf-8")


def html_fragment(block: str) -> str:
    return (
        '<div class="seal"><h2>Seal</h2>\n<p>The referee\'s key signed this report. Keep '
        "this mail: <code>pbem check-report FILE</code> proves what it told you.</p>\n"
        f'<pre class="mono">{escape(block)}</pre></div>\n'
    )


def seal(report: Report, game_ref: str, key: Ed25519PrivateKey) -> Report:
    """`report` with the referee's seal added to both parts."""
    from ..keys import pbem_public_line

    fields = {
        "Game": game_ref,
        "Power": report.power,
        "Events": f"{report.start}-{report.stop}",
        "Text": sha256(report.text),
        "HTML": sha256(report.html),
        "Referee": pbem_public_line(key.public_key()),
    }
    sig = base64.b64encode(key.sign(statement(fields))).decode("ascii")
    block = "\n".join([BEGIN, *(f"{k}: {fields[k]}" for k in FIELDS), f"Signature: {sig}", END])
    at = report.html.rfind("</body>")
    if at < 0:
        raise RuntimeError("the HTML report has no </body> to put the seal before")
    html = report.html[:at] + html_fragment(block) + report.html[at:]
    return replace(report, text=report.text + TEXT_HEAD + block + "\n", html=html)


@dataclass(frozen=True)
class Checked:
    game: str
    power: str
    start: int
    stop: int
    referee: str
    parts: tuple[str, ...]  # "text", "HTML": the parts whose hash the seal matches
    unsealed: dict[str, str]  # part -> its text without the seal

    @property
    def content_hash(self) -> str | None:
        """report_delivered's hash, when both parts are at hand."""
        if set(self.unsealed) != {"text", "HTML"}:
            return None
        return sha256(self.unsealed["text"] + self.unsealed["HTML"])


class SealError(PbemError):
    pass


def read_block(text: str) -> tuple[str, dict[str, str], bytes]:
    """The seal block in `text` (the last one), its fields and raw signature."""
    starts = [m.start() for m in re.finditer(re.escape(BEGIN), text)]
    if not starts:
        raise SealError("no report seal in it (-----BEGIN PBEM REPORT SEAL----- is missing)")
    at = starts[-1]
    stop = text.find(END, at)
    if stop < 0:
        raise SealError("the report seal has no END line: the report was cut short")
    block = text[at : stop + len(END)]
    fields: dict[str, str] = {}
    for n, line in enumerate(block.split("\n")[1:-1], 1):
        name, sep, value = line.partition(": ")
        if not sep or name not in (*FIELDS, "Signature") or name in fields:
            raise SealError(f"seal line {n} is not part of a report seal: {line[:60]!r}")
        fields[name] = value
    missing = [k for k in (*FIELDS, "Signature") if k not in fields]
    if missing:
        raise SealError(f"the report seal lacks {', '.join(missing)}")
    try:
        sig = base64.b64decode(fields.pop("Signature"), validate=True)
    except binascii.Error:
        raise SealError("the seal's Signature is not base64") from None
    return block, fields, sig


def check(text: str | None, html: str | None) -> Checked:
    """Check a report's seal; raise SealError naming what does not hold."""
    if text is None and html is None:
        raise SealError("neither a text nor an HTML report was given")
    if text is not None:
        block, fields, sig = read_block(text)
    else:
        assert html is not None
        block, fields, sig = read_block(_html_unescape(html))
    key = fields["Referee"]
    try:
        pub = parse_public_key(key)
    except PbemError as x:
        raise SealError(f"the seal's Referee key is unreadable: {x}") from None
    if not pub.verify_raw(sig, statement(fields)):
        raise SealError(
            "the seal's signature does not verify: this seal was not made by the key it names"
        )
    unsealed: dict[str, str] = {}
    if text is not None:
        tail = TEXT_HEAD + block + "\n"
        if not text.endswith(tail):
            raise SealError("the text part has something after or around its seal")
        unsealed["text"] = text[: -len(tail)]
    if html is not None:
        frag = html_fragment(block)
        if html.count(frag) != 1:
            raise SealError("the HTML part's seal differs from the text part's, or is missing")
        unsealed["HTML"] = html.replace(frag, "")
    for part, body in unsealed.items():
        if sha256(body) != fields["Text" if part == "text" else "HTML"]:
            raise SealError(
                f"the {part} part was changed after the referee sealed it (its hash differs "
                "from the sealed one)"
            )
    events = fields["Events"].split("-")
    if len(events) != 2 or not all(x.isdecimal() and x.isascii() for x in events):
        raise SealError(f"the seal's Events {fields['Events']!r} is not START-STOP")
    return Checked(
        fields["Game"],
        fields["Power"],
        int(events[0]),
        int(events[1]),
        key,
        tuple(unsealed),
        unsealed,
    )


def _html_unescape(html: str) -> str:
    import html as h

    return h.unescape(html)


def load(path: str | Path) -> tuple[str | None, str | None]:
    """The text and HTML parts of a saved report: a mail (.eml, as received) or the
    files `pbem report` writes (NNN-POWER.txt and .html: either, the other beside it)."""
    p = Path(path)
    data = p.read_bytes()
    if p.suffix in (".txt", ".html"):
        parts = {}
        for suffix in (".txt", ".html"):
            q = p.with_suffix(suffix)
            if q.exists():
                parts[suffix] = q.read_bytes().decode("utf-8")
        return parts.get(".txt"), parts.get(".html")
    msg = message_from_bytes(data, policy=policy.default)
    text = html = None
    for part in msg.walk():
        if part.is_multipart():
            continue
        ctype = part.get_content_type()
        if ctype == "text/plain" and text is None:
            text = part.get_content()
        elif ctype == "text/html" and html is None:
            html = part.get_content()
    if text is None and html is None:
        raise SealError(f"{p}: neither a text nor an HTML part (is it a saved mail?)")
    return _lf(text), _lf(html)


def _lf(part: str | None) -> str | None:
    """Mail carries lines ended by CRLF; reports are written with LF (what the seal covers)."""
    return None if part is None else part.replace("\r\n", "\n")
