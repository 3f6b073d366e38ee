"""Fog Town: a 1-4 player survival-horror race through a fog-bound river town
(rules: docs/rules/fog-town.md).

Read top-down: ``game`` (the game: options, setup, agents, view) -> ``state`` (``Rules``,
``Player``, ``FogState``) -> ``rules`` (the turn and the legal actions) -> ``town`` (moves,
exploring, cards, escapes), ``fights`` (fights, weapons, completing, death), ``clock`` (the
Lamplighter, the end, scores) -> ``piles`` (decks and stacks as exact chance, A25);
``content`` loads a town (``data/``), ``knowledge`` says what a seat may know; ``odds``,
``render``, ``view`` and ``agents`` sit above the rules, which never import them.

>>> import odd_nb
>>> t = odd_nb.start("fog-town", seed=1, first_player=0)
>>> t.legal_actions()[0]
<start at the Coaching Inn>
"""

from .actions import Action
from .agents import HeuristicAgent, RandomAgent, SearchAgent
from .content import Content, load_content, load_content_data
from .game import FogTown
from .odds import (ap_distribution, best_kill_chance, kill_within_two_turns, strike_odds,
                   to_frame)
from .state import FogState, Player, Rules

__all__ = ["FogTown", "FogState", "Player", "Rules", "Action", "Content", "load_content",
           "load_content_data", "HeuristicAgent", "RandomAgent", "SearchAgent",
           "ap_distribution", "best_kill_chance", "kill_within_two_turns", "strike_odds",
           "to_frame"]
