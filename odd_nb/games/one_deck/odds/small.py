"""Exact encounter odds when every open box is small (rules §4, A7, A11, A24).

``small_distribution`` gives the same answer as ``walk.mask_distribution`` -- for each set of
covered boxes under the best placement, the number of ordered rolls that lead to it -- for
encounters with no open wide box, with a sixth to a third of its work (2.5-15x faster). It is
the same walk over faces (walk.py's docstring: faces from 6 down, dice drawn per colour, each
state the set of partial placements worth keeping, states that meet merged) with fewer partial
placements kept: where the walk tries every way to cover a small box (a free die it takes, a
free black die, a 2-for-1 pair) and leaving it open, most of those are never better than
another (rules 1-4 below), and what a placement can still reach is bounded more tightly, so
fewer placements are kept and more states settle early (rule 5).

>>> from odd_nb.games.one_deck import Box
>>> plan = plan_for({"yellow": 1}, [Box("yellow", 4, damage=1)], black_supply=0)
>>> masks, total, work, distinct = small_distribution(plan)
>>> masks[1], total   # covered by a 4, 5 or 6
(3, 6)

Why nothing is lost. Boxes are decided from the highest target down, so a die free when a box
is decided reaches every box decided after it (its "later" boxes). Each of rules 1-4 turns any
placement that breaks it into one that keeps it, covering the same boxes at no more black
budget (A7: non-black pairs plus black dice placed, as in the walk), or a set with a lower key
(A24); so the best placement keeps them all (rules 1-2 leave the key as is and use the box's
own die or a black die earlier; rules 3-4 lower it: no loop).

1. Own die first (§4). A box a free die fits (one of its colour; for an "any" box a spare die,
   else one of each free colour) is not covered by a black die or a pair. A placement doing so
   while die d fits: put d on the box, and the black die or pair does whatever d did later (on
   a box, as half of a pair -- whose partner is then freed -- or nothing). It reaches this
   box's target, so every later one, and black dice and pairs go on any box. Budget: no more.
2. Black die before a pair (§4, A7). With no die that fits but a free black die k, a pair is
   not tried. A placement with a pair there while k is free: k goes on the box, the pair does
   what k did later (on an "any" box one die of the pair, saving a budget).
3. Cover rather than leave open (A24). When every later box of the family (armor modes, A11)
   costs less than this one (its share of the key: damage and time, then one box, then its
   place in the solver's order) and a free die or black die can cover it, leaving it open is
   not tried. A placement leaving it open and using that die later on box z (or as half of a
   pair on z): the die goes on this box, z is left open -- the key drops. (The die unused: the
   key drops too; if a black die then overspends the budget, one later box gives its own up.)
   Without 2-for-1 a die only ever goes on boxes taking its colour: only those are compared.
   A pair may take dice from two later boxes and budget from a third: compared with the three
   dearest. Not in the family covering every armor box when an armor box comes later.
4. Swaps (A24). A box that can be covered is not left open while an earlier box that costs
   less and whose dice it would take (they reach its target: decided earlier; it takes their
   colours) is covered; nor covered while an earlier twin (same colour, target, armor, damage
   and time: dearer by the tie-break) is open. Swap the two boxes' dice: the key drops.
5. Bounds (the walk's ``_finish`` drops placements whose least final key cannot beat the best
   sure one, and settles a state when none can). Every free die reaches every box still to
   decide, so with the free dice alone only colours count (``_fits``: own dice, then spare dice
   on "any" boxes, then black dice and pairs within the budget -- rules 1-2 on counts): the
   boxes they surely cover, dearest first, give a lower highest key; and boxes above every face
   still to be drawn can only take free dice, so the least cost of those left open (every
   subset tried) raises the lowest key.

Everything else (caps, dominated placements, settling, counting the ways) is the walk's walk.

Tried and dropped: splitting by colour (each colour's roll gives its options -- the boxes of its
colour its own dice cover, and its dice left over, by target class -- joined over the colours,
black dice last). Exact, but the left-over dice of the joined colours keep states apart: on
Quarry Brute (benchmarks/odds.py) 2,900 states after three colours for 141 different outcomes,
slower than the walk.
"""

