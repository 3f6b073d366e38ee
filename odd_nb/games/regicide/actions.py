"""Regicide's cards, its actions and the outcomes of its chance nodes (rules: regicide.md).

A card is a small int: ``0..51`` are the standard cards, ``rank * 4 + suit`` with ranks A=0 .. K=12
and suits in the order ♥ ♦ ♣ ♠; ``52`` and ``53`` are the two Jesters. Sorting cards therefore
sorts them by rank, then suit. ``CARD_ID`` gives the schema's ids ("7S", "QH", "JOKER1", §11) and
``CARD_NAME`` the names actions print ("7♠", "Q♥", "Jester 1").

Decision (§11 schema): the two Jesters are two distinct cards, ``JOKER1`` and ``JOKER2``, so every
one of the 54 cards has exactly one place in every state (conservation is a set equality) and the
hidden-information bookkeeping can follow each card. As the two are interchangeable in play, a
hand holding both offers "play Jester 1" only (rules.py), never two equivalent plays.

Every action is a small frozen value whose ``str()`` reads like the rulebook and is unique among the
choices of a state, so ``timeline.play("play 7♠+A♠")`` and save files work by text.

>>> str(Play((3, 27)))
'play 7♠+A♠'
>>> str(Discard((36, 41)))
'discard J♦+10♥'
>>> CARD_ID[44], CARD_NAME[53]
('QH', 'Jester 2')
"""

from __future__ import annotations

from dataclasses import dataclass

# -- cards (§1) ---------------------------------------------------------------------------------
HEARTS, DIAMONDS, CLUBS, SPADES = 0, 1, 2, 3
SUIT_LETTERS = "HDCS"
SUIT_SYMBOLS = "♥♦♣♠"
SUIT_NAMES = ("hearts", "diamonds", "clubs", "spades")
RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JESTER_1, JESTER_2 = 52, 53
JESTERS = (JESTER_1, JESTER_2)
NUM_CARDS = 54
ALL_CARDS = tuple(range(NUM_CARDS))

ROYAL_STATS = {10: (10, 20), 11: (15, 30), 12: (20, 40)}  # rank index -> (attack, health), §1


def card(rank: str, suit: str) -> int:
    """The card of ``rank`` ("A", "2".."10", "J", "Q", "K") and suit letter or symbol.

    >>> card("7", "S"), card("A", "♥")
    (27, 0)
    """
    s = SUIT_LETTERS.find(suit) if suit in SUIT_LETTERS else SUIT_SYMBOLS.find(suit)
    if s < 0 or rank not in RANK_TEXT:
        raise ValueError(f"no card {rank}{suit}")
    return RANK_TEXT.index(rank) * 4 + s


def parse(text: str) -> int:
    """A card from its id or name: "7S", "7♠", "10H", "JOKER1", "Jester 2".

    >>> parse("7♠"), parse("JOKER2"), parse("10h")
    (27, 53, 36)
    """
    t = text.strip()
    if t.upper() in ("JOKER1", "JESTER 1", "JESTER1"):
        return JESTER_1
    if t.upper() in ("JOKER2", "JESTER 2", "JESTER2"):
        return JESTER_2
    return card(t[:-1].upper(), t[-1].upper() if t[-1].isalpha() else t[-1])


def _rank(c: int) -> int:
    return c // 4 if c < 52 else -1


RANK = tuple(_rank(c) for c in ALL_CARDS)  # 0 = Ace .. 12 = King; -1 = Jester
SUIT = tuple(c % 4 if c < 52 else -1 for c in ALL_CARDS)  # -1 = Jester (no suit)
#: attack value = discard value (§1): A=1, 2..10, J=10, Q=15, K=20, Jester=0
VALUE = tuple(0 if c >= 52 else (ROYAL_STATS[RANK[c]][0] if RANK[c] >= 10 else RANK[c] + 1)
              for c in ALL_CARDS)
CARD_ID = tuple(f"JOKER{c - 51}" if c >= 52 else RANK_TEXT[RANK[c]] + SUIT_LETTERS[SUIT[c]]
                for c in ALL_CARDS)
CARD_NAME = tuple(f"Jester {c - 51}" if c >= 52 else RANK_TEXT[RANK[c]] + SUIT_SYMBOLS[SUIT[c]]
                  for c in ALL_CARDS)
IS_ACE = tuple(RANK[c] == 0 for c in ALL_CARDS)
IS_JESTER = tuple(c >= 52 for c in ALL_CARDS)
IS_ROYAL = tuple(RANK[c] >= 10 for c in ALL_CARDS)
JACKS = tuple(c for c in ALL_CARDS if RANK[c] == 10)
QUEENS = tuple(c for c in ALL_CARDS if RANK[c] == 11)
KINGS = tuple(c for c in ALL_CARDS if RANK[c] == 12)
ROYALS = JACKS + QUEENS + KINGS
#: the tavern's cards before Jesters: the 36 number cards and the 4 Aces (§2 step 2)
NUMBER_CARDS = tuple(c for c in ALL_CARDS if 0 <= RANK[c] <= 9)
ATTACK = tuple(ROYAL_STATS[RANK[c]][0] if IS_ROYAL[c] else 0 for c in ALL_CARDS)
HEALTH = tuple(ROYAL_STATS[RANK[c]][1] if IS_ROYAL[c] else 0 for c in ALL_CARDS)


