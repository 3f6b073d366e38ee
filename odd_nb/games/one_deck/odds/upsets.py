"""The last colour of ``vector`` joined through up-sets, when no die is kept for pairs on either
side (rules §4, A7, A11; docs/odds.md, "vector: the last colour").

``vector`` needs, for each contribution ``a`` of the colours before the last one, the rolls of
the last colour that first reach each key with it (its *levels*). ``packed`` tries ``a`` with
every contribution of the last colour. When neither keeps dice for pairs (the last colour is one
every wide box takes, or black, and the pool of the colours before is paired off), the key of a
join is plain: a small box is covered when either covers it or each gives it a half (one budget
more), a wide box when the two values reach its need, and the budgets add. So the rolls that
reach a key with ``a`` are, for each *head* of the last colour's contributions (the small boxes
they cover and halve) and each set of wide boxes to cover, those holding a contribution of that
head that spends at most what ``a`` leaves of the budget and puts on each of those wide boxes at
least what ``a`` lacks: an up-set, whatever the last colour's contributions number. ``UpSets``
answers each such question once (an OR over the contributions of that head), and a contribution
asks a few per head instead of joining every contribution of the last colour.

>>> from odd_nb.games.one_deck import Box
>>> from odd_nb.games.one_deck.odds import plan_for
>>> from odd_nb.games.one_deck.odds.vector import Colours
>>> colours = Colours(plan_for({"yellow": 2}, [Box("yellow", 7, wide=True),
...                                             Box("yellow", 4, wide=True)], black_supply=0))
>>> # the second yellow die, rolls 1..6 (bits 0..5): on the 7, on the 4, or free
>>> found = {(0, 0, 0, 0, (), (min(7, v), 0)): 1 << v - 1 for v in range(1, 7)}
>>> found |= {(0, 0, 0, 0, (), (0, min(4, v))): 1 << v - 1 for v in range(1, 7)}
>>> found[(0, 0, 0, 0, (), (0, 0))] = 0b111111
>>> upsets = UpSets(colours, 0, found)
>>> reached = upsets.reached((0, 0, 0, 0, (), (5, 0)))  # the first die: a 5 on the 7
>>> covers = colours.plan.mask_of_key   # a key's covered boxes: bit 0 the 7, bit 1 the 4
>>> [(bin(covers(key)), bin(rolls)) for key, rolls in sorted(reached.items())]
[('0b1', '0b111110'), ('0b10', '0b100000'), ('0b0', '0b111111')]
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from operator import or_

from .problem import INF


class UpSets:
    """The last colour's contributions of family ``f`` (``found``: contribution -> the bits of
    its rolls) by head, and what a contribution of the colours before reaches with them
    (``reached``). ``questions`` counts the up-sets asked, ``tried`` the contributions looked
    at to answer them (the work). A contribution is ``vector``'s tuple: (family, covered,
    halved, spent, pool, values).

    ``lacks``: per wide box, the lacks the contributions that will ask can name
    (``lacks_asked``; None: every lack). A question names what each wide box lacks, so only
    those are places of the grids; a value of the last colour counts at the largest of them it
    reaches."""

    def __init__(self, colours, f: int, found: dict, lacks=None):
        self.budget = colours.budget
        self.wide = colours.families[f][2]
        self.final_key, self.full = colours.final_key, (f, 0, 0, 0, (), colours.needs[f])
        heads = defaultdict(list)
        for (_, covered, halved, spent, _, values), bits in found.items():
            heads[covered, halved].append((spent, values, bits))
        self.heads = list(heads.items())
        # per head, once asked: the rolls that answer each question, at ``room * room_stride``
        # plus each lack's place times its box's stride (``_grid``)
        self.grids = [None] * len(self.heads)
        if lacks is None:
            lacks = lacks_asked(colours.needs[f])
        self.sizes = [len(asked) for asked in lacks]
        # per box: a lack asked -> its place; a value -> the place of the largest lack asked
        # it reaches (values are 0..need)
        self.place_of = [{lack: x for x, lack in enumerate(asked)} for asked in lacks]
        self.reaches = [[bisect_right(asked, value) - 1 for value in range(need + 1)]
                        for asked, need in zip(lacks, colours.needs[f])]
        self.strides = [1] * len(self.sizes)
        for w in range(len(self.sizes) - 2, -1, -1):
            self.strides[w] = self.strides[w + 1] * self.sizes[w + 1]
        self.room_stride = self.strides[0] * self.sizes[0] if self.sizes else 1
        self.wide_ways, self.small_keys = {}, {}
        self.questions = self.tried = 0

    def cost(self, contributions: int) -> int:
        """About the steps of answering ``contributions`` contributions of the colours before:
        the places of every head's grid, and a question per head and set of wide boxes each."""
        return len(self.heads) * (self.room_stride * (self.budget + 1) * (len(self.sizes) + 1)
                                  + contributions * (1 << len(self.wide)))

    def reached(self, a: tuple) -> dict:
        """Key -> the rolls of the last colour that reach that key or a better one with
        contribution ``a`` (no pool); ``vector.first_reached`` makes them its levels."""
        _, covered, halved, spent, _, values = a
        ways = self.wide_ways.get(values)
        if ways is None:  # each set of wide boxes to cover: its cost and its lacks' place
            ways = self.wide_ways[values] = [
                (extra, sum(place_of[lack] * stride for place_of, lack, stride
                            in zip(self.place_of, lacks, self.strides)))
                for extra, lacks in self._wide_ways(values)]
        by_key = defaultdict(int)
        grids, small_keys, room_stride = self.grids, self.small_keys, self.room_stride
        for h, ((covered_x, halved_x), _) in enumerate(self.heads):
            both = halved & halved_x  # a half from each: a pair, one budget
            room = self.budget - spent - both.bit_count()
            if room < 0:
                continue
            covered_now = covered | covered_x | both
            key = small_keys.get(covered_now)
            if key is None:
                key = small_keys[covered_now] = self._small_key(covered_now)
            if key == INF:
                continue
            grid = grids[h]
            if grid is None:
                grid = grids[h] = self._grid(h)
            # the rolls holding a contribution of head h that spends at most ``room`` and
            # puts at least the lacks on the wide boxes to cover
            at = room * room_stride
            self.questions += len(ways)
            for extra, place in ways:
                rolls = grid[at + place]
                if rolls:
                    by_key[key + extra] |= rolls
        return by_key

    def _small_key(self, covered: int):
        """The key of the small boxes ``covered`` leave open, every wide box full: the start
        key plus the open boxes' costs (``vector.Colours.final_key``; INF if one is bound)."""
        f, _, halved, spent, pool, needs = self.full
        return self.final_key((f, covered, halved, spent, pool, needs))

    def _wide_ways(self, values: tuple) -> list:
        """(cost of the wide boxes left open, what the last colour must put on each) for every
        set of wide boxes to cover: all but those left open, which must not be bound (armor in
        its family) nor already full (covering those costs nothing)."""
        out = []
        for lost in range(1 << len(self.wide)):
            extra, lacks = 0, []
            for w, ((need, _, cost, must), value) in enumerate(zip(self.wide, values)):
                if lost >> w & 1:
                    if must or value >= need:
                        break
                    extra += cost
                    lacks.append(0)
                else:
                    lacks.append(max(0, need - value))
            else:
                out.append((extra, tuple(lacks)))
        return out

    def _grid(self, h: int) -> list:
        """The answers to every question about head ``h``, by place: each contribution's rolls
        put at its budget and values, then ORed into every lower value, box by box, and into
        every larger room (an up-set is the OR of what lies above it)."""
        grid = [0] * (self.room_stride * (self.budget + 1))
        strides = self.strides
        cells = self.heads[h][1]
        # a pass over the places is slices: about a step for every twelve places
        self.tried += len(cells) + len(grid) * (len(strides) + 1) // 12
        for spent, values, bits in cells:
            at = spent * self.room_stride
            for value, reaches, stride in zip(values, self.reaches, strides):
                at += reaches[value] * stride
            grid[at] |= bits
        room = self.room_stride
        for size, stride in zip(self.sizes, strides):
            up_close(grid, size, stride)
        up_close(grid, self.budget + 1, room, down=False)
        return grid


