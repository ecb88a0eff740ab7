"""Struggle of Empires: its own ruleset on the pbem core (issue 11)."""
