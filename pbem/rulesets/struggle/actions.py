"""SoE 3. Player Actions: checking and carrying out a round's two actions (buy a tile,
build, move two units, attack, colonize or enslave, pass) and the free tile uses.

Checking reads the actions in order on the state as it would be if each move arrived
(a navy moved first lets an army follow it); carrying out checks each again on the
real state and skips, with the reason, one the dice made impossible."""

from __future__ import annotations

from copy import deepcopy
from dataclasses import replace

from pbem.clone import clone
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import blockade, movement
from . import events as E
from .combat import attack_problem, resolve_attack
from .content import SoEContent
from .economy import assume_paid, pay
from .orders import (
    ActionOrders,
    Attack,
    Build,
    Buy,
    Colonize,
    Conditional,
    Give,
    Move,
    Pass,
    UseTile,
)
from .standing_orders import Standing
from .state import SoEState

PIECES = {"army": "armies", "navy": "navies", "fort": "forts"}
FREE_BUILDS = {"Mercenaries": "army", "Pressgangs": "navy", "Trained Natives": "army"}


def counts_as_action(a) -> bool:
    return not (isinstance(a, Attack) and a.war_office) and not isinstance(a, Give)


def counted(actions: list) -> list:
    """The actions that count among a round's two: each ordinary one but a War Office
    attack, and each run of `if won:` / `if lost:` alternatives as one (unless all of
    them are War Office attacks), named by its first line."""
    out: list = []
    run: list[Conditional] = []
    for a in [*actions, None]:
        if isinstance(a, Conditional):
            run.append(a)
            continue
        if isinstance(a, Give):  # free, and it does not part an action from its `if`
            continue
        if run and any(counts_as_action(c.action) for c in run):
            out.append(run[0])
        run = []
        if a is not None and counts_as_action(a):
            out.append(a)
    return out


def action_problem(content: SoEContent, s: SoEState, power: str, a, done: dict) -> str | None:
    """Why action `a` cannot be carried out now (`done`: what this power did this round)."""
    pw = s.powers[power]
    if isinstance(a, Pass):
        return None
    if isinstance(a, Give):
        return give_problem(s, power, a)
    if isinstance(a, Buy):
        if done.get("buy"):
            return "a tile may be bought once per round (SoE Buy One Tile)"
        if s.stock.get(a.tile, 0) < 1:
            return f"no {a.tile} tile is left on display"
        if a.tile in pw.spent or a.tile in done.get("spent", ()):
            # SoE Buy One Tile: "cannot use such a tile and then select it again in the
            # same round"
            return f"{power} used {a.tile} this round: it cannot be taken again in the same round"
        t = content.tile(a.tile)
        if t.population > pw.population:
            return f"{a.tile} costs {t.population} Population; {power} has {pw.population}"
        if a.tile in ("Pirates", "Slave Revolt"):
            if a.target is None or a.area is None:
                return f"write: buy {a.tile} against POWER in AREA"
            return immediate_problem(content, s, a)
        return None
    if isinstance(a, Build):
        return build_problem(content, s, power, a)
    if isinstance(a, Move):
        # SoE Logistics: "you may move one extra unit", for each tile held (a choice)
        limit = 2 + s.holds(power, "Logistics")
        if len(a.moves) > limit:
            return f"a move action moves {limit} units"
        t = clone(s)
        # SoE Move Two Units: "This action allows two units to move", each "directly to
        # their intended destination": a unit moves once; one that arrived in this
        # action is not among those that may still move from there
        unmoved: dict[tuple[str, str], int] = {}
        for unit, frm, to in a.moves:
            left = unmoved.setdefault((frm, unit), s.count(frm, power, unit))
            if left < 1 and t.count(frm, power, unit) > 0:
                return (
                    f"the {unit} in {frm} would be one moved there in this action: a unit "
                    f"moves once in a move action (SoE Move Two Units)"
                )
            why = movement.move_problem(content, t, power, unit, frm, to)
            if why:
                return why
            unmoved[(frm, unit)] = left - 1
            _shift(t, power, unit, frm, to)
        return None
    if isinstance(a, Attack):
        return attack_problem(content, s, power, a)
    if isinstance(a, Colonize):
        if done.get("colonize"):
            return "colonize or enslave once per round (SoE Colonization/Enslavement)"
        c = colonize_counter(content, s, a)
        if c is None:
            what = "Slaves" if a.enslave else "Pop"
            return f"no '{what}' Country counter in {a.area}" + (
                f" ({a.counter})" if a.counter else ""
            )
        if a.enslave and s.count("Africa", power, "navy") < 1:
            return "enslaving needs a navy in Africa (SoE Colonization/Enslavement)"
        if not a.enslave and pw.population < 1:
            return f"{power} has no Population point to expend"
        if s.tokens_out(power) >= content.map_tokens:  # SoE Setting Up: 21 for the map
            return f"{power} has no control token left ({content.map_tokens} on the map)"
        return None
    return f"unknown action {a!r}"


