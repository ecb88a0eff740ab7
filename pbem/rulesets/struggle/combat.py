"""SoE Attack: naval combat for naval support, then land combat; allies, forts,
training, Alliance tiles, natural 7s, ties, neutrals and their rewards; Reserve and
Fighting Withdrawal."""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.resolution import Resolution

from . import blockade
from . import events as E
from .content import SoEContent
from .economy import pay
from .orders import Attack
from .standing_orders import Standing
from .state import SoEState


@dataclass
class Side:
    lead: str  # the attacker or defender (a power), or a counter id for a neutral
    joined: dict[str, tuple[str, ...]] = field(default_factory=dict)  # ally -> unit kinds
    neutral: int | None = None  # a neutral's defence value
    withdrawn: bool = False  # SoE Fighting Withdrawal used in this attack: no losses in it
    alliance: str | None = None  # army | navy: where its army-or-navy Alliance tiles count
    alliance_tiles: dict[str, str] = field(default_factory=dict)  # one tile set apart

    @property
    def powers(self) -> list[str]:
        return [] if self.neutral is not None else [self.lead, *self.joined]


def attack_problem(content: SoEContent, s: SoEState, power: str, a: Attack) -> str | None:
    area = content.area(a.area)
    if area.kind == "home":
        return f"{a.area} is a home country: attacks are made in the eleven scoring areas"
    naval_at = area.naval_combat_in
    has_army = s.count(a.area, power, "army") > 0
    has_navy = bool(naval_at) and s.count(naval_at, power, "navy") > 0
    if not has_army and not has_navy:
        return f"{power} has no army in {a.area}" + (
            f" and no navy in {naval_at}" if naval_at else ""
        )
    if a.blockade and not s.holds(power, "Blockade"):
        return f"{power} holds no Blockade tile"
    if a.raid is not None:
        return _raid_problem(s, power, a, naval_at)
    if a.target is not None:
        if a.target == power:
            return "a power cannot attack itself"
        if a.target not in s.seats:
            return f"{a.target} is not playing"
        if s.allied(power, a.target):
            return f"{a.target} is in {power}'s alliance (SoE Attack)"
        present = s.tokens(a.area, a.target) or any(
            s.count(x, a.target, t)
            for x in {a.area, naval_at} - {""}
            for t in ("army", "navy", "fort")
        )
        if not present:
            return f"{a.target} has nothing in {a.area} to attack"
    else:
        if not has_army:
            return f"attacking a neutral country needs an army in {a.area}"
        here = [c for c in s.counters.get(a.area, []) if content.counter_by_id[c].neutral]
        if not here:
            return f"no neutral Country counter in {a.area}"
        if a.counter is not None and a.counter not in here:
            return f"{a.counter} is not a neutral Country counter in {a.area}"
    if a.war_office and not s.may_use(power, "War Office"):
        return f"{power} has no unused War Office tile this war"
    if a.surprise and not s.holds(power, "Surprise Attack"):
        return f"{power} holds no Surprise Attack tile"
    return None


def _raid_problem(s: SoEState, power: str, a: Attack, naval_at: str) -> str | None:
    """SoE Pirates: "Any player can remove the Pirate tile and claim the token for
    themselves if they make a successful naval attack against the tile", as against a
    neutral; a Slave Revolt (which fights armies) by a land attack with armies."""
    if not any(p.tile == a.raid for p in s.pirates.get(a.area, [])):
        return f"no {a.raid} tile in {a.area}"
    if a.raid == "Pirates" and s.count(naval_at or a.area, power, "navy") < 1:
        return f"attacking the Pirates is a naval attack: {power} has no navy in {a.area}"
    if a.raid != "Pirates" and s.count(a.area, power, "army") < 1:
        return f"attacking a Slave Revolt needs an army in {a.area}"
    return None


def _training(
    s: SoEState, side: Side, other: Side, tile: str, kinds: tuple[str, ...], area: str
) -> int:
    """SoE Army / Naval Training: +1 to the player (not his allies) with more such
    tiles, when he has a unit of that kind in the combat."""
    if side.neutral is not None:
        return 0
    mine = s.holds(side.lead, tile)
    theirs = 0 if other.neutral is not None else s.holds(other.lead, tile)
    has = any(s.count(area, side.lead, k) for k in kinds)
    return 1 if mine > theirs and has else 0


