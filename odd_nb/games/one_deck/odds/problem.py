"""The problem model of encounter odds: which boxes, which dice, and what the best placement is.

Every exact method (``walk``, ``small``, ``split``) answers the same question, made ready once by
``plan_for`` as a ``Plan``; ``solver.Solver`` answers it for one roll. The best placement is the
one of least *key*: weighted damage and time of the boxes left open, then most boxes covered,
then boxes covered in the solver's order (armor, then wide, then small, each by position). The key
is additive over open boxes (``box_costs``), so a set of covered boxes has one key, and the odds
name the very boxes ``Solver.solve`` covers. Armor first (A11): a set of boxes that leaves an
armor box open counts only its armor boxes (while an armor box is open no other box may hold
dice); each such way of counting is a ``Family``. See docs/odds.md, "The question".

>>> from odd_nb.games.one_deck import Box
>>> plan = plan_for({"yellow": 2}, [Box("yellow", 5), Box("yellow", 9, wide=True)])
>>> plan.distinct_rolls(), plan.classes[0]
(21, (1, 2, 3, 4, 5, 6))
"""

from __future__ import annotations

from math import comb

from ..dice import COLOURS as DIE_COLOURS
from ..dice import colour_matches

K = 3  # index of black
TIE = 32  # as in solver.py: (weighted damage and time) * TIE + boxes left open


def accepts(box_colour: str) -> tuple:
    """Indices of the die colours a box takes (``dice.colour_matches``): its own colour and black
    (§3), every colour on an "any" box."""
    return tuple(c for c, colour in enumerate(DIE_COLOURS) if colour_matches(box_colour, colour))


def solver_order(boxes, done=()) -> tuple:
    """The solver's order of open boxes: armor first, then wide, then small, each by position."""
    order = [i for i in range(len(boxes)) if i not in done]
    order.sort(key=lambda i: (not boxes[i].armor, not boxes[i].wide))
    return tuple(order)


def check_weights(weights) -> None:
    """The objective's weights (per damage, per time) are whole numbers >= 0: the key packs them
    with a tie-break in one integer."""
    if len(weights) != 2 or any(not isinstance(w, int) or isinstance(w, bool) or w < 0
                                for w in weights):
        raise ValueError(f"weights must be two whole numbers >= 0 (per damage, per time), "
                         f"found {weights!r}")


def box_costs(boxes, weights, order) -> dict:
    """Each open box's share of the key minimised: weighted damage and time (times TIE), then 1
    (fewer boxes open), then a bit for its place in ``order`` (earlier boxes covered first).
    Sums over open boxes never carry between the three parts."""
    m = len(order)
    return {i: (((weights[0] * boxes[i].damage + weights[1] * boxes[i].time) * TIE + 1) << m)
            | (1 << (m - 1 - p)) for p, i in enumerate(order)}


def done_and_needs(boxes, placed):
    """Boxes covered by dice already placed, and what each other box needs (a wide box's target
    less its dice)."""
    placed = placed or [()] * len(boxes)
    done, need = set(), {}
    for i, (box, dice) in enumerate(zip(boxes, placed)):
        have = sum(d[1] for d in dice)
        if dice and (not box.wide or have >= box.target):
            done.add(i)
        else:
            need[i] = box.target - have if box.wide else box.target
    return done, need


INF = float("inf")


class TooMuchWork(Exception):
    """The exact walk would take more than the limit given (``mask_distribution``)."""


