"""One Deck Dungeon: the flagship game (rules: docs/rules/one-deck-dungeon.md).

>>> import odd_nb
>>> t = odd_nb.start("one-deck-dungeon", heroes=["h1"], dungeon="d1", seed=7)
>>> t.play("time passes"); t.play("explore")
>>> t.play("time passes"); t.play("open a closed door")
>>> t.state.phase
'door'
"""

from .content import Box, Content, load_content
from .odds import EncounterOdds, encounter_odds
from .game import OneDeckDungeon
from .state import OddState
from .odds import Solver

__all__ = ["Box", "Content", "EncounterOdds", "OddState", "OneDeckDungeon", "Solver",
           "encounter_odds", "load_content"]
