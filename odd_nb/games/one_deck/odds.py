"""Exact odds of an encounter under the best placement of the dice (rules §4, A7, A11, A24).

>>> from odd_nb.games.one_deck import Box, encounter_odds
>>> encounter_odds({"yellow": 1}, [Box("yellow", 5, damage=1)]).p_clear
Fraction(1, 3)

How it is exact without rolling 6^n dice: ``odds_dp.py`` walks the faces from 6 down to 1, drawing
how many dice of each colour show each face (``comb(n, a)`` ways, icepool's idea), and carries
every partial placement still worth keeping; states that meet again are merged. Its result is the
chance of each set of covered boxes under the same best placement ``Solver`` finds, so the odds
name the very boxes the solver covers. With small boxes only, ``odds_small.py`` walks the same
way with fewer partial placements (rules that show most ways to cover a box are never better
than another). With exactly one wide box, or with small boxes only and dice of two colours or
more, and no die placed yet, ``odds_split.py`` gives the same result faster (many times, with the
wide box): it splits the colours in two sides, lists what each colour's dice can do alone,
builds each side from them, and joins the two. When any of them would take longer
than solving each distinct roll (a multiset of face classes per colour, with its multinomial
probability) one by one, that is done instead (``method`` says which). Past ``exact_limit`` units
of work (0.3-5 µs each) it samples, and says so (``exact`` is false, with 95% intervals).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import factorial
from time import perf_counter

from ...core.progress import Cancelled
from .content import Box
from .odds_dp import DIE_COLOURS, TooMuchWork, check_weights, mask_distribution, plan_for
from .odds_small import small_distribution
from .odds_small import supports as small_supports
from .odds_split import faster_than_walk, split_distribution
from .odds_split import supports as split_supports
from .solver import COLOURS, Result, Solver

EXACT_LIMIT = 600_000  # units of work of the exact methods (0.3-5 µs each) before sampling
ENUMERATE_LIMIT = 50_000  # distinct rolls that may be solved one by one instead
WORK_PER_ROLL = 20  # units of walk work worth one roll solved by the solver
# each exact method's best pace, seconds per distinct roll, on this project's machine; with a
# time budget, one that would need longer is not started. Measured on 319 encounters of ten
# greedy games (benchmarks/odds_in_play.py's): the small-box walk 0.06-10 µs a roll (median 1),
# so at 0.5 µs the click tries 6 more encounters, all exact in time, and 3 more that are not;
# the split (313 of them, small boxes only included) 0.01-7 µs a roll over 1,000 rolls: at 0.1 µs
# the click tries 35 more than at 1 µs, 29 of them exact in time (266 of 313); lower, only more
# waste (rechecked with a faster split, benchmarks/odds_in_play.py --games 4: 0.03 and 0.05 µs
# made 163 of 197 pre-roll odds exact, 0.1 µs 162).
SECONDS_PER_ROLL = {"walk": 1e-6, "small": 0.5e-6, "split": 0.1e-6}
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
    rolls: int = 0  # distinct rolls covered (multisets of face classes per colour)
    intervals: dict = field(default_factory=dict)  # name -> (low, high), when sampled
    covered: dict = field(default_factory=dict)  # covered boxes (tuple of bools) -> probability
    work: int = 0  # units of work of the exact walk or split
    method: str = "walk"  # walk (odds_dp), small (the walk pruned for small boxes only,
    # odds_small), split (odds_split), rolls (each distinct roll solved), sampled, lines

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

    def plot(self, what: str = "damage", **kwargs):
        """A bar chart (SVG, no matplotlib) of the ``"damage"`` or ``"time"`` distribution, or
        of the chance that each box is covered (``"boxes"``)."""
        from .plot import BarChart
        if what == "boxes":
            values = {f"{i + 1}: {b}": p for i, (b, p) in enumerate(zip(self.boxes,
                                                                         self.box_covered))}
            return BarChart(values, title=kwargs.pop("title", "chance each box is covered"),
                            **kwargs)
        if what not in ("damage", "time"):
            raise ValueError(f"plot shows 'damage', 'time' or 'boxes', not {what!r}")
        dist = self.damage if what == "damage" else self.time
        return BarChart({k: p for k, p in sorted(dist.items())},
                        title=kwargs.pop("title", f"{what} ({'exact' if self.exact else 'sampled'})"),
                        xlabel=kwargs.pop("xlabel", what), **kwargs)

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
                   weights=(1000, 1), conversions: bool = True, discard=(),
                   exact_limit: int = EXACT_LIMIT, samples: int = SAMPLES,
                   seed: int = 0, max_seconds: float | None = None,
                   cancel=None) -> EncounterOdds:
    """Odds that rolling ``pool`` (colour -> number of dice) against ``boxes`` clears them, and the
    damage and time to expect, under the best placement.

    ``black_supply``: black dice left in the supply once the pool is rolled (it limits the 2-for-1
    conversions); ``fixed``: dice already in the pools, e.g. from a feat; ``placed``: dice already
    on each box; ``weights``: the objective (whole numbers), least damage then least time by
    default; ``conversions``: false when a foe forbids the 2-for-1; ``discard``: (colour or
    None, face or None) pairs a foe discards as soon as they are rolled (E3, "on roll"), e.g.
    ``(("yellow", 1),)``; ``exact_limit``: work (about
    0.3-5 µs a unit) the exact methods may take before the odds are sampled instead
    (``samples`` rolls, seeded); ``max_seconds``: a time budget (for a widget that must answer
    on every click): the exact method gets 60% of it (none if it has too many distinct rolls to
    finish; solving each distinct roll is not tried: on the encounters of real games it was
    faster than the walk only on tiny ones, by a few ms), and sampling stops when it runs out,
    with at least one roll solved (``samples`` says how many; the intervals say how good).
    ``cancel``: an event (``threading.Event``) another thread may set to drop the work: the call
    then raises ``Cancelled`` (what the play widget does when a click makes its odds moot).
    """
    start = perf_counter()
    deadline = None if max_seconds is None else start + max_seconds
    exact_deadline = None if max_seconds is None else start + 0.6 * max_seconds

    def walk_stops() -> bool:
        _check(cancel)
        return exact_deadline is not None and perf_counter() > exact_deadline

    boxes = tuple(Box.parse(b) if isinstance(b, str) else b for b in boxes)
    for colour in pool:
        if colour not in COLOURS:
            raise ValueError(f"unknown dice colour {colour!r}; colours are {list(COLOURS)}")
    check_weights(weights)
    plan = plan_for(pool, boxes, black_supply=black_supply, fixed=fixed, placed=placed,
                    weights=weights, conversions=conversions, discard=discard)
    rolls = plan.distinct_rolls()
    enumerable = rolls <= ENUMERATE_LIMIT and WORK_PER_ROLL * rolls <= exact_limit and \
        max_seconds is None
    limit = min(exact_limit, WORK_PER_ROLL * rolls) if enumerable else exact_limit
    if split_supports(plan) and faster_than_walk(plan):  # odds_split: one wide box or none
        method = "split"
    elif small_supports(plan):  # small boxes only: the walk, pruned (odds_small)
        method = "small"
    else:
        method = "walk"
    try:
        if max_seconds is not None and rolls * SECONDS_PER_ROLL[method] > 0.6 * max_seconds:
            raise TooMuchWork(0)  # it cannot finish in time: the budget goes to sampling
        stop = walk_stops if max_seconds is not None or cancel is not None else None
        if method == "split":
            masks, total, work, rolls = split_distribution(plan, limit=limit, stop=stop)
        elif method == "small":
            masks, total, work, rolls = small_distribution(plan, limit=limit, stop=stop)
        else:
            masks, total, work, rolls = mask_distribution(
                pool, boxes, black_supply=black_supply, fixed=fixed, placed=placed,
                weights=weights, conversions=conversions, discard=discard, limit=limit,
                plan=plan, stop=stop)
    except TooMuchWork:
        solver = Solver(boxes, placed, weights, conversions)
        if enumerable:  # the walk would take longer than solving each distinct roll
            return _enumerated(solver, plan, boxes, black_supply, tuple(fixed), discard, cancel)
        return _sampled(solver, pool, boxes, black_supply, tuple(fixed), samples, seed,
                        discard, deadline, cancel)
    tally = _Tally(len(boxes))
    for mask, ways in sorted(masks.items()):
        covered = tuple(bool(mask >> i & 1) for i in range(len(boxes)))
        tally.add_covered(boxes, covered, Fraction(ways, total))
    return tally.result(boxes, exact=True, rolls=rolls, work=work, method=method)


class _Tally:
    def __init__(self, n_boxes: int):
        self.damage, self.time, self.sets = {}, {}, {}
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
        key = tuple(r.covered)
        self.sets[key] = self.sets.get(key, 0) + p

    def add_covered(self, boxes, covered: tuple, p) -> None:
        """A set of covered boxes of probability ``p``: its damage and time are its open boxes'."""
        damage = sum(b.damage for b, c in zip(boxes, covered) if not c)
        time = sum(b.time for b, c in zip(boxes, covered) if not c)
        self.add(Result(damage, time, covered, ()), p)

    def result(self, boxes, **extra) -> EncounterOdds:
        return EncounterOdds(boxes, self.clear, sum(k * p for k, p in self.damage.items()),
                             sum(k * p for k, p in self.time.items()), dict(sorted(
                                 self.damage.items())), dict(sorted(self.time.items())),
                             tuple(self.covered), covered=dict(sorted(self.sets.items())),
                             **extra)


