"""Phase 6: the join. What each row contribution reaches (``Reach``: the keys as ranks, the
columns' runs each row head may join), then every row profile against every column at once
(``join``): best key -> ways.
"""

from __future__ import annotations

from collections import defaultdict
from functools import reduce
from itertools import compress
from operator import or_

from ..problem import INF
from .bits import ored
from .work import BITS_PER_UNIT, SEGMENT_STEPS


class Reach:
    """What the rows' contributions reach in the columns' runs (``of``), made ready for rows
    ``tables`` (per family, contribution -> rolls, as pruned) and columns ``runs``
    (``columns.Columns.runs``): the keys as ranks (``keys``, sorted: a key's rank is its place
    there; ``ranks``: per family and covered set, the rank with the wide box covered and
    short), and how often each (family, halved, room)'s runs will be read (``reads``): once a
    head, once a contribution. What a head may join (``legal``) and the runs of each (family,
    halved, room) (``joinable``) are kept once found."""

    def __init__(self, question, tables: list, runs: list, work):
        work.spend(sum(map(len, tables)) * sum(map(len, runs)) // SEGMENT_STEPS)
        self.families, self.budget, self.unpack = (question.families, question.budget,
                                                   question.packing.unpack)
        self.column_runs, self.joinable, self.legal = runs, {}, {}
        self.keys = sorted({key + extra for family in self.families for key in family.key_of
                            for extra in (0, family.wide_cost if family.need else 0)
                            if key != INF})
        rank = {key: r for r, key in enumerate(self.keys)}
        # (None: not a legal placement)
        self.ranks = [([rank.get(key) for key in family.key_of],
                       [rank.get(key + family.wide_cost) if family.need and not family.wide_must
                        else None for key in family.key_of]) for family in self.families]
        self.reads, heads = defaultdict(int), set()
        for f, table in enumerate(tables):
            for code in table:
                head = (f, *self.unpack(code)[:3])
                self.reads[f, head[2], self.budget - head[3]] += 1 + (head not in heads)
                heads.add(head)

    def of(self, f: int, code: int) -> list:
        """The columns row contribution ``code`` of family ``f`` reaches at each key, by rank
        (``legal_runs`` of its head, then ``reached``)."""
        a = (f, *self.unpack(code))
        head = a[:4]  # those that differ only by their wide value join the same runs
        legal = self.legal.get(head)
        if legal is None:
            legal = self.legal[head] = self.legal_runs(head, self.column_runs, self.ranks[f])
        return self.reached(a, legal)

    def legal_runs(self, head, runs, ranks: tuple) -> tuple:
        """(levels, reached): the levels of the columns' runs that a row contribution's head
        (family, covered, halved, budget) may join (``joined_runs``), each with the key's rank
        when the wide box is covered; and what the head reaches whatever the row's wide value
        (columns by rank): with no wide box, the key of each level for every column in it; else
        the key with the wide box short (where that is legal) for every column in it -- a
        column whose value fills the box reaches the better key too, so the worse one changes
        nothing for it. A pair of different families, or one that is not legal (too much
        budget, an armor box left open), reaches nothing. ``ranks``: the family's ranks of each
        covered set, with the wide box covered and short."""
        family_a, full_a, halves_a, budget_a = head
        covered_rank, short_rank = ranks
        room = self.budget - budget_a
        wide = self.families[family_a].need is not None
        out, reached = [], [0] * len(self.keys)
        for boxes, fill in self.joined_runs(runs, family_a, halves_a, room):
            covered = full_a | boxes
            r = covered_rank[covered]
            if r is None:
                continue
            if not wide:
                reached[r] |= fill[0]
                continue
            if short_rank[covered] is not None:
                reached[short_rank[covered]] |= fill[0]
            out.append((fill, r))
        return out, reached

    def joined_runs(self, runs: list, f: int, halves_a: int, room: int) -> list:
        """(boxes, levels) for the columns' runs of one family joined with row contributions
        that halve ``halves_a`` and have room for budget ``room``: the boxes covered by the run
        and the pairs, and the run's level for that room. Runs that cover the same boxes reach
        the same keys: they are made one (an OR per lack) when the join reads them more often
        than it takes ORs to (``reads``; each read is an OR or two per run)."""
        out = self.joinable.get((f, halves_a, room))
        if out is not None:
            return out
        by_boxes = defaultdict(list)  # boxes -> the levels of the runs that cover them
        for halves_b, group in runs[f]:
            pairs = halves_a & halves_b  # boxes given one half by each side: one budget each
            left = room - pairs.bit_count()
            if left >= 0:
                for full_b, by_room in group:
                    fill = by_room[left]
                    if fill is not None:
                        by_boxes[full_b | pairs].append(fill)
        if self.reads[f, halves_a, room] > (self.families[f].need or 0) + 1:
            out = [(boxes, ored(fills)) for boxes, fills in by_boxes.items()]
        else:
            out = [(boxes, fill) for boxes, fills in by_boxes.items() for fill in fills]
        self.joinable[f, halves_a, room] = out
        return out

    def reached(self, a, legal: tuple) -> list:
        """The columns row contribution ``a`` (family, covered, halved, budget, wide value)
        reaches at each key, as ranks, with the columns' contributions (in the runs it may
        join): what its head reaches whatever its value (``legal_runs``), and the key with the
        wide box covered for the columns whose value fills what ``a`` leaves of it. Not to be
        changed: it may be ``legal``'s own list."""
        levels, out = legal
        if levels:
            out = out[:]
            lack = self.families[a[0]].need - a[4]
            for fill, covered in levels:
                if fill[lack]:
                    out[covered] |= fill[lack]
        return out


def join(profiles, columns, reach: Reach, work) -> dict:
    """Best key -> ways over every pair of a row profile (``rows.Profiles``) and a column (a
    roll of the other side, ``columns.Columns``), without visiting the pairs one by one.

    A contribution of the rows with each run of the columns gives at most two keys (the wide
    box covered or short), so a row contribution reaches, at each key, a set of columns (an OR
    of runs' bits; ``reach``), and so does a group of them. A row profile reaches what its
    groups reach; going through its keys from the best, the columns first reached at a key are
    the pairs whose best placement has that key. How many profiles of each number of ways first
    reach each column at each key is counted in binary, a big int per digit (a few ANDs and
    XORs a set of columns); the columns' ways weigh each digit once, at the end, with one AND
    and one bit count per binary digit of their ways."""
    digits, keys = columns.digits, reach.keys
    groups, by_profile = profiles
    ask_stop = work.ask_stop
    work.spend(sum(map(len, by_profile)))
    reaches = []  # per group: (rank, columns first reached there)
    for found in groups:
        reaches.append(first(ored([reach.of(f, code) for f, code in found])))
        work.spend(sum(bits.bit_length() for _, bits in reaches[-1]) // BITS_PER_UNIT)
        ask_stop()
    # per key and row ways, how many profiles first reach each column there, counted in binary
    # with a big int per binary digit (adding a set of columns is a carry of ANDs and XORs):
    # the weighted count of a set of columns is then taken once a digit
    # ways -> rank -> counter, None until a profile counts there (fewer lists: less for the
    # garbage collector to walk)
    counts = {}
    everyone = reduce(or_, digits, 0)  # every column (each has ways)
    # the profiles in order: what the groups a profile starts with reach is kept as long as
    # later ones start with them too (``start[d]``: what its first d groups reach)
    ordered = sorted(by_profile.items())
    shared = [alike_start(one, two) for (one, _), (two, _) in zip(ordered, ordered[1:])] + [0]
    start = [[0] * len(keys)]
    for (profile, ways), keep in zip(ordered, shared):
        for k in profile[len(start) - 1:keep]:
            by_rank = start[-1][:]
            for r, bits in reaches[k]:
                by_rank[r] |= bits
            start.append(by_rank)
        by_rank = start[-1]
        if len(profile) > keep:  # the rest only this profile has
            by_rank = by_rank[:]
            for k in profile[keep:]:
                for r, bits in reaches[k]:
                    by_rank[r] |= bits
        del start[keep + 1:]
        by_key = counts.get(ways)
        if by_key is None:
            by_key = counts[ways] = [None] * len(keys)
        left = everyone  # the columns not reached yet
        for r, bits in compress(enumerate(by_rank), by_rank):  # the ranks it reaches
            new = bits & left
            if new:
                left ^= new
                count = by_key[r]
                if count is None:
                    count = by_key[r] = []
                for t, level in enumerate(count):
                    count[t] = level ^ new
                    new &= level
                    if not new:
                        break
                else:
                    count.append(new)
                if not left:
                    break
        ask_stop()
    settled = defaultdict(int)
    digits = list(enumerate(digits))
    for ways, by_key in counts.items():
        for key, count in zip(keys, by_key):
            if count:
                settled[key] += ways * sum([(level & d).bit_count() << (s + t)
                                            for s, level in enumerate(count)
                                            for t, d in digits])
    return settled


def alike_start(one: tuple, two: tuple) -> int:
    """How many items ``one`` and ``two`` start with alike.

    >>> alike_start((1, 2, 5), (1, 2, 7, 9))
    2
    """
    shared = 0
    for x, y in zip(one, two):
        if x != y:
            break
        shared += 1
    return shared


def first(by_rank: list) -> list:
    """(rank, bits) of the bits first set at each rank, best (lowest) rank first: a column
    reached at a better rank needs no worse one.

    >>> first([0, 0b011, 0b110, 0b100])
    [(1, 3), (2, 4)]
    """
    out, reached = [], 0
    for r, bits in enumerate(by_rank):
        if bits:
            bits ^= bits & reached  # not &= ~reached: see rows.unbeaten
            if bits:
                out.append((r, bits))
                reached |= bits
    return out
