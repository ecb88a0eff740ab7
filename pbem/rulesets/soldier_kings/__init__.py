"""Soldier Kings (Avalanche Press): the Seven Years War in Europe, 1756-1762.

Content models and loading live in ``content.py``; the ruleset is added here later.
"""