def lacks_asked(needs: tuple, asking=None) -> list:
    """Per wide box of those ``needs``, the lacks that contributions with the wide values
    ``asking`` can ask about, ascending: each one's need less its value, or 0 (a box it leaves
    open, or full); every lack when ``asking`` is None.

    >>> lacks_asked((9, 5), [(0, 0), (4, 5), (9, 1)])
    [[0, 5, 9], [0, 4, 5]]
    """
    if asking is None:
        return [list(range(need + 1)) for need in needs]
    asking = set(asking)
    return [sorted({0} | {max(0, need - values[w]) for values in asking})
            for w, need in enumerate(needs)]


def up_close(grid: list, size: int, stride: int, down: bool = True) -> None:
    """OR each place of ``grid`` into the one below it along one axis (``size`` places,
    ``stride`` apart), from the top, so that each place holds what lies at or above it on that
    axis (with ``down`` false: into the one above, from the bottom). Slices run either along the
    axis's blocks (few long ones when the stride is large) or across them (one per place and
    offset, each every block, when it is small).

    >>> grid = [1, 2, 4, 8, 16, 32]   # two blocks of three places, stride 1: across
    >>> up_close(grid, 3, 1); grid
    [7, 6, 4, 56, 48, 32]
    >>> grid = [1, 2, 4, 8, 16, 32]   # one block of two places, stride 3: along
    >>> up_close(grid, 2, 3); grid
    [9, 18, 36, 8, 16, 32]
    """
    block = size * stride
    steps = range(size - 2, -1, -1) if down else range(1, size)
    if len(grid) // block > stride:  # across: one slice per place and offset
        for v in steps:
            for o in range(v * stride, v * stride + stride):
                src = o + stride if down else o - stride
                grid[o::block] = map(or_, grid[o::block], grid[src::block])
    else:  # along: one slice per block and place
        for start in range(0, len(grid), block):
            for v in steps:
                at = start + v * stride
                src = at + stride if down else at - stride
                grid[at:at + stride] = map(or_, grid[at:at + stride], grid[src:src + stride])


def pool_free(contributions) -> bool:
    """Whether none of ``contributions`` keeps dice for pairs."""
    return not any(pool for _, _, _, _, pool, _ in contributions)


__all__ = ["UpSets", "lacks_asked", "pool_free"]
