"""Exact odds of an encounter under the best placement of the dice.

>>> from odd_nb.games.one_deck import Box, encounter_odds
>>> encounter_odds({"yellow": 1}, [Box("yellow", 5, damage=1)]).p_clear
Fraction(1, 3)

How it is exact without rolling 6^n dice: the roll of each colour is a multiset of face values
with its multinomial probability (icepool's idea: counts of each face, not ordered rolls), and
where no wide box can use a colour's values (and conversions cannot carry them to one), faces are
merged into classes between the small boxes' targets, since nothing can tell them apart. Each
distinct roll is solved by the same ``Solver``, whose memo is shared between rolls. Only when the
number of distinct rolls passes ``exact_limit`` does it sample instead, and then it says so
(``exact`` is false) and gives 95% intervals.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import factorial

from .content import Box
from .dice import colour_matches
from .solver import COLOURS, Solver

EXACT_LIMIT = 50_000
SAMPLES = 10_000


@dataclass(frozen=True, repr=False)
class EncounterOdds:
    """Odds of one encounter: exact Fractions (or estimates, when ``exact`` is false)."""

    boxes: tuple
    p_clear: Fraction
    expected_damage: Fraction
    expected_time: Fraction
    damage: dict  # damage -> probability
    time: dict  # time -> probability
    box_covered: tuple  # probability that each box is covered
    exact: bool = True
    samples: int = 0
    rolls: int = 0  # distinct rolls solved
    intervals: dict = field(default_factory=dict)  # name -> (low, high), when sampled

    def to_frame(self):
        """One row per box: what it is and the chance the best placement covers it."""
        import pandas as pd
        return pd.DataFrame({
            "box": [str(b) for b in self.boxes],
            "p_covered": [float(p) for p in self.box_covered],
            "damage": [b.damage for b in self.boxes], "time": [b.time for b in self.boxes],
        })

    def distribution(self):
        """Damage and time distributions as a DataFrame (columns kind, amount, probability)."""
        import pandas as pd
        rows = [("damage", k, float(p)) for k, p in sorted(self.damage.items())]
        rows += [("time", k, float(p)) for k, p in sorted(self.time.items())]
        return pd.DataFrame(rows, columns=["kind", "amount", "probability"])

    def summary(self) -> dict:
        return {"p_clear": float(self.p_clear), "expected_damage": float(self.expected_damage),
                "expected_time": float(self.expected_time), "exact": self.exact}

    def __str__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, {self.samples} samples, 95% intervals"
        return (f"clear {float(self.p_clear):.1%} · expected damage "
                f"{float(self.expected_damage):.3f} · expected time "
                f"{float(self.expected_time):.3f} ({how})")

    def __repr__(self) -> str:
        return f"<EncounterOdds {self}>"

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{b}</td><td>{float(p):.1%}</td></tr>"
                       for b, p in zip(self.boxes, self.box_covered))
        dmg = " · ".join(f"{k}: {float(p):.1%}" for k, p in sorted(self.damage.items()))
        return (f"<div><b>{self}</b><br>damage {dmg}<table><tr><th>box</th>"
                f"<th>covered</th></tr>{rows}</table></div>")


def encounter_odds(pool: dict, boxes, *, black_supply: int = 6, fixed=(), placed=None,
                   weights=(1000, 1), conversions: bool = True, exact_limit: int = EXACT_LIMIT,
                   samples: int = SAMPLES, seed: int = 0) -> EncounterOdds:
    """Odds that rolling ``pool`` (colour -> number of dice) against ``boxes`` clears them, and the
    damage and time to expect, under the best placement.

    ``black_supply``: black dice left in the supply once the pool is rolled (it limits the 2-for-1
    conversions); ``fixed``: dice already in the pools, e.g. from a feat; ``placed``: dice already
    on each box; ``weights``: the objective, least damage then least time by default;
    ``conversions``: false when a foe forbids the 2-for-1.
    """
    boxes = tuple(Box.parse(b) if isinstance(b, str) else b for b in boxes)
    for colour in pool:
        if colour not in COLOURS:
            raise ValueError(f"unknown dice colour {colour!r}; colours are {list(COLOURS)}")
    solver = Solver(boxes, placed, weights, conversions)
    # conversions need a black die in the supply, or a black die to give back to it
    can_convert = conversions and (black_supply > 0 or pool.get("black", 0) > 0
                                   or any(d[0] == "black" for d in fixed))
    parts = [_colour_outcomes(c, n, boxes, can_convert) for c, n in pool.items() if n]
    total = math.prod(len(p) for p in parts)
    if total > exact_limit:
        return _sampled(solver, pool, boxes, black_supply, tuple(fixed), samples, seed)
    tally = _Tally(len(boxes))
    for combo in product(*parts):
        dice, p = list(fixed), Fraction(1)
        for faces, weight in combo:
            dice += faces
            p *= weight
        tally.add(solver.solve(dice, black_supply), p)
    return tally.result(boxes, exact=True, rolls=total)


class _Tally:
    def __init__(self, n_boxes: int):
        self.damage, self.time = {}, {}
        self.covered = [0] * n_boxes
        self.clear = 0

    def add(self, r, p) -> None:
        self.damage[r.damage] = self.damage.get(r.damage, 0) + p
        self.time[r.time] = self.time.get(r.time, 0) + p
        for i, c in enumerate(r.covered):
            if c:
                self.covered[i] += p
        if r.cleared:
            self.clear += p

    def result(self, boxes, **extra) -> EncounterOdds:
        return EncounterOdds(boxes, self.clear, sum(k * p for k, p in self.damage.items()),
                             sum(k * p for k, p in self.time.items()), dict(sorted(
                                 self.damage.items())), dict(sorted(self.time.items())),
                             tuple(self.covered), **extra)


def _colour_outcomes(colour: str, n: int, boxes, conversions: bool) -> list:
    """Distinct rolls of ``n`` dice of ``colour`` with their probabilities, faces merged into the
    classes the boxes can tell apart."""
    classes = _face_classes(colour, boxes, conversions)
    out = []
    for counts in combinations_with_replacement(range(len(classes)), n):
        weight = Fraction(factorial(n), 6 ** n)
        for k in set(counts):
            m = counts.count(k)
            weight *= Fraction(len(classes[k]) ** m, factorial(m))
        out.append((tuple((colour, classes[k][0]) for k in counts), weight))
    return out


def _face_classes(colour: str, boxes, conversions: bool) -> list:
    """Faces 1-6 grouped so that two faces in a group act the same against every box."""
    reach = [b for b in boxes if conversions or colour_matches(b.colour, colour)]
    if any(b.wide for b in reach):
        return [[v] for v in range(1, 7)]  # sums need the exact values
    cuts = sorted({b.target for b in reach} | {1})
    return [[v for v in range(1, 7) if lo <= v < hi]
            for lo, hi in zip(cuts, cuts[1:] + [7]) if lo <= 6]


def _sampled(solver, pool, boxes, black_supply, fixed, samples, seed) -> EncounterOdds:
    rng = random.Random(seed)
    tally = _Tally(len(boxes))
    p = Fraction(1, samples)
    for _ in range(samples):
        dice = list(fixed) + [(c, rng.randint(1, 6)) for c, n in pool.items() for _ in range(n)]
        tally.add(solver.solve(dice, black_supply), p)
    odds = tally.result(boxes, exact=False, samples=samples)
    intervals = {"p_clear": wilson(float(odds.p_clear), samples)}
    for name, dist in (("expected_damage", odds.damage), ("expected_time", odds.time)):
        mean = float(sum(k * q for k, q in dist.items()))
        var = float(sum(q * (k - mean) ** 2 for k, q in dist.items()))
        half = 1.96 * math.sqrt(var / samples)
        intervals[name] = (mean - half, mean + half)
    return EncounterOdds(**{**odds.__dict__, "intervals": intervals})


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion ``p`` seen in ``n`` trials."""
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


