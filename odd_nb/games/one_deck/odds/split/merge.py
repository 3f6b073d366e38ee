"""Phase 3: a side's tables, merged colour by colour (``merged``): each colour's rolls and
contributions (``sides.colour_table``), two colours' tables merged pair of contributions by pair
(``merge``, exactness point 3), the paired colours' leftovers numbered (``Leftovers``) until the
last of them is in, then paired onto the wide box (``onto_wide_in_pairs``).
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from ..problem import K
from .bits import faces, repeat, spread
from .sides import colour_rolls, colour_table, pair_sums, rolls_of
from .work import BITS_PER_UNIT, MERGE_STEPS

# a merge keeps the rolls of each value (or leftover) of a head in a list up to this many
# values (a list is quicker than a dict keyed by the whole contribution), in a dict past it
# (the leftovers of many paired dice: thousands, most of them not held); see
# benchmarks/README.md
MANY_VALUES = 256

# merges of at least this many rolls of both group the other's contributions (``Grouped``): an
# AND of so many bits costs more than the grouping; of fewer, grouping made the odds benchmark
# suite's merges up to 40% slower (Cindral's 56 x 56 rolls: 6.2 against 8.8 ms)
GROUPED_FROM = 8192
STOP_STEPS = 4096  # merge steps between two counts of work (and ``stop()`` asked)


class Side(NamedTuple):
    """A side's rolls, never listed one by one (``merged``)."""

    tables: list  # per family: contribution (packed) -> the bits of the rolls that give it
    ways: list  # per roll: its ways (ordered rolls)


class Leftovers:
    """The numbers of the paired colours' leftover dice while a side is merged: each tally
    (``bits.tally``) -> its number (``number``), and what those dice give a wide box in pairs
    (``pairing``) -> the number of that pairing. Numbers are given in the order first asked."""

    def __init__(self):
        self.numbers = {0: 0}  # tally -> number (no dice: 0)
        self.pairings = {}  # the sums of j pairs, for each j -> number
        self.by_need = {}  # need -> tally -> its pairing's number

    def number(self, tally: int) -> int:
        """The number of the leftover dice with this tally (two sets of dice together add their
        tallies)."""
        number = self.numbers.get(tally)
        if number is None:
            number = self.numbers[tally] = len(self.numbers)
        return number

    def pairing(self, tally: int, need: int) -> int:
        """The number of what the leftover dice with this tally give a wide box of that
        ``need`` in pairs: the best sum of j pairs for each j (``pair_sums``), capped at the
        need, up to the first that fills it (leftovers that give the same are one)."""
        known = self.by_need.setdefault(need, {})
        number = known.get(tally)
        if number is None:
            sums = []
            for total in pair_sums(faces(tally)):
                sums.append(min(need, total))
                if total >= need:
                    break
            number = known[tally] = self.pairings.setdefault(tuple(sums), len(self.pairings))
        return number


def merge_order(question, colours) -> list:
    """The order ``merged`` takes the colours of a side in (its rolls are numbered so): the
    paired colours first, then by fewer rolls."""
    plan, paired = question.plan, question.paired
    return sorted(colours, key=lambda c: (c not in paired, rolls_of(plan, [c])))


def halves_wanted(question, f: int, colours) -> int:
    """The small boxes of family ``f`` (bits) that one of ``colours`` could give the other half
    of a pair to: a half left on any other box is a die spent for nothing."""
    out = 0
    for j, (_, _, takes) in enumerate(question.families[f].small):
        if question.plan.conv_ok and any(c != K and c not in takes for c in colours):
            out |= 1 << j
    return out


