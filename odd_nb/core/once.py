"""A table that fills itself: each value made once, the first time it is asked for.

>>> squares = Once(lambda n: n * n)
>>> squares[12], len(squares)
(144, 1)
"""

from __future__ import annotations


class Once(dict):
    """``Once(make)[key]`` is ``make(key)`` the first time and the very same value after (a
    game's ready-made actions, the odds' lookup tables)."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        found = self[key] = self.make(key)
        return found