def give_problem(s: SoEState, power: str, a: Give) -> str | None:
    """SoE Attack: "A player can offer to pay another player gold to join with him".
    SoE Gold lets a player take gold from the bank "when [he] does not have enough gold
    to meet a cost": a gift is no cost, so it is paid from the gold he has (a choice,
    case give-gold.toml)."""
    if a.to == power:
        return f"{power} cannot give gold to himself"
    if a.to not in s.powers:
        return f"{a.to} is not a player in this game"
    have = s.powers[power].gold
    if a.gold > have:
        return (
            f"{power} has {have} gold and cannot give {a.gold}: gold is not taken from "
            "the bank to give it (SoE Gold: only to meet a cost)"
        )
    return None


def immediate_problem(content: SoEContent, s: SoEState, a: Buy) -> str | None:
    area = content.area(a.area)
    if a.tile == "Pirates" and area.kind != "colony":
        return "Pirates are played in a colonial region"
    if a.tile == "Slave Revolt" and not area.americas:
        return "Slave Revolt is played in North America, South America or the Caribbean"
    if s.tokens(a.area, a.target) < 1:
        return f"{a.target} has no control token in {a.area}"
    return None


def colonize_counter(content: SoEContent, s: SoEState, a: Colonize) -> str | None:
    for cid in sorted(s.counters.get(a.area, [])):
        c = content.counter_by_id[cid]
        if (c.slaves if a.enslave else c.pop) and a.counter in (None, cid):
            return cid
    return None


def build_problem(content: SoEContent, s: SoEState, power: str, a: Build) -> str | None:
    pw = s.powers[power]
    if a.rebuild_from is not None and s.count(a.rebuild_from, power, a.unit) < 1:
        return f"{power} has no {a.unit} in {a.rebuild_from} to destroy"
    # SoE List of Components: 14 armies, 7 navies, 2 forts; SoE Build Unit: a unit
    # destroyed to "build it somewhere else" is the piece built again
    if s.on_map(power, a.unit) - (a.rebuild_from is not None) >= content.pieces[PIECES[a.unit]]:
        return f"{power} has no {a.unit} left to build"
    if a.via is not None:
        if a.via not in (*FREE_BUILDS, "Militia"):
            return f"{a.via} does not build units"
        have = s.may_use(power, a.via) if a.via in FREE_BUILDS else s.holds(power, a.via) > 0
        if not have:
            return f"{power} has no unused {a.via} tile"
        if a.via in FREE_BUILDS and FREE_BUILDS[a.via] != a.unit:
            return f"{a.via} builds {FREE_BUILDS[a.via]} units"
    # SoE Militia: "you may also build one army unit in addition", for each tile held
    # (a choice: each copy a tile of its own, as Army Training counts "such tiles")
    held = s.holds(power, "Militia")
    if len(a.militia) > held:
        if not held:
            return f"{power} holds no Militia tile"
        return f"{power} holds {held} Militia tile{'s' * (held > 1)}: one army built too for each"
    if a.militia and a.via in FREE_BUILDS:
        return "Militia cannot be used with Mercenaries, Pressgangs or Trained Natives"
    # SoE Build Unit: one Population a unit (none for a rebuild, a choice, or with the
    # free-build tiles); Militia: "you will still have to pay a Population point for
    # this second build", a rebuild's too
    free = a.via in FREE_BUILDS or a.rebuild_from is not None
    need = (0 if free else 1) + len(a.militia)
    if pw.population < need:
        return f"building costs {need} Population; {power} has {pw.population}"
    if a.via == "Trained Natives":
        if a.to is None or content.area(a.to).kind != "colony":
            return "Trained Natives place the army directly in a colonial area: build army to AREA with Trained Natives"
        if not s.tokens(a.to, power) and not any(
            s.count(a.to, power, k) for k in ("army", "navy", "fort")
        ):
            return f"Trained Natives need a control token or a unit of {power}'s in {a.to}"
        if a.then is not None:  # the free move, from where it was placed
            t = clone(s)
            _add_unit(t, power, a.to, "army")
            return movement.move_problem(content, t, power, "army", a.to, a.then)
        return None
    if a.to is not None and a.to != power:
        t = clone(s)
        _add_unit(t, power, power, a.unit)
        unit = "army" if a.unit == "fort" else a.unit  # SoE Build Unit: a fort moves as an army
        if unit == "army":
            why = movement.army_problem(content, t, power, a.to)
        else:
            why = movement.move_problem(content, t, power, unit, power, a.to)
        if why:
            return why
    return None


