"""Exact encounter odds by splitting the dice colours in two sides (rules §4, A7, A11, A24).

``split_distribution`` gives the same answer as ``odds_dp.mask_distribution`` -- for each set of
covered boxes under the best placement, the number of rolls that lead to it -- for encounters
with exactly one open wide box. Where that box makes the walk over faces slow (its sum keeps
many partial placements apart), this is several times faster; on small boxes alone the walk is
faster, ``supports`` says when this method applies at all and ``faster_than_walk`` when it
pays.

The idea. Split the colours of the pool in two sides, A and B, with every colour that could go
on the wide box only through a 2-for-1 on side B. For every roll of one side alone, list what
that side's dice can do by themselves -- its *contributions*:

- the small boxes it covers on its own (a die the box takes, a free black die, or a 2-for-1
  pair of this side's dice),
- the small boxes it gives *half* a 2-for-1 pair to (one die the box does not take, waiting for
  the other half from the other side),
- the black budget it spends,
- what it puts on the wide box (capped at the box's need),

all of them, as a set: the side's *profile*. Rolls of one side with the same profile are merged,
their ways added. The best placement of a whole roll is the best pair of contributions, one from
each side's profile: a box is covered when either side covers it or both give it a half (that
pair costs one budget), budgets add, wide-box values add. So the distribution is a sum over
pairs of *distinct* profiles, ways multiplied (the sides' dice are disjoint, rolled
independently). The join does not visit those pairs one by one: one side's profiles are the
bits of big ints, and each contribution of the other side reaches, key by key, the set of them
that hold a contribution giving that key (``join``). The work is the contributions of the
distinct side-rolls plus contributions x runs of the other side's, instead of a walk whose
states come close to the distinct whole rolls.

Why nothing is lost (exactness):

1. Every legal placement splits in two, one part per side (§4, A7). A 2-for-1 onto a small box
   with a die on each side is a half on each side. A 2-for-1 onto the wide box has both dice on
   side B: both are non-black dice the wide box does not take (a pair holding a black die is
   never better than the black die alone, and a pair holding a die the box takes never better
   than that die alone), and side B holds all such colours. So the wide box's sum is the sum of
   the two sides' parts. The black budget -- non-black pairs plus black dice placed, at most the
   supply's black dice plus the pool's (A7, as in odds_dp) -- adds up too, a split pair counting
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
3. Contributions another one beats (no fewer boxes covered, no more budget, no less value) are
   kept: they are legal placements, so the least key over all pairs is the same, and sorting
   them out cost more than keeping them (measured: 39% more instructions on two suite cases).
4. Armor first (A11): the same two families of placements as odds_dp's ``_Mode`` -- every armor
   box covered (the wide box too if it is armor), or only armor boxes used -- each joined on its
   own; the better key wins.
5. The key is odds_dp's (A24): start key plus the costs of the boxes left open, so weights and
   tie-breaks are the same and the masks come from ``plan.mask_of_key``.

Dice already showing a face (``fixed=``) join every roll of their colour's side. Dice already on
boxes (``placed=``) are not handled. Faces discarded as rolled (``discard=``, E3) leave the
side-roll they are rolled in: its ways count them, its dice do not.

>>> from odd_nb.games.one_deck import Box
>>> from odd_nb.games.one_deck.odds_dp import plan_for
>>> plan = plan_for({"yellow": 2}, [Box("yellow", 7, wide=True), Box("yellow", 5)])
>>> supports(plan)
True
>>> masks, total, work, rolls = split_distribution(plan)
>>> sorted(masks.items()), total, rolls   # 21 of 36 rolls sum to 7+, (5,1) and (1,5) cover the 5
([(0, 13), (1, 21), (2, 2)], 36, 21)
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from itertools import combinations_with_replacement, product
from math import factorial

from .odds_dp import INF, K, TooMuchWork

STOP_EVERY = 2000  # work between two calls of ``stop()`` (a few ms)
# join steps to a unit of work (units of about 1-4 µs, like the walk's): a row against a run
# of the other side's contributions is a few big-int operations
SEGMENT_STEPS = 4
FOUND_PER_UNIT = 4  # contributions listed to a unit of work (each 0.3-1 µs, 20 bytes kept)
BITS_PER_UNIT = 400  # the join's big ints: 50 bytes a unit of work (the sides: up to 80)
# a side's memo is cleared when it holds this many entries: what big sides reuse comes from
# recent rolls, and its memory (most of the split's) stays bounded
MEMO_ENTRIES = 100_000
DIRECT_DICE = 2  # dice the wide box takes directly from which the split is the faster (below)


def supports(plan) -> bool:
    """Whether ``split_distribution`` answers this odds question: exactly one open wide box and
    no dice already on a box (fixed dice and faces discarded as rolled are fine)."""
    placed = plan.done_mask or any(need != plan.boxes[i].target for i, need, _ in plan.wide)
    return len(plan.wide) == 1 and not placed


def faster_than_walk(plan) -> bool:
    """Whether the split is worth taking over the walk: when the wide box takes at least
    ``DIRECT_DICE`` rolled dice directly (its colours and black), whose sums keep the walk's
    partial placements apart. With fewer, the box is filled mostly by 2-for-1 pairs, which the
    walk handles well, and the split's side of paired colours is the costly one (measured on
    the four such encounters of ten greedy games, 5-7 dice: each method faster on two, walk
    0.07-0.98 s, split 0.01-0.44 s; with 3 or more direct dice the split was 3-40x faster,
    e.g. a wide blue 12 with 3 of 9 dice: 0.5 s, the walk past 13 s)."""
    (_, _, takes), = plan.wide
    return sum(plan.rolled[c] for c in takes) >= DIRECT_DICE


def split_distribution(plan, *, limit: int | None = None, stop=None):
    """The exact distribution of the covered boxes under the best placement, as
    ``odds_dp.mask_distribution`` gives it: (dict covered mask -> ways, total ways, work done,
    distinct rolls). ``plan`` comes from ``odds_dp.plan_for`` and must be ``supports``-ed. Work
    counts side-rolls, contributions built and join steps (about 1-4 µs a unit); past
    ``limit`` -- which also bounds the memory kept -- or once ``stop()`` is true (asked every
    few ms), it raises ``TooMuchWork``."""
    if not supports(plan):
        raise ValueError("split_distribution needs exactly one open wide box and no placed "
                         "dice (see supports)")
    split = _Split(plan, limit, stop)
    side_a, side_b = split.sides()
    settled = split.join(split.profiles(side_a), split.profiles(side_b))
    masks = defaultdict(int)
    for key, ways in settled.items():
        masks[plan.mask_of_key(key)] += ways
    return dict(masks), 6 ** sum(plan.rolled), split.work, plan.distinct_rolls()


class _Family:
    """One family of placements (odds_dp ``_Mode``, A11) as the split sees it: its small boxes
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
        # packed contributions: wide value, then a bit per small box halved, then covered,
        # then the budget (``pack``)
        self.boxes = max(len(family.small) for family in self.families)
        self.halves_at = max(family.need or 0 for family in self.families).bit_length()
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

    # -- the split -------------------------------------------------------------------------------
    def sides(self):
        """Side B takes every colour that can reach the wide box only in a 2-for-1; the other
        colours go, largest first, to the side with fewer distinct rolls so far (each side costs
        about its distinct rolls times its contributions: balanced sides cost least)."""
        plan = self.plan
        (w, _, takes), = plan.wide
        side_b = [c for c in self.present
                  if c != K and c not in takes and plan.wide_conv[w]]
        side_a = []
        for c in sorted((c for c in self.present if c not in side_b),
                        key=lambda c: -self.rolls_of([c])):
            (side_a if self.rolls_of(side_a) <= self.rolls_of(side_b) else side_b).append(c)
        return tuple(side_a), tuple(side_b)

    def rolls_of(self, colours) -> int:
        out = 1
        for c in colours:
            n, classes = self.plan.rolled[c], len(self.plan.classes[c])
            out *= factorial(n + classes - 1) // factorial(n) // factorial(classes - 1)
        return out

    # -- one side --------------------------------------------------------------------------------
    def profiles(self, colours) -> dict:
        """Each distinct profile of the side (one tuple of contributions per family) and the
        number of ordered rolls of its dice that give it."""
        self.colours = colours
        self.other = [c for c in self.present if c not in colours]
        self.memo = {}  # (family, box, dice left) -> contributions; freed with the side
        self.options = {}  # (family, box) -> what this side can do for it (box_options)
        self.interned = {}  # a contribution -> the one int object of its value
        out = defaultdict(int)
        for dice, ways in self.side_rolls(colours):
            self.spend(1)
            profile = tuple(self.contributions(f, 0, dice) for f in range(len(self.families)))
            out[profile] += ways
        self.memo = self.interned = None
        return out

    def side_rolls(self, colours):
        """(dice, ways), one at a time: dice a tuple of four ascending tuples of faces (face
        classes where no wide box needs the exact face), fixed dice included; ways the ordered
        rolls giving it."""
        per_colour = [_colour_rolls(self.plan.rolled[c], self.plan.classes[c], self.fixed[c],
                                    self.gone[c]) for c in colours]
        for combo in product(*per_colour):
            dice, ways = [()] * 4, 1
            for c, (faces, w) in zip(colours, combo):
                dice[c] = faces
                ways *= w
            yield tuple(dice), ways

    def contributions(self, f: int, j: int, dice) -> tuple:
        """The contributions of the small boxes j.. of family ``f`` and the wide box, with
        ``dice`` left, each packed in one int (``pack``), each once (from the first box: in
        order, so that equal profiles meet). The boxes come by falling target, each demand met
        with the smallest die that reaches it (exactness point 2). Each later box's are kept
        for the rolls that leave the same dice (a whole roll's never come again)."""
        memo_key = (f, j, dice)
        out = self.memo.get(memo_key)
        if out is not None:
            return out
        family = self.families[f]
        if j == len(family.small):
            found = self.onto_wide(family, dice)
        else:
            later = self.contributions
            found = list(later(f, j + 1, dice))  # the box left open
            target = family.small[j][1]
            # each other way: its dice taken, what it adds to the later boxes' contributions
            # (they hold no bit of this box: adding is setting the bits), the least budget
            # that makes one too dear
            for takes, more, dear in self.box_options(f, j):
                rest = dice
                for c in takes:
                    rest = _take(rest, c, target)
                    if rest is None:
                        break
                else:
                    found += [x + more for x in later(f, j + 1, rest) if x < dear]
        self.spend(len(found) // FOUND_PER_UNIT + 1)
        if not j:
            found = set(found)
            return tuple(sorted(map(self.interned.setdefault, found, found)))
        if len(self.memo) >= MEMO_ENTRIES:
            self.memo.clear()
        out = self.memo[memo_key] = tuple(set(found))
        return out

    def box_options(self, f: int, j: int) -> list:
        """What this side can do for small box j of family ``f``, besides leaving it open:
        (colours of the dice it takes, what it adds to a contribution, the packed budget from
        which it is too dear). Covered by its smallest die the box takes (black spends the
        budget, A7) or by a 2-for-1 pair of this side's dice it does not take; or given half a
        pair, the other die to come from the other side. The same for every roll of the side."""
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
        out = self.options[f, j] = [
            (dice, self.pack(covered << j, half << j, spent, 0),
             self.pack(0, 0, self.budget - spent + 1, 0)) for dice, covered, half, spent in ways]
        return out

    def onto_wide(self, family, dice) -> list:
        """The leftover dice onto the wide box: every die it takes, the k highest black dice
        (one budget each), the j best 2-for-1 pairs of dice it does not take (one budget each),
        for every k and j the budget allows; the value capped at the need."""
        if family.need is None:
            return [0]
        takes = family.wide_takes
        free = sum(sum(dice[c]) for c in range(3) if c in takes)
        pairs = [0]  # best sum of j pairs: each pair gives its lower die
        if family.pairs_onto_wide:
            others = sorted((v for c in range(3) if c not in takes for v in dice[c]),
                            reverse=True)
            for lower in others[1::2]:
                pairs.append(pairs[-1] + lower)
        out, blacks = [], 0
        for k, black in enumerate((0,) + tuple(reversed(dice[K]))):
            if k > self.budget:
                break
            blacks += black
            for j in range(min(len(pairs) - 1, self.budget - k) + 1):
                out.append(self.pack(0, 0, k + j, min(family.need, free + blacks + pairs[j])))
        return out

    # -- the join --------------------------------------------------------------------------------
    def join(self, profiles_a: dict, profiles_b: dict) -> dict:
        """Best key -> ways over every pair of profiles, without visiting the pairs one by one.

        The profiles of one side (the columns) become bits of big ints: for each of its
        contributions, the bits of the profiles that hold it. A contribution of the other side
        (a row) with each run of column contributions (``_segments``) gives at most two keys,
        so a row *reaches*, at each key, a set of column profiles (an OR of runs). A profile of
        the rows reaches what its contributions reach; going through its keys from the best, the
        column profiles first reached at a key are the pairs whose best placement has that key,
        and their ways are counted with one AND and one bit count per binary digit of ways."""
        rows, listed_rows = _numbered(profiles_a, self.unpack)
        columns, listed_columns = _numbered(profiles_b, self.unpack)
        if _held(listed_columns) < _held(listed_rows):  # the rows: the side with fewer holdings
            rows, listed_rows, columns, listed_columns = columns, listed_columns, rows, listed_rows
        segments, listed_columns = _segments(columns, listed_columns)
        # the join's work is known in advance: counted before its tables take any memory (big
        # ints of a bit per column profile: a holders' one per column, two per run of columns)
        bits = (3 * len(columns) + 2 * len(segments)) * len(listed_columns)
        self.spend(len(rows) * len(segments) // SEGMENT_STEPS + _held(listed_rows)
                   + len(columns) + bits // BITS_PER_UNIT)
        holders = [0] * len(columns)  # column contribution -> bits of the profiles holding it
        digits = []  # binary digit t of ways -> bits of the column profiles that have it
        for p, (ids, ways) in enumerate(listed_columns):
            bit = 1 << p
            for x in ids:
                holders[x] |= bit
            t = 0
            while ways:
                if t == len(digits):
                    digits.append(0)
                if ways & 1:
                    digits[t] |= bit
                ways >>= 1
                t += 1
        runs, start = [], 0  # per segment: holders of its first i columns, and from i on
        for *head, values in segments:
            n = len(values)
            first, last = [0] * (n + 1), [0] * (n + 1)
            for i in range(n):
                first[i + 1] = first[i] | holders[start + i]
                last[n - 1 - i] = last[n - i] | holders[start + n - 1 - i]
            runs.append((*head, values, first, last))
            start += n
        # keys as ranks: small ints, sorted as the keys are
        keys = sorted({key + extra for family in self.families for key in family.key_of
                       for extra in (0, family.wide_cost if family.need else 0) if key != INF})
        rank = {key: r for r, key in enumerate(keys)}
        rank[INF] = len(keys)  # not a legal placement
        reach, legal = [], {}
        for a in rows:
            head = a[:4]  # rows that differ only by their wide value share the runs they may join
            if head not in legal:
                legal[head] = self.legal_runs(head, runs, rank)
            reach.append(self.reach(a, legal[head]))
            self.ask_stop()
        settled = defaultdict(int)
        for ids, ways in listed_rows:
            by_rank = defaultdict(int)
            for x in ids:
                for r, bits in reach[x]:
                    by_rank[r] |= bits
            done = 0
            for r in sorted(by_rank):
                new = by_rank[r] & ~done
                if new:
                    done |= new
                    settled[keys[r]] += ways * sum((new & d).bit_count() << t
                                                   for t, d in enumerate(digits))
            self.ask_stop()
        return settled

    def legal_runs(self, head, runs, rank: dict) -> list:
        """The runs of the other side that a contribution (family, covered, halved, budget) may
        join, each with the key's rank when the wide box is covered and when it is short (None
        where short is not legal). A pair of different families, or one that is not legal (too
        much budget, an armor box left open), reaches nothing."""
        family_a, full_a, halves_a, budget_a = head
        family = self.families[family_a]
        room = self.budget - budget_a
        out = []
        for f, full_b, halves_b, budget_b, values, first, last in runs:
            pairs = halves_a & halves_b  # boxes given one half by each side: one budget each
            if f != family_a or budget_b + pairs.bit_count() > room:
                continue
            key = family.key_of[full_a | full_b | pairs]
            if key == INF:
                continue
            short = None if family.need is None or family.wide_must else \
                rank[key + family.wide_cost]
            out.append((values, first, last, rank[key], short))
        return out

    def reach(self, a, legal: list) -> list:
        """(rank, column profiles) pairs: the keys, as ranks, of contribution ``a`` of one side
        with the contributions of the other (in the runs it may join), and which of the other
        side's profiles hold one giving that key. Within a run only the wide box's value
        differs, so the columns that leave the wide box short come first."""
        need = self.families[a[0]].need
        out = defaultdict(int)
        if need is None:
            for _, _, last, covered, _ in legal:
                out[covered] |= last[0]
            return list(out.items())
        lack = need - a[4]
        for values, first, last, covered, short_rank in legal:
            short = bisect_left(values, lack)
            if short and short_rank is not None:
                out[short_rank] |= first[short]
            if short < len(values):
                out[covered] |= last[short]
        return list(out.items())


def _held(listed) -> int:
    """How many contributions the profiles hold, all together."""
    return sum(len(ids) for ids, _ in listed)


def _segments(columns: list, listed: list):
    """The other side's contributions in runs that differ only by the wide box's value
    (family, covered, halved, budget, ascending values), and its profiles renumbered to
    match."""
    order = sorted(range(len(columns)), key=columns.__getitem__)
    place = [0] * len(columns)
    segments = []
    for new, old in enumerate(order):
        place[old] = new
        f, full, halves, budget, value = columns[old]
        if segments and segments[-1][:4] == (f, full, halves, budget):
            segments[-1][4].append(value)
        else:
            segments.append((f, full, halves, budget, [value]))
    return segments, [([place[x] for x in ids], ways) for ids, ways in listed]


def _numbered(profiles: dict, unpack):
    """The distinct contributions of a side, unpacked, with their family first, and each profile
    as their numbers with its ways."""
    number, listed = {}, []
    for profile, ways in profiles.items():
        ids = []
        for f, contributions in enumerate(profile):
            for contribution in contributions:
                ids.append(number.setdefault((f, contribution), len(number)))
        listed.append((ids, ways))
    return [(f,) + unpack(code) for f, code in number], listed


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


def _take(dice, c: int, target: int):
    """``dice`` without the smallest die of colour ``c`` showing at least ``target`` (None if
    there is none)."""
    faces = dice[c]
    for x, face in enumerate(faces):
        if face >= target:
            return dice[:c] + (faces[:x] + faces[x + 1:],) + dice[c + 1:]
    return None
