"""The Soldier engine: the rules Soldier Kings and Soldier Emperor share (issue 9).

A variant (pbem/rulesets/soldier_kings/, later soldier_emperor/) is its content
(games/<variant>/), its Ruleset class, its event cards, and what is truly its own;
everything else lives here, once. docs/soldier-engine.md is the map: where a rule
lives, how a card effect hooks in (effects.py, hooks.py), how a variant overrides a
table or a rule, and the section each rule has in each book
(games/soldier/sections.toml).
"""