def _shift(s: SoEState, power: str, unit: str, frm: str, to: str) -> None:
    s.units[frm][power][unit] -= 1
    _add_unit(s, power, to, unit)


def free_problem(
    content: SoEContent, s: SoEState, power: str, u: UseTile, hoped: frozenset[str] = frozenset()
) -> str | None:
    """Why the free use `u` cannot be made now; `hoped`: the areas attacked earlier in
    the envelope, where a control token may yet be won before a company is used."""
    t = content.tile(u.tile)
    if not s.may_use(power, u.tile):
        return f"{power} has no unused {u.tile} tile" + ("" if t.use == "one_use" else " this war")
    if t.kind == "company":
        if u.area is None or u.area not in t.areas:
            return f"write: use {u.tile} in {' or '.join(t.areas)}"
        # SoE Company Tiles: "1 gold for each control token you have in the area": with
        # none there the use would pay nothing and spend the war's use
        if not s.tokens(u.area, power) and u.area not in hoped:
            return (
                f"{power} has no control token in {u.area}: {u.tile} would pay nothing "
                "and spend its use this war (SoE Company Tiles)"
            )
        return None
    if u.tile == "Improved Agriculture":
        return None
    if u.tile == blockade.TILE:
        return blockade.place_problem(content, s, power, u.area)
    if u.tile == "Diplomatic Service":
        if u.take is None or content.tile(u.take).kind != "alliance":
            return "write: use Diplomatic Service to take ALLIANCE TILE"
        if s.stock.get(u.take, 0) < 1:
            return f"no {u.take} tile is left on display"
        return None
    return f"{u.tile} is not used on its own (it works where its rule says)"


def validate(content: SoEContent, s: SoEState, power: str, o: ActionOrders) -> list[Problem]:
    problems: list[Problem] = []
    count = counted(o.actions)
    per = content.rule("actions_per_round")
    if len(count) > per:
        problems.append(Problem(f"{per} actions per round ({len(count)} given)", count[per].line))
    # the free uses are carried out first (resolve): the actions are checked on the
    # state they leave (Improved Agriculture's Population pays a build); the use of a
    # tile bought in this envelope, right after its buy (split_free)
    t = clone(s)
    first, after_buy = split_free(s, power, o)

    attacked: set[str] = set()  # areas where an earlier attack may win a token

    def check_free(uses: list[UseTile]) -> None:
        for u in uses:
            why = free_problem(content, t, power, u, frozenset(attacked))
            if why:
                problems.append(Problem(why, u.line))
            else:
                assume_free(content, t, power, u)

    check_free(first)
    done: dict = {}
    # the states the last action may leave if it came out badly (the first: as before it)
    lost: list[tuple[SoEState, dict]] = [(t, done)]
    for a in o.actions:
        act = a.action if isinstance(a, Conditional) else a
        if isinstance(act, Attack):  # won, any attack places a token (SoE Attack, Pirates)
            attacked.add(act.area)
        if isinstance(a, Conditional):  # each alternative on the state it would meet
            bases = [(t, done)] if a.when == "won" else lost
            whys = [
                action_problem(content, clone(b), power, a.action, deepcopy(d)) for b, d in bases
            ]
            if all(whys):  # impossible whichever way it went (carrying out checks again)
                problems.append(Problem(whys[0], a.line))
            continue
        if isinstance(a, Give):  # free, where it stands; `if won:` after it looks past it
            why = give_problem(t, power, a)
            if why:
                problems.append(Problem(why, a.line))
            else:
                for b, d in [(t, done), *((x, y) for x, y in lost if x is not t)]:
                    assume(content, b, power, a, d)
            continue
        before = (clone(t), deepcopy(done))
        why = action_problem(content, t, power, a, done)
        if why:
            lost = [before]
            problems.append(Problem(why, a.line))
            continue
        lost = [before, *_lost_outcomes(content, before, power, a)]
        assume(content, t, power, a, done)
        check_free(after_buy.get(a.line, []) if isinstance(a, Buy) else [])
    return problems


