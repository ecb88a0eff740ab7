"""Reading names in orders: areas (with aliases), counters (Au-A3), leaders (with
spaces, "Frederick II"), with 'did you mean' suggestions for anything unknown."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbem.ruleset import Problem
from pbem.suggest import closest

from .content import SoldierContent
from .state import SoldierState


@dataclass(frozen=True)
class Piece:
    kind: str  # "unit" or "leader"
    name: str  # counter id or leader name


_AREA_INDEX: dict[int, tuple[SoldierContent, list[str], dict[str, str]]] = {}


def _area_index(content: SoldierContent) -> tuple[list[str], dict[str, str]]:
    """Area names and their spellings (aliases, any case), built once per content."""
    got = _AREA_INDEX.get(id(content))
    if got is None or got[0] is not content:
        areas = sorted(
            [a.name for a in content.map.land_areas] + [s.name for s in content.map.sea_areas]
        )
        words = {
            **{n.casefold(): n for n in areas},
            **{
                alias.casefold(): a.name
                for a in (*content.map.land_areas, *content.map.sea_areas)
                for alias in a.aliases
            },
        }
        got = _AREA_INDEX[id(content)] = (content, areas, words)
    return got[1], got[2]


class Names:
    def __init__(self, content: SoldierContent, state: SoldierState):
        self.content = content
        self.state = state
        self.areas, self._area_words = _area_index(content)
        self._piece_index: dict[str, Piece] | None = None

    @property
    def _pieces(self) -> dict[str, Piece]:
        """Counters and leaders of this state, built when an order first names one."""
        if self._piece_index is None:
            self._piece_index = _piece_index(self.content, self.state)
        return self._piece_index

    def area(self, text: str, line: int, problems: list[Problem]) -> str | None:
        key = " ".join(text.split()).casefold()
        if key in self._area_words:
            return self._area_words[key]
        hint = closest(text.strip(), list(self._area_words))
        problems.append(
            Problem(f"no area {text.strip()!r}", line, self._area_words.get(hint or ""))
        )
        return None

    def area_list(self, text: str, line: int, problems: list[Problem]) -> list[str] | None:
        """`AREA[, AREA...]` (empty text: none); None when one does not read."""
        out = []
        for a in text.split(","):
            if a.strip():
                area = self.area(a, line, problems)
                if area is None:
                    return None
                out.append(area)
        return out

    def major(self, word: str) -> str | None:
        """The major power of this game named `word` (any case), if any."""
        return next((x for x in self.state.majors if x.casefold() == word.casefold()), None)

    def pieces(self, text: str, line: int, problems: list[Problem]) -> list[Piece]:
        """Counters and leader names, separated by commas or spaces."""
        out, unknown = _read_pieces(self._pieces, self.state, text)
        problems.extend(Problem(f"no counter or leader {w!r}", line, hint) for w, hint in unknown)
        return list(out)


_MEMO: dict[int, tuple[dict, int, dict]] = {}


def _read_pieces(
    index: dict[str, Piece], state: SoldierState, text: str
) -> tuple[tuple[Piece, ...], tuple[tuple[str, str | None], ...]]:
    """What a list of pieces names, and the words that name none (with a hint): a pure
    function of the index and the text, kept per index, because standing orders
    ("casualties ...") are read again at every resolution (issue 9)."""
    got = _MEMO.get(id(index))
    if got is None or got[0] is not index:
        if len(_MEMO) > 32:
            _MEMO.clear()
        longest = max((len(k.split()) for k in index), default=1)
        got = _MEMO[id(index)] = (index, longest, {})
    _, longest, memo = got
    if text in memo:
        return memo[text]
    out: list[Piece] = []
    unknown: list[tuple[str, str | None]] = []
    for chunk in filter(None, (c.strip() for c in re.split(r"[,;]", text))):
        words = chunk.split()
        i = 0
        while i < len(words):
            for j in range(min(len(words), i + longest), i, -1):  # longest name first
                key = " ".join(words[i:j]).casefold()
                if key in index:
                    out.append(index[key])
                    i = j
                    break
            else:
                word = words[i]
                unknown.append((word, closest(word, [*state.units, *state.leaders])))
                i += 1
    if len(memo) > 4096:
        memo.clear()
    memo[text] = (tuple(out), tuple(unknown))
    return memo[text]


_PIECE_INDEX: dict[tuple, tuple[SoldierContent, dict[str, Piece]]] = {}


def piece_index(content: SoldierContent, state: SoldierState) -> dict[str, Piece]:
    """The names of the state's counters and leaders (lower case) -> the piece: one
    object for as long as the game has the same set of them."""
    return _piece_index(content, state)


def _piece_index(content: SoldierContent, state: SoldierState) -> dict[str, Piece]:
    """Every counter and leader of a game is in the state from the start (in the pool
    or not), so the index is built once per set of them. Counters and leaders are
    never taken out of a state, so a dict of the same length is the same set: the last
    answer is kept for the dicts it was read from (asked for at every parse)."""
    units, leaders = state.units, state.leaders
    last = _LAST[0]
    if (
        last is not None
        and last[0] is content
        and last[1] is units
        and last[2] is leaders
        and last[3] == (len(units), len(leaders))
    ):
        return last[4]
    index = _piece_index_of(content, state)
    _LAST[0] = (content, units, leaders, (len(units), len(leaders)), index)
    return index


_LAST: list[tuple | None] = [None]


def _piece_index_of(content: SoldierContent, state: SoldierState) -> dict[str, Piece]:
    key = (id(content), tuple(state.units), tuple(state.leaders))
    got = _PIECE_INDEX.get(key)
    if got is not None and got[0] is content:
        return got[1]
    index = {u.casefold(): Piece("unit", u) for u in state.units}
    for name in state.leaders:
        index[name.casefold()] = Piece("leader", name)
        for alias in content.leader(name).aliases:
            index[alias.casefold()] = Piece("leader", name)
    if len(_PIECE_INDEX) > 32:
        _PIECE_INDEX.clear()
    _PIECE_INDEX[key] = (content, index)
    return index
