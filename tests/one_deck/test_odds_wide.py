"""Exact odds of encounters with several wide boxes (§4 wide boxes; §3 black dice wild; A7 the
2-for-1 and its black budget; A11 armor first; A24 the best placement) against brute force over
every ordered roll, on seeded random encounters with two and three wide boxes.

Two references, neither sharing the odds methods' reasoning: every ordered roll solved by the
``Solver`` (its search over boxes, docs/odds.md "The Solver: one roll"), and, on the smallest
cases, the rules brute force of ``test_solver.py`` (every legal conversion and assignment of the
dice, no solver at all). Rules references are to docs/rules/one-deck-dungeon.md.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from fractions import Fraction
from operator import ge

import pytest

from odd_nb.games.one_deck import Box, Solver, encounter_odds
from odd_nb.games.one_deck.dice import INDEX
from odd_nb.games.one_deck.odds import EXACT_METHODS, plan_for, vector, walk
from test_odds import assert_same_odds, brute_odds, ordered_rolls
from test_solver import brute_force

DIE_COLOURS = ("yellow", "pink", "blue", "black")


def random_encounter(rng: random.Random, dice: int, wide: int):
    """A seeded encounter: ``wide`` wide boxes (yellow, pink, blue, black or "any"; targets
    2-14), 0-3 small boxes, sometimes an armor box, ``dice`` dice of any colours, 0-3 black dice
    in the supply."""
    boxes = []
    for _ in range(wide):
        boxes.append(Box(rng.choice(("yellow", "pink", "blue", "any", "black")),
                         rng.randint(2, 14), wide=True, damage=rng.randint(0, 2),
                         time=rng.randint(0, 1)))
    for _ in range(rng.randint(0, 3)):
        boxes.append(Box(rng.choice(("yellow", "pink", "blue", "any", "black")),
                         rng.randint(1, 6), damage=rng.randint(0, 2), time=rng.randint(0, 1)))
    if rng.random() < 0.3:
        k = rng.randrange(len(boxes))
        b = boxes[k]
        boxes[k] = Box(b.colour, b.target, wide=b.wide, armor=True, damage=b.damage,
                       time=b.time)
    rng.shuffle(boxes)
    pool = dict(Counter(rng.choice(DIE_COLOURS) for _ in range(dice)))
    return pool, boxes, rng.randint(0, 3)


def brute_masks(pool, boxes, supply, solver=None) -> dict:
    """The chance of each set of covered boxes (as a bit mask) under the Solver's placement
    (or ``solver``'s), over every ordered roll."""
    solver, out = solver or Solver(boxes), Counter()
    for dice, p in ordered_rolls(pool):
        covered = solver.solve(dice, supply).covered
        out[sum(1 << i for i, c in enumerate(covered) if c)] += p
    return dict(out)


CASES = [(seed, 4, wide) for seed in range(10) for wide in (2, 3)] + [
    (seed, 5, wide) for seed in range(5) for wide in (2, 3)]


@pytest.mark.parametrize("seed, dice, wide", CASES)
def test_s4_a7_a11_several_wide_boxes_match_every_ordered_roll(seed, dice, wide):
    """§4 wide boxes (two or three, sums of dice of their colour or black), A7 2-for-1 pairs onto
    them within the black budget, A11 armor first: every figure of ``encounter_odds`` equals the
    tally of the Solver over all 6^n ordered rolls, and the odds say they are exact."""
    pool, boxes, supply = random_encounter(random.Random(seed * 100 + dice * 10 + wide), dice,
                                           wide)
    odds = encounter_odds(pool, boxes, black_supply=supply, exact_limit=10 ** 9)
    assert_same_odds(odds, brute_odds(pool, boxes, supply))
    assert sum(odds.covered.values()) == 1
    # each exact method that answers the question, not only the one encounter_odds picked
    # (past a little work it solves each distinct roll instead)
    plan = plan_for(pool, boxes, black_supply=supply)
    expect = brute_masks(pool, boxes, supply)
    for method in EXACT_METHODS:
        if method.answers(plan):
            masks, total, _, _ = method.distribution(plan)
            assert total == 6 ** sum(plan.rolled)
            assert {m: Fraction(w, total) for m, w in masks.items() if w} == expect, method.NAME


@pytest.mark.parametrize("seed", range(10))
def test_a24_several_wide_boxes_match_the_rules_brute_force(seed):
    """A24 against its definition, no solver in the reference: p_clear is the chance that some
    legal placement (§4, A7, A11; ``test_solver.brute_force``) covers every box, expected damage
    that of the least damage, then time, of the legal placements."""
    rng = random.Random(1000 + seed)
    while True:  # the first encounter of the seed where no roll needs a black die given back
        pool, boxes, supply = random_encounter(rng, 3, rng.choice((2, 3)))
        boxes = [b if b.damage or b.time else Box(b.colour, b.target, wide=b.wide,
                                                   armor=b.armor, damage=1) for b in boxes]
        found = [(brute_force(boxes, dice, supply), p) for dice, p in ordered_rolls(pool)]
        if not any(e["gap"] for e, _ in found):  # the Solver's model (test_solver.py)
            break
    clear = sum(p * e["clear"] for e, p in found)
    damage = sum(p * e["damage"] for e, p in found)
    time = sum(p * e["time"] for e, p in found)
    odds = encounter_odds(pool, boxes, black_supply=supply, exact_limit=10 ** 9)
    assert odds.exact
    assert odds.p_clear == clear
    assert odds.expected_damage == damage
    assert odds.expected_time == time


def test_s4_two_wide_boxes_by_hand():
    """§4 by hand: two yellow dice against a wide yellow 7 ♥ and a wide yellow 4 ♥. One die
    never makes 7, so the 7 takes both dice and the two boxes are never both covered. The 7 is
    covered when the dice sum to 7 or more (21 of 36 rolls; the key's tie goes to the box given
    first); otherwise both dice go on the 4, covered unless they sum to 3 or less (1-1, 1-2,
    2-1): 12 of 36; 3 of 36 cover nothing."""
    boxes = [Box("yellow", 7, wide=True, damage=1), Box("yellow", 4, wide=True, damage=1)]
    odds = encounter_odds({"yellow": 2}, boxes, black_supply=0)
    assert odds.covered == {(True, False): Fraction(21, 36), (False, True): Fraction(12, 36),
                            (False, False): Fraction(3, 36)}
    assert plan_for({"yellow": 2}, boxes, black_supply=0).distinct_rolls() == 21


def test_a7_pair_onto_a_wide_box_by_hand():
    """A7 by hand (docs/odds.md, "vector"): a yellow and a pink die against a wide blue 6 ♥ and
    a wide yellow 5 ♥. Only a 2-for-1 pair reaches the blue box, worth its lower die: two sixes
    (1 of 36 rolls; the blue box comes first in the solver's order). The yellow box takes the
    yellow die alone on a 5 or 6: the 11 other such rolls. With no black die in the supply no
    pair is allowed: the yellow box 1/3."""
    boxes = [Box.parse("wide blue 6 ♥"), Box.parse("wide yellow 5 ♥")]
    odds = encounter_odds({"yellow": 1, "pink": 1}, boxes, black_supply=1)
    assert odds.method == "vector"
    assert odds.covered == {(True, False): Fraction(1, 36), (False, True): Fraction(11, 36),
                            (False, False): Fraction(24, 36)}
    odds = encounter_odds({"yellow": 1, "pink": 1}, boxes, black_supply=0)
    assert odds.covered == {(False, True): Fraction(1, 3), (False, False): Fraction(2, 3)}


@pytest.mark.parametrize("seed", range(6))
def test_e3_several_wide_boxes_with_fixed_dice_and_discards(seed):
    """§4 and E3: dice already showing a face (a feat's) join every roll, and faces a foe
    discards as they are rolled leave it. ``vector`` against every ordered roll solved with
    the fixed dice, and against the walk with a discard (docs/odds.md, "vector")."""
    rng = random.Random(500 + seed)
    pool, boxes, supply = random_encounter(rng, 3, rng.choice((2, 3)))
    fixed = [(rng.choice(DIE_COLOURS), rng.randint(1, 6))]
    plan = plan_for(pool, boxes, black_supply=supply, fixed=fixed)
    assert vector.supports(plan)
    odds = encounter_odds(pool, boxes, black_supply=supply, fixed=fixed, exact_limit=10 ** 9)
    assert odds.method == "vector"
    assert_same_odds(odds, brute_odds(pool, boxes, supply, fixed=fixed))
    discard = ((rng.choice(DIE_COLOURS[:3] + (None,)), rng.randint(1, 6)),)
    plan = plan_for(pool, boxes, black_supply=supply, fixed=fixed, discard=discard)
    assert vector.distribution(plan)[:2] == walk.distribution(plan)[:2]


@pytest.mark.parametrize("seed", range(8))
def test_a7_the_last_colour_joined_by_addition(seed):
    """A7 and §4 (docs/odds.md, "vector: the last colour"): the whole numbers of ``packed`` add
    up as two contributions join. For every contribution ``a`` of one colour and ``x`` of another
    (two of their rolls, every family), the key read off ``code(a) + code(x)`` is the key of
    their join, except that a half given to a box that the other side does not complete still
    counts half a budget: then it may be worse, never better. Small boxes of the colour no die
    shows take halves; budgets of 1 to 4 (black dice in the supply) run out on some joins."""
    from odd_nb.games.one_deck.odds.packed import Packing
    from odd_nb.games.one_deck.odds.vector import Colours

    rng = random.Random(700 + seed)
    present = ["yellow", rng.choice(("pink", "blue"))]
    absent = ({"pink", "blue"} - set(present)).pop()  # halves of pairs go to its boxes
    boxes = [Box(rng.choice(("yellow", "pink", "blue", "any")), rng.randint(4, 12), wide=True,
                 damage=rng.randint(0, 2)) for _ in range(rng.choice((2, 3)))]
    boxes += [Box(absent, rng.randint(1, 6), damage=rng.randint(0, 2), time=rng.randint(0, 1))
              for _ in range(2)]
    boxes.append(Box(rng.choice(present), rng.randint(1, 6), armor=seed % 4 == 0))
    colours = Colours(plan_for({present[0]: 3, present[1]: 3}, boxes, black_supply=1 + seed % 4))
    first, last = colours.order
    compared = equal = 0
    for f in range(len(colours.families)):
        packing = Packing(colours, f)
        a_rolls = [colours.options(f, first, faces, -1) for faces, _ in colours.rolls(first)]
        x_rolls = [colours.options(f, last, faces, -1) for faces, _ in colours.rolls(last)]
        for a in {a for mine in rng.sample(a_rolls, min(8, len(a_rolls))) for a in mine}:
            for x in {x for mine in rng.sample(x_rolls, min(8, len(x_rolls))) for x in mine}:
                packed = packing.key(packing.code(a) + packing.code(x))
                joined = colours.final_key(colours.join(a, x, 0))
                compared += 1
                if a[2] == x[2]:  # every half completed by the other side
                    assert packed == joined, (a, x)
                    equal += 1
                else:
                    assert packed >= joined, (a, x)
    assert equal and compared



def taken_by_every_wide_box(rng: random.Random, dice: int, first: str):
    """A seeded encounter whose wide boxes (two or three, armor in some) all take one colour:
    they are of that colour or "any"; one or two small boxes of any colour but "any" (so the
    other colours' dice give them halves), armor in some; the pool two dice of that colour, or
    one and a black die (``first`` "black"), then dice of the other colours or black; 0-3 black
    dice in the supply. So that colour pools no dice."""
    colour = rng.choice(("yellow", "pink", "blue"))
    others = [c for c in ("yellow", "pink", "blue") if c != colour]
    boxes = [Box(rng.choice((colour, colour, "any")), rng.randint(3, 12), wide=True,
                 damage=rng.randint(0, 2), time=rng.randint(0, 1), armor=rng.random() < 0.2)
             for _ in range(rng.choice((2, 3)))]
    boxes += [Box(rng.choice(others + [colour]), rng.randint(1, 6), damage=rng.randint(0, 2),
                  armor=rng.random() < 0.2) for _ in range(rng.randint(1, 2))]
    pool = Counter([colour, colour if first == "colour" else "black"])
    pool.update(rng.choice(others + ["black"]) for _ in range(dice - 2))
    return dict(pool), boxes, rng.randint(0, 3)


def assert_vector_gives_every_ordered_roll(pool, boxes, supply) -> None:
    plan = plan_for(pool, boxes, black_supply=supply)
    masks, total, _, _ = vector.distribution(plan)
    assert {m: Fraction(w, total) for m, w in masks.items() if w} == \
        brute_masks(pool, boxes, supply)


@pytest.mark.parametrize("seed", range(32))
def test_s4_a7_the_last_colour_joined_through_up_sets(seed, monkeypatch):
    """§4, A7, A11 (docs/odds.md, "vector: the last colour"): when every wide box takes the
    last colour (all of one colour, or "any") and the pool of the colours before is paired off,
    ``vector`` reads each contribution's levels from up-sets of the last colour's contributions
    (``odds.upsets``) instead of joining every pair. Made to take that way whenever it can, it
    gives every ordered roll's Solver tally on 4-5 dice with two or three wide boxes, small
    boxes of other colours (halves of pairs meet across the two sides), budgets of 0-3 and
    armor boxes, wide and small, in some."""
    from odd_nb.games.one_deck.odds import upsets

    monkeypatch.setattr(upsets.UpSets, "cost", lambda self, contributions: 0)
    asked = []
    reached = upsets.UpSets.reached
    monkeypatch.setattr(upsets.UpSets, "reached",
                        lambda self, a: asked.append(a) or reached(self, a))
    encounter = taken_by_every_wide_box(random.Random(900 + seed), 4 + seed % 2, "colour")
    assert_vector_gives_every_ordered_roll(*encounter)
    assert asked, "the question went the other way"


@pytest.mark.parametrize("seed", range(12))
def test_s4_a7_the_colours_that_pool_none_joined_together_as_the_last(seed, monkeypatch):
    """§3 (black dice wild), §4, A7 (docs/odds.md, "the colours left together"): when the
    colours still to come pool no dice (black, and the colour every wide box takes) and the
    pool before is paired off, ``vector`` joins every contribution of each of them with every
    one of the others' (their rolls' bits multiplied out), unpruned, as one last colour. On 4-5
    dice with black dice among them, against every ordered roll's Solver tally."""
    together = vector.Colours.together
    used = []

    def joined(self, colours, work, before):
        found = together(self, colours, work, before)
        if found is not None:
            used.append(colours)
        return found

    monkeypatch.setattr(vector.Colours, "together", joined)
    # whatever the joins cost
    monkeypatch.setattr(vector, "JOINED_A_CONTRIBUTION", vector.JOINED_TOGETHER)
    encounter = taken_by_every_wide_box(random.Random(1300 + seed), 4 + seed % 2, "black")
    assert_vector_gives_every_ordered_roll(*encounter)
    assert used, "the colours were taken one by one"


@pytest.mark.parametrize("seed", range(16))
def test_s4_a7_without_pairs_onto_wide_boxes_vector_and_the_solver_agree(seed):
    """§4, A7 (docs/odds.md, "Sampling against a control"): with ``wide_pairs`` false, ``vector``
    gives the odds of the best placement that puts no 2-for-1 pair onto a wide box, as a Solver
    made so tallies them over every ordered roll; on 4-5 dice, two or three wide boxes, small
    boxes, armor in some, budgets of 0-3. Where a pair onto a wide box does better on some
    roll, those odds are not the question's own."""
    pool, boxes, supply = random_encounter(random.Random(4400 + seed), 4 + seed % 2,
                                           2 + seed % 2)
    plan = plan_for(pool, boxes, black_supply=supply)
    masks, total, _, _ = vector.vector_distribution(plan, wide_pairs=False)
    assert {m: Fraction(w, total) for m, w in masks.items() if w} == \
        brute_masks(pool, boxes, supply, Solver(boxes, wide_pairs=False))


@pytest.mark.parametrize("seed", range(6))
def test_s4_a7_contributions_pruned_by_subtraction_are_those_none_beats(seed):
    """§4 and A7 (docs/odds.md, "vector", point 3): ``prune`` keeps exactly the contributions
    that no other beats by ``beats``' definition (same family and halves, every box covered, no
    more budget, no less on each wide box, a pool no worse die by die), though it compares them
    as whole numbers. The contributions are a colour's, pruned die by die (``Colours.options``),
    of many rolls together, with their halves given up one by one and their pools shortened, so
    that many beat others."""
    from odd_nb.games.one_deck.odds.vector import Colours, beats, prune

    rng = random.Random(900 + seed)
    colour = rng.choice(("yellow", "pink", "blue"))
    other = rng.choice([c for c in ("yellow", "pink", "blue") if c != colour])
    boxes = [Box(colour, rng.randint(6, 14), wide=True), Box(other, rng.randint(4, 10), wide=True),
             Box(rng.choice((colour, "any")), rng.randint(4, 10), wide=True)]
    boxes += [Box(rng.choice((colour, other, "any")), rng.randint(1, 6), damage=1)
              for _ in range(3)]
    colours = Colours(plan_for({colour: 5, other: 1}, boxes, black_supply=1 + seed % 3))
    c = next(c for c in colours.order if colours.dice[c] == 5)
    found = {x for faces, _ in rng.sample(colours.rolls(c), 12)
             for f in range(len(colours.families)) for x in colours.options(f, c, faces, -1)}
    found |= {x[:2] + (0,) + x[3:4] + (x[4][:rng.randint(0, len(x[4]))],) + x[5:]
              for x in found}
    kept = prune(found, colours.codes)
    assert kept == {x for x in found if not any(beats(y, x) for y in found if y != x)}
    assert len(found) > 2 * len(kept) > 20


@pytest.mark.parametrize("seed", range(4))
def test_s4_a7_rolls_that_share_their_highest_dice_share_what_they_make(seed):
    """§4 and A7 (docs/odds.md, "vector", point 3): a colour's contributions are made die by
    die from the highest, so the rolls that share their highest dice start from what those
    make (``Colours._prefixes``). Listed in a shuffled order, every roll's contributions are
    those of a ``Colours`` that lists that roll alone, and a die is added once for each
    distinct run of highest dice, not once for each die of each roll."""
    from odd_nb.games.one_deck.odds.vector import Colours

    rng = random.Random(1300 + seed)
    colour, other = rng.sample(("yellow", "pink", "blue"), 2)
    boxes = [Box(colour, rng.randint(6, 14), wide=True), Box(other, rng.randint(4, 10), wide=True),
             Box(rng.choice((colour, other, "any")), rng.randint(1, 6), damage=1)]
    plan = plan_for({colour: 4, other: 1}, boxes, black_supply=1 + seed % 3)
    shared = Colours(plan)
    c = next(c for c in shared.order if shared.dice[c] == 4)
    rolls = [faces for faces, _ in shared.rolls(c)]
    rng.shuffle(rolls)
    made = []
    one_more = shared._one_more
    shared._one_more = lambda *args: made.append(args[:2]) or one_more(*args)
    for faces in rolls:
        for f in range(len(shared.families)):
            assert shared.options(f, c, faces, -1) == Colours(plan).options(f, c, faces, -1)
    highest = {faces[::-1][:k] for faces in rolls for k in range(1, len(faces) + 1)}
    assert len(made) == len(highest) * len(shared.families) < sum(map(len, rolls))


@pytest.mark.parametrize("seed", range(4))
def test_s4_a7_the_last_colour_paired_with_a_pool_answers_the_up_sets_as_each_pairing(seed):
    """§4 and A7 (docs/odds.md, "one pool before at a time"): ``Colours.paired_with`` groups the
    last colour's contributions whose own pool makes the same pairs with the pool before, and
    keeps, of each group's spreads, none that another of no more pairs and no less on every box
    beats. So a contribution it makes holds no roll that pairing each one off every way does
    not give it, and each question of the up-sets (a head, room in the budget, what each wide
    box lacks) holds the same rolls either way. Told the lacks the up-sets will be asked about
    (``upsets.lacks_asked``), it makes each wide value the largest of them it reaches: each
    question about those lacks still holds the same rolls."""
    from odd_nb.games.one_deck.odds.split.work import Work
    from odd_nb.games.one_deck.odds.upsets import lacks_asked
    from odd_nb.games.one_deck.odds.vector import POOL, SPENT, VALUES, Colours

    rng = random.Random(1400 + seed)
    pool, boxes, supply = every_colour_pools(rng, 6)
    colours = Colours(plan_for(pool, boxes, black_supply=supply + 2))
    c = colours.order[-1]
    assert colours.pooled[c]
    table = colours.table(c, Work())[0]
    before = tuple(sorted(rng.choices(range(1, 7), k=rng.randint(0, 3)), reverse=True))
    each = defaultdict(int)  # every contribution paired off every way, one by one
    for x, bits in table.items():
        both = sorted(before + x[POOL], reverse=True)[:2 * (colours.budget - x[SPENT])]
        for y in colours.paired(x[:POOL] + (tuple(both),) + x[VALUES:]):
            each[y] |= bits
    grouped = colours.paired_with(table, before)
    assert all(bits & ~each[y] == 0 for y, bits in grouped.items())
    for y in rng.sample(sorted(each), min(60, len(each))):
        for room in range(y[SPENT], colours.budget + 1):
            question = y[:SPENT], room, y[VALUES]
            assert holding(grouped, *question) == holding(each, *question)
    needs = colours.needs[0]
    lacks = lacks_asked(needs, [tuple(rng.randint(0, need) for need in needs) for _ in range(3)])
    rounded = colours.paired_with(table, before, None, lacks)
    assert len(set(rounded)) < len(set(grouped))
    for y in rng.sample(sorted(each), min(60, len(each))):
        for room in range(y[SPENT], colours.budget + 1):
            for asked in zip(*(rng.choices(box, k=3) for box in lacks)):
                question = y[:SPENT], room, asked
                assert holding(rounded, *question) == holding(each, *question)


@pytest.mark.parametrize("seed", range(4))
def test_s4_a7_up_sets_on_the_lacks_asked_answer_as_on_every_lack(seed):
    """§4 and A7 (docs/odds.md, "through up-sets"): an up-set's grid has places only for the
    lacks the contributions before can ask about (``upsets.lacks_asked``), a value of the last
    colour counting at the largest of them it reaches. Every contribution asking gets the
    same rolls at each key as from a grid of every lack, on smaller grids."""
    from odd_nb.games.one_deck.odds.split.work import Work
    from odd_nb.games.one_deck.odds.upsets import UpSets, lacks_asked
    from odd_nb.games.one_deck.odds.vector import Colours

    rng = random.Random(1500 + seed)
    pool, boxes, supply = every_colour_pools(rng, 6)
    colours = Colours(plan_for(pool, boxes, black_supply=supply + 2))
    table = colours.paired_with(colours.table(colours.order[-1], Work())[0], (6, 3))
    needs = colours.needs[0]
    asking = [(0,) * len(needs)] + [tuple(rng.randint(0, need) for need in needs)
                                    for _ in range(3)]
    small = len(colours.families[0][1])
    few = UpSets(colours, 0, table, lacks_asked(needs, asking))
    every = UpSets(colours, 0, table)
    for values in asking:
        for _ in range(10):
            halved = rng.getrandbits(small)
            a = (0, rng.getrandbits(small) & ~halved, halved, rng.randint(0, colours.budget), (),
                 values)
            assert few.reached(a) == every.reached(a)
    assert few.room_stride < every.room_stride  # the places of a room in each grid


def holding(found: dict, head: tuple, room: int, lacks: tuple) -> int:
    """The rolls (bits) of the contributions of ``found`` with that head (family, covered,
    halved), a budget of ``room`` or less and at least ``lacks`` on each wide box: an up-set's
    question."""
    out = 0
    for y, bits in found.items():
        if y[:3] == head and y[3] <= room and all(map(ge, y[5], lacks)):
            out |= bits
    return out


def every_colour_pools(rng: random.Random, dice: int):
    """A seeded encounter whose wide boxes (two or three, of different colours among yellow,
    pink and blue; armor in some) leave every colour a box it reaches only in 2-for-1 pairs;
    needs of 3-9, so that pairs often fill a box; one or two small boxes; the pool one black die
    and ``dice`` - 1 of the other colours; 1-3 black dice in the supply."""
    colours = rng.sample(("yellow", "pink", "blue"), rng.choice((2, 3)))
    boxes = [Box(c, rng.randint(3, 9), wide=True, damage=rng.randint(0, 2),
                 time=rng.randint(0, 1), armor=rng.random() < 0.15) for c in colours]
    boxes += [Box(rng.choice(("yellow", "pink", "blue")), rng.randint(1, 6),
                  damage=rng.randint(0, 2)) for _ in range(rng.randint(1, 2))]
    pool = Counter(["black"])
    pool.update(rng.choice(("yellow", "pink", "blue")) for _ in range(dice - 1))
    return dict(pool), boxes, rng.randint(1, 3)


@pytest.mark.parametrize("seed", range(16))
def test_s4_a7_the_pooled_colour_of_most_rolls_last_after_one_black_die(seed):
    """§3, §4, A7 (docs/odds.md, "vector: colour by colour"): when the colours that pool no
    dice are one die in all (here a black die) and every other colour pools, the pooled colour
    of the most rolls is taken last, after the black die, and joined with its pool by addition,
    the pools before it capped at the largest lack of a box a pair may fill (point 4; small
    needs make the cap act). On 4-5 dice, against every ordered roll's Solver tally."""
    from odd_nb.games.one_deck.odds.vector import Colours

    encounter = every_colour_pools(random.Random(1700 + seed), 4 + seed % 2)
    colours = Colours(plan_for(encounter[0], encounter[1], black_supply=encounter[2]))
    *before, last = colours.order
    assert colours.pooled[last] and not all(colours.pooled[c] for c in before)
    assert_vector_gives_every_ordered_roll(*encounter)


@pytest.mark.parametrize("seed", range(12))
def test_s3_s4_a7_the_pooled_colour_of_more_rolls_than_the_others_together_last(seed):
    """§3, §4, A7 (docs/odds.md, "vector: colour by colour"): a pooled colour with more rolls
    than all the other colours together (three dice of one colour, 56 rolls, beside two black
    dice, 21) is taken last, after the black dice, though they are more than one die. On 5
    dice, two or three wide boxes (one the colour cannot take), against every ordered roll's
    Solver tally."""
    from odd_nb.games.one_deck.odds.vector import Colours

    rng = random.Random(2100 + seed)
    colour, other = rng.sample(("yellow", "pink", "blue"), 2)
    boxes = [Box(other, rng.randint(3, 9), wide=True, damage=rng.randint(0, 2))]
    boxes += [Box(rng.choice((colour, other, "any")), rng.randint(3, 12), wide=True,
                  damage=rng.randint(0, 2), time=rng.randint(0, 1)) for _ in range(1 + seed % 2)]
    boxes += [Box(rng.choice(("yellow", "pink", "blue")), rng.randint(1, 6),
                  damage=rng.randint(0, 2), armor=rng.random() < 0.2)]
    pool, supply = {colour: 3, "black": 2}, rng.randint(1, 3)
    colours = Colours(plan_for(pool, boxes, black_supply=supply))
    assert colours.order[-1] == INDEX[colour] and colours.pooled[INDEX[colour]]
    assert_vector_gives_every_ordered_roll(pool, boxes, supply)


@pytest.mark.parametrize("seed", range(16))
def test_s4_a7_the_last_colour_through_up_sets_one_pool_before_at_a_time(seed, monkeypatch):
    """§4, A7 (docs/odds.md, "vector: the last colour", one pool at a time): when the last
    colour keeps dice for pairs, ``vector`` may take the contributions before it pool by pool:
    the last colour's contributions, each with that pool put with its own and paired off every
    way, keep no die for pairs, so each contribution before asks up-sets of them. Made to take
    that way whenever it can, it gives every ordered roll's Solver tally on 4-5 dice whose
    colours all pool (a black die among them in half the cases)."""
    from odd_nb.games.one_deck.odds.vector import Colours

    monkeypatch.setattr(vector, "pools_cheaper", lambda *sizes: True)
    paired_with = Colours.paired_with
    pools = []
    monkeypatch.setattr(Colours, "paired_with", lambda self, table, pool, *more:
                        pools.append(pool) or paired_with(self, table, pool, *more))
    pool, boxes, supply = every_colour_pools(random.Random(2100 + seed), 4 + seed % 2)
    if seed % 4 >= 2:
        pool.pop("black")
    assert_vector_gives_every_ordered_roll(pool, boxes, supply)
    assert pools, "the last colour was joined by addition"


@pytest.mark.parametrize("pool, boxes, supply, fixed", [
    # three wide "any" boxes, two black dice gained: the colours left together are most of it
    ({"yellow": 4, "pink": 2, "blue": 1},
     ("wide any 7 ⌛", "wide any 7 ♥", "yellow 6 ⌛", "wide any 7 ♥♥", "blue 3 ♥"), 4,
     [("black", 4), ("black", 6)]),
    # five blue dice joined roll by roll to the one pink die's few contributions
    ({"pink": 1, "blue": 5, "black": 3}, ("wide yellow 9 ♥", "wide pink 7 ♥", "yellow 4"), 1,
     []),
])
def test_a24_vector_counts_its_work_in_small_steps(monkeypatch, pool, boxes, supply, fixed):
    """A24 (docs/odds.md, "Time budgets"): the odds panel stops an exact method by asking
    ``stop()`` between the steps of work it counts, so no step may be long. On a row of the
    odds panel that ran 0.4 s past its 0.18 s budget (the first), and on a colour of many rolls
    joined before the last, no one count of work is a twentieth of the whole."""
    from odd_nb.games.one_deck.odds.split.work import Work

    counted = []
    spend = Work.spend
    monkeypatch.setattr(Work, "spend", lambda self, units: counted.append(units) or
                        spend(self, units))
    plan = plan_for(pool, [Box.parse(b) for b in boxes], black_supply=supply, fixed=fixed)
    masks, total, _, _ = vector.vector_distribution(plan)
    assert sum(masks.values()) == total
    assert max(counted) * 20 <= sum(counted), (max(counted), sum(counted))


def test_a24_vector_answers_within_the_work_it_reports():
    """docs/odds.md section 4: a method gives up past ``exact_limit`` units of work and reports
    the units it took. ``vector`` counts steps, eight to a unit: its report rounded down, a
    limit equal to it gave up (found by a fuzz of 514 work limits); it is rounded up now, and
    one unit less gives up."""
    from odd_nb.games.one_deck.odds.problem import TooMuchWork

    plan = plan_for({"yellow": 2, "black": 1},
                    [Box.parse(b) for b in ("wide any 11", "black 4 ♥☣☣", "wide any 16 ♥",
                                            "wide pink 15 ♥⌛⌛☠", "black 5 ♥⌛")],
                    black_supply=3, fixed=(("blue", 6), ("blue", 3)))
    masks, total, work, _ = vector.distribution(plan)
    assert vector.distribution(plan, limit=work)[:2] == (masks, total)
    with pytest.raises(TooMuchWork):
        vector.distribution(plan, limit=work - 1)


def test_a24_pairing_the_last_colour_with_a_pool_counts_its_work_as_it_goes(monkeypatch):
    """A24 (docs/odds.md, "Time budgets"): pairing the last colour off with one pool before
    (``Colours.paired_with``) counts its steps in the question's work as it makes them, so
    ``stop()`` may be asked along the way (on generated #13 one such call took 0.28 s); it
    counts as many as it would keep for its caller to count at the end."""
    from types import SimpleNamespace

    from odd_nb.games.one_deck.odds.vector import Colours

    monkeypatch.setattr(vector, "pools_cheaper", lambda *sizes: True)
    asked = []
    paired_with = Colours.paired_with
    monkeypatch.setattr(Colours, "paired_with", lambda self, table, pool, *more:
                        asked.append((self, table, pool)) or paired_with(self, table, pool, *more))
    pool, boxes, supply = every_colour_pools(random.Random(9), 8)
    vector.vector_distribution(plan_for(pool, boxes, black_supply=supply))
    colours, table, pool = max(asked, key=lambda call: len(call[1]))
    assert len(table) > 1000
    counted = []
    work = SimpleNamespace(spend=counted.append)  # a ``Work`` that records each count
    colours.tried = 0
    colours._spread_onto.clear()  # each call makes its spreads afresh: the same work
    with_work = paired_with(colours, table, pool, work)
    assert colours.tried == 0 and len(counted) >= len(table) // 256
    colours._spread_onto.clear()
    assert paired_with(colours, table, pool) == with_work and colours.tried == sum(counted)
