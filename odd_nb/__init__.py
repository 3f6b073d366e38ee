"""odd_nb: tabletop dungeon games as rules engines you can play, rewind and analyse in Jupyter.

>>> import odd_nb
>>> t = odd_nb.start("one-deck-dungeon", seed=7)
>>> t.play("time passes")
>>> len(t.history) > 0
True
"""

from .core import (CHANCE, TERMINAL, Game, IllegalAction, LoadError, Option, OptionError, State,
                   Timeline, list_games, load_game, register)

__version__ = "0.1.0"


def start(name: str, *, seed: int | None = None, content=None, **options) -> Timeline:
    """Set up a new game and return its Timeline, chance resolved by ``seed``.

    ``content`` (where the game takes card data) is passed to ``load_game``."""
    game = load_game(name) if content is None else load_game(name, content=content)
    return Timeline(game, game.normalize_options(**options), seed)


# Imported on first use: the engine stays importable without pandas, tqdm or ipywidgets (Pyodide).
_LAZY = {"simulate": "odd_nb.simulation", "summary": "odd_nb.simulation", "play": "odd_nb.widgets"}


def __getattr__(name):
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'odd_nb' has no attribute {name!r}")


__all__ = ["play", "simulate", "summary", "CHANCE", "TERMINAL", "Game", "IllegalAction", "LoadError", "Option", "OptionError",
           "State", "Timeline", "list_games", "load_game", "register", "start"]
