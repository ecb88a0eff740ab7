"""One sentence per Struggle of Empires result event, for the turn reports."""

from __future__ import annotations

from pbem.sentence_table import SentenceTable

from . import events as E
from .content import load_content
from .report import units_text
from .state import SoEState

TABLE = SentenceTable()
SENTENCES = TABLE.fns  # every event type that has its sentence
says = TABLE.says
describe = TABLE.describe


def _signed(n: int, what: str) -> str:
    return f"{'+' if n > 0 else ''}{n} {what}"


def _an(word: str) -> str:
    return "an" if word[:1].casefold() in "aeiou" else "a"


def _mods(mods: dict[str, int]) -> str:
    return "".join(f" +{v} {k}" for k, v in sorted(mods.items()))


@says(E.GameSetUp)
def _(e: E.GameSetUp) -> str:
    return (
        f"The game is set up for {len(e.seats)} players ({', '.join(e.seats)}); "
        f"{e.first} is the first player; {e.wars} wars of {e.rounds} rounds; "
        f"each power has {e.gold} gold and {e.population} Population."
    )


@says(E.CountersPlaced)
def _(e: E.CountersPlaced) -> str:
    where = ", ".join(f"{c} in {a}" for c, a in zip(e.counters, e.areas, strict=False))
    return f"Country counters placed face up: {where or 'none'}."


@says(E.CountersDrawn)
def _(e: E.CountersDrawn) -> str:
    return f"{e.power} draws {', '.join(e.counters)}: a control token in {', '.join(e.areas)}."


@says(E.UnitsPlaced)
def _(e: E.UnitsPlaced) -> str:
    return f"{e.power} places " + ", ".join(f"{_an(t)} {t} in {a}" for t, a in e.units) + "."


@says(E.StageSet)
def _(e: E.StageSet) -> str:
    return ""  # the report's heading says where the war stands


@says(E.AuctionOpened)
def _(e: E.AuctionOpened) -> str:
    return f"Alliance auction {e.number} opens; bidding order {', '.join(e.order)}."


@says(E.BidMade)
def _(e: E.BidMade) -> str:
    how = " (his standing orders decided)" if e.proxy else ""
    return f"{e.power} bids {e.amount} gold{how}, proposing A = {e.a or '-'}, B = {e.b or '-'}."


@says(E.BidPassed)
def _(e: E.BidPassed) -> str:
    how = (
        " (no orders: the default)"
        if e.default
        else " (his standing orders decided)"
        if e.proxy
        else ""
    )
    return f"{e.power} passes{how}."


@says(E.AuctionWon)
def _(e: E.AuctionWon) -> str:
    placed = []
    if e.a:
        placed.append(f"{e.a} to box {e.a_box}")
    if e.b:
        placed.append(f"{e.b} to box {e.b_box}")
    return f"{e.power} wins the auction for {e.amount} gold: {', '.join(placed)}."


@says(E.GoldChanged)
def _(e: E.GoldChanged) -> str:
    return f"{e.power}: {_signed(e.delta, 'gold')} ({e.why})."


@says(E.GoldGiven)
def _(e: E.GoldGiven) -> str:
    return f"{e.power} gives {e.gold} gold to {e.to} (no deal is binding: SoE Attack)."


@says(E.GoldBorrowed)
def _(e: E.GoldBorrowed) -> str:
    return f"{e.power} takes {e.gold} gold from the bank for {e.unrest} Unrest."


@says(E.UnrestChanged)
def _(e: E.UnrestChanged) -> str:
    return f"{e.power}: {_signed(e.delta, 'Unrest')} ({e.why})."


@says(E.PopulationChanged)
def _(e: E.PopulationChanged) -> str:
    return f"{e.power}: {_signed(e.delta, 'Population')} ({e.why})."


@says(E.VictoryPoints)
def _(e: E.VictoryPoints) -> str:
    return f"{e.power}: {_signed(e.delta, 'VP')} ({e.why})."


@says(E.UnitsChanged)
def _(e: E.UnitsChanged) -> str:
    what = units_text({e.unit: abs(e.delta)})
    verb = "gains" if e.delta > 0 else "loses"
    return f"{e.power} {verb} {what} in {e.area} ({e.why})."


@says(E.UnitMoved)
def _(e: E.UnitMoved) -> str:
    end = {
        "arrived": "",
        "returned": ": the sea turns it back",
        "eliminated": ": lost at sea",
    }[e.outcome]
    return f"{e.power}'s {e.unit} moves from {e.frm} to {e.to}{end}."


@says(E.ControlChanged)
def _(e: E.ControlChanged) -> str:
    if e.to and e.frm:
        return f"{e.area}: {e.to} takes a control token from {e.frm} ({e.why})."
    if e.to:
        return f"{e.area}: {e.to} places a control token ({e.why})."
    return f"{e.area}: {e.frm} loses a control token ({e.why})."


@says(E.TileTaken)
def _(e: E.TileTaken) -> str:
    return f"{e.power} takes the {e.tile} tile" + (" (a free action)." if e.free else ".")