from __future__ import annotations

from . import walk
from .problem import INF, K, plan_for, seconds_by_rolls
from .walk import BLACK, BUDGET, FREE, KEY, MODE, SPARE, Walk

# how a box is covered: its own (or a spare) die, a black die, a 2-for-1 pair
_OWN, _BLACK, _PAIR = 0, 1, 2


def supports(plan) -> bool:
    """Whether ``small_distribution`` answers this odds question: no open wide box (a wide box
    already covered by its dice is fine, as are fixed dice and faces discarded as rolled).

    >>> from odd_nb.games.one_deck import Box
    >>> supports(plan_for({"pink": 3}, [Box("pink", 4), Box("pink", 8, wide=True)]))
    False
    """
    return not plan.wide


# -- the method's interface (docs/odds.md, "Methods"): encounter_odds asks each in turn ------------
NAME = "small"
#: seconds a distinct roll, at best: with a time budget, a question that would need longer is
#: given to sampling at once (benchmarks/README.md, odds_in_play.py)
SECONDS_PER_ROLL = 0.5e-6

least_seconds = seconds_by_rolls(SECONDS_PER_ROLL)  # with a time budget (``encounter_odds``)


def answers(plan) -> bool:
    """Small boxes only (``supports``)."""
    return supports(plan)


def distribution(plan, *, limit: int | None = None, stop=None):
    """(dict covered mask -> ways, total ways, work done, distinct rolls); past ``limit`` units
    of work, or once ``stop()`` is true, ``TooMuchWork``."""
    return small_distribution(plan, limit=limit, stop=stop)


def small_distribution(plan, *, limit: int | None = None, stop=None):
    """Like ``walk.mask_distribution`` with this ``plan`` (from ``plan_for``): (dict
    covered mask -> ways, total ways, work done, distinct rolls). Past ``limit`` units of work,
    or once ``stop()`` (asked every few ms) is true, it raises ``TooMuchWork``."""
    if not supports(plan):
        raise ValueError("small_distribution needs every open box small (see supports)")
    small = _SmallPlan(plan)
    if small.single_colour is not None and any(step[4] for step in plan.steps):
        small.single_colour = None  # the greedy path would need the fixed dice themselves
    return walk.mask_distribution(None, plan.boxes, limit=limit, plan=small, stop=stop)


