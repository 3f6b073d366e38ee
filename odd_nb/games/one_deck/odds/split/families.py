"""Phase 1: the question as the split reads it (``question_for``): the families with the key of
each set of small boxes covered and the swaps (exactness points 4-6), the colours -- dice already
showing a face, faces discarded, the paired colours -- and how a contribution is packed.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from ..problem import INF, K
from .bits import Packing


class Family:
    """One family of placements (``problem.Family``, A11) as the split sees it: its small boxes
    by falling target (the order the dice meet them in), its wide box, the key of every set of
    small boxes covered and the swaps the rows may make."""

    def __init__(self, plan, mode):
        self.small = sorted(mode.small, key=lambda box: -box[1])  # (index, target, takes)
        self.need = None  # the wide box's target (None: no wide box)
        self.wide_takes, self.wide_cost, self.wide_must, self.pairs_onto_wide = (), 0, False, False
        if mode.wide:
            ((_, self.need, self.wide_takes),) = mode.wide
            self.wide_cost = mode.wide_costs[0]
            self.wide_must = mode.wide_must[0]
            self.pairs_onto_wide = mode.wide_conv[0]
        costs = [plan.costs[i] for i, _, _ in self.small]
        must = [mode.armor_must and plan.boxes[i].armor for i, _, _ in self.small]
        self.key_of = []  # covered set (bit j: self.small[j]) -> start key + open boxes' costs
        for covered in range(1 << len(self.small)):
            key = mode.start_key
            for j, cost in enumerate(costs):
                if not covered >> j & 1:
                    key = INF if must[j] else key + cost
            self.key_of.append(key)
        # (x, y, alike) as bits: covering small box y beats covering box x on the rows
        # (exactness point 4)
        self.swaps = []
        for x, (_, target_x, takes_x) in enumerate(self.small):
            for y, (_, target_y, takes_y) in enumerate(self.small):
                alike = target_x == target_y and set(takes_x) == set(takes_y)
                if (x != y and target_y >= target_x and set(takes_y) <= set(takes_x)
                        and costs[y] >= costs[x] and must[y] >= must[x]
                        and (y > x or not (alike and costs[y] == costs[x]
                                           and must[y] == must[x]))):
                    self.swaps.append((1 << x, 1 << y, alike))


@dataclass(frozen=True)
class Question:
    """What every phase reads and none changes (``question_for``)."""

    plan: object
    budget: int  # the black budget (A7)
    families: tuple  # of ``Family``, in the plan's order
    fixed: tuple  # per colour: the faces of its dice already showing one (as its face classes)
    gone: tuple  # per colour: the faces (its own classes) discarded as rolled (E3)
    present: tuple  # the colours rolled or fixed
    paired: tuple  # the paired colours
    packing: Packing


def question_for(plan) -> Question:
    """The split's reading of ``plan`` (from ``plan_for``; at most one open wide box).

    >>> from odd_nb.games.one_deck import Box
    >>> from odd_nb.games.one_deck.odds import plan_for
    >>> question = question_for(plan_for({"yellow": 2, "pink": 1},
    ...                                  [Box("blue", 7, wide=True), Box("pink", 5)]))
    >>> question.present, question.paired, [f.need for f in question.families]
    ((0, 1), (0, 1), [7])
    """
    families = tuple(Family(plan, mode) for mode in plan.modes)
    fixed = [[] for _ in range(4)]
    gone = [set() for _ in range(4)]
    for kind, face, c, _, arriving, _ in plan.steps:
        if kind == "draw":
            fixed[c] += [face] * arriving
        elif kind == "gone":
            gone[c].add(face)
    present = tuple(c for c in range(4) if plan.rolled[c] or fixed[c])
    paired = ()
    if plan.wide:
        (w, _, takes), = plan.wide
        paired = tuple(c for c in present if c != K and c not in takes and plan.wide_conv[w])
    # the value field holds a wide value up to the need, or the number of a leftover (at most
    # the multisets of the paired dice: comb(dice + 6, 6))
    boxes = max(len(family.small) for family in families)
    paired_dice = sum(plan.rolled[c] + len(fixed[c]) for c in paired)
    value_bits = max(max(family.need or 0 for family in families),
                     comb(paired_dice + 6, 6)).bit_length()
    return Question(plan, plan.budget, families, tuple(map(tuple, fixed)),
                    tuple(map(frozenset, gone)), present, paired, Packing(boxes, value_bits))
