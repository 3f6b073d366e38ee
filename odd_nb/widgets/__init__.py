"""Play in a notebook cell: ``odd_nb.play("one-deck-dungeon", seed=7)``.

The widget is generic over the core protocol; a game only provides a ``View`` (``game.view()``,
see ``odd_nb.core.view``). Needs ipywidgets and anywidget (dependencies of the package).
"""

from .game import Board, GameWidget, play

__all__ = ["Board", "GameWidget", "play"]
