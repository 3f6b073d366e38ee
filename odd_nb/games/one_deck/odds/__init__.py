"""Odds of One Deck Dungeon encounters, exact where others sample (docs/odds.md).

One question, several methods: ``plan_for`` makes an encounter's question ready (``problem.py``),
``encounter_odds`` asks the exact methods in turn (``split``, ``small``, ``vector``, ``walk``)
and falls back on solving each distinct roll (``rolls``) or on sampling (``sampled``); within a
time budget it gives an exact answer it already found for the same question at once (``known``).
``Solver`` finds the best placement of one roll, ``lines`` the best line of skills and potions,
and ``position`` asks all of it of a game state.

>>> from odd_nb.games.one_deck.odds import Box, encounter_odds
>>> encounter_odds({"yellow": 2}, [Box("yellow", 5, damage=1)]).p_clear
Fraction(5, 9)
"""

from ..content import Box
from .encounter import EXACT_METHODS, encounter_odds
from .lines import Line, best_line, line_uses, placement, skill_values
from .position import best_placement, placement_values, skill_odds, state_odds
from .problem import Plan, TooMuchWork, plan_for
from .result import EncounterOdds
from .solver import Result, Solver

__all__ = ["Box", "EXACT_METHODS", "EncounterOdds", "Line", "Plan", "Result", "Solver",
           "TooMuchWork", "best_line", "best_placement", "encounter_odds", "line_uses",
           "placement", "placement_values", "plan_for", "skill_odds", "skill_values",
           "state_odds"]
