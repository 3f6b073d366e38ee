"""The walk: exact encounter odds by dynamic programming over face values (rules §4, A7, A11, A24).

``mask_distribution`` gives, for a pool rolled against boxes, the exact probability of each set
of covered boxes under the best placement, without listing rolls one by one.

The idea (icepool's, carried over to a placement problem): a roll of n dice of one colour is a
count of dice per face, and those counts can be drawn one face at a time, from 6 down to 1: of
the n dice still unrolled, ``a`` show the face (``comb(n, a)`` ways), the others show less. So
the chance part is a walk over faces with a few branches a step, and states that meet again are
merged. What is not a plain evaluator is that the player sees the whole roll before placing. So
the state carries not one partial placement but every partial placement worth keeping (the
"configurations"), and the best one is picked at the end.

A configuration, after the faces seen so far:
- the boxes covered already (small boxes whose target has been passed are decided; a wide box
  is covered once its sum is reached);
- what each wide box still needs;
- pending dice: how many dice of each colour are still free. Faces go from high to low, so a
  free die shows at least the current face, which is at least every later small box's target:
  for small boxes free dice of one colour are interchangeable, and only their number matters;
- the black budget (below).

Each die, as its face is drawn, goes onto a wide box that takes its colour (wide boxes need
exact faces), or as the lower die of a 2-for-1 pair with a free die onto a wide box that takes
neither die, as a black die showing this face (the free die shows at least as much), or stays
free. When the faces reach a small box's target, the box is covered by a free die it takes, by a
free black die, or by a converted pair of free dice it does not take (both show at least the
target), or left open. Every legal final placement can be turned into one path of these choices
that is at least as good (a conversion can be made at the moment its die is used; a die of a
colour the box takes would do better on the box itself than in a pair), so nothing is lost.

The black budget (A7 and §4 voluntary discard): a 2-for-1 of two non-black dice takes a black die
from the supply; black pool dice can be given back first (discarded, or two of them converted,
which returns one to the supply net), and a pair holding a black die is never better than the
black die alone. So a placement is legal exactly when conversions of non-black pairs plus black
dice placed on boxes are at most the supply's black dice plus the pool's black dice: one budget,
spent by each conversion and each black die placed.

Configurations are pruned when another one is at least as good: same family (armor below), a
key no higher once the wide boxes it needs more on are counted as lost, no less budget, no fewer
free black dice or free dice of each colour (a surplus free die counts as a spare one); once no
small box is left, a free die is worth at most one later face to the last wide box. They are
capped where more cannot help (free dice beyond what later boxes and conversions could use
become colourless spares, then nothing), and dropped when even covering every box still open
could not beat what another one already has. When one configuration is sure to be the best
whatever the remaining dice show, the state is settled and the remaining dice are counted without
being drawn. A colour whose faces no wide box can use (directly or through a conversion) is drawn
in classes of faces between the small boxes' targets. One colour of dice against small boxes
that all take it needs no sets at all (``_greedy``, a nested matroid).

What the walk costs depends on the boxes more than on the dice: small boxes merge well (even
12 dice stay cheap), each wide box multiplies the configurations kept, and several wide boxes
make it slow (benchmarks/README.md). The dice still to come cut it down (``within_reach``): a
wide box they cannot fill counts as open, budget and dice no later use needs are dropped.
With exactly one wide box taking several dice directly ``encounter_odds`` asks
``split/`` instead (the same answer, many times faster there); it gives either a budget
and, past it, solves each distinct roll instead when there are few enough.

The best placement: least weighted damage and time, then most boxes covered, then boxes covered
in the solver's order (armor, then wide, then small, each by position) -- one key per set of
covered boxes, additive over open boxes (``box_costs``), the same key ``Solver`` minimises, so
the odds name the very boxes ``Solver.solve`` covers. Armor first (A11): a set of boxes that
leaves an armor box open counts only its armor boxes (while an armor box is open no other box may
hold dice).
"""

