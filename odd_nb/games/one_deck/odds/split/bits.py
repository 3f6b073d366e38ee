"""How the split writes things as bits (glossary in ``split/__init__.py``): a contribution in one
int (``Packing``), a set of rolls as the bits of one big int (``spread``, ``repeat``, ``held``,
``ored``), dice as a tally (``tally``, ``faces``). Every decoding of these is written here; a hot
loop elsewhere binds ``Packing``'s shifts and masks to local names and uses them as they are.
"""

from __future__ import annotations

from collections import defaultdict
from functools import reduce
from operator import or_


class Packing:
    """A contribution in one int: budget, boxes covered, boxes halved, wide value (or leftover
    number), from the highest bits down (smaller and quicker to build than a tuple; a budget
    over a bound is a comparison: ``code >= pack(0, 0, budget + 1, 0)``). ``boxes`` bits for
    each set of small boxes, ``value_bits`` for the value.

    >>> packing = Packing(boxes=2, value_bits=4)
    >>> code = packing.pack(0b01, 0b10, 3, 9)
    >>> packing.unpack(code), code >> packing.halves_at & packing.both_mask
    ((1, 2, 3, 9), 6)
    """

    __slots__ = ("boxes", "halves_at", "full_at", "budget_at", "value_mask", "box_mask",
                 "both_mask")

    def __init__(self, boxes: int, value_bits: int):
        self.boxes = boxes
        self.halves_at = value_bits  # the wide value (or leftover) below
        self.full_at = value_bits + boxes
        self.budget_at = value_bits + 2 * boxes
        self.value_mask = (1 << value_bits) - 1  # code & it: the wide value
        self.box_mask = (1 << boxes) - 1  # a set of small boxes
        # code >> halves_at & it: covered and halved together (the head but its budget)
        self.both_mask = (1 << 2 * boxes) - 1

    def pack(self, full: int, halves: int, budget: int, value: int) -> int:
        return (budget << self.budget_at | full << self.full_at | halves << self.halves_at
                | value)

    def unpack(self, code: int) -> tuple:
        """(covered, halved, budget, wide value) of a packed contribution."""
        boxes = self.box_mask
        return (code >> self.full_at & boxes, code >> self.halves_at & boxes,
                code >> self.budget_at, code & self.value_mask)

    def by_head(self, table: dict) -> dict:
        """A table's contributions by their head: (covered, halved, budget) -> [(wide value,
        bits), ...] (each head unpacked once).

        >>> packing = Packing(boxes=1, value_bits=3)
        >>> packing.by_head({packing.pack(1, 0, 2, 5): 0b1, packing.pack(1, 0, 2, 6): 0b10})
        {(1, 0, 2): [(5, 1), (6, 2)]}
        """
        cells = defaultdict(list)
        field, boxes, halves_at, width = self.value_mask, self.box_mask, self.halves_at, self.boxes
        for code, bits in table.items():
            cells[code >> halves_at].append((code & field, bits))
        return {(head >> width & boxes, head & boxes, head >> 2 * width): found
                for head, found in cells.items()}


def held(tables, cap: int | None = None) -> int:
    """How many contributions the rolls of ``tables`` (per family, contribution -> bits) hold,
    all together; counted only until it reaches ``cap``, if given.

    >>> held([{1: 0b101, 2: 0b1}, {3: 0b11}]), held([{1: 0b111}, {2: 0b11}], cap=2)
    (5, 3)
    """
    count = 0
    for table in tables:
        for bits in table.values():
            count += bits.bit_count()
            if cap is not None and count >= cap:
                return count
    return count


def ored(levels: list) -> list:
    """The ORs, place by place, of lists of equal length (one list: itself).

    >>> ored([[1, 4], [2, 4], [2, 0]])
    [3, 4]
    """
    if len(levels[0]) < len(levels):  # a call a place: fewer than a call a list
        return [reduce(or_, bits) for bits in zip(*levels)]
    out = levels[0]
    for level in levels[1:]:
        out = list(map(or_, out, level))
    return out


def spread(bits: int, width: int) -> int:
    """Each bit of ``bits`` made ``width`` bits: roll i of one colour is rolls i * width to
    i * width + width - 1 of it and another colour of ``width`` rolls.

    >>> bin(spread(0b101, 3))
    '0b111000111'
    >>> spread(2 ** 40 - 1, 3) == 2 ** 120 - 1   # many rolls
    True
    """
    if bits.bit_count() > 32:  # many rolls: one string of them
        return int(bin(bits)[2:].translate({48: "0" * width, 49: "1" * width}), 2)
    # a few rolls (most contributions): bit by bit, much quicker than the string for a few
    # bits, but its cost grows with the bits and the string wins from some 50-350 bits as the
    # sizes go: 32 keeps to the safe side (see benchmarks/README.md)
    out, full = 0, (1 << width) - 1
    while bits:
        low = bits & -bits
        out |= full << (low.bit_length() - 1) * width
        bits ^= low
    return out


def repeat(bits: int, width: int, times: int) -> int:
    """``bits`` (``width`` of them) repeated ``times``: roll j of a colour of ``width`` rolls is
    rolls j, width + j, ... of another colour's rolls and it.

    >>> bin(repeat(0b01, 2, 3))
    '0b10101'
    """
    return int(format(bits, f"0{width}b") * times, 2)


def tally(faces) -> int:
    """Dice by face in one int, 5 bits a face (up to 31 dice of each): the tally of two sets
    of dice is the sum of theirs.

    >>> tally((2, 6, 6)) == 1 << 10 | 2 << 30
    True
    """
    return sum(1 << 5 * face for face in faces)


def faces(tally: int) -> tuple:
    """The faces of a tally (``tally``), ascending.

    >>> faces(tally((6, 2, 6)))
    (2, 6, 6)
    """
    return ((1,) * (tally >> 5 & 31) + (2,) * (tally >> 10 & 31) + (3,) * (tally >> 15 & 31)
            + (4,) * (tally >> 20 & 31) + (5,) * (tally >> 25 & 31) + (6,) * (tally >> 30 & 31))
