"""The placement solver (rules §4; A7 conversion, A11 armor first, A24 the optimal placement)
against a plain brute force written here, plus hand-checked positions.

The brute force (``brute_force``) is deliberately naive: every set of disjoint pairs of dice to
convert (2-for-1, §4 / A7) that the black supply allows, then every assignment of each die to a
box or to nothing, kept if it is legal under §4 (colours, black wild, "any" boxes, one die on a
small box, the last die on a wide box must still be needed) and A11 (while an armor box is
uncovered no non-armor box holds dice; a wide box short of its target is uncovered). It is also
used by ``test_odds.py``.

Black dice going back to the supply: a pair holding a black die needs no black die from the
supply (A7: the two dice return first); two black dice converted, or a black die discarded (§4
voluntary discard), leave one more there for another conversion. The solver does not model that
last route; the brute force reports such cases (``gap``), the property tests set them aside and
dedicated tests (marked ENGINE GAP) check them.

Failing tests here are engine findings, each marked ENGINE BUG / ENGINE GAP in its docstring.

Rules references (§n, An) are to docs/rules/one-deck-dungeon.md.
"""

from __future__ import annotations

from collections import Counter
import random
from itertools import combinations, product

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from odd_nb.games.one_deck import Box, Solver
from odd_nb.games.one_deck.dice import minimal_sums
from odd_nb.games.one_deck.odds import solver as solver_module

DIE_COLOURS = ("yellow", "pink", "blue", "black")
BOX_COLOURS = ("yellow", "pink", "blue", "black", "any")


# -- the brute force --------------------------------------------------------------------------
def takes(box_colour: str, die_colour: str) -> bool:
    """§3/§4: a box takes dice of its colour; black dice are wild; an "any" box takes all."""
    return die_colour == box_colour or die_colour == "black" or box_colour == "any"


def _pairings(idx: tuple):
    """Every set of disjoint pairs of the indices ``idx`` (each set once)."""
    if not idx:
        yield ()
        return
    first, rest = idx[0], idx[1:]
    yield from _pairings(rest)  # ``first`` is not converted
    for j, second in enumerate(rest):
        for more in _pairings(rest[:j] + rest[j + 1:]):
            yield ((first, second),) + more


def conversions(dice, black_supply: int):
    """Every pool reachable by giving black dice back and 2-for-1 conversions (§4, A7): yields
    (pool, converted dice ``("black", low, a, b)``, whether black dice had to go back first).

    A7: the two dice return to the supply before the black die is taken, so a pair holding a
    black die needs no black die in the supply, and a pair of two black dice leaves one more
    there; a pair of two other dice takes one. §4 voluntary discard: a pool die may be returned
    to the supply, so each black die given back allows one more conversion. Giving back first
    and converting the black pairs before the others is the most permissive order, so a choice
    is feasible iff plain pairs <= supply + black dice given back + black-black pairs. A black
    die given back when the conversions did not need it is the same as leaving it unused, so
    only needed ones are enumerated. (Converting a converted die again is left out: the min of
    three dice is never better than the min of two of them; discarding other colours changes
    nothing.)"""
    blacks_at = [i for i, d in enumerate(dice) if d[0] == "black"]
    for k in range(len(blacks_at) + 1):
        for gone in combinations(blacks_at, k):
            kept = [d for i, d in enumerate(dice) if i not in gone]
            for pairs in _pairings(tuple(range(len(kept)))):
                blacks = [sum(kept[i][0] == "black" for i in pair) for pair in pairs]
                plain, both = blacks.count(0), blacks.count(2)
                if plain > black_supply + k + both or (k and plain <= black_supply + k - 1
                                                        + both):
                    continue  # not enough black dice, or a die given back for nothing
                paired = {i for pair in pairs for i in pair}
                rest = [kept[i] for i in range(len(kept)) if i not in paired]
                made = [("black", min(kept[a][1], kept[b][1]), kept[a], kept[b])
                        for a, b in pairs]
                yield rest + made, made, plain > black_supply


def box_state(box: Box, before, new) -> tuple[bool, bool]:
    """(legal, covered) for ``new`` dice put on ``box`` that already holds ``before`` (§4)."""
    have = sum(d[1] for d in before)
    if box.wide:
        done = bool(before) and have >= box.target
        if new and (done or have + sum(d[1] for d in new) - max(d[1] for d in new)
                    >= box.target):
            return False, done  # dice go on one by one; none once the sum is reached
        return True, have + sum(d[1] for d in new) >= box.target
    done = bool(before)
    if new and (done or len(new) > 1 or new[0][1] < box.target):
        return False, done
    return True, done or bool(new)


