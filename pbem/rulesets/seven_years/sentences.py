"""One sentence per Seven Years World War result event, for the turn reports. The
reports show a seat only the events it may see (ruleset.visible, 7.0)."""

from __future__ import annotations

from pbem.reports.model import plural
from pbem.sentence_table import SentenceTable

from . import events as E
from .content import default_content

TABLE = SentenceTable()
SENTENCES = TABLE.fns  # every event type that has its sentence
says = TABLE.says
describe = TABLE.describe


def _name(code: str | None) -> str:
    if not code:
        return "nobody (neutral)"
    try:
        return default_content().power_name(code)
    except KeyError:
        return code


def _marker(mid: str) -> str:
    c = default_content()
    return c.marker(mid).label if mid in c.markers else mid


def _is_marker(mid: str) -> bool:
    """A campaign marker id (DIP3-1), not a leader's, a power's or a square's."""
    c = default_content()
    return mid in c.markers and not c.is_leader(mid)


def _units(units: list[str]) -> str:
    return ", ".join(units) or "no units"


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


@says(E.GameSetUp)
def _(e: E.GameSetUp) -> str:
    if not any(e.control.values()):  # 28.57: chosen in the next step
        return (
            f"The game is set up ({e.scenario}, {e.last_turn} game turns, free deployment): "
            f"the players {', '.join(e.seats)} choose their powers first (7YWW 28.57)."
        )
    return (
        f"The game is set up ({e.scenario}, {e.last_turn} game turns): "
        f"{_sides(e.seats, e.control, e.treasuries)}"
    )


def _sides(seats: list[str], control: dict[str, str | None], treasuries: dict[str, int]) -> str:
    """Who holds which power, the neutrals (4.3) and the starting treasuries (28.3)."""
    held = "; ".join(
        f"{seat}: {', '.join(_name(p) for p, s in sorted(control.items()) if s == seat)}"
        for seat in seats
    )
    neutral = ", ".join(_name(p) for p, s in sorted(control.items()) if s is None)
    money = ", ".join(f"{seat} {n}" for seat, n in treasuries.items())
    return f"{held}. Neutral: {neutral or 'none'}. Starting treasuries (7YWW 28.3): {money}."


@says(E.PowersChosen)
def _(e: E.PowersChosen) -> str:
    dice = ", ".join(f"{seat} {d}" for seat, d in e.rolls)
    picks = ", ".join(f"{seat} {_name(p)}" for seat, p in e.picks)
    return (
        f"Free deployment (7YWW 28.57): draft dice {dice}; draft order {', '.join(e.order)}; "
        f"picks in turn: {picks}. {_sides(e.order, e.control, e.treasuries)}"
    )


@says(E.StageSet)
def _(e: E.StageSet) -> str:
    return ""


@says(E.Initiative)
def _(e: E.Initiative) -> str:
    vals = ", ".join(f"{seat} {v}" for seat, v in e.values.items())
    ties = ""
    if e.ties:
        ties = " Tie dice: " + ", ".join(f"{seat} {d}" for seat, d in e.ties) + "."
    if e.grand_tour.get("for"):  # 29.7 Grand Tour replaces the procedure
        ties = f" Grand Tour by {e.grand_tour['by']}: {e.grand_tour['for']} takes the initiative (7YWW 29.7)."
    return (
        f"Initiative (7YWW 6.1): campaign values {vals}.{ties} "
        f"{e.order[0]} is the first player; order: {', '.join(e.order)}."
    )


@says(E.UnitsPlaced)
def _(e: E.UnitsPlaced) -> str:
    by: dict[str, list[str]] = {}
    for u in e.units:
        by.setdefault(u["square"], []).append(u["id"])
    where = "; ".join(f"{sq}: {', '.join(ids)}" for sq, ids in sorted(by.items()))
    who = e.seat or "Set-up"
    return f"{who} places {_n(len(e.units), 'unit')} ({e.why}): {where}."


@says(E.BaseLine)
def _(e: E.BaseLine) -> str:
    parts = []
    for seat, v in e.sums.items():
        total = v.get("powers", 0) + v.get("squares", 0) + v.get("routes", 0)
        parts.append(
            f"{seat} {total} (powers {v.get('powers', 0)}, squares {v.get('squares', 0)}, "
            f"trade routes {v.get('routes', 0)})"
        )
    return "Victory base line (7YWW 22.12): " + "; ".join(parts) + "."


