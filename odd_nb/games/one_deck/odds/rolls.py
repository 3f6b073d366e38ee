"""Exact odds the plain way: every distinct roll solved by the ``Solver`` (the ``rolls`` method).

A distinct roll is a multiset of face classes per colour (faces no box can tell apart merged, as
the walk does), with its multinomial probability. It is the fallback when the walk would take
longer than solving each distinct roll, and the reference the tests compare every method with.

>>> from odd_nb.games.one_deck import Box
>>> from odd_nb.games.one_deck.odds import Solver, plan_for
>>> boxes = (Box("yellow", 5, damage=1),)
>>> rolls_odds(Solver(boxes), plan_for({"yellow": 1}, boxes), boxes, 6, (), ()).p_clear
Fraction(1, 3)
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import factorial

from ....core.progress import Cancelled
from ..dice import COLOURS as DIE_COLOURS
from .result import EncounterOdds, Tally


def check_cancel(cancel) -> None:
    """Raise ``Cancelled`` once the ``cancel`` event (if any) is set."""
    if cancel is not None and cancel.is_set():
        raise Cancelled("the odds were no longer wanted")


def discarded(die, discard) -> bool:
    """Whether an ability discards ``die`` as soon as it is rolled (E3, "on roll")."""
    return any(colour in (None, die[0]) and value in (None, die[1]) for colour, value in discard)


def rolls_odds(solver, plan, boxes, black_supply, fixed, discard, cancel=None) -> EncounterOdds:
    """Exact odds the plain way: every distinct roll (a multiset of face classes per colour, with
    its multinomial probability; faces no box can tell apart merged, as the walk does), each
    solved by the solver, whose memo is shared between rolls."""
    parts = []
    for c, (n, classes) in enumerate(zip(plan.rolled, plan.classes)):
        if not n:
            continue
        bounds = list(classes) + [7]
        sizes = [hi - lo for lo, hi in zip(bounds, bounds[1:])]
        outs = []
        for counts in combinations_with_replacement(range(len(classes)), n):
            weight = Fraction(factorial(n), 6 ** n)
            for k in set(counts):
                m = counts.count(k)
                weight *= Fraction(sizes[k] ** m, factorial(m))
            outs.append((tuple((DIE_COLOURS[c], classes[k]) for k in counts), weight))
        parts.append(outs)
    tally = Tally(len(boxes))
    for combo in product(*parts):
        check_cancel(cancel)
        dice, p = list(fixed), Fraction(1)
        for faces, weight in combo:
            dice += faces
            p *= weight
        gone = [d for d in dice if discarded(d, discard)]
        dice = [d for d in dice if not discarded(d, discard)]
        supply = black_supply + sum(1 for d in gone if d[0] == "black")
        tally.add(solver.solve(dice, supply), p)
    return tally.result(boxes, exact=True, rolls=plan.distinct_rolls(), method="rolls")
