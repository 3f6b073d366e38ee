"""Exact odds of an encounter under the best placement of the dice (rules §4, A7, A11, A24).

>>> from odd_nb.games.one_deck import Box, encounter_odds
>>> odds = encounter_odds({"yellow": 1}, [Box("yellow", 5, damage=1)])
>>> odds.p_clear, odds.method
(Fraction(1, 3), 'small')

``plan_for`` makes the question ready once (``problem.py``); then ``encounter_odds`` asks the exact
methods in the order of ``EXACT_METHODS`` and takes the first that answers it:

- ``split``: one wide box or none and no die placed yet: the colours split in two sides, each
  side's outcomes listed, and the two joined (``split/``);
- ``small``: small boxes only: the walk with fewer partial placements (``small.py``);
- ``vector``: two wide boxes or more and no die placed yet: colour by colour, each wide box's
  value (capped at its need) one place of a vector (``vector.py``);
- ``walk``: any question: faces walked from 6 down to 1, counting how many dice of each colour
  show each face, every partial placement worth keeping carried along (``walk.py``).

When the chosen method would take more work than ``exact_limit`` (or longer than a time budget
allows), each distinct roll is solved instead if there are few (``rolls.py``), else the odds are
sampled and say so (``sampled.py``: ``exact`` false, with 95% intervals), against the exact odds
of placements with no 2-for-1 pair onto a wide box where those come in time (``control.py``).
``method`` names the method that answered. docs/odds.md explains each method and why it is exact.
"""

from __future__ import annotations

import math
from fractions import Fraction
from time import perf_counter

from ..content import Box
from ..dice import COLOURS
from . import control, small, split, vector, walk
from .control import CONTROL_SHARE
from .known import known, question
from .problem import TooMuchWork, check_weights, plan_for
from .result import EncounterOdds, Tally
from .rolls import check_cancel, rolls_odds
from .sampled import sampled_odds
from .solver import Solver

#: the exact methods, in the order they are asked; ``walk`` answers every question
EXACT_METHODS = (split, small, vector, walk)
# units of work of the exact methods before sampling: the base set's biggest encounters (13-14
# dice, 7-8 boxes, a boss) take the split up to 1.6 million, about a second; sampling their
# 10,000 rolls instead took 30-140 s, each roll solved on its own
EXACT_LIMIT = 2_000_000
ENUMERATE_LIMIT = 50_000  # distinct rolls that may be solved one by one instead
WORK_PER_ROLL = 20  # units of walk work worth one roll solved by the solver
SAMPLES = 10_000


def encounter_odds(pool: dict, boxes, *, black_supply: int = 6, fixed=(), placed=None,
                   weights=(1000, 1), conversions: bool = True, discard=(),
                   exact_limit: int = EXACT_LIMIT, samples: int = SAMPLES,
                   seed: int = 0, max_seconds: float | None = None,
                   exact_share: float = 0.6, cancel=None) -> EncounterOdds:
    """Odds that rolling ``pool`` (colour -> number of dice) against ``boxes`` clears them, and the
    damage and time to expect, under the best placement.

    ``black_supply``: black dice left in the supply once the pool is rolled (it limits the 2-for-1
    conversions); ``fixed``: dice already in the pools, e.g. from a feat; ``placed``: dice already
    on each box; ``weights``: the objective (whole numbers), least damage then least time by
    default; ``conversions``: false when a foe forbids the 2-for-1; ``discard``: (colour or
    None, face or None) pairs a foe discards as soon as they are rolled (E3, "on roll"), e.g.
    ``(("yellow", 1),)``; ``exact_limit``: work the exact methods may take before the odds are
    sampled instead (``samples`` rolls, seeded); ``max_seconds``: a time budget (for a widget
    that must answer on every click): the exact method gets ``exact_share`` of it (none if
    its ``least_seconds`` exceed that; solving each distinct roll is not tried, as on real
    encounters it was faster than the walk only on tiny ones), and sampling stops when it runs
    out, with at least one roll solved (``samples`` says how many; the intervals say how good);
    an answer this process already found for the same question comes at once if it is exact or
    was worked out with at least these ``samples``, ``max_seconds`` and ``exact_limit``
    (``known.py``). ``cancel``: an event (``threading.Event``) another thread may set to drop
    the work: the call then raises ``Cancelled`` (what the play widget does when a click makes
    its odds moot).
    """
    start = perf_counter()
    check_cancel(cancel)  # dropped before it starts: even a quick question is not answered
    if not 0 < exact_share <= 1:
        raise ValueError(f"exact_share is the part of max_seconds the exact methods get, "
                         f"more than 0 and at most 1, not {exact_share!r}")
    boxes = tuple(Box.parse(b) if isinstance(b, str) else b for b in boxes)
    for colour in pool:
        if colour not in COLOURS:
            raise ValueError(f"unknown dice colour {colour!r}; colours are {list(COLOURS)}")
    check_weights(weights)
    asked = question(pool, boxes, black_supply, fixed, placed, weights, conversions, discard)
    means = (samples, math.inf if max_seconds is None else max_seconds, exact_limit)
    if max_seconds is not None:  # within a budget, what it could not better comes at once
        found = known.get(asked, means)
        if found is not None:
            return found
    odds = _odds(pool, boxes, black_supply=black_supply, fixed=fixed, placed=placed,
                 weights=weights, conversions=conversions, discard=discard,
                 exact_limit=exact_limit, samples=samples, seed=seed, max_seconds=max_seconds,
                 exact_share=exact_share, cancel=cancel, start=start)
    known.keep(asked, odds, None if odds.exact else means)
    return odds


