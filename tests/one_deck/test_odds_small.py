"""The small-box odds (odds/small.py) against the walk over faces it prunes (odds/walk.py), against
every ordered roll solved by the placement ``Solver``, and against counts made by hand. Rules
covered: §4 placing dice (small boxes, black dice wild, "any" boxes, armor first), A7 the 2-for-1
and the black budget, A11 the scope of armor first, A24 the best placement and its tie-break,
E3 faces discarded as rolled.

Rules references (§n, An) are to docs/rules/one-deck-dungeon.md.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest

from odd_nb.games.one_deck import Box, Solver
from odd_nb.games.one_deck.odds import TooMuchWork, plan_for
from odd_nb.games.one_deck.odds.walk import mask_distribution
from odd_nb.games.one_deck.odds.small import small_distribution, supports

DIE_COLOURS = ("yellow", "pink", "blue", "black")
BOX_COLOURS = ("yellow", "pink", "blue", "black", "any")


def random_case(rng: random.Random, most_dice: int) -> tuple:
    """1..``most_dice`` dice (yellow twice as likely), 1-7 small boxes of every colour (a twin of
    the first now and then, a target of 7 rarely), armor on a quarter, 0-6 black dice in the
    supply, 2-for-1 mostly allowed, any weights; sometimes a die already showing a face or a
    face discarded as rolled."""
    pool = dict(Counter(rng.choice(("yellow",) + DIE_COLOURS)
                        for _ in range(rng.randint(1, most_dice))))
    boxes = [Box(rng.choice(BOX_COLOURS), 7 if rng.random() < 0.03 else rng.randint(1, 6),
                 armor=rng.random() < 0.25, damage=rng.randint(0, 2), time=rng.randint(0, 1))
             for _ in range(rng.randint(1, 6))]
    if rng.random() < 0.3:
        boxes.append(boxes[0])
    options = dict(black_supply=rng.randint(0, 6), conversions=rng.random() < 0.85,
                   weights=rng.choice([(1000, 1), (1, 1), (0, 1), (1, 5)]))
    if rng.random() < 0.15:
        options["fixed"] = [(rng.choice(DIE_COLOURS), rng.randint(1, 6))]
    if rng.random() < 0.1:
        options["discard"] = [(rng.choice(DIE_COLOURS + (None,)), rng.randint(1, 6))]
    return pool, boxes, options


def brute(pool: dict, boxes, supply: int) -> dict:
    """Covered mask -> ordered rolls, every roll solved by a Solver."""
    solver = Solver(boxes)
    colours = [c for c, n in pool.items() for _ in range(n)]
    out = Counter()
    for faces in product(range(1, 7), repeat=len(colours)):
        covered = solver.solve(list(zip(colours, faces)), supply).covered
        out[sum(1 << i for i, c in enumerate(covered) if c)] += 1
    return dict(out)


def odds(pool: dict, boxes, **options):
    return small_distribution(plan_for(pool, boxes, **options))


def test_s4_a7_a11_a24_seeded_small_box_encounters_equal_the_walk():
    """§4, A7, A11, A24, E3: 120 seeded encounters of 1-7 dice against 1-7 small boxes of every
    colour ("any" and black boxes, armor, twins, a box no die reaches), 0-6 black dice in the
    supply, with and without 2-for-1, fixed dice and discarded faces: the same count of rolls
    for every covered set as the walk (odds/walk.py), the same total and the same distinct rolls."""
    rng = random.Random(7)
    for _ in range(120):
        pool, boxes, options = random_case(rng, 7)
        want = mask_distribution(pool, boxes, **options)
        got = odds(pool, boxes, **options)
        assert got[:2] == want[:2] and got[3] == want[3], (pool, boxes, options)


def test_s4_a7_a11_bigger_encounters_equal_the_walk_with_less_work():
    """§4, A7, A11: two encounters of 10 and 12 dice (benchmarks/odds.py's Quarry Brute and
    Granite Watcher, armor first) give the walk's counts, with at most half its work."""
    cases = [({"yellow": 5, "pink": 2, "blue": 2, "black": 1},
              ("yellow 5 ♥♥", "yellow 4 ♥", "pink 3 ⌛", "yellow 3 ♥", "pink 4 ♥", "blue 5 ♥"), 5),
             ({"yellow": 4, "pink": 3, "blue": 3, "black": 2},
              ("armor yellow 4 ♥", "yellow 5 ♥", "blue 4 ♥♥", "blue 3 ♥", "yellow 4 ♥",
               "pink 5 ♥"), 4)]
    for pool, texts, supply in cases:
        boxes = [Box.parse(t) for t in texts]
        want = mask_distribution(pool, boxes, black_supply=supply)
        got = odds(pool, boxes, black_supply=supply)
        assert got[:2] == want[:2] and got[3] == want[3]
        assert got[2] * 2 <= want[2]


