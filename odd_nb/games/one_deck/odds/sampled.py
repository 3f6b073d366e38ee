"""Odds by sampling, when no exact method can finish in time (the ``sampled`` method).

Rolls are drawn with a seeded generator and each is solved by the ``Solver``; the result says it
is an estimate (``exact`` false) and carries 95% intervals: Wilson for the chance to clear,
normal for the means.

>>> from odd_nb.games.one_deck import Box
>>> from odd_nb.games.one_deck.odds import Solver
>>> boxes = (Box("yellow", 5, damage=1),)
>>> odds = sampled_odds(Solver(boxes), {"yellow": 1}, boxes, 6, (), 600, seed=1)
>>> odds.exact, odds.samples, 0.25 < odds.p_clear < 0.42
(False, 600, True)
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from time import perf_counter

from ....core.stats import Z95, wilson_interval
from .result import EncounterOdds, Tally
from .rolls import check_cancel, discarded


def sampled_odds(solver, pool, boxes, black_supply, fixed, samples, seed,
             discard=(), deadline=None, cancel=None) -> EncounterOdds:
    """Odds from ``samples`` seeded rolls, each solved (or fewer, when ``deadline`` passes first,
    at least one), with 95% intervals; ``exact`` is false."""
    rng = random.Random(seed)
    results = []
    while len(results) < samples and not (
            results and deadline is not None and perf_counter() > deadline):
        check_cancel(cancel)
        dice = list(fixed) + [(c, rng.randint(1, 6)) for c, n in pool.items() for _ in range(n)]
        gone = [d for d in dice if discarded(d, discard)]
        dice = [d for d in dice if not discarded(d, discard)]
        supply = black_supply + sum(1 for d in gone if d[0] == "black")
        results.append(solver.solve(dice, supply))
    samples = len(results)
    tally = Tally(len(boxes))
    for r in results:
        tally.add(r, Fraction(1, samples))
    odds = tally.result(boxes, exact=False, samples=samples, method="sampled")
    return EncounterOdds(**{**odds.__dict__, "intervals": intervals(odds, samples)})


def intervals(odds, samples: int) -> dict:
    """95% intervals of sampled figures: Wilson for p_clear, normal for the means (damage and
    time are never negative, so neither is an interval's lower end)."""
    intervals = {"p_clear": wilson_interval(float(odds.p_clear), samples)}
    for name, dist in (("expected_damage", odds.damage), ("expected_time", odds.time)):
        mean = float(sum(k * q for k, q in dist.items()))
        var = float(sum(q * (k - mean) ** 2 for k, q in dist.items()))
        half = Z95 * math.sqrt(var / samples)
        intervals[name] = (max(0.0, mean - half), mean + half)
    return intervals
