"""Exact encounter odds by splitting the dice colours in two sides (rules §4, A7, A11, A24).

``split_distribution`` gives the same answer as ``walk.mask_distribution`` -- for each set of
covered boxes under the best placement, the number of rolls that lead to it -- for encounters
with at most one open wide box. Where that box makes the walk over faces slow (its sum keeps
many partial placements apart), this is several times faster, and on small boxes alone it
mostly beats the small-box walk (``odds_small``); ``supports`` says when this method applies
at all and ``faster_than_walk`` when it pays.

The idea. Split the colours of the pool in two sides, A and B, with every colour that could go
on the wide box only through a 2-for-1 on side B. For every roll of one side alone, list what
that side's dice can do by themselves -- its *contributions*:

- the small boxes it covers on its own (a die the box takes, a free black die, or a 2-for-1
  pair of this side's dice),
- the small boxes it gives *half* a 2-for-1 pair to (one die the box does not take, waiting for
  the other half from the other side),
- the black budget it spends,
- what it puts on the wide box (capped at the box's need),

all of them, as a set: the side's *profile*. The best placement of a whole roll is the best pair
of contributions, one from each side's profile: a box is covered when either side covers it or
both give it a half (that pair costs one budget), budgets add, wide-box values add.

The join does not visit pairs of rolls one by one. One side is the *columns*: its rolls are the
bits of big ints, and for each contribution the bits of those that give it are kept. The other
side is the *rows*, taken by profile (rolls with the same profile merged, their ways added):
each row contribution reaches, key by key, the set of columns that give a contribution making
that key (contributions held by the same rolls reach as one), and a row profile counts, from its
best key, the columns it reaches first (``join``).
No side is listed roll by roll: each colour's rolls alone are listed (a few hundred at most),
and two colours' tables merge pair of contributions by pair, their rolls' bits spread and
repeated to number the rolls of both (``merged``); a side's profiles are read off its tables
(``transposed``). The colours paired onto the wide box do not add up colour by colour (the
best pairs of two colours' dice are not the best pairs of each colour's), so their
contributions carry their leftover dice instead of a value until all of them are merged
(``leftover``), then what those give in pairs (``pairing``, ``onto_wide_in_pairs``). The rows
are the side with fewer contributions held (``arrange``). The work is the colours' listed
contributions, the merges and the row contributions x the columns' runs, instead of a walk
whose states come close to the distinct whole rolls.

Why nothing is lost (exactness):

1. Every legal placement splits in two, one part per side (§4, A7). A 2-for-1 onto a small box
   with a die on each side is a half on each side. A 2-for-1 onto the wide box has both dice on
   side B: both are non-black dice the wide box does not take (a pair holding a black die is
   never better than the black die alone, and a pair holding a die the box takes never better
   than that die alone), and side B holds all such colours. So the wide box's sum is the sum of
   the two sides' parts. The black budget -- non-black pairs plus black dice placed, at most the
   supply's black dice plus the pool's (A7, as in the walk) -- adds up too, a split pair counting
   one in the join.
2. Within one side, once it is fixed which kind of die each small box gets (a die of colour c,
   a pair of colours c1 and c2, a half of colour c, or nothing), each colour faces demands "one
   die at least t". Met from the highest t down, each with the smallest die that reaches it,
   they leave dice that are, sorted, at least as high one by one as what any other way of
   meeting them leaves (exchange argument). What the leftover dice can give the wide box only
   grows with them: every die it takes (for free), plus the k highest black dice (one budget
   each), plus j pairs of the dice it does not take, best paired neighbour with neighbour from
   the top (the 2nd, 4th, ... highest count). Every k and j is listed. So listing one way per
   choice of kinds loses no better placement.
3. That reasoning holds colour by colour, so a side loses nothing by merging colours: a
   colour's demands are met by its own dice, and a roll of two colours gives exactly the pairs
   of contributions of its two parts that use no box twice, a half from each becoming a pair
   (one budget). Values add: the dice the wide box takes add up colour by colour, and black is
   a colour of its own. The paired colours' leftover dice (each colour's, as point 2 leaves
   them) join into the side's leftover dice, which are paired as point 2 says once every
   paired colour is in.
4. A contribution that another one of the same roll beats -- joined with anything of the
   other side, legal whenever it is and covering no fewer boxes with no less value -- is
   dropped for that roll (``unbeaten``): the best pair never needs it. Beating is transitive,
   so what beats it is kept. Done on whole sides, after merging (within a side, merges must
   not use a box twice, so there it would not hold), and on the rows only: the columns keep
   every contribution (their beaten ones only add bits to their runs; the join is exact
   either way). Against the columns, the rows lose more. A row contribution meets the columns
   only through the boxes it covers, the halves some column could pair, the room its budget
   leaves for the columns' budgets and pairs, and the columns whose value fills what it
   lacks, so it is first made the least one that joins them the same way (``as_rows``). Then
   covering small box y beats covering box x (the rest the same, a half on y moving to x only
   when the boxes are alike) when y is no easier (a target no lower, no colour x does not
   take) and no cheaper left open (armor no less bound): with a column that covers y, that
   column's roll also holds the contribution with that die on x (x takes it and it reaches
   x's target, and what is left of the roll is no worse), so the two cover x and y either
   way; with any other, y covered instead of x costs no more. Between alike boxes (same
   target and colours) a half on y beats a half on x the same way (ties between alike boxes
   go to the later one).
5. Armor first (A11): the same two families of placements as ``problem.Family`` -- every armor
   box covered (the wide box too if it is armor), or only armor boxes used -- each joined on its
   own; the better key wins.
6. The key is the problem's (A24): start key plus the costs of the boxes left open, so weights and
   tie-breaks are the same and the masks come from ``plan.mask_of_key``.
7. A row contribution that another of the same roll *outdoes* -- reaching every column it
   reaches, at a key no worse -- is dropped for that roll (``outdone``): the roll's best key
   with each column stays the same. Unlike point 4 this looks at the columns as they are (room
   in the budget that no column can use is worth nothing, a little more wide value may be
   worth it), so it comes once the join knows what each row contribution reaches
   (``reach``). Outdoing is a preorder; between two that reach exactly the same the one
   packed smaller outdoes the other, so what outdoes is kept.

Dice already showing a face (``fixed=``) join every roll of their colour's side. Dice already on
boxes (``placed=``) are not handled. Faces discarded as rolled (``discard=``, E3) leave the
side-roll they are rolled in: its ways count them, its dice do not.

>>> from odd_nb.games.one_deck import Box
>>> from odd_nb.games.one_deck.odds import plan_for
>>> plan = plan_for({"yellow": 2}, [Box("yellow", 7, wide=True), Box("yellow", 5)])
>>> supports(plan)
True
>>> masks, total, work, rolls = split_distribution(plan)
>>> sorted(masks.items()), total, rolls   # 21 of 36 rolls sum to 7+, (5,1) and (1,5) cover the 5
([(0, 13), (1, 21), (2, 2)], 36, 21)
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from functools import reduce
from itertools import combinations_with_replacement, compress
from math import comb, factorial
from operator import or_

from .problem import INF, K, TooMuchWork

STOP_EVERY = 2000  # work between two calls of ``stop()`` (a few ms)
# join steps to a unit of work: a row contribution against a run of the columns is a few
# big-int operations (the join's units measured on the 30 slowest of the real encounters the
# split answers: 1.0 µs each)
SEGMENT_STEPS = 2
FOUND_PER_UNIT = 4  # contributions listed to a unit of work (each 0.3-1 µs, 20 bytes kept)
BITS_PER_UNIT = 400  # bits of big ints kept (the sides' tables, the columns) to a unit
# big-int steps (merging two contributions' rolls, checking one head against another, an OR
# of what beats a contribution) to a unit of work (each 0.05-0.3 µs; the units of the merges
# and ``unbeaten``, with the merged tables' bits, 0.3-1.7 µs on those 30 encounters)
MERGE_STEPS = 8
# the rows are the side with fewer distinct contributions (the quicker to prune, and mostly
# the quicker to join), unless the other side's rolls hold this many times fewer in all: then
# that side. Only the rows are pruned. ``benchmarks/odds_rows.py`` (the 295 split questions of
# ten greedy games, each timed with either side as the rows): 29.8 s with the faster side each
# time, 30.6 s with this rule, 30.9 s with fewer distinct alone, 35.9 s with the side holding
# fewer. On 480 questions of twenty games (those under 3 s), 32.0 s against 32.8 s with 4 here
# and 33.4 s with the rule before (4 here, and nearer than that the other side pruned too when
# the first did not come out clearly smaller). On the suite the rule takes the rows the rule
# before took, except Hollow Knight's.
FAR_BIGGER = 8
# a merge keeps the rolls of each value (or leftover) of a head in a list up to this many
# values (Cindral: 77 pairings; its merges' instructions 21% fewer than by a dict), in a
# dict past it (the leftovers of many paired dice: thousands, most of them not held)
MANY_VALUES = 256


def rows_side(one: list, other: list) -> int:
    """Which of two sides' merged tables the split takes as its rows, 0 or 1: the one with
    fewer distinct contributions, unless the other holds ``FAR_BIGGER`` times fewer (counted
    only up to that).

    >>> rows_side([{1: 0b1, 2: 0b1}], [{1: 0b11, 2: 0b11, 3: 0b11}])
    0
    >>> rows_side([{1: 0xffff, 2: 0xffff}], [{1: 0b1, 2: 0b1, 3: 0b1}])  # 32 held against 3
    1
    """
    first = 0 if sum(map(len, one)) <= sum(map(len, other)) else 1
    tables = (one, other)
    cap = _held(tables[first]) // FAR_BIGGER + 1
    return 1 - first if _held(tables[1 - first], cap) < cap else first


def supports(plan) -> bool:
    """Whether ``split_distribution`` answers this odds question: at most one open wide box
    and no dice already on a box (fixed dice and faces discarded as rolled are fine)."""
    placed = plan.done_mask or any(need != plan.boxes[i].target for i, need, _ in plan.wide)
    return len(plan.wide) <= 1 and not placed


def faster_than_walk(plan) -> bool:
    """Whether the split is worth taking over the walk: always with the wide box (it was not
    when the box took fewer than two rolled dice directly, while the side of colours paired
    onto it was listed roll by roll; now, on the six such questions of ten greedy games and
    the benchmark's Fen Viper, 1-7 dice: 0.2-47 ms against the walk's 0.4-720 ms). With small
    boxes only, when at least two colours are rolled (measured on the 182 such questions of
    those games, 2-14 dice: 2.5 s in all against the small-box walk's 4.1 s, 178 within
    0.108 s against 172, slower on 45 by 46 ms at most; with one colour the split is a side
    and nothing: slower on all 24, up to 30x where the walk's greedy path applies, as on the
    benchmark's icepool cases)."""
    return bool(plan.wide) or sum(1 for n in plan.rolled if n) >= 2


# -- the method's interface (docs/odds.md, "Methods"): encounter_odds asks each in turn ------------
NAME = "split"
#: seconds a distinct roll, at best: with a time budget, a question that would need longer is
#: given to sampling at once (benchmarks/README.md, odds_in_play.py)
SECONDS_PER_ROLL = 0.1e-6


def answers(plan) -> bool:
    """What the split supports, where it is worth taking (``faster_than_walk``)."""
    return supports(plan) and faster_than_walk(plan)


def distribution(plan, *, limit: int | None = None, stop=None):
    """(dict covered mask -> ways, total ways, work done, distinct rolls); past ``limit`` units
    of work, or once ``stop()`` is true, ``TooMuchWork``."""
    return split_distribution(plan, limit=limit, stop=stop)


def split_distribution(plan, *, limit: int | None = None, stop=None):
    """The exact distribution of the covered boxes under the best placement, as
    ``walk.mask_distribution`` gives it: (dict covered mask -> ways, total ways, work done,
    distinct rolls). ``plan`` comes from ``plan_for`` and must be ``supports``-ed. Work
    counts side-rolls, contributions built, merges, the bits of the tables kept and join steps
    (0.3-0.8 µs a unit, median 0.4 µs, over the 24 real encounters it takes 0.3 s or more); past
    ``limit`` -- which also bounds the memory of the sides' tables -- or once ``stop()`` is
    true (asked every few ms), it raises ``TooMuchWork``."""
    if not supports(plan):
        raise ValueError("split_distribution needs at most one open wide box and no placed "
                         "dice (see supports)")
    split = _Split(plan, limit, stop)
    settled = split.join(*split.arrange())
    masks = defaultdict(int)
    for key, ways in settled.items():
        masks[plan.mask_of_key(key)] += ways
    return dict(masks), 6 ** sum(plan.rolled), split.work, plan.distinct_rolls()


class _Family:
    """One family of placements (``problem.Family``, A11) as the split sees it: its small boxes
    by falling target (the order the dice meet them in), its wide box, and the key of every set
    of small boxes covered."""

    def __init__(self, plan, mode):
        self.small = sorted(mode.small, key=lambda box: -box[1])  # (index, target, takes)
        self.need = None
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


class _Split:
    """One call: the plan's families, the sides, the work spent."""

    def __init__(self, plan, limit, stop):
        self.plan = plan
        self.limit, self.stop = limit, stop
        self.work, self.next_stop = 0, STOP_EVERY
        self.budget = plan.budget
        self.families = [_Family(plan, mode) for mode in plan.modes]
        # dice already showing a face, as the face class their colour's steps count them in
        self.fixed = [[] for _ in range(4)]
        self.gone = [set() for _ in range(4)]  # faces (their own class) discarded as rolled
        for kind, face, c, _, arriving, _ in plan.steps:
            if kind == "draw":
                self.fixed[c] += [face] * arriving
            elif kind == "gone":
                self.gone[c].add(face)
        self.present = [c for c in range(4) if plan.rolled[c] or self.fixed[c]]
        # the colours that reach the wide box only in 2-for-1 pairs, and their leftover dice
        # while a side is merged (``leftover``): each tally (5 bits a face, its dice) -> a number
        self.paired = ()
        if plan.wide:
            (w, _, takes), = plan.wide
            self.paired = tuple(c for c in self.present
                                if c != K and c not in takes and plan.wide_conv[w])
        self.leftovers = {0: 0}
        self.pairings = {}  # what leftover dice give the wide box in pairs -> its number
        self.paired_tallies = {}  # need -> tally -> its pairing's number
        self.leaving = False  # listing a paired colour: its leftover stands for its value
        self.keys = []  # the join's keys, sorted: a key's rank is its place here
        self.joinable = {}  # the join's (family, halved, room) -> joined_runs
        self.legal = {}  # the join's row heads -> legal_runs (``reach``)
        self.reads = {}  # the join's (family, halved, room) -> how often it reads their runs
        # packed contributions: wide value (or leftover), then a bit per small box halved, then
        # covered, then the budget (``pack``)
        self.boxes = max(len(family.small) for family in self.families)
        paired_dice = sum(plan.rolled[c] + len(self.fixed[c]) for c in self.paired)
        self.halves_at = max(max(family.need or 0 for family in self.families),
                             comb(paired_dice + 6, 6)).bit_length()
        self.full_at = self.halves_at + self.boxes
        self.budget_at = self.full_at + self.boxes

    def pack(self, full: int, halves: int, budget: int, value: int) -> int:
        """A contribution in one int: budget, boxes covered, boxes halved, wide value, from the
        highest bits down (smaller and quicker to build than a tuple; a budget over a bound is
        a comparison)."""
        return (budget << self.budget_at | full << self.full_at | halves << self.halves_at
                | value)

    def unpack(self, code: int) -> tuple:
        """(covered, halved, budget, wide value) of a packed contribution."""
        boxes = (1 << self.boxes) - 1
        return (code >> self.full_at & boxes, code >> self.halves_at & boxes,
                code >> self.budget_at, code & (1 << self.halves_at) - 1)

    def by_head(self, table: dict) -> dict:
        """A table's contributions by their *head*, all but the wide value: (covered, halved,
        budget) -> [(wide value, bits), ...] (each head unpacked once)."""
        cells = defaultdict(list)
        field, boxes = (1 << self.halves_at) - 1, (1 << self.boxes) - 1
        for code, bits in table.items():
            cells[code >> self.halves_at].append((code & field, bits))
        return {(head >> self.boxes & boxes, head & boxes, head >> 2 * self.boxes): found
                for head, found in cells.items()}

    def spend(self, units: int) -> None:
        """Count work; give up past the limit, and ask ``stop()`` every ``STOP_EVERY``."""
        self.work += units
        if self.limit is not None and self.work > self.limit:
            raise TooMuchWork(self.work)
        if self.stop is not None and self.work >= self.next_stop:
            self.next_stop = self.work + STOP_EVERY
            self.ask_stop()

    def ask_stop(self) -> None:
        if self.stop is not None and self.stop():
            raise TooMuchWork(self.work)

    # -- the split --------------------------------------------------------------------------------
    def sides(self):
        """The two sides' colours, A and B. Side B takes every colour that can reach the wide box
        only in a 2-for-1; the other colours go, largest first, to the side with fewer distinct
        rolls so far (balanced sides cost least)."""
        side_b, side_a = list(self.paired), []
        for c in sorted((c for c in self.present if c not in side_b),
                        key=lambda c: -self.rolls_of([c])):
            (side_a if self.rolls_of(side_a) <= self.rolls_of(side_b) else side_b).append(c)
        return tuple(side_a), tuple(side_b)

    def arrange(self) -> tuple:
        """(rows, columns) for the join: the rows the profiles of one side (``transposed``), the
        columns the other side as bits (``runs``), both sides built colour by colour
        (``merged``), the join prepared (``prepare_join``). The rows are the side with fewer
        distinct contributions unless the other holds far fewer (``rows_side``): each costs
        the join a few big-int operations, each of the columns' only a bit. The rows are pruned
        against the columns (``as_rows``, ``unbeaten`` with swaps: exactness point 4;
        ``outdone``: point 7); the columns are not: beaten contributions of the columns add
        bits to their runs, not steps to the join."""
        sides = [self.merged(colours) for colours in self.sides()]  # (tables, ways) each
        rows = rows_side(sides[0][0], sides[1][0])
        return self.rows_and_columns(sides[rows], sides[1 - rows])

    def rows_and_columns(self, rows: tuple, columns: tuple) -> tuple:
        """(rows, columns) for the join from two sides' (tables, ways) (``merged``): the rows
        pruned and read as profiles, the columns as runs, the join prepared (``arrange``)."""
        ready = self.unbeaten(self.as_rows(rows[0], columns[0]), swaps=True)
        runs = self.runs(*columns)
        self.prepare_join(ready, runs[0])
        return self.transposed(self.outdone(ready), rows[1]), runs

    def as_rows(self, tables: list, columns: list) -> list:
        """One side's tables as rows against the other side's, ``columns``: each contribution
        made the least one that joins the columns' contributions the same way. Halves no column
        has are dropped; the budget is the least that leaves room for the same columns (a
        budget one less joins those whose budget and pairs with it need just the room it
        adds); the wide value the least that fills the box with the same columns' values.

        >>> from odd_nb.games.one_deck import Box
        >>> from odd_nb.games.one_deck.odds import plan_for
        >>> split = _Split(plan_for({"yellow": 1, "black": 1}, [Box("yellow", 9, wide=True)],
        ...                         black_supply=2), None, None)
        >>> rows = [{split.pack(0, 0, 1, 4): 1}]   # budget 1: a black 4 on the box
        >>> columns = [{split.pack(0, 0, 0, 4): 1, split.pack(0, 0, 0, 6): 2}]
        >>> [split.unpack(code) for code in split.as_rows(rows, columns)[0]]
        [(0, 0, 0, 3)]
        """
        out = []
        field, boxes = (1 << self.halves_at) - 1, (1 << self.boxes) - 1
        for f, (table, others) in enumerate(zip(tables, columns)):
            need = self.families[f].need or 0
            heads = {code >> self.halves_at for code in others}
            halved = reduce(or_, heads, 0) & boxes
            # (halves, budget) of the columns' contributions
            columns_at = {(head & boxes, head >> 2 * self.boxes) for head in heads}
            lacks = sorted({code & field for code in others} | {need})
            least_value = [need - lacks[bisect_left(lacks, need - value)]
                           for value in range(need + 1)]
            least_budget = {}  # (halves, budget) -> the least that joins the same columns
            found = defaultdict(int)
            self.spend(len(table) // FOUND_PER_UNIT)
            for (full, halves, budget), cells in self.by_head(table).items():
                halves &= halved
                least = least_budget.get((halves, budget))
                if least is None:
                    least = budget
                    while least and not any(
                            budget_b + (halves & halves_b).bit_count() == self.budget - least + 1
                            for halves_b, budget_b in columns_at):
                        least -= 1
                    least_budget[halves, budget] = least
                head = self.pack(full, halves, least, 0)
                for value, bits in cells:
                    found[head | least_value[value]] |= bits
            out.append(found)
        return out

    def rolls_of(self, colours) -> int:
        out = 1
        for c in colours:
            n, classes = self.plan.rolled[c], len(self.plan.classes[c])
            out *= factorial(n + classes - 1) // factorial(n) // factorial(classes - 1)
        return out

    # -- a side's contributions ----------------------------------------------------------------
    def listing(self, colours) -> None:
        """Start listing the contributions of ``colours``' dice."""
        self.colours = colours
        self.other = [c for c in self.present if c not in colours]
        self.options = {}  # (family, box) -> what these colours can do for it (box_options)
        self.leaving = False

    def box_options(self, f: int, j: int) -> list:
        """What this side can do for small box j of family ``f``, besides leaving it open:
        (colours of the dice it takes, what it adds to a contribution). Covered by its smallest
        die the box takes (black spends the budget, A7) or by a 2-for-1 pair of this side's dice
        it does not take; or given half a pair, the other die to come from the other side. The
        same for every roll of the side."""
        out = self.options.get((f, j))
        if out is not None:
            return out
        _, _, takes = self.families[f].small[j]
        ways = [((c,), 1, 0, int(c == K)) for c in self.colours if c in takes]
        if self.plan.conv_ok and len(takes) < 4:  # an "any" box: any die alone does better
            mine = [c for c in self.colours if c != K and c not in takes]
            ways += [((c1, c2), 1, 0, 1) for x, c1 in enumerate(mine) for c2 in mine[x:]]
            if any(c != K and c not in takes for c in self.other):
                ways += [((c,), 0, 1, 0) for c in mine]
        out = self.options[f, j] = [(dice, self.pack(covered << j, half << j, spent, 0))
                                    for dice, covered, half, spent in ways]
        return out

    def onto_wide(self, family, dice) -> list:
        """The leftover dice onto the wide box: every die it takes, the k highest black dice
        (one budget each), the j best 2-for-1 pairs of dice it does not take (one budget each),
        for every k and j the budget allows, up to the first that fills the box (more would
        spend budget for nothing); the value capped at the need."""
        if family.need is None:
            return [0]
        if self.leaving:  # one paired colour, merged with the others before pairing
            (c,) = self.colours
            return [self.pack(0, 0, 0, self.leftover(_tally(dice[c])))
                    if family.pairs_onto_wide else 0]
        takes = family.wide_takes
        free = sum(sum(dice[c]) for c in range(3) if c in takes)
        pairs = _pair_sums(sorted(v for c in range(3) if c not in takes for v in dice[c])
                           if family.pairs_onto_wide else ())
        out, blacks = [], 0
        for k, black in enumerate((0,) + tuple(reversed(dice[K]))):
            if k > self.budget:
                break
            blacks += black
            for j in range(min(len(pairs) - 1, self.budget - k) + 1):
                out.append(self.pack(0, 0, k + j, min(family.need, free + blacks + pairs[j])))
                if free + blacks + pairs[j] >= family.need:
                    break
            if free + blacks >= family.need:
                break
        return out

    # -- the columns: one side as bits ------------------------------------------------------------
    def merged(self, colours) -> tuple:
        """(tables, ways) of the side's rolls, never listing a roll's contributions: per family,
        each contribution and the bits of the rolls that give it, and each roll's ways. Built
        colour by colour (``merge``): the dice of two colours are disjoint, so a roll of both
        gives exactly the merges of what each colour's roll gives (exactness point 3). The
        paired colours come first, their leftover dice kept apart until the last of them is
        merged, then paired onto the wide box (``onto_wide_in_pairs``); then the colours with
        fewer rolls first: a merge spreads the bits of each contribution so far (a string
        operation as wide as the rolls of both) and multiplies the new colour's, so the colour
        with the most rolls, and so the most contributions, comes last (Iron Golemling's yellow
        after its black: 22% fewer instructions)."""
        tables = [{0: 1} for _ in self.families]  # no dice yet: every box open, nothing on it
        colours = self.merge_order(colours)
        size, ways = 1, [1]
        for k, c in enumerate(colours):
            rolls = _colour_rolls(self.plan.rolled[c], self.plan.classes[c], self.fixed[c],
                                  self.gone[c])
            later = colours[k + 1:] + [x for x in self.present if x not in colours]
            last_paired = c in self.paired and not any(x in self.paired for x in later)
            tables = self.merge(tables, size, self.by_colour(c, rolls), len(rolls),
                                [self.halves_wanted(f, later) for f in range(len(tables))],
                                (c in self.paired) + last_paired)
            size *= len(rolls)
            ways = [a * w for a in ways for _, w in rolls]
            if last_paired:
                tables = self.onto_wide_in_pairs(tables)
        return tables, ways

    def merge_order(self, colours) -> list:
        """The order ``merged`` takes the colours of a side in (its rolls are numbered so)."""
        return sorted(colours, key=lambda c: (c not in self.paired, self.rolls_of([c])))

    def leftover(self, tally: int) -> int:
        """The number of the leftover dice of paired colours with this tally (``_tally``:
        two sets of dice together add their tallies)."""
        number = self.leftovers.get(tally)
        if number is None:
            number = self.leftovers[tally] = len(self.leftovers)
        return number

    def pairing(self, tally: int, need: int) -> int:
        """The number of what the leftover dice with this tally give a wide box of that
        ``need`` in pairs: the best sum of j pairs for each j (``_pair_sums``), capped at the
        need, up to the first that fills it (leftovers that give the same are one)."""
        known = self.paired_tallies.setdefault(need, {})
        number = known.get(tally)
        if number is None:
            sums = []
            for total in _pair_sums(_faces(tally)):
                sums.append(min(need, total))
                if total >= need:
                    break
            number = known[tally] = self.pairings.setdefault(tuple(sums), len(self.pairings))
        return number

    def onto_wide_in_pairs(self, tables: list) -> list:
        """The tables with each contribution's leftover dice of paired colours, as what they
        give in pairs (``pairing``), turned into what they give the wide box: the j best 2-for-1
        pairs, best paired neighbour with neighbour from the top (the 2nd, 4th, ... highest die
        each), one budget each, for every j the budget allows up to the first that fills the
        box; the value capped at the need."""
        sums = list(self.pairings)  # in the order of their numbers
        field = (1 << self.halves_at) - 1
        out = []
        for family, table in zip(self.families, tables):
            need, found = family.need or 0, defaultdict(int)
            for code, bits in table.items():
                pairs, head = sums[code & field], code & ~field
                for j in range(min(len(pairs) - 1, self.budget - (code >> self.budget_at)) + 1):
                    found[head + (j << self.budget_at) | pairs[j]] |= bits
            out.append(found)
        return out

    def unbeaten(self, tables: list, swaps: bool = False) -> list:
        """The tables with each contribution kept only for the rolls that hold none that
        beats it (exactness point 4). One contribution beats another when, joined with any of
        the other side's, it is legal when that one is and covers no fewer boxes: no more
        budget, no less value, no half the other has not, and covering every box the other
        covers, or halves where it does not (the other side's half would make that a pair).
        With ``swaps`` (the rows only), also one that covers a box no easier and no cheaper
        to leave open instead of one it leaves open (``_Family.swaps``)."""
        out = []
        field, boxes = (1 << self.halves_at) - 1, (1 << self.boxes) - 1
        both = (1 << 2 * self.boxes) - 1  # covered and halved, as bits
        for family, table in zip(self.families, tables):
            found = defaultdict(list)  # covered and halved, as bits -> [(budget, value, bits)]
            for code, bits in table.items():
                found[code >> self.halves_at & both].append((code >> self.budget_at,
                                                             code & field, bits))
            heads = {(at >> self.boxes, at & boxes): cells for at, cells in found.items()}
            by_halves = defaultdict(dict)  # halved -> covered -> its grid
            top = max((code & field for code in table), default=0)
            for (full, halves), cells in heads.items():
                by_halves[halves][full] = _dominance(cells, self.budget, top)
            kept = {}
            for halves, group in by_halves.items():
                for full, grid in group.items():
                    self.ask_stop()
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
                               for grid2 in _holding(group2, full1 | halves1 & ~halves2, boxes)
                               if grid2 is not grid}.values()
                    self.spend(len(heads[full, halves]) * (len(beaters) + 2) // MERGE_STEPS
                               + len(by_halves))
                    for budget, value, bits in heads[full, halves]:
                        beaten = grid[budget][value + 1] | (budget and grid[budget - 1][value])
                        for grid2 in beaters:
                            beaten |= grid2[budget][value]
                        # the bits not beaten: an AND and an XOR, not & ~beaten (~ makes a
                        # big int negative, and CPython's & is then 3-4 times slower)
                        bits ^= bits & beaten
                        if bits:
                            kept[self.pack(full, halves, budget, value)] = bits
            out.append(kept)
        return out

    def outdone(self, tables: list) -> list:
        """The rows' tables with each contribution kept only for the rolls that hold none that
        outdoes it: one of the same family, covering and halving the same boxes, that reaches
        every column it reaches at a key no worse (``reach``; exactness point 7). Only those
        that trade budget for wide value are compared: ``unbeaten`` has settled the others."""
        out, reached = [], {}  # (family, contribution) -> what it reaches (``reach``)

        def reach(f, code):
            found = reached.get((f, code))
            if found is None:
                found = reached[f, code] = self.reach(f, code)
            return found

        field, both = (1 << self.halves_at) - 1, (1 << 2 * self.boxes) - 1
        for f, table in enumerate(tables):
            alike = defaultdict(list)  # covered and halved, as bits -> [(budget, value, code)]
            for code in table:
                alike[code >> self.halves_at & both].append((code >> self.budget_at,
                                                             code & field, code))
            kept = {}
            for found in alike.values():
                self.spend(len(found) ** 2 // MERGE_STEPS)
                self.ask_stop()
                for budget, value, code in found:
                    bits, outdone = table[code], 0
                    for budget2, value2, code2 in found:
                        if (budget2 - budget) * (value2 - value) > 0 and bits & table[code2]:
                            mine, theirs = reach(f, code), reach(f, code2)
                            if _no_worse(theirs, mine) and (code2 < code
                                                            or not _no_worse(mine, theirs)):
                                outdone |= table[code2]
                    bits ^= bits & outdone
                    if bits:
                        kept[code] = bits
            out.append(kept)
        return out

    def halves_wanted(self, f: int, colours) -> int:
        """The small boxes of family ``f`` (bits) that one of ``colours`` could give the other
        half of a pair to: a half left on any other box is a die spent for nothing."""
        out = 0
        for j, (_, _, takes) in enumerate(self.families[f].small):
            if self.plan.conv_ok and any(c != K and c not in takes for c in colours):
                out |= 1 << j
        return out

    def transposed(self, tables: list, ways: list) -> tuple:
        """(groups, profiles): a side's profiles -- each roll's contributions -- and their
        ways, read off its merged tables (a roll's contributions are those whose bits hold
        it). Contributions that the same rolls hold are one *group* (``groups[k]``: its (family,
        contribution) pairs, sorted); a profile is the sorted numbers of its groups. Each roll
        gets a signature, a bit per group (eight to a byte, side by side in one string of
        bytes), so rolls are told apart by string operations, not bit by bit. The signatures
        are written eight groups and every eighth roll at a time: the groups' bits of rolls q,
        q + 8, q + 16, ... shifted into one byte each: a few shifts and ANDs of whole ints (a
        string of a group's bits, translated, took 4% of Cindral's instructions)."""
        self.spend(_held(tables) // FOUND_PER_UNIT)
        n = len(ways)
        together = defaultdict(list)  # rolls (bits) -> the contributions they hold
        for f, table in enumerate(tables):
            for code in sorted(table):
                together[table[code]].append((f, code))
        # the groups most rolls hold numbered first: profiles, their numbers ascending, then
        # share their first groups most (the join ORs a shared start once)
        held = sorted(together, key=int.bit_count, reverse=True)
        width = max(1, -(-len(held) // 8))  # bytes a signature
        signatures = bytearray(n * width)
        size = -(-n // 8)  # bytes of eight rolls
        ones = int.from_bytes(b"\x01" * size, "little")  # the lowest bit of each
        for at in range(width):
            self.ask_stop()
            eight = held[8 * at:8 * at + 8]
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
        profiles = {}
        for signature, w in by_signature.items():
            numbers = []
            ones = bin(int.from_bytes(signature, "little"))[:1:-1]  # character k: group k
            k = ones.find("1")
            while k >= 0:
                numbers.append(k)
                k = ones.find("1", k + 1)
            profiles[tuple(numbers)] = w
        return [tuple(together[bits]) for bits in held], profiles

    def runs(self, tables: list, ways: list) -> tuple:
        """The columns of the join: (runs, digits). ``runs[f]`` lists family f's contributions
        by what they halve, then by what they cover: (halved, [(covered, levels), ...]) (a row
        contribution pairs halves with all of a group alike), where ``levels[b][lack]`` are
        the columns (rolls) with one of budget b or less and a wide value of ``lack`` or more
        (``levels[b][0]``: those that have one at all), for every lack up to the need
        (``levels[b]`` is None when none has budget b or less). A row contribution with room
        for budget b joins that level of each (covered, halved): the key does not depend on
        the budget. ``digits[t]`` are the columns whose ways have binary digit t."""
        runs = []
        rooms = range(self.budget + 1)
        for family, table in zip(self.families, tables):
            lacks = range((family.need or 0) + 1)
            by_head = defaultdict(dict)  # (covered, halved) -> budget -> [(value, bits)]
            for (full, halves, budget), cells in self.by_head(table).items():
                by_head[full, halves][budget] = cells
            by_halves = defaultdict(list)
            for (full, halves), by_budget in by_head.items():
                budgets, levels = sorted(by_budget), []
                held = 0  # distinct sets of columns kept
                for budget in budgets:  # each level: the one below and this budget's
                    values, last = _suffixes(by_budget[budget])
                    level = []  # lack -> the columns of a value that fills it (values <= need)
                    for value, bits in zip(values, last):
                        level += [bits] * (value + 1 - len(level))
                    level += [0] * (len(lacks) - len(level))
                    if levels:
                        level = list(map(or_, levels[-1], level))
                    levels.append(level)
                    held += len(values)
                self.spend(held * len(ways) // BITS_PER_UNIT)
                self.ask_stop()
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
        digits = [int(by_column.translate({x: "01"[w >> t & 1] for x, w in enumerate(distinct)}),
                      2) for t in range(distinct[-1].bit_length())]
        return runs, digits

    def by_colour(self, c: int, rolls: list) -> list:
        """Per family, each contribution of colour ``c``'s dice alone and the bits of the rolls
        (numbered as in ``rolls``) that give it. The small boxes are met one after the other,
        by falling target, each demand with the smallest die that reaches it (exactness point
        2), all the rolls at once: a *state* is what the boxes so far add up to and the dice
        they leave, with the bits of the rolls that come to it, so rolls that leave the same
        dice go on together (Iron Golemling's 252 yellow rolls: 2,457 states before the wide
        box, against 11,039 contributions listed roll by roll). What is left goes on the wide
        box (``onto_wide``), within the budget.
        """
        self.listing((c,))
        self.leaving = c in self.paired
        before, after = ((),) * c, ((),) * (3 - c)
        too_dear = self.pack(0, 0, self.budget + 1, 0)
        tables = []
        for f, family in enumerate(self.families):
            states = {(0, faces): 1 << i for i, (faces, _) in enumerate(rolls)}  # all differ
            for j, (_, target, _) in enumerate(family.small):
                self.spend(len(states) // FOUND_PER_UNIT + 1)
                options = self.box_options(f, j)
                found = defaultdict(int, states)  # the box left open
                for (code, faces), bits in states.items():
                    one = _without(faces, target)
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
                            two = _without(one, target)
                        if two is not None:
                            found[code + more, two] |= bits
                states = found
            table, ends = defaultdict(int), {}
            for (code, faces), bits in states.items():
                wide = ends.get(faces)
                if wide is None:
                    wide = ends[faces] = self.onto_wide(family, before + (faces,) + after)
                for more in wide:
                    if code + more < too_dear:
                        table[code + more] |= bits
            self.spend(len(states) // FOUND_PER_UNIT + 1)
            tables.append(table)
        return tables

    def merge(self, tables: list, size: int, more: list, more_size: int, wanted: list,
              paired: int) -> list:
        """The contributions of the rolls of two disjoint sets of dice (``size`` rolls and
        ``more_size`` rolls, bits as in ``tables`` and ``more``) together: roll (i, j) is bit
        ``i * more_size + j``. Two contributions merge when neither covers a box the other uses;
        a box given half a pair by each is covered (one budget), budgets add, and so do values
        (or, ``paired`` 1, the leftover dice of paired colours join; 2, they join and the last
        paired colour is in: what they give in pairs, ``pairing``). Those left with a half on a
        box outside ``wanted`` (per family, ``halves_wanted``) are not kept."""
        out = []
        for f, (table, other) in enumerate(zip(tables, more)):
            need = self.families[f].need or 0
            unwanted = ~wanted[f]
            values = {code & (1 << self.halves_at) - 1 for code in other}
            # value (or leftover) -> a list: the other's value (or leftover) -> both
            add, width = {}, max(values) + 1
            tallies = list(self.leftovers)  # by number
            known = self.paired_tallies.setdefault(need, {})
            for value1 in {code & (1 << self.halves_at) - 1 for code in table}:
                add[value1] = found = [0] * width
                for value2 in values:
                    if paired == 1:
                        found[value2] = self.leftover(tallies[value1] + tallies[value2])
                    elif paired == 2:  # most pairings are known: looked up here, not called
                        tally = tallies[value1] + tallies[value2]
                        number = known.get(tally)
                        found[value2] = (number if number is not None
                                         else self.pairing(tally, need))
                    else:
                        found[value2] = min(need, value1 + value2)
            # both's values (or leftovers) by place; per head of both, the rolls of each: in a
            # list (quicker than a dict keyed by the whole contribution) unless they are many
            values = sorted(set().union(*add.values()))
            place = {value: x for x, value in enumerate(values)}
            add = {value1: [place[value] for value in found] for value1, found in add.items()}
            # each side's contributions by all but their wide value, their rolls numbered as
            # rolls of both
            mine = {head: [(add[value], _spread(bits, more_size)) for value, bits in cells]
                    for head, cells in self.by_head(table).items()}
            unit = _repeat(1, more_size, size)  # bits times it: the bits repeated, quicker
            heads = {head: [(value, bits * unit) for value, bits in cells]
                     for head, cells in self.by_head(other).items()}
            by_value = {}
            for (full1, halves1, budget1), found1 in mine.items():
                steps = len(heads)
                used1, room = full1 | halves1, self.budget - budget1
                for (full2, halves2, budget2), found2 in heads.items():
                    both = halves1 & halves2
                    halves = (halves1 | halves2) ^ both
                    if (full1 & (full2 | halves2) or full2 & used1 or halves & unwanted
                            or budget2 + both.bit_count() > room):
                        continue
                    head = self.pack(full1 | full2 | both, halves,
                                     budget1 + budget2 + both.bit_count(), 0)
                    rolls = by_value.get(head)
                    if rolls is None:
                        rolls = by_value[head] = ([0] * len(values) if len(values) <= MANY_VALUES
                                                  else defaultdict(int))
                    steps += len(found1) * len(found2)
                    for add1, spread in found1:
                        for value2, repeated in found2:
                            rolls[add1[value2]] |= spread & repeated
                self.spend(steps // MERGE_STEPS)
                self.ask_stop()
            merged = {}
            for head, rolls in by_value.items():  # the values some rolls have
                for x, bits in (enumerate(rolls) if isinstance(rolls, list) else rolls.items()):
                    if bits:
                        merged[head | values[x]] = bits
            self.spend(sum(map(int.bit_length, merged.values())) // BITS_PER_UNIT)
            out.append(merged)
        return out

    # -- the join ---------------------------------------------------------------------------------
    def join(self, rows: tuple, columns: tuple) -> dict:
        """Best key -> ways over every pair of a row profile and a column (a roll of the other
        side), without visiting the pairs one by one.

        A contribution of the rows with each run of the columns gives at most two keys (the
        wide box covered or short), so a row contribution *reaches*, at each key, a set of
        columns (an OR of runs' bits; ``reach``), and so does a group of them (``transposed``).
        A row profile reaches what its groups reach; going through its keys from the best, the
        columns first reached at a key are the pairs whose best placement has that key. How
        many profiles of each number of ways first reach each column at each key is counted in
        binary, a big int per digit (a few ANDs and XORs a set of columns); the columns' ways
        weigh each digit once, at the end, with one AND and one bit count per binary digit of
        their ways."""
        (runs, digits), keys = columns, self.keys
        groups, profiles = rows
        self.spend(sum(map(len, profiles)))
        reach = []  # per group: (rank, columns first reached there)
        for found in groups:
            reach.append(_first(_ored([self.reach(f, code) for f, code in found])))
            self.spend(sum(bits.bit_length() for _, bits in reach[-1]) // BITS_PER_UNIT)
            self.ask_stop()
        # per key and row ways, how many profiles first reach each column there, counted in
        # binary with a big int per binary digit (adding a set of columns is a carry of ANDs
        # and XORs): the weighted count of a set of columns is then taken once a digit
        # ways -> rank -> counter, None until a profile counts there (a third of the lists:
        # the garbage collector ran half as long)
        counts = {}
        everyone = reduce(or_, digits, 0)  # every column (each has ways)
        # the profiles in order: what the groups a profile starts with reach is kept as long
        # as later ones start with them too (``start[d]``: what its first d groups reach)
        ordered = sorted(profiles.items())
        shared = [_shared(one, two) for (one, _), (two, _) in zip(ordered, ordered[1:])] + [0]
        start = [[0] * len(keys)]
        for (profile, ways), keep in zip(ordered, shared):
            for k in profile[len(start) - 1:keep]:
                by_rank = start[-1][:]
                for r, bits in reach[k]:
                    by_rank[r] |= bits
                start.append(by_rank)
            by_rank = start[-1]
            if len(profile) > keep:  # the rest only this profile has
                by_rank = by_rank[:]
                for k in profile[keep:]:
                    for r, bits in reach[k]:
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
            self.ask_stop()
        settled = defaultdict(int)
        digits = list(enumerate(digits))
        for ways, by_key in counts.items():
            for key, count in zip(keys, by_key):
                if count:
                    settled[key] += ways * sum([(level & d).bit_count() << (s + t)
                                                for s, level in enumerate(count)
                                                for t, d in digits])
        return settled

    def prepare_join(self, tables: list, runs: list) -> None:
        """Ready the join of the rows' ``tables`` with the columns' ``runs``: the keys as ranks
        (``self.keys``, sorted: a key's rank is its place there; per family and covered set, the
        rank with the wide box covered and short), and how often each (family, halved, room)'s
        runs will be read: once a head, once a contribution (``joined_runs``)."""
        self.spend(sum(map(len, tables)) * sum(map(len, runs)) // SEGMENT_STEPS)
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

    def reach(self, f: int, code: int) -> list:
        """The columns row contribution ``code`` of family ``f`` reaches at each key, by rank
        (``legal_runs`` of its head, then ``reached``); ``prepare_join`` first."""
        a = (f, *self.unpack(code))
        head = a[:4]  # those that differ only by their wide value join the same runs
        legal = self.legal.get(head)
        if legal is None:
            legal = self.legal[head] = self.legal_runs(head, self.column_runs, self.ranks[f])
        return self.reached(a, legal)

    def legal_runs(self, head, runs, ranks: tuple) -> list:
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
            out = [(boxes, _ored(fills)) for boxes, fills in by_boxes.items()]
        else:
            out = [(boxes, fill) for boxes, fills in by_boxes.items() for fill in fills]
        self.joinable[f, halves_a, room] = out
        return out

    def reached(self, a, legal: tuple) -> list:
        """The columns row contribution ``a`` reaches at each key, as ranks, with the columns'
        contributions (in the runs it may join): what its head reaches whatever its value
        (``legal_runs``), and the key with the wide box covered for the columns whose value
        fills what ``a`` leaves of it. Not to be changed: it may be ``legal``'s own list."""
        levels, out = legal
        if levels:
            out = out[:]
            lack = self.families[a[0]].need - a[4]
            for fill, covered in levels:
                if fill[lack]:
                    out[covered] |= fill[lack]
        return out


def _shared(one: tuple, two: tuple) -> int:
    """How many items ``one`` and ``two`` start with alike.

    >>> _shared((1, 2, 5), (1, 2, 7, 9))
    2
    """
    shared = 0
    for x, y in zip(one, two):
        if x != y:
            break
        shared += 1
    return shared


def _no_worse(mine: list, other: list) -> bool:
    """Whether ``mine`` (columns by rank) reaches every column ``other`` reaches, at the same
    rank or a better (lower) one.

    >>> _no_worse([0b01, 0b10], [0, 0b11]), _no_worse([0, 0b11], [0b01, 0b10])
    (True, False)
    """
    reached = 0
    for bits, others in zip(mine, other):
        reached |= bits
        if others & reached != others:
            return False
    return True


def _first(by_rank: list) -> list:
    """(rank, bits) of the bits first set at each rank, best (lowest) rank first: a column
    reached at a better rank needs no worse one.

    >>> _first([0, 0b011, 0b110, 0b100])
    [(1, 3), (2, 4)]
    """
    first, reached = [], 0
    for r, bits in enumerate(by_rank):
        if bits:
            bits ^= bits & reached  # not &= ~reached: see unbeaten
            if bits:
                first.append((r, bits))
                reached |= bits
    return first


def _held(tables, cap: int | None = None) -> int:
    """How many contributions the rolls of ``tables`` (per family, contribution -> bits:
    ``merged``) hold, all together; counted only until it reaches ``cap``, if given."""
    held = 0
    for table in tables:
        for bits in table.values():
            held += bits.bit_count()
            if cap is not None and held >= cap:
                return held
    return held


def _holding(group: dict, need: int, boxes: int) -> list:
    """The values of ``group`` (bit set -> value) whose set holds every bit of ``need``: looked
    up set by set when the sets holding ``need`` are fewer than the group.

    >>> _holding({0b01: "a", 0b11: "b", 0b10: "c"}, 0b01, 0b11)
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


def _ored(levels: list) -> list:
    """The ORs, place by place, of lists of equal length (one list: itself).

    >>> _ored([[1, 4], [2, 4], [2, 0]])
    [3, 4]
    """
    if len(levels[0]) < len(levels):  # a call a place: fewer than a call a list
        return [reduce(or_, bits) for bits in zip(*levels)]
    out = levels[0]
    for level in levels[1:]:
        out = list(map(or_, out, level))
    return out


def _dominance(cells: list, budget: int, top: int) -> list:
    """``grid[b][v]``: the OR of the bits of the (budget, value, bits) ``cells`` of budget b or
    less and value v or more (budgets up to ``budget``, values up to ``top``). Budgets no cell
    has share the row below, values no cell has the OR above: ORs only where cells are.

    >>> _dominance([(0, 2, 0b01), (1, 1, 0b10)], 1, 2)
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


def _suffixes(found: list) -> tuple:
    """(values, last) of (value, bits) pairs: the distinct values ascending, and for each the OR
    of the bits of the pairs of that value or more.

    >>> _suffixes([(3, 0b01), (1, 0b10), (3, 0b100)])
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


def _spread(bits: int, width: int) -> int:
    """Each bit of ``bits`` made ``width`` bits: roll i of one colour is rolls i * width to
    i * width + width - 1 of it and another colour of ``width`` rolls.

    >>> bin(_spread(0b101, 3))
    '0b111000111'
    >>> _spread(2 ** 40 - 1, 3) == 2 ** 120 - 1   # many rolls
    True
    """
    if bits.bit_count() > 32:  # many rolls: one string of them
        return int(bin(bits)[2:].translate({48: "0" * width, 49: "1" * width}), 2)
    # a few rolls (most contributions): bit by bit, 3-100 times quicker than the string (4%
    # of Cindral's instructions went to it), but its cost grows with the rolls and the string
    # is the quicker from 50-350 of them as the sizes go: 32 keeps to the safe side
    out, full = 0, (1 << width) - 1
    while bits:
        low = bits & -bits
        out |= full << (low.bit_length() - 1) * width
        bits ^= low
    return out


def _repeat(bits: int, width: int, times: int) -> int:
    """``bits`` (``width`` of them) repeated ``times``: roll j of a colour of ``width`` rolls is
    rolls j, width + j, ... of another colour's rolls and it.

    >>> bin(_repeat(0b01, 2, 3))
    '0b10101'
    """
    return int(format(bits, f"0{width}b") * times, 2)


def _tally(faces) -> int:
    """Dice by face in one int, 5 bits a face (up to 31 dice of each): the tally of two sets
    of dice is the sum of theirs.

    >>> _tally((2, 6, 6)) == 1 << 10 | 2 << 30
    True
    """
    return sum(1 << 5 * face for face in faces)


def _faces(tally: int) -> tuple:
    """The faces of a tally (``_tally``), ascending.

    >>> _faces(_tally((6, 2, 6)))
    (2, 6, 6)
    """
    return ((1,) * (tally >> 5 & 31) + (2,) * (tally >> 10 & 31) + (3,) * (tally >> 15 & 31)
            + (4,) * (tally >> 20 & 31) + (5,) * (tally >> 25 & 31) + (6,) * (tally >> 30 & 31))


def _pair_sums(faces) -> list:
    """The best sum of j 2-for-1 pairs of these faces (ascending), for each j from 0: each pair
    gives its lower die, so neighbours are paired from the top (the 2nd, 4th, ... highest).

    >>> _pair_sums((1, 2, 5, 6))
    [0, 5, 6]
    """
    out = [0]
    for lower in faces[-2::-2]:
        out.append(out[-1] + lower)
    return out


def _colour_rolls(n: int, classes, fixed, gone=()) -> list:
    """Every roll of ``n`` dice of one colour as an ascending tuple of face classes (each class
    named by its lowest face), with the ordered rolls giving it; ``fixed`` faces join each, dice
    showing a face of ``gone`` (discarded as rolled, E3) leave it, rolls that become the same
    merged."""
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


def _without(faces: tuple, target: int):
    """``faces`` (ascending) without the smallest that reaches ``target`` (None if none does).

    >>> _without((2, 4, 5, 6), 5)
    (2, 4, 6)
    """
    x = bisect_left(faces, target)
    if x == len(faces):
        return None
    return faces[:x] + faces[x + 1:]
