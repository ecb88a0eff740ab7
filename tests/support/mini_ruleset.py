"""Skirmish: a minimal ruleset for the core's tests and the pre-game demo. Not a shipped game.

Each turn: a simultaneous muster phase (every power buys troops), initiative by 2d6
(ties rerolled), then one attack phase per power in initiative order. A power that
is attacked may have a standing order to play its secret card there. Set-up deals
each power one card from the hidden stream. The game ends after the last turn;
the power holding the most area value wins.

Orders (one per line, '#' starts a comment):
  muster N [in AREA]      (muster phase; N gold -> N troops in AREA, default home)
  attack FROM TO N        (own attack phase; N troops from FROM into adjacent TO)
  hold                    (own attack phase; do nothing)
  ambush AREA             (standing: play the card when AREA is attacked)
Defaults: muster 0; hold; no ambush.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import STANDING, OrderLine, Parsed, Problem, Ruleset, Step, parse_good_lines
from pbem.suggest import closest

ADJ = {
    "North": ["East", "West", "Centre"],
    "East": ["North", "South", "Centre"],
    "South": ["East", "West", "Centre"],
    "West": ["North", "South", "Centre"],
    "Centre": ["North", "East", "South", "West"],
}
VALUE = {"North": 2, "East": 2, "South": 2, "West": 2, "Centre": 3}
SCENARIOS = {
    "duel": ("Red and Blue, three turns", ["Red", "Blue"], 3),
    "melee": ("Red, Blue and Green, two turns", ["Red", "Blue", "Green"], 2),
}
HOME = {"Red": "North", "Blue": "South", "Green": "East"}
CARDS = ["Ambush", "Ambush", "Rumour", "Rumour", "Ambush"]


class MiniState(BaseModel):
    scenario: str = ""
    powers: list[str] = []
    max_turns: int = 0
    turn: int = 0
    stage: str = "setup"  # muster | attack | over
    order: list[str] = []
    acting: int = 0
    gold: dict[str, int] = {}
    owner: dict[str, str | None] = {}
    troops: dict[str, int] = {}
    cards: dict[str, list[str]] = {}


@event
class SetUp(Event):
    type: Literal["mini.setup"] = "mini.setup"
    scenario: str
    powers: list[str]
    max_turns: int
    gold: dict[str, int]
    owner: dict[str, str | None]
    troops: dict[str, int]


@event
class CardDealt(Event):
    type: Literal["mini.card_dealt"] = "mini.card_dealt"
    power: str
    card: str


@event
class Mustered(Event):
    type: Literal["mini.mustered"] = "mini.mustered"
    power: str
    area: str
    count: int


@event
class Initiative(Event):
    type: Literal["mini.initiative"] = "mini.initiative"
    order: list[str]


@event
class Battle(Event):
    type: Literal["mini.battle"] = "mini.battle"
    attacker: str
    frm: str
    to: str
    count: int
    defender: str | None
    attacker_losses: int
    defender_losses: int
    captured: bool
    ambush: bool = False


@event
class Held(Event):
    type: Literal["mini.held"] = "mini.held"
    power: str


@event
class TurnEnded(Event):
    type: Literal["mini.turn_ended"] = "mini.turn_ended"
    turn: int


class MiniRuleset(Ruleset):
    name = "mini"
    title = "Skirmish (core test ruleset)"
    events: ClassVar = [SetUp, CardDealt, Mustered, Initiative, Battle, Held, TurnEnded]

    def scenarios(self) -> dict[str, str]:
        return {k: v[0] for k, v in SCENARIOS.items()}

    def options(self) -> dict[str, str]:
        return {"rich": "each power starts with 6 gold instead of 3"}

    def powers(self, scenario: str, options: dict[str, Any]) -> list[str]:
        return list(SCENARIOS[scenario][1])

    def new_state(self, scenario: str, options: dict[str, Any]) -> MiniState:
        return MiniState()

    def load_state(self, data: Any) -> MiniState:
        return MiniState.model_validate(data)

    def setup(self, ctx: Resolution, scenario: str, options: dict[str, Any]) -> None:
        _, powers, turns = SCENARIOS[scenario]
        gold = 6 if options.get("rich") else 3
        owner: dict[str, str | None] = {a: None for a in ADJ}
        troops = dict.fromkeys(ADJ, 0)
        for p in powers:
            owner[HOME[p]] = p
            troops[HOME[p]] = 2
        ctx.emit(
            SetUp(
                scenario=scenario,
                powers=powers,
                max_turns=turns,
                gold=dict.fromkeys(powers, gold),
                owner=owner,
                troops=troops,
            )
        )
        deck = ctx.shuffle("deal the cards", CARDS)
        for p, card in zip(powers, deck, strict=False):
            ctx.emit(CardDealt(power=p, card=card))

    def step(self, s: MiniState) -> Step | None:
        if s.stage in ("over", "setup"):
            return None
        if s.stage == "muster":
            return Step(
                f"t{s.turn}-muster", f"Turn {s.turn}: muster", tuple(s.powers), turn=str(s.turn)
            )
        p = s.order[s.acting]
        return Step(f"t{s.turn}-attack-{p}", f"Turn {s.turn}: {p} attacks", (p,), turn=str(s.turn))

    def parse(self, s: MiniState, power: str, phase: str, lines: list[OrderLine]) -> Parsed:
        # the lines that read become orders and are checked too (every problem at once)
        return parse_good_lines(lambda ls: self._read(power, phase, ls), lines)

    def _read(self, power: str, phase: str, lines: list[OrderLine]) -> Parsed:
        orders: list[tuple] = []
        problems: list[Problem] = []
        kind = (
            "standing"
            if phase == STANDING
            else ("muster" if phase.endswith("muster") else "attack")
        )
        allowed = {"muster": ["muster"], "attack": ["attack", "hold"], "standing": ["ambush"]}[kind]

        def area(word: str, n: int) -> str | None:
            hit = closest(word, ADJ, cutoff=0.0)
            if word.title() in ADJ:
                return word.title()
            problems.append(Problem(f"no area {word!r}", n, hit))
            return None

        def number(word: str, n: int) -> int | None:
            if word.isdigit():
                return int(word)
            problems.append(Problem(f"{word!r} is not a number", n))
            return None

        for ol in lines:
            text = ol.text.split("#", 1)[0].strip()
            if not text:
                continue
            words = text.split()
            verb = words[0].lower()
            if verb not in allowed:
                problems.append(
                    Problem(
                        f"{verb!r} is not an order of this phase ({', '.join(allowed)})",
                        ol.line,
                        closest(verb, allowed),
                    )
                )
                continue
            if verb == "muster":
                if len(words) not in (2, 4) or (len(words) == 4 and words[2].lower() != "in"):
                    problems.append(Problem("write: muster N [in AREA]", ol.line))
                    continue
                n = number(words[1], ol.line)
                a = area(words[3], ol.line) if len(words) == 4 else HOME[power]
                if n is not None and a:
                    orders.append(("muster", n, a, ol.line))
            elif verb == "attack":
                if len(words) != 4:
                    problems.append(Problem("write: attack FROM TO N", ol.line))
                    continue
                f, t, n = (
                    area(words[1], ol.line),
                    area(words[2], ol.line),
                    number(words[3], ol.line),
                )
                if f and t and n is not None:
                    orders.append(("attack", f, t, n, ol.line))
            elif verb == "hold":
                orders.append(("hold", ol.line))
            else:
                if len(words) != 2:
                    problems.append(Problem("write: ambush AREA", ol.line))
                    continue
                a = area(words[1], ol.line)
                if a:
                    orders.append(("ambush", a, ol.line))
        return Parsed(orders, problems)

    def validate(self, s: MiniState, power: str, phase: str, orders: Any) -> list[Problem]:
        problems = []
        gold = s.gold.get(power, 0)
        for o in orders:
            if o[0] == "muster":
                _, n, a, line = o
                gold -= n
                if gold < 0:
                    problems.append(Problem(f"not enough gold: {power} has {s.gold[power]}", line))
                if s.owner.get(a) != power:
                    problems.append(Problem(f"{power} does not control {a}", line))
            elif o[0] == "attack":
                _, f, t, n, line = o
                if s.owner.get(f) != power:
                    problems.append(Problem(f"{power} does not control {f}", line))
                elif t not in ADJ[f]:
                    problems.append(Problem(f"{t} is not next to {f}", line, closest(t, ADJ[f])))
                elif not 1 <= n <= s.troops[f]:
                    problems.append(Problem(f"{f} has {s.troops[f]} troops, not {n}", line))
        if sum(1 for o in orders if o[0] in ("attack", "hold")) > 1:
            problems.append(Problem("one attack (or hold) per phase", orders[1][-1]))
        return problems

    def default_orders(self, s: MiniState, power: str, phase: str) -> Any:
        return []

    def resolve(self, ctx: Resolution, step: Step, orders: dict, standing: dict) -> None:
        s: MiniState = ctx.state
        if s.stage == "muster":
            for p in s.powers:
                for o in orders.get(p, []):
                    _, n, a, _line = o
                    if n and ctx.state.gold[p] >= n:
                        ctx.emit(Mustered(power=p, area=a, count=n))
            ctx.emit(Initiative(order=self._initiative(ctx, s.powers)))
            return
        p = s.order[s.acting]
        attack = next((o for o in orders.get(p, []) if o[0] == "attack"), None)
        if (
            attack is None
            or ctx.state.owner.get(attack[1]) != p
            or ctx.state.troops[attack[1]] < attack[3]
        ):
            ctx.emit(Held(power=p))
        else:
            self._battle(ctx, p, attack[1], attack[2], attack[3], standing)
        if ctx.state.stage == "end":
            ctx.emit(TurnEnded(turn=ctx.state.turn))

    def _initiative(self, ctx: Resolution, powers: list[str]) -> list[str]:
        rolls = {p: sum(ctx.roll(f"initiative {p}", 2)) for p in powers}
        tied = [p for p in powers if list(rolls.values()).count(rolls[p]) > 1]
        while tied:
            for p in tied:
                rolls[p] = sum(ctx.roll(f"initiative {p} (reroll)", 2)) + 100 * rolls[p]
            tied = [p for p in tied if list(rolls.values()).count(rolls[p]) > 1]
        return sorted(powers, key=lambda p: -rolls[p])

    def _battle(self, ctx, p, frm, to, n, standing) -> None:
        s: MiniState = ctx.state
        defender = s.owner.get(to)
        d = s.troops[to] if defender else 0
        ambush = bool(
            defender
            and defender != p
            and "Ambush" in s.cards.get(defender, [])
            and any(o[0] == "ambush" and o[1] == to for o in standing.get(defender, []))
        )
        att_hits = def_hits = 0
        if defender and defender != p and d:
            att_hits = sum(1 for v in ctx.roll(f"{to}: {p} attacks", min(n, 3)) if v >= 5)
            dd = min(d, 3) + (2 if ambush else 0)
            def_hits = sum(1 for v in ctx.roll(f"{to}: {defender} defends", dd) if v >= 5)
        att_losses = min(def_hits, n)
        def_losses = min(att_hits, d)
        captured = defender != p and d - def_losses == 0 and n - att_losses > 0
        ctx.emit(
            Battle(
                attacker=p,
                frm=frm,
                to=to,
                count=n,
                defender=defender if defender != p else None,
                attacker_losses=att_losses,
                defender_losses=def_losses,
                captured=captured,
                ambush=ambush,
            )
        )

    def apply(self, s: MiniState, e: Event) -> MiniState:
        if isinstance(e, SetUp):
            s = MiniState(
                scenario=e.scenario,
                powers=e.powers,
                max_turns=e.max_turns,
                turn=1,
                stage="muster",
                gold=dict(e.gold),
                owner=dict(e.owner),
                troops=dict(e.troops),
                cards={p: [] for p in e.powers},
            )
        elif isinstance(e, CardDealt):
            s.cards[e.power].append(e.card)
        elif isinstance(e, Mustered):
            s.gold[e.power] -= e.count
            s.troops[e.area] += e.count
        elif isinstance(e, Initiative):
            s.order = list(e.order)
            s.stage = "attack"
            s.acting = 0
        elif isinstance(e, Battle):
            if e.ambush:
                s.cards[e.defender].remove("Ambush")
            s.troops[e.frm] -= e.count
            left = e.count - e.attacker_losses
            if e.defender is None:
                s.troops[e.to] += left
                s.owner[e.to] = e.attacker
            elif e.captured:
                s.troops[e.to] = left
                s.owner[e.to] = e.attacker
            else:
                s.troops[e.to] -= e.defender_losses
                s.troops[e.frm] += left
            self._next(s)
        elif isinstance(e, Held):
            self._next(s)
        elif isinstance(e, TurnEnded):
            if e.turn >= s.max_turns:
                s.stage = "over"
            else:
                s.turn += 1
                s.stage = "muster"
                for p in s.powers:
                    s.gold[p] += sum(VALUE[a] for a, o in s.owner.items() if o == p) // 2
        return s

    def _next(self, s: MiniState) -> None:
        s.acting += 1
        if s.acting >= len(s.order):
            s.acting = 0
            s.stage = "end"

    def view(self, s: MiniState, power: str | None) -> dict[str, Any]:
        d = s.model_dump(mode="json")
        if power is not None:
            d["cards"] = {p: (c if p == power else len(c)) for p, c in s.cards.items()}
        return d

    def visible(self, s: MiniState, e: Event, power: str) -> bool:
        return not isinstance(e, CardDealt) or e.power == power

    def score(self, s: MiniState) -> dict[str, int]:
        return {p: sum(VALUE[a] for a, o in s.owner.items() if o == p) for p in s.powers}

    def describe(self, s: MiniState) -> str:
        held = ", ".join(f"{a}: {s.owner[a] or '-'} {s.troops[a]}" for a in ADJ)
        return f"turn {s.turn}/{s.max_turns}, {held}"

    def outcome(self, s: MiniState) -> str:
        sc = self.score(s)
        best = max(sc.values())
        winners = [p for p, v in sc.items() if v == best]
        return ("winner: " if len(winners) == 1 else "shared: ") + ", ".join(winners) + f" {sc}"

    def demo_orders(self, s: MiniState, power: str, step: Step) -> list[str]:
        if step.phase.endswith("muster"):
            # into home while it is held, else into any area still held (a lost home
            # would reject the order: the demo's dice are new at every run)
            held = [a for a, o in s.owner.items() if o == power]
            if not held:
                return ["# nothing left to muster into"]
            where = HOME[power] if HOME[power] in held else held[0]
            return [f"muster {s.gold[power]} in {where}"]
        mine = [a for a, o in s.owner.items() if o == power and s.troops[a] > 1]
        for a in mine:
            for t in ADJ[a]:
                if s.owner[t] != power:
                    return [f"attack {a} {t} {s.troops[a] - 1}"]
        return ["hold"]