@says(E.TileUsed)
def _(e: E.TileUsed) -> str:
    return f"{e.power} uses {e.tile}" + (f": {e.detail}." if e.detail else ".")


@says(E.TileReturned)
def _(e: E.TileReturned) -> str:
    return f"{e.power}'s {e.tile} tile leaves play ({e.why})."


@says(E.BlockadePlaced)
def _(e: E.BlockadePlaced) -> str:
    return f"{e.power} places a Blockade in {e.area} (SoE Blockade)."


@says(E.BlockadeLifted)
def _(e: E.BlockadeLifted) -> str:
    return f"{e.power}'s Blockade in {e.area} is lifted ({e.why})."


@says(E.AttackDeclared)
def _(e: E.AttackDeclared) -> str:
    target = e.raid or e.defender or f"the neutral {e.counter}"
    how = [f"{e.cost} gold"] if e.cost else []
    if e.war_office:
        how.append("War Office")
    if e.surprise:
        how.append("Surprise Attack")
    return f"{e.attacker} attacks {target} in {e.area}" + (f" ({', '.join(how)})." if how else ".")


@says(E.AllyJoined)
def _(e: E.AllyJoined) -> str:
    units = units_text({"army": e.armies, "navy": e.navies}) or "no units"
    return f"{e.ally} joins the {e.side} with {units}."


@says(E.CombatFought)
def _(e: E.CombatFought) -> str:
    again = f" (dice rolled again by {', '.join(e.rerolled_by)})" if e.rerolled_by else ""
    won = {"attacker": f"{e.attacker} wins", "defender": f"{e.defender} wins", "tie": "a tie"}
    return (
        f"{e.area}, {e.battle} combat: {e.attacker} {e.attack_units}{_mods(e.attack_mods)} "
        f"+ dice {e.attack_dice[0]}-{e.attack_dice[1]} = {e.attack_total} against "
        f"{e.defender} {e.defence_units}{_mods(e.defence_mods)} + dice "
        f"{e.defence_dice[0]}-{e.defence_dice[1]} = {e.defence_total}: {won[e.winner]}{again}"
        f"{_sevens(e)}."
    )


def _sevens(e: E.CombatFought) -> str:
    """SoE Attack: a side whose two dice make a natural 7 loses one more unit (a
    neutral Country counter or a Pirates tile loses none)."""
    out = []
    if sum(e.attack_dice) == 7:
        out.append(e.attacker)
    if sum(e.defence_dice) == 7 and e.defender in load_content().game.powers:
        out.append(e.defender)
    return "".join(f"; {p} rolled a natural 7: one more unit lost" for p in out)


def describe_in(e, state: SoEState | None = None) -> str | None:
    """The event's sentence, with what only the state just before it tells."""
    said = describe(e)
    if said and isinstance(e, E.NavalSupport) and state is not None and state.stage == "actions":
        attacker = state.order[state.acting] if state.order else ""
        if attacker and not state.count(e.area, attacker, "army"):
            said += (
                f" No land combat is fought ({attacker} has no army in {e.area}): "
                "the control tokens there stay."
            )
    return said


@says(E.NavalSupport)
def _(e: E.NavalSupport) -> str:
    who = f"{e.to} has naval support" if e.to else "nobody has naval support"
    return f"{e.area}: {who} ({e.why})."


@says(E.ActionSkipped)
def _(e: E.ActionSkipped) -> str:
    where = f"line {e.line}: " if e.line else ""
    return f"{e.power}, {where}{e.why}."


@says(E.RaidPlaced)
def _(e: E.RaidPlaced) -> str:
    return f"{e.area}: the {e.tile} take {e.token}'s control token and stay there."


@says(E.RaidDefeated)
def _(e: E.RaidDefeated) -> str:
    return f"{e.area}: {e.by} beats the {e.tile} and claims the {e.token} token."


@says(E.NoTokenLeft)
def _(e: E.NoTokenLeft) -> str:
    return f"{e.area}: {e.power} has no control token left to place ({e.why})."


@says(E.RoundEnded)
def _(e: E.RoundEnded) -> str:
    return f"War {e.war}, round {e.round} ends."


@says(E.WarEnded)
def _(e: E.WarEnded) -> str:
    return f"War {e.war} ends; {e.last_mover} moved last and starts the next auctions."


@says(E.GameEnded)
def _(e: E.GameEnded) -> str:
    unrest = ", ".join(f"{p} {n}" for p, n in sorted(e.unrest.items()))
    parts = [f"The game ends. Unrest revealed: {unrest}."]
    if e.revolution:
        parts.append(f"Revolution (20 Unrest or more): {', '.join(e.revolution)}.")
    pen = ", ".join(f"{p} -{n}" for p, n in sorted(e.penalties.items()) if n)
    if pen:
        parts.append(f"Unrest penalties: {pen}.")
    parts.append(f"Winner: {', '.join(e.winners)}.")
    return " ".join(parts)
