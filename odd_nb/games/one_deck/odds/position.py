"""Odds from a game position: the encounter at hand before the roll, with skills played, and the
best placement after it (rules §6 E1-E4, A24).

>>> import odd_nb
>>> t = odd_nb.start("one-deck-dungeon", seed=7)
>>> state_odds(t.state)
{}
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

from ..actions import ChooseOption, Place, RollDice, TakeDamage
from ..content import STAT_COLOURS
from ..dice import COLOURS
from ..encounter import choose_option
from ..state import Draft
from .encounter import encounter_odds
from .lines import MAX_USES, consequences, line_from, resolve
from .problem import check_weights
from .result import EncounterOdds, Tally
from .sampled import intervals
from .solver import Result, Solver


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
    if skills:
        if s.phase == "peril" and not s.is_chance:
            return {f"{'AB'[i]}: {opt.label}": skill_odds(_settle(s.apply(ChooseOption(i))),
                                                          **kwargs)
                    for i, opt in enumerate(s.encounter_card.options)}
        if s.phase == "feats" and not s.is_chance:
            return {_encounter_name(s): skill_odds(s, **kwargs)}
        return {}
    return {label: encounter_odds(*question[:2], **question[2], **kwargs)
            for label, question in encounter_questions(s).items()}


def encounter_questions(state) -> dict:
    """What ``state_odds`` asks ``encounter_odds`` (without skills), by row: (pool, boxes,
    keywords). Two positions whose questions are equal have the same odds.

    >>> import odd_nb
    >>> encounter_questions(odd_nb.start("one-deck-dungeon", seed=7).state)
    {}
    """
    s = state
    if s.phase not in ("peril", "feats") or s.is_chance:
        return {}
    fixed = [d for pool in s.pools for d in pool]
    if s.phase == "peril":
        out = {}
        for i, opt in enumerate(s.encounter_card.options):
            d = Draft(s)
            choose_option(d, i)
            out[f"{'AB'[i]}: {opt.label}"] = _question(d, fixed, (opt.colour,))
        return out
    colours = STAT_COLOURS if s.option is None else \
        (s.encounter_card.options[s.option].colour,)
    return {_encounter_name(s): _question(s, fixed, colours)}


def _encounter_name(s) -> str:
    return s.dungeon_card.boss.name if s.in_boss_fight else s.encounter_card.name


SKILL_EXACT_LIMIT = 5_000
SKILL_SAMPLES = 400


def skill_odds(state, *, weights=(1000, 1), max_uses: int | None = None,
               exact_limit: int = SKILL_EXACT_LIMIT, samples: int = SKILL_SAMPLES,
               seed: int = 0) -> EncounterOdds:
    """Odds of rolling from ``state`` (E2, before the roll) when the party then plays the best
    line of skills and potions (``lines.best_line``). The roll is the engine's first "roll the
    dice" action (in 2P: its default split of bonus dice and gathering order)."""
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
    tally = Tally(len(boxes))
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
        line = line_from(pos, weights, max_uses, memo, solvers, consequences(pos))
        for q, damage, time, covered in line.outcomes:
            tally.add(Result(damage, time, tuple(covered), ()), p * q)
    odds = tally.result(boxes, exact=exact, samples=n, rolls=distinct, method="lines")
    if exact:
        return odds
    return EncounterOdds(**{**odds.__dict__, "intervals": intervals(odds, n)})


def _settle(s):
    """After a peril option is chosen: its time may draw cards (which cards does not matter to
    the dice, so the first is taken) and stairs damage may wait for a hero to be picked."""
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


def _question(s, fixed, colours) -> tuple:
    """(pool, boxes, keywords) of ``encounter_odds`` for the dice of ``colours``."""
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
    return pool, s.boxes, dict(black_supply=supply["black"] - bonus, fixed=fixed,
                               placed=s.placed, conversions=not s.forbidden("conversion"),
                               discard=discard)


def best_placement(state, weights=(1000, 1)):
    """After the roll (E4): the best final placement of the dice in the pools onto the boxes
    still open, as a solver ``Result`` (damage, time, covered boxes and the dice for each)."""
    dice = [d for pool in state.pools for d in pool]
    solver = Solver(state.boxes, state.placed, weights, not state.forbidden("conversion"))
    return solver.solve(dice, state.supply[3])


def placement_values(state, weights=(1000, 1)) -> list:
    """What each legal placement is worth: (action, damage, time) of the best result still
    reachable after it, best first. A placement that loses nothing is as good as the optimum."""
    rows = []
    for a in state.legal_actions():
        if isinstance(a, Place):
            after = state.apply(a)
            r = best_placement(after, weights)
            rows.append((a, r.damage, r.time))
    return sorted(rows, key=lambda row: (row[1] * weights[0] + row[2] * weights[1], str(row[0])))
