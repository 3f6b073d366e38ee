"""Exact encounter odds colour by colour, the wide boxes' needs as a vector (rules §4, A7, A11,
A24; docs/odds.md, "vector: colour by colour").

``vector_distribution`` gives what ``walk.mask_distribution`` gives -- for each set of covered
boxes under the best placement, the ordered rolls that lead to it -- for questions with two wide
boxes or more, where the walk over faces keeps too many partial placements apart.

The idea. The dice of one colour are placed without looking at the others' faces; what they do
for the encounter is a *contribution*: the small boxes they cover, those they give half a 2-for-1
pair to, the budget they spend, what they put on each wide box (capped at its need: a wide box
only asks whether its sum is reached) and the dice they keep for 2-for-1 pairs onto wide boxes
(the *pool*). The colours are taken one after the other; a *state* is the set of contributions
worth keeping (none beaten by another, ``prune``) of the colours so far, and rolls that come to
the same state are merged, their ways added. After the last colour each state's best key is its
least contribution's ``final_key``: the pool paired neighbour with neighbour from the top, each
pair one budget, the pairs spread over the wide boxes. The last colour's millions of joins are
whole-number additions (``packed``), or questions to up-sets of the last colour's
contributions (``upsets``): when neither side keeps dice for pairs, or one pool of the colours
before at a time, the last colour's contributions paired off with it (``paired_with``).

>>> from odd_nb.games.one_deck import Box
>>> from odd_nb.games.one_deck.odds import plan_for
>>> plan = plan_for({"yellow": 2}, [Box("yellow", 7, wide=True), Box("yellow", 4, wide=True)],
...                 black_supply=0)
>>> masks, total, work, rolls = vector_distribution(plan)
>>> sorted(masks.items()), total   # 21 rolls sum to 7+, 12 more to 4+, 3 cover nothing
([(0, 3), (1, 21), (2, 12)], 36)
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from math import prod
from operator import add, ge

from .packed import FACES, Packing, best_wide, number
from .problem import INF, K, seconds_by_rolls
from .split.bits import repeat, spread
from .split.sides import colour_rolls
from .split.work import Work
from .upsets import UpSets, lacks_asked, pool_free

__all__ = ["NAME", "SECONDS_PER_ROLL", "answers", "least_seconds", "distribution", "supports",
           "vector_distribution"]

NAME = "vector"
#: seconds a distinct roll, at best (``encounter_odds`` skips a method that cannot finish in a
#: time budget): the walk's, whose questions it takes (it took 3 us a roll on 790,272 rolls)
SECONDS_PER_ROLL = 1e-6
#: steps of this method (a join tried, a contribution kept against one found, a roll's least
#: key: 0.2-2 us each) in one unit of ``encounter_odds``'s work, which is the walk's (2-5 us)
STEPS_PER_UNIT = 8
#: how many times ``encounter_odds``'s work a roll its questions are worth: with several wide
#: boxes the Solver takes 0.4-2.5 ms a roll (the benchmark's generated #1-#4, #7), some 120
#: units of this method's work
ROLLS_DEARER = 6
#: the most joins ``Colours.together`` makes of the contributions of the colours left (each a
#: join, a spread and an AND, about 1.5 us); past it they are taken one by one
JOINED_TOGETHER = 2_000_000
#: and at most this many for each contribution the states of the colours before hold: a join is
#: an AND over every roll of the colours left, none pruned, where taken one by one each
#: contribution before meets each of their rolls, pruned as it goes. Measured, joins per
#: contribution before: 4-34 where together was 1.4-25 times faster (generated #2 and #15 with
#: the 2-for-1, #14 without; Sallow Husk's row without pairs onto wide boxes, 6.5 s against
#: 32 s), 7,000-98,000 where it was 7-40 times slower (with the 2-for-1 forbidden, #8, #12,
#: #15, #16; and from the first colour, when no state before prunes anything)
JOINED_A_CONTRIBUTION = 500
# a contribution: (family, covered small boxes, halved small boxes, budget spent, pool faces
# (descending), value on each wide box of the family...)
FAMILY, COVERED, HALVED, SPENT, POOL, VALUES = 0, 1, 2, 3, 4, 5

least_seconds = seconds_by_rolls(SECONDS_PER_ROLL)  # with a time budget (``encounter_odds``)


def supports(plan) -> bool:
    """Two open wide boxes or more and no dice already on a box."""
    placed = plan.done_mask or any(need != plan.boxes[i].target for i, need, _ in plan.wide)
    return len(plan.wide) >= 2 and not placed


def pools(plan) -> bool:
    """Whether a 2-for-1 pair may go onto one of the wide boxes: some colour keeps dice for it
    (``Colours.pooled``), which is what makes a question slow (``control.control_for``).

    >>> from odd_nb.games.one_deck import Box
    >>> from odd_nb.games.one_deck.odds import plan_for
    >>> wide = [Box("yellow", 7, wide=True), Box("any", 5, wide=True)]
    >>> pools(plan_for({"yellow": 1, "pink": 1}, wide)), pools(plan_for({"yellow": 2}, wide))
    (True, False)
    """
    return any(Colours(plan).pooled)


def answers(plan) -> bool:
    """What this method takes when asked: every question it supports."""
    return supports(plan)


def distribution(plan, *, limit: int | None = None, stop=None):
    """(dict covered mask -> ways, total ways, work done, distinct rolls); past ``limit`` units
    of work, or once ``stop()`` is true, ``TooMuchWork``."""
    return vector_distribution(plan, limit=limit, stop=stop)


class Colours:
    """One question read colour by colour: per family (``problem.Family``) its small and wide
    boxes, which colour can do what, and the order the colours are taken in. With
    ``wide_pairs`` false no 2-for-1 pair goes onto a wide box: no colour keeps dice for one."""

    def __init__(self, plan, wide_pairs: bool = True):
        self.plan = plan
        self.budget = plan.budget
        present = [c for c in range(4) if plan.rolled[c] or any(
            kind == "draw" and c == col and arriving
            for kind, _, col, _, arriving, _ in plan.steps)]
        self.dice = [plan.rolled[c] + sum(1 for kind, _, col, _, arriving, _ in plan.steps
                                          if kind == "draw" and col == c for _ in range(arriving))
                     for c in range(4)]
        self.families = []
        for mode in plan.modes:
            small = [(1 << j, t, acc, plan.costs[i], mode.armor_must and plan.boxes[i].armor)
                     for j, (i, t, acc) in enumerate(mode.small)]
            wide = [(need, acc, cost, must) for (_, need, acc), cost, must in
                    zip(mode.wide, mode.wide_costs, mode.wide_must)]
            self.families.append((mode.start_key, small, wide))
        # pairs onto a wide box: any two non-black dice it does not take (A7)
        self.pooled = [wide_pairs and c != K and plan.conv_ok and any(
            c not in acc for family in self.families for _, acc, _, _ in family[2])
            for c in range(4)]
        # the colours whose dice may be pooled first (the pool is paired off once they are all
        # in), then the others, each by fewer rolls first: the last colour, never joined state
        # by state, is best the one with the most (black among them: its dice need no partner)
        self.order = sorted(present, key=lambda c: (not self.pooled[c], len(self.rolls(c))))
        pool_none = [c for c in self.order if not self.pooled[c]]
        if pool_none and self.pooled[self.order[0]]:
            # the pooled colour of the most rolls, last: never joined state by state, where it
            # would multiply the states (up to the product of the rolls so far) by its rolls.
            # Worth it when the colours that pool none are one die in all (six rolls at most:
            # joined state by state they multiply the states by six at most), or when it has
            # more rolls than all the other colours together (generated #13: 8 pink dice and 2
            # black, 28 s this way against 150 s)
            most = self.order[len(self.order) - len(pool_none) - 1]
            rolls_of = {c: len(self.rolls(c)) for c in self.order}
            if prod(rolls_of[c] for c in pool_none) <= 6 or \
                    prod(rolls_of[c] for c in self.order if c != most) <= rolls_of[most]:
                self.order = [c for c in self.order if c != most] + [most]
        self._final, self._cut, self._paired, self._listed = {}, {}, {}, {}
        self._spreads, self._own_pools, self._spread_onto = {}, {}, {}
        # (family, colour, a roll's highest faces, highest first) -> what those dice make
        # (``options``); no dice: nothing covered, nothing spent
        self._prefixes = {(f, c, ()): frozenset([(f, 0, 0, 0, (), (0,) * len(family[2]))])
                          for f, family in enumerate(self.families) for c in range(4)}
        self.tried = 0  # configurations listed, paired off and compared (their work, in steps)
        self.needs = [tuple(need for need, *_ in family[2]) for family in self.families]
        self.codes = Dominance(max(len(small) for _, small, _ in self.families), self.budget,
                               max(max(needs, default=0) for needs in self.needs),
                               max(map(len, self.needs)))

    def rolls(self, c: int) -> list:
        """Colour ``c``'s rolls (faces ascending, by its classes) with their ways."""
        plan = self.plan
        fixed = [v for kind, v, col, _, arriving, _ in plan.steps
                 if kind == "draw" and col == c for _ in range(arriving)]
        gone = {v for kind, v, col, *_ in plan.steps if kind == "gone" and col == c}
        return colour_rolls(plan.rolled[c], self.plan.classes[c], fixed, gone)

    def halves_later(self, f: int, later) -> int:
        """The small boxes of family ``f`` a die of a colour in ``later`` could give the other
        half of a pair to (a non-black die the box does not take)."""
        if not self.plan.conv_ok:
            return 0
        return sum(bit for bit, _, acc, _, _ in self.families[f][1]
                   if len(acc) < 4 and any(c != K and c not in acc for c in later))

    # -- one colour's contributions ---------------------------------------------------------------
    def options(self, f: int, c: int, faces: tuple, mates: int) -> list:
        """Every contribution of the dice ``faces`` of colour ``c`` alone in family ``f``, none
        beaten by another (``prune``). Each die, from the highest: left free, on a small box it
        reaches (its colour or black; black spends the budget), half of a pair on a small box
        that does not take it (two halves of this colour: a pair, one budget), on a wide box that
        takes it (black: one budget), or kept in the pool for pairs onto a wide box. What the
        highest dice make is kept (``_prefixes``): rolls that share them start from it."""
        prefixes = self._prefixes
        states, known = prefixes[f, c, ()], 0
        highest = faces[::-1]
        for k in range(len(highest), 0, -1):  # the most dice from the top already made
            found = prefixes.get((f, c, highest[:k]))
            if found is not None:
                states, known = found, k
                break
        for k in range(known, len(highest)):
            states = prefixes[f, c, highest[:k + 1]] = self._one_more(f, c, states, highest[k])
        # a half no other colour could complete is a die spent for nothing
        return prune({cfg[:HALVED] + (cfg[HALVED] & mates,) + cfg[SPENT:]
                      for cfg in states}, self.codes, self)

    def _one_more(self, f: int, c: int, states: frozenset, face: int) -> frozenset:
        """The contributions of ``states`` with one more die of colour ``c`` showing ``face``
        (lower than or equal to their dice), each way it may go (``options``), pruned: a
        contribution beaten now stays beaten whatever lower dice do (docs/odds.md, point 3)."""
        _, small, wide = self.families[f]
        budget, black = self.budget, c == K
        pooled = self.pooled[c]
        conv = self.plan.conv_ok and not black
        nxt = set(states)
        for cfg in states:
            _, covered, halved, spent, pool, values = cfg
            cost = spent + black
            if cost > budget:
                continue
            for bit, target, acc, _, _ in small:
                if covered & bit or face < target:
                    continue
                if c in acc:
                    if not halved & bit:
                        nxt.add((f, covered | bit, halved, cost, pool, values))
                elif conv and len(acc) < 4:
                    if halved & bit:  # a pair of this colour's dice
                        if spent + 1 <= budget:
                            nxt.add((f, covered | bit, halved ^ bit, spent + 1, pool,
                                     values))
                    else:
                        nxt.add((f, covered, halved | bit, spent, pool, values))
            for w, (need, acc, _, _) in enumerate(wide):
                if c in acc and values[w] < need:
                    more = list(values)
                    more[w] = min(need, values[w] + face)
                    nxt.add((f, covered, halved, cost, pool, tuple(more)))
            if pooled and len(pool) < 2 * (budget - spent):
                nxt.add((f, covered, halved, spent, pool + (face,), values))
        self.tried += len(nxt)
        return prune(nxt, self.codes, self)

    def listing(self, c: int, work) -> list:
        """Each roll of colour ``c`` (``rolls``): its contributions in every family
        (``options``, halves kept where another colour could complete them), listed once."""
        out = self._listed.get(c)
        if out is None:
            others = [x for x in self.order if x != c]
            mates = [self.halves_later(f, others) for f in range(len(self.families))]
            out = self._listed[c] = []
            for faces, _ in self.rolls(c):
                out.append([o for f in range(len(self.families))
                            for o in self.options(f, c, faces, mates[f])])
                work.spend(len(out[-1]) + self.tried)
                self.tried = 0
        return out

    def table(self, c: int, work) -> list:
        """Colour ``c``'s contributions per family, each with the rolls (bits, roll ``r`` bit
        ``r``) that have it (``listing``)."""
        table = [defaultdict(int) for _ in self.families]
        for r, mine in enumerate(self.listing(c, work)):
            for x in mine:
                table[x[FAMILY]][x] |= 1 << r
        return table

    def together(self, colours, work, before: int = 1):
        """The ``colours`` (none pooling) as one: per family, each contribution of their dice
        together with the rolls (bits) of all of them that have it, and each roll's ways. Roll
        (i, j) of the colours so far and the next is bit i * n + j (n: the next one's rolls),
        and every contribution of each is joined with every one of the others': none is
        pruned, as up-sets need none. None when those joins would be more than
        ``JOINED_TOGETHER``, or than ``JOINED_A_CONTRIBUTION`` for each of the ``before``
        contributions the states of the colours before hold (then they are the cheaper taken
        one by one).

        >>> from odd_nb.games.one_deck import Box
        >>> from odd_nb.games.one_deck.odds import plan_for
        >>> from odd_nb.games.one_deck.odds.split.work import Work
        >>> colours = Colours(plan_for({"yellow": 1, "black": 1}, [Box("yellow", 9, wide=True),
        ...     Box("yellow", 5, wide=True)], black_supply=0))
        >>> found, ways = colours.together([K, 0], Work())   # black then yellow: 36 rolls
        >>> both_on_the_9 = found[0][(0, 0, 0, 1, (), (9, 0))]   # one budget: the black die
        >>> len(ways), both_on_the_9.bit_count()   # the 10 rolls of the two summing to 9+
        (36, 10)
        """
        tables = [self.table(c, work) for c in colours]
        joins = sum(prod(len(table[f]) for table in tables)
                    for f in range(len(self.families)))
        if joins > min(JOINED_TOGETHER, JOINED_A_CONTRIBUTION * before):
            return None
        found = [{(f, 0, 0, 0, (), (0,) * len(family[2])): 1}
                 for f, family in enumerate(self.families)]
        ways, size = [1], 1
        for c, table in zip(colours, tables):
            rolls = self.rolls(c)
            n = len(rolls)
            unit = repeat(1, n, size)  # bits times it: the bits repeated, once for each roll so far
            for f, mine in enumerate(table):
                out = defaultdict(int)
                spread_bits = [(x, spread(bits, n)) for x, bits in found[f].items()]
                for y, bits in mine.items():
                    repeated = bits * unit
                    for x, spread_x in spread_bits:
                        z = self.join(x, y, -1)
                        if z is not None:
                            out[z] |= spread_x & repeated
                    work.spend(len(spread_bits))  # each contribution's joins: stop soon
                found[f] = out
            ways = [a * w for a in ways for _, w in rolls]
            size *= n
        return found, ways

    # -- two sets of dice together ---------------------------------------------------------------
    def join(self, a: tuple, x: tuple, keep_halves: int):
        """The contribution of two disjoint sets of dice: boxes covered by either, halves given
        by both a pair (one budget), budgets added, values added (capped), pools together (their
        highest dice the budget could pair). None past the budget. Halves no later colour could
        complete are dropped (``keep_halves``).

        >>> from odd_nb.games.one_deck import Box
        >>> from odd_nb.games.one_deck.odds import plan_for
        >>> colours = Colours(plan_for({"yellow": 1, "pink": 1}, [Box("blue", 4),
        ...     Box("yellow", 9, wide=True), Box("pink", 9, wide=True)]))
        >>> colours.join((0, 0, 1, 0, (), (5, 0)), (0, 0, 1, 0, (), (0, 4)), 0)
        (0, 1, 0, 1, (), (5, 4))
        """
        f = a[FAMILY]
        both = a[HALVED] & x[HALVED]
        spent = a[SPENT] + x[SPENT] + both.bit_count()
        if spent > self.budget:
            return None
        covered = a[COVERED] | x[COVERED] | both
        halved = (a[HALVED] ^ x[HALVED]) & ~covered & keep_halves
        values = tuple(map(min, self.needs[f], map(add, a[VALUES], x[VALUES])))
        pool = a[POOL]
        if x[POOL]:
            pool = tuple(sorted(pool + x[POOL], reverse=True)[:2 * (self.budget - spent)])
        elif len(pool) > 2 * (self.budget - spent):
            pool = pool[:2 * (self.budget - spent)]
        return (f, covered, halved, spent, pool, values)

    # -- what the dice still to come can change -------------------------------------------------
    def cut(self, cfg: tuple, later) -> tuple | None:
        """``cfg`` cut down to what the colours ``later`` could still change: a wide box they
        and the pool cannot fill is lost (its value 0), a pool with no wide box left to fill and
        budget beyond what they and the boxes left could spend are worth nothing. None: a wide
        box the family must cover is lost."""
        out = self._cut.get((cfg, later), False)
        if out is not False:
            return out
        self._cut[cfg, later] = out = self._cut_now(cfg, later)
        return out

    def _cut_now(self, cfg: tuple, later):
        f, covered, halved, spent, pool, values = cfg
        _, small, wide = self.families[f]
        pooled = sum(self.dice[c] for c in later if self.pooled[c])
        pairs = (len(pool) + pooled) // 2
        cut, most = list(values), 0  # most: the largest lack of a box a pair may fill
        for w, (need, acc, _, must) in enumerate(wide):
            v = values[w]
            if 0 < need - v:
                reach = 6 * (pairs + sum(self.dice[c] for c in later if c in acc))
                if v + reach < need:
                    if must:
                        return None
                    cut[w] = 0
                elif len(acc) < 4:  # not an "any" box: pairs go elsewhere (docs/odds.md)
                    most = max(most, need - v)
        if pool and pool[0] > most:
            # a pair is worth its lower die, and one worth a box's lack fills it: since lacks
            # only shrink as colours join, a face above the largest lack is worth that lack
            # (no box left to pair onto: the pool is worth nothing)
            pool = tuple([min(face, most) for face in pool]) if most else ()
        uses = (sum(1 for bit, *_ in small if not covered & bit) + pairs
                + sum(self.dice[K] for c in later if c == K))
        return (f, covered, halved, max(spent, self.budget - uses), pool, tuple(cut))

    def pair_off(self, cfg: tuple) -> tuple:
        """``paired``, each once, made once for each ``cfg``."""
        out = self._paired.get(cfg)
        if out is None:
            out = self._paired[cfg] = tuple(set(self.paired(cfg)))
        return out

    def paired(self, cfg: tuple) -> list:
        """The pool of ``cfg`` made pairs onto the wide boxes every way the budget left allows
        (``spreads``), one budget a pair: contributions that keep no die for pairs. A spread
        that ``spreads`` leaves out is beaten by one it keeps, and so is what it makes of
        ``cfg``.

        >>> from odd_nb.games.one_deck import Box
        >>> from odd_nb.games.one_deck.odds import plan_for
        >>> colours = Colours(plan_for({"yellow": 1, "pink": 1}, [
        ...     Box("blue", 5, wide=True), Box("black", 9, wide=True)]))   # a budget of 6
        >>> colours.paired((0, 0, 0, 5, (6, 4, 3, 1), (2, 7)))   # one pair paid: the 4
        [(0, 0, 0, 5, (), (2, 7)), (0, 0, 0, 6, (), (5, 7)), (0, 0, 0, 6, (), (2, 9))]
        """
        f, covered, halved, spent, pool, values = cfg
        needs, budget = self.needs[f], self.budget
        return [(f, covered, halved, spent + j, (),
                 tuple(map(min, needs, map(add, values, added))))
                for j, added in self.spreads(f, pool[1::2]) if spent + j <= budget]

    def paired_with(self, table: dict, pool: tuple, work=None, lacks=None) -> dict:
        """The last colour's contributions ``table`` (contribution -> the bits of its rolls),
        each with ``pool``, the dice the colours before keep for pairs, put with its own and
        paired off (``paired``): contributions that keep no die for pairs, each with the rolls
        that have one. What the merged pool gives is its pairs' values (the lower die of each),
        which many contributions share: they are paired off together, their rolls' bits
        joined. Its steps are counted in ``work`` as they are made (else in ``tried``), so that
        ``stop()`` is asked along the way. With ``lacks`` (per wide box, the lacks the up-sets
        will be asked about: ``upsets.lacks_asked``), each wide value is made the largest of
        them it reaches: an up-set holds the same rolls, and more spreads are alike.

        >>> from odd_nb.games.one_deck import Box
        >>> from odd_nb.games.one_deck.odds import plan_for
        >>> colours = Colours(plan_for({"yellow": 1, "pink": 1}, [
        ...     Box("blue", 5, wide=True), Box("black", 9, wide=True)]))   # a budget of 6
        >>> table = {(0, 0, 0, 5, (5,), (0, 0)): 0b01, (0, 0, 0, 5, (6,), (0, 0)): 0b10}
        >>> out = colours.paired_with(table, (5,))   # 5 with 5, 6 with 5: a pair of 5 either way
        >>> [(x[SPENT], x[VALUES], bin(rolls)) for x, rolls in sorted(out.items())]
        [(5, (0, 0), '0b11'), (6, (0, 5), '0b11'), (6, (5, 0), '0b11')]
        """
        budget = self.budget
        spend = self._tried if work is None else work.spend
        out = defaultdict(int)
        if not table:
            return out
        by_own_pool, rests = self._by_own_pool(table)
        down = None if lacks is None else tuple(  # per box, a value -> the lack it counts as
            tuple(asked[bisect_right(asked, value) - 1] for value in range(need + 1))
            for asked, need in zip(lacks, self.needs[rests[0][0]]))
        # (budget spent, the pairs' values) -> per rest (by number), the rolls of the
        # contributions that make those pairs with ``pool``
        grouped = {}
        for n, (spent, mine, members) in enumerate(by_own_pool, 1):
            pairs = (spent, tuple(sorted(pool + mine, reverse=True)[1:2 * (budget - spent):2]))
            found = grouped.get(pairs)
            if found is None:
                found = grouped[pairs] = [0] * len(rests)
            for x, bits in members:
                found[x] |= bits
            if n % 256 == 0:
                spend(256)  # each own pool paired, a quarter of each contribution read
        spend(len(by_own_pool) % 256 + len(table) // 4)
        for (spent, pairs), found in grouped.items():
            for x, bits in enumerate(found):
                if bits:
                    f, covered, halved, values = rests[x]
                    ways = self.spread_onto(f, values, pairs, down, spend)
                    spend(1 + len(ways))  # each a contribution made and kept
                    for j, after in ways:
                        out[f, covered, halved, spent + j, (), after] |= bits
        return out

    def spread_onto(self, f: int, values: tuple, pairs: tuple, down=None, spend=None) -> list:
        """(pairs paid, the wide values after) of ``values`` with the ``pairs`` spread onto the
        wide boxes every way ``spreads`` gives, capped at the needs (and with ``down``, per box
        each value's largest lack asked it reaches, made that lack: ``paired_with``); none that
        another of no more pairs and no less on every box beats: joined with anything, it would
        do no better. Made once for each values, pairs and ``down``; ``spend`` counts the steps
        of making it."""
        key = (f, values, pairs, down)
        out = self._spread_onto.get(key)
        if out is None:
            needs = self.needs[f]
            made = [(j, tuple(map(min, needs, map(add, values, added))))
                    for j, added in self.spreads(f, pairs)]  # by pairs paid, ascending
            if down is not None:
                made = [(j, tuple([to[value] for to, value in zip(down, after)]))
                        for j, after in made]
            out = []
            for j, after in made:
                if not any(all(map(ge, kept, after)) for _, kept in out):
                    out.append((j, after))
            if spend is not None:
                spend(len(made) * (len(out) + 3) // 4)  # each made and compared
            self._spread_onto[key] = out
        return out

    def _by_own_pool(self, table: dict) -> tuple:
        """The contributions of ``table`` by their budget spent and own pool, as (spent, own
        pool, [(the number of the rest, rolls)]), and the rests (family, covered, halved,
        values) by number: what ``paired_with`` reads for every pool before (made once for
        each table)."""
        entry = self._own_pools.get(id(table))
        if entry is None or entry[0] is not table:
            groups, numbers = defaultdict(list), {}
            for (f, covered, halved, spent, mine, values), bits in table.items():
                x = numbers.setdefault((f, covered, halved, values), len(numbers))
                groups[spent, mine].append((x, bits))
            entry = self._own_pools[id(table)] = (
                table, [(spent, mine, members) for (spent, mine), members in groups.items()],
                list(numbers))
        return entry[1], entry[2]

    def _tried(self, steps: int) -> None:
        """Count ``steps`` in ``tried``, for the caller to count as work."""
        self.tried += steps

    def spreads(self, f: int, pairs: tuple) -> list:
        """(pairs, what they add to each wide box) for the j best of a pool's ``pairs`` (the
        lower die of each two neighbours from the top: what a pair is worth) for every j, each
        pair on any wide box of family ``f`` but an "any" one (a box already full gains
        nothing), capped at the boxes' needs; none that another of no more pairs and no less
        on every box beats (made once for each ``pairs``).

        >>> from odd_nb.games.one_deck import Box
        >>> from odd_nb.games.one_deck.odds import plan_for
        >>> colours = Colours(plan_for({"yellow": 1, "pink": 1}, [
        ...     Box("blue", 5, wide=True), Box("black", 9, wide=True)]))
        >>> colours.spreads(0, (4, 1))   # the pool 6, 4, 3, 1
        [(0, (0, 0)), (1, (4, 0)), (1, (0, 4)), (2, (5, 0)), (2, (4, 1)), (2, (1, 4)), (2, (0, 5))]
        """
        out = self._spreads.get((f, pairs))
        if out is not None:
            return out
        needs = self.needs[f]
        targets = [w for w, (_, acc, _, _) in enumerate(self.families[f][2]) if len(acc) < 4]
        level = [(0,) * len(needs)]
        out = [(0, level[0])]
        for j, value in enumerate(pairs[:self.budget], 1):
            grown = set()
            for added in level:
                for w in targets:
                    more = list(added)
                    more[w] = min(needs[w], added[w] + value)
                    grown.add(tuple(more))
            self.tried += len(level) * len(targets)
            # one no less on every box, of as many pairs, beats it whatever is added later
            level = [d for d in grown if not any(e != d and all(map(ge, e, d)) for e in grown)]
            out += [(j, d) for d in sorted(level, reverse=True)
                    if not any(all(map(ge, e, d)) for _, e in out)]
        self._spreads[f, pairs] = out
        return out

    # -- the key ---------------------------------------------------------------------------------
    def final_key(self, cfg: tuple):
        """The least key of a contribution of every colour: small boxes it does not cover are
        open; the pool's pairs (neighbours from the top, one budget each) are spread over the
        wide boxes in the best way; an armor box the family must cover and leaves open: INF."""
        if cfg is None:
            return INF
        out = self._final.get(cfg)
        if out is not None:
            return out
        f, covered, _, spent, pool, values = cfg
        start, small, wide = self.families[f]
        key = start
        for bit, _, _, cost, must in small:
            if not covered & bit:
                if must:
                    key = INF
                    break
                key += cost
        if key != INF:
            lacks = tuple(need - v for (need, *_), v in zip(wide, values))
            pairs = pool[1::2][:self.budget - spent]
            best = best_wide(wide, lacks, pairs)
            key = key + best
        self._final[cfg] = key
        return key


def beats(y: tuple, x: tuple) -> bool:
    """Whether contribution ``y`` is at least as good as ``x`` whatever the other dice add: the
    same family and halves, every box ``x`` covers, no more budget spent, no less on any wide
    box, a pool no worse die by die.

    >>> beats((0, 0b11, 0, 1, (), (5, 2)), (0, 0b01, 0, 1, (), (4, 2)))
    True
    """
    return (y[FAMILY] == x[FAMILY] and y[HALVED] == x[HALVED] and not x[COVERED] & ~y[COVERED]
            and y[SPENT] <= x[SPENT] and all(map(ge, y[VALUES], x[VALUES]))
            and len(y[POOL]) >= len(x[POOL]) and all(map(ge, y[POOL], x[POOL])))


def prune(configs, codes: Dominance, counter=None) -> frozenset:
    """The contributions none other beats (``beats``), each read as a whole number of
    ``codes`` in which ``beats`` is one subtraction; ``counter.tried`` counts the work, a step
    for every three subtractions or sets of boxes looked at. One that beats another covers
    every small box it covers, so each is compared only with those kept that cover at least
    its boxes; from ``LANES_FROM`` of one family and halves, with all those kept at once
    (``unbeaten_in_lanes``)."""
    groups = defaultdict(list)
    for x in configs:
        groups[x[FAMILY], x[HALVED]].append(x)
    kept, guards, compared = [], codes.guards, 0
    for group in groups.values():
        if len(group) == 1:
            kept += group
            continue
        # one that beats another has every field no less, so a number no less: it comes first
        group.sort(key=codes.__getitem__, reverse=True)
        if len(group) >= LANES_FROM:
            compared += unbeaten_in_lanes(group, codes, kept)
            continue
        by_covered = {}  # the numbers kept, guard bits set, by the small boxes they cover
        for x in group:
            code, covered = codes[x], x[COVERED]
            beaten = False
            compared += len(by_covered)
            for boxes, mine in by_covered.items():
                if boxes & covered == covered:
                    compared += len(mine)
                    for y in mine:
                        if (y - code) & guards == guards:
                            beaten = True
                            break
                    if beaten:
                        break
            if not beaten:
                mine = by_covered.get(covered)
                if mine is None:
                    mine = by_covered[covered] = []
                mine.append(code | guards)
                kept.append(x)
    if counter is not None:
        counter.tried += compared // 3
    return frozenset(kept)


LANES_FROM = 16  # contributions of one family and halves from which ``prune`` compares in lanes


def unbeaten_in_lanes(group: list, codes: Dominance, kept: list) -> int:
    """``prune`` of one family and halves, ``group`` sorted by number from the largest: each
    contribution is compared with all those kept before it at once, their numbers (guard bits
    set) side by side in one whole number, a lane each with a spare bit on top. Its number,
    subtracted from every lane, borrows across none (a number with its guard bits set exceeds
    one without); a lane that beats it keeps every guard bit, so its guard bits flipped are 0,
    and that lane alone keeps its spare bit when the flipped guard bits are subtracted from the
    spare bits. Appends the unbeaten to ``kept`` and returns the work in ``prune``'s
    subtractions (three to a step): two steps a contribution compared, and one for every 27
    lanes (measured on generated #3, #6 and #13: about 1 µs, and 0.015 µs a lane).

    >>> codes = Dominance(boxes=2, budget=1, most=5, wide=2)
    >>> y, x = (0, 0b11, 0, 0, (5,), (5, 2)), (0, 0b01, 0, 1, (4,), (4, 2))  # y beats x
    >>> z = (0, 0b10, 0, 1, (), (5, 5))   # more on the second wide box than y
    >>> kept = []
    >>> _ = unbeaten_in_lanes(sorted([x, y, z], key=codes.__getitem__, reverse=True), codes, kept)
    >>> sorted(kept) == sorted([y, z])
    True
    """
    guards, width = codes.guards, codes.width + 1
    spare = 1 << codes.width
    lanes = ones = lane_guards = spares = at = compared = 0
    for x in group:
        code = codes[x]
        if at:
            compared += 6 + at // width // 9
            if (spares - (((lanes - code * ones) & lane_guards) ^ lane_guards)) & spares:
                continue  # beaten
        lanes |= (code | guards) << at
        ones |= 1 << at
        lane_guards |= guards << at
        spares |= spare << at
        at += width
        kept.append(x)
    return compared


class Dominance(dict):
    """Contributions of one question as whole numbers (made once each, the first time asked)
    with guard bits between their fields (``guards``), such that of the same family and halves
    ``y`` beats ``x`` exactly when ``((Y | guards) - X) & guards == guards``. Each field (each
    small box covered, the budget left, each wide value, and for t = 1..6 the pool's dice
    showing t or more) sits below a guard bit, which a field of ``Y`` at least that of ``X``
    keeps. A pool no worse die by die, and no shorter, is one with no fewer dice showing each
    t or more.

    >>> codes = Dominance(boxes=2, budget=1, most=5, wide=2)
    >>> y, x = codes[0, 0b11, 0, 1, (5,), (5, 2)], codes[0, 0b01, 0, 1, (4,), (4, 2)]
    >>> ((y | codes.guards) - x) & codes.guards == codes.guards
    True
    >>> ((x | codes.guards) - y) & codes.guards == codes.guards
    False
    """

    def __init__(self, boxes: int, budget: int, most: int, wide: int):
        super().__init__()
        self.boxes, self.budget = boxes, budget
        self.widths = ([2] * boxes + [budget.bit_length() + 1]
                       + [most.bit_length() + 1] * wide + [(2 * budget).bit_length() + 1] * 6)
        self.guards, self.shifts, shift = 0, [], 0
        for width in self.widths:
            self.shifts.append(shift)
            self.guards |= 1 << (shift + width - 1)
            shift += width
        self.width = shift  # the bits of a number
        # the fields of the boxes covered, of the wide values and of the pool, each made once
        self.covered, self.values, self.pools = {}, {}, {}

    def __missing__(self, cfg):
        _, covered, _, spent, pool, values = cfg
        shifts = self.shifts
        part = self.covered.get(covered)
        if part is None:
            part = self.covered[covered] = sum((covered >> j & 1) << shifts[j]
                                               for j in range(self.boxes))
        code = part | (self.budget - spent) << shifts[self.boxes]
        part = self.values.get(values)
        if part is None:
            part = self.values[values] = sum(value << shifts[self.boxes + 1 + w]
                                             for w, value in enumerate(values))
        code |= part
        part = self.pools.get(pool)
        if part is None:  # for t = 1..6, the dice showing t or more
            part = self.pools[pool] = sum(sum(1 for face in pool if face >= t) << shifts[-7 + t]
                                          for t in FACES)
        code = self[cfg] = code | part
        return code


def vector_distribution(plan, *, limit: int | None = None, stop=None,
                        wide_pairs: bool = True):
    """The exact distribution of the covered boxes under the best placement, as
    ``walk.mask_distribution`` gives it: (dict covered mask -> ways, total ways, work done,
    distinct rolls). ``plan`` comes from ``plan_for`` and must be ``supports``-ed. Past
    ``limit`` units of work (``STEPS_PER_UNIT`` steps each), or once ``stop()`` is true,
    ``TooMuchWork``.

    States are sets of contributions, each with the ordered rolls of the colours so far that
    come to it. A colour's rolls are listed (``split.sides.colour_rolls``: dice already showing
    a face join them, faces discarded as rolled leave them), each with its contributions
    (``Colours.options``); each state's contributions are joined with each roll's, memoized
    per contribution. At the last colour each contribution of the states gets the rolls that
    first reach each key with it (``levels_of``, or ``upsets.UpSets`` when it is the cheaper:
    when no die is kept for pairs, or per pool before, ``paired_with``), and each state's least
    keys are the unions of its contributions' (``least_keys``). With ``wide_pairs`` false,
    the best placement that puts no 2-for-1 pair onto a wide box (``Colours``)."""
    colours = Colours(plan, wide_pairs)
    work = Work(None if limit is None else limit * STEPS_PER_UNIT, stop)
    states = {frozenset((f, 0, 0, 0, (), (0,) * len(family[2]))
                        for f, family in enumerate(colours.families)): 1}
    order = colours.order
    for k, c in enumerate(order):
        later = tuple(order[k + 1:])
        keep = [colours.halves_later(f, later) for f in range(len(colours.families))]
        rolls = colours.rolls(c)
        together = None  # the colours left, when none pools: one last colour (``together``)
        if later and not any(colours.pooled[x] for x in later + (c,)) and \
                pool_free(set().union(*states)):
            together = colours.together(order[k:], work, sum(map(len, states)))
        if together is None:
            options = colours.listing(c, work)
        nxt = defaultdict(int)
        last = k == len(order) - 1 or together is not None
        join = colours.join
        paired_off = not any(colours.pooled[x] for x in later)
        memo, joined = {}, {}

        def state_of(found) -> frozenset:
            """The state of the contributions ``found``: those none other beats."""
            key = frozenset(found)
            out = memo.get(key)
            if out is None:
                out = memo[key] = prune(found, colours.codes, colours)
                work.spend(colours.tried)
                colours.tried = 0
            return out

        def joins(a: tuple) -> list:
            """Per roll of this colour, what contribution ``a`` becomes with each of the roll's
            contributions: paired off once no pooled colour is left (``pair_off``), cut to
            what the later colours can change (``cut``), pruned."""
            out = joined.get(a)
            if out is None:
                f, out = a[FAMILY], []
                for mine in options:  # the work counted roll by roll: ``stop`` asked soon
                    found = {join(a, x, keep[f]) for x in mine if x[FAMILY] == f}
                    found.discard(None)
                    made = 0
                    if paired_off:
                        found = {y for cfg in found for y in colours.pair_off(cfg)}
                        made += len(found)  # each then cut
                    found = {colours.cut(cfg, later) for cfg in found}
                    found.discard(None)
                    kept = prune(found, colours.codes, colours)
                    made += len(found) + 1
                    out.append(kept)
                    work.spend(len(mine) + made + colours.tried)
                    colours.tried = 0
                joined[a] = out
            return out

        if last:  # per contribution, the rolls of each best key; per state, their union
            before = set().union(*states)
            seen, numbers, best = [], {}, {}  # each contribution's levels as their number
            if together is not None:
                found, roll_ways = together
            else:
                found = colours.table(c, work)  # per family: contribution -> its rolls
                roll_ways = [w for _, w in rolls]
            upsets = None
            if not colours.pooled[c] and pool_free(before):  # no die kept for pairs
                upsets = [UpSets(colours, f, table, lacks_asked(
                    colours.needs[f], [a[VALUES] for a in before if a[FAMILY] == f]))
                    for f, table in enumerate(found)]
                if sum(u.cost(len(before)) for u in upsets) > len(before) * sum(map(len, found)):
                    upsets = None  # joining every pair is the cheaper
            by_pool = None  # or the contributions before by their pool (``paired_with``)
            if upsets is None and together is None and (
                    colours.pooled[c] or not pool_free(before)):
                by_pool = defaultdict(list)
                for a in before:
                    by_pool[a[POOL]].append(a)
                heads = [len({x[COVERED:SPENT] for x in table}) for table in found]
                questions = sum(h << len(colours.needs[f]) for f, h in enumerate(heads))
                # the grids' of one pool, their places the lacks its contributions ask about
                places = sum(h * sum(prod(map(len, lacks_asked(colours.needs[f], [
                    a[VALUES] for a in group if a[FAMILY] == f]))) for group in by_pool.values())
                    // len(by_pool) * (colours.budget + 1) * (len(colours.needs[f]) + 1)
                    for f, h in enumerate(heads))
                if not pools_cheaper(len(by_pool), len(before), sum(map(len, found)),
                                     questions, places):
                    by_pool = None
            if upsets is not None:  # through up-sets (``upsets``)
                for a in before:
                    sets = upsets[a[FAMILY]]
                    best[a] = number(seen, numbers, tuple(first_reached(sets.reached(a))))
                    work.spend(sets.questions + sets.tried)
                    sets.questions = sets.tried = 0
            elif by_pool is not None:  # through up-sets, one pool before at a time
                for pool, group in by_pool.items():
                    upsets = []
                    for f, table in enumerate(found):
                        lacks = lacks_asked(colours.needs[f],
                                            [a[VALUES] for a in group if a[FAMILY] == f])
                        upsets.append(UpSets(colours, f, colours.paired_with(table, pool, work,
                                                                             lacks), lacks))
                    work.spend(2 * sum(map(len, found)) + colours.tried)
                    colours.tried = 0
                    for a in group:
                        sets = upsets[a[FAMILY]]
                        best[a] = number(seen, numbers, tuple(first_reached(
                            sets.reached(a[:POOL] + ((),) + a[VALUES:]))))
                        work.spend(sets.questions + sets.tried)
                        sets.questions = sets.tried = 0
            else:  # as whole numbers that add (``packed``), each with the rolls that have it
                families = []
                for f, table in enumerate(found):
                    packing = Packing(colours, f)
                    codes = defaultdict(int)
                    for x, rolls_x in table.items():
                        codes[packing.code(x)] |= rolls_x
                    families.append((packing, list(codes), list(codes.values())))
                for a in before:
                    packing, codes, bits = families[a[FAMILY]]
                    best[a] = number(seen, numbers, levels_of(
                        packing.keys(packing.code(a), codes), bits))
                    work.spend(2 * len(codes))  # a key per code, then its levels
            merged = defaultdict(int)  # states whose contributions have the same levels
            for state, ways in states.items():
                merged[frozenset(map(best.__getitem__, state))] += ways
            digits = ways_digits(roll_ways)
            for found, ways in merged.items():
                found = [seen[n] for n in found]
                for key, ways_now in least_keys(found, digits):
                    nxt[key] += ways * ways_now
                work.spend(sum(map(len, found)) // 8 + 1)
            states = nxt
            break
        else:
            for state, ways in states.items():
                per_roll = [joins(a) for a in state]
                for r, (_, roll_ways) in enumerate(rolls):
                    found = set().union(*(j[r] for j in per_roll))
                    nxt[state_of(found)] += ways * roll_ways
                    work.spend(len(found) // 4 + 1)
        states = nxt
    if not order:  # no die counts: one "roll"
        states = {min(map(colours.final_key, state)): ways for state, ways in states.items()}
    masks = defaultdict(int)
    for key, ways in states.items():
        masks[plan.mask_of_key(key)] += ways
    # the work in units rounded up: the limit it reports is one it answers within
    return (dict(masks), 6 ** sum(plan.rolled), -(-work.units // STEPS_PER_UNIT),
            plan.distinct_rolls())


def pools_cheaper(pools: int, before: int, last: int, questions: int, places: int) -> bool:
    """Whether the last colour is the cheaper joined through up-sets one pool before at a
    time than by addition (each of the ``before`` contributions with each of its ``last``).
    Per pool, the last colour's contributions are read (their own pools paired with it once
    each, and few of the spreads kept, ``paired_with``: about half a join's work each) and the
    grids' ``places`` (the lacks its contributions ask about, ``upsets.lacks_asked``) are
    passed over (a tenth of a join each: slices); then ``questions`` a contribution before
    (heads times sets of wide boxes), half a join each. Measured with no work limit, this way
    against by addition: generated #4 (210 pools) 0.57 s against 1.14 s; #5 (923 pools) 27 s
    against 90 s; #7 4.0 s against 14.3 s; #8 24 s against over 84 s.

    >>> pools_cheaper(84, 22_735, 1_723, 68, 18_360)   # Wick Wisp's row
    True
    >>> pools_cheaper(923, 9_543, 15_534, 48, 3_612)   # generated #5
    True
    >>> pools_cheaper(64, 40, 2_000, 8, 10_000)   # many pools, few contributions before
    False
    """
    return pools * (last // 2 + places // 10) + before * questions // 2 < before * last


def levels_of(keys, bits) -> tuple:
    """The rolls (bits of one int, roll ``r`` bit ``r``) whose least key is each key, by key
    ascending, given each contribution's key (``keys``) and rolls (``bits``). Every roll has a
    contribution in every family (all its dice free), so every roll is in one level.

    >>> levels_of([7, 3, 7], [0b001, 0b010, 0b110])
    ((3, 2), (7, 5))
    """
    by_key = defaultdict(int)
    for key, rolls in zip(keys, bits):
        by_key[key] |= rolls
    return tuple(first_reached(by_key))


def first_reached(by_key: dict) -> list:
    """(key, rolls) for each key of ``by_key`` (key -> rolls, as bits), ascending, with the
    rolls no lower key holds; keys left with none are left out.

    >>> first_reached({7: 0b101, 3: 0b011, 5: 0b010})
    [(3, 3), (7, 4)]
    """
    out, seen = [], 0
    for key in sorted(by_key):
        new = by_key[key] & ~seen
        if new:
            seen |= new
            out.append((key, new))
    return out


def ways_digits(ways) -> list:
    """The rolls (bits, as in ``levels_of``) of the given ways, as (ways, bits) pairs: the
    ways of a set of rolls is the sum over pairs of ways times the set's bits among them."""
    out = defaultdict(int)
    for r, w in enumerate(ways):
        out[w] |= 1 << r
    return list(out.items())


def least_keys(found, digits) -> list:
    """(key, ways) of the least key of each roll when a state holds contributions with the
    ``found`` levels (``levels_of``): a roll's least key is the first key, ascending, whose
    rolls of some contribution hold it.

    >>> least_keys([((3, 2), (7, 5)), ((5, 7),)], [(1, 7)])
    [(3, 1), (5, 2)]
    """
    union = defaultdict(int)
    for levels in found:
        for key, bits in levels:
            union[key] |= bits
    return [(key, sum(w * (new & bits).bit_count() for w, bits in digits))
            for key, new in first_reached(union)]
