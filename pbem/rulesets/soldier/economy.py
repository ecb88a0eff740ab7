"""Soldier Kings economy: the Purchase Phase (SK 4.1, 6.2-6.4, 7.5, 18.3, the scenarios'
subsidies) and the collection of Resources and Manpower (SK 7.1-7.3, 7.6).

Purchase Phase orders, one per line (docs/orders-soldier-kings.md, "Purchase Phase"):
    place UNIT[, UNIT...] in AREA   (or AREA: UNIT, ...)  units arriving this turn (SK 6.3)
    buy army | buy 2 armies | buy fleet                    new units (SK 6.2)
    recover UNIT[, UNIT...]                                reduced units to full (SK 6.4, 18.3)
    give N to POWER                                        a scenario subsidy
    upgrade fortress AREA [paying R resources and M manpower]   SKO Economics (d) (fortresses.py)

Resolution order (SK 4.1): subsidies first (so the receiver may spend them), then every
power's arrivals are placed, then its purchases and recoveries, line by line.

Defaults (each pinned by a case in tests/cases/soldier-kings/):
- arrivals not placed by an order go to the allowed area (SK 6.3) without enemy units,
  strongest fortification first, then highest Resource value, then name
  (arrival-default.toml); with no allowed area they wait for the next campaign turn
  (arrival-delayed.toml);
- no orders: nothing bought, nothing recovered, no subsidy given (purchase-default.toml);
- minor allies' reduced units recover free, up to the table's Recovery number (SK 18.3):
  those named by `recover` first, then the strongest (recovery-minor-default.toml);
- hired mercenaries recover at the Cost Chart's price, paid by the hirer
  (recovery-mercenary.toml);
- the subsidy is given before anyone buys; orders are checked against the most the
  receiver may get (purchase-subsidy*.toml);
- SK 7.5 read as: no total may drop below zero, and a power with zero Resources or zero
  Manpower when its purchases begin (after any subsidy) may not purchase or recover at all
  (zero-*.toml). An order that can no longer be paid at resolution is skipped with an
  `sk.purchase_skipped` event.
"""

from __future__ import annotations

from collections import Counter as Tally
from typing import Any

from pbem.resolution import Resolution
from pbem.ruleset import OrderLine, Parsed, Problem, Step, parse_good_lines

from . import (
    fortresses,
    minor_rules,
    national,
    phases,
    provincials,
    purchase_orders,
    winter_purchase,
)
from .calendar import label
from .common import (
    cost,
    default_area,
    id_order,
    minor_conquered,
    placement_areas,
    placement_problem,
    treasury,
)
from .content import SoldierContent
from .events import PiecesPlaced
from .hooks import card_rules
from .purchases import (
    ArrivalDelayed,
    Buy,
    Give,
    Place,
    PurchaseSkipped,
    Recover,
    SubsidyGiven,
    UnitsBought,
    UnitsRecovered,
    arrivals,
    built_for_problem,
    money_text,
    pool,
    recover_cost,
    recovery_group,
    recovery_kind,
    recovery_number,
    shortfall,
    subsidies_from,
    subsidies_incoming,
)
from .state import Counter, SoldierState

# --------------------------------------------------------------------------- events


# --------------------------------------------------------------------------- orders


# --------------------------------------------------------------------------- helpers


# --------------------------------------------------------------------------- the stage


