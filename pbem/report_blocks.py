"""The envelopes a saved plain-text report holds, for `pbem sign` (docs/signing.md):
a report prints each envelope to fill in between two rules of 72 dashes, the orders
envelope first, then the standing one (`Phase: standing`)."""

from __future__ import annotations

from .envelope import BEGIN, split_lines
from .errors import UsageError

RULE = "-" * 72


def blocks(text: str) -> list[str]:
    """The text between two rules that starts with a `Game:` header, in order; none
    when the file holds a signed envelope (`pbem sign` signs its body again)."""
    lines = split_lines(text)
    if any(ln.strip() == BEGIN for ln in lines):
        return []
    rules = [i for i, ln in enumerate(lines) if ln.strip() == RULE]
    out = []
    for a, b in zip(rules, rules[1:], strict=False):
        body = lines[a + 1 : b]
        first = next((ln for ln in body if ln.strip()), "")
        if first.lower().startswith("game:"):
            out.append("\n".join(body) + "\n")
    return out


def _phase(block: str) -> str:
    for ln in block.split("\n"):
        if ln.lower().startswith("phase:"):
            return ln.split(":", 1)[1].strip()
        if not ln.strip():
            break
    return ""


def to_sign(text: str, phase: str | None) -> str:
    """What `pbem sign` signs from FILE: a saved report's one envelope, or the one
    whose `Phase:` is `phase` when it holds two; any other file as it is."""
    found = blocks(text)
    if not found:
        if phase is not None:
            raise UsageError("--phase picks an envelope of a saved report; this file has none")
        return text
    if phase is not None:
        picked = [b for b in found if _phase(b).lower() == phase.strip().lower()]
        if len(picked) != 1:
            raise UsageError(
                f"no envelope with 'Phase: {phase}' in this report; it holds "
                + ", ".join(f"'Phase: {_phase(b)}'" for b in found)
            )
        return picked[0]
    if len(found) == 1:
        return found[0]
    raise UsageError(
        f"this report holds {len(found)} envelopes ("
        + ", ".join(f"'Phase: {_phase(b)}'" for b in found)
        + "): sign one with --phase PHASE (e.g. --phase standing), or copy the lines "
        "between one envelope's rules into a file of its own; mail each signed "
        "envelope in a mail of its own"
    )


def sequences_besides(saved: str, signed: str) -> list[int]:
    """The Sequence numbers a saved report wrote in its envelopes other than the one
    being signed (`pbem sign` checks the signed one against them): the report's own
    number, even when the player changed it in the one he signs; none for other files."""
    out = []
    for b in blocks(saved):
        if b == signed:
            continue
        for ln in b.split("\n\n", 1)[0].splitlines():
            name, _, value = ln.partition(":")
            if name.strip().lower() == "sequence" and value.strip().isdigit():
                out.append(int(value))
    return out
