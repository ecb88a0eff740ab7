"""Where the counters on the map stand, kept between reads (SoldierState.on_map,
fleet_ids, aboard: asked hundreds of times a resolution, issue 9).

An index holds, for one `units` dict, the ids of the counters on the map (`every`, in
the order of `units`), by area, and by the fleet carrying them. Every change to a
counter's status, area or carrier is logged here (the counter, the field, the value it
had) by the counter itself (state.Counter.__setattr__). An index read at log position
`at` is brought up to date from the changes since, for the few of its own counters
among them (a counter of its dict: `units[id] is counter`); the changes to other
states' counters (a what-if copy's, made by `clone`) leave it as it is. It is read
again whole when a counter is made or retyped (`made`), when more than FEW changes
were logged since, or when one of its counters is not where it has it. It keeps ids,
not counters, so a dict holding copies of the same counters still gets its own, and
the lists and dicts it shares with a copy (`SoldierState.index_from`) are replaced,
never changed in place."""

from __future__ import annotations

from bisect import insort
from typing import Any

FEW = 32  # more changes than this since an index was read: it is read again whole
_LOG: list[tuple[Any, str, Any]] = []  # (counter, field, the value it had), in order
_AT = [0]  # changes logged so far (_LOG keeps the last of them)
_EPOCH = [0]  # counters made or retyped so far: every index is read again whole
_SHIPS = [0]  # changes to a counter's status or carrier (SoldierState.carried)


def made(u: object = None) -> None:
    """A counter made, or its type changed."""
    _EPOCH[0] += 1
    _SHIPS[0] += 1


def _logger(field: str, ships: bool) -> Any:
    def changing(u: Any) -> None:  # called before the field is set
        _LOG.append((u, field, u.__dict__.get(field)))
        _AT[0] += 1
        if ships:
            _SHIPS[0] += 1
        if len(_LOG) > 4 * FEW:
            del _LOG[:-FEW]

    return changing


# Counter field -> what its change does to the indexes
HOOKS = {
    "status": _logger("status", True),
    "type": made,
    "area": _logger("area", False),
    "carried_by": _logger("carried_by", True),
}


def ships() -> int:
    """Changes to counters' statuses and carriers so far (made counters included)."""
    return _SHIPS[0]


class MapIndex:
    """Not part of the state: equal to any other, and a copy starts empty."""

    __slots__ = (
        "units", "epoch", "at", "every", "by_area", "aboard", "fleets", "rank", "owned",
        "countries", "carried", "owners",
    )  # fmt: skip

    def __init__(self) -> None:
        self.units: object = None
        self.epoch = self.at = -1
        self.every: list[str] = []
        self.by_area: dict[str | None, list[str]] = {}  # None: `every`
        self.aboard: dict[str, list[str]] = {}  # fleet -> the ids on the map it carries
        # area -> the fleets there, sorted, as asked, until that area changes
        self.fleets: dict[str | None, list[str]] = {}
        self.rank: dict[str, int] | None = None  # id -> its place in `units`, when needed
        self.owned = False  # whether by_area, aboard and fleets are this index's alone
        # counter ids by country, and the dict and size they were read from (a counter's
        # country never changes, and counters are never taken out of a game)
        self.countries: tuple[object, int, dict[str, list[str]]] = (None, -1, {})
        # ids of the counters a fleet carries, wherever they are, and the dict and
        # ships() they were read at
        self.carried: tuple[object, int, list[str]] = (None, -1, [])
        # each power listed in `players` -> its player, and the dict it was read from
        # (the players are set when the scenario starts, and never change)
        self.owners: tuple[object, dict[str, str]] = (None, {})

    def current(self, units: object) -> bool:
        return self.at == _AT[0] and self.units is units and self.epoch == _EPOCH[0]

    def share(self, other: MapIndex, units: object) -> None:
        """Start from `other`'s answer (current) for `units`, a copy of its dict."""
        self.units, self.epoch, self.at, self.rank = units, other.epoch, other.at, other.rank
        self.every, self.by_area, self.aboard = other.every, other.by_area, other.aboard
        self.fleets = dict(other.fleets)
        self.owned = other.owned = False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MapIndex)

    __hash__ = None  # type: ignore[assignment]

    def __copy__(self) -> MapIndex:
        return MapIndex()

    def __deepcopy__(self, memo: dict) -> MapIndex:
        return MapIndex()


def read(index: MapIndex, units: dict[str, Any]) -> MapIndex:
    """`index` brought up to date for `units`."""
    if index.units is units and index.epoch == _EPOCH[0]:
        pending = _AT[0] - index.at
        few = pending <= FEW and pending <= len(_LOG)
        if few and (pending == 0 or _apply(index, units, _LOG[len(_LOG) - pending :])):
            index.at = _AT[0]
            return index
    _read_whole(index, units)
    return index


def _read_whole(index: MapIndex, units: dict[str, Any]) -> None:
    every = [uid for uid, u in units.items() if u.status == "map"]
    by_area: dict[str | None, list[str]] = {None: every}
    aboard: dict[str, list[str]] = {}
    for uid in every:
        u = units[uid]
        if u.area is not None:
            by_area.setdefault(u.area, []).append(uid)
        if u.carried_by is not None:
            aboard.setdefault(u.carried_by, []).append(uid)
    index.units, index.epoch, index.at = units, _EPOCH[0], _AT[0]
    index.every, index.by_area, index.aboard, index.fleets = every, by_area, aboard, {}
    index.rank, index.owned = None, True


def _apply(index: MapIndex, units: dict[str, Any], changes: list) -> bool:
    """The changes to its own counters applied (False: read it again whole)."""
    had: dict[str, dict[str, Any]] = {}  # id -> field -> the value the index has
    for u, field, old in changes:
        if units.get(u.id) is u:
            had.setdefault(u.id, {}).setdefault(field, old)
    if not had:
        return True
    rank = index.rank
    if rank is None:
        rank = index.rank = {uid: i for i, uid in enumerate(units)}
    if not index.owned:
        index.by_area, index.aboard, index.fleets = (
            dict(index.by_area), dict(index.aboard), dict(index.fleets)
        )  # fmt: skip
        index.owned = True
    by_area, aboard, fleets, every = index.by_area, index.aboard, index.fleets, index.every
    for uid, old in had.items():
        u = units[uid]
        was = old.get("status", u.status) == "map"
        area, ship = old.get("area", u.area), old.get("carried_by", u.carried_by)
        fleets.pop(area, None)
        fleets.pop(u.area, None)
        now = u.status == "map"
        if was and not (_drop(by_area, area, uid) and _drop(aboard, ship, uid)):
            return False
        if now and not (_add(by_area, u.area, uid, rank) and _add(aboard, u.carried_by, uid, rank)):
            return False
        if was != now:
            if was:
                every = [x for x in every if x != uid]
            else:
                every = list(every)
                insort(every, uid, key=rank.__getitem__)
    index.every = by_area[None] = every
    return True


def _drop(d: dict, key: str | None, uid: str) -> bool:
    if key is None:
        return True
    here = d.get(key)
    if here is None or uid not in here:
        return False  # not where the index has it
    rest = [x for x in here if x != uid]
    if rest:
        d[key] = rest
    else:
        del d[key]
    return True


def _add(d: dict, key: str | None, uid: str, rank: dict[str, int]) -> bool:
    if key is None:
        return True
    here = list(d.get(key, ()))
    if uid in here:
        return False
    insort(here, uid, key=rank.__getitem__)
    d[key] = here
    return True