def _enumerated(solver, plan, boxes, black_supply, fixed, discard, cancel=None) -> EncounterOdds:
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
    tally = _Tally(len(boxes))
    for combo in product(*parts):
        _check(cancel)
        dice, p = list(fixed), Fraction(1)
        for faces, weight in combo:
            dice += faces
            p *= weight
        gone = [d for d in dice if _discarded(d, discard)]
        dice = [d for d in dice if not _discarded(d, discard)]
        supply = black_supply + sum(1 for d in gone if d[0] == "black")
        tally.add(solver.solve(dice, supply), p)
    return tally.result(boxes, exact=True, rolls=plan.distinct_rolls(), method="rolls")


def _sampled(solver, pool, boxes, black_supply, fixed, samples, seed,
             discard=(), deadline=None, cancel=None) -> EncounterOdds:
    rng = random.Random(seed)
    results = []
    while len(results) < samples and not (
            results and deadline is not None and perf_counter() > deadline):
        _check(cancel)
        dice = list(fixed) + [(c, rng.randint(1, 6)) for c, n in pool.items() for _ in range(n)]
        gone = [d for d in dice if _discarded(d, discard)]
        dice = [d for d in dice if not _discarded(d, discard)]
        supply = black_supply + sum(1 for d in gone if d[0] == "black")
        results.append(solver.solve(dice, supply))
    samples = len(results)
    tally = _Tally(len(boxes))
    for r in results:
        tally.add(r, Fraction(1, samples))
    odds = tally.result(boxes, exact=False, samples=samples, method="sampled")
    return EncounterOdds(**{**odds.__dict__, "intervals": _intervals(odds, samples)})


