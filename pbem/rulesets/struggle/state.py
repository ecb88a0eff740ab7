"""The state of a Struggle of Empires game: the map (units, control tokens, Country
counters), each power's gold, Population, victory points, unrest and tiles, the
Alliance display, and where the war stands. Pure data."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, field_validator

UNIT_TYPES = ("army", "navy", "fort")
# SoE 2. Alliances: boxes 1, 3, 5, 7 on the top row, 2, 4, 6 on the bottom (authored:
# the display is printed; seven boxes hold seven players, the top row moving first)
DISPLAY_BOXES = 7


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Power(_M):
    gold: int = 0
    population: int = 0
    vp: int = 0
    unrest: int = 0  # hidden from the others (SoE Unrest: "kept face down")
    tiles: list[str] = []  # held, sorted; a name once per copy
    used: list[str] = []  # tiles used this war (rotated, SoE Buy One Tile)
    spent: list[str] = []  # one-use tiles used this round: not taken again in it


class Auction(_M):
    number: int  # 1, 2, ... within the war
    order: list[str]  # bidding order, the starter first
    turn: int = 0  # index in `order` of the power to bid next
    bid: int | None = None
    bidder: str | None = None
    a: str | None = None  # the token in Proposal Box A
    b: str | None = None
    passes: int = 0  # passes in succession since the last bid
    bids: int = 0  # bids and passes so far (names the steps)


class Pirate(_M):
    """A Pirates or Slave Revolt tile left in an area with the token it took."""

    tile: str
    token: str  # the power whose control token is on the tile
    strength: int


class SoEState(_M):
    scenario: str = ""
    seats: list[str] = []  # the powers in play, clockwise
    first: str = ""  # the first player (SoE Setting Up)
    war: int = 1
    wars: int = 3
    rounds: int = 6
    stage: str = "setup"  # setup | place | auction | actions | over
    round: int = 0
    acting: int = 0  # index in `order` of the power whose turn it is
    order: list[str] = []  # play order: the Alliance display, box 1 first
    display: list[str | None] = []  # Alliance display boxes 1..n (odd: top row, even: bottom)
    auction: Auction | None = None
    auctions: int = 0  # auctions opened this war
    auction_starter: int = 0  # index in seats of the next auction's starter
    last_mover: str = ""  # who moved last in the last war (SoE 2. Alliances)
    powers: dict[str, Power] = {}
    # area -> power -> {"army": n, "navy": n, "fort": n}
    units: dict[str, dict[str, dict[str, int]]] = {}
    control: dict[str, dict[str, int]] = {}  # area -> power -> control tokens
    counters: dict[str, list[str]] = {}  # area -> Country counters face up there
    bag: list[str] = []  # Country counters not yet drawn
    boxed: list[str] = []  # Country counters out of the game
    stock: dict[str, int] = {}  # tile -> copies on display
    pirates: dict[str, list[Pirate]] = {}  # area -> Pirates / Slave Revolt tiles there
    blockades: dict[str, str] = {}  # area -> the power whose Blockade tile is there
    result: str = ""
    final: dict[str, int] = {}  # final scores after the unrest reveal

    @field_validator("display", mode="before")
    @classmethod
    def _empty_boxes(cls, v: object) -> object:
        """An empty box may be written "" (TOML has no null: rules cases)."""
        return [None if x == "" else x for x in v] if isinstance(v, list) else v

    # --- questions many rules ask ------------------------------------------------

    def count(self, area: str, power: str, type_: str) -> int:
        return self.units.get(area, {}).get(power, {}).get(type_, 0)

    def tokens(self, area: str, power: str) -> int:
        return self.control.get(area, {}).get(power, 0)

    def on_map(self, power: str, type_: str) -> int:
        return sum(by.get(power, {}).get(type_, 0) for by in self.units.values())

    def tokens_on_map(self, power: str) -> int:
        """Control tokens on the map (SoE 4: income); not those on a Pirates or Slave
        Revolt tile, which "does not count for income or VP calculation"."""
        return sum(by.get(power, 0) for by in self.control.values())

    def tokens_out(self, power: str) -> int:
        """Control tokens out of the power's supply: on the map, and on Pirates and Slave
        Revolt tiles (SoE Pirates: the token is placed on top of the tile)."""
        held = sum(p.token == power for ps in self.pirates.values() for p in ps)
        return held + self.tokens_on_map(power)

    def alliance_of(self, power: str) -> int | None:
        """0: the top row of the Alliance display, 1: the bottom row, None: not yet."""
        for i, p in enumerate(self.display):
            if p == power:
                return i % 2
        return None

    def allied(self, a: str, b: str) -> bool:
        """SoE Attack: "A player cannot attack a player in the same alliance"."""
        x, y = self.alliance_of(a), self.alliance_of(b)
        return a != b and x is not None and x == y

    def allies(self, power: str) -> list[str]:
        return [p for p in self.order if self.allied(power, p)]

    def holds(self, power: str, tile: str) -> int:
        return self.powers[power].tiles.count(tile)

    def may_use(self, power: str, tile: str) -> bool:
        """Holds a copy of the tile not yet used this war."""
        pw = self.powers[power]
        return pw.tiles.count(tile) > pw.used.count(tile)
