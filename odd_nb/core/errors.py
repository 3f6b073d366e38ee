"""The errors the core and every game raise; each message says what is wrong in the game's words.

>>> issubclass(IllegalAction, ValueError)
True
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow here. The message gives the reason in the rules' words."""


class LoadError(ValueError):
    """A save file or card file that cannot be loaded; the message says where and why."""


class OptionError(ValueError):
    """A start option that the game does not have, or a value it does not allow."""


__all__ = ["IllegalAction", "LoadError", "OptionError"]
