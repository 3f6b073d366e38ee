"""A control for sampled odds: the exact odds of the best placement that puts no 2-for-1 pair
onto a wide box (rules §4, A7; docs/odds.md, "Sampling against a control").

With two wide boxes or more, the questions ``vector`` cannot finish in time are those where a
colour keeps dice for pairs onto a wide box: each state of the colours so far then holds
thousands of contributions that differ by those dice. Without such pairs the same question is
exact in a fraction of a second, and on most rolls its best placement is the real one: only on
the rolls where a pair onto a wide box does better do the two differ. Sampling both on the same
rolls, the odds are the control's exact odds plus the mean difference (``sampled_odds``):
unbiased, as sampling alone is, and the closer the more often the two agree.

>>> from odd_nb.games.one_deck import Box
>>> from odd_nb.games.one_deck.odds import plan_for
>>> boxes = [Box("yellow", 9, wide=True, damage=1), Box("blue", 4, wide=True, damage=1)]
>>> solver, odds = control_for(plan_for({"yellow": 1, "pink": 2}, boxes), boxes)
>>> odds   # without a pair of pink dice neither box is ever reached
{(False, False): Fraction(1, 1)}
>>> solver.solve([("yellow", 6), ("pink", 5), ("pink", 4)]).covered   # the pair would fill one
(False, False)
"""

from __future__ import annotations

from fractions import Fraction
from time import perf_counter

from . import vector
from .problem import TooMuchWork
from .rolls import check_cancel
from .solver import Solver

#: the part of a time budget the control's exact odds may take, out of the exact methods'
#: share (``encounter_odds``): those give up on the questions it serves anyway, and the rolls
#: keep their time when the control does not finish either
CONTROL_SHARE = 0.1


def applies(plan) -> bool:
    """Whether a control can serve ``plan``'s question: ``vector`` takes it and a 2-for-1 pair
    may go onto one of its wide boxes (else the control would be the question itself)."""
    return vector.supports(plan) and vector.pools(plan)


def control_for(plan, boxes, placed=None, weights=(1000, 1), conversions=True, *,
                limit: int | None = None, deadline: float | None = None, cancel=None):
    """(a ``Solver`` that puts no pair onto a wide box, the exact chance of each set of boxes
    it covers: covered tuple -> Fraction), or None when the control does not apply
    (``applies``) or its odds take more than ``limit`` units of work or go past ``deadline``
    (not tried when ``vector.least_seconds`` says they cannot finish by then)."""
    if not applies(plan):
        return None
    stop = None
    if deadline is not None and vector.least_seconds(plan) > deadline - perf_counter():
        return None  # it cannot finish in time: the rolls get the time
    if deadline is not None or cancel is not None:

        def stop() -> bool:
            check_cancel(cancel)
            return deadline is not None and perf_counter() > deadline
    try:
        masks, total, _, _ = vector.vector_distribution(plan, limit=limit, stop=stop,
                                                        wide_pairs=False)
    except TooMuchWork:
        return None
    odds = {tuple(bool(mask >> i & 1) for i in range(len(boxes))): Fraction(ways, total)
            for mask, ways in masks.items() if ways}
    return Solver(boxes, placed, weights, conversions, wide_pairs=False), odds