class Family:
    """The boxes one family of placements works on (A11). "All armor covered": every box, and
    (when there are boxes of both kinds) every armor box must end covered. "Armor open": only the
    armor boxes; every other box counts as open from the start, since no die may go on it while
    an armor box is open."""

    def __init__(self, plan, armor_open: bool, armor_must: bool):
        self.armor_open = armor_open
        self.armor_must = armor_must
        keep = (lambda i: plan.boxes[i].armor) if armor_open else (lambda i: True)
        self.small = [b for b in plan.small if keep(b[0])]
        self.wide = [b for b in plan.wide if keep(b[0])]
        self.start_key = sum(c for i, c in plan.costs.items()
                             if (not keep(i) or i in plan.never) and not plan.done_mask >> i & 1)
        self.wide_costs = tuple(plan.costs[w[0]] for w in self.wide)
        self.wide_must = tuple(plan.boxes[w[0]].armor and armor_must for w in self.wide)
        self.wide_conv = tuple(plan.wide_conv[w[0]] for w in self.wide)
        self.wide_uses = tuple(plan.wide_uses[w[0]] for w in self.wide)
        self.wide_acc = tuple(w[2] for w in self.wide)
        # after each step: small boxes still to decide, how many take each colour, how many are
        # "any" boxes, and what leaving all of them open costs (INF: an armor box must be covered)
        self.after = []
        for kind, v, *_ in plan.steps:
            rest = [b for b in self.small if b[1] < v or (kind != "small" and b[1] == v)]
            must = armor_must and any(plan.boxes[b[0]].armor for b in rest)
            self.after.append((len(rest), tuple(sum(1 for b in rest if c in b[2])
                                                for c in range(3)),
                               sum(1 for b in rest if len(b[2]) == 4),
                               INF if must else sum(plan.costs[b[0]] for b in rest)))