def _odds(pool, boxes, *, black_supply, fixed, placed, weights, conversions, discard,
          exact_limit, samples, seed, max_seconds, exact_share, cancel, start) -> EncounterOdds:
    """``encounter_odds`` worked out (``start``: when it was asked, for the time budget): the
    first exact method that answers, or the fallbacks."""
    plan = plan_for(pool, boxes, black_supply=black_supply, fixed=fixed, placed=placed,
                    weights=weights, conversions=conversions, discard=discard)
    deadline = exact_deadline = control_deadline = None
    if max_seconds is not None:  # a control's time comes out of the exact methods' share
        share = min(CONTROL_SHARE, exact_share / 2)
        if vector.least_seconds(plan) > share * max_seconds or not control.applies(plan):
            share = 0  # no control, or none that could finish in its time
        deadline, control_deadline = start + max_seconds, start + exact_share * max_seconds
        exact_deadline = control_deadline - share * max_seconds

    def walk_stops() -> bool:
        check_cancel(cancel)
        return exact_deadline is not None and perf_counter() > exact_deadline

    rolls = plan.distinct_rolls()
    enumerable = rolls <= ENUMERATE_LIMIT and WORK_PER_ROLL * rolls <= exact_limit and \
        max_seconds is None
    method = next(m for m in EXACT_METHODS if m.answers(plan))
    per_roll = WORK_PER_ROLL * getattr(method, "ROLLS_DEARER", 1)
    limit = min(exact_limit, per_roll * rolls) if enumerable else exact_limit
    try:
        if exact_deadline is not None and method.least_seconds(plan) > exact_deadline - start:
            raise TooMuchWork(0)  # it cannot finish in time: the budget goes to sampling
        stop = walk_stops if max_seconds is not None or cancel is not None else None
        masks, total, work, rolls = method.distribution(plan, limit=limit, stop=stop)
    except TooMuchWork:
        solver = Solver(boxes, placed, weights, conversions)
        if enumerable:  # the walk would take longer than solving each distinct roll
            return rolls_odds(solver, plan, boxes, black_supply, tuple(fixed), discard, cancel)
        against = control.control_for(plan, boxes, placed, weights, conversions,
                                      limit=exact_limit, deadline=control_deadline,
                                      cancel=cancel)
        return sampled_odds(solver, pool, boxes, black_supply, tuple(fixed), samples, seed,
                            discard, deadline, cancel, against)
    tally = Tally(len(boxes))
    for mask, ways in sorted(masks.items()):
        covered = tuple(bool(mask >> i & 1) for i in range(len(boxes)))
        tally.add_covered(boxes, covered, Fraction(ways, total))
    return tally.result(boxes, exact=True, rolls=rolls, work=work, method=method.NAME)
