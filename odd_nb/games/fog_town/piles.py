"""Decks, stacks and discard piles as exact chance (§15.2, A16, A25).

A ``Pile`` is one home deck (the street deck, or a location's room deck) with its discard pile
and the players' stacks dealt from it. Cards that nobody has seen lie in **pools** (multisets
of card ids); the deck and each stack hold **places** in those pools, kept as core ``Deck``s of
pool ids (unordered segments, top first). Dealing a stack moves places, never cards, so no card
is decided before it is turned over (A25). Turning a place over is a chance node: a pool in
proportion to the holder's places in it, then a card in proportion to its copies.

>>> p = Pile.new(["rat", "rat", "knife"], players=1)
>>> [(str(c), w) for (pool, c), w in p.reveal_outcomes(DECK)]
[('knife', Fraction(1, 3)), ('rat', Fraction(2, 3))]
>>> p = p.deal_place(0, 0).deal_place(0, 0)       # a stack of two places for seat 0
>>> len(p.deck), len(p.stacks[0]), p.take(0, 0, "rat").size(0)
(1, 2, 1)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from ...core.chance import Deck, multiset, multiset_add, multiset_remove

#: the holder of a pile's own deck (players' stacks are held by seat numbers 0-3)
DECK = -1


@dataclass(frozen=True, slots=True)
class Pile:
    pools: tuple          # ((pool id, multiset of unseen cards), ...), by pool id
    deck: Deck            # places (pool ids), top segment first
    stacks: tuple         # per seat: a Deck of places, or None before the first Explore
    discard: tuple = ()   # the discard pile, a multiset of card ids (public)
    next_id: int = 1

    @classmethod
    def new(cls, cards, players: int = 0) -> "Pile":
        """A freshly shuffled deck (§2): one pool, one unordered segment."""
        cards = multiset(cards)
        return cls(((0, cards),) if cards else (), Deck.shuffled([0] * len(cards)),
                   (None,) * players)

    # -- reading --------------------------------------------------------------------------
    def holder(self, who: int) -> Deck | None:
        return self.deck if who == DECK else self.stacks[who]

    def size(self, who: int) -> int:
        held = self.holder(who)
        return 0 if held is None else len(held)

    def pool(self, pid: int) -> tuple:
        for i, cards in self.pools:
            if i == pid:
                return cards
        raise KeyError(pid)

    def known_bottom(self, who: int) -> list:
        """The known cards at the bottom of a deck or stack (an escaped monster, §15.3), from
        the bottom up: segments of one place in a pool of one card."""
        held, known = self.holder(who), []
        for seg in reversed(held.segments if held else ()):
            cards = self.pool(seg[0])
            if len(seg) != 1 or len(cards) != 1:
                break
            known.append(cards[0])
        return known

    def unseen(self) -> tuple:
        """Every card in the pools (deck and stacks together), as a multiset."""
        return multiset(c for _, cards in self.pools for c in cards)

    def reveal_outcomes(self, who: int) -> list:
        """Turning over the top place of a deck or stack: ((pool, card), probability) (A25)."""
        weights, total = self.reveal_weights(who)
        return [(key, Fraction(w, total)) for key, w in weights]

    def reveal_weights(self, who: int) -> tuple[list, int]:
        """The same chances as whole-number weights over a common total (faster sampling)."""
        top = self.holder(who).segments[0]
        counts = sorted(Counter(top).items())
        sizes = [len(self.pool(pid)) for pid, _ in counts]
        total = len(top)
        for size in set(sizes):
            total *= size
        out = []
        for (pid, places), size in zip(counts, sizes):
            scale = total // (len(top) * size)
            for card, copies in sorted(Counter(self.pool(pid)).items()):
                out.append(((pid, card), places * copies * scale))
        return out, total

    def deal_outcomes(self) -> list:
        """Which pool the deck's next place belongs to, when its top segment spans several."""
        top = self.deck.segments[0]
        return [(pid, Fraction(k, len(top))) for pid, k in sorted(Counter(top).items())]

    # -- changing (each returns a new pile) ----------------------------------------------
    def _with(self, **changes) -> "Pile":
        get = changes.get
        return Pile(get("pools", self.pools), get("deck", self.deck),
                    get("stacks", self.stacks), get("discard", self.discard),
                    get("next_id", self.next_id))

    def _set_holder(self, who: int, held: Deck | None, **more) -> "Pile":
        if who == DECK:
            return self._with(deck=held, **more)
        stacks = list(self.stacks)
        stacks[who] = held
        return self._with(stacks=tuple(stacks), **more)

    def take(self, who: int, pid: int, card) -> "Pile":
        """The pile after ``card`` of pool ``pid`` was turned over from ``who``'s top."""
        held = self.holder(who).without_top(pid)
        pools = tuple((i, multiset_remove(cards, card) if i == pid else cards)
                      for i, cards in self.pools)
        return self._set_holder(who, held, pools=tuple(p for p in pools if p[1]))

    def rebuilt(self) -> "Pile":
        """An empty deck takes its shuffled discard pile as a new segment (A16)."""
        if len(self.deck) or not self.discard:
            return self
        pid = self.next_id
        return self._with(pools=self.pools + ((pid, self.discard),),
                          deck=Deck.shuffled([pid] * len(self.discard)), discard=(),
                          next_id=pid + 1)

    def discarded(self, card) -> "Pile":
        return self._with(discard=multiset_add(self.discard, card))

    def start_stack(self, who: int) -> "Pile":
        return self._set_holder(who, Deck())

    def deal_place(self, who: int, pid: int) -> "Pile":
        """One place from the deck's top to ``who``'s stack (A25)."""
        stack = self.stacks[who] or Deck()
        places = stack.segments[0] if stack.segments else ()
        return self._set_holder(who, Deck((multiset_add(places, pid),)),
                                deck=self.deck.without_top(pid))

    def put_under(self, who: int, card) -> "Pile":
        """A known card under a deck or stack: a segment of one at its bottom (§15.2, A13)."""
        pid = self.next_id
        held = self.holder(who) or Deck()
        return self._set_holder(who, held.with_bottom([pid]),
                                pools=self.pools + ((pid, (card,)),), next_id=pid + 1)

    def shuffled_in(self, cards=(), stack_of: int | None = None) -> "Pile":
        """``cards`` (and the places of ``stack_of``'s stack, which then goes) shuffled into
        the deck: every segment merges into one (§15.2). New cards join a pool that the deck
        alone holds, so pools shared with stacks keep their chances (A25)."""
        places = list(self.deck.cards())
        pile = self
        if stack_of is not None and self.stacks[stack_of] is not None:
            places += list(self.stacks[stack_of].cards())
            pile = self._set_holder(stack_of, None)
        shared = {pid for s in pile.stacks if s for pid in s.cards()}
        alone = sorted({pid for pid in places if pid not in shared})
        cards = multiset(cards)
        if not alone and not cards:
            return pile._with(deck=Deck.shuffled(places))
        merged = list(cards)
        keep = []
        for pid, pool in pile.pools:
            if pid in alone:
                merged += pool
            else:
                keep.append((pid, pool))
        target = alone[0] if alone else pile.next_id
        places = [pid for pid in places if pid not in alone] + [target] * len(merged)
        pools = tuple(sorted(keep + [(target, multiset(merged))]))
        return pile._with(pools=pools, deck=Deck.shuffled(places),
                          next_id=max(pile.next_id, target + 1))
