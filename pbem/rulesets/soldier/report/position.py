"""The power's position in a turn report: the turn, its treasury, forces, hand,
the other powers, sieges, blockades and control, as tables (docs/reports.md).

Fog of war: only what `SoldierKings.view` shows the power. The one secret in the
state is the hands (SK 3.0): a power sees its own player's cards and only the
number the others hold; the deck is not listed (the full deck minus the deck left
and one's own hand would give the others' hands)."""

from __future__ import annotations

from typing import Any

from pbem.reports.model import Section, plural

from .. import banner, common, purchases
from ..calendar import label
from ..content import Card, SoldierContent
from ..phases import TITLES
from ..state import SoldierState
from . import sko_economy_sentences
from .words import forces, join, unit_text


def sections(content: SoldierContent, s: SoldierState, power: str) -> list[Section]:
    if s.stage == "new":
        return []
    player = s.player_of(power)
    out: list[Section] = []
    stage = TITLES.get(s.stage, s.stage)
    if s.stage == "action" and s.initiative:
        stage = f"{s.initiative[min(s.acting, len(s.initiative) - 1)]}'s Action Phase"
    elif s.stage == "setup":
        stage = "Set-up"
    elif s.stage == "over":
        stage = "the game is over"
    turn = [
        f"{label(s.turn, content.game.first_year)}, {stage}; the scenario ends after {label(s.last_turn, content.game.first_year)}."
    ]
    turn += sko_economy_sentences.position_notes(content, s)  # SK optional rules
    if s.initiative and s.stage in ("action", "peace"):  # rolled in this turn (SK 4.1)
        turn.append(f"Initiative order this turn: {', '.join(s.initiative)}.")
    elif s.initiative and s.stage != "over":  # not yet rolled this turn (or a Winter)
        turn.append(
            f"Last initiative order: {', '.join(s.initiative)} (rolled each campaign turn)."
        )
    for p, t in sorted(s.frozen.items()):
        if t > s.turn:
            turn.append(f"{p} may not move before {label(t, content.game.first_year)}.")
    for pc in s.peace:
        turn.append(
            f"Peace: {pc.victor} may not attack {pc.loser} before {label(pc.until_turn, content.game.first_year)}."
        )
    flag = banner.describe(content, s)  # SE 19.6
    if flag:
        turn.append(flag)
    out.append(Section("The turn", lines=tuple(turn)))

    r, m = common.treasury(s, power)
    vp = s.victory_points.get(power)
    rows = [(content.game.rules.money, str(r)), ("Manpower", str(m))]
    if vp is not None:
        rows.append(("Victory points", str(vp)))
    pool_a, pool_f = purchases.pool(s, power, "army"), purchases.pool(s, power, "fleet")
    rows.append(
        ("In the pool to buy", f"{plural(len(pool_a), 'army')}, {plural(len(pool_f), 'fleet')}")
    )
    out.append(Section(f"{power}: treasury", ("", ""), tuple(rows)))

    out.append(
        Section(
            f"{power}: forces on the map",
            ("area", "units (attack-defence)", "leaders"),
            forces(s, True, power),
            note="" if forces(s, True, power) else "None on the map.",
        )
    )
    track = sorted(
        (u for u in s.units.values() if u.status in ("track", "setup") and s.commander(u) == power),
        key=lambda u: (u.arrives or 0, common.id_order(u.id)),
    )
    if track:
        out.append(
            Section(
                f"{power}: units to place",
                ("arrives", "units"),
                tuple(
                    (
                        label(t, content.game.first_year) if t else "set-up",
                        join([unit_text(u) for u in us]),
                    )
                    for t, us in _group(track, lambda u: u.arrives or 0)
                ),
            )
        )
    hand = sorted(s.hands.get(player, []))
    rows_h = []
    for card in hand:
        try:
            c = content.card(card)
            rows_h.append((card, card_when(c), c.text))
        except KeyError:
            rows_h.append((card, "", ""))
    out.append(
        Section(
            f"Your hand ({player})" if player != power else "Your hand",
            ("card", "when", "text"),
            tuple(rows_h),
            note="" if hand else "No cards.",
        )
    )

    others = []
    for p in s.majors:
        if p == power:
            continue
        pr, pm = common.treasury(s, p)
        on_map = [u for u in s.units.values() if u.status == "map" and s.commander(u) == p]
        hand_n = len(s.hands.get(s.player_of(p), []))
        cards = "yours" if s.player_of(p) == player else str(hand_n)
        others.append(
            (
                p,
                s.player_of(p),
                str(pr),
                str(pm),
                str(sum(u.type == "army" for u in on_map)),
                str(sum(u.type == "fleet" for u in on_map)),
                cards,
                str(s.victory_points.get(p, "-")),
            )
        )
    if others:
        out.append(
            Section(
                "The other powers",
                (
                    "power",
                    "side",
                    content.game.rules.money,
                    "Manpower",
                    "armies",
                    "fleets",
                    "cards",
                    "VP",
                ),
                tuple(others),
                power_column=0,  # the report adds the registered player
            )
        )
    theirs = forces(s, False, power)
    if theirs:
        out.append(
            Section(
                "Other forces on the map", ("area", "units (attack-defence)", "leaders"), theirs
            )
        )
    if s.allies:
        out.append(
            Section(
                "Minor allies",
                ("country", "allied with"),
                tuple((m, a) for m, a in sorted(s.allies.items())),
            )
        )
    sieges = []
    for area in sorted(set(s.fort_hits) | set(s.besieger)):
        hits = s.fort_hits.get(area, 0)
        fort = content.land_area(area).fortification if content.is_land(area) else 0
        sieges.append((area, s.besieger.get(area, "-"), f"{hits} of {fort}"))
    if sieges:
        out.append(
            Section("Sieges", ("area", "besieger", "hits on the fortification"), tuple(sieges))
        )
    blockades = [
        (area, str(b.get("sea", "-")), str(b.get("power", "-")), _fleets(b.get("fleets")))
        for area in sorted(s.blockades)
        for b in s.blockades_of(area)
    ]
    if blockades:
        out.append(Section("Blockades", ("area", "sea", "power", "fleets"), tuple(blockades)))
    held = sorted(a for a, c in s.control.items() if c == power)
    out.append(
        Section(
            f"Areas {power} controls",
            lines=(join(held) + ".",) if held else ("None.",),
        )
    )
    return out


