"""The best final placement of a roll (rules §4): which boxes to cover, with which dice, least
damage first, then least time.

Rules the solver obeys: a small box takes one die of its colour (or black, or any die on an "any"
box) with value >= target; a wide box takes dice of its colour or black whose sum reaches its
target; while an armor box is uncovered no die may go on another box; any two pool dice may become
one black die of the lower value, as long as the supply then holds a black die.

How it searches: boxes in a fixed order (armor first), each either left open or covered in every
way that is not dominated:
- a small box by the smallest die of each usable colour that reaches the target (a larger die of
  the same colour is never better spent here), or by a converted pair: the two smallest dice that
  reach the target, for every pair of colours;
- a wide box by every minimal set of usable dice (no die could be left out) plus converted pairs
  of dice that cannot go on it directly: for each choice of dice to convert, paired neighbour
  with neighbour from the highest (no other pairing of them makes more), and never with a pair
  the box could do without.
A cover whose leftover dice cannot beat the best found so far is not searched further: by a
lower bound (``_bound``: the cheapest boxes to leave open so that, for each set of colours, the
other boxes that take only those colours need no more than the dice could put on them), or by
what an earlier search of the same leftovers showed (each search is asked only for costs below
the best so far, and remembers a failure as a bound).
Converting a black die is never useful (the black die itself is at least as good), nor is
converting a converted die; but discarding a black die puts it back in the supply, which may make
room for one more conversion, so the search may do that too. Among equally good placements it
prefers the one covering most boxes, so a roll that can cover every box always does (that is
``p_clear``), and among those the one covering boxes earlier in its order (armor, then wide,
then small, each by position): the key is additive over open boxes (``problem.box_costs``), so
the best placement's set of covered boxes is unique and the exact odds (docs/odds.md) name the
same boxes. Weights are whole numbers. Results are memoised on (box, dice left, conversions left), and the memo is kept
across rolls: the odds tool asks the same ``Solver`` about every roll.

>>> s = Solver([Box("yellow", 5, damage=1)])
>>> s.solve((("yellow", 4),)).damage, s.solve((("yellow", 6),)).damage
(1, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product

from ..content import Box
from ..dice import COLOURS, colour_matches, minimal_sums
from .problem import TIE, box_costs, check_weights

BLACK = "black"
_NEVER = float("inf")  # no cover found yet
COVERS_KEPT = 65_536  # a solver's memo of the wide box's covers, per kind (entries)


@dataclass(frozen=True)
class Result:
    """The best placement: its damage and time, which boxes are covered and with what.

    ``uses[i]`` lists the dice on box ``i`` (a converted die shows as ``("black", v, a, b)``
    naming the two dice it came from)."""

    damage: int
    time: int
    covered: tuple
    uses: tuple

    @property
    def cleared(self) -> bool:
        return all(self.covered)


class Solver:
    """Best placements against one set of boxes.

    ``boxes``: the active boxes; ``placed`` (optional): dice already on each box (a covered box is
    done, a wide box's dice count towards its target); ``weights``: (per damage, per time) in the
    objective, default least damage first, then least time; ``wide_pairs`` false: no
    2-for-1 pair goes onto a wide box (the control of ``control.control_for``)."""

    def __init__(self, boxes, placed=None, weights=(1000, 1), conversions=True,
                 wide_pairs=True):
        placed = placed or [()] * len(boxes)
        self.boxes = tuple(boxes)
        if len(self.boxes) >= TIE:
            raise ValueError(f"the solver handles at most {TIE - 1} boxes")
        check_weights(weights)
        self.weights = weights
        self.conversions = conversions
        self.wide_pairs = wide_pairs
        order, need, done = [], {}, []
        for i, (box, dice) in enumerate(zip(self.boxes, placed)):
            have = sum(v for _, v, *_ in dice)
            if dice and (not box.wide or have >= box.target):
                done.append(i)
            else:
                order.append(i)
                need[i] = box.target - have if box.wide else box.target
        # armor boxes first (they gate the rest), then wide boxes, then small ones
        order.sort(key=lambda i: (not self.boxes[i].armor, not self.boxes[i].wide))
        self.order = tuple(order)
        # the key minimised, additive over open boxes: weighted damage and time, then boxes left
        # open, then (a bit per box) boxes covered in this order -- one best placement per roll,
        # the one the exact odds describe
        self._costs = box_costs(self.boxes, weights, self.order)
        self._shift = len(self.order)
        self.need = need
        self.done = tuple(done)
        # from each position on, when only small boxes remain: their targets and colours
        self.cuts, self.colours = [], []
        for k in range(len(order) + 1):
            rest = [self.boxes[i] for i in order[k:]]
            small = not any(b.wide for b in rest)
            self.cuts.append(tuple(sorted({need[i] for i in order[k:]})) if small else None)
            self.colours.append({c for c in COLOURS if any(colour_matches(b.colour, c)
                                                           for b in rest)})
        self._reduced = [self._reduction(k) for k in range(len(order) + 1)]
        # per position the search has not valued, a cost it cannot be below (``_value``); per
        # boxes a bound weighs together, the tests of each set of them left open (``_bound``)
        self._floor, self._tests = {}, {}
        # the bound weighs the boxes together only with two wide boxes or more: with fewer it
        # cost more than it saved (a fifth more time a roll on some of the base set's combats)
        self._together = sum(self.boxes[i].wide for i in self.order) >= 2
        if self._together:
            self._takes = {i: _takes(box.colour) for i, box in enumerate(self.boxes)}
            # the masks a bound asks about: what a set of boxes take together
            masks = {0}
            for takes in self._takes.values():
                masks |= {takes | mask for mask in masks}
            self._masks = sorted(masks)
        self._best = {}  # (k, dice, conversions, armor failed), canonical -> ``_search``
        # the wide box's covers, kept per solver so that their memory goes with it (shared by
        # every solver of the process, they kept up to 3 x 65,536 entries from every encounter
        # sampled: a widget refining odds in the background grew by 10-30 MB an encounter)
        self._pairings = lru_cache(maxsize=COVERS_KEPT)(_pairings)
        self._minimal_sums = lru_cache(maxsize=COVERS_KEPT)(minimal_sums)
        self._leaving_sums = lru_cache(maxsize=COVERS_KEPT)(_leaving_sums)

    def cost(self, i: int) -> int:
        """The search's cost of leaving box ``i`` open: its weighted damage and time, then 1 so
        that among equally good placements the one covering most boxes wins (a placement
        covering every box then always costs 0, and ☠ boxes are worth covering), then a bit for
        its place in the order, so that among those the boxes earlier in the order are covered
        (``problem.box_costs``)."""
        return self._costs[i]

    def solve(self, dice, black_supply: int = 6) -> Result:
        """The best placement of ``dice`` (``(colour, value)`` pairs) with at most
        ``black_supply`` conversions."""
        dice = tuple(sorted(dice))
        covered = [i in self.done for i in range(len(self.boxes))]
        uses = [()] * len(self.boxes)
        armor_failed, conv = False, black_supply if self.conversions else 0
        for k, i in enumerate(self.order):  # walk the optimum box by box
            target = self._value(k, dice, conv, armor_failed)
            box = self.boxes[i]
            if armor_failed and not box.armor:
                continue
            while True:
                cover = self._cover_to(k, dice, conv, armor_failed, target)
                if cover is not None:
                    covered[i], uses[i] = True, cover[0]
                    dice, conv = cover[1], cover[2]
                else:
                    sacrificed = self._sacrifice(dice, conv)
                    if sacrificed and self._value(k, *sacrificed, armor_failed) == target:
                        dice, conv = sacrificed  # a black die goes back to the supply
                        continue
                    armor_failed = armor_failed or box.armor
                break
        open_boxes = [b for b, c in zip(self.boxes, covered) if not c]
        return Result(sum(b.damage for b in open_boxes), sum(b.time for b in open_boxes),
                      tuple(covered), tuple(uses))

    def value(self, dice, black_supply: int = 6) -> int:
        """The weighted damage and time of the best placement (what ``solve`` minimises)."""
        conv = black_supply if self.conversions else 0
        return (self._value(0, tuple(sorted(dice)), conv, False) >> self._shift) // TIE

    def _cover_to(self, k: int, dice: tuple, conv: int, armor_failed: bool, target: int):
        """The first cover of box order[k] (``_covers``, in their order) whose dice left reach
        ``target``, or None. The search knows the value of what most covers leave, so those it
        knows are looked at first (a wide box's covers made one by one until one does), then
        whether leaving the box open reaches it; then the covers it tried, every value worked
        out."""
        i = self.order[k]
        box, need = self.boxes[i], self.need[i]
        for cover in self._covers(box, need, dice, conv, k):
            if self._known(k + 1, cover[1], cover[2], armor_failed) == target:
                return cover
        known = self._known(k + 1, dice, conv, armor_failed or box.armor)
        if known is not None and known + self.cost(i) == target:
            return None  # left open: a cover leads to other boxes covered, another key
        for cover in self._tried_covers(box, need, dice, conv, k):
            if self._value(k + 1, cover[1], cover[2], armor_failed) == target:
                return cover
        return None

    # -- the search ------------------------------------------------------------------------------
    def _known(self, k: int, dice: tuple, conv: int, armor_failed: bool):
        """The least cost of boxes order[k:] if the search has it (``_value``'s memo), else
        None: nothing is worked out."""
        return self._best.get((k, *self._canonical(k, dice, conv), armor_failed))

    def _value(self, k: int, dice: tuple, conv: int, armor_failed: bool, beat=_NEVER):
        """The least cost of boxes order[k:] (``_search``, remembered); None when it is not
        known yet and cannot be less than ``beat``: below a lower bound (``_bound``), or below
        what a search that found nothing under a cost to beat showed (both remembered)."""
        key = (k, *self._canonical(k, dice, conv), armor_failed)
        value = self._best.get(key)
        if value is None:
            if beat < _NEVER:
                floor = self._floor.get(key)
                if floor is None:
                    floor = self._floor[key] = self._bound(k, dice, conv, armor_failed)
                if beat <= floor:
                    return None
            value = self._search(*key, beat)
            if value is None:
                self._floor[key] = beat
                return None
            self._best[key] = value
        return value

    def _canonical(self, k: int, dice: tuple, conv: int):
        """Dice and conversions reduced to what still matters for boxes order[k:]: once only
        small boxes remain, a value counts only as the highest target it reaches, and a die that
        reaches none (or, without conversions, fits no box) is of no use."""
        kept = dice
        table = self._reduced[k]
        if table is not None:
            kept = []
            for d in dice:  # sorted, and the table keeps the order
                r = table.get(d, d) if len(d) == 2 else d
                if r is d:  # a value off the table (a skill raised it), or a converted die
                    r = table[d[:2]] = self._reduce_die(k, d[0], d[1])
                if r is not None:
                    kept.append(r)
                elif d[0] == BLACK and self.conversions:
                    conv += 1  # a useless black die is worth its place in the supply
            kept = tuple(kept)
        # only pairs of non-black dice are worth converting (module docstring); black sorts
        # first, so the black dice lead the sorted dice
        blacks = 0
        for d in kept:
            if d[0] != BLACK:
                break
            blacks += 1
        return kept, min(conv, (len(kept) - blacks) // 2)

    def _reduction(self, k: int):
        """What each die becomes for boxes order[k:] once only small boxes remain: (colour, the
        highest target it reaches), or None when it is of no use there (it reaches no target,
        or fits no box and cannot be converted); None for the table while a wide box remains."""
        cuts = self.cuts[k]
        if cuts is None:
            return None
        return {(colour, v): self._reduce_die(k, colour, v) for colour in COLOURS
                for v in range(1, 7)}

    def _reduce_die(self, k: int, colour: str, v: int):
        reached = [t for t in self.cuts[k] if t <= v]
        useful = reached and (colour in self.colours[k] or self.conversions)
        return (colour, reached[-1]) if useful else None

    def _sacrifice(self, dice: tuple, conv: int):
        """Discard the smallest black die so the supply holds one more (§4, A7), if that could
        enable a conversion."""
        if not self.conversions or sum(1 for d in dice if d[0] != BLACK) < 2 * (conv + 1):
            return None
        for j, d in enumerate(dice):
            if d[0] == BLACK:
                return dice[:j] + dice[j + 1:], conv + 1
        return None

    def _search(self, k: int, dice: tuple, conv: int, armor_failed: bool, beat=_NEVER):
        """The least cost of boxes order[k:] with these dice and conversions; None when it is
        not less than ``beat``."""
        if k == len(self.order):
            return 0
        box = self.boxes[self.order[k]]
        cost = self.cost(self.order[k])
        if armor_failed and not box.armor:  # armor first: nothing else may hold dice (§4, A11)
            value = self._value(k + 1, dice, conv, True, beat - cost)
            return None if value is None else value + cost
        best = _NEVER
        for used, left, conv_left in self._tried_covers(box, self.need[self.order[k]], dice, conv,
                                                        k):
            value = self._value(k + 1, left, conv_left, armor_failed, min(best, beat))
            if value is None:
                continue  # what it leaves cannot do better than the best so far
            best = min(best, value)
            if best == 0:
                return 0
        sacrificed = self._sacrifice(dice, conv)
        if sacrificed:
            value = self._value(k, *sacrificed, armor_failed, min(best, beat))
            if value is not None:
                best = min(best, value)
        limit = min(best, beat)
        if cost < limit:  # leaving the box open costs at least its own share: tried last
            value = self._value(k + 1, dice, conv, armor_failed or box.armor, limit - cost)
            if value is not None:
                best = min(best, value + cost)
        return best if best < beat else None

    def _bound(self, k: int, dice: tuple, conv: int, armor_failed: bool) -> int:
        """A lower bound on the cost of boxes order[k:] with these dice: the cheapest boxes to
        leave open so that the others pass, for each set of colours, the test of the boxes that
        take only those colours: their needs within the most the dice could put on them, and
        their number within the dice and pairs that could go on them (``_reach``). A box that
        not even all the dice could cover alone (``_could_cover``) is open whatever is left;
        once an armor box is left open, so is every box but armor. With fewer than two wide
        boxes, only that: each box alone."""
        together = self._together
        reach = _reach(dice, conv, self._masks) if together else None
        total, able = 0, []
        for i in self.order[k:]:
            box, need = self.boxes[i], self.need[i]
            if armor_failed and not box.armor:
                lost = True
            elif box.wide and together:
                lost = need > reach[self._takes[i]][0]
            else:
                lost = not _could_cover(box, need, dice, conv)
            if lost:
                total += self._costs[i]
            else:
                able.append(i)
        if len(able) < 2 or not together:
            return total
        able = tuple(able)
        tests = self._tests.get(able)
        if tests is None:
            tests = self._tests[able] = self._open_sets(able)
        for cost, checks in tests:  # the cheapest set left open whose others pass
            for takes, need, boxes in checks:
                most, dice_or_pairs = reach[takes]
                if need > most or boxes > dice_or_pairs:
                    break
            else:
                return total + cost
        return total + tests[-1][0]

    def _open_sets(self, able: tuple) -> list:
        """Per set of the boxes ``able`` left open, cheapest first: its cost and, for each set
        of colours (a mask of ``_reach``) that some of the others take only, those others'
        needs and number."""
        out = []
        for pick in range(1 << len(able)):
            left_open = [i for j, i in enumerate(able) if pick >> j & 1]
            others = [i for i in able if i not in left_open]
            checks = {}
            for takes in self._masks:  # the fewest colours that give each set of boxes
                within = tuple(i for i in others if self._takes[i] | takes == takes)
                if within and within not in checks:
                    checks[within] = (takes, sum(self.need[i] for i in within), len(within))
            out.append((sum(self._costs[i] for i in left_open), tuple(checks.values())))
        out.sort(key=lambda entry: entry[0])
        return out

    def _tried_covers(self, box, need: int, dice: tuple, conv: int, k: int):
        """The covers the search tries: ``_covers``, less a wide box's covers that another
        beats (``_unbeaten``)."""
        if not box.wide:
            return self._covers(box, need, dice, conv, k)
        found = list(self._wide_covers(box, need, dice, conv, k))
        return _unbeaten(found) if len(found) > 1 else found

    def _covers(self, box, need: int, dice: tuple, conv: int, k: int):
        """Every non-dominated way to cover ``box`` (at position ``k`` of the order): (dice used,
        dice left, conversions left)."""
        if box.wide:
            yield from self._wide_covers(box, need, dice, conv, k)
            return
        seen = set()
        for colour in COLOURS:  # direct: the smallest usable die of each colour
            if colour in seen or not colour_matches(box.colour, colour):
                continue
            seen.add(colour)
            for j, die in enumerate(dice):
                if die[0] == colour and die[1] >= need:
                    yield (die,), dice[:j] + dice[j + 1:], conv
                    break
        if conv <= 0:
            return
        for c1, c2 in _COLOUR_PAIRS:  # a converted pair: the two smallest dice that reach it
            first = _smallest(dice, c1, need)
            if first is None:
                continue
            left = _without(dice, first)
            second = _smallest(left, c2, need)
            if second is None:
                continue
            yield ((BLACK, min(first[1], second[1]), first, second),), \
                _without(left, second), conv - 1

    def _wide_covers(self, box, need: int, dice: tuple, conv: int, k: int):
        usable = tuple(d for d in dice if colour_matches(box.colour, d[0]))
        other = tuple(d for d in dice if not colour_matches(box.colour, d[0]))
        cuts = self.cuts[k + 1]
        for pairs in self._pairings(other, conv) if self.wide_pairs else ((),):
            converted = tuple((BLACK, min(a[1], b[1]), a, b) for a, b in pairs)
            pool = _without(dice, *(d for pair in pairs for d in pair))
            rest = need - sum(c[1] for c in converted)
            if cuts is None:
                sums = self._minimal_sums(usable, rest)
            else:
                sums = self._leaving_sums(usable, rest, cuts)
            lowest = converted[-1][1] if converted else 0
            for used in sums:
                if converted and need - rest + sum(v for _, v in used) - lowest >= need:
                    continue  # it covers without its lowest pair too, which leaves more
                yield used + converted, _without(pool, *used), conv - len(pairs)


def _unbeaten(covers: list) -> list:
    """The ``covers`` (dice used, dice left, conversions left) that leave what no other leaves
    less of, in their order: a cover beats another when it leaves, of each colour, dice at
    least as high one by one (as many or more) and no fewer conversions. Whatever the boxes
    after it do with the other's dice, they do with its dice, a die for a die of the same
    colour and no lower (a wide box's sum, a small box's target, a pair's lower die only
    gain), so the best placement never needs the beaten one. Of covers that leave the same,
    the first is kept. Each leftover is one whole number of counts, per colour and face t,
    of dice showing t or more (one beats another when no count is lower: ``_LEFT_GUARDS``);
    faces a skill raised past 6 are not counted so: then every cover is kept.

    >>> left = lambda *dice: ((), tuple(("pink", v) for v in dice), 0)
    >>> [c[1] for c in _unbeaten([left(6, 2), left(6, 3), left(5, 3, 2)])]
    [(('pink', 6), ('pink', 3)), (('pink', 5), ('pink', 3), ('pink', 2))]
    """
    codes = []
    for _, left, conv in covers:
        code = conv << _LEFT_CONV
        for d in left:
            add = _LEFT_CODE.get(d)
            if add is None:  # a converted die or a face past 6
                return covers
            code += add
        codes.append(code)
    kept = []  # numbers kept, guard bits set
    keep = [False] * len(covers)
    for i in sorted(range(len(covers)), key=codes.__getitem__, reverse=True):
        code = codes[i]
        for other in kept:
            if (other - code) & _LEFT_GUARDS == _LEFT_GUARDS:
                break
        else:
            kept.append(code | _LEFT_GUARDS)
            keep[i] = True
    return [cover for cover, kept_it in zip(covers, keep) if kept_it]


# a leftover as a whole number (``_unbeaten``): per colour and face t = 1..6, the dice showing
# t or more in a field of 5 bits whose top bit is a guard (at most 15 dice), then the
# conversions left; one leftover beats another when subtracting it keeps every guard
_LEFT_BITS = 5
_LEFT_CODE = {(colour, v): sum(1 << _LEFT_BITS * (6 * c + t) for t in range(v))
              for c, colour in enumerate(COLOURS) for v in range(1, 7)}
_LEFT_CONV = _LEFT_BITS * 6 * len(COLOURS)
_LEFT_GUARDS = sum(1 << (_LEFT_BITS * f + _LEFT_BITS - 1) for f in range(6 * len(COLOURS) + 1))


_COLOUR_PAIRS = tuple((a, b) for i, a in enumerate(COLOURS[:3]) for b in COLOURS[i:3])


def _could_cover(box, need: int, dice: tuple, conv: int) -> bool:
    """Whether ``box`` could be covered with ``dice`` and ``conv`` conversions were it the only
    box: a small box by a die it takes or a pair of dice reaching it, a wide box by every die it
    takes plus the best pairs of the others (``_reach``). A black die may also go back to the
    supply to make room for one more conversion (§4, A7; ``Solver._sacrifice``): each counts as
    one more too (a bound may be loose, never tight where a placement exists)."""
    colour = box.colour
    if box.wide:
        takes = _takes(colour)
        return _reach(dice, conv, (takes,))[takes][0] >= need
    conv += sum(1 for d in dice if d[0] == BLACK)
    high = 0
    for d in dice:
        if d[1] >= need:
            if colour_matches(colour, d[0]):
                return True
            if d[0] != BLACK:
                high += 1
    return conv > 0 and high >= 2


_MASK = {"yellow": 1, "pink": 2, "blue": 4}  # a colour's bit in the masks of ``_reach``


def _takes(colour: str) -> int:
    """The colours a box of ``colour`` takes besides black, as a mask of ``_reach``."""
    return 7 if colour == "any" else _MASK.get(colour, 0)


def _reach(dice: tuple, conv: int, masks=range(8)) -> list:
    """Per mask of colours (``_MASK``) among ``masks`` (None for the others), what the dice
    could put on boxes that take only those colours (and black): (the most in all, how many
    dice or pairs). The dice of those colours and black count whole; the others only through
    2-for-1 pairs, each worth its lower die at most (the best pairs are neighbours from the
    highest, §4 A7), as many as the conversions left plus the black dice (each may go back to
    the supply for one more). A pair of dice that count whole is worth no more than they are.

    >>> _reach((("black", 2), ("pink", 3), ("yellow", 5), ("yellow", 6)), 1)[_MASK["pink"]]
    (10, 3)
    """
    faces = {bit: [] for bit in _MASK.values()}
    blacks = black_sum = 0
    for colour, v, *_ in dice:
        bit = _MASK.get(colour)
        if bit is None:
            blacks += 1
            black_sum += v
        else:
            faces[bit].append(v)
    pairs = conv + blacks
    out = [None] * 8
    for takes in masks:
        most, n, others = black_sum, blacks, []
        for bit, own in faces.items():
            if takes & bit:
                most += sum(own)
                n += len(own)
            elif own:
                others += own
        if others and pairs:
            others.sort(reverse=True)
            lower = others[1:2 * pairs:2]
            most += sum(lower)
            n += len(lower)
        out[takes] = (most, n)
    return out


def _smallest(dice, colour, need):
    for d in dice:
        if d[0] == colour and d[1] >= need:
            return d
    return None


def _without(dice: tuple, *gone) -> tuple:
    left = list(dice)
    for d in gone:
        left.remove(d)
    return tuple(left)


def _pairings(dice: tuple, most: int) -> tuple:
    """Every distinct set of at most ``most`` pairs of ``dice`` worth converting onto a wide box
    (the empty set first): for each distinct choice of an even number of the dice, those dice
    paired neighbour with neighbour from the highest. Which dice are converted decides what is
    left for the other boxes; how they are paired decides only the sum of the black dice made,
    the pairs' lower dice, and no pairing of the same dice makes a larger sum (exchange argument:
    the 2nd, 4th, ... highest are the most the lower dice can be, one by one).

    >>> dice = (("blue", 2), ("pink", 5), ("yellow", 3), ("yellow", 6))
    >>> _pairings(dice, 2)[-1]   # all four converted: 6 with 5, 3 with 2 (sum 5, not 2 + 3)
    ((('pink', 5), ('yellow', 6)), (('blue', 2), ('yellow', 3)))
    >>> len(_pairings(dice, 2))  # none, each of the six pairs, the four
    8
    """
    kinds = sorted(set(dice), key=lambda d: (-d[1], d[0]))  # highest first
    counts = [dice.count(d) for d in kinds]
    found = []
    for taken in product(*(range(n + 1) for n in counts)):
        chosen = [d for d, n in zip(kinds, taken) for _ in range(n)]
        if len(chosen) % 2 or len(chosen) > 2 * most:
            continue
        found.append(tuple(tuple(sorted(chosen[i:i + 2])) for i in range(0, len(chosen), 2)))
    return tuple(sorted(found, key=lambda p: (len(p), p)))


def _leaving_sums(usable: tuple, need: int, cuts: tuple) -> tuple:
    """Like ``dice.minimal_sums`` when only small boxes (targets ``cuts``) come after the wide box:
    the dice left over then count only by colour and the highest target each reaches, so of the
    dice of one such class the wide box takes the largest and leaves the smallest. One minimal
    set of dice per number left of each class is enough, instead of every minimal set: a
    handful where 14 dice have hundreds.

    Pink 5 and 6 both reach the target 5, so leaving the 5 or the 6 is the same; the 2 reaches
    none and is worth leaving only when the wide box can do without it:

    >>> _leaving_sums((("pink", 2), ("pink", 5), ("pink", 6)), 7, (5,))
    ((('pink', 2), ('pink', 6)), (('pink', 5), ('pink', 6)))
    """
    if need <= 0:
        return ((),)
    classes = {}
    for d in sorted(usable, key=lambda d: -d[1]):  # largest first
        reached = max((t for t in cuts if t <= d[1]), default=0)
        classes.setdefault((d[0], reached), []).append(d)
    groups = list(classes.values())
    most = [0] * (len(groups) + 1)  # what the groups from i on could add, all taken
    for i in range(len(groups) - 1, -1, -1):
        most[i] = most[i + 1] + sum(v for _, v in groups[i])
    found = []

    def grow(i: int, chosen: list, total: int, low: int) -> None:
        """The largest dice of each group from ``i`` on added to ``chosen``: a set that reaches
        ``need`` is minimal when it would not without its smallest die, and one more die never
        makes it minimal (the new smallest is at most that die), so it grows no further."""
        if total >= need:
            if total - low < need:
                found.append(tuple(sorted(chosen)))
            return
        if total + most[i] < need:
            return
        grow(i + 1, chosen, total, low)
        taken = len(chosen)
        for d in groups[i]:  # largest first: each die taken is the group's smallest so far
            chosen.append(d)
            total += d[1]
            low = min(low, d[1])
            grow(i + 1, chosen, total, low)
            if total >= need:
                break
        del chosen[taken:]

    grow(0, [], 0, 7)
    return tuple(sorted(found))