@pytest.mark.parametrize("pool, texts, supply", [
    ({"yellow": 2, "pink": 1, "black": 1}, ("yellow 4 ♥", "pink 3 ♥", "black 5 ⌛", "any 2"), 1),
    ({"yellow": 1, "blue": 2, "black": 1}, ("armor blue 3 ♥", "yellow 5 ♥♥", "blue 4 ♥"), 0),
    ({"pink": 3, "blue": 1}, ("yellow 3 ♥♥", "pink 4 ♥", "pink 4 ♥", "black 2 ⌛"), 2),
    ({"yellow": 2, "pink": 2}, ("armor yellow 5 ♥", "armor any 3", "pink 2 ♥♥", "blue 4 ♥"), 3),
])
def test_s4_a7_a11_a24_small_box_odds_equal_every_roll_solved(pool, texts, supply):
    """§4, A7, A11, A24: every ordered roll solved by the Solver (no shared reasoning) gives the
    same count for every covered set: black and "any" boxes, twins, armor, a tight budget."""
    boxes = [Box.parse(t) for t in texts]
    masks, total, _, _ = odds(pool, boxes, black_supply=supply)
    assert {m: n for m, n in masks.items() if n} == brute(pool, boxes, supply)
    assert total == 6 ** sum(pool.values())


def test_s4_one_die_on_one_box_by_hand():
    """§4: a yellow die covers a small yellow 4 on 4, 5 or 6: 3 rolls of 6."""
    masks, total, _, distinct = odds({"yellow": 1}, [Box("yellow", 4, damage=1)],
                                     black_supply=0)
    assert (masks, total, distinct) == ({1: 3, 0: 3}, 6, 2)


def test_a7_two_for_one_needs_a_black_die_in_the_supply_by_hand():
    """A7: two yellow dice cover a small black 3 only as a 2-for-1 (both 3 or more: 4 x 4 = 16
    of 36 rolls), and only with a black die in the supply to take: without one the dice are of
    no use (and, as in the walk, not counted: a total of 6 ** 0)."""
    boxes = [Box("black", 3, damage=1)]
    assert odds({"yellow": 2}, boxes, black_supply=1)[:2] == ({1: 16, 0: 20}, 36)
    assert odds({"yellow": 2}, boxes, black_supply=0)[:2] == ({0: 1}, 1)


def test_a24_twin_boxes_the_earlier_one_is_covered_by_hand():
    """A24: two pink 3 ♥ boxes and one pink die: a 3-6 covers one of them, the first in the
    solver's order (4 rolls of 6), never the second."""
    masks = odds({"pink": 1}, [Box("pink", 3, damage=1), Box("pink", 3, damage=1)],
                 black_supply=0)[0]
    assert masks == {0b01: 4, 0: 2}


def test_s4_a7_two_dice_on_two_boxes_by_hand():
    """§4, A7: a yellow 5 ♥♥ and a yellow 2 ♥, one yellow and one black die, no black die in
    the supply (the black die itself may be placed). Both are covered when the yellow die shows
    5-6 and the black 2-6 (10 rolls) or the yellow 2-4 and the black 5-6 (6 rolls): 16 of 36."""
    boxes = [Box("yellow", 5, damage=2), Box("yellow", 2, damage=1)]
    masks = odds({"yellow": 1, "black": 1}, boxes, black_supply=0)[0]
    assert masks[0b11] == 16
    assert masks == brute({"yellow": 1, "black": 1}, boxes, 0)


def test_s4_a11_armor_first_blocks_a_box_no_die_can_reach_by_hand():
    """§4, A11: one yellow die against an armor pink 2 and a yellow 2, no 2-for-1 possible: the
    armor box stays open, so nothing may hold a die: nothing is ever covered."""
    masks = odds({"yellow": 1}, [Box("pink", 2, armor=True), Box("yellow", 2, damage=1)],
                 black_supply=3)[0]
    assert masks == {0: 6}


def test_limit_and_stop_raise_too_much_work():
    """The work limit and the stop callback end the walk with TooMuchWork."""
    pool = {"yellow": 4, "pink": 3, "blue": 3, "black": 2}
    boxes = [Box.parse(t) for t in ("armor yellow 4 ♥", "yellow 5 ♥", "blue 4 ♥♥", "blue 3 ♥",
                                    "yellow 4 ♥", "pink 5 ♥")]
    with pytest.raises(TooMuchWork):
        small_distribution(plan_for(pool, boxes, black_supply=4), limit=1000)
    with pytest.raises(TooMuchWork):
        small_distribution(plan_for(pool, boxes, black_supply=4), stop=lambda: True)


def test_s4_supports_refuses_an_open_wide_box():
    """§4: a wide box still to fill is refused (the walk or the split answer those); a wide box
    its dice already cover is not open, and is fine."""
    boxes = [Box("pink", 4), Box("pink", 8, wide=True)]
    plan = plan_for({"pink": 3}, boxes)
    assert not supports(plan)
    with pytest.raises(ValueError):
        small_distribution(plan)
    done = plan_for({"pink": 2}, boxes, placed=[(), (("pink", 5), ("pink", 4))])
    assert supports(done)
    assert small_distribution(done)[:2] == mask_distribution({"pink": 2}, boxes, placed=[
        (), (("pink", 5), ("pink", 4))])[:2]