from __future__ import annotations

from collections import defaultdict
from math import comb

from ..dice import COLOURS
from .problem import INF, K, Plan, TooMuchWork, plan_for, seconds_by_rolls

# a configuration: (mode, key, budget, free yellow, free pink, free blue, free black, spare,
# -need of each wide box of the mode)
MODE, KEY, BUDGET, FREE, BLACK, SPARE, NEEDS = 0, 1, 2, 3, 6, 7, 8


class Walk(Plan):
    """A ``Plan`` with the walk's transitions and their memos."""

    @classmethod
    def of(cls, plan: Plan) -> "Walk":
        """The walk of ``plan``: its static part shared, its memos fresh."""
        walk = cls.__new__(cls)
        walk.__dict__.update(plan.__dict__)
        walk.work = 0  # configurations built, a measure of the time taken
        walk._memo, walk._one_memo, walk._packed, walk._bound = {}, {}, {}, {}
        walk._reach_memo = {}
        walk._reachers = walk._reaching_colours()
        return walk

    # -- transitions -------------------------------------------------------------------------------
    def step(self, configs, s: int, arriving: int):
        """Configurations after step ``s`` with ``arriving`` dice (a frozenset), or the final key
        (an int) once one configuration is sure to be best whatever the remaining dice show."""
        memo_key = (configs, s, arriving)
        out = self._memo.get(memo_key)
        if out is not None:
            return out
        if self.steps[s][0] == "gone":
            return configs  # these dice were discarded as rolled
        if len(configs) == 1:
            (cfg,) = configs
            cur = self._one(cfg, s, arriving)
        else:
            cur = set()
            for cfg in configs:
                cur.update(self._one(cfg, s, arriving))
            cur = self._prune(cur, s, cap=False)
        out = self._finish(cur, s)
        self.work += len(configs) + len(cur)
        self._memo[memo_key] = out
        return out

    def _one(self, cfg, s: int, arriving: int) -> tuple:
        """One configuration through step ``s``: its successors, capped and pruned."""
        memo_key = (cfg, s, arriving)
        out = self._one_memo.get(memo_key)
        if out is not None:
            return out
        kind, v, c, *_ = self.steps[s]
        cur = (cfg,)
        if kind == "draw":
            for _ in range(arriving):
                nxt = set()
                for one in cur:
                    self._arrive(one, c, v, nxt)
                cur = self._prune(nxt, s)
        else:  # the boxes of this target one by one, capped once all are decided
            mode = self.modes[cfg[MODE]]
            here = [b for b in mode.small if b[1] == v]
            later = mode.after[s][0]
            for k, box in enumerate(here):
                nxt = set()
                must = mode.armor_must and self.boxes[box[0]].armor
                cost = self.costs[box[0]]
                uses = later + len(here) - k  # small boxes from this one on
                for one in cur:
                    self._cover(one, box, nxt, must, cost, mode, uses)
                cur = self._prune(nxt)
            cur = self._prune(cur, s)
        out = tuple(cur)
        self.work += len(out) * (arriving or 1)
        self._one_memo[memo_key] = out
        return out

    def _arrive(self, cfg, c: int, v: int, out: set) -> None:
        """One die of colour ``c`` showing ``v``: free, onto a wide box that takes it, or as the
        lower die of a 2-for-1 pair with a free die onto a wide box that takes neither."""
        lst = list(cfg)
        lst[BLACK if c == K else FREE + c] += 1  # _cap turns surplus free dice into spare ones
        out.add(tuple(lst))
        budget = cfg[BUDGET]
        mode = self.modes[cfg[MODE]]
        for j, acc in enumerate(mode.wide_acc):
            need = -cfg[NEEDS + j]
            if need <= 0:
                continue
            left = -max(need - v, 0)
            if c in acc:
                if c != K or budget >= 1:
                    lst = list(cfg)
                    lst[NEEDS + j] = left
                    if c == K:
                        lst[BUDGET] -= 1
                    out.add(tuple(lst))
            elif mode.wide_conv[j] and budget >= 1:
                # the partner: a spare die if any (the least useful), else a free die of a
                # colour the box does not take (one it takes would do better on the box itself),
                # else a free black die (a legal pair; costs the budget as placing it would)
                if cfg[SPARE] >= 1:
                    partners = (SPARE,)
                else:
                    partners = [FREE + p for p in range(3) if p not in acc and cfg[FREE + p]]
                    if cfg[BLACK] >= 1 and budget >= 1:
                        partners.append(BLACK)
                for p in partners:
                    lst = list(cfg)
                    lst[p] -= 1
                    lst[BUDGET] -= 1
                    lst[NEEDS + j] = left
                    out.add(tuple(lst))

    def _cover(self, cfg, box, out: set, must: bool, cost: int, mode, uses: int) -> None:
        """A small box whose target the faces have reached: left open (not an armor box that
        must be covered), or covered by a free die it takes, a spare die (an "any" box), a free
        black die, or a 2-for-1 pair of free dice it does not take (spare ones first)."""
        _, _, acc = box
        if not must:
            lst = list(cfg)
            lst[KEY] += cost
            out.add(tuple(lst))
        budget = cfg[BUDGET]
        if len(acc) == 4 and cfg[SPARE] >= 1:  # "any": a spare die is the cheapest
            lst = list(cfg)
            lst[SPARE] -= 1
            out.add(tuple(lst))
            return
        own = False
        for p in acc:
            if p != K and cfg[FREE + p] >= 1:
                own = True
                lst = list(cfg)
                lst[FREE + p] -= 1
                out.add(tuple(lst))
        if cfg[BLACK] >= 1 and budget >= 1:
            # with budget to spare for every later use, a free black die is worth at least a
            # free die of the box's colour, so when one of those is there the black die waits
            spare_budget = budget >= uses + self._wide_budget_uses(cfg, mode)
            if not (own and spare_budget):
                lst = list(cfg)
                lst[BLACK] -= 1
                lst[BUDGET] -= 1
                out.add(tuple(lst))
        if not self.conv_ok or budget < 1 or len(acc) == 4:
            return
        spare = cfg[SPARE]
        if spare >= 2:
            lst = list(cfg)
            lst[SPARE] -= 2
            lst[BUDGET] -= 1
            out.add(tuple(lst))
            return
        others = [FREE + p for p in range(3) if p not in acc and cfg[FREE + p]]
        if spare == 1:
            for p in others:
                lst = list(cfg)
                lst[SPARE] = 0
                lst[p] -= 1
                lst[BUDGET] -= 1
                out.add(tuple(lst))
            return
        for x, p in enumerate(others):
            for q in others[x:]:
                if cfg[q] >= 1 + (p == q):
                    lst = list(cfg)
                    lst[p] -= 1
                    lst[q] -= 1
                    lst[BUDGET] -= 1
                    out.add(tuple(lst))

    @staticmethod
    def _wide_budget_uses(cfg, mode) -> int:
        """The most budget the wide boxes could still spend (black dice or pairs on them)."""
        return sum(min(-n, u) for n, u in zip(cfg[NEEDS:], mode.wide_uses))

    def _cap(self, cfg, s: int):
        """Free dice beyond what the small boxes still to come could take become spare (their
        colour no longer matters); spare dice, black dice and budget beyond what could still be
        used are worth nothing."""
        mode = self.modes[cfg[MODE]]
        rest, per_colour, anys, _ = mode.after[s]
        wide_uses = 0
        partner_uses = 0
        for n, u, conv in zip(cfg[NEEDS:], mode.wide_uses, mode.wide_conv):
            if n < 0:
                wide_uses += min(-n, u)
                if conv:
                    partner_uses += -n
        budget = min(cfg[BUDGET], rest + wide_uses)
        y, p, b = cfg[FREE], cfg[FREE + 1], cfg[FREE + 2]
        oy, op, ob = min(y, per_colour[0]), min(p, per_colour[1]), min(b, per_colour[2])
        if self.conv_ok:
            spare = min(cfg[SPARE] + y + p + b - oy - op - ob, 2 * budget + anys)
        else:
            spare = 0
        return (cfg[MODE], cfg[KEY], budget, oy, op, ob,
                min(cfg[BLACK], budget, rest + partner_uses), spare) + cfg[NEEDS:]

    def _prune(self, configs, s: int | None = None, cap: bool = True):
        """Without configurations another one dominates (capped after step ``s``): same mode,
        no higher key, at least as much budget and free black dice, no more need on any wide
        box, and free dice that cover the other's (a surplus free die can stand for a spare
        one).

        Once no small box is left and one wide box is, a free die can only be the partner of a
        later die in a 2-for-1 onto the wide box, worth at most that die's face: so fewer free
        dice are made up for by less need, ``hi`` (the highest face still to come) a die."""
        capped = {self._cap(cfg, s) for cfg in configs} if cap and s is not None else configs
        if len(capped) <= 1:
            return capped
        tail = s is not None and self.tails[s]
        kept = []  # (mode, key, packed resources, packed needs, config)
        packed = self._packed
        items = []
        for b in capped:
            pb = packed.get(b)
            if pb is None:
                pb = packed[b] = self._pack(b)
            items.append((pb[0], b, pb))
        items.sort()  # lowest key first: a configuration comes after those that dominate it
        for _, b, (_, _, pr, pn) in items:
            m, key = b[MODE], b[KEY]
            for am, akey, apr, apn, a in kept:
                if am != m:
                    continue
                if tail and len(b) == NEEDS + 1 and a[BUDGET] >= b[BUDGET]:
                    short = (b[BLACK] + b[SPARE] + b[FREE] + b[FREE + 1] + b[FREE + 2]) - (
                        a[BLACK] + a[SPARE] + a[FREE] + a[FREE + 1] + a[FREE + 2])
                    if a[NEEDS] - max(short, 0) * tail >= b[NEEDS]:
                        break
                if (apr | _GUARDS) - pr & _GUARDS != _GUARDS:
                    continue
                if pn is not None and apn is not None and (apn | _GUARDS) - pn & _GUARDS == \
                        _GUARDS:  # no more need on any wide box either
                    if akey <= key:
                        break
                    continue
                # a has at least as much of every resource; where it needs more on a wide box
                # it may lose that box: dominated if b's key covers that loss
                mode = self.modes[m]
                extra = 0
                for j in range(NEEDS, len(b)):
                    if a[j] < b[j]:
                        if mode.wide_must[j - NEEDS]:
                            extra = INF
                            break
                        extra += mode.wide_costs[j - NEEDS]
                if akey + extra <= key:
                    break
            else:
                kept.append((m, key, pr, pn, b))
        return [entry[-1] for entry in kept]

    @staticmethod
    def _pack(cfg) -> tuple:
        """What dominance compares, with the order it sorts by: (order, key, resources, needs).
        Resources are 8 bits each (budget, free black dice, free yellow, pink, blue dice, free
        and spare dice together), needs 8 bits a wide box (``NEED_ROOM`` less the need; None
        past that), so that "at least as much of each" is one subtraction of packed ints."""
        free = cfg[FREE] + cfg[FREE + 1] + cfg[FREE + 2]
        order = (cfg[KEY], -(free + cfg[BLACK] + cfg[SPARE] + cfg[BUDGET]), -free,
                 -sum(cfg[NEEDS:]))
        resources = cfg[BUDGET] | cfg[BLACK] << 8 | cfg[FREE] << 16 | cfg[FREE + 1] << 24 | \
            cfg[FREE + 2] << 32 | (cfg[SPARE] + free) << 40
        needs = 0
        for j, minus_need in enumerate(cfg[NEEDS:]):
            if minus_need < -NEED_ROOM:
                needs = None
                break
            needs |= (NEED_ROOM + minus_need) << (8 * j)
        return order, cfg[KEY], resources, needs

    def _bounds(self, cfg, s: int | None):
        """(lowest, highest) final key the configuration can still end with (INF: it must
        still cover an armor box, so it promises nothing)."""
        out = self._bound.get((cfg, s))
        if out is None:
            out = self._bound[(cfg, s)] = self._bounds_of(cfg, s)
        return out

    def _bounds_of(self, cfg, s: int | None):
        mode = self.modes[cfg[MODE]]
        key = cfg[KEY]
        high = key if s is None else key + mode.after[s][3]
        for j, need in enumerate(cfg[NEEDS:]):
            if need < 0:
                if mode.wide_must[j]:
                    return (INF, INF) if s is None else (key, INF)
                high += mode.wide_costs[j]
        return (high if s is None else key), high

    def _finish(self, configs, s: int):
        """Drop what cannot beat the best sure result; settle when nothing can."""
        best, bounds = INF, []
        for cfg in configs:
            low, high = self._bounds(cfg, s)
            bounds.append((low, high, cfg))
            if high < best:
                best = high
        lowest = min(low for low, _, _ in bounds)
        if lowest >= best:
            return best  # settled: no configuration can do better than the best sure one
        kept, provider = [], False
        for low, high, cfg in bounds:
            if low < best:
                kept.append(cfg)
            elif high == best and not provider:
                kept.append(cfg)
                provider = True
        return frozenset(kept)

    def _reaching_colours(self) -> list:
        """Per mode, per wide box: the colours whose dice still to come go on it for free (a
        colour it takes, not black), and those that spend the budget to (black dice, and the
        lower die of a 2-for-1 pair when the box takes pairs)."""
        return [[(tuple(c for c in acc if c != K),
                  tuple(c for c in range(4) if c == K or (conv and c not in acc)))
                 for acc, conv in zip(mode.wide_acc, mode.wide_conv)] for mode in self.modes]

    def within_reach(self, configs, s: int, most: tuple):
        """``configs`` after step ``s`` cut to what the dice still to come could change
        (``most``, from ``mask_distribution``: the most they show by colour, how many in all and
        by colour, the highest face by colour). A wide box whose need is beyond what they could
        add is *out of reach*: counted open in the key, its need dropped as if covered. Budget,
        free black and spare dice beyond any later use are dropped. The configurations so cut
        merge and are pruned like any other: a set of configurations, or the final key if
        settled (docs/odds.md, "walk with several wide boxes").

        >>> from odd_nb.games.one_deck import Box
        >>> walk = Walk.of(plan_for({"yellow": 2}, [Box("yellow", 9, wide=True, damage=1)],
        ...                         black_supply=0))
        >>> sorted(walk.start)    # (mode, key, budget, free dice..., minus the need)
        [(0, 0, 0, 0, 0, 0, 0, 0, -9)]
        >>> cfg = (0, 0, 0, 0, 0, 0, 0, 0, -5)   # a 4 on the box, one die of 1-3 to come
        >>> settled = walk.within_reach(frozenset([cfg]), 5, ((3, 0, 0, 0), 1, (1, 0, 0, 0),
        ...                                                   (3, 0, 0, 0)))
        >>> settled == walk.costs[0]   # settled: the final key, the box open
        True
        """
        memo_key = (configs, s, most)
        out = self._reach_memo.get(memo_key)
        if out is not None:
            return out
        changed, found = False, set()
        sums, to_come, counts, highest = most
        for cfg in configs:
            mode = self.modes[cfg[MODE]]
            lst = None
            # budget, free black and spare dice beyond what the small boxes left and the dice
            # still to come could use are worth nothing: each later use of them on a wide box
            # goes with a die still to come (placed, or the lower die of a pair)
            rest = mode.after[s][0]
            if cfg[BUDGET] > rest + to_come or cfg[BLACK] > rest + to_come or \
                    cfg[SPARE] > 2 * rest + to_come:
                lst = list(cfg)
                lst[BUDGET] = min(cfg[BUDGET], rest + to_come)
                lst[BLACK] = min(cfg[BLACK], rest + to_come)
                lst[SPARE] = min(cfg[SPARE], 2 * rest + to_come)
            budget = min(cfg[BUDGET], rest + to_come)
            for j, (free, dear) in enumerate(self._reachers[cfg[MODE]]):
                need = -cfg[NEEDS + j]
                if need <= 0 or mode.wide_must[j]:
                    continue
                # free dice add all they show; the others one budget each: at most the
                # ``budget`` highest of them, each at most its colour's highest face to come
                reach = sum(sums[c] for c in free)
                if need > reach:
                    left = budget
                    for h, c in sorted(((highest[c], c) for c in dear), reverse=True):
                        k = min(left, counts[c])
                        reach += k * h
                        left -= k
                if need > reach:
                    if lst is None:
                        lst = list(cfg)
                    lst[NEEDS + j] = 0
                    lst[KEY] += mode.wide_costs[j]
            if lst is not None:
                changed = True
                found.add(tuple(lst))
            else:
                found.add(cfg)
        if not changed:
            out = configs
        else:
            out = self._finish(self._prune(found, s, cap=False), s)
            self.work += len(found)
        self._reach_memo[memo_key] = out
        return out

    def final_key(self, configs) -> int:
        if isinstance(configs, int):
            return configs
        return min(self._bounds(cfg, None)[0] for cfg in configs)


