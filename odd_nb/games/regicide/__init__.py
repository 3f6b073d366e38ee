"""Regicide: co-operative card game for 1-4 players (rules: shared/rules/regicide.md).

One file per concern: ``actions`` (cards, actions, chance outcomes), ``rules`` (state and turn),
``odds`` (exact odds from a seat's point of view), ``agents`` (random, heuristic, search) and
``render`` (text, HTML, observations).

>>> import odd_nb
>>> t = odd_nb.start("regicide", players=1, seed=5)
>>> t.state.rules.max_hand, t.state.jester_powers
(8, 2)
"""

from .rules import Regicide, RegicideState, Rules

__all__ = ["Regicide", "RegicideState", "Rules"]