def names(cards) -> str:
    """Cards as text, highest first, joined by "+" (the order actions print)."""
    return "+".join(CARD_NAME[c] for c in sorted(cards, reverse=True))


def ids(cards) -> list[str]:
    return [CARD_ID[c] for c in cards]


# -- decisions ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Play:
    """Step 1 (§3): play one card, an Animal Companion pair, a combo or a Jester. ``cards`` is a
    sorted tuple."""

    cards: tuple

    def __str__(self) -> str:
        return "play " + names(self.cards)


@dataclass(frozen=True, slots=True)
class Do:
    """An action with no parameters: "yield", "use a Jester power"."""

    verb: str

    def __str__(self) -> str:
        return self.verb


YIELD = Do("yield")
USE_JESTER_POWER = Do("use a Jester power")


@dataclass(frozen=True, slots=True)
class Discard:
    """Step 4 (§3): discard these cards (a sorted tuple) to cover the enemy's attack."""

    cards: tuple

    def __str__(self) -> str:
        return "discard " + names(self.cards)


@dataclass(frozen=True, slots=True)
class NextPlayer:
    """After a Jester (§3 "Jester resolution" 3): the seat that takes the next turn."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} takes the next turn"


@dataclass(frozen=True, slots=True)
class Signal:
    """A17 (``Rules.jester_signals``): after a Jester, a player says in general terms whether
    they want to take the next turn (§4): ``wish`` is "want", "rather not" or "no preference"."""

    wish: str

    def __str__(self) -> str:
        return "signal: " + SIGNAL_WORDS[self.wish]


SIGNAL_WORDS = {"want": "I want to go next", "rather not": "I would rather not go next",
                "no preference": "no preference"}
SIGNALS = tuple(Signal(w) for w in SIGNAL_WORDS)


@dataclass(frozen=True, slots=True)
class ExactKill:
    """With ``exact_kill_to_tavern="optional"`` (A2): where an exactly killed enemy goes."""

    enemy: int
    to_tavern: bool

    def __str__(self) -> str:
        name = CARD_NAME[self.enemy]
        return f"put {name} on top of the tavern" if self.to_tavern else f"discard {name}"


# -- chance outcomes ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, order=True)
class Reveal:
    """The castle's top card turns face up as the new enemy (§2 step 1, §3 step 3)."""

    card: int

    def __str__(self) -> str:
        return f"the next enemy is {CARD_NAME[self.card]}"


@dataclass(frozen=True, slots=True, order=True)
class Draw:
    """The tavern's top card goes to ``seat``'s hand (dealing, ♦, a solo Jester power)."""

    card: int
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} draws {CARD_NAME[self.card]}"


@dataclass(frozen=True, slots=True, order=True)
class Heal:
    """♥ (§3 step 2, A10): this card of the discard pile goes under the tavern."""

    card: int

    def __str__(self) -> str:
        return f"{CARD_NAME[self.card]} goes under the tavern"


# -- interned values: the engine hands out one object per distinct action (speed only) -----------
class _Interned(dict):
    """A sorted tuple of cards -> its one action object, made on first use."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, cards: tuple):
        action = self[cards] = self.make(cards)
        return action


_PLAYS = _Interned(Play)
_DISCARDS = _Interned(Discard)
#: ``play_of(cards)``: the ``Play`` of a sorted tuple of cards (one shared object per play)
play_of = _PLAYS.__getitem__
#: ``discard_of(cards)``: the ``Discard`` of a sorted tuple of cards (one shared object per set)
discard_of = _DISCARDS.__getitem__


def discards_of(covers) -> list:
    """``[discard_of(c) for c in covers]``, faster."""
    return list(map(discard_of, covers))


PLAY_SINGLE = tuple(play_of((c,)) for c in ALL_CARDS)
#: ``ACE_PAIRS[a][c]``: the Animal Companion pair of Ace ``a`` with a higher card ``c`` (§3)
ACE_PAIRS = tuple(tuple(play_of((a, c)) if c > a else None for c in ALL_CARDS)
                  for a in ALL_CARDS if IS_ACE[a])
DRAWS = tuple(tuple(Draw(c, seat) for c in ALL_CARDS) for seat in range(4))
HEALS = tuple(Heal(c) for c in ALL_CARDS)
REVEALS = tuple(Reveal(c) for c in ALL_CARDS)