def placement_outcome(boxes, placed, on_box):
    """(covered tuple, damage, time) of a final placement, or None if it breaks §4 / A11."""
    covered = []
    for box, before, new in zip(boxes, placed, on_box):
        if any(not takes(box.colour, d[0]) for d in new):
            return None
        legal, cov = box_state(box, before, new)
        if not legal:
            return None
        covered.append(cov)
    armor_open = any(b.armor and not c for b, c in zip(boxes, covered))
    if armor_open and any(new and not b.armor for b, new in zip(boxes, on_box)):
        return None  # A11: armor first
    damage = sum(b.damage for b, c in zip(boxes, covered) if not c)
    time = sum(b.time for b, c in zip(boxes, covered) if not c)
    return tuple(covered), damage, time


def legal_placements(boxes, dice, black_supply, placed=None):
    """Every legal final placement of ``dice`` by plain enumeration (§4, A7, A11): conversions,
    then each die on a box that takes it or on none. Yields (black dice given back to the
    supply?, (covered, damage, time))."""
    boxes = tuple(boxes)
    placed = tuple(placed) if placed is not None else ((),) * len(boxes)
    for pool, _, gave_back in conversions(list(dice), black_supply):
        choices = [[None] + [i for i, b in enumerate(boxes) if takes(b.colour, d[0])]
                   for d in pool]
        for assignment in product(*choices):
            on_box = [[] for _ in boxes]
            for die, i in zip(pool, assignment):
                if i is not None:
                    on_box[i].append(die)
            out = placement_outcome(boxes, placed, on_box)
            if out is not None:
                yield gave_back, out


def brute_force(boxes, dice, black_supply=6, placed=None, weights=(1000, 1)):
    """Every legal final placement of ``dice``. Returns a dict: ``cost`` (least weighted cost),
    ``damage`` / ``time`` (of the least (cost, damage, time)), ``clear`` (some legal placement
    covers every box), and ``narrow_cost`` / ``narrow_clear``: the same when black dice are never
    given back to the supply (conversions limited by ``black_supply`` alone, the solver's
    model); ``gap`` says whether the two differ."""
    best = narrow = None
    clear = narrow_clear = False
    for gave_back, (covered, damage, time) in legal_placements(boxes, dice, black_supply, placed):
        key = (weights[0] * damage + weights[1] * time, damage, time)
        best = key if best is None or key < best else best
        clear = clear or all(covered)
        if not gave_back:
            narrow = key if narrow is None or key < narrow else narrow
            narrow_clear = narrow_clear or all(covered)
    return {"cost": best[0], "damage": best[1], "time": best[2], "clear": clear,
            "narrow_cost": narrow[0], "narrow_clear": narrow_clear,
            "gap": (best, clear) != (narrow, narrow_clear)}


# -- checking a solver Result -------------------------------------------------------------------
def check_result(boxes, dice, black_supply, placed, result) -> None:
    """``result`` (Solver.solve) is a legal placement of ``dice`` whose damage and time are its
    open boxes' sums (§4, A7, A11)."""
    placed = tuple(placed) if placed is not None else ((),) * len(boxes)
    assert len(result.uses) == len(result.covered) == len(boxes)
    spent, made = [], []
    for used in result.uses:
        for d in used:
            if len(d) == 4:  # converted: ("black", low, a, b)
                colour, v, a, b = d
                assert colour == "black" and len(a) == len(b) == 2, d
                assert v == min(a[1], b[1]), f"A7: a converted die shows the lower value: {d}"
                spent += [a, b]
                made.append(d)
            else:
                assert len(d) == 2, d
                spent.append(d)
    assert not Counter(spent) - Counter(dice), \
        f"dice used {sorted(spent)} are not a sub-multiset of the roll {sorted(dice)}"
    plain = sum(1 for d in made if "black" not in (d[2][0], d[3][0]))
    both = sum(1 for d in made if d[2][0] == d[3][0] == "black")
    spare = (Counter(dice) - Counter(spent))
    given_back = sum(n for d, n in spare.items() if d[0] == "black")  # §4 voluntary discard
    assert plain <= black_supply + both + given_back, \
        f"A7: {plain} conversions need black dice, the supply has {black_supply}"
    out = placement_outcome(boxes, placed, [list(u) for u in result.uses])
    assert out is not None, f"illegal placement {result.uses} on {[str(b) for b in boxes]}"
    covered, damage, time = out
    assert tuple(result.covered) == covered
    assert (result.damage, result.time) == (damage, time)


