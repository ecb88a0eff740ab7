"""`pbem report`: the scheduled reports written to a directory as NNN-POWER.html/.txt."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .build import render_many
from .schedule import file_stem, select

if TYPE_CHECKING:
    from ..service import Game


def write_reports(
    game: Game,
    out: str | Path,
    power: str | None = None,
    turn: str | None = None,
    deadline: str | None = None,
) -> list[Path]:
    """Write the reports `select(game, power, turn)` picks; return the files written.
    `deadline` is printed only in reports that end at the latest resolution. With the
    referee's secret file at hand, each report carries his seal (pbem.reports.seal)."""
    from ..secrets import secret_path
    from .seal import seal

    chosen = select(game, power, turn)
    key = game.secrets().referee_key() if secret_path(game.path).exists() else None
    ref = game.state().game_ref
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    last = max((d.stop for d in select(game)), default=0)
    written = []
    pages = render_many(
        game, [(d.power, d.start, d.stop, deadline if d.stop == last else None) for d in chosen]
    )
    for due, rep in zip(chosen, pages, strict=True):
        if key is not None:
            rep = seal(rep, ref, key)
        for suffix, body in ((".html", rep.html), (".txt", rep.text)):
            path = out / f"{file_stem(due)}{suffix}"
            path.write_bytes(body.encode("utf-8"))
            written.append(path)
    return written