def merged(question, colours, work) -> Side:
    """The side of ``colours``: per family, each contribution and the bits of the rolls that
    give it, and each roll's ways. Built colour by colour (``merge``): the dice of two colours
    are disjoint, so a roll of both gives exactly the merges of what each colour's roll gives
    (exactness point 3). The paired colours come first, their leftover dice kept apart until
    the last of them is merged, then paired onto the wide box (``onto_wide_in_pairs``); then
    the colours with fewer rolls first: a merge spreads the bits of each contribution so far (a
    string operation as wide as the rolls of both) and multiplies the new colour's, so the
    colour with the most rolls, and so the most contributions, comes last."""
    plan, paired, present = question.plan, question.paired, question.present
    leftovers = Leftovers()
    tables = [{0: 1} for _ in question.families]  # no dice yet: every box open, nothing on it
    colours = merge_order(question, colours)
    size, ways = 1, [1]
    for k, c in enumerate(colours):
        rolls = colour_rolls(plan.rolled[c], plan.classes[c], question.fixed[c],
                             question.gone[c])
        later = colours[k + 1:] + [x for x in present if x not in colours]
        last_paired = c in paired and not any(x in paired for x in later)
        tables = merge(question, tables, size,
                       colour_table(question, c, rolls, leftovers, work), len(rolls),
                       [halves_wanted(question, f, later) for f in range(len(tables))],
                       (c in paired) + last_paired, leftovers, work)
        size *= len(rolls)
        ways = [a * w for a in ways for _, w in rolls]
        if last_paired:
            tables = onto_wide_in_pairs(question, tables, leftovers)
    return Side(tables, ways)