@says(E.TurnEnded)
def _(e: E.TurnEnded) -> str:
    flipped = (
        f"; leaders face up again: {', '.join(e.leaders_flipped)}" if e.leaders_flipped else ""
    )
    return f"Game turn {e.turn} ends (7YWW 3.1(7)){flipped}."


@says(E.GameOver)
def _(e: E.GameOver) -> str:
    rows = "; ".join(
        f"{seat}: {e.final[seat]} against {e.base[seat]}, ratio {e.ratios[seat]}, {e.levels[seat]}"
        for seat in e.base
    )
    won = f"Won by {', '.join(e.winners)}." if e.winners else "No player won (7YWW 22.21)."
    return f"The game is over ({e.why}). Victory (7YWW 22.12): {rows}. {won}"


@says(E.Treasury)
def _(e: E.Treasury) -> str:
    return f"Treasury of {e.seat}: {e.delta:+d} ({e.why}), now {e.balance}."


@says(E.Income)
def _(e: E.Income) -> str:
    sq = ", ".join(f"{k} {v}" for k, v in e.squares.items()) or "none"
    rt = ", ".join(f"{k} {v}" for k, v in e.routes.items()) or "none"
    return f"Taxes of {e.seat} (7YWW 10.1): squares {sq}; trade routes {rt}; total {e.total}."


@says(E.FreeMarkers)
def _(e: E.FreeMarkers) -> str:
    got = ", ".join(f"{_name(p)} {n}" for p, n in e.powers.items()) or "none"
    out = f"Free campaign markers of {e.seat} (7YWW 8.2(2)): {got}"
    if e.withheld:
        out += "; none for " + "; ".join(f"{_name(p)} ({why})" for p, why in e.withheld.items())
    return out + "."


@says(E.MarkersDrawn)
def _(e: E.MarkersDrawn) -> str:
    return f"{e.seat} picks {_n(e.count, 'campaign marker')} ({e.why})."


@says(E.MarkersReceived)
def _(e: E.MarkersReceived) -> str:
    return f"You receive: {', '.join(_marker(m) for m in e.markers)} ({e.why})."


@says(E.MarkersReturned)
def _(e: E.MarkersReturned) -> str:
    how = " at random" if e.random else ""
    return f"You return{how}: {', '.join(_marker(m) for m in e.markers)} ({e.why})."


@says(E.MarkersLost)
def _(e: E.MarkersLost) -> str:
    return f"{e.seat} returns {_n(e.count, 'campaign marker')} to the pool ({e.why})."


@says(E.MarkerPlayed)
def _(e: E.MarkerPlayed) -> str:
    on = f" on {e.target}" if e.target else ""
    if e.target and _is_marker(e.target):  # a Sturm & Drang's target: named in words
        on = "" if e.detail else f" against {_marker(e.target)}"
    detail = f": {e.detail}" if e.detail else ""
    return f"{e.seat} plays {_marker(e.marker)}{on}{detail}."


@says(E.BalanceOfPower)
def _(e: E.BalanceOfPower) -> str:
    return (
        f"Balance of Power (picked by {e.picker}): {e.initiative_seat}, who has the "
        f"initiative, rolls {e.die} and returns that many markers at random (7YWW 29.7)."
    )


@says(E.Revolution)
def _(e: E.Revolution) -> str:
    if not e.capitals_occupied:  # the marker's play already says so (markers.revolution)
        return ""
    return (
        f"Revolution (picked by {e.picker}): capitals held by an enemy: "
        f"{', '.join(e.capitals_occupied)}; die {e.die}: {e.effect} (7YWW 29.7)."
    )


@says(E.Recruited)
def _(e: E.Recruited) -> str:
    what = ", ".join(f"{u['id']} ({u['type']}) in {u['square']}" for u in e.units)
    return f"{e.seat} recruits {what} for {e.cost} treasury points (7YWW 11)."


@says(E.Disbanded)
def _(e: E.Disbanded) -> str:
    return f"{e.seat} disbands {_units(e.units)} (7YWW 3.1(2)(e))."


@says(E.Upgraded)
def _(e: E.Upgraded) -> str:
    return f"{e.unit} is now a veteran ({e.why})."