_GUARDS = sum(0x80 << (8 * i) for i in range(40))  # the top bit of every 8-bit field
NEED_ROOM = 120  # a wide box's need packs in 7 bits up to this


# -- the method's interface (docs/odds.md, "Methods"): encounter_odds asks each in turn ------------
NAME = "walk"
#: seconds a distinct roll, at best: with a time budget, a question that would need longer is
#: given to sampling at once (benchmarks/README.md, odds_in_play.py)
SECONDS_PER_ROLL = 1e-6

least_seconds = seconds_by_rolls(SECONDS_PER_ROLL)  # with a time budget (``encounter_odds``)


def answers(plan) -> bool:
    """Every question: the walk is the general method."""
    return True


def distribution(plan, *, limit: int | None = None, stop=None):
    """(dict covered mask -> ways, total ways, work done, distinct rolls); past ``limit`` units
    of work, or once ``stop()`` is true, ``TooMuchWork``."""
    return mask_distribution(None, plan.boxes, limit=limit, plan=plan, stop=stop)


def mask_distribution(pool: dict, boxes, *, black_supply: int = 6, fixed=(), placed=None,
                      weights=(1000, 1), conversions: bool = True, discard=(),
                      limit: int | None = None, plan: Plan | None = None, stop=None):
    """The exact distribution of the covered boxes under the best placement: (dict covered mask
    -> ways, total ways, work done, distinct rolls covered). Probabilities are ways / total; the total is
    6 ** (dice rolled that some box could use). ``discard``: (colour or None, face or None)
    pairs an ability discards as soon as they are rolled. The work counts states visited and
    configurations built; past ``limit``, or once ``stop()`` (asked now and then,
    e.g. whether a time budget is spent) is true, it raises ``TooMuchWork``.

    The walk: states are sets of configurations, each with a dict from the dice not drawn yet
    (one number, mixed radix over the colours) to the number of ordered partial rolls that lead
    there, so each set is stepped once however many ways lead to it."""
    if plan is None:
        plan = plan_for(pool, boxes, black_supply=black_supply, fixed=fixed, placed=placed,
                        weights=weights, conversions=conversions, discard=discard)
    if not isinstance(plan, Walk):
        plan = Walk.of(plan)
    if plan.single_colour is not None:
        out = _greedy(plan, plan.fixed)
        if limit is not None and out[2] > limit:
            raise TooMuchWork(out[2])
        return out
    rolled = plan.rolled
    stride, base = [], 1
    for n in rolled:
        stride.append(base)
        base *= n + 1
    settled = defaultdict(int)
    states = {plan.start: {sum(n * st for n, st in zip(rolled, stride)): 1}}
    wide_boxes = any(mode.wide for mode in plan.modes)
    reach = plan.within_reach
    # dice already showing (fixed) may still arrive: at most all of them, by colour
    fixed_dice = [[v for c, v, *_ in plan.fixed if c == colour] for colour in COLOURS]
    most_memo = {}

    def most(code: int, s: int) -> tuple:
        """What the dice still to come (``code``) after step ``s`` can show: the most by colour
        in all, how many dice in all, how many by colour, the highest face by colour."""
        out = most_memo.get((code, s))
        if out is None:
            hi = plan.steps[s][5]
            left = [code // st % (n + 1) for st, n in zip(stride, rolled)]
            counts = tuple(k + len(f) for k, f in zip(left, fixed_dice))
            out = most_memo[code, s] = (
                tuple(k * h + sum(f) for k, h, f in zip(left, hi, fixed_dice)), sum(counts),
                counts, tuple(max([h if k else 0] + f) for k, h, f in zip(left, hi, fixed_dice)))
        return out
    visited = 0
    step = plan.step
    for s, (kind, v, c, size, arriving, hi_after) in enumerate(plan.steps):
        if not states:
            break
        nxt = {}
        rests = {}
        if kind in ("draw", "gone"):
            st, radix = stride[c], rolled[c] + 1
            last = hi_after[c] == 0
            table = [[comb(n, a) * size ** a for a in range(n + 1)] for n in range(radix)]
            for configs, ways in states.items():
                visited += len(ways)
                if limit is not None and visited + plan.work > limit or stop and stop():
                    raise TooMuchWork(visited + plan.work)
                afters = {}
                for code, w in ways.items():
                    n = code // st % radix
                    row = table[n]
                    for a in ((n,) if last else range(n + 1)):
                        after = afters.get(a)
                        if after is None:
                            after = afters[a] = step(configs, s, a + arriving)
                        left = code - a * st
                        if after.__class__ is frozenset and wide_boxes:
                            after = reach(after, s, most(left, s))
                        if after.__class__ is frozenset:
                            bucket = nxt.get(after)
                            if bucket is None:
                                bucket = nxt[after] = defaultdict(int)
                            bucket[left] += w * row[a]
                        else:
                            rest = rests.get(left)
                            if rest is None:
                                rest = rests[left] = _rest_ways(left, stride, rolled, hi_after)
                            settled[after] += w * row[a] * rest
        else:
            for configs, ways in states.items():
                visited += len(ways)
                if stop and stop():
                    raise TooMuchWork(visited + plan.work)
                after = step(configs, s, 0)
                if after.__class__ is frozenset and wide_boxes:
                    # the dice still to come differ between the ways: one state each
                    split = defaultdict(dict)
                    for code, w in ways.items():
                        split[reach(after, s, most(code, s))][code] = w
                    for after, part in split.items():
                        if after.__class__ is frozenset:
                            bucket = nxt.setdefault(after, {})
                            for code, w in part.items():
                                bucket[code] = bucket.get(code, 0) + w
                        else:
                            settled[after] += sum(w * _rest_ways(code, stride, rolled, hi_after)
                                                  for code, w in part.items())
                    continue
                if after.__class__ is frozenset:
                    bucket = nxt.get(after)
                    if bucket is None:
                        nxt[after] = dict(ways)
                    else:
                        for code, w in ways.items():
                            bucket[code] = bucket.get(code, 0) + w
                else:
                    settled[after] += sum(w * _rest_ways(code, stride, rolled, hi_after)
                                          for code, w in ways.items())
        states = nxt
    if limit is not None and visited + plan.work > limit:
        raise TooMuchWork(visited + plan.work)
    for configs, ways in states.items():
        settled[plan.final_key(configs)] += sum(ways.values())
    masks = defaultdict(int)
    for key, ways in settled.items():
        masks[plan.mask_of_key(key)] += ways
    return dict(masks), 6 ** sum(rolled), visited + plan.work, plan.distinct_rolls()


def _greedy(plan, fixed):
    """One colour of dice against small boxes that all take it (the icepool sub-problem): no
    choice is ever needed. Faces from high to low; when the faces reach a box's target the box
    is chosen, and if the chosen boxes outnumber the dice seen (every one of which reaches every
    chosen target), the cheapest chosen box is dropped: the greedy algorithm of a nested matroid,
    which keeps the most valuable set of boxes that can be covered. With armor boxes and others,
    two sets are kept: the best one holding every armor box (armor boxes weigh more than any
    other), and the best set of armor boxes alone (A11); the odds take the better of the two."""
    c = plan.single_colour
    n = plan.rolled[c]
    boxes = plan.boxes
    both = len(plan.modes) == 2
    costs = plan.costs
    armor = {i for i, _, _ in plan.small if boxes[i].armor}
    big = 1 << 200
    weight = {i: costs[i] + (big if both and i in armor else 0) for i, _, _ in plan.small}
    cuts = plan.classes[c]
    fixed_v = sorted((v for fc, v, *_ in fixed), reverse=True)
    # states: (dice not drawn, chosen (all armor), chosen (armor alone)) -> ways
    states = {(n, (), ()): 1}
    hi, work = 6, 0
    for lo in reversed(cuts):
        size = hi - lo + 1
        here = [i for i, t, _ in plan.small if t == lo]
        last = lo == 1
        nxt = defaultdict(int)
        for (left, chosen, alone), w in states.items():
            for a in ((left,) if last else range(left + 1)):
                seen = n - left + a + sum(1 for v in fixed_v if v >= lo)
                ways = w * comb(left, a) * size ** a
                ca, cf = chosen, alone
                for i in here:
                    ca = _add(ca, i, seen, weight)
                    if both and i in armor:
                        cf = _add(cf, i, seen, weight)
                nxt[(left - a, ca, cf)] += ways
                work += 1
        states = nxt
        hi = lo - 1
    others = sum(costs[i] for i in costs if i not in armor and not plan.done_mask >> i & 1)
    settled = defaultdict(int)
    for (_, chosen, alone), w in states.items():
        key = sum(costs[i] for i in costs if i not in chosen and not plan.done_mask >> i & 1)
        if both:
            if not armor <= set(chosen):
                key = INF
            key = min(key, others + sum(costs[i] for i in armor if i not in alone))
        settled[key] += w
    masks = defaultdict(int)
    for key, ways in settled.items():
        masks[plan.mask_of_key(key)] += ways
    return dict(masks), 6 ** n, work, plan.distinct_rolls()


def _add(chosen: tuple, i: int, seen: int, weight: dict) -> tuple:
    """Box ``i`` joins the chosen boxes; if they then outnumber the dice seen, the lightest
    goes (the chosen boxes are kept sorted heaviest first)."""
    out = sorted(chosen + (i,), key=weight.__getitem__, reverse=True)
    return tuple(out[:seen])


def _rest_ways(code: int, stride, rolled, hi) -> int:
    """Ways the dice not drawn yet (``code``) can show faces 1..hi of their colour."""
    out = 1
    for st, n, h in zip(stride, rolled, hi):
        left = code // st % (n + 1)
        if left:
            out *= h ** left
    return out