def _alliance_tile(content: SoEContent, s: SoEState, side: Side, area: str, kind: str) -> int:
    """SoE Alliance tiles: +1 army or navy in the areas named on the tile (only the
    player's own). An army-or-navy tile counts as the kind chosen for this attack
    (`Side.alliance`, or `Side.alliance_tiles` for that tile: "He decides which to use
    ... before dice are rolled"; each tile "the player can decide"), in one combat only
    ("used for one unit type ... in one round": the other "in a later round"); with no
    choice (an attack of one combat), where it is fought."""
    n = 0
    for name in sorted(set(s.powers[side.lead].tiles)):
        t = content.tile(name)
        if t.kind != "alliance" or area not in t.areas:
            continue
        choice = side.alliance_tiles.get(name, side.alliance)
        if t.units == kind or (t.units == "army_or_navy" and (choice or kind) == kind):
            n += 1
    return n


def _units(s: SoEState, side: Side, area: str, kind: str, defending: bool, fort_value: int) -> int:
    """Units of a side in a combat: its leader's and its joined allies' of that kind
    (forts count double in defence, and only the defender's own)."""
    if side.neutral is not None:
        return side.neutral
    n = s.count(area, side.lead, kind)
    if kind == "army" and defending:
        n += fort_value * s.count(area, side.lead, "fort")
    return n + sum(s.count(area, a, kind) for a, kinds in side.joined.items() if kind in kinds)


def _reserve_user(
    s: SoEState, att: Side, dfn: Side, winner: str, order: Attack, standing: dict[str, Standing]
) -> str | None:
    """SoE Reserve: "After dice have been rolled in combat you can ask for both sets of
    dice to be rolled again ... More than one could be used during a combat, by either
    player. You can only use this tile if you are the attacker or defender." Who asks
    now: the side that would lose, if it uses its Reserve when losing (the default) or
    also on a tie; on a tie, a side that uses it when tied, the attacker first. The
    attacker's attack line (`reserve ...`) overrides his standing order for the attack."""
    sides = {"attacker": [dfn], "defender": [att]}.get(winner, [att, dfn])
    for side in sides:
        if side.neutral is not None:
            continue
        p = side.lead
        when = standing.get(p, Standing()).reserve
        if side is att and order.reserve is not None:
            when = order.reserve
        wanted = when == "tied" if winner == "tie" else when in ("losing", "tied")
        if wanted and s.may_use(p, "Reserve"):
            return p
    return None


def fight(
    ctx: Resolution,
    content: SoEContent,
    area: str,
    kind: str,
    att: Side,
    dfn: Side,
    support: str | None,
    order: Attack,
    standing: dict[str, Standing],
) -> str:
    """One combat: 'attacker', 'defender' or 'tie', with its losses and unrest."""
    s: SoEState = ctx.state
    unit = "army" if kind == "land" else "navy"
    at_units = _units(s, att, area, unit, False, 0)
    df_units = _units(s, dfn, area, unit, True, content.rule("fort_defence"))
    tile = "Army Training" if kind == "land" else "Naval Training"
    kinds = ("army", "fort") if kind == "land" else ("navy",)
    # SoE Blockade (b): +2 instead of +1, decided before the dice
    at_support = df_support = 0
    if support is not None and support == att.lead and att.neutral is None:
        at_support = blockade.support_bonus(ctx, att.lead, area, order.blockade)
    elif support is not None and support == dfn.lead and dfn.neutral is None:
        wants = standing.get(dfn.lead, Standing()).blockade_defending
        df_support = blockade.support_bonus(ctx, dfn.lead, area, wants)
    at_mods = {
        "training": _training(s, att, dfn, tile, kinds, area),
        "naval support": at_support,
        "alliance tile": 0
        if att.neutral is not None
        else _alliance_tile(content, s, att, area, unit),
    }
    df_mods = {
        "training": _training(s, dfn, att, tile, kinds, area),
        "naval support": df_support,
        "alliance tile": 0
        if dfn.neutral is not None
        else _alliance_tile(content, s, dfn, area, unit),
    }
    at_mods = {k: v for k, v in at_mods.items() if v}
    df_mods = {k: v for k, v in df_mods.items() if v}
    who = dfn.lead
    rerolled: list[str] = []
    while True:
        ad = ctx.roll(f"{area}: {kind} combat, {att.lead} attacks", 2)
        dd = ctx.roll(f"{area}: {kind} combat, {who} defends", 2)
        at_total = at_units + sum(at_mods.values()) + abs(ad[0] - ad[1])
        df_total = df_units + sum(df_mods.values()) + abs(dd[0] - dd[1])
        winner = "attacker" if at_total > df_total else "defender" if df_total > at_total else "tie"
        p = _reserve_user(s, att, dfn, winner, order, standing)
        if p is None:
            break
        ctx.emit(E.TileUsed(power=p, tile="Reserve", detail=f"{area}: dice rolled again"))
        rerolled.append(p)
    ctx.emit(
        E.CombatFought(
            area=area, battle=kind, attacker=att.lead, defender=who,
            attack_units=at_units, defence_units=df_units, attack_mods=at_mods,
            defence_mods=df_mods, attack_dice=ad, defence_dice=dd,
            attack_total=at_total, defence_total=df_total, winner=winner, rerolled_by=rerolled,
        )
    )  # fmt: skip
    # SoE Fighting Withdrawal: "As the defender you can avoid all military losses in one
    # combat, (sea and land). This also includes any allied player's units." Used after
    # the dice, in the first combat of the attack where the defender's side would lose
    # a unit; it then covers the rest of that attack too.
    df_loses = winner != "defender" or sum(dd) == 7
    if (
        not dfn.withdrawn and dfn.neutral is None and df_loses
        and standing.get(dfn.lead, Standing()).withdraw
        and s.holds(dfn.lead, "Fighting Withdrawal") > 0
    ):  # fmt: skip
        dfn.withdrawn = True
        ctx.emit(
            E.TileUsed(power=dfn.lead, tile="Fighting Withdrawal", detail=f"{area}: no losses")
        )
        ctx.emit(
            E.TileReturned(
                power=dfn.lead, tile="Fighting Withdrawal", why="used (one use)", spent=True
            )
        )
    withdrawn = dfn.withdrawn
    tie = winner == "tie"
    _lose(ctx, area, att, unit, int(winner != "attacker"), sum(ad) == 7,
          lost=winner == "defender", tie=tie, standing=standing, forts=False)  # fmt: skip
    if dfn.neutral is None and not withdrawn:
        _lose(ctx, area, dfn, unit, int(winner != "defender"), sum(dd) == 7,
              lost=winner == "attacker", tie=tie, standing=standing, forts=True)  # fmt: skip
    return winner