class Plan:
    """One odds question, made ready for every method: its open boxes in the solver's order
    with their costs, the dice by colour and the faces each can tell apart (``classes``), the
    steps of faces from 6 down to 1, the families of placements (A11) and the black budget (A7)."""

    def __init__(self, boxes, pool, black_supply, fixed, placed, weights, conversions,
                 discard=()):
        self.boxes = boxes = tuple(boxes)
        self.fixed = tuple(fixed)  # dice already in the pools, as given: (colour, face, ...)
        done, need = done_and_needs(boxes, placed)
        order = solver_order(boxes, done)
        self.order = order
        self.costs = box_costs(boxes, weights, order)
        self.full = (1 << len(boxes)) - 1
        self.done_mask = 0
        self.blocked, self.never = False, []
        for i in done:
            self.done_mask |= 1 << i
        small, wide = [], []
        for i in order:
            b = boxes[i]
            if b.wide:
                if need[i] <= 0:
                    self.done_mask |= 1 << i
                    self.costs[i] = 0
                else:
                    wide.append((i, need[i], accepts(b.colour)))
            elif need[i] <= 6:
                small.append((i, max(1, need[i]), accepts(b.colour)))
            else:  # a small box above 6 is never covered: an armor one blocks the rest
                self.never.append(i)
                self.blocked = self.blocked or b.armor
        self.small, self.wide = small, wide
        open_boxes = small + wide
        # dice: rolled counts, dice already in the pools (fixed), the black budget (A7)
        fixed = [(DIE_COLOURS.index(c), v) for c, v, *_ in fixed]
        rolled = [pool.get(c, 0) for c in DIE_COLOURS]
        count = [rolled[c] + sum(1 for fc, _ in fixed if fc == c) for c in range(4)]
        budget = black_supply + count[K]  # a black die discarded on the roll goes back: the same
        # faces an ability discards as soon as they are rolled (E3 "on roll"), per colour
        gone = [{v for colour, value in discard if colour in (None, DIE_COLOURS[c])
                 for v in ((value,) if value is not None else range(1, 7))} for c in range(4)]
        fixed = [(c, v) for c, v in fixed if v not in gone[c]]
        count = [rolled[c] + sum(1 for fc, _ in fixed if fc == c) for c in range(4)]
        present = [c for c in range(3) if count[c]]
        # a 2-for-1 helps only a box that does not take some colour rolled (else that die alone
        # does better); onto a wide box, only two dice it does not take
        self.conv_ok = bool(conversions) and budget > 0 and any(
            c not in acc for _, _, acc in open_boxes for c in present)
        self.wide_conv, self.wide_uses = {}, {}
        for i, _, acc in wide:
            others = sum(count[c] for c in present if c not in acc)
            self.wide_conv[i] = self.conv_ok and others >= 2
            # how often a wide box can spend the budget: its black dice, its conversions
            self.wide_uses[i] = count[K] + (others // 2 if self.wide_conv[i] else 0)
        relevant, exact = [], []
        for c in range(4):
            direct = any(c in acc for _, _, acc in open_boxes)
            relevant.append(bool(open_boxes) and (direct or (c != K and self.conv_ok)))
            exact.append(any(c in acc or (c != K and self.wide_conv[i])
                             for i, _, acc in wide))
        self.rolled = tuple(n if relevant[c] else 0 for c, n in enumerate(rolled))
        # faces a colour can tell apart: all six if a wide box can use its faces, else classes
        # between the targets of the small boxes it can reach
        self.classes = []
        for c in range(4):
            if exact[c]:
                self.classes.append(tuple(range(1, 7)))
            else:
                cuts = {t for _, t, acc in small if c in acc or (c != K and self.conv_ok)}
                cuts |= {x for v in gone[c] for x in (v, v + 1) if x <= 6}
                self.classes.append(tuple(sorted(cuts | {1})))
        steps = []
        hi = [6, 6, 6, 6]
        for v in range(6, 0, -1):
            for c in range(4):
                if not relevant[c] or v not in self.classes[c]:
                    continue
                arriving = sum(1 for fc, fv in fixed if fc == c and v <= fv <= hi[c])
                size = hi[c] - v + 1
                hi[c] = v - 1
                if self.rolled[c] or arriving:
                    kind = "gone" if v in gone[c] else "draw"
                    steps.append((kind, v, c, size, arriving, tuple(hi)))
            if any(t == v for _, t, _ in small):
                steps.append(("small", v, None, 0, 0, tuple(hi)))
        self.steps = steps
        # one colour of dice, small boxes that all take it: the covered sets are those of a
        # nested matroid (a die reaching a target reaches every lower one), solved greedily
        colours = [c for c in range(4) if count[c]]
        self.single_colour = colours[0] if (len(colours) == 1 and not wide and small and not any(
            gone) and not self.blocked and all(
            colours[0] in acc for _, _, acc in small)) else None
        has_armor = any(boxes[i].armor for i, *_ in open_boxes)
        has_other = any(not boxes[i].armor for i, *_ in open_boxes)
        both = has_armor and has_other
        if self.blocked:  # an armor box stays open whatever is rolled: only armor boxes count
            self.modes = [Family(self, True, False)]
        else:
            self.modes = [Family(self, False, both)]
            if both:
                self.modes.append(Family(self, True, False))
        self.budget = budget  # black dice that pairs and black dice placed may spend (A7)
        self.start = frozenset(
            (m, mode.start_key, budget, 0, 0, 0, 0, 0) + tuple(-w[1] for w in mode.wide)
            for m, mode in enumerate(self.modes))
        # after each step with no small box left in any mode and one wide box: the highest face
        # still to come (0 otherwise)
        self.tails = [v if all(m.after[k][0] == 0 and len(m.wide) <= 1 for m in self.modes)
                      else 0 for k, (_, v, *_) in enumerate(steps)]

    def distinct_rolls(self) -> int:
        """How many distinct rolls the odds cover: multisets of face classes per colour."""
        out = 1
        for n, classes in zip(self.rolled, self.classes):
            out *= comb(n + len(classes) - 1, n)
        return out

    def mask_of_key(self, key: int) -> int:
        """The covered boxes of a key (its low bits name the open boxes in solver order)."""
        m = len(self.order)
        mask = self.full
        for p, i in enumerate(self.order):
            if key >> (m - 1 - p) & 1:
                mask &= ~(1 << i)
        return mask | self.done_mask


def seconds_by_rolls(seconds_per_roll: float):
    """The ``least_seconds`` of a method whose time grows with the distinct rolls, at least
    ``seconds_per_roll`` each: with a time budget, ``encounter_odds`` gives a question that
    would need longer than the exact share to sampling at once.

    >>> from odd_nb.games.one_deck import Box
    >>> seconds_by_rolls(1e-6)(plan_for({"yellow": 3}, [Box("yellow", 9, wide=True)]))
    5.6e-05
    """
    return lambda plan: plan.distinct_rolls() * seconds_per_roll


def plan_for(pool: dict, boxes, *, black_supply: int = 6, fixed=(), placed=None,
             weights=(1000, 1), conversions: bool = True, discard=()) -> Plan:
    """The static part of an odds question (``encounter_odds`` takes the same arguments):
    its ``distinct_rolls()``, ``classes`` (faces each colour can tell apart) and ``rolled``."""
    return Plan(tuple(boxes), pool, black_supply, tuple(fixed), placed, weights, conversions,
                 tuple(discard))
