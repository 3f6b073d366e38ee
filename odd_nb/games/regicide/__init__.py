"""Regicide: co-operative card game for 1-4 players (rules: docs/rules/regicide.md).

Read top-down: ``game`` (the game: options, setup, agents, view) -> ``state`` (``Rules``,
``RegicideState`` and its kinds) -> ``fast`` (the fast steps) and ``rules`` (the rulebook's steps
on a draft) -> ``fields`` (what a position holds) and ``knowledge`` (what each seat may know);
``actions`` (cards, actions, chance outcomes) lies under them all. ``odds`` (exact odds from a
seat's point of view) builds on ``knowledge``; ``render``, ``view`` and ``agents`` sit above the
rules, which never import them.

>>> import odd_nb
>>> t = odd_nb.start("regicide", players=1, seed=5)
>>> t.state.rules.max_hand, t.state.jester_powers
(8, 2)
"""

from .actions import (ATTACK, CARD_ID, CARD_NAME, CLUBS, DIAMONDS, HEALTH, HEARTS, JACKS, KINGS,
                      QUEENS, SPADES, SUIT, USE_JESTER_POWER, VALUE, YIELD, Discard, Do, Draw,
                      ExactKill, Heal, NextPlayer, Play, Reveal, Signal, parse)
from .agents import HeuristicAgent, RandomAgent, SearchAgent
from .game import Regicide
from .odds import (hand_value_distribution, next_draw, next_draw_rows, play_effects, play_rows,
                   plays, survival, survival_rows, to_frame)
from .state import RegicideState, Rules

__all__ = [
    # the game and its state
    "Regicide", "RegicideState", "Rules",
    # cards, actions and chance outcomes
    "ATTACK", "CARD_ID", "CARD_NAME", "CLUBS", "DIAMONDS", "HEALTH", "HEARTS", "JACKS", "KINGS",
    "QUEENS", "SPADES", "SUIT", "USE_JESTER_POWER", "VALUE", "YIELD", "Discard", "Do", "Draw",
    "ExactKill", "Heal", "NextPlayer", "Play", "Reveal", "Signal", "parse",
    # exact odds from one seat's point of view
    "hand_value_distribution", "next_draw", "next_draw_rows", "play_effects", "play_rows",
    "plays", "survival", "survival_rows", "to_frame",
    # agents
    "HeuristicAgent", "RandomAgent", "SearchAgent",
]
