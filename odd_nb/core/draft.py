"""Drafts: change an immutable state the way the rulebook reads, then freeze the result.

A game's state is a frozen dataclass. ``apply`` copies it into a ``Draft`` (a plain mutable object
with the same public fields), rule functions change the draft step by step, and ``freeze()`` builds
the next state. The old state is never touched.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Score:
...     points: int = 0
>>> class ScoreDraft(Draft, state_class=Score):
...     pass
>>> d = ScoreDraft(Score(3)); d.points += 1; d.freeze()
Score(points=4)
"""

from __future__ import annotations

from dataclasses import fields
from operator import attrgetter


class Draft:
    """Base of a game's draft. Subclass with ``class MyDraft(Draft, state_class=MyState)``; fields
    whose names start with ``_`` (caches) are not copied."""

    state_class: type
    _fields: tuple
    _read: attrgetter

    def __init_subclass__(cls, state_class=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if state_class is not None:
            cls.state_class = state_class
            cls._fields = tuple(f.name for f in fields(state_class) if f.init)
            getter = attrgetter(*cls._fields)
            cls._read = staticmethod(getter if len(cls._fields) > 1 else
                                     lambda obj: (getter(obj),))

    def __init__(self, state):
        self.__dict__.update(zip(self._fields, self._read(state)))

    def freeze(self):
        return self.state_class(*self._read(self))