# -- strategies ---------------------------------------------------------------------------------
dice_st = st.lists(st.tuples(st.sampled_from(DIE_COLOURS), st.integers(1, 6)),
                   min_size=1, max_size=5)


@st.composite
def box_st(draw):
    wide = draw(st.booleans())
    return Box(draw(st.sampled_from(BOX_COLOURS)),
               draw(st.integers(2, 12) if wide else st.integers(1, 6)),
               wide=wide, armor=draw(st.integers(0, 3)) == 0,
               damage=draw(st.integers(0, 2)), time=draw(st.integers(0, 2)))


@st.composite
def placed_st(draw, boxes):
    """Dice already on boxes (most empty): a wide box part-filled, a small box covered."""
    out = []
    for b in boxes:
        colour = {"any": "yellow"}.get(b.colour, b.colour)
        if not draw(st.integers(0, 4)) == 0:
            out.append(())
        elif b.wide:
            out.append(((colour, draw(st.integers(1, min(6, b.target - 1)))),))
        else:
            out.append(((colour, draw(st.integers(b.target, 6))),))
    return tuple(out)


@st.composite
def case_st(draw, positive_costs=False):
    boxes = draw(st.lists(box_st(), min_size=1, max_size=3))
    if positive_costs:
        boxes = [b if b.damage or b.time else Box(b.colour, b.target, wide=b.wide,
                                                   armor=b.armor, damage=1) for b in boxes]
    placed = draw(st.one_of(st.none(), placed_st(boxes)))
    dice = draw(dice_st)
    supply = draw(st.integers(0, 3))
    weights = draw(st.sampled_from([(1000, 1), (1000, 1), (1, 1), (1, 5)]))
    return boxes, placed, dice, supply, weights


# -- the solver against the brute force -----------------------------------------------------------
# Cases where giving black dice back to the supply (a black die discarded, or two black dice
# converted) would allow more conversions are left to the tests after these: the solver does not
# model that route yet (see test_s4_a7_black_dice_given_back_allow_more_conversions).
@settings(max_examples=200, deadline=None, database=None)
@given(case_st())
def test_s4_a7_a11_solver_value_and_result_match_brute_force(case):
    """§4, A7, A11, A24: value() is the least weighted cost over every legal placement;
    solve() returns a legal placement of exactly that cost."""
    boxes, placed, dice, supply, weights = case
    expect = brute_force(boxes, dice, supply, placed, weights)
    assume(not expect["gap"])
    solver = Solver(boxes, placed, weights)
    assert solver.value(dice, supply) == expect["cost"]
    r = solver.solve(dice, supply)
    check_result(boxes, dice, supply, placed, r)
    assert weights[0] * r.damage + weights[1] * r.time == expect["cost"]
    if weights == (1000, 1):
        assert (r.damage, r.time) == (expect["damage"], expect["time"])


@settings(max_examples=80, deadline=None, database=None)
@given(case_st(positive_costs=True))
def test_a24_solver_clears_when_some_placement_covers_every_box_costly_boxes(case):
    """With every box costing something, the optimum clears exactly when a legal placement
    covering every box exists."""
    boxes, placed, dice, supply, weights = case
    expect = brute_force(boxes, dice, supply, placed, weights)
    assume(not expect["gap"])
    assert Solver(boxes, placed, weights).solve(dice, supply).cleared == expect["clear"]


def random_case(rng: random.Random):
    """A case like ``case_st`` from a seeded RNG (for properties the engine is known to break,
    so that a failure does not make hypothesis write patch files)."""
    boxes = []
    for _ in range(rng.randint(1, 3)):
        wide = rng.random() < 0.5
        boxes.append(Box(rng.choice(BOX_COLOURS), rng.randint(2, 12) if wide else
                         rng.randint(1, 6), wide=wide, armor=rng.random() < 0.25,
                         damage=rng.randint(0, 2), time=rng.randint(0, 2)))
    dice = [(rng.choice(DIE_COLOURS), rng.randint(1, 6)) for _ in range(rng.randint(1, 5))]
    return boxes, dice, rng.randint(0, 3)


def black_short_case(rng: random.Random):
    """1-2 black dice, 2-3 others, 0-1 black dice in the supply, 1-2 boxes of colours the other
    dice mostly do not match: where giving black dice back can pay for conversions."""
    dice = [("black", rng.randint(1, 6)) for _ in range(rng.randint(1, 2))]
    dice += [(rng.choice(DIE_COLOURS[:3]), rng.randint(3, 6)) for _ in range(rng.randint(2, 3))]
    boxes = []
    for _ in range(rng.randint(1, 2)):
        wide = rng.random() < 0.3
        boxes.append(Box(rng.choice(("yellow", "pink", "blue", "black")),
                         rng.randint(4, 10) if wide else rng.randint(3, 6), wide=wide,
                         armor=rng.random() < 0.2, damage=rng.randint(1, 2)))
    return boxes, dice, rng.randint(0, 1)