@says(E.ControlChanged)
def _(e: E.ControlChanged) -> str:
    return (
        f"{_name(e.power)} passes from {e.frm or 'neutrality'} to {e.to or 'neutrality'} ({e.why})."
    )


@says(E.Moved)
def _(e: E.Moved) -> str:
    fm = f" by forced march ({_marker(e.forced_march)})" if e.forced_march else ""
    exp = " on an Expedition (7YWW 29.7)" if e.expedition else ""
    path = " ".join([e.start, *e.path])
    out = f"{e.seat} moves {_units(e.units)}{fm}{exp}: {path}"
    if e.dropped:
        out += "; left behind: " + ", ".join(f"{u} in {sq}" for u, sq in e.dropped.items())
    if e.carried:
        out += "; aboard: " + ", ".join(f"{u} on {f}" for u, f in e.carried.items())
    if e.landed:
        out += "; landed: " + ", ".join(f"{u} in {sq}" for u, sq in e.landed.items())
    return out + "."


@says(E.Combat)
def _(e: E.Combat) -> str:
    lead = ""
    if e.leaders:
        lead = " Leaders: " + ", ".join(f"{k} {v}" for k, v in e.leaders.items()) + "."
    hon = ""
    if e.honors_of_war:
        hon = " Honors of War played by the " + " and ".join(e.honors_of_war) + "."
    defender = f"{e.defender_seat}'s" if e.defender_seat else "the minor or neutral units'"
    return (
        f"{e.attacker_seat} attacks {e.target} from {e.source} ({e.table} table): "
        f"{_units(e.attackers)} (strength {e.strength.get('attacker', 0)}) against "
        f"{defender} {_units(e.defenders)} (strength {e.strength.get('defender', 0)}"
        f"{f', terrain +{e.terrain}' if e.terrain else ''}); odds {e.column}, die {e.die}: "
        f"{e.result} (7YWW 15).{lead}{hon}"
    )


def stays_note(s, e: E.Combat) -> str:
    """7YWW 15.81 ([C 15.j]): a beaten attacker whose own fortified zone stands in the
    square he attacked from stays there (results.retreat), whatever his line's `retreat
    to`: said after the combat, since no retreat follows. `s`: the state just before the
    combat (the phasing player's attacks only; a countermarcher's standing lines choose)."""
    c = default_content()
    rc = c.data.crt.results.get(e.result)
    if rc is None or rc.against != "attacker" or not rc.retreat or rc.eliminated == "all":
        return ""
    if s is None or getattr(s, "acting_seat", lambda: None)() != e.attacker_seat:
        return ""
    if not any(
        u.type == "fortified_zone" and s.unit_seat(u) == e.attacker_seat
        for u in s.units_in(e.source)
    ):
        return ""
    return (
        f" The attacking units left stay in {e.source}: {e.attacker_seat}'s fortified zone "
        f"is there (7YWW 15.81), so they do not retreat (a 'retreat to' is not used)."
    )


@says(E.Eliminated)
def _(e: E.Eliminated) -> str:
    return f"Eliminated: {_units(e.units)} ({e.why})."


@says(E.Retreated)
def _(e: E.Retreated) -> str:
    verb = "retreats" if len(e.units) == 1 else "retreat"
    return f"{_units(e.units)} {verb} from {e.frm} to {e.to} (7YWW 15.8)."


@says(E.Advanced)
def _(e: E.Advanced) -> str:
    return f"{_units(e.units)} advance from {e.frm} into {e.to} (7YWW 15.8)."


@says(E.LeaderPlaced)
def _(e: E.LeaderPlaced) -> str:
    return f"{e.seat} places leader {e.leader} in the box of {_name(e.power)} (7YWW 20.1)."


@says(E.LeaderFlipped)
def _(e: E.LeaderFlipped) -> str:
    return f"Leader {e.leader} is face {'up' if e.face_up else 'down'}."


@says(E.LeaderEliminated)
def _(e: E.LeaderEliminated) -> str:
    return f"Leader {e.leader} is eliminated and returns to the pool ({e.why}; 7YWW 20.61)."