def _lose(
    ctx,
    area,
    side: Side,
    unit: str,
    base: int,
    seven: bool,
    *,
    lost: bool,
    tie: bool,
    standing,
    forts: bool,
) -> None:
    """Losses: the loser one unit (both on a tie), taken from the side's leader; a natural
    7 one more, which falls on an ally who fought with the loser (the loser chooses, by
    standing order `sevens`; by default the ally with most units there, then seat
    order). A fort is never lost in a tie; forts go after armies unless the standing
    orders say forts first. Only the
    defender's own forts fight, so only they can be lost: "Forts ... cannot be used to
    attack", "A fort can never be used to help an ally" (SoE Attack). A loss owed with
    no unit left in the combat is not taken. Each unit lost: one Unrest to its owner."""
    s: SoEState = ctx.state
    fought = [a for a in side.joined if unit in side.joined[a]]
    losers = [side.lead] * base
    if seven:
        helpers = [a for a in fought if s.count(area, a, unit)]
        if lost and helpers:
            # SoE Attack: "the losing player decides which allied player must lose a
            # unit": his standing order `sevens`, else the ally with most units there
            pick = standing.get(side.lead, Standing()).sevens
            chosen = [a for a in pick if a in helpers]
            losers.append(
                chosen[0]
                if chosen
                else max(helpers, key=lambda a: (s.count(area, a, unit), -s.seats.index(a)))
            )
        else:
            losers.append(side.lead)
    for who in losers:
        kind = _pick_unit(s, area, who, unit, tie, standing, forts and who == side.lead)
        if kind is None:  # nothing left of his own: an ally who fought loses it
            who = next((a for a in fought if s.count(area, a, unit)), who)
            kind = _pick_unit(s, area, who, unit, tie, standing, forts and who == side.lead)
        if kind is None:
            continue  # no unit left to lose (a defender at strength zero)
        ctx.emit(E.UnitsChanged(power=who, area=area, unit=kind, delta=-1, why="lost in combat"))
        ctx.emit(E.UnrestChanged(power=who, delta=1, why=f"{kind} lost in {area}"))


def _pick_unit(
    s: SoEState, area: str, power: str, unit: str, tie: bool, standing, forts: bool
) -> str | None:
    order = ["army", "fort"] if unit == "army" and forts else [unit]
    if forts and unit == "army" and standing.get(power, Standing()).lose_forts_first:
        order = ["fort", "army"]
    for k in order:
        if k == "fort" and tie:
            continue
        if s.count(area, power, k):
            return k
    return None