def _fleets(value: Any) -> str:
    if isinstance(value, list | tuple):
        return join([str(x) for x in value], "-")
    return "-" if value is None else str(value)


def _group(items, key):
    out: list[tuple[Any, list]] = []
    for x in items:
        k = key(x)
        if out and out[-1][0] == k:
            out[-1][1].append(x)
        else:
            out.append((k, [x]))
    return out


# SK 5.1: "any time" unless the card says otherwise; each timing as the cards' texts say it
TIMINGS = {
    "any_time": "any time (SK 5.1)",
    "own_action_phase": "in your action phase",
    "land_movement": "in land movement",
    "naval_movement": "in naval movement",
    "interception": "on an interception attempt",
    "land_combat": "in a land battle",
    "naval_combat": "in a naval battle",
    "siege": "in a siege",
    "alliance_attempt": "with an alliance attempt",
    "initiative_phase": "in the Initiative Phase",
    "purchase_phase": "in the Purchase Phase",
    "winter_turn": "in a Winter turn",
    "winter_attrition_phase": "in the Winter Attrition Phase",
    "card_played": "when another card is played",
}


def card_when(card: Card) -> str:
    """When the card's text lets it be played (SK 5.1). The order lines that play it are
    in the players' guide and in a refused line's answer (card_parse.how_to): the hand
    is in every report, and an HTML report must stay under the mail clients' clip."""
    return TIMINGS.get(card.timing, card.timing.replace("_", " "))