def test_a24_solver_clears_when_some_placement_covers_every_box():
    """Contract of p_clear: some legal placement covers every box, boxes without ♥/⌛ (e.g.
    the boss's ☠-only boxes) included. ENGINE BUG: a tie-break leaves such a box open (see
    test_a24_zero_cost_box_tie_break_loses_a_clear)."""
    rng = random.Random(2024)
    wrong = []
    for _ in range(150):
        boxes, dice, supply = random_case(rng)
        expect = brute_force(boxes, dice, supply)
        if expect["gap"]:
            continue
        got = Solver(boxes).solve(dice, supply).cleared
        if got != expect["clear"]:
            wrong.append(([str(b) for b in boxes], dice, supply, got))
    assert not wrong, f"{len(wrong)} cases: cleared != some placement clears; e.g. {wrong[:3]}"


def test_s4_a7_black_dice_given_back_allow_more_conversions():
    """ENGINE GAP: black pool dice can go back to the supply (§4 voluntary discard, or A7: two
    black dice converted return two and take one), and each one returned allows one more
    2-for-1 conversion. Random cases short of black dice in the supply, against the full
    brute force."""
    rng = random.Random(7)
    wrong = []
    for _ in range(150):
        boxes, dice, supply = black_short_case(rng)
        expect = brute_force(boxes, dice, supply)
        got = Solver(boxes).value(dice, supply)
        if got != expect["cost"]:
            wrong.append(([str(b) for b in boxes], dice, supply, got, expect["cost"]))
    assert not wrong, f"{len(wrong)} cases: value() != brute force; e.g. {wrong[:3]}"


def test_brute_force_itself_on_known_positions():
    """The reference is right on positions checked by hand."""
    b = [Box("yellow", 3, damage=1)]
    assert brute_force(b, [("yellow", 4)])["cost"] == 0
    assert brute_force(b, [("yellow", 2)])["cost"] == 1000
    assert brute_force(b, [("pink", 5), ("blue", 4)], 1)["cost"] == 0  # black 4
    assert brute_force(b, [("pink", 5), ("blue", 4)], 0)["cost"] == 1000
    assert brute_force(b, [("pink", 5), ("black", 4)], 0)["cost"] == 0  # wild
    armor = [Box("yellow", 6, armor=True, damage=1), Box("pink", 2, damage=2)]
    assert brute_force(armor, [("pink", 5)])["cost"] == 3000
    wide = [Box("pink", 8, wide=True, time=1)]
    assert brute_force(wide, [("pink", 5), ("pink", 2)])["cost"] == 1
    assert brute_force(wide, [("pink", 5), ("pink", 2)], placed=[(("pink", 1),)])["cost"] == 0


# -- hand-checked positions -----------------------------------------------------------------------
def test_s4_small_box_yellow_4_covers_small_yellow_3():
    s = Solver([Box("yellow", 3, damage=1)])
    r = s.solve([("yellow", 4)])
    assert (r.damage, r.time, r.covered, r.uses) == (0, 0, (True,), ((("yellow", 4),),))
    assert s.value([("yellow", 4)]) == 0
    assert s.solve([("yellow", 2)]).damage == 1
    assert s.solve([("pink", 6)], black_supply=0).damage == 1  # wrong colour


def test_s3_s4_black_die_is_wild_and_any_box_takes_every_colour():
    s = Solver([Box("blue", 5, damage=1), Box("any", 4, time=1)])
    r = s.solve([("black", 5), ("pink", 4)], black_supply=0)
    assert (r.damage, r.time) == (0, 0)
    assert r.uses == ((("black", 5),), (("pink", 4),))


def test_s4_a7_two_conversions_need_two_black_dice_in_the_supply():
    """Four spare pink dice become two black dice for two small blue boxes, only when the
    supply holds two black dice."""
    boxes = [Box("blue", 4, damage=1), Box("blue", 4, damage=1)]
    dice = [("pink", 4), ("pink", 5), ("pink", 6), ("pink", 4)]
    s = Solver(boxes)
    assert [s.value(dice, k) for k in (0, 1, 2, 3)] == [2000, 1000, 0, 0]
    r = s.solve(dice, 2)
    assert r.cleared
    check_result(boxes, dice, 2, None, r)
    assert all(u[0][0] == "black" and len(u[0]) == 4 for u in r.uses)
    assert s.solve(dice, 1).damage == 1