class Purchase:
    """SK 4.1 Purchase Phase, owed by every warring major power."""

    def owes(self, s: SoldierState) -> tuple[str, ...]:
        return tuple(s.majors)

    # ---- parse (purchase_orders.py) ----------------------------------------------

    def parse(
        self, content: SoldierContent, s: SoldierState, power: str, lines: list[OrderLine]
    ) -> Parsed:
        """The lines that read are kept (and checked) even when others do not."""
        return parse_good_lines(lambda ls: purchase_orders.read(content, s, power, ls), lines)

    # ---- validate ----------------------------------------------------------------

    def validate(
        self, content: SoldierContent, s: SoldierState, power: str, orders: list
    ) -> list[Problem]:
        problems: list[Problem] = []
        due = arrivals(s, power)
        placed: dict[str, int] = {}
        for o in (o for o in orders if isinstance(o, Place)):
            for uid in o.units:
                u = s.units[uid]
                if uid in placed:
                    problems.append(
                        Problem(f"{uid} is placed twice (also on line {placed[uid]})", o.line)
                    )
                    continue
                placed[uid] = o.line
                if uid not in due:
                    problems.append(Problem(self._not_arriving(content, s, power, u, due), o.line))
                    continue
                why = placement_problem(content, s, u, o.area)
                if why:
                    allowed = placement_areas(content, s, u)
                    hint = (
                        f" (allowed: {', '.join(allowed)})"
                        if allowed
                        else "; no area is allowed, so it waits for the next turn"
                    )
                    problems.append(Problem(why + hint, o.line))
        # SK 6.2: random selection by type needs counters left in the pool
        wanted: Tally[tuple[str, str]] = Tally()
        for o in (o for o in orders if isinstance(o, Buy)):
            if o.country and (why := built_for_problem(content, s, power, o.country, o.kind)):
                problems.append(Problem(why, o.line))
                continue
            wanted[o.kind, o.country] += o.count
            left = len(pool(s, power, o.kind, o.country))
            if wanted[o.kind, o.country] > left:
                what = {"army": "armies", "fleet": "fleets", "provincial": "provincial armies"}[
                    o.kind
                ]
                if left == 1:  # 'Austria has 1 fleet left', not '1 fleets'
                    what = {"armies": "army", "fleets": "fleet"}.get(what, "provincial army")
                problems.append(
                    Problem(
                        f"{power} has {left or 'no'} {what} left in its pool to buy"
                        + (
                            f"; this line brings the total to {wanted[o.kind, o.country]}"
                            if left
                            else ""
                        )
                        + " (SK 6.2)",
                        o.line,
                    )
                )
        # SK 19.41: provincial armies within their limit
        playing = frozenset(o.card for o in orders if hasattr(o, "card"))
        bought = 0
        for o in (o for o in orders if isinstance(o, Buy) and o.kind == "provincial"):
            bought += o.count
            most, why = provincials.room(content, s, power, playing)
            if bought > most:
                problems.append(
                    Problem(
                        f"{power} may buy {most or 'no'} more provincial armies"
                        + (f" (this line brings the total to {bought})" if most else "")
                        + f": {why}",
                        o.line,
                    )
                )
        # SK 6.4, 18.3, 18.7
        seen: dict[str, int] = {}
        free: Tally[str] = Tally()
        for o in (o for o in orders if isinstance(o, Recover)):
            for uid in o.units:
                u = s.units[uid]
                if uid in seen:
                    problems.append(
                        Problem(f"{uid} is recovered twice (also on line {seen[uid]})", o.line)
                    )
                    continue
                seen[uid] = o.line
                if s.commander(u) != power:
                    problems.append(Problem(_not_yours(s, u, power), o.line))
                elif u.status != "map":
                    problems.append(
                        Problem(
                            f"{uid} is not on the map; only units on the map recover (SK 6.4)",
                            o.line,
                        )
                    )
                elif not u.is_reduced:
                    problems.append(Problem(f"{uid} is at full strength already", o.line))
                elif content.country(u.country).kind == "card_unit":
                    problems.append(
                        Problem(
                            f"{uid}: a reduced {u.country} unit may not recover (SK 19.3)", o.line
                        )
                    )
                elif recovery_kind(content, s, u) == "minor":
                    if minor_conquered(content, s, u.country):
                        problems.append(
                            Problem(
                                f"{u.country} is conquered: its units may not recover (SK 18.7)",
                                o.line,
                            )
                        )
                        continue
                    group = recovery_group(s, u.country)  # SE 19.2
                    free[group] += 1
                    n = recovery_number(content, s, group)
                    if free[group] > n:
                        problems.append(
                            Problem(
                                f"{group} recovers at most {n} unit{'s' if n != 1 else ''} each Purchase Phase (SK 18.3)",
                                o.line,
                            )
                        )
        # subsidies (scenario special instructions)
        given: Tally[str] = Tally()
        for o in (o for o in orders if isinstance(o, Give)):
            offers = [x for x in subsidies_from(s, power) if x.get("receiver") == o.to]
            if not offers:
                problems.append(Problem(self._no_subsidy(s, power, o.to), o.line))
                continue
            given[o.to] += o.amount
            most = offers[0].get("max_resources", 0)
            if given[o.to] > most:
                problems.append(
                    Problem(f"{power} may give {o.to} at most {most} Resources this turn", o.line)
                )
        bad = {p.line for p in problems}
        problems += self._check_money(content, s, power, [o for o in orders if o.line not in bad])

        problems += fortresses.validate(content, s, power, orders)  # SKO Economics (d)
        return problems + card_rules(content).validate_purchase(content, s, power, orders)

    @staticmethod
    def _not_arriving(
        content: SoldierContent, s: SoldierState, power: str, u: Counter, due: list[str]
    ) -> str:
        arriving = (
            f" (arriving now: {', '.join(due)})" if due else " (none of its units arrive now)"
        )
        if s.commander(u) != power:
            return _not_yours(s, u, power) + arriving
        if u.status == "track":
            return (
                f"{u.id} arrives on {label(u.arrives or 0, content.game.first_year)}, not now"
                + arriving
            )
        return f"{u.id} is not on the turn track" + arriving

    @staticmethod
    def _no_subsidy(s: SoldierState, power: str, to: str) -> str:
        for x in s.subsidies:
            if x.get("giver") == power and x.get("receiver") == to:
                return f"{power} may give {to} Resources only in the Purchase Phase of Turn {x.get('turn')}"
        return f"{power} may not give Resources to {to}: the scenario allows no such subsidy"

    def _check_money(
        self, content: SoldierContent, s: SoldierState, power: str, orders: list
    ) -> list[Problem]:
        """SK 7.5: spending, line by line, never beyond what the power has (counting a
        subsidy it may still receive this phase)."""
        problems: list[Problem] = []
        r, m = treasury(s, power)
        incoming = subsidies_incoming(s, power)
        r += incoming
        note = f" (counting the {incoming} Resources it may be given)" if incoming else ""
        zero = r == 0 or m == 0
        costed = sorted(
            (o for o in orders if isinstance(o, Buy | Recover | Give | fortresses.Upgrade)),
            key=lambda o: o.line,
        )
        for o in costed:
            price = self._price(content, s, o)
            if price == (0, 0):
                continue
            if zero and not isinstance(o, Give):
                problems.append(
                    Problem(
                        f"{power} has {r} Resources and {m} Manpower{note}: with zero Resources or "
                        "zero Manpower a power may not purchase or recover units (SK 7.5)",
                        o.line,
                    )
                )
                continue
            short = shortfall((r, m), price)
            if short != (0, 0):
                problems.append(
                    Problem(
                        f"{o.text} costs {money_text(*price)}; {power} has {money_text(r, m)} left{note} "
                        f"(short by {money_text(*short)}) (SK 7.5)",
                        o.line,
                    )
                )
                continue
            r, m = r - price[0], m - price[1]
        return problems

    @staticmethod
    def _price(content: SoldierContent, s: SoldierState, o: Any) -> tuple[int, int]:
        if isinstance(o, Buy):
            r, m = cost(content, o.price_key)
            return r * o.count, m * o.count
        if isinstance(o, Give):
            return o.amount, 0
        if isinstance(o, fortresses.Upgrade):  # SKO Economics (d)
            return o.resources, o.manpower
        r = m = 0
        for uid in o.units:
            u = s.units[uid]
            if recovery_kind(content, s, u) == "paid":
                cr, cm = national.doubled(content, s, u, recover_cost(content, u))  # SKO
                r, m = r + cr, m + cm
        return r, m

    # ---- default -----------------------------------------------------------------

    def default(self, content: SoldierContent, s: SoldierState, power: str) -> list:
        """No orders: arrivals placed by the default, nothing bought, recovered or given
        (minor allies still recover free, SK 18.3)."""
        return []

    # ---- resolve -----------------------------------------------------------------

    def resolve(
        self,
        ctx: Resolution,
        content: SoldierContent,
        step: Step,
        orders: dict,
        standing: dict,
    ) -> None:
        s: SoldierState = ctx.state
        # scenario subsidies, before anyone's purchases
        for sub in [x for x in s.subsidies if x.get("turn") == s.turn]:
            giver, receiver = sub["giver"], sub["receiver"]
            want = sum(
                o.amount
                for o in orders.get(giver) or []
                if isinstance(o, Give) and o.to == receiver
            )
            amount = min(want, sub.get("max_resources", 0), treasury(ctx.state, giver)[0])
            ctx.emit(SubsidyGiven(giver=giver, receiver=receiver, resources=amount, turn=s.turn))

        card_rules(content).purchase_plays(ctx, content, orders, standing, step.phase)
        for power in s.majors:  # SK 6.3: new units in the current turn box
            self._place(ctx, content, power, orders.get(power) or [])
        # SK 18.1 (new minor units each Spring): the One-Year Scenario Special Rules give
        # minor allies no extra Spring units (game.toml one_year_rules); campaigns do.

        if minor_rules.spring_units_apply(content, ctx.state):
            minor_rules.spring_new_units(ctx, content)
        for power in s.majors:  # SKO Added Optional National Advantages, Economics (d)
            mine = national.purchase_advantages(ctx, content, power, orders.get(power) or [])
            self._spend(ctx, content, power, mine)
            fortresses.resolve(ctx, content, power, mine)
        ctx.emit(phases.StageOver(stage="purchase", next=winter_purchase.after_purchase(s)))

    def _place(self, ctx: Resolution, content: SoldierContent, power: str, orders: list) -> None:
        s: SoldierState = ctx.state
        due = arrivals(s, power)
        if not due:
            return
        ordered: dict[str, list[str]] = {}
        done: set[str] = set()
        for o in (o for o in orders if isinstance(o, Place)):
            for uid in o.units:
                if (
                    uid in due
                    and uid not in done
                    and placement_problem(content, s, s.units[uid], o.area) is None
                ):
                    ordered.setdefault(o.area, []).append(uid)
                    done.add(uid)
        if ordered:
            ctx.emit(_placed(power, ordered, defaulted=False))
        by_default: dict[str, list[str]] = {}
        waiting: list[str] = []
        # the default area depends on the counter only through these (and the state,
        # which does not change before the placements are emitted)
        chosen: dict[tuple, str | None] = {}
        for uid in due:
            if uid in done:
                continue
            u = ctx.state.units[uid]
            kind = (u.country, u.type, u.provincial, ctx.state.commander(u))
            if kind not in chosen:
                chosen[kind] = default_area(content, ctx.state, u)
            area = chosen[kind]
            if area is None:
                waiting.append(uid)
            else:
                by_default.setdefault(area, []).append(uid)
        if by_default:
            ctx.emit(_placed(power, by_default, defaulted=True))
        if waiting:  # SK 6.3: no appropriate area under friendly control
            ctx.emit(
                ArrivalDelayed(
                    power=power,
                    units=waiting,
                    arrives=winter_purchase.arrival(s, 1),
                    reason=f"{power} controls none of the areas where they may be placed (SK 6.3)",
                )
            )

    def _spend(self, ctx: Resolution, content: SoldierContent, power: str, orders: list) -> None:
        s: SoldierState = ctx.state
        r, m = treasury(s, power)
        zero = r == 0 or m == 0  # SK 7.5, after any subsidy
        free_used: Tally[str] = Tally()

        def skip(o: Any, reason: str) -> None:
            ctx.emit(PurchaseSkipped(power=power, order=o.text, line=o.line, reason=reason))

        def short_reason(price: tuple[int, int]) -> str:
            have = treasury(ctx.state, power)
            return (
                f"costs {money_text(*price)}; {power} has {money_text(*have)} "
                f"(short by {money_text(*shortfall(have, price))}) (SK 7.5)"
            )

        zero_reason = (
            f"{power} has {r} Resources and {m} Manpower: with zero Resources or zero "
            "Manpower a power may not purchase or recover units (SK 7.5)"
        )
        for o in sorted((o for o in orders if isinstance(o, Buy | Recover)), key=lambda o: o.line):
            if isinstance(o, Buy):
                if zero:
                    skip(o, zero_reason)
                    continue
                unit_price = cost(content, o.price_key)
                if o.country and (
                    why := built_for_problem(content, ctx.state, power, o.country, o.kind)
                ):
                    skip(o, why)
                    continue
                left = pool(ctx.state, power, o.kind, o.country)
                if o.kind == "provincial":  # SK 19.41: as many as its limit leaves room for
                    most, why = provincials.room(content, ctx.state, power)
                    if most < o.count:
                        skip(Buy(o.line, o.kind, o.count - most), f"{power} may buy no more: {why}")
                        o = Buy(o.line, o.kind, most)
                        if not most:
                            continue
                have = treasury(ctx.state, power)
                n = 0
                while n < min(o.count, len(left)) and shortfall(
                    have, (unit_price[0] * (n + 1), unit_price[1] * (n + 1))
                ) == (0, 0):
                    n += 1
                if n:
                    self._buy(ctx, content, power, o, n)
                if n < o.count:
                    rest = Buy(o.line, o.kind, o.count - n, o.country)
                    if n >= len(left):
                        skip(rest, f"no {o.kind} left in {power}'s pool (SK 6.2)")
                    else:
                        skip(
                            rest,
                            short_reason(
                                (unit_price[0] * (o.count - n), unit_price[1] * (o.count - n))
                            ),
                        )
                continue
            paid: list[str] = []
            minor: list[str] = []
            for uid in o.units:
                u = ctx.state.units[uid]
                one = Recover(o.line, (uid,))
                if s.commander(u) != power or u.status != "map" or not u.is_reduced:
                    skip(one, f"{uid} is no longer a reduced unit of {power} on the map")
                elif recovery_kind(content, ctx.state, u) == "minor":
                    if minor_conquered(content, ctx.state, u.country):
                        skip(one, f"{u.country} is conquered (SK 18.7)")
                    elif free_used[group := recovery_group(ctx.state, u.country)] >= (
                        recovery_number(content, ctx.state, group)
                    ):
                        skip(one, f"{u.country} has no recovery left this phase (SK 18.3)")
                    else:
                        free_used[group] += 1
                        minor.append(uid)
                else:
                    price = national.doubled(content, ctx.state, u, recover_cost(content, u))
                    if zero:
                        skip(one, zero_reason)
                    elif shortfall(treasury(ctx.state, power), price) != (0, 0):
                        skip(one, short_reason(price))
                    else:
                        paid.append(uid)
                        ctx.emit(
                            UnitsRecovered(
                                power=power,
                                units=[uid],
                                resources=price[0],
                                manpower=price[1],
                                rule="SK 6.4",
                            )
                        )
            if minor:
                ctx.emit(
                    UnitsRecovered(
                        power=power, units=minor, resources=0, manpower=0, rule="SK 18.3"
                    )
                )
        self._minor_recovery(ctx, content, power, free_used)

    @staticmethod
    def _buy(ctx: Resolution, content: SoldierContent, power: str, o: Buy, n: int) -> None:
        s: SoldierState = ctx.state
        left = pool(s, power, o.kind, o.country)
        chosen = []
        for k in range(n):  # SK 6.1, 6.2: random selection by type
            chosen.append(
                left.pop(
                    ctx.pick(
                        f"purchase: {power} {o.kind} {k + 1} of {n} (line {o.line})", len(left)
                    )
                )
            )
        turns = getattr(content.tables.constants, f"{o.unit_type}_arrival_turns").value
        r, m = cost(content, o.price_key)
        ctx.emit(
            UnitsBought(
                power=power,
                units=sorted(chosen, key=id_order),
                arrives=winter_purchase.arrival(s, turns),  # SK 6.2, SKO Economics (b)
                resources=r * n,
                manpower=m * n,
            )
        )

    @staticmethod
    def _minor_recovery(
        ctx: Resolution, content: SoldierContent, power: str, used: Tally[str]
    ) -> None:
        """SK 18.3: the rest of each minor ally's free recoveries, strongest units first."""
        s: SoldierState = ctx.state
        for minor in sorted(c for c, major in s.allies.items() if major == power):
            group = recovery_group(s, minor)  # SE 19.2: a satellite's members share one number
            left = recovery_number(content, s, group) - used[group]
            if left <= 0 or minor_conquered(content, s, minor):
                continue
            reduced = sorted(
                (
                    u
                    for u in s.units.values()
                    if u.country == minor and u.status == "map" and u.is_reduced and not u.hired_by
                ),
                key=lambda u: (-u.full[0], -u.full[1], id_order(u.id)),
            )
            used[group] += min(left, len(reduced))
            if reduced:
                ctx.emit(
                    UnitsRecovered(
                        power=power,
                        units=[u.id for u in reduced[:left]],
                        resources=0,
                        manpower=0,
                        rule="SK 18.3",
                    )
                )


def _placed(power: str, out: dict[str, list[str]], defaulted: bool) -> PiecesPlaced:
    return PiecesPlaced(
        power=power,
        placements={a: sorted(us, key=id_order) for a, us in sorted(out.items())},
        defaulted=defaulted,
    )


phases.register("purchase", Purchase())


def _not_yours(s: SoldierState, u: Counter, power: str) -> str:
    """A counter `power` does not command: its own unit lent to an ally says so (SK 19.5:
    the receiving ally pays its recovery, so recovers it)."""
    if u.country == power and u.hired_by:
        return f"{u.id} is lent to {u.hired_by} (SK 19.5): only {u.hired_by} gives it orders and recovers it"
    return f"{u.id} is not one of {power}'s units"
