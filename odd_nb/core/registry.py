"""Games by name: ``list_games()``, ``load_game(name)``, and the game a state belongs to.

>>> import odd_nb
>>> "one-deck-dungeon" in odd_nb.list_games()
True
>>> odd_nb.load_game("regicide").name
'regicide'
"""

from __future__ import annotations

import importlib

from .errors import OptionError

# name -> "package:Game", imported on first use so that importing odd_nb stays light. Each
# game's package exports its Game class, and its states declare ``game_name``.
_REGISTRY: dict[str, str] = {
    "one-deck-dungeon": "odd_nb.games.one_deck:OneDeckDungeon",
    "regicide": "odd_nb.games.regicide:Regicide",
    "dungeon-twister": "odd_nb.games.dungeon_twister:DungeonTwister",
    "fog-town": "odd_nb.games.fog_town:FogTown",
}


def register(name: str, target: str) -> None:
    """Register a game factory given as ``"package.module:callable"``."""
    _REGISTRY[name] = target


def list_games() -> list[str]:
    """Names of every registered game."""
    return sorted(_REGISTRY)


def _factory(name: str):
    if name not in _REGISTRY:
        raise OptionError(f"no game called {name!r}; games: {list_games()}")
    module, _, attr = _REGISTRY[name].partition(":")
    return getattr(importlib.import_module(module), attr)


def load_game(name: str, **kwargs):
    """The game called ``name``; keyword arguments go to its factory (e.g. ``content=path``)."""
    return _factory(name)(**kwargs)


def game_type(state):
    """The Game class of a state, found by the name its class declares (``game_name``).

    >>> import odd_nb
    >>> game_type(odd_nb.start("regicide", players=1, seed=1).state).name
    'regicide'
    """
    name = getattr(state, "game_name", "")
    if not name:
        raise OptionError(f"{type(state).__name__} belongs to no registered game")
    return _factory(name)


def game_of(state):
    """The game a state belongs to, loaded with the state's card data when it carries any
    (``state.content``)."""
    content = getattr(state, "content", None)
    game = game_type(state)
    return game() if content is None else game(content=content)