def test_a7_converted_die_shows_the_lower_value():
    s = Solver([Box("blue", 5, damage=1)])
    assert s.solve([("pink", 6), ("yellow", 4)], 1).damage == 1  # black 4 < 5
    r = s.solve([("pink", 6), ("yellow", 5)], 1)
    assert r.damage == 0 and r.uses[0][0][:2] == ("black", 5)


def test_s4_a7_pairs_onto_a_wide_box_pair_the_highest_dice_together():
    """Four dice a wide blue 7 does not take, two black dice in the supply: paired 6 with 5 and
    3 with 2 they make black 5 and 2, which reach 7; paired 6 with 2 and 5 with 3 they would
    make only 2 and 3. The solver pairs the chosen dice neighbour with neighbour."""
    boxes = [Box("blue", 7, wide=True, damage=1)]
    dice = [("pink", 6), ("pink", 5), ("yellow", 3), ("yellow", 2)]
    s = Solver(boxes)
    assert brute_force(boxes, dice, 2)["cost"] == 0
    r = s.solve(dice, 2)
    assert r.cleared
    check_result(boxes, dice, 2, None, r)
    assert sorted(u[1] for u in r.uses[0]) == [2, 5]
    assert s.solve(dice, 1).damage == 1  # one pair makes at most a black 5


def test_s4_a7_a_wide_box_takes_a_low_pair_when_it_needs_it():
    """Pairs the wide box could do without are not tried, but one it needs is, however low:
    a blue 2 with black 5 (pink 6 and 5) and black 1 (two yellow 1s) make exactly 8."""
    boxes = [Box("blue", 8, wide=True, damage=1)]
    dice = [("blue", 2), ("pink", 6), ("pink", 5), ("yellow", 1), ("yellow", 1)]
    assert brute_force(boxes, dice, 2)["cost"] == 0
    r = Solver(boxes).solve(dice, 2)
    assert r.cleared
    check_result(boxes, dice, 2, None, r)
    assert Solver(boxes).solve(dice, 1).damage == 1


@settings(max_examples=300, deadline=None, database=None)
@given(st.lists(st.tuples(st.sampled_from(DIE_COLOURS), st.integers(1, 6)), max_size=9),
       st.integers(-1, 25))
def test_s4_minimal_sums_are_every_sub_multiset_with_no_die_to_spare(dice, need):
    """§4 (a wide box takes dice until its sum reaches the target): the covers of a wide box
    by its own dice are every distinct sub-multiset reaching ``need`` that would not without
    its smallest die; compared with every combination of the dice."""
    usable = tuple(sorted(dice))
    expect = {combo for k in range(len(usable) + 1) for combo in combinations(usable, k)
              if sum(v for _, v in combo) >= need
              and (not combo or sum(v for _, v in combo) - min(v for _, v in combo) < need)}
    if need <= 0:
        expect = {()}
    assert set(minimal_sums(usable, need)) == expect


@settings(max_examples=300, deadline=None, database=None)
@given(st.lists(st.tuples(st.sampled_from(DIE_COLOURS), st.integers(1, 6)), max_size=10),
       st.integers(-1, 30), st.sets(st.integers(1, 6), max_size=4))
def test_s4_leaving_sums_are_the_minimal_covers_taking_each_class_s_largest(dice, need, cuts):
    """§4: with only small boxes of targets ``cuts`` left after a wide box, its covers are,
    per number of dice taken from each class (colour and highest target reached), the one
    taking that class's largest dice, kept when it reaches ``need`` and would not without its
    smallest die (``_leaving_sums``); compared with every such choice of counts."""
    usable, cuts = tuple(sorted(dice)), tuple(sorted(cuts))
    classes = {}
    for d in sorted(usable, key=lambda d: -d[1]):
        classes.setdefault((d[0], max((t for t in cuts if t <= d[1]), default=0)), []).append(d)
    expect = set()
    for counts in product(*(range(len(g) + 1) for g in classes.values())):
        combo = sorted(d for g, n in zip(classes.values(), counts) for d in g[:n])
        total = sum(v for _, v in combo)
        if total >= need and (not combo or total - min(v for _, v in combo) < need):
            expect.add(tuple(combo))
    if need <= 0:
        expect = {()}
    found = solver_module._leaving_sums(usable, need, cuts)
    assert list(found) == sorted(expect)