@says(E.Provisioning)
def _(e: E.Provisioning) -> str:
    paid = sum(len(v.get("paid", [])) for v in e.squares.values())
    fed = sum(len(v.get("fed", [])) for v in e.squares.values())
    out = f"Provisioning of {e.seat} (7YWW 19): "
    if fed:
        out += f"{_n(fed, 'unit')} fed by forage, "
    out += f"{_n(paid, 'unit')} paid for, {e.total} treasury points"
    where = [
        f"{sq} (forage {v.get('forage', 0)}): {', '.join(v['paid'])}"
        for sq, v in sorted(e.squares.items())
        if v.get("paid")
    ]
    if where:
        out += " (paid: " + "; ".join(where) + ")"
    if e.eliminated:
        out += f"; not provisioned and removed: {_units(e.eliminated)}"
    return out + "."


@says(E.OrderSkipped)
def _(e: E.OrderSkipped) -> str:
    where = f"line {e.line}: " if e.line else ""
    return f"Not carried out: {where}{e.text!r}: {e.reason}."


@says(E.StandingFired)
def _(e: E.StandingFired) -> str:
    return f"Your standing order {e.text!r}: {e.what}."


@says(E.WildMinorRolled)
def _(e: E.WildMinorRolled) -> str:
    what = ", ".join(e.pieces) or "nothing"
    note = f" ({e.note})" if e.note else ""
    return f"{e.seat} rolls {e.die} on the random minor power table (7YWW 28.6): {e.result}; to place: {what}{note}."


@says(E.SetupFallback)
def _(e: E.SetupFallback) -> str:
    values = ", ".join(f"{seat} {v}" for seat, v in e.values.items())
    return (
        f"{e.seat} sets up {', '.join(_name(x) for x in e.sides)}: 7YWW 28.6 names no player "
        f"for them; the player whose powers' campaign values total least ({values}) does "
        "(as 4.42 for an invaded neutral)."
    )


@says(E.Trained)
def _(e: E.Trained) -> str:
    return (
        f"{e.seat} trains {_units(e.units)} in {e.square} with leader {e.leader} "
        f"for {e.cost} treasury points (7YWW 17.1)."
    )


@says(E.TurnPhase)
def _(e: E.TurnPhase) -> str:
    return ""


@says(E.NeutralityViolated)
def _(e: E.NeutralityViolated) -> str:
    vals = ", ".join(f"{k} {v}" for k, v in e.values.items())
    among = f" (campaign values {vals})" if vals else ""
    return (
        f"{e.by} violates the neutrality of {_name(e.power)} ({e.how}): it enters the war "
        f"under {e.to}{among} (7YWW 4.413, 4.42)."
    )


# --- diplomacy (7YWW 9, 29.1, 4.5-4.6, 7.1-7.2)


@says(E.DiplomacyAttempt)
def _(e: E.DiplomacyAttempt) -> str:
    att = " + ".join(str(v) for v in e.attack)
    dfn = "; ".join(f"{seat} {' + '.join(str(v) for v in vs)}" for seat, vs in e.defence.items())
    opt = f"; carried out: {e.option}" if e.option else ""
    return (
        f"{e.seat} attempts diplomacy on {_name(e.power)} with {att} against "
        f"{dfn or 'no defence'}: differential {e.differential}, column {e.column}, "
        f"die {e.die}: {e.result} (7YWW 9.1, 29.1){opt}."
    )


@says(E.Espionage)
def _(e: E.Espionage) -> str:
    if e.what == "treasury":
        return f"Espionage (7YWW 7.1): {e.target} has {e.treasury} treasury points."
    held = ", ".join(_marker(m) for m in e.markers) or "no campaign markers"
    return f"Espionage (7YWW 7.1): {e.target} holds {held}."


@says(E.EspionageMade)
def _(e: E.EspionageMade) -> str:
    return f"{e.seat} examines {e.target}'s {e.what} (espionage, 7YWW 29.1)."


@says(E.Coup)
def _(e: E.Coup) -> str:
    die = f", die {e.die}" if e.what == "leader" else ""
    return f"Coup by {e.seat} against {e.target}{die}: {e.effect} (7YWW 29.1)."


@says(E.Reaction)
def _(e: E.Reaction) -> str:
    picks = ", ".join(f"{seat} {how}" for seat, how in e.choices.items()) or "nobody"
    return f"Reaction {e.result} (7YWW 29.1): {e.count} each, taken as {picks}."


