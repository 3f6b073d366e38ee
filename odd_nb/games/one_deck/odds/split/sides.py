"""Phase 2: the two sides (``sides``), and each colour's rolls (``colour_rolls``) and
contributions (``colour_table``), the dice meeting the boxes as exactness point 2 says.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from itertools import combinations_with_replacement
from math import factorial

from ..problem import K
from .bits import tally
from .work import FOUND_PER_UNIT


def rolls_of(plan, colours) -> int:
    """How many distinct rolls the rolled dice of ``colours`` have together.

    >>> from odd_nb.games.one_deck import Box
    >>> from odd_nb.games.one_deck.odds import plan_for
    >>> rolls_of(plan_for({"yellow": 2}, [Box("yellow", 3)]), [0])   # faces 1-2 and 3-6
    3
    """
    out = 1
    for c in colours:
        n, classes = plan.rolled[c], len(plan.classes[c])
        out *= factorial(n + classes - 1) // factorial(n) // factorial(classes - 1)
    return out


def sides(question) -> tuple:
    """The two sides' colours, A and B. Side B takes every paired colour; the other colours go,
    largest first, to the side with fewer distinct rolls so far (balanced sides cost least)."""
    plan = question.plan
    side_b, side_a = list(question.paired), []
    for c in sorted((c for c in question.present if c not in side_b),
                    key=lambda c: -rolls_of(plan, [c])):
        (side_a if rolls_of(plan, side_a) <= rolls_of(plan, side_b) else side_b).append(c)
    return tuple(side_a), tuple(side_b)


def colour_rolls(n: int, classes, fixed, gone=()) -> list:
    """Every roll of ``n`` dice of one colour as an ascending tuple of face classes (each class
    named by its lowest face), with the ordered rolls giving it; ``fixed`` faces join each, dice
    showing a face of ``gone`` (discarded as rolled, E3) leave it, rolls that become the same
    merged.

    >>> colour_rolls(2, (1, 4), (6,))   # faces 1-3 and 4-6 told apart, a 6 already showing
    [((1, 1, 6), 9), ((1, 4, 6), 18), ((4, 4, 6), 9)]
    """
    sizes = {face: (classes[x + 1] if x + 1 < len(classes) else 7) - face
             for x, face in enumerate(classes)}
    out = defaultdict(int)
    for faces in combinations_with_replacement(classes, n):
        ways = factorial(n)
        for face in set(faces):
            count = faces.count(face)
            ways = ways // factorial(count) * sizes[face] ** count
        out[tuple(sorted([f for f in faces if f not in gone] + list(fixed)))] += ways
    return list(out.items())


def box_options(question, colours, f: int, j: int) -> list:
    """What the dice of ``colours`` (a side, or one colour of it) can do for small box j of
    family ``f``, besides leaving it open: (colours of the dice it takes, what it adds to a
    contribution, packed). Covered by its smallest die the box takes (black spends the budget,
    A7) or by a 2-for-1 pair of these dice that it does not take; or given a half, the other die
    to come from the other colours. The same for every roll of ``colours``."""
    takes = question.families[f].small[j][2]
    ways = [((c,), 1, 0, int(c == K)) for c in colours if c in takes]
    if question.plan.conv_ok and len(takes) < 4:  # an "any" box: any die alone does better
        mine = [c for c in colours if c != K and c not in takes]
        ways += [((c1, c2), 1, 0, 1) for x, c1 in enumerate(mine) for c2 in mine[x:]]
        if any(c != K and c not in takes for c in question.present if c not in colours):
            ways += [((c,), 0, 1, 0) for c in mine]
    pack = question.packing.pack
    return [(dice, pack(covered << j, half << j, spent, 0))
            for dice, covered, half, spent in ways]


def onto_wide(question, family, dice) -> list:
    """The leftover dice of a roll (``dice``: faces ascending, per colour) onto the wide box, as
    packed contributions: every die it takes, the k highest black dice (one budget each), the
    j best 2-for-1 pairs of dice it does not take (one budget each), for every k and j the
    budget allows, up to the first that fills the box (more would spend budget for nothing);
    the value capped at the need."""
    if family.need is None:
        return [0]
    budget, pack = question.budget, question.packing.pack
    takes = family.wide_takes
    free = sum(sum(dice[c]) for c in range(3) if c in takes)
    pairs = pair_sums(sorted(v for c in range(3) if c not in takes for v in dice[c])
                      if family.pairs_onto_wide else ())
    out, blacks = [], 0
    for k, black in enumerate((0,) + tuple(reversed(dice[K]))):
        if k > budget:
            break
        blacks += black
        for j in range(min(len(pairs) - 1, budget - k) + 1):
            out.append(pack(0, 0, k + j, min(family.need, free + blacks + pairs[j])))
            if free + blacks + pairs[j] >= family.need:
                break
        if free + blacks >= family.need:
            break
    return out


def colour_table(question, c: int, rolls: list, leftovers, work) -> list:
    """Per family, each contribution of colour ``c``'s dice alone and the bits of the rolls
    (numbered as in ``rolls``, from ``colour_rolls``) that give it. The small boxes are met one
    after the other, by falling target, each demand with the smallest die that reaches it
    (exactness point 2), all the rolls at once: a *state* is what the boxes so far add up to and
    the dice they leave, with the bits of the rolls that come to it, so rolls that leave the
    same dice go on together (Iron Golemling's 252 yellow rolls: 2,457 states before the wide
    box, against 11,039 contributions listed roll by roll). What is left goes on the wide box
    (``onto_wide``), within the budget; for a paired colour, its leftover instead (numbered by
    ``leftovers``, merged with the other paired colours' before they are paired onto the
    box)."""
    colours = (c,)
    before, after = ((),) * c, ((),) * (3 - c)
    too_dear = question.packing.pack(0, 0, question.budget + 1, 0)
    leaving = c in question.paired
    tables = []
    for f, family in enumerate(question.families):
        states = {(0, faces): 1 << i for i, (faces, _) in enumerate(rolls)}  # all differ
        for j, (_, target, _) in enumerate(family.small):
            work.spend(len(states) // FOUND_PER_UNIT + 1)
            options = box_options(question, colours, f, j)
            found = defaultdict(int, states)  # the box left open
            for (code, faces), bits in states.items():
                one = without(faces, target)
                if one is None:
                    continue
                two = False  # not yet known
                for takes, more in options:  # one colour: its dice, one or a pair
                    if code + more >= too_dear:
                        continue
                    if len(takes) == 1:
                        found[code + more, one] |= bits
                        continue
                    if two is False:  # a 2-for-1 pair: both dice reach the target
                        two = without(one, target)
                    if two is not None:
                        found[code + more, two] |= bits
            states = found
        table, ends = defaultdict(int), {}
        for (code, faces), bits in states.items():
            wide = ends.get(faces)
            if wide is None:
                if family.need is None:
                    wide = [0]
                elif leaving:  # its leftover stands for its value until the pairing
                    wide = [leftovers.number(tally(faces)) if family.pairs_onto_wide else 0]
                else:
                    wide = onto_wide(question, family, before + (faces,) + after)
                ends[faces] = wide
            for more in wide:
                if code + more < too_dear:
                    table[code + more] |= bits
        work.spend(len(states) // FOUND_PER_UNIT + 1)
        tables.append(table)
    return tables


def pair_sums(faces) -> list:
    """The best sum of j 2-for-1 pairs of these faces (ascending), for each j from 0: each pair
    gives its lower die, so neighbours are paired from the top (the 2nd, 4th, ... highest).

    >>> pair_sums((1, 2, 5, 6))
    [0, 5, 6]
    """
    out = [0]
    for lower in faces[-2::-2]:
        out.append(out[-1] + lower)
    return out


def without(faces: tuple, target: int):
    """``faces`` (ascending) without the smallest that reaches ``target`` (None if none does).

    >>> without((2, 4, 5, 6), 5)
    (2, 4, 6)
    """
    x = bisect_left(faces, target)
    if x == len(faces):
        return None
    return faces[:x] + faces[x + 1:]
