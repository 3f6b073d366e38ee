"""Games by name: ``list_games()``, ``load_game(name)`` and the ``Game`` / ``Option`` description.

>>> import odd_nb
>>> "one-deck-dungeon" in odd_nb.list_games()
True
>>> game = odd_nb.load_game("one-deck-dungeon")
>>> [o.name for o in game.options()][:2]
['heroes', 'dungeon']
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any, Callable

from .errors import OptionError

if TYPE_CHECKING:  # for annotations only: a state finds its game here at run time
    from .state import State


@dataclass(frozen=True)
class Option:
    """One start option: its name, default, allowed values (``None`` when free-form, e.g. a
    list of hero ids) and a short description."""

    name: str
    default: Any
    description: str
    allowed: tuple | None = None
    check: Callable[[Any], Any] | None = field(default=None, compare=False, repr=False)
    #: An option added after games were published sets this false: at its default it stays out
    #: of the seed's hash (Timeline), so every earlier seed still deals the same cards.
    seeded_at_default: bool = True

    def validate(self, value):
        """The value, normalised, or OptionError saying what is allowed."""
        if self.check is not None:
            return self.check(value)
        if self.allowed is not None and value not in self.allowed:
            raise OptionError(f"option {self.name}={value!r} is not allowed; "
                              f"choose one of {list(self.allowed)}")
        return value


class Game:
    """A game: its name, its start options and how to set it up.

    Subclasses set ``name`` and implement ``options()`` and ``initial_state(options)``.
    """

    name: str = ""

    def options(self) -> list[Option]:
        raise NotImplementedError

    def strict_undo(self, options: dict) -> bool:
        """Whether undo may not step back over a chance outcome: true for games where a draw
        shows a player something the others must not be able to take back and replay (hidden
        hands with several players). Co-operative open games return false."""
        return False

    def strict_undo_at(self, state: State) -> bool:
        """``strict_undo`` for a game that starts from a given state (no options known)."""
        return False

    @property
    def data_name(self) -> str | None:
        """The name of the card data in use, if the game loads any (recorded in save files)."""
        return None

    def initial_state(self, options: dict) -> State:
        raise NotImplementedError

    def agents(self) -> dict[str, Callable[[], Any]]:
        """Agents by name, each a factory taking no argument (used by ``simulate`` and the
        widget's auto-play). Every game has ``"random"``; games add their own."""
        from .agents import RandomAgent
        return {"random": RandomAgent}

    def view(self):
        """How the play widget shows this game (``odd_nb.core.view.View``)."""
        from .view import View
        return View(self)

    @staticmethod
    def text(state: State) -> str:
        """How ``str(state)`` reads: the board as text. Games override it (their ``render``)."""
        return repr(state)

    @staticmethod
    def html(state: State) -> str:
        """How Jupyter shows a state. Games override it (their ``render``)."""
        return f"<pre>{escape(str(state))}</pre>"

    def final_stats(self, state: State) -> dict:
        """Game-specific figures of a finished (or stopped) game, one column each in a
        simulation's DataFrame, e.g. the floor reached. Plain ints, floats, strings or bools."""
        return {}

    def normalize_options(self, **given) -> dict:
        """All options with defaults filled in and values checked (OptionError otherwise)."""
        known = {o.name: o for o in self.options()}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise OptionError(f"{self.name} has no option {unknown[0]!r}; "
                              f"its options are {sorted(known)}")
        return {name: opt.validate(given.get(name, opt.default)) for name, opt in known.items()}

    def seed_options(self, options: dict) -> dict:
        """The options a seed's chance depends on: all of them, but those added later
        (``seeded_at_default=False``) only when they differ from their default."""
        quiet = {o.name: o.default for o in self.options() if not o.seeded_at_default}
        return {k: v for k, v in options.items() if not (k in quiet and v == quiet[k])}

    def new_initial_state(self, **options) -> State:
        return self.initial_state(self.normalize_options(**options))

    def __repr__(self) -> str:
        return f"<game {self.name}>"


# name -> "package:Game", imported on first use so that importing odd_nb stays light. Each
# game's package exports its Game class, and its states declare ``game_name``.
_REGISTRY: dict[str, str] = {
    "one-deck-dungeon": "odd_nb.games.one_deck:OneDeckDungeon",
    "regicide": "odd_nb.games.regicide:Regicide",
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


def load_game(name: str, **kwargs) -> Game:
    """The game called ``name``; keyword arguments go to its factory (e.g. ``content=path``)."""
    return _factory(name)(**kwargs)


def game_type(state: State):
    """The Game class of a state, found by the name its class declares (``game_name``).

    >>> import odd_nb
    >>> game_type(odd_nb.start("regicide", players=1, seed=1).state).name
    'regicide'
    """
    name = getattr(state, "game_name", "")
    if not name:
        raise OptionError(f"{type(state).__name__} belongs to no registered game")
    return _factory(name)


def game_of(state: State) -> Game:
    """The game a state belongs to, loaded with the state's card data when it carries any
    (``state.content``)."""
    content = getattr(state, "content", None)
    game = game_type(state)
    return game() if content is None else game(content=content)