# -- from a game state --------------------------------------------------------------------------
def state_odds(state, **kwargs) -> dict:
    """Odds of the encounter at hand before its dice are rolled (E1-E3): for a combat or a boss
    round one entry, for a peril one per option (``"A: label"``), with the level's bonus dice,
    dice already gained by feats, and the supply's limits.

    >>> import odd_nb
    >>> t = odd_nb.start("one-deck-dungeon", seed=7)
    >>> state_odds(t.state)
    {}
    """
    s = state
    if s.phase not in ("peril", "feats") or s.is_chance:
        return {}
    fixed = [d for pool in s.pools for d in pool]
    if s.phase == "peril":
        from .encounter import choose_option
        from .rules import Draft
        out = {}
        for i, opt in enumerate(s.encounter_card.options):
            d = Draft(s)
            choose_option(d, i)
            out[f"{'AB'[i]}: {opt.label}"] = _odds_of(d, fixed, (opt.colour,), **kwargs)
        return out
    key = s.dungeon_card.boss.name if s.in_boss_fight else s.encounter_card.name
    colours = ("yellow", "pink", "blue") if s.option is None else \
        (s.encounter_card.options[s.option].colour,)
    return {key: _odds_of(s, fixed, colours, **kwargs)}


def _odds_of(s, fixed, colours, **kwargs) -> EncounterOdds:
    supply = dict(zip(COLOURS, s.supply))
    pool = {}
    for colour in colours:
        want = sum(s.stat(h, colour) for h in range(len(s.heroes)))
        pool[colour] = min(want, supply[colour])
    bonus = min(s.level_side.bonus_dice, supply["black"])
    if bonus:
        pool["black"] = bonus
    return encounter_odds(pool, s.boxes, black_supply=supply["black"] - bonus, fixed=fixed,
                          placed=s.placed, conversions=not s.forbidden("conversion"), **kwargs)


def best_placement(state, weights=(1000, 1)):
    """After the roll (E4): the best final placement of the dice in the pools onto the boxes
    still open, as a solver ``Result`` (damage, time, covered boxes and the dice for each)."""
    dice = [d for pool in state.pools for d in pool]
    solver = Solver(state.boxes, state.placed, weights, not state.forbidden("conversion"))
    return solver.solve(dice, state.supply[3])


def placement_values(state, weights=(1000, 1)) -> list:
    """What each legal placement is worth: (action, damage, time) of the best result still
    reachable after it, best first. A placement that loses nothing is as good as the optimum."""
    from .actions import Place
    rows = []
    for a in state.legal_actions():
        if isinstance(a, Place):
            after = state.apply(a)
            r = best_placement(after, weights)
            rows.append((a, r.damage, r.time))
    return sorted(rows, key=lambda row: (row[1] * weights[0] + row[2] * weights[1], str(row[0])))
