"""Answers already worked out, by question: within a time budget, given at once.

A question is everything an encounter's odds depend on: the pool, the boxes, the black supply,
fixed and placed dice, the weights, whether the 2-for-1 is allowed and the faces discarded as
rolled. The same question comes back in play: each round of a boss fight with the same dice,
an encounter met again, a peril option. When an answer must come within a time budget (the odds
panel's click, its background work), ``encounter_odds`` gives the answer it already has where it
could not do better: an exact answer always, an estimate when it was made with at least the
means this call has (as many rolls, as much time, as much exact work). So what the background
worked out for a boss's first round, exact or an estimate from thousands of rolls, is there at
the click of the next round, and the background does not do it again.

>>> table = Known(size=2)
>>> q = question({"yellow": 1}, (), 6, (), None, (1000, 1), True, ())
>>> table.get(q, (2_000, 0.18, 10)) is None
True
>>> table.keep(q, "estimate", (100_000, 30.0, 10)); table.get(q, (2_000, 0.18, 10))
'estimate'
>>> table.get(q, (100_000, 60.0, 10)) is None   # more time than it had: work it out again
True
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock

KNOWN = 256  # questions whose answers are kept: a few games' encounters and boss rounds


def question(pool: dict, boxes: tuple, black_supply: int, fixed, placed, weights, conversions,
             discard) -> tuple:
    """The arguments of ``encounter_odds`` that its answer depends on, as a key (the
    pool's colours in any order, the fixed dice in any order)."""
    return (tuple(sorted(pool.items())), tuple(boxes), black_supply,
            tuple(sorted(map(tuple, fixed))),
            None if placed is None else tuple(tuple(map(tuple, dice)) for dice in placed),
            tuple(weights), bool(conversions), tuple(map(tuple, discard)))


class Known:
    """The answers to the last ``size`` questions (``question``), each with the means it was
    worked out with (None for an exact answer, else rolls, seconds, exact work); safe to share
    between the odds panel's click and its background work (each its own thread)."""

    def __init__(self, size: int = KNOWN):
        self.size = size
        self._answers = OrderedDict()  # question -> (odds, means)
        self._lock = Lock()

    def get(self, key, means: tuple):
        """The answer kept for ``key`` if it is exact or was worked out with at least ``means``,
        one by one; else None."""
        with self._lock:
            found = self._answers.get(key)
            if found is None:
                return None
            self._answers.move_to_end(key)
        odds, had = found
        if had is None or all(h >= m for h, m in zip(had, means)):
            return odds
        return None

    def keep(self, key, odds, means: tuple | None) -> None:
        """Keep ``odds`` for ``key`` (``means``: None if exact) unless what is kept is better:
        exact, or an estimate from more rolls; past ``size`` questions, drop the one asked
        least lately."""
        with self._lock:
            had = self._answers.get(key)
            if had is None or had[1] is not None and (
                    means is None or had[0].samples <= odds.samples):
                self._answers[key] = (odds, means)
            self._answers.move_to_end(key)
            while len(self._answers) > self.size:
                self._answers.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._answers.clear()


#: the answers of this process (``encounter_odds``)
known = Known()
