"""Exact answers already worked out, by question: within a time budget, given at once.

A question is everything an encounter's exact odds depend on: the pool, the boxes, the black
supply, fixed and placed dice, the weights, whether the 2-for-1 is allowed and the faces
discarded as rolled. The same question comes back in play: each round of a boss fight
with the same dice, an encounter met again, a peril option. When an answer must come within a
time budget (the odds panel's click), ``encounter_odds`` gives the exact answer it already has
at once, where it would otherwise give an estimate: the exact answer the background work found
for the first round is there for the next one.

>>> table = Known(size=2)
>>> q = question({"yellow": 1}, (), 6, (), None, (1000, 1), True, ())
>>> table.get(q) is None
True
>>> table.keep(q, "odds"); table.get(q)
'odds'
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock

KNOWN = 256  # exact answers kept: a few games' encounters and boss rounds


def question(pool: dict, boxes: tuple, black_supply: int, fixed, placed, weights, conversions,
             discard) -> tuple:
    """The arguments of ``encounter_odds`` that its exact answer depends on, as a key (the
    pool's colours in any order, the fixed dice in any order)."""
    return (tuple(sorted(pool.items())), tuple(boxes), black_supply, tuple(sorted(fixed)),
            None if placed is None else tuple(map(tuple, placed)), tuple(weights),
            bool(conversions), tuple(discard))


class Known:
    """The last ``size`` exact answers, by ``question``; safe to share between the odds
    panel's click and its background work (each its own thread)."""

    def __init__(self, size: int = KNOWN):
        self.size = size
        self._answers = OrderedDict()
        self._lock = Lock()

    def get(self, key):
        """The answer kept for ``key``, or None."""
        with self._lock:
            found = self._answers.get(key)
            if found is not None:
                self._answers.move_to_end(key)
            return found

    def keep(self, key, odds) -> None:
        """Keep ``odds`` for ``key``, dropping the answer used least lately past ``size``."""
        with self._lock:
            self._answers[key] = odds
            self._answers.move_to_end(key)
            while len(self._answers) > self.size:
                self._answers.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._answers.clear()


#: the exact answers of this process (``encounter_odds``)
known = Known()
