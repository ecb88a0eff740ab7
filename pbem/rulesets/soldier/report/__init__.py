"""Soldier Kings in a turn report (docs/reports.md), by idea:

  sentences.py  a sentence per event (`describe`)
  card_sentences.py  the sentences of the event cards' plays and effects (SK 5)
  se_sentences.py  the sentences of Soldier Emperor's own events
  peace_sentences.py  the sentences of the surrender's declaration (SK 15.0) and of
                      a victor's group stopped at the loser's blockade (SK 15.3)
  sko_map_units_sentences.py  the sentences of SK's optional map, unit and movement rules
  sko_war_sentences.py  the sentences of SK's optional rules on allies and war
  sko_economy_sentences.py  those of SK's optional economics, advantages and end
  victory_sentences.py  the Victory Phase's points and the final scores (SK 20.3, SE 21)
  position.py   the power's position as tables (`sections`)
  mapview.py    the Europe map (`map_view`)
  template.py   the pre-filled order envelope (`order_template`)
  words.py      money, pieces as text, shared by all four

Fog of war: everything here is drawn from what `SoldierKings.view` shows a power.
Pure: no I/O; strings only (the templates escape them).
"""

from . import (  # noqa: F401  (register their sentences)
    card_sentences,
    peace_sentences,
    se_sentences,
    sko_economy_sentences,
    sko_map_units_sentences,
    sko_war_sentences,
    victory_sentences,
)
from .mapview import map_view, track_view
from .position import sections
from .sentences import SAYINGS, describe, hit_from, says, standing_note
from .template import order_template
from .words import NEUTRAL_FILL, SEA_FILL, leader_text, unit_text

__all__ = [
    "NEUTRAL_FILL",
    "SEA_FILL",
    "SAYINGS",
    "describe",
    "hit_from",
    "leader_text",
    "map_view",
    "order_template",
    "says",
    "sections",
    "standing_note",
    "track_view",
    "unit_text",
]
