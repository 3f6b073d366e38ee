"""The last colour of ``vector`` joined by whole-number addition (rules §4, A7, A11; docs/odds.md,
"vector: the last colour").

At the last colour ``vector`` needs the best key of every pair of a contribution of the colours
before (``a``) and one of the last colour (``x``): millions of pairs. Here each contribution is
one whole number whose parts add up exactly as the two contributions join:

- per small box, 2 when covered and 1 when given half a 2-for-1 pair: the box is covered when
  the two add up to 2 or more (covered by either, or a half from each);
- the budget spent in half units: 2 per budget, 1 per half given, so that two halves on one box
  cost one budget together (a half no other die completes still counts its half unit: such a
  pair can only look worse than it is, and the same dice with that die left free are a
  contribution of their own, so the least key is the true one);
- the dice kept for pairs as counts per face and above (``counts[t]``: dice showing ``t`` or
  more), which add: the merged pool's pairs, neighbours from the top, are read off the sums;
- per wide box, its value.

The key of a pair is then read off the sum in tables filled as they are asked: the small boxes'
part (which are covered), and the wide boxes' part (what each lacks, and the pairs the pool and
the budget left make).

>>> from odd_nb.games.one_deck import Box
>>> from odd_nb.games.one_deck.odds import plan_for
>>> from odd_nb.games.one_deck.odds.vector import Colours
>>> colours = Colours(plan_for({"yellow": 1, "pink": 1}, [Box("blue", 4),
...     Box("yellow", 9, wide=True), Box("pink", 9, wide=True)]))
>>> packing = Packing(colours, 0)
>>> a, x = (0, 0, 1, 0, (), (5, 0)), (0, 0, 1, 0, (), (0, 4))
>>> packing.key(packing.code(a) + packing.code(x)) == colours.final_key(colours.join(a, x, 0))
True
"""

from __future__ import annotations

from ....core.once import Once
from .problem import INF

FACES = range(1, 7)
STRIDE = 1 << 24  # more than the pairs a pool can make