@settings(max_examples=300, deadline=None, database=None)
@given(st.lists(st.tuples(st.lists(st.tuples(st.sampled_from(DIE_COLOURS), st.integers(1, 6)),
                                   max_size=6), st.integers(0, 3)), max_size=8))
def test_s4_a7_a_wide_box_cover_is_dropped_only_when_another_leaves_no_less(leftovers):
    """§4, A7: of a wide box's covers the solver tries only those no other beats
    (``_unbeaten``): another beats a cover when it leaves at least as many conversions and, of
    each colour, at least as many dice, as high one by one (sorted from the highest); of covers
    that leave the same, the first. Compared with that definition written out."""
    covers = [((), tuple(sorted(left)), conv) for left, conv in leftovers]

    def beats(one, two) -> bool:
        if one[2] < two[2]:
            return False
        for colour in DIE_COLOURS:
            mine = sorted((v for c, v in one[1] if c == colour), reverse=True)
            theirs = sorted((v for c, v in two[1] if c == colour), reverse=True)
            if len(mine) < len(theirs) or any(a < b for a, b in zip(mine, theirs)):
                return False
        return True

    def same(one, two) -> bool:
        return Counter(one[1]) == Counter(two[1]) and one[2] == two[2]

    expect = [c for i, c in enumerate(covers)
              if not any(beats(o, c) and not same(o, c) or same(o, c) and j < i
                         for j, o in enumerate(covers))]
    assert solver_module._unbeaten(covers) == expect