@says(E.Displaced)
def _(e: E.Displaced) -> str:
    where = ", ".join(f"{u} to {sq}" for u, sq in e.units.items())
    return f"{_name(e.power)} is neutral: {where} ({e.why}, 4.511; not movement)."


@says(E.Revealed)
def _(e: E.Revealed) -> str:
    parts = []
    if e.treasury is not None:
        parts.append(f"{e.treasury} treasury points")
    if e.markers is not None:
        parts.append(", ".join(_marker(m) for m in e.markers) or "no campaign markers")
    return f"{e.seat} reveals to {', '.join(e.to)}: {'; '.join(parts)} (7YWW 7.2)."


# --- marker windows (windows.py, playmarkers.py: 29.7)


@says(E.MarkerNegated)
def _(e: E.MarkerNegated) -> str:
    return (
        f"{e.by}'s Sturm & Drang negates {e.negated_seat}'s {_marker(e.negated)}: it returns "
        "to the pool without going into effect (7YWW 29.7)."
    )


@says(E.Rerolled)
def _(e: E.Rerolled) -> str:
    before = ", ".join(map(str, e.before))
    after = ", ".join(map(str, e.after))
    return f"{e.seat} plays Illuminati on the roll {e.label!r}: {before} is rolled again: {after} (7YWW 29.7)."


@says(E.Attrition)
def _(e: E.Attrition) -> str:
    rolls = ", ".join(f"{u} {d}" for u, d in e.rolls.items()) or "no unit affected"
    lost = _units(e.eliminated) if e.eliminated else "none"
    return f"Attrition by {e.seat} on {e.square} (7YWW 29.7): {rolls}; eliminated: {lost}."


@says(E.Voltaire)
def _(e: E.Voltaire) -> str:
    return f"{e.seat} takes {_marker(e.took)} from the pool by Correspondence with Voltaire (7YWW 29.7)."


@says(E.MarkerBack)
def _(e: E.MarkerBack) -> str:
    why = f" ({e.why})" if e.why else ""
    return f"{e.seat}'s {_marker(e.marker)} returns to the pool{why}."


# --- naval (7YWW 18.5)


@says(E.Embarked)
def _(e: E.Embarked) -> str:
    how = f"debarks from {e.fleet}" if e.debark else f"embarks on {e.fleet}"
    cost = f", {plural(e.cost, 'movement point')}" if e.cost else ""
    return f"{e.seat}: {e.unit} {how} in {e.square}{cost} (7YWW 18.5)."


# --- minor powers and negotiation (minor_recruit.py, minors.py, negotiation.py)


@says(E.MinorRecruit)
def _(e: E.MinorRecruit) -> str:
    placed = ", ".join(f"{u['id']} in {u['square']}" for u in e.placed) or "nothing placed"
    gone = f"; eliminated {_units(e.eliminated)}" if e.eliminated else ""
    note = f" ({e.note})" if e.note else ""
    cite = {"24.0": "24.0, 29.3", "25.3": "25.3, 29.3"}.get(e.why, "11.6, 29.3")
    return (
        f"{e.seat} rolls {e.die} on the Minor Powers Recruiting Table for {_name(e.territory)}: "
        f"{e.result}{note}{gone}; {placed} (7YWW {cite})."
    )


@says(E.Deal)
def _(e: E.Deal) -> str:
    done = f": {'; '.join(e.done)}" if e.done else ""
    skipped = f" Not carried out: {'; '.join(e.skipped)}." if e.skipped else ""
    if e.done:  # the terms carried out say what it is: not its whole text again
        return f"Deal between {', '.join(e.seats)}{done} (7YWW 21.1).{skipped}"
    return f"Deal between {', '.join(e.seats)} ({e.terms}) (7YWW 21.1).{skipped}"


@says(E.MarkersGiven)
def _(e: E.MarkersGiven) -> str:
    return f"{e.frm} gives {', '.join(_marker(m) for m in e.markers)} to {e.to} (7YWW 21.1(3))."


@says(E.Pact)
def _(e: E.Pact) -> str:
    what = f"{e.what} {e.target}".strip()
    until = f" until {e.until}" if e.until else ""
    return f"Pact between {', '.join(e.seats)}: {what}{until} (7YWW 21.2)."