def merge(question, tables: list, size: int, more: list, more_size: int, wanted: list,
          paired: int, leftovers: Leftovers, work) -> list:
    """The contributions of the rolls of two disjoint sets of dice (``size`` rolls and
    ``more_size`` rolls, bits as in ``tables`` and ``more``) together: roll (i, j) is bit
    ``i * more_size + j``. Two contributions merge when neither covers a box the other uses;
    a box given a half by each is covered (one budget), budgets add, and so do values (or,
    ``paired`` 1, the leftover dice of paired colours join; 2, they join and the last paired
    colour is in: what they give in pairs, ``Leftovers.pairing``). Those left with a half on a
    box outside ``wanted`` (per family, ``halves_wanted``) are not kept.

    The rolls of a merged contribution are ANDs of one side's rolls spread over the other's
    and the other's repeated: one AND a pair of contributions, or, where the rolls of both are
    many (``GROUPED_FROM``), one a merged value (``Grouped``)."""
    packing, budget = question.packing, question.budget
    pack, by_head, field = packing.pack, packing.by_head, packing.value_mask
    out = []
    for f, (table, other) in enumerate(zip(tables, more)):
        need = question.families[f].need or 0
        values = {code & field for code in other}
        # value (or leftover) -> a list: the other's value (or leftover) -> both
        add, width = {}, max(values) + 1
        tallies = list(leftovers.numbers)  # by number
        known = leftovers.by_need.setdefault(need, {})
        for value1 in {code & field for code in table}:
            add[value1] = found = [0] * width
            for value2 in values:
                if paired == 1:
                    found[value2] = leftovers.number(tallies[value1] + tallies[value2])
                elif paired == 2:  # most pairings are known: looked up here, not called
                    tally = tallies[value1] + tallies[value2]
                    number = known.get(tally)
                    found[value2] = (number if number is not None
                                     else leftovers.pairing(tally, need))
                else:
                    found[value2] = min(need, value1 + value2)
        # both's values (or leftovers) by place; per head of both, the rolls of each: in a
        # list (quicker than a dict keyed by the whole contribution) unless they are many
        values = sorted(set().union(*add.values()))
        place = {value: x for x, value in enumerate(values)}
        add = {value1: [place[value] for value in found] for value1, found in add.items()}
        # each side's contributions by all but their wide value, their rolls numbered as
        # rolls of both: this side's spread over the other's rolls, the other's repeated
        mine = {head: [(value, add[value], spread(bits, more_size)) for value, bits in cells]
                for head, cells in by_head(table).items()}
        unit = repeat(1, more_size, size)  # bits times it: the bits repeated, quicker
        heads = by_head(other)
        grouped = Grouped(add, heads, unit) if size * more_size >= GROUPED_FROM else None
        if grouped is None:
            heads = {head: [(value, bits * unit) for value, bits in cells]
                     for head, cells in heads.items()}
        by_value, steps = {}, 0
        for head1, head2, head in merging_heads(mine, heads, budget, ~wanted[f], pack):
            rolls = by_value.get(head)
            if rolls is None:
                rolls = by_value[head] = ([0] * len(values) if len(values) <= MANY_VALUES
                                          else defaultdict(int))
            found1, found2 = mine[head1], heads[head2]
            if grouped is None:  # each pair of contributions: an AND
                for _, places, spread_bits in found1:
                    for value2, repeated in found2:
                        rolls[places[value2]] |= spread_bits & repeated
            else:  # an AND a merged value
                of = grouped.of[head2]
                for value1, _, spread_bits in found1:
                    for x, repeated in of.get(value1) or grouped.group(value1, head2):
                        rolls[x] |= spread_bits & repeated
            steps += len(found1) * len(found2)  # grouped or not: no fewer than the ANDs
            if steps > STOP_STEPS:
                work.spend(steps // MERGE_STEPS)
                work.ask_stop()
                steps %= MERGE_STEPS
        work.spend(steps // MERGE_STEPS)
        merged_table = {}
        for head, rolls in by_value.items():  # the values some rolls have
            for x, bits in (enumerate(rolls) if isinstance(rolls, list) else rolls.items()):
                if bits:
                    merged_table[head | values[x]] = bits
        work.spend(sum(map(int.bit_length, merged_table.values())) // BITS_PER_UNIT)
        out.append(merged_table)
    return out


def merging_heads(mine: dict, heads: dict, budget: int, unwanted: int, pack):
    """(head1, head2, merged head) for every head of ``mine`` and of ``heads`` whose
    contributions merge: neither covers a box the other covers or halves, no half is left on an
    ``unwanted`` box, and the budgets and the boxes halved by both (one budget each) fit."""
    for head1 in mine:
        full1, halves1, budget1 = head1
        used1, room = full1 | halves1, budget - budget1
        for head2 in heads:
            full2, halves2, budget2 = head2
            both = halves1 & halves2
            halves = (halves1 | halves2) ^ both
            if (full1 & (full2 | halves2) or full2 & used1 or halves & unwanted
                    or budget2 + both.bit_count() > room):
                continue
            yield head1, head2, pack(full1 | full2 | both, halves,
                                     budget1 + budget2 + both.bit_count(), 0)


class Grouped:
    """The other table's contributions of each head grouped by the merged value each makes
    with a value of this side (capped sums, pairings: many make the same), their rolls ORed
    while short and repeated once for every roll of this side: ``of[head2][value1]`` ->
    [(place of the merged value, rolls of both)], made as asked (``group``). Each OR is
    repeated once however often it is met."""

    __slots__ = ("add", "heads", "unit", "of", "repeated")

    def __init__(self, add: dict, heads: dict, unit: int):
        self.add, self.heads, self.unit = add, heads, unit
        self.of = {head2: {} for head2 in heads}
        self.repeated = {}  # the other's rolls (short) -> as rolls of both

    def group(self, value1: int, head2: tuple) -> list:
        """``of[head2][value1]``, made and kept."""
        places, union = self.add[value1], {}
        for value2, bits in self.heads[head2]:
            x = places[value2]
            union[x] = union.get(x, 0) | bits
        found = self.of[head2][value1] = []
        for x, bits in union.items():
            long = self.repeated.get(bits)
            if long is None:  # single contributions, or ORs of them: about as many
                long = self.repeated[bits] = bits * self.unit
            found.append((x, long))
        return found


def onto_wide_in_pairs(question, tables: list, leftovers: Leftovers) -> list:
    """The tables with each contribution's leftover dice of paired colours, as what they give in
    pairs (``Leftovers.pairing``), turned into what they give the wide box: the j best 2-for-1
    pairs, best paired neighbour with neighbour from the top (the 2nd, 4th, ... highest die
    each), one budget each, for every j the budget allows up to the first that fills the box;
    the value capped at the need."""
    sums = list(leftovers.pairings)  # in the order of their numbers
    budget, packing = question.budget, question.packing
    field, budget_at = packing.value_mask, packing.budget_at
    out = []
    for table in tables:
        found = defaultdict(int)
        for code, bits in table.items():
            pairs, head = sums[code & field], code & ~field
            for j in range(min(len(pairs) - 1, budget - (code >> budget_at)) + 1):
                found[head + (j << budget_at) | pairs[j]] |= bits
        out.append(found)
    return out