def split_free(
    s: SoEState, power: str, o: ActionOrders
) -> tuple[list[UseTile], dict[int, list[UseTile]]]:
    """The free tile uses carried out first, before the actions, and those carried out
    right after a `buy` (by its line). SoE Buy One Tile: "Using any tile is a free
    action ... There is no limit to the number of tiles that can be used in a round",
    and no rule keeps a tile from use in the round it is bought: a `use` written after
    the `buy` of that tile, beyond the copies the power could use already, waits for
    the buy (case tile-sugar-plantations: a company tile bought in the last round)."""
    buys = [a for a in o.actions if isinstance(a, Buy)]
    pw = s.powers[power]
    free = {t: pw.tiles.count(t) - pw.used.count(t) for t in set(pw.tiles)}
    first: list[UseTile] = []
    after_buy: dict[int, list[UseTile]] = {}
    for u in o.free:
        buy = next((b for b in buys if b.tile == u.tile and b.line < u.line), None)
        if buy is not None and free.get(u.tile, 0) < 1:
            after_buy.setdefault(buy.line, []).append(u)
        else:
            free[u.tile] = free.get(u.tile, 0) - 1
            first.append(u)
    return first, after_buy


def _lost_outcomes(content: SoEContent, before: tuple[SoEState, dict], power: str, a):
    """The other states an action that came out badly may leave, for checking an `if
    lost:` after it: an attack lost or tied (its gold paid); a move with one unit sent
    back at sea (the others arrived: SoE Examples of Play, Movement, "nothing to stop
    her from trying to move the army again"); a unit built but sent back home."""
    out = []
    if isinstance(a, Attack):
        out.append(replace(a))
    elif isinstance(a, Move) and len(a.moves) > 1:
        out += [replace(a, moves=a.moves[:j] + a.moves[j + 1 :]) for j in range(len(a.moves))]
    elif isinstance(a, Build) and a.via == "Trained Natives" and a.then is not None:
        out.append(replace(a, then=None))
    elif isinstance(a, Build) and a.via != "Trained Natives" and a.to not in (None, power):
        out.append(replace(a, to=None))
    states = []
    for b in out:
        t, d = clone(before[0]), deepcopy(before[1])
        assume(content, t, power, b, d)
        states.append((t, d))
    return states


def assume_free(content: SoEContent, t: SoEState, power: str, u: UseTile) -> None:
    """The state after the free tile use `u` (as `use_tile` carries it out)."""
    pw = t.powers[power]
    if u.tile == blockade.TILE:
        t.blockades[u.area] = power
        pw.tiles.remove(u.tile)
        return
    pw.used = sorted([*pw.used, u.tile])  # once a war: a second use in the envelope is refused
    if content.tile(u.tile).kind == "company":
        pw.gold += t.tokens(u.area, power)
    elif u.tile == "Improved Agriculture":
        pw.population = min(pw.population + 1, content.rule("population_max"))
    elif u.tile == "Diplomatic Service":
        _assume_taken(content, t, power, u.take)


def _assume_taken(content: SoEContent, t: SoEState, power: str, tile: str) -> None:
    """The state after `take`: its costs paid (SoE Buy One Tile; SoE Gold: the gold
    borrowed if short, with its Unrest), the tile held."""
    pw, c = t.powers[power], content.tile(tile)
    assume_paid(content, t, power, c.gold)
    pw.population -= c.population
    pw.unrest += c.unrest
    pw.tiles = sorted([*pw.tiles, tile])
    t.stock[tile] -= 1