def _check(cancel) -> None:
    """Raise ``Cancelled`` once the ``cancel`` event (if any) is set."""
    if cancel is not None and cancel.is_set():
        raise Cancelled("the odds were no longer wanted")


def _discarded(die, discard) -> bool:
    return any(colour in (None, die[0]) and value in (None, die[1]) for colour, value in discard)


def _intervals(odds, samples: int) -> dict:
    """95% intervals of sampled figures: Wilson for p_clear, normal for the means."""
    intervals = {"p_clear": wilson(float(odds.p_clear), samples)}
    for name, dist in (("expected_damage", odds.damage), ("expected_time", odds.time)):
        mean = float(sum(k * q for k, q in dist.items()))
        var = float(sum(q * (k - mean) ** 2 for k, q in dist.items()))
        half = 1.96 * math.sqrt(var / samples)
        intervals[name] = (mean - half, mean + half)
    return intervals


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion ``p`` seen in ``n`` trials."""
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


# -- from a game state --------------------------------------------------------------------------
def state_odds(state, *, skills: bool = False, **kwargs) -> dict:
    """Odds of the encounter at hand before its dice are rolled (E1-E3): for a combat or a boss
    round one entry, for a peril one per option (``"A: label"``), with the level's bonus dice,
    dice already gained by feats, and the supply's limits.

    ``skills=True``: the party also plays the best line of skills and potions after the roll
    (``lines.py`` says what is covered); the odds then come from the engine's own roll (every
    die the engine rolls, rolls that lead to the same position merged), so abilities that act
    on the roll count too. Exact up to ``exact_limit`` distinct rolls (default 5,000), sampled
    past it (``samples``, default 400, seeded by ``seed``). Other keywords: ``weights``,
    ``max_uses``.

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
        from .state import Draft
        out = {}
        for i, opt in enumerate(s.encounter_card.options):
            label = f"{'AB'[i]}: {opt.label}"
            if skills:
                from .actions import ChooseOption
                out[label] = skill_odds(_settle(s.apply(ChooseOption(i))), **kwargs)
                continue
            d = Draft(s)
            choose_option(d, i)
            out[label] = _odds_of(d, fixed, (opt.colour,), **kwargs)
        return out
    key = s.dungeon_card.boss.name if s.in_boss_fight else s.encounter_card.name
    if skills:
        return {key: skill_odds(s, **kwargs)}
    colours = ("yellow", "pink", "blue") if s.option is None else \
        (s.encounter_card.options[s.option].colour,)
    return {key: _odds_of(s, fixed, colours, **kwargs)}


