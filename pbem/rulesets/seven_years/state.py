"""The state of a Seven Years World War game: seats (coalitions) and the powers they
control, treasuries and hands (hidden, 7.0), the units on the grid, the leaders, the
pool, and where the game turn stands. Pure data, with read-only queries.
The shape: docs/seven-years-world-war-plan.md section 3."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

UnitType = Literal["army", "horde", "legion", "fleet", "fortified_zone", "base"]
LAND: tuple[str, ...] = ("army", "horde", "legion", "fortified_zone", "base")
STATIC: tuple[str, ...] = ("fortified_zone", "base")  # 14.12: no movement factor
MINOR = "minor"  # Unit.owner of minor power units (2.313: no identity, one stock)
# unit id letters: "PR-A3", "GB-F1", "FR-Z1", "FR-B4", "MC-H2", "FR-L1"; minors "Sweden-H1"
LETTER = {
    "army": "A",
    "horde": "H",
    "legion": "L",
    "fleet": "F",
    "fortified_zone": "Z",
    "base": "B",
}
STAGES = ("setup", "choose", "place", "start", "treasury", "turn", "end", "over")


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Unit(_M):
    id: str
    owner: str  # major power code, or "minor"
    home: str = ""  # minors: the territory placed in (4.721, 17.6)
    type: UnitType
    veteran: bool = False  # 2.314(1); always False for fortified zones and bases (17.5)
    square: str
    aboard: str | None = None  # the fleet carrying it (18.5); its square is the fleet's


class Leader(_M):
    id: str  # marker id, e.g. "G3-1" (general, command value 3)
    where: Literal["pool", "hand", "box"] = "pool"
    holder: str | None = None  # seat, when in a hand
    box: str | None = None  # the power whose box he is in (20.1-20.3)
    face_up: bool = True  # 20.41, 3.1(7)


class VP(_M):
    """22.11 sums: (1) campaign values, (2) occupied civilized squares, (3) trade routes,
    (4) enlightenment markers (option)."""

    powers: int = 0
    squares: int = 0
    routes: int = 0
    enlightenment: int = 0
    detail: dict[str, int] = {}

    @property
    def total(self) -> int:
        return self.powers + self.squares + self.routes + self.enlightenment


class Player(_M):
    treasury: int = 0  # hidden (7.0, 10.0)
    hand: list[str] = []  # marker ids, sorted; hidden (7.0, 8.1)
    base_line: VP | None = None  # 22.12 sums at the start of the game


class TurnProgress(_M):
    """Reset at every player turn."""

    phase: Literal["diplomacy", "movement", "combat", "pillage", "done"] = "diplomacy"
    part: int = 1  # 2, 3...: the continuation after `wait`
    moved: list[str] = []  # units that completed a move this phase (14.11)
    stopped: list[str] = []  # retreated after a countermarch (16.46): no more moves
    # advanced after beating a countermarch (16.46, plan [C 16.h]): unit -> movement
    # points left for the rest of its move (a plain `move` line), and those whose move
    # is under an Expedition (29.7 "for one move"): unit -> the Expedition marker's id
    going_on: dict[str, int] = {}
    going_on_expedition: dict[str, str] = {}
    need_fm: list[str] = []  # dropped off (14.13) or debarked (18.53)
    attacked: list[str] = []  # units that attacked this combat phase (16.22)
    attacks: list[list[str]] = []  # [source, target] pairs used without forced march (15.26)
    countermarched: list[list[str]] = []  # [force key, square] (16.44)
    pillaged: list[str] = []  # squares pillaged this turn (26.12)
    fired: list[str] = []  # standing lines of other seats fired this player turn
    minor_used: list[str] = []  # Minor Power Alliance actions (4.75)


class SYWState(_M):
    scenario: str = ""
    options: list[str] = []
    seats: list[str] = []  # clockwise (plan section 1)
    turn: int = 0  # 1..7; the year is 1755 + turn
    last_turn: int = 7  # 28.1
    stage: Literal["setup", "choose", "place", "start", "treasury", "turn", "end", "over"] = "setup"
    order: list[str] = []  # this turn's initiative order (6.1)
    acting: int = 0  # index in `order` during "turn"
    progress: TurnProgress = TurnProgress()
    control: dict[str, str | None] = {}  # power -> seat, None = neutral (4.1, 4.11)
    players: dict[str, Player] = {}
    pool: list[str] = []  # marker ids in the pool, sorted; hidden (8.1)
    leaders: dict[str, Leader] = {}
    units: dict[str, Unit] = {}
    disbanded: list[str] = []  # unit ids disbanded this turn (11.5)
    pillaged: list[str] = []  # squares with a pillage marker (26)
    enlightened: list[str] = []  # squares with an enlightenment marker (27)
    # 3.1(6): this game turn's `enlighten` lines from the player-turn envelopes
    # ({seat, square, value, line, text}), carried out in the Enlightenment Phase
    enlighten_orders: list[dict] = []
    wild: dict[str, list[str]] = {}  # set-up: seat -> wild-minor pieces to place (28.6)
    setup_fallback: str = ""  # set-up: the seat setting up blocks 28.6 names nobody for ([C 28.e])
    spent: list[dict] = []  # standing lines spent ({seat, key})
    result: dict = {}  # 22: ratios, levels, winners
    # --- negotiation (negotiation.py, 7YWW 21)
    pacts: list[dict] = []  # 21.2 pacts in force: {seats, kind, target, until}
    deals: list[dict] = []  # 21.1 deals carried out: {seats, terms, turn}

    # ------------------------------------------------------------- queries

    def powers_of(self, seat: str) -> list[str]:
        """4.1: the major powers a seat controls, in code order."""
        return sorted(p for p, s in self.control.items() if s == seat)

    def seat_of(self, power: str) -> str | None:
        """The seat controlling a major power (None: neutral, 4.11); minors: None."""
        return self.control.get(power)

    def unit_seat(self, u: Unit) -> str | None:
        return None if u.owner == MINOR else self.control.get(u.owner)

    def units_in(self, square: str) -> list[Unit]:
        return sorted((u for u in self.units.values() if u.square == square), key=lambda u: u.id)

    def units_of(self, seat: str) -> list[Unit]:
        mine = set(self.powers_of(seat))
        return sorted((u for u in self.units.values() if u.owner in mine), key=lambda u: u.id)

    def occupier(self, square: str) -> str | None:
        """5.0: the seat whose units are in the square (12.11: at most one)."""
        for u in self.units_in(square):
            seat = self.unit_seat(u)
            if seat is not None:
                return seat
        return None

    def acting_seat(self) -> str | None:
        if self.stage != "turn" or not self.order:
            return None
        return self.order[self.acting]

    def hand_size(self, seat: str) -> int:
        return len(self.players[seat].hand)

    def next_unit_id(self, owner: str, type_: str, home: str = "") -> str:
        prefix = f"{home if owner == MINOR else owner}-{LETTER[type_]}"
        n = 1
        while f"{prefix}{n}" in self.units:
            n += 1
        return f"{prefix}{n}"


def seat_names(n: int) -> list[str]:
    """Plan [C 1.a]: the seats are coalitions, "Coalition 1" ... "Coalition n"."""
    return [f"Coalition {i}" for i in range(1, n + 1)]
