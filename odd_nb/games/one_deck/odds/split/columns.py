"""Phase 5: the columns, the other side as bits (``columns``): each family's contributions as
runs, and the columns by binary digit of their ways.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from operator import or_
from typing import NamedTuple

from .work import BITS_PER_UNIT


class Columns(NamedTuple):
    """The columns of the join (``columns``)."""

    # per family: (halved, [(covered, levels), ...]), levels[room][lack] the columns of the
    # run that fit in that room and fill that lack (None: none fits)
    runs: list
    digits: list  # per binary digit t: the columns whose ways have it


def columns(question, tables: list, ways: list, work) -> Columns:
    """The columns of the join. ``runs[f]`` lists family f's contributions by what they halve,
    then by what they cover: (halved, [(covered, levels), ...]) (a row contribution pairs
    halves with all of a group alike), where ``levels[b][lack]`` are the columns (rolls) with
    one of budget b or less and a wide value of ``lack`` or more (``levels[b][0]``: those that
    have one at all), for every lack up to the need (``levels[b]`` is None when none has budget
    b or less). A row contribution with room for budget b joins that level of each (covered,
    halved): the key does not depend on the budget. ``digits[t]`` are the columns whose ways
    have binary digit t."""
    runs = []
    rooms = range(question.budget + 1)
    by_head_of = question.packing.by_head
    for family, table in zip(question.families, tables):
        lacks = range((family.need or 0) + 1)
        by_head = defaultdict(dict)  # (covered, halved) -> budget -> [(value, bits)]
        for (full, halves, budget), cells in by_head_of(table).items():
            by_head[full, halves][budget] = cells
        by_halves = defaultdict(list)
        for (full, halves), by_budget in by_head.items():
            budgets, levels = sorted(by_budget), []
            kept = 0  # distinct sets of columns kept
            for budget in budgets:  # each level: the one below and this budget's
                values, last = suffixes(by_budget[budget])
                level = []  # lack -> the columns of a value that fills it (values <= need)
                for value, bits in zip(values, last):
                    level += [bits] * (value + 1 - len(level))
                level += [0] * (len(lacks) - len(level))
                if levels:
                    level = list(map(or_, levels[-1], level))
                levels.append(level)
                kept += len(values)
            work.spend(kept * len(ways) // BITS_PER_UNIT)
            work.ask_stop()
            by_halves[halves].append((full, [
                levels[bisect_right(budgets, room) - 1] if room >= budgets[0] else None
                for room in rooms]))
        runs.append(list(by_halves.items()))
    # each binary digit's columns as one string of bits (setting them one by one into a
    # growing int would take time quadratic in the columns): the columns' ways as a
    # character each (the few distinct ones numbered), each digit a translation of that
    distinct = sorted(set(ways))
    symbol = {w: chr(x) for x, w in enumerate(distinct)}
    by_column = "".join(map(symbol.__getitem__, reversed(ways)))
    digits = [int(by_column.translate({x: "01"[w >> t & 1] for x, w in enumerate(distinct)}), 2)
              for t in range(distinct[-1].bit_length())]
    return Columns(runs, digits)


def suffixes(found: list) -> tuple:
    """(values, last) of (value, bits) pairs: the distinct values ascending, and for each the OR
    of the bits of the pairs of that value or more.

    >>> suffixes([(3, 0b01), (1, 0b10), (3, 0b100)])
    ([1, 3], [7, 5, 0])
    """
    found.sort()
    values, last = [], []
    for value, bits in found:
        if values and values[-1] == value:
            last[-1] |= bits
        else:
            values.append(value)
            last.append(bits)
    last.append(0)
    for i in range(len(values) - 1, -1, -1):
        last[i] |= last[i + 1]
    return values, last