class _SmallPlan(Walk):
    """the walk's plan (its static part shared, its memos fresh) with rules 1-4 when a small box
    is decided and rule 5's bounds."""

    def __init__(self, plan):  # no super().__init__: the static part is copied, not rebuilt
        self.__dict__.update(plan.__dict__)
        self.work = 0
        self._memo, self._one_memo, self._packed, self._bound = {}, {}, {}, {}
        boxes, costs = self.boxes, self.costs
        # per family (by id) and box: rule 3's flags (open not tried when covered by an own or
        # spare die, a black die, a pair) and rule 4's tie bits (twin, cheaper earlier boxes)
        self._rules = {}
        for mode in self.modes:
            order = sorted(mode.small, key=lambda b: -b[1])  # the walk's: targets down, stable
            flags = {}
            for k, (i, t, acc) in enumerate(order):
                later = order[k + 1:]
                armor_later = mode.armor_must and not boxes[i].armor and any(
                    boxes[z].armor for z, _, _ in later)
                reach = [z for z, _, zacc in later
                         if self.conv_ok or any(c in zacc for c in acc if c != K)]
                dear = sorted((costs[z] for z, _, _ in later), reverse=True)
                own = not armor_later and all(costs[z] < costs[i] for z in reach)
                black = not armor_later and all(costs[z] < costs[i] for z, _, _ in later)
                pair = not armor_later and sum(dear[:3]) < costs[i]
                twin = next((costs[j] & _tie_mask(self) for j, tj, jacc in order[:k]
                             if tj == t and jacc == acc and _same(boxes[i], boxes[j])), 0)
                # rule 4: earlier boxes that cost less and whose dice this one takes
                harder = sum(costs[j] & _tie_mask(self) for j, _, jacc in order[:k]
                             if set(jacc) <= set(acc) and costs[j] < costs[i] and not (
                                 mode.armor_must and boxes[j].armor and not boxes[i].armor))
                flags[i] = (own, black, pair, twin, harder)
            self._rules[id(mode)] = flags
        # per family and step: the boxes still to decide, must-cover armor first, then dearest;
        # and of those the ones no die still to come reaches (a face above every later draw)
        self._rest, self._closed, self._sure_memo = {}, {}, {}
        for step, (kind, v, *_) in enumerate(self.steps):
            top = max((w + size - 1 for k, w, _, size, *_ in self.steps[step + 1:]
                       if k != "small"), default=0)
            for m, mode in enumerate(self.modes):
                rest = sorted(((mode.armor_must and boxes[i].armor, costs[i], _kind(acc), t)
                               for i, t, acc in mode.small
                               if t < v or (kind != "small" and t == v)), reverse=True)
                self._rest[m, step] = rest
                self._closed[m, step] = [r[:3] for r in rest if r[3] > top]

    def _one(self, cfg, s: int, arriving: int) -> tuple:
        """the walk's, with the dice drawn added at once: with small boxes alone a die drawn
        just becomes free (capped once, as it would be die by die)."""
        kind, _, c, *_ = self.steps[s]
        if kind != "draw":
            return super()._one(cfg, s, arriving)
        memo_key = (cfg, s, arriving)
        out = self._one_memo.get(memo_key)
        if out is None:
            lst = list(cfg)
            lst[BLACK if c == K else FREE + c] += arriving
            out = self._one_memo[memo_key] = (self._cap(tuple(lst), s),)
            self.work += 1
        return out

    def _cover(self, cfg, box, out: set, must: bool, cost: int, mode, uses: int) -> None:
        """A small box the faces have reached: covered in the ways rules 1-2 leave, and left
        open unless it is an armor box that must be covered or rules 3-4 say cover it."""
        i, _, acc = box
        own_first, black_first, pair_first, twin, harder = self._rules[id(mode)][i]
        if twin and cfg[KEY] & twin:  # rule 4: its earlier twin is open
            if not must:
                out.add(_plus_key(cfg, cost))
            return
        covers, how = [], _OWN
        if len(acc) == 4 and cfg[SPARE] >= 1:  # "any": a spare die is the cheapest
            covers.append(_less(cfg, SPARE))
        else:
            covers = [_less(cfg, FREE + p) for p in acc if p != K and cfg[FREE + p] >= 1]
        budget = cfg[BUDGET]
        if not covers and cfg[BLACK] >= 1 and budget >= 1:
            covers, how = [_less(cfg, BLACK, BUDGET)], _BLACK
        if not covers and self.conv_ok and budget >= 1 and len(acc) < 4:
            covers, how = _pairs(cfg, acc), _PAIR
        # rule 3, or rule 4: an earlier box that costs less and holds dice this one takes
        forced = covers and ((own_first, black_first, pair_first)[how] or harder & ~cfg[KEY])
        if not must and not forced:
            out.add(_plus_key(cfg, cost))
        out.update(covers)

    def _bounds_of(self, cfg, s):
        """the walk's (lowest, highest) final key, both tightened by what the free dice already
        drawn can cover (rule 5)."""
        low, high = super()._bounds_of(cfg, s)
        if s is None or low == high:
            return low, high
        closed = self._closed[cfg[MODE], s]
        if closed:
            low += _least(cfg, closed, self.conv_ok)
        return low, min(high, cfg[KEY] + self._sure(cfg, s))

    def _sure(self, cfg, s) -> int:
        """What leaving open the boxes still to decide costs at most, with no more dice than
        the free ones (INF if an armor box that must be covered may stay open). Every free die
        reaches every box still to decide, so only colours count: boxes are taken dearest first
        while the dice still cover all those taken (``_fits``)."""
        memo_key = (cfg[MODE], cfg[BUDGET:], s)
        out = self._sure_memo.get(memo_key)
        if out is None:
            out = self._sure_memo[memo_key] = self._sure_of(cfg, s)
        return out

    def _sure_of(self, cfg, s) -> int:
        taken = [0, 0, 0, 0, 0]  # boxes taken per kind: yellow, pink, blue, black, any
        left = 0
        for must, cost, kind, _ in self._rest[cfg[MODE], s]:
            taken[kind] += 1
            if not _fits(cfg, taken, self.conv_ok):
                taken[kind] -= 1
                if must:
                    return INF
                left += cost
        return left