def resolve_attack(
    ctx: Resolution, content: SoEContent, power: str, a: Attack, standing: dict[str, Standing]
) -> bool:
    """Carry out an attack; True if the attacker won it (the land combat, or the naval
    combat of an attack without an army: `if won:` in docs/orders-struggle-of-empires.md)."""
    s: SoEState = ctx.state
    area = content.area(a.area)
    counter = None
    if a.target is None and a.raid is None:
        here = sorted(c for c in s.counters.get(a.area, []) if content.counter_by_id[c].neutral)
        counter = a.counter or here[0]
    cost = 0 if a.war_office else content.rule("attack_cost")
    if a.war_office:
        ctx.emit(E.TileUsed(power=power, tile="War Office", detail=f"free attack in {a.area}"))
    ctx.emit(
        E.AttackDeclared(
            attacker=power, area=a.area, defender=a.target, counter=counter, cost=cost,
            war_office=a.war_office, surprise=a.surprise, raid=a.raid,
        )
    )  # fmt: skip
    if cost:
        pay(ctx, content, power, cost, f"attack in {a.area} (SoE Attack)")
    if a.surprise:
        ctx.emit(E.TileUsed(power=power, tile="Surprise Attack", detail=f"{a.area}"))
        ctx.emit(
            E.TileReturned(power=power, tile="Surprise Attack", why="used (one use)", spent=True)
        )
    att = Side(power)
    if a.raid is not None:
        raid = next(p for p in s.pirates[a.area] if p.tile == a.raid)
        dfn = Side(a.raid, neutral=raid.strength)
    elif a.target is None:
        dfn = Side(counter, neutral=content.counter_by_id[counter].defence)
    else:
        dfn = Side(a.target)
    naval_at = area.naval_combat_in
    # SoE Attack: the attacker asks his allies, then the defender his (none against a
    # neutral; none for the defender after a Surprise Attack)
    if not a.alone:
        _ask(ctx, s, att, "attacker", standing, a.area, naval_at)
    if dfn.neutral is None and not a.surprise:
        _ask(ctx, s, dfn, "defender", standing, a.area, naval_at)
    # SoE Alliance tiles: an army-or-navy tile adds an army or a navy, chosen after the
    # allies are called, before the dice; by default on land, or at sea when the
    # attacker has no army there (no land combat: docs/orders-struggle-of-empires.md)
    land = a.raid != "Pirates" and s.count(a.area, power, "army") > 0
    default = "army" if land else "navy"
    att.alliance = a.alliance or default
    att.alliance_tiles = dict(a.alliance_tiles)
    dfn.alliance = default
    if dfn.neutral is None:
        st = standing.get(dfn.lead, Standing())
        dfn.alliance = st.alliance or default
        dfn.alliance_tiles = dict(st.alliance_tiles)
    if not land:  # SoE Alliance tiles: set on land with no land combat, it counts at sea
        _fall_back(att, dfn, "army", "navy")
    if a.raid == "Pirates":  # a naval attack on the tile: a naval combat only
        winner = fight(ctx, content, naval_at or a.area, "naval", att, dfn, None, a, standing)
        if winner == "attacker":
            _claim(ctx, content, power, a.area, raid)
        return winner == "attacker"
    support, fought = None, False
    if naval_at:
        support, fought = _naval(ctx, content, naval_at, att, dfn, a, standing)
    if s.count(a.area, power, "army") < 1:
        return support == power  # no army: only the naval combat
    if not fought:  # SoE Alliance tiles: set at sea with no naval combat, it counts on land
        _fall_back(att, dfn, "navy", "army")
    winner = fight(ctx, content, a.area, "land", att, dfn, support, a, standing)
    if winner != "attacker":
        return False
    if a.raid is not None:
        _claim(ctx, content, power, a.area, raid)
    elif dfn.neutral is None and not s.tokens(a.area, dfn.lead):
        pass  # SoE Attack: "the attacker does not gain a token"
    elif not _token_left(ctx, content, power, a.area):
        pass
    elif dfn.neutral is not None:
        c = content.counter_by_id[counter]
        ctx.emit(
            E.ControlChanged(
                area=a.area, to=power, counter=counter, why="neutral defeated (SoE Attack)"
            )
        )
        if c.gold:
            ctx.emit(E.GoldChanged(power=power, delta=c.gold, why=f"{counter} defeated"))
        if c.vp:
            ctx.emit(E.VictoryPoints(power=power, delta=c.vp, why=f"{counter} defeated"))
    else:
        ctx.emit(
            E.ControlChanged(area=a.area, to=power, frm=dfn.lead, why="won the attack (SoE Attack)")
        )
    return True


