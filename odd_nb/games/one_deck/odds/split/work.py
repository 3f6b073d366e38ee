"""The split's work: units counted against a limit, and a ``stop()`` asked along the way.

Work counts side-rolls, contributions built, merges, the bits of the tables kept and join steps,
each scaled by one of the constants below so that a unit of each kind takes about as long as
any other (chosen on the slowest real encounters the split answers; see benchmarks/README.md).
The limit also bounds the memory of the sides' tables.
"""

from __future__ import annotations

from ..problem import TooMuchWork

STOP_EVERY = 2000  # work between two calls of ``stop()``: often enough to stop soon, rarely
# enough that asking costs nothing
FOUND_PER_UNIT = 4  # contributions listed (or read) to a unit of work
BITS_PER_UNIT = 400  # bits of big ints kept (the sides' tables, the columns) to a unit
# big-int steps (merging two contributions' rolls, checking one head against another, an OR
# of what beats a contribution) to a unit of work
MERGE_STEPS = 8
SEGMENT_STEPS = 2  # join steps (a row contribution against a run of the columns) to a unit


class Work:
    """The work of one call so far (``units``); past ``limit`` units, or once ``stop()`` is true
    (asked every ``STOP_EVERY`` units, and by the phases between their steps),
    ``TooMuchWork``. Every phase is handed the call's one ``Work``.

    >>> work = Work(limit=10)
    >>> work.spend(7); work.units
    7
    >>> work.spend(7)
    Traceback (most recent call last):
    ...
    odd_nb.games.one_deck.odds.problem.TooMuchWork: 14
    """

    __slots__ = ("units", "limit", "stop", "next_stop")

    def __init__(self, limit: int | None = None, stop=None):
        self.units, self.limit, self.stop = 0, limit, stop
        self.next_stop = STOP_EVERY

    def spend(self, units: int) -> None:
        """Count work; give up past the limit, and ask ``stop()`` every ``STOP_EVERY``."""
        self.units += units
        if self.limit is not None and self.units > self.limit:
            raise TooMuchWork(self.units)
        if self.stop is not None and self.units >= self.next_stop:
            self.next_stop = self.units + STOP_EVERY
            self.ask_stop()

    def ask_stop(self) -> None:
        """Give up if ``stop()`` is true."""
        if self.stop is not None and self.stop():
            raise TooMuchWork(self.units)
