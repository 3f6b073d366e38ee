"""Phase 4: the rows. Which side they are (``rows_side``); their contributions made the least
that join the columns the same way (``as_rows``), pruned of what another of the same roll beats
(``unbeaten``, with swaps: exactness point 4) and, once the join knows what each reaches, of what
another outdoes (``outdone``: point 7); then read as groups and profiles (``profiles``).
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from functools import reduce
from operator import or_
from typing import NamedTuple

from .bits import held
from .work import FOUND_PER_UNIT, MERGE_STEPS

# the rows are the side with fewer distinct contributions (the quicker to prune, and mostly
# the quicker to join), unless the other side's rolls hold this many times fewer in all: then
# that side. Higher takes the side with fewer distinct contributions more often, lower the
# side holding fewer; ``benchmarks/odds_rows.py`` times both sides on the questions of greedy
# games against the faster side each time (see benchmarks/README.md)
FAR_BIGGER = 8


def rows_side(one: list, other: list) -> int:
    """Which of two sides' tables the split takes as its rows, 0 or 1: the one with fewer
    distinct contributions, unless the other holds ``FAR_BIGGER`` times fewer (counted only up
    to that).

    >>> rows_side([{1: 0b1, 2: 0b1}], [{1: 0b11, 2: 0b11, 3: 0b11}])
    0
    >>> rows_side([{1: 0xffff, 2: 0xffff}], [{1: 0b1, 2: 0b1, 3: 0b1}])  # 32 held against 3
    1
    """
    first = 0 if sum(map(len, one)) <= sum(map(len, other)) else 1
    tables = (one, other)
    cap = held(tables[first]) // FAR_BIGGER + 1
    return 1 - first if held(tables[1 - first], cap) < cap else first


def as_rows(question, tables: list, columns: list, work) -> list:
    """One side's tables as rows against the other side's, ``columns``: each contribution made
    the least one that joins the columns' contributions the same way. Halves no column has are
    dropped; the budget is the least that leaves room for the same columns (a budget one less
    joins those whose budget and pairs with it need just the room it adds); the wide value the
    least that fills the box with the same columns' values.

    >>> from odd_nb.games.one_deck import Box
    >>> from odd_nb.games.one_deck.odds import plan_for
    >>> from odd_nb.games.one_deck.odds.split.families import question_for
    >>> from odd_nb.games.one_deck.odds.split.work import Work
    >>> question = question_for(plan_for({"yellow": 1, "black": 1},
    ...                                  [Box("yellow", 9, wide=True)], black_supply=2))
    >>> pack, unpack = question.packing.pack, question.packing.unpack
    >>> rows = [{pack(0, 0, 1, 4): 1}]   # budget 1: a black 4 on the box
    >>> columns = [{pack(0, 0, 0, 4): 1, pack(0, 0, 0, 6): 2}]
    >>> [unpack(code) for code in as_rows(question, rows, columns, Work())[0]]
    [(0, 0, 0, 3)]
    """
    budget_all, packing = question.budget, question.packing
    pack, width = packing.pack, packing.boxes
    field, boxes, halves_at = packing.value_mask, packing.box_mask, packing.halves_at
    out = []
    for f, (table, others) in enumerate(zip(tables, columns)):
        need = question.families[f].need or 0
        heads = {code >> halves_at for code in others}
        halved = reduce(or_, heads, 0) & boxes
        # (halves, budget) of the columns' contributions
        columns_at = {(head & boxes, head >> 2 * width) for head in heads}
        lacks = sorted({code & field for code in others} | {need})
        least_value = [need - lacks[bisect_left(lacks, need - value)]
                       for value in range(need + 1)]
        least_budget = {}  # (halves, budget) -> the least that joins the same columns
        found = defaultdict(int)
        work.spend(len(table) // FOUND_PER_UNIT)
        for (full, halves, budget), cells in packing.by_head(table).items():
            halves &= halved
            least = least_budget.get((halves, budget))
            if least is None:
                least = budget
                while least and not any(
                        budget_b + (halves & halves_b).bit_count() == budget_all - least + 1
                        for halves_b, budget_b in columns_at):
                    least -= 1
                least_budget[halves, budget] = least
            head = pack(full, halves, least, 0)
            for value, bits in cells:
                found[head | least_value[value]] |= bits
        out.append(found)
    return out


def unbeaten(question, tables: list, work, swaps: bool = False) -> list:
    """The tables with each contribution kept only for the rolls that hold none that beats it
    (exactness point 4). One contribution beats another when, joined with any of the other
    side's, it is legal when that one is and covers no fewer boxes: no more budget, no less
    value, no half the other has not, and covering every box the other covers, or halves where
    it does not (the other side's half would make that a pair). With ``swaps`` (the rows only),
    also one that covers a box no easier and no cheaper to leave open instead of one it leaves
    open (``Family.swaps``)."""
    budget_all, packing = question.budget, question.packing
    pack, width = packing.pack, packing.boxes
    field, boxes, both = packing.value_mask, packing.box_mask, packing.both_mask
    halves_at, budget_at = packing.halves_at, packing.budget_at
    out = []
    for family, table in zip(question.families, tables):
        found = defaultdict(list)  # covered and halved, as bits -> [(budget, value, bits)]
        for code, bits in table.items():
            found[code >> halves_at & both].append((code >> budget_at, code & field, bits))
        heads = {(at >> width, at & boxes): cells for at, cells in found.items()}
        by_halves = defaultdict(dict)  # halved -> covered -> its grid
        top = max((code & field for code in table), default=0)
        for (full, halves), cells in heads.items():
            by_halves[halves][full] = dominance(cells, budget_all, top)
        kept = {}
        for halves, group in by_halves.items():
            for full, grid in group.items():
                work.ask_stop()
                images = [(full, halves)]
                if swaps:
                    for x, y, alike in family.swaps:
                        if (full & x and not full & y and (alike or not halves & y)
                                or alike and halves & x and not (full | halves) & y):
                            images.append((full ^ x ^ y if full & x else full,
                                           halves ^ x ^ y if (halves & (x | y)) else halves))
                beaters = {id(grid2): grid2 for full1, halves1 in images
                           for halves2, group2 in by_halves.items()
                           if not halves2 & ~halves1
                           for grid2 in holding(group2, full1 | halves1 & ~halves2, boxes)
                           if grid2 is not grid}.values()
                work.spend(len(heads[full, halves]) * (len(beaters) + 2) // MERGE_STEPS
                           + len(by_halves))
                for budget, value, bits in heads[full, halves]:
                    beaten = grid[budget][value + 1] | (budget and grid[budget - 1][value])
                    for grid2 in beaters:
                        beaten |= grid2[budget][value]
                    # the bits not beaten: an AND and an XOR, not & ~beaten (~ makes a big int
                    # negative, and CPython's & is then several times slower)
                    bits ^= bits & beaten
                    if bits:
                        kept[pack(full, halves, budget, value)] = bits
        out.append(kept)
    return out


def holding(group: dict, need: int, boxes: int) -> list:
    """The values of ``group`` (bit set -> value) whose set holds every bit of ``need``: looked
    up set by set when the sets holding ``need`` are fewer than the group.

    >>> holding({0b01: "a", 0b11: "b", 0b10: "c"}, 0b01, 0b11)
    ['a', 'b']
    """
    free = boxes & ~need
    if 1 << free.bit_count() >= len(group):
        return [value for bits, value in group.items() if not need & ~bits]
    out, more = [], free
    while True:  # every subset of the free bits, from all of them down to none
        value = group.get(need | more)
        if value is not None:
            out.append(value)
        if not more:
            return out[::-1]
        more = (more - 1) & free


def dominance(cells: list, budget: int, top: int) -> list:
    """``grid[b][v]``: the OR of the bits of the (budget, value, bits) ``cells`` of budget b or
    less and value v or more (budgets up to ``budget``, values up to ``top``). Budgets no cell
    has share the row below, values no cell has the OR above: ORs only where cells are.

    >>> dominance([(0, 2, 0b01), (1, 1, 0b10)], 1, 2)
    [[1, 1, 1, 0], [3, 3, 1, 0]]
    """
    at = defaultdict(dict)  # budget -> value -> bits
    for b, v, bits in cells:
        at[b][v] = bits
    values = sorted({v for _, v, _ in cells}, reverse=True)
    grid, row = [], [0] * (top + 2)
    for b in range(budget + 1):
        mine = at.get(b)
        if mine is not None:
            below, row = row, row[:]
            found, higher = 0, top + 1
            for v in values:
                row[v + 1:higher] = [found] * (higher - v - 1)  # as at the value above
                found |= mine.get(v, 0) | below[v]
                row[v], higher = found, v
            row[:higher] = [found] * higher
        grid.append(row)
    return grid


def outdone(question, tables: list, reach, work) -> list:
    """The rows' tables with each contribution kept only for the rolls that hold none that
    outdoes it: one of the same family, covering and halving the same boxes, that reaches every
    column it reaches at a key no worse (``reach``, a ``join.Reach`` of these rows; exactness
    point 7). Only those that trade budget for wide value are compared: ``unbeaten`` has
    settled the others."""
    out, reached = [], {}  # (family, contribution) -> what it reaches (``Reach.of``)
    reach_of = reach.of

    def reaches(f, code):
        found = reached.get((f, code))
        if found is None:
            found = reached[f, code] = reach_of(f, code)
        return found

    packing = question.packing
    field, both = packing.value_mask, packing.both_mask
    halves_at, budget_at = packing.halves_at, packing.budget_at
    for f, table in enumerate(tables):
        alike = defaultdict(list)  # covered and halved, as bits -> [(budget, value, code)]
        for code in table:
            alike[code >> halves_at & both].append((code >> budget_at, code & field, code))
        kept = {}
        for found in alike.values():
            work.spend(len(found) ** 2 // MERGE_STEPS)
            work.ask_stop()
            for budget, value, code in found:
                bits, outdone_by = table[code], 0
                for budget2, value2, code2 in found:
                    if (budget2 - budget) * (value2 - value) > 0 and bits & table[code2]:
                        mine, theirs = reaches(f, code), reaches(f, code2)
                        if no_worse(theirs, mine) and (code2 < code
                                                       or not no_worse(mine, theirs)):
                            outdone_by |= table[code2]
                bits ^= bits & outdone_by
                if bits:
                    kept[code] = bits
        out.append(kept)
    return out


def no_worse(mine: list, other: list) -> bool:
    """Whether ``mine`` (columns by rank) reaches every column ``other`` reaches, at the same
    rank or a better (lower) one.

    >>> no_worse([0b01, 0b10], [0, 0b11]), no_worse([0, 0b11], [0b01, 0b10])
    (True, False)
    """
    reached = 0
    for bits, others in zip(mine, other):
        reached |= bits
        if others & reached != others:
            return False
    return True


class Profiles(NamedTuple):
    """The rows read as profiles (``profiles``)."""

    groups: list  # per group: its (family, contribution) pairs, sorted
    ways: dict  # profile (the sorted numbers of its groups) -> the ways of its rolls


def profiles(tables: list, ways: list, work) -> Profiles:
    """A side's profiles -- each roll's contributions -- and their ways, read off its tables (a
    roll's contributions are those whose bits hold it). Contributions that the same rolls hold
    are one group; a profile is the sorted numbers of its groups. Each roll gets a signature, a
    bit per group (eight to a byte, side by side in one string of bytes), so rolls are told
    apart by string operations, not bit by bit. The signatures are written eight groups and
    every eighth roll at a time: the groups' bits of rolls q, q + 8, q + 16, ... shifted into
    one byte each: a few shifts and ANDs of whole ints (quicker than translating a string of
    each group's bits)."""
    work.spend(held(tables) // FOUND_PER_UNIT)
    n = len(ways)
    together = defaultdict(list)  # rolls (bits) -> the contributions they hold
    for f, table in enumerate(tables):
        for code in sorted(table):
            together[table[code]].append((f, code))
    # the groups most rolls hold numbered first: profiles, their numbers ascending, then share
    # their first groups most (the join ORs a shared start once)
    by_rolls = sorted(together, key=int.bit_count, reverse=True)
    width = max(1, -(-len(by_rolls) // 8))  # bytes a signature
    signatures = bytearray(n * width)
    size = -(-n // 8)  # bytes of eight rolls
    ones = int.from_bytes(b"\x01" * size, "little")  # the lowest bit of each
    for at in range(width):
        work.ask_stop()
        eight = by_rolls[8 * at:8 * at + 8]
        for q in range(min(8, n)):  # rolls q, q + 8, q + 16, ...: their byte for these
            lane = 0
            for j, bits in enumerate(eight):
                lane |= (bits >> q & ones) << j
            signatures[q * width + at::8 * width] = lane.to_bytes(size, "little")[
                :(n - q + 7) // 8]
    signatures = bytes(signatures)
    by_signature = defaultdict(int)
    for i, w in enumerate(ways):
        by_signature[signatures[i * width:(i + 1) * width]] += w
    found = {}
    for signature, w in by_signature.items():
        numbers = []
        ones = bin(int.from_bytes(signature, "little"))[:1:-1]  # character k: group k
        k = ones.find("1")
        while k >= 0:
            numbers.append(k)
            k = ones.find("1", k + 1)
        found[tuple(numbers)] = w
    return Profiles([tuple(together[bits]) for bits in by_rolls], found)
