"""The exact odds' dynamic programme over faces (odds/walk.py) against references that share none
of its reasoning: every roll solved one by one by the placement ``Solver``. Rules covered: §4
placing dice (small and wide boxes, black dice wild, "any" boxes), A7 the 2-for-1 and the black
budget, A11 armor first, A24 the best placement and its tie-break, E3 abilities that discard
dice as rolled.

Rules references (§n, An) are to docs/rules/one-deck-dungeon.md.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import factorial

from hypothesis import given, settings
from hypothesis import strategies as st

from odd_nb.games.one_deck import Box, Solver, encounter_odds
from odd_nb.games.one_deck.odds.walk import mask_distribution
from rules_kit import enter
from test_odds import chance_tree, walk_to

DIE_COLOURS = ("yellow", "pink", "blue", "black")
BOX_COLOURS = ("yellow", "pink", "blue", "black", "any")


def multiset_rolls(pool: dict):
    """Every distinct roll (a multiset of faces per colour) with its probability."""
    parts = []
    for colour, n in pool.items():
        outs = []
        for faces in combinations_with_replacement(range(1, 7), n):
            ways = factorial(n)
            for v in set(faces):
                ways //= factorial(faces.count(v))
            outs.append(([(colour, v) for v in faces], Fraction(ways, 6 ** n)))
        parts.append(outs)
    for combo in product(*parts):
        dice, p = [], Fraction(1)
        for faces, q in combo:
            dice += faces
            p *= q
        yield dice, p


def reference(pool, boxes, supply, fixed=(), placed=None, weights=(1000, 1), discard=()):
    """Probability of each set of covered boxes: every distinct roll solved by a Solver (dice
    an ability discards go back to the supply first)."""
    solver = Solver(boxes, placed, weights)
    out = Counter()
    for dice, p in multiset_rolls(pool):
        dice = list(fixed) + dice
        gone = [d for d in dice if any(c in (None, d[0]) and v in (None, d[1])
                                       for c, v in discard)]
        kept = list(dice)
        for d in gone:
            kept.remove(d)
        black_back = sum(1 for d in gone if d[0] == "black")
        r = solver.solve(kept, supply + black_back)
        out[tuple(r.covered)] += p
    return dict(out)


def dp_sets(pool, boxes, supply, fixed=(), placed=None, weights=(1000, 1), discard=()):
    masks, total, _, _ = mask_distribution(pool, boxes, black_supply=supply, fixed=fixed,
                                           placed=placed, weights=weights, discard=discard)
    out = {}
    for mask, ways in masks.items():
        if ways:
            key = tuple(bool(mask >> i & 1) for i in range(len(boxes)))
            out[key] = out.get(key, 0) + Fraction(ways, total)
    return out


@st.composite
def dp_case(draw, max_dice=4):
    n = draw(st.integers(1, max_dice))
    pool = dict(Counter(draw(st.lists(st.sampled_from(DIE_COLOURS), min_size=n, max_size=n))))
    fixed = draw(st.lists(st.tuples(st.sampled_from(DIE_COLOURS), st.integers(1, 6)),
                          max_size=1))
    boxes = []
    for _ in range(draw(st.integers(1, 4))):
        wide = draw(st.integers(0, 2)) == 0
        boxes.append(Box(draw(st.sampled_from(BOX_COLOURS)),
                         draw(st.integers(2, 14) if wide else st.integers(1, 6)), wide=wide,
                         armor=draw(st.integers(0, 3)) == 0, damage=draw(st.integers(0, 2)),
                         time=draw(st.integers(0, 2))))
    discard = ()
    if draw(st.integers(0, 3)) == 0:
        discard = ((draw(st.sampled_from(DIE_COLOURS + (None,))), draw(st.integers(1, 6))),)
    weights = draw(st.sampled_from([(1000, 1), (1, 1), (1, 5), (0, 1)]))
    return pool, boxes, draw(st.integers(0, 3)), fixed, weights, discard


@settings(max_examples=150, deadline=None, database=None)
@given(dp_case())
def test_a24_dp_gives_every_covered_set_the_solver_gives(case):
    """§4, A7, A11, A24, E3: the probability of each set of covered boxes (so p_clear, damage,
    time and per-box figures, ties included) equals the solver's, roll by roll; with weights
    that tie damage and time, and with a face an ability discards as rolled."""
    pool, boxes, supply, fixed, weights, discard = case
    assert dp_sets(pool, boxes, supply, fixed, None, weights, discard) == \
        reference(pool, boxes, supply, fixed, None, weights, discard)


def test_a24_exact_odds_on_bigger_seeded_cases():
    """§4, A7, A11: 5-6 dice of up to four colours against 4-6 boxes with wide, armor, black and
    "any" boxes, 0-4 black dice in the supply; seeded, encounter_odds gives the solver's figures
    for every set of covered boxes, whichever exact method it picked (the walk; the split, with
    one wide box; or each distinct roll solved when those would take longer: several wide
    boxes)."""
    rng = random.Random(31)
    methods = Counter()
    for _ in range(6):
        pool = dict(Counter(rng.choice(DIE_COLOURS) for _ in range(rng.randint(5, 6))))
        boxes = []
        for _ in range(rng.randint(4, 6)):
            wide = rng.random() < 0.3
            boxes.append(Box(rng.choice(BOX_COLOURS), rng.randint(5, 13) if wide else
                             rng.randint(2, 6), wide=wide, armor=rng.random() < 0.2,
                             damage=rng.randint(0, 2), time=rng.randint(0, 1)))
        supply = rng.randint(0, 4)
        odds = encounter_odds(pool, boxes, black_supply=supply)
        assert odds.exact
        methods[odds.method] += 1
        assert {k: p for k, p in odds.covered.items() if p} == \
            reference(pool, boxes, supply), (pool, boxes)
    assert (methods["walk"] + methods["small"] + methods["split"] + methods["vector"] >= 4
            and methods["split"])


@settings(max_examples=80, deadline=None, database=None)
@given(st.sampled_from(["yellow", "pink"]), st.integers(1, 7),
       st.lists(st.tuples(st.sampled_from(["own", "any"]), st.integers(1, 6), st.booleans(),
                          st.integers(0, 2)), min_size=1, max_size=5),
       st.integers(0, 3))
def test_s4_a11_one_colour_greedy_matches_the_solver(colour, n, specs, supply):
    """§4, A11: one colour of dice against small boxes that all take it (the fast greedy path,
    icepool's sub-problem), armor included."""
    boxes = [Box(colour if kind == "own" else "any", t, armor=armor, damage=d, time=1 - d % 2)
             for kind, t, armor, d in specs]
    assert dp_sets({colour: n}, boxes, supply) == reference({colour: n}, boxes, supply)


def test_a24_odds_name_the_boxes_the_solver_covers_on_ties():
    """A24: two boxes nobody can tell apart by cost ("any 3" and "yellow 3", no ♥/⌛), one die
    reaching 3: the odds cover the box the solver covers (armor, then wide, then small, each by
    position: the "any 3"), never half of each."""
    odds = encounter_odds({"yellow": 1}, [Box("any", 3), Box("yellow", 3)], black_supply=0)
    assert odds.box_covered == (Fraction(2, 3), Fraction(0))
    assert odds.covered == {(False, False): Fraction(1, 3), (True, False): Fraction(2, 3)}


def test_e3_a24_state_odds_with_an_on_roll_discard_equal_the_engine_chance_tree():
    """E3: Lantern Wisp (e06) discards every yellow 1 as it is rolled; state_odds counts it and
    equals the engine's own chance tree followed by the best placement."""
    s = enter("e06")
    assert s.phase == "feats"
    from odd_nb.games.one_deck.actions import RollDice
    from odd_nb.games.one_deck.odds import state_odds
    (odds,) = state_odds(s).values()
    roll = next(a for a in s.legal_actions() if isinstance(a, RollDice))
    assert chance_tree(s.apply(roll)) == (odds.p_clear, odds.expected_damage,
                                          odds.expected_time)


def test_a24_state_odds_of_combats_equal_the_engine_chance_tree():
    """End to end on combats met in seeded games (E0-E3 then E4): the odds equal the engine's
    chance tree followed by the best placement."""
    from odd_nb.games.one_deck.actions import RollDice
    from odd_nb.games.one_deck.odds import state_odds
    s = walk_to(lambda s: s.phase == "feats" and s.option is None and not s.in_boss_fight
                and sum(s.stat(0, c) for c in ("yellow", "pink", "blue")) <= 6)
    (odds,) = state_odds(s).values()
    roll = next(a for a in s.legal_actions() if isinstance(a, RollDice))
    assert chance_tree(s.apply(roll)) == (odds.p_clear, odds.expected_damage,
                                          odds.expected_time)


def test_a11_a_small_box_no_die_can_reach_is_open_and_an_armor_one_blocks_the_rest():
    """§4, A11: a small box of 7 (outside the card schema, possible in a custom set) is never
    covered; when it is an armor box no other box may hold dice."""
    for boxes in ([Box("yellow", 7, armor=True, damage=1), Box("yellow", 3, damage=1)],
                  [Box("yellow", 7, armor=True, damage=1), Box("yellow", 3, damage=1,
                                                            armor=True), Box("pink", 2)],
                  [Box("yellow", 7, damage=1), Box("yellow", 3, damage=1, armor=True),
                   Box("pink", 2, damage=2)]):
        for pool in ({"yellow": 2}, {"yellow": 2, "pink": 1, "black": 1}):
            assert dp_sets(pool, boxes, 2) == reference(pool, boxes, 2), (pool, boxes)