def _least(cfg, boxes, conv_ok: bool) -> int:
    """The least cost of leaving some of ``boxes`` open, covering the others with the free
    dice (INF if an armor box that must be covered cannot be): every subset is tried."""
    best = INF
    for chosen in range(1 << len(boxes)):
        taken, left = [0, 0, 0, 0, 0], 0
        for j, (must, cost, kind) in enumerate(boxes):
            if chosen >> j & 1:
                taken[kind] += 1
            elif must:
                break
            else:
                left += cost
        else:
            if left < best and _fits(cfg, taken, conv_ok):
                best = left
    return best


def _kind(acc) -> int:
    """0-2 a box of a die colour (it takes that colour and black), 3 black, 4 "any"."""
    return 4 if len(acc) == 4 else acc[0] if len(acc) == 2 else K


def _fits(cfg, taken, conv_ok: bool) -> bool:
    """Whether the free dice cover boxes of each kind as counted, all targets reached: own
    dice first, free dice left over on "any" boxes, then black dice and pairs (one budget each)
    for the rest (rules 1-2)."""
    pool, units = cfg[SPARE], taken[K]
    for c in range(3):
        own = min(cfg[FREE + c], taken[c])
        units += taken[c] - own
        pool += cfg[FREE + c] - own
    singles = min(taken[4], pool)
    units += taken[4] - singles
    pool -= singles
    return units <= cfg[BUDGET] and units <= cfg[BLACK] + (pool // 2 if conv_ok else 0)


def _pairs(cfg, acc) -> list:
    """2-for-1 pairs of free dice the box does not take, spare dice first (as the walk)."""
    spare = cfg[SPARE]
    if spare >= 2:
        return [_less(cfg, SPARE, SPARE, BUDGET)]
    others = [FREE + p for p in range(3) if p not in acc and cfg[FREE + p]]
    if spare == 1:
        return [_less(cfg, SPARE, p, BUDGET) for p in others]
    return [_less(cfg, p, q, BUDGET) for x, p in enumerate(others) for q in others[x:]
            if cfg[q] >= 1 + (p == q)]


def _less(cfg, *fields) -> tuple:
    """The configuration with one less of each field named (a field named twice: two less)."""
    lst = list(cfg)
    for f in fields:
        lst[f] -= 1
    return tuple(lst)


def _plus_key(cfg, cost: int) -> tuple:
    lst = list(cfg)
    lst[KEY] += cost
    return tuple(lst)


def _tie_mask(plan) -> int:
    """The key's tie-break bits (one per open box in the solver's order)."""
    return (1 << len(plan.order)) - 1


def _same(a, b) -> bool:
    """Boxes the key and the placement rules cannot tell apart but by position."""
    return (a.colour, a.armor, a.damage, a.time) == (b.colour, b.armor, b.damage, b.time)
