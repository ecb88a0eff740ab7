"""Soldier Kings content: pydantic models of ``games/soldier-kings/`` and their cross-checks.

Pure: no I/O. ``pbem.content.read_toml_dir("soldier-kings")`` reads the files; ``load_content``
turns that mapping (file stem -> parsed TOML) into a validated, immutable
``SoldierContent`` and rejects anything inconsistent with a ContentError whose message
names the file and the entry.

Every entry carries ``source``: a rulebook citation (``"SK 9 Land Combat Example"``,
``"SK 7.2"``) or ``"authored"`` (see docs/soldier-kings-data.md).

    base        field types, file names, the frozen base model
    world       game.toml, powers.toml, maps/*.toml
    pieces      pieces.toml
    tables      tables.toml
    cards       cards.toml
    scenarios   scenarios/*.toml
    model       SoldierContent and its lookups
    checks      the cross-checks
    loader      load_content
"""

from pbem.content import ContentError

from .base import fmt_strength
from .cards import Card
from .loader import FILES, load_content
from .model import SoldierContent
from .scenarios import Scenario
from .tables import MercenaryRow, MinorTableRow

__all__ = [
    "FILES",
    "Card",
    "ContentError",
    "MercenaryRow",
    "MinorTableRow",
    "Scenario",
    "SoldierContent",
    "fmt_strength",
    "load_content",
]