def assume(content: SoEContent, t: SoEState, power: str, a, done: dict) -> None:
    """The state after `a` if its dice go well (for checking the next action): its gold
    paid too, borrowed if short (SoE Gold), as the next action will find it."""
    pw = t.powers[power]
    if isinstance(a, Give):
        pw.gold -= a.gold
        t.powers[a.to].gold += a.gold
    elif isinstance(a, Buy):
        done["buy"] = True
        _assume_taken(content, t, power, a.tile)
    elif isinstance(a, Colonize):
        done["colonize"] = True
        if not a.enslave:
            pw.population -= 1
    elif isinstance(a, Attack):  # one-use tiles named on it go back to the stock
        if a.war_office:
            pw.used = sorted([*pw.used, "War Office"])
        else:  # SoE Attack: "An attack costs 2 gold, which must be paid before dice are rolled"
            assume_paid(content, t, power, content.rule("attack_cost"))
        for tile in ("Surprise Attack",) * a.surprise + (blockade.TILE,) * a.blockade:
            done.setdefault("spent", set()).add(tile)
            t.powers[power].tiles.remove(tile)
            t.stock[tile] = t.stock.get(tile, 0) + 1
    elif isinstance(a, Move):
        for unit, frm, to in a.moves:
            _shift(t, power, unit, frm, to)
    elif isinstance(a, Build):
        if a.rebuild_from:
            t.units[a.rebuild_from][power][a.unit] -= 1
        elif a.via not in FREE_BUILDS:
            pw.population -= 1
        if a.via in FREE_BUILDS:
            pw.used = sorted([*pw.used, a.via])
        _add_unit(t, power, a.to or power, a.unit)
        if a.then is not None:
            _shift(t, power, "army", a.to, a.then)
        for to in a.militia:
            pw.population -= 1
            _add_unit(t, power, to or power, "army")


def _add_unit(t: SoEState, power: str, where: str, unit: str) -> None:
    t.units.setdefault(where, {}).setdefault(power, {})
    t.units[where][power][unit] = t.units[where][power].get(unit, 0) + 1


def resolve(
    ctx: Resolution, content: SoEContent, power: str, o: ActionOrders, standing: dict[str, Standing]
) -> None:
    s: SoEState = ctx.state
    first, after_buy = split_free(s, power, o)

    def use_free(uses: list[UseTile]) -> None:
        for u in uses:
            why = free_problem(content, s, power, u)
            if why:
                ctx.emit(E.ActionSkipped(power=power, line=u.line, why=why))
            else:
                use_tile(ctx, content, power, u)

    use_free(first)
    done: dict = {}
    outcome, on = "lost", 0  # how the last ordinary action came out, and its line
    for a in o.actions:
        act = a.action if isinstance(a, Conditional) else a
        if isinstance(a, Conditional) and a.when != outcome:
            why = f"not taken: the action on line {on} was {outcome}"
            ctx.emit(E.ActionSkipped(power=power, line=a.line, why=why))
            continue
        why = action_problem(content, s, power, act, done)
        if why:
            ctx.emit(E.ActionSkipped(power=power, line=a.line, why=why))
            if not isinstance(a, (Conditional, Give)):
                outcome, on = "lost", a.line
            use_free(after_buy.get(a.line, []) if isinstance(a, Buy) else [])
            continue
        won = carry_out(ctx, content, power, act, done, standing)
        blockade.lift_broken(ctx)
        use_free(after_buy.get(a.line, []) if isinstance(a, Buy) else [])
        if not isinstance(a, (Conditional, Give)):
            outcome, on = ("won" if won else "lost"), a.line


def use_tile(ctx: Resolution, content: SoEContent, power: str, u: UseTile) -> None:
    s: SoEState = ctx.state
    t = content.tile(u.tile)
    if t.kind == "company":
        n = s.tokens(u.area, power)
        ctx.emit(E.TileUsed(power=power, tile=u.tile, detail=f"{n} gold from {u.area}"))
        if n:
            ctx.emit(E.GoldChanged(power=power, delta=n, why=f"{u.tile} in {u.area}"))
    elif u.tile == "Improved Agriculture":
        ctx.emit(E.TileUsed(power=power, tile=u.tile, detail="+1 Population"))
        if s.powers[power].population < content.rule("population_max"):
            ctx.emit(E.PopulationChanged(power=power, delta=1, why="Improved Agriculture"))
    elif u.tile == "Diplomatic Service":
        ctx.emit(E.TileUsed(power=power, tile=u.tile, detail=f"takes {u.take}"))
        take(ctx, content, power, u.take, free=True)
    elif u.tile == blockade.TILE:
        ctx.emit(E.BlockadePlaced(power=power, area=u.area))


def take(ctx: Resolution, content: SoEContent, power: str, tile: str, free: bool = False) -> None:
    """Pay a tile's costs and take it; immediate effects of discard tiles."""
    t = content.tile(tile)
    pay(ctx, content, power, t.gold, f"{tile} tile")
    if t.population:
        ctx.emit(E.PopulationChanged(power=power, delta=-t.population, why=f"{tile} tile"))
    if t.unrest:
        ctx.emit(E.UnrestChanged(power=power, delta=t.unrest, why=f"{tile} tile"))
    ctx.emit(E.TileTaken(power=power, tile=tile, free=free))
    if tile == "Industry":
        ctx.emit(E.VictoryPoints(power=power, delta=content.rule("industry_vp"), why="Industry"))
    elif tile == "Government Reform":
        n = min(content.rule("government_reform_unrest"), ctx.state.powers[power].unrest)
        if n:
            ctx.emit(E.UnrestChanged(power=power, delta=-n, why="Government Reform"))
    if t.use == "discard":
        ctx.emit(E.TileReturned(power=power, tile=tile, why="discarded"))


