"""Exact chance: multisets of cards and decks as stacks of unordered segments.

A freshly shuffled deck is one segment: a multiset with no order yet. Drawing from it is a chance
node over its distinct cards, weighted by how many copies remain. Cards put under the deck form a
new segment at the bottom; a known card put on top is a segment of one. Nothing hidden is decided
before it is revealed, so the odds of the next draw are exact and no observation can leak an order
that does not exist.

>>> d = Deck.shuffled(["7S", "7S", "KH"])
>>> d.draw_outcomes()
[('7S', Fraction(2, 3)), ('KH', Fraction(1, 3))]
>>> len(d.without_top("KH"))
2
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Hashable, Iterable

Multiset = tuple  # a sorted tuple of hashable, orderable items


def multiset(items: Iterable) -> Multiset:
    """A multiset as a sorted tuple, so equal multisets compare and hash equal."""
    return tuple(sorted(items))


def multiset_remove(ms: Multiset, item) -> Multiset:
    """``ms`` without one copy of ``item`` (ValueError if absent)."""
    i = ms.index(item)
    return ms[:i] + ms[i + 1:]


def multiset_add(ms: Multiset, *items) -> Multiset:
    return tuple(sorted(ms + items))


def uniform_draw(ms: Multiset) -> list[tuple[Hashable, Fraction]]:
    """Chance outcomes of drawing one item uniformly from a multiset."""
    n = len(ms)
    return [(item, Fraction(k, n)) for item, k in sorted(Counter(ms).items())]


_new_object, _set_field = object.__new__, object.__setattr__  # ``Deck.of``


@dataclass(frozen=True)
class Deck:
    """A face-down deck: ``segments[0]`` is the top segment, each an unordered multiset."""

    segments: tuple[Multiset, ...] = ()

    @classmethod
    def of(cls, segments: tuple) -> "Deck":
        """``Deck(segments)`` without the dataclass's ``__init__``, for segments already in
        shape (a tuple of non-empty multisets): the same value, made faster (a game's fast
        paths make one at every draw).

        >>> Deck.of(((1, 2), (3,))) == Deck(((1, 2), (3,)))
        True
        """
        deck = _new_object(cls)
        _set_field(deck, "segments", segments)  # as the frozen dataclass's __init__ sets it
        return deck

    @classmethod
    def shuffled(cls, cards: Iterable[Hashable]) -> "Deck":
        ms = multiset(cards)
        return cls((ms,) if ms else ())

    def __len__(self) -> int:
        return sum(map(len, self.segments))

    def cards(self) -> Multiset:
        """Every card in the deck, as a multiset (its composition, never its order)."""
        return multiset(c for s in self.segments for c in s)

    def draw_outcomes(self) -> list[tuple[Hashable, Fraction]]:
        """The next card's distribution; the deck must not be empty."""
        if not self.segments:
            raise ValueError("the deck is empty")
        return uniform_draw(self.segments[0])

    def without_top(self, card) -> "Deck":
        """The deck after ``card`` was drawn from its top segment."""
        top = multiset_remove(self.segments[0], card)
        return Deck(((top,) if top else ()) + self.segments[1:])

    def with_bottom(self, cards: Iterable[Hashable]) -> "Deck":
        """The deck with ``cards`` shuffled into a new segment under it."""
        seg = multiset(cards)
        return Deck(self.segments + (seg,)) if seg else self

    def with_top(self, card) -> "Deck":
        """The deck with one known card on top."""
        return Deck(((card,),) + self.segments)


# -- seeded chance along a path ------------------------------------------------------------------
# A Timeline and ``simulate`` resolve chance the same way: each step of a game extends a digest of
# the path so far, and a chance node takes the outcome at the cumulative probability that digest
# names. The same seed and the same path meet the same outcome on any machine.

def path_start(game: str, seed: int, setup) -> bytes:
    """The digest of a game's start: its name, seed and ``setup`` (the options a seed depends
    on, or the text of a start position).

    >>> path_start("regicide", 1, {"players": 2}) == path_start("regicide", 1, {"players": 2})
    True
    """
    return path_step(b"", json.dumps([game, seed, setup], sort_keys=True, default=str))


def path_step(digest: bytes, step: str) -> bytes:
    """The digest after one more step (an action's or outcome's text)."""
    return hashlib.blake2b(digest + b"\x1f" + step.encode(), digest_size=16).digest()


def path_point(digest: bytes) -> float:
    """The cumulative probability in [0, 1) at which a chance node after ``digest`` draws
    (``State.sample_chance``).

    >>> 0 <= path_point(path_start("regicide", 1, {})) < 1
    True
    """
    return int.from_bytes(digest[:8], "big") / 2 ** 64