SKILL_EXACT_LIMIT = 5_000
SKILL_SAMPLES = 400


def skill_odds(state, *, weights=(1000, 1), max_uses: int | None = None,
               exact_limit: int = SKILL_EXACT_LIMIT, samples: int = SKILL_SAMPLES,
               seed: int = 0) -> EncounterOdds:
    """Odds of rolling from ``state`` (E2, before the roll) when the party then plays the best
    line of skills and potions (``lines.best_line``). The roll is the engine's first "roll the
    dice" action (in 2P: its default split of bonus dice and gathering order)."""
    from .actions import RollDice
    from .lines import MAX_USES, _consequences, _line, resolve
    check_weights(weights)
    if state.phase != "feats" or state.is_chance:
        raise ValueError("skill_odds needs the state before the roll (E2)")
    max_uses = MAX_USES if max_uses is None else max_uses
    roll = next(a for a in state.legal_actions() if isinstance(a, RollDice))
    rolled = state.apply(roll)
    counts = {}
    for _, colour in rolled.rolls_due:
        counts[colour] = counts.get(colour, 0) + 1
    distinct = math.prod(math.comb(n + 5, 5) for n in counts.values())
    memo, solvers = {}, {}
    boxes = tuple(rolled.boxes)
    tally = _Tally(len(boxes))
    if distinct <= exact_limit:
        positions = resolve(rolled)
        exact, n = True, 0
    else:
        rng = random.Random(seed)
        positions = []
        for _ in range(samples):
            pos = rolled
            while pos.is_chance:
                pos = pos.apply(pos.sample_chance(rng.random()))
            positions.append((pos, Fraction(1, samples)))
        exact, n = False, samples
    for pos, p in positions:
        if pos.phase != "dice":
            continue
        line = _line(pos, weights, max_uses, memo, solvers, _consequences(pos))
        for q, damage, time, covered in line.outcomes:
            tally.add(Result(damage, time, tuple(covered), ()), p * q)
    odds = tally.result(boxes, exact=exact, samples=n, rolls=distinct, method="lines")
    if exact:
        return odds
    return EncounterOdds(**{**odds.__dict__, "intervals": _intervals(odds, n)})


def _settle(s):
    """After a peril option is chosen: its time may draw cards (which cards does not matter to
    the dice, so the first is taken) and stairs damage may wait for a hero to be picked."""
    from .actions import TakeDamage
    while not (s.phase == "feats" and not s.is_chance):
        if s.is_chance:
            s = s.apply(s.chance_outcomes()[0][0])
            continue
        acts = s.legal_actions()
        if acts and isinstance(acts[0], TakeDamage):
            s = s.apply(acts[0])
            continue
        raise ValueError(f"no roll ahead of this state (phase {s.phase!r})")
    return s


def _odds_of(s, fixed, colours, **kwargs) -> EncounterOdds:
    supply = dict(zip(COLOURS, s.supply))
    pool = {}
    for colour in colours:
        want = sum(s.stat(h, colour) for h in range(len(s.heroes)))
        pool[colour] = min(want, supply[colour])
    bonus = min(s.level_side.bonus_dice, supply["black"])
    if bonus:
        pool["black"] = bonus
    discard = tuple((e.colour, e.value) for e in s.active_abilities("on_roll")
                    if e.op == "discard")
    return encounter_odds(pool, s.boxes, black_supply=supply["black"] - bonus, fixed=fixed,
                          placed=s.placed, conversions=not s.forbidden("conversion"),
                          discard=discard, **kwargs)


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
