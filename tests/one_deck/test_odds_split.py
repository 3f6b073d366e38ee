"""The split-and-join odds (odds/split/) against the walk over faces (odds/walk.py), which
shares none of its reasoning, and against counts made by hand. Rules covered: §4 placing dice
(small and wide boxes, black dice wild, "any" boxes), A7 the 2-for-1 and the black budget, A11
armor first, A24 the best placement and its tie-break.

Rules references (§n, An) are to docs/rules/one-deck-dungeon.md.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from odd_nb.games.one_deck import Box
from odd_nb.games.one_deck.odds.problem import INF, TooMuchWork, plan_for
from odd_nb.games.one_deck.odds.walk import mask_distribution
from odd_nb.games.one_deck.odds.split import split_distribution, supports
from odd_nb.games.one_deck.odds.split.families import question_for
from odd_nb.games.one_deck.odds.split.merge import Grouped
from odd_nb.games.one_deck.odds.split.work import Work

GROUP = Grouped.group  # the grouping itself, as the module has it

DIE_COLOURS = ("yellow", "pink", "blue", "black")
BOX_COLOURS = ("yellow", "pink", "blue", "black", "any")


def random_case(rng: random.Random, dice: int, wide: bool = True) -> dict:
    """``dice`` dice (yellow twice as likely), 2-5 boxes of which exactly one is wide (none
    if not ``wide``), armor on
    a quarter of the boxes, 0-6 black dice in the supply, 2-for-1 mostly allowed, any weights;
    sometimes one or two dice already showing a face."""
    pool = {}
    for _ in range(dice):
        colour = rng.choice(("yellow",) + DIE_COLOURS)
        pool[colour] = pool.get(colour, 0) + 1
    count = rng.randint(2, 5)
    wide_at = rng.randrange(count) if wide else None
    boxes = []
    for k in range(count):
        wide = k == wide_at
        boxes.append(Box(rng.choice(BOX_COLOURS),
                         rng.randint(3, 18) if wide else rng.choice((1, 2, 3, 4, 4, 5, 5, 6, 7)),
                         wide=wide, armor=rng.random() < 0.25, damage=rng.randint(0, 2),
                         time=rng.randint(0, 2)))
    fixed = ()
    if rng.random() < 0.2:
        fixed = tuple((rng.choice(DIE_COLOURS), rng.randint(1, 6))
                      for _ in range(rng.randint(1, 2)))
    return dict(pool=pool, boxes=boxes, black_supply=rng.randint(0, 6), fixed=fixed,
                weights=rng.choice([(1000, 1), (1000, 1), (1, 1), (0, 1), (3, 2)]),
                conversions=rng.random() < 0.85)


def both(case: dict, walk_limit=None):
    """(split's answer, walk's answer or None past ``walk_limit``), from one plan each."""
    args = {k: v for k, v in case.items() if k != "pool"}
    plan = plan_for(case["pool"], **args)
    assert supports(plan), case
    got = split_distribution(plan)
    try:
        want = mask_distribution(case["pool"], plan=plan_for(case["pool"], **args),
                                 limit=walk_limit, **args)
    except TooMuchWork:
        want = None
    return got, want


def test_s4_a7_a11_a24_split_equals_the_walk_on_seeded_random_cases():
    """§4, A7, A11, A24: on 300 seeded encounters with one wide box (2-7 dice of every colour,
    "any" and black boxes, armor, 0-6 black dice in the supply, the 2-for-1 on or off, several
    weights, some dice already showing a face) the split gives the walk's very dict of covered
    box sets -> ways, its total and its distinct rolls. Cases of 5-7 dice whose walk takes
    long are left out (the walk's work is capped); most are compared."""
    rng = random.Random(20240611)
    compared = 0
    for k in range(300):
        dice = rng.randint(2, 4) if k < 270 else rng.randint(5, 7)
        case = random_case(rng, dice)
        got, want = both(case, walk_limit=None if dice <= 4 else 30_000)
        if want is None:
            continue
        compared += 1
        masks, total, _, rolls = want
        assert (got[0], got[1], got[3]) == (masks, total, rolls), case
    assert compared >= 280  # at least 10 of the 30 larger ones


def test_s4_a7_merges_with_many_values_equal_the_walk(monkeypatch):
    """§4, A7: a merge keeps each head's rolls by value in a list, or, past ``MANY_VALUES``
    values (the leftovers of many paired dice), in a dict; with every merge made to take the
    dict, 60 seeded encounters of 3-6 dice still give the walk's very answer."""
    from odd_nb.games.one_deck.odds.split import merge as split_merge

    monkeypatch.setattr(split_merge, "MANY_VALUES", 0)
    rng = random.Random(20261204)
    for _ in range(60):
        case = random_case(rng, rng.randint(3, 6))
        got, want = both(case)
        assert (got[0], got[1], got[3]) == (want[0], want[1], want[3]), case


def test_s4_a7_merges_that_group_equal_the_walk(monkeypatch):
    """§4, A7: a merge of many rolls ORs the other table's contributions that make the same
    merged value (capped sums, pairings) before it repeats them (``Grouped``); with every merge
    made to group, 60 seeded encounters of 3-5 dice still give the walk's very answer."""
    from odd_nb.games.one_deck.odds.split import merge as split_merge

    made = []

    def group(self, *args):
        made.append(args)
        return GROUP(self, *args)

    monkeypatch.setattr(split_merge, "GROUPED_FROM", 0)
    monkeypatch.setattr(split_merge.Grouped, "group", group)
    rng = random.Random(20261206)
    for _ in range(60):
        case = random_case(rng, rng.randint(3, 5))
        got, want = both(case)
        assert (got[0], got[1], got[3]) == (want[0], want[1], want[3]), case
    assert len(made) > 100  # the grouped merges were taken


def test_s4_a7_a11_a24_split_equals_the_walk_on_small_boxes_only():
    """§4, A7, A11, A24: with no wide box (small boxes only, what ``encounter_odds`` asks the
    split for when no die is placed yet), on 150 seeded encounters of 2-7 dice the split gives
    the walk's very dict of covered box sets -> ways, its total and its distinct rolls."""
    rng = random.Random(20261203)
    for k in range(150):
        case = random_case(rng, rng.randint(2, 5) if k < 120 else rng.randint(6, 7), wide=False)
        got, want = both(case)
        assert (got[0], got[1], got[3]) == (want[0], want[1], want[3]), case


def test_s4_a24_hand_count_two_yellow_dice():
    """§4, A24: two yellow dice against a wide yellow 7 and a small yellow 5 (one damage each).
    Both cannot be covered (the 5 needs one die, the other alone cannot make 7). 21 of the 36
    ordered rolls sum to 7 or more: the wide box, first in the solver's order on a tie. Of the
    rest, (5, 1) and (1, 5) cover the 5; the other 13 cover nothing."""
    boxes = [Box("yellow", 7, wide=True, damage=1), Box("yellow", 5, damage=1)]
    masks, total, _, rolls = split_distribution(plan_for({"yellow": 2}, boxes))
    assert (masks, total, rolls) == ({0b01: 21, 0b10: 2, 0b00: 13}, 36, 21)


def test_a7_hand_count_a_2_for_1_onto_a_wide_box_needs_the_budget():
    """§4, A7: a yellow and a pink die against a wide blue 3. Neither die goes on it; the
    2-for-1 makes a black die of the lower face, which covers it when both show 3 or more: 4 x 4
    of 36 rolls. With no black die in the supply (and none rolled) there is no 2-for-1: never;
    then the yellow die is of no use to any box and, as in the walk, is not counted in the
    total (6 rolls of the pink die, one covers the pink 6)."""
    boxes = [Box("blue", 3, wide=True), Box("pink", 6)]
    masks, total, _, _ = split_distribution(plan_for({"yellow": 1, "pink": 1}, boxes,
                                                     black_supply=1))
    # one box at most (the pair takes the pink die); on a tie the wide box comes first (A24):
    # a pink 6 with a yellow 3+ makes the pair, with a yellow 1-2 covers the pink 6
    assert masks == {0b01: 16, 0b10: 2, 0b00: 18} and total == 36
    masks, total, _, _ = split_distribution(plan_for({"yellow": 1, "pink": 1}, boxes,
                                                     black_supply=0))
    assert (masks, total) == ({0b10: 1, 0b00: 5}, 6)


def test_a11_hand_count_armor_first_keeps_the_wide_box_empty():
    """§4, A11: one yellow die against an armor yellow 4 and a wide yellow 3. While the armor
    box is open no die may go on another box, so a 3 covers nothing; a 4, 5 or 6 covers the
    armor box (3 of 6); the wide box is never covered."""
    boxes = [Box("yellow", 4, armor=True, damage=1), Box("yellow", 3, wide=True, damage=1)]
    masks, total, _, _ = split_distribution(plan_for({"yellow": 1}, boxes))
    assert (masks, total) == ({0b01: 3, 0b00: 3}, 6)


def test_s4_a7_dice_already_showing_a_face_join_their_side():
    """§4, A7: a fixed yellow 6 and a rolled yellow die against a wide yellow 8: covered when
    the rolled die shows 2 or more (5 of 6); the same as the walk, with a black die fixed too."""
    boxes = [Box("yellow", 8, wide=True)]
    plan = plan_for({"yellow": 1}, boxes, fixed=[("yellow", 6)])
    assert supports(plan)
    assert split_distribution(plan)[:2] == ({0b1: 5, 0b0: 1}, 6)
    args = dict(fixed=[("black", 2), ("pink", 5)], black_supply=1)
    pool = {"yellow": 2, "pink": 1}
    boxes = [Box("yellow", 12, wide=True), Box("pink", 4), Box("blue", 3)]
    want = mask_distribution(pool, boxes, **args)
    assert split_distribution(plan_for(pool, boxes, **args))[:2] == want[:2]


def test_e3_faces_discarded_as_rolled_equal_the_walk():
    """E3, §4, A7: on 60 seeded encounters with one wide box where an ability discards faces
    as they are rolled (one face of one colour, of every colour, or every face of one colour,
    with a black die among them going back to the supply), the split gives the walk's counts."""
    rng = random.Random(5)
    for _ in range(60):
        case = random_case(rng, rng.randint(2, 4))
        case["discard"] = (rng.choice(DIE_COLOURS + (None,)),
                           None if rng.random() < 0.15 else rng.randint(1, 6)),
        got, want = both(case)
        assert (got[0], got[1], got[3]) == (want[0], want[1], want[3]), case


def unbeaten_of(question, codes) -> tuple:
    """The contributions (packed) that no other one of ``codes`` beats, sorted, by exactness
    point 4's definition taken pair by pair: no more budget, no less value, no half the other
    has not, every box the other covers (or halves where it does not) covered."""
    held = [question.packing.unpack(code) for code in codes]

    def beats(y, x):
        return (y != x and y[2] <= x[2] and y[3] >= x[3] and not y[1] & ~x[1]
                and not (x[0] | x[1] & ~y[1]) & ~y[0])

    return tuple(sorted(question.packing.pack(*x) for x in held
                        if not any(beats(y, x) for y in held)))


def listing_of(question, side, f: int, dice) -> set:
    """The contributions of one roll's ``dice`` (a tuple of faces per colour, ascending) of the
    colours ``side`` to family ``f``, listed box by box as exactness point 2 says, with no
    sharing between rolls: each small box (by falling target) left open or given what
    ``box_options`` says, its colours' smallest dice that reach the target taken; then the rest
    onto the wide box (``onto_wide``); the whole within the budget."""
    from odd_nb.games.one_deck.odds.split.sides import box_options, onto_wide
    family = question.families[f]
    too_dear = question.packing.pack(0, 0, question.budget + 1, 0)

    def take(dice, c, target):
        faces = dice[c]
        for x, face in enumerate(faces):
            if face >= target:
                return dice[:c] + (faces[:x] + faces[x + 1:],) + dice[c + 1:]
        return None

    def boxes_from(j, dice):
        if j == len(family.small):
            return set(onto_wide(question, family, dice))
        found = boxes_from(j + 1, dice)  # box j left open
        target = family.small[j][1]
        for takes, more in box_options(question, side, f, j):
            rest = dice
            for c in takes:
                rest = take(rest, c, target)
                if rest is None:
                    break
            else:
                found |= {code + more for code in boxes_from(j + 1, rest)}
        return found

    return {code for code in boxes_from(0, dice) if code < too_dear}


def listed_rolls(question, side):
    """(dice, ways) of every roll of ``side``, numbered as ``merged`` numbers them."""
    from itertools import product

    from odd_nb.games.one_deck.odds.split.merge import merge_order
    from odd_nb.games.one_deck.odds.split.sides import colour_rolls
    plan = question.plan
    order = merge_order(question, side)
    per_colour = [colour_rolls(plan.rolled[c], plan.classes[c], question.fixed[c],
                               question.gone[c]) for c in order]
    for combo in product(*per_colour):
        dice, ways = [()] * 4, 1
        for c, (faces, ways_c) in zip(order, combo):
            dice[c], ways = faces, ways * ways_c
        yield tuple(dice), ways


def per_family(question, groups: list, profile: tuple) -> tuple:
    """A profile of groups (``profiles``) as each family's contributions, sorted."""
    held = [sorted(code for k in profile for f, code in groups[k] if f == family)
            for family in range(len(question.families))]
    return tuple(map(tuple, held))


def seeded_sides(seed: int, count: int):
    """(case, question, side) for each side of ``count`` seeded encounters of 3-6 dice, a fifth
    of them with no wide box."""
    from odd_nb.games.one_deck.odds.split.sides import sides
    rng = random.Random(seed)
    for _ in range(count):
        case = random_case(rng, rng.randint(3, 6), wide=rng.random() < 0.8)
        args = {k: v for k, v in case.items() if k != "pool"}
        question = question_for(plan_for(case["pool"], **args))
        for side in sides(question):
            if side:
                yield case, question, side


def test_s4_a7_colour_by_colour_tables_hold_each_rolls_own_contributions():
    """§4, A7 (the docstring's exactness points 3 and 4): a side built colour by colour as bits
    (``merged``) holds, for every roll of the side, every contribution that listing that roll's
    dice gives, and, once beaten ones are dropped (``unbeaten``), exactly the listed ones no
    other beats, on 80 seeded encounters of 3-6 dice (every side, fixed dice included, a
    fifth with no wide box; the paired colours' dice joined before they are paired onto the
    wide box); and the profiles
    read off those tables (``profiles``) are the listed ones, with their ways, each group's
    contributions held by the same rolls. The join then cannot tell the two ways apart."""
    from collections import Counter

    from odd_nb.games.one_deck.odds.split.merge import merged as merged_side
    from odd_nb.games.one_deck.odds.split.rows import profiles as read_profiles
    from odd_nb.games.one_deck.odds.split.rows import unbeaten

    checked = paired = 0
    for case, question, side in seeded_sides(77, 80):
        merged, ways = merged_side(question, side, Work())
        tables = unbeaten(question, merged, Work())
        listed = Counter()
        for i, (dice, w) in enumerate(listed_rolls(question, side)):
            listing = [listing_of(question, side, f, dice) for f in range(len(tables))]
            profile = tuple(unbeaten_of(question, found) for found in listing)
            for f, table in enumerate(tables):
                assert set(listing[f]) <= {code for code, bits in merged[f].items()
                                           if bits >> i & 1}, case
                assert {code for code, bits in table.items() if bits >> i & 1} == set(
                    profile[f]), case
            assert ways[i] == w, case
            listed[profile] += w
        groups, profiles = read_profiles(tables, ways, Work())
        assert {per_family(question, groups, p): w for p, w in profiles.items()} == listed, case
        for found in groups:
            assert len({tables[f][code] for f, code in found}) == 1, case
        checked += 1
        paired += sum(c in question.paired for c in side) >= 2
    assert checked >= 100 and paired >= 10, (checked, paired)


def test_s4_a7_only_unbeaten_contributions_are_kept_roll_by_roll():
    """§4, A7 (exactness point 4): ``unbeaten`` keeps, for each roll of a side, exactly the
    listed contributions that no other contribution of that roll beats (``unbeaten_of``), on
    60 seeded encounters; and some are dropped."""
    from collections import defaultdict

    from odd_nb.games.one_deck.odds.split.rows import unbeaten as unbeaten_tables

    dropped = 0
    for case, question, side in seeded_sides(78, 60):
        tables = [defaultdict(int) for _ in question.families]
        rolls = list(listed_rolls(question, side))
        for i, (dice, _) in enumerate(rolls):
            for f, table in enumerate(tables):
                for code in listing_of(question, side, f, dice):
                    table[code] |= 1 << i
        for table, unbeaten in zip(tables, unbeaten_tables(question, tables, Work())):
            for i in range(len(rolls)):
                held = [code for code, bits in table.items() if bits >> i & 1]
                got = {code for code, bits in unbeaten.items() if bits >> i & 1}
                assert got == set(unbeaten_of(question, held)), case
                dropped += len(held) - len(got)
    assert dropped > 1000


def joined(question, f: int, a: int, b: int):
    """What contributions ``a`` and ``b`` (packed, one of each side) to family ``f`` give
    together (exactness point 1): None over the budget, else (the boxes covered, a half from
    each making a pair; whether the wide box is filled)."""
    full_a, halves_a, budget_a, value_a = question.packing.unpack(a)
    full_b, halves_b, budget_b, value_b = question.packing.unpack(b)
    pairs = halves_a & halves_b
    if budget_a + budget_b + bin(pairs).count("1") > question.budget:
        return None
    need = question.families[f].need
    return full_a | full_b | pairs, need is None or value_a + value_b >= need


def test_s4_a7_rows_made_least_join_every_column_the_same_way():
    """§4, A7 (exactness point 4, ``as_rows``): each contribution of one side, made the least
    one that joins the other side's the same way, gives with every one of them just what it
    gave (over the budget or not, the boxes covered, the wide box filled or short), either
    side as the rows, on 60 seeded encounters; the rolls keep their contributions' images;
    and the least ones differ often (halves dropped, less budget, less value)."""
    from odd_nb.games.one_deck.odds.split.merge import merged
    from odd_nb.games.one_deck.odds.split.rows import as_rows
    from odd_nb.games.one_deck.odds.split.sides import sides as sides_of

    rng = random.Random(79)
    changed = 0
    for _ in range(60):
        case = random_case(rng, rng.randint(3, 6), wide=rng.random() < 0.8)
        args = {k: v for k, v in case.items() if k != "pool"}
        question = question_for(plan_for(case["pool"], **args))
        sides = [merged(question, side, Work()).tables for side in sides_of(question)]
        for rows, columns in (sides, sides[::-1]):
            made = as_rows(question, rows, columns, Work())
            for f, (table, others) in enumerate(zip(rows, columns)):
                images = {}
                for code, bits in table.items():
                    alone = [{code: 1} if g == f else {} for g in range(len(rows))]
                    (image,) = as_rows(question, alone, columns, Work())[f]
                    for other in others:
                        assert (joined(question, f, code, other)
                                == joined(question, f, image, other))
                    images[image] = images.get(image, 0) | bits
                    changed += image != code
                assert made[f] == images, case
    assert changed > 500, changed


def best_key(question, f: int, code: int, column: list):
    """The best key row contribution ``code`` gives family ``f`` with one column roll, whose
    contributions are ``column``, pair by pair (``joined``; the wide box short costs its cost,
    not legal where it must be filled; INF: no legal pair)."""
    family, best = question.families[f], INF
    for other in column:
        pair = joined(question, f, code, other)
        if pair is not None:
            covered, filled = pair
            key = family.key_of[covered]
            if not filled:
                key = INF if family.wide_must else key + family.wide_cost
            best = min(best, key)
    return best


def test_s4_a7_outdone_drops_only_what_the_roll_has_better():
    """§4, A7, A24 (exactness point 7, ``outdone``): a row contribution dropped for a roll
    after pruning (``unbeaten``) is one that another kept for that roll outdoes: with every
    column roll its best key is no better than that one's (counted pair by pair, with
    neither ``reach`` nor the runs), either side as the rows (against at most 300 column
    rolls), on 40 seeded encounters of 5-6 dice; and some are dropped."""
    from odd_nb.games.one_deck.odds.split.columns import columns as columns_of
    from odd_nb.games.one_deck.odds.split.join import Reach
    from odd_nb.games.one_deck.odds.split.merge import merged
    from odd_nb.games.one_deck.odds.split.rows import as_rows, outdone, unbeaten
    from odd_nb.games.one_deck.odds.split.sides import sides as sides_of

    rng, dropped = random.Random(81), 0
    for _ in range(40):
        case = random_case(rng, rng.randint(5, 6))
        args = {k: v for k, v in case.items() if k != "pool"}
        question = question_for(plan_for(case["pool"], **args))
        sides = [merged(question, side, Work()) for side in sides_of(question) if side]
        for (rows, _), (columns, ways) in (sides, sides[::-1]) if len(sides) == 2 else ():
            if len(ways) > 300:
                continue
            ready = unbeaten(question, as_rows(question, rows, columns, Work()), Work(),
                             swaps=True)
            reach = Reach(question, ready, columns_of(question, columns, ways, Work()).runs,
                          Work())
            kept = outdone(question, ready, reach, Work())
            for f, (table, left) in enumerate(zip(ready, kept)):
                cells = [[code for code, bits in columns[f].items() if bits >> j & 1]
                         for j in range(len(ways))]
                for code, bits in table.items():
                    gone = bits & ~left.get(code, 0)
                    mine = [best_key(question, f, code, cell) for cell in cells] if gone else ()
                    for i in (i for i in range(gone.bit_length()) if gone >> i & 1):
                        dropped += 1
                        assert any(all(best_key(question, f, better, cell) <= key
                                       for cell, key in zip(cells, mine))
                                   for better, held in left.items() if held >> i & 1), case
    assert dropped > 20, dropped


def test_s4_a24_rows_drop_the_cheaper_of_two_alike_boxes():
    """§4, A24 (exactness point 4, the rows' part): two pink 5 boxes, one costing more left
    open; no row contribution covers the cheaper one without the costlier (covering the
    costlier instead beats it), with or without a wide box; and the split still gives the
    walk's counts."""
    from odd_nb.games.one_deck.odds.split import arrange

    for wide in ((), (Box("yellow", 7, wide=True),)):
        boxes = [Box("pink", 5, damage=1), Box("pink", 5, damage=2), *wide]
        case = dict(pool={"pink": 2, "yellow": 2}, boxes=boxes, black_supply=2, fixed=(),
                    weights=(1000, 1), conversions=True)
        args = {k: v for k, v in case.items() if k != "pool"}
        question = question_for(plan_for(case["pool"], **args))
        unpack = question.packing.unpack
        (groups, profiles), _, _ = arrange(question, Work())
        covering = 0
        for profile in profiles:
            for family, found in zip(question.families, per_family(question, groups, profile)):
                bit = {i: 1 << j for j, (i, _, _) in enumerate(family.small)}
                for code in found:
                    full = unpack(code)[0]
                    assert not (full & bit[0] and not full & bit[1]), (wide, unpack(code))
                    covering += bool(full & bit[1])
        assert covering
        got, want = both(case)
        assert (got[0], got[1]) == (want[0], want[1])


def test_supports_at_most_one_open_wide_box_without_placed_dice():
    """§4: the split applies to one open wide box or none; not to two, nor when dice are
    already on a box (partly filling the wide box, or covering a small one);
    ``split_distribution`` refuses those plans."""
    pool = {"yellow": 2, "pink": 1}
    wide, small = Box("yellow", 9, wide=True), Box("pink", 4)
    assert supports(plan_for(pool, [wide, small]))
    assert supports(plan_for(pool, [wide, small], fixed=[("blue", 3)]))
    assert supports(plan_for(pool, [wide, small], discard=(("yellow", 1),)))
    assert supports(plan_for(pool, [small, Box("yellow", 3)]))
    unsupported = [
        plan_for(pool, [wide, Box("pink", 8, wide=True)]),
        plan_for(pool, [wide, small], placed=[[("yellow", 4)], []]),
        plan_for(pool, [wide, small], placed=[[], [("pink", 5)]]),
        plan_for(pool, [wide, small], placed=[[("yellow", 6), ("yellow", 5)], []]),
    ]
    for plan in unsupported:
        assert not supports(plan)
        with pytest.raises(ValueError):
            split_distribution(plan)


def big_plan():
    return plan_for({"yellow": 3, "pink": 2, "blue": 2, "black": 1},
                    [Box("yellow", 5), Box("pink", 4), Box("any", 12, wide=True),
                     Box("blue", 4), Box("yellow", 3)], black_supply=4)


def test_a24_work_limit_and_stop_raise_too_much_work():
    """A24: past its work limit, or once ``stop()`` is true, the split gives up with
    ``TooMuchWork``; ``stop`` is asked along the way and an exception it raises goes through;
    with room enough it finishes within the limit."""
    masks, total, work, _ = split_distribution(big_plan())
    assert work > 2000 and sum(masks.values()) == total
    assert split_distribution(big_plan(), limit=work)[2] == work
    with pytest.raises(TooMuchWork):
        split_distribution(big_plan(), limit=work // 2)
    with pytest.raises(TooMuchWork):
        split_distribution(big_plan(), limit=10)
    asked = []
    split_distribution(big_plan(), stop=lambda: asked.append(1) and False)
    assert len(asked) >= work // 2000 - 1 >= 1
    with pytest.raises(TooMuchWork):
        split_distribution(big_plan(), stop=lambda: True)

    class Cancelled(Exception):
        pass

    def cancel():
        raise Cancelled

    with pytest.raises(Cancelled):
        split_distribution(big_plan(), stop=cancel)


def test_a24_encounter_odds_takes_the_split_when_it_pays():
    """§4, A24: ``encounter_odds`` asks the split for one wide box, whether it takes the dice
    directly or through 2-for-1 pairs, and not for two (the walk, or each roll solved when that
    is quicker); with small boxes only, the split for dice of two colours or more and the
    small-box walk for one colour (its greedy path); the same odds either way."""
    from odd_nb.games.one_deck import encounter_odds
    from odd_nb.games.one_deck.odds.split import faster_than_walk
    small = [Box("yellow", 5, damage=1), Box("black", 4)]
    for pool, wide, method in [({"yellow": 3, "pink": 1}, Box("yellow", 11, wide=True), "split"),
                               ({"yellow": 1, "pink": 1, "black": 1},
                                Box("yellow", 8, wide=True), "split"),
                               ({"yellow": 3, "pink": 1}, Box("pink", 6, wide=True), "split"),
                               ({"yellow": 3, "pink": 1}, None, "split"),
                               ({"yellow": 4}, None, "small")]:
        boxes = [wide] + small if wide else small + [Box("yellow", 3)]
        assert faster_than_walk(plan_for(pool, boxes)) == (method == "split")
        odds = encounter_odds(pool, boxes)
        assert odds.method == method
        masks, total, _, _ = split_distribution(plan_for(pool, boxes))
        assert odds.covered == {tuple(bool(m >> i & 1) for i in range(3)): Fraction(w, total)
                                for m, w in sorted(masks.items())}
    two_wide = [Box("yellow", 8, wide=True), Box("pink", 6, wide=True)] + small
    assert not supports(plan_for({"yellow": 3, "pink": 2}, two_wide))
    assert encounter_odds({"yellow": 3, "pink": 2}, two_wide).method in ("vector", "rolls")
