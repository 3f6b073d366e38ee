"""One Deck Dungeon: the flagship game (rules: docs/rules/one-deck-dungeon.md).

The package reads top-down: ``game.py`` (the Game), ``state.py`` (a position), ``rules.py`` and the
rule modules (``encounter``, ``effects``, ``loot``, ``dice``), ``knowledge.py`` (what a player may
know); above the rules ``odds/`` (exact odds), ``render.py``, ``view.py`` and ``agents.py``. This
module exports what notebooks and analyses use.

>>> import odd_nb
>>> t = odd_nb.start("one-deck-dungeon", heroes=["h1"], dungeon="d1", seed=7)
>>> t.play("time passes"); t.play("explore")
>>> t.play("time passes"); t.play("open a closed door")
>>> t.state.phase
'door'
"""

from . import analysis
from .actions import DONE, EXPLORE, FACE, FLEE, OPEN_DOOR, TIME_PASSES, Place
from .agents import GreedyAgent
from .content import Box, Content, load_content
from .dice import COLOURS, covered
from .game import OneDeckDungeon
from .odds import (EncounterOdds, Solver, best_line, best_placement, encounter_odds,
                   placement_values, skill_odds, skill_values, state_odds)
from .state import HeroState, OddState

__all__ = ["COLOURS", "DONE", "EXPLORE", "FACE", "FLEE", "OPEN_DOOR", "TIME_PASSES", "Box",
           "Content", "EncounterOdds", "GreedyAgent", "HeroState", "OddState", "OneDeckDungeon",
           "Place", "Solver", "analysis", "best_line", "best_placement", "covered",
           "encounter_odds", "load_content", "placement_values", "skill_odds", "skill_values",
           "state_odds"]