class Packing:
    """The contributions of family ``f`` as whole numbers that add (``code``), and the best key
    of a sum (``key``, ``keys``): the small boxes' part plus the wide boxes' part."""

    def __init__(self, colours, f: int):
        self.budget = budget = colours.budget
        self.start, self.small, self.wide = colours.families[f]
        self.box_bits = 3 * len(self.small)  # each box 0..4
        self.half_bits = (4 * budget + 2 * len(self.small) + 1).bit_length()
        self.count_bits = (4 * budget + 1).bit_length()  # each side keeps at most 2 * budget
        self.value_bits = [(2 * need + 1).bit_length() for need, *_ in self.wide]
        self.pool_bits = self.half_bits + 6 * self.count_bits
        self.values_shift = self.box_bits + self.pool_bits
        self.small_mask = (1 << self.box_bits) - 1
        self.pool_mask = (1 << self.pool_bits) - 1
        # four tables filled as asked (``core.once.Once``): the small boxes' part of the key;
        # the pairs a budget and a pool make (a number: its place in ``pairs_seen``, 0 past the
        # budget); the lacks of the wide boxes (a number: its place in ``lacks_seen`` times
        # STRIDE); and the wide boxes' part of the key for a lacks number plus a pairs number
        self.smalls = Once(self._smalls)
        self.pairs = Once(self._pairs)
        self.lacks = Once(self._lacks)
        self.wide_part = Once(self._wide_part)
        self.pairs_seen, self.lacks_seen = [None], []
        self.pairs_number, self.lacks_number = {}, {}

    def code(self, cfg: tuple) -> int:
        """The whole number of contribution ``cfg`` (a ``vector`` contribution of this
        family)."""
        _, covered, halved, spent, pool, values = cfg
        out, shift = 0, 0
        for bit, *_ in self.small:
            out |= (2 if covered & bit else 1 if halved & bit else 0) << shift
            shift += 3
        out |= (2 * spent + halved.bit_count()) << shift
        shift += self.half_bits
        for t in FACES:
            out |= sum(1 for face in pool if face >= t) << shift
            shift += self.count_bits
        for value, bits in zip(values, self.value_bits):
            out |= value << shift
            shift += bits
        return out

    def key(self, total: int):
        """The best key of a sum of two codes."""
        return self.keys(total, (0,))[0]

    def keys(self, a: int, xs) -> list:
        """The best key of ``a`` with each code of ``xs``."""
        smalls, pairs, lacks, wide = self.smalls, self.pairs, self.lacks, self.wide_part
        small_mask, pool_mask = self.small_mask, self.pool_mask
        box_bits, values_shift = self.box_bits, self.values_shift
        return [smalls[(s := a + x) & small_mask]
                + wide[lacks[s >> values_shift] + pairs[(s >> box_bits) & pool_mask]]
                for x in xs]

    def _smalls(self, fields: int):
        key = self.start
        for _, _, _, cost, must in self.small:
            if fields & 7 < 2:
                if must:
                    return INF
                key += cost
            fields >>= 3
        return key

    def _pairs(self, code: int) -> int:
        halves = code & ((1 << self.half_bits) - 1)
        if halves > 2 * self.budget:
            return 0
        code >>= self.half_bits
        unit = (1 << self.count_bits) - 1
        counts = []
        for _ in FACES:
            counts.append(code & unit)
            code >>= self.count_bits
        # the merged pool's pairs, neighbours from the top: the k-th is worth the highest face
        # that 2k dice or more show or beat; one budget each
        pairs = []
        face = 6
        for k in range(2, 2 * ((2 * self.budget - halves) // 2) + 1, 2):
            while face and counts[face - 1] < k:
                face -= 1
            if not face:
                break
            pairs.append(face)
        return number(self.pairs_seen, self.pairs_number, tuple(pairs))

    def _lacks(self, code: int) -> int:
        lacks = []
        for (need, *_), bits in zip(self.wide, self.value_bits):
            lacks.append(max(0, need - (code & ((1 << bits) - 1))))
            code >>= bits
        return number(self.lacks_seen, self.lacks_number, tuple(lacks)) * STRIDE

    def _wide_part(self, number: int):
        lacks, pairs = divmod(number, STRIDE)
        if not pairs:
            return INF
        return best_wide(self.wide, self.lacks_seen[lacks], self.pairs_seen[pairs])


def number(seen: list, numbers: dict, item: tuple) -> int:
    """``item``'s place in ``seen``, added at the end the first time (``numbers`` keeps the
    places)."""
    found = numbers.get(item)
    if found is None:
        found = numbers[item] = len(seen)
        seen.append(item)
    return found


def best_wide(wide, lacks, pairs: tuple):
    """The least cost of the wide boxes left open when the ``pairs`` (values, descending) are
    shared out over the ``lacks``; INF when a box that must be covered cannot be."""
    best = INF
    for lost in range(1 << len(wide)):  # the wide boxes left open
        extra = 0
        for w, (_, _, cost, must) in enumerate(wide):
            if lost >> w & 1:
                extra = INF if must else extra + cost
        if extra >= best:
            continue
        want = tuple(sorted((lack for w, lack in enumerate(lacks)
                             if not lost >> w & 1 and lack > 0), reverse=True))
        if fills(want, pairs):
            best = extra
    return best


def fills(lacks: tuple, values: tuple) -> bool:
    """Whether the ``values`` (descending) can be shared out so that each lack gets at least
    its amount.

    >>> fills((5, 4), (6, 3, 2)), fills((5, 4), (6, 3))
    (True, False)
    """
    if not lacks:
        return True
    if sum(values) < sum(lacks):
        return False
    return _fills(lacks, values)


def _fills(lacks, values) -> bool:
    if all(lack <= 0 for lack in lacks):
        return True
    if not values:
        return False
    head, rest = values[0], values[1:]
    tried = set()
    for w, lack in enumerate(lacks):
        if lack > 0 and lack not in tried:
            tried.add(lack)
            if _fills(lacks[:w] + (lack - head,) + lacks[w + 1:], rest):
                return True
    return False