def test_a24_a_roll_solved_again_is_walked_from_what_the_search_knows(monkeypatch):
    """A24: the placement is walked box by box from the search's values. Solving a roll the
    solver has met already gives the same placement without searching or sorting out a wide
    box's covers again (``_unbeaten``), which made a roll met before cost as much as a new one
    (0.85 ms against 0.06 ms on a 13-dice boss of the benchmarks): two wide boxes, 12 dice, 30
    seeded rolls."""
    boxes = [Box("yellow", 14, wide=True, damage=2), Box("any", 11, wide=True, damage=1),
             Box("pink", 5, damage=1), Box("blue", 4, time=1), Box("yellow", 3, damage=1)]
    solver, rng = Solver(boxes), random.Random(7)
    rolls = [[(c, rng.randint(1, 6)) for c in ("yellow",) * 5 + ("pink",) * 3 + ("blue",) * 2
              + ("black",) * 2] for _ in range(30)]
    first = [solver.solve(dice, 3) for dice in rolls]
    calls = Counter()

    def counted(name, function):
        def wrapper(*args, **kwargs):
            calls[name] += 1
            return function(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(solver_module, "_unbeaten", counted("unbeaten", solver_module._unbeaten))
    monkeypatch.setattr(solver, "_search", counted("search", solver._search))
    assert [solver.solve(dice, 3) for dice in rolls] == first
    assert calls == Counter()


@settings(max_examples=300, deadline=None, database=None)
@given(box_st(), st.lists(st.tuples(st.sampled_from(DIE_COLOURS), st.integers(1, 6)),
                          max_size=8), st.integers(0, 3))
@example(Box("yellow", 8, wide=True), [("yellow", 1), ("yellow", 1), ("yellow", 4), ("pink", 2),
                                       ("pink", 2), ("black", 1)], 0)  # the black 1 given back
def test_s4_a7_a_box_any_placement_covers_alone_is_never_counted_lost(box, dice, supply):
    """The search skips what cannot beat its best so far by a lower bound: the boxes that not
    even all the dice could cover, each alone (``_could_cover``). That bound must never call a
    box lost that some legal placement covers (§4, A7): checked against the brute force on one
    box and its dice."""
    box = Box(box.colour, box.target, wide=box.wide, damage=1)
    covered = brute_force([box], dice, supply)["cost"] == 0
    if covered:
        assert solver_module._could_cover(box, box.target, tuple(sorted(dice)), supply)


@settings(max_examples=150, deadline=None, database=None)
@given(st.lists(box_st(), min_size=2, max_size=4),
       st.lists(st.tuples(st.sampled_from(DIE_COLOURS), st.integers(1, 6)), max_size=5),
       st.integers(0, 2))
@example([Box("yellow", 8, wide=True, damage=1), Box("yellow", 8, wide=True, damage=1),
          Box("any", 4, damage=1)], [("yellow", 5), ("yellow", 4), ("pink", 6), ("black", 3)], 1)
@example([Box("pink", 6, wide=True, damage=1), Box("blue", 9, wide=True, damage=1)],
         [("black", 1), ("yellow", 6), ("yellow", 6)], 0)  # the black 1 given back for a pair
def test_s4_a7_a11_the_search_bound_never_exceeds_the_best_placement(boxes, dice, supply):
    """The search skips a position whose lower bound (``Solver._bound``: the cheapest boxes to
    leave open so that, colour by colour, the others' needs fit what the dice could put on
    them, pairs and black dice given back included) reaches the best found so far. The bound
    must never exceed the cost of the best legal placement (§4, A7, A11), black dice given back
    to the supply included: checked against every legal placement. (The first example: two
    yellow 8 boxes need 16, and the yellow dice with the black 3 make 12, a pink 6 paired with
    one of them no more, so the bound counts one open; the second: the wide pink 6 is covered only by giving the black 1 back to the supply
    to convert the two yellow 6s.) With fewer than two wide boxes the bound is each box alone
    (``_could_cover``, tested above)."""
    solver = Solver(boxes)
    best = min(sum(solver.cost(i) for i in solver.order if not covered[i])
               for _, (covered, _, _) in legal_placements(boxes, dice, supply))
    assert solver._bound(0, tuple(sorted(dice)), supply, False) <= best


def test_a11_armor_blocks_every_other_box():
    boxes = [Box("yellow", 6, armor=True, damage=1), Box("pink", 2, damage=2),
             Box("blue", 3, time=2)]
    s = Solver(boxes)
    r = s.solve([("pink", 5), ("blue", 6), ("yellow", 3)], 6)
    assert (r.damage, r.time, r.covered) == (3, 2, (False, False, False))
    assert r.uses == ((), (), ())
    r = s.solve([("pink", 5), ("blue", 6), ("yellow", 6)], 6)
    assert (r.damage, r.time, r.covered) == (0, 0, (True, True, True))


def test_a11_a7_conversion_can_cover_the_armor_box_first():
    boxes = [Box("yellow", 4, armor=True, damage=1), Box("pink", 3, damage=2)]
    dice = [("pink", 5), ("blue", 4), ("pink", 3)]
    s = Solver(boxes)
    assert s.value(dice, 0) == 3000
    r = s.solve(dice, 1)
    assert r.cleared
    check_result(boxes, dice, 1, None, r)


def test_a11_wide_armor_box_short_of_its_target_blocks_the_rest():
    boxes = [Box("blue", 9, wide=True, armor=True, damage=1), Box("yellow", 2, damage=1)]
    s = Solver(boxes)
    assert s.solve([("blue", 4), ("blue", 4), ("yellow", 6)], 0).damage == 2
    r = s.solve([("blue", 4), ("blue", 5), ("yellow", 6)], 0)
    assert r.damage == 0 and sorted(r.uses[0]) == [("blue", 4), ("blue", 5)]


def test_s4_placed_dice_partly_fill_a_wide_box():
    box = Box("yellow", 10, wide=True, damage=2)
    s = Solver([box], placed=[(("yellow", 6),)])
    r = s.solve([("yellow", 4)])
    assert (r.damage, r.covered, r.uses) == (0, (True,), ((("yellow", 4),),))
    assert s.solve([("yellow", 3)]).damage == 2
    assert s.solve([("yellow", 2), ("black", 2)]).damage == 0
    # a covered box (placed dice reach the target) needs nothing more
    done = Solver([box], placed=[(("yellow", 6), ("yellow", 4))])
    assert done.solve([]).covered == (True,) and done.solve([("yellow", 5)]).uses == ((),)


def test_s4_wide_box_takes_only_dice_it_still_needs():
    s = Solver([Box("pink", 8, wide=True, damage=1)])
    r = s.solve([("pink", 6), ("pink", 5), ("pink", 3)])
    check_result([Box("pink", 8, wide=True, damage=1)], [("pink", 6), ("pink", 5),
                                                          ("pink", 3)], 6, None, r)
    assert r.damage == 0


def test_a24_least_damage_before_time():
    boxes = [Box("yellow", 4, damage=1), Box("yellow", 4, time=2)]
    r = Solver(boxes).solve([("yellow", 5)])
    assert (r.damage, r.time) == (0, 2)
    r = Solver(boxes, weights=(1, 5)).solve([("yellow", 5)])
    assert (r.damage, r.time) == (1, 0)


def test_a24_zero_cost_box_tie_break_loses_a_clear():
    """ENGINE BUG. Two boxes without ♥/⌛ (like the boss's ☠-only boxes, e.g. d1: "yellow 5 ☠",
    "pink 5 ☠"): an "any 3" box and a yellow 3 box; dice yellow 4 and pink 4. Pink on "any",
    yellow on yellow covers both, so a placement clears. solve() puts the yellow die on "any"
    (first usable colour) and reports the yellow box open, so Result.cleared (and
    encounter_odds.p_clear) are wrong."""
    r = Solver([Box("any", 3), Box("yellow", 3)]).solve([("yellow", 4), ("pink", 4)], 0)
    assert brute_force([Box("any", 3), Box("yellow", 3)], [("yellow", 4), ("pink", 4)],
                       0)["clear"]
    assert r.cleared, f"some placement covers both boxes, solve() gives {r}"


def test_s4_a7_discarding_a_black_die_refills_the_supply_for_a_conversion():
    """ENGINE GAP (the solver's model vs the engine's legal actions). §4 voluntary discard
    returns a pool die to the supply, and A7 lets a conversion take that black die. With
    black 1, yellow 5, pink 5 and no black die in the supply: discard black 1, convert yellow 5 +
    pink 5 into black 5, cover the small blue 5. The solver caps conversions at
    ``black_supply`` and never counts the pool's black dice that could be given back, so it
    reports 1 damage. (``test_odds.py`` replays this line on a real game state.)"""
    boxes, dice = [Box("blue", 5, damage=1)], [("black", 1), ("yellow", 5), ("pink", 5)]
    assert brute_force(boxes, dice, 0)["cost"] == 0
    assert Solver(boxes).solve(dice, 0).damage == 0


def test_a7_two_black_dice_converted_leave_a_black_die_for_another_conversion():
    """ENGINE GAP, without any discard. A7: converting black 1 + black 1 returns both, then
    takes one (black 1): the supply gains a black die, so yellow 5 + pink 5 can then become a
    black 5 for the small blue 5 even with no black die in the supply at first."""
    boxes = [Box("blue", 5, damage=1)]
    dice = [("black", 1), ("black", 1), ("yellow", 5), ("pink", 5)]
    assert brute_force(boxes, dice, 0)["cost"] == 0
    assert Solver(boxes).solve(dice, 0).damage == 0


# -- big pools: the wide box's covers grouped by what they leave ---------------------------------
def test_s4_a24_wide_box_covers_by_what_they_leave_equal_every_minimal_cover():
    """§4, A24: with only small boxes after a wide box, the solver tries one minimal cover of
    the wide box per leftover that matters to them (``_leaving_sums``) instead of every minimal
    cover (``dice.minimal_sums``). On 3,000 seeded pools of 6-12 dice, too big for the brute force,
    both give the same damage, time and covered boxes, and the placement is legal. (Differences
    are rare: a version leaving the largest dice of each class differs on about 1 in 200.)"""
    from odd_nb.games.one_deck.odds import solver as solver_module
    rng = random.Random(2024)
    every_cover = solver_module._leaving_sums
    for _ in range(3000):
        boxes = [Box(rng.choice(BOX_COLOURS), rng.randint(2, 14), wide=True, damage=1,
                     armor=rng.random() < 0.2)]
        boxes += [Box(rng.choice(BOX_COLOURS), rng.randint(1, 6), damage=rng.randint(0, 2),
                      time=rng.randint(0, 1)) for _ in range(rng.randint(1, 5))]
        dice = [(rng.choice(DIE_COLOURS), rng.randint(1, 6)) for _ in range(rng.randint(6, 12))]
        supply = rng.randint(0, 4)
        grouped = Solver(boxes).solve(dice, supply)
        try:
            solver_module._leaving_sums = lambda usable, need, cuts: \
                minimal_sums(usable, need)
            plain = Solver(boxes).solve(dice, supply)
        finally:
            solver_module._leaving_sums = every_cover
        assert (grouped.damage, grouped.time, grouped.covered) == \
            (plain.damage, plain.time, plain.covered), (boxes, dice, supply)
        check_result(boxes, dice, supply, None, grouped)


def test_s4_wide_box_covers_are_kept_per_solver():
    """§4 wide box: the covers a solver works out for a wide box stay with that solver, so a
    process that solves many encounters (a widget sampling odds in the background) does not keep
    every encounter's covers: a new solver starts with none, and solving fills only its own."""
    boxes = [Box("yellow", 14, wide=True, damage=2), Box("pink", 4, damage=1)]
    dice = [("yellow", 6), ("yellow", 5), ("black", 4), ("pink", 3), ("blue", 5), ("pink", 2)]
    first = Solver(boxes)
    first.solve(dice, 2)
    assert first._pairings.cache_info().currsize > 0
    assert first._leaving_sums.cache_info().currsize > 0
    second = Solver(boxes)
    assert second._pairings.cache_info().currsize == 0
    assert second._leaving_sums.cache_info().currsize == 0
