"""The optional rules of Soldier Kings (../shared/rules/soldier-kings-optional-rules.txt,
cited `SKO <heading>`, with the item letter where the text gives one: `SKO Economics
(e)`), each a switch of `pbem new --option NAME`. All are off by default (the text marks
every one optional). `all` switches every one on. The engine asks `options.on(s, NAME)`
(pbem/rulesets/soldier/options.py); Soldier Emperor offers none of them."""

from __future__ import annotations

SWITCHES: dict[str, str] = {
    # map
    "bengal-port": "SKO Map (a): Bengal is a port (coastal) area",
    "ticonderoga": "SKO Map (b): the French home area Ticonderoga (1 Resource, 0 Manpower, "
    "fortress 3); New England no longer adjacent to Upper and Lower Canada",
    "brazil": "SKO Map (c): Brazil borders the Middle Passage, not the Caribe; no land route "
    "Rio de la Plata-Venezuela",
    # economics and turn sequence
    "ally-limit": "SKO Economics (a): at most 10 Resources from one player power to one allied "
    "player power per Diplomacy Phase",
    "winter-purchase": "SKO Economics (b): a Purchase Phase in Winter; arrivals counted in game "
    "turns",
    "combat-manpower": "SKO Economics (c): unlimited rounds of land combat or siege cost 1 "
    "Manpower besides the Resources",
    "fortress-upgrades": "SKO Economics (d): one fortification level a game turn in the Purchase "
    "Phase, cost 4 Resources/Manpower, at most 5 and +2",
    "war-loans": "SKO Economics (e), War Loans: one loan a Resource and Manpower Phase, interest "
    "1 a Winter, repayment, loans deducted from victory points",
    "asian-income": "SKO Off map Asia income: Turkey and Russia add a die of Resources each "
    "Resource and Manpower Phase",
    "national-advantages": "SKO Added Optional National Advantages (France, Austria, Russia, "
    "Turkey, Spain, Holland, Prussia)",
    # the end of the game
    "random-end": "SKO Ending the game: from Turn 24 a die at the end of each Winter ends the "
    "war (5-6; 4-6 on Turns 28 and 32; 3-6 on 36 and 40); Turn 44 ends it",
    "britain-28": "SKO Britain's Automatic Victory: 28 victory points",
    # allies and war
    "separate-peace": "SKO Minor Ally Separate Peace: a 6 after each Winter Attrition Phase "
    "returns a minor ally to neutrality",
    "declaring-war": "SKO Declaring War: states of war, declaration costs, bandit/tribal "
    "exceptions, ending a war by agreement, nobody at war in Spring 1756",
    "imperial-capitals": "SKO Imperial Capitals: garrison steps and the five effects of losing one",
    "surrender": "SKO Redoing the surrender rules (15.0 Peace)",
    # units, movement and the rest
    "prussian-fleet": "SKO New Unit (Prussian Fleet): a 1-1 Prussian fleet",
    "colonial-movement": "SKO Army Leaders and Land Movement outside Europe: 1 MP a Campaign "
    "turn, generals give no aid there",
    "hanover": "SKO Hanover: 3 Resources deducted from Britain's income while another holds "
    "Hanover",
    "two-sicilies": "SKO New Minor Power: the Kingdom of the Two Sicilies (Si)",
    "yellow-fever": "SKO Yellow Fever: malaria checks in the Caribe, Africa and Brazil after "
    "Spring and Summer turns",
    "leader-loss-limits": "SKO Limits to Leader Loss Checks: only in the first two rounds; "
    "nothing withheld from a battle",
    "minors-abroad": "SKO Extra-Europe Majors Played as Minors: only those with flagged areas "
    "outside Europe operate there",
}

ALL = "all"  # every switch above