@says(E.PactBroken)
def _(e: E.PactBroken) -> str:
    return (
        f"{e.violator} breaks its pact with {e.victim} ({e.what}): {e.violator} loses all its "
        f"campaign markers; {e.victim} rolls {e.die} and picks that many (7YWW 21.2)."
    )


@says(E.EndAgreed)
def _(e: E.EndAgreed) -> str:
    return f"{', '.join(e.seats)} agree to end the game now (7YWW 21.1(4), 22.22)."


# --- countermarch (countermarch.py, 7YWW 16.4)


@says(E.Countermarch)
def _(e: E.Countermarch) -> str:
    return (
        f"Countermarch! {e.seat} attacks {e.target} from {e.source} with {_units(e.force)} "
        f"as {e.against}'s {_units(e.moving)} enter it ({_marker(e.marker)}; 7YWW 16.4)."
    )


@says(E.Halted)
def _(e: E.Halted) -> str:
    return (
        f"{e.seat}'s {_units(e.units)} retreated to {e.square} after a countermarch "
        "and move no more this turn (7YWW 16.46)."
    )


@says(E.MoveGoesOn)
def _(e: E.MoveGoesOn) -> str:
    exp = ", on its Expedition" if e.expedition else ""
    return (
        f"{e.seat}'s {_units(e.units)} advanced to {e.square} after beating a countermarch "
        f"and may go on moving from there with {plural(e.points, 'movement point')}{exp} (7YWW 16.46)."
    )


# --- diplomacy standing (diplomacy_standing.py, 7YWW 9.4)


@says(E.StandingSpent)
def _(e: E.StandingSpent) -> str:
    return f"Your standing order {e.key.rsplit(' #', 1)[0]!r} has fired once and is spent."


# --- optional rules 23-25 (legions.py, taxes.py)


@says(E.LegionAttempt)
def _(e: E.LegionAttempt) -> str:
    got = (
        f"{e.army} becomes the recruit legion {e.legion}"
        if e.success
        else f"no legion: {e.army} stays a veteran army"
    )
    return (
        f"{e.seat} tries to raise a legion from {e.army} in {e.square} with {e.leader} "
        f"(command {e.value}): rolls {e.die}; {got} (7YWW 23.1)."
    )


@says(E.TaxesRaised)
def _(e: E.TaxesRaised) -> str:
    where = ", ".join(f"{sq} ({v})" for sq, v in e.squares.items()) or "no squares"
    sign = f"{e.correction:+d}" if e.correction else "no change"
    return (
        f"{e.seat} raises taxes for {e.power}: rolls {e.die}, {e.result} on {where}; "
        f"{sign} to the normal taxes (7YWW 25.1, 29.4)."
    )


# --- optional rules 26, 27, 4.74 (pillage.py, enlightenment.py)


@says(E.Pillage)
def _(e: E.Pillage) -> str:
    who = f"{e.seat} with {e.minor}'s force" if e.minor else e.seat
    out = f"{who} attempts to pillage {e.square}: die {e.die}, {e.result} (7YWW 26.1, 29.5)"
    if e.result == "Pillage":
        out += f"; a pillage marker is placed, loot {e.loot} treasury points"
        if e.enlightenment_removed:
            out += ", the enlightenment marker there is removed"
        out += "; every other player picks a campaign marker"
    if e.unit_lost:
        out += f"; {e.unit_lost} is removed"
    return out + "."


@says(E.PillageRemoved)
def _(e: E.PillageRemoved) -> str:
    return f"{e.seat} removes the pillage marker in {e.square} for {e.cost} treasury points (7YWW 26.3, 29.2)."  # fmt: skip


@says(E.Enlightenment)
def _(e: E.Enlightenment) -> str:
    done = "an enlightenment marker is placed" if e.placed else "no marker is placed"
    return (
        f"{e.seat} attempts enlightenment in {e.square} with a Diplomacy {e.value}: die {e.die}, "
        f"{e.result}: {done} (7YWW 27.1, 29.6)."
    )


@says(E.EnlightenOrdered)
def _(e: E.EnlightenOrdered) -> str:
    return f"{e.seat} will attempt enlightenment in {e.square} with a Diplomacy {e.value} in the Enlightenment Phase (7YWW 3.1(6), 27.1)."  # fmt: skip
