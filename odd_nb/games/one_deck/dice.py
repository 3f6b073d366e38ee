"""Dice, the supply and the placing rules of boxes (rules §3-§4).

A die is a ``(colour, value)`` tuple; a pool is a sorted tuple of dice. The supply is a tuple of
counts in ``COLOURS`` order.

>>> fits(Box("yellow", 3), ("yellow", 4))
True
>>> fits(Box("yellow", 3), ("pink", 6))
False
>>> covered(Box("pink", 8, wide=True), (("pink", 5), ("pink", 3)))
True
"""

from __future__ import annotations

from .content import DICE_COLOURS as COLOURS
from .content import FULL_SUPPLY, Box

INDEX = {c: i for i, c in enumerate(COLOURS)}


def colour_matches(box_colour: str, die_colour: str) -> bool:
    """Black dice are wild (§3); an "any" box takes every colour."""
    return die_colour == box_colour or die_colour == "black" or box_colour == "any"


def fits(box: Box, die) -> bool:
    """Whether ``die`` may go on the empty ``box`` by colour and, for a small box, by value."""
    if not colour_matches(box.colour, die[0]):
        return False
    return box.wide or die[1] >= box.target


def covered(box: Box, dice) -> bool:
    """A small box is covered by its one die; a wide box when the sum reaches its target (§4)."""
    if box.wide:
        return sum(v for _, v in dice) >= box.target
    return bool(dice)


def may_place(box: Box, dice_on_box, die, armor_open: bool) -> bool:
    """Whether ``die`` may go on ``box`` now (the fast test; ``why_not`` says why not)."""
    return (not covered(box, dice_on_box) and (box.armor or not armor_open)
            and fits(box, die))


def why_not(box: Box, dice_on_box, die, armor_open: bool) -> str | None:
    """The reason ``die`` may not go on ``box`` now, in the rules' words, or None if it may."""
    what = f"{'wide ' if box.wide else 'small '}{box.colour} {box.target}"
    if covered(box, dice_on_box):
        return f"the {what} box is already covered"
    if armor_open and not box.armor:
        return "armor first: every armor box must be covered before dice go on other boxes"
    if not colour_matches(box.colour, die[0]):
        return f"the {what} box takes {box.colour} or black dice; that die is {die[0]}"
    if not box.wide and die[1] < box.target:
        return (f"the {what} box takes one {box.colour} die of {box.target} or more; "
                f"that die is a {die[0]} {die[1]}")
    return None


def take(supply: tuple, colour: str, n: int) -> tuple[tuple, int]:
    """Take up to ``n`` dice of ``colour`` from the supply: (new supply, how many were taken).
    The supply is a hard limit (§1)."""
    i = INDEX[colour]
    got = min(n, supply[i])
    return supply[:i] + (supply[i] - got,) + supply[i + 1:], got


def give_back(supply: tuple, dice) -> tuple:
    """Return dice to the supply."""
    counts = list(supply)
    for colour, _ in dice:
        counts[INDEX[colour]] += 1
    return tuple(counts)


def pool_add(pool: tuple, *dice) -> tuple:
    return tuple(sorted(pool + dice))


def pool_remove(pool: tuple, *dice) -> tuple:
    """``pool`` without the given dice (ValueError if one is missing)."""
    out = list(pool)
    for die in dice:
        out.remove(die)
    return tuple(out)


def minimal_sums(usable: tuple, need: int) -> tuple:
    """Every distinct sub-multiset of ``usable`` whose sum reaches ``need`` and that has no die
    it could do without: the minimal sets of dice that cover a wide box (§4) or pay a cost of
    dice totalling ``need`` (§7, whose excess is lost), each sorted, in sorted order. Dice are
    taken from the highest down, so the last one taken is the smallest: a set is minimal when
    it reaches ``need`` and would not without its last die, and no set that already reaches
    ``need`` grows into a minimal one.

    >>> minimal_sums((("pink", 2), ("pink", 5), ("pink", 6)), 7)   # not 2 + 5 + 6
    ((('pink', 2), ('pink', 5)), (('pink', 2), ('pink', 6)), (('pink', 5), ('pink', 6)))
    """
    if need <= 0:
        return ((),)
    kinds = sorted(set(usable), key=lambda d: (-d[1], d[0]))  # highest first
    found = []
    _grow(kinds, [usable.count(d) for d in kinds], need, 0, [], 0, found)
    return tuple(sorted(found))


def _grow(kinds: list, counts: list, need: int, start: int, chosen: list, total: int,
          found: list) -> None:
    """``minimal_sums``' search: add to ``found`` the minimal sets that start with ``chosen``
    (sum ``total``) and take their next die from ``kinds[start:]`` (``counts`` left of each).
    A function of its own, not a closure calling itself: that closure would be a reference
    cycle, left to the garbage collector at every call (most of a random game's cycles)."""
    for j in range(start, len(kinds)):
        if counts[j] == 0:
            continue
        die = kinds[j]
        counts[j] -= 1
        chosen.append(die)
        if total + die[1] >= need:
            found.append(tuple(sorted(chosen)))  # minimal: without ``die`` it falls short
        else:
            _grow(kinds, counts, need, j, chosen, total + die[1], found)
        chosen.pop()
        counts[j] += 1


def contains(pool: tuple, dice) -> bool:
    try:
        pool_remove(pool, *dice)
        return True
    except ValueError:
        return False


__all__ = ["COLOURS", "FULL_SUPPLY", "INDEX", "colour_matches", "covered", "fits", "give_back",
           "contains", "minimal_sums", "may_place", "pool_add", "pool_remove", "take", "why_not"]
