"""The game-agnostic core: state protocol, exact chance, timelines, registry and agents."""

from .chance import Deck
from .game import Game, Option
from .registry import list_games, load_game, register
from .state import CHANCE, TERMINAL, IllegalAction, LoadError, OptionError, State
from .timeline import Entry, Timeline

__all__ = ["CHANCE", "TERMINAL", "Deck", "Entry", "Game", "IllegalAction", "LoadError", "Option",
           "OptionError", "State", "Timeline", "list_games", "load_game", "register"]