def carry_out(ctx, content: SoEContent, power: str, a, done: dict, standing) -> bool:
    """Carry out one action; False if it came out badly (an attack lost, a unit that did
    not arrive), for `if won:` / `if lost:`."""
    s: SoEState = ctx.state
    if isinstance(a, Pass):
        ctx.emit(E.ActionSkipped(power=power, line=a.line, why="passes"))
    elif isinstance(a, Give):  # SoE Attack: "no deal made is binding"
        ctx.emit(E.GoldGiven(power=power, to=a.to, gold=a.gold))
    elif isinstance(a, Buy):
        done["buy"] = True
        take(ctx, content, power, a.tile)
        if a.tile in ("Pirates", "Slave Revolt"):
            from .raids import raid

            raid(ctx, content, power, a, standing)
    elif isinstance(a, Build):
        build(ctx, content, power, a)
    elif isinstance(a, Move):
        arrived = True
        for unit, frm, to in a.moves:
            why = movement.move_problem(content, s, power, unit, frm, to)
            if why:
                ctx.emit(E.ActionSkipped(power=power, line=a.line, why=why))
                arrived = False
                continue
            arrived &= movement.move(ctx, content, power, unit, frm, to) == "arrived"
        return arrived
    elif isinstance(a, Attack):
        return resolve_attack(ctx, content, power, a, standing)
    elif isinstance(a, Colonize):
        done["colonize"] = True
        cid = colonize_counter(content, s, a)
        if not a.enslave:
            ctx.emit(E.PopulationChanged(power=power, delta=-1, why=f"colonizes {a.area}"))
        why = "enslaved (SoE Enslavement)" if a.enslave else "colonized (SoE Colonization)"
        ctx.emit(E.ControlChanged(area=a.area, to=power, counter=cid, why=why))
    return True


def build(ctx: Resolution, content: SoEContent, power: str, a: Build) -> None:
    """SoE Build Unit: one Population; placed at home, then it may move on (a fort as
    an army); destroy-and-rebuild takes one Unrest and no Population (the unit is not
    new: a choice, docs/orders-struggle-of-empires.md); the tile variants."""
    s: SoEState = ctx.state
    if a.rebuild_from is not None:
        ctx.emit(
            E.UnitsChanged(
                power=power,
                area=a.rebuild_from,
                unit=a.unit,
                delta=-1,
                why="destroyed to build again",
            )
        )
        ctx.emit(
            E.UnrestChanged(
                power=power, delta=content.rule("destroy_rebuild_unrest"), why="destroy and rebuild"
            )
        )
    elif a.via in FREE_BUILDS:
        ctx.emit(E.TileUsed(power=power, tile=a.via, detail=f"{a.unit} built without Population"))
    else:
        ctx.emit(E.PopulationChanged(power=power, delta=-1, why=f"builds {a.unit}"))
    if a.via == "Trained Natives":
        ctx.emit(
            E.UnitsChanged(power=power, area=a.to, unit="army", delta=1, why="Trained Natives")
        )
        # SoE Trained Natives: "After placement the unit still has a free move"
        if a.then and movement.move_problem(content, s, power, "army", a.to, a.then) is None:
            movement.move(ctx, content, power, "army", a.to, a.then)
    else:
        ctx.emit(E.UnitsChanged(power=power, area=power, unit=a.unit, delta=1, why="built"))
        if a.to is not None and a.to != power:
            movement.move(ctx, content, power, a.unit, power, a.to)
    for to in a.militia:  # SoE Militia: an army for each Militia tile used
        if s.on_map(power, "army") >= content.pieces["armies"]:
            break
        ctx.emit(E.PopulationChanged(power=power, delta=-1, why="Militia: builds an army too"))
        ctx.emit(
            E.UnitsChanged(power=power, area=power, unit="army", delta=1, why="built (Militia)")
        )
        if to and movement.army_problem(content, s, power, to) is None:
            movement.move(ctx, content, power, "army", power, to)