def _token_left(ctx: Resolution, content: SoEContent, power: str, area: str) -> bool:
    """SoE Setting Up: a power places only the control tokens it has: 21 on the map
    (two of its 23 are on the Population and VP tracks). The text says nothing of
    running out: the winner with none left still won the combat (losses, Unrest, a
    Pirates tile back to the stock) but places no token, and the defender's token (or
    the Country counter, as after a tie) stays: SoE Attack, the attacker "is allowed
    to remove one control token ... and replace it with a control token of their own",
    one act, and a won attack need not gain a token ("if the defending player did not
    have a control token in the area then the attacker does not gain a token")."""
    if ctx.state.tokens_out(power) < content.map_tokens:
        return True
    why = f"all {content.map_tokens} are out: nothing changes hands"
    ctx.emit(E.NoTokenLeft(power=power, area=area, why=why))
    return False


def _claim(ctx: Resolution, content: SoEContent, power: str, area: str, raid) -> None:
    """SoE Pirates: the tile back to the stock, its token claimed by the winner (his
    own placed instead: none when he has none left, the held token going home)."""
    ctx.emit(E.RaidDefeated(area=area, tile=raid.tile, token=raid.token, by=power))
    if not _token_left(ctx, content, power, area):
        return
    ctx.emit(
        E.ControlChanged(
            area=area, to=power, why=f"claims the {raid.token} token the {raid.tile} held"
        )
    )


def _ask(
    ctx, s: SoEState, side: Side, role: str, standing: dict[str, Standing], area: str, naval_at: str
) -> None:
    for ally in s.allies(side.lead):
        kinds = standing.get(ally, Standing()).join.get(side.lead, ())
        kinds = tuple(
            k for k in kinds if s.count(area if k == "army" else naval_at or area, ally, k)
        )
        if kinds:
            side.joined[ally] = kinds
            ctx.emit(
                E.AllyJoined(
                    ally=ally, side=role,
                    armies=s.count(area, ally, "army") if "army" in kinds else 0,
                    navies=s.count(naval_at, ally, "navy") if "navy" in kinds and naval_at else 0,
                )
            )  # fmt: skip


def _fall_back(att: Side, dfn: Side, unfought: str, fought: str) -> None:
    """SoE Alliance tiles: an army-or-navy tile "will add one army or navy" to the
    attack, so it counts in one of its combats. Set (`alliance navy`/`alliance army`)
    for a combat that is not fought, it counts in the one that is (choice: case
    tile-alliance-navy-no-naval-combat.toml, docs/orders-struggle-of-empires.md)."""
    for side in (att, dfn):
        if side.alliance == unfought:
            side.alliance = fought
        for tile, kind in side.alliance_tiles.items():
            if kind == unfought:
                side.alliance_tiles[tile] = fought


def _naval(
    ctx, content, sea: str, att: Side, dfn: Side, a: Attack, standing
) -> tuple[str | None, bool]:
    """SoE Attack: who gets naval support, and whether a naval combat was fought. The
    attacker may fight (with a navy there); declining gives it to the defender (if he
    has a navy there: authored). The defender may decline (his standing orders): then
    the attacker has it. A neutral never fights."""
    s: SoEState = ctx.state
    a_navy = s.count(sea, att.lead, "navy") > 0
    if dfn.neutral is not None:
        to = att.lead if a_navy else None
        ctx.emit(E.NavalSupport(area=a.area, to=to, why="a neutral never fights at sea"))
        return to, False
    d_navy = s.count(sea, dfn.lead, "navy") > 0
    if not a_navy or not a.naval:
        to = dfn.lead if d_navy else None
        ctx.emit(E.NavalSupport(area=a.area, to=to, why="the attacker does not fight at sea"))
        return to, False
    declines = standing.get(dfn.lead, Standing()).decline_naval
    if not d_navy or "*" in declines or a.area in declines:
        ctx.emit(E.NavalSupport(area=a.area, to=att.lead, why="the defender does not fight at sea"))
        return att.lead, False
    winner = fight(ctx, content, sea, "naval", att, dfn, None, a, standing)
    to = {"attacker": att.lead, "defender": dfn.lead}.get(winner)
    ctx.emit(E.NavalSupport(area=a.area, to=to, why=f"naval combat in {sea}"))
    return to, True
