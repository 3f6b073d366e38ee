"""Dungeon Twister: two players, a labyrinth of turning rooms (rules: docs/rules/dungeon-twister.md).

Read top-down: ``game`` (the game: options, setup, agents, view) -> ``state`` (``Rules``, the
position and its draft) -> ``rules`` (setup, the turn, every verb) -> ``rooms`` (reveal,
placement, rotation), ``moves`` (Moves, jumps, wall steps, transfers), ``combat`` (combat and
the fireball), ``abilities`` (heal, regenerate, portcullises, the potion), ``scoring`` (points,
wounds, deaths, exits), ``ap`` (action points) -> ``position`` (reading a position) and
``board`` (geometry); ``actions`` and ``content`` (the data) lie under them all;
``knowledge`` says what each seat may know. ``render``, ``view``, ``agents``, ``advisor``
(the combat advisor) and ``reach`` (where characters can get to) sit above.

>>> import odd_nb
>>> t = odd_nb.start("dungeon-twister", seed=1)
>>> t.state.phase
'choose'
"""

from .actions import Act
from .agents import HeuristicAgent, RandomAgent, SearchAgent
from .content import Content, load_content, load_rooms
from .game import DungeonTwister
from .state import DungeonTwisterState, Rules

__all__ = ["Act", "Content", "DungeonTwister", "DungeonTwisterState", "HeuristicAgent",
           "RandomAgent", "Rules", "SearchAgent", "load_content", "load_rooms"]
