"""What a game is to the core: its name, its start options (``Option``) and how to set it up.

Each game's package subclasses ``Game`` in its ``game.py``; the registry (``registry.py``) finds
it by name.

>>> import odd_nb
>>> game = odd_nb.load_game("one-deck-dungeon")
>>> [o.name for o in game.options()][:2]
['heroes', 'dungeon']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any, Callable

from .errors import OptionError


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
        """The value, normalised, or OptionError saying what is allowed. A value must be one of
        ``allowed`` of the same type (``1`` is not ``True``, ``2.0`` is not ``2``); ``check``
        then normalises it or refuses it.

        >>> Option("players", 2, "", (1, 2)).validate(2.0)
        Traceback (most recent call last):
        ...
        odd_nb.core.errors.OptionError: option players=2.0 is not allowed; choose one of [1, 2]
        """
        if self.allowed is not None and not any(type(value) is type(a) and value == a
                                                for a in self.allowed):
            raise OptionError(f"option {self.name}={value!r} is not allowed; "
                              f"choose one of {list(self.allowed)}")
        return value if self.check is None else self.check(value)


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

    def strict_undo_at(self, state) -> bool:
        """``strict_undo`` for a game that starts from a given state (no options known)."""
        return False

    @property
    def data_name(self) -> str | None:
        """The name of the card data in use, if the game loads any (recorded in save files)."""
        return None

    def initial_state(self, options: dict):
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
    def text(state) -> str:
        """How ``str(state)`` reads: the board as text. Games override it (their ``render``)."""
        return repr(state)

    @staticmethod
    def html(state) -> str:
        """How Jupyter shows a state. Games override it (their ``render``)."""
        return f"<pre>{escape(str(state))}</pre>"

    def final_stats(self, state) -> dict:
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

    def new_initial_state(self, **options):
        return self.initial_state(self.normalize_options(**options))

    def __repr__(self) -> str:
        return f"<game {self.name}>"


__all__ = ["Game", "Option"]
