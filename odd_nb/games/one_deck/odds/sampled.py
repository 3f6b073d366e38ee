"""Odds by sampling, when no exact method can finish in time (the ``sampled`` method, or
``controlled`` when a control's exact odds sharpen them: ``control.py``).

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
                 discard=(), deadline=None, cancel=None, control=None) -> EncounterOdds:
    """Odds from ``samples`` seeded rolls, each solved (or fewer, when ``deadline`` passes first,
    at least one), with 95% intervals; ``exact`` is false. With a ``control`` (``control.py``:
    a solver that puts no pair onto a wide box and its exact odds), each roll is solved by
    both, and each set of covered boxes gets the control's exact chance plus how much more
    often the solver than the control covers it (``controlled``)."""
    rng = random.Random(seed)
    results, controls = [], []
    while len(results) < samples and not (
            results and deadline is not None and perf_counter() > deadline):
        check_cancel(cancel)
        dice = list(fixed) + [(c, rng.randint(1, 6)) for c, n in pool.items() for _ in range(n)]
        gone = [d for d in dice if discarded(d, discard)]
        dice = [d for d in dice if not discarded(d, discard)]
        supply = black_supply + sum(1 for d in gone if d[0] == "black")
        results.append(solver.solve(dice, supply))
        if control is not None:
            controls.append(control[0].solve(dice, supply))
    if control is not None:
        return controlled(boxes, results, controls, control[1])
    samples = len(results)
    tally = Tally(len(boxes))
    for r in results:
        tally.add(r, Fraction(1, samples))
    odds = tally.result(boxes, exact=False, samples=samples, method="sampled")
    return EncounterOdds(**{**odds.__dict__, "intervals": intervals(odds, samples)})


def controlled(boxes, results, controls, exact: dict) -> EncounterOdds:
    """Odds from the same rolls solved two ways, ``results`` by the solver and ``controls`` by
    one whose odds are known ``exact``ly (covered tuple -> chance): a control variate. The
    chance of each set of covered boxes is its exact chance under the control plus the share
    of rolls the solver covers it on less the share the control covers it on: unbiased, and
    the more often the two agree, the closer. A set whose estimate falls below 0 (a rare set
    the control covers on a sampled roll, the solver not) counts 0, the others scaled to add
    up to 1. Intervals (``method`` "controlled"): for the chance to clear, Wilson's on the
    share of rolls where only one of the two clears (a pair onto a wide box only adds to what
    the control covers, so the solver then clears and the control does not); for the means,
    normal from the spread of the differences, and at least what three differences as large
    as the boxes' damage or time could make (none seen on ``n`` rolls still leaves a chance of
    up to about 3/n).

    >>> from odd_nb.games.one_deck import Box
    >>> from odd_nb.games.one_deck.odds.solver import Result
    >>> boxes = (Box("yellow", 5, damage=1),)
    >>> yes, no = Result(0, 0, (True,), ()), Result(1, 0, (False,), ())
    >>> odds = controlled(boxes, [yes, no], [no, no], {(True,): Fraction(1, 3),
    ...                                                 (False,): Fraction(2, 3)})
    >>> odds.p_clear, odds.method   # 1/3, and once in two rolls the solver did better
    (Fraction(5, 6), 'controlled')
    """
    samples = len(results)
    chance = dict(exact)
    for r, c in zip(results, controls):
        chance[r.covered] = chance.get(r.covered, 0) + Fraction(1, samples)
        chance[c.covered] = chance.get(c.covered, 0) - Fraction(1, samples)
    chance = {covered: p for covered, p in chance.items() if p > 0}
    total = sum(chance.values())
    tally = Tally(len(boxes))
    for covered, p in sorted(chance.items()):
        tally.add_covered(boxes, covered, p / total)
    odds = tally.result(boxes, exact=False, samples=samples, method="controlled")
    share = sum(r.cleared != c.cleared for r, c in zip(results, controls)) / samples
    low, high = wilson_interval(share, samples)
    centre = float(odds.p_clear)
    spread = {"p_clear": (max(0.0, centre - (share - low)), min(1.0, centre + (high - share)))}
    for name, of, most in (("expected_damage", lambda r: r.damage, sum(b.damage for b in boxes)),
                           ("expected_time", lambda r: r.time, sum(b.time for b in boxes))):
        differences = [of(r) - of(c) for r, c in zip(results, controls)]
        mean = sum(differences) / samples
        var = sum((d - mean) ** 2 for d in differences) / samples
        half = max(Z95 * math.sqrt(var / samples), 3 * most / samples)
        centre = float(getattr(odds, name))
        spread[name] = (max(0.0, centre - half), centre + half)
    return EncounterOdds(**{**odds.__dict__, "intervals": spread})


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
